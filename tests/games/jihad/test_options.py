"""The two-reading options of JihadOptions: each reading set up and checked (NOTES.md)."""

from __future__ import annotations

import pytest

import consim
from consim.core.errors import OptionError
from consim.games.jihad import board
from consim.games.jihad.game import JihadGame
from consim.games.jihad.rules import common
from consim.games.jihad.state import JihadState
from tests.games.jihad.conftest import LoadedDice, Position, absorbing, arrange, hits

DISPUTED = {"besieged_land": "disputed"}
ON_SIEGE = {"constantinople_falls": "siege"}


def _besieged_in_jerusalem(p: Position) -> None:
    a = p.army("byzantine_greek")
    a.at = p.place("jerusalem")
    a.sieged = True
    p.set_islam("greek", 1)  # Damascus converted


def arab_points(st: JihadState) -> int:
    points: int = board.outcome_points(st)["B_arab_lands"]
    return points


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
        "siege_invasion": "within",
        "mecca_counts": False,
        "constantinople_falls": "siege",
    }
    assert fields["advanced"].description and not fields["advanced"].default


def test_variants_cover_both_readings_of_each_option() -> None:
    variants = JihadGame.variants()
    assert {v.get("besieged_land", "arab") for v in variants} == {"arab", "disputed"}
    assert {v.get("constantinople_falls", "retreat") for v in variants} == {"retreat", "siege"}
    assert {v.get("siege_invasion", "within") for v in variants} == {"within", "across"}
    assert {v.get("mecca_counts", False) for v in variants} == {False, True}
    for option in ("siege_invasion", "mecca_counts"):  # in both games
        assert {bool(v.get("advanced")) for v in variants if option in v} == {False, True}


# -- besieged_land ------------------------------------------------------------------------------


def test_besieged_land_arab_counts_the_land_as_arab_held() -> None:
    st = arrange(_besieged_in_jerusalem)
    jerusalem = st.tables.place_id["jerusalem"]
    assert board.arab_controls(st, jerusalem) and not board.player_controls(st, jerusalem)
    assert st.view("player")["paths"][0]["lands"][1]["control"] == "arab"
    # [5.2 B] Damascus and Jerusalem on the Greek Path
    free = arrange(lambda p: p.set_islam("greek", 1))
    assert arab_points(st) == arab_points(free) + 2  # the Byzantines were in Damascus
    # [14.3] the Land past the Islam marker may convert
    st.rng = LoadedDice([1])
    assert common.conversion_roll(st, st.tables.greek, False, "14.3") is True
    assert Position(st).islam("greek").at == 2


def test_besieged_land_disputed_belongs_to_neither_side() -> None:
    st = arrange(_besieged_in_jerusalem, options=DISPUTED)
    t = st.tables
    jerusalem = t.place_id["jerusalem"]
    assert not board.arab_controls(st, jerusalem) and not board.player_controls(st, jerusalem)
    assert board.arab_controls(st, t.place_id["damascus"])
    assert st.view("player")["paths"][0]["lands"][1]["control"] == "neutral"
    arab = arrange(_besieged_in_jerusalem)
    assert arab_points(st) == arab_points(arab) - 1
    # [14.3] no conversion roll into a Land the Arabs do not control
    st.rng = LoadedDice([])
    assert common.conversion_roll(st, t.greek, False, "14.3") is None
    assert Position(st).islam("greek").at == 1
    # the Arabs still invade from the besieged Land (7.4.3): the army's Land is the front
    assert board.arab_limit(st, t.greek) == 2


@pytest.mark.parametrize("options", [{}, DISPUTED])
def test_bulgar_inversion_counts_a_siege_in_either_reading(options: dict[str, str]) -> None:
    def mutate(p: Position) -> None:
        a = p.army("byzantine_greek")
        a.at = p.place("constantinople")
        a.sieged = True

    st = arrange(mutate, options=options)
    assert board.bulgars_inverted(st)  # [2.1.6.1] "which includes besieged in a Castle"
    with st.edit():
        Position(st).army("byzantine_greek").sieged = False
    assert not board.bulgars_inverted(st)


