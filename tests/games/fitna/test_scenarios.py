"""Fitna's eleven scenarios (content/scenarios.yaml): they load with the rest of the content,
keep every fact the rules (2.3, 5.0-10.0, 13.0, 20.0-28.0, 31.0) and the public reports give,
and hang together: set-ups in the right countries and on spaces their owners hold, batches
that do not repeat the set-up, the US and Russian triggers of 27.1 and 28.0, the cards 8.2
withdraws, and victory levels that rise and that the two sides of a duel cannot share.

The checks that inspect the data are plain functions returning a list of problems, so that
the last tests can show them failing on damaged data.
"""

from __future__ import annotations

import copy
from collections import Counter as Tally
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import pytest
import yaml
from pydantic import ValidationError

from consim.core.content import load_model
from consim.core.errors import ContentError
from consim.games.fitna.content import (
    CONTENT_DIR,
    Batch,
    CardsFile,
    ControlCount,
    ControlSpaces,
    Counter,
    CountersFile,
    DenySpaces,
    FitnaContent,
    Handler,
    HoldUnits,
    MapFile,
    Scenario,
    ScenariosFile,
    SeatDef,
    SeatVictory,
    load_content,
    load_scenarios,
)

SCENARIOS_PATH = CONTENT_DIR / "scenarios.yaml"
PROVENANCE_MD = CONTENT_DIR / "provenance" / "scenarios.md"
PROVENANCE_TABLE = CONTENT_DIR / "PROVENANCE.md"

# ---------------------------------------------------------------------------------------------
# What the rules and the public reports say
# ---------------------------------------------------------------------------------------------

#: [2.3] number -> (title, dates, players (fewest, most), turns)
RULE_2_3: dict[int, tuple[str, str, tuple[int, int], int]] = {
    1: ("The civil war in Syria", "2012-2013", (2, 2), 6),
    2: ("The fight against IS", "2014-2015", (3, 4), 6),
    3: (
        "The Kremlin counter-attacks: Russian intervention in Syria and the PKK rebellion in Turkey",
        "2015-2016",
        (3, 4),
        6,
    ),
    4: ("The collapse of IS", "2017-2018", (3, 3), 9),
    5: ("Iraq invades Kuwait again", "", (2, 2), 6),
    6: ("The Sultan awakes: Turkish military intervention in Iraq and Syria", "", (3, 3), 9),
    7: ("The struggle for Kurdish independence", "", (4, 4), 9),
    8: ("Limited war between Iran and Saudi Arabia", "", (2, 2), 9),
    9: ("Tsahal vs. Hezbollah: Israel attacks Lebanon and Syria", "", (2, 2), 6),
    10: (
        "Regional war in Syria involving Israel, Iran, Turkey and Russia after the US withdrawal",
        "",
        (5, 5),
        6,
    ),
    11: ("Fitna: Global War in the Middle East", "", (6, 6), 12),
}

#: [2.0 of the design brief] the scenarios the engine plays first
PLAYABLE = set(range(1, 12))

#: [28.0] Russians on the map at the start
RUSSIANS_ON_THE_MAP = {3, 4, 6, 9, 10, 11}
#: [20.0, 28.0] scenarios where Russia has its own player
RUSSIAN_PLAYER = {10, 11}

#: [23.2, 23.3, 24.0] where #67, #68 and #41 may be played
COUP_IN_SYRIA = {1, 2, 4, 6, 7, 9, 10, 11}
COUP_IN_IRAQ = {2, 3, 6, 7}
COUP_IN_IRAQ_AT_SETUP = {8, 11}
WAR_IN_LEBANON = {1, 2, 3, 4, 6, 7}
#: [26.7] PKK rebellion at set-up
PKK_REBELLION_AT_SETUP = {3, 7}

#: [8.2] cards whose event only IS or only the Kurds can give meaning to (cards.yaml texts)
IS_CARDS = {27, 50, 51, 52, 53, 85}
KURDISH_CARDS = {24, 43, 44, 45, 46, 75}

#: [14.10] the US and Western supply candidates besides the Saudi sources
US_SOURCES = {"incirlik", "netanya", "h5", "baghdad", "kuwait_city"}

#: where a force's units may stand at set-up: their own country and the theatres their real
#: counterparts fought in (Turkish bases in Syria and the Kurdish mountains of Iraq, Iran's
#: forces and proxies in Iraq, Syria and Lebanon, Hezbollah in Syria, Saudi-backed tribes in
#: Iraq...); the US, French and British units only come by intervention or as reinforcements
THEATRES: dict[str, set[str]] = {
    "syria": {"syria", "lebanon"},
    "iraq": {"iraq"},
    "iran": {"iran", "iraq", "syria", "lebanon"},
    "israel": {"israel"},
    "turkey": {"turkey", "syria", "iraq"},
    "saudi_arabia": {"saudi_arabia", "kuwait"},
    "russia": {"syria"},
    "us": set(),
    "france": set(),
    "uk": set(),
    "jordan": {"jordan"},
    "egypt": {"jordan", "saudi_arabia"},
    "kuwait": {"kuwait"},
    "uae": {"saudi_arabia", "kuwait"},
    "bahrain": {"saudi_arabia", "kuwait"},
    "qatar": {"saudi_arabia", "kuwait"},
    "oman": {"saudi_arabia", "kuwait"},
    "yemen": {"saudi_arabia"},
    "lebanese_army": {"lebanon"},
    "hezbollah": {"lebanon", "syria"},
    "shia_militia": {"iraq", "syria"},
    "sunni_militia": {"iraq", "syria"},
    "al_sham_militia": {"syria"},
    "fsa": {"syria"},
    "fia": {"iraq"},
    "kdp": {"iraq"},
    "pyd": {"syria"},
    "pkk": {"iraq", "turkey"},
    "is": {"iraq", "syria"},
}

#: [9.0] the nationality whose Joker counters a seat uses: its first national force, or the
#: Turkish counters for a rebel seat (the Turkish player of 20.0) and the Israeli spare for the
#: Kurds of scenario 7 (the counter mix has no Kurdish Joker)
JOKER_FALLBACK = {"fsa": "turkey", "kdp": "israel"}

