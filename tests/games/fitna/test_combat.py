"""Offensives and combat (18.0-18.7), the CRT as printed, column shifts and their caps, every
result, losses, retreats, the advance after combat, exploitation, entrenchments (19.0), the
caveats (21.0) and the Assets of both sides (18.3)."""

from __future__ import annotations

import random
import re
from dataclasses import replace
from pathlib import Path

import pytest

from consim.core.errors import IllegalAction
from consim.games.fitna.content import CRT, CRT_COLUMNS, crt_column
from consim.games.fitna.game import FitnaGame
from consim.games.fitna.rules.combat import attackers_at, target_refusal, targets_for
from consim.games.fitna.testing import control, offensives
from tests.games.fitna.conftest import play, position, region_game, texts, where

RULES = Path(__file__).resolve().parents[4] / "shared" / "rules" / "fitna-rules-second-edition.md"


def no_jokers(d, st) -> None:  # type: ignore[no-untyped-def]
    d.jokers = dict.fromkeys(st.tables.seats, 0)


def attack(st, source: str, units: list[str], target: str) -> None:  # type: ignore[no-untyped-def]
    play(st, f'attack_from "{source}"', *(f'add "{u}"' for u in units), "attack", f'target "{target}"')


# =============================================================================================
# 18.1 the CRT, 18.2 the column shifts
# =============================================================================================


def test_crt_is_the_printed_table() -> None:
    """[18.1] Every cell of the CRT as printed in the rulebook."""
    if not RULES.exists():
        pytest.skip("the rulebook is not beside the repository")
    rows = {}
    for line in RULES.read_text(encoding="utf-8").splitlines():
        m = re.match(r"^([1-6])\t(.*)$", line)
        if m:
            rows[int(m.group(1))] = tuple(m.group(2).split())
    assert [rows[d] for d in range(1, 7)] == list(CRT)


def test_crt_columns_and_caps() -> None:
    """[18.1] The difference picks the column; beyond the ends it stays at the ends."""
    assert next(label for _, label in CRT_COLUMNS) == "-8 or less"
    assert [label for _, label in CRT_COLUMNS][-1] == "+18 or more"
    cases = {-20: 0, -8: 0, -7: 1, -5: 1, -4: 2, -2: 2, -1: 3, 1: 3, 2: 4, 4: 4, 5: 5, 7: 5}
    cases.update({8: 6, 10: 6, 11: 7, 13: 7, 14: 8, 17: 8, 18: 9, 40: 9})
    for diff, col in cases.items():
        assert crt_column(diff) == col, diff


def mosul(dice: list[int]):  # type: ignore[no-untyped-def]
    game = region_game()
    return position(
        game,
        {"1 Mech Div": "Mosul", "5 Inf Div": "Mosul", "9 Arm Div (Iraq)": "Mosul", "66 Mech Bde": "Dahuk"},
        hands={"Iraq": ["Close Air Support"]},
        edit=no_jokers,
        frames=lambda st: offensives(st, "Iraq", 1),
        dice=dice,
    )


def test_mosul_offensive_of_18_2() -> None:
    """[18.2] The rulebook's example: 18 attack points against 3, +15 (the +14/17 column);
    Close Air Support +3 and Dahuk's defence -1 make 2 shifts to the right, and the column used
    is the last one, "+18 or more"."""
    st = mosul([1])
    attack(st, "Mosul", ["1 Mech Div", "5 Inf Div", "9 Arm Div (Iraq)"], "Dahuk")
    assert st.to_act() == ("Turkey",)  # [18.3] the defender announces first
    play(st, "done", 'commit "Close Air Support"', "done", "done")
    lines = texts(st)
    assert (
        "Attack 18 against defence 3: +15, column +14 to +17; shifts defence of Dahuk -1, Close Air "
        "Support +3 (net +2); final column +18 or more." in lines
    )
    assert "Offensive on Dahuk: die 1, result DR." in lines  # die 1 on +18 or more
    play(st, 'lose "66 Mech Bde"')
    assert st.prompt("Turkey").text.startswith("66 Mech Bde must retreat from Dahuk")


def test_column_capped_on_the_left() -> None:
    """[18.2] Shifts past the first column stay on it: 3 against 18 with defence 2 and an
    entrenchment is "-8 or less", where a 6 is an exchange."""
    game = region_game()

    def setup(d, st):  # type: ignore[no-untyped-def]
        no_jokers(d, st)
        d.entrenched[st.tables.space_by_name["Dahuk"]] = True

    st = position(
        game,
        {"66 Mech Bde": "Mosul", "1 Mech Div": "Dahuk", "5 Inf Div": "Dahuk", "9 Arm Div (Iraq)": "Dahuk"},
        edit=setup,
        frames=lambda st: offensives(st, "Turkey", 1),
        dice=[6],
    )
    attack(st, "Mosul", ["66 Mech Bde"], "Dahuk")
    play(st, "done", "done")
    lines = texts(st)
    assert any("final column -8 or less" in x for x in lines)
    assert "Offensive on Dahuk: die 6, result EX." in lines


# =============================================================================================
# 18.4-18.7 results, losses, retreats, advance, exploitation
# =============================================================================================


