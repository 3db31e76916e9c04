"""Test support for the conformance suite: re-deal what a seat cannot know.

``perturb(state, seat, rng, include_deck)`` returns a copy of ``state`` in which every Arms
Bazaar card whose whereabouts ``seat`` cannot know is permuted among those hidden places
(other hands, other players' unrevealed Operational Plan cards, a draft packet it does not
hold, the cards a deal partner has picked but not yet handed over, cards played face down
in an open window), the other combatant's secret Command choice and commitment are redrawn,
and, with ``include_deck``, the Arms Bazaar deck and discards and the unseen part of the
Arab Street deck are shuffled too. It also returns a function translating an action taken in
the original into the same action in the copy. A seat's view must be identical in both, and
so must the log lines it can read, unless an action showed it hidden cards.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from consim.core.action import Action
from consim.core.legacy import State
from consim.core.rng import Rng
from consim.core.testing import permute_slots
from consim.games.baghdad.game import BaghdadState

_CARD_VERBS = frozenset(
    {"play", "take", "give", "discard", "offense", "defense", "command", "maneuver", "combine"}
)


def perturb(
    state: State, seat: str | None, rng: Rng, include_deck: bool = True
) -> tuple[State, Callable[[Action], Action]]:
    assert isinstance(state, BaghdadState)
    other = state.clone()
    assert isinstance(other, BaghdadState)
    s = other.s
    g = other.g
    slots: list[tuple[list[Any], Any]] = []  # (container, index or key)
    fixed: list[int] = []
    d = s["deal"]
    if d is not None and (seat == d["from"] or (seat in d["to"] and d["stage"] != "build")):
        fixed.extend(d["give"])
    t = s["task"]
    act = s["act"]
    visible_hand: str | None = None
    if t is not None and t["k"] == "effect" and act is not None and seat == act["f"]:
        visible_hand = t["data"].get("target")
    for f, hand in s["hands"].items():
        if f in (seat, visible_hand):
            continue
        keep = list(fixed) if d is not None and f == d["from"] else []
        for i, c in enumerate(hand):
            if c in keep:
                keep.remove(c)
                continue
            slots.append((hand, i))
    cb = s["cb"]
    if cb and cb.get("plans") and not cb.get("revealed"):
        for f, p in cb["plans"].items():
            if f == seat:
                continue
            for key in ("off", "dfn"):  # a Network stays a Network: which one is immaterial
                if p[key] is not None:
                    slots.append((p, key))
            if p["cmd"] is not None and s["active"][f]:
                p["cmd"] = rng.choice(s["active"][f])
            if p["commit"] is not None:
                p["commit"] = rng.choice(other.commit_choices(f, cb["zone"]))
    if s["phase"] == "draft" and s["packet"] and seat != s["order"][s["dpos"]]:
        slots.extend((s["packet"], i) for i in range(len(s["packet"])))
    if d is not None and d["taken"] and seat != d["to"][0]:
        slots.extend((d["taken"], i) for i in range(len(d["taken"])))
    for fr in s["stack"]:
        if fr["k"] == "window":
            for i, who in enumerate(fr.get("by", [])):
                if who != seat:
                    slots.append((fr["played"], i))
    if include_deck:
        slots.extend((s["deck"], i) for i in range(len(s["deck"])))
        slots.extend((s["discard"], i) for i in range(len(s["discard"])))
        known = len(s["known"][seat]) if seat is not None else 0
        street = s["street"]
        cut = len(street) - known
        hidden = street[:cut]
        rng.shuffle(hidden)
        street[:cut] = hidden
    pi = permute_slots(slots, rng)
    if d is not None:
        d["give"] = [pi.get(c, c) for c in d["give"]]
    other._after_change()
    names = g.card_name
    original = state.s

    def translate(action: Action) -> Action:
        if action.verb not in _CARD_VERBS or not action.args:
            return action
        acting = list(state.to_act())
        pool: list[int] = [c for f in acting for c in original["hands"][f]] + list(original["packet"])
        pool.extend(c for f, h in original["hands"].items() if f not in acting for c in h)
        dd = original["deal"]
        if dd is not None:
            pool.extend(dd["give"])
        used: list[int] = []
        out: list[str] = []
        for arg in action.args:
            inst = next((c for c in pool if names[c] == arg and c not in used), None)
            if inst is None:
                out.append(arg)
                continue
            used.append(inst)
            out.append(names[pi.get(inst, inst)])
        return Action(action.verb, tuple(out))

    return other, translate
