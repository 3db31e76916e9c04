"""Design your own scenario (33.0): one YAML file, checked with file:line for each problem
(``consim validate FILE``) and played with ``--scenario-file`` / ``scenario_file=``."""

from __future__ import annotations

import random
from pathlib import Path

import pytest
from typer.testing import CliRunner

import consim
from consim.cli.main import app
from consim.core.errors import OptionError
from consim.games.fitna.scenario_file import check

EXAMPLE = Path(__file__).resolve().parents[3] / "docs" / "examples" / "fitna-aleppo.yaml"

HEAD = """\
based_on: 1
number: 30
title: "A test"
"""


def write(tmp_path: Path, text: str) -> Path:
    path = tmp_path / "mine.yaml"
    path.write_text(text, encoding="utf-8")
    return path


def test_the_readme_example_is_sound_and_plays_to_the_end() -> None:
    assert check(EXAMPLE) == []
    game = consim.load_game("fitna", scenario_file=str(EXAMPLE))
    assert game.options["scenario"] == 21
    st = game.new_game(3)
    assert st.log[0].text.startswith("Scenario 21, The battle for Aleppo: 2 players")
    rng = random.Random(3)
    while not st.is_over():
        seat = st.to_act()[0]
        acts = st.legal_actions(seat)
        st.apply(seat, acts[rng.randrange(len(acts))])
    out = st.outcome()
    assert out is not None and out.turns is not None and out.turns <= 4
    # a saved game names the file: it replays
    again = consim.replay(st.record())
    assert again.to_dict()["data"] == st.to_dict()["data"]


def test_an_unknown_space_in_the_set_up(tmp_path: Path) -> None:
    path = write(
        tmp_path,
        HEAD + "setup:\n  - {counter: syria_4_arm_div, space: damascus}\n"
        "  - {counter: syria_pr_gd_div, space: atlantis}\n",
    )
    assert check(path) == [f"{path}:6: setup.1.space: the set-up names unknown space 'atlantis'"]


def test_a_unit_used_twice(tmp_path: Path) -> None:
    path = write(
        tmp_path,
        HEAD
        + "setup:\n  - {counter: syria_4_arm_div, space: damascus}\n"
        + "  - {counter: syria_4_arm_div, space: homs}\n"
        + "reinforcements:\n  Syria:\n    - counters: [syria_pr_gd_div]\n"
        + "  Rebels:\n    - counters: [syria_4_arm_div]\n",
    )
    assert check(path) == [
        f"{path}:6: setup.1.counter: counter 'syria_4_arm_div' is used twice (first at {path}:5)",
        f"{path}:11: reinforcements.Rebels.0.counters.0: counter 'syria_4_arm_div' is used twice "
        f"(first at {path}:5)",
    ]


def test_stacking_broken_at_set_up(tmp_path: Path) -> None:
    """[4.0] three units at most (four IS), one corps, no enemies together."""
    units = ["syria_4_arm_div", "syria_pr_gd_div", "syria_3_arm_div", "syria_1_arm_div"]
    lines = "".join(f"  - {{counter: {u}, space: damascus}}\n" for u in units)
    lines += "  - {counter: syria_5_mech_div, space: homs}\n  - {counter: fsa_tawhid_bde, space: homs}\n"
    path = write(tmp_path, HEAD + "setup:\n" + lines)
    assert check(path) == [
        f"{path}:8: setup.3.space: 4 units on Damascus at set-up: at most 3 (4.0)",
        f"{path}:10: setup.5.space: enemy units stacked on Homs at set-up: Rebels, Syria (4.0)",
    ]


def test_a_victory_condition_naming_a_missing_space(tmp_path: Path) -> None:
    path = write(
        tmp_path,
        HEAD
        + "victory:\n  - seat: Syria\n    minor:\n      - {type: control, spaces: [aleppo, gotham]}\n"
        + "    major:\n      - {type: control, spaces: [aleppo]}\n"
        + "    decisive:\n      - {type: control, spaces: [aleppo]}\n"
        + "  - seat: Persia\n    minor: [{type: vp_margin, margin: 5}]\n"
        + "    major: [{type: vp_margin, margin: 10}]\n    decisive: [{type: vp_margin, margin: 15}]\n",
    )
    problems = check(path)
    assert problems[:2] == [
        f"{path}:7: victory.0.minor.0.spaces.1: a minor victory condition names unknown space 'gotham'",
        f"{path}:12: victory.1.seat: victory for unknown seat 'Persia'",
    ]


def test_schema_and_file_problems(tmp_path: Path) -> None:
    path = write(tmp_path, HEAD + "turns: 40\n")
    assert check(path) == [f"{path}:4: turns: Input should be less than or equal to 12"]
    path = write(tmp_path, "based_on: 77\n")
    assert check(path)[0].startswith(f"{path}:1: based_on: no scenario 77 to build on")
    path = write(tmp_path, "scenarios:\n  - number: 1\n")
    assert "one scenario per file" in check(path)[0]
    path = write(tmp_path, "title: [unclosed\n")
    assert check(path)[0].startswith(f"{path}:")
    assert check(tmp_path / "nowhere.yaml") == [f"{tmp_path / 'nowhere.yaml'}: no such file"]


