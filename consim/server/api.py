"""The JSON API, ``/api/...``: what programs do with the server's games (list, create, claim,
read, play, talk, replay), as one router that :func:`consim.server.app.create_app` includes,
made of a router for each group of routes (the lobby, joining a game, reading, playing, talking).

Each answer is a model of :mod:`consim.server.schemas`, and each refusal ``{"error": "..."}``
(:class:`~consim.server.schemas.Error`): the endpoints raise :class:`ServerError` and the
application's exception handlers answer it. The models and the refusals each route can give
make the OpenAPI document the application publishes at :data:`OPENAPI_URL`.
"""

from __future__ import annotations

from typing import Annotated, Any

from fastapi import APIRouter, Path, Query, Request
from fastapi.routing import APIRoute

import consim
from consim.core.registry import game_class
from consim.core.views import view_schema
from consim.server.pages import Links, catalogue
from consim.server.schemas import (
    ActionIn,
    CatalogueEntry,
    ChatIn,
    ClaimedSeat,
    ClaimIn,
    CreatedGame,
    Error,
    ListedGame,
    NewGame,
    ReplayPage,
    SeatPage,
    UndoIn,
    ViewSchema,
)
from consim.server.service import Answer, ServerError, Service

__all__ = ["DESCRIPTION", "OPENAPI_URL", "GameId", "api_router", "refusals"]

#: where the application publishes the OpenAPI document of this API
OPENAPI_URL = "/api/openapi.json"

#: what the OpenAPI document says of the API as a whole
DESCRIPTION = (
    "Board wargames of the Middle East, played at a shared table by people and bots. A program "
    "creates a game with POST /api/games and gets one secret link for each seat a person plays "
    "(or leaves seats open for the lobby to claim). With a seat's link it reads that seat's page, "
    "sends messages, and acts or takes an action back, giving the `version` of the page it "
    "decided on so that nothing is done on a position that has changed meanwhile. A page shows "
    "only what its seat may know: its own view of the board, its legal actions, and the log "
    "entries and messages it may read. Bots move after a request, never inside it: follow GET "
    "/games/{game_id}/events (server-sent events announcing each new revision) or read the page "
    "again to see their answers. Every refusal is a 4xx answer of the form "
    '{"error": "..."} and changes nothing.'
)

#: the path parameters of the routes
GameId = Annotated[int, Path(description="The game's number.")]
GameName = Annotated[str, Path(description="The name of a kind of game, as the catalogue lists it (iraq).")]
Token = Annotated[str, Path(description="The secret of a seat's link (the last part of the link).")]

# why a route may refuse a request, by status; every route may also answer these two
_HOST = "The request named a host this server does not answer to."
_CRASH = "The server failed to handle the request (a fault of its own); nothing was changed."
_CROSS_SITE = "A change asked by a browser from a page of another site."
_TOO_LARGE = "The request's body is over 64 KiB."
_NO_GAME = "There is no such game."
_SEAT_LINK = (
    "The secret opens no seat of this game, the link plays another seat than the one named, or a "
    "browser asked for the change from a page of another site."
)


def refusals(reasons: dict[int, str]) -> dict[int | str, dict[str, Any]]:
    """The documented refusals of a route: each of ``reasons`` (status: why), the host check's
    400 and a failure's 500, each answered with an :class:`Error`."""
    every = {400: _HOST, **reasons, 500: _CRASH}
    return {status: {"model": Error, "description": why} for status, why in sorted(every.items())}


def _operation_id(route: APIRoute) -> str:
    """A route's operation in the OpenAPI document is its function's name (``seat_page``)."""
    return route.name


def _answered(page: Answer) -> dict[str, Any]:
    """The page a change answers with (the JSON API always asks for it)."""
    assert page is not None
    return page


def api_router(service: Service, links: Links) -> APIRouter:
    """The JSON API over ``service``; ``links`` makes a game's links from a request (its
    number and the seats' secrets), as the pages do."""
    router = APIRouter(prefix="/api", generate_unique_id_function=_operation_id)
    router.include_router(_lobby_router(service))
    router.include_router(_joining_router(service, links))
    router.include_router(_reading_router(service))
    router.include_router(_play_router(service))
    router.include_router(_chat_router(service))
    return router


