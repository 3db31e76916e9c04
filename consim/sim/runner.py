"""Batch simulation: play many games with bots, locally, in one or several processes.

Game ``i`` of a batch uses seed ``seed + i`` for the game and for its bots, so a batch's
results do not depend on how many processes ran it.

>>> from consim.sim import run_games, summarize
>>> results = run_games("iraq", {"players": 2, "turns": 2}, games=3, bots="random", seed=5)
>>> [r.seed for r in results]
[5, 6, 7]
>>> summary = summarize(results, ("US", "Insurgent"))
>>> summary.games, sum(s.wins for s in summary.seats) >= 3
(3, True)
"""

from __future__ import annotations

import math
import os
import time
from collections.abc import Callable, Iterator, Mapping, Sequence
from concurrent.futures import ProcessPoolExecutor, as_completed
from dataclasses import asdict, dataclass, field
from typing import Any

from consim.bots.base import bot_kinds
from consim.bots.driver import bots_for, play_out
from consim.core.errors import OptionError
from consim.core.game import Game, State
from consim.core.registry import load_game
from consim.sim.stats import mean, stdev, wilson

#: a seat -> bot kind mapping, or one kind for every seat
BotSpec = str | Mapping[str, str]


@dataclass(frozen=True, slots=True)
class GameResult:
    """The result of one simulated game.

    ``conflicts`` maps each conflict of the game (if the game reports several, as Iraq's
    Civil War and Insurgency) to its winners. ``seconds`` is wall time and is ignored by
    ``==``, so results of two runs compare equal when the games were the same.
    """

    seed: int
    scores: dict[str, float]
    winners: list[str]
    result: str
    conflicts: dict[str, list[str]]
    decisions: int
    seconds: float = field(default=0.0, compare=False)
    #: the seats taking part in each conflict (from the outcome's details)
    conflict_seats: dict[str, list[str]] = field(default_factory=dict)
    #: the unit of ``scores`` when the game names one (Iraq: "VP")
    unit: str = ""
    #: the game's own victory measure, when its outcome reports one in
    #: ``Outcome.points`` (The First Jihad's Outcome Points)
    points: float | None = None
    #: the victory level reached, ``Outcome.level`` ("" when the game has none)
    level: str = ""
    #: how the game ended, ``Outcome.ending`` ("" when the game does not say)
    ending: str = ""
    #: the game's length in turns, ``Outcome.turns`` (``None`` when not reported)
    turns: int | None = None

    def to_dict(self) -> dict[str, Any]:
        """The JSON form written by ``consim simulate --json``."""
        data: dict[str, Any] = {
            "seed": self.seed,
            "scores": dict(self.scores),
            "winners": list(self.winners),
            "result": self.result,
            "conflicts": {k: list(v) for k, v in self.conflicts.items()},
            "decisions": self.decisions,
        }
        if self.points is not None:
            data["points"] = self.points
        if self.level:
            data["level"] = self.level
        if self.ending:
            data["ending"] = self.ending
        if self.turns is not None:
            data["turns"] = self.turns
        return data


# -- running ----------------------------------------------------------------------------


class SimulationError(RuntimeError):
    """A simulated game crashed or stalled; the message names the game and its seed."""


class MissingExtra(RuntimeError):
    """An optional feature's package is not installed; the message names the install command."""


#: where a batch runs: ``local`` processes (``jobs``) or a ``ray`` cluster
BACKENDS = ("local", "ray")


def resolve_bots(game: Game, default: str, overrides: Mapping[str, str] | None = None) -> dict[str, str]:
    """One bot kind per seat: ``default`` everywhere, except the seats in ``overrides``.

    Raises :class:`OptionError` for an unknown seat or bot kind.

    >>> import consim
    >>> resolve_bots(consim.load_game("iraq", players=2), "heuristic", {"US": "random"})
    {'US': 'random', 'Insurgent': 'heuristic'}
    """
    overrides = dict(overrides or {})
    bad = [s for s in overrides if s not in game.seats]
    if bad:
        raise OptionError(f"unknown seat {bad[0]!r} for {game.id}; seats are {', '.join(game.seats)}")
    kinds = {seat: overrides.get(seat, default) for seat in game.seats}
    known = bot_kinds(game)
    for kind in kinds.values():
        if kind not in known:
            raise OptionError(f"unknown bot {kind!r} for {game.id}; choose from {', '.join(sorted(known))}")
    return kinds


