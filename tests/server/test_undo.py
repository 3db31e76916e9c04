"""Undo through the server allows exactly what the engine allows a person at a table of people
(``State.can_undo(seat)``): the seat's own last action, with no die roll, draw or reveal since
and no other seat's action after it. Bots are seats like any other: their moves are never taken
back to reach a person's. Checked through every door: the JSON API, the form a page posts and
the page itself (which offers no undo button)."""

from __future__ import annotations

import random
import re
from typing import Any

import pytest
from fastapi.testclient import TestClient

from consim.core.game import State
from consim.server.service import Service
from tests.server.conftest import seat_url


def _service(client: TestClient) -> Service:
    found: Service = client.app.state.service  # type: ignore[attr-defined]
    return found


def _settled(client: TestClient, url: str) -> dict[str, Any]:
    """The seat's page once no bot is left to move."""
    assert _service(client).wait_for_bots(60)
    r = client.get(url)
    assert r.status_code == 200, r.text
    page: dict[str, Any] = r.json()
    return page


def _stored(client: TestClient, game_id: int) -> State:
    """The position the database holds, restored (an oracle the tests can question)."""
    return _service(client).stored(game_id)


def _baghdad(client: TestClient, players: dict[str, str], seed: int) -> dict[str, Any]:
    """A new 3-player Battle for Baghdad game through the API."""
    body = {"game": "baghdad", "options": {"players": 3}, "players": players, "seed": seed}
    r = client.post("/api/games", json=body)
    assert r.status_code == 201, r.text
    made: dict[str, Any] = r.json()
    made["tokens"] = {seat: link.rsplit("/", 1)[1] for seat, link in made["seats"].items()}
    return made


def _act(client: TestClient, url: str, page: dict[str, Any], action: str) -> dict[str, Any]:
    r = client.post(f"{url}/action", json={"action": action, "expect_version": page["version"]})
    assert r.status_code == 200, r.text
    return _settled(client, url)


def test_a_bid_answered_by_bots_cannot_be_taken_back_through_any_door(client: TestClient) -> None:
    """Battle for Baghdad: the Shiite bids 12 PP, the bots answer; taking the bid back now
    would let the Shiite bid again knowing their answers. The JSON API and a hand-made form
    are refused, the page offers no undo, and the position is unchanged."""
    made = _baghdad(client, {"Shiite": "human", "Sunni": "heuristic", "Government": "heuristic"}, seed=3)
    gid, token = made["game_id"], made["tokens"]["Shiite"]
    url = seat_url(made, "Shiite")
    page = _settled(client, url)
    while "bid 12" not in page["actions"]:  # the Political Maneuver window before the bidding
        assert page["your_turn"] and page["actions"] == ["pass"], page["prompt"]
        page = _act(client, url, page, "pass")
    page = _act(client, url, page, "bid 12")
    stored = _stored(client, gid)
    last_seat, _ = stored.record().actions[-1]
    assert last_seat != "Shiite"  # a bot has answered the bid
    assert ("Shiite", "bid 12") in stored.record().actions
    assert not stored.can_undo("Shiite")  # what the engine allows a person among people
    assert not page["can_undo"]

    # the JSON API
    r = client.post(f"{url}/undo", json={"expect_version": page["version"]})
    assert r.status_code == 409, r.text
    assert "another player has acted since your last action" in r.json()["error"]
    # a form made by hand (the page shows no button for it)
    r = client.post(f"/play/{gid}/{token}/undo", data={"expect_version": str(page["version"])})
    assert r.status_code == 409
    assert "another player has acted since your last action" in r.text
    # the page itself offers no undo
    shown = client.get(f"/play/{gid}/{token}")
    assert shown.status_code == 200
    assert not re.search(r'action="[^"]*/undo"', shown.text)
    assert "Undo my last action" not in shown.text

    after = _settled(client, url)
    assert (after["version"], after["revision"], after["view"]) == (
        page["version"],
        page["revision"],
        page["view"],
    )
    assert _stored(client, gid).record().actions == stored.record().actions


@pytest.mark.slow  # (a full run's, CI's: tests/conftest.py)
def test_undo_is_allowed_exactly_when_the_engine_allows_it(client: TestClient) -> None:
    """Baghdad with two people and a bot, played at random: before each person's action both
    people ask the server to undo, and it agrees exactly when the stored position's
    ``can_undo(seat)`` does; an accepted undo gives the engine's own position, and the action
    is then made again so that the game goes on."""
    players = {"Shiite": "human", "Sunni": "human", "Government": "random"}
    made = _baghdad(client, players, seed=9)
    gid = made["game_id"]
    urls = {seat: seat_url(made, seat) for seat in ("Shiite", "Sunni")}
    choose = random.Random(4).choice
    allowed = refused = after_bot = 0
    for _ in range(80):
        for seat, url in urls.items():
            page = _settled(client, url)
            stored = _stored(client, gid)
            expected = stored.can_undo(seat)
            assert page["can_undo"] == expected
            if not expected and seat in {s for s, _ in stored.record().actions[-3:-1]}:
                after_bot += stored.record().actions[-1][0] == "Government"
            r = client.post(f"{url}/undo", json={"expect_version": page["version"]})
            if not expected:
                assert r.status_code == 409, r.text
                assert "nothing to undo" in r.json()["error"]
                refused += 1
                continue
            assert r.status_code == 200, r.text
            oracle = stored.clone()
            oracle.undo(seat)
            assert _stored(client, gid).to_dict() == oracle.to_dict()
            allowed += 1
            _act(client, url, r.json(), stored.record().actions[-1][1])  # and made again
        pages = {seat: _settled(client, url) for seat, url in urls.items()}
        movers = [s for s, p in pages.items() if p["your_turn"]]
        if not movers:
            break
        seat = movers[0]
        _act(client, urls[seat], pages[seat], choose(pages[seat]["actions"]))
    assert allowed >= 5 and refused >= 5 and after_bot >= 3
