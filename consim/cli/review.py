"""``consim replay`` and ``consim export``: a saved game again, as everyone or as one seat saw it.

A record holds every secret (its seed fixes the deck and every roll). Seen from a seat
(``--as``), a replay shows that seat's own actions, the log lines and messages it could read,
and nothing at all of the other seats' actions: not even that they acted, since how often a
seat acts can itself be a secret (how many cards it offered in a trade). ``export`` writes the
same knowledge as JSON, step by step, to share a game with one of its players.

>>> import consim
>>> state = consim.load_game("iraq", players=2).new_game(seed=1)
>>> _ = state.apply("Insurgent", "done")   # the US sees that the Insurgents have chosen
>>> _ = state.apply("US", "done")
>>> data = export_data(state.record(), state.game, "US")
>>> [(step.get("action"), step["view"]["committed"]) for step in data["steps"]]
[(None, []), (None, ['Insurgent']), ('done', ['US', 'Insurgent'])]
>>> "seed" in data
False
"""

from __future__ import annotations

import json
import sys
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import Annotated, Any

import jsonpatch  # type: ignore[import-untyped]
import typer
from rich.console import Console

import consim
from consim.cli.ending import final_screen
from consim.cli.main import app
from consim.cli.render import Picture, game_picture
from consim.cli.saving import players_of, write_atomic
from consim.cli.screen import indented, plain
from consim.core.errors import IllegalAction, OptionError
from consim.core.game import Game, State
from consim.core.log import ChatMessage, LogEntry
from consim.core.record import Record

console = Console(highlight=False)

FORMAT = "consim-export/1"

#: the replay perspective that sees everything (the default of ``consim replay``)
EVERYONE = "*"


@dataclass
class Step:
    """The game after its start (``number`` 0) or after action ``number``."""

    number: int
    seat: str | None
    action: str | None
    #: the log entries this step added (every audience)
    entries: list[LogEntry]
    #: the messages sent at this point of the game
    chat: list[ChatMessage]
    state: State


def _fail(message: str, code: int = 2) -> typer.Exit:
    line = plain("error: ", "red")
    line.append(message.splitlines()[0] if message else "")
    console.print(line, soft_wrap=True)
    return typer.Exit(code)


def open_record(file: Path) -> tuple[Record, Game]:
    """The record in ``file`` and its game; ``ValueError`` in one line if either is bad."""
    record = Record.load(file)
    try:
        game = consim.load_game(record.game, **record.options)
    except OptionError as exc:
        raise ValueError(f"{file}: {exc}") from None
    if record.content and record.content != game.content_hash():
        console.print(
            plain(
                f"{file} was made with other {game.id} content files "
                f"({record.engine or 'an older engine'}); the replay may go another way.",
                "yellow",
            )
        )
    return record, game


def _messages(record: Record) -> list[ChatMessage]:
    try:
        messages = [ChatMessage.from_dict(m) for m in record.chat]
    except (KeyError, TypeError, ValueError) as exc:
        raise ValueError(f"the record's messages are damaged ({str(exc)[:60]})") from None
    return sorted(messages, key=lambda m: (m.at_action, m.seq))


def walk(record: Record, game: Game) -> Iterator[Step]:
    """The game of ``record`` step by step: its start, then after each action. Raises
    ``ValueError`` naming the action that does not replay."""
    state = game.new_game(record.seed) if record.start is None else game.restore(record.start)
    messages = _messages(record)
    last = len(record.actions)
    yield Step(0, None, None, state.log, [m for m in messages if m.at_action <= 0], state)
    for i, (seat, text) in enumerate(record.actions, 1):
        try:
            entries = state.apply(seat, text)
        except IllegalAction as exc:
            raise ValueError(f"action {i} ({seat}: {text[:40]}) does not replay: {exc}") from None
        chat = [m for m in messages if m.at_action == i or (i == last and m.at_action > last)]
        yield Step(i, seat, text, entries, chat, state)


def _seat(game: Game, name: str) -> str:
    found = [s for s in game.seats if s.casefold() == name.strip().casefold()]
    if not found:
        raise ValueError(f"unknown seat {name.strip()[:30]!r}; seats are {', '.join(game.seats)}")
    return found[0]


