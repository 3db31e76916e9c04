"""Bots with limits: they move in a bounded pool of workers, never inside a person's request;
a search bot thinks within the server's budget whatever its options ask; a game of bots alone
is played in the background; the work of each game is leased in the database, so that two
workers (two server processes) never move one game's bots at once, and a worker that died
frees its games when its lease runs out."""

from __future__ import annotations

import threading
import time
from collections import Counter
from collections.abc import Iterator
from typing import Any

import pytest
from fastapi.testclient import TestClient

import consim
import consim.server.service as service_module
from consim.bots.ismcts import parse_options
from consim.server.db import GameRow, Store, select
from consim.server.service import Service
from tests.server.conftest import create, make_app, seat_url


def _service(client: TestClient) -> Service:
    found: Service = client.app.state.service  # type: ignore[attr-defined]
    return found


@pytest.fixture
def gate(monkeypatch: pytest.MonkeyPatch) -> Iterator[dict[str, Any]]:
    """Bots' decisions held until the test opens the gate; counts how many run at once."""
    state: dict[str, Any] = {"open": threading.Event(), "now": 0, "most": 0, "started": threading.Event()}
    guard = threading.Lock()
    real = service_module.decide

    def held(*args: Any) -> Any:
        with guard:
            state["now"] += 1
            state["most"] = max(state["most"], state["now"])
        state["started"].set()
        try:
            assert state["open"].wait(30)
            return real(*args)
        finally:
            with guard:
                state["now"] -= 1

    monkeypatch.setattr(service_module, "decide", held)
    yield state
    state["open"].set()


def test_a_persons_request_never_waits_for_a_bot(client: TestClient, gate: dict[str, Any]) -> None:
    """The heuristic bot's decision is held: the person's action is answered anyway, and the
    page and the chat work; the bot's move follows once it has decided."""
    made = create(client, {"US": "human", "Insurgent": "heuristic"}, seed=5, wait=False)
    url = seat_url(made, "US")
    assert gate["started"].wait(30)  # the bot is deciding (Iraq: both sides commit at once)
    start = time.monotonic()
    page = client.get(url).json()
    r = client.post(f"{url}/action", json={"action": page["actions"][0], "expect_version": page["version"]})
    assert r.status_code == 200, r.text
    assert client.post(f"{url}/chat", json={"text": "your move"}).status_code == 200
    assert time.monotonic() - start < 5  # (the bot is held for up to 30 s)
    assert gate["now"] == 1
    before = client.get(url).json()
    gate["open"].set()
    assert _service(client).wait_for_bots(30)
    after = client.get(url).json()
    assert after["version"] > before["version"]  # (nobody else could change it)


def test_a_game_of_bots_alone_is_played_in_the_background(client: TestClient, gate: dict[str, Any]) -> None:
    r = client.post(
        "/api/games",
        json={
            "game": "iraq",
            "options": {"players": 2, "turns": 2},
            "players": {"US": "random", "Insurgent": "random"},
        },
    )
    assert r.status_code == 201, r.text  # answered while its first bot decision is held
    game_id = r.json()["game_id"]
    assert gate["started"].wait(30)
    watched = client.get(f"/api/games/{game_id}/watch").json()
    assert not watched["over"] and watched["version"] == 0
    gate["open"].set()
    assert _service(client).wait_for_bots(60)
    assert client.get(f"/api/games/{game_id}/watch").json()["over"]


def test_the_pool_is_bounded(db_url: str, gate: dict[str, Any]) -> None:
    """Two workers, five games whose bots are due: two decisions at most at any moment, and
    every game moves in the end."""
    with TestClient(make_app(db_url, bot_threads=2)) as client:
        games = [
            create(client, {"US": "human", "Insurgent": "heuristic"}, seed=i, wait=False)["game_id"]
            for i in range(5)
        ]
        assert gate["started"].wait(30)
        time.sleep(0.5)  # time enough for more workers to start deciding, were there any
        assert gate["most"] == 2
        gate["open"].set()
        assert _service(client).wait_for_bots(60)
        for game_id in games:
            assert client.get(f"/api/games/{game_id}/watch").json()["version"] > 0
    assert gate["most"] == 2


def test_a_game_of_bots_alone_does_not_keep_a_persons_bot_waiting(db_url: str) -> None:
    """One worker, busy with a long game of bots alone: a person's game is served between two
    slices of it, the game with a person first."""
    with TestClient(make_app(db_url, bot_threads=1)) as client:
        long = client.post(
            "/api/games",
            json={
                # six heuristic bots, 12 turns (about 4,300 moves): far from over when the
                # person's bot has answered (scenario 1's two bots could finish first)
                "game": "fitna",
                "options": {"scenario": 11},
                "players": dict.fromkeys(consim.load_game("fitna", scenario=11).seats, "heuristic"),
                "seed": 3,
            },
        ).json()["game_id"]
        time.sleep(0.3)  # the worker is into it
        made = create(client, {"US": "human", "Insurgent": "heuristic"}, seed=7, wait=False)
        url = seat_url(made, "US")
        start = time.monotonic()
        while "Insurgent" in client.get(url).json()["to_act"]:  # the bot's secret choice
            assert time.monotonic() - start < 30, "the person's bot waited for the long game"
            time.sleep(0.02)
        watched = client.get(f"/api/games/{long}/watch").json()
        assert not watched["over"] and watched["version"] > 0  # (the long game was being played)


