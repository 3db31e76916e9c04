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
