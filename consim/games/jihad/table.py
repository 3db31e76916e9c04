"""The First Jihad at a table, in words: each legal action as a player says it, the cards a
player may read (this turn's card with its events and Rose, the cards played before) and a
compact status. Made from ``view(seat)`` and the static content alone (see
``consim.core.table``). The targets are the Path and Land ids the picture marks
(``data-target``).

>>> import consim
>>> state = consim.load_game("jihad").new_game(seed=3)
>>> view = state.view("player")
>>> describe_actions(view, [state.game.action("attack", "greek")])[0].text
'Attack on the Greek Path'
"""

from __future__ import annotations

from collections.abc import Sequence
from functools import cache

from consim.core.action import Action
from consim.core.table import ActionWords, CardShelf, CardWords, StatusLine, plain_words
from consim.core.words import listing
from consim.games.jihad.content import JihadContent, load_default_content
from consim.games.jihad.viewtypes import JihadSeatView
from consim.games.jihad.words import event_words

View = JihadSeatView

_THEATER = {"west": "the West", "east": "the East", "african": "Africa", "caucasus": "the Caucasus"}
_EMPIRE = {"byzantium": "Byzantine", "persia": "Persian"}
_EMPIRE_NAME = {"byzantium": "Byzantium", "persia": "Persia"}


@cache
def _content() -> JihadContent:
    return load_default_content()


@cache
def _places() -> dict[str, tuple[str, str]]:
    """Each Land by the argument actions give it (``upper-egypt``): (its id, its name)."""
    out = {land.id.replace("_", "-"): (land.id, land.name) for land in _content().map.lands}
    out.update({land.id: (land.id, land.name) for land in _content().map.lands})
    return out


@cache
def _paths() -> dict[str, str]:
    return {p.id: p.name for p in _content().map.paths}


@cache
def _routes() -> dict[str, str]:
    return {r.id.replace("_", "-"): r.name for r in _content().map.trade_routes}


@cache
def _cards() -> dict[int, tuple[str, str]]:
    return {c.number: (c.title, " ".join(c.text.split())) for c in _content().cards.cards}


def _land(arg: str) -> tuple[str, str]:
    return _places().get(arg, (arg, arg.replace("-", " ").title()))


def _path(arg: str) -> str:
    return _paths().get(arg, arg.title() + " Path")


def _event_detail(view: View, title: str) -> str:
    card = view["card"]
    for words in card["events_words"] if card else ():
        if words.split(":")[0].strip() == title:
            return str(words)
    return ""


def _track(view: View, arg: str) -> str:
    track = view["tracks"].get(arg)
    return str(track["name"] if track else arg.title())


def _attack_detail(view: View, path: str) -> str:
    for p in view["paths"]:
        if p["id"] == path:
            front = p["front"]
            attack = front["attack"] if front else None
            if attack:
                dice = "die" if attack["dice"] == 1 else "dice"
                return (
                    f"against {attack['land']}: {attack['cost']} AP, {attack['dice']} {dice}, "
                    f"succeeds on more than {attack['beat']}"
                )
    return ""


def _option(view: View, arg: str) -> str:
    """[6.2] one option of a choice event in words: what it does."""
    frame = view["frame"]
    ref: Sequence[int] = (frame["ref"] if frame and frame["k"] == "choose" else None) or ()
    try:
        effect = _content().card(int(ref[0])).events[int(ref[1])]
        chosen = effect.options[int(arg) - 1]  # type: ignore[union-attr]
    except (IndexError, ValueError, AttributeError, KeyError, TypeError):
        return f"Option {arg}"
    said = "; ".join(event_words(_content(), e, "advanced" in view, named=False) for e in chosen)
    return said[:1].upper() + said[1:]