#: [10.0] which force a Special Joker belongs to
SPECIAL_JOKER_FORCE = {
    "israel": "israel",
    "iran": "iran",
    "hezbollah": "hezbollah",
    "russia": "russia",
    "us": "us",
}

#: sides that are not seats (5.0, 25.0, 26.0)
NON_PLAYER_SIDES = {"is", "kdp", "pyd", "pkk"}
KURDS = {"kdp", "pyd", "pkk"}

#: the one handler condition the file documents in its header
LINK_TARGETS = {"mediterranean"}


# ---------------------------------------------------------------------------------------------
# helpers
# ---------------------------------------------------------------------------------------------


@dataclass(frozen=True)
class World:
    """The other content files, as a scenario sees them."""

    game_map: MapFile
    counters: CountersFile
    cards: CardsFile

    @property
    def space(self) -> dict[str, Any]:
        return {s.id: s for s in self.game_map.spaces}

    @property
    def unit(self) -> dict[str, Counter]:
        return {c.id: c for c in self.counters.counters}

    @property
    def card(self) -> dict[int, Any]:
        return {c.number: c for c in self.cards.cards}

    def neighbours(self, sid: str) -> set[str]:
        return {b for a, b in self.game_map.links if a == sid} | {
            a for a, b in self.game_map.links if b == sid
        }


@pytest.fixture(scope="module")
def content() -> FitnaContent:
    return load_content()


@pytest.fixture(scope="module")
def world(content: FitnaContent) -> World:
    return World(content.map, content.counters, content.cards)


@pytest.fixture(scope="module")
def scenarios(content: FitnaContent) -> dict[int, Scenario]:
    return {s.number: s for s in content.scenarios.scenarios}


def seat_of_force(s: Scenario) -> dict[str, str]:
    return {f: seat.name for seat in s.seats for f in seat.forces}


def seat(s: Scenario, name: str) -> SeatDef:
    (found,) = [x for x in s.seats if x.name == name]
    return found


def seat_with(s: Scenario, force: str) -> SeatDef | None:
    found = [x for x in s.seats if force in x.forces]
    return found[0] if found else None


def victory(s: Scenario, name: str) -> SeatVictory:
    (found,) = [v for v in s.victory if v.seat == name]
    return found


def owner(s: Scenario, w: World, counter: str) -> str:
    """The seat (or IS / Kurdish faction) a counter answers to at set-up."""
    force = w.unit[counter].force
    return seat_of_force(s).get(force, force)


def country_owner(s: Scenario) -> dict[str, str]:
    return {c: seat.name for seat in s.seats for c in seat.countries}


def start_control(s: Scenario, w: World) -> dict[str, str]:
    """[5.0] who controls each space at set-up: units first, then the `control` lists, then
    the owners of the countries' empty spaces; "" for nobody (out of play or no owner)."""
    owners = country_owner(s)
    result = {
        sid: ("" if sp.country in s.out_of_play else owners.get(sp.country, ""))
        for sid, sp in w.space.items()
    }
    for key, spaces in s.control.items():
        for sid in spaces:
            result[sid] = key
    for p in s.setup:
        if p.space is not None:
            result[p.space] = owner(s, w, p.counter)
    return result


def on_map(s: Scenario) -> list[str]:
    return [p.counter for p in s.setup if p.space is not None]


def batched(s: Scenario) -> list[str]:
    return [c for batches in s.reinforcements.values() for b in batches for c in b.counters]


def levels(v: SeatVictory) -> dict[str, list[Any]]:
    return {"minor": v.minor, "major": v.major, "decisive": v.decisive}


# ---------------------------------------------------------------------------------------------
# the checks (each returns the problems it finds)
# ---------------------------------------------------------------------------------------------


def expected_us_triggers(s: Scenario, w: World) -> set[tuple[str, str]]:
    """[27.1] every trigger and receiving seat, from the rule's own list."""
    found: set[tuple[str, str]] = set()
    names = {x.name for x in s.seats}
    # 1) Kuwait attacked: scenario 5, the International Coalition
    if s.number == 5:
        found.add(("kuwait_attacked", "Coalition"))
    # 2) Jordan attacked: the Saudi player in 8 and 11, the Israeli player in 10
    if s.number in (8, 11):
        found.add(("jordan_attacked", "Saudi Arabia"))
    if s.number == 10:
        found.add(("jordan_attacked", "Israel"))
    # 3) Haifa or Netanya attacked: the Israeli player, wherever there is one
    israeli = seat_with(s, "israel")
    if israeli is not None and "israel" not in s.out_of_play:
        found.add(("israel_attacked", israeli.name))
    # 4) Incirlik attacked: the Turkish player, wherever there is one
    turkish = seat_with(s, "turkey")
    if turkish is not None and "turkey" not in s.out_of_play:
        found.add(("incirlik_attacked", turkish.name))
    # 5) tension 10
    tension_10 = {
        2: ["Iraq"],
        3: ["Iraq"],
        4: ["Iraq"],
        6: ["Turkey"],
        8: ["Saudi Arabia"],
        10: ["Israel", "Turkey"],
    }
    tension_10[11] = ["Saudi Arabia"]
    for name in tension_10.get(s.number, []):
        assert name in names, f"scenario {s.number} lacks the {name} player of 27.1"
        found.add(("tension_10", name))
    return found


def us_problems(s: Scenario, w: World) -> list[str]:
    got = {(i.trigger, i.seat) for i in s.us_intervention}
    want = expected_us_triggers(s, w)
    problems = [f"scenario {s.number}: missing US trigger {t}" for t in sorted(want - got)]
    problems += [f"scenario {s.number}: US trigger {t} not in 27.1" for t in sorted(got - want)]
    if len(got) != len(s.us_intervention):
        problems.append(f"scenario {s.number}: a US trigger is listed twice")
    saudi_sources = {
        sid for sid, sp in w.space.items() if sp.country == "saudi_arabia" and "saudi_arabia" in sp.supply
    }
    for sid in s.us_supply:
        if sid not in US_SOURCES | saudi_sources:
            problems.append(f"scenario {s.number}: {sid} is not a US source of 14.10")
        if w.space[sid].country in s.out_of_play:
            problems.append(f"scenario {s.number}: US source {sid} is out of play")
    if s.us_intervention and not s.us_supply:
        problems.append(f"scenario {s.number}: the US may come but has no supply source")
    return problems


