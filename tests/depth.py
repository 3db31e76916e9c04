"""How far the long checks go. The default sample keeps a run of the whole suite within CI's
time on two cores; ``CONSIM_TESTS=thorough`` plays the games and seeds the checks were written
with (before a release, or after a change to a game's rules or fog of war):

    CONSIM_TESTS=thorough .venv/bin/pytest tests/conformance
"""

from __future__ import annotations

import os
from collections.abc import Iterable, Mapping
from typing import Any

import pytest

import consim
from consim.core.registry import game_class

THOROUGH = os.environ.get("CONSIM_TESTS", "") == "thorough"


def depth(quick: int, thorough: int) -> int:
    """``thorough`` under ``CONSIM_TESTS=thorough``, else ``quick``."""
    return thorough if THOROUGH else quick


def variant_id(name: str, opts: Mapping[str, Any]) -> str:
    """A variant's test id: ``fitna-scenario=3-initiative=bids`` (``iraq-default``)."""
    return f"{name}-{'-'.join(f'{k}={v}' for k, v in opts.items()) or 'default'}"


def variant_cases(names: Iterable[str] | None = None) -> list[Any]:
    """``(name, opts)`` parameters for every variant every game declares (``Game.variants()``).
    Each game's first variant runs in every test run; the others are marked ``slow``, so a
    plain ``pytest`` plays each game once and ``pytest --full`` (CI) all of them."""
    cases = []
    for name in consim.list_games() if names is None else names:
        for i, opts in enumerate(game_class(name).variants()):
            marks = [pytest.mark.slow] if i else []
            cases.append(pytest.param(name, opts, id=variant_id(name, opts), marks=marks))
    return cases


def first_variant(name: str, opts: Mapping[str, Any]) -> bool:
    """Whether ``opts`` is the first variant ``name`` declares (the one a plain run plays)."""
    variants = game_class(name).variants()
    return bool(variants) and dict(variants[0]) == dict(opts)


def lighter(name: str, opts: Mapping[str, Any]) -> bool:
    """Whether a long check may sample this variant more thinly: every variant but a game's
    first, unless under ``CONSIM_TESTS=thorough``. The first variant keeps the full sample in
    every run; the others share its rules and add their options, so a thinner sample of them
    keeps a run of the whole suite (CI's) within its time on two cores."""
    return not THOROUGH and not first_variant(name, opts)
