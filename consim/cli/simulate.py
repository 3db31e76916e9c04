"""``consim simulate``: play many games with bots and report win rates.

Example::

    consim simulate iraq --games 200 --jobs 2 --bot heuristic --seat US=random
    consim simulate iraq --players 3 --option civil_war_side=declare --json out.json
    consim simulate fitna --scenario 5 --games 200 --jobs 2 --bot heuristic

For games whose seats each reach a victory level (Fitna: minor, major, decisive), the report
also counts how often each seat reached each level, and how often nobody won.
"""

from __future__ import annotations

import csv
import json
import time
from collections.abc import Sequence
from pathlib import Path
from typing import Annotated, Any

import typer
from rich.console import Console
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
from consim.cli.render import LevelReader, game_levels
from consim.core.errors import OptionError
from consim.core.game import Game
from consim.core.registry import game_class, load_game
from consim.sim.runner import (
    GameResult,
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
        f"[bold]{summary.games_per_second:.1f} games/s[/bold], "
        f"{summary.mean_decisions:.1f} decisions per game on average."
    )


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


#: victory levels from the lowest to the highest, as ``present.levels_of`` names them
LEVEL_ORDER = ("none", "minor", "major", "decisive")


def level_counts(results: Sequence[GameResult], seats: Sequence[str], reader: LevelReader) -> dict[str, Any]:
    """How often each seat reached each victory level, and how often nobody won.

    >>> from consim.sim.runner import GameResult
    >>> rs = [GameResult(i, {"A": a, "B": b}, [], "", {}, 1, unit="victory level")
    ...       for i, (a, b) in enumerate([(1, 0), (0, 0), (3, 1)])]
    >>> counts = level_counts(rs, ["A", "B"], lambda s, u: {k: LEVEL_ORDER[int(v)] for k, v in s.items()})
    >>> counts["seats"]["A"], counts["nobody"], counts["several"]
    ({'none': 1, 'minor': 1, 'major': 0, 'decisive': 1}, 1, 1)
    """
    per_seat = {s: dict.fromkeys(LEVEL_ORDER, 0) for s in seats}
    nobody = several = 0
    for r in results:
        levels = reader(r.scores, r.unit)
        won = 0
        for s in seats:
            level = levels.get(s, "none")
            level = level if level in LEVEL_ORDER else "none"
            per_seat[s][level] += 1
            won += level != "none"
        nobody += won == 0
        several += won > 1
    return {"games": len(results), "seats": per_seat, "nobody": nobody, "several": several}


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


def write_json(
    path: Path,
    game: Game,
    bots: dict[str, str],
    seed: int,
    results: Sequence[GameResult],
    summary: Summary,
    levels: dict[str, Any] | None = None,
) -> None:
    data = {
        "game": game.id,
        "options": dict(game.options),
        "bots": bots,
        "seed": seed,
        "games": [r.to_dict() for r in results],
        "summary": summary.to_dict(),
    }
    if levels is not None:
        data["levels"] = levels
    path.write_text(json.dumps(data, indent=1) + "\n", encoding="utf-8")


def write_csv(path: Path, seats: Sequence[str], results: Sequence[GameResult]) -> None:
    conflicts: list[str] = []
    for r in results:
        conflicts.extend(c for c in r.conflicts if c not in conflicts)
    with path.open("w", newline="", encoding="utf-8") as f:
        writer = csv.writer(f)
        points = any(r.points is not None for r in results)
        writer.writerow(
            ["seed", *seats, "winners", *conflicts, "decisions", *(["points", "level"] if points else [])]
        )
        for r in results:
            writer.writerow(
                [
                    r.seed,
                    *(f"{r.scores.get(s, 0.0):g}" for s in seats),
                    "+".join(r.winners),
                    *("+".join(r.conflicts.get(c, [])) for c in conflicts),
                    r.decisions,
                    *([f"{r.points:g}" if r.points is not None else "", r.level] if points else []),
                ]
            )


def _fail(err: Console, message: str) -> None:
    err.print(f"[red]error:[/red] {message}", highlight=False, soft_wrap=True)
    raise typer.Exit(2)


@app.command()
def simulate(
    game: Annotated[str, typer.Argument(help="the game to simulate (see 'consim list')")],
    games: Annotated[int, typer.Option("--games", "-n", min=1, help="how many games")] = 100,
    jobs: Annotated[int, typer.Option("--jobs", "-j", min=0, help="processes to use (0 = one per CPU)")] = 1,
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
) -> None:
    """Play many games with bots and report win rates (95% Wilson intervals) and scores."""
    out = Console(highlight=False)
    err = Console(stderr=True, highlight=False)
    try:
        options = parse_options(players, option or [], advanced, scenario)
        check_scenario(game_class(game), options)
        the_game = load_game(game, **options)
        kinds = resolve_bots(the_game, bot, parse_seats(the_game, seat or []))
    except OptionError as exc:
        _fail(err, str(exc))
        return

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
            )
    except OptionError as exc:
        _fail(err, str(exc))
        return
    except SimulationError as exc:
        err.print(f"[red]error:[/red] {exc}", highlight=False, soft_wrap=True)
        raise typer.Exit(1) from None
    wall = time.perf_counter() - start

    summary = summarize(results, seats, wall_seconds=wall)
    opts = ", ".join(f"{k}={v}" for k, v in options.items())
    title = f"{game}{f' ({opts})' if opts else ''}: {games} games, seeds {seed}..{seed + games - 1}"
    out.print(f"bots: {who}", soft_wrap=True)
    render_summary(out, summary, title)
    reader = game_levels(game)
    levels = level_counts(results, seats, reader) if reader is not None else None
    if levels is not None:
        render_levels(out, levels)
    try:
        if json_path is not None:
            write_json(json_path, the_game, kinds, seed, results, summary, levels)
            out.print(f"wrote {json_path}")
        if csv_path is not None:
            write_csv(csv_path, seats, results)
            out.print(f"wrote {csv_path}")
    except OSError as exc:
        _fail(err, f"cannot write {exc.filename}: {exc.strerror}")
