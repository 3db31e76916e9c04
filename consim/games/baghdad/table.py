"""Battle for Baghdad at a table, in words: each legal action as a player says it, the cards a
seat may read (its hand with every card's effect, the draft packet it holds, the Command cards
of every faction, the Arab Street cards turned) and a compact status. Made from
``view(seat)`` and the static content alone (see ``consim.core.table``).

>>> import consim
>>> state = consim.load_game("baghdad", players=3).new_game(seed=1)
>>> seat = state.to_act()[0]
>>> words = describe_actions(state.view(seat), state.legal_actions(seat))
>>> all(w.text and "_" not in w.text and '"' not in w.text for w in words)
True
"""

from __future__ import annotations

from collections.abc import Sequence
from functools import cache

from consim.core.action import Action
from consim.core.table import ActionWords, CardShelf, CardWords, StatusLine, plain_words
from consim.core.words import listing
from consim.games.baghdad.content import ArmsBazaarCard, BaghdadContent, default_content
from consim.games.baghdad.rules import PROMISE_TEXT
from consim.games.baghdad.view import CARD_TIMING
from consim.games.baghdad.viewtypes import BaghdadSeatView

#: what the words are made from: a seat's view (``BaghdadGame.describe_*`` read the mapping the
#: front ends pass through this type)
View = BaghdadSeatView

_KIND = {
    "offense": "Offense",
    "defense": "Defense",
    "network": "Network",
    "symbol": "Symbol",
    "event": "Event",
}
_PHASES = {
    "place": "Set-up",
    "maneuver": "Initiative Phase",
    "bid": "Initiative Phase, bidding",
    "first": "Initiative Phase",
    "street": "Arab Street Phase",
    "draft": "Arms Bazaar draft",
    "coalition": "Coalition Phase",
    "combat": "Combat Phase",
    "civic": "Civic Action Phase",
    "end": "End of the turn",
    "over": "Game over",
}


@cache
def _content() -> BaghdadContent:
    return default_content()


@cache
def _zone_names() -> dict[str, str]:
    """Zone names by id, and by name (the view keys zones by id, actions by name)."""
    out = {z.id: z.name for z in _content().map.zones}
    out.update({z.name: z.name for z in _content().map.zones})
    return out


@cache
def _arms() -> dict[str, ArmsBazaarCard]:
    return {c.name: c for c in _content().arms_bazaar.cards}


@cache
def _commands() -> dict[str, str]:
    """Each Command card's facts in words, by name: "value 4, Unconventional"."""
    return {
        cc.name: f"Command card of {cc.faction}, value {cc.value}, {' or '.join(cc.types)}"
        for cc in _content().command_cards.command_cards
    }


def card_facts(name: str) -> str:
    """What kind of card ``name`` is and when it is played: "Offense, Conventional"."""
    card = _arms().get(name)
    if card is None:
        return _commands().get(name, "")
    if card.kind in ("offense", "defense"):
        return f"{_KIND[card.kind]} card, {' or '.join(card.types)}, played in a battle plan"
    if card.kind == "network":
        return f"Network card: stands in for a Command of value {card.value}, either type"
    symbols = f"{' and '.join(card.symbols)} symbol; " if card.symbols else ""
    return f"{symbols}played {CARD_TIMING.get(card.timing, card.timing)}"


def card_words(name: str) -> CardWords:
    """An Arms Bazaar card, a Command card or an Arab Street card with its text."""
    card = _arms().get(name)
    if card is not None:
        return CardWords(name, card.text, card_facts(name), name)
    if name in _commands():
        return CardWords(name, "", _commands()[name], name)
    street = next((s for s in _content().arab_street.cards if s.name == name), None)
    return CardWords(name, street.text if street else "", "Arab Street card", name)


def _combination(a: str, b: str) -> str:
    """The name of the combination two symbol cards make ("Espionage")."""
    arms = _arms()
    symbols = {s for n in (a, b) if n in arms for s in arms[n].symbols}
    for combo in _content().arms_bazaar.combinations:
        if set(combo.symbols) <= symbols:
            return combo.name
    return "their combined effect"


def _plural(n: int, word: str) -> str:
    return f"{n} {word}{'' if n == 1 else 's'}"