def test_a_broken_file_is_refused_when_played(tmp_path: Path) -> None:
    path = write(tmp_path, HEAD + "turns: 40\n")
    with pytest.raises(OptionError, match=r"1 problem\(s\) in the scenario file.*turns"):
        consim.load_game("fitna", scenario_file=str(path))


def test_the_command_line(tmp_path: Path) -> None:
    runner = CliRunner()
    result = runner.invoke(app, ["validate", str(EXAMPLE)])
    assert result.exit_code == 0 and "a sound fitna scenario" in result.output
    bad = write(tmp_path, HEAD + "turns: 40\n")
    result = runner.invoke(app, ["validate", str(bad)])
    assert result.exit_code == 1 and "turns: Input should be less than or equal to 12" in result.output
    result = runner.invoke(app, ["play", "fitna", "--scenario-file", str(bad), "--seed", "1"])
    assert result.exit_code == 2 and "problem(s) in the scenario file" in result.output
    result = runner.invoke(app, ["play", "iraq", "--scenario-file", str(EXAMPLE)])
    assert result.exit_code == 2 and "reads no scenario file" in result.output


def test_the_web_server_neither_offers_nor_accepts_a_file() -> None:
    """A path names a file of the machine that runs the game: the server's players may not
    make it read one (and the new-game form does not offer the option)."""
    server = pytest.importorskip("consim.server.pages")
    service = pytest.importorskip("consim.server.service")
    fitna = next(g for g in server.catalogue() if g["game"] == "fitna")
    names = [o["name"] for o in fitna["options"]]
    assert "scenario" in names and "scenario_file" not in names
    db = pytest.importorskip("consim.server.db")
    svc = service.Service(store=db.Store("sqlite://"))
    with pytest.raises(service.ServerError, match="command line only"):
        svc.game("fitna", {"scenario_file": str(EXAMPLE)})
    assert svc.game("fitna", {"scenario": 1, "scenario_file": ""}).options["scenario"] == 1


def test_entrenchments_at_set_up(tmp_path: Path) -> None:
    """[19.0] A known space, one marker each, and units set up there to hold it."""
    path = write(tmp_path, HEAD + "entrenched:\n  - damascus\n  - damascus\n  - gotham\n  - tabqa\n")
    assert check(path) == [
        f"{path}:6: entrenched.1: Damascus is entrenched twice (one marker a space, 19.0)",
        f"{path}:7: entrenched.2: an entrenchment names unknown space 'gotham'",
        f"{path}:8: entrenched.3: no unit is set up on Tabqa to hold its entrenchment (19.0)",
    ]
    sound = write(tmp_path, HEAD + "entrenched: [damascus]\n")
    assert check(sound) == []
    st = consim.load_game("fitna", scenario_file=str(sound)).new_game(0)
    assert [s["name"] for s in st.view("Syria")["spaces"] if s.get("entrenched")] == ["Damascus"]


def test_a_two_player_table_of_the_file(tmp_path: Path) -> None:
    """[31.0] A two-player version's own table is checked like the scenario's: known spaces,
    and a seat of the player that gives it."""
    head = 'based_on: 4\nnumber: 31\ntitle: "Two-player test"\n'
    table = (
        "    victory:\n      - seat: {seat}\n        minor: [{{type: control, spaces: [mosul, {space}]}}]\n"
        "        major: [{{type: control, spaces: [mosul, raqqa]}}]\n"
        "        decisive: [{{type: control, spaces: [mosul, raqqa, tal_afar]}}]\n"
    )
    players = (
        "two_players:\n  - name: Syria and Iraq\n    seats: [Iraq, Syria]\n{table}"
        "  - name: Turkey\n    seats: [Turkey]\n"
    )
    bad = write(tmp_path, head + players.format(table=table.format(seat="Turkey", space="gotham")))
    where = "two_players.0.victory.0"
    assert check(bad) == [
        f"{bad}:8: {where}.seat: a two-player table for 'Turkey', not one of this player's seats (31.0)",
        f"{bad}:9: {where}.minor.0.spaces.1: a minor victory condition names unknown space 'gotham'",
    ]
    good = write(tmp_path, head + players.format(table=table.format(seat="Iraq", space="raqqa")))
    assert check(good) == []
    two = consim.load_game("fitna", scenario_file=str(good), players=2)
    iraq = next(v for v in two.tables.scenario.victory if v.part == "Iraq")  # type: ignore[attr-defined]
    assert iraq.seat == "Syria and Iraq" and [c.spaces for c in iraq.minor] == [["mosul", "raqqa"]]
    assert "Victory tables of this version's own: Iraq." in two.tables.scenario.special_rules[-1]  # type: ignore[attr-defined]
    # the scenario's own game keeps the scenario's tables
    four = consim.load_game("fitna", scenario_file=str(good))
    assert next(v for v in four.tables.scenario.victory if v.seat == "Iraq").minor != iraq.minor  # type: ignore[attr-defined]
