"""Victory by Victory Points (31.1) as an option, with three or more players: the lead over
every other player sets the level; each player's result is named (a level of victory, a
defeat, or a stalemate when nobody leads by 5); everybody may lose (29.0)."""

from __future__ import annotations

from consim.core.game import Outcome
from consim.games.fitna.present import outcome_lines
from consim.games.fitna.rules.victory import judge, results_word, victory_points
from consim.games.fitna.testing import control
from tests.games.fitna.conftest import position, region_game

MAIN_AREA = ("iraq", "syria", "lebanon", "kuwait")


def spaces_of(countries: tuple[str, ...]) -> list[str]:
    t = region_game(victory="points").tables
    wanted = {t.country_index[c] for c in countries}
    return [t.space_name[s] for s in range(t.n_spaces) if t.space_country[s] in wanted]


def test_a_lead_over_everyone_wins_and_the_others_lose() -> None:
    game = region_game(victory="points")
    st = position(game, {}, edit=lambda d, st: control(d, st, "IS", spaces_of(("syria",))))
    t = st.tables
    out = judge(st)
    iraq = victory_points(st, t.seat_index["Iraq"])[0]
    others = [victory_points(st, i)[0] for i, s in enumerate(t.seats) if s != "Iraq"]
    assert iraq - max(others) >= 15  # Iraq holds its 35 spaces, Syria is IS's
    assert out["winners"] == ["Iraq"]
    assert out["results"]["Iraq"] == "decisive victory"
    losers = [s for s in t.seats if s != "Iraq"]
    assert all(out["results"][s] == "defeat" for s in losers)
    assert out["sentence"] == (
        "Iraq wins a decisive victory; " + ", ".join(losers[:-1]) + f" and {losers[-1]} lose."
    )


def test_nobody_ahead_by_five_is_a_stalemate_and_everybody_loses() -> None:
    game = region_game(victory="points")
    st = position(game, {}, edit=lambda d, st: control(d, st, "IS", spaces_of(MAIN_AREA)))
    t = st.tables
    out = judge(st)
    # [31.1] spaces held by IS count for nobody: every player is left with no VP at all
    assert set(out["vp"].values()) == {0}
    assert out["winners"] == []
    assert set(out["results"].values()) == {"stalemate"}
    assert out["sentence"] == "Nobody wins: a stalemate (nobody leads every other player by 5 VP)."
    assert len(t.seats) == 6


def test_a_lead_of_four_is_not_enough() -> None:
    """[31.1] Minor victory needs 5 more VPs than every opponent: Iraq keeps its 4-VP holy
    city of Karbala and the 3-VP Baghdad, Syria keeps Damascus; the lead is short."""
    game = region_game(victory="points")
    keep = {"Karbala", "Baghdad", "Damascus"}
    st = position(
        game,
        {},
        edit=lambda d, st: control(d, st, "IS", [s for s in spaces_of(MAIN_AREA) if s not in keep]),
    )
    t = st.tables
    vp = {s: victory_points(st, i)[0] for i, s in enumerate(t.seats)}
    assert vp["Iraq"] == 7 and vp["Syria"] == 3
    out = judge(st)
    assert out["results"]["Iraq"] == "stalemate" and out["winners"] == []


def test_results_in_words_and_on_the_final_screen() -> None:
    assert results_word("major", True, True) == "major victory"
    assert results_word("none", True, True) == "defeat"
    assert results_word("none", True, False) == "stalemate"
    assert results_word("none", False, True) == "no victory"
    outcome = Outcome(
        scores={"Iran": 30.0, "Syria": 20.0, "Iraq": 18.0},
        winners=("Iran",),
        result="Iran wins a major victory; Syria and Iraq lose.",
        unit="VP",
        details={
            "levels": {"Iran": "major", "Syria": "none", "Iraq": "none"},
            "results": {"Iran": "major victory", "Syria": "defeat", "Iraq": "defeat"},
            "vp": {"Iran": 30, "Syria": 20, "Iraq": 18},
        },
    )
    lines = outcome_lines(outcome)
    assert lines[:3] == ["Iran: major victory, 30 VP.", "Syria: defeat, 20 VP.", "Iraq: defeat, 18 VP."]
