"""[18.0] The Dar al-Islam Table (Advanced Game): Sharia Law, the roll of 2d6 + the Ka'aba Number
and each result (18.2 Refugee moves, 18.3 Zabulistan, 18.4 Icons/Baqt, 18.5 Mardaite Raid,
18.6 Kharijites)."""

from __future__ import annotations

import pytest

from consim.games.jihad import board
from consim.games.jihad.content import EAST, MANICHEES, PARSEES, PURPLE, RED, WEST
from consim.games.jihad.rules import common, dar, effects
from consim.games.jihad.rules.turn import Turn
from consim.games.jihad.state import JihadState
from tests.games.jihad.conftest import LoadedDice, Position, acting, arrange, hits, run, texts


def _sharia_active(p: Position) -> None:
    p.adv.sharia = "active"


def test_18_1_sharia_law_starts_the_rolls_the_next_turn() -> None:
    st = arrange(lambda p: setattr(p.d, "turn", 3), advanced=True)
    effect = next(e for e in st.tables.card[2].events if e.type == "sharia_law")
    effects.resolve(st, effect, (2, 3))
    adv = Position(st).adv
    assert adv.sharia == "pending"
    st.rng = LoadedDice([])
    dar.dar_al_islam_phase(st)  # the turn it is played: no roll (empty dice would fail)
    assert adv.sharia == "pending"
    with st.edit() as d:
        d.turn = 4
    st.rng = LoadedDice([3, 3])
    dar.dar_al_islam_phase(st)  # 3 + 3 + Ka'aba 2 = 8: Kharijites S
    assert Position(st).adv.sharia == "active"
    assert any(e.rule == "18.6" for e in st.log)


def test_18_1_no_rolls_without_sharia_law() -> None:
    st = arrange(advanced=True)
    st.rng = LoadedDice([])
    dar.dar_al_islam_phase(st)
    assert not any(e.rule == "18.1" for e in st.log)


def test_18_1_the_phase_falls_between_the_events_and_the_arab_phase() -> None:
    def mutate(p: Position) -> None:
        _sharia_active(p)
        p.d.card = 1

    st = arrange(mutate, advanced=True, stack=acting())
    st.rng = LoadedDice([1, 1] + [1] * 50)
    run(st, Turn(step="ap"))
    rules = [e.rule for e in st.log]
    assert rules.index("6.3.1") < rules.index("18.1") < rules.index("7.0")
    basic = arrange(lambda p: setattr(p.d, "card", 1), stack=acting())
    run(basic, Turn(step="ap"))
    assert "18.1" not in [e.rule for e in basic.log]


def test_18_1_kaaba_number_is_added_to_the_dice() -> None:
    def mutate(p: Position) -> None:
        _sharia_active(p)
        p.adv.kaaba = 8
        p.adv.muj_side = "syrian"
        p.army("persian_indian").at = p.place("seistan")

    st = arrange(mutate, advanced=True)
    st.rng = LoadedDice([5, 5])
    dar.dar_al_islam_phase(st)  # 5 + 5 + 8 = 18: Parsee move
    assert Position(st).refugee("parsees") == "seistan"


def test_18_2_19_2_refugees_move_only_out_of_arab_lands() -> None:
    st = arrange(advanced=True)
    p = Position(st)
    assert p.refugee("parsees") == "yezd"
    dar.refugee_move(st, PARSEES)  # Yezd is behind the Persians in Khuzestan: it likes you
    assert p.refugee("parsees") == "yezd"
    with st.edit():
        p.army("persian_indian").at = p.place("rajasthan")
        p.army("pratihara").at = p.place("kannauj")
    dar.refugee_move(st, PARSEES)
    assert p.refugee("parsees") == "seistan"
    with st.edit():
        p.set_refugee("parsees", "kannauj")
        p.army("persian_indian").at = p.place("dead")
        p.army("pratihara").at = p.place("dead")
    dar.refugee_move(st, PARSEES)  # [19.2] the Ends of the Earth keep it for good
    assert p.refugee("parsees") == "kannauj"


def test_18_3_zabulistan_red_token_while_persia_stands_or_a_jihad_rages() -> None:
    st = arrange(advanced=True)
    dar.zabulistan(st)
    assert st.data.tokens[RED] == 1


@pytest.mark.parametrize(
    ("indian", "parthian", "side", "kaaba"),
    [
        ("seistan", "khorasan", "defiant", 4),
        ("kannauj", "khorasan", "subdued", 4),
        ("kannauj", "kushinne", "gone", 4),
    ],
)
def test_18_3_zabulistan_after_the_persian_collapse(
    indian: str, parthian: str, side: str, kaaba: int
) -> None:
    def mutate(p: Position) -> None:
        for army, at in (
            ("persian_indian", "dead"),
            ("persian_parthian", "dead"),
            ("pratihara", indian),
            ("sogdians", parthian),
            ("chinese", "dead"),
        ):
            p.army(army).at = p.place(at)
        p.adv.zabulistan = "defiant"
        p.adv.kaaba = 5
        p.adv.muj_side = "syrian"

    st = arrange(mutate, advanced=True)
    dar.zabulistan(st)
    adv = Position(st).adv
    assert adv.kaaba == kaaba  # Defiant: -1 first
    assert adv.zabulistan == side
    assert st.data.tokens[RED] == 0
    if side == "subdued":
        dar.zabulistan(st)  # Subdued costs no Ka'aba
        assert adv.kaaba == 4


