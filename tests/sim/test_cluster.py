"""The Ray backend: the same games as local processes, on a small local cluster."""

from __future__ import annotations

import json
import sys
from collections.abc import Iterator
from pathlib import Path
from types import ModuleType

import pytest
from typer.testing import CliRunner

from consim.cli.main import app
from consim.sim import SimulationError, run_games
from consim.sim.cluster import run_on_ray
from consim.sim.runner import MissingExtra
from tests.sim.test_sim import FIVE, SHORT

#: processes, databases or searches that take long: a full run's (CI's), see tests/conftest.py
pytestmark = pytest.mark.slow

ray = pytest.importorskip("ray")


def test_the_cli_starts_its_own_cluster_and_matches_jobs(tmp_path: Path) -> None:
    out_ray, out_local = tmp_path / "ray.json", tmp_path / "local.json"
    args = ["simulate", "iraq", "--games", "8", "--bot", "heuristic", "--option", "turns=2", "--seed", "50"]
    runner = CliRunner()
    result = runner.invoke(app, [*args, "--backend", "ray", "--jobs", "2", "--json", str(out_ray)])
    assert result.exit_code == 0, result.output
    assert not ray.is_initialized()  # the cluster it started is stopped
    result = runner.invoke(app, [*args, "--jobs", "2", "--json", str(out_local)])
    assert result.exit_code == 0, result.output
    on_ray, local = json.loads(out_ray.read_text()), json.loads(out_local.read_text())
    assert on_ray["games"] == local["games"]
    assert [s["wins"] for s in on_ray["summary"]["seats"]] == [s["wins"] for s in local["summary"]["seats"]]


@pytest.fixture(scope="module")
def cluster() -> Iterator[ModuleType]:
    """One small local cluster for the module: two CPUs, no dashboard."""
    ray.init(
        address="local",
        num_cpus=2,
        include_dashboard=False,
        log_to_driver=False,
        object_store_memory=80 * 1024**2,
    )
    yield ray
    ray.shutdown()


def test_ray_gives_the_results_of_local_processes(cluster: ModuleType) -> None:
    mixed = {**dict.fromkeys(FIVE, "heuristic"), "US": "random", "Kurd": "random"}
    seen: list[int] = []
    on_ray = run_games("iraq", SHORT, games=10, bots=mixed, seed=21, backend="ray", progress=seen.append)
    local = run_games("iraq", SHORT, games=10, bots=mixed, seed=21, jobs=2)
    assert on_ray == local
    assert [r.seed for r in on_ray] == list(range(21, 31))
    assert seen == sorted(seen) and seen[-1] == 10
    assert ray.is_initialized()  # a connection opened by the caller is left open


def test_a_failing_game_on_ray_names_its_seed(cluster: ModuleType) -> None:
    # run_games refuses an unknown bot before any game starts; past that check, the game
    # fails inside its Ray task, and the error comes back naming the seed
    bots = {**dict.fromkeys(FIVE, "random"), "Kurd": "no-such-bot"}
    with pytest.raises(SimulationError, match=r"iraq game with seed 3 failed .*no-such-bot"):
        run_on_ray("iraq", SHORT, bots, [3])


def test_missing_ray_names_the_install_command(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setitem(sys.modules, "ray", None)
    with pytest.raises(MissingExtra, match=r"pip install 'consim\[scale\]'"):
        run_games("iraq", SHORT, games=2, bots="random", backend="ray")
    result = CliRunner().invoke(app, ["simulate", "iraq", "--games", "2", "--backend", "ray"])
    assert result.exit_code == 2
    assert "pip install 'consim[scale]'" in result.stderr and "Traceback" not in result.output


def test_backend_flags_are_checked() -> None:
    runner = CliRunner()
    result = runner.invoke(app, ["simulate", "iraq", "--games", "2", "--backend", "spark"])
    assert result.exit_code == 2 and "unknown backend 'spark'" in result.stderr
    result = runner.invoke(app, ["simulate", "iraq", "--games", "2", "--ray-address", "auto"])
    assert result.exit_code == 2 and "--ray-address needs --backend ray" in result.stderr


def test_a_cluster_asking_for_its_token_is_a_clear_error(monkeypatch: pytest.MonkeyPatch) -> None:
    def refuse(**settings: object) -> None:
        assert settings["address"] == "203.0.113.5:6379" and "num_cpus" not in settings
        try:
            raise ray.exceptions.AuthenticationError("RPC error: InvalidAuthToken")
        except ray.exceptions.AuthenticationError as exc:
            raise ConnectionError("Failed to connect to Ray cluster at 203.0.113.5:6379") from exc

    # no traffic: ray.init is replaced by the refusal a token-protected cluster gives
    monkeypatch.setattr(ray, "is_initialized", lambda: False)
    monkeypatch.setattr(ray, "init", refuse)
    with pytest.raises(SimulationError, match="set RAY_AUTH_MODE=token"):
        run_on_ray("iraq", SHORT, dict.fromkeys(FIVE, "random"), [1], address="203.0.113.5:6379")

    def unreachable(**settings: object) -> None:
        raise ConnectionError("refused")

    monkeypatch.setattr(ray, "init", unreachable)
    with pytest.raises(SimulationError, match=r"cannot join the Ray cluster at 203\.0\.113\.5:6379: refused"):
        run_on_ray("iraq", SHORT, dict.fromkeys(FIVE, "random"), [1], address="203.0.113.5:6379")
