"""[17.0, 14.1, 14.10 steps 3 and 5, 7.1.2] The Syrians in the Advanced Game: the Ka'aba Number,
Syrian Vengeance, the Mujahideen in invasions, Jihads and their interruption by a Fitna."""

from __future__ import annotations

from typing import Any

from consim.games.jihad import arabs, endturn, syrians
from consim.games.jihad.events import HANDLERS
from tests.games.jihad.conftest import Dice, acting, arrange, muster


def _example_14_1(s: dict[str, Any]) -> None:
    """The 14.1 example: the player's armies in Cilicia, Carthage, Nobatia (with the Islam marker),
    Seistan (Firmly Muslim: the Indian marker is in Sindh), Khorasan and Nisibis."""
    armies = s["armies"]
    armies["byzantine_greek"]["at"] = "cilicia"
    armies["byzantine_med"]["at"] = "carthage"
    armies["byzantine_garrison_african"]["at"] = "nobatia"
    armies["nubians"]["at"] = "makouria"
    armies["persian_indian"]["at"] = "seistan"
    armies["pratihara"]["at"] = "rajasthan"
    armies["persian_parthian"]["at"] = "khorasan"
    armies["byzantine_garrison_caucasus"]["at"] = "nisibis"
    s["islam"]["african"]["at"] = 2  # Nobatia
    s["islam"]["indian"]["at"] = 4  # Sindh


def test_14_1_worked_example_green_box_before_firmly_muslim() -> None:
    st = arrange(_example_14_1, advanced=True)
    assert syrians.vengeance_path(st) is not None
    syrians.syrian_vengeance(st)
    # Nisibis (Green Box) on the Caucasus Path wins over Seistan (only Firmly Muslim)
    assert st.s["adv"]["muj"]["at"] == "caucasus"


def test_14_1_second_check_firmly_muslim_and_the_stop_sign() -> None:
    def mutate(s: dict[str, Any]) -> None:
        _example_14_1(s)
        s["armies"]["byzantine_garrison_caucasus"]["at"] = "dead"
        s["armies"]["armenians"]["at"] = "armenia"

    st = arrange(mutate, advanced=True)
    syrians.syrian_vengeance(st)
    assert st.s["adv"]["muj"]["at"] == "indian"  # Seistan is Firmly Muslim (10.5)
    st.s["adv"]["muj"]["at"] = "casbah"
    st.s["adv"]["stop_sign"] = "indian"  # never on a Path under the Stop Sign: keep looking
    syrians.syrian_vengeance(st)
    assert st.s["adv"]["muj"]["at"] == "casbah"


def test_14_1_skipped_during_a_jihad_and_mujahideen_come_home_otherwise() -> None:
    st = arrange(_example_14_1, advanced=True)
    adv = st.s["adv"]
    adv["jihad"] = {"target": "byzantium", "mode": "one_front", "path": "greek", "stop": False}
    adv["muj"] = {"at": "greek", "side": "syrian"}
    syrians.syrian_vengeance(st)
    assert adv["muj"]["at"] == "greek"  # [17.6.4] the Jihad is never distracted
    adv["jihad"] = None
    st.s["armies"]["byzantine_garrison_caucasus"]["at"] = "vaspurakan"
    st.s["armies"]["armenians"]["at"] = "armenia"
    st.s["islam"]["indian"]["at"] = 0
    syrians.syrian_vengeance(st)
    # Vaspurakan is a Green Box too; the unused Mujahideen left the Greek Path first
    assert adv["muj"]["at"] == "caucasus"
    st.s["adv"]["baqt"]["caucasus"] = {"kind": "full", "at": "vaspurakan"}
    syrians.syrian_vengeance(st)
    assert adv["muj"]["at"] == "casbah"  # [14.1] a Full Baqt Vaspurakan is at peace


def test_14_1_runs_first_in_the_advanced_end_of_turn() -> None:
    st = arrange(advanced=True, stack=[{"k": "turn", "step": "next"}, {"k": "end", "i": 0}])
    st._run()
    first = next(e for e in st.log if e.rule in ("14.1", "14.2", "14.3"))
    assert first.rule == "14.1" and "Greek" in first.text  # the Greek army starts in Damascus
    basic = arrange(stack=[{"k": "turn", "step": "next"}, {"k": "end", "i": 0}])
    basic._run()
    assert not any(e.rule == "14.1" for e in basic.log)


