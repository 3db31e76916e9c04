"""Fitna in the terminal, drawn from ``view(seat)`` alone (and the public component data: the
map, the counters, the card texts, the scenario booklet as reconstructed).

The board is a compact summary fitted to the room the terminal gives it (by default the upper
half of an 80x24 terminal, the rest being the prompt's and its choices'):

* the turn, the reshuffles to come, International Tension and what its next levels bring;
* whose phase it is, the segment, the OPs allocated and left; an offensive under way;
* the cards: hand sizes, piles, Jokers and Special Jokers; the seat's hand (every card's
  whole text, and why the others cannot be played, when it chooses cards in its Events and
  Planning, whatever the room; elsewhere as the room allows);
* the spaces where things happen: the seat's stacks, the enemy stacks it can see (30.0: only
  how many units of which forces, unless it has seen the stack), the objectives of its victory
  table and how far it stands from its next level.

Details on demand at any prompt (``COMMANDS``): ``map SPACE``, ``card N``, ``hand``,
``stacks``, ``scenario``, ``board [FILE]``. ``render_outcome`` explains the end of the game;
``describe`` the scenarios for ``consim list fitna``; ``levels_of`` reads a simulated game's
scores as victory levels for ``consim simulate``. The small pieces (units and stacks in words,
look-ups by name, lists packed into 80 columns) are in ``present_words.py``; the choices of
a menu in words, the cards whose refusal is shown and what changed between two screens
(``choice_label``, ``looked_for``, ``changes``) in ``present_choices.py``; the region map of
``map SPACE`` in ``present_map.py``.

>>> import consim
>>> state = consim.load_game("fitna", scenario=1).new_game(seed=3)
>>> lines = board_lines(state.view("Syria"))
>>> max(len(line) for line in lines) <= 80
True
>>> map_lines(state.view("Syria"), "aleppo")[0]
'Aleppo (Syria): clear, city, objective; held by you'
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from pathlib import Path
from typing import Any, Literal, cast

from rich.console import Group, RenderableType
from rich.text import Text

from consim.core.action import Action
from consim.core.game import Outcome
from consim.core.words import listing
from consim.games.fitna.content import COUNTRY_LABEL, FORCE_LABEL, Card
from consim.games.fitna.present_choices import changes, choice_label, looked_for
from consim.games.fitna.present_map import region_lines
from consim.games.fitna.present_words import (
    WIDTH,
    _c,
    _front,
    _key,
    _neighbours,
    _own_spaces,
    _pack,
    _plural,
    _spaces_by_name,
    _who,
    _wrap,
    find_card,
    find_space,
    fit,
    stack_brief,
    stack_text,
)
from consim.games.fitna.rules import possessive
from consim.games.fitna.svg import space_features
from consim.games.fitna.viewtypes import CardView, ConditionView, FitnaSeatView, SpaceView, TablePart

#: what ``help`` shows as typed examples from this game
EXAMPLES = [
    'take "2 Assets, 2 Events"   (the opening hand, 7.0)',
    'play Reinforcements  /  special "Israeli Air Force"  /  exchange Syria',
    "ops Reinforcements  /  depot  /  allocate 3-3   (Planning: 6 OPs, 3 for each)",
    'move "4 Arm Div"  then  to Homs  /  airlift Aleppo  /  assault Raqqa  /  stop',
    'attack_from Hama  then  add "18 Arm Div"  /  attack  /  target Idlib',
    'commit "Close Air Support"  /  cancel "Air Strike" with "Air Defence"',
    'redeploy "Pr Gd Div"  then  to Aleppo   (Strategic Movement)',
    "map Aleppo  /  card 57  /  hand  /  stacks  /  scenario  /  board",
]

_LEVELS: tuple[Literal["decisive", "major", "minor"], ...] = ("decisive", "major", "minor")
#: [31.0] the parts of a victory table, in the order the table reads
_TABLE: tuple[TablePart, ...] = ("prerequisites", "minor", "major", "decisive")
_LEVEL_RANK = {"none": 0, "minor": 1, "major": 2, "decisive": 3}


# =============================================================================================
# The sections of the board
# =============================================================================================


def tension_words(view: FitnaSeatView, short: int = 0) -> str:
    """[22.1] What the next tension levels bring, the levels already carried out left out;
    ``short`` 1 and 2 say it in fewer words (2: the great powers unnamed)."""
    t = int(view["tension"])
    done = set(view.get("levels_done", ()))
    russia = view["scenario"].get("russia_at_tension_10")
    batch = "a batch each" if short == 0 else "batches"
    bits = []
    if t < 5:
        bits.append("5: High Tension cards")
    if 6 not in done and t < 6:
        bits.append(f"6: {batch}")
    if 10 not in done:
        who = [i["seat"] for i in view["scenario"].get("us_intervention", []) if i["trigger"] == "tension_10"]
        powers = []
        if who:
            powers.append(f"US to {listing(who)}")
        if russia:
            powers.append(f"Russia to {russia}")
        if short == 2 and powers:
            names = listing(["US" if p.startswith("US") else "Russia" for p in powers])
            bits.append(f"10: {names} come{'s' if len(powers) == 1 else ''} in, batches")
        else:
            bits.append("10: " + ", ".join([*powers, "batches"]))
    return "; ".join(bits)


def tension_line(view: FitnaSeatView) -> str:
    """The tension line of the board, in the fewest words it needs to fit."""
    for short in (0, 1, 2):
        nxt = tension_words(view, short)
        line = f"Tension {nxt}." if nxt else "Every tension level has been reached."
        if len(line) <= WIDTH:
            break
    return fit(line)


def header_line(view: FitnaSeatView) -> str:
    sc = view["scenario"]
    turn = view["turn"]
    head = f"Fitna {sc['number']}: {sc['title']}"
    when = f"turn {turn} of {sc['turns']}" if turn else "before turn 1"
    reshuffles = [n for n in view.get("reshuffles", ()) if n > turn]
    shuffle = f" (reshuffle: turn {reshuffles[0]})" if reshuffles else ""
    tension = f"Tension {view['tension']}"
    for line in (
        f"{head} - {when}{shuffle} - {tension}",
        f"Fitna {sc['number']} - {when}{shuffle} - {tension}",
        f"Fitna {sc['number']} - {when} - {tension}",
    ):
        if len(line) <= WIDTH:
            return line
    return fit(line)


def phase_line(view: FitnaSeatView) -> str:
    """Whose phase, which segment, the OPs left; or the opening hands, or the end."""
    seat = view.get("seat")
    if view["step"] == "over":
        return "Game over."
    active = view.get("active")
    if view["step"] == "initiative_bids":
        return "Initiative bids: each player picks in secret the cards for his OPs (7.1)."
    if not active:
        return "Opening hands: each player in turn chooses 4 cards (7.0)."
    whose = "Your phase" if active == seat else f"{possessive(active)} phase"
    segment = view.get("segment") or ""
    line = f"{whose}: {segment}" if segment else whose
    ops = view.get("ops") or {}
    bits = []
    if "moves" in ops:
        bits.append(f"{ops['moves_left']} of {_plural(ops['moves'], 'move')} left")
    if "offensives" in ops:
        n = ops["offensives"]
        if "moves" in ops:
            bits.append(f"then {_plural(n, 'offensive')}")
        else:
            bits.append(f"{ops['offensives_left']} of {_plural(n, 'offensive')} left")
    elif ops.get("spent") or ops.get("depot"):
        spent = list(ops.get("spent", ()))
        if ops.get("depot"):
            spent.insert(0, "the Strategic Depot")
        bits.append(f"spent {listing(spent)}")
    if bits:
        line += " - " + ", ".join(bits)
    return fit(line + ".")


def cards_lines(view: FitnaSeatView) -> list[str]:
    """Hand sizes, piles and Jokers; the Special Jokers held, on a line of their own if need
    be."""
    piles = view["piles"]
    hands = ", ".join(f"{_who(view, s)} {n}" for s, n in view["hand_sizes"].items())
    jokers = ", ".join(f"{_who(view, s)} {n}" for s, n in view["jokers"].items())
    special = [f"{', '.join(js)} ({_who(view, s)})" for s, js in view["special_jokers"].items() if js]
    short_piles = f"piles {piles['assets']}A/{piles['events']}E"
    first = [f"Cards: {hands} | piles: {piles['assets']} Asset, {piles['events']} Event | Jokers: {jokers}"]
    if len(first[0]) > WIDTH:
        first = [f"Cards: {hands} | {short_piles} | Jokers: {jokers}"]
    if len(first[0]) > WIDTH:  # long seat names (two players, 31.0): the Jokers on a line of their own
        first = [f"Cards: {hands} | {short_piles}", f"Jokers: {jokers}"]
    if not special:
        return [fit(x) for x in first]
    more = "Special Jokers: " + "; ".join(special)
    if len(first) == 1 and len(first[0]) + len(more) + 3 <= WIDTH:
        return [f"{first[0]} | {more}"]
    # too long for a line: the other seats' are counted ('scenario' names them all)
    counted = [
        f"{', '.join(js)} (you)" if s == view.get("seat") else f"{s} {len(js)}"
        for s, js in view["special_jokers"].items()
        if js
    ]
    second = "Special Jokers: " + "; ".join(counted)
    if len(second) > WIDTH:
        counted = [f"{_who(view, s)} {len(js)}" for s, js in view["special_jokers"].items() if js]
        second = "Special Jokers: " + "; ".join(counted) + " ('hand' names yours)"
    return [*(fit(x) for x in first), fit(second)]


def _card_record(number: int) -> Card | None:
    return next((c for c in _c().cards.cards if c.number == number), None)


def card_short(card: CardView) -> str:
    """A card of the hand: "#57 Reinforcements (Event 8)"."""
    kind = "Asset" if card["kind"] == "Asset" else "Event"
    return f"#{card['number']} {card['name']} ({kind} {card['ops']})"


#: how much of each card of the hand the board shows: its whole text, its text begun on one
#: line, or its name among the others
HAND_FORMS = ("full", "begun", "names")


def hand_lines(view: FitnaSeatView, form: str = "names") -> list[str]:
    """The seat's hand, every card of it: each with its whole text (``form`` "full"), each on
    one line with its text begun ("begun"), or the names packed into as few lines as they need
    ("names")."""
    hand = view.get("hand")
    if hand is None:
        return []
    if not hand:
        return ["Your hand is empty."]
    if form == "names":
        return _pack("Hand: ", [card_short(c) for c in hand], lines=len(hand))
    if form == "begun":
        return [fit(f"{card_short(c)}: {c['text']}") for c in hand]
    out = []
    for c in hand:
        out.extend(_wrap(f"{card_short(c)}: {c['text']}", "    ", first=""))
    return out


def _refusal_words(name: str, why: str) -> str:
    """The engine's refusal of a card, without the card's name it starts with."""
    for start in (f"{name} cannot be played for its effect now: ", f"{name} "):
        if why.startswith(start):
            return why[len(start) :]
    return why


def refused_lines(view: FitnaSeatView, refused: Mapping[str, str] | None) -> list[str]:
    """[8.1, 8.2] The cards of the hand that cannot be played as events now, each with the
    engine's reason (``refused``: action text -> reason), cards with the same reason together."""
    if not refused:
        return []
    numbers = {c["name"]: c["number"] for c in view.get("hand") or ()}
    by_reason: dict[str, list[str]] = {}
    for text, why in refused.items():
        try:
            action = Action.parse(text)
        except ValueError:
            continue
        name = action.args[0] if action.args else ""
        if action.verb != "play" or name not in numbers:
            continue
        by_reason.setdefault(_refusal_words(name, why), []).append(f"#{numbers[name]} {name}")
    if not by_reason:
        return []
    said = "; ".join(f"{listing(cards)}: {why}" for why, cards in by_reason.items())
    return _wrap(f"Not as events now: {said}.", "    ", first="")


