"""Several server processes on one PostgreSQL database, as a club runs them: two ``consim
serve`` commands (one with two web processes), each with a bot worker process. Games are
played through both at once; a web process of the first is killed, then the whole second
server (web and bot processes, as a machine that fails). Every acknowledged action is kept,
the live stream of one server announces changes made through the other, the games whose bots
the dead worker held are taken over when its lease runs out, and play goes on to the end."""

from __future__ import annotations

import os
import random
import signal
import threading
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import httpx
import pytest

from consim.cli.serve import database_url
from consim.server.db import Store
from consim.server.process import ServerProcess, running_server
from consim.server.service import Service
from tests.server.pg import postgresql

#: processes, databases or searches that take long: a full run's (CI's), see tests/conftest.py
pytestmark = pytest.mark.slow

#: the games played: Iraq with a person and a heuristic bot, with two people, and Baghdad with
#: a person, a heuristic bot and a (quick) search bot
_GAMES: list[tuple[str, dict[str, Any], dict[str, str]]] = [
    ("iraq", {"players": 2, "turns": 2}, {"US": "human", "Insurgent": "heuristic"}),
    ("iraq", {"players": 2, "turns": 2}, {"US": "human", "Insurgent": "human"}),
    (
        "baghdad",
        {"players": 3},
        {"Shiite": "human", "Sunni": "heuristic", "Government": "ismcts:iterations=8,seconds=0.2"},
    ),
]


@pytest.fixture(scope="module")
def pg() -> Iterator[str]:
    with postgresql("consim_several") as url:
        yield url


def _children(pid: int) -> list[tuple[int, str]]:
    """The processes started by ``pid``: their numbers and command lines."""
    found = []
    for entry in Path("/proc").iterdir():
        if not entry.name.isdigit():
            continue
        try:
            stat = (entry / "stat").read_text()
            command = (entry / "cmdline").read_bytes().replace(b"\0", b" ").decode(errors="replace")
        except OSError:
            continue
        if int(stat.rsplit(")", 1)[1].split()[1]) == pid:
            found.append((int(entry.name), command))
    return found


def _web_workers(server: ServerProcess) -> list[int]:
    return [pid for pid, command in _children(server.pid) if "spawn_main" in command]


def _bot_workers(server: ServerProcess) -> list[int]:
    return [pid for pid, command in _children(server.pid) if "consim.server.botwork" in command]


class _Player:
    """A person playing one seat at random through whichever server it is given."""

    def __init__(
        self, game_id: int, seat: str, seat_path: str, seed: int, finished: set[tuple[int, str]]
    ) -> None:
        self.game_id, self.seat = game_id, seat
        self.path = seat_path
        self.random = random.Random(seed)
        self.acknowledged: list[tuple[str, int]] = []  # (action, version it made)
        self.errors: list[str] = []
        self.finished = finished  # the (game, seat) of every player who has stopped, shared

    def play(self, clients: list[httpx.Client], stop: threading.Event, moves: int) -> None:
        try:
            self._play(clients, stop, moves)
        finally:
            self.finished.add((self.game_id, self.seat))

    def _play(self, clients: list[httpx.Client], stop: threading.Event, moves: int) -> None:
        done = 0
        while done < moves and not stop.is_set():
            client = clients[done % len(clients)]
            try:
                page = client.get(self.path).json()
                if page["over"]:
                    return
                if not page["your_turn"]:
                    # waiting for people who have stopped playing would never end (a bot's turn
                    # is waited for: a live bot worker takes it)
                    if page["to_act"] and all((self.game_id, s) in self.finished for s in page["to_act"]):
                        return
                    time.sleep(0.05)
                    continue
                action = self.random.choice(page["actions"])
                r = client.post(
                    f"{self.path}/action", json={"action": action, "expect_version": page["version"]}
                )
            except httpx.TransportError:  # the server it asked was killed: ask the other next time
                clients.reverse()
                time.sleep(0.05)
                continue
            if r.status_code == 200:
                self.acknowledged.append((action, r.json()["version"]))
                done += 1
            elif r.status_code != 409:
                self.errors.append(f"{r.status_code} {r.text[:200]}")
                return


