"""[21.0] Critical Cities and Trade (Advanced Game): Cyprus events and the Muslim Navy (21.1),
Christian Damascus and the Islamic Capital (21.2, 2.1.5, 9.1), Trade Routes (21.4, 8.16)."""

from __future__ import annotations

from typing import Any

from consim.games.jihad import actions, arabs
from consim.games.jihad.content_models import MinorPowerShift
from consim.games.jihad.events import HANDLERS
from tests.games.jihad.conftest import acting, arrange, texts

ADV_SEGS = ("west", "african", "east", "caucasus")


def _cyprus_left(st: Any) -> tuple[int, Any]:
    for card in st.g.content.cards.cards:
        for e in card.events:
            if (
                isinstance(e, MinorPowerShift)
                and e.track == "cyprus"
                and e.direction == "left"
                and not e.condition
            ):
                return card.number, e
    raise AssertionError("no unconditional ← Cyprus event")


def test_21_1_cyprus_events_wait_for_the_muslim_navy() -> None:
    st = arrange(advanced=True)
    number, effect = _cyprus_left(st)
    box = st.s["tracks"]["cyprus"]["box"]
    HANDLERS["minor_power_shift"](st, effect, [number, 0], None)
    assert st.s["tracks"]["cyprus"]["box"] == box
    st.s["adv"]["navy"] = True
    HANDLERS["minor_power_shift"](st, effect, [number, 0], None)
    assert st.s["tracks"]["cyprus"]["box"] == min(box + 1, 1)
    basic = arrange()
    HANDLERS["minor_power_shift"](basic, effect, [number, 0], None)
    assert basic.s["tracks"]["cyprus"]["box"] == min(box + 1, 1)


def test_21_2_christian_damascus_gives_2_purple_tokens_once_a_turn() -> None:
    st = arrange(lambda s: s["ap"].update(west=1), advanced=True, stack=acting(ADV_SEGS, 0))
    assert "damascus" in texts(st)  # the Greek army stands in Damascus
    st.apply("player", "damascus")
    assert st.s["tokens"]["purple"] == 2
    assert "damascus" not in texts(st)
    st.s["adv"]["damascus_bonus"] = False
    st.s["armies"]["byzantine_greek"]["at"] = "cilicia"  # Arab-held: no bonus
    st._after_change()
    assert "damascus" not in texts(st)


def test_21_2_1_islamic_capital_cannot_be_attacked_and_invades_like_mecca() -> None:
    def mutate(s: dict[str, Any]) -> None:
        s["armies"]["byzantine_greek"]["at"] = "jerusalem"
        s["islam"]["greek"] = {"at": 1, "dis": True}
        s["ap"]["west"] = 3
        s["mecca_strong"] = True

    st = arrange(mutate, advanced=True, stack=acting(ADV_SEGS, 0))
    assert "attack greek" in texts(st)  # Christian Damascus, Disrupted: it may be retaken
    terms = dict(arabs.hit_list(st, "greek", 2))
    assert "Islam" not in terms and "Mecca tile" not in terms
    st.s["adv"]["damascus"] = "capital"
    st._after_change()
    assert "attack greek" not in texts(st)  # [9.1] never against the Islamic Capital
    terms = dict(arabs.hit_list(st, "greek", 2))
    assert terms["the Islamic Capital is always Muslim"] == 1 and terms["Mecca tile"] == 1


def _example(s: dict[str, Any]) -> None:
    """The 21.4 Trade example."""
    armies = s["armies"]
    armies["byzantine_greek"]["at"] = "anatolia"
    for dead in ("byzantine_med", "exarchate", "visigoths", "byzantine_garrison_caucasus", "armenians"):
        armies[dead]["at"] = "dead"
    armies["franks"].update(at="aquitaine", str="weak")  # the damaged Franks, active on the Med
    armies["byzantine_garrison_african"]["at"] = "dead"
    armies["nubians"].update(at="nobatia", str="shattered")
    s["divided"]["west"] = True
    s["ap"].update(west=5, caucasus=4, african=0, east=0)
    s["adv"]["great_king"] = {"path": "caucasus", "name": "Barjik", "army": "khazars", "new": False}
    s["tracks"]["socotra"]["box"] = 0  # one AP only


def test_21_4_worked_trade_example() -> None:
    segs = ("greek", "med", "african", "east", "caucasus")
    st = arrange(_example, advanced=True, stack=acting(segs, 0))
    options = [t for t in texts(st) if t.startswith("trade african")]
    # the Nile is closed (Alexandria is Arab); the long way round reaches the Nubians
    assert options == ["trade african rally african pontic silk_road socotra"]
    st.apply("player", options[0])
    assert st.army("nubians")["str"] == "weak" and st.s["ap"]["west"] == 4
    assert not any(t.startswith("trade african") for t in texts(st))  # Silk Road, Socotra closed
    st.apply("player", "trade caucasus bank pontic")
    st.apply("player", "trade caucasus bank pontic")
    assert st.s["ap"]["caucasus"] == 6 and st.s["ap"]["west"] == 2
    assert "trade caucasus bank pontic" not in texts(st)  # the Great King's limit of 6
    assert actions.available(st, st.top) == 1  # one West AP is the Franks' (8.2.2)
    # the Caucasus Actions: the Khazars ship 2 AP back along the Pontic Route
    st.top["seg"] = 4
    st._after_change()
    st.apply("player", "trade west rally med pontic")
    assert st.army("franks")["str"] == "strong"
    st.apply("player", "trade west bank pontic")  # West is done but has its Capital: it banks
    assert st.s["ap"]["west"] == 3 and st.s["ap"]["caucasus"] == 4
    assert st.s["spent"]["med"] == 0  # the gift is no spending on the Barbarian's Path


def test_21_4_2_barbarians_never_send_and_a_garrison_does() -> None:
    segs = ("greek", "med", "african", "east", "caucasus")
    st = arrange(_example, advanced=True, stack=acting(segs, 1))  # the Franks' Med segment
    assert not any(t.startswith("trade") for t in texts(st))
    st.s["adv"]["great_king"] = None
    st.top["seg"] = 4  # the Khazars without a Great King are Barbarians
    st._after_change()
    assert not any(t.startswith("trade") for t in texts(st))
    st2 = arrange(lambda s: s["ap"].update(caucasus=1), advanced=True, stack=acting(ADV_SEGS, 3))
    assert "trade west bank pontic" in texts(st2)  # the Garrison has the Emperor as Ruler


def test_21_4_3_no_banking_for_a_finished_empire_without_capital() -> None:
    def mutate(s: dict[str, Any]) -> None:
        _example(s)
        s["capitals"]["byzantium"]["at"] = None

    segs = ("greek", "med", "african", "east", "caucasus")
    st = arrange(mutate, advanced=True, stack=acting(segs, 4))
    assert "trade west bank pontic" not in texts(st)
    assert "trade west rally med pontic" in texts(st)
