"""Fitna's choices in words (present.py's hooks for the terminal): each choice of a menu with
what a player needs to choose it (where a unit stands, who holds a space, what a card is or
would do now), the cards of the hand whose refusal the terminal asks the engine for, and what
changed between two screens of a seat. Built from ``view(seat)`` and the public component
data alone (30.0).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any, cast

from consim.core.action import Action
from consim.core.words import listing
from consim.games.fitna.content import FORCE_LABEL, Card, Handler
from consim.games.fitna.present_words import (
    WIDTH,
    _c,
    _enemy_spaces,
    _own_spaces,
    _plural,
    _spaces_by_name,
    _who,
    _wrap,
    unit_forces,
    unit_places,
    unit_values,
)
from consim.games.fitna.viewtypes import FitnaSeatView, seen_units
from consim.games.fitna.vocabulary import MobiliseParams


def _card_record(number: int) -> Card | None:
    return next((c for c in _c().cards.cards if c.number == number), None)


#: [17.1, 17.3, 15.0] the verbs whose unit the menu places on the map
_PLACED_VERBS = frozenset({"move", "redeploy", "restore", "bring"})
#: [18.0, 18.5, 18.7] the verbs whose unit the menu describes by its values
_VALUED_VERBS = frozenset({"add", "lose", "exploit"})
#: [15.0, 17.1, 17.2, 18.0, 18.6] the verbs whose space the menu describes: who holds it and
#: the units on it (as the seat sees them, 30.0)
_SPACE_VERBS = frozenset({"place", "to", "airlift", "assault", "retreat", "target", "attack_from"})
#: [8.2] the verbs of the Events segment's own menu (not of a card's decisions within it)
_EVENTS_MENU = frozenset({"play", "special", "exchange", "done", "joker"})


def mobilise_note(view: FitnaSeatView, card: Card) -> str:
    """[15.0] What a card that mobilises units from the Force Pool (#47-#48) would bring now,
    from the seat's own pool: "" when it has such units, else that it will do nothing."""
    handler = next((e for e in card.effects if isinstance(e, Handler) and e.name == "mobilise"), None)
    if handler is None:
        return ""
    forces = set(handler.params_as(MobiliseParams, f"#{card.number} {card.name}").forces)
    pool = (view.get("pools") or {}).get(view.get("seat") or "")
    waiting = [*pool["destroyed"], *(u for batch in pool["batches"] for u in batch)] if pool else []
    if any(unit_forces().get(str(u)) in forces for u in waiting):
        return ""
    kinds = listing([FORCE_LABEL[f] for f in sorted(forces)], "or")
    return f"it will do nothing: no {kinds} unit in your Force Pool"


def choice_label(view: Mapping[str, Any], action: Action) -> str:
    """A choice as the menu shows it: the action, then what a player needs to choose it, from
    his view alone: where the unit stands (move, redeploy), a card's OPs (Planning), that an
    event would do nothing now (#47 Popular Mobilisation with no militia to raise).

    >>> import consim
    >>> state = consim.load_game("fitna", scenario=1).new_game(seed=3)
    >>> choice_label(state.view("Syria"), Action("move", ("4 Arm Div",)))
    'move "4 Arm Div" (on Damascus)'
    """
    view = cast(FitnaSeatView, view)  # (the terminal hands any game's view)
    note = ""
    arg = action.args[0] if action.args else ""
    if action.verb in _PLACED_VERBS and arg:
        note = unit_places(view).get(arg, "")
    elif action.verb in _VALUED_VERBS and arg:
        note = unit_values(view).get(arg, "")
    elif action.verb in ("ops", "play"):
        card = next((c for c in view.get("hand") or () if c["name"] == arg), None)
        if card is not None and action.verb == "ops":
            note = f"{card['ops']} OPs"
        elif card is not None:
            record = _card_record(int(card["number"]))
            note = mobilise_note(view, record) if record is not None else ""
    elif action.verb in _SPACE_VERBS and arg:
        note = _space_note(view, arg, defence=action.verb == "target")
    elif arg:  # take, commit, cancel, bid: which card
        note = _card_note(arg)
    return f"{action.text} ({note})" if note else action.text


def _card_note(name: str) -> str:
    """A card named in a choice: "#19, Asset 8" (no number for a name several cards share)."""
    named = [c for c in _c().cards.cards if c.name == name]
    kinds = {("Asset" if c.kind == "asset" else "Event", c.ops) for c in named}
    if len(kinds) != 1:
        return ""
    kind, ops = kinds.pop()
    return f"#{named[0].number}, {kind} {ops}" if len(named) == 1 else f"{kind} {ops}"


def _space_note(view: FitnaSeatView, name: str, defence: bool = False) -> str:
    """Who holds a space and the units on it, as the seat sees them: "you: 2 units", "Syria,
    empty", "nobody, empty"; with ``defence``, the space's defence and entrenchment (18.2, 19.0)."""
    entry = next((s for s in view["spaces"] if s["name"] == name), None)
    if entry is None:
        return ""
    holder = "nobody" if entry["control"] == "Neutral" else _who(view, str(entry["control"]))
    stack = entry.get("stack")
    if not stack:
        note = f"{holder}, empty"
    elif str(stack["side"]) == entry["control"]:
        note = f"{holder}: {_plural(int(stack['count']), 'unit')}"
    else:
        note = f"{holder}; {_who(view, str(stack['side']))}: {_plural(int(stack['count']), 'unit')}"
    space = _spaces_by_name().get(name)
    if defence and space is not None and space.defence:
        note += f", defence -{space.defence}"
    if defence and entry.get("entrenched"):
        note += ", entrenched"
    return note


def looked_for(view: Mapping[str, Any], actions: Sequence[Action]) -> list[str]:
    """[8.2] At the seat's own Events menu: playing each card of its hand, so that the terminal
    can say why the ones not offered cannot be played (the engine's reason, ``refused_lines``)."""
    view = cast(FitnaSeatView, view)  # (the terminal hands any game's view)
    verbs = {a.verb for a in actions}
    if view.get("segment") != "Events" or not verbs <= _EVENTS_MENU or "done" not in verbs:
        return []
    return [Action("play", (str(c["name"]),)).text for c in view.get("hand") or ()]


def _control_changes(before: FitnaSeatView, after: FitnaSeatView) -> list[str]:
    held = {s["name"]: s["control"] for s in before["spaces"]}
    taken: dict[str, list[str]] = {}
    for s in after["spaces"]:
        was = held.get(s["name"])
        if was is not None and was != s["control"]:
            taken.setdefault(s["control"], []).append(s["name"])
    return [
        f"{listing(names)} held by nobody now"
        if who == "Neutral"
        else f"{'you' if who == after.get('seat') else who} took {listing(names)}"
        for who, names in taken.items()
    ]


def _own_units(view: FitnaSeatView) -> dict[str, bool]:
    """The seat's units on the map -> reduced."""
    return {
        str(u["name"]): bool(u.get("reduced")) for s in _own_spaces(view) for u in seen_units(s.get("stack"))
    }


def _others_on_map(view: FitnaSeatView) -> dict[str, int]:
    counts: dict[str, int] = {}
    for s in _enemy_spaces(view):
        side = str(s["stack"]["side"])
        counts[side] = counts.get(side, 0) + int(s["stack"]["count"])
    return counts


def changes(before: Mapping[str, Any], after: Mapping[str, Any]) -> list[str]:
    """[30.0] What changed between two views of one seat, built from them alone: the spaces
    that changed hands, the seat's units lost or reduced, how many units the others have on
    the map, the cards played and tension (the board says where the seat stands now). The
    terminal shows it when the log since the seat's last turn does not fit its screen.

    >>> import consim
    >>> state = consim.load_game("fitna", scenario=1).new_game(seed=3)
    >>> before = state.view("Syria")
    >>> after = {**before, "tension": 3, "spaces": [{**s, "control": "Rebels"} if s["name"] == "Homs"
    ...          else s for s in before["spaces"]]}
    >>> changes(before, after)
    ['In short: Rebels took Homs. Tension 1 -> 3.']
    """
    before, after = cast(FitnaSeatView, before), cast(FitnaSeatView, after)  # (any game's views)
    if before.get("seat") != after.get("seat") or "spaces" not in before:
        return []
    bits = _control_changes(before, after)
    was, now = _own_units(before), _own_units(after)
    pool = (after.get("pools") or {}).get(after.get("seat") or "")
    destroyed = set(pool["destroyed"] if pool is not None else ())
    lost = [n for n in was if n not in now and n in destroyed]
    gone = [n for n in was if n not in now and n not in destroyed]
    reduced = [n for n in now if now[n] and not was.get(n, True)]
    if lost:
        bits.append(f"you lost {listing(lost)}")
    if gone:
        bits.append(f"off the map: {listing(gone)}")
    if reduced:
        bits.append(f"reduced: {listing(reduced)}")
    then, others = _others_on_map(before), _others_on_map(after)
    moved = [f"{who} {n} (was {then.get(who, 0)})" for who, n in others.items() if n != then.get(who, 0)]
    moved += [f"{who} 0 (was {n})" for who, n in then.items() if who not in others]
    if moved:
        bits.append(f"units on the map: {', '.join(moved)}")
    played_before = list(before.get("played") or ())
    played = list(after.get("played") or ())
    if played[: len(played_before)] == played_before and len(played) > len(played_before):
        bits.append(f"cards played: {listing(played[len(played_before) :])}")
    sentences = [f"{bit[0].upper()}{bit[1:]}." for bit in bits]
    if before.get("tension") != after.get("tension"):
        sentences.append(f"Tension {before.get('tension')} -> {after.get('tension')}.")
    if not sentences:
        return []
    return _wrap("In short: " + " ".join(sentences), "  ", first="", width=WIDTH - 2)
