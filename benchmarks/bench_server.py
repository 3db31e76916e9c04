"""Load on the web server: many games at once, each with bots and simulated people, against
one ``consim serve`` process on localhost, on SQLite and on PostgreSQL.

    .venv/bin/python benchmarks/bench_server.py                    # 200 games, both databases
    .venv/bin/python benchmarks/bench_server.py --quick            # 20 games, a smoke run
    .venv/bin/python benchmarks/bench_server.py --db sqlite --games 200 --seconds 90

Each game has one or two seats played by simulated people and the others by heuristic bots
(Iraq with 2 and 3 players, Battle for Baghdad with 3, The First Jihad alone). A simulated
person keeps the page's live stream open, reads its page (the JSON) when the stream says the
game changed, and when it is its turn waits a moment (``--think``, uniform between 0 and twice
the mean) and then takes a legal action at random (the answer is its page after the action).
People arrive one by one over the first ``--ramp`` seconds.
The run is bounded in time (``--seconds``) and in count (``--actions`` per person).

Figures, in wall-clock time on the whole machine (the server and these clients share it):
actions per second (the people's actions the server carried out; the bots' moves are done
inside those requests), and the latency of one action (POST to answer, which includes the
bots' replies and the commit) at the median and the 99th percentile; the same for reading a
page. Goal: p99 of an action at most 50 ms on both databases.
"""

from __future__ import annotations

import asyncio
import os
import random
import signal
import sys
import tempfile
import time
from collections.abc import Iterator
from contextlib import contextmanager, suppress
from pathlib import Path
from typing import Any

import httpx

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE))
sys.path.insert(1, str(HERE.parent))

from _bench import Figure, parser, percentile, report  # noqa: E402

from consim.server.process import running_server  # noqa: E402

#: the games of the mix: (game, options, who plays each seat), taken in turn
MIX: list[tuple[str, dict[str, Any], dict[str, str]]] = [
    ("iraq", {"players": 2}, {"US": "human", "Insurgent": "heuristic"}),
    ("iraq", {"players": 3}, {"Sunni": "human", "Shia": "human", "Kurd": "heuristic"}),
    ("baghdad", {"players": 3}, {"Shiite": "human", "Sunni": "heuristic", "Government": "heuristic"}),
    ("jihad", {}, {"player": "human"}),
]


@contextmanager
def _server(db: str) -> Iterator[tuple[str, int]]:
    """``consim serve`` over ``db`` on a free port: its address and process number; what it
    said of errors is printed when it stops."""
    with running_server(db) as server:
        yield server.base, server.pid
        server.stop(signal.SIGTERM, timeout=10)
        problems = [line for line in server.output().splitlines() if "Error" in line or "Traceback" in line]
        if problems:
            print(f"the server said: {problems[:5]}")


class Tally:
    """What the simulated people saw."""

    def __init__(self) -> None:
        self.actions: list[float] = []  # seconds per accepted action
        self.reads: list[float] = []  # seconds per page read
        self.conflicts = 0  # 409: another person of the same game acted first
        self.errors: list[str] = []
        self.finished = 0
        self.retries = 0  # a kept-alive connection the server had just closed: asked again
        self.rate = 0.0  # accepted actions per second over the run
        self.server_cpu = 0.0  # seconds of CPU the server process used during the run
        self.client_cpu = 0.0  # seconds of CPU these simulated people used


async def _send(
    client: httpx.AsyncClient, tally: Tally, method: str, url: str, stream: bool = False, **kw: Any
) -> httpx.Response:
    """One request, asked again (at most twice) if the server had just closed the kept-alive
    connection it went on; an action asked twice is safe: its expected version refuses it."""
    for attempt in range(3):
        try:
            return await client.send(client.build_request(method, url, **kw), stream=stream)
        except httpx.TransportError:
            if attempt == 2:
                raise
            tally.retries += 1
    raise AssertionError("unreachable")


async def _person(
    client: httpx.AsyncClient, gid: int, link: str, tally: Tally, args: Any, stop: float, seed: int
) -> None:
    """One simulated person: follows the game's live stream, acts when it is its turn."""
    rng = random.Random(seed)
    token = link.rsplit("/", 1)[1]
    url = f"/api/games/{gid}/seat/{token}"
    done = 0
    await asyncio.sleep(rng.uniform(0, args.ramp))  # people arrive one by one, not all at once
    events = await _send(client, tally, "GET", f"/games/{gid}/events", stream=True, timeout=None)
    try:
        lines = events.aiter_lines()
        page: dict[str, Any] | None = None
        while time.monotonic() < stop and done < args.actions:
            if page is None:
                start = time.perf_counter()
                r = await _send(client, tally, "GET", url)
                tally.reads.append(time.perf_counter() - start)
                page = r.json()
            if page["over"]:
                tally.finished += 1
                return
            if not page["your_turn"]:
                # wait for the stream to announce a newer revision (or the end of the run)
                with suppress(TimeoutError):
                    async with asyncio.timeout(max(0.0, stop - time.monotonic())):
                        async for line in lines:
                            if line.startswith("data:") and int(line[5:]) > page["revision"]:
                                break
                page = None
                continue
            await asyncio.sleep(rng.uniform(0, 2 * args.think))
            if time.monotonic() >= stop:
                return
            body = {"action": rng.choice(page["actions"]), "expect_version": page["version"]}
            start = time.perf_counter()
            r = await _send(client, tally, "POST", f"{url}/action", json=body)
            spent = time.perf_counter() - start
            page = None
            if r.status_code == 200:
                tally.actions.append(spent)
                done += 1
                page = r.json()  # the answer is the page after the action (and the bots' replies)
            elif r.status_code == 409:
                tally.conflicts += 1
            else:
                tally.errors.append(f"{r.status_code} {r.text[:200]}")
                return
    finally:
        await events.aclose()


