"""Web security basics: no change is made for a page of another site; links are built from the
configured public address or an allowed host, never from any Host a request names; every
answer carries the security headers; and no bad request, however made, gets a 500."""

from __future__ import annotations

import re
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from fastapi.testclient import TestClient

from consim.cli.serve import database_url
from consim.server.settings import Settings
from tests.server.conftest import create, make_app, seat_url
from tests.server.pg import postgresql

EVIL = "https://evil.example"

# -- cross-site requests ---------------------------------------------------------------------


def _claimable(client: TestClient) -> dict[str, Any]:
    return create(client, {"US": "human", "Insurgent": "open"})


@pytest.mark.parametrize(
    "headers",
    [
        {"origin": EVIL},
        {"origin": EVIL, "sec-fetch-site": "cross-site"},
        {"sec-fetch-site": "cross-site"},
        {"sec-fetch-site": "same-site", "origin": "http://games.testserver"},  # a sibling site
        {"referer": f"{EVIL}/page.html"},
        {"origin": "null"},  # a sandboxed frame, or a page of another site without referrers
    ],
)
def test_no_change_is_made_for_a_page_of_another_site(client: TestClient, headers: dict[str, str]) -> None:
    made = _claimable(client)
    gid = made["game_id"]
    us = seat_url(made, "US")
    page = client.get(us).json()
    attempts = [
        client.post(f"/claim/{gid}", data={"seat": "Insurgent"}, headers=headers),
        client.post(f"/api/games/{gid}/claim", json={"seat": "Insurgent"}, headers=headers),
        client.post("/new", data={"game": "jihad", "seat:player": "human"}, headers=headers),
        client.post("/api/games", json={"game": "jihad", "players": {"player": "human"}}, headers=headers),
    ]
    if headers.get("origin") != "null":  # (a seat's own address: its secret is proof enough, below)
        attempts.append(
            client.post(
                f"{us}/action",
                json={"action": page["actions"][0], "expect_version": page["version"]},
                headers=headers,
            )
        )
    for r in attempts:
        assert r.status_code == 403, (r.request.url, r.text)
        assert "another site" in r.text
    assert client.get("/api/games").json()[0]["free"] == ["Insurgent"]  # still free
    assert [g["id"] for g in client.get("/api/games").json()] == [gid]  # nothing created
    assert client.get(us).json()["version"] == page["version"]


def test_the_servers_own_pages_and_programs_may_change_things(client: TestClient) -> None:
    made = _claimable(client)
    gid = made["game_id"]
    own = [
        {"origin": "http://testserver"},
        {"origin": "http://testserver", "sec-fetch-site": "same-origin"},
        {"sec-fetch-site": "same-origin", "origin": "null"},  # a seat page without referrers
        {"referer": "http://testserver/"},
        {},  # a program (no browser says where it comes from)
    ]
    for n, headers in enumerate(own):
        r = client.post("/api/games", json={"game": "jihad", "players": {"player": "human"}}, headers=headers)
        assert r.status_code == 201, (headers, r.text)
        if n == 0:
            assert (
                client.post(f"/claim/{gid}", data={"seat": "Insurgent"}, headers=headers).status_code == 201
            )
    # a browser without Sec-Fetch-Site on a seat's page sends Origin: null; the seat's secret
    # in the address shows the form is the seat's own
    us = seat_url(made, "US")
    page = client.get(us).json()
    r = client.post(
        f"/play/{gid}/{made['tokens']['US']}/act",
        data={"action": page["actions"][0], "expect_version": str(page["version"])},
        headers={"origin": "null"},
        follow_redirects=False,
    )
    assert r.status_code == 303, r.text


# -- hosts and links ---------------------------------------------------------------------------


