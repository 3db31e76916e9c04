"""The web's basic defences, as one ASGI middleware in front of the application:

- **Host allow-list.** A request whose ``Host`` is not one of the server's names
  (:meth:`Settings.allows_host`) is refused with 400 before anything else: seat links are built
  from the host a request names (unless a public URL is set), so no link is ever built on a name
  an attacker chose, and a page on another site cannot reach the server through a name of its
  own (DNS rebinding).
- **No cross-site changes.** A request that may change something (anything but GET, HEAD and
  OPTIONS) sent by a browser from a page of another site is refused with 403: its ``Origin``
  (or, without one, its ``Referer``) must name this server, and its ``Sec-Fetch-Site`` must not
  say another site. Programs that send neither (the JSON API's clients) are not browsers acting
  for a visitor and pass.
- **Security headers** on every answer: a Content-Security-Policy allowing scripts, styles and
  pictures from the server alone (the pages keep their scripts in static files) and no framing
  by other sites, ``X-Frame-Options``, ``X-Content-Type-Options``, a ``Referrer-Policy`` of
  ``no-referrer`` on a seat's pages (their address holds the seat's secret) and
  ``same-origin`` elsewhere, and ``Cache-Control: no-store`` (what a seat sees is never kept
  by a browser or a proxy), static files excepted.
"""

from __future__ import annotations

import json
from collections.abc import Awaitable, Callable, MutableMapping
from typing import Any
from urllib.parse import urlsplit

from consim.server.settings import Settings

__all__ = ["HEADERS", "Security", "holds_secret", "links_base"]

Scope = MutableMapping[str, Any]
Message = MutableMapping[str, Any]
Receive = Callable[[], Awaitable[Message]]
Send = Callable[[Message], Awaitable[None]]
ASGIApp = Callable[[Scope, Receive, Send], Awaitable[None]]

#: the policy every answer carries: everything from this server only, no plug-ins, no framing
CONTENT_SECURITY_POLICY = (
    "default-src 'self'; script-src 'self'; style-src 'self' 'unsafe-inline'; img-src 'self' data:; "
    "connect-src 'self'; object-src 'none'; base-uri 'none'; form-action 'self'; frame-ancestors 'none'"
)

#: the headers added to every answer (Cache-Control too, except for static files)
HEADERS: list[tuple[bytes, bytes]] = [
    (b"content-security-policy", CONTENT_SECURITY_POLICY.encode()),
    (b"x-frame-options", b"DENY"),
    (b"x-content-type-options", b"nosniff"),
    (b"cross-origin-opener-policy", b"same-origin"),
]
_NO_STORE = (b"cache-control", b"no-store")
#: a seat's address holds its secret: its pages send no Referer anywhere (and their forms an
#: Origin of "null"); other pages tell only this server where a request comes from
_NO_REFERRER = (b"referrer-policy", b"no-referrer")
_SAME_ORIGIN = (b"referrer-policy", b"same-origin")
_SAFE = frozenset({"GET", "HEAD", "OPTIONS"})


def links_base(settings: Settings, scheme: str, host: str) -> str:
    """Where seat links start: the public URL if set, else the (allowed) host the request
    named.

    >>> links_base(Settings(), "http", "127.0.0.1:8000")
    'http://127.0.0.1:8000'
    >>> links_base(Settings(public_url="https://games.example.org/club"), "http", "10.0.0.2")
    'https://games.example.org/club'
    """
    return settings.links_base or f"{scheme}://{host}"


class Security:
    """The middleware (see the module): wraps ``app`` with ``settings``' host list."""

    def __init__(self, app: ASGIApp, settings: Settings) -> None:
        self.app = app
        self.settings = settings
        public = urlsplit(settings.public_url) if settings.public_url else None
        self._public_netloc = public.netloc.lower() if public else None

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] not in ("http", "websocket"):
            await self.app(scope, receive, send)
            return
        headers = _headers(scope)
        host = headers.get("host", "")
        path: str = scope.get("path", "")
        if not self.settings.allows_host(host):
            shown = host[:60] or "(none)"
            await _refuse(send, path, 400, f"this server does not answer to the host name {shown}")
            return
        if scope.get("method", "GET") not in _SAFE and not self._same_site(headers, host, path):
            why = "a change asked from a page of another site is refused: use the game's own pages"
            await _refuse(send, path, 403, why)
            return
        static = path.startswith("/static/")
        referrer = _NO_REFERRER if holds_secret(path) else _SAME_ORIGIN

        async def send_with_headers(message: Message) -> None:
            if message["type"] == "http.response.start":
                given = message.setdefault("headers", [])
                names = {name.lower() for name, _ in given}
                given.extend(h for h in HEADERS if h[0] not in names)
                if b"referrer-policy" not in names:
                    given.append(referrer)
                if not static and b"cache-control" not in names:
                    given.append(_NO_STORE)
            await send(message)

        await self.app(scope, receive, send_with_headers)

    def _same_site(self, headers: dict[str, str], host: str, path: str) -> bool:
        """Whether a browser sent the request from one of this server's own pages (True for a
        client that is not a browser, which says nothing of where it comes from).

        ``Sec-Fetch-Site``, which every current browser sends and no page can forge, decides
        when present. Otherwise the ``Origin``, or the ``Referer``, must name this server. A
        page whose referrer policy is ``no-referrer`` (a seat's) makes its browser send
        ``Origin: null``: without ``Sec-Fetch-Site`` that is accepted only for a seat's own
        address, whose secret is proof enough that the request comes from the seat's page."""
        fetch_site = headers.get("sec-fetch-site")
        if fetch_site is not None:
            return fetch_site in ("same-origin", "none")
        origin = headers.get("origin")
        if origin is not None and origin != "null":
            return self._ours(origin, host)
        referer = headers.get("referer")
        if referer is not None:
            return self._ours(referer, host)
        if origin == "null":
            return holds_secret(path)
        return True

    def _ours(self, address: str, host: str) -> bool:
        netloc = urlsplit(address).netloc.lower()
        return netloc in (host.lower(), self._public_netloc)


def holds_secret(path: str) -> bool:
    """Whether a path is a seat's, with the secret of its link in it.

    >>> holds_secret("/play/3/abc/act"), holds_secret("/api/games/3/seat/abc"), holds_secret("/claim/3")
    (True, True, False)
    """
    parts = path.split("/")
    return (len(parts) >= 4 and parts[1] == "play") or (len(parts) >= 6 and parts[4] == "seat")


def _headers(scope: Scope) -> dict[str, str]:
    found: dict[str, str] = {}
    for name, value in scope.get("headers", ()):
        key = name.decode("latin-1").lower()
        if key not in found:  # the first of repeated headers
            found[key] = value.decode("latin-1")
    return found


async def _refuse(send: Send, path: str, status: int, message: str) -> None:
    """A refusal before the application: JSON for the API and the live stream, else a short
    page."""
    if path.startswith("/api/") or path.endswith("/events"):
        body = json.dumps({"error": message}).encode()
        kind = b"application/json"
    else:
        escaped = message.replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;")
        body = (
            '<!doctype html><html lang="en"><head><meta charset="utf-8"><title>consim</title></head>'
            f'<body><p>{escaped}</p><p><a href="/">consim</a></p></body></html>'
        ).encode()
        kind = b"text/html; charset=utf-8"
    headers = [(b"content-type", kind), (b"content-length", str(len(body)).encode()), *HEADERS, _NO_REFERRER]
    headers.append(_NO_STORE)
    await send({"type": "http.response.start", "status": status, "headers": headers})
    await send({"type": "http.response.body", "body": body})
