"""How many requests a web process works on at once (``Settings.web_threads``, ``consim serve
--threads``): one by default, since Python runs one thread of a process at a time and a request
back from the database waited for the others' turns; a club may ask for more."""

from __future__ import annotations

import anyio.to_thread
import pytest
from fastapi.testclient import TestClient
from typer.testing import CliRunner

from consim.cli.main import app as cli
from consim.server.settings import Settings
from tests.server.conftest import create, make_app, seat_url


def _threads(client: TestClient) -> int:
    assert client.portal is not None
    return int(client.portal.call(lambda: anyio.to_thread.current_default_thread_limiter().total_tokens))


@pytest.mark.parametrize("threads", [1, 3])
def test_a_web_process_works_on_as_many_requests_at_once_as_set(db_url: str, threads: int) -> None:
    with TestClient(make_app(db_url, web_threads=threads)) as client:
        assert _threads(client) == threads
        made = create(client, {"US": "human", "Insurgent": "human"})
        assert client.get(seat_url(made, "US")).status_code == 200  # requests are answered


def test_one_request_at_a_time_is_the_default() -> None:
    assert Settings().web_threads == 1


def test_a_number_of_threads_out_of_range_is_refused() -> None:
    with pytest.raises(ValueError, match="web threads: 1 to 256"):
        Settings(web_threads=0)
    said = CliRunner().invoke(cli, ["serve", "--threads", "0", "--db", "unused.db"])
    assert said.exit_code == 2 and "--threads" in said.output
