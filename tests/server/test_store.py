"""The database layer under concurrent writers: on SQLite the writers of one process queue on
a lock of their own, so none of them sleeps in SQLite's busy handler or fails with "database
is locked", and every write is kept."""

from __future__ import annotations

import threading
import time
from pathlib import Path

from consim.server.db import GameRow, Store, select


def test_concurrent_sqlite_writers_all_commit_one_at_a_time(tmp_path: Path) -> None:
    store = Store(f"sqlite:///{tmp_path / 'consim.db'}")
    inside = 0
    most = 0
    guard = threading.Lock()
    errors: list[BaseException] = []

    def writer(n: int) -> None:
        nonlocal inside, most
        try:
            for i in range(15):
                with store.writing() as db:
                    with guard:
                        inside += 1
                        most = max(most, inside)
                    db.add(GameRow(game="iraq", options={"writer": n, "i": i}, state={}, version=0))
                    time.sleep(0.001)  # hold the transaction a moment, as a real action does
                    with guard:
                        inside -= 1
        except BaseException as exc:
            errors.append(exc)

    threads = [threading.Thread(target=writer, args=(n,)) for n in range(8)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    assert errors == []
    assert most == 1
    with store.reading() as db:
        assert len(db.scalars(select(GameRow.id)).all()) == 8 * 15
    store.dispose()


def test_a_failed_write_keeps_nothing_and_frees_the_lock(tmp_path: Path) -> None:
    store = Store(f"sqlite:///{tmp_path / 'consim.db'}")
    try:
        with store.writing() as db:
            db.add(GameRow(game="iraq", options={}, state={}, version=0))
            raise RuntimeError("the action failed")
    except RuntimeError:
        pass
    with store.writing() as db:  # would hang if the lock were still held
        db.add(GameRow(game="jihad", options={}, state={}, version=0))
    with store.reading() as db:
        assert db.scalars(select(GameRow.game)).all() == ["jihad"]
    store.dispose()
