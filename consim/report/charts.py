"""The balance report's pictures, drawn with matplotlib's Agg renderer into PNG files.

Figures are made with ``matplotlib.figure.Figure`` directly, never through ``pyplot``, so
drawing a report changes no global state of the calling program.
"""

from __future__ import annotations

import importlib
import math
from collections.abc import Sequence
from pathlib import Path
from typing import TYPE_CHECKING, Any

from consim.report.figures import Figures, Share, interval, pct
from consim.sim.runner import MissingExtra

if TYPE_CHECKING:
    from matplotlib.axes import Axes
    from matplotlib.figure import Figure

INSTALL = "pip install 'consim[scale]'"
DPI = 110
WIDTH = 8.0
#: bar colours: a seat's wins, "no winner", and the victory levels from none up
BAR = "#4C72B0"
NOBODY = "#9A9A9A"
LEVEL_COLOURS = ("#D9D9D9", "#9ECAE1", "#4292C6", "#08519C")
SERIES = ("#4C72B0", "#DD8452", "#55A868", "#C44E52", "#8172B3", "#937860", "#DA8BC3", "#8C8C8C")


def new_figure(height: float, width: float = WIDTH) -> Figure:
    """A blank figure laid out by matplotlib's constrained layout (nothing cut off)."""
    try:
        figure = importlib.import_module("matplotlib.figure")
    except ImportError as exc:
        raise MissingExtra(f"the report needs matplotlib, which is not installed: {INSTALL}") from exc
    fig: Figure = figure.Figure(figsize=(width, height), layout="constrained")
    return fig


def _save(fig: Figure, path: Path) -> Path:
    fig.savefig(path, dpi=DPI, format="png")
    return path


def _share_bars(ax: Axes, shares: Sequence[Share], title: str, colours: Sequence[str] | None = None) -> None:
    """Horizontal bars of shares with their 95% intervals, the first share on top."""
    labels = [s.label for s in shares]
    ys = list(range(len(shares)))[::-1]
    rates = [100 * s.rate for s in shares]
    lows = [100 * (s.rate - s.interval[0]) for s in shares]
    highs = [100 * (s.interval[1] - s.rate) for s in shares]
    colour = list(colours) if colours is not None else [BAR] * len(shares)
    ax.barh(ys, rates, color=colour, height=0.6)
    ax.errorbar(rates, ys, xerr=[lows, highs], fmt="none", ecolor="#222222", capsize=4, linewidth=1)
    for y, s in zip(ys, shares, strict=True):
        ax.text(
            100 * s.interval[1] + 1.5,
            y,
            f"{pct(s.rate)}  ({interval(s)})",
            va="center",
            fontsize=9,
        )
    ax.set_yticks(ys, labels)
    ax.set_xlim(0, 130)
    ax.set_xticks([0, 20, 40, 60, 80, 100], ["0%", "20%", "40%", "60%", "80%", "100%"])
    ax.set_title(title, loc="left", fontsize=11)
    ax.grid(axis="x", alpha=0.3)
    ax.set_axisbelow(True)
    for side in ("top", "right"):
        ax.spines[side].set_visible(False)


def draw_win_rates(f: Figures, path: Path) -> Path | None:
    """Win rate per seat with its 95% interval; one more panel per conflict (Iraq)."""
    if f.solitaire or not f.wins:
        return None
    panels: list[tuple[str, list[Share]]] = [
        (f"All games: win rate per seat, 95% interval ({f.summary.games} games)", f.wins)
    ]
    for name, shares in f.conflicts:
        panels.append((f"{name[:1].upper()}{name[1:]}: win rate ({shares[0].total} games)", shares))
    heights = [0.55 * len(shares) + 0.9 for _, shares in panels]
    fig = new_figure(sum(heights) + 0.4)
    axes = fig.subplots(len(panels), 1, height_ratios=heights, squeeze=False)[:, 0]
    for ax, (title, shares) in zip(axes, panels, strict=True):
        colours = [NOBODY if s.label == "no winner" else BAR for s in shares]
        _share_bars(ax, shares, title, colours)
    axes[-1].set_xlabel("share of games won (a shared win counts for each winner)")
    return _save(fig, path)


