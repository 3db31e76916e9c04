"""What each compiled module is worth: random games per second with every module of
``COMPILED`` (setup.py) compiled, with none, and with all but one.

    .venv/bin/python benchmarks/bench_compiled.py                 # about 10 minutes
    .venv/bin/python benchmarks/bench_compiled.py --quick         # a smoke run
    .venv/bin/python benchmarks/bench_compiled.py --json compiled.json
    .venv/bin/python benchmarks/bench_compiled.py --only consim.core.state,consim.games.iraq.state

Each configuration runs in a process of its own (``CONSIM_PURE`` names the modules it runs as
Python), and the configurations take turns, round after round in a shuffled order, so that a
change in the machine's speed falls on all of them alike. A workload's figure for a
configuration is its best round. A module's worth is how much slower each workload is when
that module alone runs as Python; the spread of the all-compiled rounds shows the noise.
"""

from __future__ import annotations

import argparse
import json
import os
import random
import subprocess
import sys
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent))

from _bench import command_line, machine, parser

ROOT = Path(__file__).resolve().parents[1]

#: the workloads: a game, its options, the bots in every seat, and how many games a repeat plays
WORKLOADS: list[tuple[str, str, dict[str, Any], str, int]] = [
    ("Iraq 5 players", "iraq", {"players": 5}, "random", 200),
    ("First Jihad basic", "jihad", {}, "random", 60),
    ("Baghdad 6 players", "baghdad", {"players": 6}, "random", 20),
    ("Fitna scenario 1", "fitna", {"scenario": 1}, "random", 12),
    ("Iraq, heuristic bots", "iraq", {"players": 5}, "heuristic", 20),
    ("Jihad, heuristic bot", "jihad", {}, "heuristic", 6),
]


def compiled_modules() -> list[str]:
    """The modules this install compiled (``COMPILED`` in setup.py, as ``sources.json`` records
    them)."""
    sources = ROOT / "consim" / "_compiled" / "sources.json"
    if not sources.is_file():
        sys.exit("nothing is compiled here: pip install -e . with a C compiler first")
    return sorted(json.loads(sources.read_text(encoding="utf-8")))


def child(scale: float, repeats: int) -> None:
    """Run in the child process: measure every workload, print one JSON line."""
    from _bench import playout_rate

    from consim import _speedups

    rates = {}
    for label, name, options, bot, games in WORKLOADS:
        rate, _decisions = playout_rate(name, options, max(1, round(games * scale)), repeats, bot)
        rates[label] = rate.best
    print(json.dumps({"rates": rates, "compiled": _speedups.status()["compiled"]}))


def measure(python: list[str] | None, scale: float, repeats: int) -> dict[str, Any]:
    """One round of one configuration: ``python`` lists the modules run as Python (``None``:
    all of them)."""
    env = {**os.environ, "CONSIM_PURE": "1" if python is None else ",".join(python)}
    if python == []:
        env.pop("CONSIM_PURE")
    out = subprocess.run(
        [sys.executable, __file__, "--child", str(scale), str(repeats)],
        env=env,
        capture_output=True,
        text=True,
        check=True,
        cwd=ROOT,
    ).stdout
    result: dict[str, Any] = json.loads(out.strip().splitlines()[-1])
    return result


def main(argv: list[str] | None = None) -> None:
    p = parser(__doc__.splitlines()[0])
    p.add_argument("--rounds", type=int, default=5, help="rounds of every configuration (default 5)")
    p.add_argument(
        "--only",
        metavar="MODULES",
        help="instead of one module at a time, compare all compiled with only these compiled "
        "(comma-separated: consim.core.state,consim.games.iraq.state)",
    )
    p.add_argument("--child", nargs=2, metavar=("SCALE", "REPEATS"), help=argparse.SUPPRESS)
    p.set_defaults(repeats=2)
    args = p.parse_args(argv)
    if args.child:
        child(float(args.child[0]), int(args.child[1]))
        return
    scale, rounds = (0.25, 1) if args.quick else (1.0, args.rounds)
    modules = compiled_modules()
    configs: dict[str, list[str] | None] = {"all compiled": [], "all Python": None}
    if args.only:
        kept = [m.strip() for m in args.only.split(",") if m.strip()]
        unknown = sorted(set(kept) - set(modules))
        if unknown:
            sys.exit(f"not compiled in this install: {', '.join(unknown)}")
        configs[f"only {len(kept)} compiled"] = [m for m in modules if m not in kept]
    else:
        configs.update({f"{m} as Python": [m] for m in modules})
    results: dict[str, list[dict[str, float]]] = {name: [] for name in configs}
    order = list(configs)
    rng = random.Random(1)
    for r in range(rounds):
        rng.shuffle(order)
        for name in order:
            print(f"round {r + 1}/{rounds}: {name} ...", flush=True)
            got = measure(configs[name], scale, args.repeats)
            python = configs[name]
            expected = 0 if python is None else len(modules) - len(python)
            if len(got["compiled"]) != expected:
                sys.exit(
                    f"{name}: ran {len(got['compiled'])} modules compiled, not {expected} (pip install -e .)"
                )
            results[name].append(got["rates"])
    labels = [w[0] for w in WORKLOADS]
    best = {name: {w: max(run[w] for run in runs) for w in labels} for name, runs in results.items()}
    base = best["all compiled"]
    spread = {
        w: (
            max(run[w] for run in results["all compiled"]) / min(run[w] for run in results["all compiled"])
            - 1
        )
        * 100
        for w in labels
    }
    print()
    print("random games per second (best round), and the change against all compiled")
    width = max(len(n) for n in configs)
    print(f"  {'configuration':<{width}}  " + "  ".join(f"{w:>22}" for w in labels))
    for name in configs:
        cells = []
        for w in labels:
            change = (best[name][w] / base[w] - 1) * 100
            cells.append(
                f"{best[name][w]:>10.1f} ({change:+6.1f}%)"
                if name != "all compiled"
                else f"{best[name][w]:>10.1f}          "
            )
        print(f"  {name:<{width}}  " + "  ".join(f"{c:>22}" for c in cells))
    print(f"  {'spread of all compiled':<{width}}  " + "  ".join(f"{spread[w]:>21.1f}%" for w in labels))
    print()
    print("command:", command_line())
    if args.json:
        args.json.write_text(
            json.dumps(
                {
                    "bench": "compiled",
                    "command": command_line(),
                    "machine": machine(),
                    "results": results,
                    "best": best,
                },
                indent=2,
            ),
            encoding="utf-8",
        )


if __name__ == "__main__":
    main()