def test_18_4_icons_lost_in_arab_land_and_full_baqt_tribute() -> None:
    def mutate(p: Position) -> None:
        p.d.icons = p.place("jerusalem")
        p.army("byzantine_greek").at = p.place("cilicia")
        p.set_baqt("african", "full", "nobatia")

    st = arrange(mutate, advanced=True)
    dar.icons_baqt(st)
    assert st.data.icons is None
    assert st.data.tokens[PURPLE] == 1
    with st.edit() as d:
        d.icons = st.tables.place_id["anatolia"]  # player-controlled: safe
    dar.icons_baqt(st)
    assert Position(st).name(st.data.icons) == "anatolia" and st.data.tokens[PURPLE] == 2


def test_18_5_mardaite_raid_only_from_arab_land() -> None:
    st = arrange(lambda p: setattr(p.islam("greek"), "at", 1), advanced=True)
    p = Position(st)
    dar.mardaite_raid(st)  # the Mardaites in Jerusalem, behind the Greek army in Damascus
    assert not p.islam("greek").dis
    with st.edit():
        p.army("byzantine_greek").at = p.place("cilicia")
    dar.mardaite_raid(st)
    assert p.islam("greek").dis


def test_18_6_kharijites_flip_then_stop_sign_or_a_mardaite_raid_in_a_jihad() -> None:
    def mutate(p: Position) -> None:
        p.set_islam("parthian", 1)
        p.set_islam("greek", 1)
        p.army("persian_parthian").at = p.place("nehavend")
        p.army("byzantine_greek").at = p.place("cilicia")

    st = arrange(mutate, advanced=True)
    p = Position(st)
    parthian = st.tables.parthian
    dar.kharijites(st, parthian)
    assert p.islam("parthian").dis and p.adv.stop_sign is None
    dar.kharijites(st, parthian)
    assert p.adv.stop_sign == parthian
    with st.edit():
        p.adv.stop_sign = None
        p.set_jihad("byzantium", "one_front", "greek")
    dar.kharijites(st, parthian)
    assert p.adv.stop_sign is None
    assert p.islam("greek").dis  # the Mardaites in Arab Jerusalem raid instead


def test_18_6_kharijites_with_the_marker_still_in_mecca_bring_the_stop_sign() -> None:
    st = arrange(advanced=True)  # no Islam marker has left Mecca: nothing to flip
    dar.kharijites(st, st.tables.indian)
    assert Position(st).adv.stop_sign == st.tables.indian  # [15.5] no conversion, not even from Mecca


def test_17_6_1_a_jihad_called_at_kaaba_2_still_breaks_the_truce() -> None:
    st = arrange(lambda p: setattr(p.adv, "truce", "byzantium"), advanced=True)
    common.start_jihad(st, "byzantium", "one_front", "17.6.1")
    adv = Position(st).adv
    assert adv.truce is None and adv.jihad is None


# -- 19 Jews and Refugees -------------------------------------------------------------------------


def hit_terms(st: JihadState, path: str) -> list[tuple[str, int]]:
    return board.hit_list(st, st.tables.path_id[path], 3)


def test_19_1_jewish_marker_event_and_hits_into_its_land() -> None:
    st = arrange(lambda p: setattr(p.army("byzantine_greek"), "at", p.place("jerusalem")), advanced=True)
    card = next(
        c for c in st.tables.content.cards.cards if any(e.label == "Jews in Jerusalem" for e in c.events)
    )
    effect = next(e for e in card.events if e.type == "jewish_marker")
    before = hits(st, "greek", 3)
    effects.resolve(st, effect, (card.number, 0))
    jews = Position(st).adv.jews
    assert jews is not None and (Position(st).name(jews.at), jews.side) == ("jerusalem", "plus_one")
    assert ("Jewish marker", 1) in hit_terms(st, "greek")
    assert hits(st, "greek", 3) == before + 1
    # Only into a player-controlled Land: once the army falls back, Jerusalem is Arab
    with st.edit():
        p = Position(st)
        p.army("byzantine_greek").at = p.place("cilicia")
    assert not any(n == "Jewish marker" for n, _ in hit_terms(st, "greek"))
    card2 = effect.model_copy(update={"land": "nisibis", "side": "minus_one"})
    effects.resolve(st, card2, (card.number, 0))
    assert ("Jewish marker", -1) in hit_terms(st, "caucasus")


def test_19_2_1_manichees_make_tibet_cost_1() -> None:
    def mutate(p: Position) -> None:
        p.track("tibet").box = 1
        p.track("tibet").face = "warlike"
        p.d.ap[EAST] = 1
        p.set_refugee("manichees", "esfahan")  # Arab-held: the Persians are in Khorasan
        p.army("persian_parthian").at = p.place("khorasan")

    st = arrange(mutate, advanced=True, stack=acting(("west", "african", "east", "caucasus"), 2))
    assert "appease tibet" not in texts(st)  # warlike Tibet costs 2
    with st.edit():
        Position(st).set_refugee("manichees", "khorasan")
    assert "appease tibet" in texts(st)
    st.apply("player", "appease tibet")
    assert Position(st).track("tibet").box == 0 and st.data.ap[EAST] == 0
    with st.edit():
        Position(st).set_refugee("manichees", "kushinne")  # [19.2] the Ends of the Earth: always
    assert board.refugee_hosted(st, MANICHEES)


def test_19_2_1_mardaites_add_1_to_the_naval_battle_for_cyprus() -> None:
    def mutate(p: Position) -> None:
        p.track("cyprus").box = 1
        p.d.ap[WEST] = 1
        p.army("byzantine_greek").at = p.place("jerusalem")  # the Mardaites' Land is yours

    st = arrange(mutate, advanced=True, stack=acting(("west", "african", "east", "caucasus"), 0))
    st.rng = LoadedDice([5])
    st.apply("player", "naval")
    assert Position(st).track("cyprus").box == 0
    basic = arrange(mutate, stack=acting())
    basic.rng = LoadedDice([5])
    basic.apply("player", "naval")
    assert Position(basic).track("cyprus").box == 1
