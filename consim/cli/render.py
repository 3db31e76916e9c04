"""Terminal rendering of views: one renderer per game, plus a generic fallback."""

from __future__ import annotations

import importlib
import json
from collections.abc import Callable, Mapping
from types import ModuleType
from typing import Any

from rich.console import Group, RenderableType
from rich.panel import Panel
from rich.table import Table
from rich.text import Text

from consim.core.game import Outcome
from consim.core.registry import GAMES

Renderer = Callable[[Mapping[str, Any]], RenderableType]


def _generic(view: Mapping[str, Any]) -> RenderableType:
    return Panel(Text(json.dumps(view, indent=1, default=str)), title="view")


def _jihad(view: Mapping[str, Any]) -> RenderableType:
    """The First Jihad: the card, one line per Path (Mecca outward), tracks and AP."""
    parts: list[RenderableType] = []
    card = view.get("card")
    if card:
        rose = " ".join(f"{p}:{c}" for p, c in (card["rose"] or {}).items())
        ap = f"AP {card['ap'][0]}/{card['ap'][1]}" if card["ap"] else "no Rose"
        events = ", ".join(card["events"]) or "none"
        parts.append(
            Text(
                f"Turn {view['turn']}: card #{card['number']} {card['title']!r} [{card['era']}]", style="bold"
            )
        )
        parts.append(Text(f"  Rose {rose}; {ap}; events: {events}"))
    armies = view["armies"]
    for path in view["paths"]:
        marker = path["islam"]
        cells = ["Mecca" + (" [Islam]" if marker["at"] == 0 else "")]
        for land in path["lands"]:
            cell = land["name"]
            tags = []
            if marker["at"] == land["index"]:
                tags.append("Islam-disrupted" if marker["dis"] else "Islam")
            for aid in land["armies"]:
                a = armies[aid]
                flags = "".join(
                    f for f, on in (("*", a["cursed"]), ("(besieged)", a["sieged"]), ("^", a["top"])) if on
                )
                tags.append(f"{aid}:{a['str']}{flags}")
            if land["castle"]:
                tags.append(f"castle {view['castles'][land['castle']]['side']}")
            if land["capital"]:
                tags.append(f"capital {view['capitals'][land['capital']]['side']}")
            if land["control"] == "arab":
                cell = f"[{cell}]"
            if tags:
                cell += " {" + ", ".join(tags) + "}"
            cells.append(cell)
        parts.append(Text(f"{path['name']:<20} " + " > ".join(cells)))
    tracks = "  ".join(f"{k} {v['box']:+d} ({v['face']})" for k, v in view["tracks"].items())
    rulers = "  ".join(f"{k} {v}" for k, v in view["rulers"].items())
    ap = view["ap"]
    div = [t for t, d in view["divided"].items() if d]
    parts.append(Text(f"Tracks: {tracks}"))
    parts.append(
        Text(
            f"Rulers: {rulers}   AP west {ap['west']} east {ap['east']}"
            + (f"   Divided: {', '.join(div)}" if div else "")
            + f"   tokens {view['tokens']}   fleet {view['fleet']}   immortals {view['immortals']}"
        )
    )
    parts.append(
        Text(f"Icons: {view['icons']}   Themes: {view['themes']}   deck left: {view['deck_remaining']}")
    )
    parts.append(Text("[Land] = Arab-held, * = Cursed, ^ = on top of a Neutral", style="dim"))
    return Group(*parts)


#: renderers for games whose package has no ``present.py`` yet (The First Jihad until its port
#: lands); a game's own ``present.render`` always comes first
RENDERERS: dict[str, Renderer] = {"jihad": _jihad}


def present_module(game_id: str) -> ModuleType | None:
    """The game's own terminal rendering, ``consim.games.<id>.present``, if it has one."""
    try:
        module_name = GAMES[game_id].partition(":")[0]
    except KeyError:
        return None
    try:
        return importlib.import_module(f"{module_name}.present")
    except ModuleNotFoundError as exc:
        if exc.name not in (f"{module_name}.present", module_name):
            raise  # the game has a present module, and it is broken: say so
        return None


