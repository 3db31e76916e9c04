"""The Advanced Game (rules 15-22), the ``advanced`` option. Each test names the rule it checks;
dice are scripted where a roll matters.
"""

from __future__ import annotations

import random

import pytest

import consim
from consim.games.jihad import board
from consim.games.jihad.content import (
    AFRICAN,
    BYZANTIUM,
    CAUCASUS,
    EAST,
    WEST,
    Effect,
    GreatKingEvent,
    JihadTables,
    Revolt,
    RulerChange,
)
from consim.games.jihad.game import JihadGame
from consim.games.jihad.rules import arab, common, effects, end_turn, turn
from consim.games.jihad.rules.actions import Actions
from consim.games.jihad.rules.arab import Absorb, Arab
from consim.games.jihad.rules.diplomacy import Diplomacy, trade_routes_check
from consim.games.jihad.rules.end_turn import ADVANCED_STEPS, EndOfTurn
from consim.games.jihad.rules.events import FAITH
from consim.games.jihad.rules.turn import Turn
from consim.games.jihad.state import JihadState
from tests.games.jihad.conftest import LoadedDice, Position, acting, arrange, on, texts

ADVANCED = ("west", "african", "east", "caucasus")


def resolve(st: JihadState, effect: Effect) -> None:
    """Carry out an event, as if it were on a card (6.2)."""
    effects.resolve(st, effect, (0, 0))


# -- 15 set-up, the two extra Paths, counter-clockwise order -----------------------------------


def test_15_the_advanced_game_is_a_public_option() -> None:
    g = consim.load_game("jihad", advanced=True)
    assert isinstance(g, JihadGame) and g.tables.advanced
    assert "advanced" in g.Options.model_fields
    assert not consim.load_game("jihad").tables.advanced
    assert {"advanced": True} in JihadGame.variants()


def test_15_the_basic_game_is_unchanged() -> None:
    st = arrange()
    t = st.tables
    assert t.path_name == ("greek", "med", "indian", "parthian")
    assert st.data.adv is None
    assert "nubians" not in t.army_id
    assert all(t.card[n].basic for n in [*st.data.deck, *st.data.played])


def test_15_paths_counter_clockwise_and_theaters() -> None:
    st = arrange(advanced=True)
    t = st.tables
    # [2.1.1, 7.1.1, 14.1] Greek, Med, African, Indian, Parthian, Caucasus
    assert t.path_name == ("greek", "med", "african", "indian", "parthian", "caucasus")
    # [8.1] the Actions Phase: West, Africa, East, Caucasus
    assert t.theaters == (WEST, AFRICAN, EAST, CAUCASUS)


def test_15_2_1_5_1_advanced_set_up_active_and_neutral_armies() -> None:
    st = arrange(advanced=True)
    p = Position(st)
    assert p.active("caucasus") == "byzantine_garrison_caucasus"
    assert p.path_armies("caucasus")[1:] == ["armenians", "khazars"]
    assert p.active("african") == "byzantine_garrison_african"
    assert p.path_armies("african")[1:] == ["nubians", "axum"]
    # [16.2] the Garrisons begin weak
    assert p.army("byzantine_garrison_caucasus").strength == "weak"
    assert p.army("byzantine_garrison_african").strength == "weak"
    adv = p.adv
    assert adv.kaaba == 2 and p.muj() == {"at": "casbah", "side": "tribal"}  # [17.1.1]
    assert adv.religion == "orthodox" and not adv.schism  # [20.1]
    assert adv.damascus == "christian" and not adv.navy  # [21.1, 21.2]
    assert adv.jews is None  # [19.1]
    assert [p.refugee(r) for r in ("mardaites", "parsees", "manichees")]  # [19.2]
    socotra = p.track("socotra")
    assert (socotra.box, socotra.face) == (0, "africa")  # [13.5]
    assert (p.islam("african").at, p.islam("african").dis) == (0, False)
    assert (p.islam("caucasus").at, p.islam("caucasus").dis) == (0, False)


def test_3_2_1_advanced_deck_uses_box_cards_and_sets_aside_red_stars() -> None:
    st = arrange(advanced=True)
    card = st.tables.card
    d = st.data
    aside = Position(st).adv.set_aside
    assert aside and all(card[n].red_star for n in aside)
    in_play = sorted([*d.deck, *d.played, *aside])
    assert in_play == list(range(1, 51))  # [15.4] all 50 cards, box cards included
    assert not set(aside) & set(d.deck)
    assert d.deck[-1] == 50


