"""The registry of sequence-of-play frames: automatic steps and decisions.

A frame is a plain dict with a kind ``k``. Automatic kinds map to a function that advances
the frame (pushing or popping frames); decision kinds map to a :class:`Decision` whose
``legal`` list is the single statement of what the player may do there.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from consim.core.action import Action

if TYPE_CHECKING:
    from consim.games.jihad.game import JihadState

Frame = dict[str, Any]


def _pop(state: JihadState, frame: Frame) -> None:
    state.pop()


@dataclass(frozen=True)
class Decision:
    """A decision frame: prompt text and rule, the legal actions, and the handler.

    ``skip`` runs when no action is legal (the step does not apply); by default the frame ends.
    """

    prompt: Callable[[JihadState, Frame], tuple[str, str]]
    legal: Callable[[JihadState, Frame], list[Action]]
    act: Callable[[JihadState, Frame, Action], None]
    skip: Callable[[JihadState, Frame], None] = _pop


AUTO: dict[str, Callable[[JihadState, Frame], None]] = {}
DECISIONS: dict[str, Decision] = {}


def registry() -> tuple[dict[str, Callable[[JihadState, Frame], None]], dict[str, Decision]]:
    """The frame kinds of every rules module (collected on first use: the modules import
    this one for :class:`Decision`)."""
    if not AUTO:
        from consim.games.jihad import actions, arabs, endturn, events, paths, religion, truce, turn

        for module in (turn, events, arabs, actions, endturn, paths, religion, truce):
            AUTO.update(module.AUTO)
            DECISIONS.update(module.DECISIONS)
    return AUTO, DECISIONS
