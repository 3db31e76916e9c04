"""Batch simulation: determinism across processes, statistics, summaries and the CLI."""

from __future__ import annotations

import csv
import json
import math
from collections.abc import Mapping, Sequence
from pathlib import Path
from typing import Any

import pytest
from typer.testing import CliRunner

from consim.cli.main import app
from consim.core.action import Action
from consim.core.errors import OptionError
from consim.core.game import Game
from consim.games.iraq.game import IraqGame
from consim.sim import GameResult, SimulationError, run_games, summarize, wilson
from consim.sim.stats import mean, stdev

FIVE = ("US", "Sunni", "Shia", "Kurd", "Insurgent")
SHORT = {"players": 5, "turns": 2}


# -- run_games ----------------------------------------------------------------------------


def test_results_do_not_depend_on_jobs() -> None:
    one = run_games("iraq", SHORT, games=12, bots="random", seed=40, jobs=1)
    two = run_games("iraq", SHORT, games=12, bots="random", seed=40, jobs=2)
    assert one == two
    assert [r.seed for r in two] == list(range(40, 52))
    # the figures of each game are real and vary between seeds
    assert len({tuple(r.scores.values()) for r in one}) > 1
    assert all(r.decisions > 0 and r.seconds > 0 for r in one)


def test_heuristic_bots_are_deterministic_across_jobs() -> None:
    mixed = {
        "US": "heuristic",
        "Sunni": "random",
        "Shia": "heuristic",
        "Kurd": "random",
        "Insurgent": "heuristic",
    }
    one = run_games("iraq", SHORT, games=6, bots=mixed, seed=3, jobs=1)
    two = run_games("iraq", SHORT, games=6, bots=mixed, seed=3, jobs=2)
    assert one == two


def test_game_i_uses_seed_plus_i() -> None:
    batch = run_games("iraq", SHORT, games=3, bots="random", seed=10)
    alone = run_games("iraq", SHORT, games=1, bots="random", seed=12)
    assert batch[2] == alone[0]


def test_result_fields_come_from_the_outcome() -> None:
    (r,) = run_games("iraq", SHORT, games=1, bots="random", seed=1)
    assert set(r.scores) == set(FIVE)
    assert set(r.conflicts) == {"the Civil War", "the Insurgency"}
    assert set(r.conflict_seats["the Insurgency"]) == {"US", "Insurgent"}
    assert set(r.conflict_seats["the Civil War"]) == {"Sunni", "Shia", "Kurd"}
    # every conflict winner is an overall winner, and the other way round
    assert sorted(r.winners) == sorted({w for ws in r.conflicts.values() for w in ws})
    assert r.unit == "VP"
    assert r.result.endswith(".")


def test_progress_reports_games_done() -> None:
    seen: list[int] = []
    run_games("iraq", SHORT, games=4, bots="random", progress=seen.append)
    assert seen == [1, 2, 3, 4]
    seen.clear()
    run_games("iraq", SHORT, games=9, bots="random", jobs=2, progress=seen.append)
    assert seen == sorted(seen) and seen[-1] == 9


def test_bad_options_and_bots_fail_before_any_game() -> None:
    with pytest.raises(OptionError, match="colour"):
        run_games("iraq", {"colour": "red"}, games=2, bots="random")
    with pytest.raises(OptionError, match="unknown bot 'genius'"):
        run_games("iraq", {}, games=2, bots="genius", jobs=2)
    with pytest.raises(OptionError, match="no bot given"):
        run_games("iraq", {}, games=2, bots={"US": "random"})
    with pytest.raises(OptionError, match="unknown game"):
        run_games("monopoly", {}, games=1, bots="random")


class _CrashBot:
    uses_view = False

    def __init__(self, game: Game, seat: str, seed: int) -> None:
        self.left = 3

    def choose(self, view: Mapping[str, Any], actions: Sequence[Action]) -> Action:
        self.left -= 1
        if self.left == 0:
            raise ZeroDivisionError("bot bug")
        return actions[-1]


