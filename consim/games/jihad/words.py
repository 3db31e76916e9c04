"""The First Jihad's component data in plain words: what each event of a card does (6.2), what
each hex of the Hits and Actions Rose means (7.1.2), names of Lands, armies and Paths. Used by
the prompts (a choice between events), the view and the terminal rendering; nothing here reads
a position.

>>> from consim.games.jihad.content import load_default_content
>>> c = load_default_content()
>>> event_words(c, c.card(17).events[0], advanced=False)
'Greek Fire: the Greek Fleet turns to its +3 side, Greek Fire (12.1)'
>>> rose_words(c.card(2).rose.greek, advanced=False)
'red 6: 6 + a die'
"""

from __future__ import annotations

from collections.abc import Sequence

from consim.core.words import listing
from consim.games.jihad.content import (
    PATH_ORDER,
    ArmyAdvance,
    ArmyReplace,
    ArmyRetreat,
    ArmyStepLoss,
    BaqtOffer,
    BerberRevolt,
    BonusAP,
    CaliphUmarI,
    CapitalMove,
    ChoiceEffect,
    Condition,
    ConversionRoll,
    DisruptIslam,
    DrawNextCard,
    EcumenicalCouncil,
    Effect,
    EndOfEra,
    FirstPossible,
    FleetFreeUse,
    FreeAttack,
    FreeRally,
    GameEnd,
    GreatKingEvent,
    GreekFireEvent,
    Iconoclasm,
    IslamAdvance,
    JewishMarker,
    Jihad,
    JihadContent,
    Kaaba,
    MinorPowerFlip,
    MinorPowerShift,
    Munnuza,
    RemoveCastle,
    Revolt,
    RightlyGuidedArmy,
    RoseEntry,
    RulerChange,
    RulerSkill,
    SardinianRaids,
    Schism,
    ShariaLaw,
    TheaterAP,
    TruceOffer,
    UndisruptIslam,
)

EMPIRE = {"byzantium": "Byzantium", "persia": "Persia"}
ADJECTIVE = {"byzantium": "Byzantine", "persia": "Persian"}
RULER = {"byzantium": "Emperor", "persia": "Shah"}
COLOUR = {"red": "red (East)", "blue": "blue (West)", "purple": "purple (anywhere)"}


#: what the log calls an event printed without a label of its own (one option of a choice)
EVENT_TITLE = {
    "minor_power_shift": "Minor power",
    "ruler_skill": "Ruler's rating",
    "theater_ap": "Action Points",
    "bonus_ap": "Bonus AP",
}


def event_title(effect: Effect) -> str:
    """An event's printed label, or a plain name for one printed without a label."""
    return effect.label or EVENT_TITLE.get(effect.type, effect.type.replace("_", " ").capitalize())


def land(c: JihadContent, land_id: str) -> str:
    return c.land(land_id).name


def army(c: JihadContent, army_id: str) -> str:
    return c.army(army_id).name


def path(c: JihadContent, path_id: str) -> str:
    return c.path(path_id).name


def track(c: JihadContent, track_id: str) -> str:
    return c.minor_power(track_id).name


def _every(paths: Sequence[str]) -> bool:
    return set(paths) >= set(PATH_ORDER)


def paths_words(c: JihadContent, paths: Sequence[str]) -> str:
    """``the Greek Path and Mediterranean Path``, or ``every Path`` when an event names all six
    (the Basic Game has only four)."""
    return "every Path" if _every(paths) else f"the {listing([path(c, p) for p in paths])}"


def rose_words(entry: RoseEntry, advanced: bool) -> str:
    """[7.1.2] one outer hex of the Rose in words: Hits, a red number, F or F3."""
    if entry.fitna:
        return "F: Fitna, no Hits, the Islam marker is Disrupted"
    if entry.f3:
        return "F3: 3 Hits if a Persian army is on the Path, else a Fitna"
    if entry.red:
        if advanced:
            return f"red {entry.hits}: read as an ordinary {entry.hits} in the Advanced Game (15.1)"
        return f"red {entry.hits}: {entry.hits} + a die"
    return f"{entry.hits}"


def condition_words(c: JihadContent, cond: Condition) -> str:
    parts = []
    if cond.arab_controls:
        parts.append(f"the Arabs hold {listing([land(c, x) for x in cond.arab_controls])}")
    if cond.muslim:
        parts.append(f"{listing([land(c, x) for x in cond.muslim])} is Muslim")
    if cond.army_in is not None:
        where = listing([land(c, x) for x in cond.army_in.lands], "or")
        parts.append(f"the {army(c, cond.army_in.army)} stand in {where}")
    if cond.ruler_at_most is not None:
        r = cond.ruler_at_most
        parts.append(f"the {ADJECTIVE[r.empire]} {RULER[r.empire]} is rated {r.rating} or less")
    return listing(parts)