def russia_problems(s: Scenario, w: World) -> list[str]:
    """[28.0] Russians on the map in 3, 4, 6, 9, 10, 11, under the Syrian player unless Russia
    has its own player (10, 11); at tension 10 the Syrian player takes them (the Iranian in 8)."""
    problems = []
    russians = [c for c in on_map(s) if w.unit[c].force == "russia"]
    names = {x.name for x in s.seats}
    if s.number in RUSSIANS_ON_THE_MAP:
        want = "Russia" if s.number in RUSSIAN_PLAYER else "Syria"
        if not russians:
            problems.append(f"scenario {s.number}: no Russian unit on the map (28.0)")
        if s.russia_controller != want or s.russia_at_tension_10 != want:
            problems.append(f"scenario {s.number}: the Russians must be {want}'s (28.0, 20.0)")
        if seat_of_force(s).get("russia") != want:
            problems.append(f"scenario {s.number}: the russia force must belong to {want}")
        if s.number in RUSSIAN_PLAYER and seat(s, "Russia").forces != ["russia"]:
            problems.append(f"scenario {s.number}: the Russian player plays Russia alone (20.0)")
    else:
        if russians or s.russia_controller or "russia" in seat_of_force(s):
            problems.append(f"scenario {s.number}: no Russians before tension 10 (28.0)")
        want = "Iran" if s.number == 8 else ("Syria" if "Syria" in names else "")
        if s.russia_at_tension_10 != want:
            problems.append(f"scenario {s.number}: at tension 10 the Russians go to {want!r} (28.0)")
    return problems


def removed_card_problems(s: Scenario, w: World) -> list[str]:
    """[8.2, 23.2, 23.3, 24.0] the cards withdrawn for the scenario's context."""
    problems = []
    removed = set(s.removed_cards)
    if len(removed) != len(s.removed_cards):
        problems.append(f"scenario {s.number}: a card is withdrawn twice")
    for number, allowed in ((41, WAR_IN_LEBANON), (67, COUP_IN_SYRIA), (68, COUP_IN_IRAQ)):
        assert set(w.card[number].scenarios) == allowed  # the cards file agrees with the rules
        if (number in removed) == (s.number in allowed):
            problems.append(f"scenario {s.number}: #{number} {'withdrawn' if number in removed else 'kept'}")
    for n in IS_CARDS:
        if (n in removed) == s.is_present:
            problems.append(f"scenario {s.number}: IS card #{n} {'withdrawn' if n in removed else 'kept'}")
    for n in KURDISH_CARDS - {75}:
        if (n in removed) == s.kurds_present:
            problems.append(
                f"scenario {s.number}: Kurdish card #{n} {'withdrawn' if n in removed else 'kept'}"
            )
    turkish = seat_with(s, "turkey")
    rebellion_possible = (
        s.kurds_present
        and not s.pkk_rebellion_at_setup
        and turkish is not None
        and "turkey" not in s.out_of_play
    )
    if (75 in removed) == rebellion_possible:
        problems.append(f"scenario {s.number}: #75 {'withdrawn' if 75 in removed else 'kept'}")
    other = removed - IS_CARDS - KURDISH_CARDS - {41, 67, 68}
    if other:
        problems.append(f"scenario {s.number}: cards withdrawn without a rule: {sorted(other)}")
    return problems


def setup_problems(s: Scenario, w: World) -> list[str]:
    """[5.0, 6.0, 15.0, 20.0] every unit in its theatre, on a space its owner holds, owned by a
    seat or by IS or the Kurds; batches distinct from the set-up and made of the seat's forces."""
    problems = []
    seats = seat_of_force(s)
    names = {x.name for x in s.seats}
    control = start_control(s, w)
    placed = Tally(p.counter for p in s.setup)
    for c, n in placed.items():
        if n > 1:
            problems.append(f"scenario {s.number}: {c} set up {n} times")
    in_batches = Tally(batched(s))
    for c, n in in_batches.items():
        if n > 1:
            problems.append(f"scenario {s.number}: {c} in {n} batches")
        if c in placed:
            problems.append(f"scenario {s.number}: {c} both set up and in a batch")
    for p in s.setup:
        unit = w.unit[p.counter]
        who = owner(s, w, p.counter)
        if who not in names and who not in NON_PLAYER_SIDES:
            problems.append(f"scenario {s.number}: {p.counter} ({unit.force}) belongs to no seat")
        if p.space is None:
            continue
        country = w.space[p.space].country
        if country in s.out_of_play:
            problems.append(f"scenario {s.number}: {p.counter} set up out of play in {country}")
        if country not in THEATRES[unit.force]:
            problems.append(f"scenario {s.number}: {p.counter} set up in {country}, outside its theatre")
        held_by = country_owner(s).get(country, "")
        listed = {k for k, spaces in s.control.items() if p.space in spaces}
        if held_by != who and who not in listed:
            problems.append(
                f"scenario {s.number}: {p.counter} on {p.space}, which {who} neither owns (5.0)"
                " nor is listed as holding"
            )
    for name, batches in s.reinforcements.items():
        for b in batches:
            for c in b.counters:
                if seats.get(w.unit[c].force) != name:
                    problems.append(f"scenario {s.number}: {c} in a batch of {name}, whose force it is not")
    for key, spaces in s.control.items():
        if key not in names and key not in NON_PLAYER_SIDES:
            problems.append(f"scenario {s.number}: control by unknown side {key!r}")
        if key in KURDS and s.kurds_united:
            problems.append(f"scenario {s.number}: Kurdish spaces belong to the Kurdish player")
        for sid in spaces:
            if w.space[sid].country in s.out_of_play:
                problems.append(f"scenario {s.number}: {sid} held by {key} is out of play")
            if country_owner(s).get(w.space[sid].country) == key:
                problems.append(f"scenario {s.number}: {sid} listed for {key}, who owns its country already")
            if control[sid] != key:
                problems.append(f"scenario {s.number}: {sid} listed for {key} but held by {control[sid]}")
    every = [sid for spaces in s.control.values() for sid in spaces]
    for sid, n in Tally(every).items():
        if n > 1:
            problems.append(f"scenario {s.number}: {sid} listed for two sides")
    for a, b in s.no_stacking:
        for sid in {p.space for p in s.setup if p.space}:
            forces = {w.unit[p.counter].force for p in s.setup if p.space == sid}
            if a in forces and b in forces:
                problems.append(f"scenario {s.number}: {a} and {b} stacked on {sid}")
    return problems


