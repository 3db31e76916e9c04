"""Worked examples of the rulebook that the first round of tests checked only loosely or not at
all: each set up as the book tells it and checked against the book's own numbers.

Each test names the rule whose example it replays; dice are scripted (``LoadedDice``) where the
example states a roll.
"""

from __future__ import annotations

from consim.games.jihad import board
from consim.games.jihad.content import BYZANTIUM, CAUCASUS, EAST, PATH_ORDER, PERSIA, WEST, Kaaba
from consim.games.jihad.rules import arab, dar, effects, end_turn, turn
from consim.games.jihad.rules.arab import Absorb
from consim.games.jihad.rules.events import Events
from consim.games.jihad.state import Strength
from tests.games.jihad.conftest import (
    LoadedDice,
    Position,
    absorbing,
    acting,
    arrange,
    hits,
    muster,
    run,
    texts,
)

# -- 2.1.5.4 Mecca is always Muslim --------------------------------------------------------------


def _quiet_tracks(p: Position) -> None:
    """Bulgars and Cyprus in their 0 boxes: no minor power adds or takes a Hit."""
    p.track("bulgars").box = 0
    p.track("cyprus").box = 0


def test_2_1_5_4_mecca_always_adds_one_hit_and_the_mecca_tile_adds_to_it() -> None:
    st = arrange(_quiet_tracks)  # the Byzantines in Damascus, next to Mecca
    assert hits(st, "greek", 3) == 4  # 3 + 1 (Mecca is Muslim) + 0 (the tile's +0 side)
    with st.edit() as d:
        d.mecca_strong = True
    assert hits(st, "greek", 3) == 5  # "with a +1 marker Mecca is +2 Hits"


def test_2_1_5_4_damascus_as_the_islamic_capital_is_part_of_mecca() -> None:
    def mutate(p: Position) -> None:
        _quiet_tracks(p)
        p.set_islam("greek", 1, dis=True)  # even a Disrupted marker there: Damascus is Mecca now
        p.adv.damascus = "capital"

    st = arrange(mutate, advanced=True, armies={"byzantine_greek": ("jerusalem", "strong")})
    assert hits(st, "greek", 3) == 4
    with st.edit() as d:
        d.mecca_strong = True
    assert hits(st, "greek", 3) == 5


# -- 6.3.1 Rulership Limits ----------------------------------------------------------------------


def test_6_3_1_a_ruler_rated_4_takes_only_3_of_4_ap() -> None:
    def mutate(p: Position) -> None:
        p.d.rulers[BYZANTIUM] = 4
        p.d.ap[:] = [0, 0]
        p.d.card = 45  # 4 West AP

    st = arrange(mutate)
    turn.collect_ap(st)
    assert st.data.ap[WEST] == 3
    assert "West receives 3 of 4 AP (Rulership limit 3): 3 AP." in [e.text for e in st.log]


def test_6_3_2_a_shah_of_4_with_1_ap_banked_gets_only_2_of_4_new_ap() -> None:
    def mutate(p: Position) -> None:
        p.d.rulers[PERSIA] = 4
        p.d.ap[:] = [0, 1]  # one East AP saved from last turn
        p.d.card = 24  # 2 West, 4 East AP

    st = arrange(mutate)
    assert st.tables.card[24].ap is not None and st.tables.card[24].ap.east == 4
    turn.collect_ap(st)
    assert st.data.ap[EAST] == 3  # "you really only get 2 AP this turn"
    assert "East receives 2 of 4 AP (Rulership limit 3): 3 AP." in [e.text for e in st.log]


# -- 7.1.1 the sample Rose -------------------------------------------------------------------------


def test_7_1_1_the_sample_rose_read_counter_clockwise_from_the_crown() -> None:
    st = arrange(lambda p: setattr(p.d, "card", 14), advanced=True)
    rose = st.tables.card[14].rose
    assert rose is not None
    # Greek 3, Med 1, African 2, Indian 3, Parthian F3, Caucasus 0
    assert tuple(rose.entry(p).code() for p in PATH_ORDER) == ("3", "1", "2", "3", "F3", "0")
    assert list(st.view("player")["card"]["rose"]) == list(PATH_ORDER)
    parthian = st.tables.parthian
    # F3 with a Persian army on the Path: three ordinary Hits
    arab.invade_path(st, parthian)
    assert isinstance(st.top, Absorb) and st.top.hits == 3 + 1  # + Mecca's Islam (2.1.5.4)
    # F3 without one: a Fitna, and the Path's Islam marker is flipped
    fitna = arrange(
        lambda p: (setattr(p.d, "card", 14), p.set_islam("parthian", 1)),
        advanced=True,
        armies={"persian_parthian": ("dead", "strong"), "sogdians": ("nehavend", "strong")},
    )
    arab.invade_path(fitna, parthian)
    assert not isinstance(fitna.top, Absorb) and Position(fitna).islam("parthian").dis
    # "zero does not always mean no Hits": the Caucasus 0 still brings Mecca's +1
    arab.invade_path(st, st.tables.caucasus)
    assert isinstance(st.top, Absorb) and st.top.hits == 1


