"""Speed of Fitna's board picture (``consim.games.fitna.draw.board_for``), scenario by scenario.

    .venv/bin/python benchmarks/bench_fitna_svg.py            # every playable scenario
    .venv/bin/python benchmarks/bench_fitna_svg.py --quick    # smoke run, a few seconds
    .venv/bin/python benchmarks/bench_fitna_svg.py --json fitna_svg.json

Figures (see benchmarks/README.md): the milliseconds of CPU a picture of a seat's view costs,
for mid-game views of random games of every playable scenario (each seat in turn and the
spectator); and, once, the drawing of the unchanging map (its layout, names, links, legend),
which a process pays on its first picture and keeps. Goal: at most 10 ms a picture in every
scenario (issue 27).
"""

from __future__ import annotations

import sys
import time
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent))

from _bench import Figure, parser, report, sample_states, timed

#: the project's goal for one picture (issue 27)
TARGET_MS = 10.0


def static_cost() -> Figure:
    """Seconds to draw the unchanging map once (a fresh copy of the map, so nothing kept)."""
    from consim.core.content import load_model
    from consim.games.fitna.content import CONTENT_DIR, MapFile
    from consim.games.fitna.svg import board_svg

    board = load_model(CONTENT_DIR / "map.yaml", MapFile)
    start = time.process_time()
    board_svg(board)
    took = time.process_time() - start
    return Figure(
        "map drawn once",
        "s",
        [took],
        higher_is_better=False,
        note="layout, names, links and legend, once per process (then kept)",
    )


def picture_cost(scenario: int, seeds: int, every: int, repeats: int) -> Figure:
    """Milliseconds per picture of mid-game views of ``scenario``, every seat and a spectator.
    The counters' faces are forgotten before each repeat, so that every picture draws its
    counters anew (a live page redrawing a position much like the last one costs less)."""
    from consim.games.fitna import svg
    from consim.games.fitna.draw import board_for

    states = sample_states("fitna", {"scenario": scenario}, seeds, every)
    views: list[Any] = []
    for s in states:
        views += [s.view(seat) for seat in (*s.game.seats, None)]
    board_for(views[0])  # the unchanging map, drawn once

    def run() -> None:
        svg._face.cache_clear()
        for view in views:
            board_for(view)

    run()
    ms = [timed(run) / len(views) * 1000 for _ in range(repeats)]
    return Figure(
        f"picture, scenario {scenario}",
        "ms",
        ms,
        higher_is_better=False,
        note=f"{len(views)} views; target <= {TARGET_MS:g} ms",
    )


def main(argv: list[str] | None = None) -> None:
    args = parser(__doc__.splitlines()[0]).parse_args(argv)
    from consim.games.fitna.content import playable_scenarios

    repeats = 2 if args.quick else args.repeats
    seeds, every = (1, 200) if args.quick else (2, 80)
    figures = [static_cost()]
    for scenario in playable_scenarios():
        print(f"pictures, scenario {scenario} ...", flush=True)
        figures.append(picture_cost(scenario, seeds, every, repeats))
    report(
        "fitna_svg", figures, args, {"repeats": repeats, "seeds": seeds, "every": every, "quick": args.quick}
    )


if __name__ == "__main__":
    main()
