"""A game at the terminal: people type, bots play, and nothing is lost.

The screen of a human's turn is, top to bottom: what happened since that seat's last turn (the
log lines and messages it may read, cut to what fits), the board (the game's
``present.render`` of its view), the prompt and the numbered choices. Several people at one
keyboard get a hand-over screen that clears the terminal and its scrollback. The record is
written after every action, atomically, with who plays each seat, so a game killed in any way
resumes at its last action.

>>> import io, consim
>>> from rich.console import Console
>>> state = consim.load_game("iraq", players=2).new_game(seed=1)
>>> out = Console(file=io.StringIO(), width=80)
>>> typed = iter(["1", "done", "quit"])
>>> session = Session(state, {"US": "human", "Insurgent": "random"}, None, bot_seed=1,
...                   console=out, read=lambda prompt: next(typed))
>>> session.run()
0
>>> [text.split()[0] for seat, text in session.state.record().actions if seat == "US"]
['discard', 'done']
"""

from __future__ import annotations

import json
from collections import Counter
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from enum import Enum
from pathlib import Path

from rich.console import Console, Group, RenderableType
from rich.rule import Rule
from rich.table import Table
from rich.text import Text

from consim.bots.base import Bot, decide, make_bot
from consim.cli.ending import final_screen
from consim.cli.render import (
    GameCommand,
    Picture,
    game_changes,
    game_commands,
    game_examples,
    game_labeller,
    game_looked_for,
    game_picture,
    render_view,
    takes_room,
)
from consim.cli.resolve import BareVerb, Choices, Typed, in_grammar, read, resolve, shown
from consim.cli.saving import default_save_path, resume_hint, session_record, write_atomic, write_record
from consim.cli.screen import (
    MenuPage,
    clear_screen,
    fit,
    height_of,
    indented,
    lines_needed,
    menu_pages,
    plain,
    screenfuls,
)
from consim.core.action import Action, _tokenize
from consim.core.encoding import ActionSpace
from consim.core.errors import AmbiguousAction, IllegalAction, MalformedAction
from consim.core.game import Prompt, State
from consim.core.log import ChatMessage, LogEntry
from consim.core.record import Record
from consim.core.rng import Rng
from consim.core.words import fold

#: reads one line the player types, after showing the prompt
Reader = Callable[[Text], str]

#: exit code after Ctrl-C (128 + SIGINT), as shells expect
INTERRUPTED = 130

COMMANDS: tuple[tuple[str, str], ...] = (
    ("help", "this list"),
    ("view", "the board again ('view --json': the data)"),
    ("log [N]", "the last N lines of the log you may read (20; 'log all')"),
    ("undo", "take back your last action (not past a roll, draw or reveal)"),
    ("say SEAT text", "a message to one player, several ('say A,B text') or all ('say all text')"),
    ("save [FILE]", "save now (the game is also saved after every move)"),
    ("quit", "save and stop ('consim play GAME --resume FILE' goes on)"),
)
_WORDS = frozenset({"help", "?", "view", "log", "undo", "say", "save", "quit", "more"})
#: how many characters the longest choices may lose to fit in columns under the board
CUT = 6


class _Next(Enum):
    """What the turn loop does after a line was handled."""

    ASK = "ask again"
    DONE = "the turn moved on"
    QUIT = "stop the session"


@dataclass
class _Menu:
    """The numbers of one decision's choices: numbered once, kept while the decision lasts
    (the same seat deciding again under the same rule with nothing done by others between),
    so ``discard 3`` then ``discard 5`` mean the cards that were 3 and 5 on the first screen;
    and kept for a list that comes back while the seat goes on deciding."""

    rule: str
    numbers: dict[str, int]
    #: the number of actions in the record when it was last used
    at: int
    page: int = 0
    pages: list[MenuPage] = field(default_factory=list)
    #: the rules and numbers of the other lists the seat was shown since it began deciding (an
    #: offer's cards, then the list of cards to ask for, then the offer again): a list that
    #: comes back gets its numbers back
    earlier: list[tuple[str, dict[str, int]]] = field(default_factory=list)


