"""A private PostgreSQL server for the server's tests and its benchmark: Debian's
``postgresql`` package (``initdb`` and ``pg_ctl`` from ``/usr/lib/postgresql/*/bin``), started
in a temporary folder and listening only on a Unix socket there; the ``pgserver`` package's
own server when Debian's is not installed.

PostgreSQL refuses to run as root. As root (CI), the server runs as the ``postgres`` user the
Debian package creates (else ``nobody``), in a folder given to that user; the tests connect
through the socket with trust authentication, as a database user of their own.
"""

from __future__ import annotations

import glob
import os
import pwd
import shutil
import subprocess
import tempfile
import warnings
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

__all__ = ["debian_bin", "postgresql"]


def debian_bin() -> Path | None:
    """The folder of Debian's newest PostgreSQL programs, if the package is installed."""
    found = sorted(
        glob.glob("/usr/lib/postgresql/*/bin/pg_ctl"), key=lambda p: int(Path(p).parent.parent.name)
    )
    return Path(found[-1]).parent if found else None


@contextmanager
def postgresql(database: str = "consim_test", fsync: bool = False) -> Iterator[str]:
    """A fresh PostgreSQL server with an empty ``database``: its ``postgresql://`` address;
    the server is stopped and its folder removed on leaving. The tests run it without fsync
    (``-F``: nothing they check needs a commit on disk, and it is faster); ``fsync=True``
    keeps PostgreSQL's default, as a real server runs (the benchmark)."""
    programs = debian_bin()
    if programs is None:
        with _pgserver(database) as url:  # (with pgserver's own settings)
            yield url
        return
    folder = Path(tempfile.mkdtemp(prefix="consim-pg-"))  # short: the socket lives there
    user: int | None = None
    group: int | None = None
    if os.geteuid() == 0:
        account = _unprivileged()
        os.chown(folder, account.pw_uid, account.pw_gid)
        user, group = account.pw_uid, account.pw_gid
    data = folder / "data"

    def run(*command: str) -> None:
        subprocess.run(command, check=True, capture_output=True, cwd=folder, user=user, group=group)

    try:
        initdb = (str(programs / "initdb"), "-D", str(data), "-U", "consim", "-A", "trust")
        run(*initdb, "-E", "UTF8", "--locale=C", "--no-sync")
        options = f"-k {folder} -c listen_addresses='' -c max_connections=300" + ("" if fsync else " -F")
        run(
            str(programs / "pg_ctl"), "-D", str(data), "-o", options, "-l", str(folder / "log"), "-w", "start"
        )
        try:
            run(str(programs / "createdb"), "-h", str(folder), "-U", "consim", database)
            yield f"postgresql://consim@/{database}?host={folder}"
        finally:
            run(str(programs / "pg_ctl"), "-D", str(data), "-m", "immediate", "-w", "stop")
    except subprocess.CalledProcessError as exc:
        log = folder / "log"
        said = log.read_text(errors="replace") if log.exists() else ""
        raise RuntimeError(f"PostgreSQL did not start: {exc.stderr!r} {said}") from None
    finally:
        shutil.rmtree(folder, ignore_errors=True)


def _unprivileged() -> pwd.struct_passwd:
    for name in ("postgres", "nobody"):
        try:
            return pwd.getpwnam(name)
        except KeyError:
            continue
    raise RuntimeError("running as root, with neither a postgres nor a nobody user to run PostgreSQL")


@contextmanager
def _pgserver(database: str) -> Iterator[str]:
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        import pgserver

    folder = tempfile.mkdtemp(prefix="consim-pg-")
    server = pgserver.get_server(folder, cleanup_mode="stop")
    try:
        server.psql(f"CREATE DATABASE {database};")
        yield str(server.get_uri()).replace("/postgres?", f"/{database}?")
    finally:
        server.cleanup()
        shutil.rmtree(folder, ignore_errors=True)
