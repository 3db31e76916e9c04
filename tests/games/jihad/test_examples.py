"""Every worked example of the Basic rulebook, set up and checked against its numbers.

Each test names the rule whose example it replays. Dice are scripted (``LoadedDice``) where the
example states the roll.
"""

from __future__ import annotations

from consim.games.jihad import board
from consim.games.jihad.content import EAST, PERSIA, WEST
from consim.games.jihad.rules import arab, common, effects, end_turn, turn
from consim.games.jihad.rules.actions import Actions
from consim.games.jihad.rules.arab import Absorb
from consim.games.jihad.state import JihadState, Strength
from tests.games.jihad.conftest import LoadedDice, Position, absorbing, acting, arrange, hits, texts


def controls(st: JihadState, land: str) -> tuple[bool, bool]:
    """(the player controls the Land, the Arabs control it)."""
    place = st.tables.place_id[land]
    return board.player_controls(st, place), board.arab_controls(st, place)


# -- 2.1.5 control ----------------------------------------------------------------------------


def test_2_1_5_1_active_and_neutral_armies_at_the_start() -> None:
    p = Position(arrange())
    assert p.active("greek") == "byzantine_greek"
    assert p.active("med") == "byzantine_med"
    assert p.path_armies("med")[1:] == ["exarchate", "visigoths", "franks"]
    assert p.active("indian") == "persian_indian"
    assert p.active("parthian") == "persian_parthian"


def test_2_1_5_2_and_2_1_5_3_control() -> None:
    st = arrange(
        armies={"byzantine_greek": ("cilicia", "strong"), "persian_parthian": ("nehavend", "strong")}
    )
    for land in ("cilicia", "anatolia", "constantinople", "greece", "rome"):
        assert controls(st, land)[0]
    for land in ("jerusalem", "damascus"):
        assert controls(st, land)[1]
    assert [x for x in ("nehavend", "esfahan", "khorasan") if controls(st, x)[0]] == [
        "nehavend",
        "esfahan",
        "khorasan",
    ]
    for land in ("transoxiana", "fergana_valley", "kushinne"):
        assert controls(st, land) == (False, False)
    assert controls(st, "ctesiphon")[1]


# -- 6.3 AP ------------------------------------------------------------------------------------


def test_6_3_card_45_gives_4_west_and_3_east() -> None:
    def mutate(p: Position) -> None:
        p.d.ap[:] = [1, 0]
        p.d.rulers[:] = [7, 7]
        p.d.card = 45

    st = arrange(mutate)
    turn.collect_ap(st)
    assert st.data.ap == [5, 3]  # West, East


def test_6_3_2_banking_under_a_rating_4_shah() -> None:
    def mutate(p: Position) -> None:
        p.d.ap[:] = [0, 1]
        p.d.rulers[PERSIA] = 4
        p.d.card = 4  # East 4 AP

    st = arrange(mutate)
    turn.collect_ap(st)
    assert st.data.ap[EAST] == 3  # 1 banked + only 2 of the 4 new AP


# -- 7.2.4 Hit totals -------------------------------------------------------------------------


def test_7_2_4_example_1_sogdians_in_fergana() -> None:
    def mutate(p: Position) -> None:
        p.set_islam("parthian", 3)  # Esfahan
        p.track("tibet").box = 1

    st = arrange(
        mutate,
        armies={"persian_parthian": ("dead", "strong"), "sogdians": ("fergana_valley", "strong")},
    )
    assert controls(st, "transoxiana")[1]
    assert hits(st, "parthian", 2) == 2  # 2 + 1 (Tibet) - 1 (Mountain)


def test_7_2_4_example_2_byzantines_in_sufetula() -> None:
    st = arrange(lambda p: p.set_islam("med", 2), armies={"byzantine_med": ("sufetula", "strong")})  # Libya
    assert hits(st, "med", 3) == 4


