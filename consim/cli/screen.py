"""Terminal primitives of the play screen: plain text (never markup), clearing the screen and
its scrollback, fitting a line to the width, and laying out a numbered menu so that it fits
the terminal (one column, several columns, or pages).

Everything a player or a content file wrote is printed through :func:`plain`, so a card named
``[red]`` or a message ``say all [/]`` is shown as typed, neither styled nor an error.

>>> choices = [(i, f"choice {i}") for i in range(1, 61)]
>>> [(p.rows, p.columns) for p in menu_pages(choices[:8], width=40, height=10)]
[(8, 1)]
>>> [(p.rows, p.columns) for p in menu_pages(choices[:20], width=40, height=10)]
[(10, 2)]
>>> [(p.rows, p.columns, p.page, p.pages) for p in menu_pages(choices, width=40, height=10)]
[(9, 2, 1, 4), (9, 2, 2, 4), (9, 2, 3, 4), (3, 2, 4, 4)]
"""

from __future__ import annotations

import math
import textwrap
from collections.abc import Sequence
from dataclasses import dataclass

from rich.console import Console, ConsoleOptions, Group, RenderableType, RenderResult
from rich.table import Table
from rich.text import Text

#: the shape the screen is designed for; what a test of the rendering uses
WIDTH, HEIGHT = 80, 24

#: clear the visible screen, move home, and clear the scrollback (xterm's ESC[3J), so the next
#: player at a shared keyboard cannot scroll back to the last player's hand
CLEAR_ALL = "\x1b[H\x1b[2J\x1b[3J"


def plain(text: object, style: str = "") -> Text:
    """``text`` as it is: no markup, no emoji codes, nothing interpreted.

    >>> plain("[red]Mosul[/]").plain
    '[red]Mosul[/]'
    """
    return Text(str(text), style=style)


class Indented:
    """Plain text indented, its wrapped lines too (a log line longer than the width), with no
    trailing spaces."""

    def __init__(self, text: object, style: str = "", indent: int = 2) -> None:
        self.text, self.style, self.indent = str(text), style, indent

    def __rich_console__(self, console: Console, options: ConsoleOptions) -> RenderResult:
        room = max(10, options.max_width - self.indent)
        margin = " " * self.indent
        for paragraph in self.text.splitlines() or [""]:
            for line in textwrap.wrap(paragraph, room, break_on_hyphens=False) or [""]:
                yield Text(margin + line, style=self.style, end="\n")


def indented(text: object, style: str = "", indent: int = 2) -> RenderableType:
    """Plain ``text`` indented by ``indent`` spaces, wrapped lines too.

    >>> console = Console(width=30, file=__import__("io").StringIO(), record=True)
    >>> console.print(indented("Sunni offers Shia Iranian Support (H1) for 1 card(s)."))
    >>> print(console.export_text())
      Sunni offers Shia Iranian
      Support (H1) for 1 card(s).
    <BLANKLINE>
    """
    return Indented(text, style, indent)


def lines_needed(text: str, width: int, indent: int = 2) -> int:
    """How many lines :func:`indented` takes for ``text`` (about: words wrap whole)."""
    return max(1, math.ceil(len(text) / max(1, width - indent - 2)))


def clear_screen(console: Console) -> None:
    """Clear the screen and its scrollback, only when writing to a terminal."""
    if not console.is_terminal or console.is_dumb_terminal:
        return
    console.file.write(CLEAR_ALL)
    console.file.flush()


def fit(text: str, width: int) -> str:
    """``text`` cut to ``width`` characters, with an ellipsis where it was cut.

    >>> fit("Negotiations round 1 of 2", 12)
    'Negotiation…'
    >>> fit("done", 12)
    'done'
    """
    text = " ".join(text.split())
    if len(text) <= width:
        return text
    return text[: max(0, width - 1)].rstrip() + "…"


@dataclass(frozen=True, slots=True)
class MenuPage:
    """One screenful of a numbered menu, laid out in ``columns`` of ``rows`` entries each."""

    entries: tuple[tuple[int, str], ...]
    rows: int
    columns: int
    #: this page's number and the number of pages (1, 1 for a menu that fits)
    page: int = 1
    pages: int = 1

    def render(self) -> RenderableType:
        """The entries read down each column: ``  12  discard "Roadside Bombs"``."""
        digits = len(str(max((n for n, _ in self.entries), default=1)))
        if self.columns == 1 and self.pages == 1:  # no grid: no padding to the right
            return Group(*(Indented(f"{n:>{digits}}  {label}", indent=0) for n, label in self.entries))
        grid = Table.grid(padding=(0, 2))
        for _ in range(self.columns):
            grid.add_column(no_wrap=self.columns > 1, overflow="ellipsis")
        for r in range(self.rows):
            cells: list[RenderableType] = []
            for c in range(self.columns):
                i = c * self.rows + r
                if i < len(self.entries):
                    number, label = self.entries[i]
                    cell = Text(f"{number:>{digits}}  ", style="cyan")
                    cell.append(label)
                    cells.append(cell)
                else:
                    cells.append(Text(""))
            grid.add_row(*cells)
        if self.pages == 1:
            return grid
        hint = Text(f"page {self.page} of {self.pages}: 'more' for the next page", style="dim")
        table = Table.grid()
        table.add_row(grid)
        table.add_row(hint)
        return table


