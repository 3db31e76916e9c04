"""Test support: re-deal what a seat cannot know (the conformance suite's leak checks), and
builders of exact positions for scenario tests.

``perturb(state, seat, rng, include_deck)`` returns a copy of ``state`` in which every Arms
Bazaar card whose whereabouts ``seat`` cannot know is permuted among those hidden places
(other hands, other players' unrevealed Operational Plan cards, a draft packet it does not
hold, the cards a deal partner has picked but not yet handed over, cards played face down
in an open window), the terms of an offer another player is still building are dropped (it
has just begun), the other combatant's secret Command choice and commitment are redrawn,
and, with ``include_deck``, the Arms Bazaar deck and discards and the unseen part of the
Arab Street deck are shuffled too. It also returns a function translating an action taken in
the original into the same action in the copy. A seat's view must be identical in both, and
so must the log lines it can read, unless an action showed it hidden cards.

The builders change a position by hand; call them inside ``with state.edit():`` (which
checks the result and starts a new history there)::

    st = fresh(3)
    with st.edit():
        clear_hands(st)
        give(st, "Sunni", "Curfew")
        enter(st, "street", order=["Shiite", "Sunni", "Government"])
"""

from __future__ import annotations

from collections.abc import Callable, MutableSequence
from typing import Any

from consim.core.action import Action
from consim.core.flow import Frame
from consim.core.game import State
from consim.core.registry import load_game
from consim.core.rng import Rng
from consim.core.testing import permute_slots
from consim.games.baghdad.board import commit_choices
from consim.games.baghdad.rules.coalition import Coalition
from consim.games.baghdad.rules.combat import Combat, Plan
from consim.games.baghdad.rules.common import CardWindow
from consim.games.baghdad.rules.draft import Draft
from consim.games.baghdad.rules.effects import Effects
from consim.games.baghdad.state import BaghdadState

_CARD_VERBS = frozenset(
    {"play", "take", "give", "discard", "offense", "defense", "command", "maneuver", "combine"}
)


def _find(st: BaghdadState, cls: type[Frame[Any]]) -> Any:
    for frame in reversed(st.stack):
        if isinstance(frame, cls):
            return frame
    return None


def perturb(
    state: State, seat: str | None, rng: Rng, include_deck: bool = True
) -> tuple[State, Callable[[Action], Action]]:
    assert isinstance(state, BaghdadState)
    other = state.clone()
    assert isinstance(other, BaghdadState)
    d = other.data
    slots: list[tuple[MutableSequence[Any], Any]] = []
    fixed: list[int] = []
    coal = _find(other, Coalition)
    deal = coal.deal if coal is not None else None
    if deal is not None and deal.stage == "build" and seat != deal.sender:
        # [Coalition Phase] an offer being built is its sender's secret (the table sees to whom)
        deal.give, deal.give_pp, deal.ask_pp, deal.ask_cards = [], 0, 0, 0
        deal.truce, deal.promises = False, []
    if deal is not None and (seat == deal.sender or (seat in deal.to and deal.stage != "build")):
        fixed.extend(deal.give)
    effects = _find(other, Effects)
    visible_hand = effects.target if effects is not None and seat == effects.seat else None
    for f, hand in d.hands.items():
        if f in (seat, visible_hand):
            continue
        keep = list(fixed) if deal is not None and f == deal.sender else []
        for i, c in enumerate(hand):
            if c in keep:
                keep.remove(c)
                continue
            slots.append((hand, i))
    # cards set aside in a secret plan: permuted through a list, then put back
    plan_cells: list[tuple[Plan, str]] = []
    combat = _find(other, Combat)
    if combat is not None and combat.battle is not None and combat.step not in ("resolve", "apply"):
        for f, p in combat.battle.plans.items():
            if f == seat:
                continue
            plan_cells.extend((p, key) for key in ("off", "dfn") if getattr(p, key) is not None)
            if p.cmd is not None and d.active[f]:
                p.cmd = rng.choice(d.active[f])
            if p.commit is not None:
                p.commit = rng.choice(commit_choices(other, f, combat.zone))
    plan_cards = [getattr(p, key) for p, key in plan_cells]
    slots.extend((plan_cards, i) for i in range(len(plan_cards)))
    draft = _find(other, Draft)
    if draft is not None and draft.packet and seat != d.order[draft.pos]:
        slots.extend((draft.packet, i) for i in range(len(draft.packet)))
    if deal is not None and deal.taken and seat != deal.to[0]:
        slots.extend((deal.taken, i) for i in range(len(deal.taken)))
    windows = [fr for fr in other.stack if isinstance(fr, CardWindow)]
    played = [[card for _, card in fr.plays] for fr in windows]
    for fr, cards in zip(windows, played, strict=True):
        slots.extend((cards, i) for i, (who, _) in enumerate(fr.plays) if who != seat)
    if include_deck:
        slots.extend((d.deck, i) for i in range(len(d.deck)))
        slots.extend((d.discard, i) for i in range(len(d.discard)))
        known = len(d.known[seat]) if seat is not None else 0
        cut = len(d.street) - known
        hidden = d.street[:cut]
        rng.shuffle(hidden)
        d.street[:cut] = hidden
    pi = permute_slots(slots, rng)
    for (p, key), card in zip(plan_cells, plan_cards, strict=True):
        setattr(p, key, card)
    for fr, cards in zip(windows, played, strict=True):
        fr.plays = [(who, card) for (who, _), card in zip(fr.plays, cards, strict=True)]
    if deal is not None:
        deal.give = [pi.get(c, c) for c in deal.give]
    other.refresh()
    names = other.tables.card_name
    original = state.data
    original_draft = _find(state, Draft)
    original_coal = _find(state, Coalition)

    def translate(action: Action) -> Action:
        if action.verb not in _CARD_VERBS or not action.args:
            return action
        acting = list(state.to_act())
        pool: list[int] = [c for f in acting for c in original.hands[f]]
        if original_draft is not None:
            pool.extend(original_draft.packet)
        pool.extend(c for f, h in original.hands.items() if f not in acting for c in h)
        if original_coal is not None and original_coal.deal is not None:
            pool.extend(original_coal.deal.give)
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


