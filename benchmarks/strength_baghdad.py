"""Battle for Baghdad's heuristic bots against a rival near victory: results, not speed.

Plays whole games with the heuristic bot in every seat and reports, per faction, the wins and
the multiple of the fair share (wins over all wins, times the number of factions, as in
``consim/games/baghdad/NOTES.md``), the game length, the games won by turn 3, the stalemates,
and how the bots answer a rival that meets a victory condition ("MET NOW" on the board) when
some moment of the Action Phase (after its own moves, say): how often that rival still wins at
the end of that turn.

``--plan SEAT`` gives SEAT to the bot as it was before it defended (``HeuristicBot`` with
``defend = False``): a player with an obvious plan, building towards its own condition and
paying its rivals no attention; the report then says how often, and how soon, that seat won.
``--rush SEAT`` gives SEAT a single-minded player instead: that same bot, to which every zone
its own condition counts is worth three times as much (it builds and moves there first).
``--no-defence`` plays every other seat as the bot was before it defended (exactly: the golden
games of ``tests/golden`` replay with it).

    .venv/bin/python benchmarks/strength_baghdad.py --players 4 --games 200 --jobs 2
    .venv/bin/python benchmarks/strength_baghdad.py --players 4 --games 200 --plan Shiite
    .venv/bin/python benchmarks/strength_baghdad.py --players 4 --games 200 --no-defence
"""

from __future__ import annotations

import argparse
import json
import sys
from collections import Counter
from concurrent.futures import ProcessPoolExecutor
from pathlib import Path
from typing import Any

import consim
from consim.bots.driver import bots_for
from consim.games.baghdad.board import winners_now
from consim.games.baghdad.bots import HeuristicBot
from consim.games.baghdad.state import BaghdadState


class RushBot(HeuristicBot):
    """The bot without its defence, single-minded: every zone its own condition counts is worth
    three times as much to it, so it builds and moves there first (a player with an obvious
    plan)."""

    def __init__(self, game: consim.Game, seat: str, seed: int = 0) -> None:
        super().__init__(game, seat, seed)
        self.defend = False

    def _zone_worth(self, view: Any, z: str) -> float:
        worth = super()._zone_worth(view, z)
        return 3.0 * worth if z in self.goal_zones or z in self.infra_goal else worth


def play(
    players: int,
    seed: int,
    defence: bool,
    plan: str | None,
    danger: float | None = None,
    rush: bool = False,
) -> dict[str, Any]:
    """One game; what the report counts."""
    game = consim.load_game("baghdad", players=players)
    state = game.new_game(seed)
    assert isinstance(state, BaghdadState)
    bots = bots_for(game, "heuristic", seed)
    if rush and plan is not None:  # the seed bots_for would give it
        bots[plan] = RushBot(game, plan, seed * 1_000_003 + game.seats.index(plan))
    for seat, bot in bots.items():
        if isinstance(bot, HeuristicBot) and not isinstance(bot, RushBot):
            bot.defend = defence and seat != plan
            if danger is not None:
                bot.danger = danger
    met: dict[int, set[str]] = {}  # turn -> factions meeting a condition during its Action Phase
    while not state.is_over():
        if state.stack and state.stack[0].name == "action":
            met.setdefault(state.data.turn, set()).update(winners_now(state))
        seat = state.to_act()[0]
        state.apply(seat, bots[seat].choose(state.view(seat), state.legal_actions(seat)))
    out = state.outcome()
    assert out is not None
    turns = int(out.turns or state.data.turn)
    return {
        "seed": seed,
        "winners": list(out.winners),
        "turns": turns,
        "ending": str(out.ending),
        "met": {str(t): sorted(fs) for t, fs in met.items() if fs},
        # a faction met a condition during the Action Phase, and won at that turn's end
        "kept": [f for t, fs in met.items() for f in fs if t == turns and f in out.winners],
    }


def _play(args: tuple[int, int, bool, str | None, float | None, bool]) -> dict[str, Any]:
    return play(*args)


def report(players: int, games: list[dict[str, Any]], plan: str | None) -> dict[str, Any]:
    seats = consim.load_game("baghdad", players=players).seats
    wins = Counter(f for g in games for f in g["winners"])
    total = sum(wins.values())
    n = len(games)
    met = sum(len(fs) for g in games for fs in g["met"].values())
    kept = sum(len(g["kept"]) for g in games)
    summary: dict[str, Any] = {
        "players": players,
        "games": n,
        "mean_turns": round(sum(g["turns"] for g in games) / n, 2),
        "won_by_turn_3": sum(1 for g in games if g["winners"] and g["turns"] <= 3),
        "stalemates": sum(1 for g in games if "stalemate" in g["ending"]),
        "wins": {f: wins[f] for f in seats},
        "share": {f: round(wins[f] / total * len(seats), 2) if total else 0.0 for f in seats},
        "met_in_the_action_phase": met,
        "met_and_won_that_turn": kept,
    }
    if plan is not None:
        mine = [g for g in games if plan in g["winners"]]
        summary["plan"] = {
            "seat": plan,
            "wins": len(mine),
            "won_by_turn_3": sum(1 for g in mine if g["turns"] <= 3),
            "mean_turn_of_its_wins": round(sum(g["turns"] for g in mine) / len(mine), 2) if mine else None,
        }
    return summary


def main(argv: list[str]) -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--players", type=int, default=4)
    parser.add_argument("--games", type=int, default=200)
    parser.add_argument("--seed", type=int, default=0, help="game i uses seed SEED + i")
    parser.add_argument("--jobs", type=int, default=1)
    parser.add_argument("--plan", help="this seat plays the bot without its defence")
    parser.add_argument("--rush", help="this seat plays the single-minded bot (RushBot)")
    parser.add_argument("--no-defence", action="store_true", help="every seat without the defence")
    parser.add_argument("--danger", type=float, help="the nearness from which the bots turn on a rival")
    parser.add_argument("--json", type=Path, help="write the games and the summary")
    args = parser.parse_args(argv)
    plan = args.rush or args.plan
    jobs = [
        (args.players, args.seed + i, not args.no_defence, plan, args.danger, bool(args.rush))
        for i in range(args.games)
    ]
    if args.jobs > 1:
        with ProcessPoolExecutor(args.jobs) as pool:
            games = list(pool.map(_play, jobs, chunksize=4))
    else:
        games = [_play(j) for j in jobs]
    summary = report(args.players, games, plan)
    summary["command"] = "benchmarks/strength_baghdad.py " + " ".join(argv)
    print(json.dumps(summary, indent=1))
    if args.json:
        args.json.write_text(json.dumps({"summary": summary, "games": games}, indent=1))


if __name__ == "__main__":
    main(sys.argv[1:])
