"""The JSON API's OpenAPI document: served at /api/openapi.json, it documents every /api/ route
with a named model for its answer and the error model for its refusals; and the server's real
answers are what those models say, with the keys the tests and programs rely on."""

from __future__ import annotations

from typing import Any

from fastapi.routing import iter_route_contexts
from fastapi.testclient import TestClient
from pydantic import BaseModel

import consim
from consim.core.registry import game_class
from consim.core.views import check_view, view_schema
from consim.server.api import OPENAPI_URL
from consim.server.schemas import (
    CatalogueEntry,
    ClaimedSeat,
    CreatedGame,
    Error,
    ListedGame,
    ReplayPage,
    SeatPage,
)
from tests.server.conftest import create, seat_url, settled

_ERROR_REF = "#/components/schemas/Error"


def _document(client: TestClient) -> dict[str, Any]:
    r = client.get(OPENAPI_URL)
    assert r.status_code == 200, r.text
    assert r.headers["content-type"] == "application/json"
    doc: dict[str, Any] = r.json()
    return doc


def _api_operations(client: TestClient) -> set[tuple[str, str]]:
    """Every (path, method) the application answers under /api/, but the document itself."""
    found = set()
    for route in iter_route_contexts(client.app.routes):  # type: ignore[attr-defined]
        if route.path is None or not route.path.startswith("/api/") or route.path == OPENAPI_URL:
            continue
        for method in route.methods or ():
            if method != "HEAD":
                found.add((route.path, method.lower()))
    return found


def _schema(response: dict[str, Any]) -> dict[str, Any]:
    schema: dict[str, Any] = response["content"]["application/json"]["schema"]
    return schema


def test_the_openapi_document_is_published(client: TestClient) -> None:
    doc = _document(client)
    assert doc["openapi"].startswith("3.")
    assert doc["info"]["title"] == "consim" and doc["info"]["version"] == consim.__version__
    assert "{game_id}" in doc["info"]["description"] and "error" in doc["info"]["description"]
    # the headers every answer has: the document is plain JSON under the same policy
    r = client.get(OPENAPI_URL)
    assert "script-src 'self'" in r.headers["content-security-policy"]
    assert r.headers["cache-control"] == "no-store" and r.headers["x-content-type-options"] == "nosniff"
    # no page to read it (their scripts come from elsewhere: the policy forbids them)
    for page in ("/docs", "/redoc", "/api/docs", "/openapi.json"):
        assert client.get(page).status_code == 404, page
    # the HTML pages are for people: the document describes the JSON API and the live stream
    assert all(p.startswith("/api/") or p.endswith("/events") for p in doc["paths"])


def test_every_api_route_is_documented_with_its_answer_and_its_refusals(client: TestClient) -> None:
    doc = _document(client)
    documented = {
        (path, method) for path, ops in doc["paths"].items() if path.startswith("/api/") for method in ops
    }
    served = _api_operations(client)
    assert len(served) >= 11  # (the routes were found: an empty list would check nothing)
    assert documented == served
    schemas = doc["components"]["schemas"]
    assert "HTTPValidationError" not in schemas  # a bad request is an Error like any refusal
    for path, method in sorted(served):
        operation = doc["paths"][path][method]
        responses = operation["responses"]
        answers = [code for code in responses if code.startswith("2")]
        assert len(answers) == 1, (path, method, answers)
        schema = _schema(responses[answers[0]])
        named = (schema.get("items", {}) if schema.get("type") == "array" else schema).get("$ref", "")
        assert named.removeprefix("#/components/schemas/") in schemas, (path, method, schema)
        refusals = [code for code in responses if code.startswith("4")]
        assert "400" in refusals, (path, method)  # the host check, on every route
        for code in [*refusals, "500"]:
            assert _schema(responses[code]) == {"$ref": _ERROR_REF}, (path, method, code)
            assert responses[code]["description"], (path, method, code)
        if "requestBody" in operation:
            assert {"403", "413", "422"} <= set(refusals), (path, method)
        assert operation["summary"] and operation["description"], (path, method)
    # every field of every answer says what it is
    for name, schema in schemas.items():
        for field, info in schema.get("properties", {}).items():
            assert info.get("description"), (name, field)
    # a chat message's sender is "from" (a Python keyword, but the JSON's key)
    assert list(schemas["ChatLine"]["properties"]) == ["from", "to", "text"]


def _valid(model: type[BaseModel], answer: dict[str, Any]) -> dict[str, Any]:
    """``answer`` checked against ``model`` (which refuses any key it does not name); the model
    gives back exactly that JSON."""
    assert model.model_validate(answer).model_dump(mode="json") == answer
    return answer