def _dug_in(space: SpaceView) -> str:
    """[19.0] ' entrenched' for a space with an entrenchment (one column to the defender)."""
    return " entrenched" if space.get("entrenched") else ""


def summary_lines(view: FitnaSeatView, rows: int | None = 2) -> list[str]:
    """The seat's stacks (how many units each, which are isolated), then the enemy stacks it
    sees, those facing its own first; ``rows`` lines each at most (``None``: all of them)."""
    if view.get("seat") is None:
        return []
    own = [f"{s['name']} {stack_brief(s['stack'])}{_dug_in(s)}" for s in _own_spaces(view)]
    foes = [f"{s['name']} {stack_brief(s['stack'], own=False)}{_dug_in(s)}" for s in _front(view)]
    out = (
        _pack("Yours: ", own, lines=rows or len(own), more=" ('stacks')")
        if own
        else ["Yours: no unit on the map."]
    )
    if foes:
        out += _pack("Facing: ", foes, lines=rows or len(foes), more=" ('stacks')")
    return out


def condition_words(cond: ConditionView, short: bool = False) -> str:
    """[31.0] A victory condition in words, with how it stands ("Aleppo, Homs 1/2")."""
    if cond["type"] == "control":
        spaces = cond["spaces"]
        need, have = cond["need"], cond["have"]
        if need == len(spaces):
            what = listing(spaces) if not short else ", ".join(spaces)
            now = f"{have} of {need} held"
        else:
            what = f"{need} of {listing(spaces, 'or') if not short else ', '.join(spaces)}"
            now = f"{have} held"
        return f"{what} {have}/{need}" if short else f"hold {what} ({now})"
    if cond["type"] == "control_count":
        where = listing(cond["countries"])
        if short:
            if len(cond["countries"]) == 1:
                return f"{cond['need']} {where} spaces ({cond['have']})"
            one = cond["need"] == 1
            where = listing(cond["countries"], "or" if one else "and")
            return f"{cond['need']} {'space' if one else 'spaces'} in {where} ({cond['have']})"
        return f"hold {cond['need']} spaces of {where} ({cond['have']} now)"
    if cond["type"] == "deny":
        by = {"is": "IS", "kurds": "the Kurds"}.get(str(cond["by"]).casefold(), str(cond["by"]))
        spaces = cond["spaces"]
        if len(spaces) == 1:
            return f"{spaces[0]} not held by {by}"
        return f"none of {listing(spaces)} held by {by}"
    if cond["type"] == "hold_units":
        forces = listing(cond["forces"], "or")
        return f"{cond['need']} {forces} units on the map ({cond['have']} now)"
    if cond["type"] == "vp_margin":
        return f"lead every other player by {cond['margin']} VP"
    params = cond["params"]
    if cond.get("name") == "link":
        frm = COUNTRY_LABEL.get(str(params.get("from")), str(params.get("from")))
        to = str(params.get("to"))
        to = "the Mediterranean" if to == "mediterranean" else COUNTRY_LABEL.get(to, to)
        line = f"supplied line from {frm} to {to}"
        # [31.1] negate: the condition holds when there is no such line (Israel cutting Iran's)
        if params.get("by"):
            return f"{params['by']} {'without' if params.get('negate') else 'with'} a {line}"
        return f"{'no' if params.get('negate') else 'a'} {line}"
    return str(cond.get("name", "a special condition")).replace("_", " ")