def describe_actions(view: View, actions: Sequence[Action]) -> list[ActionWords]:
    """Each action in words, grouped by what it does (see ``Game.describe_actions``)."""
    shown = view["frame"]
    frame = shown["k"] if shown else None
    out: list[ActionWords] = []
    for action in actions:
        verb, args = action.verb, action.args
        arg = args[0] if args else ""
        words: ActionWords
        if verb == "attack":
            extra = f" with the Immortals ({args[1].split('+')[-1]} more)" if len(args) > 1 else ""
            words = ActionWords(
                f"Attack on the {_path(arg)}{extra}", "Attack", (arg,), _attack_detail(view, arg)
            )
        elif verb == "rally":
            how = ""
            if args[1:] == ("2",):
                how = " twice (two steps)"
            elif len(args) > 1:
                how = f", paid with a {args[1]} token"
            words = ActionWords(f"Rally on the {_path(arg)}{how}", "Rally", (arg,))
        elif verb == "raid":
            words = ActionWords(f"Raid on the {_path(arg)}", "Raid", (arg,))
        elif verb == "naval" and arg == "socotra":
            words = ActionWords("Naval Battle for Socotra", "At sea")
        elif verb == "naval":
            fleet = " with the Greek Fleet" if arg == "fleet" else ""
            words = ActionWords(f"Naval Battle for Cyprus{fleet}", "At sea")
        elif verb == "landing":
            words = ActionWords("Amphibious Landing (+1 to the next attack)", "At sea")
        elif verb == "elephants":
            words = ActionWords("Buy elephants from India (the Immortals to +2)", "Persia")
        elif verb == "appease":
            words = ActionWords(f"Appease the {_track(view, arg)}", "Diplomacy")
        elif verb == "build-castle":
            land_id, land = _land(args[1])
            words = ActionWords(f"Build a {arg} Castle in {land}", "Castles and Capitals", (land_id,))
        elif verb == "fix-castle":
            land_id, land = _land(arg)
            words = ActionWords(f"Repair the Castle in {land}", "Castles and Capitals", (land_id,))
        elif verb == "build-capital":
            land_id, land = _land(args[1])
            words = ActionWords(
                f"Rebuild the {_EMPIRE.get(arg, arg)} Capital in {land}", "Castles and Capitals", (land_id,)
            )
        elif verb == "fix-capital":
            words = ActionWords(f"Repair the {_EMPIRE.get(arg, arg)} Capital", "Castles and Capitals")
        elif verb == "last-stand":
            words = ActionWords(f"Play the {_EMPIRE.get(arg, arg)} Last Stand chit", "Last Stand")
        elif verb == "side":
            side = "AP" if args[1:] == ("ap",) else "Ruler's rating"
            words = ActionWords(
                f"The {_EMPIRE.get(arg, arg)} Last Stand chit on its {side} side", "Last Stand"
            )
        elif verb == "token":
            words = ActionWords(f"Spend a {arg} AP token on the Skill Track", "Tokens")
        elif verb == "damascus":
            words = ActionWords("Take the 2 purple AP tokens of Christian Damascus", "Tokens")
        elif verb == "event":
            extra = ""
            if len(args) > 1:
                extra = f" on the {_path(args[1])}" if args[1] in _paths() else f" ({args[1]})"
            targets = (args[1],) if len(args) > 1 and args[1] in _paths() else ()
            words = ActionWords(f"Play the event {arg}{extra}", "Events", targets, _event_detail(view, arg))
        elif verb == "trade":
            use = "to bank" if args[1:2] == ("bank",) else f"to rally on the {_path(args[2])}"
            routes = [_routes().get(r, r) for r in args[2 if args[1] == "bank" else 3 :]]
            words = ActionWords(
                f"Trade 1 AP to {_THEATER.get(arg, arg)} {use}, by the {listing(routes)}",
                "Trade",
            )
        elif verb == "icons":
            land_id, land = _land(arg)
            words = ActionWords(f"Move the Icons to {land}", "Icons", (land_id,))
        elif verb == "capital" and frame == "absorb":
            words = ActionWords("The Capital takes the Hit", "Absorb the Hits")
        elif verb == "capital" and args:
            land_id, land = _land(arg)
            words = ActionWords(f"Move the Capital to {land}", "Capital", (land_id,))
        elif verb == "capital":
            words = ActionWords("Keep the Capital where it is", "Capital")
        elif verb == "step":
            words = ActionWords("Lose a step", "Absorb the Hits")
        elif verb == "retreat":
            words = ActionWords("Retreat one Land", "Absorb the Hits")
        elif verb == "besiege":
            words = ActionWords("Go into the Castle (besieged)", "Absorb the Hits")
        elif verb == "castle":
            words = ActionWords("The Castle takes the Hit", "Absorb the Hits")
        elif verb == "loot":
            words = ActionWords("Loot (strong again, but no more attacks this turn)", "After the battle")
        elif verb == "decline" and frame == "advance":
            words = ActionWords(f"Do not advance on the {_path(arg)}", "Retrenchment", (arg,))
        elif verb == "decline" and frame == "themes":
            words = ActionWords("Raise no Themes", "Themes")
        elif verb == "decline":
            words = ActionWords("Do not loot", "After the battle")
        elif verb == "advance":
            words = ActionWords(f"Advance free on the {_path(arg)}", "Retrenchment", (arg,))
        elif verb == "themes":
            land_id, land = _land(arg)
            words = ActionWords(f"Raise the Byzantine Themes in {land}", "Themes", (land_id,))
        elif verb == "revolt":
            words = ActionWords(f"Break the Full Baqt on the {_path(arg)} (a revolt)", "Baqt", (arg,))
        elif verb == "keep":
            words = ActionWords(f"Keep the peace on the {_path(arg)}", "Baqt", (arg,))
        elif verb == "council":
            text = "Keep the faith" if arg == "keep" else f"Turn {arg.title()}"
            words = ActionWords(text, "Ecumenical Council")
        elif verb == "baqt":
            words = ActionWords(f"Sign the Baqt on the {_path(arg)}", "Baqt", (arg,))
        elif verb == "refuse":
            words = ActionWords(f"Refuse the Baqt on the {_path(arg)}", "Baqt", (arg,))
        elif verb == "truce":
            said = {"accept": "Accept the Truce", "reject": "Reject the Truce", "keep": "Keep the Truce"}
            words = ActionWords(said.get(arg, "Break the Truce"), "Truce")
        elif verb == "option":
            words = ActionWords(_option(view, arg), "Choose one")
        elif verb == "done":
            words = ActionWords("Done with this Path's actions" if frame == "actions" else "Done", "Finish")
        else:
            words = plain_words(action)
        out.append(words)
    return out


