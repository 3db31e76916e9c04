"""``consim serve`` as a separate process, for the tests and benchmarks that need a real server:
started on a free port (in a process group of its own, with its web and bot worker processes),
waited for until it answers, and always stopped, all of it. It imports the same consim as the
process that starts it."""

from __future__ import annotations

import os
import signal
import socket
import subprocess
import sys
import tempfile
import time
from collections.abc import Iterator, Sequence
from contextlib import contextmanager, suppress
from dataclasses import dataclass
from pathlib import Path
from typing import IO

import httpx

#: how long a server may take to answer its first request (a loaded machine is slow to import)
START_SECONDS = 60.0


def free_port() -> int:
    """A TCP port on 127.0.0.1 that nothing listens on now."""
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        port: int = s.getsockname()[1]
        return port


@dataclass
class ServerProcess:
    """A running ``consim serve``: its address, its process, and what it printed."""

    base: str
    port: int
    proc: subprocess.Popen[bytes]
    _said: IO[str]

    @property
    def pid(self) -> int:
        return self.proc.pid

    def output(self) -> str:
        """Everything the server printed so far (standard output and standard error)."""
        self._said.flush()
        self._said.seek(0)
        return self._said.read()

    def kill_all(self, how: signal.Signals = signal.SIGKILL) -> None:
        """Send ``how`` to the server and every process it started (its process group), as a
        machine that fails would stop them."""
        with suppress(ProcessLookupError):
            os.killpg(self.proc.pid, how)
        with suppress(subprocess.TimeoutExpired):
            self.proc.wait(15)

    def stop(self, how: signal.Signals = signal.SIGINT, timeout: float = 15.0) -> int:
        """Send ``how`` (Ctrl-C by default), wait for the process to end, and return its exit
        code; a process still running after ``timeout`` seconds is killed."""
        if self.proc.poll() is None:
            self.proc.send_signal(how)
            try:
                self.proc.wait(timeout)
            except subprocess.TimeoutExpired:
                self.proc.kill()
                self.proc.wait(timeout)
        code: int = self.proc.returncode
        return code


@contextmanager
def running_server(
    db: str | None = None,
    *,
    folder: Path | None = None,
    port: int | None = None,
    args: Sequence[str] = (),
) -> Iterator[ServerProcess]:
    """Start ``consim serve`` (on ``port``, or a free one, with the further options ``args``)
    in ``folder`` with the database ``db`` (by default its own ``consim.db`` in ``folder``),
    yield it once it answers, and kill it and every process it started on the way out. Raises
    ``RuntimeError`` with the server's last words if it does not start."""
    import consim

    port = free_port() if port is None else port
    command = [sys.executable, "-c", "from consim.cli.main import app; app()", "serve", "--port", str(port)]
    if db is not None:
        command += ["--db", db]
    command += list(args)
    root = str(Path(consim.__file__).resolve().parent.parent)
    path = os.environ.get("PYTHONPATH", "")
    env = {**os.environ, "PYTHONPATH": root + (os.pathsep + path if path else "")}
    base = f"http://127.0.0.1:{port}"
    # a file, not a pipe: a busy server never blocks on output nobody reads
    with tempfile.TemporaryFile(mode="w+") as said:
        proc = subprocess.Popen(
            command, cwd=folder, stdout=said, stderr=subprocess.STDOUT, env=env, start_new_session=True
        )
        server = ServerProcess(base, port, proc, said)
        try:
            deadline = time.monotonic() + START_SECONDS
            while True:
                with suppress(httpx.TransportError):
                    if httpx.get(f"{base}/api/games", timeout=2).status_code == 200:
                        break
                if proc.poll() is not None or time.monotonic() > deadline:
                    said_last = server.output()[-2000:]
                    raise RuntimeError(f"the server did not start on {db or 'consim.db'}: {said_last}")
                time.sleep(0.1)  # still importing: nothing to wait on but the clock
            yield server
        finally:
            with suppress(ProcessLookupError):
                os.killpg(proc.pid, signal.SIGKILL)  # the server, and its web and bot workers
            proc.wait(10)
