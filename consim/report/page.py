"""The balance report as one self-contained HTML page: tables of the figures, with the
pictures embedded (no file beside it is needed to read it). This module works out what the
page shows, section by section; ``templates/report.html`` (Jinja2) writes it, escaping every
text."""

from __future__ import annotations

import base64
import math
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from functools import cache
from pathlib import Path

import jinja2

from consim.report.figures import Figures, Share, interval, pct, spread
from consim.sim.stats import mean, stdev

STYLE = """
body { font-family: system-ui, sans-serif; max-width: 60rem; margin: 2rem auto; padding: 0 1rem;
       color: #222; line-height: 1.45; }
h1 { font-size: 1.6rem; margin-bottom: .2rem; }
h2 { font-size: 1.25rem; margin-top: 2.2rem; border-bottom: 1px solid #ddd; }
table { border-collapse: collapse; margin: .8rem 0; }
th, td { padding: .25rem .8rem; text-align: right; border-bottom: 1px solid #eee; }
th:first-child, td:first-child { text-align: left; }
thead th { border-bottom: 2px solid #bbb; }
caption { text-align: left; font-weight: 600; padding: .3rem 0; }
img { max-width: 100%; height: auto; display: block; margin: .8rem 0; }
.note { color: #555; font-size: .92rem; }
.wide { overflow-x: auto; }  /* a table wider than a phone scrolls by itself, not the page */
"""


def _num(x: float) -> str:
    if math.isnan(x):
        return "–"
    return f"{round(x, 2):g}"


@dataclass(frozen=True)
class Table:
    """A table of the page: its first column names each row."""

    head: Sequence[str]
    rows: Sequence[Sequence[str]]
    caption: str = ""
    kind: str = "table"


@dataclass(frozen=True)
class Note:
    text: str
    kind: str = "note"


@dataclass(frozen=True)
class Image:
    """A PNG picture, embedded (base64) so that the page needs no file beside it."""

    data: str
    alt: str
    kind: str = "image"


@dataclass(frozen=True)
class Section:
    title: str
    blocks: list[Table | Note | Image] = field(default_factory=list)


def _image(path: Path | None, alt: str) -> list[Image]:
    if path is None:
        return []
    return [Image(base64.b64encode(path.read_bytes()).decode("ascii"), alt)]


@cache
def _template() -> jinja2.Template:
    env = jinja2.Environment(
        loader=jinja2.PackageLoader("consim.report"), autoescape=True, undefined=jinja2.StrictUndefined
    )
    return env.get_template("report.html")


def _share_rows(shares: Sequence[Share]) -> list[list[str]]:
    return [[s.label, str(s.count), pct(s.rate), interval(s)] for s in shares]


def _words(key: str) -> str:
    return key.replace("_", " ")


def _value(value: object) -> str:
    if isinstance(value, bool):
        return "yes" if value else "no"
    if value is None or value == "":
        return "–"
    return str(value).replace("_", " ")


def _setup(f: Figures) -> str:
    parts = []
    if f.seeds is not None:
        low, high = f.seeds
        parts.append(f"{f.summary.games} games, seeds {low} to {high}.")
    else:
        parts.append("No games in this file.")
    if f.options:
        opts = "; ".join(f"{_words(k)}: {_value(v)}" for k, v in f.options.items())
        parts.append(f"Options: {opts}.")
    if f.bots:
        kinds = sorted(set(f.bots.values()))
        if len(f.bots) == 1:
            parts.append(f"Played by the {kinds[0]} bot.")
        elif len(kinds) == 1:
            parts.append(f"Every seat played by the {kinds[0]} bot.")
        else:
            parts.append("Bots: " + "; ".join(f"{s}: {k}" for s, k in f.bots.items()) + ".")
    return " ".join(parts)


def render_page(f: Figures, pictures: Mapping[str, Path | None]) -> str:
    """The HTML page for ``f``, with the PNG files of ``pictures`` (by kind) embedded."""
    s = f.summary
    sections: list[Section] = []
    if not f.solitaire:
        wins = Section(
            "Win rates", [Table(["seat", "wins", "win rate", "95% interval"], _share_rows(f.wins))]
        )
        if s.shared:
            wins.blocks.append(
                Note(f"{s.shared} of {s.games} games had several winners; each of them counts the win.")
            )
        for name, shares in f.conflicts:
            wins.blocks.append(Table(["seat", "wins", "win rate", "95% interval"], _share_rows(shares), name))
        wins.blocks.extend(_image(pictures.get("win_rates"), "win rate per seat with 95% intervals"))
        sections.append(wins)

    scores = Section("Scores")
    if f.solitaire and s.points is not None:
        p = s.points
        scores.blocks.append(
            Table(
                ["measure", "median", "mean", "lowest", "highest"],
                [["Outcome Points", _num(p.median), f"{p.mean:.1f}", _num(p.low), _num(p.high)]],
            )
        )
        scores.blocks.append(Note("Fewer Outcome Points are better for the player."))
    else:
        rows = []
        for seat in f.seats:
            values = f.scores.get(seat, [])
            median, low, high = spread(values)
            rows.append(
                [seat, f"{mean(values):.2f}", f"{stdev(values):.2f}", _num(median), _num(low), _num(high)]
            )
        scores.blocks.append(Table(["seat", f"mean ({f.unit})", "sd", "median", "lowest", "highest"], rows))
        if f.unit == "victory level":
            scores.blocks.append(
                Note("A victory level counts 0 for no victory, 1 minor, 2 major and 3 decisive.")
            )
    scores.blocks.extend(_image(pictures.get("scores"), "score distributions"))
    sections.append(scores)

    rows = []
    for label, counts in (("turns", f.turns), ("decisions", f.decisions)):
        if counts:
            lengths = [float(v) for v in counts]
            median, low, high = spread(lengths)
            rows.append([label, f"{mean(lengths):.1f}", _num(median), _num(low), _num(high)])
    sections.append(
        Section(
            "Game length",
            [
                Table(["measure", "mean", "median", "shortest", "longest"], rows),
                *_image(pictures.get("lengths"), "game length in turns and decisions"),
            ],
        )
    )

    if f.seat_levels or f.game_levels:
        levels = Section("Levels reached")
        if f.seat_levels:
            names = [sh.label for sh in f.seat_levels[0].shares]
            rows = [
                [row.seat, *(f"{sh.count} ({pct(sh.rate)})" for sh in reversed(row.shares))]
                for row in f.seat_levels
            ]
            levels.blocks.append(Table(["seat", *reversed(names)], rows))
            share = pct(f.nobody / s.games if s.games else 0.0)
            levels.blocks.append(
                Note(f"Nobody reached a victory level in {f.nobody} of {s.games} games ({share}).")
            )
        else:
            levels.blocks.append(
                Table(["level", "games", "share", "95% interval"], _share_rows(f.game_levels))
            )
        levels.blocks.extend(_image(pictures.get("levels"), "victory levels reached"))
        sections.append(levels)

    if f.endings:
        endings = [Table(["ending", "games", "share", "95% interval"], _share_rows(f.endings))]
        sections.append(
            Section(
                "How the games ended", [*endings, *_image(pictures.get("endings"), "how the games ended")]
            )
        )
    return _template().render(title=f.title, style=STYLE, setup=_setup(f), sections=sections) + "\n"
