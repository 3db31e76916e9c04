"""The scenarios of three or more players (2.3: 2, 3, 4, 6, 7, 10, 11) as games: their set-up
on the board (stacking, every counter once, each force with its seat), their special rules
(removed cards, the PKK rebellion at set-up, who runs the Russians, the Kurdish player, the
rebels' rear), their victory conditions judged on the board, and random games to the end.

The number of random games per scenario is ``FITNA_PLAYOUT_SEEDS`` (10 by default, to keep the
suite short; the milestone was measured with 100, see NOTES.md section 3)."""

from __future__ import annotations

import os
import random
from collections import Counter as Tally

import pytest

from consim.games.fitna.board import unit_sides
from consim.games.fitna.content import default_content, playable_scenarios
from consim.games.fitna.game import FitnaGame
from consim.games.fitna.state import FitnaState
from tests.games.fitna.conftest import scenarios

MULTI = [s.number for s in default_content().scenarios.scenarios if len(s.seats) > 2 and s.playable]
SEEDS = int(os.environ.get("FITNA_PLAYOUT_SEEDS", "10"))
MAX_DECISIONS = 50_000


def number(st: FitnaState, card: int) -> int:
    """The printed number of a card (its label is "#N name")."""
    return int(st.tables.card_label[card].split()[0][1:])


def new(scenario: int, seed: int = 1) -> FitnaState:
    st = FitnaGame(scenario=scenario).new_game(seed)
    assert isinstance(st, FitnaState)
    return st


def test_the_multiplayer_scenarios_are_playable() -> None:
    assert {3, 6, 7} <= set(MULTI)
    assert set(MULTI) <= set(playable_scenarios())
    assert {v["scenario"] for v in FitnaGame.variants()} >= set(MULTI)  # the conformance suite


@pytest.mark.parametrize("scenario", scenarios(MULTI))
def test_the_set_up_on_the_board(scenario: int) -> None:
    """[4.0, 6.0, 20.0] Every counter the scenario places stands where it says, once; stacks
    respect the limits (3 units, 4 for IS, one corps); no space holds two sides; each seat's
    forces are its own and every seat has units on the map."""
    st = new(scenario)
    while st.stack and st.top.name == "coup_withdraw":  # [23.3] the coup's losers withdraw first
        seat = st.to_act()[0]
        st.apply(seat, st.legal_actions(seat)[0])
    t = st.tables
    d = st.data
    sc = t.scenario
    n = t.n_spaces
    placed = [p for p in sc.setup if p.space is not None]
    for p in placed:
        u = t.unit_by_id[p.counter]
        iraqi = t.space_country[t.space_by_id[p.space]] == t.country_index["iraq"]
        if sc.coup_in_iraq_at_setup and iraqi:
            continue  # [23.3, scenario 11] the coup at set-up moves, replaces or breaks units there
        assert t.space_id[d.units[u].at] == p.space, p.counter
    assert len({p.counter for p in sc.setup}) == len(sc.setup)
    sides = unit_sides(st)
    stacks: dict[int, list[int]] = {}
    for u, rec in enumerate(d.units):
        if rec.at < n:
            stacks.setdefault(rec.at, []).append(u)
    for s, units in stacks.items():
        limit = 4 if all(t.unit_is[u] for u in units) else 3
        assert len(units) <= limit, t.space_name[s]
        assert sum(t.unit_corps[u] for u in units) <= 1, t.space_name[s]
        assert len({sides[u] for u in units}) == 1, t.space_name[s]
    on_map = Tally(sides[u] for u, rec in enumerate(d.units) if rec.at < n)
    for i, seat in enumerate(t.seats):
        for f in sc.seats[i].forces:
            assert d.force_side[t.force_index[f]] == i, (seat, f)
        assert on_map[i] >= 3, seat
    # control at the start: the scenario's list, by seat or faction
    for who, spaces in sc.control.items():
        side = t.seat_index[who] if who in t.seat_index else t.side_names.index(who.upper())
        for sid in spaces:
            assert d.control[t.space_by_id[sid]] == side, (who, sid)


