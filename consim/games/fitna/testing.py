"""Test support: re-deal what a seat cannot know (the conformance suite's leak checks), and
build positions for the rule tests on top of ``state.edit()``.

``perturb(state, seat, rng, include_deck)`` returns a copy of ``state`` in which everything
``seat`` cannot know has been re-dealt: the other hands (an Asset card only with an Asset
card: which pile a card was drawn from is public), the order of the draw piles (with
``include_deck``), which units make up the enemy stacks it has not seen (each unit swapped
only with another of the same force and size, so what a stack shows, 30.0, stays the same),
and which IS counters are which (25.1), even for the player commanding IS. Cards and units
named by a procedure under way are left alone, and so is a hand one has shown the seat. It
also returns a function that translates an action taken in the original into the same
action in the copy.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping
from typing import Any

from consim.core.action import Action
from consim.core.flow import Frame
from consim.core.game import State
from consim.core.rng import Rng
from consim.core.testing import permute_slots
from consim.games.fitna.board import commander, unit_sides
from consim.games.fitna.rules.cards import LoseCards
from consim.games.fitna.rules.combat import Offensives
from consim.games.fitna.rules.common import POOL, UNUSED
from consim.games.fitna.rules.turn import Campaign, Phase, Turn
from consim.games.fitna.state import FitnaData, FitnaState, Unit


def _referenced(st: FitnaState) -> tuple[set[int], set[int]]:
    """Cards and units named by the frames on the stack."""
    codec = st.game.codec
    dumped = codec.dump_value(list[Frame[Any]], st.stack)
    card_index = codec.index("card")
    unit_index = codec.index("unit")
    cards: set[int] = set()
    units: set[int] = set()

    def walk(x: Any) -> None:
        if isinstance(x, str):
            if x in card_index:
                cards.add(card_index[x])
            if x in unit_index:
                units.add(unit_index[x])
        elif isinstance(x, dict):
            for v in x.values():
                walk(v)
        elif isinstance(x, list):
            for v in x:
                walk(v)

    walk(dumped)
    return cards, units


def shown_hands(st: FitnaState, seat: str | None) -> set[int]:
    """The cards of the hands a procedure under way has shown to ``seat`` (Spy Ring: a hand
    looked at before a card is taken from it), which it therefore knows."""
    return {
        c
        for f in st.stack
        if isinstance(f, LoseCards) and f.shown and f.seat == seat
        for c in st.data.hands[f.opponent]
    }


#: a group of counters a seat cannot tell apart: (force, corps, side), or IS counters as one
UnitGroup = tuple[int, bool, int]


def unseen_unit_groups(st: FitnaState, seat: str | None, fixed: set[int]) -> dict[UnitGroup, list[int]]:
    """The counters ``seat`` cannot tell apart, by group: units on the map it does not see
    (30.0) and the IS pool, grouped by force, corps and present side. The side is public (every
    stack shows whose it is), and where a force is shared between two seats (27.1) it differs
    from unit to unit, so a re-deal never moves a unit into the other seat's stacks."""
    t = st.tables
    d = st.data
    n = t.n_spaces
    me = t.seat_index[seat] if seat is not None else -1
    sides = unit_sides(st)
    groups: dict[UnitGroup, list[int]] = {}
    for u, rec in enumerate(d.units):
        if u in fixed or t.unit_baghdadi[u]:
            continue
        if rec.at < n:
            if sides[u] == me or (me >= 0 and d.known[rec.at] >> me & 1):
                continue
            if me >= 0 and not t.unit_is[u] and commander(st, sides[u]) == me:
                continue  # [26.2] the Kurds it commands now it sees as its own
        elif not (t.unit_is[u] and rec.at == n + POOL):
            continue
        key = (-1, False, -1) if t.unit_is[u] else (t.unit_force[u], t.unit_corps[u], sides[u])
        groups.setdefault(key, []).append(u)
    return groups