def test_7_2_4_example_3_pratihara_behind_the_indus() -> None:
    st = arrange(
        lambda p: p.set_islam("indian", 4),  # Sindh
        armies={"persian_indian": ("dead", "strong"), "pratihara": ("mulasthana", "strong")},
    )
    assert hits(st, "indian", 2) == 2  # Islam cancels both the +1 and the river's -2
    with st.edit():
        Position(st).islam("indian").dis = True
    assert hits(st, "indian", 2) == 0  # 2 - 2 (River)


def test_7_1_2_a_red_3_and_a_die_of_4_make_7_hits() -> None:
    # card 8 prints a red 3 on the Parthian Path; nothing else adds or takes away a Hit here:
    # the Arabs in Nehavend (not converted) invade Esfahan across an ordinary crossing
    def mutate(p: Position) -> None:
        p.d.card = 8
        p.set_islam("parthian", 1)
        p.track("tibet").box = 0

    st = arrange(mutate, armies={"persian_parthian": ("esfahan", "strong")}, stack=acting())
    card = st.tables.card[8]
    assert card.rose is not None and card.rose.parthian.red and card.rose.parthian.hits == 3
    st.rng = LoadedDice([4])
    arab.invade_path(st, st.tables.parthian)
    assert "Parthian Path: red 3 + die 4." in [e.text for e in st.log]
    assert isinstance(st.top, Absorb) and st.top.hits == 7


def test_8_2_2_moving_cyprus_for_the_franks_is_spending_on_the_barbarian() -> None:
    # late in the game: Byzantines on the Greek Path, the barbarian Franks active on the Med
    # Path, Cyprus on its Med side; a Naval Battle for Cyprus is spent on the Franks' behalf
    def mutate(p: Position) -> None:
        p.d.divided[WEST] = True
        p.track("cyprus").face = "med"
        p.track("cyprus").box = 1
        p.d.ap[WEST] = 3

    dead: dict[str, tuple[str, Strength]] = {
        a: ("dead", "strong") for a in ("byzantine_med", "exarchate", "visigoths")
    }
    st = arrange(
        mutate,
        armies={**dead, "franks": ("aquitaine", "strong")},
        stack=acting(segs=("greek", "med", "east"), seg=1),
    )
    st.rng = LoadedDice([1])
    assert "naval" in texts(st)
    st.apply("player", "naval")
    assert st.data.spent[st.tables.med] == 1
    st.apply("player", "done")
    assert st.data.ap[WEST] == 2  # nothing lost for an idle Barbarian (8.2.2)
    assert not any(e.rule == "8.2.2" for e in st.log)


def test_13_1_bulgars_and_cyprus_add_two_hits_on_cilicia() -> None:
    def mutate(p: Position) -> None:
        p.track("bulgars").box = 0
        p.track("cyprus").box = 1
        p.set_islam("greek", 1)
        p.d.card = 32

    st = arrange(mutate, armies={"byzantine_greek": ("cilicia", "strong")})
    card = st.tables.card[32]
    last = len(card.events) - 1
    effects.resolve(st, card.events[last], (32, last))
    assert Position(st).track("bulgars").box == 1
    assert card.rose is not None and card.rose.greek.hits == 2
    assert hits(st, "greek", 2) == 4


# -- 7.4 absorbing Hits: Examples I-V ----------------------------------------------------------


def nehavend(n: int) -> JihadState:
    return arrange(
        armies={"persian_parthian": ("nehavend", "strong")},
        stack=absorbing("parthian", "persian_parthian", n),
    )


def army(st: JihadState, name: str) -> tuple[str, str]:
    """Where an army is and its strength."""
    p = Position(st)
    return p.at(name), p.army(name).strength


def test_7_4_example_1_one_hit() -> None:
    st = nehavend(1)
    assert texts(st) == ["step", "retreat"]
    st.apply("player", "retreat")
    assert army(st, "persian_parthian") == ("esfahan", "strong")


