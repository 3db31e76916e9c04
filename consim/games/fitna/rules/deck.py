"""What decides whether a card may be played for its effect (8.0-8.3, 13.0,
provenance/cards.md section 5.1), shared by the Events segment, the card plays and the
offensives; and the dispatch of handler effects to the frames named ``handler_<name>``.

A handler frame is registered by the rules module that implements it (in ``Game.frames``)
under the name ``handler_<name>`` and is pushed with ``seat``, ``card`` and ``effect`` (the
effect's index in the card's list; ``card`` is -1 for the tension-10 handler). It may define
a class method ``refusal(st, seat, card, params) -> str | None`` saying why the card may not be
played now; a handler with no registered frame makes its card unplayable for its effect (it
can still be spent for OPs). The class methods receive the handler's parameters as the model
of its handler (``vocabulary.HANDLER_PARAMS``: ``dispatched_params``), and a frame reads them
with ``handler_params``.
"""

from __future__ import annotations

from typing import Any

from consim.games.fitna.content import FORCE_LABEL, FORCES, Cancel, Handler
from consim.games.fitna.state import FitnaState
from consim.games.fitna.vocabulary import HANDLER_PARAMS, HandlerParams, ParamsT

#: [8.2] effects of an Asset card that may be played in its player's Events segment (19.0:
#: Combat Engineers' entrenchments; 30.0: Armed Drones' reveal, with its strike)
EVENT_USE_OF_ASSETS = frozenset({"entrench", "reveal"})


def handler_frame(st: FitnaState, name: str) -> type[Any] | None:
    """The frame class registered for handler ``name``, if any rules module implements it."""
    found: type[Any] | None = st.game.codec.frames.get(f"handler_{name}")
    return found


def handler_params(st: FitnaState, card: int, effect: int, shape: type[ParamsT]) -> ParamsT:
    """The parameters of effect ``effect`` of ``card`` as ``shape``, the model of the handler
    the caller carries out; a TypeError naming the card and the handler if the effect is
    another one."""
    e = st.tables.card_effects[card][effect]
    where = st.tables.card_label[card]
    if not isinstance(e, Handler):
        raise TypeError(f"{where}: effect {effect} is {e.type!r}, not a handler with {shape.__name__}")
    return e.params_as(shape, where)


def dispatched_params(st: FitnaState, card: int, effect: Handler) -> HandlerParams:
    """The parameters a handler frame's class methods receive: those of ``effect``, checked
    against the model of its handler (``HANDLER_PARAMS``), which each of them declares."""
    return effect.params_as(HANDLER_PARAMS[effect.name], st.tables.card_label[card])


def names_opponent(st: FitnaState, card: int, effect: Handler) -> bool:
    """Whether handler ``effect`` needs the opponent the card is played against, named when it
    is announced (its frame's class method ``names_opponent(params)``)."""
    check = getattr(handler_frame(st, effect.name), "names_opponent", None)
    return bool(check is not None and check(dispatched_params(st, card, effect)))


def handler_refusal(st: FitnaState, seat: str, card: int, effect: Handler) -> str | None:
    """Why a handler effect cannot be carried out now (None: it can). Every handler a card may
    name has its frame (checked as the game loads, ``game._handlers_have_frames``), but those
    the offensive reads itself (``only_if``)."""
    cls = handler_frame(st, effect.name)
    if cls is None:
        return "its condition counts only for the Asset committed to an offensive (18.3)"
    check = getattr(cls, "refusal", None)
    if check is None:
        return None
    reason: str | None = check(st, seat, card, dispatched_params(st, card, effect))
    return reason


def controls_any(st: FitnaState, seat: str, forces: frozenset[int]) -> bool:
    """[8.1] The seat controls at least one of these forces."""
    i = st.tables.seat_index[seat]
    fs = st.data.force_side
    return any(fs[f] == i for f in forces)


def handler_names(st: FitnaState, card: int) -> list[str]:
    return [e.name for e in st.tables.card_effects[card] if isinstance(e, Handler)]


def timing_refusal(st: FitnaState, seat: str, card: int) -> str | None:
    """[8.1, 8.2, 13.0] The limits every use of a card for its effect shares: the turn, the
    cards it requires, the scenario and who may use it."""
    t = st.tables
    d = st.data
    if d.turn < t.card_min_turn[card]:
        return f"it cannot be played before turn {t.card_min_turn[card]} (8.2, 13.0)"
    for r in t.card_requires[card]:
        if not any(t.card_name[p] == t.card_name[r] for p in d.played):
            return f"it may be played only after {t.card_label[r]} (8.2)"
    if t.card_scenarios[card] and t.scenario.number not in t.card_scenarios[card]:
        listed = ", ".join(str(n) for n in sorted(t.card_scenarios[card]))
        return f"its event belongs to scenarios {listed} only (8.2)"
    if t.card_usable_by[card] and not controls_any(st, seat, t.card_usable_by[card]):
        who = ", ".join(FORCE_LABEL[FORCES[f]] for f in sorted(t.card_usable_by[card]))
        return f"only a player who controls {who} may use it (8.1)"
    return None