def _check_bots(game: Game, bots: BotSpec) -> dict[str, str]:
    if isinstance(bots, str):
        return resolve_bots(game, bots)
    missing = [s for s in game.seats if s not in bots]
    if missing:
        raise OptionError(f"no bot given for seat(s) {', '.join(missing)} of {game.id}")
    return resolve_bots(game, "random", bots)


def play_one(game: Game, bots: Mapping[str, str], seed: int) -> GameResult:
    """Play one game to its end with ``bots`` (seat -> kind), the game and bots seeded by
    ``seed``."""
    start = time.perf_counter()
    state = game.new_game(seed)
    try:
        decisions = play_out(state, bots_for(game, bots, seed))
    except Exception as exc:
        # name the game to replay; a plain message also crosses process boundaries intact
        raise SimulationError(
            f"{game.id} game with seed {seed} failed after {_actions_so_far(state)} "
            f"actions: {type(exc).__name__}: {exc}"
        ) from exc
    outcome = state.outcome()
    seconds = time.perf_counter() - start
    if outcome is None:  # pragma: no cover - play_out only returns when the game is over
        raise SimulationError(f"{game.id} game with seed {seed} did not end")
    conflicts = {name: list(c.winners) for name, c in outcome.conflicts.items()}
    conflict_seats = {name: list(c.seats) for name, c in outcome.conflicts.items()}
    return GameResult(
        seed=seed,
        scores={s: float(v) for s, v in outcome.scores.items()},
        winners=list(outcome.winners),
        result=outcome.result,
        conflicts=conflicts,
        decisions=decisions,
        seconds=seconds,
        conflict_seats=conflict_seats,
        unit=outcome.unit,
        points=outcome.points,
        level=outcome.level,
        ending=outcome.ending,
        turns=outcome.turns,
    )


def _actions_so_far(state: State) -> str:
    try:
        return str(len(state.record().actions))
    except Exception:  # the state may be broken; the seed alone still replays the game
        return "?"


# Each worker process keeps its Game objects: static content loads once per process.
_GAMES: dict[tuple[str, str], Game] = {}


def _game(name: str, options: Mapping[str, Any]) -> Game:
    key = (name, repr(sorted(options.items())))
    game = _GAMES.get(key)
    if game is None:
        game = _GAMES[key] = load_game(name, **options)
    return game


def run_chunk(name: str, options: dict[str, Any], bots: dict[str, str], seeds: list[int]) -> list[GameResult]:
    """Play the games of ``seeds``, in a worker: a process of the pool or a Ray task."""
    game = _game(name, options)
    return [play_one(game, bots, s) for s in seeds]


