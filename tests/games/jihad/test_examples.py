"""Every worked example of the Basic rulebook, set up and checked against its numbers.

Each test names the rule whose example it replays. Dice are scripted (``Dice``) where the
example states the roll.
"""

from __future__ import annotations

from typing import Any

from consim.games.jihad import actions, arabs, endturn, turn
from consim.games.jihad.events import HANDLERS
from tests.games.jihad.conftest import Dice, absorbing, acting, arrange, texts


def hits(state: Any, path: str, base: int) -> int:
    return sum(v for _, v in arabs.hit_list(state, path, base))


# -- 2.1.5 control ----------------------------------------------------------------------------


def test_2_1_5_1_active_and_neutral_armies_at_the_start() -> None:
    st = arrange()
    assert st.active("greek") == "byzantine_greek"
    assert st.active("med") == "byzantine_med"
    assert st.path_armies("med")[1:] == ["exarchate", "visigoths", "franks"]
    assert st.active("indian") == "persian_indian"
    assert st.active("parthian") == "persian_parthian"


def test_2_1_5_2_and_2_1_5_3_control() -> None:
    st = arrange(
        armies={"byzantine_greek": ("cilicia", "strong"), "persian_parthian": ("nehavend", "strong")}
    )
    for land in ("cilicia", "anatolia", "constantinople", "greece", "rome"):
        assert st.player_controls(land)
    for land in ("jerusalem", "damascus"):
        assert st.arab_controls(land)
    assert [x for x in ("nehavend", "esfahan", "khorasan") if st.player_controls(x)] == [
        "nehavend",
        "esfahan",
        "khorasan",
    ]
    for land in ("transoxiana", "fergana_valley", "kushinne"):
        assert not st.player_controls(land) and not st.arab_controls(land)
    assert st.arab_controls("ctesiphon")


# -- 6.3 AP ------------------------------------------------------------------------------------


def test_6_3_card_45_gives_4_west_and_3_east() -> None:
    def mutate(s: dict[str, Any]) -> None:
        s["ap"] = {"west": 1, "east": 0}
        s["rulers"] = {"byzantium": 7, "persia": 7}
        s["card"] = 45

    st = arrange(mutate)
    turn.collect_ap(st)
    assert st.s["ap"] == {"west": 5, "east": 3}


def test_6_3_2_banking_under_a_rating_4_shah() -> None:
    def mutate(s: dict[str, Any]) -> None:
        s["ap"] = {"west": 0, "east": 1}
        s["rulers"]["persia"] = 4
        s["card"] = 4  # East 4 AP

    st = arrange(mutate)
    turn.collect_ap(st)
    assert st.s["ap"]["east"] == 3  # 1 banked + only 2 of the 4 new AP


# -- 7.2.4 Hit totals -------------------------------------------------------------------------


def test_7_2_4_example_1_sogdians_in_fergana() -> None:
    def mutate(s: dict[str, Any]) -> None:
        s["islam"]["parthian"] = {"at": 3, "dis": False}  # Esfahan
        s["tracks"]["tibet"]["box"] = 1

    st = arrange(
        mutate,
        armies={"persian_parthian": ("dead", "strong"), "sogdians": ("fergana_valley", "strong")},
    )
    assert st.arab_controls("transoxiana")
    assert hits(st, "parthian", 2) == 2  # 2 + 1 (Tibet) - 1 (Mountain)


def test_7_2_4_example_2_byzantines_in_sufetula() -> None:
    def mutate(s: dict[str, Any]) -> None:
        s["islam"]["med"] = {"at": 2, "dis": False}  # Libya

    st = arrange(mutate, armies={"byzantine_med": ("sufetula", "strong")})
    assert hits(st, "med", 3) == 4


def test_7_2_4_example_3_pratihara_behind_the_indus() -> None:
    def mutate(s: dict[str, Any]) -> None:
        s["islam"]["indian"] = {"at": 4, "dis": False}  # Sindh

    st = arrange(mutate, armies={"persian_indian": ("dead", "strong"), "pratihara": ("mulasthana", "strong")})
    assert hits(st, "indian", 2) == 2  # Islam cancels both the +1 and the river's -2
    st.s["islam"]["indian"]["dis"] = True
    assert hits(st, "indian", 2) == 0  # 2 - 2 (River)


