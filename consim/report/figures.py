"""The figures of a balance report, read from a batch of results; no drawing here.

Every figure the report draws is computed here first, so the pictures and the HTML page's
tables show the same numbers.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field

from consim.core.errors import OptionError
from consim.core.registry import game_class
from consim.sim.files import ResultSet
from consim.sim.levels import LEVEL_ORDER, level_counts, levels_reader
from consim.sim.runner import Summary, summarize
from consim.sim.stats import wilson

#: how a level is named on a page ("none" is no victory at all)
LEVEL_NAMES = {"none": "no victory", "minor": "minor", "major": "major", "decisive": "decisive"}


@dataclass(frozen=True, slots=True)
class Share:
    """``count`` of ``total`` games, with the 95% Wilson interval of the share."""

    label: str
    count: int
    total: int

    @property
    def rate(self) -> float:
        return self.count / self.total if self.total else 0.0

    @property
    def interval(self) -> tuple[float, float]:
        return wilson(self.count, self.total)


@dataclass(frozen=True, slots=True)
class SeatLevels:
    """How often one seat reached each victory level (Fitna): ``shares`` from no victory up."""

    seat: str
    shares: list[Share]


@dataclass(frozen=True, slots=True)
class Figures:
    """Everything the report shows about one batch."""

    game: str
    title: str
    seats: list[str]
    summary: Summary
    #: the scores' unit as a reader says it ("VP", "Outcome Points", "victory level")
    unit: str
    #: True for a game played alone with points and no winner (The First Jihad)
    solitaire: bool
    #: one share per seat, then "no winner" when some games had none
    wins: list[Share]
    #: per conflict (Iraq): its name and one share per seat taking part
    conflicts: list[tuple[str, list[Share]]]
    #: per seat, its score in every game (The First Jihad: its Outcome Points)
    scores: dict[str, list[float]]
    #: (level, points of the games that reached it), by the levels' lowest points (Jihad)
    points_by_level: list[tuple[str, list[float]]]
    turns: list[int]
    decisions: list[int]
    #: per seat, the victory levels reached (games whose seats each reach one: Fitna)
    seat_levels: list[SeatLevels]
    #: the level the game reports, per level (The First Jihad's bands), by lowest points
    game_levels: list[Share]
    endings: list[Share]
    #: games in which no seat reached a victory level (with ``seat_levels``)
    nobody: int = 0
    options: dict[str, object] = field(default_factory=dict)
    bots: dict[str, str] = field(default_factory=dict)
    seeds: tuple[int, int] | None = None


def game_title(game: str) -> str:
    """The game's name as its box says it, or its id when it is not a known game."""
    try:
        return game_class(game).title
    except OptionError:
        return game


def _unit(unit: str, points: bool) -> str:
    if points:
        return "Outcome Points"
    return unit or "score"


def compute(data: ResultSet) -> Figures:
    """The report's figures for ``data``."""
    results = data.results
    seats = list(data.seats)
    summary = summarize(results, seats)
    n = len(results)
    points = summary.points is not None
    solitaire = points and len(seats) == 1

    wins = [Share(s.seat, s.wins, n) for s in summary.seats]
    nobody_won = sum(1 for r in results if not r.winners)
    if nobody_won and not solitaire:
        wins.append(Share("no winner", nobody_won, n))
    conflicts = [(c.name, [Share(s.seat, s.wins, c.games) for s in c.seats]) for c in summary.conflicts]

    if points:
        scores = {seats[0]: [float(r.points) for r in results if r.points is not None]} if solitaire else {}
    else:
        scores = {}
    if not scores:
        scores = {s: [r.scores.get(s, 0.0) for r in results] for s in seats}
    by_level: list[tuple[str, list[float]]] = []
    game_levels: list[Share] = []
    if summary.points is not None:
        for level, count in summary.points.levels:
            by_level.append(
                (level, [float(r.points) for r in results if r.level == level and r.points is not None])
            )
            game_levels.append(Share(level, count, summary.points.games))

    seat_levels: list[SeatLevels] = []
    nobody = 0
    reader = levels_reader(data.game)
    if reader is not None and results:
        counts = level_counts(results, seats, reader)
        for seat in seats:
            row = counts["seats"][seat]
            seat_levels.append(SeatLevels(seat, [Share(LEVEL_NAMES[lv], row[lv], n) for lv in LEVEL_ORDER]))
        nobody = int(counts["nobody"])
    elif not game_levels:
        levels: dict[str, int] = {}
        for r in results:
            if r.level:
                levels[r.level] = levels.get(r.level, 0) + 1
        game_levels = [Share(lv, c, n) for lv, c in sorted(levels.items(), key=lambda kv: -kv[1])]

    seeds = (min(r.seed for r in results), max(r.seed for r in results)) if results else None
    return Figures(
        game=data.game,
        title=game_title(data.game),
        seats=seats,
        summary=summary,
        unit=_unit(summary.unit, points),
        solitaire=solitaire,
        wins=wins,
        conflicts=conflicts,
        scores=scores,
        points_by_level=by_level,
        turns=[r.turns for r in results if r.turns is not None],
        decisions=[r.decisions for r in results],
        seat_levels=seat_levels,
        game_levels=game_levels,
        endings=[Share(e, c, n) for e, c in summary.endings],
        nobody=nobody,
        options=dict(data.options),
        bots=dict(data.bots),
        seeds=seeds,
    )


def pct(x: float) -> str:
    """A share as the simulate command prints it.

    >>> pct(0.41666)
    '41.7%'
    """
    return f"{100 * x:.1f}%"


def interval(share: Share) -> str:
    """The 95% interval of a share, in percent.

    >>> interval(Share("A", 5, 10))
    '23.7–76.3%'
    """
    low, high = share.interval
    return f"{100 * low:.1f}–{100 * high:.1f}%"


def spread(values: Sequence[float]) -> tuple[float, float, float]:
    """The median, lowest and highest of ``values`` (``nan`` for none).

    >>> spread([3.0, 1.0, 2.0, 10.0])
    (2.5, 1.0, 10.0)
    """
    if not values:
        nan = float("nan")
        return (nan, nan, nan)
    ordered = sorted(values)
    k = len(ordered)
    median = ordered[k // 2] if k % 2 else (ordered[k // 2 - 1] + ordered[k // 2]) / 2
    return (median, ordered[0], ordered[-1])
