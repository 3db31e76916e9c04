"""The web application: a JSON API, a few HTML pages and a live event stream, built by
:func:`create_app` over one database.

Links: a person's seat is ``/play/GAME/SECRET`` (its JSON under ``/api/games/GAME/seat/SECRET``),
a spectator's ``/watch/GAME``. Every refusal is a 4xx with ``{"error": "..."}`` (or a page
saying it); no traceback reaches a client.
"""

from __future__ import annotations

import asyncio
import functools
import io
import logging
from collections.abc import AsyncIterator, Awaitable, Callable, MutableMapping
from pathlib import Path
from typing import Annotated, Any, Literal

from fastapi import FastAPI, Form, Request
from fastapi.exceptions import RequestValidationError
from fastapi.responses import HTMLResponse, JSONResponse, RedirectResponse, Response, StreamingResponse
from fastapi.staticfiles import StaticFiles
from fastapi.templating import Jinja2Templates
from pydantic import BaseModel, ConfigDict, Field, StrictInt
from starlette.concurrency import run_in_threadpool
from starlette.exceptions import HTTPException as StarletteHTTPException

import consim
from consim.bots.base import bot_choice, bot_kinds
from consim.core.registry import game_class
from consim.server.background import Background
from consim.server.db import Store
from consim.server.security import Security, links_base
from consim.server.service import Access, ServerError, Service, local_only
from consim.server.settings import Settings

__all__ = ["MAX_BODY", "create_app"]

#: the largest request body accepted, in bytes (413 beyond)
MAX_BODY = 64 * 1024
#: how long a live stream may stay silent before it says it is still there, in seconds
KEEP_ALIVE = 15.0

_log = logging.getLogger("consim.server")
_TEMPLATES = Path(__file__).parent / "templates"
_STATIC = Path(__file__).parent / "static"

Scope = MutableMapping[str, Any]
Message = MutableMapping[str, Any]
Receive = Callable[[], Awaitable[Message]]
Send = Callable[[Message], Awaitable[None]]
ASGIApp = Callable[[Scope, Receive, Send], Awaitable[None]]


# -- request bodies ----------------------------------------------------------------------------


class _Body(BaseModel):
    model_config = ConfigDict(extra="forbid")


class NewGame(_Body):
    game: str = Field(max_length=40)
    options: dict[str, Any] = Field(default_factory=dict)
    #: seat -> "human" or a bot kind
    players: dict[str, str]
    seed: StrictInt | None = None


class ActionIn(_Body):
    action: str = Field(max_length=500)
    expect_version: StrictInt
    #: the seat meant (optional): refused unless it is the link's own seat
    seat: str | None = None


class UndoIn(_Body):
    expect_version: StrictInt


class ClaimIn(_Body):
    seat: str = Field(max_length=40)


class ChatIn(_Body):
    text: str
    #: the seats addressed; none or null: the whole table
    to: list[str] | None = None


# -- the application ---------------------------------------------------------------------------