def _integer_valued(values: Sequence[float]) -> bool:
    return all(float(v).is_integer() for v in values)


def _bins(values: Sequence[float], unit_up_to: int = 30, count: int = 25) -> Any:
    """Bins for a histogram of ``values``. Whole numbers get bins of whole widths, so no
    value is split between two bars: one bar per value when they span at most
    ``unit_up_to`` values, else about ``count`` bars. Other values get ``count`` bars.

    >>> _bins([2.0, 4.0])
    [1.5, 2.5, 3.5, 4.5]
    >>> _bins([0.0, 99.0], count=25)[:3]
    [-0.5, 3.5, 7.5]
    """
    if not values:
        return count
    if not _integer_valued(values):
        return count
    low, high = int(min(values)), int(max(values))
    span = high - low + 1
    width = 1 if span <= unit_up_to else math.ceil(span / count)
    return [low - 0.5 + k * width for k in range(math.ceil(span / width) + 1)]


def _rwidth(values: Sequence[float], unit_up_to: int = 30) -> float | None:
    """Gaps between the bars of single whole-number values, so they read as separate counts."""
    if not values or not _integer_valued(values):
        return None
    return 0.85 if max(values) - min(values) + 1 <= unit_up_to else None


def draw_scores(f: Figures, path: Path) -> Path | None:
    """Score distributions: The First Jihad's Outcome Points by level reached, or one
    histogram per seat sharing the axis."""
    if not f.summary.games:
        return None
    if f.unit == "victory level" and f.seat_levels:
        return None  # the scores are the levels, which draw_levels shows per seat: no second panel
    if f.solitaire and f.points_by_level:
        fig = new_figure(4.2)
        ax = fig.subplots()
        levels = [lv for lv, _ in f.points_by_level]
        data = [pts for _, pts in f.points_by_level]
        every = [p for pts in data for p in pts]
        colours = [SERIES[i % len(SERIES)] for i in range(len(levels))]
        # one bar per number of points up to 100 apart: a bar never mixes two bands
        bins, gaps = _bins(every, unit_up_to=100), _rwidth(every, unit_up_to=100)
        ax.hist(data, bins=bins, stacked=True, color=colours, label=levels, rwidth=gaps)
        ax.legend(title="level reached", fontsize=9, title_fontsize=9, frameon=False)
        ax.set_xlabel("Outcome Points at the end of the game (fewer is better for the player)")
        ax.set_ylabel("games")
        ax.set_title(f"Outcome Points over {len(every)} games", loc="left", fontsize=11)
        _tidy(ax)
        return _save(fig, path)
    seats = [s for s in f.seats if f.scores.get(s)]
    every = [v for s in seats for v in f.scores[s]]
    bins = _bins(every)
    fig = new_figure(1.15 * len(seats) + 1.2)
    axes = fig.subplots(len(seats), 1, sharex=True, squeeze=False)[:, 0]
    for i, (ax, seat) in enumerate(zip(axes, seats, strict=True)):
        values = f.scores[seat]
        ax.hist(values, bins=bins, color=SERIES[i % len(SERIES)], rwidth=_rwidth(every))
        ax.set_ylabel(seat, rotation=0, ha="right", va="center", fontsize=10)
        ax.tick_params(axis="y", labelsize=8)
        _tidy(ax)
    if f.unit == "victory level":
        axes[-1].set_xticks([0, 1, 2, 3], ["no victory", "minor", "major", "decisive"])
    axes[0].set_title(
        f"{_unit_title(f.unit)} per seat over {f.summary.games} games (bar height: games)",
        loc="left",
        fontsize=11,
    )
    axes[-1].set_xlabel(_unit_title(f.unit))
    return _save(fig, path)


def _unit_title(unit: str) -> str:
    """``unit`` as an axis title: spelled out where it is an abbreviation, capitalised."""
    title = {"VP": "Victory Points"}.get(unit, unit)
    return title[:1].upper() + title[1:]


