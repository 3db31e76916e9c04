"""Speed of the Iraq card game through the public API.

    .venv/bin/python benchmarks/bench_iraq.py            # full run, about a minute
    .venv/bin/python benchmarks/bench_iraq.py --quick    # smoke run, a few seconds
    .venv/bin/python benchmarks/bench_iraq.py --json iraq.json

Figures (see benchmarks/README.md): random playouts per second for 5, 4, 3 and 2 players and
decisions per second; clone(), to_dict() and restore() cost on mid-game states; heuristic
bot move time (mean, median, 95th percentile) including legal_actions and view.
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

#: the project's target for 5-player random playouts on one core
TARGET_GAMES_PER_SECOND = 450


def main(argv: list[str] | None = None) -> None:
    args = parser(__doc__.splitlines()[0]).parse_args(argv)
    quick = args.quick
    repeats = 2 if quick else args.repeats
    games = {5: 15, 4: 15, 3: 20, 2: 30} if quick else {5: 100, 4: 100, 3: 150, 2: 200}
    heuristic_games = 3 if quick else 15
    settings = {
        "repeats": repeats,
        "random_games": games,
        "heuristic_games": heuristic_games,
        "quick": quick,
    }

    figures: list[Figure] = []
    for players in (5, 4, 3, 2):
        print(f"random playouts, {players} players ...", flush=True)
        rate, dps = playout_rate("iraq", {"players": players}, games[players], repeats)
        if players == 5:
            rate.note += f"; target >= {TARGET_GAMES_PER_SECOND}"
        figures += [rate, dps]

    print("clone / to_dict / restore ...", flush=True)
    figures += state_copy_costs(
        "iraq",
        {"players": 5},
        seeds=2 if quick else 6,
        every=150,
        loops=20 if quick else 200,
        repeats=repeats,
    )

    print("heuristic bot move time ...", flush=True)
    figures += bot_move_time("iraq", {"players": 5}, "heuristic", heuristic_games, repeats)

    report("iraq", figures, args, settings)


if __name__ == "__main__":
    main()
