"""How far the long checks go. The default sample keeps a run of the whole suite within CI's
time on two cores; ``CONSIM_TESTS=thorough`` plays the games and seeds the checks were written
with (before a release, or after a change to a game's rules or fog of war):

    CONSIM_TESTS=thorough .venv/bin/pytest tests/conformance
"""

from __future__ import annotations

import os

THOROUGH = os.environ.get("CONSIM_TESTS", "") == "thorough"


def depth(quick: int, thorough: int) -> int:
    """``thorough`` under ``CONSIM_TESTS=thorough``, else ``quick``."""
    return thorough if THOROUGH else quick