def test_a_request_naming_another_host_is_refused(client: TestClient) -> None:
    for method, path, kw in [
        ("GET", "/", {}),
        ("GET", "/api/games", {}),
        ("POST", "/api/games", {"json": {"game": "jihad", "players": {"player": "human"}}}),
    ]:
        r = client.request(method, path, headers={"host": "evil.example"}, **kw)
        assert r.status_code == 400 and "evil.example" in r.text, r.text
        assert "content-security-policy" in r.headers
    assert client.get("/api/games").json() == []  # nothing was created


def test_links_start_with_the_public_url_whatever_host_is_named(tmp_path: Path) -> None:
    public = "https://games.example.org/club"
    app = make_app(f"sqlite:///{tmp_path / 'g.db'}", public_url=public)
    with TestClient(app) as client:
        made = create(client, {"US": "human", "Insurgent": "open"})
        assert made["seats"]["US"].startswith(f"{public}/play/{made['game_id']}/")
        assert made["spectator"] == f"{public}/watch/{made['game_id']}"
        claimed = client.post(f"/api/games/{made['game_id']}/claim", json={"seat": "Insurgent"}).json()
        assert claimed["link"].startswith(f"{public}/play/")
        # the public name is allowed as a Host, and its origin may post
        r = client.get("/api/games", headers={"host": "games.example.org"})
        assert r.status_code == 200
        r = client.post(
            "/api/games",
            json={"game": "jihad", "players": {"player": "human"}},
            headers={"host": "games.example.org", "origin": "https://games.example.org"},
        )
        assert r.status_code == 201 and r.json()["seats"]["player"].startswith(public)


def test_an_allowed_host_builds_its_own_links(tmp_path: Path) -> None:
    app = make_app(f"sqlite:///{tmp_path / 'g.db'}", allowed_hosts=("games.local",))
    with TestClient(app, base_url="http://games.local:8080") as client:
        made = create(client, {"US": "human", "Insurgent": "human"})
        assert made["seats"]["US"].startswith("http://games.local:8080/play/")
        assert client.get("/", headers={"host": "testserver"}).status_code == 400


def test_settings_refuse_bad_addresses() -> None:
    for bad in ({"public_url": "games.example.org"}, {"public_url": "ftp://x"}, {"allowed_hosts": ("a/b",)}):
        with pytest.raises(ValueError):
            Settings(**bad)  # type: ignore[arg-type]


# -- headers -----------------------------------------------------------------------------------


def test_every_answer_carries_the_security_headers(client: TestClient) -> None:
    made = create(client, {"US": "human", "Insurgent": "heuristic"})
    gid, token = made["game_id"], made["tokens"]["US"]
    seat_pages = [
        f"/play/{gid}/{token}",
        f"/play/{gid}/{token}/fragment",
        f"/api/games/{gid}/seat/{token}",
    ]
    others = [
        "/",
        "/new",
        "/new?game=iraq",
        "/finished",
        f"/watch/{gid}",
        f"/api/games/{gid}/watch",
        "/nowhere",
    ]
    for path in seat_pages + others:
        r = client.get(path)
        assert r.status_code in (200, 404), (path, r.status_code)
        csp = r.headers["content-security-policy"]
        assert "script-src 'self'" in csp and "frame-ancestors 'none'" in csp, path
        assert "unsafe-eval" not in csp and "script-src 'self' 'unsafe-inline'" not in csp
        assert r.headers["x-frame-options"] == "DENY"
        assert r.headers["x-content-type-options"] == "nosniff"
        assert r.headers["cache-control"] == "no-store", path
        expected = "no-referrer" if path in seat_pages else "same-origin"
        assert r.headers["referrer-policy"] == expected, path
    assert "no-store" not in client.get("/static/table.js").headers.get("cache-control", "")