def test_a_crashing_game_names_its_seed(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(IraqGame, "bots", {**IraqGame.bots, "crash": "tests.sim.test_sim:_CrashBot"})
    with pytest.raises(SimulationError, match=r"seed 6 failed after \d+ actions: ZeroDivision"):
        run_games("iraq", SHORT, games=3, bots={**dict.fromkeys(FIVE, "random"), "Kurd": "crash"}, seed=6)


def test_cli_reports_a_crashing_game(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(IraqGame, "bots", {**IraqGame.bots, "crash": "tests.sim.test_sim:_CrashBot"})
    args = "simulate iraq --games 2 --bot random --seat Kurd=crash --seed 3"
    result = CliRunner().invoke(app, args.split())
    assert result.exit_code == 1
    assert "seed 3 failed" in result.stderr and "Traceback" not in result.output


# -- statistics -------------------------------------------------------------------------


def test_wilson_known_values() -> None:
    assert wilson(0, 10)[0] == 0.0
    assert wilson(0, 10)[1] == pytest.approx(0.2775, abs=1e-4)
    low, high = wilson(5, 10)
    assert low == pytest.approx(0.2366, abs=1e-4)
    assert high == pytest.approx(0.7634, abs=1e-4)
    assert wilson(10, 10) == pytest.approx((0.7225, 1.0), abs=1e-4)
    # 81 of 263 (Newcombe 1998, a standard worked example): 0.2553..0.3662 at z = 1.96
    assert wilson(81, 263) == pytest.approx((0.2553, 0.3662), abs=1e-4)
    assert wilson(0, 0) == (0.0, 1.0)


def test_wilson_is_symmetric_and_narrows_with_n() -> None:
    for k, n in [(3, 17), (40, 100), (1, 2)]:
        low, high = wilson(k, n)
        mlow, mhigh = wilson(n - k, n)
        assert low == pytest.approx(1 - mhigh) and high == pytest.approx(1 - mlow)
        assert 0 <= low <= k / n <= high <= 1
    assert wilson(50, 100)[1] - wilson(50, 100)[0] > wilson(500, 1000)[1] - wilson(500, 1000)[0]


def test_wilson_rejects_nonsense() -> None:
    with pytest.raises(ValueError):
        wilson(11, 10)
    with pytest.raises(ValueError):
        wilson(-1, 10)


def test_mean_and_stdev() -> None:
    assert mean([]) != mean([])  # nan
    assert mean([1.0, 2.0, 6.0]) == 3.0
    assert stdev([5.0]) == 0.0
    assert stdev([1.0, 3.0]) == pytest.approx(math.sqrt(2))


# -- summarize --------------------------------------------------------------------------


def _result(
    seed: int,
    winners: list[str],
    conflicts: dict[str, list[str]],
    scores: dict[str, float],
    decisions: int = 10,
) -> GameResult:
    return GameResult(
        seed=seed,
        scores=scores,
        winners=winners,
        result="",
        conflicts=conflicts,
        decisions=decisions,
        seconds=0.5,
        conflict_seats={"war": ["A", "B"]} if conflicts else {},
    )


def test_summarize_counts_shared_wins_for_each_sharer() -> None:
    results = [
        _result(0, ["A", "B"], {"war": ["A", "B"]}, {"A": 3, "B": 3, "C": 1}, decisions=10),
        _result(1, ["A"], {"war": ["A"]}, {"A": 5, "B": 2, "C": 0}, decisions=20),
        _result(2, ["C"], {}, {"A": 1, "B": 1, "C": 4}, decisions=30),
        _result(3, ["B", "C"], {"war": ["B"]}, {"A": 0, "B": 4, "C": 4}, decisions=40),
    ]
    s = summarize(results, ["A", "B", "C"])
    assert s.games == 4
    assert [(x.seat, x.wins) for x in s.seats] == [("A", 2), ("B", 2), ("C", 2)]
    assert s.seat("A").win_rate == 0.5
    assert (s.seat("A").win_low, s.seat("A").win_high) == wilson(2, 4)
    assert s.seat("C").mean_score == pytest.approx(9 / 4)
    assert s.shared == 2
    assert s.mean_decisions == 25
    assert s.games_per_second == pytest.approx(4 / 2.0)  # four games of 0.5 s
    war = s.conflict("war")
    assert war.games == 3  # decided in three of the four games
    assert war.shared == 1
    assert [(x.seat, x.wins) for x in war.seats] == [("A", 2), ("B", 2)]  # C takes no part
    assert war.seats[0].win_rate == pytest.approx(2 / 3)
    assert summarize(results, ["A", "B", "C"], wall_seconds=1.0).games_per_second == 4.0


def test_summarize_real_batch_is_consistent() -> None:
    results = run_games("iraq", SHORT, games=20, bots="random", seed=7)
    s = summarize(results, FIVE)
    assert sum(x.wins for x in s.seats) == sum(len(r.winners) for r in results)
    assert {c.name for c in s.conflicts} == {"the Civil War", "the Insurgency"}
    for c in s.conflicts:
        assert c.games == 20
        assert sum(x.wins for x in c.seats) == 20 + sum(len(r.conflicts[c.name]) - 1 for r in results)
    json.dumps(s.to_dict())  # JSON-ready


def test_summarize_no_games() -> None:
    s = summarize([], FIVE)
    assert s.games == 0 and s.seats[0].wins == 0 and s.seats[0].win_low == 0.0
    assert s.games_per_second == 0.0


# -- the CLI ------------------------------------------------------------------------------


@pytest.fixture(scope="module")
def runner() -> CliRunner:
    return CliRunner()


def test_cli_writes_json_and_csv(runner: CliRunner, tmp_path: Path) -> None:
    out_json, out_csv = tmp_path / "sim.json", tmp_path / "sim.csv"
    args = "simulate iraq --games 6 --jobs 2 --bot heuristic --seat US=random"
    args += " --option turns=2 --seed 100"
    result = runner.invoke(app, [*args.split(), "--json", str(out_json), "--csv", str(out_csv)])
    assert result.exit_code == 0, result.output
    assert "the Civil War" in result.stdout and "the Insurgency" in result.stdout
    assert "games/s" in result.stdout

    data = json.loads(out_json.read_text())
    assert data["game"] == "iraq"
    assert data["options"]["turns"] == 2 and data["options"]["players"] == 5
    assert data["bots"] == {
        "US": "random",
        "Sunni": "heuristic",
        "Shia": "heuristic",
        "Kurd": "heuristic",
        "Insurgent": "heuristic",
    }
    assert data["seed"] == 100
    assert [g["seed"] for g in data["games"]] == list(range(100, 106))
    first = data["games"][0]
    assert set(first) == {"seed", "scores", "winners", "result", "conflicts", "decisions", "turns"}
    assert first["turns"] == 2  # the short test game
    assert data["summary"]["games"] == 6
    assert [s["seat"] for s in data["summary"]["seats"]] == list(FIVE)

    # the files agree with an in-process run of the same games
    expected = run_games("iraq", {"turns": 2}, games=6, bots=data["bots"], seed=100)
    assert [g["scores"] for g in data["games"]] == [r.scores for r in expected]

    rows = list(csv.DictReader(out_csv.open(newline="")))
    assert len(rows) == 6
    assert list(rows[0]) == [
        "game",
        "seed",
        *FIVE,
        "winners",
        "the Insurgency",
        "the Civil War",
        "decisions",
        "turns",
        "unit",
        "conflict seats",
    ]
    for row, game in zip(rows, data["games"], strict=True):
        assert int(row["seed"]) == game["seed"]
        assert float(row["Kurd"]) == game["scores"]["Kurd"]
        assert row["winners"] == "+".join(game["winners"])
        assert row["the Civil War"] == "+".join(game["conflicts"]["the Civil War"])
        assert row["game"] == "iraq" and int(row["turns"]) == game["turns"] and row["unit"] == "VP"
        assert row["conflict seats"] == "the Insurgency=US+Insurgent; the Civil War=Sunni+Shia+Kurd"


def test_cli_players_option(runner: CliRunner, tmp_path: Path) -> None:
    out = tmp_path / "two.json"
    args = "simulate iraq --games 3 --players 2 --bot random --option turns=1"
    args += " --option two_player_removal=e-letter"
    result = runner.invoke(app, [*args.split(), "--json", str(out)])
    assert result.exit_code == 0, result.output
    data = json.loads(out.read_text())
    assert data["options"]["players"] == 2
    assert data["options"]["two_player_removal"] == "e-letter"
    assert set(data["games"][0]["scores"]) == {"US", "Insurgent"}


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (["--option", "colour=red"], "colour"),
        (["--option", "turns"], "KEY=VALUE"),
        (["--players", "9"], "players"),
        (["--bot", "genius"], "unknown bot 'genius'"),
        (["--seat", "Martian=random"], "unknown seat 'Martian'"),
        (["--seat", "US=genius"], "unknown bot 'genius'"),
        (["--players", "3", "--option", "players=4"], "disagree"),
    ],
)
def test_cli_bad_input_is_a_clear_error(runner: CliRunner, args: list[str], message: str) -> None:
    result = runner.invoke(app, ["simulate", "iraq", "--games", "2", *args])
    assert result.exit_code == 2, result.output
    assert message in result.stderr
    assert "error:" in result.stderr
    assert "Traceback" not in result.output
    assert result.exception is None or isinstance(result.exception, SystemExit)


