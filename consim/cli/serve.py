"""``consim serve``: the web server, for games played in the browser, each seat by its own
secret link (see ``consim.server``)."""

from __future__ import annotations

from pathlib import Path
from typing import Annotated

import typer

from consim.cli.main import app


def database_url(db: str | None) -> str:
    """The SQLAlchemy address of ``--db``: an SQLite file ``consim.db`` in the working folder
    by default, a file path, or a ``postgresql://`` address (driven by psycopg).

    >>> database_url("postgresql://me@host/games")
    'postgresql+psycopg://me@host/games'
    >>> database_url("games.db")
    'sqlite:///games.db'
    """
    if db is None:
        return f"sqlite:///{Path('consim.db').resolve()}"
    if db.startswith(("postgresql://", "postgres://")):
        return "postgresql+psycopg://" + db.partition("://")[2]
    if "://" in db:
        return db
    return f"sqlite:///{db}"


@app.command()
def serve(
    host: Annotated[str, typer.Option(help="the address to listen on")] = "127.0.0.1",
    port: Annotated[int, typer.Option(help="the port to listen on", min=1, max=65535)] = 8000,
    db: Annotated[
        str | None,
        typer.Option(help="the database: an SQLite file (default consim.db here) or postgresql://..."),
    ] = None,
) -> None:
    """Serve games in the browser: create a game, send each player their seat's link."""
    try:
        import uvicorn

        from consim.server import create_app
    except ModuleNotFoundError as exc:
        typer.echo(f"the server needs {exc.name}: pip install 'consim[server]'", err=True)
        raise typer.Exit(2) from None
    url = database_url(db)
    try:
        web = create_app(url)
    except ModuleNotFoundError as exc:
        typer.echo(f"the database {url.partition(':')[0]} needs the module {exc.name}", err=True)
        raise typer.Exit(2) from None
    except Exception as exc:  # a database that cannot be opened: say which, in one line
        typer.echo(f"cannot open the database {db or 'consim.db'}: {str(exc).splitlines()[0]}", err=True)
        raise typer.Exit(2) from None
    shown = f"[{host}]" if ":" in host else host
    where = "" if url.startswith("postgresql") else f" (games kept in {url.removeprefix('sqlite:///')})"
    typer.echo(f"consim server on http://{shown}:{port}/{where}; Ctrl-C stops it", err=False)
    uvicorn.run(web, host=host, port=port, log_level="warning", timeout_graceful_shutdown=2)
