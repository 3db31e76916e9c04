"""Load on the web server: many games at once, each with bots and simulated people, against
``consim serve`` (its web processes and bot worker processes) on localhost, on SQLite and on
PostgreSQL (fsync on, as a real server runs it).

    .venv/bin/python benchmarks/bench_server.py                         # browsers, both databases
    .venv/bin/python benchmarks/bench_server.py --quick                 # 20 games, a smoke run
    .venv/bin/python benchmarks/bench_server.py --db postgresql --workers 2 --seconds 120
    .venv/bin/python benchmarks/bench_server.py --client json           # programs, not browsers
    .venv/bin/python benchmarks/bench_server.py --db postgresql --seconds 2700 --warmup 0 \
        --think 1 --actions 100000 --total-actions 68400 --renew        # an hour's worth of moves

Each game has one or two seats played by simulated people and the others by heuristic bots
(Iraq with 2 and 3 players, Battle for Baghdad with 3, The First Jihad alone, Fitna's
scenario 1). A simulated person keeps the game's live stream open and waits a moment when it is
its turn (``--think``, uniform between 0 and twice the mean) before taking a legal action at
random. People arrive one by one over the first ``--ramp`` seconds. The run is bounded in time
(``--seconds``) and in count (``--actions`` per person). It is measured after ``--warmup``
seconds of the same load, which are not counted: what is measured is a server that has been up
a while. A web process restores a game (3-12 ms of CPU) the first time it serves it, and which
process serves a request depends on its connection, which the server closes after 5 idle
seconds; in the first minute every process meets most games for the first time. With
``--renew`` a table whose game has ended starts another (same game, options and players), so
that a long run keeps its games going; a run of five minutes or more says every minute how far
it has gone and how much memory the server's processes hold.

Two kinds of people (``--client``):

- ``browser`` (the default) does what a browser on the seat's page does with the page's
  script: it loads the page (HTML, with the board's picture in it), fetches the page's
  fragment (picture included) each time the live stream announces a change it has not shown,
  and acts by posting the button's form as the script does, whose answer is the table after
  the move (the fragment; a browser without the script is sent to the page instead); as the
  script does, it names the picture's fixed layers it already holds, which are then left out;
- ``json`` reads its page as JSON when the stream announces a change, and acts through the JSON
  API (its answer is the page after the action).

Figures, in wall-clock time on the whole machine (the server and these clients share it): the
people's actions per second, and the latency of every request at the median and the 99th
percentile, overall and per kind (an action's post; a page or fragment read). Goal: p99 of a
request at most 50 ms at 200 active games (browsers, PostgreSQL). Then, from the processes'
own counters: the CPU the web and bot processes used during the run, per action; the CPU of one
page read, measured alone after the run (every person reads its page ``--reads`` times, nothing
else happening); and the memory (resident) of the server's processes at the end.
"""

from __future__ import annotations

import asyncio
import html
import json
import os
import random
import re
import signal
import sys
import tempfile
import time
from collections.abc import Iterator, Mapping
from contextlib import contextmanager, suppress
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import aiohttp
import httpx

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE))
sys.path.insert(1, str(HERE.parent))

from _bench import Figure, parser, percentile, report  # noqa: E402

from consim.server.process import ServerProcess, running_server  # noqa: E402

#: the games of the mix: (game, options, who plays each seat), taken in turn
MIX: list[tuple[str, dict[str, Any], dict[str, str]]] = [
    ("iraq", {"players": 2}, {"US": "human", "Insurgent": "heuristic"}),
    ("iraq", {"players": 3}, {"Sunni": "human", "Shia": "human", "Kurd": "heuristic"}),
    ("baghdad", {"players": 3}, {"Shiite": "human", "Sunni": "heuristic", "Government": "heuristic"}),
    ("jihad", {}, {"player": "human"}),
    ("fitna", {"scenario": 1}, {"Syria": "human", "Rebels": "heuristic"}),
]

#: what the page's script sends with a form of the server's own page (a seat's page has no
#: referrer), asking for the table after the move as the answer
_FORM_HEADERS = {"sec-fetch-site": "same-origin", "origin": "null", "x-consim-answer": "fragment"}