# -- constantinople_falls -----------------------------------------------------------------------


def _at_constantinople(p: Position) -> None:
    p.army("byzantine_greek").at = p.place("constantinople")
    p.d.icons = p.place("constantinople")


def test_constantinople_retreat_reading_keeps_icons_through_a_siege() -> None:
    st = arrange(_at_constantinople, stack=absorbing("greek", "byzantine_greek", 4))
    st.apply("player", "besiege")
    p = Position(st)
    assert p.army("byzantine_greek").sieged
    assert p.name(st.data.icons) == "constantinople" and st.data.themes is None


def test_constantinople_siege_reading_falls_when_the_army_is_besieged() -> None:
    st = arrange(_at_constantinople, stack=absorbing("greek", "byzantine_greek", 4), options=ON_SIEGE)
    st.apply("player", "besiege")
    p = Position(st)
    assert p.army("byzantine_greek").sieged
    assert st.data.icons is None  # [2.1.6.2] the Icons are lost
    assert p.name(st.data.themes) == "greece" and st.data.themes_spent
    assert any("Constantinople falls" in str(e) for e in st.visible_log(None))


@pytest.mark.parametrize("options", [{}, ON_SIEGE])
def test_constantinople_falls_on_retreat_in_either_reading(options: dict[str, str]) -> None:
    def mutate(p: Position) -> None:
        _at_constantinople(p)
        p.castle("major_castle_1").at = p.place("out")
        p.capital("byzantium").at = None  # 7.4.2: a Capital would have to fall first

    st = arrange(mutate, stack=absorbing("greek", "byzantine_greek", 2), options=options)
    st.apply("player", "retreat")
    p = Position(st)
    assert p.at("byzantine_greek") == "greece"
    assert st.data.icons is None and p.name(st.data.themes) == "greece"


# -- siege_invasion (7.2 / 7.4.3) -----------------------------------------------------------------


def _besieged_in_anatolia(p: Position) -> None:
    """The Byzantines besieged in a Castle in Anatolia; the Arabs hold Cilicia (not converted:
    the Islam marker is in Jerusalem) beyond the Cilician mountains; no minor power adds a Hit."""
    p.castle("minor_castle_1").at = p.place("anatolia")
    p.put("byzantine_greek", "anatolia").sieged = True
    p.set_islam("greek", 2)
    p.track("cyprus").box = 0


def test_siege_invasion_within_the_land_crosses_nothing() -> None:
    st = arrange(_besieged_in_anatolia)
    assert hits(st, "greek", 3) == 3  # from the Arabs around the Castle: no Crossing
    assert board.attack_cost(st, st.tables.greek) == 1  # [9.4] the attack on its own Land


def test_siege_invasion_across_takes_the_crossing_from_the_next_land() -> None:
    st = arrange(_besieged_in_anatolia, options={"siege_invasion": "across"})
    assert hits(st, "greek", 3) == 2  # 3 - 1 (Mountain): from Cilicia, as for any army
    assert board.attack_cost(st, st.tables.greek) == 1  # raising the siege is still 9.4
    with st.edit():
        Position(st).set_islam("greek", 3)  # Cilicia converted: Islam cancels the mountains
    assert hits(st, "greek", 3) == 3
    within = arrange(_besieged_in_anatolia)
    with within.edit():
        Position(within).set_islam("greek", 3)
    assert hits(within, "greek", 3) == 3  # Anatolia itself is not Muslim: no +1 either way


# -- mecca_counts (5.2 B) -----------------------------------------------------------------------------


def test_mecca_counts_adds_one_arab_land_to_5_2_b() -> None:
    assert arab_points(arrange()) == 0  # every army stands next to Mecca
    assert arab_points(arrange(options={"mecca_counts": True})) == 1
    advanced = arrange(advanced=True, options={"mecca_counts": True})
    assert arab_points(advanced) == 1
