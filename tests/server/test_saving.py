"""How a game's whole position reaches the database: a change writes only itself (its steps,
kept in the row's ``recent``), and the whole position is written after the change has been
committed, by the service's saver thread, every SAVE_EVERY changes. A change writes it itself
when the saver has fallen RECENT changes behind, so that the saved position and the kept
changes always lead to the game as it is."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from consim.server.db import GameRow, Store
from consim.server.positions import RECENT, SAVE_EVERY
from consim.server.service import Access, Service

_PLAYERS = {"US": "human", "Insurgent": "human"}


class _Idle:
    """A saver that saves nothing: it only notes what it was asked."""

    def __init__(self) -> None:
        self.asked: list[tuple[int, int]] = []

    def ask(self, game_id: int, revision: int) -> None:
        self.asked.append((game_id, revision))

    def stop(self, timeout: float = 10.0) -> None:
        pass

    def wait(self, timeout: float) -> bool:
        return True


def _row(url: str, game_id: int) -> dict[str, Any]:
    with Store(url).session() as db:
        row = db.get(GameRow, game_id)
        assert row is not None
        return {"revision": row.revision, "state_revision": row.state_revision, "state": row.state}


def _fresh_page(url: str, game_id: int) -> dict[str, Any]:
    """The game as a process that has never seen it shows it (restored from the database)."""
    return Service(Store(url)).page(Access(game_id, "US"))


def test_a_change_leaves_the_whole_position_to_the_saver_until_it_falls_behind(tmp_path: Path) -> None:
    url = f"sqlite:///{tmp_path / 'games.db'}"
    service = Service(Store(url))
    idle = _Idle()
    service._saver = idle  # type: ignore[assignment]
    game_id = service.create("iraq", {"players": 2}, _PLAYERS, seed=2).game_id
    start = _row(url, game_id)["state_revision"]  # saved whole as it was made
    for n in range(1, RECENT):
        service.say(Access(game_id, "US"), None, f"message {n}", answer=False)
        row = _row(url, game_id)
        assert (row["revision"], row["state_revision"]) == (start + n, start)  # the change alone was written
        # the saved position and the kept changes still lead to the game as it is
        assert _fresh_page(url, game_id) == service.page(Access(game_id, "US"))
    assert idle.asked == [(game_id, start + n) for n in range(SAVE_EVERY, RECENT)]
    # the saver is RECENT changes behind: the change saves the position itself
    service.say(Access(game_id, "US"), None, "one more", answer=False)
    row = _row(url, game_id)
    assert (row["revision"], row["state_revision"]) == (start + RECENT, start + RECENT)
    assert _fresh_page(url, game_id) == service.page(Access(game_id, "US"))


def test_the_saver_saves_the_position_the_change_made(tmp_path: Path) -> None:
    url = f"sqlite:///{tmp_path / 'games.db'}"
    service = Service(Store(url))
    game_id = service.create("iraq", {"players": 2}, _PLAYERS, seed=2).game_id
    start = _row(url, game_id)["revision"]
    for n in range(SAVE_EVERY + 1):
        service.say(Access(game_id, "Insurgent"), None, f"message {n}", answer=False)
    assert service.saved()
    row = _row(url, game_id)
    assert row["state_revision"] == row["revision"] == start + SAVE_EVERY + 1
    held = service._cache.get(game_id)
    assert held is not None and row["state"] == held.state.to_dict(undo=True)
    service.close()


def test_a_late_or_stale_save_changes_nothing(tmp_path: Path) -> None:
    """The saver writes a position only if the process still holds the game at the revision
    it was asked for, and never over a newer saved position."""
    url = f"sqlite:///{tmp_path / 'games.db'}"
    service = Service(Store(url))
    service._saver = _Idle()  # type: ignore[assignment]
    game_id = service.create("iraq", {"players": 2}, _PLAYERS, seed=2).game_id
    for n in range(SAVE_EVERY + 2):
        service.say(Access(game_id, "US"), None, f"message {n}", answer=False)
    before = _row(url, game_id)
    now = before["revision"]
    service._checkpoint(game_id, now - 1)  # the game has moved on since: nothing is saved
    assert _row(url, game_id) == before
    service._checkpoint(game_id, now)  # the revision held: saved
    saved = _row(url, game_id)
    assert saved["state_revision"] == now and saved["state"] != before["state"]
    service._checkpoint(game_id, now)  # again: the same revision is not written twice
    service._cache.pop(game_id)  # a process that no longer holds the game saves nothing
    service._checkpoint(game_id, now)
    assert _row(url, game_id) == saved
    assert _fresh_page(url, game_id) == service.page(Access(game_id, "US"))
