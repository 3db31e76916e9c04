"""The JSON API: a game played to its end by a person and a bot, and every kind of bad request
refused with a 4xx and a clear message, changing nothing."""

from __future__ import annotations

import random
from typing import Any

import pytest
from fastapi.testclient import TestClient

import consim
from tests.server.conftest import create, make_app, seat_url, settled


def _page(client: TestClient, url: str) -> dict[str, Any]:
    r = client.get(url)
    assert r.status_code == 200, r.text
    page: dict[str, Any] = r.json()
    return page


def test_a_person_plays_iraq_to_the_end_against_a_bot(client: TestClient, db_url: str) -> None:
    made = create(client, {"US": "human", "Insurgent": "heuristic"}, seed=11)
    assert set(made["seats"]) == {"US"}  # a bot has no link
    assert made["spectator"].endswith(f"/watch/{made['game_id']}")
    url = seat_url(made, "US")
    choose = random.Random(5).choice
    page = settled(client, url)
    moves = 0
    while not page["over"]:
        assert page["your_turn"] and "US" in page["to_act"], page["prompt"]
        r = client.post(
            f"{url}/action", json={"action": choose(page["actions"]), "expect_version": page["version"]}
        )
        assert r.status_code == 200, r.text
        after = r.json()
        assert after["version"] == page["version"] + 1  # the bots move afterwards, not in the request
        page = settled(client, url)
        moves += 1
        assert moves < 500
    assert page["outcome"]["result"] and page["outcome"]["winners"]
    assert page["actions"] == [] and not page["your_turn"]
    # the bot played its part: the log has its moves too
    assert any("Insurgent" in e["text"] for e in page["log"])
    # a finished game refuses further actions
    r = client.post(f"{url}/action", json={"action": "done", "expect_version": page["version"]})
    assert r.status_code == 422 and "over" in r.json()["error"]
    # a second application on the same database (a restarted server) serves the same end
    with TestClient(make_app(db_url)) as again:
        restored = _page(again, url)
    assert restored == page
    finished = client.get("/api/games/finished").json()
    assert finished[0]["status"] == "over" and finished[0]["game"] == "iraq"
    assert client.get("/api/games").json() == []  # the lobby: no seat is open


def test_the_game_replays_from_what_the_server_keeps(client: TestClient) -> None:
    """The stored position is the engine's own: its record replays to the same state."""
    made = create(client, {"US": "human", "Insurgent": "random"}, seed=4)
    url = seat_url(made, "US")
    for _ in range(6):
        page = settled(client, url)
        client.post(f"{url}/action", json={"action": page["actions"][-1], "expect_version": page["version"]})
    settled(client, url)
    service = client.app.state.service  # type: ignore[attr-defined]
    state = service.stored(made["game_id"])
    assert consim.replay(state.record()).to_dict() == state.to_dict()
    assert state.version == _page(client, url)["version"]


def _unchanged(client: TestClient, url: str, before: dict[str, Any]) -> None:
    now = _page(client, url)
    assert (now["version"], now["revision"], now["actions"], len(now["log"])) == (
        before["version"],
        before["revision"],
        before["actions"],
        len(before["log"]),
    )


def test_a_stale_version_is_refused_with_409(client: TestClient) -> None:
    made = create(client, {"US": "human", "Insurgent": "heuristic"})
    url = seat_url(made, "US")
    page = _page(client, url)
    ok = client.post(f"{url}/action", json={"action": page["actions"][0], "expect_version": page["version"]})
    assert ok.status_code == 200
    after = ok.json()
    # the same click again (a second tab, a double click): the position has moved on
    r = client.post(f"{url}/action", json={"action": page["actions"][1], "expect_version": page["version"]})
    assert r.status_code == 409
    assert f"version {after['version']}" in r.json()["error"]
    _unchanged(client, url, after)


def test_a_wrong_token_is_refused_with_403(client: TestClient) -> None:
    made = create(client, {"US": "human", "Insurgent": "human"})
    other = create(client, {"US": "human", "Insurgent": "human"}, seed=5)
    url = seat_url(made, "US")
    page = _page(client, url)
    gid = made["game_id"]
    body = {"action": page["actions"][0], "expect_version": page["version"]}
    cases = [
        client.get(f"/api/games/{gid}/seat/not-a-secret"),
        client.post(f"/api/games/{gid}/seat/not-a-secret/action", json=body),
        # a link of another game
        client.post(f"/api/games/{gid}/seat/{other['tokens']['US']}/action", json=body),
        # the Insurgent's link naming the US seat
        client.post(f"{seat_url(made, 'Insurgent')}/action", json={**body, "seat": "US"}),
    ]
    for r in cases:
        assert r.status_code == 403, r.text
        assert "link" in r.json()["error"]
    _unchanged(client, url, page)
    assert client.get(f"/api/games/{gid + 99}/seat/x").status_code == 404