def event_refusal(st: FitnaState, seat: str, card: int) -> str | None:
    """Why ``seat`` may not play ``card`` as an event in its Events segment now (None: it may).
    Every card may still be spent for OPs (16.0)."""
    t = st.tables
    d = st.data
    effects = t.card_effects[card]
    kinds = {e.type for e in effects}
    if t.card_asset[card] and not kinds & EVENT_USE_OF_ASSETS:
        return "an Asset card is committed in an offensive (8.1, 18.3), not played as an event"
    reason = timing_refusal(st, seat, card)
    if reason:
        return reason
    i = t.seat_index[seat]
    handlers = handler_names(st, card)
    for e in d.effects:
        if e.kind == "no_events" and e.other == i and "reinforcements" not in kinds:
            return "a restriction forbids you Event cards this phase (provenance/cards.md section 8)"
        if e.kind == "no_daesh" and "is_activation" in handlers:
            return "no Daesh card may be played as an event until the end of the turn (25.5)"
        if e.kind == "no_peshmerga" and "kurdish_activation" in handlers:
            return "no Peshmerga card may be played as an event until the next turn (26.5)"
    if t.card_asset[card]:
        return None
    for eff in effects:
        if isinstance(eff, Handler):
            why = handler_refusal(st, seat, card, eff)
            if why:
                return why
    return None


def cancel_effect(st: FitnaState, card: int) -> Cancel | None:
    for e in st.tables.card_effects[card]:
        if isinstance(e, Cancel):
            return e
    return None


def cancels(st: FitnaState, canceller: int, target: int) -> bool:
    """[5.3 of provenance/cards.md] Whether card ``canceller`` can cancel card ``target``: a
    target is a card name or a tag; a card that cannot be negated (34.0) is never a target."""
    t = st.tables
    eff = cancel_effect(st, canceller)
    if eff is None or not t.card_negatable[target]:
        return False
    name = t.card_name[target]
    tags = t.card_tags[target]
    return any(x == name or x in tags for x in eff.targets)


def reaction_refusal(st: FitnaState, seat: str, card: int) -> str | None:
    """Why ``seat`` may not play cancelling card ``card`` now (None: it may): the limits of
    every card, and any handler following the cancellation must be implemented."""
    reason = timing_refusal(st, seat, card)
    if reason:
        return reason
    for eff in st.tables.card_effects[card]:
        if isinstance(eff, Handler):
            why = handler_refusal(st, seat, card, eff)
            if why:
                return why
    return None


def reactions(st: FitnaState, seat: str, target: int) -> list[int]:
    """The cards of ``seat``'s hand that may cancel ``target`` now, one per name."""
    seen: set[str] = set()
    out: list[int] = []
    for c in st.data.hands[seat]:
        name = st.tables.card_name[c]
        if name in seen or not cancels(st, c, target) or reaction_refusal(st, seat, c):
            continue
        seen.add(name)
        out.append(c)
    return out


def could_be_cancelled(st: FitnaState, target: int) -> bool:
    """Whether any card still in the game could cancel ``target`` (public knowledge: which
    cards have left the game)."""
    t = st.tables
    if not t.card_negatable[target]:
        return False
    gone = set(st.data.removed)
    return any(c not in gone and cancels(st, c, target) for c in t.deck)


def segment_cards(st: FitnaState, seat: str) -> list[int]:
    """Cards played at the start of the Offensives segment, before the first offensive (#37
    Cyber War): those whose handler frame says ``timing = "offensives"`` and allows it."""
    t = st.tables
    out: list[int] = []
    seen: set[str] = set()
    for c in st.data.hands[seat]:
        if t.card_name[c] in seen or timing_refusal(st, seat, c):
            continue
        handlers = [e for e in t.card_effects[c] if isinstance(e, Handler)]
        if not handlers:
            continue
        ok = True
        for e in handlers:
            cls = handler_frame(st, e.name)
            if cls is None or getattr(cls, "timing", "") != "offensives":
                ok = False
                break
            check = getattr(cls, "refusal", None)
            if check is not None and check(st, seat, c, dispatched_params(st, c, e)) is not None:
                ok = False
                break
        if ok:
            seen.add(t.card_name[c])
            out.append(c)
    return out


def only_if(st: FitnaState, attackers: list[int], target: int, condition: str) -> bool:
    """provenance/cards.md section 8 ``only_if``: the conditions some Assets need."""
    t = st.tables
    s = target
    if condition == "attacker_has_armour":
        return any(t.unit_armour[u] for u in attackers)
    if condition == "space_is_city":
        return t.space_city[s]
    if condition == "space_is_mountain":
        return t.space_terrain[s] == "mountain"
    if condition == "space_has_is_symbol":
        return t.space_is_symbol[s]
    return False