# -- replay ---------------------------------------------------------------------------------------


def _chat_line(message: ChatMessage) -> str:
    to = "everyone" if message.to is None else ", ".join(message.to)
    return f"{message.sender} to {to}: {message.text}"


def _show(step: Step, perspective: str | None) -> int:
    """Print what ``perspective`` sees of one step; returns the number of lines printed."""
    lines = 0
    everything = perspective == EVERYONE
    if step.seat is not None and (everything or step.seat == perspective):
        label = f"{step.number:>5} {step.seat}: " if everything else f"  {step.seat}: "
        line = plain(label, "cyan")
        line.append(step.action or "")
        console.print(line)  # an action's text is short
        lines += 1
    for entry in step.entries:
        if everything or entry.visible_to(perspective):
            text = str(entry)
            if everything and entry.audience is not None:
                text += f" (to {', '.join(sorted(entry.audience))})"
            console.print(indented(text, indent=4))
            lines += 1
    for message in step.chat:
        if everything or message.visible_to(perspective):
            console.print(indented(_chat_line(message), "magenta", indent=4))
            lines += 1
    return lines


@app.command()
def replay(
    file: Annotated[Path, typer.Argument(help="a saved record (JSON)")],
    as_seat: Annotated[str | None, typer.Option("--as", help="see only what this seat saw")] = None,
    public: Annotated[bool, typer.Option(help="see only what a spectator saw")] = False,
    step: Annotated[
        bool | None, typer.Option(help="pause after each step (default when interactive)")
    ] = None,
    svg: Annotated[
        Path | None,
        typer.Option(
            "--svg",
            help="also write the board as a picture into this folder at the start of every turn "
            "and at the end, as --as SEAT saw it (else as a spectator)",
        ),
    ] = None,
) -> None:
    """Step through a saved game with its log; --as SEAT or --public shows only what that seat
    (or a spectator) could see; --svg DIR draws the board turn by turn."""
    try:
        record, game = open_record(file)
        seat = _seat(game, as_seat) if as_seat is not None else None
    except ValueError as exc:
        raise _fail(str(exc)) from None
    perspective = seat if seat is not None else (None if public else EVERYONE)
    interactive = sys.stdin.isatty() if step is None else step
    pictures = _Pictures(game, svg, seat) if svg is not None else None
    who = {None: "as a spectator", EVERYONE: "everything"}.get(perspective, f"as {seat} saw it")
    head = f"{game.title} - {who}"
    if perspective == EVERYONE:
        head += f" - seed {record.seed}, {len(record.actions)} actions"
    console.print(plain(head, "bold"))
    state: State | None = None
    try:
        for current in walk(record, game):
            state = current.state
            if pictures is not None:
                pictures.step(state)
            if _show(current, perspective) and interactive:
                answer = console.input(plain("Enter = next, c = to the end, q = quit ", "dim"))
                answer = answer.strip().lower()
                if answer == "q":
                    return
                if answer == "c":
                    interactive = False
    except ValueError as exc:
        raise _fail(str(exc)) from None
    except KeyboardInterrupt:
        console.print()
        raise typer.Exit(130) from None
    if pictures is not None and state is not None:
        pictures.finish(state)
    out = state.outcome() if state is not None else None
    if out is None or state is None:
        console.print(plain("The record ends before the game does.", "yellow"))
        return
    console.print(final_screen(game.id, out, game.seats, players_of(record), state.view(None)))


