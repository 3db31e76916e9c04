"""``consim simulate``: play many games with bots and report win rates.

Example::

    consim simulate iraq --games 200 --jobs 2 --bot heuristic --seat US=random
    consim simulate iraq --players 3 --option civil_war_side=declare --json out.json
    consim simulate fitna --scenario 5 --games 200 --jobs 2 --bot heuristic
    consim simulate jihad --games 5000 --backend ray --parquet jihad.parquet

For games whose seats each reach a victory level (Fitna: minor, major, decisive), the report
also counts how often each seat reached each level, and how often nobody won.
"""

from __future__ import annotations

import time
from pathlib import Path
from typing import Annotated, Any

import typer
from rich.console import Console
from rich.markup import escape
from rich.progress import (
    BarColumn,
    MofNCompleteColumn,
    Progress,
    TaskProgressColumn,
    TextColumn,
    TimeElapsedColumn,
    TimeRemainingColumn,
)
from rich.table import Table

from consim.cli.args import check_scenario, parse_options, parse_seats
from consim.cli.main import app
from consim.core.errors import OptionError
from consim.core.registry import game_class, load_game
from consim.sim.files import import_pyarrow, write_csv, write_json, write_parquet
from consim.sim.levels import LEVEL_ORDER, level_counts, levels_reader
from consim.sim.runner import (
    BACKENDS,
    MissingExtra,
    PointsStats,
    SimulationError,
    Summary,
    resolve_bots,
    run_games,
    summarize,
)


def _pct(x: float) -> str:
    return f"{100 * x:.1f}%"


def _interval(low: float, high: float) -> str:
    return f"{100 * low:.1f}–{100 * high:.1f}%"


def render_summary(console: Console, summary: Summary, title: str) -> None:
    """Print the results table, one table per conflict, and the speed line."""
    unit = summary.unit or "score"
    # a solitaire game with points (The First Jihad) has no winner: only its points and levels
    solitaire = summary.points is not None and len(summary.seats) == 1
    table = Table(title=title, title_justify="left")
    table.add_column("seat", style="bold")
    if not solitaire:
        table.add_column("wins", justify="right")
        table.add_column("win rate", justify="right")
        table.add_column("95% interval", justify="right", style="dim")
    table.add_column(f"mean {unit}", justify="right")
    table.add_column("sd", justify="right", style="dim")
    for s in summary.seats:
        wins = [] if solitaire else [str(s.wins), _pct(s.win_rate), _interval(s.win_low, s.win_high)]
        table.add_row(s.seat, *wins, f"{s.mean_score:.2f}", f"{s.score_sd:.2f}")
    console.print(table)
    if summary.conflicts:
        console.print("A seat's wins count every conflict it won; each conflict's table follows.")
    elif summary.shared:
        console.print(
            f"{summary.shared} of {summary.games} games had several winners; each sharer counts the win."
        )
    for conflict in summary.conflicts:
        ct = Table(title=conflict.name, title_justify="left")
        ct.add_column("seat", style="bold")
        ct.add_column("wins", justify="right")
        ct.add_column("win rate", justify="right")
        ct.add_column("95% interval", justify="right", style="dim")
        for cs in conflict.seats:
            ct.add_row(cs.seat, str(cs.wins), _pct(cs.win_rate), _interval(cs.win_low, cs.win_high))
        ct.caption = f"shared wins: {conflict.shared} of {conflict.games} games"
        console.print(ct)
    if summary.points is not None:
        render_points(console, summary.points)
    if summary.length is not None:
        ln = summary.length
        console.print(
            f"game length: {ln.mean:.1f} turns on average (shortest {ln.shortest}, longest {ln.longest})"
        )
    if summary.endings:
        endings = ", ".join(f"{e}: {n} ({_pct(n / summary.games)})" for e, n in summary.endings)
        console.print(f"endings: {endings}", soft_wrap=True)
    console.print(
        f"{summary.games} games in {summary.seconds:.2f} s: "
        f"[bold]{speed(summary.games, summary.seconds)}[/bold], "
        f"{summary.mean_decisions:.1f} decisions per game on average."
    )


def speed(games: int, seconds: float) -> str:
    """Games per second in words that never read 0.0 for a slow batch: seconds per game when
    a game takes longer than a second.

    >>> speed(400, 2.0), speed(3, 40.0), speed(1, 0.0)
    ('200.0 games/s', '13.3 s per game', '1 game')
    """
    if seconds <= 0 or games <= 0:
        return f"{games} game{'s' if games != 1 else ''}"
    rate = games / seconds
    if rate >= 1:
        return f"{rate:.1f} games/s"
    return f"{seconds / games:.1f} s per game"


def render_points(console: Console, points: PointsStats) -> None:
    """The distribution of the game's own points (e.g. Outcome Points) and the levels reached."""
    console.print(
        f"points over {points.games} games: median {points.median:g}, mean {points.mean:.1f}, "
        f"lowest {points.low:g}, highest {points.high:g}"
    )
    lt = Table(title="levels reached", title_justify="left")
    lt.add_column("level", style="bold")
    lt.add_column("games", justify="right")
    lt.add_column("share", justify="right")
    for level, n in points.levels:
        lt.add_row(level, str(n), _pct(n / points.games))
    console.print(lt)


def render_levels(console: Console, counts: dict[str, Any]) -> None:
    """The victory levels table: one row a seat, one column a level (share of the games)."""
    games = counts["games"] or 1
    table = Table(title="victory levels reached", title_justify="left")
    table.add_column("seat", style="bold")
    for level in reversed(LEVEL_ORDER):
        table.add_column("no victory" if level == "none" else level, justify="right")
    for seat, row in counts["seats"].items():
        table.add_row(seat, *(f"{row[lv]} ({_pct(row[lv] / games)})" for lv in reversed(LEVEL_ORDER)))
    console.print(table)
    console.print(
        f"nobody wins (stalemate): {counts['nobody']} ({_pct(counts['nobody'] / games)}); "
        f"several seats win: {counts['several']} ({_pct(counts['several'] / games)})"
    )