_ACTION = re.compile(r'name="action" value="([^"]*)"')
_VERSION = re.compile(r'name="expect_version" value="(\d+)"')
_REVISION = re.compile(r'data-revision="(\d+)"')
#: a fixed layer of the picture, drawn whole (svgkit.layer), which the page then keeps
_LAYER = re.compile(r'data-layer="([0-9a-f]{16})">')
_YOURS = re.compile(r'data-your-turn="(yes|no)"')
_OVER = "The game is over."
_SERVER_TIMING = re.compile(r"app;dur=([\d.]+)")


@dataclass
class Shown:
    """What a person's page shows: the game's revision and version, and its legal actions."""

    revision: int
    version: int
    your_turn: bool
    over: bool
    actions: list[str]

    @classmethod
    def from_json(cls, page: dict[str, Any]) -> Shown:
        return cls(page["revision"], page["version"], page["your_turn"], page["over"], page["actions"])

    @classmethod
    def from_html(cls, text: str) -> Shown:
        revisions = _REVISION.findall(text)
        versions = _VERSION.findall(text)
        yours = _YOURS.search(text)
        return cls(
            revision=int(revisions[-1]) if revisions else -1,
            version=int(versions[0]) if versions else -1,
            your_turn=bool(yours and yours.group(1) == "yes"),
            over=_OVER in text,
            actions=[html.unescape(a) for a in _ACTION.findall(text)],
        )


@dataclass
class Tally:
    """What the simulated people saw."""

    latency: dict[str, list[float]] = field(default_factory=dict)  # seconds, per kind of request
    by_game: dict[str, list[float]] = field(default_factory=dict)  # seconds, per game of the mix
    #: seconds the server says it took to begin each answer (Server-Timing), per kind
    server: dict[str, list[float]] = field(default_factory=dict)
    actions: int = 0
    conflicts: int = 0  # 409: another person of the same game acted first
    errors: list[str] = field(default_factory=list)
    finished: int = 0
    retries: int = 0  # a kept-alive connection the server had just closed: asked again
    renewed: int = 0  # games started after the first ones (--renew)
    #: the run ends when the people have made this many actions (measured ones; 0: no bound)
    budget: int = 0
    spent: asyncio.Event = field(default_factory=asyncio.Event)
    #: requests begun before this moment (time.monotonic) are the warm-up's: not counted
    since: float = 0.0

    def counting(self) -> bool:
        return time.monotonic() >= self.since

    def add(self, kind: str, game: str, seconds: float) -> None:
        self.latency.setdefault(kind, []).append(seconds)
        self.by_game.setdefault(game, []).append(seconds)

    def all(self) -> list[float]:
        return [t for times in self.latency.values() for t in times]


@dataclass
class _Answer:
    """An answer of the server, read whole."""

    status_code: int
    text: str
    headers: Mapping[str, str]

    def json(self) -> Any:
        return json.loads(self.text)


async def _send(session: aiohttp.ClientSession, tally: Tally, method: str, url: str, **kw: Any) -> _Answer:
    """One request, read whole, asked again (at most twice) if the server had just closed the
    kept-alive connection it went on; an action asked twice is safe: its expected version
    refuses it."""
    for attempt in range(3):
        try:
            async with session.request(method, url, allow_redirects=False, **kw) as r:
                return _Answer(r.status, await r.text(), r.headers)
        except aiohttp.ClientConnectionError:
            if attempt == 2:
                raise
            tally.retries += 1
    raise AssertionError("unreachable")


async def _timed(person: _Person, kind: str, method: str, url: str, **kw: Any) -> _Answer:
    counted = person.tally.counting()
    start = time.perf_counter()
    r = await _send(person.session, person.tally, method, url, **kw)
    if not counted:
        return r
    person.tally.add(kind, person.game, time.perf_counter() - start)
    took = _SERVER_TIMING.search(r.headers.get("server-timing", ""))
    if took:
        person.tally.server.setdefault(kind, []).append(float(took.group(1)) / 1000)
    return r