def create_app(db_url: str, settings: Settings | None = None, parent: int | None = None) -> FastAPI:
    """The consim server over the database at ``db_url`` (``sqlite:///consim.db``,
    ``postgresql://...``); the tables are created if missing. ``settings`` (public URL, allowed
    hosts, bot workers and limits) default to a server for this machine alone, whose bots
    are moved by a worker thread of its own. ``parent``: the process that started this one
    (``consim serve --workers N``), whose end stops this one."""
    settings = settings or Settings()
    service = Service(Store(db_url), settings)
    background = Background(service, parent)
    app = FastAPI(
        title="consim", docs_url=None, redoc_url=None, openapi_url=None, lifespan=background.lifespan
    )
    app.state.service = service
    templates = Jinja2Templates(directory=str(_TEMPLATES))
    templates.env.globals["describe_options"] = describe_options

    def html(request: Request, name: str, status: int = 200, **context: Any) -> HTMLResponse:
        return templates.TemplateResponse(request, name, context, status_code=status)

    def link_base(request: Request) -> str:
        return links_base(settings, request.url.scheme, request.headers.get("host", "")).rstrip("/")

    def links(request: Request, game_id: int, tokens: dict[str, str]) -> dict[str, Any]:
        base = link_base(request)
        return {
            "game_id": game_id,
            "seats": {seat: f"{base}/play/{game_id}/{token}" for seat, token in tokens.items()},
            "spectator": f"{base}/watch/{game_id}",
        }

    # -- errors ----------------------------------------------------------------------------

    def refusal(request: Request, status: int, message: str) -> Response:
        if request.url.path.startswith("/api/") or request.url.path.endswith("/events"):
            return JSONResponse({"error": message}, status_code=status)
        return html(request, "error.html", status=status, message=message)

    @app.exception_handler(ServerError)
    async def _server_error(request: Request, exc: ServerError) -> Response:
        return refusal(request, exc.status, exc.message)

    @app.exception_handler(RequestValidationError)
    async def _bad_request(request: Request, exc: RequestValidationError) -> Response:
        problems = []
        for err in exc.errors()[:5]:
            where = ".".join(str(p) for p in err.get("loc", ()) if p != "body") or "the request"
            problems.append(f"{where}: {err.get('msg', 'invalid')}")
        return refusal(request, 422, "bad request: " + "; ".join(problems))

    @app.exception_handler(StarletteHTTPException)
    async def _http_error(request: Request, exc: StarletteHTTPException) -> Response:
        if exc.status_code == 404:
            return refusal(request, 404, "there is no such page")
        if exc.status_code == 405:
            return refusal(request, 405, f"{request.method} is not accepted here")
        return refusal(request, exc.status_code, str(exc.detail))

    @app.exception_handler(Exception)
    async def _crash(request: Request, exc: Exception) -> Response:
        _log.exception("request %s %s failed", request.method, request.url.path)
        return refusal(request, 500, "the server failed to handle this request; nothing was changed")

    # -- JSON API --------------------------------------------------------------------------

    @app.get("/api/catalogue")
    def api_catalogue() -> list[dict[str, Any]]:
        return catalogue()

    @app.get("/api/games")
    def api_games() -> list[dict[str, Any]]:
        """The lobby: the open games (a person's seat is free to claim)."""
        return service.lobby()

    @app.get("/api/games/finished")
    def api_finished() -> list[dict[str, Any]]:
        return service.finished()

    @app.post("/api/games/{game_id}/claim", status_code=201)
    def api_claim(game_id: int, body: ClaimIn, request: Request) -> dict[str, Any]:
        token, _ = service.claim(game_id, body.seat)
        base = link_base(request)
        return {"game_id": game_id, "seat": body.seat, "link": f"{base}/play/{game_id}/{token}"}

    @app.post("/api/games", status_code=201)
    def api_create(body: NewGame, request: Request) -> dict[str, Any]:
        created = service.create(body.game, body.options, body.players, body.seed)
        return links(request, created.game_id, created.tokens)

    @app.get("/api/games/{game_id}/watch")
    def api_watch(game_id: int) -> dict[str, Any]:
        return service.page(service.access(game_id, None))

    @app.get("/api/games/{game_id}/seat/{token}")
    def api_seat(game_id: int, token: str) -> dict[str, Any]:
        return service.page(service.access(game_id, token))

    @app.get("/api/games/{game_id}/replay")
    def api_replay(game_id: int, seat: str | None = None, step: int | None = None) -> dict[str, Any]:
        return service.replay(game_id, seat, step)

    @app.post("/api/games/{game_id}/seat/{token}/action")
    def api_action(game_id: int, token: str, body: ActionIn) -> dict[str, Any]:
        access = service.access(game_id, token)
        if body.seat is not None and body.seat != access.seat:
            raise ServerError(403, f"this link plays {access.seat}, not {body.seat[:40]}")
        return service.act(access, body.action, body.expect_version)

    @app.post("/api/games/{game_id}/seat/{token}/undo")
    def api_undo(game_id: int, token: str, body: UndoIn) -> dict[str, Any]:
        return service.undo(service.access(game_id, token), body.expect_version)

    @app.post("/api/games/{game_id}/seat/{token}/chat")
    def api_chat(game_id: int, token: str, body: ChatIn) -> dict[str, Any]:
        return service.say(service.access(game_id, token), body.to or None, body.text)

    # -- the live stream -------------------------------------------------------------------

    live = background.live

    @app.get("/games/{game_id}/events")
    async def events(game_id: int, request: Request) -> StreamingResponse:
        """Server-sent events: the game's revision now and at every change (nothing else, so
        that the stream tells nobody anything secret); pages fetch what changed."""
        first = await run_in_threadpool(service.revision, game_id)

        async def stream() -> AsyncIterator[str]:
            last = first
            yield f"retry: 2000\nevent: revision\ndata: {last}\n\n"
            with live.follow(game_id, first) as changed:
                while True:
                    try:
                        await asyncio.wait_for(changed.wait(), KEEP_ALIVE)
                    except TimeoutError:
                        if await request.is_disconnected():
                            return
                        yield ": still here\n\n"
                        continue
                    changed.clear()
                    now = live.latest(game_id)
                    if now is not None and now != last:
                        last = now
                        yield f"event: revision\ndata: {now}\n\n"

        return StreamingResponse(
            stream(), media_type="text/event-stream", headers={"Cache-Control": "no-store"}
        )

    # -- pages -----------------------------------------------------------------------------

    def listed(games: list[dict[str, Any]]) -> list[dict[str, Any]]:
        entries = {g["game"]: g for g in catalogue()}
        for g in games:
            entry = entries.get(g["game"])
            g["title"] = entry["title"] if entry else g["game"]
            g["options"] = _chosen_options(entry, g["options"]) if entry else g["options"]
        return games

    @app.get("/", response_class=HTMLResponse)
    def lobby(request: Request) -> HTMLResponse:
        return html(request, "lobby.html", games=listed(service.lobby()), finished=False)

    @app.get("/finished", response_class=HTMLResponse)
    def finished(request: Request) -> HTMLResponse:
        return html(request, "lobby.html", games=listed(service.finished()), finished=True)

    @app.post("/claim/{game_id}", response_class=HTMLResponse)
    def claim(request: Request, game_id: int, seat: str = Form(max_length=40)) -> HTMLResponse:
        token, name = service.claim(game_id, seat)
        url = f"{link_base(request)}/play/{game_id}/{token}"
        title = next((g["title"] for g in catalogue() if g["game"] == name), name)
        return html(request, "claimed.html", status=201, game_id=game_id, seat=seat, url=url, title=title)

    @app.get("/new", response_class=HTMLResponse)
    def new_game(request: Request, game: str = "") -> HTMLResponse:
        entries = {g["game"]: g for g in catalogue()}
        if not game:
            return html(request, "new.html", catalogue=list(entries.values()), chosen=None)
        if game not in entries:
            raise ServerError(404, f"there is no game {game[:40]!r}")
        options = {k: v for k, v in request.query_params.items() if k != "game" and v != ""}
        loaded = service.game(game, _typed_options(entries[game], options))
        return html(
            request,
            "new.html",
            catalogue=list(entries.values()),
            chosen=entries[game],
            values={**loaded.options},
            seats=loaded.seats,
            bots=[(kind, bot_choice(kind)) for kind in sorted(bot_kinds(loaded))],
        )

    @app.post("/new", response_class=HTMLResponse)
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
        return html(
            request,
            "created.html",
            status=201,
            links=links(request, created.game_id, created.tokens),
            game=entries[game],
        )

    def seat_page(request: Request, access: Access, token: str | None, fragment: bool,
                  error: str = "", status: int = 200) -> HTMLResponse:  # fmt: skip
        page = service.page(access)
        base = f"/play/{access.game_id}/{token}" if token else f"/watch/{access.game_id}"
        return html(
            request,
            "fragment.html" if fragment else "seat.html",
            status=status,
            page=page,
            board=board_text(page["view"]),
            picture=board_picture(page["view"]),
            base=base,
            error=error,
        )

    @app.get("/replay/{game_id}", response_class=HTMLResponse)
    def replay(request: Request, game_id: int, seat: str = "", step: int | None = None) -> HTMLResponse:
        shown = service.replay(game_id, seat or None, step)
        return html(
            request,
            "replay.html",
            page=shown,
            board=board_text(shown["view"]),
            picture=board_picture(shown["view"]),
        )

    @app.get("/watch/{game_id}", response_class=HTMLResponse)
    def watch(request: Request, game_id: int) -> HTMLResponse:
        return seat_page(request, service.access(game_id, None), None, False)

    @app.get("/watch/{game_id}/fragment", response_class=HTMLResponse)
    def watch_fragment(request: Request, game_id: int) -> HTMLResponse:
        return seat_page(request, service.access(game_id, None), None, True)

    @app.get("/play/{game_id}/{token}", response_class=HTMLResponse)
    def play(request: Request, game_id: int, token: str) -> HTMLResponse:
        return seat_page(request, service.access(game_id, token), token, False)

    @app.get("/play/{game_id}/{token}/fragment", response_class=HTMLResponse)
    def play_fragment(request: Request, game_id: int, token: str) -> HTMLResponse:
        return seat_page(request, service.access(game_id, token), token, True)

    def after_form(request: Request, game_id: int, token: str, do: Callable[[Access], object]) -> Response:
        access = service.access(game_id, token)
        try:
            do(access)
        except ServerError as exc:
            return seat_page(request, access, token, False, error=exc.message, status=exc.status)
        return RedirectResponse(f"/play/{game_id}/{token}", status_code=303)

    @app.post("/play/{game_id}/{token}/act")
    def play_act(
        request: Request, game_id: int, token: str, action: str = Form(max_length=500),
        expect_version: int = Form(),
    ) -> Response:  # fmt: skip
        return after_form(request, game_id, token, lambda a: service.act(a, action, expect_version))

    @app.post("/play/{game_id}/{token}/undo")
    def play_undo(request: Request, game_id: int, token: str, expect_version: int = Form()) -> Response:
        return after_form(request, game_id, token, lambda a: service.undo(a, expect_version))

    @app.post("/play/{game_id}/{token}/say")
    def play_say(
        request: Request,
        game_id: int,
        token: str,
        text: str = Form(max_length=2000),
        to: Annotated[list[str] | None, Form()] = None,
    ) -> Response:
        # the seats ticked; none: the whole table
        recipients = [s for s in to or () if s] or None
        return after_form(request, game_id, token, lambda a: service.say(a, recipients, text))

    # the pages' scripts, files of their own (the Content-Security-Policy allows no inline script)
    app.mount("/static", StaticFiles(directory=str(_STATIC)), name="static")
    app.add_middleware(_LimitBody, limit=MAX_BODY)
    app.add_middleware(Security, settings=settings)  # the outermost: before anything else
    return app


