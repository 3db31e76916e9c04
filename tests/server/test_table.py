"""The table a seat plays at, as HTML (the browser tests drive it): every new thing on it (the
actions in words and their click targets, the hand and its card texts, the cards one may
read, the status, the picture and its hover texts) is made from what the seat may know; the
choices are words, grouped; the chat box is there only while the table talk is open and a
refused message keeps its text; the new-game form names scenarios and seats; links can be
copied."""

from __future__ import annotations

import html
import importlib
import json
import random
import re
from types import SimpleNamespace
from typing import Any

import pytest
from fastapi.testclient import TestClient

import consim
from consim.core.action import Action
from consim.core.game import State
from consim.core.rng import Rng
from consim.server.pages import make_templates, table
from consim.server.positions import Seated
from consim.server.service import _page
from tests.server.conftest import create, seat_url, settled
from tests.server.test_pages import _JUNK, _text

_TEMPLATES = make_templates()
_GAMES = [
    ("iraq", {"players": 3}, 40),
    ("jihad", {}, 40),
    ("baghdad", {"players": 4}, 60),
    ("fitna", {"scenario": 1}, 160),
]


def _row(state: State) -> Any:
    """A stand-in for a game's database row, as the service's page needs it."""
    seats = [
        SimpleNamespace(seat=s, kind="human", token_hash="x", bot=None, position=i)
        for i, s in enumerate(state.game.seats)
    ]
    return SimpleNamespace(
        id=1, game=state.game.id, options=dict(state.game.options), revision=7, seats=seats
    )


def _fragment(state: State, seat: str | None) -> str:
    """The seat's table as the server draws it for this position."""
    row = _row(state)
    page = json.loads(json.dumps(_page(row, state, Seated.of(row), seat)))
    shown = table(page, state.game, "/play/1/secret" if seat else "/watch/1")
    return _TEMPLATES.get_template("fragment.html").render(
        page=page, t=shown, base="/play/1/secret", error="", draft=""
    )


