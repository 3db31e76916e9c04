"""Fitna at a table, in words: each legal action as a player says it ("Attack from Hatay",
"Allocate 2 OPs to movement, 12 to offensives", "Move 4 Arm Div from Damascus"), the cards a
seat may read (its hand with every card's text; the cards in play, played and committed to an
offensive; the Special Jokers) and a compact status. Made from ``view(seat)`` and the static
content alone (see ``consim.core.table``), so a seat learns nothing its view does not hold.

The targets of an action are the names the map's click targets carry: spaces by name
(``data-target``) and the seat's own units by name (``data-unit``), cards by name.

>>> import consim
>>> state = consim.load_game("fitna", scenario=1).new_game(seed=3)
>>> seat = state.to_act()[0]
>>> words = describe_actions(state.view(seat), state.legal_actions(seat))
>>> words[0].text, words[0].group
('Open with 4 Assets and 0 Events', 'Opening hand')
"""

from __future__ import annotations

import re
from collections.abc import Mapping, Sequence
from functools import cache

from consim.core.action import Action
from consim.core.table import ActionWords, CardShelf, CardWords, StatusLine, plain_words
from consim.core.words import listing
from consim.games.fitna.content import FitnaContent, default_content
from consim.games.fitna.viewtypes import (
    CommittedCardView,
    ExchangeView,
    FitnaSeatView,
    OffensiveView,
    UnitView,
)

_SEGMENTS = {
    "events": "Events",
    "planning": "Planning",
    "movement": "Movement",
    "offensives": "Offensives",
    "supply": "Supply",
    "end": "end of the phase",
}
_LEVELS = {
    "none": "no victory",
    "minor": "Minor Victory",
    "major": "Major Victory",
    "decisive": "Decisive Victory",
}


@cache
def _content() -> FitnaContent:
    return default_content()


@cache
def _cards() -> dict[str, tuple[int, str, int, str]]:
    """Each card by name: (number, kind, OPs, text)."""
    return {c.name: (c.number, c.kind.title(), c.ops, c.text) for c in _content().cards.cards}


@cache
def _jokers() -> dict[str, str]:
    """Each Special Joker's text by name."""
    return {j.name: j.text for j in _content().cards.special_jokers}


def card_words(name: str) -> CardWords:
    """A card (or a Special Joker) with its number, kind, OPs and text, from the content."""
    if name in _cards():
        number, kind, ops, text = _cards()[name]
        return CardWords(f"#{number} {name}", text, f"{kind}, {ops} OPs", name)
    if name in _jokers():
        return CardWords(name, _jokers()[name], "Special Joker", name)
    return CardWords(name, "", "", name)


@cache
def _numbered() -> dict[int, tuple[str, str, int, str]]:
    """Each card by number: (name, kind, OPs, text); several cards share a name (Daesh)."""
    return {c.number: (c.name, c.kind.title(), c.ops, c.text) for c in _content().cards.cards}


def label_words(label: str) -> CardWords:
    """A card as the view labels it ("#73 Naval Blockade"), with its kind, OPs and text."""
    found = re.match(r"^#(\d+)\s+(.*)$", label)
    if found and int(found.group(1)) in _numbered():
        name, kind, ops, text = _numbered()[int(found.group(1))]
        return CardWords(label, text, f"{kind}, {ops} OPs", name)
    return card_words(label)


def _units(view: FitnaSeatView) -> dict[str, tuple[str, UnitView]]:
    """The units the seat sees unit by unit on the map: name -> (its space, its record)."""
    out: dict[str, tuple[str, UnitView]] = {}
    for space in view.get("spaces", ()):
        stack = space.get("stack")
        if stack and "units" in stack:
            for u in stack["units"]:
                if "face_down" not in u:
                    out[str(u["name"])] = (str(space["name"]), u)
    return out


def _unit_facts(u: UnitView) -> str:
    move = "A" if u.get("airmobile") else str(u.get("movement") or "X")
    marks = [m for m in ("reduced", "isolated") if u.get(m)]
    return f"{u.get('attack')}-{u.get('defence')}-{move}" + (f", {', '.join(marks)}" if marks else "")


