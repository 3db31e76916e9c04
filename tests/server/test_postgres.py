"""The same server on a real PostgreSQL (a private server started for these tests: Debian's
postgresql package, else the pgserver package's): a game to its end, stale and simultaneous
submissions, a restart."""

from __future__ import annotations

from collections.abc import Iterator
from concurrent.futures import ThreadPoolExecutor
from typing import Any

import pytest
from fastapi.testclient import TestClient

from consim.cli.serve import database_url
from tests.server.conftest import create, make_app, seat_url, settled
from tests.server.pg import debian_bin, postgresql

#: processes, databases or searches that take long: a full run's (CI's), see tests/conftest.py
pytestmark = pytest.mark.slow


@pytest.fixture(scope="module")
def pg_url() -> Iterator[str]:
    with postgresql() as url:
        yield database_url(url)


def _page(client: TestClient, url: str) -> dict[str, Any]:
    r = client.get(url)
    assert r.status_code == 200, r.text
    page: dict[str, Any] = r.json()
    return page


def test_a_game_on_postgresql_to_its_end_and_after_a_restart(pg_url: str) -> None:
    assert pg_url.startswith("postgresql+psycopg://")
    with TestClient(make_app(pg_url)) as client:
        made = create(client, {"US": "human", "Insurgent": "heuristic"}, seed=12, turns=3)
        url = seat_url(made, "US")
        page = settled(client, url)
        while not page["over"]:
            r = client.post(
                f"{url}/action", json={"action": page["actions"][0], "expect_version": page["version"]}
            )
            assert r.status_code == 200, r.text
            page = settled(client, url)
        stale = client.post(f"{url}/action", json={"action": "done", "expect_version": page["version"] - 1})
        assert stale.status_code == 409
    with TestClient(make_app(pg_url)) as again:  # a new process on the same database
        assert _page(again, url) == page
        assert page["outcome"]["result"]


def test_simultaneous_submissions_on_postgresql_are_serialised(pg_url: str) -> None:
    with TestClient(make_app(pg_url)) as client:
        made = create(client, {"US": "human", "Insurgent": "human"})
        url = seat_url(made, "US")
        page = _page(client, url)

        def submit(i: int) -> int:
            body = {"action": page["actions"][i % len(page["actions"])], "expect_version": page["version"]}
            return client.post(f"{url}/action", json=body).status_code

        with ThreadPoolExecutor(6) as pool:
            codes = sorted(pool.map(submit, range(6)))
        assert codes == [200] + [409] * 5
        assert _page(client, url)["version"] == page["version"] + 1


def test_the_postgresql_of_these_tests_is_debians_when_installed(pg_url: str) -> None:
    """The fixture prefers Debian's server (what .ci/run installs), reached by its socket."""
    if debian_bin() is not None:
        assert "@/consim_test?host=/" in pg_url


def test_a_database_that_dropped_its_connections_while_the_server_was_idle_is_reconnected(
    pg_url: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    """PostgreSQL restarted (its connections to this server gone) while nobody played: the next
    person's page is served, not refused, because a connection idle for a while is checked
    before use. (A busy server's connections are not checked at every use: that was a round
    trip to the database on every request.)"""
    from sqlalchemy import create_engine, text

    import consim.server.db as db

    with TestClient(make_app(pg_url)) as client:
        made = create(client, {"US": "human", "Insurgent": "human"})
        url = seat_url(made, "US")
        first = _page(client, url)
        store = client.app.state.service.store  # type: ignore[attr-defined]
        # another client of the database cuts every connection of this server
        admin = create_engine(store.url)
        with admin.connect() as c:
            cut = c.execute(
                text(
                    "SELECT count(pg_terminate_backend(pid)) FROM pg_stat_activity "
                    "WHERE pid <> pg_backend_pid() AND datname = current_database() AND state = 'idle'"
                )
            ).scalar()
            assert cut
        admin.dispose()
        monkeypatch.setattr(db, "IDLE_PING", 0.0)  # as if they had been idle for long
        for _ in range(3):  # however many of the pool's connections the requests take
            assert _page(client, url) == first


def test_every_change_is_announced_to_the_other_processes_by_the_database(pg_url: str) -> None:
    """Another process's live pages and bot workers hear of a change from PostgreSQL itself
    (LISTEN): the change's revision on ``consim_changes`` and, when it leaves a bot to move,
    the game on ``consim_bots``; a change that is not saved is announced to nobody."""
    import psycopg

    from consim.server.db import Store
    from consim.server.service import Access, ServerError, Service

    service = Service(Store(pg_url))
    conninfo = pg_url.replace("postgresql+psycopg://", "postgresql://")
    with psycopg.connect(conninfo, autocommit=True) as listener:
        listener.execute("LISTEN consim_changes")
        listener.execute("LISTEN consim_bots")
        made = service.create("iraq", {"players": 2}, {"US": "human", "Insurgent": "heuristic"}, seed=3)
        game_id = made.game_id
        page = service.page(Access(game_id, "US"))
        assert page["your_turn"]  # the US moves first
        list(listener.notifies(timeout=0.5))  # what the new game announced
        service.act(Access(game_id, "US"), page["actions"][0], page["version"], answer=False)
        after = service.page(Access(game_id, "US"))
        told = [(n.channel, n.payload) for n in listener.notifies(timeout=2.0, stop_after=2)]
        assert ("consim_changes", f"{game_id} {after['revision']}") in told
        if not after["your_turn"]:  # the bot is to move now
            assert ("consim_bots", str(game_id)) in told
        with pytest.raises(ServerError):
            service.act(Access(game_id, "US"), "not an action", after["version"], answer=False)
        assert list(listener.notifies(timeout=0.5)) == []