def seat_problems(s: Scenario, w: World) -> list[str]:
    """[5.0, 9.0, 10.0, 13.0, 20.0] forces, countries, Jokers, Special Jokers and free OPs."""
    problems = []
    forces = [f for x in s.seats for f in x.forces]
    for f, n in Tally(forces).items():
        if n > 1:
            problems.append(f"scenario {s.number}: force {f} in {n} seats")
    countries = [c for x in s.seats for c in x.countries]
    for c, n in Tally(countries).items():
        if n > 1:
            problems.append(f"scenario {s.number}: country {c} given to {n} seats")
    for c in countries:
        if c in s.out_of_play:
            problems.append(f"scenario {s.number}: country {c} both held and out of play")
    markers = Tally[str]()
    for m in w.counters.markers:
        if m.kind == "joker" and m.force is not None:
            markers[m.force] += m.count
    needed = Tally[str]()
    two_player = len(s.seats) == 2
    for x in s.seats:
        printed = [f for f in x.forces if f in markers]
        nation = next((f for f in printed if f != "russia"), printed[0] if printed else "")
        nation = nation or JOKER_FALLBACK.get(x.forces[0], "")
        # the Russian Joker comes with the Russians (28.0) to a seat that has a nation of its own
        russian = (
            1
            if x.name == s.russia_controller and s.number in RUSSIANS_ON_THE_MAP and nation != "russia"
            else 0
        )
        own = x.jokers - russian
        if own < 1 or own > (2 if two_player else 1):
            problems.append(f"scenario {s.number}: {x.name} holds {own} Jokers of his own (9.0)")
        needed[nation] += own
        needed["russia"] += russian
        if x.free_ops_turn1 and x.name != s.initiative[0]:
            problems.append(f"scenario {s.number}: free OPs for {x.name}, who has not the initiative (16.0)")
        for j in x.special_jokers:
            if SPECIAL_JOKER_FORCE[j] not in x.forces:
                problems.append(
                    f"scenario {s.number}: {x.name} holds the {j} Special Joker without its forces"
                )
    for nation, n in needed.items():
        if n > markers[nation]:
            problems.append(f"scenario {s.number}: {n} {nation} Jokers needed, {markers[nation]} printed")
    held = [j for x in s.seats for j in x.special_jokers]
    if len(set(held)) != len(held) or "us" in held:
        problems.append(f"scenario {s.number}: Special Jokers {held} (each once; the US one comes with 27.1)")
    if s.russia_controller and "russia" not in seat(s, s.russia_controller).special_jokers:
        problems.append(f"scenario {s.number}: the Russian Special Joker comes with the Russians (28.0)")
    return problems


def flag_problems(s: Scenario, w: World) -> list[str]:
    """[25.0, 26.0, 23.3, 26.7] presence of IS and the Kurds and the set-up events."""
    problems = []
    forces = {w.unit[c].force for c in on_map(s)} | {w.unit[c].force for c in batched(s)}
    if ("is" in forces or "is" in s.control) and not s.is_present:
        problems.append(f"scenario {s.number}: IS units or zones but IS absent")
    if s.is_present and not ("is" in forces or "is" in s.control):
        problems.append(f"scenario {s.number}: IS present but nowhere")
    kurdish = bool(forces & KURDS) or any(k in s.control for k in KURDS) or s.kurds_united
    if kurdish != s.kurds_present:
        problems.append(f"scenario {s.number}: Kurdish presence inconsistent")
    if s.pkk_rebellion_at_setup != (s.number in PKK_REBELLION_AT_SETUP):
        problems.append(f"scenario {s.number}: PKK rebellion at set-up only in 3 and 7 (26.7)")
    if s.coup_in_iraq_at_setup != (s.number in COUP_IN_IRAQ_AT_SETUP):
        problems.append(f"scenario {s.number}: coup in Iraq at set-up only in 8 and 11 (23.3)")
    if s.kurds_united != (s.number == 7):
        problems.append(f"scenario {s.number}: the Kurds act as one only in 7 (26.0)")
    if s.pkk_rebellion_at_setup:
        # the rebellion places the two mobile units and a garrison on every PKK space in Turkey
        # free of Turkish units (26.7): they must still be in the pool
        mobile = {c.id for c in w.counters.counters if c.force == "pkk" and not c.static}
        used = set(on_map(s)) | set(batched(s))
        if mobile & used:
            problems.append(f"scenario {s.number}: the mobile PKK units are placed by the rebellion")
        turkish = {p.space for p in s.setup if p.space and w.unit[p.counter].force == "turkey"}
        targets = [
            sid
            for sid, sp in w.space.items()
            if sp.country == "turkey" and sp.kurdish == "PKK" and sid not in turkish
        ]
        spare = [c.id for c in w.counters.counters if c.force == "pkk" and c.static and c.id not in used]
        if len(spare) < len(targets):
            problems.append(
                f"scenario {s.number}: {len(spare)} PKK garrisons for {len(targets)} spaces (26.7)"
            )
    coup_possible = s.coup_in_iraq_at_setup or (s.number in COUP_IN_IRAQ)
    if coup_possible:
        fia = {c.id for c in w.counters.counters if c.force == "fia"}
        if fia & (set(on_map(s)) | set(batched(s))):
            problems.append(f"scenario {s.number}: Free Iraqi Army units are born of the coup (23.1)")
    if s.number in COUP_IN_SYRIA:
        # [23.1] a defector is replaced by an FSA counter not in the scenario, else one from
        # the replacements section, else one of a batch still to come (upheavals.replacement)
        fsa = {c.id for c in w.counters.counters if c.force == "fsa"}
        spare = fsa - set(on_map(s))
        if len(spare) < 3:
            problems.append(
                f"scenario {s.number}: only {len(spare)} FSA counters left for a coup's defectors"
            )
    return problems