def duel(att: dict[str, str], dfn: dict[str, str], die: int, reduced: tuple[str, ...] = ()):  # type: ignore[no-untyped-def]
    """Iraq attacks from Mosul into Tal Afar (no defence bonus)."""
    units = {**{u: "Mosul" for u in att}, **{u: "Tal Afar" for u in dfn}}
    return position(
        region_game(),
        units,
        reduced=reduced,
        edit=no_jokers,
        frames=lambda st: offensives(st, "Iraq", 1),
        dice=[die],
    )


# Iraq: 1 Mech Div 6-6, 5 Inf Div 4-4, 9 Arm Div 8-8 (armour). Turkey: 66 Mech Bde 2-3 (1-2
# reduced), 1 and 3 Cdo Bde 4-4, 4 Cps 10-10, SF Bde 4-3 (2-2 reduced). Tal Afar has no defence
# bonus; its neighbours are Mosul, Sinjar and Rmelan.
TRIO = ["1 Mech Div", "5 Inf Div", "9 Arm Div (Iraq)"]  # 18 attack points


def test_ar_star_every_attacker_loses_a_step_and_stays() -> None:
    """[18.4] AR*: all attacking units lose a step and stay in their space."""
    st = duel(
        {"1 Mech Div": "", "5 Inf Div": ""}, {"4 Cps": "", "1 Cdo Bde": "", "3 Cdo Bde (Turkey)": ""}, die=1
    )
    attack(st, "Mosul", ["1 Mech Div", "5 Inf Div"], "Tal Afar")  # 10 against 18: -8
    play(st, "done", "done")
    assert "Offensive on Tal Afar: die 1, result AR*." in texts(st)
    rec = st.tables.unit_by_label
    assert st.data.units[rec["1 Mech Div"]].reduced and st.data.units[rec["5 Inf Div"]].reduced
    assert where(st, "1 Mech Div") == "Mosul" and where(st, "4 Cps") == "Tal Afar"


def test_ar_the_attacker_loses_one_step_of_his_choice() -> None:
    """[18.4, 18.5] AR: one step from one unit the attacker chooses; he stays."""
    st = duel({"1 Mech Div": "", "5 Inf Div": ""}, {"4 Cps": "", "66 Mech Bde": ""}, die=1)
    attack(st, "Mosul", ["1 Mech Div", "5 Inf Div"], "Tal Afar")  # 10 against 13: -3
    play(st, "done", "done")
    assert "Offensive on Tal Afar: die 1, result AR." in texts(st)
    assert [a.text for a in st.legal_actions("Iraq")] == ['lose "1 Mech Div"', 'lose "5 Inf Div"']
    play(st, 'lose "5 Inf Div"')
    assert st.data.units[st.tables.unit_by_label["5 Inf Div"]].reduced
    assert where(st, "5 Inf Div") == "Mosul" and where(st, "4 Cps") == "Tal Afar"


def test_ex_defender_eliminated_attacker_occupies() -> None:
    """[18.4] EX: a step each; the defender eliminated, every engaged unit enters."""
    st = duel(
        {"1 Mech Div": "", "9 Arm Div (Iraq)": ""}, {"66 Mech Bde": ""}, die=1, reduced=("66 Mech Bde",)
    )
    attack(st, "Mosul", ["1 Mech Div", "9 Arm Div (Iraq)"], "Tal Afar")  # 14 against 2: +12
    play(st, "done", "done")
    assert "Offensive on Tal Afar: die 1, result EX." in texts(st)
    play(st, 'lose "66 Mech Bde"', 'lose "1 Mech Div"')
    assert where(st, "66 Mech Bde") == "eliminated"
    assert where(st, "1 Mech Div") == where(st, "9 Arm Div (Iraq)") == "Tal Afar"
    assert st.data.control[st.tables.space_by_name["Tal Afar"]] == st.tables.seat_index["Iraq"]
    assert st.to_act() == ("Iraq",) and "exploit" not in st.prompt("Iraq").text  # no exploitation


def test_ex_defender_survives_attacker_withdraws() -> None:
    """[18.4] EX: if the defender is not eliminated the attacker stays where it was."""
    st = duel({"1 Mech Div": ""}, {"1 Cdo Bde": "", "66 Mech Bde": ""}, die=3)
    attack(st, "Mosul", ["1 Mech Div"], "Tal Afar")  # 6 against 7: -1
    play(st, "done", "done")
    assert "Offensive on Tal Afar: die 3, result EX." in texts(st)
    play(st, 'lose "66 Mech Bde"', 'lose "1 Mech Div"')
    assert where(st, "1 Mech Div") == "Mosul" and where(st, "1 Cdo Bde") == "Tal Afar"


