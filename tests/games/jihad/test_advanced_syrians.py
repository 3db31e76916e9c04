"""[17.0, 14.1, 14.10 steps 3 and 5, 7.1.2] The Syrians in the Advanced Game: the Ka'aba Number,
Syrian Vengeance, the Mujahideen in invasions, Jihads and their interruption by a Fitna."""

from __future__ import annotations

from typing import Literal

import pytest

from consim.games.jihad import board
from consim.games.jihad.content import PERSIA
from consim.games.jihad.rules import arab, common, effects, end_turn
from consim.games.jihad.rules.arab import Absorb
from consim.games.jihad.rules.diplomacy import damascus_check, jihad_redirection
from consim.games.jihad.rules.end_turn import EndOfTurn
from consim.games.jihad.rules.events import FAITH
from consim.games.jihad.rules.turn import Turn
from consim.games.jihad.state import JihadState
from tests.games.jihad.conftest import LoadedDice, Position, acting, arrange, hits, muster


def _example_14_1(p: Position) -> None:
    """The 14.1 example: the player's armies in Cilicia, Carthage, Nobatia (with the Islam marker),
    Seistan (Firmly Muslim: the Indian marker is in Sindh), Khorasan and Nisibis."""
    for army, at in (
        ("byzantine_greek", "cilicia"),
        ("byzantine_med", "carthage"),
        ("byzantine_garrison_african", "nobatia"),
        ("nubians", "makouria"),
        ("persian_indian", "seistan"),
        ("pratihara", "rajasthan"),
        ("persian_parthian", "khorasan"),
        ("byzantine_garrison_caucasus", "nisibis"),
    ):
        p.army(army).at = p.place(at)
    p.islam("african").at = 2  # Nobatia
    p.islam("indian").at = 4  # Sindh


def kaaba_event(st: JihadState) -> None:
    """Card 32's Ka'aba symbol (17.3)."""
    effects.resolve(st, st.tables.card[32].events[0], (32, 0))


def test_14_1_worked_example_green_box_before_firmly_muslim() -> None:
    st = arrange(_example_14_1, advanced=True)
    assert board.vengeance_path(st) is not None
    end_turn.syrian_vengeance(st)
    # Nisibis (Green Box) on the Caucasus Path wins over Seistan (only Firmly Muslim)
    assert Position(st).muj()["at"] == "caucasus"


def test_14_1_second_check_firmly_muslim_and_the_stop_sign() -> None:
    def mutate(p: Position) -> None:
        _example_14_1(p)
        p.army("byzantine_garrison_caucasus").at = p.place("dead")
        p.army("armenians").at = p.place("armenia")

    st = arrange(mutate, advanced=True)
    end_turn.syrian_vengeance(st)
    p = Position(st)
    assert p.muj()["at"] == "indian"  # Seistan is Firmly Muslim (10.5)
    with st.edit():
        p.set_muj("casbah", p.adv.muj_side)
        p.adv.stop_sign = p.path("indian")  # never on a Path under the Stop Sign: keep looking
    end_turn.syrian_vengeance(st)
    assert p.muj()["at"] == "casbah"


def test_14_1_skipped_during_a_jihad_and_mujahideen_come_home_otherwise() -> None:
    def mutate(p: Position) -> None:
        _example_14_1(p)
        p.set_jihad("byzantium", "one_front", "greek")
        p.set_muj("greek", "syrian")

    st = arrange(mutate, advanced=True)
    p = Position(st)
    end_turn.syrian_vengeance(st)
    assert p.muj()["at"] == "greek"  # [17.6.4] the Jihad is never distracted
    with st.edit():
        p.adv.jihad = None
        p.army("byzantine_garrison_caucasus").at = p.place("vaspurakan")
        p.army("armenians").at = p.place("armenia")
        p.islam("indian").at = 0
    end_turn.syrian_vengeance(st)
    # Vaspurakan is a Green Box too; the unused Mujahideen left the Greek Path first
    assert p.muj()["at"] == "caucasus"
    with st.edit():
        p.set_baqt("caucasus", "full", "vaspurakan")
    end_turn.syrian_vengeance(st)
    assert p.muj()["at"] == "casbah"  # [14.1] a Full Baqt Vaspurakan is at peace


