"""[31.0, 32.0] The two-player versions of the scenarios of three or more players: who plays
what (the scenario's ``two_players``), the merged seats, and victory at the lowest level a
player's seats reach."""

from __future__ import annotations

import random
from collections import Counter

import pytest

import consim
from consim.core.errors import OptionError
from consim.core.words import listing
from consim.games.fitna.content import default_content
from consim.games.fitna.rules.victory import LEVELS, condition_holds, scenario_levels
from consim.games.fitna.schema import SeatVictory
from consim.games.fitna.state import FitnaState
from tests.games.fitna.conftest import scenarios

MULTI = [s.number for s in default_content().scenarios.scenarios if len(s.seats) > 2 and s.playable]


def test_every_scenario_of_more_players_has_a_two_player_version() -> None:
    assert MULTI == [2, 3, 4, 6, 7, 10, 11]
    for n in MULTI:
        sc = next(s for s in default_content().scenarios.scenarios if s.number == n)
        given = sorted(x for p in sc.two_players for x in p.seats)
        assert len(sc.two_players) == 2 and given == sorted(s.name for s in sc.seats), n


@pytest.mark.parametrize("number", scenarios(MULTI))
def test_each_player_takes_his_seats_forces_countries_and_batches(number: int) -> None:
    sc = next(s for s in default_content().scenarios.scenarios if s.number == number)
    game = consim.load_game("fitna", scenario=number, players=2)
    t = game.tables  # type: ignore[attr-defined]
    assert len(game.seats) == 2 and game.seats == tuple(p.name for p in sc.two_players)
    state = game.new_game(1)
    assert isinstance(state, FitnaState)
    for p in sc.two_players:
        parts = [s for s in sc.seats if s.name in p.seats]
        me = t.seat_index[p.name]
        for s in parts:
            for f in s.forces:
                assert state.data.force_side[t.force_index[f]] == me, (p.name, f)
            for b, batch in enumerate(sc.reinforcements.get(s.name, [])):
                ids = {t.unit_id[u] for u in state.data.batches[p.name][b]}
                assert set(batch.counters) <= ids
        assert state.data.jokers[p.name] == min(3, sum(s.jokers for s in parts))
    # the order of play: each player where his first seat played
    first = [next(p.name for p in sc.two_players if s in p.seats) for s in sc.initiative]
    assert list(t.initiative) == list(dict.fromkeys(first))


def test_other_numbers_of_players_are_refused() -> None:
    with pytest.raises(OptionError, match=r"31\.0"):
        consim.load_game("fitna", scenario=11, players=4)
    assert consim.load_game("fitna", scenario=11, players=6).seats[0] == "Saudi Arabia"
    assert len(consim.load_game("fitna", scenario=1, players=2).seats) == 2


def table_level(st: FitnaState, v: SeatVictory) -> str:
    """One seat's table read on its own (31.0: prerequisites, then the best level held)."""
    me = st.tables.seat_index[v.seat]
    if not all(condition_holds(st, me, c) for c in v.prerequisites):
        return "none"
    for level, conds in (("decisive", v.decisive), ("major", v.major), ("minor", v.minor)):
        if all(condition_holds(st, me, c) for c in conds):
            return level
    return "none"


@pytest.mark.parametrize("number", scenarios(MULTI))
def test_a_player_wins_a_level_only_if_each_of_his_seats_reaches_it(number: int) -> None:
    """[31.0] "A player must achieve the same victory level ... for all the countries he
    controls": each seat's table is kept (under its player's name) and the player has the
    lowest level they give. Control maps drawn at random, each leaning to the objectives of
    some of the seats, so that tables reach different levels."""
    two = consim.load_game("fitna", scenario=number, players=2)
    b = two.new_game(1)
    assert isinstance(b, FitnaState)
    tb = b.tables
    sc = tb.scenario
    parts = {p: [v for v in sc.victory if v.seat == p] for p in tb.seats}
    original = next(s for s in default_content().scenarios.scenarios if s.number == number)
    assert sorted(v.part for v in sc.victory) == sorted(v.seat for v in original.victory)
    assert all(len(v) >= 1 for v in parts.values())
    objectives: dict[str, set[int]] = {}
    for v in sc.victory:
        wanted = objectives.setdefault(v.part, set())
        for conds in (v.prerequisites, v.minor, v.major, v.decisive):
            for c in conds:
                for country in getattr(c, "countries", []):
                    wanted |= {
                        s for s in range(tb.n_spaces) if tb.space_country[s] == tb.country_index[country]
                    }
                if getattr(c, "by", None) is None:
                    wanted |= {tb.space_by_id[sid] for sid in getattr(c, "spaces", [])}
    owner = {v.part: tb.seat_index[v.seat] for v in sc.victory}
    rng = random.Random(number)
    seen: Counter[tuple[str, ...]] = Counter()
    for _ in range(60):
        favoured = [k for k in objectives if rng.random() < 0.7]
        rng.shuffle(favoured)
        lean = {s: owner[k] for k in favoured for s in objectives[k]}
        with b.edit() as d:
            d.control = [
                lean[s] if s in lean and rng.random() < 0.95 else rng.randrange(len(tb.seats))
                for s in range(tb.n_spaces)
            ]
        merged = scenario_levels(b)
        view = b.view(None)["victory"]["seats"]
        for p, tables in parts.items():
            each = [table_level(b, v) for v in tables]
            assert merged[p] == min(each, key=LEVELS.index)
            assert view[p]["level"] == merged[p]
            seen[tuple(each)] += 1
    # the draws gave tables of one player different levels, and some level was won
    assert any(len(set(k)) > 1 for k in seen), seen
    assert any(LEVELS.index(min(k, key=LEVELS.index)) > 0 for k in seen), seen


@pytest.mark.parametrize("number", scenarios(MULTI))
def test_a_version_table_replaces_the_seats_table_in_that_version_only(number: int) -> None:
    """[31.0] "the arrangements laid down in the scenario": a two-player entry may give one of
    its seats a table of this version's own (the pair of two countries out of three asks for
    more, the lone player for less); the scenario's own game keeps the scenario's tables."""
    sc = next(s for s in default_content().scenarios.scenarios if s.number == number)
    own = {v.seat: v for p in sc.two_players for v in p.victory}
    two = consim.load_game("fitna", scenario=number, players=2).tables.scenario  # type: ignore[attr-defined]

    def shape(v: SeatVictory) -> list[list[tuple[str, object, object]]]:
        """The table's conditions, less the seat names a condition's ``by`` is renamed to."""
        return [
            [(type(c).__name__, getattr(c, "spaces", None), getattr(c, "count", None)) for c in conds]
            for conds in (v.prerequisites, v.minor, v.major, v.decisive)
        ]

    for v in two.victory:
        expected = own.get(v.part) or next(x for x in sc.victory if x.seat == v.part)
        assert shape(v) == shape(expected), (number, v.part)
    if own:
        said = f"Victory tables of this version's own: {listing(sorted(own))}."
        assert two.special_rules[-1].endswith(said)
    full = consim.load_game("fitna", scenario=number).tables.scenario  # type: ignore[attr-defined]
    assert full.victory == sc.victory


def test_a_version_table_must_be_for_a_seat_of_its_player() -> None:
    sc = next(s for s in default_content().scenarios.scenarios if s.number == 4)
    data = sc.model_dump(mode="json")
    data["two_players"][1]["victory"] = [next(v for v in data["victory"] if v["seat"] == "Iraq")]
    refused = r"the two-player table for 'Iraq' is not one of Turkey's seats \(31\.0\)"
    with pytest.raises(ValueError, match=refused):
        type(sc).model_validate(data)