def _lobby_router(service: Service) -> APIRouter:
    """The games on offer: the catalogue of games, the lobby and the finished games."""
    router = APIRouter()

    @router.get("/catalogue", response_model=list[CatalogueEntry], tags=["games"], responses=refusals({}))
    def catalogue_of_games() -> list[dict[str, Any]]:
        """Every game this server plays, with the options a new game may set."""
        return catalogue()

    @router.get(
        "/catalogue/{name}/view-schema",
        response_model=ViewSchema,
        tags=["games"],
        responses=refusals({404: "There is no game of that name.", 422: "The name is malformed."}),
    )
    def view_schema_of(name: GameName) -> dict[str, Any]:
        """The JSON Schema of the `view` on the pages of a game of this name: every key a seat's
        view may hold, its type and what it means (the same as `consim schema NAME` prints)."""
        if name not in consim.list_games():
            raise ServerError(
                404, f"there is no game named {name[:40]!r}; games: {', '.join(consim.list_games())}"
            )
        return view_schema(game_class(name))

    @router.get("/games", response_model=list[ListedGame], tags=["games"], responses=refusals({}))
    def lobby() -> list[dict[str, Any]]:
        """The lobby: the games still being played that have a person's seat nobody has taken
        yet, newest first (at most 200)."""
        return service.lobby()

    @router.get("/games/finished", response_model=list[ListedGame], tags=["games"], responses=refusals({}))
    def finished_games() -> list[dict[str, Any]]:
        """The finished games, newest first (at most 200), for their replays."""
        return service.finished()

    return router


def _joining_router(service: Service, links: Links) -> APIRouter:
    """Joining games: claiming a seat in the lobby, creating a game; each answers with the
    links it made (``links``)."""
    router = APIRouter()

    @router.post(
        "/games/{game_id}/claim",
        status_code=201,
        response_model=ClaimedSeat,
        tags=["games"],
        responses=refusals(
            {
                403: _CROSS_SITE,
                404: _NO_GAME,
                409: "The seat has been taken already, is played by a bot, or the game is over.",
                413: _TOO_LARGE,
                422: "The game has no such seat, or the request is malformed.",
            }
        ),
    )
    def claim_seat(game_id: GameId, body: ClaimIn, request: Request) -> dict[str, Any]:
        """Take a free person's seat of a game in the lobby (whoever asks first gets it): the
        answer holds the seat's link, shown this once."""
        token, _ = service.claim(game_id, body.seat)
        link = links(request, game_id, {body.seat: token})["seats"][body.seat]
        return {"game_id": game_id, "seat": body.seat, "link": link}

    @router.post(
        "/games",
        status_code=201,
        response_model=CreatedGame,
        tags=["games"],
        responses=refusals(
            {
                403: _CROSS_SITE,
                413: _TOO_LARGE,
                422: "An unknown game, option or bot kind, seats that are not the game's, a search "
                "bot asking to think longer than this server allows, or a malformed request.",
            }
        ),
    )
    def create_game(body: NewGame, request: Request) -> dict[str, Any]:
        """Create a game: the answer holds the link of each seat a person plays (each holds
        that seat's secret, shown this once) and the spectators' link. Bots that act first
        move at once, in the background."""
        created = service.create(body.game, body.options, body.players, body.seed)
        return links(request, created.game_id, created.tokens)

    return router


