"""``consim list``, ``play``, ``replay`` and ``validate``."""

from __future__ import annotations

import json
import sys
from pathlib import Path
from typing import Annotated

import typer
from rich.console import Console
from rich.table import Table

import consim
from consim.bots.base import Bot, bot_kinds, make_bot
from consim.cli.args import parse_options, parse_seats
from consim.cli.main import app
from consim.cli.render import render_outcome, render_view
from consim.core.errors import IllegalAction, OptionError
from consim.core.game import Game, State
from consim.core.record import Record
from consim.core.registry import game_class

console = Console(highlight=False)

HELP = """Type the number of a choice, or the action itself (e.g. discard "Roadside Bombs").
Commands at any prompt:
  help            this text
  view            everything you can see, as data
  log [N]         the last N log lines you may read (default 20)
  undo            take back your last action (not past a die roll, draw or reveal)
  say SEAT text   a message to another seat (or 'say all text'); never enforced
  save [FILE]     save the game record (default consim-<game>-<seed>.json)
  quit            stop (the record is saved first)"""


def parse_players(game: Game, seat: list[str] | None) -> dict[str, str]:
    """``--seat US=human --seat Sunni=bot:random`` -> {seat: "human" | bot kind} for every
    seat; unnamed seats get the heuristic bot, and with no seat named the first is human."""
    chosen = parse_seats(game, seat or [])
    for name, who in chosen.items():
        if who != "human" and who not in bot_kinds(game):
            raise OptionError(
                f"unknown player {who!r} for {name}; use human or "
                f"bot:{'|bot:'.join(sorted(bot_kinds(game)))}"
            )
    if not chosen:
        chosen[game.seats[0]] = "human"
    return {s: chosen.get(s, "heuristic") for s in game.seats}


def _fail(message: str) -> None:
    console.print(f"[red]error:[/red] {message}")
    raise typer.Exit(2)


@app.command("list")
def list_cmd(
    game: Annotated[str | None, typer.Argument(help="show one game's options in full")] = None,
) -> None:
    """List the games, their seats and status; with GAME, its options."""
    names = [game] if game else consim.list_games()
    table = Table(title="consim games")
    table.add_column("game", style="bold")
    table.add_column("title")
    table.add_column("seats")
    table.add_column("status")
    for name in names:
        try:
            cls = game_class(name)
        except OptionError as exc:
            _fail(str(exc))
            return
        table.add_row(name, cls.title, ", ".join(cls().seats), cls.status)
    console.print(table)
    for name in names:
        cls = game_class(name)
        opts = Table(title=f"{name} options (consim play {name} --option KEY=VALUE)", title_justify="left")
        opts.add_column("option", style="cyan")
        opts.add_column("default")
        opts.add_column("meaning")
        for key, field in cls.Options.model_fields.items():
            opts.add_row(key, str(field.default), field.description or "")
        console.print(opts)


@app.command()
def validate(game: Annotated[str | None, typer.Argument(help="one game; default all")] = None) -> None:
    """Check every content file of every game (file:line for each problem)."""
    names = [game] if game else consim.list_games()
    bad = 0
    for name in names:
        try:
            errors = game_class(name).validate_content()
        except OptionError as exc:
            _fail(str(exc))
        if errors:
            bad += 1
            console.print(f"[red]{name}: {len(errors)} problem(s)[/red]")
            for line in errors:
                console.print(f"  {line}")
        else:
            console.print(f"[green]{name}: content OK[/green]")
    if bad:
        raise typer.Exit(1)