# -- request size ------------------------------------------------------------------------------


class _LimitBody:
    """Refuses bodies over ``limit`` bytes with 413, whether or not they announce their size:
    the body of a POST is read whole (it is small) before the application sees it."""

    def __init__(self, app: ASGIApp, limit: int) -> None:
        self.app = app
        self.limit = limit

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http" or scope["method"] not in ("POST", "PUT", "PATCH"):
            await self.app(scope, receive, send)
            return
        for name, value in scope.get("headers", ()):
            if name == b"content-length" and (not value.isdigit() or int(value) > self.limit):
                await _too_large(send, self.limit)
                return
        parts: list[bytes] = []
        size = 0
        while True:
            message = await receive()
            if message["type"] != "http.request":
                return  # the client went away
            parts.append(message.get("body", b""))
            size += len(parts[-1])
            if size > self.limit:
                await _too_large(send, self.limit)
                return
            if not message.get("more_body", False):
                break
        body = b"".join(parts)
        given = False

        async def replay() -> Message:
            nonlocal given
            if not given:
                given = True
                return {"type": "http.request", "body": body, "more_body": False}
            return await receive()

        await self.app(scope, replay, send)


async def _too_large(send: Send, limit: int) -> None:
    body = f'{{"error": "the request is too large (at most {limit // 1024} KiB)"}}'.encode()
    await send(
        {
            "type": "http.response.start",
            "status": 413,
            "headers": [(b"content-type", b"application/json"), (b"content-length", str(len(body)).encode())],
        }
    )
    await send({"type": "http.response.body", "body": body})


