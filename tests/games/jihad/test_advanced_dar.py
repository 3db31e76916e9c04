"""[18.0] The Dar al-Islam Table (Advanced Game): Sharia Law, the roll of 2d6 + the Ka'aba Number
and each result (18.2 Refugee moves, 18.3 Zabulistan, 18.4 Icons/Baqt, 18.5 Mardaite Raid,
18.6 Kharijites)."""

from __future__ import annotations

from typing import Any

import pytest

from consim.games.jihad import actions, arabs, dar, syrians
from consim.games.jihad.events import HANDLERS
from tests.games.jihad.conftest import Dice, acting, arrange, texts


def _sharia_active(s: dict[str, Any]) -> None:
    s["adv"]["sharia"] = "active"


def test_18_1_sharia_law_starts_the_rolls_the_next_turn() -> None:
    st = arrange(advanced=True)
    st.s["turn"] = 3
    effect = next(e for e in st.g.content.card(2).events if e.type == "sharia_law")
    HANDLERS["sharia_law"](st, effect, [2, 3], None)
    assert st.s["adv"]["sharia"] == "pending"
    st.rng = Dice([])  # type: ignore[assignment]
    dar.dar_al_islam_phase(st)  # the turn it is played: no roll (an empty Dice would fail)
    assert st.s["adv"]["sharia"] == "pending"
    st.s["turn"] = 4
    st.rng = Dice([3, 3])  # type: ignore[assignment]
    dar.dar_al_islam_phase(st)  # 3 + 3 + Ka'aba 2 = 8: Kharijites S
    assert st.s["adv"]["sharia"] == "active"
    assert any(e.rule == "18.6" for e in st.log)


def test_18_1_no_rolls_without_sharia_law() -> None:
    st = arrange(advanced=True)
    st.rng = Dice([])  # type: ignore[assignment]
    dar.dar_al_islam_phase(st)
    assert not any(e.rule == "18.1" for e in st.log)


def test_18_1_the_phase_falls_between_the_events_and_the_arab_phase() -> None:
    def mutate(s: dict[str, Any]) -> None:
        _sharia_active(s)
        s["card"] = 1

    st = arrange(mutate, advanced=True, stack=[{"k": "turn", "step": "ap"}])
    st.rng = Dice([1, 1] + [1] * 50)  # type: ignore[assignment]
    st._run()
    rules = [e.rule for e in st.log]
    assert rules.index("6.3.1") < rules.index("18.1") < rules.index("7.0")
    basic = arrange(lambda s: s.update(card=1), stack=[{"k": "turn", "step": "ap"}])
    basic._run()
    assert "18.1" not in [e.rule for e in basic.log]


def test_18_1_kaaba_number_is_added_to_the_dice() -> None:
    def mutate(s: dict[str, Any]) -> None:
        _sharia_active(s)
        s["adv"]["kaaba"] = 8
        s["adv"]["muj"]["side"] = "syrian"
        s["armies"]["persian_indian"]["at"] = "seistan"

    st = arrange(mutate, advanced=True)
    st.rng = Dice([5, 5])  # type: ignore[assignment]
    dar.dar_al_islam_phase(st)  # 5 + 5 + 8 = 18: Parsee move
    assert st.s["adv"]["refugees"]["parsees"] == "seistan"


def test_18_2_19_2_refugees_move_only_out_of_arab_lands() -> None:
    st = arrange(advanced=True)
    refugees = st.s["adv"]["refugees"]
    assert refugees["parsees"] == "yezd"
    dar.refugee_move(st, "parsees")  # Yezd is behind the Persians in Khuzestan: it likes you
    assert refugees["parsees"] == "yezd"
    st.s["armies"]["persian_indian"]["at"] = "rajasthan"
    st.s["armies"]["pratihara"]["at"] = "kannauj"
    dar.refugee_move(st, "parsees")
    assert refugees["parsees"] == "seistan"
    refugees["parsees"] = "kannauj"
    st.s["armies"]["persian_indian"]["at"] = "dead"
    st.s["armies"]["pratihara"]["at"] = "dead"
    dar.refugee_move(st, "parsees")  # [19.2] the Ends of the Earth keep it for good
    assert refugees["parsees"] == "kannauj"