def test_3_2_1_rightly_guided_army_shuffles_the_red_stars_into_the_green_deck() -> None:
    st = arrange(advanced=True)
    card = st.tables.card
    adv = Position(st).adv
    aside = list(adv.set_aside)
    green_before = [n for n in st.data.deck if card[n].era == "green"]
    effect = next(e for e in card[2].events if e.type == "rightly_guided_army")
    resolve(st, effect)
    deck = st.data.deck
    green_after = deck[: len(green_before) + len(aside)]
    assert sorted(green_after) == sorted(green_before + aside)
    assert all(card[n].era != "green" for n in deck[len(green_after) :])
    assert adv.set_aside == []


def test_15_1_red_numbers_are_ordinary_numbers() -> None:
    # Card 2's Greek hex is a red 6: the Basic game rolls a die, the Advanced game does not
    def mutate(p: Position) -> None:
        p.d.card = 2

    st = arrange(mutate, advanced=True, stack=acting())
    st.rng = LoadedDice([])
    arab.invade_path(st, st.tables.greek)
    # 6 + Mecca +1 (Islam) + Mecca tile 0 + Cyprus -1 = 6
    assert isinstance(st.top, Absorb) and st.top.hits == 6
    basic = arrange(mutate, stack=acting())
    basic.rng = LoadedDice([4])
    arab.invade_path(basic, basic.tables.greek)
    assert isinstance(basic.top, Absorb) and basic.top.hits == 10


def test_16_1_the_new_paths_receive_one_ap_each_turn() -> None:
    def mutate(p: Position) -> None:
        p.d.card = 1
        p.d.ap[:] = [0] * len(p.d.ap)

    st = arrange(mutate, advanced=True)
    turn.collect_ap(st)
    ap = st.data.ap
    assert ap[AFRICAN] == 1 and ap[CAUCASUS] == 1
    assert ap[WEST] == 3 and ap[EAST] == 2  # the Rose's 3/2


def test_8_1_advanced_strategic_order_of_the_actions_phase() -> None:
    st = arrange(advanced=True, stack=lambda t: [Turn(step="actions")])
    assert isinstance(st.top, Actions)
    assert st.top.segs == ["west", "african", "east", "caucasus"]


def test_7_2_invasions_run_counter_clockwise_over_six_paths() -> None:
    def mutate(p: Position) -> None:
        p.d.card = 1

    st = arrange(mutate, advanced=True, stack=lambda t: [Turn(step="end"), Arab()])
    while isinstance(st.top, Absorb):
        st.apply("player", texts(st)[0])
    rules = [e.text.split(":")[0] for e in st.log if e.rule in ("7.2", "7.2.4")]
    order = ["Greek Path", "Med Path", "African Path", "Indian Path", "Parthian Path", "Caucasus Path"]
    seen = [r for r in rules if r in order]
    assert seen == sorted(seen, key=order.index)
    assert "African Path" in seen and "Caucasus Path" in seen


def test_16_2_a_garrison_cannot_be_made_strong_or_loot() -> None:
    def mutate(p: Position) -> None:
        p.d.ap[CAUCASUS] = 3

    st = arrange(mutate, advanced=True, stack=acting(ADVANCED, 3))
    assert not any(x.startswith("rally") for x in texts(st))  # weak is the best a Garrison gets
    with st.edit():
        Position(st).army("byzantine_garrison_caucasus").strength = "shattered"
    assert "rally caucasus" in texts(st) and "rally caucasus 2" not in texts(st)
    with st.edit():
        p = Position(st)
        p.army("byzantine_garrison_caucasus").strength = "weak"
        p.army("byzantine_garrison_caucasus").at = p.place("vaspurakan")
        p.army("armenians").at = p.place("armenia")
    st.rng = LoadedDice([6, 6])
    st.apply("player", "attack caucasus")
    assert Position(st).at("byzantine_garrison_caucasus") == "nisibis"
    assert isinstance(st.top, Actions)  # no loot prompt [9.3, 16.2]