def _tidy(ax: Axes) -> None:
    """No frame on top and right, light horizontal grid lines, whole numbers of games."""
    ticker = importlib.import_module("matplotlib.ticker")
    ax.yaxis.set_major_locator(ticker.MaxNLocator(nbins=4, integer=True))
    for side in ("top", "right"):
        ax.spines[side].set_visible(False)
    ax.grid(axis="y", alpha=0.3)
    ax.set_axisbelow(True)


def draw_lengths(f: Figures, path: Path) -> Path | None:
    """Game length: turns played and decisions made, as histograms."""
    if not f.decisions:
        return None
    panels: list[tuple[list[float], str]] = []
    if f.turns:
        panels.append(([float(t) for t in f.turns], "turns played"))
    together = " (by every seat together)" if len(f.seats) > 1 else ""
    panels.append(([float(d) for d in f.decisions], f"decisions made{together}"))
    fig = new_figure(3.4, WIDTH if len(panels) == 2 else WIDTH * 0.6)
    axes = fig.subplots(1, len(panels), squeeze=False)[0]
    for ax, (values, label) in zip(axes, panels, strict=True):
        ax.hist(values, bins=_bins(values), color=BAR, rwidth=_rwidth(values))
        ax.set_xlabel(label)
        ax.set_ylabel("games")
        if _integer_valued(values) and max(values) - min(values) <= 12:
            ax.set_xticks(sorted({int(v) for v in values}))
        _tidy(ax)
    fig.suptitle(f"Game length over {f.summary.games} games", x=0.02, ha="left", fontsize=11)
    return _save(fig, path)


def draw_levels(f: Figures, path: Path) -> Path | None:
    """Victory levels reached: per seat as stacked shares (Fitna), or the share of games
    reaching each level of the game (The First Jihad's bands)."""
    if f.seat_levels:
        fig = new_figure(0.6 * len(f.seat_levels) + 1.8)
        ax = fig.subplots()
        ys = list(range(len(f.seat_levels)))[::-1]
        left = [0.0] * len(ys)
        for k in range(len(f.seat_levels[0].shares)):
            widths = [100 * row.shares[k].rate for row in f.seat_levels]
            label = f.seat_levels[0].shares[k].label
            ax.barh(ys, widths, left=left, color=LEVEL_COLOURS[k], label=label, height=0.6)
            for y, x0, w in zip(ys, left, widths, strict=True):
                if w >= 7:
                    ax.text(
                        x0 + w / 2,
                        y,
                        f"{w:.0f}%",
                        ha="center",
                        va="center",
                        fontsize=8,
                        color="white" if k >= 2 else "black",
                    )
            left = [a + b for a, b in zip(left, widths, strict=True)]
        ax.set_yticks(ys, [row.seat for row in f.seat_levels])
        ax.set_xlim(0, 100)
        ax.set_xticks([0, 25, 50, 75, 100], ["0%", "25%", "50%", "75%", "100%"])
        ax.set_xlabel("share of games")
        ax.legend(ncols=4, loc="lower left", bbox_to_anchor=(0, 1.0), frameon=False, fontsize=9)
        ax.set_title(
            f"Victory level reached per seat over {f.summary.games} games "
            f"(nobody won {pct(f.nobody / f.summary.games)})",
            loc="left",
            fontsize=11,
            pad=24,
        )
        for side in ("top", "right"):
            ax.spines[side].set_visible(False)
        return _save(fig, path)
    if f.game_levels:
        fig = new_figure(0.55 * len(f.game_levels) + 1.4)
        ax = fig.subplots()
        total = f.game_levels[0].total
        what = "Outcome Points band" if f.solitaire else "Level"
        _share_bars(ax, f.game_levels, f"{what} reached over {total} games, 95% interval")
        ax.set_xlabel("share of games")
        if f.solitaire:
            ax.set_ylabel("Outcome Points")
        return _save(fig, path)
    return None


def draw_endings(f: Figures, path: Path) -> Path | None:
    """How the games ended, when the game says (its sudden deaths, the last turn...)."""
    if not f.endings:
        return None
    fig = new_figure(0.55 * len(f.endings) + 1.4)
    ax = fig.subplots()
    _share_bars(ax, f.endings, f"How the game ended over {f.summary.games} games, 95% interval")
    ax.set_xlabel("share of games")
    return _save(fig, path)