def event_words(c: JihadContent, effect: Effect, advanced: bool, named: bool = True) -> str:
    """What an event does, in a sentence without its final stop (``named``: begin with its
    printed label). Advanced-only events say so in the Basic Game."""
    text = _what(c, effect, advanced)
    if effect.condition is not None:
        text = f"if {condition_words(c, effect.condition)}, {text}"
    if effect.action_phase:
        text += "; ▲ play it when you like in the Actions Phase (8.13)"
    if effect.advanced_only and not advanced:
        text = "Advanced Game only; ignored here"
    if named and effect.label:
        return f"{effect.label}: {text}"
    return text


def _what(c: JihadContent, e: Effect, advanced: bool) -> str:
    if isinstance(e, EndOfEra):
        extra = "; any Jihad, Schism and Truce end" if advanced else ""
        return f"the Last Stand chits come back and show a side you choose{extra} (6.4)"
    if isinstance(e, GameEnd):
        return "the Abbasids overthrow the Umayyads: the game ends and Outcome Points are counted (5.2)"
    if isinstance(e, RulerChange):
        mod = f" {e.modifier:+d}" if e.modifier else ""
        return (
            f"a new {ADJECTIVE[e.empire]} {RULER[e.empire]} is rolled: a die + the old rating{mod}, on the "
            "Rulership Table (11.2)"
        )
    if isinstance(e, RulerSkill):
        way = "up" if e.amount > 0 else "down"
        lost = "; AP above the new limit are lost (6.3.1)" if e.amount < 0 else ""
        return f"the {ADJECTIVE[e.empire]} {RULER[e.empire]}'s rating goes {way} by {abs(e.amount)}{lost}"
    if isinstance(e, MinorPowerShift):
        mp = c.minor_power(e.track)
        boxes = "one box" if e.steps == 1 else f"{e.steps} boxes"
        way = "left, toward +1 Hit" if e.direction == "left" else "right, toward -1 Hit"
        affected = {f.affects_path for f in mp.faces}
        where = f"the {path(c, mp.faces[0].affects_path)}" if len(affected) == 1 else "the Path it affects"
        note = ""
        if e.track == "bulgars" and e.direction == "left":
            note = " (the other way while the Arabs hold Constantinople, 13.3)"
        if e.track == "cyprus" and e.direction == "left" and advanced:
            note = " (ignored until the Muslim Navy is Active, 21.1)"
        return f"the {mp.name} marker moves {boxes} {way} on {where}{note}"
    if isinstance(e, MinorPowerFlip):
        mp = c.minor_power(e.track)
        face = next(f.name for f in mp.faces if f.id == e.face)
        return f"the {mp.name} marker turns to its face {face}"
    if isinstance(e, Kaaba):
        return f"{e.leader} raises the Ka'aba Number by {e.amount}, to at most 8 (17.3)"
    if isinstance(e, CaliphUmarI):
        return (
            f"the Syrians are reinforced by {e.kaaba_increase} ({e.kaaba_increase_if_monophysite} if "
            "Byzantium is Monophysite), now if Damascus is Muslim, else when it converts (17.1.2)"
        )
    if isinstance(e, ShariaLaw):
        return "from the next turn the Dar al-Islam Table is rolled every turn (18.1)"
    if isinstance(e, RightlyGuidedArmy):
        return "the red-star cards set aside are shuffled into the rest of the green deck (3.2.1)"
    if isinstance(e, TruceOffer):
        return f"the Arabs offer {EMPIRE[e.empire]} a Truce, decided in the Diplomacy Step (22.0)"
    if isinstance(e, Jihad):
        mode = "an Alternating" if e.mode == "alternating" else "a One Front"
        return f"the Syrians start {mode} Jihad against {EMPIRE[e.target]} (17.6)"
    if isinstance(e, BaqtOffer):
        return (
            f"the {army(c, e.country)} may sign a Baqt in the Diplomacy Step if they hold a flag Land (16.3)"
        )
    if isinstance(e, Revolt):
        return (
            f"the {army(c, e.country)} revolt: any Baqt on their Path is broken and a Great King with "
            f"{e.great_king_ap} AP leads them if they are your army (16.4)"
        )
    if isinstance(e, GreatKingEvent):
        return (
            f"a Great King, {e.name}, with {e.ap} AP leads your army on the {path(c, e.path)}; any other "
            "Great King is gone (16.5)"
        )
    if isinstance(e, EcumenicalCouncil):
        return "you may change the Byzantine faith, which puts the marker on its Schism side (20.2)"
    if isinstance(e, Schism):
        return "the Byzantine Religion marker turns to its Schism side: -1 on Byzantine Ruler rolls (11.2)"
    if isinstance(e, GreekFireEvent):
        return "the Greek Fleet turns to its +3 side, Greek Fire (12.1)"
    if isinstance(e, SardinianRaids):
        return "Cyprus now adds or takes Hits on the Mediterranean Path instead of the Greek Path (13.2)"
    if isinstance(e, Iconoclasm):
        where = listing([land(c, x) for x in e.themes_lands], "or")
        return f"the Icons are lost; the Themes may be raised in {where} if Byzantium holds it (12.3)"
    if isinstance(e, Munnuza):
        return "the Berbers are Catholic for the rest of the game (8.5.3)"
    if isinstance(e, DrawNextCard):
        return "this card has no Rose: the next card is drawn at once and played this turn"
    if isinstance(e, JewishMarker):
        side = "+1 Hit" if e.side == "plus_one" else "-1 Hit"
        return f"the Jewish marker goes to {land(c, e.land)} on its {side} side (19.1)"
    if isinstance(e, BerberRevolt):
        return f"the Berbers leave their Status Box and rise in {land(c, e.land)} as your army (14.5)"
    if isinstance(e, ArmyStepLoss):
        steps = "a step" if e.steps == 1 else f"{e.steps} steps"
        return f"the {army(c, e.army)} lose {steps}; a shattered army retreats a Land instead"
    if isinstance(e, ArmyRetreat):
        lands = "a Land" if e.lands == 1 else f"{e.lands} Lands"
        return f"the {army(c, e.army)} retreat {lands}, not out of the Ends of the Earth"
    if isinstance(e, ArmyAdvance):
        who = f"the {army(c, e.army)}" if e.army is not None else f"your army on the {path(c, e.path or '')}"
        lands = "a Land" if e.lands == 1 else f"{e.lands} Lands"
        return f"{who} advance {lands} toward Mecca without a battle"
    if isinstance(e, ArmyReplace):
        return f"the {army(c, e.new)} ({e.new_strength}) take the place of the {army(c, e.old)}"
    if isinstance(e, RemoveCastle):
        return f"the Castle in {land(c, e.land)} is removed (it may be rebuilt)"
    if isinstance(e, IslamAdvance):
        how = "up to the Land facing your army" if e.to_front else "one Land"
        return f"the Islam marker on the {path(c, e.path)} advances {how}, if it is face up"
    if isinstance(e, DisruptIslam):
        if e.choose is not None:
            among = "" if _every(e.paths) else f" ({listing([path(c, p) for p in e.paths], 'or')})"
            return f"the Islam marker on one Path you choose{among} is Disrupted (10.4)"
        return f"the Islam markers on {paths_words(c, e.paths)} are Disrupted (10.4)"
    if isinstance(e, UndisruptIslam):
        return f"Disrupted Islam markers on {paths_words(c, e.paths)} turn face up"
    if isinstance(e, ConversionRoll):
        extra = (
            "; where it fails your army may advance a Land free" if e.active_army_advances_on_failure else ""
        )
        return f"an extra Conversion roll on {paths_words(c, e.paths)} (14.3){extra}"
    if isinstance(e, CapitalMove):
        where = listing([land(c, x) for x in e.lands], "or")
        return f"you may move the {ADJECTIVE[e.empire]} Capital to {where}"
    if isinstance(e, BonusAP):
        tokens = "a bonus AP token" if e.amount == 1 else f"{e.amount} bonus AP tokens"
        return f"{tokens}, {COLOUR[e.colour]} (6.3.3)"
    if isinstance(e, TheaterAP):
        return f"+{e.amount} {e.theater.capitalize()} AP, within the Rulership limit (6.3.1)"
    if isinstance(e, FreeAttack):
        who = f" by the {listing([army(c, a) for a in e.armies], 'or')}" if e.armies else ""
        return f"a free attack on the {path(c, e.path)}{who} (no AP)"
    if isinstance(e, FreeRally):
        steps = "a step" if e.steps == 1 else f"{e.steps} steps"
        return f"the {listing([army(c, a) for a in e.armies], 'or')} rally {steps} free"
    if isinstance(e, FleetFreeUse):
        return f"this turn the Greek Fleet is not used up by missions on {paths_words(c, e.paths)}"
    if isinstance(e, ChoiceEffect):
        options = [
            f"({k + 1}) " + "; ".join(event_words(c, x, advanced, named=False) for x in option)
            for k, option in enumerate(e.options)
        ]
        return "you choose " + " or ".join(options)
    if isinstance(e, FirstPossible):
        return "the first of these that can happen: " + "; else ".join(
            event_words(c, x, advanced, named=False) for x in e.effects
        )
    raise AssertionError(f"no words for the event type {e.type}")