@pytest.mark.parametrize("scenario", scenarios(MULTI))
def test_removed_cards_are_out_of_every_pile_and_hand(scenario: int) -> None:
    """[8.2] The cards a scenario withdraws are in no pile and no hand (the coup and Lebanon
    cards: #67 barred in scenario 3, #68 in 4, #41 in 10)."""
    st = new(scenario)
    t = st.tables
    d = st.data
    removed = {c for c in range(len(t.card_name)) if number(st, c) in t.scenario.removed_cards}
    assert removed <= set(d.removed)
    live = set(d.asset_pile) | set(d.event_pile) | set(d.aside) | {c for h in d.hands.values() for c in h}
    assert not removed & live
    numbers = {number(st, c) for c in live}
    for n in (41, 67, 68):
        assert (n in numbers) == (n not in t.scenario.removed_cards), n


def test_scenario_3_bars_the_syrian_coup_and_gives_syria_the_russians() -> None:
    """[23.2, 28.0] Scenario 3: no Coup in Syria; the Russians on the map are the Syrian
    player's from the start; the PKK rebellion is under way at set-up (26.7)."""
    st = new(3)
    t = st.tables
    d = st.data
    assert 67 not in {number(st, c) for c in [*d.asset_pile, *d.event_pile, *d.aside]}
    assert d.force_side[t.force_index["russia"]] == t.seat_index["Syria"]
    russians = [u for u, rec in enumerate(d.units) if t.unit_force[u] == t.force_index["russia"]]
    assert any(d.units[u].at < t.n_spaces for u in russians)
    # [26.7] the rebellion is placed first, by the first player
    assert tuple(st.to_act()) == ("Syria",)
    assert st.stack[-1].name == "handler_pkk_rebellion_at_setup"


def test_scenario_7_the_kurds_are_one_player() -> None:
    """[26.0-26.3, scenario 7] The Kurdish player runs the KDP, PYD and PKK together; no
    Russian unit is on the map; Syria takes them at tension 10 (28.0)."""
    st = new(7)
    t = st.tables
    d = st.data
    kurds = t.seat_index["Kurds"]
    for f in ("kdp", "pyd", "pkk"):
        assert d.force_side[t.force_index[f]] == kurds
    assert t.scenario.kurds_united
    russia = t.force_index["russia"]
    assert not [u for u, rec in enumerate(d.units) if t.unit_force[u] == russia and rec.at < t.n_spaces]
    assert t.scenario.russia_at_tension_10 == "Syria"
    # [26.7] the rebellion at set-up: the Kurdish player places the PKK garrisons
    assert tuple(st.to_act()) == ("Kurds",)
    assert st.stack[-1].name == "handler_pkk_rebellion_at_setup"


@pytest.mark.parametrize("scenario", scenarios(MULTI))
def test_random_games_end(scenario: int) -> None:
    """Random legal choices for every seat play the scenario to its end: no error, no seat
    asked to act without a choice, a result naming every seat's level."""
    game = FitnaGame(scenario=scenario)
    turns = game.tables.scenario.turns
    for seed in range(SEEDS):
        st = game.new_game(seed)
        rng = random.Random(seed)
        n = 0
        while not st.is_over():
            seat = st.to_act()[0]
            acts = st.legal_actions(seat)
            assert acts, f"scenario {scenario} seed {seed}: {seat} must act but has no legal action"
            st.apply(seat, acts[rng.randrange(len(acts))])
            n += 1
            assert n < MAX_DECISIONS, f"scenario {scenario} seed {seed}: no end"
        out = st.outcome()
        assert out is not None
        assert set(out.details["levels"]) == set(game.seats)
        assert all(v in {"none", "minor", "major", "decisive"} for v in out.details["levels"].values())
        assert out.turns is not None and 1 <= out.turns <= turns