def test_7_1_2_a_red_3_and_a_die_of_4_make_7_hits() -> None:
    # card 8 prints a red 3 on the Parthian Path; nothing else adds or takes away a Hit here:
    # the Arabs in Nehavend (not converted) invade Esfahan across an ordinary crossing
    def mutate(s: dict[str, Any]) -> None:
        s["card"] = 8
        s["islam"]["parthian"] = {"at": 1, "dis": False}
        s["tracks"]["tibet"]["box"] = 0

    st = arrange(mutate, armies={"persian_parthian": ("esfahan", "strong")}, stack=acting())
    card = st.g.content.card(8)
    assert card.rose is not None and card.rose.parthian.red and card.rose.parthian.hits == 3
    st.rng = Dice([4])  # type: ignore[assignment]
    arabs.invade_path(st, "parthian")
    assert "Parthian Path: red 3 + die 4." in [e.text for e in st.log]
    assert st.top["k"] == "absorb" and st.top["hits"] == 7


def test_8_2_2_moving_cyprus_for_the_franks_is_spending_on_the_barbarian() -> None:
    # late in the game: Byzantines on the Greek Path, the barbarian Franks active on the Med
    # Path, Cyprus on its Med side; a Naval Battle for Cyprus is spent on the Franks' behalf
    def mutate(s: dict[str, Any]) -> None:
        s["divided"]["west"] = True
        s["tracks"]["cyprus"].update(face="med", box=1)
        s["ap"]["west"] = 3

    dead = {a: ("dead", "strong") for a in ("byzantine_med", "exarchate", "visigoths")}
    st = arrange(
        mutate,
        armies={**dead, "franks": ("aquitaine", "strong")},
        stack=acting(segs=("greek", "med", "east"), seg=1),
    )
    st.rng = Dice([1])  # type: ignore[assignment]
    assert "naval" in [a.text for a in st.legal_actions("player")]
    st.apply("player", "naval")
    assert st.s["spent"]["med"] == 1
    st.apply("player", "done")
    assert st.s["ap"]["west"] == 2  # nothing lost for an idle Barbarian (8.2.2)
    assert not any(e.rule == "8.2.2" for e in st.log)


def test_13_1_bulgars_and_cyprus_add_two_hits_on_cilicia() -> None:
    def mutate(s: dict[str, Any]) -> None:
        s["tracks"]["bulgars"]["box"] = 0
        s["tracks"]["cyprus"]["box"] = 1
        s["islam"]["greek"] = {"at": 1, "dis": False}
        s["card"] = 32

    st = arrange(mutate, armies={"byzantine_greek": ("cilicia", "strong")})
    card = st.g.content.card(32)
    HANDLERS["minor_power_shift"](st, card.events[-1], [32, len(card.events) - 1], None)
    assert st.s["tracks"]["bulgars"]["box"] == 1
    assert card.rose is not None and card.rose.greek.hits == 2
    assert hits(st, "greek", 2) == 4


# -- 7.4 absorbing Hits: Examples I-V ----------------------------------------------------------


def nehavend(n: int) -> Any:
    return arrange(
        armies={"persian_parthian": ("nehavend", "strong")},
        stack=absorbing("parthian", "persian_parthian", n),
    )


def test_7_4_example_1_one_hit() -> None:
    st = nehavend(1)
    assert texts(st) == ["step", "retreat"]
    st.apply("player", "retreat")
    a = st.army("persian_parthian")
    assert (a["at"], a["str"]) == ("esfahan", "strong")


def test_7_4_example_2_two_hits() -> None:
    st = nehavend(2)
    st.apply("player", "step")
    st.apply("player", "step")
    assert (st.army("persian_parthian")["at"], st.army("persian_parthian")["str"]) == (
        "nehavend",
        "shattered",
    )
    st = nehavend(2)
    st.apply("player", "retreat")
    assert (st.army("persian_parthian")["at"], st.army("persian_parthian")["str"]) == ("esfahan", "strong")
    assert st.top["k"] == "actions"  # both Hits absorbed by the one retreat


