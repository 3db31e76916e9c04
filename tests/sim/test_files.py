"""Results files: CSV and Parquet hold the same columns, and all three formats read back the
same games."""

from __future__ import annotations

import csv
import json
import sys
from pathlib import Path

import pyarrow.parquet as pq
import pytest
from typer.testing import CliRunner

import consim
import consim.core.version
from consim.cli.main import app
from consim.sim import run_games
from consim.sim.files import ResultsFileError, read_results, write_csv
from consim.sim.runner import GameResult, MissingExtra

FIVE = ("US", "Sunni", "Shia", "Kurd", "Insurgent")


def _simulate(tmp_path: Path, *args: str) -> dict[str, Path]:
    paths = {ext: tmp_path / f"sim.{ext}" for ext in ("json", "csv", "parquet")}
    flags = [x for ext, p in paths.items() for x in (f"--{ext}", str(p))]
    result = CliRunner().invoke(app, ["simulate", *args, *flags])
    assert result.exit_code == 0, result.output
    for p in paths.values():
        assert f"wrote {p}" in result.stdout
    return paths


def _same_games(a: list[GameResult], b: list[GameResult]) -> None:
    # the CSV and Parquet rows do not carry the result sentence; everything else must agree
    assert [(r.seed, r.scores, r.winners, r.conflicts, r.decisions, r.turns) for r in a] == [
        (r.seed, r.scores, r.winners, r.conflicts, r.decisions, r.turns) for r in b
    ]
    assert [(r.points, r.level, r.ending, r.unit, r.conflict_seats) for r in a] == [
        (r.points, r.level, r.ending, r.unit, r.conflict_seats) for r in b
    ]


def test_csv_and_parquet_have_the_same_columns_and_values(tmp_path: Path) -> None:
    args = ("iraq", "--games", "5", "--bot", "random", "--option", "turns=2", "--seed", "9")
    paths = _simulate(tmp_path, *args)
    with paths["csv"].open(newline="") as f:
        rows = list(csv.DictReader(f))
    table = pq.read_table(paths["parquet"])
    assert table.column_names == list(rows[0])
    assert table.num_rows == len(rows) == 5
    for row, prow in zip(rows, table.to_pylist(), strict=True):
        assert {k: str(v) for k, v in row.items()} == {
            k: f"{v:g}" if isinstance(v, float) else str(v) for k, v in prow.items()
        }
    # typed columns in Parquet
    assert str(table.schema.field("seed").type) == "int64"
    assert str(table.schema.field("US").type) == "double"
    meta = json.loads(table.schema.metadata[b"consim"])
    assert meta["bots"] == dict.fromkeys(FIVE, "random")
    assert meta["options"]["turns"] == 2 and meta["seed"] == 9
    # what made the results (issue 31, section 4)
    assert meta["engine"] == consim.core.version.ENGINE
    assert meta["content"] == consim.load_game("iraq").content_hash()


@pytest.mark.parametrize(
    "args",
    [
        ("iraq", "--games", "4", "--bot", "random", "--option", "turns=2"),
        ("jihad", "--games", "2", "--bot", "random"),
        ("fitna", "--scenario", "5", "--games", "2", "--bot", "random"),
    ],
    ids=["iraq", "jihad", "fitna"],
)
def test_every_format_reads_back_the_same_games(tmp_path: Path, args: tuple[str, ...]) -> None:
    paths = _simulate(tmp_path, *args)
    from_json, from_csv, from_parquet = (read_results(paths[e]) for e in ("json", "csv", "parquet"))
    assert from_json.game == from_csv.game == from_parquet.game == args[0]
    assert from_json.seats == from_csv.seats == from_parquet.seats
    _same_games(from_json.results, from_csv.results)
    _same_games(from_json.results, from_parquet.results)
    assert from_json.bots == from_parquet.bots and from_json.bots
    assert from_csv.bots == {} and from_csv.seed is None  # a CSV file holds the games alone


def test_read_back_matches_a_fresh_run(tmp_path: Path) -> None:
    results = run_games("iraq", {"turns": 2}, games=3, bots="random", seed=4)
    path = tmp_path / "r.csv"
    write_csv(path, "iraq", FIVE, results)
    back = read_results(path)
    _same_games(back.results, results)


def test_bad_results_files_are_clear_errors(tmp_path: Path) -> None:
    other = tmp_path / "other.csv"
    other.write_text("a,b\n1,2\n")
    with pytest.raises(ResultsFileError, match="not written by consim simulate"):
        read_results(other)
    with pytest.raises(ResultsFileError, match=r"\.json, \.csv or \.parquet"):
        read_results(tmp_path / "results.txt")
    with pytest.raises(ResultsFileError, match="cannot read"):
        read_results(tmp_path / "missing.json")
    junk = tmp_path / "junk.parquet"
    junk.write_text("not parquet")
    with pytest.raises(ResultsFileError, match="not a Parquet file"):
        read_results(junk)
    bad_json = tmp_path / "bad.json"
    bad_json.write_text('{"game": "iraq"}')
    with pytest.raises(ResultsFileError, match="not a results file"):
        read_results(bad_json)


def test_missing_pyarrow_names_the_install_command(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setitem(sys.modules, "pyarrow", None)  # import pyarrow now raises ImportError
    out = tmp_path / "x.parquet"
    result = CliRunner().invoke(
        app, ["simulate", "iraq", "--games", "1", "--bot", "random", "--parquet", str(out)]
    )
    assert result.exit_code == 2
    assert "pip install 'consim[scale]'" in result.stderr and "Traceback" not in result.output
    with pytest.raises(MissingExtra, match="pyarrow"):
        read_results(out)
