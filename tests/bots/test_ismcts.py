"""``bot:ismcts``: legal, reproducible, blind to hidden information, and it finds good moves."""

from __future__ import annotations

from typing import Any

import pytest

import consim
from consim.bots.base import bot_kinds, decide, make_bot
from consim.bots.driver import bots_for, play_out
from consim.bots.ismcts import IsmctsBot, IsmctsOptions, parse_options
from consim.core.action import Action
from consim.core.errors import OptionError
from consim.core.game import State
from consim.core.rng import Rng
from tests.conformance.test_conformance import perturber

GAMES = [
    pytest.param("iraq", {"players": 3}, id="iraq"),
    pytest.param("jihad", {}, id="jihad", marks=pytest.mark.slow),
    # (the longest searches: in a full run, CI's)
    pytest.param("baghdad", {"players": 3}, id="baghdad", marks=pytest.mark.slow),
    pytest.param("fitna", {"scenario": 1}, id="fitna", marks=pytest.mark.slow),
]
#: the plain tree search (every game's own defaults are the guided search)
SMALL = "ismcts:guide=none,iterations=6,seconds=0"


def _positions(state: State, steps: int, seed: int) -> list[State]:
    """Copies of the positions of a random game where a seat has a real choice."""
    rng = Rng(seed)
    out: list[State] = []
    for _ in range(steps):
        seats = state.to_act()
        if not seats:
            break
        legal = state.legal_actions(seats[0])
        if len(legal) > 1:
            out.append(state.clone())
        state.apply(seats[0], legal[rng.randbelow(len(legal))])
    return out


def test_every_game_offers_ismcts_with_options() -> None:
    for name in consim.list_games():
        game = consim.load_game(name)
        kinds = bot_kinds(game)
        assert "ismcts" in kinds and "ismcts:iterations=5,seconds=0" in kinds
        assert "ismcts2" not in kinds
        bot = make_bot(game, "ismcts:guide=none,iterations=7,c=1.5", game.seats[0], 1)
        assert isinstance(bot, IsmctsBot)
        assert (bot.options.guide, bot.options.iterations, bot.options.c) == ("none", 7, 1.5)
    with pytest.raises(OptionError, match="unknown option"):
        "ismcts:depth=3" in bot_kinds(consim.load_game("iraq"))  # noqa: B015 - the check raises
    with pytest.raises(OptionError, match="iterations"):
        parse_options("iterations=0")
    with pytest.raises(OptionError, match="iterations needs a whole number"):
        parse_options("iterations=many")
    with pytest.raises(OptionError, match="decisive needs a number, got 'x'"):
        parse_options("decisive=x")
    for endless in ("seconds=nan", "seconds=inf", "c=nan", "z=-inf"):  # a clock that never rings
        with pytest.raises(OptionError, match="needs a number"):
            parse_options(endless)


@pytest.mark.parametrize(("name", "opts"), GAMES)
def test_it_plays_only_legal_actions(name: str, opts: dict[str, Any]) -> None:
    game = consim.load_game(name, **opts)
    state = game.new_game(4)
    bot = make_bot(game, SMALL, game.seats[0], 4)
    searched = 0
    for position in _positions(state, 150, 4)[:40]:
        seat = position.to_act()[0]
        legal = position.legal_actions(seat)
        chosen = decide(bot, position, seat, legal)
        assert chosen in legal
        searched += isinstance(bot, IsmctsBot) and bot.last_iterations == 6
    assert searched > 0


def test_a_whole_game_with_ismcts_seats() -> None:
    game = consim.load_game("iraq", players=2)
    state = game.new_game(2)
    bots = bots_for(game, {"US": "ismcts:guide=none,iterations=4,seconds=0", "Insurgent": "random"}, 2)
    assert play_out(state, bots) > 0
    assert state.outcome() is not None


@pytest.mark.parametrize(("name", "opts"), GAMES[:3])
def test_same_seed_same_choices(name: str, opts: dict[str, Any]) -> None:
    game = consim.load_game(name, **opts)
    positions = _positions(game.new_game(9), 120, 9)[:12]
    runs = []
    for _ in range(2):
        bot = make_bot(game, "ismcts:guide=none,iterations=10,seconds=0", game.seats[0], 21)
        runs.append([decide(bot, p, p.to_act()[0], p.legal_actions(p.to_act()[0])) for p in positions])
    assert runs[0] == runs[1]


@pytest.mark.parametrize(("name", "opts"), GAMES)
def test_hidden_information_does_not_change_its_choice(name: str, opts: dict[str, Any]) -> None:
    """Positions that differ only in what the seat to act cannot know (as the conformance
    suite's perturbation makes them) give the same choice from bots with the same seed."""
    game = consim.load_game(name, **opts)
    perturb = perturber(name)
    rng = Rng(5)
    compared = 0
    for position in _positions(game.new_game(6), 160, 6)[::4][:8]:
        seat = position.to_act()[0]
        other, _ = perturb(position, seat, rng, True)
        legal = position.legal_actions(seat)
        assert other.legal_actions(seat) == legal
        kind = "ismcts:guide=none,iterations=12,seconds=0"
        a = decide(make_bot(game, kind, seat, 3), position, seat, legal)
        b = decide(make_bot(game, kind, seat, 3), other, seat, legal)
        assert a == b
        compared += 1
    assert compared >= 4


