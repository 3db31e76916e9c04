"""What a club's admin sets when running the server (``consim serve``'s options), in one value
that every server process and bot worker is built from.

>>> Settings(public_url="https://games.example.org/").links_base
'https://games.example.org'
>>> Settings(allowed_hosts=("games.example.org",)).allows_host("GAMES.example.org:8000")
True
>>> Settings().allows_host("evil.example")
False
"""

from __future__ import annotations

import dataclasses
import json
from dataclasses import dataclass
from urllib.parse import urlsplit

__all__ = ["LOOPBACK", "Settings"]

#: the names of this machine seen from itself: always allowed as a Host
LOOPBACK = ("127.0.0.1", "localhost", "::1")


@dataclass(frozen=True)
class Settings:
    """How a server runs (the defaults suit one person trying it on their own machine)."""

    #: the address players reach the server at (``https://games.example.org``): seat links
    #: are built from it, whatever Host a request names; its host is allowed
    public_url: str | None = None
    #: the names a request's Host may give (beyond the public URL's): a request naming another
    #: is refused (400), so that no link is ever built on a name an attacker chose
    allowed_hosts: tuple[str, ...] = LOOPBACK
    #: requests a web process works on at once (its threads for the request handlers). One:
    #: Python runs one thread at a time in a process, and a request back from the database then
    #: waited for the others' turns (measured: README, Speed); more processes add parallelism
    web_threads: int = 1
    #: bot workers in this process (threads); ``consim serve`` runs its bot workers as separate
    #: processes instead and sets 0 here
    bot_threads: int = 1
    #: the most a search bot thinks for one decision, in seconds (its own ``seconds`` option
    #: may ask for less, never more; ``seconds=0`` means this limit)
    bot_seconds: float = 2.0
    #: the most iterations a search bot runs for one decision
    bot_iterations: int = 5_000
    #: how long a bot worker's hold on a game lasts unless renewed (it renews it every third
    #: of this while it thinks): a worker that died frees its games after this long
    lease_seconds: float = 10.0
    #: how often idle bot workers look for games whose bots are due (they are also woken at
    #: once by changes made in their own process and, on PostgreSQL, in any process)
    sweep_seconds: float = 1.0

    def __post_init__(self) -> None:
        if self.public_url is not None:
            parts = urlsplit(self.public_url)
            if parts.scheme not in ("http", "https") or not parts.hostname:
                raise ValueError(
                    f"the public URL must be an http:// or https:// address, not {self.public_url!r}"
                )
        for host in self.allowed_hosts:
            if not host or "/" in host or " " in host:
                raise ValueError(
                    f"an allowed host is a name or an address, such as games.example.org, not {host!r}"
                )
        if not 1 <= self.web_threads <= 256:
            raise ValueError("web threads: 1 to 256")
        if self.bot_threads < 0:
            raise ValueError("bot threads: 0 or more")
        if not 0 < self.bot_seconds <= 600:
            raise ValueError("bot seconds: more than 0, at most 600")
        if not 1 <= self.bot_iterations <= 10_000_000:
            raise ValueError("bot iterations: 1 to 10000000")
        if not 1 <= self.lease_seconds <= 3600:
            raise ValueError("lease seconds: 1 to 3600")

    @property
    def links_base(self) -> str | None:
        """The start of every seat link (the public URL without a trailing slash), if set."""
        return self.public_url.rstrip("/") if self.public_url else None

    def hosts(self) -> frozenset[str]:
        """Every host name a request may give, in lower case, without a port."""
        names = {h.lower().strip("[]") for h in self.allowed_hosts}
        if self.public_url:
            hostname = urlsplit(self.public_url).hostname
            if hostname:
                names.add(hostname.lower())
        return frozenset(names)

    def allows_host(self, host: str) -> bool:
        """Whether a request's Host header (a name or address, maybe with a port) is allowed."""
        return _hostname(host) in self.hosts()

    def to_json(self) -> str:
        """The settings as JSON, for the processes ``consim serve`` starts."""
        return json.dumps(dataclasses.asdict(self))

    @classmethod
    def from_json(cls, text: str) -> Settings:
        data = json.loads(text)
        data["allowed_hosts"] = tuple(data.get("allowed_hosts", LOOPBACK))
        return cls(**data)


def _hostname(host: str) -> str:
    """``"Example.org:8000"`` -> ``"example.org"``; ``"[::1]:8000"`` -> ``"::1"``."""
    host = host.strip().lower()
    if host.startswith("["):
        return host[1 : host.find("]")] if "]" in host else host
    if host.count(":") == 1:
        return host.partition(":")[0]
    return host