def victory_line(view: FitnaSeatView) -> list[str]:
    """The seat's standing: its level if the game ended now, and what its next level lacks."""
    seat = view.get("seat")
    vic = (view.get("victory") or {}).get("seats", {}).get(seat) if seat else None
    if not vic:
        return []
    level = vic["level"]
    if (view.get("victory") or {}).get("method") == "points":
        vps = ", ".join(f"{_who(view, s)} {v['vp']}" for s, v in view["victory"]["seats"].items())
        return [fit(f"Victory Points: {vps} (31.1: a lead of 5, 10, 15 wins).")]
    now = f"Now: {level} victory" if level != "none" else "Now: no victory"
    missing = [c for c in vic.get("prerequisites", []) if not c["held"]]
    if missing:
        need = "; ".join(condition_words(c, short=True) for c in missing)
        return [fit(f"{now} - first keep {need}")]
    rank = _LEVEL_RANK[level]
    nxt = next((lv for lv in reversed(_LEVELS) if _LEVEL_RANK[lv] == rank + 1), None)
    if nxt is None:
        return [fit(f"{now}: the best there is.")]
    lacking = [c for c in vic.get(nxt, []) if not c["held"]]
    need = "; ".join(condition_words(c, short=True) for c in lacking)
    return [fit(f"{now} - {nxt} needs {need}")]