def describe_actions(view: View, actions: Sequence[Action]) -> list[ActionWords]:
    """Each action in words, grouped by what it does (see ``Game.describe_actions``)."""
    seat = view.get("seat")
    zones = _zone_names()
    seats = set(view.get("factions", ()))
    deal = view.get("deal")
    phase = view.get("phase")
    turn = view.get("action")
    action_step = turn["step"] if turn else None
    pending = view.get("pending")
    out: list[ActionWords] = []
    for action in actions:
        verb, args = action.verb, action.args
        arg = args[0] if args else ""
        card = facts = ""
        if arg in _arms() or arg in _commands():
            card, facts = arg, card_words(arg).text or card_facts(arg)
        words: ActionWords
        if verb == "move":
            words = ActionWords(f"Move Security from {arg}", "Move", (arg,))
        elif verb == "underground":
            words = ActionWords(f"Move Security from {arg} underground", "Move", (arg,))
        elif verb == "airmobile":
            words = ActionWords(f"Fly Security from {arg} (airmobile)", "Move", (arg,))
        elif verb == "units":
            words = ActionWords(f"Move {_plural(int(arg), 'Security unit')}", "How many move")
        elif verb == "enter":
            words = ActionWords(f"Enter {arg}", "Move on", (arg,))
        elif verb == "pickup":
            words = ActionWords(f"Pick up {_plural(int(arg), 'Security unit')} here", "Move on")
        elif verb == "drop":
            words = ActionWords(f"Drop off {_plural(int(arg), 'Security unit')} here", "Move on")
        elif verb == "stop":
            words = ActionWords("Stop here", "Move on")
        elif verb == "to" and arg in seats:
            words = ActionWords(f"Address the offer to {arg} too", "Write the offer", (arg,))
        elif verb == "to":
            words = ActionWords(f"Go to {arg}", "Destination", (arg,))
        elif verb == "recruit":
            kind, zone = args
            cost = "2 PP" if kind == "security" else "1 PP"
            words = ActionWords(
                f"Recruit 1 {kind.title()} in {zone} ({cost})", f"Recruit {kind.title()}", (zone,)
            )
        elif verb == "buy":
            words = ActionWords(f"Buy an Arms Bazaar card ({view.get('card_price', '?')} PP)", "Cards")
        elif verb == "buyback":
            words = ActionWords(f"Buy back {arg}", "Cards", (arg,), facts)
        elif verb == "play":
            words = ActionWords(f"Play {arg}", "Play a card", (arg,), facts)
        elif verb == "combine":
            combo = _combination(args[0], args[1])
            words = ActionWords(f"Play {args[0]} and {args[1]} together ({combo})", "Play a card", args)
        elif verb == "discard":
            words = ActionWords(f"Discard {arg}", "Discard", (arg,), facts)
        elif verb == "take" and phase == "draft":
            words = ActionWords(f"Take {arg}", "Draft a card", (arg,), facts)
        elif verb == "take":
            words = ActionWords(f"Take {arg}", "Take a card", (arg,), facts)
        elif verb == "top":
            words = ActionWords(f"Turn {arg} next", "Arab Street", (arg,), card_words(arg).text)
        elif verb == "bid":
            words = ActionWords(f"Bid {arg} PP", "Bid for the Initiative")
        elif verb == "first":
            words = ActionWords(f"Make {arg} the First Player", "First Player", (arg,))
        elif verb == "offer":
            words = ActionWords(f"Make an offer to {arg}", "Deals", (arg,))
        elif verb == "give-pp":
            to = listing(deal["to"] if deal else ()) or "them"
            words = ActionWords(f"Give {arg} PP", "You give", (), f"to {to}")
        elif verb == "give" and deal and deal["stage"] == "fulfil":
            words = ActionWords(f"Give {arg} to {deal['from']}", "Cards to give", (arg,), facts)
        elif verb == "give":
            words = ActionWords(f"Give {arg}", "You give", (arg,), facts)
        elif verb == "ask-pp":
            words = ActionWords(f"Ask for {arg} PP", "You ask")
        elif verb == "ask-cards":
            words = ActionWords(f"Ask for {_plural(int(arg), 'card')} of their choice", "You ask")
        elif verb == "truce":
            words = ActionWords("Offer a Truce for this turn's Move steps", "Truces and promises")
        elif verb == "promise":
            to = listing(deal["to"] if deal else ()) or "them"
            said = PROMISE_TEXT.get(arg, arg).format(to=to)
            words = ActionWords(f"Promise you {said.split(':')[0]}", "Truces and promises", (), said)
        elif verb == "send":
            words = ActionWords("Send the offer", "Send")
        elif verb == "cancel":
            words = ActionWords("Cancel the offer", "Send")
        elif verb == "accept":
            words = ActionWords(f"Accept {deal['from'] if deal else 'the'}'s offer", "Answer")
        elif verb == "decline" and phase == "draft":
            words = ActionWords("Take no card", "Draft a card")
        elif verb == "decline" and phase == "combat":
            words = ActionWords("Start no battle here", "Opponent")
        elif verb == "decline":
            words = ActionWords(f"Decline {deal['from']}'s offer" if deal else "Decline", "Answer")
        elif verb == "battle":
            words = ActionWords(f"Fight the next battle in {arg}", "Battle", (arg,))
        elif verb == "fight" and len(args) == 2:
            words = ActionWords(f"Have {args[0]} fight {args[1]}", "Opponent", args)
        elif verb == "fight":
            words = ActionWords(f"Fight {arg}", "Opponent", (arg,))
        elif verb == "target":
            words = ActionWords(f"Aim at {arg}", "Opponent", (arg,))
        elif verb == "in":
            zone = zones.get(arg, arg)
            text = (
                f"No battle in {zone} this turn"
                if pending and pending["kind"] == "ceasefire"
                else f"Choose {zone}"
            )
            words = ActionWords(text, "Zone", (zone,))
        elif verb == "command":
            words = ActionWords(f"Command with {arg}", "Battle plan: Command", (arg,), facts)
        elif verb == "offense":
            words = ActionWords(f"Add {arg} (Offense)", "Battle plan: Offense", (arg,), facts)
        elif verb == "no-offense":
            words = ActionWords("No Offense card", "Battle plan: Offense")
        elif verb == "defense":
            words = ActionWords(f"Add {arg} (Defense)", "Battle plan: Defense", (arg,), facts)
        elif verb == "no-defense":
            words = ActionWords("No Defense card", "Battle plan: Defense")
        elif verb == "commit":
            words = ActionWords(f"Commit {arg}", "Battle plan: strength committed")
        elif verb == "losses":
            words = ActionWords(f"{arg} of the losses Security, the rest Infrastructure", "Losses")
        elif verb == "place" and args[0] in ("security", "infrastructure"):
            # [Game Setup: Starting Forces] placement=choose: one starting unit at a time
            kind, zone = args
            words = ActionWords(
                f"Place 1 {kind.title()} in {zone}", f"Place starting {kind.title()}", (zone,)
            )
        elif verb == "place":
            s, i = int(args[0]), int(args[1])
            words = ActionWords(f"Place {s} Security and {i} Infrastructure", "Place units")
        elif verb == "remove":
            s, i = int(args[0]), int(args[1])
            words = ActionWords(f"Eliminate {s} Security and {i} Infrastructure", "Eliminate units")
        elif verb == "pass":
            words = ActionWords("Pass", "Pass")
        elif verb == "done":
            if phase == "action" and action_step == "recruit":
                text = "Done recruiting (on to the Move step)"
            elif phase == "action":
                text = "End your Action Phase"
            else:
                text = "Done"
            words = ActionWords(text, "Finish")
        elif verb == "retract":
            words = ActionWords("Take back my choice", "Change your mind")
        else:
            words = plain_words(action)
        if card and card not in words.targets:
            words = ActionWords(words.text, words.group, (*words.targets, card), words.detail)
        out.append(words)
    del seat
    return out