def render_view(view: Mapping[str, Any]) -> RenderableType:
    """A view drawn for the terminal by its game's ``present.render``."""
    game_id = str(view.get("game"))
    module = present_module(game_id)
    if module is not None and hasattr(module, "render"):
        rendered: RenderableType = module.render(view)
        return rendered
    fallback = RENDERERS.get(game_id, _generic)
    try:
        return fallback(view)
    except (KeyError, TypeError, IndexError, AttributeError):  # a view this renderer does not know
        return _generic(view)


#: a game-specific command of the play screen: (view, the rest of the typed line) -> what to show
GameCommand = Callable[[Mapping[str, Any], str], RenderableType]


def game_commands(game_id: str) -> dict[str, GameCommand]:
    """The game's own play-screen commands (``present.COMMANDS``: name -> function), if any."""
    module = present_module(game_id)
    found = getattr(module, "COMMANDS", None) if module is not None else None
    if not isinstance(found, Mapping):
        return {}
    return {str(name).lower(): fn for name, fn in found.items() if callable(fn)}


def game_examples(game_id: str) -> list[str]:
    """Typed examples the game's present module offers for ``help`` (``present.EXAMPLES``)."""
    module = present_module(game_id)
    found = getattr(module, "EXAMPLES", None) if module is not None else None
    if not isinstance(found, list | tuple):
        return []
    return [str(x) for x in found]


# -- the end of a game ------------------------------------------------------------------------

OutcomeRenderer = Callable[[Outcome], RenderableType]

#: [5.2] the parts of The First Jihad's Outcome Points, in the rulebook's order
_JIHAD_PARTS: tuple[tuple[str, str], ...] = (
    ("A_islam_circles", "A  tan circles of the Lands holding an Islam marker"),
    ("B_arab_lands", "B  Lands controlled by the Arabs"),
    ("C_minor_powers", "C  Minor Power Tracks"),
    ("D_armies", "D  player armies"),
    ("D_castles", "D  Castles"),
    ("D_capitals", "D  Capitals"),
    ("E_kaaba", "E  Ka'aba Number (Advanced Game)"),
)


def _jihad_outcome(outcome: Outcome) -> RenderableType:
    parts = outcome.details.get("breakdown") or {}
    table = Table(title="Outcome Points (5.2)", title_justify="left")
    table.add_column("part")
    table.add_column("OP", justify="right")
    for key, label in _JIHAD_PARTS:
        if key in parts:
            table.add_row(label, f"{parts[key]:+d}")
        elif key == "E_kaaba":
            table.add_row(label, "n/a")  # 5.2 E is scored only in the Advanced Game
    lands = ", ".join(parts.get("A_lands") or []) or "none"
    table.caption = Text(f"Islam markers in: {lands}")
    total = outcome.points if outcome.points is None else int(outcome.points)
    lines: list[RenderableType] = [table]
    if parts.get("sudden_death"):
        lines.append(Text("Driven out of Rome: sudden death (5.1), scored as at least 56 OP.", style="red"))
    lines.append(Text(f"Total: {total} Outcome Points. Level reached: {outcome.level}.", style="bold"))
    return Group(*lines)


#: per game, how to show the end of the game from its ``Outcome`` (after the scores)
OUTCOME_RENDERERS: dict[str, OutcomeRenderer] = {"jihad": _jihad_outcome}


def render_outcome(game_id: str, outcome: Outcome) -> RenderableType | None:
    """The game's own end-of-game breakdown, or ``None`` if it has no outcome renderer."""
    module = present_module(game_id)
    if module is not None and hasattr(module, "render_outcome"):
        shown: RenderableType | None = module.render_outcome(outcome)
        return shown
    renderer = OUTCOME_RENDERERS.get(game_id)
    return None if renderer is None else renderer(outcome)
