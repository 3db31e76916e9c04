"""Speed of The First Jihad (Basic and Advanced Game) through the public API.

    .venv/bin/python benchmarks/bench_jihad.py            # full run
    .venv/bin/python benchmarks/bench_jihad.py --quick    # smoke run, a few seconds
    .venv/bin/python benchmarks/bench_jihad.py --json jihad.json

Figures (see benchmarks/README.md): complete random games per second and decisions per
second; clone(), to_dict() and restore() cost on mid-game states; heuristic bot move time.
"""

from __future__ import annotations

import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

from _bench import Figure, bot_move_time, parser, playout_rate, report, state_copy_costs


def main(argv: list[str] | None = None) -> None:
    args = parser(__doc__.splitlines()[0]).parse_args(argv)
    quick = args.quick
    repeats = 2 if quick else args.repeats
    games = 20 if quick else 200
    heuristic_games = 3 if quick else 15
    settings = {"repeats": repeats, "random_games": games, "heuristic_games": heuristic_games, "quick": quick}
    figures: list[Figure] = []
    print("random playouts ...", flush=True)
    rate, dps = playout_rate("jihad", {}, games, repeats)
    figures += [rate, dps]
    print("random playouts, Advanced Game ...", flush=True)
    figures += playout_rate("jihad", {"advanced": True}, games // 2, repeats)
    print("clone / to_dict / restore ...", flush=True)
    figures += state_copy_costs(
        "jihad", {}, seeds=2 if quick else 6, every=40, loops=20 if quick else 200, repeats=repeats
    )
    print("heuristic bot move time ...", flush=True)
    figures += bot_move_time("jihad", {}, "heuristic", heuristic_games, repeats)
    figures += bot_move_time("jihad", {"advanced": True}, "heuristic", heuristic_games, repeats)
    report("jihad", figures, args, settings)


if __name__ == "__main__":
    main()