@dataclass
class _News:
    """What a seat reads before its board: the log lines and messages since its last turn, the
    choices taken for it, and a summary of what changed on the board (shown when the lines
    are cut to fit)."""

    title: str
    entries: list[str]
    messages: list[str]
    taken: str | None
    summary: list[str]
    #: how many log lines the seat may read in all (for the pointer to 'log N')
    total: int

    def fixed(self, width: int) -> int:
        """The lines of what is never left out: the choices taken for the seat, the messages."""
        return sum(lines_needed(t, width) for t in [*([self.taken] if self.taken else []), *self.messages])

    def needed(self, width: int) -> int:
        """The lines all of it takes."""
        texts = [*self.entries, *self.messages, *([self.taken] if self.taken else [])]
        return 1 + sum(lines_needed(t, width) for t in texts)

    def lines(self, width: int, room: int) -> list[RenderableType]:
        """The news in at most ``room`` lines where it can: the messages and the choices taken
        for the seat always, then the latest log lines that fit; when some are left out, a
        pointer to 'log N' and the summary of what changed stand for them."""
        out: list[RenderableType] = [Rule(plain(self.title), style="")]
        fixed = [*([self.taken] if self.taken else []), *self.messages]
        left = room - 1 - sum(lines_needed(t, width) for t in fixed)
        cut = 0
        if sum(lines_needed(t, width) for t in self.entries) > left:
            left -= 1 + sum(lines_needed(t, width) for t in self.summary)
            cut = len(self.entries)
            while cut and left >= lines_needed(self.entries[cut - 1], width):
                cut -= 1
                left -= lines_needed(self.entries[cut], width)
        if self.taken:
            out.append(indented(self.taken, "dim"))
        if cut:
            lines = "line" if cut == 1 else "lines"
            out.append(indented(f"({cut} earlier {lines}: type 'log {self.total}')", "dim"))
            out.extend(indented(line, "cyan") for line in self.summary)
        out.extend(indented(entry) for entry in self.entries[cut:])
        out.extend(indented(message, "magenta") for message in self.messages)
        return out


