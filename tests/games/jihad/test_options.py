"""The two-reading options of JihadOptions: each reading set up and checked (NOTES.md)."""

from __future__ import annotations

from typing import Any

import pytest

import consim
from consim.core.errors import OptionError
from consim.games.jihad import endturn, events, scoring
from consim.games.jihad.game import JihadGame
from tests.games.jihad.conftest import Dice, absorbing, arrange

DISPUTED = {"besieged_land": "disputed"}
ON_SIEGE = {"constantinople_falls": "siege"}


def _besieged_in_jerusalem(s: dict[str, Any]) -> None:
    s["armies"]["byzantine_greek"].update(at="jerusalem", sieged=True)
    s["islam"]["greek"] = {"at": 1, "dis": False}  # Damascus converted


def test_options_are_validated_and_described() -> None:
    with pytest.raises(OptionError):
        consim.load_game("jihad", besieged_land="both")
    with pytest.raises(OptionError):
        consim.load_game("jihad", constantinople_falls="never")
    fields = JihadGame.Options.model_fields
    assert fields["besieged_land"].description and fields["constantinople_falls"].description
    g = consim.load_game("jihad", **DISPUTED, **ON_SIEGE)
    assert g.options == {
        "advanced": False,
        "persian_truce": "both",
        "syrian_muster": "damascus",
        "baqt_country": "active",
        "tribal_jihad": False,
        "besieged_land": "disputed",
        "constantinople_falls": "siege",
    }
    assert fields["advanced"].description and not fields["advanced"].default


def test_variants_cover_both_readings_of_each_option() -> None:
    variants = JihadGame.variants()
    assert {v.get("besieged_land", "arab") for v in variants} == {"arab", "disputed"}
    assert {v.get("constantinople_falls", "retreat") for v in variants} == {"retreat", "siege"}


# -- besieged_land ------------------------------------------------------------------------------


def test_besieged_land_arab_counts_the_land_as_arab_held() -> None:
    st = arrange(_besieged_in_jerusalem)
    assert st.arab_controls("jerusalem") and not st.player_controls("jerusalem")
    assert st.view("player")["paths"][0]["lands"][1]["control"] == "arab"
    # [5.2 B] Damascus and Jerusalem on the Greek Path
    b = scoring.outcome_points(st)["B_arab_lands"]
    free = arrange(lambda s: s["islam"]["greek"].update(at=1))
    assert b == scoring.outcome_points(free)["B_arab_lands"] + 2  # the Byzantines were in Damascus
    # [14.3] the Land past the Islam marker may convert
    st.rng = Dice([1])  # type: ignore[assignment]
    assert endturn.conversion_roll(st, "greek", False, "14.3") is True
    assert st.s["islam"]["greek"]["at"] == 2


def test_besieged_land_disputed_belongs_to_neither_side() -> None:
    st = arrange(_besieged_in_jerusalem, options=DISPUTED)
    assert not st.arab_controls("jerusalem") and not st.player_controls("jerusalem")
    assert st.arab_controls("damascus")
    assert st.view("player")["paths"][0]["lands"][1]["control"] == "neutral"
    arab = arrange(_besieged_in_jerusalem)
    assert scoring.outcome_points(st)["B_arab_lands"] == scoring.outcome_points(arab)["B_arab_lands"] - 1
    # [14.3] no conversion roll into a Land the Arabs do not control
    st.rng = Dice([])  # type: ignore[assignment]
    assert endturn.conversion_roll(st, "greek", False, "14.3") is None
    assert st.s["islam"]["greek"]["at"] == 1
    # the Arabs still invade from the besieged Land (7.4.3): the army's Land is the front
    assert st.arab_limit("greek") == 2


@pytest.mark.parametrize("options", [{}, DISPUTED])
def test_bulgar_inversion_counts_a_siege_in_either_reading(options: dict[str, str]) -> None:
    def mutate(s: dict[str, Any]) -> None:
        s["armies"]["byzantine_greek"].update(at="constantinople", sieged=True)

    st = arrange(mutate, options=options)
    assert events.bulgars_inverted(st)  # [2.1.6.1] "which includes besieged in a Castle"
    st.army("byzantine_greek")["sieged"] = False
    assert not events.bulgars_inverted(st)


# -- constantinople_falls -----------------------------------------------------------------------


def _at_constantinople(s: dict[str, Any]) -> None:
    s["armies"]["byzantine_greek"].update(at="constantinople")
    s["icons"] = "constantinople"


def test_constantinople_retreat_reading_keeps_icons_through_a_siege() -> None:
    st = arrange(_at_constantinople, stack=absorbing("greek", "byzantine_greek", 4))
    st.apply("player", "besiege")
    assert st.army("byzantine_greek")["sieged"]
    assert st.s["icons"] == "constantinople" and st.s["themes"] is None


def test_constantinople_siege_reading_falls_when_the_army_is_besieged() -> None:
    st = arrange(_at_constantinople, stack=absorbing("greek", "byzantine_greek", 4), options=ON_SIEGE)
    st.apply("player", "besiege")
    assert st.army("byzantine_greek")["sieged"]
    assert st.s["icons"] is None  # [2.1.6.2] the Icons are lost
    assert st.s["themes"] == "greece" and st.s["themes_spent"]
    assert any("Constantinople falls" in str(e) for e in st.visible_log(None))


@pytest.mark.parametrize("options", [{}, ON_SIEGE])
def test_constantinople_falls_on_retreat_in_either_reading(options: dict[str, str]) -> None:
    def mutate(s: dict[str, Any]) -> None:
        _at_constantinople(s)
        s["castles"]["major_castle_1"]["at"] = "out"
        s["capitals"]["byzantium"]["at"] = None  # 7.4.2: a Capital would have to fall first

    st = arrange(mutate, stack=absorbing("greek", "byzantine_greek", 2), options=options)
    st.apply("player", "retreat")
    assert st.army("byzantine_greek")["at"] == "greece"
    assert st.s["icons"] is None and st.s["themes"] == "greece"