def _record(db: str, game_id: int) -> list[tuple[str, str]]:
    store = Store(db)
    try:
        return list(Service(store).stored(game_id).record().actions)
    finally:
        store.dispose()


def test_games_played_through_two_servers_at_once_survive_the_death_of_one(pg: str, tmp_path: Path) -> None:
    db = database_url(pg)
    with (
        running_server(pg, folder=tmp_path, args=["--workers", "2"]) as first,
        running_server(pg, folder=tmp_path) as second,
        httpx.Client(base_url=first.base, timeout=30) as a,
        httpx.Client(base_url=second.base, timeout=30) as b,
    ):
        assert len(_web_workers(first)) == 2 and len(_bot_workers(first)) == 1
        assert len(_bot_workers(second)) == 1
        players: list[tuple[int, str, _Player]] = []
        finished: set[tuple[int, str]] = set()
        for i in range(6):
            game, options, who = _GAMES[i % len(_GAMES)]
            client = (a, b)[i % 2]
            r = client.post("/api/games", json={"game": game, "options": options, "players": who, "seed": i})
            assert r.status_code == 201, r.text
            made = r.json()
            for seat, link in made["seats"].items():
                token = link.rsplit("/", 1)[1]
                path = f"/api/games/{made['game_id']}/seat/{token}"
                player = _Player(made["game_id"], seat, path, seed=100 * i + len(players), finished=finished)
                players.append((made["game_id"], seat, player))

        # the live stream of the first server hears of a change made through the second
        game_id, _, someone = next(p for p in players if p[1] == "US" and p[0] % 3 == 2)
        with a.stream("GET", f"/games/{game_id}/events") as events:
            lines = events.iter_lines()
            assert next(lines) == "retry: 2000" and next(lines) == "event: revision"
            now = int(next(lines).removeprefix("data: "))
            page = b.get(someone.path).json()
            assert page["your_turn"]
            start = time.monotonic()
            r = b.post(
                f"{someone.path}/action",
                json={"action": page["actions"][0], "expect_version": page["version"]},
            )
            assert r.status_code == 200, r.text
            someone.acknowledged.append((page["actions"][0], r.json()["version"]))
            for line in lines:
                if line.startswith("data:") and int(line.removeprefix("data: ")) > now:
                    break
            assert time.monotonic() - start < 1.5  # at once (PostgreSQL's NOTIFY), not at the next poll

        stop = threading.Event()
        threads = [
            threading.Thread(target=player.play, args=([a, b] if n % 2 else [b, a], stop, 15))
            for n, (_, _, player) in enumerate(players)
        ]
        for t in threads:
            t.start()
        time.sleep(4)
        os.kill(_web_workers(first)[0], signal.SIGKILL)  # one web process of the first server
        time.sleep(3)
        second.kill_all()  # the whole second server, its bot worker with the games it held
        for t in threads:
            t.join(240)
        assert not any(t.is_alive() for t in threads)
        assert [e for _, _, p in players for e in p.errors] == []

        # every acknowledged action is kept, in the order it was made
        for game_id, seat, player in players:
            assert player.acknowledged, (game_id, seat)
            mine = [text for who, text in _record(db, game_id) if who == seat]
            assert [action for action, _ in player.acknowledged] == mine[: len(player.acknowledged)]

        # the games go on through the first server alone: each reaches a person's turn or its end
        deadline = time.monotonic() + 60
        for _, _, player in players:
            while True:
                page = a.get(player.path).json()
                if page["over"] or any(s for s in page["to_act"] if s in {p[1] for p in players}):
                    break
                assert time.monotonic() < deadline, page["prompt"]
                time.sleep(0.1)
        assert len(_web_workers(first)) == 2  # the killed web process was replaced
