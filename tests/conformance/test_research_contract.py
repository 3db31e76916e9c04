"""The research contract's conformance checks, for every registered game and variant
(issue 14, section 1): ``determinize`` keeps everything the seat knows and depends on nothing
hidden, and simultaneous choices give the same position whatever the order of submission.

Fitna's games are long: its variants run one game, sampled sparsely.
"""

from __future__ import annotations

import itertools
from collections.abc import Iterator
from typing import Any

import pytest

import consim
from consim import State
from consim.bots.driver import bots_for
from consim.core.rng import Rng
from tests.conformance.test_conformance import perturber
from tests.depth import depth, variant_cases

CASES = variant_cases()


def positions(name: str, opts: dict[str, Any], seeds: range, every: int) -> Iterator[State]:
    """Positions of random games, one in ``every`` decisions."""
    game = consim.load_game(name, **opts)
    for seed in seeds:
        state = game.new_game(seed)
        rng = Rng(seed + 31)
        k = 0
        while not state.is_over():
            if k % every == 0:
                yield state
            seat = state.to_act()[0]
            legal = state.legal_actions(seat)
            state.apply(seat, legal[rng.randbelow(len(legal))])
            k += 1


def _plan(name: str) -> tuple[range, int]:
    return (range(1), 97) if name == "fitna" else (range(depth(1, 2)), 23)


@pytest.mark.parametrize(("name", "opts"), CASES)
def test_determinize_keeps_what_the_seat_knows_and_reveals_nothing(name: str, opts: dict[str, Any]) -> None:
    seeds, every = _plan(name)
    checked = 0
    for state in positions(name, opts, seeds, every):
        before = state.to_dict()
        for seat in [None, *state.game.seats]:
            det = state.determinize(seat, Rng(checked))
            assert det.view(seat) == state.view(seat)
            assert det.visible_log(seat) == state.visible_log(seat)
            assert all(e.visible_to(seat) for e in det.log), "the log of a determinized state leaks"
            if seat is not None:
                assert det.legal_actions(seat) == state.legal_actions(seat)
            assert det.to_act() == state.to_act()
            assert det.seed != state.seed and det.rng.state != state.rng.state
            assert det.record().actions == [] and not det.can_undo()
            # its record replays to the re-dealt position itself, log and views included
            again = consim.replay(det.record())
            assert again.to_dict() == det.to_dict()
            assert again.view(seat) == det.view(seat) and again.visible_log(seat) == det.visible_log(seat)
            checked += 1
        assert state.to_dict() == before, "determinize changed the real state"
    assert checked > 10


def heuristic_positions(name: str, opts: dict[str, Any], seeds: range, every: int) -> Iterator[State]:
    """Positions of games the heuristic bots play (they trade, bid and deal far more than
    random players), one in ``every`` decisions."""
    game = consim.load_game(name, **opts)
    for seed in seeds:
        state = game.new_game(500 + seed)
        bots = bots_for(game, "heuristic", seed)
        k = 0
        while not state.is_over():
            if k % every == 0:
                yield state
            seat = state.to_act()[0]
            bot = bots[seat]
            view = state.view(seat) if bot.uses_view else {}
            state.apply(seat, bot.choose(view, state.legal_actions(seat)))
            k += 1


@pytest.mark.parametrize(("name", "opts"), CASES)
def test_determinize_depends_on_nothing_hidden(name: str, opts: dict[str, Any]) -> None:
    """The twin test: two positions a seat cannot tell apart (the game's ``testing.perturb``
    deals everything it cannot know again) determinize identically for the same generator, in
    random and heuristic games. The twins must really differ (a perturbation that changes
    nothing proves nothing)."""
    perturb = perturber(name)
    seeds, every = _plan(name)
    rng = Rng(3)
    checked = differ = 0
    sources = [positions(name, opts, seeds, every), heuristic_positions(name, opts, seeds[:1], every * 2)]
    for state in itertools.chain(*sources):
        real = state.to_dict()
        for seat in [None, *state.game.seats]:
            other, _ = perturb(state, seat, rng, True)
            twin = other.to_dict()
            if twin["data"] != real["data"] or twin["stack"] != real["stack"]:
                differ += 1
            a = state.determinize(seat, Rng(99))
            b = other.determinize(seat, Rng(99))
            assert a.to_dict() == b.to_dict(), f"determinize for {seat} depends on hidden information"
            checked += 1
    assert checked > 10
    assert differ > checked // 2, f"the perturbation changed {differ} of {checked} positions"


def _secret_positions(name: str, opts: dict[str, Any]) -> Iterator[State]:
    seeds, _ = _plan(name)
    for state in positions(name, opts, seeds, 1):
        if len(state.to_act()) > 1:
            yield state


def _same_position(a: State, b: State) -> None:
    da, db = a.to_dict(), b.to_dict()
    for key in ("data", "stack", "rng", "seed"):
        assert da[key] == db[key], key
    assert a.to_act() == b.to_act()
    for seat in a.game.seats:
        assert a.view(seat) == b.view(seat)
        assert a.legal_actions(seat) == b.legal_actions(seat)
    assert sorted(e.text for e in a.log) == sorted(e.text for e in b.log)


@pytest.mark.parametrize(("name", "opts"), [c for c in CASES if c.values[0] != "jihad"])
def test_simultaneous_choices_do_not_depend_on_submission_order(name: str, opts: dict[str, Any]) -> None:
    rng = Rng(8)
    compared = 0
    for state in itertools.islice(_secret_positions(name, opts), 0, 60, 3):
        seats = state.to_act()
        choice = {s: state.legal_actions(s)[rng.randbelow(len(state.legal_actions(s)))] for s in seats}
        joint = state.clone()
        joint.apply_joint(dict(reversed(list(choice.items()))))
        for order in itertools.islice(itertools.permutations(seats), 6):
            twin = state.clone()
            for s in order:
                twin.apply(s, choice[s])
            _same_position(twin, joint)
        compared += 1
    # every variant but Iraq's sequential commitment and some Fitna scenarios asks seats at once
    assert compared > 0 or name == "fitna" or opts.get("commitment") == "sequential"


def test_apply_joint_checks_every_action_first() -> None:
    state = consim.load_game("iraq", players=3).new_game(1)
    seats = state.to_act()
    assert len(seats) == 3
    before = state.to_dict()
    good = state.legal_actions(seats[0])[0]
    with pytest.raises(consim.IllegalAction):
        state.apply_joint({seats[0]: good, seats[1]: 'discard "No Such Card"'})
    assert state.to_dict() == before
