"""[20.0] Byzantine Religion (Advanced Game): the Ecumenical Council, the Papal Bull, Byzantine
armies fighting in the Empire's faith (20.3, 9.1.1) and the Monophysite Axis Pact (20.4)."""

from __future__ import annotations

from consim.games.jihad import board
from consim.games.jihad.content import CAUCASUS
from consim.games.jihad.game import JihadGame
from consim.games.jihad.rules import effects
from consim.games.jihad.rules.events import Council
from consim.games.jihad.rules.turn import Turn
from consim.games.jihad.state import JihadState
from tests.games.jihad.conftest import Position, arrange, texts


def first_turn() -> JihadState:
    st = JihadGame(advanced=True).new_game(0)
    assert isinstance(st, JihadState)
    return st


def test_20_2_the_first_card_calls_a_council_on_turn_one() -> None:
    st = first_turn()
    assert isinstance(st.top, Council)
    assert set(texts(st)) == {"council keep", "council catholic", "council monophysite"}


def test_20_2_keeping_the_faith_ends_a_schism_changing_it_starts_one() -> None:
    st = first_turn()
    with st.edit():
        Position(st).adv.schism = True
    st.apply("player", "council keep")
    adv = Position(st).adv
    assert adv.religion == "orthodox" and not adv.schism
    st2 = first_turn()
    st2.apply("player", "council catholic")
    p2 = Position(st2)
    assert p2.adv.religion == "catholic" and p2.adv.schism
    assert p2.at("byzantine_garrison_caucasus") == "nisibis"  # no Pact for Catholics


def test_20_2_papal_bull_turns_the_marker_to_schism() -> None:
    st = arrange(advanced=True)
    card = next(c for c in st.tables.content.cards.cards if any(e.type == "schism" for e in c.events))
    effect = next(e for e in card.events if e.type == "schism")
    effects.resolve(st, effect, (card.number, 0))
    assert Position(st).adv.schism


def test_20_3_byzantine_armies_fight_in_the_empires_faith() -> None:
    def mutate(p: Position) -> None:
        p.army("byzantine_med").at = p.place("libya")  # attacking Alexandria (Monophysite)

    st = arrange(mutate, advanced=True)
    t = st.tables
    assert board.dice_for(st, t.med, 1) == 2  # Orthodox against a Monophysite Land
    with st.edit():
        Position(st).adv.religion = "monophysite"
    assert board.army_religion(st, t.army_id["byzantine_med"]) == "monophysite"
    assert board.army_religion(st, t.army_id["byzantine_garrison_african"]) == "monophysite"
    assert board.dice_for(st, t.med, 1) == 1
    with st.edit():
        Position(st).adv.religion = "catholic"
    assert board.dice_for(st, t.med, 1) == 2
    basic = arrange(mutate)
    assert board.army_religion(basic, basic.tables.army_id["byzantine_med"]) == "orthodox"


def test_20_4_monophysite_axis_pact_on_the_first_turn() -> None:
    st = first_turn()
    st.apply("player", "council monophysite")
    p = Position(st)
    assert p.adv.religion == "monophysite"
    assert p.at("byzantine_garrison_caucasus") == "dead"
    assert p.at("armenians") == "nisibis" and p.active("caucasus") == "armenians"
    king = p.king()
    assert king is not None and king["path"] == "caucasus" and king["army"] == "armenians"
    assert st.data.ap[CAUCASUS] == 2  # the new Great King's 2 AP, no 16.1 AP this turn


def test_20_4_no_pact_after_the_first_turn() -> None:
    def mutate(p: Position) -> None:
        p.adv.first_turn = False

    st = arrange(mutate, advanced=True, stack=lambda t: [Turn(step="next"), Council()])
    st.apply("player", "council monophysite")
    p = Position(st)
    assert p.at("byzantine_garrison_caucasus") == "nisibis"
    assert p.adv.great_king is None