def test_a_search_bot_thinks_within_the_servers_budget(db_url: str, monkeypatch: pytest.MonkeyPatch) -> None:
    """Options beyond the server's limits are refused when the game is made, and a bot whose
    seat asks for more anyway (a game kept from before) is made within them."""
    with TestClient(make_app(db_url, bot_seconds=0.3, bot_iterations=300)) as client:
        for kind, words in [
            ("ismcts:iterations=100000000,seconds=0", "at most 300 iterations and 0.3 seconds a move"),
            ("ismcts:seconds=3600", "asked: "),
        ]:
            players = {"US": "human", "Insurgent": kind}
            r = client.post(
                "/api/games", json={"game": "iraq", "options": {"players": 2}, "players": players}
            )
            assert r.status_code == 422 and words in r.json()["error"], r.text
        allowed = {"US": "human", "Insurgent": "ismcts:iterations=50,seconds=0"}
        r = client.post("/api/games", json={"game": "iraq", "options": {"players": 2}, "players": allowed})
        assert r.status_code == 201, r.text
        service = _service(client)
        assert service.wait_for_bots(60)
        made = create(client, {"US": "human", "Insurgent": "human"}, seed=2)
        made_kinds: list[str] = []
        real = service_module.make_bot

        def watched(game: Any, kind: str, seat: str, seed: int = 0) -> Any:
            made_kinds.append(kind)
            return real(game, kind, seat, seed)

        monkeypatch.setattr(service_module, "make_bot", watched)
        with service._writing(made["game_id"]) as change:  # a seat kept with an unbounded search bot
            seat = next(s for s in change.row.seats if s.seat == "Insurgent")
            seat.kind, seat.bot = "bot", "ismcts:iterations=100000000,seconds=0"
        assert service.wait_for_bots(60)
    assert made_kinds
    for kind in made_kinds:
        options = parse_options(kind.partition(":")[2])
        assert options.iterations == 300 and options.seconds == 0.3


def test_a_failing_bot_is_tried_again_later_and_others_go_on(
    client: TestClient, monkeypatch: pytest.MonkeyPatch
) -> None:
    real = service_module.decide
    broken = threading.Event()

    def failing(bot: Any, state: Any, seat: str, actions: Any) -> Any:
        if state.game.id == "jihad":
            broken.set()
            raise RuntimeError("a bug in a bot")
        return real(bot, state, seat, actions)

    monkeypatch.setattr(service_module, "decide", failing)
    failed = client.post("/api/games", json={"game": "jihad", "players": {"player": "heuristic"}}).json()[
        "game_id"
    ]
    assert broken.wait(30)
    made = create(client, {"US": "human", "Insurgent": "heuristic"}, seed=7)  # its bot moves
    assert "Insurgent" not in client.get(seat_url(made, "US")).json()["to_act"]
    with _service(client).store.session() as db:
        row = db.get(GameRow, failed)
        assert row is not None and row.bot_due is not None and row.bot_due > time.time() + 30
        assert row.lease_owner is None


def test_two_workers_never_move_one_games_bots_at_once(db_url: str, monkeypatch: pytest.MonkeyPatch) -> None:
    """Two servers on one database (two processes, each with two workers) and many games of
    bots alone: each game's decisions are made by one worker at a time, and every game ends."""
    inside: Counter[int] = Counter()
    overlaps: list[int] = []
    guard = threading.Lock()
    real = Service.bot_turn

    def watched(self: Service, game_id: int, owner: str, seconds: float = service_module.BOT_SLICE) -> None:
        with guard:
            inside[game_id] += 1
            if inside[game_id] > 1:
                overlaps.append(game_id)
        try:
            real(self, game_id, owner, seconds)
        finally:
            with guard:
                inside[game_id] -= 1

    monkeypatch.setattr(Service, "bot_turn", watched)
    monkeypatch.setattr(service_module, "BOT_SLICE", 0.01)  # many slices: many chances to collide
    with (
        TestClient(make_app(db_url, bot_threads=2)) as one,
        TestClient(make_app(db_url, bot_threads=2)) as two,
    ):
        games = []
        for i in range(8):
            client = (one, two)[i % 2]
            players = {"US": "random", "Insurgent": "random"}
            body = {"game": "iraq", "options": {"players": 2, "turns": 2}, "players": players, "seed": i}
            games.append(client.post("/api/games", json=body).json()["game_id"])
        assert _service(one).wait_for_bots(120) and _service(two).wait_for_bots(120)
        for game_id in games:
            assert one.get(f"/api/games/{game_id}/watch").json()["over"]
    assert overlaps == []


def test_a_lease_held_by_a_dead_worker_is_taken_over_when_it_runs_out(db_url: str) -> None:
    with TestClient(make_app(db_url, bot_threads=0)) as quiet:
        made = create(quiet, {"US": "human", "Insurgent": "heuristic"}, seed=3, wait=False)
    store = Store(db_url)
    with store.writing() as db:  # a worker that died holding the game, for two seconds more
        row = db.scalars(select(GameRow).where(GameRow.id == made["game_id"])).one()
        until = time.time() + 3
        row.lease_owner, row.lease_until = "a dead worker", until
    store.dispose()
    with TestClient(make_app(db_url, lease_seconds=2, sweep_seconds=0.2)) as client:
        time.sleep(max(0.0, until - 1.5 - time.time()))
        if time.time() < until - 0.5:  # (the server may have taken long to start on a busy machine)
            assert "Insurgent" in client.get(seat_url(made, "US")).json()["to_act"]  # held
        assert _service(client).wait_for_bots(30)
        assert time.time() >= until  # the bot moved only once the dead worker's lease ran out
        assert "Insurgent" not in client.get(seat_url(made, "US")).json()["to_act"]