# -- 17.2, 17.3 the Ka'aba Number -----------------------------------------------------------------


def test_17_1_1_no_reinforcements_before_the_syrians_muster() -> None:
    st = arrange(advanced=True)
    adv = st.s["adv"]
    card = st.g.content.card(32)
    HANDLERS["kaaba"](st, card.events[0], [32, 0], None)
    assert adv["kaaba"] == 2 and adv["muj"]["side"] == "tribal"
    assert st.log[-1].rule == "17.1.1"
    st.s["deck"].remove(2)
    st.s["played"].append(2)  # card #2 drawn, but Damascus is still Christian
    HANDLERS["kaaba"](st, card.events[0], [32, 0], None)
    assert adv["kaaba"] == 2
    adv["damascus"] = "capital"
    HANDLERS["kaaba"](st, card.events[0], [32, 0], None)
    assert adv["kaaba"] == 4


def test_17_2_no_jihad_while_the_kaaba_number_is_2() -> None:
    st = arrange(advanced=True)
    syrians.start_jihad(st, "byzantium", "one_front", "17.6.1")
    adv = st.s["adv"]
    assert adv["jihad"] is None and adv["muj"]["at"] == "casbah"
    assert st.log[-1].rule == "17.2"


def test_17_3_kaaba_event_raises_to_at_most_8_and_turns_the_mujahideen_syrian() -> None:
    st = arrange(lambda s: muster(s, kaaba=2), advanced=True)
    adv = st.s["adv"]
    card = st.g.content.card(32)
    HANDLERS["kaaba"](st, card.events[0], [32, 0], None)
    assert adv["kaaba"] == 4 and adv["muj"]["side"] == "syrian"
    adv["kaaba"] = 7
    HANDLERS["kaaba"](st, card.events[0], [32, 0], None)
    assert adv["kaaba"] == 8


def test_17_3_lowered_to_2_turns_tribal_and_ends_the_jihad() -> None:
    st = arrange(advanced=True)
    adv = st.s["adv"]
    adv["kaaba"] = 3
    adv["muj"] = {"at": "greek", "side": "syrian"}
    adv["jihad"] = {"target": "byzantium", "mode": "one_front", "path": "greek", "stop": False}
    syrians.set_kaaba(st, 2, "17.5")
    assert adv["muj"] == {"at": "casbah", "side": "tribal"}
    assert adv["jihad"] is None


# -- 17.5 the Mujahideen in an invasion --------------------------------------------------------


def _invading(kaaba: int, side: str, path: str = "greek", jihad: bool = False, card: int = 1) -> Any:
    def mutate(s: dict[str, Any]) -> None:
        s["card"] = card
        s["adv"]["kaaba"] = kaaba
        s["adv"]["muj"] = {"at": path, "side": side}
        if jihad:
            s["adv"]["jihad"] = {"target": "persia", "mode": "alternating", "path": path, "stop": False}

    st = arrange(mutate, advanced=True, stack=acting())
    st.rng = Dice([])  # type: ignore[assignment]
    return st


def test_17_5_syrians_add_the_kaaba_number_then_lose_one_and_go_home() -> None:
    st = _invading(5, "syrian")
    without = sum(v for n, v in arabs.hit_list(st, "med", 0))
    assert ("Syrian Mujahideen", 5) in arabs.hit_list(st, "greek", 3)
    arabs.invade_path(st, "greek")
    # card 1: Greek 3 + Mecca Islam +1 + Mecca tile 0 + Cyprus -1 + Syrians 5
    assert st.top["k"] == "absorb" and st.top["hits"] == 8
    assert st.s["adv"]["kaaba"] == 4
    assert st.s["adv"]["muj"]["at"] == "casbah"
    assert without == sum(v for n, v in arabs.hit_list(st, "med", 0))  # other Paths untouched


