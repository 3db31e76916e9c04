"""The HTML pages, and secrecy: what a seat's JSON and HTML hold is what its view holds."""

from __future__ import annotations

import html
import json
import random
import re
import xml.etree.ElementTree as ET
from typing import Any

from fastapi.testclient import TestClient

import consim
from tests.server.conftest import create, seat_url, settled

#: what a page must never show a person
_JUNK = re.compile(r"\bNone\b|Traceback|\{'|\['|&lt;|object at 0x")


def _text(page_html: str) -> str:
    """The visible text of a page (tags, the style sheet and the script left out)."""
    page_html = re.sub(r"<(style|script)\b.*?</\1>", "", page_html, flags=re.S)
    return re.sub(r"\s+", " ", html.unescape(re.sub(r"<[^>]+>", "", page_html)))


def test_lobby_new_game_form_and_a_seat_page(client: TestClient) -> None:
    assert "No open games" in client.get("/").text
    chooser = client.get("/new")
    assert chooser.status_code == 200 and 'href="/new?game=iraq"' in chooser.text
    form = client.get("/new", params={"game": "iraq", "players": "2"})
    assert form.status_code == 200
    assert 'name="seat:US"' in form.text and 'name="seat:Insurgent"' in form.text
    assert 'name="seat:Kurd"' not in form.text  # two players: two seats
    # the bots are offered in words, with how each plays; the kind is only the value sent
    assert '<option value="ismcts">search bot (the strongest, looks ahead' in form.text
    assert '<option value="heuristic">heuristic bot (rules of thumb' in form.text
    # every seat is a person unless the form says otherwise
    assert form.text.count('<option value="human" selected>a person (gets a link)') == 2
    assert ">ismcts" not in form.text
    created = client.post(
        "/new",
        data={"game": "iraq", "option:players": "2", "seat:US": "human", "seat:Insurgent": "heuristic"},
    )
    assert created.status_code == 201, created.text
    assert client.app.state.service.wait_for_bots(60)  # type: ignore[attr-defined]
    links = re.findall(r'href="(http://testserver/play/\d+/[\w-]+)"', created.text)
    assert len(links) == 1 and "/watch/" in created.text
    seat_page = client.get(links[0])
    text = _text(seat_page.text)
    assert "You play US" in text and "Your turn" in text and "Insurgent: heuristic bot" in text
    assert seat_page.text.count('action="/play/') >= 3  # the legal actions as buttons, and chat
    assert not _JUNK.search(text), _JUNK.search(text)
    assert "<title>Your turn" in seat_page.text
    # press the first button: the form posts the action and comes back to the page
    action = re.search(r'name="action" value="([^"]*)"', seat_page.text)
    version = re.search(r'name="expect_version" value="(\d+)"', seat_page.text)
    assert action and version
    path = links[0].removeprefix("http://testserver")
    pressed = client.post(
        f"{path}/act",
        data={"action": html.unescape(action.group(1)), "expect_version": version.group(1)},
        follow_redirects=False,
    )
    assert pressed.status_code == 303 and pressed.headers["location"] == path
    assert client.app.state.service.wait_for_bots(60)  # type: ignore[attr-defined]
    again = re.search(r'name="expect_version" value="(\d+)"', client.get(path).text)
    assert again and int(again.group(1)) > int(version.group(1))
    # the same button once more: the position has moved on, said in words on the page
    stale = client.post(
        f"{path}/act", data={"action": html.unescape(action.group(1)), "expect_version": version.group(1)}
    )
    assert stale.status_code == 409 and "the position has changed" in _text(stale.text)
    # the lobby lists open games only: this one has no free seat
    lobby = _text(client.get("/").text)
    assert "#1" not in lobby and "No open games" in lobby
    watch = client.get("/watch/1")
    assert watch.status_code == 200 and "You are watching" in _text(watch.text)
    assert 'action="/play/' not in watch.text
    assert client.get("/play/1/wrong").status_code == 403
    assert "does not open a seat" in _text(client.get("/play/1/wrong").text)
    missing = client.get("/no/such/page")
    assert missing.status_code == 404 and not _JUNK.search(_text(missing.text))


def test_a_new_game_form_with_a_bad_option_says_so(client: TestClient) -> None:
    r = client.get("/new", params={"game": "iraq", "players": "9"})
    assert r.status_code == 422 and "players" in _text(r.text)
    r = client.get("/new", params={"game": "iraq", "players": "two"})
    assert r.status_code == 422 and "not a whole number" in _text(r.text)


