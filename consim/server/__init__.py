"""The consim web server: games played in the browser, each seat by its own secret link,
kept in a database (SQLite by default, PostgreSQL in production).

``create_app(db_url)`` builds the FastAPI application; ``consim serve`` runs it.
"""

from consim.server.app import create_app

__all__ = ["create_app"]