def test_7_4_example_3_three_hits() -> None:
    st = nehavend(3)
    st.apply("player", "retreat")
    assert st.top["hits"] == 1 and texts(st) == ["step", "retreat"]


def test_7_4_example_4_four_hits() -> None:
    st = nehavend(4)
    st.apply("player", "retreat")
    st.apply("player", "retreat")
    assert st.army("persian_parthian")["at"] == "khorasan" and st.top["k"] == "actions"


def test_7_4_example_5_nine_hits_end_on_the_sogdians_cursed() -> None:
    st = nehavend(9)
    for _ in range(3):
        st.apply("player", "retreat")
    a = st.army("persian_parthian")
    assert a["at"] == "transoxiana" and a["top"] and st.top["hits"] == 3
    assert texts(st) == ["step"]  # no retreat off a Neutral (7.5)
    st.apply("player", "step")
    st.apply("player", "step")
    a = st.army("persian_parthian")
    assert a["cursed"] and a["str"] == "weak"  # the Shattered marker flipped to Cursed
    assert st.active("parthian") == "persian_parthian"
    assert not actions.can_attack(st, "parthian")  # Cursed: no Escape


# -- 7.4.3.1 the Castle procedure ---------------------------------------------------------------


def test_7_4_3_1_thirteen_hits_through_the_carthage_castle() -> None:
    def mutate(s: dict[str, Any]) -> None:
        s["islam"]["med"] = {"at": 2, "dis": False}

    st = arrange(
        mutate, armies={"byzantine_med": ("sufetula", "strong")}, stack=absorbing("med", "byzantine_med", 13)
    )
    assert st.castle_in("carthage") == "major_castle_2" and st.castle_value("major_castle_2") == 4
    st.apply("player", "retreat")  # (1) an ordinary retreat: 2
    assert st.top["hits"] == 11 and st.army("byzantine_med")["at"] == "carthage"
    assert "retreat" not in texts(st)  # the next step must be taken before the one after
    st.apply("player", "besiege")  # (2) under the Castle: 4
    assert st.top["hits"] == 7 and st.army("byzantine_med")["sieged"]
    st.apply("player", "castle")  # (3) the strong Castle flips: 4
    assert st.top["hits"] == 3 and st.s["castles"]["major_castle_2"]["side"] == "weak"
    st.apply("player", "retreat")  # (4) out of the weak Castle: 3, the Castle is destroyed
    a = st.army("byzantine_med")
    assert a["at"] == "tingitana" and a["top"] and a["cursed"] and a["str"] == "strong"
    assert st.castle_in("carthage") is None
    assert not actions.can_attack(st, "med")
    endturn.curse_removal(st)
    endturn.surrender(st)
    assert st.army("byzantine_med")["at"] == "dead" and st.active("med") == "exarchate"
    assert st.s["divided"]["west"]


# -- 7.5.1 Escape -------------------------------------------------------------------------------


def test_7_5_1_persians_escape_back_to_khorasan() -> None:
    st = arrange(
        armies={"persian_parthian": ("khorasan", "strong")},
        stack=absorbing("parthian", "persian_parthian", 2),
    )
    st.apply("player", "retreat")
    assert st.army("persian_parthian")["top"] and st.s["ap"]["east"] >= 0
    st.s["ap"]["east"] = 3
    st.rng = Dice([6])  # type: ignore[assignment]
    st.s["stack"] = acting(("west", "east"), 1)
    st._after_change()
    assert "attack parthian" in texts(st)
    assert actions.attack_cost(st, "parthian") == 2  # the Oxus is a River
    st.apply("player", "attack parthian")
    a = st.army("persian_parthian")
    assert a["at"] == "khorasan" and not a["top"]


def test_7_5_1_without_escape_the_sogdians_take_over() -> None:
    st = arrange(armies={"persian_parthian": ("transoxiana", "strong")})
    st.s["armies"]["persian_parthian"]["top"] = True
    endturn.surrender(st)
    assert st.active("parthian") == "sogdians" and st.s["divided"]["east"]