# -- 7.4 a shattered army in Armenia, 7.4.3 an army under a Major Castle ---------------------------


def test_7_4_a_shattered_army_in_armenia_takes_one_hit_by_retreating() -> None:
    dead: dict[str, tuple[str, Strength]] = {"byzantine_garrison_caucasus": ("dead", "weak")}
    st = arrange(
        advanced=True,
        armies={**dead, "armenians": ("armenia", "shattered")},
        stack=absorbing("caucasus", "armenians", 1),
    )
    assert texts(st) == ["retreat"]  # its only option, though a retreat is worth two Hits
    st.apply("player", "retreat")
    p = Position(st)
    assert p.at("armenians") == "aghvank" and p.army("armenians").strength == "shattered"
    assert not isinstance(st.top, Absorb)


def test_7_4_3_one_hit_on_an_army_under_a_major_castle_lands_on_either() -> None:
    def besieged(p: Position) -> None:
        p.put("byzantine_med", "carthage").sieged = True

    for choice, army, castle in (("step", "weak", "strong"), ("castle", "strong", "weak")):
        st = arrange(besieged, stack=absorbing("med", "byzantine_med", 1))
        assert texts(st) == ["step", "castle"]  # both are legal
        st.apply("player", choice)
        p = Position(st)
        assert p.army("byzantine_med").strength == army and p.castle("major_castle_2").side == castle
        assert p.army("byzantine_med").sieged and not isinstance(st.top, Absorb)


# -- 8.3.1 Command of the Sea ---------------------------------------------------------------------


def test_8_3_1_straits_cost_3_2_or_1_ap_by_the_cyprus_box() -> None:
    t = arrange().tables
    # the four Straits: Rome-Greece, Greece-Constantinople, Constantinople-Anatolia and
    # Hispania-Tingitana (each named by the Land nearer Mecca)
    straits = [("greek", "greece"), ("greek", "constantinople"), ("greek", "anatolia"), ("med", "tingitana")]
    for path, land in straits:
        pid = t.path_id[path]
        assert t.crossing_in[pid][t.land_index[t.place_id[land]] + 1] == "straits"
    for box, cost in ((1, 3), (0, 2), (-1, 1)):

        def mutate(p: Position, box: int = box) -> None:
            p.track("cyprus").box = box
            p.d.ap[WEST] = 2

        st = arrange(mutate, armies={"byzantine_greek": ("greece", "strong")}, stack=acting())
        assert board.attack_cost(st, st.tables.greek) == cost
        assert ("attack greek" in texts(st)) == (cost <= 2)


# -- 8.7 a Castle needs 4 AP on the Skill Track ------------------------------------------------------


def _weak_carthage(p: Position) -> None:
    p.castle("major_castle_2").side = "weak"


def test_8_7_a_castle_needs_a_ruler_of_5_even_with_bonus_ap() -> None:
    def rated_4(p: Position) -> None:
        _weak_carthage(p)
        p.d.rulers[BYZANTIUM] = 4
        p.d.ap[WEST] = 3
        p.d.tokens[1] = 2  # two blue bonus AP cannot go above the limit of 3 (8.15)

    st = arrange(rated_4, stack=acting())
    assert not [x for x in texts(st) if x.startswith(("fix-castle", "build-castle", "token"))]

    def rated_5(p: Position) -> None:
        _weak_carthage(p)
        p.d.rulers[BYZANTIUM] = 5
        p.d.ap[WEST] = 4

    st = arrange(rated_5, stack=acting())
    assert "fix-castle carthage" in texts(st)


