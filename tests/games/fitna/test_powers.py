"""The great powers: US approval of #33 and #82 (27.2), the US military intervention on each
of its triggers and its second wave (27.1), International Tension 10 (22.1, 27.1, 28.0),
Russia's surge or arrival (28.0) and #87 Kremlin Escalates."""

from __future__ import annotations

from dataclasses import replace
from functools import cache

from consim.games.fitna.game import FitnaGame
from consim.games.fitna.rules.common import ELIMINATED, US_IN
from consim.games.fitna.rules.events import EventsSegment
from consim.games.fitna.rules.movement import Movement
from consim.games.fitna.state import FitnaState
from consim.games.fitna.testing import in_segment, offensives
from tests.games.fitna.conftest import fixture_content, play, position, region_game, texts, where


@cache
def powers_game() -> FitnaGame:
    """The fixture's scenario 3: the US and Russia come only by 27.1 and 28.0."""
    return FitnaGame(content=fixture_content(), scenario=3)


def no_jokers(d, st) -> None:  # type: ignore[no-untyped-def]
    d.jokers = dict.fromkeys(st.tables.seats, 0)


def events(seat: str):  # type: ignore[no-untyped-def]
    return lambda st: in_segment(st, seat, [EventsSegment(seat=seat)], step="supply")


def options(st: FitnaState, seat: str | None = None) -> list[str]:
    return [a.text for a in st.legal_actions(seat or st.to_act()[0])]


def first_until(st: FitnaState, done) -> None:  # type: ignore[no-untyped-def]
    """Take the first legal action until ``done(st)``."""
    for _ in range(200):
        if done(st):
            return
        seat = st.to_act()[0]
        st.apply(seat, st.legal_actions(seat)[0])
    raise AssertionError("did not get there")


def attack(st, source: str, units: list[str], target: str) -> None:  # type: ignore[no-untyped-def]
    play(st, f'attack_from "{source}"', *(f'add "{u}"' for u in units), "attack", f'target "{target}"')


# =============================================================================================
# 27.2 US approval
# =============================================================================================


def approval(
    attackers: dict[str, str],
    defenders: dict[str, str],
    seat: str,
    source: str,
    target: str,
    dice: list[int],
    game: FitnaGame | None = None,
):  # type: ignore[no-untyped-def]
    st = position(
        game or powers_game(),
        {**attackers, **defenders},
        hands={seat: ["Mother of All Bombs"]},
        edit=no_jokers,
        frames=lambda st: offensives(st, seat, 1),
        dice=dice,
    )
    attack(st, source, list(attackers), target)
    return st


def test_us_approval_israel_on_1_to_4() -> None:
    """[27.2] Israeli attackers: approval on 1-4; refused, the card is lost (discarded)."""
    st = approval(
        {"36 Arm Div": "Golan Heights"},
        {"7 Mech Div": "Quneitra"},
        "Israel",
        "Golan Heights",
        "Quneitra",
        [4, 1],
    )
    play(st, "done", 'commit "Mother of All Bombs"')
    assert "US approval for Mother of All Bombs: die 4, approved (1-4)." in texts(st)
    assert st.top.cards == [32]  # type: ignore[attr-defined]
    st = approval(
        {"36 Arm Div": "Golan Heights"},
        {"7 Mech Div": "Quneitra"},
        "Israel",
        "Golan Heights",
        "Quneitra",
        [5, 1],
    )
    play(st, "done", 'commit "Mother of All Bombs"')
    assert "US approval for Mother of All Bombs: die 5, refused; the card is lost." in texts(st)
    assert st.top.cards == [] and 32 in st.data.asset_discard  # type: ignore[attr-defined]


def test_us_approval_turkey_1_to_3_saudi_1_to_2() -> None:
    """[27.2] Turkish attackers 1-3, Saudi 1-2."""
    st = approval({"1 Arm Bde": "Kilis"}, {"7 Mech Div": "Azaz"}, "Turkey", "Kilis", "Azaz", [4, 1])
    play(st, "done", 'commit "Mother of All Bombs"')
    assert "US approval for Mother of All Bombs: die 4, refused; the card is lost." in texts(st)
    st = approval({"12 Arm Bde": "Jahra"}, {"5 Inf Div": "Basra"}, "Coalition", "Jahra", "Basra", [2, 1])
    play(st, "done", 'commit "Mother of All Bombs"')
    assert "US approval for Mother of All Bombs: die 2, approved (1-2)." in texts(st)


