"""The heuristic bot (bots.py): it finishes every playable scenario from either side, beats
the random bot on every side of every playable scenario, plays the same game for the same
seed, reads the CRT right and keeps its Joker for the end (34.0)."""

from __future__ import annotations

import copy
import json
import math

import pytest

from consim.bots.driver import bots_for, play_out
from consim.games.fitna.bots import HeuristicBot, attack_outcome, odds
from consim.games.fitna.bots_world import World, rival_weights
from consim.games.fitna.content import playable_scenarios
from consim.games.fitna.game import FitnaGame
from tests.games.fitna.conftest import scenarios


@pytest.mark.parametrize("scenario", scenarios(playable_scenarios()))
def test_heuristic_bots_finish_every_playable_scenario(scenario: int) -> None:
    game = FitnaGame(scenario=scenario)
    st = game.new_game(7)
    decisions = play_out(st, bots_for(game, "heuristic", 7), max_steps=50_000)
    out = st.outcome()
    assert out is not None and decisions > 100
    assert out.turns is not None and out.turns >= 1
    assert set(out.details["levels"]) == set(game.seats)


#: the fixed seeds of the strength test, played from each side
STRENGTH_SEEDS = range(1, 5)


def _binomial_tail(k: int, n: int, p: float = 0.5) -> float:
    """The chance of ``k`` or more successes in ``n`` trials of chance ``p``."""
    return sum(math.comb(n, i) * p**i * (1 - p) ** (n - i) for i in range(k, n + 1))


@pytest.mark.parametrize(
    "scenario", scenarios(n for n in playable_scenarios() if len(FitnaGame(scenario=n).seats) == 2)
)
def test_the_heuristic_bot_beats_random_on_both_sides(scenario: int) -> None:
    """Against the random bot on the other side, with seeds 1-4 from each side: if the two
    were of equal strength (a win at most one game in two), winning 7 of 8 would happen in
    fewer than 4% of such trials; the random bot must not win one."""
    game = FitnaGame(scenario=scenario)
    won = lost = played = 0
    for seat in game.seats:
        other = next(s for s in game.seats if s != seat)
        for seed in STRENGTH_SEEDS:
            st = game.new_game(seed)
            play_out(st, bots_for(game, {seat: "heuristic", other: "random"}, seed))
            out = st.outcome()
            assert out is not None
            won += seat in out.winners
            lost += other in out.winners
            played += 1
    assert _binomial_tail(won, played) < 0.05, f"the heuristic bot won {won} of {played} against random"
    assert lost == 0, f"the random bot won {lost} of {played}"


def test_the_same_seed_plays_the_same_game() -> None:
    game = FitnaGame(scenario=5)
    games = []
    for _ in range(2):
        st = game.new_game(4)
        play_out(st, bots_for(game, "heuristic", 4))
        games.append(json.dumps(st.to_dict(), sort_keys=True))
    assert games[0] == games[1]


def test_the_bot_reads_the_crt() -> None:
    """[18.1] +18 or more: every result takes the space; -8 or less against one step: only an
    EX (die 6) does; the attacker then loses every step on AR* (dice 1-2)."""
    p, lost, _ = odds(20, 1, 0, 3, 2)
    assert p == 1.0 and lost == pytest.approx(1 / 6)  # only DR* costs the attacker a step
    p, lost, _ = odds(1, 10, 0, 3, 1)
    assert p == pytest.approx(1 / 6)
    assert lost == pytest.approx((3 + 3 + 1 + 1 + 1 + 1) / 6)
    ev, p = attack_outcome(20, 1, 0, 3, 2, target=5.0)
    assert p == 1.0 and ev > 5.0
    # column shifts move along the table: a defence of -2 turns +5 into -1 to +1
    assert odds(10, 5, -2, 2, 2)[0] < odds(10, 5, 0, 2, 2)[0]


