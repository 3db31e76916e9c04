"""Golden games: fixed seeds played by the random and heuristic bots, kept as a record of each
game's behaviour (every action, every log entry, the outcome, views along the way and every
seat's final view).

``python -m tests.golden.golden [GAME ...]`` writes ``tests/golden/<game>.jsonl.gz`` (one game a
line); ``test_golden.py`` plays the same games and compares. A change that alters a game on purpose
regenerates the file and says why in its commit.
"""

from __future__ import annotations

import gzip
import json
import sys
from functools import cache
from pathlib import Path
from typing import Any

import consim
from consim.bots.driver import bots_for
from consim.core.registry import game_class

HERE = Path(__file__).resolve().parent
RANDOM_SEEDS = range(4)
HEURISTIC_SEEDS = range(2)
VIEW_EVERY = 40


def play(name: str, opts: dict[str, Any], bot: str, seed: int) -> dict[str, Any]:
    game = consim.load_game(name, **opts)
    state = game.new_game(seed)
    bots = bots_for(game, bot, seed)
    views: list[Any] = []
    steps = 0
    while not state.is_over():
        seat = state.to_act()[0]
        actions = state.legal_actions(seat)
        view = state.view(seat)
        if steps % VIEW_EVERY == 0:
            views.append([seat, view, [a.text for a in actions]])
        state.apply(seat, bots[seat].choose(view, actions))
        steps += 1
    out = state.outcome()
    assert out is not None
    return {
        "options": opts,
        "bot": bot,
        "seed": seed,
        "actions": [list(a) for a in state.record().actions],
        "log": [[e.text, e.rule, None if e.audience is None else sorted(e.audience)] for e in state.log],
        "outcome": out.to_dict(),
        "views": views,
        "final_views": {str(s): state.view(s) for s in [None, *game.seats]},
    }


def games(name: str) -> list[tuple[dict[str, Any], str, int]]:
    return [
        (opts, bot, seed)
        for opts in game_class(name).variants()
        for bot, seeds in (("random", RANDOM_SEEDS), ("heuristic", HEURISTIC_SEEDS))
        for seed in seeds
    ]


def path(name: str) -> Path:
    return HERE / f"{name}.jsonl.gz"


@cache
def _lines(name: str) -> list[str]:
    """The recorded games of ``name`` as JSON text, one a line, read once per process: counting
    them (the tests' parameters) or taking one decodes nothing else. Decoding every game of every
    file took about 8 s in each test process, and the objects kept made every garbage collection
    of the run slower."""
    with gzip.open(path(name), "rt", encoding="utf-8") as f:
        return f.read().splitlines()


def count(name: str) -> int:
    """How many games of ``name`` are recorded."""
    return len(_lines(name))


def load(name: str, index: int) -> dict[str, Any]:
    """Recorded game number ``index`` of ``name``."""
    record: dict[str, Any] = json.loads(_lines(name)[index])
    return record


def normal(data: Any) -> Any:
    """JSON round trip, so tuples and lists compare equal."""
    return json.loads(json.dumps(data))


def main(names: list[str]) -> None:
    for name in names or consim.list_games():
        records = [normal(play(name, o, b, s)) for o, b, s in games(name)]
        with gzip.open(path(name), "wt", encoding="utf-8", compresslevel=9) as f:
            f.writelines(json.dumps(r, separators=(",", ":")) + "\n" for r in records)
        print(f"{name}: {len(records)} games -> {path(name)} ({path(name).stat().st_size // 1024} KiB)")


if __name__ == "__main__":
    main(sys.argv[1:])