def condition_problems(s: Scenario, w: World) -> list[str]:
    """[31.0] every condition refers to spaces in play, to real sides and to counts the map can
    hold; the handler is the documented `link`."""
    problems = []
    names = {x.name for x in s.seats}
    in_play = {sid for sid, sp in w.space.items() if sp.country not in s.out_of_play}
    per_country = Tally(sp.country for sp in w.space.values())
    countries = set(per_country)
    for v in s.victory:
        for level, conds in [("prerequisites", v.prerequisites), *levels(v).items()]:
            for c in conds:
                where = f"scenario {s.number} {v.seat} {level}"
                if isinstance(c, ControlSpaces | DenySpaces):
                    for sid in c.spaces:
                        if sid not in in_play:
                            problems.append(f"{where}: {sid} is out of play")
                if isinstance(c, ControlSpaces) and c.count is not None and c.count > len(c.spaces):
                    problems.append(f"{where}: count above the list")
                if isinstance(c, ControlCount):
                    if c.count > sum(per_country[k] for k in c.countries):
                        problems.append(f"{where}: more spaces than {c.countries} hold")
                    if set(c.countries) & set(s.out_of_play):
                        problems.append(f"{where}: counts an out-of-play country")
                if isinstance(c, DenySpaces) and c.by not in names | {"is", "kurds"}:
                    problems.append(f"{where}: deny by unknown side {c.by!r}")
                if isinstance(c, DenySpaces) and c.by == v.seat:
                    problems.append(f"{where}: a seat denies itself")
                if isinstance(c, HoldUnits):
                    mine = set(seat(s, v.seat).forces)
                    if not set(c.forces) <= mine:
                        problems.append(f"{where}: holds units of forces not its own")
                if isinstance(c, Handler):
                    p = c.params.as_data()  # the parameters the file gives
                    if c.name != "link" or p.get("from") not in countries:
                        problems.append(f"{where}: unknown handler condition {c.name} {p}")
                    elif p.get("to") not in countries | LINK_TARGETS:
                        problems.append(f"{where}: link to {p.get('to')!r}")
                    elif p.get("negate") and p.get("by") not in names:
                        problems.append(f"{where}: a negated link needs the seat it denies")
                    elif not p.get("negate") and set(p) != {"from", "to"}:
                        problems.append(f"{where}: link params {sorted(p)}")
    return problems


def required_spaces(conds: list[Any]) -> set[str]:
    return {sid for c in conds if isinstance(c, ControlSpaces) and c.count is None for sid in c.spaces}


def count_thresholds(conds: list[Any]) -> dict[tuple[str, ...], int]:
    return {tuple(sorted(c.countries)): c.count for c in conds if isinstance(c, ControlCount)}


def denied(conds: list[Any]) -> set[tuple[str, str]]:
    return {(c.by, sid) for c in conds if isinstance(c, DenySpaces) for sid in c.spaces}


def rising_problems(s: Scenario, w: World) -> list[str]:
    """[31.0] three rising levels: each asks at least what the one below asks, and more."""
    problems = []
    names = {x.name for x in s.seats}
    if {v.seat for v in s.victory} != names or len(s.victory) != len(names):
        problems.append(f"scenario {s.number}: every seat needs exactly one victory entry")
    for v in s.victory:
        if not v.prerequisites:
            problems.append(f"scenario {s.number} {v.seat}: no prerequisite")
        seq = [v.minor, v.major, v.decisive]
        for lower, upper, name in ((seq[0], seq[1], "major"), (seq[1], seq[2], "decisive")):
            if not required_spaces(lower) <= required_spaces(upper):
                problems.append(f"scenario {s.number} {v.seat}: {name} drops spaces the level below asks for")
            low, up = count_thresholds(lower), count_thresholds(upper)
            if any(up.get(k, 0) < n for k, n in low.items() if k in up):
                problems.append(f"scenario {s.number} {v.seat}: {name} asks fewer spaces")
            if not denied(lower) <= denied(upper):
                problems.append(f"scenario {s.number} {v.seat}: {name} drops a denial")
            if lower == upper:
                problems.append(f"scenario {s.number} {v.seat}: {name} asks nothing more")
    return problems


def exclusive_minors(s: Scenario, w: World) -> list[str]:
    """[31.0] in a 2-player scenario the two sides cannot both reach their minor level (a real
    fight), as long as IS and the Kurds keep the spaces they start with."""
    if len(s.seats) != 2:
        return []
    a, b = (victory(s, x.name) for x in s.seats)
    control = start_control(s, w)
    per_country = Tally(sp.country for sp in w.space.values())
    neutral = Tally(w.space[sid].country for sid, who in control.items() if who in NON_PLAYER_SIDES)
    mine_a, mine_b = a.prerequisites + a.minor, b.prerequisites + b.minor
    if required_spaces(mine_a) & required_spaces(mine_b):
        return []
    for x in mine_a:
        for y in mine_b:
            if (
                isinstance(x, ControlCount)
                and isinstance(y, ControlCount)
                and set(x.countries) == set(y.countries)
            ):
                room = sum(per_country[k] - neutral[k] for k in x.countries)
                if x.count + y.count > room:
                    return []
            for p, q in ((x, y), (y, x)):
                takes_all = isinstance(p, ControlCount) and p.count == sum(
                    per_country[k] for k in p.countries
                )
                if takes_all and isinstance(q, ControlCount) and set(q.countries) & set(p.countries):
                    return []
    return [f"scenario {s.number}: both sides can reach their minor level at once"]


def everything(s: Scenario, w: World) -> list[str]:
    return (
        us_problems(s, w)
        + russia_problems(s, w)
        + removed_card_problems(s, w)
        + setup_problems(s, w)
        + seat_problems(s, w)
        + flag_problems(s, w)
        + condition_problems(s, w)
        + rising_problems(s, w)
        + exclusive_minors(s, w)
    )


