"""Lint and type checks run as part of the test suite, so the one test command covers them."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent


def _run(*args: str, env: dict[str, str] | None = None) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", *args],
        cwd=ROOT,
        capture_output=True,
        text=True,
        check=False,
        env=None if env is None else {**os.environ, **env},
    )


def test_ruff_is_clean() -> None:
    result = _run("ruff", "check", "consim", "tests", "benchmarks", "setup.py")
    assert result.returncode == 0, result.stdout + result.stderr


def test_mypy_is_clean() -> None:
    result = _run("mypy", "consim")
    assert result.returncode == 0, result.stdout + result.stderr


def test_imports_run_one_way() -> None:
    """The layering of DESIGN.md section 4 (contracts in pyproject.toml): the core knows no game;
    in each game content <- state <- board <- rules <- view <- game, and rules modules do not
    import one another."""
    result = subprocess.run(
        [str(Path(sys.executable).with_name("lint-imports")), "--no-cache"],
        cwd=ROOT,
        capture_output=True,
        text=True,
        check=False,
    )
    assert result.returncode == 0, result.stdout + result.stderr


def test_doctests_pass() -> None:
    result = _run(
        "pytest",
        "-q",
        "-n0",
        "-p",
        "no:cacheprovider",
        "--doctest-modules",
        "consim",
        # the doctests document the Python sources: pytest collects them from the .py files,
        # so the compiled build of the same modules (setup.py) must stay out of the way
        env={"CONSIM_PURE": "1"},
    )
    assert result.returncode == 0, result.stdout + result.stderr