def describe_cards(view: View) -> list[CardShelf]:
    """This turn's card (its text, events and Rose in words) and the cards played before."""
    shelves: list[CardShelf] = []
    card = view["card"]
    if card:
        parts = [card["text"]]
        parts += [f"Event {w}" for w in card["events_words"]]
        rose = card["rose_words"] or {}
        if rose:
            parts.append("The Rose: " + "; ".join(f"{_path(p)} {w}" for p, w in rose.items()))
        ap = card["ap"]
        facts = f"card {card['number']}, {card['era']} era" + (
            f"; AP {ap[0]} West, {ap[1]} East" if ap else ""
        )
        shelves.append(
            CardShelf(
                "This turn's card",
                (CardWords(f"{card['number']}. {card['title']}", "\n".join(p for p in parts if p), facts),),
                hand=True,
            )
        )
    played = [n for n in view["played"] if not card or n != card["number"]]
    if played:
        cards = tuple(
            CardWords(f"{n}. {_cards().get(n, ('card ' + str(n), ''))[0]}", _cards().get(n, ("", ""))[1])
            for n in reversed(played)
        )
        shelves.append(CardShelf("Cards played before", cards))
    return shelves


def describe_status(view: View) -> list[StatusLine]:
    """Turn, AP per Theater, Rulers, tokens and the Outcome Points if the game ended now."""
    lines = [StatusLine("Turn", str(view["turn"]))]
    ap = view["ap"]
    limits = view["ap_limits"]
    shown = [f"{n} {_THEATER.get(k, k).removeprefix('the ')}" for k, n in ap.items()]
    lines.append(
        StatusLine(
            "AP",
            ", ".join(shown),
            "at most "
            + ", ".join(f"{n} {_THEATER.get(k, k).removeprefix('the ')}" for k, n in limits.items()),
        )
    )
    titles = view["ruler_titles"]
    for empire, rating in view["rulers"].items():
        lines.append(
            StatusLine(
                str(titles.get(empire, _EMPIRE_NAME.get(empire, empire))),
                "none" if rating is None else f"rating {rating}",
            )
        )
    tokens = {k: n for k, n in view["tokens"].items() if n}
    if tokens:
        lines.append(StatusLine("AP tokens", ", ".join(f"{n} {k}" for k, n in tokens.items())))
    now = view["outcome_now"]
    if "total" in now:
        lines.append(StatusLine("Outcome Points now", str(now["total"]), "if the game ended now (5.2)"))
    remaining = view["deck_remaining"]
    if remaining:
        lines.append(StatusLine("Cards left", ", ".join(f"{n} {era}" for era, n in remaining.items() if n)))
    return lines
