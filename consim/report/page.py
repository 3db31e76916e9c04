"""The balance report as one self-contained HTML page: tables of the figures, with the
pictures embedded (no file beside it is needed to read it)."""

from __future__ import annotations

import base64
import math
from collections.abc import Mapping, Sequence
from html import escape
from pathlib import Path

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
"""


def _num(x: float) -> str:
    if math.isnan(x):
        return "–"
    return f"{round(x, 2):g}"


def _table(head: Sequence[str], rows: Sequence[Sequence[str]], caption: str = "") -> str:
    cap = f"<caption>{escape(caption)}</caption>" if caption else ""
    thead = "".join(f"<th>{escape(h)}</th>" for h in head)
    body = "".join(
        "<tr>" + f"<th>{escape(r[0])}</th>" + "".join(f"<td>{escape(c)}</td>" for c in r[1:]) + "</tr>"
        for r in rows
    )
    return f"<table>{cap}<thead><tr>{thead}</tr></thead><tbody>{body}</tbody></table>"


def _image(path: Path | None, alt: str) -> str:
    if path is None:
        return ""
    data = base64.b64encode(path.read_bytes()).decode("ascii")
    return f'<img src="data:image/png;base64,{data}" alt="{escape(alt)}">'


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
    return f'<p class="note">{escape(" ".join(parts))}</p>'


def render_page(f: Figures, pictures: Mapping[str, Path | None]) -> str:
    """The HTML page for ``f``, with the PNG files of ``pictures`` (by kind) embedded."""
    s = f.summary
    out = [
        "<!doctype html>",
        '<html lang="en"><head><meta charset="utf-8">',
        f"<title>{escape(f'Balance report: {f.title}')}</title>",
        f"<style>{STYLE}</style></head><body>",
        f"<h1>{escape(f'Balance report: {f.title}')}</h1>",
        _setup(f),
    ]
    if not f.solitaire:
        out.append("<h2>Win rates</h2>")
        rows = _share_rows(f.wins)
        out.append(_table(["seat", "wins", "win rate", "95% interval"], rows))
        if s.shared:
            out.append(
                f'<p class="note">{s.shared} of {s.games} games had several winners; '
                "each of them counts the win.</p>"
            )
        for name, shares in f.conflicts:
            out.append(_table(["seat", "wins", "win rate", "95% interval"], _share_rows(shares), name))
        out.append(_image(pictures.get("win_rates"), "win rate per seat with 95% intervals"))

    out.append("<h2>Scores</h2>")
    if f.solitaire and s.points is not None:
        p = s.points
        out.append(
            _table(
                ["measure", "median", "mean", "lowest", "highest"],
                [["Outcome Points", _num(p.median), f"{p.mean:.1f}", _num(p.low), _num(p.high)]],
            )
        )
        out.append('<p class="note">Fewer Outcome Points are better for the player.</p>')
    else:
        rows = []
        for seat in f.seats:
            values = f.scores.get(seat, [])
            median, low, high = spread(values)
            rows.append(
                [seat, f"{mean(values):.2f}", f"{stdev(values):.2f}", _num(median), _num(low), _num(high)]
            )
        out.append(_table(["seat", f"mean ({f.unit})", "sd", "median", "lowest", "highest"], rows))
        if f.unit == "victory level":
            out.append(
                '<p class="note">A victory level counts 0 for no victory, 1 minor, 2 major and '
                "3 decisive.</p>"
            )
    out.append(_image(pictures.get("scores"), "score distributions"))

    out.append("<h2>Game length</h2>")
    rows = []
    for label, counts in (("turns", f.turns), ("decisions", f.decisions)):
        if counts:
            lengths = [float(v) for v in counts]
            median, low, high = spread(lengths)
            rows.append([label, f"{mean(lengths):.1f}", _num(median), _num(low), _num(high)])
    out.append(_table(["measure", "mean", "median", "shortest", "longest"], rows))
    out.append(_image(pictures.get("lengths"), "game length in turns and decisions"))

    if f.seat_levels or f.game_levels:
        out.append("<h2>Levels reached</h2>")
        if f.seat_levels:
            names = [sh.label for sh in f.seat_levels[0].shares]
            rows = [
                [row.seat, *(f"{sh.count} ({pct(sh.rate)})" for sh in reversed(row.shares))]
                for row in f.seat_levels
            ]
            out.append(_table(["seat", *reversed(names)], rows))
            out.append(
                f'<p class="note">Nobody reached a victory level in {f.nobody} of {s.games} games '
                f"({pct(f.nobody / s.games if s.games else 0.0)}).</p>"
            )
        else:
            out.append(_table(["level", "games", "share", "95% interval"], _share_rows(f.game_levels)))
        out.append(_image(pictures.get("levels"), "victory levels reached"))

    if f.endings:
        out.append("<h2>How the games ended</h2>")
        out.append(_table(["ending", "games", "share", "95% interval"], _share_rows(f.endings)))
        out.append(_image(pictures.get("endings"), "how the games ended"))
    out.append("</body></html>")
    return "\n".join(out) + "\n"
