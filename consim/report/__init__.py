"""Balance reports: pictures and one HTML page from the results that ``consim simulate`` wrote.

>>> from consim.report import PICTURES
>>> PICTURES
('win_rates', 'scores', 'lengths', 'levels', 'endings')
"""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

from consim.report.charts import draw_endings, draw_lengths, draw_levels, draw_scores, draw_win_rates
from consim.report.figures import Figures, compute
from consim.report.page import render_page
from consim.sim.files import ResultSet, read_results

#: the pictures a report may draw, in the page's order; each is written as ``<name>.png``
PICTURES = ("win_rates", "scores", "lengths", "levels", "endings")
#: the page's file name in the report's folder
PAGE = "report.html"

_DRAW: dict[str, Callable[[Figures, Path], Path | None]] = {
    "win_rates": draw_win_rates,
    "scores": draw_scores,
    "lengths": draw_lengths,
    "levels": draw_levels,
    "endings": draw_endings,
}


def build_report(data: ResultSet, out: Path) -> list[Path]:
    """Draw the report of ``data`` into the folder ``out`` (made if missing): the PNG files
    that apply to the game, then ``report.html`` with them embedded. Returns the files
    written, the page last."""
    out.mkdir(parents=True, exist_ok=True)
    figures = compute(data)
    pictures: dict[str, Path | None] = {}
    for name in PICTURES:
        target = out / f"{name}.png"
        pictures[name] = _DRAW[name](figures, target)
        if pictures[name] is None and target.exists():
            target.unlink()  # left by an earlier report of another game
    page = out / PAGE
    page.write_text(render_page(figures, pictures), encoding="utf-8")
    return [p for p in pictures.values() if p is not None] + [page]


def report_file(results: Path, out: Path) -> list[Path]:
    """:func:`build_report` of the results in the file ``results`` (JSON, CSV or Parquet)."""
    return build_report(read_results(results), out)


__all__ = ["PAGE", "PICTURES", "Figures", "build_report", "compute", "report_file"]