def test_cli_unknown_game(runner: CliRunner) -> None:
    result = runner.invoke(app, ["simulate", "monopoly", "--games", "2"])
    assert result.exit_code == 2
    assert "unknown game 'monopoly'" in result.stderr


def test_points_levels_and_endings_are_summarized() -> None:
    results = [
        GameResult(0, {"player": -20.0}, [], "", {}, 5, points=20.0, level="16 to 25", ending="card 50"),
        GameResult(1, {"player": -56.0}, [], "", {}, 5, points=56.0, level="56+", ending="Rome"),
        GameResult(2, {"player": -9.0}, [], "", {}, 5, points=9.0, level="1 to 15", ending="card 50"),
        GameResult(3, {"player": -24.0}, [], "", {}, 5, points=24.0, level="16 to 25", ending="card 50"),
    ]
    p = summarize(results, ["player"]).points
    assert p is not None
    assert (p.games, p.median, p.low, p.high) == (4, 22.0, 9.0, 56.0)
    assert p.mean == pytest.approx(27.25)
    assert p.levels == [("1 to 15", 1), ("16 to 25", 2), ("56+", 1)]  # by points, not by count
    assert summarize(results, ["player"]).endings == [("card 50", 3), ("Rome", 1)]
    assert summarize(results[:0], ["player"]).points is None
    assert summarize(run_games("iraq", SHORT, games=2, bots="random"), FIVE).points is None


def test_cli_reports_jihad_outcome_points_and_levels(runner: CliRunner, tmp_path: Path) -> None:
    out_json = tmp_path / "j.json"
    result = runner.invoke(app, ["simulate", "jihad", "--games", "4", "--json", str(out_json)])
    assert result.exit_code == 0, result.output
    games = json.loads(out_json.read_text())["games"]
    assert all("points" in g and "level" in g and "ending" in g for g in games)
    assert "levels reached" in result.stdout and "points over 4 games: median" in result.stdout
    for level in {g["level"] for g in games}:
        assert level in result.stdout