def chunk_seeds(seeds: list[int], jobs: int) -> Iterator[list[int]]:
    """``seeds`` cut into chunks for ``jobs`` workers, in order."""
    # several chunks per worker balance the load; small enough for a lively progress bar
    size = max(1, min(64, len(seeds) // (jobs * 8)))
    for i in range(0, len(seeds), size):
        yield seeds[i : i + size]


def run_games(
    game_name: str,
    options: Mapping[str, Any],
    games: int,
    bots: BotSpec,
    seed: int = 0,
    jobs: int = 1,
    progress: Callable[[int], None] | None = None,
    backend: str = "local",
    address: str | None = None,
) -> list[GameResult]:
    """Play ``games`` games of ``game_name`` with ``options`` and return their results in
    order. Game ``i`` is seeded with ``seed + i`` (its bots too).

    ``bots`` is one bot kind for every seat or a mapping seat -> kind naming every seat.
    ``jobs`` > 1 runs the games in that many processes (``0`` = one per CPU); the results
    are the same for any ``jobs``. ``progress`` is called with the number of games finished
    so far, after each game (``jobs`` = 1) or each chunk of games.

    ``backend="ray"`` runs the chunks as tasks on a Ray cluster instead (see
    :mod:`consim.sim.cluster`): a local one of ``jobs`` CPUs (``0``: all of them), or the
    cluster at ``address``. The results are the same as with local processes.

    Bad options, seats or bot kinds raise :class:`OptionError` before any game starts;
    :class:`MissingExtra` says what to install when Ray is missing.
    """
    if games < 0:
        raise ValueError(f"games must be >= 0, got {games}")
    if jobs < 0:
        raise ValueError(f"jobs must be >= 0, got {jobs}")
    if backend not in BACKENDS:
        raise OptionError(f"unknown backend {backend!r}; choose from {', '.join(BACKENDS)}")
    options = dict(options)
    game = load_game(game_name, **options)  # validates the options here, not in a worker
    kinds = _check_bots(game, bots)
    seeds = [seed + i for i in range(games)]
    if backend == "ray":
        from consim.sim.cluster import run_on_ray

        return run_on_ray(game_name, options, kinds, seeds, jobs or None, address, progress)
    if jobs == 0:
        jobs = os.cpu_count() or 1
    if jobs == 1 or games <= 1:
        results: list[GameResult] = []
        for s in seeds:
            results.append(play_one(game, kinds, s))
            if progress is not None:
                progress(len(results))
        return results
    chunks = list(chunk_seeds(seeds, jobs))
    by_chunk: dict[int, list[GameResult]] = {}
    done = 0
    pool = ProcessPoolExecutor(max_workers=min(jobs, len(chunks)))
    try:
        futures = {
            pool.submit(run_chunk, game_name, options, kinds, chunk): i for i, chunk in enumerate(chunks)
        }
        for future in as_completed(futures):
            part = future.result()
            by_chunk[futures[future]] = part
            done += len(part)
            if progress is not None:
                progress(done)
    except BaseException:
        # a failed game or Ctrl-C: do not wait for the chunks not yet started
        pool.shutdown(wait=False, cancel_futures=True)
        raise
    pool.shutdown()
    return [r for i in range(len(chunks)) for r in by_chunk[i]]


# -- summarizing --------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class SeatStats:
    """How one seat did over a batch. A shared win counts as a win for each sharer."""

    seat: str
    wins: int
    win_rate: float
    win_low: float
    win_high: float
    mean_score: float
    score_sd: float


@dataclass(frozen=True, slots=True)
class ConflictSeatStats:
    """How one seat did in one conflict."""

    seat: str
    wins: int
    win_rate: float
    win_low: float
    win_high: float


@dataclass(frozen=True, slots=True)
class ConflictStats:
    """One conflict over a batch: ``games`` in which it was decided, per-seat wins, and how
    many of those games ended with the conflict shared by several seats."""

    name: str
    games: int
    seats: list[ConflictSeatStats]
    shared: int


@dataclass(frozen=True, slots=True)
class PointsStats:
    """The distribution of a game's own victory measure (``GameResult.points``) over the
    games that reported it, with how often each level was reached."""

    games: int
    mean: float
    median: float
    low: float
    high: float
    #: (level, games) in the order of the levels' lowest points
    levels: list[tuple[str, int]]


@dataclass(frozen=True, slots=True)
class LengthStats:
    """Game length in turns over the games that reported it."""

    games: int
    mean: float
    shortest: int
    longest: int


def points_stats(results: Sequence[GameResult]) -> PointsStats | None:
    """Summarize ``points`` and ``level`` of the results; ``None`` when no game reported
    points.

    >>> rs = [GameResult(i, {}, [], "", {}, 1, points=p, level=lv)
    ...       for i, (p, lv) in enumerate([(3, "1 to 15"), (20, "16 to 25"), (9, "1 to 15")])]
    >>> st = points_stats(rs)
    >>> st.median, st.levels
    (9.0, [('1 to 15', 2), ('16 to 25', 1)])
    """
    scored = [r for r in results if r.points is not None]
    if not scored:
        return None
    values = sorted(float(r.points) for r in scored if r.points is not None)
    n = len(values)
    median = values[n // 2] if n % 2 else (values[n // 2 - 1] + values[n // 2]) / 2
    lowest: dict[str, float] = {}
    counts: dict[str, int] = {}
    for r in scored:
        assert r.points is not None
        key = r.level or "-"
        counts[key] = counts.get(key, 0) + 1
        lowest[key] = min(lowest.get(key, r.points), r.points)
    return PointsStats(
        games=n,
        mean=mean(values),
        median=median,
        low=values[0],
        high=values[-1],
        levels=sorted(counts.items(), key=lambda kv: lowest[kv[0]]),
    )


def length_stats(results: Sequence[GameResult]) -> LengthStats | None:
    """Mean, shortest and longest game in turns; ``None`` when no game reported its length.

    >>> length_stats([GameResult(i, {}, [], "", {}, 1, turns=t) for i, t in enumerate([3, 5, 4])])
    LengthStats(games=3, mean=4.0, shortest=3, longest=5)
    """
    turns = [r.turns for r in results if r.turns is not None]
    if not turns:
        return None
    return LengthStats(len(turns), mean([float(t) for t in turns]), min(turns), max(turns))


def ending_counts(results: Sequence[GameResult]) -> list[tuple[str, int]]:
    """How often each ending was reported, most frequent first."""
    counts: dict[str, int] = {}
    for r in results:
        if r.ending:
            counts[r.ending] = counts.get(r.ending, 0) + 1
    return sorted(counts.items(), key=lambda kv: (-kv[1], kv[0]))


@dataclass(frozen=True, slots=True)
class Summary:
    """Figures for a batch of games; 95% Wilson intervals on every win rate."""

    games: int
    seats: list[SeatStats]
    conflicts: list[ConflictStats]
    #: games won by more than one seat
    shared: int
    mean_decisions: float
    #: games per second of wall time (of summed game time when no wall time was given)
    games_per_second: float
    seconds: float
    unit: str = ""
    #: the distribution of the game's own points and levels, if it reports them
    points: PointsStats | None = None
    #: game length in turns, if the game reports it
    length: LengthStats | None = None
    #: (ending, games), most frequent first, if the game reports how it ended
    endings: list[tuple[str, int]] = field(default_factory=list)

    def seat(self, name: str) -> SeatStats:
        for s in self.seats:
            if s.seat == name:
                return s
        raise KeyError(name)

    def conflict(self, name: str) -> ConflictStats:
        for c in self.conflicts:
            if c.name == name:
                return c
        raise KeyError(name)

    def to_dict(self) -> dict[str, Any]:
        return asdict(self)


def summarize(
    results: Sequence[GameResult],
    seats: Sequence[str],
    wall_seconds: float | None = None,
    z: float = 1.96,
) -> Summary:
    """Win rates (with Wilson intervals), mean scores and per-conflict figures of a batch.

    ``wall_seconds`` is the elapsed time of the whole batch (give it when games ran in
    parallel); without it the speed is computed from the games' own times, i.e. per core.
    """
    n = len(results)
    seat_stats: list[SeatStats] = []
    for seat in seats:
        wins = sum(1 for r in results if seat in r.winners)
        scores = [r.scores.get(seat, 0.0) for r in results]
        low, high = wilson(wins, n, z)
        seat_stats.append(
            SeatStats(seat, wins, wins / n if n else 0.0, low, high, mean(scores), stdev(scores))
        )

    names: list[str] = []
    for r in results:
        names.extend(c for c in r.conflicts if c not in names)
    conflict_stats: list[ConflictStats] = []
    for name in names:
        played = [r for r in results if name in r.conflicts]
        members: set[str] = set()
        for r in played:
            members.update(r.conflict_seats.get(name) or seats)
            members.update(r.conflicts[name])
        per_seat: list[ConflictSeatStats] = []
        for seat in [s for s in seats if s in members]:
            wins = sum(1 for r in played if seat in r.conflicts[name])
            low, high = wilson(wins, len(played), z)
            per_seat.append(ConflictSeatStats(seat, wins, wins / len(played), low, high))
        shared = sum(1 for r in played if len(r.conflicts[name]) > 1)
        conflict_stats.append(ConflictStats(name, len(played), per_seat, shared))

    game_seconds = math.fsum(r.seconds for r in results)
    seconds = wall_seconds if wall_seconds is not None else game_seconds
    units = {r.unit for r in results if r.unit}
    return Summary(
        games=n,
        seats=seat_stats,
        conflicts=conflict_stats,
        shared=sum(1 for r in results if len(r.winners) > 1),
        mean_decisions=mean([float(r.decisions) for r in results]),
        games_per_second=n / seconds if seconds > 0 else 0.0,
        seconds=seconds,
        unit=units.pop() if len(units) == 1 else "",
        points=points_stats(results),
        length=length_stats(results),
        endings=ending_counts(results),
    )