# -- 9.x attacks ----------------------------------------------------------------------------------


def test_9_1_1_1_pratihara_roll_two_dice_into_muslim_mulasthana() -> None:
    def mutate(s: dict[str, Any]) -> None:
        s["islam"]["indian"] = {"at": 5, "dis": False}

    st = arrange(mutate, armies={"persian_indian": ("dead", "strong"), "pratihara": ("rajasthan", "strong")})
    assert actions.dice_for(st, "indian", 5) == 2
    st.s["islam"]["indian"]["dis"] = True
    assert actions.dice_for(st, "indian", 5) == 1


def test_9_1_2_example_1_failure_kills_the_elephants() -> None:
    def mutate(s: dict[str, Any]) -> None:
        s["ap"]["east"] = 3

    st = arrange(mutate, armies={"persian_indian": ("yezd", "shattered")}, stack=acting(("west", "east"), 1))
    assert "attack indian" not in texts(st)  # shattered: no attack
    st.apply("player", "rally indian")
    assert st.army("persian_indian")["str"] == "weak"
    assert st.g.army_value("persian_indian", "weak") == 4
    assert actions.dice_for(st, "indian", 1) == 2  # Nestorian Khuzestan
    st.rng = Dice([3, 2])  # type: ignore[assignment]
    st.apply("player", "attack indian immortals+2")
    assert st.army("persian_indian")["at"] == "yezd"  # 2 + 2 = 4 is not above 4
    assert st.s["immortals"] == {"side": "horse", "used": True, "gone": False}
    assert st.s["ap"]["east"] == 1


def test_9_1_2_example_2_success_retakes_nehavend() -> None:
    def mutate(s: dict[str, Any]) -> None:
        s["ap"]["east"] = 1

    st = arrange(
        mutate, armies={"persian_parthian": ("esfahan", "strong")}, stack=acting(("west", "east"), 1)
    )
    assert actions.dice_for(st, "parthian", 2) == 1
    st.rng = Dice([6])  # type: ignore[assignment]
    st.apply("player", "attack parthian")
    assert st.army("persian_parthian")["at"] == "nehavend" and st.s["ap"]["east"] == 0


def test_9_3_looting_flips_strong_and_curses() -> None:
    def mutate(s: dict[str, Any]) -> None:
        s["ap"]["east"] = 2

    st = arrange(mutate, armies={"persian_parthian": ("esfahan", "weak")}, stack=acting(("west", "east"), 1))
    st.rng = Dice([6])  # type: ignore[assignment]
    st.apply("player", "attack parthian")
    assert texts(st) == ["loot", "decline"]
    st.apply("player", "loot")
    a = st.army("persian_parthian")
    assert a["str"] == "strong" and a["cursed"] and not actions.can_attack(st, "parthian")


def test_9_4_raising_the_siege_of_alexandria() -> None:
    def mutate(s: dict[str, Any]) -> None:
        s["ap"]["west"] = 1
        s["armies"]["byzantine_med"]["sieged"] = True

    st = arrange(mutate, stack=acting())
    assert st.arab_controls("alexandria")
    assert actions.attack_cost(st, "med") == 1 and actions.dice_for(st, "med", 1) == 2
    st.rng = Dice([4, 3])  # type: ignore[assignment]
    st.apply("player", "attack med")
    a = st.army("byzantine_med")
    assert not a["sieged"] and a["at"] == "alexandria"
    assert st.arab_limit("med") == 0  # the Arabs are driven back to Mecca


# -- 10.x religion -----------------------------------------------------------------------------


def test_10_3_occupied_is_not_converted() -> None:
    def mutate(s: dict[str, Any]) -> None:
        s["islam"]["indian"] = {"at": 1, "dis": False}

    st = arrange(mutate, armies={"persian_indian": ("seistan", "strong")})
    assert st.arab_controls("khuzestan") and st.arab_controls("yezd")
    assert st.is_converted("indian", 1) and not st.is_converted("indian", 2)