@pytest.mark.parametrize(("game", "options", "steps"), _GAMES, ids=[g for g, _, _ in _GAMES])
def test_a_seat_table_is_the_same_whatever_the_seat_cannot_know(
    game: str, options: dict[str, Any], steps: int
) -> None:
    """Positions that differ only in what a seat cannot know (the hands of others, the deck,
    unseen units: the game's ``testing.perturb``) draw the same table for that seat: the same
    words, click targets, card texts, status, picture and hover texts."""
    perturb = importlib.import_module(f"consim.games.{game}.testing").perturb
    state = consim.load_game(game, **options).new_game(seed=5)
    rng = Rng(3)
    choose = random.Random(4).choice
    compared = 0
    for step in range(steps):
        if state.is_over():
            break
        if step % (steps // 8) == 0:
            for seat in (None, *state.game.seats):
                other, _ = perturb(state, seat, rng, True)
                mine = _fragment(state, seat)
                assert _fragment(other, seat) == mine, (seat, step)
                assert not _JUNK.search(_text(mine)), _JUNK.search(_text(mine))
                compared += 1
        seat = state.to_act()[0]
        state.apply(seat, choose(state.legal_actions(seat)))
    assert compared >= 6 * (len(state.game.seats) + 1)


def _choices(page_html: str) -> list[tuple[str, str, list[str]]]:
    """The choice buttons of a page: (the action sent, the words shown, the targets)."""
    button = r'<button name="action" value="([^"]*)" data-targets="([^"]*)"[^>]*>'
    found = re.findall(button + r"([^<]*)(?:<small[^<]*</small>)?</button>", page_html)
    return [(html.unescape(v), html.unescape(w), json.loads(html.unescape(t))) for v, t, w in found]


def test_the_choices_are_words_grouped_by_what_they_do(client: TestClient) -> None:
    made = create(client, {"Syria": "human", "Rebels": "human"}, game="fitna", scenario=1, seed=2)
    first = consim.load_game("fitna", scenario=1).seats  # both opening hands, then Rebels to act
    for seat in first:
        page = client.get(seat_url(made, seat)).json()
        if page["your_turn"]:
            r = client.post(
                f"{seat_url(made, seat)}/action",
                json={"action": page["actions"][0], "expect_version": page["version"]},
            )
            assert r.status_code == 200
    seat = next(s for s in first if client.get(seat_url(made, s)).json()["your_turn"])
    api = client.get(seat_url(made, seat)).json()
    shown = client.get(f"/play/{made['game_id']}/{made['tokens'][seat]}").text
    choices = _choices(shown)
    # one button a legal action, sending the action itself, showing words, never the syntax
    assert [v for v, _, _ in choices] == api["actions"]
    game = consim.load_game("fitna", scenario=1)
    words = game.describe_actions(api["view"], [Action.parse(a) for a in api["actions"]])
    assert [w for _, w, _ in choices] == [w.text for w in words]
    assert [t for _, _, t in choices] == [list(w.targets) for w in words]
    assert all('"' not in w and "_" not in w for _, w, _ in choices)
    # grouped under headings, the groups of "pass" and "done" last
    headings = re.findall(
        r"<h3>([^<]*)(?:<span|</h3>)", shown.split('class="actions"')[1].split("</section>")[0]
    )
    assert len(headings) == len({w.group for w in words})
    # the hand: every card with its whole text
    for card in api["view"]["hand"]:
        assert html.escape(card["text"], quote=False) in shown or html.escape(card["text"]) in shown


def test_a_long_list_of_choices_can_be_filtered(client: TestClient) -> None:
    """Iraq's card to name (91 of them) is a list with a filter, not a wall of buttons."""
    made = create(client, {"US": "human", "Insurgent": "human"}, seed=3)
    for _ in range(10):  # both keep their hands, then the first to offer names a card it wants
        public = client.get(f"/api/games/{made['game_id']}/watch").json()
        seat = public["to_act"][0]
        page = client.get(seat_url(made, seat)).json()
        if any(a.startswith("want ") for a in page["actions"]):
            break
        wanted = ("want", "offer Insurgent", "offer US", "done")
        action = next(a for a in wanted if a in page["actions"])
        r = client.post(
            f"{seat_url(made, seat)}/action", json={"action": action, "expect_version": page["version"]}
        )
        assert r.status_code == 200, r.text
    assert sum(a.startswith("want ") for a in page["actions"]) > 50
    shown = client.get(f"/play/{made['game_id']}/{made['tokens'][seat]}").text
    picker = shown.split('class="act many"')[1].split("</form>")[0]
    assert "<h3>Card you want" in picker and 'class="filter"' in picker
    asked = [w for _, w, _ in _choices(picker)]
    assert asked[-1] == "Name no card" and len(asked) > 50
    assert all(w.startswith("Ask for ") for w in asked[:-1])


def test_the_chat_box_is_there_only_while_the_table_talk_is_open(client: TestClient) -> None:
    """Battle for Baghdad lets players talk during its Coalition Phase only: before it the page
    says so instead of offering a box; a message refused comes back in the box, not lost."""
    seats = ("Shiite", "Sunni", "Government")
    players = dict.fromkeys(seats, "human")
    body = {"game": "baghdad", "options": {"players": 3}, "players": players, "seed": 7}
    r = client.post("/api/games", json=body)
    made = r.json()
    made["tokens"] = {seat: url.rsplit("/", 1)[1] for seat, url in made["seats"].items()}
    page = client.get(seat_url(made, "Shiite")).json()
    assert page["chat_open"] is False
    shown = client.get(f"/play/{made['game_id']}/{made['tokens']['Shiite']}").text
    assert 'class="say"' not in shown and 'name="text"' not in shown
    assert "Messages cannot be sent now: the players talk during the Coalition Phase" in _text(shown)
    refused = client.post(
        f"/play/{made['game_id']}/{made['tokens']['Shiite']}/say", data={"text": "shall we share Dora?"}
    )
    assert refused.status_code == 422 and "messages cannot be sent now" in _text(refused.text)
    # the page comes back with the message, to send once the talk opens
    assert "shall we share Dora?" in refused.text
    # play on to the Coalition Phase: the box appears, and the message goes through
    choose = random.Random(1).choice
    for _ in range(300):
        page = client.get(seat_url(made, "Shiite")).json()
        if page["chat_open"]:
            break
        public = client.get(f"/api/games/{made['game_id']}/watch").json()
        seat = public["to_act"][0]
        own = client.get(seat_url(made, seat)).json()
        client.post(
            f"{seat_url(made, seat)}/action",
            json={"action": choose(own["actions"]), "expect_version": own["version"]},
        )
    assert page["chat_open"]
    shown = client.get(f"/play/{made['game_id']}/{made['tokens']['Shiite']}").text
    assert 'class="say"' in shown and 'name="text"' in shown and 'value="Sunni"' in shown
    sent = client.post(
        f"/play/{made['game_id']}/{made['tokens']['Shiite']}/say",
        data={"text": "shall we share Dora?", "to": "Sunni"},
        follow_redirects=False,
    )
    assert sent.status_code == 303
    assert "shall we share Dora?" in client.get(seat_url(made, "Sunni")).text
    assert "shall we share Dora?" not in client.get(seat_url(made, "Government")).text


def test_the_new_game_form_names_scenarios_seats_and_what_options_mean(client: TestClient) -> None:
    form = client.get("/new", params={"game": "fitna", "scenario": "9"})
    assert form.status_code == 200
    text = _text(form.text)
    # every scenario by its name; the one chosen with its briefing and its players
    assert "1. The civil war in Syria (2012-2013)" in text
    chosen = re.search(r'<option value="9" selected data-meaning="([^"]*)">([^<]*)</option>', form.text)
    assert chosen and chosen.group(2).startswith("9. ")
    assert html.unescape(chosen.group(1)) in text  # its meaning is shown, not only on change
    seats = consim.load_game("fitna", scenario=9).seats
    for seat in seats:
        assert f'name="seat:{seat}"' in form.text
    assert form.text.count('<option value="human" selected>') == len(seats)
    # the options with their meanings; no value shown with an underscore
    assert "judge victory by the scenario" in text and "(1st edition: " in text
    labels = re.findall(r"<option [^>]*>([^<]*)</option>", form.text)
    assert not [x for x in labels if "_" in x]
    made = client.post(
        "/new",
        data={"game": "fitna", "option:scenario": "9", **{f"seat:{s}": "heuristic" for s in seats[1:]},
              f"seat:{seats[0]}": "human"},
    )  # fmt: skip
    assert made.status_code == 201, _text(made.text)[:300]


def test_links_are_shown_whole_and_can_be_copied(client: TestClient) -> None:
    created = client.post(
        "/new", data={"game": "iraq", "option:players": "2", "seat:US": "human", "seat:Insurgent": "open"}
    )
    assert created.status_code == 201
    links = re.findall(r"<code>(http://testserver/play/\d+/[^<]+)</code>", created.text)
    assert len(links) == 1
    assert f'data-copy="{links[0]}"' in created.text and "Copy the link" in created.text
    # the link in a block of text, every character of it (no input box to clip an underscore)
    assert f'value="{links[0]}"' not in created.text


def test_a_replay_says_each_step_in_words(client: TestClient) -> None:
    made = create(client, {"US": "human", "Insurgent": "random"}, seed=6, turns=1)
    url = seat_url(made, "US")
    page = settled(client, url)
    while not page["over"]:
        client.post(f"{url}/action", json={"action": page["actions"][-1], "expect_version": page["version"]})
        page = settled(client, url)  # the bot's moves follow in the background
    steps = client.get(f"/api/games/{made['game_id']}/replay").json()["steps"]
    said = []
    for step in range(1, min(steps, 12) + 1):  # the random bot discards first; then US keeps its hand
        shown = _text(client.get(f"/replay/{made['game_id']}", params={"seat": "US", "step": step}).text)
        assert f"Step {step} of {steps}" in shown and not _JUNK.search(shown)
        said += re.findall(r"US chose: ([^.]*)\.", shown)
    assert said[0] == "Done choosing cards to discard"


def test_the_board_in_words_is_one_link_away(client: TestClient) -> None:
    """One board on the table (the picture); the terminal's text of it on a page of its own."""
    made = create(client, {"US": "human", "Insurgent": "human"}, seed=4)
    path = f"/play/{made['game_id']}/{made['tokens']['US']}"
    table_page = client.get(path).text
    assert table_page.count("<svg") == 1 and "<pre" not in table_page
    assert f'href="{path}/text"' in table_page
    text = client.get(f"{path}/text")
    assert text.status_code == 200 and '<pre class="board">' in text.text
    assert "US's hand" in _text(text.text) and "<svg" not in text.text
    watch = client.get(f"/watch/{made['game_id']}/text")
    assert watch.status_code == 200 and "US's hand" not in _text(watch.text)
    assert client.get(f"/play/{made['game_id']}/wrong/text").status_code == 403