class _Pictures:
    """The board drawn at the start of every turn and at the end (``consim replay --svg``), as
    ``seat`` saw it (``None``: a spectator), from that seat's view alone."""

    def __init__(self, game: Game, folder: Path, seat: str | None) -> None:
        draw = game_picture(game.id)
        if draw is None:
            raise _fail(f"{game.id} has no picture of its board (--svg)")
        self.draw: Picture = draw
        self.folder = folder
        self.seat = seat
        self.turn: object = None
        self.written: list[Path] = []
        try:
            folder.mkdir(parents=True, exist_ok=True)
        except OSError as exc:
            raise _fail(f"cannot make the folder {folder}: {exc.strerror or exc}") from None

    def _write(self, name: str, view: dict[str, Any]) -> None:
        who = self.seat or "public"
        target = self.folder / f"{name}-{who}.svg"
        try:
            write_atomic(target, self.draw(view))
        except OSError as exc:
            raise _fail(f"cannot write {target}: {exc.strerror or exc}") from None
        self.written.append(target)

    def step(self, state: State) -> None:
        view = state.view(self.seat)
        turn = view.get("turn")
        if isinstance(turn, int) and turn > 0 and turn != self.turn:
            self.turn = turn
            self._write(f"turn-{turn:02d}", view)

    def finish(self, state: State) -> None:
        self._write("end" if state.is_over() else "last", state.view(self.seat))
        who = f"as {self.seat} saw it" if self.seat else "as a spectator saw it"
        console.print(plain(f"{len(self.written)} pictures of the board, {who}, in {self.folder}"))


# -- export ---------------------------------------------------------------------------------------


def _log_item(entry: LogEntry) -> dict[str, Any]:
    item: dict[str, Any] = {"text": entry.text, "rule": entry.rule}
    if entry.audience is not None:
        item["to"] = sorted(entry.audience)
    return item


def _chat_item(message: ChatMessage) -> dict[str, Any]:
    # no sequence number and no action count: both would count what the seat cannot see
    to = None if message.to is None else list(message.to)
    return {"from": message.sender, "to": to, "text": message.text}


def export_data(record: Record, game: Game, seat: str) -> dict[str, Any]:
    """What ``seat`` may know of the game in ``record``, step by step: after the start, after
    each of its own actions and after each action of another seat that showed it something
    (a log line, a message, a change in its view). Nothing in it depends on what the seat
    could not see: not the seed, not the other seats' actions, not even how many there were.
    Every view is whole here; ``consim export`` writes :func:`write_export`'s compact form."""
    steps: list[dict[str, Any]] = []
    state: State | None = None
    for item, view, current in _seat_steps(record, game, seat):
        steps.append({"view": view, **item})
        state = current
    outcome = state.outcome() if state is not None else None
    ending = None if outcome is None else outcome.to_dict()
    return {**_export_head(game, seat), "steps": steps, "outcome": ending}


def _export_head(game: Game, seat: str) -> dict[str, Any]:
    return {
        "format": FORMAT,
        "game": game.id,
        "title": game.title,
        "options": dict(game.options),
        "seats": list(game.seats),
        "seat": seat,
        "about": (
            f"What {seat} may know of this game, step by step: its view, the log lines and "
            f"messages it could read, and its own actions. The full record holds every secret."
        ),
    }


#: the compact export: the first step's view in full, then each step's changes to it
COMPACT_FORMAT = "consim-export/2"


def view_changes(old: Any, new: Any) -> list[dict[str, Any]]:
    """The JSON Patch (RFC 6902, made by the ``jsonpatch`` library) that turns ``old`` into
    ``new``.

    >>> view_changes({"turn": 1, "hand": ["Oil"]}, {"turn": 2, "hand": ["Oil"]})
    [{'op': 'replace', 'path': '/turn', 'value': 2}]
    >>> old, new = {"a": 1, "b": [1, 2], "c": 0}, {"a": 1, "b": [1, 3], "d": 2}
    >>> apply_changes(old, view_changes(old, new)) == new
    True
    """
    ops: list[dict[str, Any]] = jsonpatch.make_patch(old, new).patch
    return ops


def apply_changes(view: Any, changes: list[dict[str, Any]]) -> Any:
    """``view`` with the patch of :func:`view_changes` applied (in place)."""
    return jsonpatch.apply_patch(view, changes, in_place=True)


