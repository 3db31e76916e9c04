"""``consim report``: a balance report (pictures and an HTML page) from simulation results.

Example::

    consim simulate fitna --scenario 5 --games 500 --jobs 2 --parquet fitna5.parquet
    consim report fitna5.parquet --out fitna5-report
"""

from __future__ import annotations

from pathlib import Path
from typing import Annotated

import typer
from rich.console import Console
from rich.markup import escape

from consim.cli.main import app
from consim.report import report_file
from consim.sim.files import ResultsFileError
from consim.sim.runner import MissingExtra


@app.command()
def report(
    results: Annotated[
        Path, typer.Argument(help="the results: a .json, .csv or .parquet file written by consim simulate")
    ],
    out: Annotated[Path, typer.Option("--out", "-o", help="the folder to write the report into")] = Path(
        "report"
    ),
) -> None:
    """Draw a balance report: win rates with 95% intervals, score distributions, game lengths
    and the levels reached, as PNG pictures and one HTML page."""
    console = Console(highlight=False)
    err = Console(stderr=True, highlight=False)
    try:
        written = report_file(results, out)
    except (ResultsFileError, MissingExtra) as exc:
        err.print(f"[red]error:[/red] {escape(str(exc))}", soft_wrap=True)
        raise typer.Exit(2) from None
    except OSError as exc:
        err.print(f"[red]error:[/red] cannot write the report: {escape(str(exc.strerror))}", soft_wrap=True)
        raise typer.Exit(2) from None
    for path in written:
        console.print(f"wrote {path}", soft_wrap=True)
