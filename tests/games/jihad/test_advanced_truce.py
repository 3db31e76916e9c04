"""[22.0] Truce (Hudna), Advanced Game: offers decided in the Diplomacy Step (14.10 step 4), the
Persian and Greek conditions (22.2, 22.3), the Truce's effects (22.1) and breaking it (22.4)."""

from __future__ import annotations

from typing import Any

from consim.games.jihad import arabs, endturn, truce, turn
from consim.games.jihad.events import HANDLERS
from tests.games.jihad.conftest import Dice, acting, arrange, muster, texts


def _persians_home(s: dict[str, Any]) -> None:
    s["armies"]["persian_indian"]["at"] = "yezd"
    s["armies"]["persian_parthian"]["at"] = "nehavend"


def _diplomacy(st: Any) -> None:
    st.s["stack"] = acting()  # a decision below the Diplomacy Step stops the run there
    endturn.diplomacy(st)
    st._run()
    st._after_change()


def test_22_0_the_offer_waits_for_the_diplomacy_step() -> None:
    st = arrange(advanced=True)
    effect = next(e for e in st.g.content.card(2).events if e.type == "truce_offer")
    HANDLERS["truce_offer"](st, effect, [2, 1], None)
    assert st.s["adv"]["offers"] == [{"kind": "truce", "empire": "persia"}]
    assert st.s["adv"]["truce"] is None


def test_22_2_persian_truce_accepted_and_a_jihad_vs_greece_next_turn() -> None:
    def mutate(s: dict[str, Any]) -> None:
        _persians_home(s)
        s["adv"]["offers"] = [{"kind": "truce", "empire": "persia"}]
        muster(s)

    st = arrange(mutate, advanced=True)
    _diplomacy(st)
    assert texts(st) == ["truce accept", "truce reject"]
    st.rng = Dice([3])  # type: ignore[assignment]
    st.apply("player", "truce accept")
    adv = st.s["adv"]
    assert adv["truce"] == "persia" and st.s["mecca_strong"]
    assert adv["jihad"] is not None and adv["jihad"]["mode"] == "alternating"
    # the Jihad starts next turn: this turn's Redirection leaves it on the Greek Path
    assert adv["jihad"]["path"] == "greek" and not adv["jihad_fresh"]


def test_22_2_persian_truce_must_be_rejected_then_a_jihad_vs_persia() -> None:
    def mutate(s: dict[str, Any]) -> None:
        s["adv"]["offers"] = [{"kind": "truce", "empire": "persia"}]
        muster(s)

    st = arrange(mutate, advanced=True)  # the Persians are in Khuzestan and Ctesiphon
    _diplomacy(st)
    assert not any(t.startswith("truce") for t in texts(st))
    adv = st.s["adv"]
    assert adv["truce"] is None
    assert adv["jihad"] == {"target": "persia", "mode": "alternating", "path": "parthian", "stop": False}
    st2 = arrange(mutate, advanced=True)
    _persians_home(st2.s)
    st2.s["islam"]["indian"]["at"] = 2  # Yezd (Zoroastrian) converted
    assert not truce.may_accept(st2, "persia")[0]


def test_22_3_greek_truce_conditions_and_refusal_without_effect() -> None:
    def mutate(s: dict[str, Any]) -> None:
        s["adv"]["offers"] = [{"kind": "truce", "empire": "byzantium"}]

    st = arrange(mutate, advanced=True)  # Byzantium holds Damascus and Alexandria (Green Boxes)
    ok, why = truce.may_accept(st, "byzantium")
    assert not ok and "Green Box" in why
    _diplomacy(st)
    assert st.s["adv"]["truce"] is None and st.s["adv"]["jihad"] is None
    st2 = arrange(mutate, advanced=True)
    st2.s["armies"]["byzantine_greek"]["at"] = "cilicia"
    st2.s["armies"]["byzantine_med"]["at"] = "libya"
    assert "Green Box" in truce.may_accept(st2, "byzantium")[1]  # the Garrison holds Nisibis
    st2.s["armies"]["byzantine_garrison_caucasus"]["at"] = "dead"
    st2.s["armies"]["byzantine_garrison_african"]["at"] = "dead"
    _diplomacy(st2)
    st2.apply("player", "truce accept")
    assert st2.s["adv"]["truce"] == "byzantium"


def _in_truce(s: dict[str, Any]) -> None:
    s["adv"]["truce"] = "persia"
    s["mecca_strong"] = True
    s["card"] = 1
    s["ap"] = dict.fromkeys(s["ap"], 0)
    s["armies"]["persian_parthian"]["at"] = "nehavend"
    muster(s, kaaba=2)


def test_22_1_one_ap_no_attacks_no_hits() -> None:
    st = arrange(_in_truce, advanced=True)
    turn.collect_ap(st)
    assert st.s["ap"]["east"] == 1 and st.s["ap"]["west"] == 3  # card 1: West 3, East 2
    st.s["ap"]["east"] = 3
    st.s["stack"] = acting(("west", "african", "east", "caucasus"), 2)
    st._after_change()
    assert not any(t.startswith("attack parthian") for t in texts(st))
    st.rng = Dice([])  # type: ignore[assignment]
    arabs.invade_path(st, "parthian")
    assert st.top["k"] == "actions"  # the Hits are ignored
    assert any(e.rule == "22.1" and "ignored" in e.text for e in st.log)


def test_22_4_breaking_the_truce() -> None:
    st = arrange(_in_truce, advanced=True, stack=[{"k": "turn", "step": "ap"}])
    st._run()
    assert st.top["k"] == "violate" and texts(st) == ["truce keep", "truce break"]
    assert st.s["ap"]["east"] == 1
    st.apply("player", "truce break")
    adv = st.s["adv"]
    assert adv["truce"] is None and adv["kaaba"] == 3
    assert not st.s["mecca_strong"]  # Persia is still in the game
    assert st.s["ap"]["east"] == 3  # 1 + the Rose's 2
    kept = arrange(_in_truce, advanced=True, stack=[{"k": "turn", "step": "ap"}])
    kept._run()
    kept.apply("player", "truce keep")
    assert kept.s["adv"]["truce"] == "persia" and kept.s["ap"]["east"] == 1


def test_22_2_option_either_condition_lets_persia_accept() -> None:
    st = arrange(advanced=True)  # no Zoroastrian Land converted, but the Persians are not home
    assert not truce.may_accept(st, "persia")[0]
    either = arrange(advanced=True, options={"persian_truce": "either"})
    assert truce.may_accept(either, "persia")[0]
    either.s["islam"]["indian"]["at"] = 2  # Yezd (Zoroastrian) converted: now neither holds
    assert not truce.may_accept(either, "persia")[0]
