"""The HTML pages: the lobby, the new-game form, the seat and spectator table, replays.

A seat's page is its table: the board's picture, the prompt with the legal actions in words
grouped by what they do (``Game.describe_actions``), the hand with every card's text and the
other cards one may read (``Game.describe_cards``), a compact status (``Game.describe_status``),
the log (newest at the bottom) and the messages. Everything on it is made from what the
service gives that seat (its view, prompt, legal actions, visible log and messages), so it
shows no more than the seat may know. The page's script (``static/table.js``) follows the game
live and updates the page part by part (each part marked ``data-part``), keeping what the
player is typing, the log's scroll position and the picture's zoom.
"""

from __future__ import annotations

import functools
import io
from collections.abc import Callable, Collection, Iterable, Mapping
from html import escape as escape_html
from pathlib import Path
from typing import Annotated, Any, Literal

import jinja2
from fastapi import APIRouter, FastAPI, Form, Request
from fastapi.responses import HTMLResponse, RedirectResponse, Response
from fastapi.staticfiles import StaticFiles
from fastapi.templating import Jinja2Templates
from markupsafe import Markup
from starlette.concurrency import run_in_threadpool

import consim
from consim.bots.base import bot_choice, bot_kinds
from consim.core.action import Action
from consim.core.errors import MalformedAction
from consim.core.game import Game
from consim.core.registry import game_class
from consim.core.table import ActionWords
from consim.games.svgkit import held_layers, thin
from consim.server.service import Access, Answer, ServerError, Service, local_only

__all__ = [
    "board_picture",
    "board_text",
    "catalogue",
    "describe_options",
    "make_templates",
    "mount_pages",
    "table",
]

TEMPLATES = Path(__file__).parent / "templates"
STATIC = Path(__file__).parent / "static"
#: a group of more choices than this is a list to filter, not a row of buttons
MANY = 8
#: the most log entries a page holds
LOG_LINES = 400
#: the header by which the page's script asks a form's answer to be the table alone
ANSWER_HEADER = "x-consim-answer"
#: the page's script names the picture's layers it holds (svgkit.layer), to be sent without them
LAYERS_HEADER = "x-consim-layers"
#: the verbs that end a decision or let it go: their group comes after the others
_CLOSING = frozenset({"pass", "done"})

#: the links of a new game: its number, each person's seat link and the spectators' link
Links = Callable[[Request, int, dict[str, str]], dict[str, Any]]


#: what a dict has as attributes: a key of one of these names is still read as ``d["keys"]``
_DICT_ATTRIBUTES = frozenset(dir(dict))


class _PageEnvironment(jinja2.Environment):
    """Jinja's environment, reading ``page.seat`` from a dict by its key at once.

    Jinja tries an attribute first and the key after, so every ``x.name`` on a dict raised and
    caught an ``AttributeError`` first: a table's page reads several hundred of them (the log
    alone is up to 400 entries of three), about a tenth of a page's time. A name that is one of
    a dict's own attributes (``items``, ``values``) keeps Jinja's order."""

    def getattr(self, obj: Any, attribute: str) -> Any:
        if type(obj) is dict and attribute not in _DICT_ATTRIBUTES:
            try:
                return obj[attribute]
            except KeyError:
                pass
        return super().getattr(obj, attribute)


def log_items(entries: Iterable[Mapping[str, Any]]) -> Markup:
    """The log's entries as the list items of a page (``data-seq``, the text, the rule in
    brackets), every text escaped; one entry says the log is empty. Written here rather than
    in the template: a page holds up to 400 entries, and Jinja's loop made them a third of the
    page's time.

    >>> str(log_items([{"seq": 3, "text": "A & B", "rule": "4.1"}]))
    '<li data-seq="3">A &amp; B <span class="rule">[4.1]</span></li>'
    >>> str(log_items([]))
    '<li class="empty">Nothing yet.</li>'
    """
    items = [
        f'<li data-seq="{int(e["seq"])}">{escape_html(e["text"], quote=False)}'
        + (f' <span class="rule">[{escape_html(e["rule"], quote=False)}]</span>' if e.get("rule") else "")
        + "</li>"
        for e in entries
    ]
    return Markup("".join(items) if items else '<li class="empty">Nothing yet.</li>')