def test_pages_hold_no_inline_script(client: TestClient) -> None:
    """What the Content-Security-Policy would block: inline scripts and event handlers."""
    made = create(client, {"US": "human", "Insurgent": "heuristic"})
    gid, token = made["game_id"], made["tokens"]["US"]
    for path in ["/", "/new", "/new?game=fitna", f"/play/{gid}/{token}", f"/watch/{gid}", "/finished"]:
        text = client.get(path).text
        for tag in re.findall(r"<script\b[^>]*>.*?</script>", text, flags=re.S):
            assert re.match(r'<script src="/static/[\w.-]+\.js"( defer)?></script>$', tag), (path, tag[:200])
        assert not re.search(r"\son[a-z]+\s*=", text), path
        assert "javascript:" not in text
        for src in re.findall(r'<script src="([^"]+)"', text):
            assert client.get(src).status_code == 200


# -- bad requests: always a 4xx ----------------------------------------------------------------

#: numbers and texts that are not game numbers, steps or versions
_BAD_NUMBERS = [
    "9223372036854775808",
    str(2**64),
    str(2**200),
    "-1",
    "0",
    "2147483648",
    "1e3",
    "abc",
    "%00",
    "1.5",
]


@pytest.fixture(params=["sqlite", "postgresql"])
def any_client(request: pytest.FixtureRequest, tmp_path: Path) -> Iterator[TestClient]:
    if request.param == "sqlite":
        with TestClient(make_app(f"sqlite:///{tmp_path / 'g.db'}")) as client:
            yield client
        return
    with postgresql("consim_bad") as url, TestClient(make_app(database_url(url))) as client:
        yield client


def _bad_requests(made: dict[str, Any]) -> Iterator[tuple[str, str, dict[str, Any]]]:
    gid, token = made["game_id"], made["tokens"]["US"]
    for n in _BAD_NUMBERS:
        yield "GET", f"/api/games/{n}/watch", {}
        yield "GET", f"/api/games/{n}/seat/{token}", {}
        yield "POST", f"/api/games/{n}/seat/{token}/action", {"json": {"action": "done", "expect_version": 0}}
        yield "POST", f"/api/games/{n}/claim", {"json": {"seat": "US"}}
        yield "GET", f"/games/{n}/events", {}
        yield "GET", f"/watch/{n}", {}
        yield "GET", f"/play/{n}/{token}", {}
        yield "GET", f"/replay/{n}", {}
        yield "GET", f"/api/games/{n}/replay", {}
        yield "POST", f"/claim/{n}", {"data": {"seat": "US"}}
        yield "GET", f"/api/games/{gid}/replay", {"params": {"step": n}}
        yield "GET", f"/replay/{gid}", {"params": {"step": n, "seat": "US"}}
        if n != "0":  # (a version the game is at)
            yield "POST", f"/api/games/{gid}/seat/{token}/undo", {"json": {"expect_version": n}}
            yield "POST", f"/play/{gid}/{token}/act", {"data": {"action": "done", "expect_version": n}}
            yield "POST", f"/play/{gid}/{token}/undo", {"data": {"expect_version": n}}
    big = 2**70
    for body in [
        {"action": "done", "expect_version": big},
        {"action": "done", "expect_version": -big},
        {"action": "\u0000\ud7ff" * 10, "expect_version": 0},
        {"action": 'discard "' + "x" * 400, "expect_version": 0},
        {"action": None, "expect_version": 0},
    ]:
        yield "POST", f"/api/games/{gid}/seat/{token}/action", {"json": body}
    for players in [
        None,
        [],
        "US",
        {"US": None},
        {"US": ["human"]},
        {"US": "human" * 10, "Insurgent": "human"},
    ]:
        yield "POST", "/api/games", {"json": {"game": "iraq", "options": {"players": 2}, "players": players}}
    for options in [
        {"players": big},
        {"players": -1},
        {"players": [2]},
        {"turns": big},
        {"scenario": big},
        {"nonsense": 1},
        {"players": 2, "x" * 1000: 1},
    ]:
        for game in ("iraq", "fitna", "baghdad", "jihad"):
            yield (
                "POST",
                "/api/games",
                {"json": {"game": game, "options": options, "players": {"US": "human"}}},
            )
            yield "GET", "/new", {"params": {"game": game, **{k: str(v) for k, v in options.items()}}}
    for seed in ["7", 1.5, [1]]:
        body = {"game": "jihad", "players": {"player": "human"}, "seed": seed}
        yield "POST", "/api/games", {"json": body}
    for kind in [
        "ismcts:iterations=" + "9" * 30,
        "ismcts:seconds=nan",
        "ismcts:seconds=inf",
        "ismcts:c=nan",
        "ismcts:depth=3",
        "ismcts:iterations",
    ]:
        players = {"US": "human", "Insurgent": kind}
        yield "POST", "/api/games", {"json": {"game": "iraq", "options": {"players": 2}, "players": players}}
    yield "POST", "/api/games", {"content": b"[]", "headers": {"content-type": "application/json"}}
    yield (
        "POST",
        "/api/games",
        {"content": b'{"game": 1e999}', "headers": {"content-type": "application/json"}},
    )
    yield "POST", "/new", {"data": {"game": "iraq", "option:players": str(big), "seat:US": "human"}}
    yield "POST", "/new", {"data": {"game": "fitna", "option:scenario": "99", "seat:x": "human"}}
    yield "POST", f"/api/games/{gid}/seat/{token}/chat", {"json": {"text": "hi", "to": ["US"] * 100}}
    yield "POST", f"/api/games/{gid}/seat/{token}/chat", {"json": {"text": "hi", "to": [None]}}
    yield "POST", f"/api/games/{gid}/seat/{token}/chat", {"json": {"text": "x" * 5000}}
    yield "POST", f"/play/{gid}/{token}/say", {"data": {"text": "hi", "to": ["nobody", "US"]}}
    yield "GET", f"/api/games/{gid}/replay", {"params": {"seat": "\u0000"}}
    yield "GET", f"/api/games/{gid}/seat/{'x' * 5000}", {}
    yield "GET", f"/play/{gid}/%2e%2e", {}