def test_17_5_tribal_mujahideen_add_2_and_lose_nothing() -> None:
    st = _invading(2, "tribal")
    arabs.invade_path(st, "greek")
    assert st.top["hits"] == 5
    assert st.s["adv"]["kaaba"] == 2 and st.s["adv"]["muj"]["at"] == "casbah"


def test_17_5_used_even_when_the_invasion_scores_no_hits() -> None:
    st = _invading(3, "syrian", path="caucasus", card=3)  # card 3: Caucasus is a Fitna
    arabs.invade_path(st, "caucasus")
    assert st.s["adv"]["muj"]["at"] == "caucasus"  # a Fitna: in place, unused
    assert st.s["adv"]["kaaba"] == 3
    st2 = _invading(3, "syrian", path="med")
    st2.s["armies"]["byzantine_med"]["at"] = "tingitana"  # far away: the invasion still happens
    st2.s["armies"]["exarchate"]["at"] = "paris"
    st2.s["armies"]["visigoths"]["at"] = "dead"
    st2.s["armies"]["franks"]["at"] = "dead"
    arabs.invade_path(st2, "med")
    assert st2.s["adv"]["kaaba"] == 2 and st2.s["adv"]["muj"]["at"] == "casbah"


# -- 17.6 Jihads -------------------------------------------------------------------------------


def test_17_6_4_jihad_keeps_the_mujahideen_on_the_path() -> None:
    st = _invading(5, "syrian", path="parthian", jihad=True)
    arabs.invade_path(st, "parthian")
    assert st.s["adv"]["kaaba"] == 4 and st.s["adv"]["muj"]["at"] == "parthian"


def test_7_1_2_fitna_interrupts_the_jihad_and_still_flips_the_islam_marker() -> None:
    st = _invading(5, "syrian", path="indian", jihad=True, card=3)  # card 3: Indian Fitna
    st.s["islam"]["indian"]["at"] = 1
    arabs.invade_path(st, "indian")
    jihad = st.s["adv"]["jihad"]
    assert jihad["stop"] and st.s["islam"]["indian"]["dis"]
    assert st.s["adv"]["kaaba"] == 5  # not used
    # [14.10 step 5] the interrupted Alternating Jihad stays; the Stop Sign comes off
    syrians.jihad_redirection(st)
    assert jihad["path"] == "indian" and not jihad["stop"]
    syrians.jihad_redirection(st)
    assert jihad["path"] == "parthian" and st.s["adv"]["muj"]["at"] == "parthian"


def test_17_6_2_start_paths_dead_paths_and_no_live_path() -> None:
    st = arrange(muster, advanced=True)
    adv = st.s["adv"]
    syrians.start_jihad(st, "persia", "alternating", "17.6.1")
    assert adv["jihad"] == {"target": "persia", "mode": "alternating", "path": "parthian", "stop": False}
    assert adv["muj"]["at"] == "parthian"
    st.s["armies"]["persian_parthian"]["at"] = "dead"
    syrians.start_jihad(st, "persia", "alternating", "17.6.1")
    assert adv["jihad"]["mode"] == "one_front" and adv["jihad"]["path"] == "indian"
    # [17.6.5] a Jihad vs. Persia with Persia gone still ends a Jihad vs. Greece
    syrians.start_jihad(st, "byzantium", "one_front", "17.6.1")
    assert adv["jihad"]["path"] == "greek"
    st.s["armies"]["persian_indian"]["at"] = "dead"
    syrians.start_jihad(st, "persia", "alternating", "17.6.1")
    assert adv["jihad"] is None and adv["muj"]["at"] == "casbah"


def test_17_6_1_a_jihad_breaks_a_truce_with_its_target() -> None:
    st = arrange(muster, advanced=True)
    st.s["adv"]["truce"] = "persia"
    syrians.start_jihad(st, "persia", "alternating", "17.6.1")
    assert st.s["adv"]["truce"] is None and st.s["adv"]["jihad"] is not None