class _Table:
    """A table of the mix: its game and, with ``--renew``, the games after it. When its game
    ends, the first of its people to see that starts the next one there, with the same game,
    options and players (and a seed of its own); its people then play that one."""

    def __init__(self, client: httpx.AsyncClient, number: int, seed: int, tally: Tally) -> None:
        self.client = client
        self.game, self.options, self.players = MIX[number % len(MIX)]
        self.number = number
        self.seed = seed
        self.tally = tally
        self.played = 0  # games started at this table
        self.gid = -1
        self.links: dict[str, str] = {}
        self._starting = asyncio.Lock()

    @property
    def name(self) -> str:
        return f"{self.game} {_options(self.options)}"

    async def start(self) -> None:
        seed = self.seed * 10_000 + self.number + 1_000_000 * self.played
        body = {"game": self.game, "options": self.options, "players": self.players, "seed": seed}
        r = await self.client.post("/api/games", json=body)
        r.raise_for_status()
        made = r.json()
        self.gid, self.links = made["game_id"], made["seats"]
        self.played += 1

    async def after(self, gid: int) -> None:
        """The game ``gid`` has ended: the next one is started (once, whoever asks first)."""
        async with self._starting:
            if self.gid == gid:
                await self.start()
                self.tally.renewed += 1


class _Person:
    """One simulated person at one seat: reads what it is shown, acts when it is its turn."""

    def __init__(self, base: str, table: _Table, seat: str, tally: Tally, args: Any) -> None:
        self.table = table
        self.seat = seat
        self.game = table.name
        # a browser's few connections of its own to one site: the live stream and requests
        # beside it (one client shared by hundreds of people spent most of the benchmark's
        # own CPU matching requests to its pool's connections: the latencies it measured were
        # its own queue, not the server's). aiohttp, whose HTTP parser is compiled: httpx
        # added about 3 ms of its own to each read of a large page (238 KiB: 4.6 ms against
        # 1.6 ms over the server's time, measured one read after another)
        self.session = aiohttp.ClientSession(
            base, connector=aiohttp.TCPConnector(limit=4), timeout=aiohttp.ClientTimeout(total=300)
        )
        self.tally = tally
        self.args = args
        self.browser = args.client == "browser"
        self._join()
        #: the picture's fixed layers the page shows (svgkit.layer), which the page's script
        #: names to the server so that they are not sent again
        self.layers: set[str] = set()

    def _join(self) -> None:
        """Play the table's game now (its seat's link)."""
        gid, token = self.table.gid, self.table.links[self.seat].rsplit("/", 1)[1]
        self.gid = gid
        self.page = f"/play/{gid}/{token}" if self.browser else f"/api/games/{gid}/seat/{token}"
        self.events = f"/games/{gid}/events"

    def _held(self, text: str) -> dict[str, str]:
        """The header the page's script sends: the layers it shows, counting those in ``text``."""
        self.layers.update(_LAYER.findall(text))
        return {"x-consim-layers": " ".join(sorted(self.layers))} if self.layers else {}

    async def look(self, first: bool = False) -> Shown:
        if not self.browser:
            r = await _timed(self, "page (JSON)", "GET", self.page)
            return Shown.from_json(r.json())
        if first:
            r = await _timed(self, "page", "GET", self.page)
        else:
            r = await _timed(self, "fragment", "GET", f"{self.page}/fragment", headers=self._held(""))
        self._held(r.text)
        return Shown.from_html(r.text)

    async def act(self, action: str, shown: Shown) -> Shown | None:
        """Take ``action``; what the page shows afterwards (None: refused, look again)."""
        if not self.browser:
            body = {"action": action, "expect_version": shown.version}
            r = await _timed(self, "action (JSON)", "POST", f"{self.page}/action", json=body)
            if r.status_code == 200:
                return Shown.from_json(r.json())
        else:
            form = {"action": action, "expect_version": str(shown.version)}
            r = await _timed(
                self,
                "action",
                "POST",
                f"{self.page}/act",
                data=form,
                headers={**_FORM_HEADERS, **self._held("")},
            )
            if r.status_code == 200:
                self._held(r.text)
                return Shown.from_html(r.text)
        if r.status_code == 409:
            self.tally.conflicts += self.tally.counting()
            return None
        self.tally.errors.append(f"{r.status_code} {r.text[:300]}")
        raise _Stop

    async def play(self, stop: float, seed: int) -> None:
        rng = random.Random(seed)
        args = self.args
        done = 0
        await asyncio.sleep(rng.uniform(0, args.ramp))  # people arrive one by one, not all at once
        events = await self.session.get(self.events, timeout=aiohttp.ClientTimeout(total=None))
        try:
            lines = aiter(events.content)
            shown: Shown | None = await self.look(first=True)
            while time.monotonic() < stop and done < args.actions:
                if shown is None:
                    shown = await self.look()
                if shown.over:
                    self.tally.finished += 1
                    if not args.renew:
                        return
                    await self.table.after(self.gid)  # the next game at this table
                    events.close()
                    self._join()
                    events = await self.session.get(self.events, timeout=aiohttp.ClientTimeout(total=None))
                    lines = aiter(events.content)
                    shown = await self.look(first=True)
                    continue
                if not shown.your_turn:
                    # wait for the stream to announce a revision newer than the one shown
                    with suppress(TimeoutError):
                        async with asyncio.timeout(max(0.0, stop - time.monotonic())):
                            async for line in lines:
                                if line.startswith(b"data:") and int(line[5:]) > shown.revision:
                                    break
                    shown = None
                    continue
                await asyncio.sleep(rng.uniform(0, 2 * args.think))
                if time.monotonic() >= stop:
                    return
                shown = await self.act(rng.choice(shown.actions), shown)
                if shown is not None:
                    done += 1
                    self.tally.actions += self.tally.counting()
                    if self.tally.budget and self.tally.actions >= self.tally.budget:
                        self.tally.spent.set()
        except _Stop:
            return
        finally:
            events.close()