#: [18.4] what each result of the CRT does, in a few words
RESULT_WORDS = {
    "AR*": "every attacking unit loses a step, the attack falls back",
    "AR": "the attacker loses a step and falls back",
    "EX": "each side loses a step; the space is taken if emptied",
    "EX*": "each side loses 2 steps; the space is taken if emptied",
    "DR": "the defender loses a step and retreats; the space is taken",
    "DR*": "the defender loses 2 steps and retreats, the attacker 1: taken",
    "DS": "every defending unit is eliminated; the attacker takes the space",
}


def offensive_lines(view: FitnaSeatView) -> list[str]:
    """An offensive under way: who attacks what from where, the Assets, the result."""
    off = view.get("offensive")
    if not off:
        return []
    seat = view.get("seat")
    attacker = _who(view, off["attacker"])
    target = next((s for s in view["spaces"] if s["name"] == off["against"]), None)
    # a defender nobody plays (IS, a Kurdish faction) is named by the side of its stack
    held_by = str(target["stack"]["side"]) if target and target.get("stack") else ""
    defender = _who(view, off["defender"] or "") or held_by or "empty"
    whose = "Your offensive" if attacker == "you" else f"Offensive: {attacker}"
    line = (
        f"{whose} from {off['from']} against {off['against']} ({defender}), {_plural(off['units'], 'unit')}"
    )
    out = [fit(line + ".")]
    if seat and seat == off["attacker"]:
        attacking = ", ".join(off.get("attacking", []))
        if attacking:
            out.append(fit(f"  Attacking: {attacking}."))
    if target and target.get("stack") and target["stack"]["side"] != off["attacker"]:
        out.append(fit(f"  Defending: {stack_text(target['stack'])}."))
    if off["cards"]:
        mine = "defender" if seat and seat != off["attacker"] else "attacker"
        cards = [
            f"{c['card']} ({'you' if seat and c['by'] == mine else c['by']}"
            + (f", cancelling {off['cards'][c['cancels']]['card']}" if c.get("cancels", -1) >= 0 else "")
            + ")"
            for c in off["cards"]
        ]
        out += _pack("  Assets: ", cards, lines=2)
    if off.get("result"):
        meaning = RESULT_WORDS.get(str(off["result"]), "")
        out.append(fit(f"  Die {off['die']}: {off['result']}" + (f" - {meaning}." if meaning else ".")))
    return out


def decision_lines(view: FitnaSeatView) -> list[str]:
    """The seat's own decision under way, where the prompt does not say it all."""
    d = view.get("decision")
    if d is not None and "attack_from" in d:
        here = next((s for s in view["spaces"] if s["name"] == d["attack_from"]), None)
        out = []
        if here and here.get("stack"):
            out += _wrap(f"On {d['attack_from']}: {stack_text(here['stack'])}.", "    ", first="")
        seat = view.get("seat")
        by_name = {s["name"]: s for s in view["spaces"]}
        targets = []
        for n in _neighbours().get(d["attack_from"], []):
            s = by_name.get(n)
            if s and s.get("stack") and s["stack"]["side"] != seat:
                defence = _spaces_by_name()[n].defence
                bonus = f", defence -{defence}" if defence else ""
                entr = ", entrenched" if s.get("entrenched") else ""
                targets.append(f"{n} {stack_brief(s['stack'], own=False)}{bonus}{entr}")
        if targets:
            out += _pack("Next to it: ", targets, lines=2)
        return out
    return []


def in_play_lines(view: FitnaSeatView) -> list[str]:
    """A card being played for its effect (outside an offensive): its text begun, so that an
    opponent asked whether to cancel it knows what it does ('card N' for the rest)."""
    if view.get("offensive"):
        return []
    out = []
    for label in view.get("in_play", []):
        number = label.split()[0].lstrip("#")
        rec = _card_record(int(number)) if number.isdigit() else None
        if rec is not None:
            out.append(fit(f"In play: {label}: {rec.text}"))
    return out