def test_7_4_example_2_two_hits() -> None:
    st = nehavend(2)
    st.apply("player", "step")
    st.apply("player", "step")
    assert army(st, "persian_parthian") == ("nehavend", "shattered")
    st = nehavend(2)
    st.apply("player", "retreat")
    assert army(st, "persian_parthian") == ("esfahan", "strong")
    assert isinstance(st.top, Actions)  # both Hits absorbed by the one retreat


def test_7_4_example_3_three_hits() -> None:
    st = nehavend(3)
    st.apply("player", "retreat")
    assert isinstance(st.top, Absorb) and st.top.hits == 1 and texts(st) == ["step", "retreat"]


def test_7_4_example_4_four_hits() -> None:
    st = nehavend(4)
    st.apply("player", "retreat")
    st.apply("player", "retreat")
    assert Position(st).at("persian_parthian") == "khorasan" and isinstance(st.top, Actions)


def test_7_4_example_5_nine_hits_end_on_the_sogdians_cursed() -> None:
    st = nehavend(9)
    for _ in range(3):
        st.apply("player", "retreat")
    p = Position(st)
    a = p.army("persian_parthian")
    assert p.at("persian_parthian") == "transoxiana" and a.top
    assert isinstance(st.top, Absorb) and st.top.hits == 3
    assert texts(st) == ["step"]  # no retreat off a Neutral (7.5)
    st.apply("player", "step")
    st.apply("player", "step")
    a = Position(st).army("persian_parthian")
    assert a.cursed and a.strength == "weak"  # the Shattered marker flipped to Cursed
    assert Position(st).active("parthian") == "persian_parthian"
    assert not board.can_attack(st, st.tables.parthian)  # Cursed: no Escape


# -- 7.4.3.1 the Castle procedure ---------------------------------------------------------------


def test_7_4_3_1_thirteen_hits_through_the_carthage_castle() -> None:
    st = arrange(
        lambda p: p.set_islam("med", 2),
        armies={"byzantine_med": ("sufetula", "strong")},
        stack=absorbing("med", "byzantine_med", 13),
    )
    t = st.tables
    castle = board.castle_in(st, t.place_id["carthage"])
    assert castle == t.castle_id["major_castle_2"] and board.castle_value(st, castle) == 4
    st.apply("player", "retreat")  # (1) an ordinary retreat: 2
    assert isinstance(st.top, Absorb) and st.top.hits == 11
    assert Position(st).at("byzantine_med") == "carthage"
    assert "retreat" not in texts(st)  # the next step must be taken before the one after
    st.apply("player", "besiege")  # (2) under the Castle: 4
    assert isinstance(st.top, Absorb) and st.top.hits == 7 and Position(st).army("byzantine_med").sieged
    st.apply("player", "castle")  # (3) the strong Castle flips: 4
    assert isinstance(st.top, Absorb) and st.top.hits == 3
    assert Position(st).castle("major_castle_2").side == "weak"
    st.apply("player", "retreat")  # (4) out of the weak Castle: 3, the Castle is destroyed
    p = Position(st)
    a = p.army("byzantine_med")
    assert p.at("byzantine_med") == "tingitana" and a.top and a.cursed and a.strength == "strong"
    assert board.castle_in(st, t.place_id["carthage"]) is None
    assert not board.can_attack(st, t.med)
    end_turn.curse_removal(st)
    end_turn.surrender(st)
    assert p.at("byzantine_med") == "dead" and p.active("med") == "exarchate"
    assert st.data.divided[WEST]


# -- 7.5.1 Escape -------------------------------------------------------------------------------


def test_7_5_1_persians_escape_back_to_khorasan() -> None:
    st = arrange(
        armies={"persian_parthian": ("khorasan", "strong")},
        stack=absorbing("parthian", "persian_parthian", 2),
    )
    st.apply("player", "retreat")
    assert Position(st).army("persian_parthian").top and st.data.ap[EAST] >= 0
    with st.edit() as d:
        d.ap[EAST] = 3
        st.stack[:] = acting(("west", "east"), 1)(st.tables)
    st.rng = LoadedDice([6])
    assert "attack parthian" in texts(st)
    assert board.attack_cost(st, st.tables.parthian) == 2  # the Oxus is a River
    st.apply("player", "attack parthian")
    p = Position(st)
    assert p.at("persian_parthian") == "khorasan" and not p.army("persian_parthian").top


