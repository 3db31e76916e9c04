"""The report page is written by its Jinja2 template (consim/report/templates/report.html):
every text of the figures is escaped, whatever a results file says."""

from __future__ import annotations

import dataclasses
from pathlib import Path

from typer.testing import CliRunner

from consim.cli.main import app
from consim.report.figures import compute
from consim.report.page import render_page
from consim.sim.files import read_results


def test_the_page_escapes_every_text_the_results_give(tmp_path: Path) -> None:
    results = tmp_path / "iraq.json"
    made = CliRunner().invoke(
        app,
        ["simulate", "iraq", "--games", "2", "--option", "turns=1", "--seed", "3", "--json", str(results)],
    )
    assert made.exit_code == 0, made.output
    figures = compute(read_results(results))
    hostile = "<script>alert(1)</script> & co"
    figures = dataclasses.replace(
        figures,
        title=hostile,
        seats=[hostile, *figures.seats[1:]],
        scores={hostile: [1.0, 2.0]},
        options={"note": hostile},
    )
    page = render_page(figures, {})
    assert "<script>" not in page and "&lt;script&gt;alert(1)&lt;/script&gt; &amp; co" in page
    assert page.count("&lt;script&gt;") == 4  # the title twice, the seat's row of scores, the options
    assert page.startswith("<!doctype html>") and page.rstrip().endswith("</body></html>")
    assert "<h2>Win rates</h2>" in page and "<h2>Game length</h2>" in page