def perturb(
    state: State, seat: str | None, rng: Rng, include_deck: bool = True
) -> tuple[State, Callable[[Action], Action]]:
    assert isinstance(state, FitnaState)
    other = state.clone()
    assert isinstance(other, FitnaState)
    t = other.tables
    d = other.data
    fixed_cards, fixed_units = _referenced(other)
    fixed_cards |= shown_hands(other, seat)
    # -- cards ------------------------------------------------------------------------------------
    slots: dict[bool, list[tuple[list[int], int]]] = {True: [], False: []}
    for s, hand in d.hands.items():
        if s == seat:
            continue
        for i, c in enumerate(hand):
            if c not in fixed_cards:
                slots[t.card_asset[c]].append((hand, i))
    if include_deck:
        slots[True].extend((d.asset_pile, i) for i in range(len(d.asset_pile)))
        slots[False].extend((d.event_pile, i) for i in range(len(d.event_pile)))
    pi: dict[int, int] = {}
    for kind in (True, False):
        pi.update(permute_slots(slots[kind], rng))
    # -- units --------------------------------------------------------------------------------------
    groups = unseen_unit_groups(other, seat, fixed_units)
    upi: dict[int, int] = {}
    new_units = list(d.units)
    for group in groups.values():
        if len(group) < 2:
            continue
        shuffled = group[:]
        rng.shuffle(shuffled)
        for old, new in zip(group, shuffled, strict=True):
            new_units[new] = d.units[old]  # the slot keeps what the map shows (30.0)
            upi[new] = old
    d.units = new_units
    other.refresh()
    card_names = t.card_name
    unit_labels = t.unit_label

    def translate(action: Action) -> Action:
        args = list(action.args)
        changed = False
        for k, a in enumerate(args):
            if a in t.card_by_name:
                held = [c for s, h in state.data.hands.items() if s != seat for c in h if card_names[c] == a]
                if held and pi.get(held[0], held[0]) != held[0]:
                    args[k] = card_names[pi[held[0]]]
                    changed = True
            elif a in t.unit_by_label:
                u = t.unit_by_label[a]
                # the unit now standing where ``u`` stood
                moved = next((new for new, old in upi.items() if old == u), u)
                if moved != u:
                    args[k] = unit_labels[moved]
                    changed = True
        return Action(action.verb, tuple(args)) if changed else action

    return other, translate


# =============================================================================================
# Position builders for tests
# =============================================================================================


def clear_map(d: FitnaData, st: FitnaState) -> None:
    """Every unit off the map (unused), no entrenchment; each player holds the spaces of his
    own countries (5.0), every other space is neutral."""
    t = st.tables
    d.units = [Unit(at=t.n_spaces + UNUSED) for _ in range(t.n_units)]
    d.control = [t.NEUTRAL] * t.n_spaces
    for i in range(len(t.seats)):
        for s in range(t.n_spaces):
            if t.space_country[s] in t.seat_countries[i] and s not in t.out_of_play:
                d.control[s] = i
    d.entrenched = [False] * t.n_spaces
    d.known = [0] * t.n_spaces


def put(d: FitnaData, st: FitnaState, placements: Mapping[str, str], reduced: Iterable[str] = ()) -> None:
    """Place units (by label or id) on spaces (by name or id); the side of the units takes
    control of each space."""
    t = st.tables
    low = set(reduced)
    for who, where in placements.items():
        u = t.unit_by_label.get(who, t.unit_by_id.get(who, -1))
        if u < 0:
            raise KeyError(who)
        s = t.space_by_name.get(where, t.space_by_id.get(where, -1))
        if s < 0:
            raise KeyError(where)
        d.units[u] = Unit(at=s, reduced=who in low)
        d.control[s] = d.force_side[t.unit_force[u]]


def control(d: FitnaData, st: FitnaState, side: str, spaces: Iterable[str]) -> None:
    """``side`` (a seat, or IS, KDP, PYD, PKK, Neutral) controls these spaces."""
    t = st.tables
    i = t.side_names.index(side)
    for where in spaces:
        d.control[t.space_by_name.get(where, t.space_by_id.get(where, -1))] = i


def give(d: FitnaData, st: FitnaState, seat: str, names: Iterable[str]) -> None:
    """Move a card of each name into the seat's hand, from wherever it is."""
    t = st.tables
    for name in names:
        for c in t.card_by_name[name]:
            for box in (d.asset_pile, d.event_pile, d.asset_discard, d.event_discard, d.aside, d.removed):
                if c in box:
                    box.remove(c)
                    d.hands[seat].append(c)
                    break
            else:
                continue
            break
        else:
            raise KeyError(f"no free copy of {name}")


def empty_hands(d: FitnaData, st: FitnaState) -> None:
    """Every hand back to its pile."""
    t = st.tables
    for hand in d.hands.values():
        for c in hand:
            (d.asset_pile if t.card_asset[c] else d.event_pile).append(c)
        hand.clear()


def in_segment(st: FitnaState, seat: str, frames: list[Frame[Any]], step: str = "strategic") -> None:
    """The stack of a game in ``seat``'s phase with ``frames`` on top (use inside ``edit``):
    the phase goes on at ``step`` once they are done."""
    t = st.tables
    at = t.initiative.index(seat) + 1
    st.stack = [Campaign(step="turns"), Turn(step="phases", at=at), Phase(seat=seat, step=step), *frames]  # type: ignore[arg-type]


def offensives(st: FitnaState, seat: str, left: int = 3) -> None:
    """The stack of ``seat``'s Offensives segment with ``left`` offensives to launch."""
    in_segment(st, seat, [Offensives(seat=seat, left=left)])


__all__ = ["clear_map", "control", "empty_hands", "give", "in_segment", "offensives", "perturb", "put"]