def write_export(record: Record, game: Game, seat: str, handle: Any) -> int:
    """Write what ``seat`` may know of ``record`` to ``handle`` as it is read (one step at a
    time, so no game is too long for memory), compactly: the first step's view in full, then
    each step's changes to the view before (a JSON Patch). Returns the number of steps.
    :func:`read_export` gives back every view in full."""
    head = _export_head(game, seat)
    head["format"] = COMPACT_FORMAT
    head["about"] += " The first step holds the view in full; each later one its changes (a JSON Patch)."
    text = json.dumps(head, ensure_ascii=False)
    handle.write(text[:-1] + ', "steps": [\n')
    count = 0
    last_view: dict[str, Any] | None = None
    state: State | None = None
    for step in _seat_steps(record, game, seat):
        item, view, state = step
        if last_view is None:
            item["view"] = view
        else:
            item["changes"] = view_changes(last_view, view)
        handle.write(("" if count == 0 else ",\n") + json.dumps(item, ensure_ascii=False, default=str))
        last_view = view
        count += 1
    outcome = state.outcome() if state is not None else None
    ending = json.dumps(None if outcome is None else outcome.to_dict(), default=str)
    handle.write('\n], "outcome": ' + ending + "}\n")
    return count


def read_export(path: Path) -> dict[str, Any]:
    """An export as :func:`export_data` gives it (every step's view in full), from either
    format."""
    data: dict[str, Any] = json.loads(path.read_text(encoding="utf-8"))
    if data.get("format") != COMPACT_FORMAT:
        return data
    view: Any = None
    for step in data["steps"]:
        if "view" in step:
            view = step["view"]
        else:
            view = apply_changes(json.loads(json.dumps(view)), step.pop("changes"))
            step["view"] = view
    data["format"] = FORMAT
    return data


def _seat_steps(
    record: Record, game: Game, seat: str
) -> Iterator[tuple[dict[str, Any], dict[str, Any], State]]:
    """The steps of an export, one by one: (the step without its view, the view, the state)."""
    last_view: dict[str, Any] | None = None
    for current in walk(record, game):
        state = current.state
        own = current.seat == seat
        log = [_log_item(e) for e in current.entries if e.visible_to(seat)]
        chat = [_chat_item(m) for m in current.chat if m.visible_to(seat)]
        view = state.view(seat)
        if current.number and not own and not log and not chat and view == last_view:
            continue
        item: dict[str, Any] = {"log": log, "chat": chat}
        if own:
            item["action"] = current.action
        last_view = view
        yield item, view, state


@app.command()
def export(
    file: Annotated[Path, typer.Argument(help="a saved record (JSON)")],
    as_seat: Annotated[str, typer.Option("--as", help="the seat whose knowledge is exported")],
    out: Annotated[
        Path | None, typer.Option(help="where to write it (default FILE-SEAT.json; '-' for the screen)")
    ] = None,
) -> None:
    """Write what one seat may know of a saved game (JSON, step by step: the first view in
    full, then each step's changes), to share the game with that player without its secrets:
    a record holds them all. It is written as it is read, so a long game fits in memory."""
    try:
        record, game = open_record(file)
        seat = _seat(game, as_seat)
    except ValueError as exc:
        raise _fail(str(exc)) from None
    if out is not None and str(out) == "-":
        try:
            write_export(record, game, seat, sys.stdout)
        except ValueError as exc:
            raise _fail(str(exc)) from None
        return
    target = out or file.with_name(f"{file.stem}-{seat}.json")
    folder = target.parent if str(target.parent) else Path(".")
    temp = folder / f".{target.name}.part"
    try:
        with temp.open("w", encoding="utf-8") as handle:
            steps = write_export(record, game, seat, handle)
        temp.replace(target)
    except ValueError as exc:
        temp.unlink(missing_ok=True)
        raise _fail(str(exc)) from None
    except OSError as exc:
        temp.unlink(missing_ok=True)
        raise _fail(f"cannot write {target}: {exc.strerror or exc}") from None
    size = target.stat().st_size
    console.print(plain(f"What {seat} may know of the game, in {steps} steps ({_size(size)}): {target}"))


def _size(n: int) -> str:
    """A file size in words: ``'2.5 MB'``, ``'730 kB'``, ``'512 bytes'``."""
    if n >= 1_000_000:
        return f"{n / 1_000_000:.1f} MB"
    if n >= 1_000:
        return f"{n / 1_000:.0f} kB"
    return f"{n} bytes"