def test_ex_star_two_steps_each() -> None:
    """[18.4] EX*: two steps each, chosen by each owner (the same unit may take both)."""
    st = duel({"1 Mech Div": ""}, {"1 Cdo Bde": "", "66 Mech Bde": ""}, die=4)
    attack(st, "Mosul", ["1 Mech Div"], "Tal Afar")  # -1: a 4 is EX*
    play(st, "done", "done")
    assert "Offensive on Tal Afar: die 4, result EX*." in texts(st)
    play(st, 'lose "1 Cdo Bde"', 'lose "1 Cdo Bde"', 'lose "1 Mech Div"', 'lose "1 Mech Div"')
    assert where(st, "1 Cdo Bde") == "eliminated" and where(st, "1 Mech Div") == "eliminated"
    assert where(st, "66 Mech Bde") == "Tal Afar"


def test_dr_defender_loses_a_step_retreats_and_armour_exploits() -> None:
    """[18.4, 18.6, 18.7] DR: a step, a retreat to an adjacent space, the attackers enter, and
    the armour may exploit into an adjacent space free of enemy units."""
    st = duel({"1 Mech Div": "", "9 Arm Div (Iraq)": ""}, {"1 Cdo Bde": ""}, die=4)
    attack(st, "Mosul", ["1 Mech Div", "9 Arm Div (Iraq)"], "Tal Afar")  # +10: a 4 is DR
    play(st, "done", "done")
    assert "Offensive on Tal Afar: die 4, result DR." in texts(st)
    play(st, 'lose "1 Cdo Bde"')
    assert [a.text for a in st.legal_actions("Turkey")] == ["retreat Rmelan", "retreat Sinjar"]
    play(st, "retreat Sinjar")
    assert where(st, "1 Cdo Bde") == "Sinjar"
    assert where(st, "1 Mech Div") == where(st, "9 Arm Div (Iraq)") == "Tal Afar"  # [18.7] all enter
    assert [a.text for a in st.legal_actions("Iraq")] == ['exploit "9 Arm Div (Iraq)"', "done"]
    play(st, 'exploit "9 Arm Div (Iraq)"')
    assert [a.text for a in st.legal_actions("Iraq")] == ["to Mosul", "to Rmelan"]  # not Sinjar: enemy
    play(st, "to Rmelan")
    assert where(st, "9 Arm Div (Iraq)") == "Rmelan"
    assert st.data.control[st.tables.space_by_name["Rmelan"]] == st.tables.seat_index["Iraq"]


def test_isolated_armour_does_not_exploit() -> None:
    """[14.1] Tank units out of supply may not exploit."""

    def cut_off(d, st):  # type: ignore[no-untyped-def]
        no_jokers(d, st)
        u = st.tables.unit_by_label["9 Arm Div (Iraq)"]
        d.units[u] = replace(d.units[u], isolated=True)

    st = position(
        region_game(),
        {"1 Mech Div": "Mosul", "9 Arm Div (Iraq)": "Mosul", "1 Cdo Bde": "Tal Afar"},
        edit=cut_off,
        frames=lambda st: offensives(st, "Iraq", 1),
        dice=[6],
    )
    attack(st, "Mosul", ["1 Mech Div", "9 Arm Div (Iraq)"], "Tal Afar")  # +10, two columns left: a 6 is DR
    play(st, "done", "done")
    assert any("attackers isolated -2 (net -2); final column +2 to +4" in x for x in texts(st))
    assert "Offensive on Tal Afar: die 6, result DR." in texts(st)
    play(st, 'lose "1 Cdo Bde"', "retreat Sinjar")
    assert where(st, "9 Arm Div (Iraq)") == "Tal Afar"
    assert st.to_act() == ("Iraq",) and not st.prompt("Iraq").text.startswith("Exploitation")


def test_dr_star_steps_on_two_units_and_the_attacker_loses_one() -> None:
    """[18.4] DR*: two steps, on two units if possible (second edition); the attacker loses
    one step; the survivors retreat."""
    st = duel(
        dict.fromkeys(TRIO, ""), {"66 Mech Bde": "", "SF Bde": ""}, die=4, reduced=("66 Mech Bde", "SF Bde")
    )
    attack(st, "Mosul", TRIO, "Tal Afar")  # 18 against 4: +14, a 4 is DR*
    play(st, "done", "done")
    assert "Offensive on Tal Afar: die 4, result DR*." in texts(st)
    play(st, 'lose "66 Mech Bde"')
    assert [a.text for a in st.legal_actions("Turkey")] == ['lose "SF Bde"']
    play(st, 'lose "SF Bde"', 'lose "5 Inf Div"')
    assert where(st, "66 Mech Bde") == where(st, "SF Bde") == "eliminated"
    assert st.data.units[st.tables.unit_by_label["5 Inf Div"]].reduced


def test_dr_star_first_edition_reading_lets_the_owner_choose() -> None:
    """[18.4, NOTES.md] First edition: the steps "can be split": the owner may put both on
    one unit; second edition: the second step must go to the other unit."""
    for option, second in (
        ("owner_choice", ['lose "66 Mech Bde"', 'lose "SF Bde"']),
        ("if_possible", ['lose "SF Bde"']),
    ):
        st = position(
            region_game(dr_star_split=option),
            {**dict.fromkeys(TRIO, "Mosul"), "66 Mech Bde": "Tal Afar", "SF Bde": "Tal Afar"},
            edit=no_jokers,
            frames=lambda st: offensives(st, "Iraq", 1),
            dice=[5],
        )
        attack(st, "Mosul", TRIO, "Tal Afar")  # 18 against 6: +12, a 5 is DR*
        play(st, "done", "done")
        assert "Offensive on Tal Afar: die 5, result DR*." in texts(st)
        play(st, 'lose "66 Mech Bde"')
        assert [a.text for a in st.legal_actions("Turkey")] == second


