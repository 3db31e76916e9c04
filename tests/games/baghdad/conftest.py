"""Helpers to build exact Battle for Baghdad positions (scenario tests from a custom set-up).

Positions are built by editing the plain state document of a fresh game, then continuing
through the public API (``to_act``, ``legal_actions``, ``apply``).
"""

from __future__ import annotations

from typing import Any

import consim
from consim.games.baghdad.game import BaghdadState


def fresh(players: int = 3, seed: int = 0, **opts: Any) -> BaghdadState:
    state = consim.load_game("baghdad", players=players, **opts).new_game(seed)
    assert isinstance(state, BaghdadState)
    return state


def take_card(state: BaghdadState, name: str) -> int:
    """Remove one copy of ``name`` from the deck or discards (or a hand if need be)."""
    s = state.s
    names = state.g.card_name
    for box in (s["deck"], s["discard"], *s["hands"].values()):
        for c in box:
            if names[c] == name:
                box.remove(c)
                return int(c)
    raise KeyError(name)


def give(state: BaghdadState, seat: str, *names: str) -> None:
    for n in names:
        state.s["hands"][seat].append(take_card(state, n))
    state._after_change()


def clear_hands(state: BaghdadState) -> None:
    s = state.s
    for h in s["hands"].values():
        s["discard"].extend(h)
        h.clear()
    state._after_change()


def clear_map(state: BaghdadState) -> None:
    s = state.s
    for f in state.g.seats:
        s["sec"][f] = {}
        s["inf"][f] = {}
    s["zpp"] = {}
    state._after_change()


def put(state: BaghdadState, f: str, zone: str, sec: int = 0, inf: int = 0) -> None:
    state._add(f, zone, sec, inf)
    state._after_change()


def only(state: BaghdadState) -> str:
    seats = state.to_act()
    assert len(seats) == 1, seats
    return seats[0]


def act(state: BaghdadState, text: str, seat: str | None = None) -> None:
    state.apply(seat or only(state), text)


def texts(state: BaghdadState, seat: str | None = None) -> list[str]:
    return [a.text for a in state.legal_actions(seat or only(state))]


def set_order(state: BaghdadState, order: list[str]) -> None:
    state.s["order"] = list(order)
    state.s["first"] = order[0]


def enter_phase(state: BaghdadState, phase: str, order: list[str] | None = None) -> None:
    """Jump to the start of a phase with the given acting order (no frames pending)."""
    s = state.s
    if order is not None:
        set_order(state, order)
    s["stack"] = []
    s["man"] = s["bid"] = s["coal"] = s["deal"] = s["act"] = s["task"] = None
    s["phase"] = phase
    if phase == "combat":
        s["cb"] = {"stage": "start"}
    elif phase == "action":
        s["actor_i"] = 0
    elif phase == "street":
        s["draws"] = 0
        s["stopped"] = False
    state._advance()
    state._after_change()


def pass_windows(state: BaghdadState) -> None:
    """Answer 'pass' to every open card window or InfoWar chance."""
    while state.s["stack"] and state.s["stack"][-1]["k"] in ("window", "infowar"):
        for seat in state.to_act():
            state.apply(seat, "pass")


def street_top(state: BaghdadState, *card_ids: str) -> None:
    """Put these Arab Street cards on top of the deck, the first to be turned first."""
    s = state.s
    g = state.g
    for cid in reversed(card_ids):
        inst = next(i for i in s["street"] if g.street_cards[i] == cid)
        s["street"].remove(inst)
        s["street"].append(inst)