def test_7_5_1_without_escape_the_sogdians_take_over() -> None:
    def mutate(p: Position) -> None:
        p.put("persian_parthian", "transoxiana").top = True

    st = arrange(mutate)
    end_turn.surrender(st)
    assert Position(st).active("parthian") == "sogdians" and st.data.divided[EAST]


# -- 9.x attacks ----------------------------------------------------------------------------------


def test_9_1_1_1_pratihara_roll_two_dice_into_muslim_mulasthana() -> None:
    st = arrange(
        lambda p: p.set_islam("indian", 5),
        armies={"persian_indian": ("dead", "strong"), "pratihara": ("rajasthan", "strong")},
    )
    indian = st.tables.indian
    assert board.dice_for(st, indian, 5) == 2
    with st.edit():
        Position(st).islam("indian").dis = True
    assert board.dice_for(st, indian, 5) == 1


def test_9_1_2_example_1_failure_kills_the_elephants() -> None:
    def mutate(p: Position) -> None:
        p.d.ap[EAST] = 3

    st = arrange(mutate, armies={"persian_indian": ("yezd", "shattered")}, stack=acting(("west", "east"), 1))
    assert "attack indian" not in texts(st)  # shattered: no attack
    st.apply("player", "rally indian")
    assert Position(st).army("persian_indian").strength == "weak"
    assert board.army_value(st.tables, st.tables.army_id["persian_indian"], "weak") == 4
    assert board.dice_for(st, st.tables.indian, 1) == 2  # Nestorian Khuzestan
    st.rng = LoadedDice([3, 2])
    st.apply("player", "attack indian immortals+2")
    assert Position(st).at("persian_indian") == "yezd"  # 2 + 2 = 4 is not above 4
    im = st.data.immortals
    assert (im.side, im.used, im.gone) == ("horse", True, False)
    assert st.data.ap[EAST] == 1


def test_9_1_2_example_2_success_retakes_nehavend() -> None:
    def mutate(p: Position) -> None:
        p.d.ap[EAST] = 1

    st = arrange(
        mutate, armies={"persian_parthian": ("esfahan", "strong")}, stack=acting(("west", "east"), 1)
    )
    assert board.dice_for(st, st.tables.parthian, 2) == 1
    st.rng = LoadedDice([6])
    st.apply("player", "attack parthian")
    assert Position(st).at("persian_parthian") == "nehavend" and st.data.ap[EAST] == 0


def test_9_3_looting_flips_strong_and_curses() -> None:
    def mutate(p: Position) -> None:
        p.d.ap[EAST] = 2

    st = arrange(mutate, armies={"persian_parthian": ("esfahan", "weak")}, stack=acting(("west", "east"), 1))
    st.rng = LoadedDice([6])
    st.apply("player", "attack parthian")
    assert texts(st) == ["loot", "decline"]
    st.apply("player", "loot")
    a = Position(st).army("persian_parthian")
    assert a.strength == "strong" and a.cursed and not board.can_attack(st, st.tables.parthian)


def test_9_4_raising_the_siege_of_alexandria() -> None:
    def mutate(p: Position) -> None:
        p.d.ap[WEST] = 1
        p.army("byzantine_med").sieged = True

    st = arrange(mutate, stack=acting())
    med = st.tables.med
    assert controls(st, "alexandria")[1]
    assert board.attack_cost(st, med) == 1 and board.dice_for(st, med, 1) == 2
    st.rng = LoadedDice([4, 3])
    st.apply("player", "attack med")
    p = Position(st)
    assert not p.army("byzantine_med").sieged and p.at("byzantine_med") == "alexandria"
    assert board.arab_limit(st, med) == 0  # the Arabs are driven back to Mecca


# -- 10.x religion -----------------------------------------------------------------------------