def _options(options: dict[str, Any]) -> str:
    return ", ".join(f"{k} {v}" for k, v in options.items())


class _Stop(Exception):
    """A person met an error: it stops playing (the error is counted)."""


# -- the server's processes ------------------------------------------------------------------


def _family(pid: int) -> dict[int, str]:
    """The server's processes (it and its descendants): number -> "web" or "bot"."""
    children: dict[int, list[int]] = {}
    commands: dict[int, str] = {}
    for entry in Path("/proc").iterdir():
        if not entry.name.isdigit():
            continue
        try:
            parent = int((entry / "stat").read_text().rsplit(")", 1)[1].split()[1])
            commands[int(entry.name)] = (entry / "cmdline").read_bytes().decode(errors="replace")
        except OSError:
            continue
        children.setdefault(parent, []).append(int(entry.name))
    found: dict[int, str] = {}
    todo = [pid]
    while todo:
        p = todo.pop()
        command = commands.get(p, "")
        found[p] = (
            "bot"
            if "consim.server.botwork" in command
            else "helper"
            if "resource_tracker" in command
            else "web"
        )
        todo += children.get(p, [])
    return found


def _cpu(pid: int) -> float:
    """Seconds of CPU a process has used (Linux: /proc), 0 where that cannot be read."""
    try:
        fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    except OSError:
        return 0.0
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


def _rss(pid: int) -> int:
    """A process's resident memory, in bytes."""
    try:
        for line in Path(f"/proc/{pid}/status").read_text().splitlines():
            if line.startswith("VmRSS:"):
                return int(line.split()[1]) * 1024
    except OSError:
        pass
    return 0


def _cpu_by_kind(server: ServerProcess) -> dict[str, float]:
    totals: dict[str, float] = {"web": 0.0, "bot": 0.0}
    for pid, kind in _family(server.pid).items():
        if kind in totals:
            totals[kind] += _cpu(pid)
    return totals


@contextmanager
def _server(db: str, args: Any) -> Iterator[ServerProcess]:
    """``consim serve`` over ``db`` on a free port; what it said of errors is printed when it
    stops."""
    options = [
        "--workers",
        str(args.workers),
        "--threads",
        str(args.threads),
        "--bot-workers",
        str(args.bot_workers),
    ]
    with running_server(db, args=options) as server:
        yield server
        server.stop(signal.SIGTERM, timeout=10)
        problems = [line for line in server.output().splitlines() if "Error" in line or "Traceback" in line]
        if problems:
            print(f"the server said: {problems[:5]}")


@dataclass
class Run:
    """One run's figures."""

    tally: Tally
    elapsed: float
    web_cpu: float
    bot_cpu: float
    read_cpu: float  # CPU of one page read, measured alone
    memory: int  # bytes, all the server's processes
    memory_largest: int