class Session:
    """One game at the terminal.

    ``players`` maps every seat to ``"human"`` or a bot kind; bots are made with ``bot_seed``
    plus the seat's index. ``save_path`` is where the record is written after every action
    (``None``: a new ``consim-<game>-<seed>.json`` in the current folder). ``read`` replaces
    the keyboard (tests); ``console`` the terminal. ``picture`` (games with a ``draw`` module):
    a file where the board is drawn as SVG, as the human at the keyboard sees it, before each
    of its decisions and at the end (see :meth:`picture_path`).
    """

    def __init__(
        self,
        state: State,
        players: Mapping[str, str],
        save_path: Path | None,
        *,
        bot_seed: int,
        console: Console | None = None,
        read: Reader | None = None,
        picture: Path | None = None,
    ) -> None:
        self.state = state
        self.game = state.game
        self.players = {s: players.get(s, "heuristic").removeprefix("bot:") for s in self.game.seats}
        self.humans = [s for s, p in self.players.items() if p == "human"]
        self.bot_seed = bot_seed
        self.bots: dict[str, Bot] = {
            s: make_bot(self.game, p, s, bot_seed + i)
            for i, (s, p) in enumerate(self.players.items())
            if p != "human"
        }
        self.console = console or Console(highlight=False)
        self._read = read or self._keyboard
        self.save_path = save_path or default_save_path(self.game.id, state.seed)
        self.saving = True  # False while the save file cannot be written
        self.seen: dict[str, int] = dict.fromkeys(self.game.seats, 0)
        self.chat_seen: dict[str, int] = dict.fromkeys(self.game.seats, 0)
        self.spectator_seen = 0
        self.last_human: str | None = None
        self.turns: dict[str, int] = dict.fromkeys(self.humans, 0)
        self.menus: dict[str, _Menu] = {}
        #: record positions (action counts) of actions taken for a human as its only choice
        self.auto: set[int] = set()
        #: per seat, the actions taken for it as its only choice since its last screen (the
        #: action, the question): said in one line on its next screen
        self.taken: dict[str, list[tuple[str, str]]] = {}
        #: per seat, the view of its last screen (what changed since is summed up when the log
        #: since does not fit)
        self.last_views: dict[str, Mapping[str, object]] = {}
        self.labeller = game_labeller(self.game.id)
        self.looked_for = game_looked_for(self.game.id)
        self.changes = game_changes(self.game.id)
        self.fitted = takes_room(self.game.id)
        self.record: Record = session_record(state, self.players, bot_seed)
        self.commands: dict[str, GameCommand] = {
            k: v for k, v in game_commands(self.game.id).items() if k not in _WORDS
        }
        self.picture = picture
        self.draw: Picture | None = game_picture(self.game.id) if picture is not None else None
        if picture is not None and self.draw is None:
            raise ValueError(f"{self.game.id} has no picture of its board (--svg)")

    # -- the session ------------------------------------------------------------------------

    def run(self) -> int:
        """Play until the game ends, a player quits, or Ctrl-C; returns the exit code."""
        self._save_now(announce=True)
        if self.picture is not None:
            where = ", ".join(str(self.picture_path(s)) for s in self._viewers())
            when = "before each of your decisions and at the end" if self.humans else "at the end"
            self.out(plain(f"The board is drawn as a picture (SVG) in {where}, {when}."))
        try:
            while not self.state.is_over():
                to_act = self.state.to_act()
                bots = [s for s in to_act if s not in self.humans]
                if bots:  # bots first, one decision at a time: their choices are secret anyway
                    self._bot_move(bots[0])
                    continue
                if not self._turn(to_act[0]):
                    return 0
            self._finish()
            return 0
        except EOFError:
            self.out(Text())
            self._quit("The input was closed")
            return 0
        except KeyboardInterrupt:
            self.out(Text())
            self._quit("Interrupted")
            return INTERRUPTED

    @property
    def count(self) -> int:
        """The number of actions taken so far."""
        return len(self.record.actions)

    def out(self, renderable: RenderableType) -> None:
        self.console.print(renderable)

    def paged(self, renderable: RenderableType, reserve: int = 0) -> None:
        """Show ``renderable``; on a terminal, a screenful at a time when it is taller than the
        screen (help, a long card, the log, a big board), so nothing scrolls away unread.
        When it is paged, ``reserve`` lines are kept free below the last screenful (for the
        question that follows a board)."""
        room = self.console.height - 2
        if not self.console.is_terminal or height_of(self.console, renderable) <= room:
            self.out(renderable)
            return
        pieces = screenfuls(self.console, renderable, room)
        last_room = max(1, room - reserve)
        if len(pieces[-1]) > last_room:  # the end of it and what follows must share a screen
            last = pieces.pop()
            cut = len(last) - last_room
            pieces += [last[:cut], last[cut:]]
        for i, piece in enumerate(pieces):
            for line in piece:
                self.out(line)
            if i + 1 < len(pieces):
                left = len(pieces) - i - 1
                pages = f"{left} page{'s' if left > 1 else ''}"
                answer = self._read(plain(f"-- more ({pages}): Enter, or q to stop -- ", "dim"))
                if answer.strip().lower().startswith("q"):
                    return

    def _keyboard(self, prompt: Text) -> str:
        return self.console.input(prompt)

    def _hint(self) -> str:
        return resume_hint(self.game.id, self.save_path)

    # -- saving -----------------------------------------------------------------------------

    def _changed(self) -> None:
        """After every action, undo and message: the record is written again."""
        self.record = session_record(self.state, self.players, self.bot_seed)
        self._save_now()

    def _save_now(self, announce: bool = False) -> None:
        try:
            write_record(self.save_path, self.record)
        except OSError as exc:
            if self.saving or announce:
                self.out(
                    plain(
                        f"Cannot save to {self.save_path} ({exc.strerror or exc}): the game goes on "
                        "unsaved; 'save FILE' saves it elsewhere.",
                        "red",
                    )
                )
            self.saving = False
            return
        if announce:
            self.out(plain(f"The game is saved after every move in {self.save_path}."))
            self.out(plain(f"To continue it later: {self._hint()}", "dim"))
        elif not self.saving:
            self.out(plain(f"Saving to {self.save_path} works again.", "green"))
        self.saving = True

    def _save_quietly(self) -> None:
        try:
            write_record(self.save_path, session_record(self.state, self.players, self.bot_seed))
        except (OSError, ValueError):
            self.saving = False

    def _save_to(self, target: Path) -> None:
        try:
            write_record(target, self.record)
        except OSError as exc:
            why = exc.strerror or exc
            self.out(plain(f"Cannot save to {shown(str(target))}: {why}. Play goes on.", "red"))
            return
        if not self.saving:  # the usual file cannot be written: this one takes its place
            self.save_path = target
            self.saving = True
        self.out(plain(f"Saved to {target}. To continue it later: {resume_hint(self.game.id, target)}"))

    # -- bots -------------------------------------------------------------------------------

    def _bot_move(self, seat: str) -> None:
        state = self.state
        state.apply(seat, decide(self.bots[seat], state, seat, state.legal_actions(seat)))
        self._changed()
        if not self.humans:
            self._spectate()

    def _spectate(self) -> None:
        for entry in self.state.visible_log(None, since=self.spectator_seen):
            self.out(indented(entry))
            self.spectator_seen = entry.seq + 1

    # -- a human's turn ---------------------------------------------------------------------

    def _turn(self, seat: str) -> bool:
        """One decision of a human seat; False when the player stops the session."""
        prompt = self.state.prompt(seat)
        if len(self.humans) == 1 and len(prompt.actions) == 1 and not self.state.can_undo(seat):
            # nobody else is at the keyboard to learn that this seat had no choice
            action = prompt.actions[0]
            self.auto.add(self.count)
            self._apply(seat, action, quiet=True)
            # said once on the seat's next screen: a run of them (passes while others play)
            # would push what happened off the screen
            self.taken.setdefault(seat, []).append((action.text, prompt.text))
            return True
        self._handover(seat)
        self._screen(seat, prompt)
        self.turns[seat] += 1
        while True:
            line = self._read(plain(f"{seat}> ", "bold cyan"))
            step = self._line(seat, prompt, line)
            if step is _Next.QUIT:
                return False
            if step is _Next.DONE:
                return True

    def _handover(self, seat: str) -> None:
        """With several people at one keyboard, nobody sees another's screen."""
        if len(self.humans) > 1 and self.last_human != seat:
            clear_screen(self.console)
            self.console.rule(plain(f"Pass the keyboard to {seat}", "bold"))
            self._read(plain(f"{seat}: press Enter when no one else can see the screen. "))
            clear_screen(self.console)
        self.last_human = seat

    # -- the picture of the board (--svg) -------------------------------------------------------

    def picture_path(self, seat: str | None) -> Path:
        """Where ``seat``'s picture goes: the file asked for; with several people at one
        keyboard, one file per seat (``FILE-SEAT.svg``), so nobody's shows another's units."""
        assert self.picture is not None
        if seat is None or len(self.humans) < 2:
            return self.picture
        return self.picture.with_name(f"{self.picture.stem}-{seat}{self.picture.suffix or '.svg'}")

    def _viewers(self) -> list[str | None]:
        """Whose pictures are drawn: each human seat's, or everyone's in a game of bots."""
        return [*self.humans] if self.humans else [None]

    def _draw(self, seat: str | None) -> None:
        """Draws the board as ``seat`` sees it (``None``: everyone) into its picture file."""
        if self.picture is None or self.draw is None:
            return
        target = self.picture_path(seat)
        try:
            write_atomic(target, self.draw(self.state.view(seat)))
        except OSError as exc:
            self.out(plain(f"Cannot draw the board in {target}: {exc.strerror or exc}.", "red"))
            self.picture = None

    def _screen(self, seat: str, prompt: Prompt) -> None:
        """What happened since the seat's last turn, the board, the question and the menu, laid
        out to fit the terminal: the board gets what the question and a share of the news
        leave; what must be seen but does not fit (a hand read in full) comes in pages."""
        self._draw(seat)
        view = self.state.view(seat)
        # a board that does not fit itself to the room it is given keeps as much of itself on
        # the screen as it can: the menu takes as few rows as it can below it
        below = 0 if self.fitted else height_of(self.console, render_view(view))
        pages, question = self._menu_pages(seat, prompt, view, below=below)
        asked = height_of(self.console, question) + pages[0].rows + 2  # rule, question, menu, input
        avail = self.console.height - asked
        news = self._news(seat, view)
        share = min(news.needed(self.console.width), max(5, avail // 4)) if news else 0
        refused = self._refused(seat, prompt, view)
        board = render_view(view, room=max(1, avail - share), refused=refused, actions=prompt.actions)
        tall = height_of(self.console, board)
        # a board fitted to its room that is taller holds what must be read (a hand in full):
        # it comes in pages that end with the question, the news on the first; any other board
        # when it is taller than the terminal
        limit = self.console.height - (asked if self.fitted else 2)
        paging = tall > limit
        if not self.fitted:  # the log lines take what the board leaves, 8 at least
            room = max(8, avail - tall - 1) + 1 + (news.fixed(self.console.width) if news else 0)
        elif paging:  # in pages anyway: the news may take up to half a screen
            room = max(share, self.console.height // 2)
        else:  # what the board leaves
            room = max(share, avail - tall)
        parts: list[RenderableType] = news.lines(self.console.width, room) if news else []
        if paging and self.fitted:  # the news on the first page, the question on the last
            self.paged(Group(*parts, board), reserve=asked)
        else:
            for part in parts:
                self.out(part)
            self.paged(board, reserve=asked)
        self._ask(seat, question, pages)

    def _menu_pages(
        self, seat: str, prompt: Prompt, view: Mapping[str, object] | None = None, below: int = 0
    ) -> tuple[list[MenuPage], Text]:
        """The numbered choices laid out to fit the screen. ``below``: the height of the board
        shown above them. Choices that fit on one screen take as few rows as they can (in
        columns if need be), so that as much of the board as possible stays on the screen;
        more choices than that come in pages. To keep the board, the longest choices may lose
        their last :data:`CUT` characters in columns (a number still chooses them)."""
        numbered = self._numbered(seat, prompt)
        question = plain(str(prompt), "bold")
        room = self.console.height - height_of(self.console, question) - 3
        labels = self._labels(seat, [a for _, a in numbered], view)
        entries = [(n, labels[a]) for n, a in numbered]
        width = self.console.width
        pages: list[MenuPage] = []
        for rows in range(max(1, room - below), room + 1) if below else ():
            pages = menu_pages(entries, width, rows, cut=CUT)
            if len(pages) == 1 and pages[0].rows <= rows:
                break
        if len(pages) != 1:
            pages = menu_pages(entries, width, room)
        menu = self.menus[seat]
        if menu.pages != pages:
            menu.pages, menu.page = pages, 0
        return pages, question

    def _labels(
        self, seat: str, actions: list[Action], view: Mapping[str, object] | None = None
    ) -> dict[Action, str]:
        """Each choice as the menu shows it: the game's words for it (where a unit stands, what
        a card will do), or its text; never anything the seat's view does not hold."""
        if self.labeller is None:
            return {a: a.text for a in actions}
        seen = view if view is not None else self.state.view(seat)
        return {a: self.labeller(seen, a) for a in actions}

    def _ask(self, seat: str, question: Text, pages: list[MenuPage]) -> None:
        self.console.rule(plain(seat, "bold cyan"))
        self.out(question)
        self.out(pages[self.menus[seat].page % len(pages)].render())

    def _numbered(self, seat: str, prompt: Prompt) -> list[tuple[int, Action]]:
        """The choices with their numbers, kept from the seat's last screen while the decision
        goes on, so that a number means the same choice until it is taken."""
        texts = [a.text for a in prompt.actions]

        def known(numbers: dict[str, int]) -> bool:
            return 2 * sum(t in numbers for t in texts) > len(texts)  # most of them

        menu = self.menus.get(seat)
        if menu is None or menu.at != self.count:
            menu = self.menus[seat] = _Menu(prompt.rule, {t: i for i, t in enumerate(texts, 1)}, self.count)
        elif menu.rule != prompt.rule or not known(menu.numbers):
            # another list while the seat goes on deciding (a card's zone in a Recruit step, the
            # cards to ask for in an offer): its own numbers, and a list shown earlier gets its
            # numbers back when its choices come back
            back = next((e for e in reversed(menu.earlier) if e[0] == prompt.rule and known(e[1])), None)
            menu.earlier = [e for e in menu.earlier if e is not back] + [(menu.rule, menu.numbers)]
            menu.rule, menu.numbers = back or (prompt.rule, {t: i for i, t in enumerate(texts, 1)})
        for t in texts:
            if t not in menu.numbers:
                menu.numbers[t] = max(menu.numbers.values(), default=0) + 1
        return sorted(((menu.numbers[a.text], a) for a in prompt.actions), key=lambda na: na[0])

    def _news(self, seat: str, view: Mapping[str, object]) -> _News | None:
        """What ``seat`` may read that happened since its last turn (log lines, messages, the
        choices taken for it), with a summary of what changed on the board for when the lines
        do not all fit; ``None`` when nothing did."""
        entries = self.state.visible_log(seat, since=self.seen[seat])
        messages = self.state.chat(seat, since=self.chat_seen[seat])
        if entries:
            self.seen[seat] = entries[-1].seq + 1
        if messages:
            self.chat_seen[seat] = messages[-1].seq + 1
        before = self.last_views.get(seat)
        self.last_views[seat] = view
        taken = self._taken(seat)
        if not entries and not messages and not taken:
            return None
        summary: list[str] = []
        if self.changes is not None and before is not None:
            summary = self.changes(before, view)
        title = "Since your last turn" if self.turns.get(seat) else "The game so far"
        total = len(self.state.visible_log(seat))
        return _News(
            f"{title} ({seat})",
            [str(e) for e in entries],
            [self._message(seat, m) for m in messages],
            taken,
            summary,
            total,
        )

    def _taken(self, seat: str) -> str | None:
        """The actions taken for ``seat`` as its only choice since its last screen, in a line."""
        taken = self.taken.pop(seat, [])
        if not taken:
            return None
        if len(taken) == 1:
            text, why = taken[0]
            return f"{seat}: {text} - taken for you, your only choice: {why}"
        counts = Counter(text for text, _ in taken)
        listed = ", ".join(text if n == 1 else f"{text} ({n} times)" for text, n in counts.items())
        return f"{seat}: taken for you, each time your only choice: {listed}"

    def _message(self, seat: str, message: ChatMessage) -> str:
        sender = "you" if message.sender == seat else message.sender
        to = "everyone" if message.to is None else ", ".join("you" if s == seat else s for s in message.to)
        return f"{sender} to {to}: {message.text}"

    # -- what was typed ---------------------------------------------------------------------

    def _line(self, seat: str, prompt: Prompt, line: str) -> _Next:
        text = line.strip()
        if not text:
            return _Next.ASK
        word, _, rest = text.partition(" ")
        word = word.lower()
        rest = rest.strip()
        if word in ("help", "?"):
            self.paged(self._help(seat, prompt))
        elif word == "quit":
            self._quit("Stopped")
            return _Next.QUIT
        elif word == "view":
            view = self.state.view(seat)
            if rest == "--json":
                self.console.print_json(json.dumps(view, default=str))
            else:
                self.paged(render_view(view))
        elif word == "log":
            self._log(seat, rest)
        elif word == "save":
            self._save_to(Path(rest).expanduser() if rest else self.save_path)
            return _Next.ASK
        elif word == "say":
            self._say(seat, rest)
            return _Next.ASK
        elif word == "undo":
            return self._undo(seat)
        elif word == "more":
            menu = self.menus[seat]
            if len(menu.pages) < 2:
                self.out(plain("All the choices are shown.", "yellow"))
                return _Next.ASK
            menu.page = (menu.page + 1) % len(menu.pages)
            self.out(menu.pages[menu.page].render())
            return _Next.ASK
        elif word in self.commands:
            self._game_command(seat, word, rest)
        else:
            return self._choose(seat, prompt, text)
        pages, question = self._menu_pages(seat, prompt)
        self._ask(seat, question, pages)
        return _Next.ASK

    def _choose(self, seat: str, prompt: Prompt, text: str) -> _Next:
        try:
            typed = self._pick(seat, prompt, text)
        except Choices as exc:
            self._show_choices(seat, prompt, text, exc)
            return _Next.ASK
        except IllegalAction as exc:
            steps = None if isinstance(exc, AmbiguousAction) else self._opening(seat, prompt, text)
            if steps is None:
                self.out(plain(f"{exc}", "red"))
                self.out(plain("Type a number from the list, an action, or 'help'.", "dim"))
                return _Next.ASK
            for step in steps:
                self._apply(seat, step)
            return _Next.DONE
        if not typed.in_full:  # a short form: ask first if it cannot be taken back
            why = self._final(seat, typed.action)
            if why is not None and not self._confirm(seat, typed.action, why):
                return _Next.ASK
        self._apply(seat, typed.action)
        return _Next.DONE

    def _opening(self, seat: str, prompt: Prompt, text: str) -> tuple[Action, Action] | None:
        """A verb typed with the choice it opens: ``want Propaganda`` where ``want`` alone is a
        choice that asks the same seat which card it wants (``want Propaganda`` among others).
        The two actions, when the verb is a choice without arguments and the rest of the line
        names one of the choices of that verb it leads to; else None."""
        verb, _, rest = text.strip().partition(" ")
        if not rest.strip():
            return None
        bare = [a for a in prompt.actions if not a.args and a.verb.casefold() == verb.casefold()]
        if len(bare) != 1:
            return None
        trial = self.state.clone()
        trial.apply(seat, bare[0])
        if trial.is_over() or trial.to_act() != (seat,):
            return None
        then = [a for a in trial.legal_actions(seat) if a.verb == bare[0].verb and a.args]
        try:
            return bare[0], resolve(text, then)
        except IllegalAction:
            return None

    def _pick(self, seat: str, prompt: Prompt, text: str) -> Typed:
        if text.isdigit():
            wanted = int(text)
            for number, action in self._numbered(seat, prompt):
                if number == wanted:
                    return Typed(action, True)
            raise IllegalAction(f"{shown(text)} is not one of the numbers shown")
        try:
            return read(text, prompt.actions)
        except (Choices, MalformedAction):
            raise
        except IllegalAction:
            reason = self._refusal(seat, text, prompt.actions)
            if reason is None:
                raise  # a typo: its "did you mean"
            raise IllegalAction(reason) from None

    def _grammar(self) -> ActionSpace | None:
        """Every action the game can ever offer (its research action space), if it has one."""
        try:
            return self.game.action_space
        except NotImplementedError:  # a game without research hooks: typos are all we can tell
            return None

    def _refusal(self, seat: str, text: str, actions: list[Action]) -> str | None:
        """The engine's reason for refusing what was typed, when it is an action of the game
        (well formed, but not allowed here: a rule, a deal it would break), not a typo; ``None``
        for a typo."""
        space = self._grammar()
        if space is None:
            return None
        found = in_grammar(text, space)
        if len(found) == 1:
            return self.state.explain(seat, found[0])
        # a verb of the game that nothing here offers: the engine says what is asked instead
        tokens = _tokenize(text)
        verbs = {f.verb for f in space.forms if fold(f.verb) == fold(tokens[0])}
        if len(verbs) == 1 and not found:
            verb = verbs.pop()
            if all(a.verb != verb for a in actions):
                return self.state.explain(seat, Action(verb, tuple(tokens[1:])))
        return None

    def _show_choices(self, seat: str, prompt: Prompt, text: str, exc: Choices) -> None:
        """The choices a short form could mean, with their numbers (a verb alone chooses none)."""
        if isinstance(exc, BareVerb):
            head = f"{shown(text)} alone does not say which; type more of it, or its number:"
        else:
            head = f"{shown(text)} could be:"
        self.out(plain(head, "red"))
        numbers = {a: n for n, a in self._numbered(seat, prompt)}
        labels = self._labels(seat, list(exc.choices))
        most = max(3, self.console.height // 2)
        digits = len(str(max(numbers.values(), default=1)))
        for action in exc.choices[:most]:
            line = Text(f"  {numbers.get(action, ''):>{digits}}  ", style="cyan")
            line.append(fit(labels[action], self.console.width - digits - 4))
            self.out(line)
        if len(exc.choices) > most:
            self.out(plain(f"  ... and {len(exc.choices) - most} more (the menu has them all)", "dim"))

    def _final(self, seat: str, action: Action) -> str | None:
        return cannot_undo(self.state, seat, action)

    def _confirm(self, seat: str, action: Action, why: str) -> bool:
        """Asks before carrying out a short form that cannot be undone."""
        label = self._labels(seat, [action])[action]
        self.out(plain(f"That is: {label}. It cannot be undone: {why}.", "yellow"))
        answer = self._read(plain(f"{seat}: do it? (y/n) ", "bold cyan"))
        if answer.strip().casefold() in ("y", "yes"):
            return True
        self.out(plain("Not done. Type a number, an action, or 'help'.", "dim"))
        return False

    def _refused(self, seat: str, prompt: Prompt, view: Mapping[str, object]) -> dict[str, str]:
        """The engine's reason for each action the game says a player may look for here and
        will not find among the choices (a card of the hand that cannot be played now)."""
        if self.looked_for is None:
            return {}
        legal = set(prompt.actions)
        out: dict[str, str] = {}
        for text in self.looked_for(view, prompt.actions):
            try:
                wanted = Action.parse(text)
            except IllegalAction:
                continue
            if wanted in legal:
                continue
            why = self.state.explain(seat, wanted)
            if why:
                out[wanted.text] = why
        return out

    def _apply(self, seat: str, action: Action, quiet: bool = False) -> None:
        entries = self.state.apply(seat, action)
        self._changed()
        if seat in self.menus:
            self.menus[seat].at = self.count
        visible = [e for e in entries if e.visible_to(seat)]
        if quiet:
            return  # the seat reads them with its next screen
        for entry in visible:
            self.out(indented(entry, "green"))
        if visible:
            self.seen[seat] = max(self.seen[seat], visible[-1].seq + 1)

    def _log(self, seat: str, rest: str) -> None:
        entries: list[LogEntry] = self.state.visible_log(seat)
        if rest in ("", "all") or rest.isdigit():
            n = len(entries) if rest == "all" else int(rest or 20)
            shown_entries = entries[len(entries) - min(n, len(entries)) :]
            if shown_entries:
                self.paged(Group(*(indented(entry) for entry in shown_entries)))
            if not entries:
                self.out(plain("The log is empty.", "dim"))
        else:
            self.out(plain(f"log takes a number of lines or 'all', not {shown(rest)}", "red"))

    def _say(self, seat: str, rest: str) -> None:
        target, _, text = rest.partition(" ")
        if not target or not text.strip():
            self.out(plain("say SEAT text, say SEAT,SEAT text, or say all text", "red"))
            return
        to: list[str] | None = None
        if target.lower() not in ("all", "everyone"):
            to = []
            by_name = {s.casefold(): s for s in self.game.seats}
            for name in target.split(","):
                found = by_name.get(name.strip().casefold())
                if found is None:
                    self.out(plain(f"no seat {shown(name)}; seats: {', '.join(self.game.seats)}", "red"))
                    return
                to.append(found)
        try:
            message = self.state.say(seat, to, text)
        except IllegalAction as exc:
            self.out(plain(str(exc), "red"))
            return
        self.chat_seen[seat] = message.seq + 1
        self.out(indented(self._message(seat, message), "magenta"))
        self._changed()

    def _undo(self, seat: str) -> _Next:
        """Take back the seat's last choice, and any only-choice actions taken for it since."""
        trial = self.state.clone()  # find out first how far back the seat's last choice is
        count = self.count
        while count - 1 in self.auto and trial.can_undo(seat):
            trial.undo(seat)
            count -= 1
        if not trial.can_undo(seat):
            self.out(
                plain(
                    "Nothing to undo: your last action was followed by a die roll, a draw, a reveal "
                    "or another seat's action.",
                    "red",
                )
            )
            return _Next.ASK
        count -= 1
        undone = [text for _, text in self.record.actions[count:]]
        for _ in undone:
            self.state.undo(seat)
        self.auto = {i for i in self.auto if i < count}
        self._changed()
        log_size = len(self.state.log)
        self.seen = {s: min(n, log_size) for s, n in self.seen.items()}
        if seat in self.menus:
            self.menus[seat].at = self.count
        self.out(plain(f"Undone: {', '.join(undone)}", "yellow"))
        return _Next.DONE

    def _game_command(self, seat: str, word: str, rest: str) -> None:
        try:
            shown_ = self.commands[word](self.state.view(seat), rest)
        except Exception as exc:  # a game's command must not end the session
            why = str(exc) or f"it failed ({type(exc).__name__}), a fault of this program"
            self.out(plain(f"{word}: {why}; the game goes on.", "red"))
            return
        self.paged(shown_)

    def _help(self, seat: str, prompt: Prompt) -> RenderableType:
        width = self.console.width
        parts: list[RenderableType] = [
            plain("Type the number of a choice, or the action itself; case and accents do not matter,"),
            plain("quotes are optional, and the first letters of each word do when they are enough."),
            plain("A verb alone chooses nothing; a short form of an action that cannot be undone is"),
            plain("shown in full and asked about first."),
        ]
        examples = self._examples(seat, prompt)
        if examples:
            parts.append(plain("For example:", "bold"))
            grid = Table.grid(padding=(0, 2))
            for typed, meaning in examples:
                grid.add_row(plain(f"  {typed}", "cyan"), plain(fit(meaning, width - len(typed) - 6)))
            parts.append(grid)
        elsewhere = game_examples(self.game.id)
        if elsewhere:
            parts.append(plain("Elsewhere in this game:", "bold"))
            grid = Table.grid(padding=(0, 2))
            for typed in elsewhere[:8]:
                grid.add_row(plain(f"  {fit(typed, width - 4)}", "cyan"))
            parts.append(grid)
        parts.append(plain("Commands at any prompt:", "bold"))
        grid = Table.grid(padding=(0, 2))
        # a message needs someone to read it: not offered in a solitaire game
        rows = [row for row in COMMANDS if len(self.game.seats) > 1 or not row[0].startswith("say")]
        for name, fn in self.commands.items():
            doc = (fn.__doc__ or "").strip().splitlines()
            rows.append((name, doc[0] if doc else f"{self.game.id}'s own command"))
        if any(len(m.pages) > 1 for m in self.menus.values()):
            rows.append(("more", "the next page of a long list of choices"))
        for name, meaning in rows:
            grid.add_row(plain(f"  {name}", "cyan"), plain(meaning))
        parts.append(grid)
        return Group(*parts)

    def _examples(self, seat: str, prompt: Prompt) -> list[tuple[str, str]]:
        """Typed forms that work at this prompt, from its own choices."""
        numbered = self._numbered(seat, prompt)
        found: list[tuple[str, str]] = []
        if numbered:
            number, action = numbered[min(1, len(numbered) - 1)]
            found.append((str(number), f"the choice numbered {number}: {action.text}"))
        verbs: set[str] = set()
        for _, action in numbered:
            if action.verb in verbs or len(found) >= 4:
                continue
            verbs.add(action.verb)
            found.append((_short_form(action, prompt.actions), action.text))
        return found

    # -- the end ----------------------------------------------------------------------------

    def _quit(self, why: str) -> None:
        self._save_quietly()
        if self.saving:
            self.out(plain(f"{why}. To continue: {self._hint()}", "yellow"))
        else:
            self.out(plain(f"{why}: the game could not be saved in {self.save_path}.", "red"))

    def _finish(self) -> None:
        state = self.state
        if len(self.humans) > 1:
            clear_screen(self.console)
        self.console.rule(plain("Game over", "bold"))
        for human in self.humans:
            taken = self._taken(human)
            if taken:
                self.out(indented(taken, "dim"))
        if self.humans:
            since = min(self.seen[s] for s in self.humans)
            entries = state.visible_log(self.humans[0] if len(self.humans) == 1 else None, since=since)
            cut = max(0, len(entries) - 12)
            if cut:
                lines = "line" if cut == 1 else "lines"
                self.out(indented(f"({cut} earlier {lines}: consim replay {self.save_path})", "dim"))
            for entry in entries[cut:]:
                self.out(indented(entry))
        out = state.outcome()
        assert out is not None
        self.out(final_screen(self.game.id, out, self.game.seats, self.players, state.view(None)))
        for seat in self._viewers():
            self._draw(seat)
        self._save_quietly()
        if self.saving:
            self.out(plain(f"The record is in {self.save_path} (consim replay {self.save_path})."))


#: the re-deals an action is tried on to tell whether it can be undone
TRIALS = 3


def cannot_undo(state: State, seat: str, action: Action) -> str | None:
    """Why ``seat``'s ``action`` could not be taken back once carried out ('undo'), or
    ``None`` if it could. It is tried on positions consistent with what the seat knows (its
    hidden parts re-dealt, the same ways each time), so that the answer tells the seat nothing
    it could not know (in Battle for Baghdad, whether naming the first player starts a roll
    depends on unseen cards): the reason if any of them could not undo it.
    """
    for n in range(TRIALS):
        try:
            trial = state.determinize(seat, Rng(n))
        except NotImplementedError:  # a game without research hooks: a copy (nothing hidden)
            trial = state.clone()
        except (ValueError, KeyError, IndexError, AssertionError):  # a re-deal failed: ask
            return "it may start a die roll, a card draw or a reveal"
        why = _undo_after(trial, seat, action)
        if why is not None:
            return why
    return None


def _undo_after(trial: State, seat: str, action: Action) -> str | None:
    trial.keep_undo = True
    try:
        trial.apply(seat, action)
    except IllegalAction:  # not legal in that re-deal: ask, to be safe
        return "it may start a die roll, a card draw or a reveal"
    if trial.is_over():
        return "the game ends with it"
    if not trial.can_undo(seat):
        return "a die roll, a card draw or a reveal follows it"
    if seat not in trial.to_act():
        return "another player acts next"
    return None


def _short_form(action: Action, actions: list[Action]) -> str:
    """The shortest typed form that stands for ``action`` alone: the start of its verb, or
    the verb and the first word of each argument, else its full text."""
    if action.args:
        words = (a.split()[0].lower() for a in action.args if a.split())
        candidates = [action.verb, " ".join([action.verb, *words])]
    else:
        candidates = [action.verb[:k] for k in range(2, len(action.verb))]
    for typed in candidates:
        try:
            if resolve(typed, actions) == action:
                return typed
        except IllegalAction:
            continue
    return action.text