class Session:
    """A terminal game: humans type, bots play, hot-seat secrecy between humans."""

    def __init__(self, state: State, players: dict[str, str], save_path: Path | None, seed: int) -> None:
        self.state = state
        self.players = players
        self.humans = [s for s, p in players.items() if p == "human"]
        self.bots: dict[str, Bot] = {
            s: make_bot(state.game, p, s, seed + i)
            for i, (s, p) in enumerate(players.items())
            if p != "human"
        }
        self.save_path = save_path or Path(f"consim-{state.game.id}-{state.seed}.json")
        self.seen: dict[str, int] = dict.fromkeys(self.humans, 0)
        self.chat_seen: dict[str, int] = dict.fromkeys(self.humans, 0)
        self.last_human: str | None = None
        self.spectator_seen = 0

    def run(self) -> None:
        state = self.state
        while not state.is_over():
            to_act = state.to_act()
            human = next((s for s in to_act if s in self.humans), None)
            bot_seats = [s for s in to_act if s not in self.humans]
            if bot_seats:
                # bots first (one decision at a time): their choices are secret anyway
                seat = bot_seats[0]
                bot = self.bots[seat]
                view = state.view(seat) if bot.uses_view else {}
                state.apply(seat, bot.choose(view, state.legal_actions(seat)))
                if not self.humans:
                    self._show_spectator()
            elif human is not None and not self._human_turn(human):
                return
        self._finish()

    def _show_spectator(self) -> None:
        for entry in self.state.visible_log(None)[self.spectator_seen :]:
            console.print(f"  {entry}")
        self.spectator_seen = len(self.state.visible_log(None))

    def _handover(self, seat: str) -> None:
        if len(self.humans) > 1 and self.last_human != seat:
            console.clear()
            console.rule(f"[bold]Pass the keyboard to {seat}[/bold]")
            console.input(f"{seat}: press Enter when no one else can see the screen. ")
            console.clear()
        self.last_human = seat

    def _human_turn(self, seat: str) -> bool:
        state = self.state
        self._handover(seat)
        visible = state.visible_log(seat)
        new = visible[self.seen[seat] :]
        if new:
            console.rule(f"Since {seat}'s last turn")
            for entry in new[-40:]:
                console.print(f"  {entry}")
        self.seen[seat] = len(visible)
        self._show_chat(seat)
        console.print(render_view(state.view(seat)))
        while True:
            prompt = state.prompt(seat)
            console.rule(f"[bold cyan]{seat}[/bold cyan]")
            console.print(f"[bold]{prompt}[/bold]")
            for i, action in enumerate(prompt.actions, 1):
                console.print(f"  [cyan]{i:>3}[/cyan]  {action.text}")
            try:
                line = console.input(f"{seat}> ").strip()
            except EOFError:
                console.print("\n[yellow]input closed[/yellow]")
                self._save()
                return False
            if not line:
                continue
            word, _, rest = line.partition(" ")
            word = word.lower()
            if word in ("help", "?"):
                console.print(HELP)
                continue
            if word == "quit":
                self._save()
                return False
            if word == "view":
                console.print_json(json.dumps(state.view(seat), default=str))
                continue
            if word == "log":
                n = int(rest) if rest.strip().isdigit() else 20
                for entry in state.visible_log(seat)[-n:]:
                    console.print(f"  {entry}")
                continue
            if word == "save":
                self._save(Path(rest.strip()) if rest.strip() else None)
                continue
            if word == "undo":
                try:
                    state.undo(seat)
                    self.seen[seat] = len(state.visible_log(seat))
                    console.print("[yellow]undone[/yellow]")
                    console.print(render_view(state.view(seat)))
                except IllegalAction as exc:
                    console.print(f"[red]{exc}[/red]")
                continue
            if word == "say":
                target, _, text = rest.strip().partition(" ")
                line = f'say {target} "{text.replace(chr(34), chr(39))}"'
            elif line.isdigit():
                k = int(line)
                if not 1 <= k <= len(prompt.actions):
                    console.print(f"[red]choose 1-{len(prompt.actions)}[/red]")
                    continue
                line = prompt.actions[k - 1].text
            try:
                entries = state.apply(seat, line)
            except IllegalAction as exc:
                console.print(f"[red]{exc}[/red]")
                continue
            for entry in entries:
                if entry.visible_to(seat):
                    console.print(f"  [green]{entry}[/green]")
            self.seen[seat] = len(state.visible_log(seat))
            if word == "say":
                self._show_chat(seat)
                continue
            return True

    def _show_chat(self, seat: str) -> None:
        """Messages to ``seat`` (or the table) since it last looked."""
        messages = self.state.chat(seat)
        for message in messages[self.chat_seen[seat] :]:
            console.print(f"  [magenta]{message}[/magenta]")
        self.chat_seen[seat] = len(messages)

    def _save(self, path: Path | None = None) -> None:
        target = path or self.save_path
        self.state.record().save(target)
        console.print(f"record saved to {target}  (replay: consim replay {target})")

    def _finish(self) -> None:
        state = self.state
        if len(self.humans) > 1:
            console.clear()
        console.rule("[bold]Game over[/bold]")
        for entry in state.visible_log(None)[-12:]:
            console.print(f"  {entry}")
        out = state.outcome()
        assert out is not None
        table = Table(title="Final scores")
        table.add_column("seat")
        table.add_column("score", justify="right")
        table.add_column("")
        for s, v in sorted(out.scores.items(), key=lambda kv: -kv[1]):
            table.add_row(s, f"{v:g}", "winner" if s in out.winners else "")
        console.print(table)
        breakdown = render_outcome(state.game.id, out)
        if breakdown is not None:
            console.print(breakdown)
        console.print(f"[bold]{out.result}[/bold]")
        self._save()