def test_14_1_runs_first_in_the_advanced_end_of_turn() -> None:
    st = arrange(advanced=True, stack=lambda t: [Turn(step="next"), EndOfTurn()])
    first = next(e for e in st.log if e.rule in ("14.1", "14.2", "14.3"))
    assert first.rule == "14.1" and "Greek" in first.text  # the Greek army starts in Damascus
    basic = arrange(stack=lambda t: [Turn(step="next"), EndOfTurn()])
    assert not any(e.rule == "14.1" for e in basic.log)


# -- 17.2, 17.3 the Ka'aba Number -----------------------------------------------------------------


def test_17_1_1_no_reinforcements_before_the_syrians_muster() -> None:
    st = arrange(advanced=True)
    p = Position(st)
    kaaba_event(st)
    assert p.adv.kaaba == 2 and p.adv.muj_side == "tribal"
    assert st.log[-1].rule == "17.1.1"
    with st.edit() as d:
        d.deck.remove(2)
        d.played.append(2)  # card #2 drawn, but Damascus is still Christian
    kaaba_event(st)
    assert p.adv.kaaba == 2
    with st.edit():
        p.adv.damascus = "capital"
    kaaba_event(st)
    assert p.adv.kaaba == 4


def test_17_2_no_jihad_while_the_kaaba_number_is_2() -> None:
    st = arrange(advanced=True)
    common.start_jihad(st, "byzantium", "one_front", "17.6.1")
    p = Position(st)
    assert p.adv.jihad is None and p.muj()["at"] == "casbah"
    assert st.log[-1].rule == "17.2"


def test_17_3_kaaba_event_raises_to_at_most_8_and_turns_the_mujahideen_syrian() -> None:
    st = arrange(lambda p: muster(p, kaaba=2), advanced=True)
    p = Position(st)
    kaaba_event(st)
    assert p.adv.kaaba == 4 and p.adv.muj_side == "syrian"
    with st.edit():
        p.adv.kaaba = 7
    kaaba_event(st)
    assert p.adv.kaaba == 8


def test_17_3_lowered_to_2_turns_tribal_and_ends_the_jihad() -> None:
    def mutate(p: Position) -> None:
        p.adv.kaaba = 3
        p.set_muj("greek", "syrian")
        p.set_jihad("byzantium", "one_front", "greek")

    st = arrange(mutate, advanced=True)
    common.set_kaaba(st, 2, "17.5")
    p = Position(st)
    assert p.muj() == {"at": "casbah", "side": "tribal"}
    assert p.adv.jihad is None


# -- 17.5 the Mujahideen in an invasion --------------------------------------------------------


def _invading(
    kaaba: int, side: Literal["tribal", "syrian"], path: str = "greek", jihad: bool = False, card: int = 1
) -> JihadState:
    def mutate(p: Position) -> None:
        p.d.card = card
        p.adv.kaaba = kaaba
        p.set_muj(path, side)
        if jihad:
            p.set_jihad("persia", "alternating", path)

    st = arrange(mutate, advanced=True, stack=acting())
    st.rng = LoadedDice([])
    return st


def test_17_5_syrians_add_the_kaaba_number_then_lose_one_and_go_home() -> None:
    st = _invading(5, "syrian")
    without = hits(st, "med", 0)
    assert ("Syrian Mujahideen", 5) in board.hit_list(st, st.tables.greek, 3)
    arab.invade_path(st, st.tables.greek)
    # card 1: Greek 3 + Mecca Islam +1 + Mecca tile 0 + Cyprus -1 + Syrians 5
    assert isinstance(st.top, Absorb) and st.top.hits == 8
    p = Position(st)
    assert p.adv.kaaba == 4
    assert p.muj()["at"] == "casbah"
    assert without == hits(st, "med", 0)  # other Paths untouched


def test_17_5_tribal_mujahideen_add_2_and_lose_nothing() -> None:
    st = _invading(2, "tribal")
    arab.invade_path(st, st.tables.greek)
    assert isinstance(st.top, Absorb) and st.top.hits == 5
    p = Position(st)
    assert p.adv.kaaba == 2 and p.muj()["at"] == "casbah"