def test_16_2_garrison_retreats_onto_the_neutral_and_dies_at_the_surrender_step() -> None:
    def garrison(t: JihadTables) -> Absorb:
        return Absorb(path=t.caucasus, army=t.army_id["byzantine_garrison_caucasus"], hits=2)

    st = arrange(advanced=True, stack=on(acting(), garrison))
    assert set(texts(st)) == {"step", "retreat"}
    st.apply("player", "retreat")
    p = Position(st)
    assert p.army("byzantine_garrison_caucasus").top
    end_turn.surrender(st)
    assert p.active("caucasus") == "armenians"
    assert p.at("byzantine_garrison_caucasus") == "dead"


# -- Advanced changes inside rules 1-14 ---------------------------------------------------------


def test_5_2_e_kaaba_number_outcome_points() -> None:
    st = arrange(advanced=True)
    base = board.outcome_points(st)
    assert base["E_kaaba"] == -10  # Ka'aba 2
    for kaaba, points in ((8, 20), (7, 15), (6, 10), (5, 5), (4, 0), (3, -5)):
        with st.edit():
            Position(st).adv.kaaba = kaaba
        parts = board.outcome_points(st)
        assert parts["E_kaaba"] == points
        assert parts["total"] - base["total"] == points + 10


def test_8_3_military_heartland_makes_every_attack_cost_2() -> None:
    def mutate(p: Position) -> None:
        p.army("byzantine_greek").at = p.place("greece")  # attacks Constantinople across Straits
        p.track("cyprus").box = -1  # straits cost 1

    st = arrange(mutate, advanced=True)
    t = st.tables
    assert board.attack_cost(st, t.greek) == 1
    with st.edit():
        Position(st).islam("greek").at = 4  # Anatolia (the horse) converted
    assert board.attack_cost(st, t.greek) == 2
    with st.edit():
        p = Position(st)
        p.army("byzantine_med").at = p.place("libya")  # an ordinary crossing: 2 as well
    assert board.attack_cost(st, t.med) == 2
    assert board.attack_cost(st, t.indian) == 1  # Persia is not affected [21.5]
    basic = arrange(mutate)
    with basic.edit():
        Position(basic).islam("greek").at = 4
    assert board.attack_cost(basic, basic.tables.greek) == 1


def test_8_4_religious_heartland_makes_each_rally_step_cost_2() -> None:
    def mutate(p: Position) -> None:
        p.army("persian_indian").at = p.place("seistan")
        p.army("persian_indian").strength = "shattered"
        p.set_islam("indian", 2)  # Yezd (the temple) converted
        p.d.ap[EAST] = 3

    st = arrange(mutate, advanced=True, stack=acting(ADVANCED, 2))
    assert "rally indian" in texts(st)
    assert "rally indian 2" not in texts(st)  # 4 AP needed for two steps
    st.apply("player", "rally indian")
    assert st.data.ap[EAST] == 1 and Position(st).army("persian_indian").strength == "weak"
    assert "rally indian" not in texts(st)


def test_8_7_2_no_minor_castles_on_the_new_paths() -> None:
    def mutate(p: Position) -> None:
        p.castle("minor_castle_1").at = p.place("out")
        p.d.ap[AFRICAN] = 5

    st = arrange(mutate, advanced=True, stack=acting(ADVANCED, 1))
    assert not any(x.startswith("build-castle") for x in texts(st))


def test_8_11_naval_battle_for_socotra() -> None:
    def mutate(p: Position) -> None:
        p.d.ap[AFRICAN] = 1
        p.track("socotra").box = 1
        p.set_refugee("parsees", "sindh")  # with the neutral Pratihara: not hosted
        p.army("nubians").at = p.place("alodia")  # the Nubians, not Axum, hold Adulis
        p.army("axum").at = p.place("axum")

    st = arrange(mutate, advanced=True, stack=acting(ADVANCED, 1))
    assert "naval socotra" in texts(st)
    st.rng = LoadedDice([5])
    st.apply("player", "naval socotra")
    assert Position(st).track("socotra").box == 1 and st.data.ap[AFRICAN] == 0  # 5 fails
    # On its Indian side it is paid from the East; the Parsees at home add +1 [19.2.1]
    st2 = arrange(mutate, advanced=True, stack=acting(ADVANCED, 2))
    with st2.edit():
        p = Position(st2)
        p.track("socotra").face = "indian"
        p.set_refugee("parsees", "seistan")
        p.d.ap[EAST] = 1
    st2.rng = LoadedDice([5])
    st2.apply("player", "naval socotra")
    assert Position(st2).track("socotra").box == 0 and st2.data.ap[EAST] == 0
    # Axum (even neutral) holding Adulis adds +1 as well
    st3 = arrange(mutate, advanced=True, stack=acting(ADVANCED, 1))
    with st3.edit():
        p = Position(st3)
        p.army("axum").at = p.place("adulis")
    st3.rng = LoadedDice([5])
    st3.apply("player", "naval socotra")
    assert Position(st3).track("socotra").box == 0