def test_18_3_zabulistan_red_token_while_persia_stands_or_a_jihad_rages() -> None:
    st = arrange(advanced=True)
    dar.zabulistan(st)
    assert st.s["tokens"]["red"] == 1


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
    def mutate(s: dict[str, Any]) -> None:
        s["armies"]["persian_indian"]["at"] = "dead"
        s["armies"]["persian_parthian"]["at"] = "dead"
        s["armies"]["pratihara"]["at"] = indian
        s["armies"]["sogdians"]["at"] = parthian
        s["armies"]["chinese"]["at"] = "dead"
        s["adv"]["zabulistan"] = "defiant"
        s["adv"]["kaaba"] = 5
        s["adv"]["muj"]["side"] = "syrian"

    st = arrange(mutate, advanced=True)
    dar.zabulistan(st)
    assert st.s["adv"]["kaaba"] == kaaba  # Defiant: -1 first
    assert st.s["adv"]["zabulistan"] == side
    assert st.s["tokens"]["red"] == 0
    if side == "subdued":
        dar.zabulistan(st)  # Subdued costs no Ka'aba
        assert st.s["adv"]["kaaba"] == 4


def test_18_4_icons_lost_in_arab_land_and_full_baqt_tribute() -> None:
    def mutate(s: dict[str, Any]) -> None:
        s["icons"] = "jerusalem"
        s["armies"]["byzantine_greek"]["at"] = "cilicia"
        s["adv"]["baqt"]["african"] = {"kind": "full", "at": "nobatia"}

    st = arrange(mutate, advanced=True)
    dar.icons_baqt(st)
    assert st.s["icons"] is None
    assert st.s["tokens"]["purple"] == 1
    st.s["icons"] = "anatolia"  # player-controlled: safe
    dar.icons_baqt(st)
    assert st.s["icons"] == "anatolia" and st.s["tokens"]["purple"] == 2


def test_18_5_mardaite_raid_only_from_arab_land() -> None:
    st = arrange(advanced=True)
    st.s["islam"]["greek"]["at"] = 1
    dar.mardaite_raid(st)  # the Mardaites in Jerusalem, behind the Greek army in Damascus
    assert not st.s["islam"]["greek"]["dis"]
    st.s["armies"]["byzantine_greek"]["at"] = "cilicia"
    dar.mardaite_raid(st)
    assert st.s["islam"]["greek"]["dis"]


def test_18_6_kharijites_flip_then_stop_sign_or_a_mardaite_raid_in_a_jihad() -> None:
    def mutate(s: dict[str, Any]) -> None:
        s["islam"]["parthian"] = {"at": 1, "dis": False}
        s["islam"]["greek"] = {"at": 1, "dis": False}
        s["armies"]["persian_parthian"]["at"] = "nehavend"
        s["armies"]["byzantine_greek"]["at"] = "cilicia"

    st = arrange(mutate, advanced=True)
    dar.kharijites(st, "parthian")
    assert st.s["islam"]["parthian"]["dis"] and st.s["adv"]["stop_sign"] is None
    dar.kharijites(st, "parthian")
    assert st.s["adv"]["stop_sign"] == "parthian"
    st.s["adv"]["stop_sign"] = None
    st.s["adv"]["jihad"] = {"target": "byzantium", "mode": "one_front", "path": "greek", "stop": False}
    dar.kharijites(st, "parthian")
    assert st.s["adv"]["stop_sign"] is None
    assert st.s["islam"]["greek"]["dis"]  # the Mardaites in Arab Jerusalem raid instead


