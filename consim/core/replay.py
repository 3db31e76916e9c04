"""Replaying a record into a state."""

from __future__ import annotations

import warnings

from consim.core.errors import IllegalAction
from consim.core.game import Game, State
from consim.core.log import ChatMessage
from consim.core.record import Record
from consim.core.registry import load_game


class ContentChanged(UserWarning):
    """A record was made with other content files than the game has now: the replay may go
    another way than the original game."""


def replay(record: Record, upto: int | None = None, game: Game | None = None) -> State:
    """Rebuild the state a record describes (optionally only its first ``upto`` actions).

    ``game`` plays it with that :class:`Game` instead of the registered one of the record's
    name and options. If the record was made under other content files (its ``content``
    hash differs) a :class:`ContentChanged` warning says so, and a failing action says so too.
    """
    game = game or load_game(record.game, **record.options)
    changed = bool(record.content) and record.content != game.content_hash()
    note = ""
    if changed:
        note = (
            f" (the record was made with other {record.game} content files, {record.content}, "
            f"than this installation's {game.content_hash()}; it may not replay)"
        )
        warnings.warn(
            f"replaying a {record.game} record made with other content files"
            f" ({record.engine or 'an unknown engine'}): the game may go another way",
            ContentChanged,
            stacklevel=2,
        )
    if record.start is None:
        state = game.new_game(record.seed)
    else:
        state = game.restore(record.start)
        state._start = record.start
    actions = record.actions if upto is None else record.actions[:upto]
    for i, (seat, text) in enumerate(actions):
        try:
            state.apply(seat, text)
        except IllegalAction as exc:
            raise IllegalAction(f"record action #{i + 1} ({seat}: {text[:60]}) failed: {exc}{note}") from exc
    if record.chat:  # the messages sent up to the last action replayed
        state._chat = [
            ChatMessage.from_dict(m) for m in record.chat if int(m.get("at_action", 0)) <= len(actions)
        ]
    return state