def test_us_approval_goes_by_the_players_nationality_not_the_attacking_units() -> None:
    """[27.2] "According to his nationality": the Turkish player attacking with his Free Syrian
    Army rolls 1-3; the Saudi player attacking with his Jordanians rolls 1-2 (before, both
    were refused since neither force is in 27.2's table)."""
    st = approval({"Hamza Div": "Azaz"}, {"7 Mech Div": "Aleppo"}, "Turkey", "Azaz", "Aleppo", [3, 1])
    play(st, "done")
    assert 'commit "Mother of All Bombs"' in options(st, "Turkey")
    play(st, 'commit "Mother of All Bombs"')
    assert "US approval for Mother of All Bombs: die 3, approved (1-3)." in texts(st)
    st = approval({"JOR 3 Arm Div": "H4"}, {"5 Inf Div": "Rutba"}, "Coalition", "H4", "Rutba", [3, 1])
    play(st, "done", 'commit "Mother of All Bombs"')
    assert "US approval for Mother of All Bombs: die 3, refused; the card is lost." in texts(st)
    # scenario 1's rebels run no national army: the Free Syrian Army makes them the Turkish
    # player of 20.0
    from tests.games.fitna.conftest import syria_game

    rebels = syria_game()
    st = approval({"Hamza Div": "Azaz"}, {"4 Arm Div": "Aleppo"}, "Rebels", "Azaz", "Aleppo", [2, 1], rebels)
    play(st, "done", 'commit "Mother of All Bombs"')
    assert "US approval for Mother of All Bombs: die 2, approved (1-3)." in texts(st)


def test_us_approval_other_nations_refused_but_anyone_against_is() -> None:
    """[27.2] Any other nationality is refused without a roll (the card cannot be committed);
    anyone attacking IS is approved on 1-5; the player controlling the US needs no approval."""
    st = approval({"1 Mech Div": "Mosul"}, {"66 Mech Bde": "Tal Afar"}, "Iraq", "Mosul", "Tal Afar", [])
    play(st, "done")
    assert 'commit "Mother of All Bombs"' not in options(st, "Iraq")
    st = approval(
        {"1 Mech Div": "Mosul"}, {"Wilayat Ninawa": "Tal Afar"}, "Iraq", "Mosul", "Tal Afar", [5, 1]
    )
    play(st, 'commit "Mother of All Bombs"')
    assert "US approval for Mother of All Bombs: die 5, approved (1-5)." in texts(st)
    st = approval(
        {"12 Arm Bde": "Jahra"},
        {"5 Inf Div": "Basra"},
        "Saudi Arabia",
        "Jahra",
        "Basra",
        [1],
        game=region_game(),
    )
    play(st, "done", 'commit "Mother of All Bombs"')
    assert "Saudi Arabia controls the US forces: Mother of All Bombs needs no approval." in texts(st)


# =============================================================================================
# 27.1 the US military intervention
# =============================================================================================


def us_units_on_map(st: FitnaState) -> list[str]:
    t = st.tables
    return sorted(
        t.unit_label[u] for u in t.force_units[t.force_index["us"]] if st.data.units[u].at < t.n_spaces
    )


def test_kuwait_attacked_brings_the_us_in_for_the_coalition() -> None:
    """[27.1] The moment Kuwait is attacked the Coalition player controls the US: he draws 2
    bonus cards, takes the US Joker and the US Special Joker, strikes at once (4 enemy spaces,
    within 21.0), then places the six units of the first wave on supplied spaces he controls;
    the offensive goes on."""
    st = position(
        powers_game(),
        {"1 Mech Div": "Basra", "5 Inf Div": "Amara", "KUW 15 Arm Bde": "Jahra"},
        edit=no_jokers,
        frames=lambda st: offensives(st, "Iraq", 1),
        dice=[1],
    )
    attack(st, "Basra", ["1 Mech Div"], "Jahra")
    t = st.tables
    assert US_IN in st.data.firsts
    assert st.data.force_side[t.force_index["us"]] == t.seat_index["Coalition"]
    assert st.data.jokers["Coalition"] == 1  # the US Joker
    play(st, "draw Asset", "draw Event")
    assert sorted(options(st)) == ["joker", "strike Amara", "strike Basra"]  # Iraq's spaces only
    play(st, "strike Amara", "strike Basra")
    first_until(st, lambda st: st.top.name == "intervention_land")
    assert any(x.startswith("The first US wave lands: 75 Para Regt, MEU Regt") for x in texts(st))
    assert 'place "Kuwait City"' in options(st) and "place Basra" not in options(st)
    first_until(st, lambda st: st.top.name != "intervention_land")
    assert len(us_units_on_map(st)) == 6
    assert [(a.force, a.wave, a.turn) for a in st.data.arrivals] == [(t.force_index["us"], 2, 2)]
    assert st.top.name in ("joker_window", "offensive")  # the offensive goes on