def test_the_servers_answers_are_what_the_models_say(client: TestClient) -> None:
    for entry in client.get("/api/catalogue").json():
        _valid(CatalogueEntry, entry)
    # a game of people, one seat left open for the lobby
    r = client.post(
        "/api/games",
        json={
            "game": "iraq",
            "options": {"players": 2},
            "players": {"US": "human", "Insurgent": "open"},
            "seed": 3,
        },
    )
    assert r.status_code == 201
    made = _valid(CreatedGame, r.json())
    gid, us = made["game_id"], made["seats"]["US"].rsplit("/", 1)[1]
    url = f"/api/games/{gid}/seat/{us}"
    [listed] = client.get("/api/games").json()
    assert _valid(ListedGame, listed)["free"] == ["Insurgent"]
    r = client.post(f"/api/games/{gid}/claim", json={"seat": "Insurgent"})
    assert r.status_code == 201
    claimed = _valid(ClaimedSeat, r.json())
    insurgent = claimed["link"].rsplit("/", 1)[1]
    # messages to the whole table and to one seat, each with its keys
    r = client.post(f"{url}/chat", json={"text": "hello all"})
    assert r.status_code == 200, r.text
    r = client.post(f"/api/games/{gid}/seat/{insurgent}/chat", json={"text": "psst", "to": ["US"]})
    page = _valid(SeatPage, r.json())
    assert page["chat"] == [
        {"from": "US", "to": None, "text": "hello all"},
        {"from": "Insurgent", "to": ["US"], "text": "psst"},
    ]
    page = _valid(SeatPage, client.get(url).json())
    assert page["seat"] == "US" and page["outcome"] is None and page["log"]
    assert set(page["prompt"]) == {"text", "rule"} and set(page["log"][0]) == {"seq", "text", "rule"}
    spectator = _valid(SeatPage, client.get(f"/api/games/{gid}/watch").json())
    assert spectator["seat"] is None and spectator["prompt"] is None and spectator["actions"] == []
    # an action and its undo answer with the page
    seat, token = ("US", us) if page["your_turn"] else ("Insurgent", insurgent)
    mover = settled(client, f"/api/games/{gid}/seat/{token}")
    r = client.post(
        f"/api/games/{gid}/seat/{token}/action",
        json={"action": mover["actions"][0], "expect_version": mover["version"], "seat": seat},
    )
    assert r.status_code == 200, r.text
    after = _valid(SeatPage, r.json())
    assert after["can_undo"]
    r = client.post(f"/api/games/{gid}/seat/{token}/undo", json={"expect_version": after["version"]})
    assert r.status_code == 200, r.text
    assert _valid(SeatPage, r.json())["version"] == after["version"] + 1


def test_a_finished_game_its_outcome_and_its_replays_are_what_the_models_say(client: TestClient) -> None:
    made = create(client, {"US": "random", "Insurgent": "random"}, seed=6)
    page = settled(client, f"/api/games/{made['game_id']}/watch")
    assert page["over"]
    _valid(SeatPage, page)
    assert set(page["outcome"]) == {"result", "winners", "scores", "unit"}
    [finished] = client.get("/api/games/finished").json()
    assert _valid(ListedGame, finished)["status"] == "over"
    for params in ({}, {"seat": "US"}, {"seat": "Insurgent", "step": 1}, {"step": 0}):
        r = client.get(f"/api/games/{made['game_id']}/replay", params=params)
        assert r.status_code == 200, r.text
        shown = _valid(ReplayPage, r.json())
        if params.get("step") == 0:
            assert shown["last"] is None
        else:
            assert set(shown["last"]) == {"seat", "action"}


def test_refusals_are_an_error_and_nothing_else(client: TestClient) -> None:
    made = create(client, {"US": "human", "Insurgent": "human"})
    url = seat_url(made, "US")
    page = settled(client, url)
    refused = [
        client.post(f"{url}/action", json={"action": "no such action", "expect_version": page["version"]}),
        client.post(f"{url}/action", json={"action": "done", "expect_version": page["version"] + 5}),
        client.post(f"{url}/action", json={"action": "done"}),
        client.post(f"{url}/undo", json={"expect_version": page["version"]}),
        client.get(f"/api/games/{made['game_id']}/seat/not-a-secret"),
        client.get("/api/games/123456/watch"),
        client.get(f"/api/games/{made['game_id']}/replay"),
        client.put("/api/games"),
        client.post("/api/games", content=b"x" * (65 * 1024), headers={"content-type": "application/json"}),
        client.get("/api/catalogue", headers={"host": "elsewhere.example"}),
    ]
    for r in refused:
        assert 400 <= r.status_code < 500, (r.status_code, r.text)
        assert r.headers["content-type"] == "application/json"
        body = r.json()
        assert list(body) == ["error"] and body["error"], body
        Error.model_validate(body)
    assert refused[0].status_code == 422 and refused[1].status_code == 409
    assert settled(client, url)["version"] == page["version"]  # nothing was changed


def test_the_schema_of_each_games_view_is_served(client: TestClient) -> None:
    # what a program needs to read the `view` of a page: the game's published JSON Schema
    for name in consim.list_games():
        r = client.get(f"/api/catalogue/{name}/view-schema")
        assert r.status_code == 200, r.text
        assert r.json() == view_schema(game_class(name))
        assert {"game", "seat", "to_act"} <= set(r.json()["properties"])
    made = create(client, {"US": "human", "Insurgent": "random"})
    page = settled(client, seat_url(made, "US"))
    check_view(consim.load_game("iraq", players=2), page["view"])  # the page's view is of that shape
    r = client.get("/api/catalogue/chess/view-schema")
    assert r.status_code == 404 and "no game named 'chess'" in r.json()["error"]