def test_8_7_and_6_3_1_the_lombards_cut_banked_ap_to_the_lower_limit() -> None:
    """Card 41: "Lombards", -1 to the Byzantine rating. An Emperor rated 5 with 4 AP banked
    drops to 4 and keeps only 3 AP, so he cannot fix (or build) a Castle."""

    def mutate(p: Position) -> None:
        _weak_carthage(p)
        p.d.rulers[BYZANTIUM] = 5
        p.d.ap[WEST] = 4
        p.d.card = 41

    st = arrange(mutate, advanced=True)
    lombards = next(i for i, e in enumerate(st.tables.card[41].events) if e.label == "Lombards")
    run(st, Events(queue=[(41, lombards)]))
    assert texts(st) == ["option 1", "option 2"]
    st.apply("player", "option 1")
    assert st.data.rulers[BYZANTIUM] == 4 and st.data.ap[WEST] == 3
    assert any(e.rule == "6.3.1" and "limit, 3" in e.text for e in st.log)
    with st.edit():
        st.stack[:] = acting(("west", "african", "east", "caucasus"))(st.tables)
    assert "fix-castle carthage" not in texts(st)


# -- 10.5 firmly Muslim Lands ----------------------------------------------------------------------


def test_10_5_islam_in_tingitana_makes_four_lands_firmly_muslim() -> None:
    st = arrange(lambda p: p.set_islam("med", 5))  # the Islam marker in Tingitana
    med = st.tables.med
    lands = ["alexandria", "libya", "sufetula", "carthage", "tingitana"]
    assert all(board.is_converted(st, med, i) for i in range(1, 6))  # all five are Muslim
    with st.edit():
        Position(st).islam("med").dis = True
    # Disrupted: Tingitana shows its own faith again in combat; the four firmly Muslim Lands do not
    assert [board.muslim_for_combat(st, med, i) for i in range(1, 6)] == [True, True, True, True, False]
    assert board.combat_religion(st, med, lands.index("tingitana") + 1) == "catholic"


def test_10_5_and_14_3_3_holding_a_firmly_muslim_land_allows_a_revival() -> None:
    st = arrange(lambda p: p.set_islam("med", 5), armies={"byzantine_med": ("carthage", "strong")})
    st.rng = LoadedDice([6])
    end_turn.religious_revival(st)
    assert Position(st).islam("med").at == 4  # back from Tingitana to Carthage


# -- 14.6 the Surrender Step ----------------------------------------------------------------------


def test_14_6_the_exarchate_takes_over_then_takes_carthage_and_sufetula() -> None:
    """The end of the 7.4.3.1 example: the Cursed Byzantines on top of the Exarchate in
    Tingitana die, and "your just-activated Exarchate may attack Carthage, then Sufetula"."""

    def mutate(p: Position) -> None:
        p.set_islam("med", 2)  # Libya
        a = p.put("byzantine_med", "tingitana")
        a.top = a.cursed = True
        p.castle("major_castle_2").at = p.place("out")  # destroyed by the retreat

    st = arrange(mutate)
    end_turn.curse_removal(st)
    end_turn.surrender(st)
    p = Position(st)
    assert p.at("byzantine_med") == "dead" and p.active("med") == "exarchate" and st.data.divided[WEST]
    with st.edit() as d:
        d.ap[WEST] = 3
        st.stack[:] = acting(("greek", "med", "east"), 1)(st.tables)
    st.rng = LoadedDice([5, 6])  # one die each: the Catholic Exarchate attacks Catholic Lands
    st.apply("player", "attack med")
    assert p.at("exarchate") == "carthage"
    st.apply("player", "attack med")
    assert p.at("exarchate") == "sufetula" and st.data.ap[WEST] == 1


# -- 16.5 Great Kings ---------------------------------------------------------------------------


def test_16_5_the_armenian_great_king_fails_to_escape_and_his_ap_are_lost() -> None:
    def mutate(p: Position) -> None:
        p.put("byzantine_garrison_caucasus", "dead", "weak")
        p.put("armenians", "balanjar").top = True  # thrown onto the Khazars
        p.crown("caucasus", "the leader of the Armenian princes in revolt", "armenians")
        p.d.ap[CAUCASUS] = 4

    st = arrange(mutate, advanced=True)
    end_turn.surrender(st)
    p = Position(st)
    assert p.active("caucasus") == "khazars" and p.king() is None
    assert st.data.ap[CAUCASUS] == 0  # not passed on to the Khazars