def _names(view: Any) -> set[str]:
    """The card names in a view (anything under a "name" key, and the reveals)."""
    found: set[str] = set()
    if isinstance(view, dict):
        for k, v in view.items():
            if k == "name" and isinstance(v, str):
                found.add(v)
            found |= _names(v)
    elif isinstance(view, list):
        for v in view:
            found |= _names(v)
    return found


def test_no_page_shows_a_card_its_seat_may_not_know(client: TestClient) -> None:
    """Two people play; at every position each seat's JSON, HTML and the spectator's pages
    hold no name of a card in another hand that the seat's own view and log do not hold."""
    seed = 8
    made = create(client, {"US": "human", "Insurgent": "human"}, seed=seed)
    local = consim.load_game("iraq", players=2).new_game(seed=seed)  # the same game, as an oracle
    gid = made["game_id"]
    choose = random.Random(2).choice
    checked = 0
    for step in range(40):
        hands = {s: _names(local.view(s).get("hand", [])) for s in local.game.seats}
        for seat in (*local.game.seats, None):
            known = json.dumps(local.view(seat)) + " ".join(e.text for e in local.visible_log(seat))
            secret = {n for s, hand in hands.items() if s != seat for n in hand if n not in known}
            if seat is None:
                shown = [
                    client.get(f"/api/games/{gid}/watch").text,
                    _text(client.get(f"/watch/{gid}").text),
                ]
            else:
                shown = [
                    client.get(seat_url(made, seat)).text,
                    _text(client.get(f"/play/{gid}/{made['tokens'][seat]}").text),
                ]
                # the seat's own hand is on its pages (the check can see names at all)
                for name in hands[seat]:
                    assert name in shown[1], name
            for text in shown:
                body = json.loads(text) if text.startswith("{") else text
                flat = json.dumps(body, ensure_ascii=False) if isinstance(body, dict) else body
                leaked = sorted(n for n in secret if n in flat)
                assert not leaked, (seat, step, leaked)
            checked += len(secret)
        seat = next(iter(local.to_act()), None)
        if seat is None:
            break
        page = client.get(seat_url(made, seat)).json()
        action = choose(page["actions"])
        r = client.post(
            f"{seat_url(made, seat)}/action", json={"action": action, "expect_version": page["version"]}
        )
        assert r.status_code == 200, r.text
        local.apply(seat, action)
    assert checked > 100  # hidden cards were there to leak


def test_a_finished_game_replays_from_each_seat_and_shows_no_more_than_its_view(client: TestClient) -> None:
    made = create(client, {"US": "human", "Insurgent": "random"}, seed=6, turns=2)
    gid, url = made["game_id"], seat_url(made, "US")
    r = client.get(f"/api/games/{gid}/replay")
    assert r.status_code == 409 and "not over" in r.json()["error"]
    page = settled(client, url)
    while not page["over"]:
        r = client.post(
            f"{url}/action", json={"action": page["actions"][-1], "expect_version": page["version"]}
        )
        assert r.status_code == 200, r.text
        page = settled(client, url)
    end = client.get(f"/api/games/{gid}/replay", params={"seat": "US"}).json()
    assert end["step"] == end["steps"] > 10 and end["view"] == page["view"]
    oracle = consim.load_game("iraq", players=2, turns=2).new_game(seed=6)  # the game, step by step
    actions = _record_actions(client, gid)
    steps = end["steps"]
    assert len(actions) == steps
    assert client.get(f"/api/games/{gid}/replay", params={"step": steps + 1}).status_code == 422
    assert client.get(f"/api/games/{gid}/replay", params={"seat": "Kurd"}).status_code == 422
    done = 0
    for step in range(0, steps + 1, 4):
        for actor, text in actions[done:step]:
            oracle.apply(actor, text)
        done = step
        hands = {s: _names(oracle.view(s).get("hand", [])) for s in oracle.game.seats}
        for seat in ("US", "Insurgent", None):
            params: dict[str, Any] = {"step": step} | ({"seat": seat} if seat else {})
            shown = client.get(f"/api/games/{gid}/replay", params=params)
            assert shown.status_code == 200, shown.text
            data = shown.json()
            assert data["view"] == json.loads(json.dumps(oracle.view(seat)))
            known = json.dumps(oracle.view(seat)) + " ".join(e.text for e in oracle.visible_log(seat))
            secret = {n for s, hand in hands.items() if s != seat for n in hand if n not in known}
            page_html = _text(client.get(f"/replay/{gid}", params=params).text)
            assert f"Step {step} of {steps}" in page_html and not _JUNK.search(page_html)
            for text in (shown.text, page_html):
                assert not [n for n in secret if n in text], (seat, step)
            if data["last"] and data["last"]["seat"] != seat:
                assert data["last"]["action"] is None  # another seat's choice is not named
    finished = _text(client.get("/finished").text)
    assert f"#{gid}" in finished and "replay" in finished and f"#{gid}" not in _text(client.get("/").text)


