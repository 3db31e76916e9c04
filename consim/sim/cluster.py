"""Batch simulation on a Ray cluster: the same chunks of seeds as the local processes, run as
Ray tasks, so the results are identical to ``run_games(..., jobs=N)`` for the same seeds.

Ray is optional (``pip install 'consim[scale]'``). Without an address a private local
cluster is started for the batch and stopped after it; with one (``"auto"`` or
``"HOST:PORT"``) the batch joins that cluster, whose nodes must have the same consim
installed. When the calling program has already connected to Ray, that connection is used
and left open.
"""

from __future__ import annotations

import logging
from collections.abc import Callable, Iterator, Sequence
from contextlib import contextmanager
from types import ModuleType
from typing import Any

from consim.sim.runner import GameResult, MissingExtra, SimulationError, chunk_seeds, run_chunk

#: the install command named when Ray is missing
INSTALL = "pip install 'consim[scale]'"

#: a local cluster's object store: results are small, so keep the shared memory small too
_OBJECT_STORE_BYTES = 128 * 1024 * 1024


def import_ray() -> ModuleType:
    """The ``ray`` module, or :class:`MissingExtra` naming the install command."""
    try:
        import ray
    except ImportError as exc:
        raise MissingExtra(f"the Ray backend needs Ray, which is not installed: {INSTALL}") from exc
    return ray


@contextmanager
def connected(cpus: int | None, address: str | None) -> Iterator[ModuleType]:
    """Ray, connected: to ``address`` if given, else to a new local cluster of ``cpus`` CPUs
    (all of them for ``None``). A connection this opened is closed on leaving."""
    ray = import_ray()
    if ray.is_initialized():
        yield ray
        return
    settings: dict[str, Any] = {"log_to_driver": False, "logging_level": logging.WARNING}
    if address:
        settings["address"] = address
    else:
        # "local": a new cluster of our own, even where another one runs on this machine
        settings.update(
            address="local",
            num_cpus=cpus,
            include_dashboard=False,
            object_store_memory=_OBJECT_STORE_BYTES,
        )
    try:
        ray.init(**settings)
    except (ConnectionError, RuntimeError, ValueError) as exc:
        where = f"join the Ray cluster at {address}" if address else "start a local Ray cluster"
        if _needs_token(exc):
            raise SimulationError(
                f"cannot {where}: it asks for its token; set RAY_AUTH_MODE=token and give the "
                "cluster's token in ~/.ray/auth_token or in RAY_AUTH_TOKEN"
            ) from exc
        raise SimulationError(f"cannot {where}: {exc}") from exc
    try:
        yield ray
    finally:
        ray.shutdown()


def _needs_token(exc: BaseException) -> bool:
    """Whether Ray refused the connection for want of the cluster's authentication token."""
    seen: BaseException | None = exc
    while seen is not None:
        if type(seen).__name__ == "AuthenticationError" or "InvalidAuthToken" in str(seen):
            return True
        seen = seen.__cause__ or seen.__context__
    return False


def _cause(exc: BaseException) -> BaseException:
    cause = getattr(exc, "cause", None)
    return cause if isinstance(cause, BaseException) else exc


def run_on_ray(
    game_name: str,
    options: dict[str, Any],
    bots: dict[str, str],
    seeds: Sequence[int],
    cpus: int | None = None,
    address: str | None = None,
    progress: Callable[[int], None] | None = None,
) -> list[GameResult]:
    """Play the games of ``seeds`` as Ray tasks, one task a chunk of seeds, and return the
    results in the order of ``seeds``.

    ``cpus`` sizes a local cluster (``None``: every CPU); with ``address`` the cluster's own
    CPUs are used. ``progress`` is called with the number of games finished after each chunk.
    A game that fails raises :class:`SimulationError` naming its seed, and the chunks not yet
    finished are cancelled.
    """
    with connected(cpus, address) as ray:
        workers = max(1, int(ray.cluster_resources().get("CPU", 1)))
        chunks = list(chunk_seeds(list(seeds), workers))
        task = ray.remote(num_cpus=1, max_retries=0)(run_chunk)
        pending = {task.remote(game_name, options, bots, chunk): i for i, chunk in enumerate(chunks)}
        by_chunk: dict[int, list[GameResult]] = {}
        done = 0
        try:
            while pending:
                ready, _ = ray.wait(list(pending), num_returns=1)
                for ref in ready:
                    index = pending.pop(ref)
                    try:
                        part: list[GameResult] = ray.get(ref)
                    except ray.exceptions.RayError as exc:
                        cause = _cause(exc)
                        if isinstance(cause, SimulationError):
                            raise SimulationError(str(cause)) from None
                        raise SimulationError(f"a Ray task failed: {cause}") from None
                    by_chunk[index] = part
                    done += len(part)
                    if progress is not None:
                        progress(done)
        except BaseException:
            for ref in pending:
                ray.cancel(ref, force=True)
            raise
        return [r for i in range(len(chunks)) for r in by_chunk[i]]