def test_16_5_the_great_king_of_africa_in_the_3_box_has_3_ap() -> None:
    st = arrange(advanced=True)
    effect = next(e for e in st.tables.card[30].events if e.type == "revolt")
    assert effect.label == "Revolt: Armenia"
    with st.edit():
        Position(st).put("byzantine_garrison_caucasus", "dead", "weak")
    effects.resolve(st, effect, (30, 3))
    king = Position(st).king()
    assert king is not None and king["army"] == "armenians" and st.data.ap[CAUCASUS] == 3


# -- 17.3 the Ka'aba Number ------------------------------------------------------------------------


def test_17_3_prince_maslama_raises_the_kaaba_number_from_3_to_5() -> None:
    st = arrange(lambda p: muster(p, kaaba=3), advanced=True)
    maslama = next(e for e in st.tables.card[32].events if isinstance(e, Kaaba))
    assert maslama.amount == 2 and maslama.label == "Ka'aba +2 (Prince Maslama)"
    effects.resolve(st, maslama, (32, 0))
    assert Position(st).adv.kaaba == 5
    top = arrange(lambda p: muster(p, kaaba=7), advanced=True)
    effects.resolve(top, maslama, (32, 0))
    assert Position(top).adv.kaaba == 8  # never higher than 8


# -- 18.1 the Dar al-Islam roll ---------------------------------------------------------------------


def test_18_1_syrians_on_3_and_a_roll_of_6_and_2_read_11() -> None:
    def mutate(p: Position) -> None:
        muster(p, kaaba=3)
        p.adv.sharia = "active"

    st = arrange(mutate, advanced=True)
    st.rng = LoadedDice([6, 2])
    dar.dar_al_islam_phase(st)
    row = st.tables.content.setup.dar_al_islam_table.result(11)
    assert any(e.rule == "18.1" and "6+2 + Ka'aba 3 = 11" in e.text for e in st.log)
    assert any(dar.DAR_RESULT[row.result] in e.text for e in st.log if e.rule == "18.1")


# -- 20.3 a Catholic Byzantium ----------------------------------------------------------------------


def test_20_3_catholic_byzantines_befriend_catholic_lands_only() -> None:
    def catholic(p: Position) -> None:
        p.adv.religion = "catholic"

    armies: dict[str, tuple[str, Strength]] = {
        "byzantine_med": ("carthage", "strong"),  # attacks Catholic Sufetula
        "byzantine_greek": ("cilicia", "strong"),  # attacks Orthodox Jerusalem
    }
    st = arrange(catholic, advanced=True, armies=armies)
    t = st.tables
    assert board.dice_for(st, t.med, 3) == 1  # Sufetula, Catholic: one die
    assert board.dice_for(st, t.greek, 2) == 2  # Jerusalem, Orthodox: now unfriendly
    with st.edit():
        Position(st).put("byzantine_med", "libya")
    assert board.dice_for(st, t.med, 1) == 2  # Alexandria, Monophysite: unfriendly too
    orthodox = arrange(advanced=True, armies=armies)
    assert board.dice_for(orthodox, t.greek, 2) == 1 and board.dice_for(orthodox, t.med, 3) == 2


# -- 21.5 Heartlands ----------------------------------------------------------------------------


def test_21_5_the_bosphorus_costs_2_not_3_once_anatolia_is_muslim() -> None:
    def mutate(p: Position) -> None:
        p.track("cyprus").box = 1
        p.set_islam("greek", 3)  # Cilicia: Anatolia is Arab-held but not yet converted

    st = arrange(mutate, advanced=True, armies={"byzantine_greek": ("constantinople", "strong")})
    greek = st.tables.greek
    assert board.attack_cost(st, greek) == 3  # Straits with Cyprus at +1 (8.3.1)
    with st.edit():
        Position(st).set_islam("greek", 4)  # the Military Heartland converts
    assert board.attack_cost(st, greek) == 2


def test_21_5_the_temple_of_yezd_slows_persian_rallies_but_not_the_sogdians() -> None:
    def mutate(p: Position) -> None:
        p.set_islam("indian", 2)  # Yezd, the Persian Religious Heartland, is Muslim

    armies: dict[str, tuple[str, Strength]] = {
        "persian_indian": ("seistan", "weak"),
        "persian_parthian": ("dead", "strong"),
        "sogdians": ("transoxiana", "weak"),
    }
    st = arrange(mutate, advanced=True, armies=armies)
    t = st.tables
    assert st.data.rulers[PERSIA] is not None
    assert board.rally_step_cost(st, t.army_id["persian_indian"]) == 2
    assert board.rally_step_cost(st, t.army_id["sogdians"]) == 1