def _cpu(pid: int) -> float:
    """Seconds of CPU a process has used (Linux: /proc), 0 where that cannot be read."""
    try:
        fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    except OSError:
        return 0.0
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


async def _load(base: str, pid: int, args: Any, seed: int) -> tuple[Tally, float]:
    limits = httpx.Limits(max_connections=2_000, max_keepalive_connections=2_000)
    async with httpx.AsyncClient(base_url=base, timeout=60, limits=limits) as client:
        people = []
        for i in range(args.games):
            game, options, players = MIX[i % len(MIX)]
            r = await client.post(
                "/api/games",
                json={"game": game, "options": options, "players": players, "seed": seed * 10_000 + i},
            )
            r.raise_for_status()
            made = r.json()
            people += [(made["game_id"], link) for link in made["seats"].values()]
        tally = Tally()
        cpu = (_cpu(pid), time.process_time())
        start = time.monotonic()
        stop = start + args.seconds
        await asyncio.gather(
            *(
                _person(client, gid, link, tally, args, stop, seed * 100_000 + n)
                for n, (gid, link) in enumerate(people)
            )
        )
        tally.server_cpu = _cpu(pid) - cpu[0]
        tally.client_cpu = time.process_time() - cpu[1]
        return tally, min(time.monotonic(), stop) - start


def _run(db_name: str, db: str, args: Any, seed: int) -> Tally:
    with _server(db) as (base, pid):
        tally, elapsed = asyncio.run(_load(base, pid, args, seed))
    ms = [t * 1000 for t in tally.actions]
    reads = [t * 1000 for t in tally.reads]
    print(
        f"{db_name}: {len(ms)} actions in {elapsed:.1f} s = {len(ms) / elapsed:.1f}/s; action p50 "
        f"{percentile(ms, 0.5):.1f} ms, p99 {percentile(ms, 0.99):.1f} ms; page p50 "
        f"{percentile(reads, 0.5):.1f} ms, p99 {percentile(reads, 0.99):.1f} ms; "
        f"{tally.conflicts} conflicts, {len(tally.errors)} errors, {tally.retries} requests asked again, "
        f"{tally.finished} people saw their game end",
        flush=True,
    )
    if ms:
        print(
            f"  CPU: the server {tally.server_cpu:.1f} s "
            f"({1000 * tally.server_cpu / len(ms):.1f} ms an action, "
            f"page reads and streams included), these people {tally.client_cpu:.1f} s, in {elapsed:.1f} s"
        )
    for e in tally.errors[:3]:
        print(f"  error: {e}")
    tally.rate = len(ms) / elapsed
    return tally


def main() -> int:
    p = parser("load on one consim server: many games at once, actions/s and latency")
    p.set_defaults(repeats=1)
    p.add_argument("--db", choices=["sqlite", "postgresql", "both"], default="both")
    p.add_argument("--games", type=int, default=200, help="games at once (default 200)")
    p.add_argument("--seconds", type=float, default=60.0, help="length of the run (default 60)")
    p.add_argument("--actions", type=int, default=50, help="most actions a person takes (default 50)")
    p.add_argument("--think", type=float, default=10.0, help="a person's mean thinking time, s (default 10)")
    p.add_argument(
        "--ramp", type=float, default=10.0, help="people arrive over this many seconds (default 10)"
    )
    args = p.parse_args()
    if args.quick:
        args.games, args.seconds = min(args.games, 20), min(args.seconds, 15.0)
    figures: dict[str, Figure] = {}

    def add(name: str, unit: str, value: float, higher: bool, note: str = "") -> None:
        figures.setdefault(name, Figure(name, unit, [], higher_is_better=higher, note=note)).values.append(
            value
        )

    databases = ["sqlite", "postgresql"] if args.db == "both" else [args.db]
    for name in databases:
        for repeat in range(args.repeats):
            if name == "sqlite":
                with tempfile.TemporaryDirectory(prefix="consim-bench-") as folder:
                    tally = _run(name, str(Path(folder) / "games.db"), args, repeat + 1)
            else:
                from tests.server.pg import postgresql

                with postgresql("consim_bench") as url:
                    tally = _run(name, url, args, repeat + 1)
            ms = [t * 1000 for t in tally.actions]
            reads = [t * 1000 for t in tally.reads]
            add(f"{name} actions/s", "actions/s", tally.rate, True, f"{args.games} games")
            add(f"{name} action p50", "ms", percentile(ms, 0.5), False)
            add(f"{name} action p99", "ms", percentile(ms, 0.99), False, "goal: at most 50 ms")
            add(f"{name} page read p50", "ms", percentile(reads, 0.5), False)
            add(f"{name} page read p99", "ms", percentile(reads, 0.99), False)
            if ms:
                add(f"{name} server CPU an action", "ms", 1000 * tally.server_cpu / len(ms), False)
    settings = {
        k: getattr(args, k) for k in ("db", "games", "seconds", "actions", "think", "ramp", "repeats")
    }
    report("server", list(figures.values()), args, settings)
    return 0


if __name__ == "__main__":
    sys.exit(main())