def test_10_3_occupied_is_not_converted() -> None:
    st = arrange(lambda p: p.set_islam("indian", 1), armies={"persian_indian": ("seistan", "strong")})
    assert controls(st, "khuzestan")[1] and controls(st, "yezd")[1]
    indian = st.tables.indian
    assert board.is_converted(st, indian, 1) and not board.is_converted(st, indian, 2)


def test_10_5_firmly_muslim_lands() -> None:
    st = arrange(lambda p: p.set_islam("med", 5, dis=True))  # Tingitana, Disrupted
    med = st.tables.med
    assert all(board.muslim_for_combat(st, med, i) for i in range(1, 5))
    assert not board.muslim_for_combat(st, med, 5)


# -- 11.2 rulers ----------------------------------------------------------------------------------


def test_11_2_shah_rated_4_rolls_3_gets_6() -> None:
    def mutate(p: Position) -> None:
        p.d.rulers[PERSIA] = 4

    st = arrange(mutate)
    st.rng = LoadedDice([3])
    effects.resolve(st, st.tables.card[6].events[1], (6, 1))
    assert st.data.rulers[PERSIA] == 6


# -- 14.x end of turn ---------------------------------------------------------------------------


def test_14_3_jerusalem_converts_on_a_1_or_2() -> None:
    for roll, converts in ((2, True), (3, False)):
        st = arrange(lambda p: p.set_islam("greek", 1), armies={"byzantine_greek": ("anatolia", "strong")})
        st.rng = LoadedDice([roll])
        assert common.conversion_roll(st, st.tables.greek, False, "14.3") is converts
        assert Position(st).islam("greek").at == (2 if converts else 1)


def test_14_3_2_the_themes_die_protecting_a_land() -> None:
    def mutate(p: Position) -> None:
        p.set_islam("greek", 1)
        p.d.themes = p.place("jerusalem")

    st = arrange(mutate, armies={"byzantine_greek": ("anatolia", "strong")})
    st.rng = LoadedDice([1])
    assert common.conversion_roll(st, st.tables.greek, False, "14.3") is False
    assert st.data.themes is None and Position(st).islam("greek").at == 1


def test_14_3_3_religious_revival_in_sufetula() -> None:
    st = arrange(lambda p: p.set_islam("med", 3, dis=True), armies={"byzantine_med": ("libya", "strong")})
    st.rng = LoadedDice([6])
    end_turn.religious_revival(st)
    assert Position(st).islam("med").at == 2


def test_14_4_icons_block_the_recovery_next_to_them() -> None:
    def mutate(p: Position) -> None:
        p.set_islam("greek", 3, dis=True)
        p.d.icons = p.place("anatolia")

    st = arrange(mutate, armies={"byzantine_greek": ("anatolia", "strong")})
    end_turn.islamic_recovery(st)
    assert Position(st).islam("greek").dis
    st = arrange(mutate, armies={"byzantine_greek": ("constantinople", "strong")})
    end_turn.islamic_recovery(st)
    assert not Position(st).islam("greek").dis


def test_14_5_franks_in_paris_wear_down_the_berbers() -> None:
    st = arrange(armies={"franks": ("paris", "strong")})
    p = Position(st)
    seen = []
    for _ in range(4):
        end_turn.paris_and_berbers(st)
        b = p.army("berbers")
        seen.append((p.at("berbers"), b.strength, b.cursed))
    assert seen == [
        ("berber_revolt_box", "weak", False),
        ("berber_revolt_box", "shattered", False),
        ("berber_revolt_box", "weak", True),
        ("dead", "weak", True),
    ]


def test_14_6_2_persian_collapse() -> None:
    st = arrange(armies={"persian_indian": ("dead", "strong"), "persian_parthian": ("dead", "strong")})
    end_turn.surrender(st)
    d = st.data
    assert d.rulers[PERSIA] is None and d.capitals[PERSIA].at is None
    assert d.immortals.gone and d.last_stand[PERSIA].gone and d.mecca_strong