def menu_pages(
    entries: Sequence[tuple[int, str]], width: int = WIDTH, height: int = HEIGHT, cut: int = 0
) -> list[MenuPage]:
    """Lay out numbered choices to fit ``width`` x ``height`` (the part of the screen the menu
    may use): one column if they fit; else as many columns as the longest entry allows (less
    ``cut`` characters, which the longest entries then lose, with an ellipsis), or the fewest
    columns that fit when each is as wide as its own longest entry; else pages of columns,
    each leaving a line for the page hint.

    >>> long = [(i, "x" * (38 if i == 1 else 20)) for i in range(1, 31)]
    >>> [(p.rows, p.columns, p.pages) for p in menu_pages(long, width=80, height=20)]
    [(15, 2, 1)]
    >>> long = [(i, 'discard "Counter Insurgency Operations"') for i in range(1, 11)]
    >>> [(p.rows, p.columns) for p in menu_pages(long, width=80, height=6)]
    [(5, 1), (5, 1)]
    >>> [(p.rows, p.columns) for p in menu_pages(long, width=80, height=6, cut=6)]
    [(5, 2)]
    """
    items = tuple(entries)
    rows_allowed = max(3, height)
    digits = len(str(max((n for n, _ in items), default=1)))
    longest = max((len(label) for _, label in items), default=0)
    cell = digits + 2 + max(min(longest, 12), longest - cut)

    def lines(label: str) -> int:  # a one-column entry longer than the width wraps
        return max(1, math.ceil((digits + 2 + len(label)) / max(1, width)))

    if sum(lines(label) for _, label in items) <= rows_allowed:
        return [MenuPage(items, len(items), 1)]
    columns = max(1, (width + 2) // (cell + 2))
    if columns > 1 and math.ceil(len(items) / columns) <= rows_allowed:
        return [MenuPage(items, math.ceil(len(items) / columns), columns)]
    # one page still, if each column is as wide as its own longest entry (long entries few)
    for count in range(2, len(items)):
        rows = math.ceil(len(items) / count)
        if rows > rows_allowed:
            continue
        widths = [
            max(digits + 2 + len(label) for _, label in items[k * rows : (k + 1) * rows])
            for k in range(math.ceil(len(items) / rows))
        ]
        if sum(widths) + 2 * (len(widths) - 1) <= width:
            return [MenuPage(items, rows, len(widths))]
        break
    # pages: each holds rows x columns entries and a line of hint
    rows = max(2, rows_allowed - 1)
    if columns == 1:
        per_page, chunks = 0, []
        current: list[tuple[int, str]] = []
        for item in items:
            need = lines(item[1])
            if current and per_page + need > rows:
                chunks.append(tuple(current))
                current, per_page = [], 0
            current.append(item)
            per_page += need
        chunks.append(tuple(current))
        return [MenuPage(chunk, len(chunk), 1, i + 1, len(chunks)) for i, chunk in enumerate(chunks)]
    size = rows * columns
    parts = [items[i : i + size] for i in range(0, len(items), size)]
    return [
        MenuPage(part, math.ceil(len(part) / columns), columns, i + 1, len(parts))
        for i, part in enumerate(parts)
    ]


def height_of(console: Console, renderable: RenderableType) -> int:
    """How many lines ``renderable`` takes at the console's width."""
    return len(console.render_lines(renderable, console.options, pad=False))


def screenfuls(console: Console, renderable: RenderableType, room: int) -> list[list[Text]]:
    """``renderable`` cut into pieces of at most ``room`` lines each, as styled lines."""
    lines = console.render_lines(renderable, console.options, pad=False)
    texts = []
    for line in lines:
        text = Text()
        for seg in line:
            if not seg.control:
                text.append(seg.text, seg.style)
        texts.append(text)
    room = max(1, room)
    return [texts[i : i + room] for i in range(0, len(texts), room)] or [[]]