def test_11_2_byzantine_religion_modifies_the_rulership_roll() -> None:
    effect = RulerChange(type="ruler_change", empire="byzantium", modifier=0)

    def roll(religion: str, schism: bool, capital: bool) -> int:
        def mutate(p: Position) -> None:
            p.adv.religion = FAITH[religion]
            p.adv.schism = schism
            p.d.rulers[BYZANTIUM] = 4
            if not capital:
                p.capital("byzantium").at = None

        st = arrange(mutate, advanced=True)
        st.rng = LoadedDice([3])
        resolve(st, effect)
        rating = st.data.rulers[BYZANTIUM]
        assert rating is not None
        return rating

    rulership = arrange().tables.rulership
    assert roll("orthodox", False, True) == rulership.new_rating(7)
    assert roll("catholic", False, True) == rulership.new_rating(9)
    # "-4 if you're Monophysite, in Schism, and have no capital"
    assert roll("monophysite", True, False) == rulership.new_rating(3)


def test_6_4_end_of_era_ends_jihad_schism_and_truce() -> None:
    def mutate(p: Position) -> None:
        p.set_jihad("persia", "alternating", "parthian")
        p.set_muj("parthian", "syrian")
        p.adv.schism = True
        p.adv.truce = "byzantium"
        p.d.mecca_strong = True

    st = arrange(mutate, advanced=True)
    effect = next(e for e in st.tables.card[13].events if e.type == "end_of_era")
    resolve(st, effect)
    p = Position(st)
    assert p.adv.jihad is None and p.muj()["at"] == "casbah"
    assert not p.adv.schism
    assert p.adv.truce is None and not st.data.mecca_strong  # Persia still in the game [22.4]


def test_6_3_2_and_14_8_banking_on_the_new_paths() -> None:
    def mutate(p: Position) -> None:
        p.d.ap[AFRICAN] = 2
        p.d.ap[CAUCASUS] = 3
        p.crown("caucasus", "Alp Tarkhan", "armenians")

    st = arrange(mutate, advanced=True)
    end_turn.banking(st)
    assert st.data.ap[AFRICAN] == 0  # no Great King: lost
    assert st.data.ap[CAUCASUS] == 3  # a Great King banks [16.5]


def test_15_5_stop_sign_blocks_all_arab_activity_on_its_path() -> None:
    def mutate(p: Position) -> None:
        p.d.card = 1
        p.adv.stop_sign = p.path("indian")
        p.set_islam("indian", 0)
        p.army("persian_indian").cursed = True

    st = arrange(mutate, advanced=True, stack=acting())
    arab.invade_path(st, st.tables.indian)
    assert isinstance(st.top, Actions)  # a Fitna: no Hits
    st.rng = LoadedDice([1] * 6)
    end_turn.curse_removal(st)
    p = Position(st)
    assert (p.islam("indian").at, p.islam("indian").dis) == (0, False)  # no advance from the Curse
    end_turn.conversion_step(st)
    assert p.islam("indian").at == 0  # no conversion, not even from Mecca
    end_turn.blessings_recovery(st)
    assert p.adv.stop_sign is None  # [14.9]


def test_14_4_tribal_mujahideen_in_the_field_stop_every_recovery() -> None:
    def mutate(p: Position) -> None:
        p.set_islam("greek", 1, dis=True)
        p.army("byzantine_greek").at = p.place("cilicia")
        p.set_muj("med", "tribal")

    st = arrange(mutate, advanced=True)
    end_turn.islamic_recovery(st)
    assert Position(st).islam("greek").dis
    with st.edit():
        Position(st).set_muj("casbah", "tribal")  # in the Casbah they have no effect
    end_turn.islamic_recovery(st)
    assert not Position(st).islam("greek").dis


def test_14_6_2_persian_collapse_places_zabulistan_defiant() -> None:
    def mutate(p: Position) -> None:
        p.army("persian_indian").at = p.place("sindh")
        p.army("persian_indian").top = True
        p.army("persian_parthian").at = p.place("transoxiana")
        p.army("persian_parthian").top = True

    st = arrange(mutate, advanced=True)
    end_turn.surrender(st)
    assert st.data.rulers[1] is None
    assert Position(st).adv.zabulistan == "defiant"