def test_seeds_beyond_64_bits_are_taken_as_the_engine_takes_them(client: TestClient) -> None:
    """Not bad requests: the engine folds any whole number into its 64-bit seed."""
    for seed in [2**70, -(2**70), 2**64]:
        r = client.post("/api/games", json={"game": "jihad", "players": {"player": "human"}, "seed": seed})
        assert r.status_code == 201, r.text


def test_no_bad_request_gets_a_500(any_client: TestClient) -> None:
    client = any_client
    made = create(client, {"US": "human", "Insurgent": "human"})
    failures = []
    tried = 0
    for method, path, kw in _bad_requests(made):
        r = client.request(method, path, **kw)
        tried += 1
        if not 400 <= r.status_code < 500:
            failures.append((method, path, str(kw)[:120], r.status_code, r.text[:200]))
        elif path.startswith("/api/"):
            assert r.json()["error"], (path, r.text)
    assert failures == [], "\n".join(map(str, failures))
    assert tried > 200
    # and the game is as it was
    assert client.get(seat_url(made, "US")).json()["version"] == 0


def test_consim_serve_answers_to_this_machines_names_and_checks_its_addresses() -> None:
    import socket

    from typer.testing import CliRunner

    from consim.cli.main import app
    from consim.cli.serve import default_hosts

    assert default_hosts("127.0.0.1") == ("127.0.0.1", "localhost", "::1")
    assert "10.1.2.3" in default_hosts("10.1.2.3")
    everywhere = default_hosts("0.0.0.0")
    assert socket.gethostname() in everywhere and "localhost" in everywhere
    said = CliRunner().invoke(app, ["serve", "--public-url", "games.example.org", "--db", "unused.db"])
    assert said.exit_code == 2 and "http:// or https://" in said.output
    said = CliRunner().invoke(app, ["serve", "--allowed-host", "a b", "--db", "unused.db"])
    assert said.exit_code == 2 and "allowed host" in said.output