def test_14_10_step_5_alternating_jihad_turns_one_front_or_ends() -> None:
    st = arrange(muster, advanced=True)
    adv = st.s["adv"]
    syrians.start_jihad(st, "byzantium", "alternating", "17.6.1")
    syrians.jihad_redirection(st)
    assert adv["jihad"]["path"] == "med" and adv["muj"]["at"] == "med"
    st.s["armies"]["byzantine_med"]["at"] = "dead"  # the Med Path is now Dead
    syrians.jihad_redirection(st)
    assert adv["jihad"] == {"target": "byzantium", "mode": "one_front", "path": "greek", "stop": False}
    syrians.jihad_redirection(st)
    assert adv["jihad"]["path"] == "greek"


def test_17_6_5_worked_example_persia_destroyed_ends_the_jihad() -> None:
    def mutate(s: dict[str, Any]) -> None:
        s["armies"]["persian_indian"]["at"] = "dead"  # long gone; the Pratihara are active
        s["armies"]["persian_parthian"].update(at="transoxiana", top=True, cursed=True)
        s["rulers"]["persia"] = 5
        muster(s)

    st = arrange(mutate, advanced=True)
    adv = st.s["adv"]
    syrians.start_jihad(st, "persia", "alternating", "17.6.1")
    assert adv["jihad"]["mode"] == "one_front" and adv["jihad"]["path"] == "parthian"
    endturn.surrender(st)  # the Persian army falls on the Sogdians; Persia collapses (14.6.2)
    assert st.s["rulers"]["persia"] is None
    assert adv["jihad"] is None and adv["muj"]["at"] == "casbah"


def test_17_6_card_32_runs_kaaba_and_jihad_when_drawn() -> None:
    def mutate(s: dict[str, Any]) -> None:
        s["deck"].remove(32)
        s["deck"].insert(0, 32)
        muster(s, kaaba=2)

    st = arrange(mutate, advanced=True, stack=[{"k": "turn", "step": "draw"}])
    st._run()
    adv = st.s["adv"]
    assert adv["kaaba"] == 4
    assert adv["jihad"] is not None and adv["jihad"]["target"] == "persia"


# -- 17.1.2 Caliph Umar I, 14.10 step 3 the Damascus Status Check ----------------------------------


def test_17_1_2_caliph_umar_waits_for_damascus_then_reinforces() -> None:
    st = arrange(advanced=True)
    adv = st.s["adv"]
    umar = next(e for e in st.g.content.card(2).events if e.type == "caliph_umar_i")
    HANDLERS["caliph_umar_i"](st, umar, [2, 0], None)
    assert adv["umar"] and adv["kaaba"] == 2
    syrians.damascus_check(st)
    assert adv["damascus"] == "christian"  # not converted yet
    st.s["islam"]["greek"]["at"] = 1
    syrians.damascus_check(st)
    assert adv["damascus"] == "capital" and adv["kaaba"] == 5 and adv["muj"]["side"] == "syrian"
    assert not adv["umar"]


def test_17_1_2_caliph_umar_at_once_and_more_if_monophysite() -> None:
    st = arrange(advanced=True)
    adv = st.s["adv"]
    st.s["islam"]["greek"]["at"] = 1
    adv["religion"] = "monophysite"
    umar = next(e for e in st.g.content.card(2).events if e.type == "caliph_umar_i")
    HANDLERS["caliph_umar_i"](st, umar, [2, 0], None)
    assert adv["kaaba"] == 6 and not adv["umar"]


def test_options_syrian_muster_start_and_tribal_jihad() -> None:
    opts = {"syrian_muster": "start", "tribal_jihad": True}
    st = arrange(advanced=True, options=opts)
    adv = st.s["adv"]
    card = st.g.content.card(32)
    HANDLERS["kaaba"](st, card.events[0], [32, 0], None)
    assert adv["kaaba"] == 4  # every Ka'aba symbol counts from the first turn
    tribal = arrange(advanced=True, options=opts)
    syrians.start_jihad(tribal, "byzantium", "one_front", "17.6.1")
    jihad = tribal.s["adv"]["jihad"]
    assert jihad is not None and jihad["path"] == "greek"
    assert tribal.s["adv"]["muj"] == {"at": "greek", "side": "tribal"}