@pytest.mark.parametrize(
    ("body", "status", "words"),
    [
        ({"action": "fly to the moon", "expect_version": 0}, 422, "Commitment Phase"),
        ({"action": 'discard "No Such Card"', "expect_version": 0}, 422, "No Such Card"),
        ({"action": "", "expect_version": 0}, 422, ""),
        ({"action": "done"}, 422, "expect_version"),
        ({"action": "done", "expect_version": "one"}, 422, "expect_version"),
        ({"action": "done", "expect_version": 0, "hack": 1}, 422, "hack"),
        ({"action": ["done"], "expect_version": 0}, 422, "action"),
        ({"action": "say all hello", "expect_version": 0}, 422, "chat"),
        ({"action": "x" * 600, "expect_version": 0}, 422, "action"),
    ],
)
def test_junk_is_refused_and_changes_nothing(
    client: TestClient, body: dict[str, Any], status: int, words: str
) -> None:
    made = create(client, {"US": "human", "Insurgent": "heuristic"})
    url = seat_url(made, "US")
    page = _page(client, url)
    if body.get("expect_version") == 0:
        body = {**body, "expect_version": page["version"]}
    r = client.post(f"{url}/action", json=body)
    assert r.status_code == status, r.text
    error = r.json()["error"]
    assert words in error and "Traceback" not in r.text
    _unchanged(client, url, page)


def test_bodies_that_are_not_json_or_too_large_are_refused(client: TestClient) -> None:
    made = create(client, {"US": "human", "Insurgent": "heuristic"})
    url = seat_url(made, "US")
    page = _page(client, url)
    r = client.post(f"{url}/action", content=b"{not json", headers={"content-type": "application/json"})
    assert r.status_code == 422 and "JSON" in r.json()["error"]
    huge = {"action": "done", "expect_version": page["version"], "padding": "x" * 200_000}
    r = client.post(f"{url}/action", json=huge)
    assert r.status_code == 413 and "too large" in r.json()["error"]

    def chunks() -> Any:  # no Content-Length: counted as it arrives
        for _ in range(100):
            yield b"x" * 1024

    r = client.post(f"{url}/action", content=chunks(), headers={"content-type": "application/json"})
    assert r.status_code == 413
    _unchanged(client, url, page)


def test_creating_a_game_checks_its_parts(client: TestClient) -> None:
    cases = [
        ({"game": "chess", "players": {}}, "unknown game"),
        ({"game": "iraq", "options": {"players": 9}, "players": {}}, "players"),
        ({"game": "iraq", "options": {"players": 2}, "players": {"US": "human"}}, "no player for Insurgent"),
        (
            {"game": "iraq", "options": {"players": 2}, "players": {"US": "human", "Insurgent": "wizard"}},
            "neither",
        ),
    ]
    for body, words in cases:
        r = client.post("/api/games", json=body)
        assert r.status_code == 422, r.text
        assert words in r.json()["error"]
    assert client.get("/api/games").json() == []


def test_undo_takes_back_the_seats_own_last_move(client: TestClient) -> None:
    made = create(client, {"US": "human", "Insurgent": "heuristic"})
    url = seat_url(made, "US")
    page = _page(client, url)
    assert not page["can_undo"]
    r = client.post(f"{url}/undo", json={"expect_version": page["version"]})
    assert r.status_code == 409 and "nothing to undo" in r.json()["error"]
    chosen = page["actions"][0]
    after = client.post(f"{url}/action", json={"action": chosen, "expect_version": page["version"]}).json()
    assert after["can_undo"] and after["actions"] != page["actions"]
    undone = client.post(f"{url}/undo", json={"expect_version": after["version"]})
    assert undone.status_code == 200, undone.text
    assert undone.json()["actions"] == page["actions"]
    assert undone.json()["version"] > after["version"]


def test_messages_reach_only_their_readers(client: TestClient) -> None:
    made = create(client, {"US": "human", "Insurgent": "human"})
    us, ins = seat_url(made, "US"), seat_url(made, "Insurgent")
    assert client.post(f"{us}/chat", json={"text": "hello all"}).status_code == 200
    assert client.post(f"{us}/chat", json={"text": "just you", "to": ["Insurgent"]}).status_code == 200
    r = client.post(f"{us}/chat", json={"text": "   "})
    assert r.status_code == 422 and "empty" in r.json()["error"]
    public = client.get(f"/api/games/{made['game_id']}/watch").json()
    assert [m["text"] for m in public["chat"]] == ["hello all"]
    assert [m["text"] for m in _page(client, ins)["chat"]] == ["hello all", "just you"]
    # a spectator cannot act: there is no spectator secret to post with
    r = client.post(f"/api/games/{made['game_id']}/watch", json={"action": "done", "expect_version": 0})
    assert r.status_code == 405


def test_simultaneous_submissions_are_serialised(client: TestClient) -> None:
    """Eight requests for the same version at once (eight tabs): one is carried out, the
    others are told the position has changed; the game took exactly one action."""
    from concurrent.futures import ThreadPoolExecutor

    made = create(client, {"US": "human", "Insurgent": "human"})
    url = seat_url(made, "US")
    page = _page(client, url)

    def submit(i: int) -> int:
        body = {"action": page["actions"][i % len(page["actions"])], "expect_version": page["version"]}
        return client.post(f"{url}/action", json=body).status_code

    with ThreadPoolExecutor(8) as pool:
        codes = sorted(pool.map(submit, range(8)))
    assert codes == [200] + [409] * 7
    after = _page(client, url)
    assert after["version"] == page["version"] + 1 and after["revision"] == page["revision"] + 1