# ---------------------------------------------------------------------------------------------
# the whole content and rule 2.3
# ---------------------------------------------------------------------------------------------


def test_the_whole_content_loads_with_its_cross_checks(content: FitnaContent) -> None:
    # load_content checks every space, counter, card and Special Joker a scenario names, each
    # counter set up once, stacking (4.0) and no enemies stacked at set-up
    assert len(content.scenarios.scenarios) == 11
    assert load_scenarios(SCENARIOS_PATH, content.map, content.counters, content.cards) == content.scenarios


def test_eleven_scenarios_numbered_1_to_11(scenarios: dict[int, Scenario]) -> None:
    assert sorted(scenarios) == list(range(1, 12))


@pytest.mark.parametrize("number", sorted(RULE_2_3))
def test_title_dates_players_and_turns_are_rule_2_3(scenarios: dict[int, Scenario], number: int) -> None:
    title, dates, (fewest, most), turns = RULE_2_3[number]
    s = scenarios[number]
    assert (s.title, s.dates, s.turns) == (title, dates, turns)
    assert len(s.seats) == fewest
    if most > fewest:
        # [2.3] "3-4 players": the fourth is an optional IS player (public report of scenario 2)
        assert s.is_present and any("optional fourth player" in r for r in s.special_rules)


def test_the_playable_scenarios(scenarios: dict[int, Scenario]) -> None:
    assert {n for n, s in scenarios.items() if s.playable} == PLAYABLE


@pytest.mark.parametrize("number", sorted(RULE_2_3))
def test_the_scenario_hangs_together(scenarios: dict[int, Scenario], world: World, number: int) -> None:
    assert everything(scenarios[number], world) == []


@pytest.mark.parametrize("number", sorted(RULE_2_3))
def test_every_seat_has_units_on_the_map_and_victory_levels(
    scenarios: dict[int, Scenario], world: World, number: int
) -> None:
    s = scenarios[number]
    present = Tally(owner(s, world, c) for c in on_map(s))
    for x in s.seats:
        assert present[x.name] >= 3, x.name
        v = victory(s, x.name)
        assert v.minor and v.major and v.decisive


def test_the_initiative_player_plays_first_and_each_seat_once(scenarios: dict[int, Scenario]) -> None:
    for s in scenarios.values():
        assert sorted(s.initiative) == sorted(x.name for x in s.seats)
        assert s.initiative[0] in {x.name for x in s.seats}


def test_tension_starts_low_in_the_civil_war_and_higher_with_the_great_powers(
    scenarios: dict[int, Scenario],
) -> None:
    # [22.0, 22.1] below 6, whose batch is an effect of reaching it; High Tension cards in play
    # from 5 where the great powers are already fighting (the Russians of 3 and 9, scenario 10)
    assert all(0 <= s.tension <= 5 for s in scenarios.values())
    assert scenarios[1].tension == min(s.tension for s in scenarios.values())
    assert all(scenarios[n].tension >= 5 for n in (3, 9, 10))
    assert all(s.tension < 5 for s in scenarios.values() if s.number in (1, 2, 7))


def test_reconstructed_names_real_fields(scenarios: dict[int, Scenario]) -> None:
    for s in scenarios.values():
        records: list[tuple[Any, Any]] = [(Scenario, s)]
        records += [(SeatDef, x) for x in s.seats] + [(SeatVictory, v) for v in s.victory]
        records += [(Batch, b) for bs in s.reinforcements.values() for b in bs]
        for model, record in records:
            assert set(record.reconstructed_fields) <= set(model.model_fields), (s.number, record)
            assert record.note or not record.reconstructed, (s.number, record)
        assert s.note and s.briefing


# ---------------------------------------------------------------------------------------------
# every public fact (research section 5; rules 20.0-28.0)
# ---------------------------------------------------------------------------------------------


def test_scenario_2_the_public_report(scenarios: dict[int, Scenario], world: World) -> None:
    s = scenarios[2]
    assert {x.name for x in s.seats} == {"Iraq", "Rebels", "Syria"}
    assert set(seat(s, "Rebels").forces) >= {"fsa", "sunni_militia", "al_sham_militia"}
    syria = victory(s, "Syria")
    assert syria.prerequisites == [ControlSpaces(spaces=["damascus", "tartus", "latakia", "aleppo"])]
    assert syria.minor == [ControlCount(countries=["syria"], count=13)]
    # IS holds eastern Syria: the Euphrates from Raqqa to the Iraqi border and the Khabur
    control = start_control(s, world)
    east = ["raqqa", "tabqa", "mayadin", "abu_kamal", "shaddadi"]
    assert all(control[sid] == "is" for sid in east)
    eastern = [
        sid for sid, sp in world.space.items() if sp.country == "syria" and sp.lon >= 39.0 and not sp.kurdish
    ]
    assert sum(control[sid] == "is" for sid in eastern) > len(eastern) / 2
    # Syria attacked on all fronts on turn 1: it plays last, after the rebels' free OPs, and its
    # spaces touch rebel, IS and Kurdish spaces all round
    assert s.initiative[-1] == "Syria" and seat(s, s.initiative[0]).free_ops_turn1 > 0
    fronts = {
        control[n]
        for sid, who in control.items()
        if who == "Syria" and world.space[sid].country == "syria"
        for n in world.neighbours(sid)
    }
    assert {"Rebels", "is", "pyd"} <= fronts


def test_scenario_3_pkk_rebellion_russians_and_no_syrian_coup(scenarios: dict[int, Scenario]) -> None:
    s = scenarios[3]
    assert s.pkk_rebellion_at_setup and s.russia_controller == "Syria"
    assert 67 in s.removed_cards and 68 not in s.removed_cards and 41 not in s.removed_cards
    assert ("tension_10", "Iraq") in {(i.trigger, i.seat) for i in s.us_intervention}


def test_scenario_5_iraq_against_the_coalition(scenarios: dict[int, Scenario]) -> None:
    s = scenarios[5]
    assert {x.name for x in s.seats} == {"Iraq", "Coalition"}
    assert {"kuwait", "saudi_arabia"} <= set(seat(s, "Coalition").forces)
    assert {"kuwait", "saudi_arabia"} <= set(seat(s, "Coalition").countries)
    assert [(i.trigger, i.seat) for i in s.us_intervention] == [("kuwait_attacked", "Coalition")]
    assert "kuwait_city" in s.us_supply