def describe_actions(view: FitnaSeatView, actions: Sequence[Action]) -> list[ActionWords]:
    """Each action in words, grouped by what it does (see ``Game.describe_actions``)."""
    units = _units(view)
    step = str(view.get("step") or "")
    offensive = view.get("offensive")
    exchange = view.get("exchange")
    out: list[ActionWords] = []
    for action in actions:
        out.append(_words(view, action, units, step, offensive, exchange))
    return out


def _unit(units: Mapping[str, tuple[str, UnitView]], name: str) -> tuple[str, tuple[str, ...], str]:
    """ " from SPACE", the targets (the unit and its space) and its values, for a unit."""
    found = units.get(name)
    if found is None:
        return "", (name,), ""
    space, u = found
    return f" from {space}", (name, space), _unit_facts(u)


def _words(
    view: FitnaSeatView,
    action: Action,
    units: Mapping[str, tuple[str, UnitView]],
    step: str,
    offensive: OffensiveView | None,
    exchange: ExchangeView | None,
) -> ActionWords:
    verb, args = action.verb, action.args
    arg = args[0] if args else ""
    # -- units --------------------------------------------------------------------------------
    if (
        verb in ("move", "redeploy", "exploit", "add", "lose", "restore", "rebuild", "mobilise", "bring")
        and args
    ):
        where, targets, facts = _unit(units, arg)
        at = where.replace(" from ", " on ") if where else ""
        said = {
            "move": (f"Move {arg}{where}", "Move a unit"),
            "redeploy": (f"Redeploy {arg}{where}", "Redeploy a unit"),
            "exploit": (f"Exploit with {arg}{where}", "Exploit"),
            "add": (f"Add {arg} to the attack", "Attacking units"),
            "lose": (f"{arg}{at} loses a step", "Losses"),
            "restore": (f"Restore {arg}{at} to full strength", "Replacements"),
            "rebuild": (f"Rebuild {arg}", "Replacements"),
            "mobilise": (f"Mobilise {arg}", "Units to take"),
            "bring": (f"Bring {arg} into play", "Units to take"),
        }[verb]
        return ActionWords(said[0], said[1], targets, facts)
    if verb == "take" and step == "opening_hands":
        found = re.match(r"(\d+) Assets?, (\d+) Events?", arg)
        if found:
            a, e = found.groups()
            return ActionWords(f"Open with {a} {_s('Asset', a)} and {e} {_s('Event', e)}", "Opening hand")
    # -- spaces -------------------------------------------------------------------------------
    spaces = {
        "to": ("Move to {}", "Where to"),
        "airlift": ("Airlift to {}", "Fly"),
        "assault": ("Air assault on {}", "Fly"),
        "attack_from": ("Attack from {}", "Offensive from"),
        "target": ("Attack {}", "Offensive against"),
        "retreat": ("Retreat to {}", "Retreat"),
        "withdraw": ("Withdraw to {}", "Withdraw"),
        "place": ("Place on {}", "Place"),
        "entrench": ("Entrench on {}", "Entrench"),
        "strike": ("Strike {}", "Strike"),
        "reveal": ("Reveal the stack on {}", "Reveal"),
        "space": ("Test the loyalty of the units on {}", "Defections"),
        "evacuate": ("Evacuate {}", "Evacuation"),
    }
    if verb in spaces and args:
        text, group = spaces[verb]
        if verb == "target" and offensive is not None and offensive.get("from"):
            text = "Attack {} from " + str(offensive["from"])
        return ActionWords(text.format(arg), group, (arg,))
    # -- cards --------------------------------------------------------------------------------
    if verb in ("play", "ops", "commit", "give", "veto", "special", "bid", "take") and args:
        detail = card_words(arg)
        facts = (
            f"{detail.facts}: {detail.text}"
            if detail.facts and detail.facts != "Special Joker"
            else detail.text
        )
        if verb == "ops" and arg in _cards():
            text = f"Spend {arg} for its {_cards()[arg][2]} OPs"
        elif (
            verb == "give"
            and exchange is not None
            and exchange.get("offered")
            and exchange.get("to") == view.get("seat")
        ):
            text = f"Give {arg} for {exchange['offered']}"
        elif verb == "take" and arg not in _cards():
            return ActionWords(f"Take {arg}", "Units to take", (arg,))
        else:
            text = {
                "play": f"Play {arg}",
                "ops": f"Spend {arg} for OPs",
                "commit": f"Commit {arg}",
                "give": f"Offer {arg}"
                if exchange is not None and exchange.get("from") == view.get("seat")
                else f"Give {arg}",
                "veto": f"Veto by discarding {arg}",
                "special": f"Play the Special Joker {arg}",
                "bid": f"Bid {arg}",
                "take": f"Take {arg}",
            }[verb]
        group = {
            "play": "Play an event",
            "ops": "Cards for OPs",
            "commit": "Commit an Asset",
            "give": "Card exchange",
            "veto": "Veto",
            "special": "Special Jokers",
            "bid": "Initiative bid",
            "take": "Take a card",
        }[verb]
        return ActionWords(text, group, (arg,), facts)
    if verb == "cancel" and args:
        if len(args) >= 3 and args[1] == "with":
            return ActionWords(
                f"Cancel {arg} with {args[2]}", "Cancel a card", (arg, args[2]), card_words(args[2]).text
            )
        return ActionWords(f"Cancel it with {arg}", "Cancel a card", (arg,), card_words(arg).text)
    # -- seats and choices --------------------------------------------------------------------
    if verb == "exchange":
        return ActionWords(f"Propose a card exchange to {arg}", "Card exchange")
    if verb == "name":
        return ActionWords(f"Play it against {arg}", "Opponent")
    if verb == "country":
        return ActionWords(f"The officers rise in {arg}", "Defections")
    if verb == "allocate":
        m, _, c = arg.partition("-")
        return ActionWords(f"Allocate {m} {_s('OP', m)} to movement, {c} to offensives", "Allocate OPs")
    if verb == "draw":
        if arg in ("Asset", "Event"):
            return ActionWords(f"Draw from the {arg} pile", "Draw")
        return ActionWords(f"Draw {arg.replace('counters', 'IS counters')} at random", "Draw")
    if verb == "garrison":
        return ActionWords(f"The garrison of {arg}", "Garrison")
    simple = {
        "attack": ("Attack with the chosen units", "Attacking units"),
        "depot": ("Use the Strategic Depot (2 moves and 1 offensive, no card)", "Cards for OPs"),
        "none": ("Spend no card", "Cards for OPs"),
        "batch": ("Take your next batch of reinforcements", "Reinforcements"),
        "replacements": ("Take replacements instead", "Reinforcements"),
        "joker": ("Play a Joker (draw 2 cards)", "Joker"),
        "stop": ("Stop here", "Where to"),
        "accept": ("Accept the exchange", "Card exchange"),
        "refuse": ("Refuse the exchange", "Card exchange"),
        "clear": ("Take back your bid", "Initiative bid"),
        "restore": ("Restore no more units", "Replacements"),
        "pass": ("Pass", "Pass"),
        "retract": ("Take back my choice", "Change your mind"),
    }
    if verb in simple and not args:
        return ActionWords(*simple[verb])
    if verb == "done":
        return ActionWords(_done(step), "Finish")
    return plain_words(action)


