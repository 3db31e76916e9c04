"""Speed of Fitna through the public API.

    .venv/bin/python benchmarks/bench_fitna.py            # full run, a few minutes
    .venv/bin/python benchmarks/bench_fitna.py --quick    # smoke run, under a minute
    .venv/bin/python benchmarks/bench_fitna.py --json fitna.json

Figures (see benchmarks/README.md): random games of scenario 1 per second and decisions per
second (and of scenarios 5, 8 and 9 for comparison, and of the 6-player campaign, scenario
11, whose target is 2 games per second); clone(), to_dict(), restore() and
view() on mid-game states of scenario 1; the heuristic bot's decision time (mean, median,
95th percentile, legal_actions and view included) in scenarios 1 and 8; the board drawn as
a picture (draw.board_for, from a view).
"""

from __future__ import annotations

import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

from _bench import (
    Figure,
    bot_move_time,
    parser,
    per_call_us,
    playout_rate,
    report,
    sample_states,
    state_copy_costs,
)

#: the project's targets (issue 11; issue 12 for the 6-player campaign, scenario 11)
TARGET_GAMES_PER_SECOND = 20
TARGET_CAMPAIGN_GAMES_PER_SECOND = 2
TARGET_CLONE_US = 50
TARGET_P95_US = 20_000


def picture_cost(seeds: int, every: int, repeats: int) -> Figure:
    """µs per board picture (draw.board_for) of a seat's view, mid-game, scenario 1."""
    from consim.games.fitna.draw import board_for

    states = sample_states("fitna", {"scenario": 1}, seeds, every)
    views = [s.view(s.to_act()[0]) for s in states if s.to_act()]
    return Figure(
        "board picture (SVG)",
        "µs",
        per_call_us(board_for, views, 1, repeats),
        higher_is_better=False,
        note=f"draw.board_for of {len(views)} views, scenario 1",
    )


def main(argv: list[str] | None = None) -> None:
    args = parser(__doc__.splitlines()[0]).parse_args(argv)
    quick = args.quick
    repeats = 2 if quick else args.repeats
    games = {1: 10, 5: 4, 8: 2, 9: 4, 11: 2} if quick else {1: 60, 5: 20, 8: 10, 9: 20, 11: 10}
    heuristic_games = {1: 2, 8: 1} if quick else {1: 8, 8: 3}
    settings = {
        "repeats": repeats,
        "random_games": games,
        "heuristic_games": heuristic_games,
        "quick": quick,
    }
    figures: list[Figure] = []
    for scenario, n in games.items():
        print(f"random playouts, scenario {scenario} ...", flush=True)
        rate, dps = playout_rate("fitna", {"scenario": scenario}, n, repeats)
        if scenario == 1:
            rate.note += f"; target >= {TARGET_GAMES_PER_SECOND}"
        if scenario == 11:
            rate.note += f"; 6 players, 12 turns; target >= {TARGET_CAMPAIGN_GAMES_PER_SECOND}"
        figures += [rate, dps]

    print("clone / to_dict / restore / view ...", flush=True)
    copies = state_copy_costs(
        "fitna",
        {"scenario": 1},
        seeds=2 if quick else 6,
        every=60,
        loops=5 if quick else 40,
        repeats=repeats,
    )
    copies[0].note += f"; target <= {TARGET_CLONE_US} µs"
    figures += copies

    for scenario, n in heuristic_games.items():
        print(f"heuristic bot move time, scenario {scenario} ...", flush=True)
        moves = bot_move_time("fitna", {"scenario": scenario}, "heuristic", n, repeats)
        moves[2].note = f"target <= {TARGET_P95_US} µs"
        figures += moves

    print("board pictures ...", flush=True)
    figures.append(picture_cost(1, 150 if quick else 60, repeats))
    report("fitna", figures, args, settings)


if __name__ == "__main__":
    main()