def exchange_lines(view: FitnaSeatView) -> list[str]:
    ex = view.get("exchange")
    if not ex:
        return []
    offered = f": {ex['offered']} offered" if ex.get("offered") else ""
    return [fit(f"Card exchange: {_who(view, ex['from'])} with {_who(view, ex['to'])}{offered}.")]


#: the lines the board takes when nobody says how many it may: the rest of an 80x24 terminal
#: is the prompt's and its menu's
MAX_LINES = 14


#: [8.2, 10.0, 12.1, 16.0] the verbs of the choices of cards in the Events and Planning segments
_CARD_VERBS = frozenset({"play", "special", "exchange", "ops"})


def must_read_hand(view: FitnaSeatView, actions: Sequence[Action] | None = None) -> bool:
    """[8.2, 16.0] Whether the seat is choosing cards to play or spend: in its own Events and
    Planning, at the prompts that offer cards (``actions``; every prompt of the two segments
    when they are not given), its hand is shown with every card's whole text, however little
    room there is."""
    return (
        view.get("seat") is not None
        and view.get("active") == view.get("seat")
        and view.get("segment") in ("Events", "Planning")
        and view.get("step") != "over"
        and (actions is None or any(a.verb in _CARD_VERBS for a in actions))
    )


def board_lines(
    view: FitnaSeatView,
    room: int = MAX_LINES,
    refused: Mapping[str, str] | None = None,
    actions: Sequence[Action] | None = None,
) -> list[str]:
    """The board as plain lines of at most 80 characters, in ``room`` lines where it can: the
    stacks and then the hand's texts give way to shorter forms when room is short. When the
    seat chooses cards to play or spend (``must_read_hand``, ``actions`` its choices), the hand
    keeps every card's whole text, with the cards that cannot be played and why
    (``refused``), even when that is more than ``room``: the terminal then shows the board in
    pages."""
    head = [header_line(view), phase_line(view)]
    if view["step"] == "over":
        return [*head, fit(f"Tension {view['tension']}. " + victory_summary(view))]
    head.append(tension_line(view))
    head.extend(cards_lines(view))
    in_offensive = bool(view.get("offensive"))
    must = must_read_hand(view, actions)
    middle = [*in_play_lines(view), *exchange_lines(view), *offensive_lines(view), *decision_lines(view)]
    tail = [*refused_lines(view, refused), *victory_line(view)]
    # (the hand's form, the rows of each stack list: None all, 0 none), best first: the hand's
    # texts when cards are played, the Assets in an offensive, else the stacks
    tries: list[tuple[str, int | None]]
    if must:
        tries = [("full", rows) for rows in (None, 2, 1, 0)]
    elif in_offensive:
        tries = [(form, 0) for form in HAND_FORMS]
    else:
        tries = [("full", None), *(("names", rows) for rows in (None, 2, 1, 0))]
    lines: list[str] = []
    for form, stack_rows in tries:
        hand = hand_lines(view, form)
        stacks = summary_lines(view, stack_rows) if stack_rows != 0 else []
        lines = [*head, *hand, *middle, *stacks, *tail]
        if len(lines) <= room:
            return lines
    return lines


def victory_summary(view: FitnaSeatView) -> str:
    seats = (view.get("victory") or {}).get("seats", {})
    if not seats:
        return ""
    return (
        "; ".join(
            f"{_who(view, s)}: {v['level'] if v['level'] != 'none' else 'no'} victory, {v['vp']} VP"
            for s, v in seats.items()
        )
        + "."
    )


def render(
    view: Mapping[str, Any],
    room: int = MAX_LINES,
    refused: Mapping[str, str] | None = None,
    actions: Sequence[Action] | None = None,
) -> RenderableType:
    """The compact board (``board_lines``) with a little colour."""
    view = cast(FitnaSeatView, view)  # (the terminal hands any game's view)
    lines = board_lines(view, room, refused, actions)
    parts: list[RenderableType] = [Text(lines[0], style="bold")]
    for line in lines[1:]:
        style = ""
        if line.startswith(("Your phase", "Now:")):
            style = "bold"
        elif line.startswith("Offensive"):
            style = "yellow"
        parts.append(Text(line, style=style))
    return Group(*parts)


# =============================================================================================
# Commands at any prompt
# =============================================================================================


def _control_words(view: FitnaSeatView, entry: SpaceView) -> str:
    side = entry["control"]
    if side == "Neutral":
        return "held by nobody"
    return f"held by {_who(view, side)}"