# -- the whole Advanced Game plays through -------------------------------------------------------


@pytest.mark.parametrize("seed", [0, 1, 2])
def test_advanced_random_playout_round_trips(seed: int) -> None:
    g = JihadGame(advanced=True)
    st = g.new_game(seed)
    r = random.Random(seed)
    steps = 0
    while not st.is_over():
        st.apply("player", r.choice(st.legal_actions("player")))
        steps += 1
        assert steps < 20000
    data = st.to_dict()
    assert g.restore(data).to_dict() == data
    outcome = st.outcome()
    assert outcome is not None and "E_kaaba" in outcome.details["breakdown"]


# -- 16 Caucasus and African Paths: Baqt, Revolt, Great Kings ------------------------------------


def _diplomacy(st: JihadState) -> None:
    """Run the Diplomacy Step (14.10) at the end of this turn, up to its first decision (if no
    decision comes, the next turn goes on to its first)."""
    with st.edit():
        st.stack[:] = [Turn(step="next"), EndOfTurn(i=len(ADVANCED_STEPS)), Diplomacy()]


def test_16_3_2_full_baqt_shuts_the_path_down() -> None:
    def mutate(p: Position) -> None:
        p.army("byzantine_garrison_caucasus").at = p.place("dead")  # Armenians active in Vaspurakan
        p.offer_baqt("caucasus")
        p.d.ap[CAUCASUS] = 0
        p.d.card = 1

    st = arrange(mutate, advanced=True)
    _diplomacy(st)
    assert texts(st) == ["baqt caucasus", "refuse caucasus"]
    st.apply("player", "baqt caucasus")
    p = Position(st)
    assert p.baqt("caucasus") == {"kind": "full", "at": "vaspurakan"}
    assert p.at("armenians") == "off"
    assert p.army("khazars").strength == "weak"  # [16.3.2] the more distant power is weakened
    caucasus = st.tables.caucasus
    assert board.full_baqt(st, caucasus)
    # No Hits, no AP, no Actions on the Path
    with st.edit():
        st.stack[:] = acting()(st.tables)
        st.data.card = 1
        st.data.ap[CAUCASUS] = 0
    arab.invade_path(st, caucasus)
    assert not isinstance(st.top, Absorb)
    turn.collect_ap(st)
    assert st.data.ap[CAUCASUS] == 0
    with st.edit():
        st.stack[:] = [Turn(step="actions")]
    assert isinstance(st.top, Actions) and "caucasus" not in st.top.segs
    # [16.3.2, 14.1] the Arabs stop short of the Baqt: Vaspurakan and the Lands beyond are not
    # theirs (5.2 B counts Nisibis only), though the weak Khazars stand far off in Balanjar
    ids = st.tables.place_id
    assert board.arab_controls(st, ids["nisibis"]) and not board.arab_controls(st, ids["vaspurakan"])
    assert not board.arab_controls(st, ids["aghvank"]) and board.control_limit(st, caucasus) == 1


def test_16_3_option_present_lets_a_neutral_country_sign_a_full_baqt() -> None:
    def mutate(p: Position) -> None:
        p.offer_baqt("african")
        p.d.card = 1

    st = arrange(mutate, advanced=True, options={"baqt_country": "present"})
    _diplomacy(st)  # the Garrison holds Upper Egypt; Nubia stands neutral in Nobatia
    assert texts(st) == ["baqt african", "refuse african"]
    st.apply("player", "baqt african")
    p = Position(st)
    assert p.baqt("african") == {"kind": "full", "at": "nobatia"}
    assert p.at("nubians") == "off" and p.army("axum").strength == "weak"
    garrison = p.army("byzantine_garrison_african")
    assert p.at("byzantine_garrison_african") == "upper_egypt" and not garrison.top  # it stays, at peace
    assert board.control_limit(st, st.tables.african) == 0  # the Arabs hold nothing on the Path
    default = arrange(mutate, advanced=True)
    _diplomacy(default)
    assert Position(default).baqt("african") is None  # the default: only an active Country signs
    assert "baqt african" not in texts(default)


