"""``consim report``: a balance report from what ``consim simulate`` wrote, for every game."""

from __future__ import annotations

import json
import re
import sys
from pathlib import Path
from typing import Any

import pytest
from matplotlib.image import imread
from typer.testing import CliRunner

from consim.cli.main import app

#: a small, quick batch of every game, and the pictures its report must draw
GAMES: dict[str, tuple[list[str], set[str]]] = {
    "iraq": (["--games", "8", "--option", "turns=2"], {"win_rates", "scores", "lengths"}),
    "jihad": (["--games", "4"], {"scores", "lengths", "levels", "endings"}),
    "baghdad": (["--players", "3", "--games", "5"], {"win_rates", "scores", "lengths", "endings"}),
    # Fitna's scores are its victory levels: drawn once, per seat, in levels.png (issue 31)
    "fitna": (["--scenario", "5", "--games", "4"], {"win_rates", "lengths", "levels", "endings"}),
}


#: each check simulates batches of whole games first: a full run's (CI's), see tests/conftest.py
pytestmark = pytest.mark.slow


def _simulate(tmp_path: Path, game: str) -> dict[str, Path]:
    args, _ = GAMES[game]
    paths = {ext: tmp_path / f"{game}.{ext}" for ext in ("json", "csv", "parquet")}
    flags = [x for ext, p in paths.items() for x in (f"--{ext}", str(p))]
    result = CliRunner().invoke(app, ["simulate", game, *args, "--seed", "11", *flags])
    assert result.exit_code == 0, result.output
    return paths


def _report(results: Path, out: Path) -> str:
    result = CliRunner().invoke(app, ["report", str(results), "--out", str(out)])
    assert result.exit_code == 0, result.output
    return result.stdout


def _text(html: str) -> str:
    """The page without its embedded pictures."""
    return re.sub(r'src="data:image/png;base64,[^"]*"', 'src=""', html)


def _win_row(html: str, seat: str) -> tuple[str, str, str] | None:
    m = re.search(
        rf"<tr><th>{re.escape(seat)}</th><td>(\d+)</td><td>([\d.]+%)</td><td>([^<]+)</td></tr>", html
    )
    return (m.group(1), m.group(2), m.group(3)) if m else None


def _pct(x: float) -> str:
    return f"{100 * x:.1f}%"


@pytest.fixture(scope="module")
def batches(tmp_path_factory: pytest.TempPathFactory) -> dict[str, dict[str, Path]]:
    base = tmp_path_factory.mktemp("batches")
    return {game: _simulate(base, game) for game in GAMES}


@pytest.mark.parametrize("game", list(GAMES))
def test_report_draws_the_expected_pictures_and_page(
    game: str, batches: dict[str, dict[str, Path]], tmp_path: Path
) -> None:
    data: dict[str, Any] = json.loads(batches[game]["json"].read_text())
    out = tmp_path / "report"
    stdout = _report(batches[game]["json"], out)
    _, pictures = GAMES[game]
    assert {p.name for p in out.iterdir()} == {f"{name}.png" for name in pictures} | {"report.html"}
    for name in pictures:
        assert f"wrote {out / name}.png" in stdout
        image = imread(out / f"{name}.png")
        height, width = image.shape[:2]
        assert 300 <= width <= 1200 and 150 <= height <= 1600, (name, image.shape)
        ink = (image[:, :, :3].mean(axis=2) < 0.9).mean()  # share of pixels that are not white
        assert 0.02 < ink < 0.6, (name, ink)

    html = (out / "report.html").read_text()
    assert html.count('src="data:image/png;base64,') == len(pictures)  # self-contained
    text = _text(html)
    for word in ("None", "nan", "{", "}"):
        assert word not in text.split("<style>")[0] + text.split("</style>")[1], word
    summary = data["summary"]
    assert f"{summary['games']} games, seeds 11 to {10 + summary['games']}" in text
    for seat in summary["seats"]:
        assert seat["seat"] in text
        row = _win_row(text, seat["seat"])
        if "win_rates" in pictures:
            assert row is not None, seat["seat"]
            wins, rate, interval = row
            assert int(wins) == seat["wins"] and rate == _pct(seat["win_rate"])
            assert interval == f"{100 * seat['win_low']:.1f}–{100 * seat['win_high']:.1f}%"
        else:
            assert row is None  # The First Jihad has no winner to count
    length = summary["length"]
    assert f"<tr><th>turns</th><td>{length['mean']:.1f}</td>" in text
    assert f"<tr><th>decisions</th><td>{summary['mean_decisions']:.1f}</td>" in text