async def _load(server: ServerProcess, args: Any, seed: int) -> Run:
    limits = httpx.Limits(max_connections=2_000, max_keepalive_connections=2_000)
    async with httpx.AsyncClient(base_url=server.base, timeout=300, limits=limits) as client:
        people: list[_Person] = []
        tally = Tally()
        for i in range(args.games):
            table = _Table(client, i, seed, tally)
            await table.start()
            people += [_Person(server.base, table, seat, tally, args) for seat in table.links]
        # warm up: every web process loads the games' rules and positions (a few at a time)
        gate = asyncio.Semaphore(4)

        async def warm(person: _Person) -> None:
            async with gate:
                await person.look(first=True)

        for _ in range(2):
            await asyncio.gather(*(warm(p) for p in people))
        tally.latency.clear()
        tally.by_game.clear()
        tally.server.clear()
        print(
            f"{args.games} games made and every page read twice: {args.warmup:.0f} s of load not measured, "
            f"then {args.seconds:.0f} s measured",
            flush=True,
        )
        start = time.monotonic() + args.warmup
        tally.since = start
        stop = start + args.seconds

        async def measured() -> dict[str, float]:
            await asyncio.sleep(args.warmup)
            return _cpu_by_kind(server)

        async def progress() -> None:
            """A long run says every minute how far it has gone and what the server holds."""
            while True:
                await asyncio.sleep(60)
                family = _family(server.pid)
                held = sum(_rss(pid) for pid, kind in family.items() if kind != "helper")
                print(
                    f"  after {(time.monotonic() - start) / 60:.0f} min measured: {tally.actions} actions, "
                    f"{tally.renewed} games started since the first ones, {held / 2**20:.0f} MiB",
                    flush=True,
                )

        began = asyncio.create_task(measured())
        said = asyncio.create_task(progress()) if args.seconds >= 300 else None
        tally.budget = args.total_actions
        playing = asyncio.gather(*(p.play(stop, seed * 100_000 + n) for n, p in enumerate(people)))
        spent = asyncio.create_task(tally.spent.wait())
        await asyncio.wait([playing, spent], return_when=asyncio.FIRST_COMPLETED)
        if not playing.done():  # the budget is spent: whoever is still waiting stops
            playing.cancel()
            with suppress(asyncio.CancelledError):
                await playing
        spent.cancel()
        if said is not None:
            said.cancel()
        elapsed = min(time.monotonic(), stop) - start
        during = _cpu_by_kind(server)
        before = await began
        family = _family(server.pid)
        memory = [_rss(pid) for pid, kind in family.items() if kind != "helper"]
        # the CPU of a page read alone: every person reads its page, one after another
        await asyncio.sleep(1.0)  # (the bots' last moves)
        calm = _cpu_by_kind(server)
        reads = 0
        for _ in range(args.reads):
            for person in people:
                await person.look()
                reads += 1
        read_cpu = (_cpu_by_kind(server)["web"] - calm["web"]) / max(1, reads)
        for person in people:
            await person.session.close()
        return Run(
            tally,
            elapsed,
            during["web"] - before["web"],
            during["bot"] - before["bot"],
            read_cpu,
            sum(memory),
            max(memory, default=0),
        )


def _run(name: str, db: str, args: Any, seed: int) -> Run:
    with _server(db, args) as server:
        run = asyncio.run(_load(server, args, seed))
    t = run.tally
    every = [s * 1000 for s in t.all()]
    print(
        f"{name}: {t.actions} actions in {run.elapsed:.1f} s = {t.actions / run.elapsed:.1f}/s; "
        f"{len(every)} requests, p50 {percentile(every, 0.5):.1f} ms, p99 {percentile(every, 0.99):.1f} ms; "
        f"{t.conflicts} conflicts, {len(t.errors)} errors, {t.retries} requests asked again, "
        f"{t.finished} people saw their game end, {t.renewed} games started after the first ones",
        flush=True,
    )
    for kind, times in sorted(t.latency.items()):
        ms = [s * 1000 for s in times]
        inside = [s * 1000 for s in t.server.get(kind, ())]
        said = (
            f" (in the server: p50 {percentile(inside, 0.5):.1f} ms, p99 {percentile(inside, 0.99):.1f} ms)"
            if inside
            else ""
        )
        p50, p99 = percentile(ms, 0.5), percentile(ms, 0.99)
        print(f"  {kind}: {len(ms)}, p50 {p50:.1f} ms, p99 {p99:.1f} ms{said}")
    for game, times in sorted(t.by_game.items()):
        ms = [s * 1000 for s in times]
        print(f"  {game}: {len(ms)}, p50 {percentile(ms, 0.5):.1f} ms, p99 {percentile(ms, 0.99):.1f} ms")
    if t.actions:
        print(
            f"  CPU: web processes {run.web_cpu:.1f} s ({1000 * run.web_cpu / t.actions:.1f} ms an action, "
            f"page "
            f"reads and streams included), bot workers {run.bot_cpu:.1f} s "
            f"({1000 * run.bot_cpu / t.actions:.1f} ms an action); one page read alone "
            f"{1000 * run.read_cpu:.1f} ms; memory {run.memory / 2**20:.0f} MiB "
            f"(largest process {run.memory_largest / 2**20:.0f} MiB)"
        )
    for e in t.errors[:3]:
        print(f"  error: {e}")
    return run