def test_18_6_kharijites_with_the_marker_still_in_mecca_bring_the_stop_sign() -> None:
    st = arrange(advanced=True)  # no Islam marker has left Mecca: nothing to flip
    dar.kharijites(st, "indian")
    assert st.s["adv"]["stop_sign"] == "indian"  # [15.5] no conversion, not even from Mecca


def test_17_6_1_a_jihad_called_at_kaaba_2_still_breaks_the_truce() -> None:
    st = arrange(advanced=True)
    st.s["adv"]["truce"] = "byzantium"
    syrians.start_jihad(st, "byzantium", "one_front", "17.6.1")
    assert st.s["adv"]["truce"] is None and st.s["adv"]["jihad"] is None


# -- 19 Jews and Refugees -------------------------------------------------------------------------


def test_19_1_jewish_marker_event_and_hits_into_its_land() -> None:
    st = arrange(lambda s: s["armies"]["byzantine_greek"].update(at="jerusalem"), advanced=True)
    card = next(c for c in st.g.content.cards.cards if any(e.label == "Jews in Jerusalem" for e in c.events))
    effect = next(e for e in card.events if e.type == "jewish_marker")
    before = sum(v for _, v in arabs.hit_list(st, "greek", 3))
    HANDLERS["jewish_marker"](st, effect, [card.number, 0], None)
    assert st.s["adv"]["jews"] == {"at": "jerusalem", "side": "plus_one"}
    assert ("Jewish marker", 1) in arabs.hit_list(st, "greek", 3)
    assert sum(v for _, v in arabs.hit_list(st, "greek", 3)) == before + 1
    # Only into a player-controlled Land: once the army falls back, Jerusalem is Arab
    st.s["armies"]["byzantine_greek"]["at"] = "cilicia"
    assert not any(n == "Jewish marker" for n, _ in arabs.hit_list(st, "greek", 3))
    st.s["adv"]["jews"] = {"at": "nisibis", "side": "minus_one"}
    assert ("Jewish marker", -1) in arabs.hit_list(st, "caucasus", 3)


def test_19_2_1_manichees_make_tibet_cost_1() -> None:
    def mutate(s: dict[str, Any]) -> None:
        s["tracks"]["tibet"] = {"box": 1, "face": "warlike"}
        s["ap"]["east"] = 1
        s["adv"]["refugees"]["manichees"] = "esfahan"  # Arab-held: the Persians are in Khorasan
        s["armies"]["persian_parthian"]["at"] = "khorasan"

    st = arrange(mutate, advanced=True, stack=acting(("west", "african", "east", "caucasus"), 2))
    assert "appease tibet" not in texts(st)  # warlike Tibet costs 2
    st.s["adv"]["refugees"]["manichees"] = "khorasan"
    st._after_change()
    assert "appease tibet" in texts(st)
    st.apply("player", "appease tibet")
    assert st.s["tracks"]["tibet"]["box"] == 0 and st.s["ap"]["east"] == 0
    st.s["adv"]["refugees"]["manichees"] = "kushinne"  # [19.2] the Ends of the Earth: always
    assert actions.refugee_hosted(st, "manichees")


def test_19_2_1_mardaites_add_1_to_the_naval_battle_for_cyprus() -> None:
    def mutate(s: dict[str, Any]) -> None:
        s["tracks"]["cyprus"]["box"] = 1
        s["ap"]["west"] = 1
        s["armies"]["byzantine_greek"]["at"] = "jerusalem"  # the Mardaites' Land is yours

    st = arrange(mutate, advanced=True, stack=acting(("west", "african", "east", "caucasus"), 0))
    st.rng = Dice([5])  # type: ignore[assignment]
    st.apply("player", "naval")
    assert st.s["tracks"]["cyprus"]["box"] == 0
    basic = arrange(mutate, stack=acting())
    basic.rng = Dice([5])  # type: ignore[assignment]
    basic.apply("player", "naval")
    assert basic.s["tracks"]["cyprus"]["box"] == 1