def test_10_5_firmly_muslim_lands() -> None:
    def mutate(s: dict[str, Any]) -> None:
        s["islam"]["med"] = {"at": 5, "dis": True}  # Tingitana, Disrupted

    st = arrange(mutate)
    assert all(st.muslim_for_combat("med", i) for i in range(1, 5))
    assert not st.muslim_for_combat("med", 5)


# -- 11.2 rulers ----------------------------------------------------------------------------------


def test_11_2_shah_rated_4_rolls_3_gets_6() -> None:
    def mutate(s: dict[str, Any]) -> None:
        s["rulers"]["persia"] = 4

    st = arrange(mutate)
    st.rng = Dice([3])  # type: ignore[assignment]
    effect = st.g.content.card(6).events[1]
    HANDLERS["ruler_change"](st, effect, [6, 1], None)
    assert st.s["rulers"]["persia"] == 6


# -- 14.x end of turn ---------------------------------------------------------------------------


def test_14_3_jerusalem_converts_on_a_1_or_2() -> None:
    for roll, converts in ((2, True), (3, False)):

        def mutate(s: dict[str, Any]) -> None:
            s["islam"]["greek"] = {"at": 1, "dis": False}

        st = arrange(mutate, armies={"byzantine_greek": ("anatolia", "strong")})
        st.rng = Dice([roll])  # type: ignore[assignment]
        assert endturn.conversion_roll(st, "greek", False, "14.3") is converts
        assert st.s["islam"]["greek"]["at"] == (2 if converts else 1)


def test_14_3_2_the_themes_die_protecting_a_land() -> None:
    def mutate(s: dict[str, Any]) -> None:
        s["islam"]["greek"] = {"at": 1, "dis": False}
        s["themes"] = "jerusalem"

    st = arrange(mutate, armies={"byzantine_greek": ("anatolia", "strong")})
    st.rng = Dice([1])  # type: ignore[assignment]
    assert endturn.conversion_roll(st, "greek", False, "14.3") is False
    assert st.s["themes"] is None and st.s["islam"]["greek"]["at"] == 1


def test_14_3_3_religious_revival_in_sufetula() -> None:
    def mutate(s: dict[str, Any]) -> None:
        s["islam"]["med"] = {"at": 3, "dis": True}

    st = arrange(mutate, armies={"byzantine_med": ("libya", "strong")})
    st.rng = Dice([6])  # type: ignore[assignment]
    endturn.religious_revival(st)
    assert st.s["islam"]["med"]["at"] == 2


def test_14_4_icons_block_the_recovery_next_to_them() -> None:
    def mutate(s: dict[str, Any]) -> None:
        s["islam"]["greek"] = {"at": 3, "dis": True}
        s["icons"] = "anatolia"

    st = arrange(mutate, armies={"byzantine_greek": ("anatolia", "strong")})
    endturn.islamic_recovery(st)
    assert st.s["islam"]["greek"]["dis"]
    st = arrange(mutate, armies={"byzantine_greek": ("constantinople", "strong")})
    endturn.islamic_recovery(st)
    assert not st.s["islam"]["greek"]["dis"]


def test_14_5_franks_in_paris_wear_down_the_berbers() -> None:
    st = arrange(armies={"franks": ("paris", "strong")})
    seen = []
    for _ in range(4):
        endturn.paris_and_berbers(st)
        b = st.army("berbers")
        seen.append((b["at"], b["str"], b["cursed"]))
    assert seen == [
        ("berber_revolt_box", "weak", False),
        ("berber_revolt_box", "shattered", False),
        ("berber_revolt_box", "weak", True),
        ("dead", "weak", True),
    ]


def test_14_6_2_persian_collapse() -> None:
    st = arrange(armies={"persian_indian": ("dead", "strong"), "persian_parthian": ("dead", "strong")})
    endturn.surrender(st)
    s = st.s
    assert s["rulers"]["persia"] is None and s["capitals"]["persia"]["at"] is None
    assert s["immortals"]["gone"] and s["last_stand"]["persia"]["gone"] and s["mecca_strong"]