def test_ds_every_defender_surrenders() -> None:
    """[18.4] DS: every defending unit is eliminated; the attackers enter."""
    st = duel(dict.fromkeys(TRIO, ""), {"66 Mech Bde": ""}, die=5)
    attack(st, "Mosul", TRIO, "Tal Afar")  # 18 against 3: +15, a 5 is DS
    play(st, "done", "done")
    assert "Offensive on Tal Afar: die 5, result DS." in texts(st)
    assert where(st, "66 Mech Bde") == "eliminated"
    assert where(st, "5 Inf Div") == "Tal Afar"


def retreat_position(extra: dict[str, str], turkish: list[str]):  # type: ignore[no-untyped-def]
    def setup(d, st):  # type: ignore[no-untyped-def]
        no_jokers(d, st)
        control(d, st, "Turkey", turkish)

    return position(
        region_game(),
        {**dict.fromkeys(TRIO, "Mosul"), "66 Mech Bde": "Tal Afar", **extra},
        edit=setup,
        frames=lambda st: offensives(st, "Iraq", 1),
        dice=[2],
    )


def isolate(*labels: str):  # type: ignore[no-untyped-def]
    def edit(d, st) -> None:  # type: ignore[no-untyped-def]
        no_jokers(d, st)
        for label in labels:
            u = st.tables.unit_by_label[label]
            d.units[u] = replace(d.units[u], isolated=True)

    return edit


def test_a_retreat_into_an_isolated_stack_puts_it_back_in_supply() -> None:
    """[14.1] "When a friendly supplied unit stacks with a previously unsupplied unit, the
    latter is immediately in supply": a supplied unit retreating onto an isolated friendly
    unit lifts its marker, so a second offensive there gets no +2 for isolation (18.2)."""
    st = position(
        region_game(),
        {**dict.fromkeys(TRIO, "Mosul"), "66 Mech Bde": "Tal Afar", "1 Cdo Bde": "Sinjar"},
        edit=isolate("1 Cdo Bde"),
        frames=lambda st: offensives(st, "Iraq", 2),
        dice=[2, 1],
    )
    attack(st, "Mosul", TRIO, "Tal Afar")  # +15: a 2 is DR
    play(st, "done", "done", 'lose "66 Mech Bde"', "retreat Sinjar")
    t = st.tables
    assert not st.data.units[t.unit_by_label["1 Cdo Bde"]].isolated
    assert "Turkey: 1 unit on Sinjar back in supply, joined by a supplied unit." in texts(st)
    assert next(e.rule for e in st.log if "back in supply, joined" in e.text) == "14.1"
    play(st, "done")  # no exploitation
    attack(st, "Tal Afar", ["1 Mech Div"], "Sinjar")
    play(st, "done", "done")
    detail = next(x for x in reversed(texts(st)) if x.startswith("Attack 6 against"))
    assert "isolated" not in detail


def test_an_isolated_unit_retreating_onto_a_supplied_stack_is_supplied() -> None:
    """[14.1] The other way round: the isolated unit that retreats joins a supplied friendly
    unit and loses its marker."""
    st = position(
        region_game(),
        {**dict.fromkeys(TRIO, "Mosul"), "66 Mech Bde": "Tal Afar", "1 Cdo Bde": "Sinjar"},
        edit=isolate("66 Mech Bde"),
        frames=lambda st: offensives(st, "Iraq", 1),
        dice=[1],
    )
    attack(st, "Mosul", TRIO, "Tal Afar")  # +15 and +2 for the isolated defender: a 1 is DR
    play(st, "done", "done")
    assert "Offensive on Tal Afar: die 1, result DR." in texts(st)
    play(st, 'lose "66 Mech Bde"', "retreat Sinjar")
    assert not st.data.units[st.tables.unit_by_label["66 Mech Bde"]].isolated


def test_armour_exploiting_onto_an_isolated_friendly_unit_supplies_it() -> None:
    """[14.1, 18.7] An exploiting tank unit that joins an isolated friendly unit lifts its
    marker."""
    st = position(
        region_game(),
        {"1 Mech Div": "Mosul", "9 Arm Div (Iraq)": "Mosul", "1 Cdo Bde": "Tal Afar", "5 Inf Div": "Rmelan"},
        edit=isolate("5 Inf Div"),
        frames=lambda st: offensives(st, "Iraq", 1),
        dice=[4],
    )
    attack(st, "Mosul", ["1 Mech Div", "9 Arm Div (Iraq)"], "Tal Afar")  # +10: a 4 is DR
    play(st, "done", "done", 'lose "1 Cdo Bde"', "retreat Sinjar", 'exploit "9 Arm Div (Iraq)"', "to Rmelan")
    assert not st.data.units[st.tables.unit_by_label["5 Inf Div"]].isolated
    assert "Iraq: 1 unit on Rmelan back in supply, joined by a supplied unit." in texts(st)


