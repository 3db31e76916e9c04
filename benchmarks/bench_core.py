"""Costs of the engine itself, apart from any game's rules.

    .venv/bin/python benchmarks/bench_core.py            # full run
    .venv/bin/python benchmarks/bench_core.py --quick    # smoke run

Figures: clone(), to_dict() and Game.restore() of a synthetic position the size of Fitna's
(115 spaces, 250 units, 100 cards, six factions; see ``_synthetic.py``), and the core's own
cost per decision (a game whose one decision does nothing, played by the random bot).
"""

from __future__ import annotations

import contextlib
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

from _bench import Figure, parser, per_call_us, report, timed
from _synthetic import SyntheticGame, synthetic_state

from consim.bots.driver import bots_for, play_out


def _null_decisions_per_second(repeats: int, decisions: int) -> list[float]:
    """The engine and driver cost per decision: the synthetic game's ``Play`` decision moves
    one unit, and the game never ends, so a bounded play-out measures the loop itself."""
    game = SyntheticGame()

    def run() -> None:
        state = game.new_game(1)
        with contextlib.suppress(RuntimeError):  # the step limit: the synthetic game has no end
            play_out(state, bots_for(game, "random", 1), max_steps=decisions)

    run()
    return [decisions / timed(run) for _ in range(repeats)]


def main(argv: list[str] | None = None) -> None:
    args = parser(__doc__.splitlines()[0]).parse_args(argv)
    repeats = 2 if args.quick else args.repeats
    loops = 200 if args.quick else 2000
    state = synthetic_state()
    game = state.game
    data = state.to_dict()
    settings = {"repeats": repeats, "loops": loops, "quick": args.quick}
    figures = [
        Figure(
            "clone() Fitna-sized",
            "µs",
            per_call_us(lambda s: s.clone(), [state], loops, repeats),
            higher_is_better=False,
            note="115 spaces, 250 units, 100 cards; target <= 30",
        ),
        Figure(
            "to_dict() Fitna-sized",
            "µs",
            per_call_us(lambda s: s.to_dict(), [state], loops // 10, repeats),
            higher_is_better=False,
        ),
        Figure(
            "restore() Fitna-sized",
            "µs",
            per_call_us(game.restore, [data], loops // 10, repeats),
            higher_is_better=False,
            note="every value checked against its type",
        ),
        Figure(
            "engine decisions/s",
            "decisions/s",
            _null_decisions_per_second(repeats, 5_000 if args.quick else 50_000),
            note="random bot, a decision whose rules move one unit: the core's own cost",
        ),
    ]
    report("core", figures, args, settings)


if __name__ == "__main__":
    main()
