"""Bots that search think outside the request that gave them the turn: the person's action is
answered at once, the page can be read and the chat used while they think, each bot move is
committed as it is made, a move worked out on a position that changed meanwhile is thrown
away, and a game whose thinking bot was lost (a server stopped) moves on when read again."""

from __future__ import annotations

import threading
import time
from typing import Any

import pytest
from fastapi.testclient import TestClient

import consim.server.service as service_module
from consim.server.service import Service
from tests.server.conftest import create, make_app, seat_url

#: processes, databases or searches that take long: a full run's (CI's), see tests/conftest.py
pytestmark = pytest.mark.slow

#: a search bot quick enough for tests (two deals a decision, no clock)
SEARCH = "ismcts:iterations=2,seconds=0"


def _service(client: TestClient) -> Service:
    found: Service = client.app.state.service  # type: ignore[attr-defined]
    return found


def _page(client: TestClient, made: dict[str, Any], seat: str) -> dict[str, Any]:
    r = client.get(seat_url(made, seat))
    assert r.status_code == 200, r.text
    page: dict[str, Any] = r.json()
    return page


def _act(client: TestClient, made: dict[str, Any], seat: str, page: dict[str, Any]) -> None:
    """The seat plays the first action its page offers."""
    body = {"action": page["actions"][0], "expect_version": page["version"]}
    r = client.post(seat_url(made, seat) + "/action", json=body)
    assert r.status_code == 200, r.text


def _play(client: TestClient, made: dict[str, Any], seat: str, moves: int) -> int:
    """The person plays ``moves`` of their decisions (the first legal action), waiting for the
    bots after each; returns how many were made before the game ended."""
    service = _service(client)
    made_moves = 0
    for _ in range(moves):
        assert service.wait_for_bots(60)
        page = _page(client, made, seat)
        if page["over"]:
            break
        assert page["your_turn"], page["prompt"]
        _act(client, made, seat, page)
        made_moves += 1
    return made_moves


def test_a_search_bot_moves_after_the_request_and_the_game_goes_on(client: TestClient) -> None:
    made = create(client, {"US": SEARCH, "Insurgent": "human"}, seed=4)
    assert _play(client, made, "Insurgent", 40) == 40
    page = _page(client, made, "Insurgent")
    us_moves = [e for e in page["log"] if "US" in e["text"]]
    assert us_moves, "the search bot never moved"
    assert page["players"]["US"] == "search bot"


def test_the_page_and_the_chat_work_while_a_search_bot_thinks(
    client: TestClient, monkeypatch: pytest.MonkeyPatch
) -> None:
    thinking = threading.Event()
    go_on = threading.Event()
    real_decide = service_module.decide

    def slow_decide(*args: Any) -> Any:
        thinking.set()
        assert go_on.wait(30)
        return real_decide(*args)

    monkeypatch.setattr(service_module, "decide", slow_decide)
    made = create(client, {"US": SEARCH, "Insurgent": "human"}, seed=4)  # answered at once
    assert thinking.wait(30)
    before = _page(client, made, "Insurgent")
    assert "US" in before["to_act"]  # still to decide (both sides commit at once in Iraq)
    for _ in range(20):  # the Insurgent finishes its own choice, then waits for the bot
        if not before["your_turn"]:
            break
        _act(client, made, "Insurgent", before)
        before = _page(client, made, "Insurgent")
    assert before["prompt"]["text"] == (
        "Waiting for US. US is a search bot, thinking (about a second a move). You have made your "
        "choice; 'retract' takes it back until the others have chosen."
    )
    said = client.post(seat_url(made, "Insurgent") + "/chat", json={"text": "take your time"})
    assert said.status_code == 200, said.text
    monkeypatch.setattr(service_module, "decide", real_decide)
    go_on.set()
    assert _service(client).wait_for_bots(60)
    after = _page(client, made, "Insurgent")
    assert after["version"] > before["version"] and after["revision"] > before["revision"]
    assert any("take your time" in m["text"] for m in after["chat"])


@pytest.mark.parametrize("undone", [True, False])
def test_a_move_worked_out_on_a_changed_position_is_thrown_away(
    client: TestClient, monkeypatch: pytest.MonkeyPatch, undone: bool
) -> None:
    """While the bot thinks, the Insurgent makes a secret choice of its own (both sides choose
    at once in the Commitment Phase) and, in one case, takes it back. A secret choice of
    another seat changes nothing the bot knew: its move is played. An undo is another change:
    the bot's move is not played on it, and the bot looks at the new position instead."""
    made = create(client, {"US": "human", "Insurgent": "human"}, seed=4)
    service = _service(client)
    game_id = made["game_id"]
    thinking = threading.Event()
    go_on = threading.Event()
    real_decide = service_module.decide
    seen: list[int] = []

    def watched_decide(bot: Any, state: Any, seat: str, actions: Any) -> Any:
        seen.append(state.version)
        if len(seen) == 1:
            thinking.set()
            assert go_on.wait(30)
        return real_decide(bot, state, seat, actions)

    monkeypatch.setattr(service_module, "decide", watched_decide)
    with service._writing(game_id) as change:  # the US seat becomes a search bot's: it is due
        us = next(s for s in change.row.seats if s.seat == "US")
        us.kind, us.bot = "bot", SEARCH
    assert thinking.wait(30)
    first = seen[0]
    page = _page(client, made, "Insurgent")
    assert page["your_turn"]
    _act(client, made, "Insurgent", page)
    if undone:
        page = _page(client, made, "Insurgent")
        r = client.post(seat_url(made, "Insurgent") + "/undo", json={"expect_version": page["version"]})
        assert r.status_code == 200, r.text
    go_on.set()
    assert service.wait_for_bots(60)
    with service._reading(game_id) as (_, state, _):
        played = [a for a in state.record().actions if a[0] == "US"]
    if undone:
        assert len(seen) >= 2 and seen[1] > first  # thought again, on the position after the change
        assert len(played) == len(seen) - 1  # every move it worked out was played but the stale one
    else:
        assert len(played) == len(seen)  # the first move too, though the version had moved on
        assert len(seen) < 2 or seen[1] > first + 1


def test_a_game_whose_bot_was_left_due_by_a_stopped_server_moves_on_by_itself(db_url: str) -> None:
    """A server with no bot worker (as one stopped before its bot moved) leaves the search
    bot due; a server started afterwards on the same database moves it without any request."""
    with TestClient(make_app(db_url, bot_threads=0)) as stopped:
        made = create(stopped, {"US": SEARCH, "Insurgent": "human"}, seed=4, wait=False)
        stalled = _page(stopped, made, "Insurgent")
        assert "US" in stalled["to_act"]
        assert _service(stopped).bots_due() == 1
    with TestClient(make_app(db_url)) as again:
        service = _service(again)
        deadline = time.monotonic() + 30
        while service.bots_due() and time.monotonic() < deadline:  # no page is read meanwhile
            time.sleep(0.05)
        assert service.wait_for_bots(30)
        moved = _page(again, made, "Insurgent")
    assert moved["version"] > stalled["version"]
    assert any(actor == "US" for actor, _ in _actions(db_url, made["game_id"]))


def _actions(db_url: str, game_id: int) -> list[tuple[str, str]]:
    """The actions of a game as the database keeps them."""
    from consim.server.db import Store
    from consim.server.service import Service

    store = Store(db_url)
    try:
        return list(Service(store).stored(game_id).record().actions)
    finally:
        store.dispose()
