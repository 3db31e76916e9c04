"""Test support: re-deal what a seat cannot know (the conformance suite's leak checks, and
``determinize``), and build positions for the rule tests on top of ``state.edit()``.

``perturb(state, seat, rng, include_deck)`` returns a copy of ``state`` in which everything
``seat`` cannot know has been re-dealt: the other hands and the discards it did not see go
face down (an Asset card only with an Asset card: which pile a card was drawn from is public),
the order of the draw piles (with ``include_deck``), which units make up the enemy stacks it
has not seen (each unit swapped only with another of the same force, side and garrison or not,
so what a stack shows, 30.0, stays the same; a corps with a unit of any size, one corps a
stack) and which of them are reduced (as many on each side as before), and which IS counters
are which (25.1), even for the player commanding IS or on a stack the seat has seen. Cards and
units named by a procedure under way are left alone, and so is a hand one has shown the seat.
It also returns a function that translates an action taken in the original into the same
action in the copy. ``redeal_cards`` and ``redeal_units`` do the same canonically for
``determinize`` (``encoding.Research.resample``).
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping
from dataclasses import replace
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


#: a group of counters a seat cannot tell apart: (force, garrison, side), or IS counters as one
UnitGroup = tuple[int, bool, int]
#: the group of the IS counters (25.1: face down for everyone)
IS_GROUP: UnitGroup = (-1, False, -1)
#: how many shuffles a re-deal tries before it keeps each corps among the corps (4.0)
CORPS_TRIES = 20


def unseen_unit_groups(st: FitnaState, seat: str | None, fixed: set[int]) -> dict[UnitGroup, list[int]]:
    """The counters ``seat`` cannot tell apart, by group, in counter order: units on the map it
    does not see (30.0), grouped by force, garrison or not, and present side; and the IS
    counters on the map and in the IS pool, which are face down for everyone (25.1), even on
    a stack the seat has seen. The side is public (every stack shows whose it is), and where a
    force is shared between two seats (27.1) it differs from unit to unit, so a re-deal never
    moves a unit into the other seat's stacks; a garrison never moves (3.0), so it stays one.
    The size of a unit is not shown (a corps may stand where a division stood, ``redeal_units``
    keeping one corps a stack, 4.0). ``fixed``: the counters a procedure under way names."""
    t = st.tables
    d = st.data
    n = t.n_spaces
    me = t.seat_index[seat] if seat is not None else -1
    sides = unit_sides(st)
    groups: dict[UnitGroup, list[int]] = {}
    for u, rec in enumerate(d.units):
        if u in fixed or t.unit_baghdadi[u]:
            continue
        if t.unit_is[u]:
            if rec.at < n or rec.at == n + POOL:
                groups.setdefault(IS_GROUP, []).append(u)
            continue
        if rec.at >= n or sides[u] == me or (me >= 0 and d.known[rec.at] >> me & 1):
            continue
        if me >= 0 and commander(st, sides[u]) == me:
            continue  # [26.2] the Kurds it commands now it sees as its own
        groups.setdefault((t.unit_force[u], t.unit_garrison[u], sides[u]), []).append(u)
    return groups


def hidden_card_slots(
    st: FitnaState, seat: str | None, include_deck: bool, fixed: set[int]
) -> dict[bool, list[tuple[list[int], int]]]:
    """The places of the cards ``seat`` cannot know, by kind (an Asset card only with an Asset
    card: which pile a card was drawn from is public): the other hands, the discards it did
    not see go face down (8.2: a veto, a card lost from a hand) and, with ``include_deck``, the
    draw piles. ``fixed``: cards a procedure under way names, or a hand shown to the seat."""
    t = st.tables
    d = st.data
    me = 1 << t.seat_index[seat] if seat is not None else 0
    slots: dict[bool, list[tuple[list[int], int]]] = {True: [], False: []}
    for s, hand in d.hands.items():
        if s == seat:
            continue
        for i, c in enumerate(hand):
            if c not in fixed:
                slots[t.card_asset[c]].append((hand, i))
    for pile in (d.asset_discard, d.event_discard):
        for i, c in enumerate(pile):
            seen = d.discard_seen.get(c)
            if seen is not None and not seen & me and c not in fixed:
                slots[t.card_asset[c]].append((pile, i))
    if include_deck:
        slots[True].extend((d.asset_pile, i) for i in range(len(d.asset_pile)))
        slots[False].extend((d.event_pile, i) for i in range(len(d.event_pile)))
    return slots


def redeal_cards(st: FitnaState, seat: str | None, rng: Rng, include_deck: bool) -> dict[int, int]:
    """Re-deal, in place, the cards ``seat`` cannot know (``hidden_card_slots``); returns
    {card that was in a slot: card now in it}. Through a ``CanonicalRng`` the result depends
    only on which cards are hidden, not on where they lay."""
    fixed, _ = _referenced(st)
    fixed |= shown_hands(st, seat)
    slots = hidden_card_slots(st, seat, include_deck, fixed)
    pi: dict[int, int] = {}
    for kind in (True, False):
        pi.update(permute_slots(slots[kind], rng))
    d = st.data
    if d.discard_seen:
        d.discard_seen = {pi.get(c, c): seen for c, seen in d.discard_seen.items()}
    return pi


def _corps_apart(st: FitnaState, units: list[Unit]) -> bool:
    """[4.0] At most one corps on any space."""
    t = st.tables
    taken: set[int] = set()
    for u, corps in enumerate(t.unit_corps):
        if corps and (at := units[u].at) < t.n_spaces:
            if at in taken:
                return False
            taken.add(at)
    return True


def _deal(
    targets: list[int],
    spots: list[int],
    group: list[int],
    places: list[Unit],
    rng: Rng,
    canonical: bool,
    units: list[Unit],
    moved: dict[int, int],
) -> None:
    """Deal the places ``spots`` (indices in ``places``, the places of ``group``'s counters in
    the same order) to the counters ``targets`` at random: canonically (whatever the order of
    the places), or recording {counter now in a place: counter of ``group`` that stood there}."""
    if canonical:
        shuffled = [places[i] for i in spots]
        rng.shuffle(shuffled)
        for u, rec in zip(targets, shuffled, strict=True):
            units[u] = rec
        return
    order = spots[:]
    rng.shuffle(order)
    for u, i in zip(targets, order, strict=True):
        units[u] = places[i]
        moved[u] = group[i]


def redeal_units(
    st: FitnaState, seat: str | None, rng: Rng, fixed: set[int], canonical: bool
) -> dict[int, int]:
    """Re-deal, in place, the counters ``seat`` cannot tell apart (``unseen_unit_groups``): which
    counter of a group stands in each of the group's places (a place keeps what the map
    shows: the space, the Isolated marker, an assault made), at most one corps a stack (4.0);
    then which of a side's unseen two-step units are reduced, as many as before (30.0: the
    losses and restorations that reduced or restored them were announced, not which units).

    ``canonical`` (for ``determinize``, with a ``CanonicalRng``): the places are dealt in a
    canonical order, so the result depends only on which places and counters are hidden.
    Otherwise (``perturb``) the counters are shuffled among their places and the result maps
    {counter now in a place: counter that stood there}."""
    t = st.tables
    d = st.data
    before = d.units
    units = list(before)
    moved: dict[int, int] = {}
    groups = unseen_unit_groups(st, seat, fixed)
    for group in groups.values():
        places = [replace(before[u], reduced=False) for u in group]
        spots = list(range(len(group)))
        if not any(t.unit_corps[u] for u in group):
            _deal(group, spots, group, places, rng, canonical, units, moved)
            continue
        for _ in range(CORPS_TRIES):
            _deal(group, spots, group, places, rng, canonical, units, moved)
            if _corps_apart(st, units):
                break
        else:
            # the corps on the first places, in a fixed order, of spaces without another corps;
            # the other units on the other places at random
            members = set(group)
            taken = {units[v].at for v, c in enumerate(t.unit_corps) if c and v not in members}
            corps = [u for u in group if t.unit_corps[u]]
            chosen: list[int] = []
            for i in sorted(spots, key=lambda i: repr(places[i])):
                if len(chosen) < len(corps) and places[i].at not in taken:
                    chosen.append(i)
                    taken.add(places[i].at)
            rest = [i for i in spots if i not in chosen]
            _deal(corps, chosen, group, places, rng, canonical, units, moved)
            _deal(
                [u for u in group if not t.unit_corps[u]], rest, group, places, rng, canonical, units, moved
            )
    # [30.0] the reduced sides: as many on each side as before, on other unseen units
    by_side: dict[int, list[int]] = {}
    for key, group in groups.items():
        if key != IS_GROUP:
            by_side.setdefault(key[2], []).extend(u for u in group if t.unit_steps[u] == 2)
    for candidates in by_side.values():
        count = sum(1 for u in candidates if before[u].reduced)
        order = sorted(candidates)
        rng.shuffle(order)
        low = set(order[:count])
        for u in candidates:
            if units[u].reduced != (u in low):
                units[u] = replace(units[u], reduced=u in low)
    d.units = units
    return moved


def perturb(
    state: State, seat: str | None, rng: Rng, include_deck: bool = True
) -> tuple[State, Callable[[Action], Action]]:
    assert isinstance(state, FitnaState)
    other = state.clone()
    assert isinstance(other, FitnaState)
    t = other.tables
    pi = redeal_cards(other, seat, rng, include_deck)
    _, fixed_units = _referenced(other)
    upi = redeal_units(other, seat, rng, fixed_units, canonical=False)
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
                    d.discard_seen.pop(c, None)
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