@pytest.mark.parametrize(
    ("name", "opts", "expected"),
    [
        ("iraq", {"players": 3}, {"horizon": "turn"}),
        ("jihad", {}, {"horizon": "turn"}),
        ("jihad", {"advanced": True}, {"horizon": "2"}),
        ("baghdad", {"players": 4}, {"horizon": "turn", "decisive": 1.0}),
        ("fitna", {"scenario": 3}, {"horizon": "turn", "candidates": 4}),
    ],
)
def test_plain_ismcts_is_the_guided_search_measured_strongest(
    name: str, opts: dict[str, Any], expected: dict[str, Any]
) -> None:
    """``bot:ismcts`` alone is the game's strongest measured search (README, "The search
    bot"), not the tree search that loses to the heuristic bot; options given after the kind
    override only themselves, and ``guide=none`` is the tree."""
    game = consim.load_game(name, **opts)
    seat = game.seats[-1]
    plain = make_bot(game, "ismcts", seat, 2)
    assert isinstance(plain, IsmctsBot)
    assert plain.options == IsmctsOptions(guide="heuristic", **expected)
    assert plain.uses_view  # its heuristic guide reads the view
    tuned = make_bot(game, "ismcts:iterations=9,seconds=0", seat, 2)
    assert isinstance(tuned, IsmctsBot)
    assert tuned.options == IsmctsOptions(guide="heuristic", iterations=9, seconds=0, **expected)
    tree = make_bot(game, "ismcts:guide=none", seat, 2)
    assert isinstance(tree, IsmctsBot) and tree.options.guide == "none" and not tree.uses_view


def test_choose_without_determinizations_is_refused() -> None:
    game = consim.load_game("jihad")
    bot = make_bot(game, "ismcts", "player", 0)
    one = [Action("done")]
    assert bot.choose({}, one) == one[0]
    with pytest.raises(RuntimeError, match="decide"):
        bot.choose({}, [Action("done"), Action("step")])


# -- guided search (guide=heuristic) ----------------------------------------------------------


def test_guided_options_are_checked() -> None:
    opts = parse_options("guide=heuristic,horizon=turn,z=1.5,candidates=4")
    assert (opts.guide, opts.horizon, opts.z, opts.candidates) == ("heuristic", "turn", 1.5, 4)
    assert parse_options("guide=heuristic,horizon=3").horizon == "3"
    for bad, word in [
        ("guide=oracle", "guide"),
        ("horizon=forever", "horizon"),
        ("horizon=0", "number of turns"),
        ("horizon=-2", "number of turns"),
        ("z=-1", "z must"),
        ("candidates=1", "candidates"),
        ("decisive=-1", "decisive"),
    ]:
        with pytest.raises(OptionError, match=word):
            parse_options(bad)


@pytest.mark.parametrize(("name", "opts"), GAMES)
def test_guided_search_that_never_overrules_plays_the_heuristic_bot(name: str, opts: dict[str, Any]) -> None:
    """With a margin no search can clear, the guided bot plays its guide's moves: the same
    choices as the heuristic bot of the same seed, decision after decision of one game."""
    game = consim.load_game(name, **opts)
    seat = game.seats[0]
    guided = make_bot(game, "ismcts:guide=heuristic,horizon=turn,z=1e9,iterations=4,seconds=0", seat, 8)
    plain = make_bot(game, "heuristic", seat, 8)
    assert isinstance(guided, IsmctsBot) and guided.uses_view
    state = game.new_game(8)
    others = bots_for(game, "heuristic", 8)
    compared = 0
    while state.to_act() and compared < 25:
        who = state.to_act()[0]
        legal = state.legal_actions(who)
        if who == seat:
            chosen = decide(guided, state, who, legal)
            assert chosen == plain.choose(state.view(who), legal)
            compared += len(legal) > 1
        else:
            chosen = decide(others[who], state, who, legal)
        state.apply(who, chosen)
    assert compared > 0 and guided.overruled == 0 and guided.kept == compared


def test_guided_search_overrules_its_guide_when_it_may() -> None:
    """With no margin at all (z=0), any candidate whose paired mean beats the guide's move is
    played: over a game some decisions are overruled, all of them legal."""
    game = consim.load_game("iraq", players=3)
    state = game.new_game(3)
    bots = bots_for(game, "heuristic", 3)
    kind = "ismcts:guide=heuristic,horizon=turn,z=0,iterations=4,seconds=0"
    bots["Sunni"] = make_bot(game, kind, "Sunni", 3)
    assert play_out(state, bots) > 0
    bot = bots["Sunni"]
    assert isinstance(bot, IsmctsBot) and bot.overruled > 0 and bot.kept > 0