def _reading_router(service: Service) -> APIRouter:
    """What a seat or the public reads: the spectators' page, a seat's page, a finished game's
    replay."""
    router = APIRouter()

    @router.get(
        "/games/{game_id}/watch",
        response_model=SeatPage,
        tags=["seats"],
        responses=refusals({404: _NO_GAME, 422: "The game's number is malformed."}),
    )
    def watch(game_id: GameId) -> dict[str, Any]:
        """The spectators' page: what the public may know of the game now."""
        return service.page(service.access(game_id, None))

    @router.get(
        "/games/{game_id}/seat/{token}",
        response_model=SeatPage,
        tags=["seats"],
        responses=refusals(
            {
                403: "The secret opens no seat of this game.",
                404: _NO_GAME,
                422: "The game's number is malformed.",
            }
        ),
    )
    def seat_page(game_id: GameId, token: Token) -> dict[str, Any]:
        """A seat's page: everything the seat may know of its game now, with its legal actions
        when it is to act."""
        return service.page(service.access(game_id, token))

    @router.get(
        "/games/{game_id}/replay",
        response_model=ReplayPage,
        tags=["replays"],
        responses=refusals(
            {
                404: _NO_GAME,
                409: "The game is not over yet: it can be replayed once it has ended.",
                422: "The game has no such seat, the step is out of range, or the request is malformed.",
            }
        ),
    )
    def replay(
        game_id: GameId,
        seat: Annotated[
            str | None, Query(description="The seat whose eyes to see the game with; none: the public's.")
        ] = None,
        step: Annotated[
            int | None, Query(description="How many of the game's actions to have taken; none: all of them.")
        ] = None,
    ) -> dict[str, Any]:
        """A finished game as a seat (or the public) saw it after some of its actions."""
        return service.replay(game_id, seat, step)

    return router


def _play_router(service: Service) -> APIRouter:
    """A seat's moves: act, or take its last action back; each answers with the seat's page
    after it."""
    router = APIRouter()

    @router.post(
        "/games/{game_id}/seat/{token}/action",
        response_model=SeatPage,
        tags=["seats"],
        responses=refusals(
            {
                403: _SEAT_LINK,
                404: _NO_GAME,
                409: "The position has changed for this seat since `expect_version`: read the page again.",
                413: _TOO_LARGE,
                422: "The action is not legal now (the game may be over), or the request is malformed.",
            }
        ),
    )
    def act(game_id: GameId, token: Token, body: ActionIn) -> dict[str, Any]:
        """Take one of the seat's legal actions. The answer is the seat's page right after it:
        bots answer later, outside the request."""
        access = service.access(game_id, token)
        if body.seat is not None and body.seat != access.seat:
            raise ServerError(403, f"this link plays {access.seat}, not {body.seat[:40]}")
        return _answered(service.act(access, body.action, body.expect_version))

    @router.post(
        "/games/{game_id}/seat/{token}/undo",
        response_model=SeatPage,
        tags=["seats"],
        responses=refusals(
            {
                403: _SEAT_LINK,
                404: _NO_GAME,
                409: "The position has changed since `expect_version`, or the seat has nothing it "
                "may take back now (another seat acted since, or dice, a draw or a reveal came after).",
                413: _TOO_LARGE,
                422: "The request is malformed.",
            }
        ),
    )
    def undo(game_id: GameId, token: Token, body: UndoIn) -> dict[str, Any]:
        """Take back the seat's last action, where a person could at a table of people. The
        answer is the seat's page after it."""
        return _answered(service.undo(service.access(game_id, token), body.expect_version))

    return router


def _chat_router(service: Service) -> APIRouter:
    """A seat's table talk: send a message, answered with the seat's page after it."""
    router = APIRouter()

    @router.post(
        "/games/{game_id}/seat/{token}/chat",
        response_model=SeatPage,
        tags=["seats"],
        responses=refusals(
            {
                403: _SEAT_LINK,
                404: _NO_GAME,
                413: _TOO_LARGE,
                422: "The table talk is closed now, the message is empty, too long or addressed to "
                "an unknown seat, or the request is malformed.",
            }
        ),
    )
    def chat(game_id: GameId, token: Token, body: ChatIn) -> dict[str, Any]:
        """Send a message from the seat to some seats or the whole table (never part of the
        game). The answer is the seat's page after it."""
        return _answered(service.say(service.access(game_id, token), body.to or None, body.text))

    return router