def test_retreat_goes_further_when_the_adjacent_spaces_are_full() -> None:
    """[18.6] Adjacent spaces full or held by the enemy: the nearest space of its side with
    room, reached through its side's spaces."""
    st = retreat_position(
        {"4 Cps": "Sinjar", "1 Cdo Bde": "Sinjar", "3 Cdo Bde (Turkey)": "Sinjar", "2 Inf Div": "Rmelan"},
        ["Hasakah", "Shaddadi"],
    )
    attack(st, "Mosul", TRIO, "Tal Afar")  # +15: a 2 is DR
    play(st, "done", "done", 'lose "66 Mech Bde"')
    assert [a.text for a in st.legal_actions("Turkey")] == ["retreat Hasakah", "retreat Shaddadi"]
    play(st, "retreat Shaddadi")
    assert where(st, "66 Mech Bde") == "Shaddadi"


def test_a_surrounded_unit_is_eliminated() -> None:
    """[18.6] A unit that cannot retreat is eliminated."""
    st = retreat_position({"2 Inf Div": "Rmelan", "3 Inf Div": "Sinjar"}, [])
    attack(st, "Mosul", TRIO, "Tal Afar")
    play(st, "done", "done", 'lose "66 Mech Bde"')
    assert "66 Mech Bde cannot retreat from Tal Afar and is eliminated." in texts(st)
    assert where(st, "66 Mech Bde") == "eliminated"
    assert where(st, "1 Mech Div") == "Tal Afar"


def test_entrenchment_destroyed_with_the_space() -> None:
    """[18.2, 18.4, 19.0] An entrenchment shifts one column left and is destroyed when the
    defender loses the space."""

    def setup(d, st):  # type: ignore[no-untyped-def]
        no_jokers(d, st)
        d.entrenched[st.tables.space_by_name["Tal Afar"]] = True

    st = position(
        region_game(),
        {"1 Mech Div": "Mosul", "9 Arm Div (Iraq)": "Mosul", "5 Inf Div": "Mosul", "66 Mech Bde": "Tal Afar"},
        edit=setup,
        frames=lambda st: offensives(st, "Iraq", 1),
        dice=[5],
    )
    attack(st, "Mosul", ["1 Mech Div", "9 Arm Div (Iraq)", "5 Inf Div"], "Tal Afar")
    play(st, "done", "done")
    assert any("entrenchment -1" in x for x in texts(st))
    assert "Offensive on Tal Afar: die 5, result DR*." in texts(st)  # +15 one column left
    play(st, 'lose "66 Mech Bde"', 'lose "66 Mech Bde"', 'lose "5 Inf Div"')
    assert "The entrenchment on Tal Afar is destroyed." in texts(st)
    assert not st.data.entrenched[st.tables.space_by_name["Tal Afar"]]


# =============================================================================================
# 18.3 Assets
# =============================================================================================


def test_no_two_identical_cards_in_one_offensive_and_cancellation() -> None:
    """[18.3] One Close Air Support per side; the attacker may cancel the defender's Asset
    (Air Defence Network cancels air cards), and the defender may answer with Deception."""
    st = position(
        region_game(),
        {"1 Mech Div": "Mosul", "66 Mech Bde": "Tal Afar"},
        hands={
            "Iraq": ["Close Air Support", "Close Air Support", "Air Defence Network"],
            "Turkey": ["Close Air Support", "Deception"],
        },
        edit=no_jokers,
        frames=lambda st: offensives(st, "Iraq", 1),
        dice=[3],
    )
    attack(st, "Mosul", ["1 Mech Div"], "Tal Afar")
    play(st, 'commit "Close Air Support"', "done")
    options = [a.text for a in st.legal_actions("Iraq")]
    assert options.count('commit "Close Air Support"') == 1
    assert 'cancel "Close Air Support" with "Air Defence Network"' in options
    play(st, 'commit "Close Air Support"')
    assert 'commit "Close Air Support"' not in [a.text for a in st.legal_actions("Iraq")]
    play(st, 'cancel "Close Air Support" with "Air Defence Network"', "done")
    # the cards of the offensive on the table's shelf: what each cancels, by name
    shelf = next(s for s in st.game.describe_cards(st.view("Turkey")) if s.title == "Offensive on Tal Afar")
    assert [c.name for c in shelf.cards] == [
        "Close Air Support (defender)",
        "Close Air Support (attacker)",
        "Air Defence Network (attacker, cancelling the defender's Close Air Support)",
    ]
    # the defender answers: Deception cancels the cancelling card
    assert 'cancel "Air Defence Network" with Deception' in [a.text for a in st.legal_actions("Turkey")]
    play(st, 'cancel "Air Defence Network" with Deception', "done", "done")
    detail = next(x for x in texts(st) if x.startswith("Attack 6 against defence 3"))
    assert "Close Air Support +3" in detail and "Close Air Support -3" in detail