def _record_actions(client: TestClient, gid: int) -> list[tuple[str, str]]:
    service = client.app.state.service  # type: ignore[attr-defined]
    return list(service.stored(gid).record().actions)


def test_a_page_holding_the_maps_fixed_layers_is_sent_the_table_without_them(client: TestClient) -> None:
    """The page's script names the picture's fixed layers it shows (X-Consim-Layers): the
    table then comes without them, each an empty group of the same key, in the answer to a move
    as in a live update. The whole page, and a table asked without the header or with keys of
    nothing or junk, have them whole."""
    made = create(client, {"Syria": "human", "Rebels": "heuristic"}, game="fitna", scenario=1)
    path = f"/play/{made['game_id']}/{made['tokens']['Syria']}"
    whole = client.get(path).text
    keys = re.findall(r'data-layer="([0-9a-f]{16})">', whole)
    assert len(keys) == 2
    fragment = client.get(f"{path}/fragment").text
    assert re.findall(r'data-layer="([0-9a-f]{16})">', fragment) == keys
    for junk in ("", "0123456789abcdef", "x" * 5000, "<script> ../", " ".join(["zz"] * 100)):
        assert client.get(f"{path}/fragment", headers={"X-Consim-Layers": junk}).text == fragment
    held = {"X-Consim-Layers": " ".join(keys)}
    thin = client.get(f"{path}/fragment", headers=held).text
    assert [f'<g data-layer="{k}" data-kept=""></g>' in thin for k in keys] == [True, True]
    assert len(thin) < len(fragment) / 2 and 'class="spaces"' not in thin
    # the layers put back in place (as the page's script does): the whole picture
    full_svg, thin_svg = (ET.fromstring(t[t.index("<svg") : t.index("</svg>") + 6]) for t in (fragment, thin))
    drawn = {g.get("data-layer"): g for g in full_svg.iter() if g.get("data-layer")}
    for parent in list(thin_svg.iter()):
        for i, child in enumerate(list(parent)):
            if child.get("data-kept") == "":
                parent[i] = drawn[child.get("data-layer")]
    assert ET.tostring(thin_svg) == ET.tostring(full_svg)
    one = client.get(f"{path}/fragment", headers={"X-Consim-Layers": keys[1]}).text
    assert re.findall(r'data-layer="([0-9a-f]{16})">', one) == keys[:1]
    version = re.search(r'name="expect_version" value="(\d+)"', thin)
    action = re.search(r'name="action" value="([^"]*)"', thin)
    assert version and action
    form = {"action": html.unescape(action.group(1)), "expect_version": version.group(1)}
    moved = client.post(
        f"{path}/act", data=form, headers={"X-Consim-Answer": "fragment", **held}, follow_redirects=False
    )
    assert moved.status_code == 200 and moved.text.count('data-kept=""') == 2


def test_the_pages_script_gets_the_table_after_its_move_in_the_same_answer(client: TestClient) -> None:
    """The page's script posts a move asking for the table alone: it comes back at once (no
    redirect and second request), after the move, with the next choices; a refused move comes
    back the same way, the table as it was with the refusal in words."""
    made = create(client, {"US": "human", "Insurgent": "human"})
    path = f"/play/{made['game_id']}/{made['tokens']['US']}"
    before = client.get(path).text
    action = re.search(r'name="action" value="([^"]*)"', before)
    version = re.search(r'name="expect_version" value="(\d+)"', before)
    revision = re.search(r'class="table[^"]*" data-revision="(\d+)"', before)
    assert action and version and revision
    form = {"action": html.unescape(action.group(1)), "expect_version": version.group(1)}
    scripted = {"X-Consim-Answer": "fragment"}
    answer = client.post(f"{path}/act", data=form, headers=scripted, follow_redirects=False)
    assert answer.status_code == 200, answer.text
    assert "<html" not in answer.text and answer.text.lstrip().startswith('<div class="table')
    shown = re.search(r'class="table[^"]*" data-revision="(\d+)"', answer.text)
    assert shown and int(shown.group(1)) == int(revision.group(1)) + 1
    assert answer.text == client.get(f"{path}/fragment").text  # what the live page fetches
    refused = client.post(f"{path}/act", data=form, headers=scripted, follow_redirects=False)
    assert refused.status_code == 409
    assert refused.text.lstrip().startswith('<div class="table')
    assert "the position has changed" in _text(refused.text)
