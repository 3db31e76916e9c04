"""The small values of the public contract: :class:`Prompt`, :class:`Outcome` (with
:class:`Conflict`), :class:`GameOptions`, and the seed a game actually uses."""

from __future__ import annotations

import operator
from dataclasses import dataclass, field
from typing import Any

from pydantic import BaseModel, ConfigDict

from consim.core.action import Action

_MASK64 = (1 << 64) - 1


@dataclass(frozen=True, slots=True)
class Prompt:
    """What a seat is asked now: a sentence (with its rule) and the finite list of legal actions."""

    seat: str
    text: str
    actions: list[Action]
    rule: str = ""

    def __str__(self) -> str:
        return f"{self.text} [{self.rule}]" if self.rule else self.text


@dataclass(frozen=True, slots=True)
class Conflict:
    """One contest decided separately within a game (Iraq's Civil War and Insurgency)."""

    seats: tuple[str, ...]
    winners: tuple[str, ...]


@dataclass(frozen=True, slots=True)
class Standing:
    """Where a game stands now, for search that stops before the end: the turn being played
    and each seat's score if the game ended here (higher is better, in the unit of
    :class:`Outcome`'s ``scores``).

    ``progress`` is for a game whose scores move in whole steps (Fitna's victory levels),
    where most moves change nobody's score within a turn: how far each seat has come toward
    its next step, always less than one step, so that a search may tell positions of the
    same score apart without ever ranking one above a higher score. Empty where the scores
    already move in small steps."""

    turn: int
    scores: dict[str, float]
    progress: dict[str, float] = field(default_factory=dict)


@dataclass(frozen=True, slots=True)
class Outcome:
    """The end of a game.

    ``scores`` maps every seat to a number where higher is better for that seat (``unit``
    names it); ``winners`` may hold several seats; ``result`` is a sentence for people. The
    typed fields below are filled where a game has them; ``details`` holds anything else the
    game reports.
    """

    scores: dict[str, float]
    winners: tuple[str, ...]
    result: str
    details: dict[str, Any] = field(default_factory=dict)
    #: what ``scores`` count ("VP", "victory PP", ...)
    unit: str = ""
    #: the game's own victory measure when it has one (The First Jihad's Outcome Points)
    points: float | None = None
    #: the victory level reached ("" when the game has none)
    level: str = ""
    #: how the game ended, in a few words, for simulation summaries
    ending: str = ""
    #: the game's length in turns
    turns: int | None = None
    #: contests decided separately, by name
    conflicts: dict[str, Conflict] = field(default_factory=dict)

    def to_dict(self) -> dict[str, Any]:
        data: dict[str, Any] = {
            "scores": dict(self.scores),
            "winners": list(self.winners),
            "result": self.result,
            "unit": self.unit,
            "points": self.points,
            "level": self.level,
            "ending": self.ending,
            "turns": self.turns,
            "conflicts": {
                k: {"seats": list(c.seats), "winners": list(c.winners)} for k, c in self.conflicts.items()
            },
            "details": self.details,
        }
        return data


class GameOptions(BaseModel):
    """Base for each game's options model. Unknown options are rejected."""

    model_config = ConfigDict(extra="forbid", frozen=True)


def normal_seed(seed: object) -> int:
    """The seed actually used: any integer-like value (``operator.index``: numpy integers
    too), reduced to the generator's 64 bits.

    >>> normal_seed(7), normal_seed(-1) == 2**64 - 1
    (7, True)
    """
    if isinstance(seed, bool):
        raise ValueError(f"seed must be an integer, not {seed!r}")
    try:
        value = operator.index(seed)  # type: ignore[arg-type]
    except TypeError:
        raise ValueError(f"seed must be an integer, not {type(seed).__name__} {seed!r}"[:80]) from None
    return value & _MASK64