def test_scenario_7_the_kurdish_player(scenarios: dict[int, Scenario], world: World) -> None:
    s = scenarios[7]
    assert {x.name for x in s.seats} == {"Kurds", "Iraq", "Turkey", "Syria"}
    assert sorted(seat(s, "Kurds").forces) == ["kdp", "pkk", "pyd"]
    assert s.kurds_united and s.pkk_rebellion_at_setup
    assert "iran" in seat(s, "Iraq").forces  # Iraq with Iranian support
    # the report's "Russian support" for Syria: rule 28.0 puts no Russians on the map in 7
    assert not s.russia_controller and s.russia_at_tension_10 == "Syria"
    assert not [c for c in on_map(s) if world.unit[c].force == "russia"]
    assert "Russian support" in seat(s, "Syria").note
    kurds = victory(s, "Kurds")
    assert (
        HoldUnits(forces=["kdp", "pyd", "pkk"], count=7, on_kurdish=["KDP", "PYD", "PKK"])
        in kurds.prerequisites
    )
    assert "jarabulus" in required_spaces(kurds.major)
    assert "jarabulus" not in required_spaces(kurds.minor)
    # the Kurds start with more than the 7 bases they must keep
    where = {p.counter: p.space for p in s.setup if p.space is not None}
    bases = [c for c, sid in where.items() if world.unit[c].force in KURDS and world.space[sid].kurdish]
    assert len(bases) >= 7


def test_scenario_8_coup_and_the_saudi_camp(scenarios: dict[int, Scenario]) -> None:
    s = scenarios[8]
    assert s.coup_in_iraq_at_setup
    assert {"fia", "sunni_militia", "al_sham_militia"} <= set(seat(s, "Saudi Arabia").forces)
    assert {(i.trigger, i.seat) for i in s.us_intervention} == {
        ("jordan_attacked", "Saudi Arabia"),
        ("tension_10", "Saudi Arabia"),
    }
    assert s.russia_at_tension_10 == "Iran" and not s.russia_controller
    assert "iraq" in seat(s, "Iran").forces  # the Iraqi or Iranian player rolls the coup (23.3)


def test_scenario_9_israel_against_syria_iran_and_hezbollah(
    scenarios: dict[int, Scenario], world: World
) -> None:
    s = scenarios[9]
    assert s.russia_controller == "Syria" and 67 not in s.removed_cards
    syria = seat(s, "Syria")
    assert {"syria", "iran", "hezbollah", "russia"} <= set(syria.forces)
    present = {world.unit[c].force for c in on_map(s)}
    assert {"israel", "iran", "hezbollah", "russia"} <= present  # Israeli-Iranian combat can happen
    control = start_control(s, world)
    assert control["damascus"] == "Syria" and control["beirut"] == "Syria"  # captures are still to come
    rules = " ".join(s.special_rules)
    assert "Damascus" in rules and "Beirut" in rules and "Iranian units fight" in rules


def test_scenario_10_five_camps(scenarios: dict[int, Scenario]) -> None:
    s = scenarios[10]
    assert {x.name for x in s.seats} == {"Israel", "Iran", "Turkey", "Russia", "Syria"}
    assert "jordan" in seat(s, "Israel").forces
    assert s.russia_controller == "Russia"
    got = {(i.trigger, i.seat) for i in s.us_intervention}
    assert ("jordan_attacked", "Israel") in got
    assert {("tension_10", "Israel"), ("tension_10", "Turkey")} <= got


def test_scenario_11_the_campaign(scenarios: dict[int, Scenario]) -> None:
    s = scenarios[11]
    assert len(s.seats) == 6 and s.turns == 12 and s.coup_in_iraq_at_setup
    assert s.russia_controller == "Russia" and seat(s, "Russia").forces == ["russia"]
    assert {"fia", "sunni_militia"} <= set(seat(s, "Saudi Arabia").forces)
    got = {(i.trigger, i.seat) for i in s.us_intervention}
    assert {("jordan_attacked", "Saudi Arabia"), ("tension_10", "Saudi Arabia")} <= got
    assert not s.out_of_play


def test_two_jokers_each_in_the_two_player_scenarios(scenarios: dict[int, Scenario]) -> None:
    # [9.0] "in certain 2 player scenarios": here all four, as counters.yaml provides
    for n in (1, 5, 8, 9):
        assert all(x.jokers == 2 for x in scenarios[n].seats), n
    for s in scenarios.values():
        if len(s.seats) > 2:
            assert all(
                x.jokers == (2 if x.name == s.russia_controller and s.number in (3, 4, 6) else 1)
                for x in s.seats
            )


def test_every_seats_jokers_are_counters_of_its_nationality(
    scenarios: dict[int, Scenario], content: FitnaContent
) -> None:
    """[9.0] "Each player has a Joker counter for his nationality": the Jokers a seat starts
    with are counters of the forces it runs (the rebels of scenarios 1 and 2, who run no
    national army, use the Turkish ones, as the scenarios' conventions say); scenario 7's
    Kurdish player has the Kurdish Joker (once missing from the counter mix)."""
    counters: Tally[str] = Tally()
    for m in content.counters.markers:
        if m.kind == "joker" and m.force is not None:
            counters[m.force] += m.count
    for s in scenarios.values():
        for x in s.seats:
            forces = set(x.forces)
            if not forces & set(counters) and "fsa" in forces:
                forces.add("turkey")  # the rebels' patron (20.0)
            have = sum(counters[f] for f in forces)
            assert x.jokers <= have, f"scenario {s.number}: {x.name} holds {x.jokers} Jokers, {have} counters"


# ---------------------------------------------------------------------------------------------
# provenance
# ---------------------------------------------------------------------------------------------


def test_the_provenance_argues_every_scenario() -> None:
    text = PROVENANCE_MD.read_text(encoding="utf-8")
    for number, (title, *_rest) in RULE_2_3.items():
        assert f"## {number}. {title}" in text, number
    assert "check first" in text
    assert "scenarios.yaml" in PROVENANCE_TABLE.read_text(encoding="utf-8")