def make_templates() -> Jinja2Templates:
    """The page templates, with the helpers they use."""
    env = _PageEnvironment(loader=jinja2.FileSystemLoader(TEMPLATES), autoescape=jinja2.select_autoescape())
    env.auto_reload = False  # the templates are part of the package: never looked at again
    templates = Jinja2Templates(env=env)
    templates.env.globals["describe_options"] = describe_options
    templates.env.globals["log_items"] = log_items
    return templates


def mount_pages(app: FastAPI, service: Service, templates: Jinja2Templates, links: Links) -> None:
    """Add the pages and their static files (``/static``) to ``app``. The pages are for
    people: the OpenAPI document, which describes the JSON API, leaves them out."""
    app.mount("/static", StaticFiles(directory=str(STATIC)), name="static")
    app.include_router(_lobby_router(service, templates, links))
    app.include_router(_new_game_router(service, templates, links))
    app.include_router(_replay_router(service, templates))
    app.include_router(_table_router(service, templates))
    app.include_router(_form_router(service, templates))


def _html(
    templates: Jinja2Templates, request: Request, name: str, status: int = 200, **context: Any
) -> HTMLResponse:
    """The page of template ``name`` with ``context``."""
    return templates.TemplateResponse(request, name, context, status_code=status)


def _listed(games: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """Games of the lobby (or finished ones) with their titles, and their options cut to those
    that tell games apart."""
    entries = {g["game"]: g for g in catalogue()}
    for g in games:
        entry = entries.get(g["game"])
        g["title"] = entry["title"] if entry else g["game"]
        g["options"] = _chosen_options(entry, g["options"]) if entry else g["options"]
    return games


def _lobby_router(service: Service, templates: Jinja2Templates, links: Links) -> APIRouter:
    """The lobby (``/``), the finished games (``/finished``), and claiming a seat of the lobby
    (``/claim/GAME``), answered with the seat's link (``links``)."""
    router = APIRouter()

    @router.get("/", response_class=HTMLResponse, include_in_schema=False)
    def lobby(request: Request) -> HTMLResponse:
        return _html(templates, request, "lobby.html", games=_listed(service.lobby()), finished=False)

    @router.get("/finished", response_class=HTMLResponse, include_in_schema=False)
    def finished(request: Request) -> HTMLResponse:
        return _html(templates, request, "lobby.html", games=_listed(service.finished()), finished=True)

    @router.post("/claim/{game_id}", response_class=HTMLResponse, include_in_schema=False)
    def claim(request: Request, game_id: int, seat: str = Form(max_length=40)) -> HTMLResponse:
        token, name = service.claim(game_id, seat)
        made = links(request, game_id, {seat: token})
        title = next((g["title"] for g in catalogue() if g["game"] == name), name)
        return _html(
            templates,
            request,
            "claimed.html",
            status=201,
            game_id=game_id,
            seat=seat,
            url=made["seats"][seat],
            title=title,
        )

    return router


def _new_game_router(service: Service, templates: Jinja2Templates, links: Links) -> APIRouter:
    """The new-game form (``/new``: the games, then a game's options and seats) and the game it
    creates, answered with its links (``links``)."""
    router = APIRouter()

    @router.get("/new", response_class=HTMLResponse, include_in_schema=False)
    def new_game(request: Request, game: str = "") -> HTMLResponse:
        entries = {g["game"]: g for g in catalogue()}
        if not game:
            return _html(templates, request, "new.html", catalogue=list(entries.values()), chosen=None)
        if game not in entries:
            raise ServerError(404, f"there is no game {game[:40]!r}")
        options = {k: v for k, v in request.query_params.items() if k != "game" and v != ""}
        loaded = service.game(game, _typed_options(entries[game], options))
        return _html(
            templates,
            request,
            "new.html",
            catalogue=list(entries.values()),
            chosen=entries[game],
            values={**loaded.options},
            seats=loaded.seats,
            bots=[(kind, bot_choice(kind)) for kind in sorted(bot_kinds(loaded))],
        )

    @router.post("/new", response_class=HTMLResponse, include_in_schema=False)
    async def create_from_form(request: Request) -> HTMLResponse:
        form = await request.form()
        fields = {k: str(v) for k, v in form.items()}
        entries = {g["game"]: g for g in catalogue()}
        game = fields.pop("game", "")
        if game not in entries:
            raise ServerError(422, f"there is no game {game[:40]!r}")
        players = {k.removeprefix("seat:"): v for k, v in fields.items() if k.startswith("seat:")}
        options = {k.removeprefix("option:"): v for k, v in fields.items() if k.startswith("option:")}
        created = await run_in_threadpool(
            service.create, game, _typed_options(entries[game], options), players, None
        )
        made = links(request, created.game_id, created.tokens)
        return _html(templates, request, "created.html", status=201, links=made, game=entries[game])

    return router


def _replay_router(service: Service, templates: Jinja2Templates) -> APIRouter:
    """A finished game's replay (``/replay/GAME``), as a seat or the public saw it after some
    of its actions, with the last action in words."""
    router = APIRouter()

    @router.get("/replay/{game_id}", response_class=HTMLResponse, include_in_schema=False)
    def replay(request: Request, game_id: int, seat: str = "", step: int | None = None) -> HTMLResponse:
        shown = service.replay(game_id, seat or None, step)
        game = service.game(shown["game"], shown["options"])
        last = shown.get("last") or {}
        said = ""
        if last.get("action"):  # in words, as the seat saw it when it chose
            before = service.replay(game_id, seat or None, shown["step"] - 1)["view"]
            said = game.describe_action(before, _parse(last["action"])).text
        return _html(templates, request, "replay.html", page=shown, t=table(shown, game, ""), said=said)

    return router


def _seat_page(
    service: Service,
    templates: Jinja2Templates,
    request: Request,
    access: Access,
    token: str | None,
    fragment: bool,
    error: str = "",
    status: int = 200,
    draft: str = "",
    page: Mapping[str, Any] | None = None,
) -> HTMLResponse:
    """The seat's page (or its table alone: ``fragment``), from ``page`` if given (the page
    a change answered with), else as the game stands."""
    page = page if page is not None else service.page(access)
    base = f"/play/{access.game_id}/{token}" if token else f"/watch/{access.game_id}"
    # the page's script keeps the picture's fixed layers between moves (svgkit.layer)
    held = held_layers(request.headers.get(LAYERS_HEADER)) if fragment else ()
    shown = table(page, service.game(page["game"], page["options"]), base, held)
    return _html(
        templates,
        request,
        "fragment.html" if fragment else "seat.html",
        status=status,
        page=page,
        t=shown,
        base=base,
        error=error,
        draft=draft,
    )


def _table_router(service: Service, templates: Jinja2Templates) -> APIRouter:
    """The table as a spectator (``/watch/GAME``) or a seat (``/play/GAME/SECRET``) sees it:
    the page, its table alone (``/fragment``, for the page's script) and the board as text
    (``/text``)."""
    router = APIRouter()

    @router.get("/watch/{game_id}", response_class=HTMLResponse, include_in_schema=False)
    def watch(request: Request, game_id: int) -> HTMLResponse:
        return _seat_page(service, templates, request, service.access(game_id, None), None, False)

    @router.get("/watch/{game_id}/fragment", response_class=HTMLResponse, include_in_schema=False)
    def watch_fragment(request: Request, game_id: int) -> HTMLResponse:
        return _seat_page(service, templates, request, service.access(game_id, None), None, True)

    @router.get("/watch/{game_id}/text", response_class=HTMLResponse, include_in_schema=False)
    def watch_text(request: Request, game_id: int) -> HTMLResponse:
        page = service.page(service.access(game_id, None))
        board = board_text(page["view"])
        return _html(templates, request, "text.html", page=page, board=board, back=f"/watch/{game_id}")

    @router.get("/play/{game_id}/{token}", response_class=HTMLResponse, include_in_schema=False)
    def play(request: Request, game_id: int, token: str) -> HTMLResponse:
        return _seat_page(service, templates, request, service.access(game_id, token), token, False)

    @router.get("/play/{game_id}/{token}/fragment", response_class=HTMLResponse, include_in_schema=False)
    def play_fragment(request: Request, game_id: int, token: str) -> HTMLResponse:
        return _seat_page(service, templates, request, service.access(game_id, token), token, True)

    @router.get("/play/{game_id}/{token}/text", response_class=HTMLResponse, include_in_schema=False)
    def play_text(request: Request, game_id: int, token: str) -> HTMLResponse:
        page = service.page(service.access(game_id, token))
        back = f"/play/{game_id}/{token}"
        return _html(templates, request, "text.html", page=page, board=board_text(page["view"]), back=back)

    return router


def _after_form(
    service: Service,
    templates: Jinja2Templates,
    request: Request,
    game_id: int,
    token: str,
    do: Callable[[Access, bool], Answer],
    draft: str = "",
) -> Response:
    """A form's change (``do(access, answer)``, which returns the seat's page after it if
    ``answer``), answered as a browser without the page's script expects: the page again
    (303), or the page with what was refused. The page's script asks instead for the table
    alone (``X-Consim-Answer: fragment``), which it puts in place: one request for a move,
    not two, and the table is the one the change answered with (no second reading)."""
    scripted = request.headers.get(ANSWER_HEADER) == "fragment"
    access = service.access(game_id, token)
    try:
        after = do(access, scripted)
    except ServerError as exc:
        return _seat_page(
            service,
            templates,
            request,
            access,
            token,
            scripted,
            error=exc.message,
            status=exc.status,
            draft=draft,
        )
    if scripted:
        return _seat_page(service, templates, request, access, token, True, page=after)
    return RedirectResponse(f"/play/{game_id}/{token}", status_code=303)


def _form_router(service: Service, templates: Jinja2Templates) -> APIRouter:
    """The forms of a seat's page: act (``/play/GAME/SECRET/act``), take an action back
    (``/undo``) and send a message (``/say``), each answered by :func:`_after_form`."""
    router = APIRouter()

    @router.post("/play/{game_id}/{token}/act", include_in_schema=False)
    def play_act(
        request: Request, game_id: int, token: str, action: str = Form(max_length=500),
        expect_version: int = Form(),
    ) -> Response:  # fmt: skip
        return _after_form(
            service,
            templates,
            request,
            game_id,
            token,
            lambda a, answer: service.act(a, action, expect_version, answer),
        )

    @router.post("/play/{game_id}/{token}/undo", include_in_schema=False)
    def play_undo(request: Request, game_id: int, token: str, expect_version: int = Form()) -> Response:
        return _after_form(
            service,
            templates,
            request,
            game_id,
            token,
            lambda a, answer: service.undo(a, expect_version, answer),
        )

    @router.post("/play/{game_id}/{token}/say", include_in_schema=False)
    def play_say(
        request: Request,
        game_id: int,
        token: str,
        text: str = Form(max_length=2000),
        to: Annotated[list[str] | None, Form()] = None,
    ) -> Response:
        # the seats ticked; none: the whole table. A refused message comes back in the box.
        recipients = [s for s in to or () if s] or None
        return _after_form(
            service,
            templates,
            request,
            game_id,
            token,
            lambda a, answer: service.say(a, recipients, text, answer),
            draft=text,
        )

    return router


# -- the table a seat sees -------------------------------------------------------------------


def table(page: Mapping[str, Any], game: Game, base: str, held: Collection[str] = ()) -> dict[str, Any]:
    """What a seat's page shows beside the service's page, made from that page alone (the
    seat's view, its legal actions, its log): the legal actions in words, in groups; the
    cards; the status; the picture (without the layers the page ``held``); who is who, in
    words."""
    view = page["view"]
    actions = [_parse(a) for a in page.get("actions") or ()]
    words = game.describe_actions(view, actions) if actions else []
    groups: dict[str, list[tuple[str, ActionWords]]] = {}
    closing: set[str] = set()  # groups of nothing but "pass" and "done": shown last
    for action, said in zip(actions, words, strict=True):
        group = said.group or "Choices"
        groups.setdefault(group, []).append((action.text, said))
        if action.verb in _CLOSING and (group in closing or len(groups[group]) == 1):
            closing.add(group)
        else:
            closing.discard(group)
    order = sorted(groups, key=lambda g: g in closing)
    shelves = game.describe_cards(view)
    seat = page.get("seat")
    others = [s for s in page.get("players", {}) if s != seat]
    chat_open = bool(page.get("chat_open", True))
    return {
        "groups": [{"title": g, "choices": groups[g], "many": len(groups[g]) > MANY} for g in order],
        "count": len(actions),
        "hand": [s for s in shelves if s.hand],
        "shelves": [s for s in shelves if not s.hand],
        "status": game.describe_status(view),
        "picture": thin(board_picture(view), held),
        "log": list(page.get("log") or ())[-LOG_LINES:],
        "chat_open": chat_open,
        "chat_when": game.chat_when,
        "recipients": others,
        "solitaire": len(page.get("players", {})) == 1,
        "base": base,
        "key": f"{page.get('game_id')}:{seat or ''}",
    }


def _parse(text: str) -> Action:
    try:
        return Action.parse(text)
    except MalformedAction:  # a legal action always parses; a game's odd one stays as it is
        return Action(text.split()[0]) if text.split() else Action("done")


# -- what the pages show -----------------------------------------------------------------------


@functools.cache
def catalogue() -> list[dict[str, Any]]:
    """Every game with its options (name, kind, choices with their words and meanings,
    default, description), for the new-game form; made once per process (callers must not
    change it)."""
    out = []
    for name in consim.list_games():
        cls = game_class(name)
        named = cls.option_choices()
        options = []
        for field_name, info in cls.Options.model_fields.items():
            if field_name in local_only(name):
                continue
            annotation = info.annotation
            choices: list[dict[str, str]] = []
            if field_name in named:
                choices = [
                    {"value": c.value, "label": c.label, "meaning": c.meaning} for c in named[field_name]
                ]
            elif _is_literal(annotation):
                values = list(getattr(annotation, "__args__", ()))
                choices = [
                    {"value": str(v), "label": str(v).replace("_", " "), "meaning": ""} for v in values
                ]
            if choices:
                kind = "choice"
            elif annotation is bool:
                kind = "yes/no"
            elif annotation is int or annotation == int | None:
                kind = "number"
            else:
                kind = "text"
            options.append(
                {
                    "name": field_name,
                    "label": field_name.replace("_", " "),
                    "kind": kind,
                    "choices": choices,
                    "default": info.default,
                    "description": info.description or "",
                }
            )
        out.append({"game": name, "title": cls.title, "options": options})
    return out


def _is_literal(annotation: object) -> bool:
    return getattr(annotation, "__origin__", None) is Literal


def _typed_options(entry: dict[str, Any], raw: dict[str, str]) -> dict[str, Any]:
    """Form values (text) as the option types; unknown names are left for the game to refuse."""
    kinds = {o["name"]: o["kind"] for o in entry["options"]}
    numbers = {
        o["name"] for o in entry["options"] if isinstance(o["default"], int) and o["default"] is not True
    }
    out: dict[str, Any] = {}
    for name, value in raw.items():
        value = value.strip()
        if value == "":
            continue
        kind = kinds.get(name, "text")
        if kind == "yes/no":
            out[name] = value.lower() in ("yes", "true", "on", "1")
        elif kind == "number" or (kind == "choice" and name in numbers):
            try:
                out[name] = int(value)
            except ValueError:
                raise ServerError(422, f"option {name}: {value[:20]!r} is not a whole number") from None
        else:
            out[name] = value
    return out


def _chosen_options(entry: dict[str, Any], options: dict[str, Any]) -> dict[str, Any]:
    """The options that tell games apart: the player count and scenario, and any other
    option not at its default."""
    defaults = {o["name"]: o["default"] for o in entry["options"]}
    return {
        k: v
        for k, v in options.items()
        if k in ("players", "scenario") or k not in defaults or defaults[k] != v
    }


def describe_options(options: dict[str, Any]) -> str:
    """Options in plain words: ``players 2, turns 10``."""
    shown = []
    for name, value in options.items():
        if value is None or value == "":
            continue
        if isinstance(value, bool):
            value = "yes" if value else "no"
        shown.append(f"{name.replace('_', ' ')} {str(value).replace('_', ' ')}")
    return ", ".join(shown)


def board_picture(view: Mapping[str, Any]) -> str:
    """The board as an SVG picture drawn from the view, for games that draw one ("" if not)."""
    from consim.cli.render import game_picture

    draw = game_picture(str(view.get("game")))
    return draw(view) if draw is not None else ""


def board_text(view: Mapping[str, Any]) -> str:
    """The seat's board as its game draws it in the terminal (from the view alone), as text."""
    from rich.console import Console

    from consim.cli.render import render_view

    console = Console(file=io.StringIO(), record=True, width=100, color_system=None, force_terminal=False)
    console.print(render_view(view))
    return console.export_text()
