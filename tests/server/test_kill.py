"""``consim serve`` as a real process: the live stream announces changes, and a server killed
with SIGKILL mid-game serves the game again at its last acknowledged action."""

from __future__ import annotations

import os
import signal
import time
from pathlib import Path
from typing import Any

import httpx
import pytest

from consim.server.process import free_port, running_server

#: processes, databases or searches that take long: a full run's (CI's), see tests/conftest.py
pytestmark = pytest.mark.slow


def _page(client: httpx.Client, url: str) -> dict[str, Any]:
    r = client.get(url)
    assert r.status_code == 200, r.text
    page: dict[str, Any] = r.json()
    return page


def await_turn(client: httpx.Client, url: str, timeout: float = 60.0) -> dict[str, Any]:
    """The seat's page once it is the seat's turn or the game is over (the bots move in bot
    worker processes, after the request that gave them the turn)."""
    deadline = time.monotonic() + timeout
    while True:
        page = _page(client, url)
        if page["your_turn"] or page["over"]:
            return page
        assert time.monotonic() < deadline, f"still not this seat's turn: {page['prompt']}"
        time.sleep(0.05)


def test_a_game_survives_sigkill_at_its_last_acknowledged_action(tmp_path: Path) -> None:
    port = free_port()
    base = f"http://127.0.0.1:{port}"
    with (
        running_server(folder=tmp_path, port=port) as server,
        httpx.Client(base_url=base, timeout=10) as client,
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
        url = r.json()["seats"]["US"].removeprefix(base).replace("/play/", "/api/games/", 1)
        game_id = r.json()["game_id"]
        url = url.replace(f"/api/games/{game_id}/", f"/api/games/{game_id}/seat/", 1)
        page = _page(client, url)
        # the live stream: the revision now, then again at each change
        with client.stream("GET", f"/games/{game_id}/events") as events:
            lines = events.iter_lines()
            assert next(lines) == "retry: 2000"
            assert next(lines) == "event: revision"
            assert next(lines) == f"data: {page['revision']}"
            turn = page
            for _ in range(7):
                r = client.post(
                    f"{url}/action", json={"action": turn["actions"][0], "expect_version": turn["version"]}
                )
                assert r.status_code == 200, r.text
                acknowledged = r.json()
                turn = await_turn(client, url)
            seen = [line for line in (next(lines) for _ in range(4)) if line.startswith("data:")]
            assert seen and int(seen[-1].removeprefix("data: ")) > page["revision"]
        acknowledged = turn
        assert "consim.db" in os.listdir(tmp_path)
        assert server.stop(signal.SIGKILL) == -signal.SIGKILL
    with (
        running_server(folder=tmp_path, port=port) as server,
        httpx.Client(base_url=base, timeout=10) as client,
    ):
        again = _page(client, url)
        assert again == acknowledged
        # and play goes on from there
        r = client.post(
            f"{url}/action", json={"action": again["actions"][0], "expect_version": again["version"]}
        )
        assert r.status_code == 200 and r.json()["version"] > again["version"]
        # Ctrl-C stops it cleanly; it had said where it listens and where the games are kept
        assert server.stop(signal.SIGINT) == 0
        out = server.output()
    assert f"http://127.0.0.1:{port}/" in out and "consim.db" in out and "Traceback" not in out