@pytest.mark.parametrize(("name", "opts"), GAMES)
def test_guided_search_is_blind_to_hidden_information(name: str, opts: dict[str, Any]) -> None:
    game = consim.load_game(name, **opts)
    perturb = perturber(name)
    rng = Rng(7)
    kind = "ismcts:guide=heuristic,horizon=turn,z=0.5,iterations=3,seconds=0"
    compared = 0
    for position in _positions(game.new_game(6), 160, 6)[::5][:6]:
        seat = position.to_act()[0]
        other, _ = perturb(position, seat, rng, True)
        legal = position.legal_actions(seat)
        a = decide(make_bot(game, kind, seat, 3), position, seat, legal)
        b = decide(make_bot(game, kind, seat, 3), other, seat, legal)
        assert a == b
        compared += 1
    assert compared >= 4


@pytest.mark.parametrize(("name", "opts"), GAMES)
def test_standing_at_the_end_is_the_outcome(name: str, opts: dict[str, Any]) -> None:
    """``state.standing()`` is the score the game would report if it ended now: at the end it
    is the outcome's, and its turn is ``state.turn()``."""
    game = consim.load_game(name, **opts)
    state = game.new_game(12)
    start = state.standing()
    assert start is not None and set(start.scores) == set(game.seats) and start.turn == state.turn()
    play_out(state, bots_for(game, "random", 12))
    end = state.standing()
    outcome = state.outcome()
    assert end is not None and outcome is not None
    assert end.scores == outcome.scores
    assert end.turn == state.turn() >= start.turn


@pytest.mark.parametrize(("horizon", "turns"), [("turn", 1), ("1", 1), ("2", 2), ("3", 3)])
def test_a_horizon_of_turns_stops_the_play_out_after_that_many_turns(horizon: str, turns: int) -> None:
    """``horizon=N`` plays a candidate on to the end of the N-th turn counting the one being
    played (``turn`` is 1): the play-out stops as the turn after those begins."""
    game = consim.load_game("iraq", players=3)
    state = game.new_game(5)
    start = state.turn()
    assert start == 1
    bot = make_bot(game, f"ismcts:guide=heuristic,horizon={horizon},iterations=2,seconds=0", "Sunni", 5)
    assert isinstance(bot, IsmctsBot)
    bot._guided_rollout(state, 11, start)
    assert state.turn() == start + turns and not state.is_over()


@pytest.mark.parametrize("seat", ["Sunni", "Shia", "Kurd"])
def test_decisive_adds_the_result_of_a_play_out_that_ends_the_game(seat: str) -> None:
    """``decisive=w`` adds ``w`` to a play-out that ends the game won by the seat and takes it
    away when only others won; the same play-out (same seed) is otherwise scored alike."""
    game = consim.load_game("iraq", players=3)
    state = game.new_game(4)
    bots = bots_for(game, "heuristic", 4)
    last = None
    while state.to_act():
        if state.turn() != (last.turn() if last is not None else None):
            last = state.clone()
        who = state.to_act()[0]
        state.apply(who, decide(bots[who], state, who, state.legal_actions(who)))
    assert last is not None and last.turn() == state.turn()  # the start of the last turn
    rewards = {}
    for weight in (0, 1):
        bot = make_bot(game, f"ismcts:guide=heuristic,horizon=turn,decisive={weight}", seat, 4)
        assert isinstance(bot, IsmctsBot)
        end = last.clone()
        rewards[weight] = bot._guided_rollout(end, 21, end.turn())
        outcome = end.outcome()
        assert outcome is not None and outcome.winners
    expected = 1.0 if seat in outcome.winners else -1.0
    assert rewards[1] - rewards[0] == pytest.approx(expected)


def test_a_turn_s_standing_counts_progress_between_whole_steps() -> None:
    """Where a game's scores move in whole steps (Fitna's victory levels), a turn's play-out
    is judged by each seat's score plus its progress toward its next step: more progress of
    its own is better, more of the leader's is worse, and no progress outranks a higher
    score."""
    from consim.core.game import Standing

    game = consim.load_game("fitna", scenario=1)
    bot = make_bot(game, "ismcts:guide=heuristic,horizon=turn", "Rebels", 1)
    assert isinstance(bot, IsmctsBot)

    def reward(rebels: float, syria: float, progress: dict[str, float]) -> float:
        return bot._standing_reward(Standing(1, {"Rebels": rebels, "Syria": syria}, progress))

    span = game.info().max_score - game.info().min_score
    assert reward(0, 0, {"Rebels": 0.5, "Syria": 0.25}) == pytest.approx(0.25 / span)
    assert reward(0, 0, {"Rebels": 0.75, "Syria": 0.25}) > reward(0, 0, {"Rebels": 0.5, "Syria": 0.25})
    assert reward(0, 0, {"Rebels": 0.5, "Syria": 0.5}) < reward(0, 0, {"Rebels": 0.5, "Syria": 0.25})
    assert reward(0, 1, {"Rebels": 0.99}) < 0 < reward(1, 0, {"Syria": 0.99})
    assert reward(1, 0, {}) == pytest.approx(1 / span)  # no progress given: the scores alone