@app.command()
def play(
    game: Annotated[str, typer.Argument(help="game id, see 'consim list'")],
    players: Annotated[int | None, typer.Option(help="number of players (games that vary)")] = None,
    advanced: Annotated[bool, typer.Option(help="the game's Advanced rules (The First Jihad)")] = False,
    seat: Annotated[list[str] | None, typer.Option(help="SEAT=human or SEAT=bot:KIND; repeat")] = None,
    seed: Annotated[int | None, typer.Option(help="random seed (default: a fresh one)")] = None,
    option: Annotated[list[str] | None, typer.Option(help="game option KEY=VALUE; repeat")] = None,
    save: Annotated[Path | None, typer.Option(help="where to save the record")] = None,
    resume: Annotated[Path | None, typer.Option(help="continue a saved record")] = None,
) -> None:
    """Play a game in the terminal. Unnamed seats are played by the heuristic bot."""
    try:
        if resume is not None:
            record = Record.load(resume)
            state = consim.replay(record)
            the_game = state.game
        else:
            the_game = consim.load_game(game, **parse_options(players, option or [], advanced))
            state = the_game.new_game(seed)
        who = parse_players(the_game, seat)
    except (OptionError, ValueError) as exc:
        _fail(str(exc))
        return
    console.print(
        f"[bold]{the_game.title}[/bold] - seed {state.seed} - "
        + ", ".join(f"{s}: {p}" for s, p in who.items())
    )
    console.print("Type 'help' at any prompt.")
    Session(state, who, save or resume, state.seed).run()


@app.command()
def replay(
    file: Annotated[Path, typer.Argument(help="a saved record (JSON)")],
    as_seat: Annotated[str | None, typer.Option("--as", help="see only what this seat saw")] = None,
    public: Annotated[bool, typer.Option(help="see only public information")] = False,
    step: Annotated[
        bool | None, typer.Option(help="pause after each action (default when interactive)")
    ] = None,
) -> None:
    """Step through a saved game, action by action, with the log."""
    try:
        record = Record.load(file)
        game = consim.load_game(record.game, **record.options)
        state = game.new_game(record.seed) if record.start is None else game.restore(record.start)
    except (OptionError, ValueError, OSError) as exc:
        _fail(str(exc))
        return
    if as_seat is not None and as_seat not in game.seats:
        _fail(f"unknown seat {as_seat!r}; seats are {', '.join(game.seats)}")
    interactive = sys.stdin.isatty() if step is None else step
    perspective = as_seat if as_seat else (None if public else "*")

    def show(entries: list[consim.LogEntry]) -> None:
        for e in entries:
            if perspective == "*" or e.visible_to(perspective):
                tag = "" if e.audience is None else f" [dim](to {', '.join(sorted(e.audience))})[/dim]"
                console.print(f"    {e}{tag}")

    console.print(f"[bold]{game.title}[/bold] - seed {record.seed} - {len(record.actions)} actions")
    if record.content and record.content != game.content_hash():
        engine = record.engine or "an older engine"
        console.print(
            f"[yellow]This record was made with other {game.id} content files ({engine}); "
            "the replay may go another way.[/yellow]"
        )
    show(state.log)
    for i, (seat, text) in enumerate(record.actions, 1):
        # from one seat's (or the public's) perspective, others' choices are known only
        # through the log lines that seat could read
        shown = text if perspective in ("*", seat) else "(acts)"
        console.print(f"[cyan]{i:>5}[/cyan] {seat}: {shown}")
        try:
            entries = state.apply(seat, text)
        except IllegalAction as exc:
            _fail(f"action {i} does not replay: {exc}")
            return
        show(entries)
        if interactive:
            answer = (
                console.input("[dim]Enter = next, c = continue to the end, q = quit[/dim] ").strip().lower()
            )
            if answer == "q":
                return
            if answer == "c":
                interactive = False
    out = state.outcome()
    if out is not None:
        console.print(f"[bold]{out.result}[/bold]")
    else:
        console.print("[yellow]The record ends before the game does.[/yellow]")
