"""Speed of Battle for Baghdad through the public API.

    .venv/bin/python benchmarks/bench_baghdad.py            # full run, a few minutes
    .venv/bin/python benchmarks/bench_baghdad.py --quick    # smoke run, under a minute
    .venv/bin/python benchmarks/bench_baghdad.py --json baghdad.json

Figures (see benchmarks/README.md): random playouts per second for 6, 5, 4 and 3 players
and decisions per second; heuristic-bot games per second at 6 players; clone(), to_dict()
and restore() cost on mid-game states; heuristic bot move time (mean, median, 95th
percentile) including legal_actions and view.
"""

from __future__ import annotations

import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

from _bench import (
    Figure,
    bot_move_time,
    parser,
    playout_rate,
    report,
    state_copy_costs,
)


def main(argv: list[str] | None = None) -> None:
    args = parser(__doc__.splitlines()[0]).parse_args(argv)
    quick = args.quick
    repeats = 2 if quick else args.repeats
    games = {6: 4, 5: 4, 4: 5, 3: 6} if quick else {6: 20, 5: 25, 4: 30, 3: 40}
    heuristic_games = 2 if quick else 10
    settings = {"repeats": repeats, "random_games": games, "heuristic_games": heuristic_games, "quick": quick}

    figures: list[Figure] = []
    for players in (6, 5, 4, 3):
        print(f"random playouts, {players} players ...", flush=True)
        figures += playout_rate("baghdad", {"players": players}, games[players], repeats)

    print("heuristic playouts, 6 players ...", flush=True)
    figures += playout_rate("baghdad", {"players": 6}, heuristic_games, repeats, bot="heuristic")

    print("clone / to_dict / restore ...", flush=True)
    figures += state_copy_costs(
        "baghdad",
        {"players": 6},
        seeds=2 if quick else 4,
        every=200,
        loops=10 if quick else 100,
        repeats=repeats,
    )

    print("heuristic bot move time ...", flush=True)
    figures += bot_move_time("baghdad", {"players": 6}, "heuristic", heuristic_games, repeats)

    report("baghdad", figures, args, settings)


if __name__ == "__main__":
    main()
