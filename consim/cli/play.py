"""``consim list``, ``validate`` and ``play`` (the game itself runs in :mod:`consim.cli.session`)."""

from __future__ import annotations

import warnings
from collections.abc import Mapping
from pathlib import Path
from typing import TYPE_CHECKING, Annotated, NoReturn

import typer
from rich.console import Console
from typer.core import TyperCommand

import consim
from consim.bots.base import bot_kinds
from consim.cli.args import check_scenario, parse_options, parse_seats
from consim.cli.guide import details, summary
from consim.cli.main import app
from consim.cli.render import game_picture
from consim.cli.saving import load_record, players_of
from consim.cli.screen import plain
from consim.cli.session import Session
from consim.core.errors import OptionError
from consim.core.game import Game, State
from consim.core.registry import GAMES, game_class
from consim.core.replay import ContentChanged
from consim.core.views import schema_text

if TYPE_CHECKING:  # typer 0.29 carries its own click: its types, for the type checker only
    from typer._click import Context, HelpFormatter

console = Console(highlight=False)


def fail(message: str, code: int = 2) -> NoReturn:
    """One line on what is wrong, then stop (never a traceback)."""
    line = plain("error: ", "red")
    line.append(message.splitlines()[0] if message else "")
    console.print(line, soft_wrap=True)  # one line, however long: the terminal wraps it
    raise typer.Exit(code)


def parse_players(
    game: Game, seat: list[str] | None, saved: Mapping[str, str] | None = None
) -> dict[str, str]:
    """``--seat US=human --seat Sunni=bot:random`` -> {seat: "human" | bot kind} for every seat.

    ``saved`` is who played each seat in a resumed game: they are seated again, and ``--seat``
    overrides any of them. Otherwise unnamed seats get the heuristic bot, and with no seat named
    the first is human."""
    chosen = parse_seats(game, seat or [])
    kinds = bot_kinds(game)
    saved = saved or {}
    base = {s: saved[s] for s in game.seats if s in saved}
    for name, who in {**base, **chosen}.items():
        if who != "human" and who not in kinds:
            where = f"for {name}" if name in chosen else f"(the saved game's {name})"
            raise OptionError(
                f"unknown player {who!r} {where}; use human or bot:{'|bot:'.join(sorted(kinds))}"
            )
    if not chosen and not base:
        chosen[game.seats[0]] = "human"
    players = {**base, **chosen}
    return {s: players.get(s, "heuristic") for s in game.seats}


@app.command("list")
def list_cmd(
    game: Annotated[str | None, typer.Argument(help="one game in full: seats, bots, scenarios")] = None,
) -> None:
    """List the games, one line each; with GAME, its seats, bots, scenarios and options."""
    if game is None:
        console.print(summary())
        return
    try:
        game_class(game)
    except OptionError as exc:
        fail(str(exc))
    console.print(details(game))


class _GameHelp(TyperCommand):
    """``consim play GAME --help``: the usual help, then what GAME offers (its seats, bots,
    scenarios and options), read from the command line before the help is shown."""

    def parse_args(self, ctx: Context, args: list[str]) -> list[str]:
        ctx.meta["consim.game"] = next((a for a in args if a in GAMES), None)
        return super().parse_args(ctx, args)

    def format_help(self, ctx: Context, formatter: HelpFormatter) -> None:
        super().format_help(ctx, formatter)
        name = ctx.meta.get("consim.game")
        out = Console(highlight=False)
        if name is None:
            out.print(plain(f"Games: {', '.join(consim.list_games())}; 'consim play GAME --help' for one."))
            return
        out.print(details(str(name), options=False))
        out.print(plain(f"For example: consim play {name} {_example(str(name))}"))


def _example(name: str) -> str:
    """A command line's options that start a game of ``name`` with its first seat human."""
    cls = game_class(name)
    if "scenario" in cls.Options.model_fields:
        game = cls(scenario=1)
        return f"--scenario 1 --seat {game.seats[-1]}=human"
    return f"--seat {cls().seats[0]}=human"


def _validate_file(path: Path) -> None:
    """[Fitna 33.0] A player's own scenario file: every problem, file:line."""
    checkers = [
        (n, game_class(n)) for n in consim.list_games() if hasattr(game_class(n), "check_scenario_file")
    ]
    if not checkers:
        fail(f"no game reads scenario files like {path}")
    bad = False
    for name, cls in checkers:
        errors: list[str] = cls.check_scenario_file(str(path))  # type: ignore[attr-defined]
        if errors:
            bad = True
            console.print(plain(f"{path}: {len(errors)} problem(s) as a {name} scenario", "red"))
            for line in errors:
                console.print(plain(f"  {line}"), soft_wrap=True)
        else:
            console.print(
                plain(f"{path}: a sound {name} scenario (consim play {name} --scenario-file {path})", "green")
            )
    if bad:
        raise typer.Exit(1)


