"""Replaying a record into a state."""

from __future__ import annotations

from consim.core.errors import IllegalAction
from consim.core.game import State
from consim.core.record import Record
from consim.core.registry import load_game


def replay(record: Record, upto: int | None = None) -> State:
    """Rebuild the state a record describes (optionally only its first ``upto`` actions)."""
    game = load_game(record.game, **record.options)
    state = game.new_game(record.seed)
    actions = record.actions if upto is None else record.actions[:upto]
    for i, (seat, text) in enumerate(actions):
        try:
            state.apply(seat, text)
        except IllegalAction as exc:
            raise IllegalAction(f"record action #{i + 1} ({seat}: {text}) failed: {exc}") from exc
    return state
