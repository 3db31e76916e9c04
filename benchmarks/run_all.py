"""Run every benchmarks/bench_*.py in turn, each in its own process.

    .venv/bin/python benchmarks/run_all.py                  # full figures
    .venv/bin/python benchmarks/run_all.py --quick          # smoke run
    .venv/bin/python benchmarks/run_all.py --json all.json  # one JSON file: {bench: figures}

Other arguments (--quick, --repeats N) are passed on to every script. ``-k TEXT`` runs only
the scripts whose name contains TEXT.
"""

from __future__ import annotations

import argparse
import json
import subprocess
import sys
import tempfile
import time
from pathlib import Path

HERE = Path(__file__).resolve().parent


def _shown(path: Path) -> str:
    """The path as short as possible, so the printed commands can be copied."""
    try:
        return str(path.relative_to(Path.cwd()))
    except ValueError:
        return str(path)


def main(argv: list[str] | None = None) -> int:
    p = argparse.ArgumentParser(description="run every benchmarks/bench_*.py")
    p.add_argument("--json", metavar="FILE", type=Path, help="merge every script's JSON here")
    p.add_argument("-k", metavar="TEXT", default="", help="only scripts whose name contains TEXT")
    args, passthrough = p.parse_known_args(argv)

    scripts = sorted(s for s in HERE.glob("bench_*.py") if args.k in s.stem)
    if not scripts:
        print(f"no benchmarks/bench_*.py matches {args.k!r}", file=sys.stderr)
        return 2
    merged: dict[str, object] = {}
    failed: list[str] = []
    with tempfile.TemporaryDirectory() as tmp:
        for script in scripts:
            cmd = [sys.executable, _shown(script), *passthrough]
            out = Path(tmp) / f"{script.stem}.json"
            if args.json is not None:
                cmd += ["--json", str(out)]
            print(f"=== {script.name}", flush=True)
            start = time.perf_counter()
            code = subprocess.call(cmd)
            print(f"=== {script.name}: exit {code} in {time.perf_counter() - start:.1f} s\n")
            if code != 0:
                failed.append(script.name)
            elif args.json is not None and out.exists():
                merged[script.stem.removeprefix("bench_")] = json.loads(out.read_text())
    if args.json is not None:
        args.json.write_text(json.dumps(merged, indent=1) + "\n", encoding="utf-8")
        print(f"wrote {args.json}")
    if failed:
        print(f"failed: {', '.join(failed)}", file=sys.stderr)
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