@app.command()
def validate(
    game: Annotated[
        str | None, typer.Argument(help="one game, or a scenario file of your own (.yaml); default all games")
    ] = None,
) -> None:
    """Check every content file of every game (file:line for each problem), or a scenario file
    of your own (Fitna, 33.0)."""
    if game and Path(game).suffix.casefold() in (".yaml", ".yml"):
        _validate_file(Path(game))
        return
    names = [game] if game else consim.list_games()
    bad = 0
    for name in names:
        try:
            errors = game_class(name).validate_content()
        except OptionError as exc:
            fail(str(exc))
        if errors:
            bad += 1
            console.print(plain(f"{name}: {len(errors)} problem(s)", "red"))
            for line in errors:  # unwrapped: a file:line a terminal or an editor can follow
                console.print(plain(f"  {line}"), soft_wrap=True)
        else:
            console.print(plain(f"{name}: content OK", "green"))
    if bad:
        raise typer.Exit(1)


@app.command()
def schema(game: Annotated[str, typer.Argument(help="the game: " + ", ".join(GAMES))]) -> None:
    """The JSON Schema of a game's view(seat): every key a seat's view holds, with its type and
    what it means (the same as docs/schemas/GAME-view.json)."""
    if game not in GAMES:
        fail(f"unknown game {game!r}; choose one of {', '.join(GAMES)}")
    typer.echo(schema_text(game_class(game)), nl=False)


def _resume(
    game: str, resume: Path, seed: int | None, options: dict[str, object], seat: list[str] | None
) -> tuple[State, dict[str, str], int]:
    """The saved game in ``resume``, who plays it, and the bots' seed."""
    record = load_record(resume, game)
    if seed is not None and seed != record.seed:
        raise OptionError(f"{resume} was played with seed {record.seed}, not {seed}; leave out --seed")
    if options:
        asked = consim.load_game(game, **options).options
        saved = consim.load_game(game, **record.options).options
        differ = ", ".join(f"{k}={saved.get(k)}" for k in options if asked.get(k) != saved.get(k))
        if differ:
            raise OptionError(
                f"{resume} was played with {differ}; leave out --players/--scenario/--option/--advanced"
            )
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always", ContentChanged)
        state = consim.replay(record)
    if any(issubclass(w.category, ContentChanged) for w in caught):
        console.print(
            plain(
                f"{resume} was made with other {game} content files ({record.engine or 'an older engine'}); "
                "the game may go another way than it did.",
                "yellow",
            )
        )
    players = parse_players(state.game, seat, players_of(record))
    bot_seed = record.bot_seed if record.bot_seed is not None else state.seed
    done = len(record.actions)
    console.print(plain(f"Resuming {resume}: {done} action{'s' * (done != 1)} so far."))
    return state, players, bot_seed


@app.command(cls=_GameHelp)
def play(
    game: Annotated[str, typer.Argument(help="game id, see 'consim list'")],
    players: Annotated[int | None, typer.Option(help="number of players (games that vary)")] = None,
    advanced: Annotated[bool, typer.Option(help="the game's Advanced rules (The First Jihad)")] = False,
    scenario: Annotated[
        int | None,
        typer.Option(help="the scenario, for games that have them (Fitna: see 'consim list fitna')"),
    ] = None,
    seat: Annotated[list[str] | None, typer.Option(help="SEAT=human or SEAT=bot:KIND; repeat")] = None,
    seed: Annotated[int | None, typer.Option(help="random seed (default: a fresh one)")] = None,
    option: Annotated[list[str] | None, typer.Option(help="game option KEY=VALUE; repeat")] = None,
    save: Annotated[
        Path | None, typer.Option(help="where the game is saved (default consim-GAME-SEED.json)")
    ] = None,
    resume: Annotated[Path | None, typer.Option(help="continue a saved game, with the same seats")] = None,
    scenario_file: Annotated[
        Path | None,
        typer.Option(
            "--scenario-file",
            help="a scenario of your own, one YAML file (Fitna, 33.0; check it with 'consim validate FILE')",
        ),
    ] = None,
    svg: Annotated[
        Path | None,
        typer.Option(
            "--svg",
            help="draw the board as you see it in this SVG file before each of your decisions "
            "(every game); with several people, one file a seat",
        ),
    ] = None,
) -> None:
    """Play a game in the terminal. Unnamed seats are played by the heuristic bot; the game is
    saved after every move."""
    try:
        options = parse_options(players, option or [], advanced, scenario)
        check_scenario(game_class(game), options)
        if scenario_file is not None:
            if "scenario_file" not in game_class(game).Options.model_fields:
                raise OptionError(f"{game} reads no scenario file: leave out --scenario-file")
            if "scenario" in options:
                raise OptionError("--scenario-file replaces --scenario: give one of them")
            options["scenario_file"] = str(scenario_file.resolve())
        if resume is not None:
            state, who, bot_seed = _resume(game, resume, seed, options, seat)
        else:
            state = consim.load_game(game, **options).new_game(seed)
            who = parse_players(state.game, seat)
            bot_seed = state.seed
    except (OptionError, ValueError) as exc:
        fail(str(exc))
    seats = ", ".join(f"{s}: {p if p == 'human' else 'bot:' + p}" for s, p in who.items())
    console.print(plain(f"{state.game.title} - seed {state.seed}", "bold"))
    console.print(plain(seats))
    console.print(plain("Type 'help' at any prompt.", "dim"))
    if svg is not None and game_picture(state.game.id) is None:
        fail(f"{state.game.id} has no picture of its board: leave out --svg")
    code = Session(state, who, save or resume, bot_seed=bot_seed, console=console, picture=svg).run()
    if code:
        raise typer.Exit(code)