def test_a_card_lasting_the_turn_is_not_played_twice_in_one_offensive() -> None:
    """[18.3] "A player cannot play two identical cards during the same offensive": once
    Leadership lasts the turn for Iraq, the second copy may not be committed to Iraq's next
    offensive, and Leadership counts once there."""
    st = position(
        region_game(),
        {"1 Mech Div": "Mosul", "5 Inf Div": "Mosul", "66 Mech Bde": "Tal Afar"},
        hands={"Iraq": ["Leadership", "Leadership"]},
        edit=no_jokers,
        frames=lambda st: offensives(st, "Iraq", 2),
        dice=[1, 1],
    )
    attack(st, "Mosul", ["1 Mech Div"], "Tal Afar")
    play(st, "done", 'commit "Leadership"', "done")
    assert any("Leadership +1 (net +1)" in x for x in texts(st))
    play(st, 'lose "1 Mech Div"')
    attack(st, "Mosul", ["5 Inf Div"], "Tal Afar")
    assert "In force this turn: Leadership (theirs)." in st.prompt("Turkey").text
    play(st, "done")
    assert "In force this turn: Leadership (yours)." in st.prompt("Iraq").text
    assert 'commit "Leadership"' not in [a.text for a in st.legal_actions("Iraq")]
    with pytest.raises(IllegalAction, match=r"Leadership.*\[18\.3\]"):
        st.apply("Iraq", 'commit "Leadership"')
    play(st, "done")
    detail = next(x for x in reversed(texts(st)) if x.startswith("Attack 4 against"))
    assert detail.count("Leadership") == 1 and "Leadership +1" in detail


def test_two_copies_in_force_for_one_side_count_once() -> None:
    """[18.3, 8.1] Turkey's Leadership played in defence (it favours his defences) and a
    second copy played in attack (it favours both) are both in force: when Turkey defends
    they count once, not "Leadership -1, Leadership -1"."""
    from consim.games.fitna.state import ActiveEffect

    def two_copies(d, st) -> None:  # type: ignore[no-untyped-def]
        no_jokers(d, st)
        t = st.tables
        me = t.seat_index["Turkey"]
        first, second = t.card_by_name["Leadership"][:2]
        d.effects.append(ActiveEffect(kind="shift", card=first, seat=me, columns=1, side="defender"))
        d.effects.append(ActiveEffect(kind="shift", card=second, seat=me, columns=1, side="either"))

    st = position(
        region_game(),
        {"1 Mech Div": "Mosul", "66 Mech Bde": "Tal Afar"},
        edit=two_copies,
        frames=lambda st: offensives(st, "Iraq", 1),
        dice=[3],
    )
    attack(st, "Mosul", ["1 Mech Div"], "Tal Afar")
    play(st, "done", "done")
    detail = next(x for x in texts(st) if x.startswith("Attack 6 against"))
    assert detail.count("Leadership") == 1 and "Leadership -1 (net -1)" in detail


def test_air_strike_is_committed_after_the_defender_as_its_text_says() -> None:
    """[18.3] The defender announces his Assets first, then the attacker: Air Strike is one of
    the attacker's Assets, and strikes before the die. Its text says so (it said "before
    either side commits other Assets", which no rule allows)."""
    st = position(
        region_game(),
        {"1 Mech Div": "Mosul", "66 Mech Bde": "Tal Afar", "1 Cdo Bde": "Tal Afar"},
        hands={"Iraq": ["Air Strike"], "Turkey": ["Close Air Support"]},
        edit=no_jokers,
        frames=lambda st: offensives(st, "Iraq", 1),
        dice=[3],
    )
    t = st.tables
    text = t.card_text[t.card_by_name["Air Strike"][0]]
    assert "once the defender has announced his (18.3)" in text and "before the die" in text
    assert "before either side" not in text
    attack(st, "Mosul", ["1 Mech Div"], "Tal Afar")
    assert st.to_act() == ("Turkey",)
    play(st, 'commit "Close Air Support"', "done")
    assert 'commit "Air Strike"' in [a.text for a in st.legal_actions("Iraq")]
    play(st, 'commit "Air Strike"', "done", "done", "done")  # then each side may answer the other
    assert st.prompt("Turkey").text.startswith("Air Strike strikes Tal Afar")
    play(st, 'lose "66 Mech Bde"')
    lines = texts(st)
    struck = next(i for i, x in enumerate(lines) if x.startswith("Turkey loses a step on Tal Afar"))
    rolled = next(i for i, x in enumerate(lines) if x.startswith("Offensive on Tal Afar: die"))
    assert struck < rolled


def test_defender_is_asked_even_without_assets() -> None:
    """[18.3] The defender always announces (its hand stays secret)."""
    st = position(
        region_game(),
        {"1 Mech Div": "Mosul", "66 Mech Bde": "Tal Afar"},
        edit=no_jokers,
        frames=lambda st: offensives(st, "Iraq", 1),
        dice=[3],
    )
    attack(st, "Mosul", ["1 Mech Div"], "Tal Afar")
    assert st.to_act() == ("Turkey",) and [a.text for a in st.legal_actions("Turkey")] == ["done"]


# =============================================================================================
# 21.0 caveats, 4.0 and 20.0 in offensives
# =============================================================================================


