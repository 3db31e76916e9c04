"""Whole games: random playouts of every playable scenario to the end (no crash, no dead
end, a bounded length), the heuristic bot, saving and restoring, and the edition options."""

from __future__ import annotations

import json
import random

import pytest

from consim.bots.driver import bots_for, play_out
from consim.games.fitna.board import may_stand, stacks, unit_sides
from consim.games.fitna.content import playable_scenarios
from consim.games.fitna.game import FitnaGame
from consim.games.fitna.state import FitnaState
from tests.games.fitna.conftest import scenarios

MAX_DECISIONS = 50_000


def random_game(game: FitnaGame, seed: int) -> tuple[object, int]:
    """A game of random legal choices to its end. After every decision, every unit that has
    changed place stands where it may ever stand (``may_stand``: 21.0 no Russian unit in
    Turkey, 26.0-26.3 the Kurdish lands, 32.0 out-of-play countries, the scenario's bans),
    whatever brought it there (a move, retreat, advance, exploitation or placement); and every
    occupied space is held by the one side whose units stand there, so that 31.0's "doubt about
    which player controls a space" never arises (a space a coup splits is held by both camps
    only until the losers withdraw, 23.2-23.3)."""
    st = game.new_game(seed)
    assert isinstance(st, FitnaState)
    rng = random.Random(seed)
    n = 0
    t = st.tables
    before = [u.at for u in st.data.units]
    while not st.is_over():
        seat = st.to_act()[0]
        acts = st.legal_actions(seat)
        assert acts, f"{seat} must act but has no legal action"
        st.apply(seat, acts[rng.randrange(len(acts))])
        n += 1
        assert n < MAX_DECISIONS
        now = [u.at for u in st.data.units]
        for u, at in enumerate(now):
            if at != before[u] and at < t.n_spaces:
                assert may_stand(st, u, at), f"{t.unit_label[u]} on {t.space_name[at]}: {st.log[-1].text}"
        before = now
        if not any(f.name == "coup_withdraw" for f in st.stack):
            sides = unit_sides(st)
            for s, units in enumerate(stacks(st)):
                if units:
                    held = {sides[x] for x in units} | {st.data.control[s]}
                    assert len(held) == 1, f"{t.space_name[s]}: {st.log[-1].text}"
    return st, n


def test_scenario_1_random_games_end() -> None:
    game = FitnaGame(scenario=1)
    for seed in range(6):
        st, n = random_game(game, seed)
        out = st.outcome()  # type: ignore[attr-defined]
        assert out is not None and out.turns == 6 and n > 100


@pytest.mark.parametrize("scenario", scenarios(playable_scenarios()))
def test_every_playable_scenario_plays_to_the_end(scenario: int) -> None:
    game = FitnaGame(scenario=scenario)
    for seed in range(2):
        random_game(game, seed)


def test_edition_options_play_to_the_end() -> None:
    game = FitnaGame(
        scenario=1,
        victory="points",
        dr_star_split="owner_choice",
        reinforcements="in_country",
        vp_own_country="counted",
    )
    st, _ = random_game(game, 4)
    assert st.outcome().unit == "VP"  # type: ignore[attr-defined]


def test_heuristic_bot_plays_a_game() -> None:
    game = FitnaGame(scenario=1)
    st = game.new_game(8)
    play_out(st, bots_for(game, "heuristic", 8))
    assert st.is_over()


def test_save_restore_and_clone_midgame() -> None:
    game = FitnaGame(scenario=1)
    st = game.new_game(9)
    rng = random.Random(9)
    for _ in range(150):
        seat = st.to_act()[0]
        acts = st.legal_actions(seat)
        st.apply(seat, acts[rng.randrange(len(acts))])
    data = json.loads(json.dumps(st.to_dict(undo=True)))
    back = game.restore(data)
    assert back.to_dict(undo=True) == st.to_dict(undo=True)
    twin = st.clone()
    seat = twin.to_act()[0]
    twin.apply(seat, twin.legal_actions(seat)[0])
    assert st.to_dict(undo=True) == data


def test_only_playable_scenarios_load() -> None:
    from consim.core.errors import OptionError

    data_only = [n for n in range(1, 12) if n not in playable_scenarios()]
    if not data_only:
        pytest.skip("every scenario is playable")
    with pytest.raises(OptionError, match="not playable yet"):
        FitnaGame(scenario=data_only[0])