def test_the_joker_waits_for_the_end() -> None:
    """[34.0] 'It is often prudent to keep your Joker for the last turn': the bot plays one in
    the last turn (with two, from the turn before), or earlier only to refill a hand left
    with at most one card in its own Events segment."""
    late = refills = 0
    for scenario in (1, 9):
        game = FitnaGame(scenario=scenario)
        st = game.new_game(3)
        bots = bots_for(game, "heuristic", 3)
        while not st.is_over():
            seat = st.to_act()[0]
            view = st.view(seat)
            action = bots[seat].choose(view, st.legal_actions(seat))
            if action.verb == "joker":
                turn, turns = int(view["turn"]), int(view["scenario"]["turns"])
                if turn >= turns or (view["jokers"][seat] >= 2 and turn >= turns - 1):
                    late += 1
                else:
                    own_events = view["active"] == seat and view["segment"] == "Events"
                    assert own_events and len(view["hand"]) <= 1, (scenario, turn, seat, view["segment"])
                    refills += 1
            st.apply(seat, action)
    assert late > 0


def test_the_bot_needs_only_its_view_and_the_game_tables() -> None:
    game = FitnaGame(scenario=1)
    bot = HeuristicBot(game, "Rebels", 1)
    assert bot.uses_view is True
    st = game.new_game(1)
    action = bot.choose(st.view("Rebels"), st.legal_actions("Rebels"))
    assert action.text == 'take "2 Assets, 2 Events"'  # 34.0: a balanced hand


@pytest.mark.slow  # (a full run's, CI's: tests/conftest.py)
def test_the_bot_offers_card_exchanges_only_to_partners() -> None:
    """[29.0] A bot proposes an exchange, in its Events segment, only to a seat whose victory
    conditions name none of its own spaces (scenario 2: the Rebels and the Syrian government
    want the same cities, Iraq wants others), and never in a two-player game."""
    game = FitnaGame(scenario=2)
    start = game.new_game(0)
    bots = bots_for(game, "heuristic", 0)
    partners = {s: bots[s].partners(start.view(s)) for s in game.seats}  # type: ignore[attr-defined]
    assert "Syria" not in partners["Rebels"] and "Rebels" not in partners["Syria"]
    assert "Iraq" in partners["Rebels"] and "Iraq" in partners["Syria"]
    proposals = []
    for seed in range(2):
        state = game.new_game(seed)
        play_out(state, bots_for(game, "heuristic", seed))
        for e in state.log:
            if " proposes a card exchange to " in e.text:
                who, _, rest = e.text.partition(" proposes a card exchange to ")
                proposals.append((who, rest.rstrip(".")))
    assert proposals
    assert all(to in partners[who] for who, to in proposals)
    two = FitnaGame(scenario=10, players=2)
    state = two.new_game(0)
    play_out(state, bots_for(two, "heuristic", 0))
    assert not any("proposes a card exchange" in e.text for e in state.log)


def test_the_table_stops_the_leader() -> None:
    """[2.3, 31.0] With three or more seats a bot weighs a rival's objectives by how far that
    rival is ahead of it: once Iraq stands alone at a decisive level, Syria's bot values the
    cities Iraq needs more, and an IS activation (25.2) is worth more to it; with two seats
    there is one rival and nothing to weigh."""
    game = FitnaGame(scenario=2)
    st = game.new_game(0)
    bot = HeuristicBot(game, "Syria", 0)
    even = st.view("Syria")
    ahead = copy.deepcopy(dict(even))
    ahead["victory"]["seats"]["Iraq"]["level"] = "decisive"
    tikrit = bot.t.space_by_name["Tikrit"]  # Iraq's minor level
    assert World(bot, ahead).value[tikrit] > World(bot, even).value[tikrit]
    assert bot._handler_value(ahead, "is_activation") > bot._handler_value(even, "is_activation")
    weights = rival_weights(ahead["victory"]["seats"], "Syria")
    assert weights["Iraq"] > weights["Rebels"] == 1.0
    two = {"Israel": {"level": "decisive"}, "Syria": {"level": "none"}}
    assert rival_weights(two, "Syria") == {"Israel": 1.0}