def map_lines(view: FitnaSeatView, rest: str) -> list[str]:
    """[2.1, 14.0, 30.0] A space and its neighbourhood: terrain, defence and features, control,
    entrenchment, the stack as the seat may see it, supply, and each neighbour the same way."""
    s = find_space(rest)
    if s is None:
        if rest.strip():
            return _wrap(f"No space {rest.strip()!r}: 'map' and the start of a space's name ('map alep').")
        return ["map SPACE: the region around a space, the space and its neighbours, e.g. 'map Aleppo'."]
    by_name = {e["name"]: e for e in view["spaces"]}
    entry = by_name[s.name]
    country = COUNTRY_LABEL[s.country]
    head = f"{s.name} ({country}): {', '.join(space_features(s))}; {_control_words(view, entry)}"
    out = _wrap(head, "    ", first="")
    if entry.get("entrenched"):
        out.extend(_wrap("Entrenched (19.0): one more column in the defender's favour.", "    ", first="  "))
    if s.supply:
        sources = listing([FORCE_LABEL[f] for f in s.supply])
        out.extend(_wrap(f"Supply source for {sources} (14.0).", "    ", first="  "))
    if "in_supply" in entry:
        said = (
            "Your main force would be in supply here (14.0)."
            if entry["in_supply"]
            else "Your main force would be out of supply here: no line of your spaces to a source (14.0)."
        )
        out.extend(_wrap(said, "    ", first="  "))
    stack = entry.get("stack")
    if stack:
        whose = _who(view, stack["side"])
        out.extend(_wrap(f"Stack ({whose}): {stack_text(stack)}.", "    ", first="  "))
    else:
        out.append("  No unit here.")
    out.append("  Neighbours:")
    for n in _neighbours()[s.name]:
        nb = _spaces_by_name()[n]
        e = by_name[n]
        bits = [COUNTRY_LABEL[nb.country]]
        if nb.defence:
            bits.append(f"-{nb.defence}")
        if e.get("entrenched"):
            bits.append("entrenched")
        ctl = "held by nobody" if e["control"] == "Neutral" else f"held by {_who(view, e['control'])}"
        st = e.get("stack")
        what = f": {stack_text(st, values=False)}" if st else ", empty"
        out.extend(_wrap(f"{n} ({', '.join(bits)}) {ctl}{what}", "        ", first="    "))
    return out


def _decision_space(view: FitnaSeatView) -> str:
    """The space of the decision under way: the offensive's target, the space attacked from,
    where the moving unit stands; else ""."""
    off = view.get("offensive")
    if off:
        return str(off["against"])
    d = view.get("decision")
    return str(d.get("attack_from") or d.get("at") or "") if d is not None else ""


def map_command(view: Mapping[str, Any], rest: str) -> RenderableType:
    """map SPACE: the region around a space, its stacks and supply"""
    view = cast(FitnaSeatView, view)  # (the terminal hands any game's view)
    asked = rest.strip() or _decision_space(view)
    s = find_space(asked)
    if s is None:
        return Text("\n".join(map_lines(view, asked)))
    return Text("\n".join([*region_lines(view, s.name), "", *map_lines(view, s.name)]))


def card_limits(c: Card) -> list[str]:
    """[8.1-8.3, 13.0, 34.0] When and by whom a card may be played, in words."""
    bits = []
    if c.high_tension:
        bits.append("High Tension card (in play from tension 5)")
    if c.symbols:
        who = listing(["IS" if s == "is" else "the Kurds" for s in c.symbols])
        bits.append(f"usable by {who} too")
    if c.usable_by:
        bits.append(f"only for a player running {listing([FORCE_LABEL[f] for f in c.usable_by], 'or')}")
    if c.min_turn > 1:
        bits.append(f"not before turn {c.min_turn}")
    if c.requires:
        names = [f"#{n} {next(x.name for x in _c().cards.cards if x.number == n)}" for n in c.requires]
        bits.append(f"only after {listing(names)}")
    if c.scenarios:
        bits.append(f"event in scenarios {', '.join(str(n) for n in c.scenarios)} only")
    if c.removed_after_event:
        bits.append("leaves the game once played as an event")
    if not c.negatable:
        bits.append("cannot be cancelled")
    return bits


def card_lines(c: Card, indent: str = "") -> list[str]:
    """One card in full: number, name, kind, OPs, limits and text."""
    kind = "Asset" if c.kind == "asset" else "Event"
    limits = card_limits(c)
    head = f"#{c.number} {c.name} - {kind}, {c.ops} OPs" + (f"; {'; '.join(limits)}" if limits else "")
    out = _wrap(head, indent + "    ", first=indent)
    out.extend(_wrap(c.text, indent + "    ", first=indent + "    "))
    return out


def card_command(view: Mapping[str, Any], rest: str) -> RenderableType:
    """card N: a card's full text ('card 57', 'card air strike')"""
    key = rest.strip()
    if not key:
        return hand_command(view, rest)
    c = find_card(key)
    if c is None:
        joker = next((j for j in _c().cards.special_jokers if _key(j.name).startswith(_key(key))), None)
        if joker is not None:
            return Text("\n".join(_wrap(f"{joker.name} (Special Joker): {joker.text}", "    ", first="")))
        return Text(f"No card {key!r}: 'card 57' or 'card reinf' (the start of its name).")
    return Text("\n".join(card_lines(c)))


def hand_command(view: Mapping[str, Any], rest: str) -> RenderableType:
    """hand: your cards and Special Jokers in full"""
    view = cast(FitnaSeatView, view)  # (the terminal hands any game's view)
    hand = view.get("hand")
    if hand is None:
        return Text("A spectator has no hand.")
    lines = [f"Your hand ({_plural(len(hand), 'card')}):"]
    for card in hand:
        rec = _card_record(int(card["number"]))
        if rec is not None:
            lines.extend(card_lines(rec, "  "))
    seat = view.get("seat") or ""  # (a seat's view: a spectator has no hand)
    for name in view["special_jokers"].get(seat, []):
        joker = next((j for j in _c().cards.special_jokers if j.name == name), None)
        if joker is not None:
            lines.extend(_wrap(f"{joker.name} (Special Joker): {joker.text}", "      ", first="  "))
    jokers = view["jokers"].get(seat, 0)
    lines.append(f"Jokers: {jokers} (play one at any of your prompts with 'joker' to draw 2 cards, 9.0).")
    return Text("\n".join(lines))