# ---------------------------------------------------------------------------------------------
# the checks fail on damaged data
# ---------------------------------------------------------------------------------------------


def _raw() -> dict[str, Any]:
    with SCENARIOS_PATH.open(encoding="utf-8") as f:
        data: dict[str, Any] = yaml.safe_load(f)
    return data


def _validate(data: dict[str, Any], world: World) -> dict[int, Scenario]:
    context = {
        "spaces": set(world.space),
        "counters": set(world.unit),
        "counter_records": world.unit,
        "card_numbers": set(world.card),
        "special_jokers": {j.id for j in world.cards.special_jokers},
    }
    return {s.number: s for s in ScenariosFile.model_validate(data, context=context).scenarios}


def _scenario(data: dict[str, Any], number: int) -> dict[str, Any]:
    (found,) = [s for s in data["scenarios"] if s["number"] == number]
    return found


def _move(data: dict[str, Any], number: int, counter: str, space: str) -> None:
    for p in _scenario(data, number)["setup"]:
        if p["counter"] == counter:
            p["space"] = space


DAMAGE = {
    "a US trigger dropped": (lambda d: _scenario(d, 10)["us_intervention"].pop(), 10, us_problems),
    "the US given to the wrong seat": (
        lambda d: _scenario(d, 2)["us_intervention"][0].update(seat="Syria"),
        2,
        us_problems,
    ),
    "Russians under the wrong player": (
        lambda d: _scenario(d, 3).update(russia_controller="Iraq"),
        3,
        russia_problems,
    ),
    "#67 withdrawn where 23.2 allows it": (
        lambda d: _scenario(d, 9)["removed_cards"].append(67),
        9,
        removed_card_problems,
    ),
    "#41 kept where 24.0 bars it": (
        lambda d: _scenario(d, 5)["removed_cards"].remove(41),
        5,
        removed_card_problems,
    ),
    "a unit in a batch and on the map": (
        lambda d: _scenario(d, 5)["reinforcements"]["Iraq"][0]["counters"].append("iraq_6_inf_div"),
        5,
        None,
    ),
    "a unit on a space its seat does not hold": (
        lambda d: _move(d, 1, "syria_46_sf_regt", "manbij"),
        1,
        setup_problems,
    ),
    "a unit outside its theatre": (lambda d: _move(d, 9, "russia_56_para_bde", "beirut"), 9, setup_problems),
    "a free-OP bonus for the second player": (
        lambda d: _scenario(d, 8)["seats"][1].update(free_ops_turn1=4),
        8,
        seat_problems,
    ),
    "a minor level both sides can reach": (
        lambda d: _scenario(d, 1)["victory"][0]["minor"][1].update(count=15),
        1,
        exclusive_minors,
    ),
    "a decisive level easier than the major": (
        lambda d: _scenario(d, 4)["victory"][1]["decisive"][1].update(count=15),
        4,
        rising_problems,
    ),
    "a victory space out of play": (
        lambda d: _scenario(d, 5)["victory"][0]["major"][0]["spaces"].append("damascus"),
        5,
        condition_problems,
    ),
    "the PKK mobile units placed by hand": (
        lambda d: _scenario(d, 7)["setup"].append({"counter": "pkk_hpg", "space": "qandil"}),
        7,
        flag_problems,
    ),
}


@pytest.mark.parametrize("damage", sorted(DAMAGE))
def test_the_checks_catch_damaged_scenarios(world: World, damage: str) -> None:
    break_it, number, check = DAMAGE[damage]
    data = copy.deepcopy(_raw())
    assert everything(_validate(data, world)[number], world) == []
    break_it(data)
    if check is None:
        with pytest.raises(ValidationError):
            _validate(data, world)
        return
    assert check(_validate(data, world)[number], world)


def test_the_loader_refuses_enemies_stacked_together(world: World, tmp_path: Path) -> None:
    data = copy.deepcopy(_raw())
    _move(data, 9, "israel_146_arm_div", "mount_lebanon")  # beside a Hezbollah unit
    path = tmp_path / "scenarios.yaml"
    path.write_text(yaml.safe_dump(data, sort_keys=False), encoding="utf-8")
    with pytest.raises(ContentError, match="enemy units stacked on mount_lebanon"):
        load_model(path, ScenariosFile, {"counter_records": world.unit, "spaces": set(world.space)})


def test_the_loader_refuses_an_entrenchment_without_units(world: World, tmp_path: Path) -> None:
    """[19.0] An entrenchment shelters units: a scenario may start one only where it sets units
    up, and one marker a space."""
    path = tmp_path / "scenarios.yaml"
    context = {"counter_records": world.unit, "spaces": set(world.space)}
    for entrenched, problem in (
        (["idlib", "tabqa"], "tabqa: no unit is set up there"),
        (["idlib", "idlib"], "idlib is entrenched twice"),
    ):
        data = copy.deepcopy(_raw())
        next(s for s in data["scenarios"] if s["number"] == 1)["entrenched"] = entrenched
        path.write_text(yaml.safe_dump(data, sort_keys=False), encoding="utf-8")
        with pytest.raises(ContentError, match=problem):
            load_model(path, ScenariosFile, context)


def test_scenario_1_the_rebel_strongholds_start_entrenched() -> None:
    """[19.0] Idlib, Azaz and the Ghouta start with an entrenchment, which the view shows and
    the log says at set-up."""
    from consim.games.fitna.game import FitnaGame

    st = FitnaGame(scenario=1).new_game(0)
    spaces = {s["name"]: s for s in st.view("Syria")["spaces"]}
    dug_in = sorted(name for name, s in spaces.items() if s.get("entrenched"))
    assert dug_in == ["Azaz", "East Ghouta", "Idlib"]
    assert all(spaces[name]["control"] == "Rebels" for name in dug_in)
    said = [e for e in st.log if e.text.startswith("Entrenched at the start")]
    expected = ("Entrenched at the start: Azaz, East Ghouta and Idlib.", "19.0")
    assert [(e.text, e.rule) for e in said] == [expected]
