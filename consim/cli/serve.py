"""``consim serve``: the web server, for games played in the browser, each seat by its own
secret link (see ``consim.server``).

One command runs everything a club needs: ``--workers`` web processes answering requests (one
by default; several share the port, on PostgreSQL for real use) and ``--bot-workers`` bot
worker processes moving the bots of every game (``consim.server.botwork``), at a lower priority
than the web processes. Stopping the command (Ctrl-C, SIGTERM) stops them all; if it is killed,
they notice within a second and stop too.
"""

from __future__ import annotations

import contextlib
import os
import signal
import socket
import subprocess
import sys
from pathlib import Path
from typing import TYPE_CHECKING, Annotated

import typer

from consim.cli.main import app

if TYPE_CHECKING:  # (the server's modules are imported only when it runs)
    from consim.server.settings import Settings

#: the environment variables that hand a web worker process its database and settings
ENV_DB = "CONSIM_SERVER_DB"
ENV_SETTINGS = "CONSIM_SERVER_SETTINGS"
ENV_PARENT = "CONSIM_SERVER_PARENT"


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


def default_hosts(host: str) -> tuple[str, ...]:
    """The host names a server listening on ``host`` answers to without being told: this
    machine's loopback names, the address it listens on, and when that is every address
    (``0.0.0.0``, ``::``), the machine's own names and addresses.

    >>> default_hosts("127.0.0.1")
    ('127.0.0.1', 'localhost', '::1')
    """
    from consim.server.settings import LOOPBACK

    names = list(LOOPBACK)
    wildcard = host in ("0.0.0.0", "::", "")
    if not wildcard and host not in names:
        names.append(host)
    if wildcard:
        machine = {socket.gethostname(), socket.getfqdn()}
        with contextlib.suppress(OSError):
            for *_, address in socket.getaddrinfo(socket.gethostname(), None):
                machine.add(str(address[0]))
        names += sorted(n for n in machine if n and n not in names)
    return tuple(names)


def _package_root() -> str:
    """The folder this consim was imported from, for the processes started here to import the
    same one."""
    import consim

    return str(Path(consim.__file__).resolve().parent.parent)


def _environment() -> dict[str, str]:
    root = _package_root()
    path = os.environ.get("PYTHONPATH", "")
    return {**os.environ, "PYTHONPATH": root + (os.pathsep + path if path else "")}


def web_app() -> object:
    """The application of one web worker process of ``consim serve --workers N`` (uvicorn
    calls it in each process), from the database and settings the command handed over."""
    from consim.server import create_app
    from consim.server.collector import tune_collector
    from consim.server.settings import Settings

    parent = int(os.environ.get(ENV_PARENT, "0")) or None
    made = create_app(os.environ[ENV_DB], Settings.from_json(os.environ[ENV_SETTINGS]), parent=parent)
    tune_collector()
    return made


@app.command()
def serve(
    host: Annotated[str, typer.Option(help="the address to listen on")] = "127.0.0.1",
    port: Annotated[int, typer.Option(help="the port to listen on", min=1, max=65535)] = 8000,
    db: Annotated[
        str | None,
        typer.Option(help="the database: an SQLite file (default consim.db here) or postgresql://..."),
    ] = None,
    workers: Annotated[
        int,
        typer.Option(help="web processes answering requests (several: use PostgreSQL)", min=1, max=64),
    ] = 1,
    threads: Annotated[
        int,
        typer.Option(
            help="requests each web process works on at once (1 answered fastest here; more "
            "processes add parallelism)",
            min=1,
            max=256,
        ),
    ] = 1,
    bot_workers: Annotated[
        int,
        typer.Option(
            help="bot worker processes moving the bots of all games (0: another server does)", min=0, max=64
        ),
    ] = 1,
    public_url: Annotated[
        str | None,
        typer.Option(help="the address players reach this server at (https://...): seat links start with it"),
    ] = None,
    allowed_host: Annotated[
        list[str] | None,
        typer.Option(help="a host name requests may name besides this machine's (repeat for several)"),
    ] = None,
    bot_seconds: Annotated[
        float, typer.Option(help="the most a search bot thinks for one move, in seconds", min=0.05, max=600)
    ] = 2.0,
    bot_iterations: Annotated[
        int, typer.Option(help="the most iterations a search bot runs for one move", min=1, max=10_000_000)
    ] = 5_000,
) -> None:
    """Serve games in the browser: create a game, send each player their seat's link."""
    try:
        import uvicorn

        from consim.server import create_app
        from consim.server.collector import tune_collector
        from consim.server.db import Store
        from consim.server.settings import Settings
    except ModuleNotFoundError as exc:
        typer.echo(f"the server needs {exc.name}: pip install 'consim[server]'", err=True)
        raise typer.Exit(2) from None
    url = database_url(db)
    try:
        settings = Settings(
            public_url=public_url,
            allowed_hosts=(*default_hosts(host), *(allowed_host or ())),
            web_threads=threads,
            bot_threads=0,  # the bot workers are processes of their own
            bot_seconds=bot_seconds,
            bot_iterations=bot_iterations,
        )
    except ValueError as exc:
        typer.echo(str(exc), err=True)
        raise typer.Exit(2) from None
    try:
        Store(url).dispose()  # open it once: the tables are made or brought up to date here
    except ModuleNotFoundError as exc:
        typer.echo(f"the database {url.partition(':')[0]} needs the module {exc.name}", err=True)
        raise typer.Exit(2) from None
    except Exception as exc:  # a database that cannot be opened: say which, in one line
        typer.echo(f"cannot open the database {db or 'consim.db'}: {str(exc).splitlines()[0]}", err=True)
        raise typer.Exit(2) from None
    if workers > 1 and url.startswith("sqlite"):
        typer.echo("several web processes share one SQLite file: it works, but PostgreSQL suits them better")
    shown = f"[{host}]" if ":" in host else host
    where = "" if url.startswith("postgresql") else f" (games kept in {url.removeprefix('sqlite:///')})"
    links = settings.links_base or f"http://{shown}:{port}"
    typer.echo(
        f"consim server on http://{shown}:{port}/{where}; {workers} web and {bot_workers} bot "
        f"process(es); seat links start with {links}/; Ctrl-C stops it"
    )
    bots = [_bot_worker(url, settings) for _ in range(bot_workers)]
    try:
        if workers == 1:
            web = create_app(url, settings)
            tune_collector()
            uvicorn.run(web, host=host, port=port, log_level="warning", timeout_graceful_shutdown=2)
        else:
            os.environ.update({ENV_DB: url, ENV_SETTINGS: settings.to_json(), ENV_PARENT: str(os.getpid())})
            uvicorn.run(
                "consim.cli.serve:web_app",
                factory=True,
                workers=workers,
                host=host,
                port=port,
                log_level="warning",
                timeout_graceful_shutdown=2,
            )
    finally:
        for proc in bots:
            if proc.poll() is None:
                proc.send_signal(signal.SIGTERM)
        for proc in bots:
            try:
                proc.wait(settings.bot_seconds + 5)
            except subprocess.TimeoutExpired:
                proc.kill()


def _bot_worker(url: str, settings: Settings) -> subprocess.Popen[bytes]:
    """A bot worker process (``python -m consim.server.botwork``) for the database at ``url``."""
    command = [
        sys.executable,
        "-m",
        "consim.server.botwork",
        "--db",
        url,
        "--settings",
        settings.to_json(),
        "--parent",
        str(os.getpid()),
    ]
    return subprocess.Popen(command, env=_environment())
