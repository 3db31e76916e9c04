"""Helpers to build exact Battle for Baghdad positions (scenario tests from a custom set-up).

Positions are built with the game's builders (``consim.games.baghdad.testing``) inside
``with state.edit():``, then played on through the public API (``to_act``, ``legal_actions``,
``apply``, ``view``).
"""

from __future__ import annotations

from consim.games.baghdad.state import BaghdadState
from consim.games.baghdad.testing import (
    clear_hands,
    clear_map,
    enter,
    fresh,
    give,
    hand,
    put,
    set_order,
    set_pp_markers,
    street_top,
    units,
    zone,
)

__all__ = [
    "act",
    "clear_hands",
    "clear_map",
    "enter",
    "fresh",
    "give",
    "hand",
    "only",
    "pass_windows",
    "phase",
    "put",
    "set_order",
    "set_pp_markers",
    "street_top",
    "texts",
    "units",
    "zone",
]


def only(state: BaghdadState) -> str:
    seats = state.to_act()
    assert len(seats) == 1, seats
    return seats[0]


def act(state: BaghdadState, text: str, seat: str | None = None) -> None:
    state.apply(seat or only(state), text)


def texts(state: BaghdadState, seat: str | None = None) -> list[str]:
    return [a.text for a in state.legal_actions(seat or only(state))]


def phase(state: BaghdadState) -> str:
    return str(state.view(None)["phase"])


def pass_windows(state: BaghdadState) -> None:
    """Answer 'pass' to every open card window or InfoWar chance."""
    while state.view(None).get("pending", {}).get("kind") in ("window", "infowar"):
        for seat in state.to_act():
            state.apply(seat, "pass")
