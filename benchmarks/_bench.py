"""Shared helpers for the benchmark scripts: timing, tables, command line and JSON output.

Benchmarks use only consim's public API, time with ``time.process_time`` (the CPU time of
this one process, so other work on the machine does not inflate the figures: they are
"on one core"), repeat every measurement and report the best and the median repeat.
"""

from __future__ import annotations

import argparse
import gc
import json
import os
import platform
import shlex
import statistics
import sys
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any


@dataclass
class Figure:
    """One measured figure: a name, a unit, and the value of every repeat."""

    name: str
    unit: str
    values: list[float]
    higher_is_better: bool = True
    note: str = ""
    extra: dict[str, Any] = field(default_factory=dict)

    @property
    def best(self) -> float:
        return max(self.values) if self.higher_is_better else min(self.values)

    @property
    def median(self) -> float:
        return statistics.median(self.values)

    def to_dict(self) -> dict[str, Any]:
        return {
            "name": self.name,
            "unit": self.unit,
            "best": self.best,
            "median": self.median,
            "repeats": len(self.values),
            "values": self.values,
            "higher_is_better": self.higher_is_better,
            "note": self.note,
            **self.extra,
        }


def timed(fn: Callable[[], Any]) -> float:
    """Seconds taken by one call of ``fn`` (after a garbage collection, so that garbage left
    by earlier work is not charged to it)."""
    gc.collect()
    start = time.process_time()
    fn()
    return time.process_time() - start


def percentile(values: Sequence[float], q: float) -> float:
    """The ``q`` quantile (0..1) by linear interpolation between order statistics."""
    if not values:
        return float("nan")
    data = sorted(values)
    pos = (len(data) - 1) * q
    lo = int(pos)
    hi = min(lo + 1, len(data) - 1)
    return data[lo] + (data[hi] - data[lo]) * (pos - lo)


def parser(description: str) -> argparse.ArgumentParser:
    p = argparse.ArgumentParser(description=description)
    p.add_argument("--json", metavar="FILE", type=Path, help="also write the figures as JSON")
    p.add_argument("--repeats", type=int, default=5, help="repeats of each measurement (default 5)")
    p.add_argument("--quick", action="store_true", help="fewer games and repeats: a smoke run")
    return p


def command_line() -> str:
    """The exact command that ran this script, with the interpreter as typed if possible."""
    exe = sys.executable
    try:
        rel = os.path.relpath(exe)
        if not rel.startswith(".."):
            exe = rel
    except ValueError:
        pass
    return shlex.join([exe, *sys.argv])


def machine() -> dict[str, Any]:
    """The interpreter, the machine, and which consim modules ran compiled (``setup.py``;
    none with ``CONSIM_PURE=1``)."""
    import consim
    from consim import _speedups

    return {
        "compiled_modules": _speedups.status()["compiled"],
        "python": platform.python_version(),
        "implementation": platform.python_implementation(),
        "platform": platform.platform(),
        "processor": platform.processor() or platform.machine(),
        "cpus": os.cpu_count(),
        "consim": consim.__version__,
    }


def _fmt(x: float) -> str:
    if x != x:  # nan
        return "-"
    if abs(x) >= 1000:
        return f"{x:,.0f}"
    if abs(x) >= 100:
        return f"{x:.0f}"
    if abs(x) >= 10:
        return f"{x:.1f}"
    return f"{x:.2f}"


def print_table(title: str, figures: Sequence[Figure]) -> None:
    name_w = max(len(f.name) for f in figures)
    unit_w = max(len(f.unit) for f in figures)
    print(title)
    print(f"  {'figure':<{name_w}}  {'best':>10}  {'median':>10}  {'unit':<{unit_w}}  note")
    for f in figures:
        print(f"  {f.name:<{name_w}}  {_fmt(f.best):>10}  {_fmt(f.median):>10}  {f.unit:<{unit_w}}  {f.note}")


def report(bench: str, figures: Sequence[Figure], args: argparse.Namespace, settings: dict[str, Any]) -> None:
    """Print the table and the command; write JSON when asked."""
    info = machine()
    print()
    print_table(
        f"{bench}: Python {info['python']} on {info['processor']} "
        f"({info['cpus']} CPUs), one core, best and median of the repeats, "
        f"{len(info['compiled_modules'])} consim modules compiled",
        figures,
    )
    cmd = command_line()
    print(f"\ncommand: {cmd}")
    if args.json is not None:
        data = {
            "benchmark": bench,
            "command": cmd,
            "machine": info,
            "settings": settings,
            "figures": {f.name: f.to_dict() for f in figures},
        }
        args.json.write_text(json.dumps(data, indent=1) + "\n", encoding="utf-8")
        print(f"wrote {args.json}")


# -- game-agnostic measurements (public API only) -----------------------------------------


