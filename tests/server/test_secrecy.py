"""For every game, each seat's page is made of what that seat may know and nothing else: its
view, its prompt and legal actions, its visible log and the messages it may read (the core's
conformance tests prove that these leak nothing)."""

from __future__ import annotations

import json
import random
from typing import Any

import pytest
from fastapi.testclient import TestClient

import consim
from consim.cli.render import game_picture
from consim.core.game import State

#: every key of a seat's page; a new key must be added here, after checking what it shows
_PAGE_KEYS = {
    "game_id", "game", "title", "options", "seat", "players", "version", "revision", "to_act", "your_turn",
    "prompt", "actions", "can_undo", "chat_open", "view", "log", "chat", "over", "outcome",
}  # fmt: skip

_GAMES = [("iraq", {"players": 3}), ("jihad", {}), ("baghdad", {}), ("fitna", {"scenario": 1})]


def _expected(oracle: State, seat: str | None) -> dict[str, Any]:
    prompt = oracle.prompt(seat) if seat is not None else None
    return json.loads(
        json.dumps(
            {
                "view": oracle.view(seat),
                "log": [e.text for e in oracle.visible_log(seat)],
                "actions": [a.text for a in prompt.actions] if prompt else [],
                "prompt": prompt.text if prompt else None,
                "chat": [m.text for m in oracle.chat(seat)],
            }
        )
    )


@pytest.mark.parametrize(("game", "options"), _GAMES, ids=[g for g, _ in _GAMES])
def test_each_seat_page_holds_only_what_the_seat_may_know(
    client: TestClient, game: str, options: dict[str, Any]
) -> None:
    seats = consim.load_game(game, **options).seats
    r = client.post(
        "/api/games",
        json={"game": game, "options": options, "players": dict.fromkeys(seats, "human"), "seed": 4},
    )
    assert r.status_code == 201, r.text
    made = r.json()
    gid = made["game_id"]
    urls = {s: f"/api/games/{gid}/seat/{u.rsplit('/', 1)[1]}" for s, u in made["seats"].items()}
    oracle = consim.load_game(game, **options).new_game(seed=4)
    choose = random.Random(1).choice
    if len(seats) > 1:  # a private message, to be read by its two parties only
        said = client.post(f"{urls[seats[0]]}/chat", json={"text": "a private word", "to": [seats[1]]})
        if said.status_code == 200:
            oracle.say(seats[0], [seats[1]], "a private word")
        else:  # some games close the table talk at times (Baghdad before its negotiations)
            assert said.status_code == 422 and "messages cannot be sent now" in said.json()["error"]
    for _ in range(12):
        for seat in (*seats, None):
            page = client.get(urls[seat] if seat else f"/api/games/{gid}/watch").json()
            assert set(page) == _PAGE_KEYS
            shown = {
                "view": page["view"],
                "log": [e["text"] for e in page["log"]],
                "actions": page["actions"],
                "prompt": page["prompt"]["text"] if page["prompt"] else None,
                "chat": [m["text"] for m in page["chat"]],
            }
            assert shown == _expected(oracle, seat), seat
            assert page["seat"] == seat and page["to_act"] == list(oracle.to_act())
        if oracle.is_over():
            break
        seat = oracle.to_act()[0]
        page = client.get(urls[seat]).json()
        action = choose(page["actions"])
        r = client.post(f"{urls[seat]}/action", json={"action": action, "expect_version": page["version"]})
        assert r.status_code == 200, r.text
        oracle.apply(seat, action)
    # the HTML page of a seat: the board as its game draws it (a picture where there is one)
    first = made["seats"][seats[0]].removeprefix("http://testserver")
    shown_html = client.get(first).text
    if len(seats) == 1:  # a solitaire game does not name its only seat ("player")
        assert "Solitaire: you play against the game's own rules." in shown_html
        assert f"<b>{seats[0]}</b>" not in shown_html
    else:
        assert f"You play <b>{seats[0]}</b>" in shown_html
    # every game draws its board, and the picture is the drawing of the seat's view, no more
    draw = game_picture(game)
    assert draw is not None and "<svg" in shown_html
    assert draw(json.loads(json.dumps(oracle.view(seats[0])))) in shown_html