def main() -> int:
    p = parser("load on consim serve: many games at once, like browsers or programs; latency and cost")
    p.set_defaults(repeats=1)
    p.add_argument("--db", choices=["sqlite", "postgresql", "both"], default="both")
    p.add_argument("--client", choices=["browser", "json"], default="browser", help="what the people are")
    p.add_argument("--games", type=int, default=200, help="games at once (default 200)")
    p.add_argument("--seconds", type=float, default=60.0, help="length of the measured run (default 60)")
    p.add_argument(
        "--warmup",
        type=float,
        default=30.0,
        help="seconds of the same load before the measured run, not counted (default 30)",
    )
    p.add_argument("--actions", type=int, default=50, help="most actions a person takes (default 50)")
    p.add_argument(
        "--total-actions",
        type=int,
        default=0,
        help="end the run when the people have made this many actions in all (default: no bound)",
    )
    p.add_argument(
        "--renew",
        action="store_true",
        help="when a game ends, start another at its table (a long run keeps its 200 games going)",
    )
    p.add_argument("--think", type=float, default=10.0, help="a person's mean thinking time, s (default 10)")
    p.add_argument(
        "--ramp", type=float, default=10.0, help="people arrive over this many seconds (default 10)"
    )
    p.add_argument("--workers", type=int, default=2, help="web processes of the server (default 2)")
    p.add_argument("--bot-workers", type=int, default=1, help="bot worker processes (default 1)")
    p.add_argument(
        "--threads", type=int, default=1, help="requests a web process works on at once (default 1)"
    )
    p.add_argument("--reads", type=int, default=1, help="page reads per person after the run, for their CPU")
    args = p.parse_args()
    if args.quick:
        args.games, args.seconds = min(args.games, 20), min(args.seconds, 15.0)
        args.warmup = min(args.warmup, 5.0)
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
                    run = _run(name, str(Path(folder) / "games.db"), args, repeat + 1)
            else:
                from tests.server.pg import postgresql

                with postgresql("consim_bench", fsync=True) as url:
                    run = _run(name, url, args, repeat + 1)
            t = run.tally
            every = [s * 1000 for s in t.all()]
            add(
                f"{name} actions/s",
                "actions/s",
                t.actions / run.elapsed,
                True,
                f"{args.games} games, {args.client}",
            )
            add(f"{name} request p50", "ms", percentile(every, 0.5), False)
            add(f"{name} request p99", "ms", percentile(every, 0.99), False, "goal: at most 50 ms")
            for kind, times in sorted(t.latency.items()):
                add(f"{name} {kind} p99", "ms", percentile([s * 1000 for s in times], 0.99), False)
            if t.actions:
                add(
                    f"{name} web CPU an action", "ms", 1000 * run.web_cpu / t.actions, False, "reads included"
                )
                add(f"{name} bot CPU an action", "ms", 1000 * run.bot_cpu / t.actions, False)
            add(f"{name} CPU a page read", "ms", 1000 * run.read_cpu, False, "measured alone")
            add(f"{name} memory", "MiB", run.memory / 2**20, False, "all the server's processes at the end")
    settings = {
        k: getattr(args, k)
        for k in (
            "db",
            "client",
            "games",
            "seconds",
            "warmup",
            "actions",
            "total_actions",
            "renew",
            "think",
            "ramp",
            "workers",
            "bot_workers",
            "repeats",
        )
    }
    report("server", list(figures.values()), args, settings)
    return 0


if __name__ == "__main__":
    sys.exit(main())