def test_every_format_gives_the_same_report(batches: dict[str, dict[str, Path]], tmp_path: Path) -> None:
    pages = {}
    for ext in ("json", "csv", "parquet"):
        _report(batches["iraq"][ext], tmp_path / ext)
        text = _text((tmp_path / ext / "report.html").read_text())
        pages[ext] = text.split("<h2>", 1)[1]  # the figures, after the batch's description
    assert pages["json"] == pages["csv"] == pages["parquet"]
    assert "<caption>the Civil War</caption>" in pages["json"]
    assert "<caption>the Insurgency</caption>" in pages["json"]


def test_jihad_report_shows_outcome_points_and_bands(
    batches: dict[str, dict[str, Path]], tmp_path: Path
) -> None:
    data = json.loads(batches["jihad"]["json"].read_text())
    _report(batches["jihad"]["parquet"], tmp_path)
    text = _text((tmp_path / "report.html").read_text())
    points = data["summary"]["points"]
    assert f"<tr><th>Outcome Points</th><td>{points['median']:g}</td><td>{points['mean']:.1f}</td>" in text
    for level, games in points["levels"]:
        assert f"<tr><th>{level}</th><td>{games}</td><td>{_pct(games / points['games'])}</td>" in text
    assert "Played by the heuristic bot." in text


def test_fitna_report_counts_levels_as_simulate_does(
    batches: dict[str, dict[str, Path]], tmp_path: Path
) -> None:
    data = json.loads(batches["fitna"]["json"].read_text())
    _report(batches["fitna"]["csv"], tmp_path)
    text = _text((tmp_path / "report.html").read_text())
    levels = data["levels"]
    n = levels["games"]
    for seat, row in levels["seats"].items():
        cells = "".join(
            f"<td>{row[lv]} ({_pct(row[lv] / n)})</td>" for lv in ("decisive", "major", "minor", "none")
        )
        assert f"<tr><th>{seat}</th>{cells}</tr>" in text
    assert f"Nobody reached a victory level in {levels['nobody']} of {n} games" in text


def test_a_rerun_for_another_game_leaves_no_stale_pictures(
    batches: dict[str, dict[str, Path]], tmp_path: Path
) -> None:
    _report(batches["fitna"]["json"], tmp_path)
    _report(batches["iraq"]["json"], tmp_path)
    assert {p.name for p in tmp_path.iterdir()} == {
        "win_rates.png",
        "scores.png",
        "lengths.png",
        "report.html",
    }


def test_bad_input_is_a_clear_error(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    runner = CliRunner()
    for name, content, message in [
        ("x.txt", "hello", ".json, .csv or .parquet"),
        ("x.csv", "a,b\n1,2\n", "not written by consim simulate"),
        ("x.json", "[1, 2]", "not a results file"),
    ]:
        (tmp_path / name).write_text(content)
        result = runner.invoke(app, ["report", str(tmp_path / name), "--out", str(tmp_path / "r")])
        assert result.exit_code == 2, result.output
        assert message in result.stderr and "Traceback" not in result.output
    result = runner.invoke(app, ["report", str(tmp_path / "missing.json")])
    assert result.exit_code == 2 and "cannot read" in result.stderr


def test_missing_matplotlib_names_the_install_command(
    batches: dict[str, dict[str, Path]], tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setitem(sys.modules, "matplotlib.figure", None)
    result = CliRunner().invoke(app, ["report", str(batches["iraq"]["json"]), "--out", str(tmp_path)])
    assert result.exit_code == 2
    assert "pip install 'consim[scale]'" in result.stderr and "Traceback" not in result.output