def test_caveats_russia_never_attacks_israel_in_israel_nor_turkey_in_turkey() -> None:
    """[21.0] Russian units may not attack Israeli units in Israel or Turks in Turkey; Israel
    may not attack Russians unless attacked first; Turks and Westerners never fight."""
    st = position(
        region_game(),
        {"6 Arm Bde": "Quneitra", "36 Arm Div": "Golan Heights", "56 Para Bde": "Azaz", "SF Bde": "Kilis"},
        edit=no_jokers,
        frames=lambda st: offensives(st, "Syria", 2),
    )
    assert [a.text for a in st.legal_actions("Syria")] == ["done"]
    st = position(
        region_game(),
        {"36 Arm Div": "Golan Heights", "6 Arm Bde": "Quneitra"},
        edit=no_jokers,
        frames=lambda st: offensives(st, "Israel", 1),
    )
    assert [a.text for a in st.legal_actions("Israel")] == ["done"]

    def struck(d, st):  # type: ignore[no-untyped-def]
        no_jokers(d, st)
        d.firsts.append("russia_hit_israel")

    st = position(
        region_game(),
        {"36 Arm Div": "Golan Heights", "6 Arm Bde": "Quneitra"},
        edit=struck,
        frames=lambda st: offensives(st, "Israel", 1),
    )
    assert 'attack_from "Golan Heights"' in [a.text for a in st.legal_actions("Israel")]


def test_russians_never_penetrate_into_turkey_whoever_defends_it() -> None:
    """[21.0] "Nor may they penetrate into Turkey": no Russian offensive into a Turkish space
    even against the Free Syrian Army (whom Russians may attack elsewhere), since the
    attackers must occupy the space they win (18.7); a Syrian unit of the same stack may."""
    st = position(
        region_game(),
        {"56 Para Bde": "Latakia", "Northern Div": "Hatay"},
        edit=no_jokers,
        frames=lambda st: offensives(st, "Syria", 1),
    )
    assert [a.text for a in st.legal_actions("Syria")] == ["done"]
    with pytest.raises(IllegalAction, match=r"Hatay: .*may not penetrate into Turkey \(21\.0\)"):
        st.apply("Syria", "attack_from Latakia")
    st = position(
        region_game(),
        {"56 Para Bde": "Latakia", "11 Arm Div": "Latakia", "Northern Div": "Hatay"},
        edit=no_jokers,
        frames=lambda st: offensives(st, "Syria", 1),
    )
    play(st, "attack_from Latakia")
    assert [a.text for a in st.legal_actions("Syria")] == ['add "11 Arm Div"']
    with pytest.raises(IllegalAction, match=r"occupy Hatay \(18\.7\).*\(21\.0\)"):
        st.apply("Syria", 'add "56 Para Bde"')
    play(st, 'add "11 Arm Div"')
    assert [a.text for a in st.legal_actions("Syria")] == ["attack"]
    # the same Russians attack the Free Syrian Army in Syria
    st = position(
        region_game(),
        {"56 Para Bde": "Jisr al-Shughur", "Northern Div": "Idlib"},
        edit=no_jokers,
        frames=lambda st: offensives(st, "Syria", 1),
    )
    assert 'attack_from "Jisr al-Shughur"' in [a.text for a in st.legal_actions("Syria")]


def test_russian_armour_never_exploits_and_russians_never_retreat_into_turkey() -> None:
    """[21.0, 18.6, 18.7] The exploitation and the retreat of a Russian unit never end in
    Turkey: Kilis, beside the won (or lost) Azaz, is not offered."""
    st = position(
        region_game(),
        {"6 Arm Bde": "Aleppo", "7 Para Div": "Aleppo", "Northern Div": "Azaz"},
        edit=no_jokers,
        frames=lambda st: offensives(st, "Syria", 1),
        dice=[4],
    )
    attack(st, "Aleppo", ["6 Arm Bde", "7 Para Div"], "Azaz")  # 14 against 3: a 4 is DR
    play(st, "done", "done")
    assert "Offensive on Azaz: die 4, result DR." in texts(st)
    play(st, 'lose "Northern Div"', "retreat Kilis", 'exploit "6 Arm Bde"')
    assert "to Kilis" not in [a.text for a in st.legal_actions("Syria")]
    with pytest.raises(IllegalAction, match=r"may not exploit into Kilis \[18\.7\]: .*\(21\.0\)"):
        st.apply("Syria", "to Kilis")
    st = position(
        region_game(),
        {"205 Mech Bde": "Azaz", "Hamza Div": "Afrin", "Sultan Murad Div": "Afrin"},
        edit=no_jokers,
        frames=lambda st: offensives(st, "Turkey", 1),
        dice=[5],
    )
    attack(st, "Afrin", ["Hamza Div", "Sultan Murad Div"], "Azaz")  # 8 against 4: a 5 is DR
    play(st, "done", "done")
    assert "Offensive on Azaz: die 5, result DR." in texts(st)
    play(st, 'lose "205 Mech Bde"')
    assert [a.text for a in st.legal_actions("Syria")] == ["retreat Al-Bab", "retreat Aleppo"]
    with pytest.raises(IllegalAction, match=r"may not retreat to Kilis \[18\.6\]: .*\(21\.0\)"):
        st.apply("Syria", "retreat Kilis")


