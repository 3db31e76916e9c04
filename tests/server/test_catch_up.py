"""Two server processes on one database: each keeps the games it has restored, and brings a
game another process has changed since up to date by replaying that process's changes (the
actions, undos, messages and bot moves kept with the game) rather than restoring the whole
position. What it shows must be exactly what a fresh restore shows."""

from __future__ import annotations

import random
from pathlib import Path
from typing import Any

import pytest

import consim
from consim.server.db import Store
from consim.server.positions import RECENT
from consim.server.service import Access, Service

_GAMES = [("iraq", {"players": 3}), ("jihad", {}), ("baghdad", {"players": 3}), ("fitna", {"scenario": 1})]


def _counting_restores(service: Service, monkeypatch: pytest.MonkeyPatch) -> list[int]:
    """A list that grows by one each time ``service`` restores a game from its saved position."""
    restored: list[int] = []
    real = service._entry.__func__  # type: ignore[attr-defined]

    def entry(self: Service, row: Any) -> Any:
        cached = self._cache.get(row.id)
        found = real(self, row)
        if cached is None or (found.state is not cached.state):
            restored.append(row.id)
        return found

    monkeypatch.setattr(service, "_entry", entry.__get__(service))
    return restored


def _fresh(url: str, game_id: int, seat: str | None) -> dict[str, Any]:
    """The page as a process that has never seen the game shows it (restored from the database)."""
    return Service(Store(url)).page(Access(game_id, seat))


@pytest.mark.parametrize(
    ("name", "options"),
    [pytest.param(g, o, id=g, marks=[pytest.mark.slow] if g == "fitna" else []) for g, o in _GAMES],
)
def test_a_process_replays_what_another_did_and_shows_what_a_restore_shows(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, name: str, options: dict[str, Any]
) -> None:
    url = f"sqlite:///{tmp_path / 'games.db'}"
    one, two = Service(Store(url)), Service(Store(url))
    seats = consim.load_game(name, **options).seats
    game_id = one.create(name, options, dict.fromkeys(seats, "human"), seed=4).game_id
    two.page(Access(game_id, None))  # the second process has restored the game once
    restored = _counting_restores(two, monkeypatch)
    rng = random.Random(9)
    for n in range(40):
        mover = one if n % 3 else two  # most changes come from the other process
        public = mover.page(Access(game_id, None))
        if public["over"]:
            break
        seat = public["to_act"][0]
        page = mover.page(Access(game_id, seat))
        if n % 7 == 3 and page["chat_open"]:
            mover.say(Access(game_id, seat), None, f"message {n}", answer=False)
        elif page["can_undo"] and n % 5 == 4:
            mover.undo(Access(game_id, seat), page["version"], answer=False)
        else:
            mover.act(Access(game_id, seat), rng.choice(page["actions"]), page["version"], answer=False)
        for seat_seen in (seat, None):  # the mover's page is the truth; the others must agree
            truth = mover.page(Access(game_id, seat_seen))
            assert two.page(Access(game_id, seat_seen)) == truth
            assert one.page(Access(game_id, seat_seen)) == truth
            assert _fresh(url, game_id, seat_seen) == truth
    assert restored == []  # every change of the first process was replayed, none restored
    saved = one.stored(game_id)
    assert saved.to_dict(undo=True) == one._cache.get(game_id).state.to_dict(undo=True)  # type: ignore[union-attr]


def test_a_process_too_far_behind_restores_the_game(tmp_path: Path) -> None:
    """Only the last changes are kept: a process that missed more restores the game."""
    url = f"sqlite:///{tmp_path / 'games.db'}"
    one, two = Service(Store(url)), Service(Store(url))
    game_id = one.create("iraq", {"players": 2}, {"US": "human", "Insurgent": "human"}, seed=2).game_id
    two.page(Access(game_id, None))
    old = two._cache.get(game_id)
    for n in range(RECENT + 1):
        one.say(Access(game_id, "US"), None, f"hello {n}", answer=False)
    assert two.page(Access(game_id, "US")) == _fresh(url, game_id, "US")
    now = two._cache.get(game_id)
    assert old is not None and now is not None and now.state is not old.state  # restored, not replayed


def test_a_claimed_seat_is_seen_by_the_other_process(tmp_path: Path) -> None:
    url = f"sqlite:///{tmp_path / 'games.db'}"
    one, two = Service(Store(url)), Service(Store(url))
    game_id = one.create("iraq", {"players": 2}, {"US": "human", "Insurgent": "open"}, seed=2).game_id
    assert two.page(Access(game_id, None))["players"]["Insurgent"] == "open seat"
    one.claim(game_id, "Insurgent")
    assert two.page(Access(game_id, None))["players"]["Insurgent"] == "person"


def test_bot_moves_made_by_another_process_are_replayed(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    url = f"sqlite:///{tmp_path / 'games.db'}"
    one, two = Service(Store(url)), Service(Store(url))  # one moves the bots (a bot worker)
    players = {"Sunni": "human", "Shia": "heuristic", "Kurd": "heuristic"}
    game_id = one.create("iraq", {"players": 3}, players, seed=5).game_id
    rng = random.Random(3)
    two.page(Access(game_id, None))
    restored = _counting_restores(two, monkeypatch)
    moved = 0
    for _ in range(12):
        while (held := one.claim_bot_work("worker")) is not None:
            one.bot_turn(held, "worker")
            moved += 1
        page = two.page(Access(game_id, "Sunni"))
        assert page == _fresh(url, game_id, "Sunni")
        if page["over"] or not page["actions"]:
            break
        two.act(Access(game_id, "Sunni"), rng.choice(page["actions"]), page["version"], answer=False)
    assert moved and restored == []
