"""[20.0] Byzantine Religion (Advanced Game): the Ecumenical Council, the Papal Bull, Byzantine
armies fighting in the Empire's faith (20.3, 9.1.1) and the Monophysite Axis Pact (20.4)."""

from __future__ import annotations

from typing import Any

from consim.games.jihad import actions
from consim.games.jihad.events import HANDLERS
from consim.games.jihad.game import JihadGame
from tests.games.jihad.conftest import arrange, texts


def test_20_2_the_first_card_calls_a_council_on_turn_one() -> None:
    st = JihadGame(advanced=True).new_game(0)
    assert st.s["stack"][-1]["k"] == "council"
    assert set(texts(st)) == {"council keep", "council catholic", "council monophysite"}


def test_20_2_keeping_the_faith_ends_a_schism_changing_it_starts_one() -> None:
    st = JihadGame(advanced=True).new_game(0)
    st.s["adv"]["schism"] = True
    st.apply("player", "council keep")
    assert st.s["adv"]["religion"] == "orthodox" and not st.s["adv"]["schism"]
    st2 = JihadGame(advanced=True).new_game(0)
    st2.apply("player", "council catholic")
    assert st2.s["adv"]["religion"] == "catholic" and st2.s["adv"]["schism"]
    assert st2.army("byzantine_garrison_caucasus")["at"] == "nisibis"  # no Pact for Catholics


def test_20_2_papal_bull_turns_the_marker_to_schism() -> None:
    st = arrange(advanced=True)
    card = next(c for c in st.g.content.cards.cards if any(e.type == "schism" for e in c.events))
    effect = next(e for e in card.events if e.type == "schism")
    HANDLERS["schism"](st, effect, [card.number, 0], None)
    assert st.s["adv"]["schism"]


def test_20_3_byzantine_armies_fight_in_the_empires_faith() -> None:
    def mutate(s: dict[str, Any]) -> None:
        s["armies"]["byzantine_med"]["at"] = "libya"  # attacking Alexandria (Monophysite)

    st = arrange(mutate, advanced=True)
    assert actions.dice_for(st, "med", 1) == 2  # Orthodox against a Monophysite Land
    st.s["adv"]["religion"] = "monophysite"
    assert st.army_religion("byzantine_med") == "monophysite"
    assert st.army_religion("byzantine_garrison_african") == "monophysite"
    assert actions.dice_for(st, "med", 1) == 1
    st.s["adv"]["religion"] = "catholic"
    assert actions.dice_for(st, "med", 1) == 2
    basic = arrange(mutate)
    assert basic.army_religion("byzantine_med") == "orthodox"


def test_20_4_monophysite_axis_pact_on_the_first_turn() -> None:
    st = JihadGame(advanced=True).new_game(0)
    st.apply("player", "council monophysite")
    assert st.s["adv"]["religion"] == "monophysite"
    assert st.army("byzantine_garrison_caucasus")["at"] == "dead"
    assert st.army("armenians")["at"] == "nisibis" and st.active("caucasus") == "armenians"
    king = st.s["adv"]["great_king"]
    assert king is not None and king["path"] == "caucasus" and king["army"] == "armenians"
    assert st.s["ap"]["caucasus"] == 2  # the new Great King's 2 AP, no 16.1 AP this turn


def test_20_4_no_pact_after_the_first_turn() -> None:
    def mutate(s: dict[str, Any]) -> None:
        s["adv"]["first_turn"] = False

    st = arrange(mutate, advanced=True, stack=[{"k": "turn", "step": "next"}, {"k": "council"}])
    st.apply("player", "council monophysite")
    assert st.army("byzantine_garrison_caucasus")["at"] == "nisibis"
    assert st.s["adv"]["great_king"] is None