# -- what the pages show -----------------------------------------------------------------------


@functools.cache
def catalogue() -> list[dict[str, Any]]:
    """Every game with its options (name, kind, choices, default, description), for the
    new-game form; made once per process (callers must not change it)."""
    out = []
    for name in consim.list_games():
        cls = game_class(name)
        options = []
        for field_name, info in cls.Options.model_fields.items():
            if field_name in local_only(name):
                continue
            annotation = info.annotation
            choices = list(getattr(annotation, "__args__", ())) if _is_literal(annotation) else []
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
    out: dict[str, Any] = {}
    for name, value in raw.items():
        value = value.strip()
        if value == "":
            continue
        kind = kinds.get(name, "text")
        if kind == "yes/no":
            out[name] = value.lower() in ("yes", "true", "on", "1")
        elif kind == "number":
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


def board_picture(view: dict[str, Any]) -> str:
    """The board as an SVG picture drawn from the view, for games that draw one ("" if not)."""
    from consim.cli.render import game_picture

    draw = game_picture(str(view.get("game")))
    return draw(view) if draw is not None else ""


def board_text(view: dict[str, Any]) -> str:
    """The seat's board as its game draws it in the terminal (from the view alone), as text."""
    from rich.console import Console

    from consim.cli.render import render_view

    console = Console(file=io.StringIO(), record=True, width=100, color_system=None, force_terminal=False)
    console.print(render_view(view))
    return console.export_text()