def test_the_second_wave_arrives_the_following_turn() -> None:
    """[27.1] "The following turn he automatically receives" 1 & 2 MEB, 1 Arm Bde, 2 & 3 Mech
    Bde [3 MD]: at the start of his phase."""
    from consim.games.fitna.state import Arrival

    def edit(d, st) -> None:  # type: ignore[no-untyped-def]
        no_jokers(d, st)
        t = st.tables
        d.turn = 2
        d.force_side[t.force_index["us"]] = t.seat_index["Coalition"]
        d.firsts.append(US_IN)
        d.arrivals.append(Arrival(seat=t.seat_index["Coalition"], force=t.force_index["us"], wave=2, turn=2))
        for u in t.force_units[t.force_index["us"]]:
            if t.unit_wave[u] == 1:  # the first wave landed last turn (and was destroyed since)
                d.units[u] = replace(d.units[u], at=t.n_spaces + ELIMINATED)

    st = position(
        powers_game(), {}, edit=edit, frames=lambda st: in_segment(st, "Coalition", [], step="events")
    )
    assert st.top.name == "intervention_land"
    assert any(x.startswith("Coalition receives the next wave: 1 MEB, 2 MEB") for x in texts(st))
    first_until(st, lambda st: st.top.name != "intervention_land")
    assert us_units_on_map(st) == [
        "1 Arm Bde [3 MD]",
        "1 MEB",
        "2 MEB",
        "2 Mech Bde [3 MD]",
        "3 Mech Bde [3 MD]",
    ]
    assert not st.data.arrivals


def test_haifa_occupied_brings_the_us_in_for_israel() -> None:
    """[27.1] Haifa (or Netanya) attacked or occupied by non-Israeli units: the US are Israel's."""
    st = position(
        powers_game(),
        {"7 Mech Div": "South Litani"},
        edit=no_jokers,
        frames=lambda st: in_segment(st, "Syria", [Movement(seat="Syria", left=2)]),
    )
    play(st, 'move "7 Mech Div"', "to Haifa")
    t = st.tables
    assert "Haifa is occupied: the United States intervenes for Israel." in texts(st)
    assert st.data.force_side[t.force_index["us"]] == t.seat_index["Israel"]


def test_incirlik_attacked_brings_the_us_in_for_turkey() -> None:
    """[27.1] The Incirlik space (the US base) attacked or occupied: the US are Turkey's."""
    st = position(
        powers_game(),
        {"7 Mech Div": "Hatay", "1 Arm Bde": "Incirlik"},
        edit=no_jokers,
        frames=lambda st: offensives(st, "Syria", 1),
        dice=[1],
    )
    attack(st, "Hatay", ["7 Mech Div"], "Incirlik")
    assert "Incirlik is attacked: the United States intervenes for Turkey." in texts(st)


def test_jordan_attacked_and_only_once() -> None:
    """[27.1] Jordan attacked: the US come for the scenario's player (here the Coalition);
    they intervene once only."""

    def jordan(already: bool):  # type: ignore[no-untyped-def]
        def edit(d, st) -> None:  # type: ignore[no-untyped-def]
            no_jokers(d, st)
            if already:
                d.firsts.append(US_IN)

        st = position(
            powers_game(),
            {"7 Mech Div": "Daraa", "JOR 3 Arm Div": "Irbid"},
            edit=edit,
            frames=lambda st: offensives(st, "Syria", 1),
            dice=[1],
        )
        attack(st, "Daraa", ["7 Mech Div"], "Irbid")
        return st

    assert not any("intervenes" in x for x in texts(jordan(True)))
    assert "Irbid is attacked: the United States intervenes for Coalition." in texts(jordan(False))


# =============================================================================================
# 22.1, 27.1, 28.0 tension 10
# =============================================================================================