def test_16_3_1_islam_blocks_the_baqt_and_a_neutral_country_cannot_sign() -> None:
    def mutate(p: Position) -> None:
        p.offer_baqt("caucasus")

    st = arrange(mutate, advanced=True)  # the Garrison is still the active army
    _diplomacy(st)
    assert "baqt caucasus" not in texts(st)
    assert Position(st).baqt("caucasus") is None

    def converted(p: Position) -> None:
        mutate(p)
        p.army("byzantine_garrison_caucasus").at = p.place("dead")
        p.set_islam("caucasus", 2, dis=True)  # Vaspurakan converted

    st2 = arrange(converted, advanced=True)
    _diplomacy(st2)
    assert "baqt caucasus" not in texts(st2)
    assert Position(st2).baqt("caucasus") is None


def test_16_3_3_partial_baqt_moves_the_distant_power_and_stops_islam() -> None:
    def mutate(p: Position) -> None:
        p.army("byzantine_garrison_caucasus").at = p.place("dead")
        p.army("armenians").at = p.place("armenia")  # the Partial flag
        p.offer_baqt("caucasus")
        p.set_islam("caucasus", 2)

    st = arrange(mutate, advanced=True)
    _diplomacy(st)
    st.apply("player", "baqt caucasus")
    p = Position(st)
    assert p.baqt("caucasus") == {"kind": "partial", "at": "armenia"}
    assert p.active("caucasus") == "khazars" and p.at("khazars") == "armenia"
    # the Khazars are driven back: Armenia is Arab-held, but the marker can never enter it
    with st.edit():
        Position(st).army("khazars").at = Position(st).place("aghvank")
    st.rng = LoadedDice([1])
    assert common.conversion_roll(st, st.tables.caucasus, False, "14.3") is None
    assert Position(st).islam("caucasus").at == 2


def test_16_4_1_revolt_on_a_full_baqt_is_the_players_choice() -> None:
    def mutate(p: Position) -> None:
        p.army("armenians").at = p.place("off")
        p.army("byzantine_garrison_caucasus").at = p.place("dead")
        p.set_baqt("caucasus", "full", "vaspurakan")
        p.crown("african", "Cyriacus", "nubians")
        p.d.ap[AFRICAN] = 5

    st = arrange(mutate, advanced=True, stack=acting())
    effect = Revolt(type="revolt", country="armenians", great_king_ap=3)
    resolve(st, effect)
    p = Position(st)
    assert p.adv.great_king is None and st.data.ap[AFRICAN] == 0  # [16.5] old king gone
    st.refresh()
    assert texts(st) == ["revolt caucasus", "keep caucasus"]
    st.apply("player", "revolt caucasus")
    assert p.active("caucasus") == "armenians"
    a = p.army("armenians")
    assert (p.at("armenians"), a.strength, a.cursed, a.sieged, a.top) == (
        "vaspurakan",
        "strong",
        False,
        False,
        False,
    )
    assert p.baqt("caucasus") is None
    king = p.king()
    assert king is not None and king["path"] == "caucasus" and st.data.ap[CAUCASUS] == 3


def test_16_4_2_revolt_on_a_partial_baqt_is_forced() -> None:
    effect = Revolt(type="revolt", country="nubians", great_king_ap=3)

    def mutate(p: Position) -> None:
        p.army("byzantine_garrison_african").at = p.place("dead")
        p.army("nubians").at = p.place("off")
        p.army("axum").at = p.place("upper_egypt")  # (1) past the Full flag, near Mecca
        p.set_baqt("african", "partial", "makouria")

    st = arrange(mutate, advanced=True)
    resolve(st, effect)
    p = Position(st)
    assert p.at("nubians") == "upper_egypt" and p.at("axum") == "makouria"
    assert p.active("african") == "nubians" and p.baqt("african") is None
    king = p.king()
    assert king is not None and king["army"] == "nubians"

    def behind(p: Position) -> None:
        mutate(p)
        p.army("axum").at = p.place("alodia")  # (2) behind the Partial flag

    st2 = arrange(behind, advanced=True)
    resolve(st2, effect)
    p2 = Position(st2)
    assert p2.at("axum") == "alodia" and p2.at("nubians") == "nobatia"
    assert p2.active("african") == "nubians"