def playout_rate(
    game_name: str, options: dict[str, Any], games: int, repeats: int, bot: str = "random"
) -> tuple[Figure, Figure]:
    """Complete games per second and decisions per second, one core: ``new_game``, the bots
    and ``play_out`` to the end, the same ``games`` seeds in every repeat."""
    import consim
    from consim.bots.driver import bots_for, play_out

    game = consim.load_game(game_name, **options)
    rates: list[float] = []
    dps: list[float] = []
    decisions = 0

    def run() -> None:
        nonlocal decisions
        decisions = 0
        for seed in range(games):
            state = game.new_game(seed)
            decisions += play_out(state, bots_for(game, bot, seed))

    run()  # warm up: imports, content caches
    for _ in range(repeats):
        t = timed(run)
        rates.append(games / t)
        dps.append(decisions / t)
    label = ",".join(f"{k}={v}" for k, v in options.items())
    per_game = decisions / games
    return (
        Figure(
            f"{bot} games/s {label}",
            "games/s",
            rates,
            note=f"{games} games, {per_game:.0f} decisions/game",
            extra={"games": games, "decisions_per_game": per_game},
        ),
        Figure(
            f"{bot} decisions/s {label}",
            "decisions/s",
            dps,
            note="to_act + legal_actions + choose + apply",
        ),
    )


def sample_states(game_name: str, options: dict[str, Any], seeds: int, every: int) -> list[Any]:
    """Mid-game states: clones taken every ``every`` decisions of random playouts."""
    import consim
    from consim.bots.driver import bots_for

    game = consim.load_game(game_name, **options)
    states: list[Any] = []
    for seed in range(seeds):
        state = game.new_game(seed)
        bots = bots_for(game, "random", seed)
        steps = 0
        while state.to_act():
            for seat in state.to_act():
                state.apply(seat, bots[seat].choose({}, state.legal_actions(seat)))
                steps += 1
                if steps % every == 0:
                    states.append(state.clone())
    return states


def per_call_us(fn: Callable[[Any], Any], items: Sequence[Any], loops: int, repeats: int) -> list[float]:
    """Microseconds per call of ``fn`` over ``items`` (``loops`` passes), for each repeat."""

    def run() -> None:
        for _ in range(loops):
            for item in items:
                fn(item)

    run()
    return [timed(run) / (loops * len(items)) * 1e6 for _ in range(repeats)]


def state_copy_costs(
    game_name: str, options: dict[str, Any], seeds: int, every: int, loops: int, repeats: int
) -> list[Figure]:
    """clone(), to_dict() and Game.restore() cost on mid-game states."""
    import consim

    game = consim.load_game(game_name, **options)
    states = sample_states(game_name, options, seeds, every)
    dicts = [s.to_dict() for s in states]
    seated = [(s, s.to_act()[0]) for s in states if s.to_act()]
    size = statistics.mean(len(json.dumps(d)) for d in dicts)
    n = f"{len(states)} mid-game states"
    return [
        Figure(
            "clone()",
            "µs",
            per_call_us(lambda s: s.clone(), states, loops, repeats),
            higher_is_better=False,
            note=n,
            extra={"states": len(states)},
        ),
        Figure(
            "to_dict()",
            "µs",
            per_call_us(lambda s: s.to_dict(), states, loops, repeats),
            higher_is_better=False,
            note=f"{n}, mean JSON {size / 1024:.0f} KiB",
            extra={"json_bytes": size},
        ),
        Figure(
            "restore(to_dict)",
            "µs",
            per_call_us(game.restore, dicts, loops, repeats),
            higher_is_better=False,
            note="Game.restore, invariants checked",
        ),
        Figure(
            "view(seat)",
            "µs",
            per_call_us(lambda sv: sv[0].view(sv[1]), seated, loops, repeats),
            higher_is_better=False,
            note="a seat to act; what a bot reads every decision",
        ),
    ]


def bot_move_time(
    game_name: str, options: dict[str, Any], bot: str, games: int, repeats: int
) -> list[Figure]:
    """Time of one bot decision: legal_actions + view (when the bot uses it) + choose."""
    import consim
    from consim.bots.driver import bots_for

    game = consim.load_game(game_name, **options)
    clock = time.process_time
    means: list[float] = []
    p95s: list[float] = []
    p50s: list[float] = []
    maxes: list[float] = []
    rates: list[float] = []
    for _ in range(repeats):
        samples: list[float] = []
        gc.collect()
        start = clock()
        for seed in range(games):
            state = game.new_game(seed)
            bots = bots_for(game, bot, seed)
            while True:
                to_act = state.to_act()
                if not to_act:
                    break
                for seat in to_act:
                    b = bots[seat]
                    t0 = clock()
                    actions = state.legal_actions(seat)
                    view = state.view(seat) if b.uses_view else {}
                    action = b.choose(view, actions)
                    samples.append(clock() - t0)
                    state.apply(seat, action)
        rates.append(games / (clock() - start))
        us = [x * 1e6 for x in samples]
        means.append(statistics.fmean(us))
        p50s.append(percentile(us, 0.50))
        p95s.append(percentile(us, 0.95))
        maxes.append(max(us))
    note = f"{games} games, {len(samples)} decisions, incl. legal_actions + view"
    label = ",".join(f" {k}={v}" for k, v in options.items())
    return [
        Figure(f"{bot} move mean{label}", "µs", means, higher_is_better=False, note=note),
        Figure(f"{bot} move p50{label}", "µs", p50s, higher_is_better=False),
        Figure(f"{bot} move p95{label}", "µs", p95s, higher_is_better=False),
        Figure(f"{bot} move max{label}", "µs", maxes, higher_is_better=False),
        Figure(f"{bot} games/s{label}", "games/s", rates, note="all seats this bot, timing included"),
    ]