def stacks_lines(view: FitnaSeatView, rest: str = "") -> list[str]:
    """Every stack the seat may see: its own unit by unit, the enemy's as 30.0 allows."""
    seat = view.get("seat")
    out: list[str] = []
    own = _own_spaces(view) if seat else []
    if own:
        out.append("Your stacks:")
        for s in own:
            out.extend(_wrap(f"{s['name']}{_dug_in(s)}: {stack_text(s['stack'])}", "      ", first="  "))
    enemies = _front(view) if seat else [s for s in view["spaces"] if s.get("stack")]
    if enemies:
        out.append("Other stacks (what you can see of them, 30.0):" if seat else "Stacks:")
        for s in enemies:
            side = s["stack"]["side"]
            where = f"{s['name']} ({side}{', entrenched' if s.get('entrenched') else ''})"
            out.extend(_wrap(f"{where}: {stack_text(s['stack'])}", "      ", first="  "))
    pools = view.get("pools", {})
    if seat in pools:
        p = pools[seat]
        batches = "; ".join(", ".join(b) for b in p["batches"]) or "none left"
        out.extend(_wrap(f"Your batches to come: {batches}.", "    ", first=""))
        if p["destroyed"]:
            out.extend(_wrap(f"Destroyed, to rebuild: {', '.join(p['destroyed'])}.", "    ", first=""))
    return out or ["No unit on the map."]


def stacks_command(view: Mapping[str, Any], rest: str) -> RenderableType:
    """stacks: every stack you can see, and your batches"""
    view = cast(FitnaSeatView, view)  # (the terminal hands any game's view)
    return Text("\n".join(stacks_lines(view, rest)))


def scenario_lines(view: FitnaSeatView, rest: str = "") -> list[str]:
    """[32.0] The scenario: briefing, seats, special rules and victory levels with progress."""
    sc = view["scenario"]
    free_ops = sc.get("free_ops_turn1", {})
    dates = f" ({sc['dates']})" if sc.get("dates") else ""
    out = _wrap(f"Scenario {sc['number']}: {sc['title']}{dates}, {sc['turns']} turns.", "  ", first="")
    out.extend(_wrap(sc["briefing"], "  ", first="  "))
    order = view.get("order", [])
    out.append(f"Order of play: {', '.join(order)}.")
    for seat in view["seats"]:
        forces = listing(view.get("forces", {}).get(seat, []))
        extra = []
        if free_ops.get(seat):
            extra.append(f"{free_ops[seat]} free OPs on turn 1")
        you = " (you)" if seat == view.get("seat") else ""
        tail = f"; {', '.join(extra)}" if extra else ""
        out.extend(_wrap(f"{seat}{you}: {forces}{tail}.", "    ", first="  "))
    if rest.strip().casefold().startswith("rule"):
        out.append("Special rules:")
        for r in sc.get("special_rules", []):
            out.extend(_wrap(r, "    ", first="  - "))
    else:
        out.append(f"({_plural(len(sc.get('special_rules', [])), 'special rule')}: 'scenario rules'.)")
    out.extend(goal_lines(view))
    return out


def goal_lines(view: FitnaSeatView) -> list[str]:
    """[31.0] Every seat's victory table, each condition marked held (+) or not (-) now."""
    vic = view.get("victory") or {}
    out: list[str] = []
    if vic.get("method") == "points":
        out.append("Victory by Victory Points (31.1): lead by 5 for minor, 10 major, 15 decisive.")
    for seat, v in vic.get("seats", {}).items():
        you = " (you)" if seat == view.get("seat") else ""
        level = v["level"] if v["level"] != "none" else "no"
        bonus = f", {', '.join(v['bonuses'])}" if v.get("bonuses") else ""
        now = f"{seat}{you}: {level} victory if the game ended now ({v['vp']} VP{bonus})."
        out.extend(_wrap(now, "  ", first=""))
        for key in _TABLE:
            conds = v.get(key)
            if not conds:
                continue
            label = "always" if key == "prerequisites" else key
            words = "; ".join(("+ " if c["held"] else "- ") + condition_words(c) for c in conds)
            out.extend(_wrap(f"{label}: {words}", "      ", first="    "))
    return out


def scenario_command(view: Mapping[str, Any], rest: str) -> RenderableType:
    """scenario: briefing, seats, victory levels ('scenario rules')"""
    view = cast(FitnaSeatView, view)  # (the terminal hands any game's view)
    return Text("\n".join(scenario_lines(view, rest)))