# =============================================================================================
# Builders of positions (inside ``with state.edit():``)
# =============================================================================================


def fresh(players: int = 3, seed: int = 0, **opts: Any) -> BaghdadState:
    """A new game."""
    state = load_game("baghdad", players=players, **opts).new_game(seed)
    assert isinstance(state, BaghdadState)
    return state


def take_card(st: BaghdadState, name: str) -> int:
    """Take one copy of the card ``name`` out of the deck or the discards (or a hand if need be)."""
    d = st.data
    names = st.tables.card_name
    for box in (d.deck, d.discard, *d.hands.values()):
        for c in box:
            if names[c] == name:
                box.remove(c)
                return c
    raise KeyError(name)


def give(st: BaghdadState, seat: str, *names: str) -> None:
    """Put these cards in ``seat``'s hand."""
    for n in names:
        st.data.hands[seat].append(take_card(st, n))


def clear_hands(st: BaghdadState) -> None:
    """Every hand to the discards."""
    d = st.data
    for hand in d.hands.values():
        d.discard.extend(hand)
        hand.clear()


def clear_map(st: BaghdadState) -> None:
    """No units and no PP markers on the map."""
    d = st.data
    for f in st.tables.seats:
        d.sec[f] = [0] * len(d.zpp)
        d.inf[f] = [0] * len(d.zpp)
    d.zpp = [0] * len(d.zpp)


def zone(st: BaghdadState, name: str) -> int:
    """A zone by its id."""
    return st.tables.zone_index[name]


def put(st: BaghdadState, f: str, where: str, sec: int = 0, inf: int = 0) -> None:
    """Add units of ``f`` in the zone ``where``."""
    z = zone(st, where)
    st.data.sec[f][z] += sec
    st.data.inf[f][z] += inf


def set_pp_markers(st: BaghdadState, markers: dict[str, int]) -> None:
    """PP markers on the map: exactly these, by zone id."""
    d = st.data
    d.zpp = [0] * len(d.zpp)
    for where, n in markers.items():
        d.zpp[zone(st, where)] = n


def set_order(st: BaghdadState, order: list[str]) -> None:
    """This turn's order, from its First Player."""
    st.data.order = list(order)
    st.data.first = order[0]


def street_top(st: BaghdadState, *card_ids: str) -> None:
    """Put these Arab Street cards on top of the deck, the first to be turned first."""
    d = st.data
    street_of = st.tables.street_of
    for cid in reversed(card_ids):
        inst = next(i for i in d.street if street_of[i].id == cid)
        d.street.remove(inst)
        d.street.append(inst)


def enter(
    st: BaghdadState, phase: str, order: list[str] | None = None, begin: bool = False, **fields: Any
) -> Frame[Any]:
    """Make ``phase`` (a frame name: "maneuver", "street", "draft", "coalition", "action",
    "combat", "civic", "end") the phase in progress, from its start, with nothing pending;
    ``begin`` carries out what the phase does as it begins (the draft's packet, ...)."""
    if order is not None:
        set_order(st, order)
    frame = st.game.codec.frames[phase](**fields)
    assert isinstance(frame, Frame)
    st.stack[:] = [frame]
    if begin:
        frame.begin(st)
    return frame


def units(st: BaghdadState, f: str, where: str) -> tuple[int, int]:
    """``f``'s Security and Infrastructure in the zone ``where``."""
    z = zone(st, where)
    return st.data.sec[f][z], st.data.inf[f][z]


def hand(st: BaghdadState, seat: str) -> list[str]:
    """The names of the cards in ``seat``'s hand, sorted."""
    names = st.tables.card_name
    return sorted(names[c] for c in st.data.hands[seat])