def _s(word: str, n: str) -> str:
    return word if n == "1" else word + "s"


def _done(step: str) -> str:
    return {
        "movement": "Done moving",
        "unit_move": "Stop here",
        "offensives": "No more offensives",
        "offensive": "Done with Assets",
        "planning": "Done spending cards",
        "events_segment": "Done with events",
        "strategic": "Done redeploying",
        "exploit": "Done exploiting",
    }.get(step, "Done")


def describe_cards(view: FitnaSeatView) -> list[CardShelf]:
    """The seat's hand with every card's text; then the cards in play, the cards of the
    offensive under way, the cards played this turn, the Special Jokers held."""
    shelves: list[CardShelf] = []
    if "hand" in view:
        hand = sorted(view["hand"], key=lambda c: int(c.get("number", 0)))
        shelves.append(
            CardShelf(
                "Your hand",
                tuple(
                    CardWords(
                        f"#{c['number']} {c['name']}",
                        str(c.get("text", "")),
                        f"{c['kind']}, {c['ops']} OPs",
                        c["name"],
                    )
                    for c in hand
                ),
                hand=True,
                note=f"{len(hand)} {'card' if len(hand) == 1 else 'cards'}.",
            )
        )
    seat = view.get("seat")
    mine = (view.get("special_jokers") or {}).get(seat, []) if seat else []
    if mine:
        shelves.append(CardShelf("Your Special Jokers", tuple(card_words(j) for j in mine)))
    offensive = view.get("offensive")
    committed = offensive["cards"] if offensive is not None else []
    if offensive is not None and committed:

        def cancelling(c: CommittedCardView) -> str:
            if c["cancels"] < 0:
                return ""
            target = committed[c["cancels"]]
            return f", cancelling the {target['by']}'s {target['card']}"

        cards = tuple(
            CardWords(
                f"{c['card']} ({c['by']}{cancelling(c)})",
                card_words(c["card"]).text,
                card_words(c["card"]).facts,
                c["card"],
            )
            for c in committed
        )
        shelves.append(CardShelf(f"Offensive on {offensive['against']}", cards))
    if view.get("in_play"):
        shelves.append(CardShelf("In play", tuple(label_words(n) for n in view["in_play"])))
    effects = [e for e in view.get("effects", ()) if e.get("card")]
    if effects:
        cards = tuple(
            CardWords(
                f"{e['card']}" + (f" ({e['seat']})" if e.get("seat") else ""),
                card_words(e["card"]).text,
                f"until turn {e['until_turn']}" if e.get("until_turn") else "",
                e["card"],
            )
            for e in effects
        )
        shelves.append(CardShelf("Lasting effects", cards))
    if view.get("played"):
        played = tuple(label_words(n) for n in reversed(view["played"]))
        shelves.append(CardShelf("Cards played, the last first", played))
    if view.get("removed_cards"):
        removed = tuple(label_words(n) for n in view["removed_cards"])
        shelves.append(CardShelf("Out of the game", removed))
    others = {s: js for s, js in (view.get("special_jokers") or {}).items() if s != seat and js}
    for other, jokers in others.items():
        shelves.append(CardShelf(f"{other}'s Special Jokers", tuple(card_words(j) for j in jokers)))
    return shelves