def test_17_5_used_even_when_the_invasion_scores_no_hits() -> None:
    st = _invading(3, "syrian", path="caucasus", card=3)  # card 3: Caucasus is a Fitna
    arab.invade_path(st, st.tables.caucasus)
    p = Position(st)
    assert p.muj()["at"] == "caucasus"  # a Fitna: in place, unused
    assert p.adv.kaaba == 3
    st2 = _invading(3, "syrian", path="med")
    with st2.edit():
        p2 = Position(st2)
        for army, at in (
            ("byzantine_med", "tingitana"),  # far away: the invasion still happens
            ("exarchate", "paris"),
            ("visigoths", "dead"),
            ("franks", "dead"),
        ):
            p2.army(army).at = p2.place(at)
    arab.invade_path(st2, st2.tables.med)
    assert p2.adv.kaaba == 2 and p2.muj()["at"] == "casbah"


# -- 17.6 Jihads -------------------------------------------------------------------------------


def test_17_6_4_jihad_keeps_the_mujahideen_on_the_path() -> None:
    st = _invading(5, "syrian", path="parthian", jihad=True)
    arab.invade_path(st, st.tables.parthian)
    p = Position(st)
    assert p.adv.kaaba == 4 and p.muj()["at"] == "parthian"


def test_7_1_2_fitna_interrupts_the_jihad_and_still_flips_the_islam_marker() -> None:
    st = _invading(5, "syrian", path="indian", jihad=True, card=3)  # card 3: Indian Fitna
    with st.edit():
        Position(st).islam("indian").at = 1
    st.rng = LoadedDice([])
    arab.invade_path(st, st.tables.indian)
    p = Position(st)
    jihad = p.jihad()
    assert jihad is not None and jihad["stop"] and p.islam("indian").dis
    assert p.adv.kaaba == 5  # not used
    # [14.10 step 5] the interrupted Alternating Jihad stays; the Stop Sign comes off
    jihad_redirection(st)
    assert p.jihad() == {**jihad, "path": "indian", "stop": False}
    jihad_redirection(st)
    jihad = p.jihad()
    assert jihad is not None and jihad["path"] == "parthian" and p.muj()["at"] == "parthian"


def test_17_6_2_start_paths_dead_paths_and_no_live_path() -> None:
    st = arrange(muster, advanced=True)
    p = Position(st)
    common.start_jihad(st, "persia", "alternating", "17.6.1")
    assert p.jihad() == {"target": "persia", "mode": "alternating", "path": "parthian", "stop": False}
    assert p.muj()["at"] == "parthian"
    with st.edit():
        p.army("persian_parthian").at = p.place("dead")
    common.start_jihad(st, "persia", "alternating", "17.6.1")
    jihad = p.jihad()
    assert jihad is not None and jihad["mode"] == "one_front" and jihad["path"] == "indian"
    # [17.6.5] a Jihad vs. Persia with Persia gone still ends a Jihad vs. Greece
    common.start_jihad(st, "byzantium", "one_front", "17.6.1")
    jihad = p.jihad()
    assert jihad is not None and jihad["path"] == "greek"
    with st.edit():
        p.army("persian_indian").at = p.place("dead")
    common.start_jihad(st, "persia", "alternating", "17.6.1")
    assert p.adv.jihad is None and p.muj()["at"] == "casbah"


def test_17_6_1_a_jihad_breaks_a_truce_with_its_target() -> None:
    def mutate(p: Position) -> None:
        muster(p)
        p.adv.truce = "persia"

    st = arrange(mutate, advanced=True)
    common.start_jihad(st, "persia", "alternating", "17.6.1")
    adv = Position(st).adv
    assert adv.truce is None and adv.jihad is not None


def test_14_10_step_5_alternating_jihad_turns_one_front_or_ends() -> None:
    st = arrange(muster, advanced=True)
    p = Position(st)
    common.start_jihad(st, "byzantium", "alternating", "17.6.1")
    jihad_redirection(st)
    jihad = p.jihad()
    assert jihad is not None and jihad["path"] == "med" and p.muj()["at"] == "med"
    with st.edit():
        p.army("byzantine_med").at = p.place("dead")  # the Med Path is now Dead
    jihad_redirection(st)
    assert p.jihad() == {"target": "byzantium", "mode": "one_front", "path": "greek", "stop": False}
    jihad_redirection(st)
    jihad = p.jihad()
    assert jihad is not None and jihad["path"] == "greek"


