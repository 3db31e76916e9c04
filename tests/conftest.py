"""The whole suite's options: a default run for editing, and ``--full`` for everything.

Checks marked ``slow`` (whole games played out many times, the browser, PostgreSQL, the
golden games) are left out of a plain ``pytest`` so that a run while editing takes a few
minutes on two cores. ``pytest --full`` runs them too, and so does CI (the README's test
command). A test named on the command line (a file, a folder, ``file::test``) always runs, and
``-m`` chooses by marks as usual (``pytest -m slow``: the slow checks alone).
"""

from __future__ import annotations

import pytest

SLOW = "slow"


def pytest_addoption(parser: pytest.Parser) -> None:
    parser.addoption(
        "--full",
        action="store_true",
        default=False,
        help="also run the checks marked slow (CI runs everything)",
    )


def pytest_configure(config: pytest.Config) -> None:
    config.addinivalue_line(
        "markers", f"{SLOW}: a long check, left out of a plain `pytest` and run by `pytest --full`"
    )


def _everything(config: pytest.Config) -> bool:
    """``--full``, tests named on the command line (rather than the configured folders), or a
    choice by marks (``-m slow`` runs the slow checks alone)."""
    return (
        bool(config.getoption("full"))
        or config.args_source != pytest.Config.ArgsSource.TESTPATHS
        or bool(config.getoption("markexpr"))
    )


def pytest_collection_modifyitems(config: pytest.Config, items: list[pytest.Item]) -> None:
    if _everything(config):
        return
    slow = [item for item in items if item.get_closest_marker(SLOW) is not None]
    if slow:
        config.hook.pytest_deselected(items=slow)
        items[:] = [item for item in items if item.get_closest_marker(SLOW) is None]


def pytest_terminal_summary(terminalreporter: pytest.TerminalReporter, config: pytest.Config) -> None:
    # (under pytest-xdist the workers collect, so the count is the "deselected" of the summary)
    if not _everything(config):
        terminalreporter.write_line(
            "the checks marked slow were left out: `pytest --full` runs everything, as CI does"
        )
