"""Real ``consim serve`` processes on one PostgreSQL database (a private server started for
these tests): a server killed with SIGKILL mid-game serves the game again at its last
acknowledged action, and two servers given conflicting submissions for one game at once accept
exactly one, refuse the other with a clear 409, and then serve the same position."""

from __future__ import annotations

import os
import signal
import threading
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import httpx
import pytest

from consim.server.process import free_port, running_server
from tests.server.pg import postgresql
from tests.server.test_kill import _page, await_turn

#: processes, databases or searches that take long: a full run's (CI's), see tests/conftest.py
pytestmark = pytest.mark.slow


@pytest.fixture(scope="module")
def pg() -> Iterator[str]:
    """The ``postgresql://`` address a user would give ``consim serve --db``."""
    with postgresql("consim_processes") as url:
        yield url


def _seat_urls(made: dict[str, Any], base: str) -> dict[str, str]:
    """Each seat's JSON address, from its invitation link."""
    game_id = made["game_id"]
    return {
        seat: f"/api/games/{game_id}/seat/{link.rsplit('/', 1)[1]}"
        for seat, link in made["seats"].items()
        if isinstance(link, str) and link.startswith(base)
    }


def test_a_game_on_postgresql_survives_sigkill_at_its_last_acknowledged_action(
    pg: str, tmp_path: Path
) -> None:
    port = free_port()
    base = f"http://127.0.0.1:{port}"
    with (
        running_server(pg, folder=tmp_path, port=port) as server,
        httpx.Client(base_url=base, timeout=30) as client,
    ):
        r = client.post(
            "/api/games",
            json={
                "game": "iraq",
                "options": {"players": 2},
                "players": {"US": "human", "Insurgent": "heuristic"},
            },
        )
        assert r.status_code == 201, r.text
        url = _seat_urls(r.json(), base)["US"]
        acknowledged = await_turn(client, url)
        first = acknowledged["version"]
        for _ in range(7):
            r = client.post(
                f"{url}/action",
                json={"action": acknowledged["actions"][0], "expect_version": acknowledged["version"]},
            )
            assert r.status_code == 200, r.text
            acknowledged = await_turn(client, url)  # and the bot's answer, made in a bot worker
        assert acknowledged["version"] > first
        assert server.stop(signal.SIGKILL) == -signal.SIGKILL
    assert "consim.db" not in os.listdir(tmp_path)  # the game was kept in PostgreSQL only
    with (
        running_server(pg, folder=tmp_path, port=port) as server,
        httpx.Client(base_url=base, timeout=30) as client,
    ):
        again = _page(client, url)
        assert again == acknowledged
        r = client.post(
            f"{url}/action", json={"action": again["actions"][0], "expect_version": again["version"]}
        )
        assert r.status_code == 200, r.text
        assert r.json()["version"] > again["version"]


def _at_once(calls: list[tuple[httpx.Client, str, dict[str, Any]]]) -> list[httpx.Response]:
    """The posts sent together: each thread waits at a barrier, then sends."""
    barrier = threading.Barrier(len(calls))
    answers: list[httpx.Response | None] = [None] * len(calls)

    def send(i: int) -> None:
        client, url, body = calls[i]
        barrier.wait(30)
        answers[i] = client.post(url, json=body)

    threads = [threading.Thread(target=send, args=(i,)) for i in range(len(calls))]
    for t in threads:
        t.start()
    for t in threads:
        t.join(120)
    assert all(a is not None for a in answers), "a submission did not come back"
    return [a for a in answers if a is not None]


def _mover(pages: dict[str, dict[str, Any]]) -> str:
    """A seat that has a decision to make."""
    movers = [seat for seat, page in pages.items() if page["your_turn"] and page["actions"]]
    assert movers, f"nobody can act: {next(iter(pages.values()))['to_act']}"
    return movers[0]


def test_two_server_processes_on_one_postgresql_database_agree(pg: str, tmp_path: Path) -> None:
    ports = [free_port(), free_port()]
    bases = [f"http://127.0.0.1:{p}" for p in ports]
    with (
        running_server(pg, folder=tmp_path, port=ports[0]),
        httpx.Client(base_url=bases[0], timeout=60) as a,
        running_server(pg, folder=tmp_path, port=ports[1]),  # started after the first has set the database up
        httpx.Client(base_url=bases[1], timeout=60) as b,
    ):
        r = a.post(
            "/api/games",
            json={
                "game": "iraq",
                "options": {"players": 2},
                "players": {"US": "human", "Insurgent": "human"},
                "seed": 5,
            },
        )
        assert r.status_code == 201, r.text
        urls = _seat_urls(r.json(), bases[0])
        assert set(urls) == {"US", "Insurgent"}
        # the game made by one process is served by the other
        assert _page(b, urls["US"]) == _page(a, urls["US"])

        # conflicting submissions for the same position, one to each process, at the same time
        for _ in range(4):
            pages = {seat: _page(a, url) for seat, url in urls.items()}
            seat = _mover(pages)
            page = pages[seat]
            actions = page["actions"]
            url = f"{urls[seat]}/action"
            answers = _at_once(
                [
                    (a, url, {"action": actions[0], "expect_version": page["version"]}),
                    (b, url, {"action": actions[-1], "expect_version": page["version"]}),
                ]
            )
            codes = sorted(r.status_code for r in answers)
            assert codes == [200, 409], [r.text for r in answers]
            accepted = next(r for r in answers if r.status_code == 200).json()
            refused = next(r for r in answers if r.status_code == 409).json()
            assert set(refused) == {"error"}
            assert "the position has changed" in refused["error"]
            assert f"not {page['version']}" in refused["error"]
            assert "Traceback" not in refused["error"]
            assert accepted["version"] > page["version"]
            # both processes now serve the accepted action's position: same version, same log
            seen_a, seen_b = _page(a, urls[seat]), _page(b, urls[seat])
            assert seen_a == seen_b == accepted
            assert seen_a["log"] == seen_b["log"] and seen_a["log"]

        # play on, alternating between the two processes; each sees what the other did
        servers = [a, b]
        for step in range(12):
            here, there = servers[step % 2], servers[(step + 1) % 2]
            pages = {seat: _page(here, url) for seat, url in urls.items()}
            if next(iter(pages.values()))["over"]:
                break
            seat = _mover(pages)
            page = pages[seat]
            r = here.post(
                f"{urls[seat]}/action", json={"action": page["actions"][0], "expect_version": page["version"]}
            )
            assert r.status_code == 200, r.text
            done = r.json()
            assert done["version"] > page["version"]
            assert _page(there, urls[seat]) == done
            # a submission at the old version to the other process is refused and changes nothing
            stale = there.post(
                f"{urls[seat]}/action", json={"action": page["actions"][0], "expect_version": page["version"]}
            )
            assert stale.status_code == 409, stale.text
            assert _page(here, urls[seat]) == done
