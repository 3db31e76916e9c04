"""A move on PostgreSQL saved in one statement when the server process holds the game as it
stands (``Service._act_at_once``), and the usual way (the row read and locked) whenever another
process changed the game since: nothing another process did is ever written over, and the
answer is the one the database's game gives.

Two services on one database stand for two server processes (each keeps its own games)."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pytest
from sqlalchemy import event, select

from consim.cli.serve import database_url
from consim.server.db import GameRow, Store
from consim.server.service import Access, ServerError, Service
from tests.server.pg import postgresql

#: processes, databases or searches that take long: a full run's (CI's), see tests/conftest.py
pytestmark = pytest.mark.slow


@pytest.fixture(scope="module")
def pg_url() -> Iterator[str]:
    with postgresql("consim_moves") as url:
        yield database_url(url)


@pytest.fixture
def two(pg_url: str) -> Iterator[tuple[Service, Service]]:
    """Two server processes' services on the same database."""
    stores = [Store(pg_url), Store(pg_url)]
    try:
        yield Service(stores[0]), Service(stores[1])
    finally:
        for store in stores:
            store.dispose()


def _statements(service: Service) -> list[str]:
    """Every statement ``service`` sends from now on: its first word, and ``+autocommit`` if
    it commits on its own (psycopg sends no ``BEGIN`` before it nor ``COMMIT`` after)."""
    sent: list[str] = []

    def note(conn: Any, cursor: Any, statement: str, *rest: Any) -> None:
        alone = conn.connection.dbapi_connection.autocommit
        sent.append(statement.split(None, 1)[0].upper() + ("+autocommit" if alone else ""))

    event.listen(service.store.engine, "before_cursor_execute", note)
    return sent


def _row(service: Service, game_id: int) -> GameRow:
    with service.store.reading() as db:
        row = db.scalars(select(GameRow).where(GameRow.id == game_id)).one()
        return row


def _people(service: Service, seed: int = 3) -> tuple[int, dict[str, str]]:
    made = service.create("iraq", {"players": 2}, {"US": "human", "Insurgent": "human"}, seed)
    return made.game_id, made.tokens


def test_a_move_on_the_game_as_it_stands_is_one_statement(two: tuple[Service, Service]) -> None:
    a, _ = two
    game_id, _ = _people(a)
    page = a.page(Access(game_id, "US"))
    sent = _statements(a)
    after = a.act(Access(game_id, "US"), page["actions"][0], page["version"])
    assert sent == ["UPDATE+autocommit"], sent  # no BEGIN, no read of the row, no COMMIT
    assert after is not None and after["revision"] == page["revision"] + 1
    row = _row(a, game_id)
    assert (row.revision, row.version) == (after["revision"], after["version"])
    assert row.recent[-1] == [after["revision"], [["act", "US", page["actions"][0]]]]
    # what another process makes of the database: the same position
    assert a.stored(game_id).view("US") == after["view"]


def test_a_move_after_another_process_changed_the_game_writes_nothing_over(
    two: tuple[Service, Service],
) -> None:
    """Process A holds the game at revision R; process B sends a message (R+1, the same
    version). A's move on its copy would write over the message: the statement finds the row
    moved on, and the move is made the usual way, on the game with the message."""
    a, b = two
    game_id, _ = _people(a)
    page = a.page(Access(game_id, "US"))
    b.say(Access(game_id, "Insurgent"), None, "a message A has not seen")
    sent = _statements(a)
    after = a.act(Access(game_id, "US"), page["actions"][0], page["version"])
    # tried at once, then the usual way: the row read and locked in a transaction, and changed
    assert sent == ["UPDATE+autocommit", "SELECT", "UPDATE"], sent
    assert after is not None and after["revision"] == page["revision"] + 2
    assert [m["text"] for m in after["chat"]] == ["a message A has not seen"]
    assert [m.text for m in b.stored(game_id).chat("US")] == ["a message A has not seen"]
    row = _row(b, game_id)
    assert row.revision == after["revision"] and row.version == after["version"]


def test_a_move_on_a_version_this_process_has_not_seen_is_accepted(two: tuple[Service, Service]) -> None:
    """The player saw the game at B's newer version: A's copy is behind (its version check
    would refuse the move), so the row decides, and accepts it."""
    a, b = two
    game_id, _ = _people(a)
    first = a.page(Access(game_id, "US"))
    seat = first["to_act"][0]
    done = b.act(Access(game_id, seat), b.page(Access(game_id, seat))["actions"][0], first["version"])
    assert done is not None
    now = b.page(Access(game_id, done["to_act"][0]))
    after = a.act(Access(game_id, now["seat"]), now["actions"][0], now["version"])
    assert after is not None and after["version"] == now["version"] + 1
    assert _row(b, game_id).version == after["version"]


def test_a_refused_move_leaves_the_game_and_the_copy_as_they_were(two: tuple[Service, Service]) -> None:
    a, _ = two
    game_id, _ = _people(a)
    page = a.page(Access(game_id, "US"))
    with pytest.raises(ServerError) as refused:
        a.act(Access(game_id, "US"), "no such move", page["version"])
    assert refused.value.status == 422
    with pytest.raises(ServerError) as stale:
        a.act(Access(game_id, "US"), page["actions"][0], page["version"] - 1)
    assert stale.value.status == 409
    assert a.page(Access(game_id, "US")) == page
    assert _row(a, game_id).revision == page["revision"]


def test_a_move_that_leaves_a_bot_to_act_queues_it_in_the_database(two: tuple[Service, Service]) -> None:
    a, _ = two
    woken: list[bool] = []
    a.on_bots_due.append(lambda: woken.append(True))
    made = a.create("iraq", {"players": 2}, {"US": "human", "Insurgent": "heuristic"}, 5)
    game_id = made.game_id
    while a.claim_bot_work("test") == game_id:  # the bots' first moves (no bot worker here)
        a.bot_turn(game_id, "test")
    page = a.page(Access(game_id, "US"))
    woken.clear()
    sent = _statements(a)
    while page["your_turn"]:
        page = a.act(Access(game_id, "US"), page["actions"][0], page["version"]) or {}
        if "Insurgent" in page["to_act"]:
            break
    assert "Insurgent" in page["to_act"], "the bot never came to act"
    assert set(sent) == {"UPDATE+autocommit"}, sent
    assert _row(a, game_id).bot_due is not None and woken == [True]