def describe_status(view: FitnaSeatView) -> list[StatusLine]:
    """Turn, phase and segment, tension, OPs, and each seat's hand, Jokers, VP and level."""
    sc = view.get("scenario") or {}
    lines = [StatusLine("Turn", f"{view.get('turn', 0)} of {sc.get('turns', '?')}", str(sc.get("title", "")))]
    active = view.get("active")
    if active:
        segment = _SEGMENTS.get(str(view.get("segment") or ""), str(view.get("segment") or ""))
        lines.append(StatusLine("Phase", f"{active}" + (f", {segment}" if segment else "")))
    elif view.get("step") == "initiative_bids":
        lines.append(StatusLine("Phase", "Initiative bids"))
    lines.append(StatusLine("International Tension", str(view.get("tension", 0))))
    ops = view.get("ops") or {}
    said = []
    if "moves_left" in ops:
        said.append(f"{ops['moves_left']} of {ops['moves']} moves left")
    if "offensives_left" in ops:
        said.append(f"{ops['offensives_left']} of {ops['offensives']} offensives left")
    if "total" in ops:
        said.append(f"{ops['total']} OPs")
    if said:
        lines.append(StatusLine("Operations", ", ".join(said)))
    victory = (view.get("victory") or {}).get("seats") or {}
    for seat in view.get("seats", ()):
        hand = (view.get("hand_sizes") or {}).get(seat, 0)
        jokers = (view.get("jokers") or {}).get(seat, 0)
        value = f"{hand} {'card' if hand == 1 else 'cards'}, {jokers} {'Joker' if jokers == 1 else 'Jokers'}"
        mine = victory.get(seat)
        if mine:
            value += (
                f", {mine.get('vp', 0)} VP, {_LEVELS.get(str(mine.get('level')), str(mine.get('level')))}"
            )
        forces = (view.get("forces") or {}).get(seat, [])
        lines.append(StatusLine(seat, value, f"plays {listing(list(forces))}" if forces else ""))
    return lines