def _fail(err: Console, message: str) -> None:
    err.print(f"[red]error:[/red] {escape(message)}", highlight=False, soft_wrap=True)
    raise typer.Exit(2)


@app.command()
def simulate(
    game: Annotated[str, typer.Argument(help="the game to simulate (see 'consim list')")],
    games: Annotated[int, typer.Option("--games", "-n", min=1, help="how many games")] = 100,
    jobs: Annotated[
        int | None,
        typer.Option(
            "--jobs",
            "-j",
            min=0,
            help="processes to use, 0 = one per CPU (default 1); with --backend ray, the CPUs"
            " of the local cluster (default all)",
        ),
    ] = None,
    backend: Annotated[
        str, typer.Option("--backend", help="where the games run: local processes, or a ray cluster")
    ] = "local",
    ray_address: Annotated[
        str | None,
        typer.Option(
            "--ray-address",
            help="join the Ray cluster at this address (HOST:PORT, or auto) instead of starting one",
        ),
    ] = None,
    bot: Annotated[str, typer.Option("--bot", help="bot kind for every seat")] = "heuristic",
    seat: Annotated[
        list[str] | None,
        typer.Option("--seat", help="SEAT=KIND: another bot for one seat (repeatable)"),
    ] = None,
    players: Annotated[int | None, typer.Option("--players", help="number of players")] = None,
    advanced: Annotated[
        bool, typer.Option("--advanced", help="the game's Advanced rules (The First Jihad)")
    ] = False,
    scenario: Annotated[
        int | None, typer.Option("--scenario", help="the scenario, for games that have them (Fitna)")
    ] = None,
    option: Annotated[
        list[str] | None,
        typer.Option("--option", "-o", help="KEY=VALUE game option (repeatable)"),
    ] = None,
    seed: Annotated[int, typer.Option("--seed", help="game i uses seed SEED + i")] = 0,
    json_path: Annotated[
        Path | None, typer.Option("--json", help="write every game and the summary as JSON")
    ] = None,
    csv_path: Annotated[Path | None, typer.Option("--csv", help="write one row per game as CSV")] = None,
    parquet_path: Annotated[
        Path | None, typer.Option("--parquet", help="write the CSV's rows as a Parquet file")
    ] = None,
) -> None:
    """Play many games with bots and report win rates (95% Wilson intervals) and scores."""
    out = Console(highlight=False)
    err = Console(stderr=True, highlight=False)
    try:
        options = parse_options(players, option or [], advanced, scenario)
        check_scenario(game_class(game), options)
        the_game = load_game(game, **options)
        kinds = resolve_bots(the_game, bot, parse_seats(the_game, seat or []))
        if backend not in BACKENDS:
            raise OptionError(f"unknown backend {backend!r}; choose from {', '.join(BACKENDS)}")
        if ray_address is not None and backend != "ray":
            raise OptionError("--ray-address needs --backend ray")
        if parquet_path is not None:
            import_pyarrow()  # before the games are played, not after
    except (OptionError, MissingExtra) as exc:
        _fail(err, str(exc))
        return
    if jobs is None:
        jobs = 0 if backend == "ray" else 1

    seats = the_game.seats
    who = ", ".join(f"{s}={k}" for s, k in kinds.items())
    progress = Progress(
        TextColumn("[bold]{task.description}"),
        BarColumn(),
        MofNCompleteColumn(),
        TaskProgressColumn(),
        TimeElapsedColumn(),
        TimeRemainingColumn(),
        console=err,
        transient=False,
    )
    start = time.perf_counter()
    try:
        with progress:
            task = progress.add_task(f"{game} ×{games}", total=games)
            results = run_games(
                game,
                options,
                games,
                kinds,
                seed=seed,
                jobs=jobs,
                progress=lambda done: progress.update(task, completed=done),
                backend=backend,
                address=ray_address,
            )
    except (OptionError, MissingExtra) as exc:
        _fail(err, str(exc))
        return
    except SimulationError as exc:
        err.print(f"[red]error:[/red] {escape(str(exc))}", highlight=False, soft_wrap=True)
        raise typer.Exit(1) from None
    wall = time.perf_counter() - start

    summary = summarize(results, seats, wall_seconds=wall)
    opts = ", ".join(f"{k}={v}" for k, v in options.items())
    title = f"{game}{f' ({opts})' if opts else ''}: {games} games, seeds {seed}..{seed + games - 1}"
    out.print(f"bots: {who}", soft_wrap=True)
    render_summary(out, summary, title)
    reader = levels_reader(game)
    levels = level_counts(results, seats, reader) if reader is not None else None
    if levels is not None:
        render_levels(out, levels)
    options = dict(the_game.options)
    try:
        if json_path is not None:
            write_json(json_path, game, options, kinds, seed, seats, results, summary, levels)
            out.print(f"wrote {json_path}", soft_wrap=True)
        if csv_path is not None:
            write_csv(csv_path, game, seats, results)
            out.print(f"wrote {csv_path}", soft_wrap=True)
        if parquet_path is not None:
            write_parquet(parquet_path, game, options, kinds, seed, seats, results)
            out.print(f"wrote {parquet_path}", soft_wrap=True)
    except MissingExtra as exc:
        _fail(err, str(exc))
    except OSError as exc:
        _fail(err, f"cannot write {exc.filename}: {exc.strerror}")