def test_17_6_5_worked_example_persia_destroyed_ends_the_jihad() -> None:
    def mutate(p: Position) -> None:
        p.army("persian_indian").at = p.place("dead")  # long gone; the Pratihara are active
        parthian = p.army("persian_parthian")
        parthian.at = p.place("transoxiana")
        parthian.top = parthian.cursed = True
        p.d.rulers[PERSIA] = 5
        muster(p)

    st = arrange(mutate, advanced=True)
    p = Position(st)
    common.start_jihad(st, "persia", "alternating", "17.6.1")
    jihad = p.jihad()
    assert jihad is not None and jihad["mode"] == "one_front" and jihad["path"] == "parthian"
    end_turn.surrender(st)  # the Persian army falls on the Sogdians; Persia collapses (14.6.2)
    assert st.data.rulers[PERSIA] is None
    assert p.adv.jihad is None and p.muj()["at"] == "casbah"


def test_17_6_card_32_runs_kaaba_and_jihad_when_drawn() -> None:
    def mutate(p: Position) -> None:
        p.d.deck.remove(32)
        p.d.deck.insert(0, 32)
        muster(p, kaaba=2)

    st = arrange(mutate, advanced=True, stack=lambda t: [Turn(step="draw")])
    p = Position(st)
    assert p.adv.kaaba == 4
    jihad = p.jihad()
    assert jihad is not None and jihad["target"] == "persia"


# -- 17.1.2 Caliph Umar I, 14.10 step 3 the Damascus Status Check ----------------------------------


def umar_event(st: JihadState) -> None:
    umar = next(e for e in st.tables.card[2].events if e.type == "caliph_umar_i")
    effects.resolve(st, umar, (2, 0))


def test_17_1_2_caliph_umar_waits_for_damascus_then_reinforces() -> None:
    st = arrange(advanced=True)
    p = Position(st)
    umar_event(st)
    assert p.adv.umar and p.adv.kaaba == 2
    damascus_check(st)
    assert p.adv.damascus == "christian"  # not converted yet
    with st.edit():
        p.islam("greek").at = 1
    damascus_check(st)
    adv = p.adv
    assert adv.damascus == "capital" and adv.kaaba == 5 and adv.muj_side == "syrian"
    assert not adv.umar


def test_17_1_2_caliph_umar_at_once_and_more_if_monophysite() -> None:
    def mutate(p: Position) -> None:
        p.islam("greek").at = 1
        p.adv.religion = "monophysite"

    st = arrange(mutate, advanced=True)
    umar_event(st)
    adv = Position(st).adv
    assert adv.kaaba == 6 and not adv.umar


@pytest.mark.parametrize(
    ("religion", "at_once", "kaaba"),
    [
        ("orthodox", True, 5),
        ("catholic", True, 5),
        ("monophysite", True, 6),
        ("orthodox", False, 5),
        ("catholic", False, 5),
        ("monophysite", False, 6),
    ],
)
def test_17_1_2_caliph_umar_adds_3_or_4_if_byzantium_is_monophysite(
    religion: str, at_once: bool, kaaba: int
) -> None:
    """NOTES.md, 17.1.2: +3 Syrians, +4 while Byzantium is Monophysite (the faith at the moment
    they arrive), whether they come at once or at the Damascus Status Check."""
    effect = next(e for e in arrange(advanced=True).tables.card[2].events if e.type == "caliph_umar_i")
    assert (effect.kaaba_increase, effect.kaaba_increase_if_monophysite) == (3, 4)

    def mutate(p: Position) -> None:
        p.adv.religion = FAITH[religion]
        if at_once:
            p.islam("greek").at = 1

    st = arrange(mutate, advanced=True)
    umar_event(st)
    if not at_once:
        with st.edit():
            Position(st).islam("greek").at = 1
        damascus_check(st)
    assert Position(st).adv.kaaba == kaaba  # from 2


def test_options_syrian_muster_start_and_tribal_jihad() -> None:
    opts = {"syrian_muster": "start", "tribal_jihad": True}
    st = arrange(advanced=True, options=opts)
    kaaba_event(st)
    assert Position(st).adv.kaaba == 4  # every Ka'aba symbol counts from the first turn
    tribal = arrange(advanced=True, options=opts)
    common.start_jihad(tribal, "byzantium", "one_front", "17.6.1")
    p = Position(tribal)
    jihad = p.jihad()
    assert jihad is not None and jihad["path"] == "greek"
    assert p.muj() == {"at": "greek", "side": "tribal"}
