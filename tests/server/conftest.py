"""Fixtures of the server tests: an application over a fresh SQLite file, and helpers that
create and play games through the JSON API."""

from __future__ import annotations

import dataclasses
import warnings
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

with warnings.catch_warnings():  # starlette suggests another httpx; the tests use httpx itself
    warnings.filterwarnings("ignore", message="Using `httpx` with `starlette.testclient`")
    from fastapi.testclient import TestClient

from consim.server import create_app
from consim.server.settings import LOOPBACK, Settings

#: the test client's requests name the host "testserver": allowed, as a club allows its own
SETTINGS = Settings(allowed_hosts=(*LOOPBACK, "testserver"))


def make_app(db_url: str, **settings: Any) -> Any:
    """The application over ``db_url`` with the tests' settings (changed by ``settings``)."""
    return create_app(db_url, dataclasses.replace(SETTINGS, **settings))


@pytest.fixture
def db_url(tmp_path: Path) -> str:
    return f"sqlite:///{tmp_path / 'games.db'}"


@pytest.fixture
def client(db_url: str) -> Iterator[TestClient]:
    with TestClient(make_app(db_url)) as c:
        yield c
        assert c.app.state.service.wait_for_bots(60), "a search bot was still thinking"  # type: ignore[attr-defined]


def create(
    client: TestClient, players: dict[str, str], seed: int = 3, wait: bool = True, **options: Any
) -> dict[str, Any]:
    """A new game through the API (Iraq, 2 players unless told): its number, links and secrets;
    the bots that act first have moved when it returns (unless ``wait`` is False)."""
    game = options.pop("game", "iraq")
    if game == "iraq":
        options.setdefault("players", 2)
    r = client.post("/api/games", json={"game": game, "options": options, "players": players, "seed": seed})
    assert r.status_code == 201, r.text
    made: dict[str, Any] = r.json()
    made["tokens"] = {seat: url.rsplit("/", 1)[1] for seat, url in made["seats"].items()}
    if wait:
        assert client.app.state.service.wait_for_bots(60), "the bots are still moving"  # type: ignore[attr-defined]
    return made


def seat_url(made: dict[str, Any], seat: str) -> str:
    return f"/api/games/{made['game_id']}/seat/{made['tokens'][seat]}"


def settled(client: TestClient, url: str) -> dict[str, Any]:
    """The page at ``url`` once the bots have made their moves (they move in the background,
    never inside a person's request)."""
    assert client.app.state.service.wait_for_bots(60), "the bots are still moving"  # type: ignore[attr-defined]
    r = client.get(url)
    assert r.status_code == 200, r.text
    page: dict[str, Any] = r.json()
    return page