def describe_cards(view: View) -> list[CardShelf]:
    """The seat's hand with every card's effect, the draft packet it holds, every faction's
    Command cards, the Arab Street cards turned this turn."""
    shelves: list[CardShelf] = []
    if "hand" in view:
        hand = view["hand"]
        shelves.append(
            CardShelf(
                "Your hand",
                tuple(card_words(n) for n in hand),
                hand=True,
                note=f"{len(hand)} of at most {view.get('max_hand', len(hand))} cards.",
            )
        )
    draft = view.get("draft")
    packet = draft.get("packet") if draft else None
    if packet:
        shelves.append(CardShelf("The draft packet you hold", tuple(card_words(n) for n in packet)))
    for seat in view.get("factions", ()):
        active = view.get("active_commands", {}).get(seat, [])
        neutral = view.get("neutralized", {}).get(seat, [])
        cards = [card_words(n) for n in active]
        cards += [CardWords(f"{n} (Neutralized)", "", _commands().get(n, ""), n) for n in neutral]
        if cards:
            shelves.append(CardShelf(f"{seat}'s Command cards", tuple(cards)))
    combat = view.get("combat")
    plans = (combat.get("plans") if combat else None) or {}
    for side, plan in plans.items():  # the battle plans, once revealed to everyone
        named = [plan["command"], plan["offense"], plan["defense"]]
        shown = tuple(card_words(c) for c in named if c)
        if shown:
            shelves.append(CardShelf(f"{side}'s battle plan (strength {plan['commit']})", shown))
    mine = combat.get("my_plan") if combat else None
    own = (mine["command"], mine["offense"], mine["defense"]) if mine else ()
    chosen = tuple(card_words(n) for n in own if n)
    if chosen:
        shelves.append(CardShelf("Your secret battle plan so far", chosen))
    if view.get("street_turned"):
        shelves.append(
            CardShelf("Arab Street cards this turn", tuple(card_words(n) for n in view["street_turned"]))
        )
    return shelves


def describe_status(view: View) -> list[StatusLine]:
    """Turn and phase, the card price, and each faction's PP, cards and score."""
    phase = _PHASES.get(str(view.get("phase")), str(view.get("phase")))
    action = view.get("action")
    if view.get("phase") == "action" and action:
        phase = f"Action Phase, {action['faction']}'s {action['step']} step"
    lines = [StatusLine("Turn", f"{view['turn']}, {phase}")]
    if view.get("first_player"):
        lines.append(StatusLine("First Player", str(view["first_player"])))
    lines.append(
        StatusLine("Cards cost", f"{view['card_price']} PP", f"{view['street_left']} Arab Street cards left")
    )
    need = view["standard_victory"]["pp"]
    for seat in view.get("factions", ()):
        score = view.get("scores", {}).get(seat)
        goals = view["goals"].get(seat)
        goal = goals["text"] if goals else ""
        value = f"{view['pp'][seat]} PP, {view['hand_counts'][seat]} cards"
        if score is not None:
            value += f", score {score}" + (f" of {need}" if need else "")
        lines.append(StatusLine(seat, value, goal))
    return lines
