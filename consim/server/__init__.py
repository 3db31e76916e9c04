"""The consim web server: games played in the browser, each seat by its own secret link,
kept in a database (SQLite by default, PostgreSQL in production).

``create_app(db_url)`` builds the FastAPI application; ``consim serve`` runs it. The package
imports the web framework only when ``create_app`` is asked for, so that a bot worker process
(``python -m consim.server.botwork``) and the command line's settings need none of it.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from consim.server.app import create_app

__all__ = ["create_app"]


def __getattr__(name: str) -> Any:
    if name == "create_app":
        from consim.server.app import create_app

        return create_app
    raise AttributeError(f"module 'consim.server' has no attribute {name!r}")