def test_tension_10_the_us_intervene_and_russia_arrives() -> None:
    """[22.1, 27.1, 28.0] Tension 10: the US for the scenario's player; Russia had not
    intervened: the Syrian player draws a bonus card, takes the Russian Joker and Special
    Joker, and lands 22 Para Regt, 56 Para Bde and 810 Marine Bde on Tartus and Latakia; the
    rest come on the following turn. Then everyone's batch."""
    st = position(
        powers_game(),
        {"1 Mech Div": "Basra", "4 Arm Div": "Damascus"},
        edit=lambda d, st: (no_jokers(d, st), setattr(d, "tension", 10), d.levels_done.extend([5, 6])),
        frames=lambda st: in_segment(st, "Iraq", [Movement(seat="Iraq", left=0)]),
    )
    t = st.tables
    assert "International Tension 10: the United States intervene." in texts(st)
    assert st.to_act() == ("Coalition",)
    first_until(st, lambda st: st.data.force_side[t.force_index["russia"]] == t.seat_index["Syria"])
    assert st.data.jokers["Syria"] == 1
    russia_joker = t.joker_id.index("russia")
    assert russia_joker in st.data.special["Syria"]
    first_until(st, lambda st: st.top.name == "reinforce")
    landed = [
        t.unit_label[u] for u in t.force_units[t.force_index["russia"]] if st.data.units[u].at < t.n_spaces
    ]
    assert sorted(landed) == ["22 Para Regt", "56 Para Bde", "810 Marine Bde"]
    assert {where(st, u) for u in landed} <= {"Tartus", "Latakia"}
    assert {(t.seats[a.seat], a.wave) for a in st.data.arrivals} == {("Coalition", 2), ("Syria", 2)}


def test_tension_10_russia_surges_where_it_has_intervened() -> None:
    """[22.1, 28.0] With Russia in: a bonus card; every Russian unit not in play or destroyed
    lands on Tartus or Latakia; reduced Russian units are rebuilt; a Russian Special Joker
    already played comes back."""

    def edit(d, st) -> None:  # type: ignore[no-untyped-def]
        t = st.tables
        no_jokers(d, st)
        d.tension = 10
        d.levels_done.extend([5, 6])
        u = t.unit_by_label["810 Marine Bde"]
        d.units[u] = replace(d.units[u], at=t.n_spaces + ELIMINATED)
        joker = t.joker_id.index("russia")
        for held in d.special.values():
            if joker in held:
                held.remove(joker)
        d.special_aside.append(joker)

    st = position(
        region_game(),
        {"56 Para Bde": "Homs"},
        reduced=("56 Para Bde",),
        edit=edit,
        frames=lambda st: in_segment(st, "Iraq", [Movement(seat="Iraq", left=0)]),
    )
    t = st.tables
    assert any(
        x.startswith("Russia heightens its involvement: Syria draws a bonus card; 1 reduced")
        for x in texts(st)
    )
    assert not st.data.units[t.unit_by_label["56 Para Bde"]].reduced
    assert t.joker_id.index("russia") in st.data.special["Syria"]
    first_until(
        st, lambda st: not any(f.name in ("russian_surge_at_10", "intervention_land") for f in st.stack)
    )
    for label in ("22 Para Regt", "810 Marine Bde", "205 Mech Bde", "6 Arm Bde"):
        assert where(st, label) in ("Tartus", "Latakia")


# =============================================================================================
# #87 Kremlin Escalates
# =============================================================================================


def test_kremlin_escalates_with_russians_on_the_map() -> None:
    """[provenance/cards.md 8 russian_surge] Reduced Russian units in supply are rebuilt, then
    one destroyed Russian unit returns on Tartus or Latakia."""

    def edit(d, st) -> None:  # type: ignore[no-untyped-def]
        t = st.tables
        no_jokers(d, st)
        d.tension = 5
        u = t.unit_by_label["810 Marine Bde"]
        d.units[u] = replace(d.units[u], at=t.n_spaces + ELIMINATED)

    st = position(
        region_game(),
        {"56 Para Bde": "Latakia"},
        reduced=("56 Para Bde",),
        hands={"Syria": ["Kremlin Escalates"]},
        edit=edit,
        frames=events("Syria"),
    )
    play(st, 'play "Kremlin Escalates"')
    assert "Kremlin Escalates: 1 reduced Russian unit in supply is rebuilt." in texts(st)
    assert options(st) == [
        'rebuild "810 Marine Bde" on Latakia',
        'rebuild "810 Marine Bde" on Tartus',
        "done",
    ]
    play(st, 'rebuild "810 Marine Bde" on Tartus')
    assert where(st, "810 Marine Bde") == "Tartus"


def test_kremlin_escalates_without_russians_raises_tension() -> None:
    st = position(
        region_game(),
        {},
        hands={"Syria": ["Kremlin Escalates"]},
        edit=lambda d, st: (no_jokers(d, st), setattr(d, "tension", 5)),
        frames=events("Syria"),
    )
    play(st, 'play "Kremlin Escalates"')
    assert st.data.tension == 7