def board_command(view: Mapping[str, Any], rest: str) -> RenderableType:
    """board [FILE]: the board as you see it, as an SVG picture"""
    from consim.games.fitna.draw import board_for

    view = cast(FitnaSeatView, view)  # (the terminal hands any game's view)
    seat = view.get("seat") or "public"
    name = rest.strip().strip('"') or f"fitna-{view['scenario']['number']}-turn{view['turn']}-{seat}.svg"
    path = Path(name).expanduser()
    if path.suffix.lower() != ".svg":
        path = path.with_suffix(".svg")
    try:
        path.write_text(board_for(view), encoding="utf-8")
    except OSError as exc:
        return Text(f"Cannot write {path}: {exc.strerror or exc}.", style="red")
    who = "you see" if seat != "public" else "everyone sees"
    return Text(f"The board as {who} it: {path.resolve()}")


COMMANDS: dict[str, Callable[[Mapping[str, Any], str], RenderableType]] = {
    "map": map_command,
    "card": card_command,
    "hand": hand_command,
    "stacks": stacks_command,
    "scenario": scenario_command,
    "board": board_command,
}


# =============================================================================================
# The end of the game, the scenarios, simulation summaries
# =============================================================================================


def outcome_lines(outcome: Outcome, view: Mapping[str, Any] | None = None) -> list[str]:
    """[31.0] The levels reached and why: each seat's level and VP; with the final position,
    every condition of its victory table, held or not."""
    details = outcome.details or {}
    levels: Mapping[str, str] = details.get("levels", {})
    vps: Mapping[str, int] = details.get("vp", {})
    results: Mapping[str, str] = details.get("results", {})
    out = []
    for seat, level in levels.items():
        vp = f", {vps[seat]} VP" if seat in vps else ""
        result = results.get(seat) or f"{level if level != 'none' else 'no'} victory"
        out.append(f"{seat}: {result}{vp}.")
    if "tension" in details:
        out.append(f"International Tension at the end: {details['tension']}.")
    if outcome.turns is not None:
        ending = outcome.ending or "the last turn was played"
        out.append(f"The game lasted {_plural(outcome.turns, 'turn')} ({ending}).")
    # (the terminal hands any game's view)
    vic = cast(FitnaSeatView, view).get("victory") if view is not None else None
    if vic is not None and vic["method"] == "scenario":
        out.append("Why (+ held at the end, - not):")
        for seat, v in vic["seats"].items():
            for key in _TABLE:
                conds = v.get(key)
                if not conds:
                    continue
                label = "always" if key == "prerequisites" else key
                words = "; ".join(("+ " if c["held"] else "- ") + condition_words(c) for c in conds)
                out.extend(_wrap(f"{seat} {label}: {words}", "      ", first="  "))
    elif vic is not None and vic["method"] == "points":
        out.append("Victory Points decide (31.1): a lead of 5 is minor, 10 major, 15 decisive.")
    return out


def render_outcome(outcome: Outcome, view: Mapping[str, Any] | None = None) -> RenderableType:
    """The end of a game: levels, VP, tension and, given the final view, why."""
    return Text("\n".join(outcome_lines(outcome, view)))


def describe(width: int = WIDTH) -> RenderableType:
    """[2.3, 7.0, 32.0] The scenarios for ``consim list fitna`` and ``consim play fitna
    --help``: number, title, players, turns, the seats in the order of play, and which are
    playable now."""
    lines = ["Fitna scenarios (consim play fitna --scenario N):"]
    for sc in _c().scenarios.scenarios:
        mark = "playable" if sc.playable else "not yet playable"
        head = f"{sc.number:>2}. {sc.title} - {len(sc.seats)} players, {sc.turns} turns ({mark})"
        lines.extend(_wrap(head, "      ", first="", width=width))
        # [7.0] the seats in the order of play, the initiative first
        by_name = {s.name: s for s in sc.seats}
        order = [by_name[n] for n in sc.initiative if n in by_name] or list(sc.seats)
        seats = "; ".join(f"{s.name} ({_forces_short(s.forces)})" for s in order)
        lines.extend(_wrap(f"Seats, first to play first: {seats}.", "      ", first="      ", width=width))
    lines.append("Every set-up and victory table is reconstructed: see content/provenance/scenarios.md.")
    return Text("\n".join(lines))


def _forces_short(forces: Sequence[str]) -> str:
    names = [FORCE_LABEL[f] for f in forces]
    return ", ".join(names[:3]) + (f" and {len(names) - 3} more" if len(names) > 3 else "")


def levels_of(scores: Mapping[str, float], unit: str) -> dict[str, str]:
    """Each seat's victory level in a simulated game, read from its scores: the level's rank
    when the scenario's conditions decide, the lead in VP when Victory Points do (31.1)."""
    if unit == "VP":
        out = {}
        for s, v in scores.items():
            lead = min((v - o for x, o in scores.items() if x != s), default=0.0)
            margins = (("decisive", 15), ("major", 10), ("minor", 5))
            out[s] = next((lv for lv, m in margins if lead >= m), "none")
        return out
    names = ("none", "minor", "major", "decisive")
    return {s: names[max(0, min(3, int(v)))] for s, v in scores.items()}


__all__ = [
    "COMMANDS",
    "EXAMPLES",
    "board_lines",
    "changes",
    "choice_label",
    "describe",
    "levels_of",
    "looked_for",
    "map_lines",
    "render",
    "render_outcome",
]