def test_16_4_4_revolt_without_baqt_helps_only_an_active_country() -> None:
    effect = Revolt(type="revolt", country="armenians", great_king_ap=3)
    st = arrange(advanced=True)  # the Garrison is active, the Armenians neutral
    resolve(st, effect)
    p = Position(st)
    assert p.adv.great_king is None
    with st.edit():
        Position(st).army("byzantine_garrison_caucasus").at = Position(st).place("dead")
    resolve(st, effect)
    king = Position(st).king()
    assert king is not None and king["army"] == "armenians" and st.data.ap[CAUCASUS] == 3


def test_16_5_great_king_banks_up_to_6_gets_no_ap_the_first_turn_and_dies_with_his_army() -> None:
    def mutate(p: Position) -> None:
        p.d.card = 1
        p.d.ap[CAUCASUS] = 0

    st = arrange(mutate, advanced=True)
    effect = GreatKingEvent(type="great_king", path="caucasus", ap=4, name="Barjik")
    resolve(st, effect)
    p = Position(st)
    king = p.king()
    assert king is not None and king["army"] == "byzantine_garrison_caucasus" and st.data.ap[CAUCASUS] == 4
    turn.collect_ap(st)
    assert st.data.ap[CAUCASUS] == 4  # no automatic AP the turn he appears
    with st.edit() as d:
        d.ap[CAUCASUS] = 5
    turn.collect_ap(st)
    assert st.data.ap[CAUCASUS] == 6
    turn.collect_ap(st)
    assert st.data.ap[CAUCASUS] == 6  # never more than 6
    with st.edit():
        garrison = p.army("byzantine_garrison_caucasus")
        garrison.at = p.place("vaspurakan")
        garrison.top = True
    end_turn.surrender(st)
    assert p.adv.great_king is None and st.data.ap[CAUCASUS] == 0


def test_16_5_a_great_king_banks_what_he_does_not_spend() -> None:
    def mutate(p: Position) -> None:
        p.d.card = 1
        p.d.pending = []
        p.army("byzantine_garrison_caucasus").at = p.place("dead")  # the Armenians are active

    st = arrange(mutate, advanced=True, stack=acting(("caucasus",)))
    effect = GreatKingEvent(type="great_king", path="caucasus", ap=4, name="Barjik")
    resolve(st, effect)
    st.refresh()
    st.apply("player", "done")  # [8.2.2] is about a Divided Theater's Barbarian, not a Great King
    assert st.data.ap[CAUCASUS] == 4
    assert not any(e.rule == "8.2.2" for e in st.log)


def test_9_4_raising_a_siege_costs_1_even_after_the_military_heartland_falls() -> None:
    def mutate(p: Position) -> None:
        a = p.army("byzantine_greek")
        a.at = p.place("constantinople")
        a.sieged = True
        p.islam("greek").at = 4  # Anatolia (the horse) converted

    st = arrange(mutate, advanced=True)
    assert board.attack_cost(st, st.tables.greek) == 1  # [9.4] no Crossing, so no 21.5 surcharge


def test_16_5_1_great_king_may_break_a_full_baqt() -> None:
    def mutate(p: Position) -> None:
        p.army("armenians").at = p.place("off")
        p.army("byzantine_garrison_caucasus").at = p.place("dead")
        p.set_baqt("caucasus", "full", "vaspurakan")

    st = arrange(mutate, advanced=True, stack=acting())
    resolve(st, GreatKingEvent(type="great_king", path="caucasus", ap=3, name="X"))
    st.refresh()
    st.apply("player", "keep caucasus")
    assert board.full_baqt(st, st.tables.caucasus) and Position(st).adv.great_king is None


def test_14_10_step_1_trade_route_checks() -> None:
    def mutate(p: Position) -> None:
        p.d.fleet.side = "greek_fire"
        p.army("byzantine_garrison_african").at = p.place("dead")
        p.army("nubians").at = p.place("dead")
        p.army("axum").at = p.place("axum")  # Adulis Arab-held

    st = arrange(mutate, advanced=True)
    trade_routes_check(st)
    p = Position(st)
    assert st.data.fleet.side == "greek_fire"  # Constantinople ours, Balanjar neutral
    assert p.track("socotra").face == "indian"
    with st.edit():
        for army, at in (
            ("khazars", "khazaria"),
            ("armenians", "dead"),
            ("byzantine_garrison_caucasus", "dead"),
        ):
            p.army(army).at = p.place(at)  # the Arabs reach Balanjar
    trade_routes_check(st)
    assert st.data.fleet.side == "plus_one"  # [12.1] Greek Fire lost