def test_every_refused_target_is_explained_with_its_rule() -> None:
    """[18.0, 18.7, 21.0] ``target_refusal`` gives a reason for exactly the spaces
    ``targets_for`` leaves out, checked for every unit of every stack along a random game of
    scenario 10 (Russians, Turks, Israelis, Iranians, IS and the Kurds)."""
    game = FitnaGame(scenario=10)
    st = game.new_game(3)
    rng = random.Random(3)
    t = st.tables
    checked = 0
    for step in range(300):
        for seat in t.seats if step % 20 == 0 else ():
            me = t.seat_index[seat]
            for s in range(t.n_spaces):
                for u in attackers_at(st, me, s):
                    offered = set(targets_for(st, seat, s, [u]))
                    for x in t.adj[s]:
                        reason = target_refusal(st, seat, s, [u], x)
                        assert (reason == "") == (x in offered), (t.unit_label[u], t.space_name[x], reason)
                        checked += 1
        seat = st.to_act()[0]
        acts = st.legal_actions(seat)
        st.apply(seat, acts[rng.randrange(len(acts))])
    assert checked > 1000


def test_stacking_bans_in_an_offensive_group() -> None:
    """[4.0] At most three units attack together."""
    st = position(
        region_game(),
        {"1 Mech Div": "Mosul", "5 Inf Div": "Mosul", "9 Arm Div (Iraq)": "Mosul", "66 Mech Bde": "Tal Afar"},
        edit=no_jokers,
        frames=lambda st: offensives(st, "Iraq", 1),
    )
    play(st, "attack_from Mosul", 'add "1 Mech Div"', 'add "5 Inf Div"', 'add "9 Arm Div (Iraq)"')
    assert [a.text for a in st.legal_actions("Iraq")] == ["attack"]
    with pytest.raises(IllegalAction):
        st.apply("Iraq", 'add "1 Mech Div"')


def test_caveats_turks_and_westerners_never_fight_nor_russians_and_westerners() -> None:
    """[21.0] Turkish, US, French and British units may not attack each other; Russian and
    Western units neither."""
    st = position(
        region_game(),
        {"66 Mech Bde": "Dahuk", "75 Para Regt": "Mosul", "6 Arm Bde": "Tal Afar"},
        edit=no_jokers,
        frames=lambda st: offensives(st, "Turkey", 1),
    )
    assert [a.text for a in st.legal_actions("Turkey")] == ["done"]
    st = position(
        region_game(),
        {"66 Mech Bde": "Dahuk", "75 Para Regt": "Mosul", "6 Arm Bde": "Tal Afar"},
        edit=no_jokers,
        frames=lambda st: offensives(st, "Syria", 1),
    )
    assert [a.text for a in st.legal_actions("Syria")] == ["done"]


# =============================================================================================
# provenance/cards.md section 8: the Assets offered only under a condition (only_if)
# =============================================================================================


def _commits(st, seat: str) -> set[str]:  # type: ignore[no-untyped-def]
    return {a.text for a in st.legal_actions(seat) if a.text.startswith("commit ")}


@pytest.mark.parametrize(
    ("attackers", "target", "iraq", "turkey"),
    [
        # Tal Afar: open ground with the IS symbol; no armour attacks
        (["1 Mech Div"], "Tal Afar", {'"Sunni Tribes"'}, set()),
        # an armoured division attacks: Armoured Spearhead is offered
        (["9 Arm Div (Iraq)"], "Tal Afar", {'"Armoured Spearhead"', '"Sunni Tribes"'}, set()),
        # Mosul is a city with the IS symbol: Street Fighting for the defender
        (["1 Mech Div"], "Mosul", {'"Sunni Tribes"'}, {'"Street Fighting"'}),
        # Sinjar is a mountain without the IS symbol: Mountain Fighters only
        (["1 Mech Div"], "Sinjar", set(), {'"Mountain Fighters"'}),
    ],
)
def test_conditional_assets_are_offered_only_when_their_condition_holds(
    attackers: list[str], target: str, iraq: set[str], turkey: set[str]
) -> None:
    """[8.1, 18.3] Armoured Spearhead needs an armoured attacker, Street Fighting a city,
    Mountain Fighters a mountain space, Sunni Tribes a space with the IS symbol."""
    source = "Tal Afar" if target != "Tal Afar" else "Mosul"
    st = position(
        region_game(),
        {**dict.fromkeys(attackers, source), "66 Mech Bde": target},
        hands={
            "Iraq": ["Armoured Spearhead", "Sunni Tribes"],
            "Turkey": ["Street Fighting", "Mountain Fighters"],
        },
        edit=no_jokers,
        frames=lambda st: offensives(st, "Iraq", 1),
        dice=[3],
    )
    attack(st, source, attackers, target)
    # [18.3] the defender announces first
    assert _commits(st, "Turkey") == {f"commit {c}" for c in turkey}
    play(st, "done")
    assert _commits(st, "Iraq") == {f"commit {c}" for c in iraq}
