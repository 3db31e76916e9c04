"""The web application: a JSON API (:mod:`consim.server.api`, described by the OpenAPI
document at ``/api/openapi.json``), a few HTML pages and a live event stream, built by
:func:`create_app` over one database.

Links: a person's seat is ``/play/GAME/SECRET`` (its JSON under ``/api/games/GAME/seat/SECRET``),
a spectator's ``/watch/GAME``. Every refusal is a 4xx with ``{"error": "..."}`` (or a page
saying it); no traceback reaches a client.
"""

from __future__ import annotations

import asyncio
import logging
import time
from collections.abc import AsyncIterator, Awaitable, Callable, MutableMapping
from typing import Any

from fastapi import APIRouter, FastAPI, Request
from fastapi.exceptions import RequestValidationError
from fastapi.responses import JSONResponse, Response, StreamingResponse
from fastapi.templating import Jinja2Templates
from starlette.concurrency import run_in_threadpool
from starlette.exceptions import HTTPException as StarletteHTTPException

import consim
from consim.server.api import DESCRIPTION, OPENAPI_URL, GameId, api_router, refusals
from consim.server.background import Background
from consim.server.db import Store
from consim.server.live import Live
from consim.server.pages import Links, make_templates, mount_pages
from consim.server.security import Security, links_base
from consim.server.service import ServerError, Service
from consim.server.settings import Settings

__all__ = ["MAX_BODY", "create_app"]

#: the largest request body accepted, in bytes (413 beyond)
MAX_BODY = 64 * 1024
#: how long a live stream may stay silent before it says it is still there, in seconds
KEEP_ALIVE = 15.0

_log = logging.getLogger("consim.server")

Scope = MutableMapping[str, Any]
Message = MutableMapping[str, Any]
Receive = Callable[[], Awaitable[Message]]
Send = Callable[[Message], Awaitable[None]]
ASGIApp = Callable[[Scope, Receive, Send], Awaitable[None]]


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
    # the OpenAPI document is published, but no page to read it: Swagger's and ReDoc's pages
    # load scripts from elsewhere, which the Content-Security-Policy forbids
    app = FastAPI(
        title="consim",
        version=consim.__version__,
        description=DESCRIPTION,
        openapi_url=OPENAPI_URL,
        docs_url=None,
        redoc_url=None,
        lifespan=background.lifespan,
    )
    app.state.service = service
    templates = make_templates()
    links = _links(settings)
    _answer_refusals(app, templates)
    app.include_router(api_router(service, links))  # the JSON API (consim.server.api)
    app.include_router(_live_router(service, background.live))
    mount_pages(app, service, templates, links)
    app.add_middleware(_LimitBody, limit=MAX_BODY)
    app.add_middleware(Security, settings=settings)  # before anything else but the timing
    app.add_middleware(_Timing)
    return app


def _links(settings: Settings) -> Links:
    """What a new game's links are: each seat's, and the spectator's, on the public URL."""

    def links(request: Request, game_id: int, tokens: dict[str, str]) -> dict[str, Any]:
        base = links_base(settings, request.url.scheme, request.headers.get("host", "")).rstrip("/")
        return {
            "game_id": game_id,
            "seats": {seat: f"{base}/play/{game_id}/{token}" for seat, token in tokens.items()},
            "spectator": f"{base}/watch/{game_id}",
        }

    return links


def _answer_refusals(app: FastAPI, templates: Jinja2Templates) -> None:
    """Every refusal and failure answered in words: ``{"error": "..."}`` under ``/api/`` and
    on the live stream, a page saying it elsewhere; never a traceback."""

    def refusal(request: Request, status: int, message: str) -> Response:
        if request.url.path.startswith("/api/") or request.url.path.endswith("/events"):
            return JSONResponse({"error": message}, status_code=status)
        return templates.TemplateResponse(request, "error.html", {"message": message}, status_code=status)

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


def _live_router(service: Service, live: Live) -> APIRouter:
    """The live stream of a game's revisions (server-sent events)."""
    router = APIRouter()

    @router.get(
        "/games/{game_id}/events",
        response_class=StreamingResponse,
        tags=["live"],
        operation_id="events",
        responses={
            200: {
                "description": "Server-sent events, each `event: revision` with the game's "
                "revision as its data: the first at once, then one at each change (a comment "
                "line after 15 seconds of silence).",
                "content": {"text/event-stream": {"schema": {"type": "string"}}},
            },
            **refusals({404: "There is no such game.", 422: "The game's number is malformed."}),
        },
    )
    async def events(game_id: GameId, request: Request) -> StreamingResponse:
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

    return router


class _Timing:
    """Says in every answer how long the server took to begin it (``Server-Timing: app;dur=``
    in milliseconds: a browser's developer tools show it beside the time the request took)."""

    def __init__(self, app: ASGIApp) -> None:
        self.app = app

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return
        start = time.perf_counter()

        async def timed(message: Message) -> None:
            if message["type"] == "http.response.start":
                took = f"app;dur={(time.perf_counter() - start) * 1000:.1f}".encode()
                message.setdefault("headers", []).append((b"server-timing", took))
            await send(message)

        await self.app(scope, receive, timed)


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
