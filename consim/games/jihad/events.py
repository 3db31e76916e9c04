"""[6.0-6.4, 11.2, 12.x, 13.x] The Events Phase: each card's events, in printed order.

Card events are data (``cards.yaml``); this module gives each effect type its meaning. Events
marked ▲ wait for the Actions Phase (8.13) and are offered there as ``event`` actions.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from consim.core.action import Action
from consim.games.jihad import arabs, dar, paths, religion, syrians, trade, truce
from consim.games.jihad.content_models import (
    ArmyAdvance,
    ArmyReplace,
    ArmyRetreat,
    ArmyStepLoss,
    BerberRevolt,
    BonusAP,
    CapitalMove,
    ChoiceEffect,
    Condition,
    ConversionRoll,
    DisruptIslam,
    DrawNextCard,
    Effect,
    EndOfEra,
    FirstPossible,
    FleetFreeUse,
    FreeAttack,
    FreeRally,
    GreekFireEvent,
    Iconoclasm,
    IslamAdvance,
    MinorPowerFlip,
    MinorPowerShift,
    Munnuza,
    RemoveCastle,
    RightlyGuidedArmy,
    RulerChange,
    RulerSkill,
    SardinianRaids,
    TheaterAP,
    UndisruptIslam,
)
from consim.games.jihad.frames import Decision, Frame
from consim.games.jihad.syrians import end_jihad

if TYPE_CHECKING:
    from collections.abc import Callable

    from consim.games.jihad.game import JihadState


def effect_at(state: JihadState, ref: list[int]) -> Effect:
    """The effect a reference names: [card, i] or [card, i, option, j] inside a choice."""
    card = state.g.content.card(ref[0])
    effect: Effect = card.events[ref[1]]
    rest = ref[2:]
    while rest:
        assert isinstance(effect, ChoiceEffect)
        effect = effect.options[rest[0]][rest[1]]
        rest = rest[2:]
    return effect


def label(effect: Effect) -> str:
    return effect.label or effect.type


def condition_holds(state: JihadState, cond: Condition | None) -> bool:
    if cond is None:
        return True
    if not all(state.arab_controls(x) for x in cond.arab_controls):
        return False
    for land_id in cond.muslim:
        path, idx = state.g.where[land_id]
        if not state.is_converted(path, idx):
            return False
    if cond.army_in is not None and state.army(cond.army_in.army)["at"] not in cond.army_in.lands:
        return False
    if cond.ruler_at_most is not None:
        rating = state.s["rulers"].get(cond.ruler_at_most.empire)
        if rating is None or rating > cond.ruler_at_most.rating:
            return False
    return True


# =============================================================================================
# The event queue
# =============================================================================================


def _events(state: JihadState, frame: Frame) -> None:
    if not frame["queue"]:
        state.pop()
        return
    ref = frame["queue"].pop(0)
    effect = effect_at(state, ref)
    resolve(state, effect, ref)


def resolve(state: JihadState, effect: Effect, ref: list[int], arg: str | None = None) -> None:
    """Carry out one effect (its condition checked first)."""
    if not condition_holds(state, effect.condition):
        state.emit(f"{label(effect)}: the condition does not hold; no effect.", "6.2")
        return
    handler = HANDLERS.get(effect.type)
    if handler is None:  # pragma: no cover - every Basic effect type has a handler
        raise AssertionError(f"no handler for {effect.type}")
    handler(state, effect, ref, arg)


def can_change(state: JihadState, effect: Effect) -> bool:
    """Whether an effect would change anything (for 'first possible' events)."""
    s = state.s
    if not condition_holds(state, effect.condition):
        return False
    if isinstance(effect, MinorPowerShift):
        if ignored_cyprus(state, effect):
            return False
        box = s["tracks"][effect.track]["box"]
        right = effect.direction == "right"
        if effect.track == "bulgars" and bulgars_inverted(state):
            right = not right
        return bool(box > -1) if right else bool(box < 1)
    if isinstance(effect, RulerSkill):
        rating = s["rulers"].get(effect.empire)
        return rating is not None and 3 <= rating + effect.amount <= 7 and effect.amount != 0
    if isinstance(effect, TheaterAP):
        return bool(s["ap"][effect.theater] < state.ap_limit(effect.theater))
    return True


# =============================================================================================
# Effect handlers
# =============================================================================================


def _end_of_era(state: JihadState, effect: EndOfEra, ref: list[int], arg: str | None) -> None:
    """[6.4] Last Stand chits come back and their sides are chosen again."""
    s = state.s
    empires = []
    for empire, chit in s["last_stand"].items():
        if chit["gone"]:
            continue
        if chit["used"]:
            chit["used"] = False
            state.emit(f"The {empire} Last Stand chit returns.", "6.4")
        empires.append(empire)
    state.emit("End of an Era.", "6.4")
    adv = s.get("adv")
    if adv is not None:
        if adv["jihad"] is not None:
            end_jihad(state, "6.4")
        if adv["schism"]:
            adv["schism"] = False
            state.emit("The new Pope seems a nice man: the Byzantine Religion marker leaves Schism.", "6.4")
        if adv["truce"] is not None:
            end_truce(state, "6.4")
    if empires:
        state.push({"k": "era", "empires": empires})


def _ruler_change(state: JihadState, effect: RulerChange, ref: list[int], arg: str | None) -> None:
    """[11.2] 1d6 + the late Ruler's rating, -1 without a Capital, + the event's modifier."""
    s = state.s
    old = s["rulers"].get(effect.empire)
    if old is None:
        state.emit(f"Ruler: {effect.empire} has no Ruler any more; no effect.", "11.2")
        return
    die = state.rng.randint(1, 6)
    no_capital = -1 if s["capitals"][effect.empire]["at"] is None else 0
    faith = 0
    parts = f"die {die} + rating {old}"
    if no_capital:
        parts += " - 1 (no Capital)"
    if effect.modifier:
        parts += f" {effect.modifier:+d} (event)"
    if effect.empire == "byzantium" and "adv" in s:
        # [11.2] Advanced: +2 Catholic, -2 Monophysite, -1 in Schism (cumulative)
        religion = s["adv"]["religion"]
        faith = {"catholic": 2, "monophysite": -2}.get(religion, 0)
        if faith:
            parts += f" {faith:+d} ({religion})"
        if s["adv"]["schism"]:
            faith -= 1
            parts += " - 1 (Schism)"
    total = die + old + no_capital + effect.modifier + faith
    new = state.g.rulership.new_rating(total)
    s["rulers"][effect.empire] = new
    state.emit(f"Ruler: {effect.empire}: {parts} = {total}: the new Ruler is rated {new}.", "11.2")
    theater = "west" if effect.empire == "byzantium" else "east"
    limit = state.ap_limit(theater)
    if s["ap"][theater] > limit:
        s["ap"][theater] = limit
        state.emit(f"{theater.capitalize()} AP fall to the new Rulership limit, {limit}.", "6.3.1")


def _ruler_skill(state: JihadState, effect: RulerSkill, ref: list[int], arg: str | None) -> None:
    s = state.s
    old = s["rulers"].get(effect.empire)
    if old is None:
        return
    new = max(3, min(7, old + effect.amount))
    s["rulers"][effect.empire] = new
    state.emit(f"{label(effect)}: the {effect.empire} Ruler's rating becomes {new}.", "11.1")


def bulgars_inverted(state: JihadState) -> bool:
    """[2.1.6.1, 13.3] Constantinople Arab-occupied (besieged included)."""
    land = next(x for x in state.g.lands["greek"] if "bulgar_inversion" in x.tags)
    return state.arab_occupied(land.id)


def shift_track(state: JihadState, track: str, right: bool, steps: int, rule: str) -> None:
    t = state.s["tracks"][track]
    before = t["box"]
    t["box"] = max(-1, before - steps) if right else min(1, before + steps)
    name = state.g.content.minor_power(track).name
    state.emit(f"{name}: {before:+d} -> {t['box']:+d}.", rule)


def ignored_cyprus(state: JihadState, effect: MinorPowerShift) -> bool:
    """[21.1] in the Advanced Game a '← Cyprus' event waits for an Active Muslim Navy."""
    adv = state.s.get("adv")
    return adv is not None and effect.track == "cyprus" and effect.direction == "left" and not adv["navy"]


def _minor_shift(state: JihadState, effect: MinorPowerShift, ref: list[int], arg: str | None) -> None:
    if ignored_cyprus(state, effect):
        state.emit("← Cyprus is ignored: there is no Muslim Navy yet.", "21.1")
        return
    right = effect.direction == "right"
    if effect.track == "bulgars" and bulgars_inverted(state):
        right = not right
        state.emit("Constantinople is in Arab hands: the Bulgars event is inverted.", "13.3")
    shift_track(state, effect.track, right, effect.steps, "13.1")


def _minor_face(state: JihadState, effect: MinorPowerFlip, ref: list[int], arg: str | None) -> None:
    state.s["tracks"][effect.track]["face"] = effect.face
    state.emit(f"{label(effect)}: the {effect.track} marker shows its {effect.face} face.", "13.1")


def _greek_fire(state: JihadState, effect: GreekFireEvent, ref: list[int], arg: str | None) -> None:
    state.s["fleet"]["side"] = "greek_fire"
    state.emit("Greek Fire: the Greek Fleet flips to its +3 side.", "12.1")


def _sardinian(state: JihadState, effect: SardinianRaids, ref: list[int], arg: str | None) -> None:
    state.s["tracks"]["cyprus"]["face"] = "med"
    state.emit("Sardinian Raids: Cyprus now affects the Med Path.", "13.2")


def _iconoclasm(state: JihadState, effect: Iconoclasm, ref: list[int], arg: str | None) -> None:
    """[12.3] the Icons are lost; the Themes may be raised in one listed Byzantine Land."""
    s = state.s
    if s["icons"] is not None:
        s["icons"] = None
        state.emit("Iconoclasm: the Icons are lost.", "12.3")
    if s["themes_spent"]:
        return
    lands = [x for x in effect.themes_lands if state.controller_power(x) == "byzantium"]
    if lands:
        state.push({"k": "themes", "lands": lands})


def _rightly_guided(state: JihadState, effect: RightlyGuidedArmy, ref: list[int], arg: str | None) -> None:
    """[3.2.1] the set-aside red-star cards are shuffled into what is left of the green deck."""
    s = state.s
    c = state.g.content
    aside = s["adv"]["set_aside"]
    if not aside:
        return
    green = [n for n in s["deck"] if c.card(n).era == "green"]
    rest = s["deck"][len(green) :]
    green.extend(aside)
    state.rng.shuffle(green)
    state.mark_reveal()
    s["deck"] = green + rest
    state.emit(
        f"The Rightly Guided Army: the red-star cards {sorted(aside)} are shuffled into the green deck.",
        "3.2.1",
    )
    s["adv"]["set_aside"] = []


def end_truce(state: JihadState, rule: str) -> None:
    """[22.4] the Ruler flips back; the Mecca tile turns Weak if Persia is still in the game."""
    s = state.s
    empire = s["adv"]["truce"]
    s["adv"]["truce"] = None
    state.emit(f"The {empire} Truce ends: the Ruler turns back to his regular side.", rule)
    if s["rulers"].get("persia") is not None and s["mecca_strong"]:
        s["mecca_strong"] = False
        state.emit("Persia still stands: the Mecca tile turns to its Weak side.", "22.4")


def _munnuza(state: JihadState, effect: Munnuza, ref: list[int], arg: str | None) -> None:
    state.s["berbers_catholic"] = True
    state.emit("Munnuza: the Berbers are Catholic for the rest of the game.", "8.5.3")


def _draw_next(state: JihadState, effect: DrawNextCard, ref: list[int], arg: str | None) -> None:
    turn = state.s["stack"][0]
    turn["step"] = "draw"
    turn["redraw"] = True
    state.emit("This card has no Rose: the next card is drawn as this turn's card.", "6.0")


def _berber_revolt(state: JihadState, effect: BerberRevolt, ref: list[int], arg: str | None) -> None:
    """[14.5] the Berbers leave their Status Box and become the Med Path's active army."""
    a = state.army("berbers")
    if a["at"] != "berber_revolt_box":
        state.emit("The Berbers are not in their Status Box: no Revolt.", "14.5")
        return
    a["at"] = effect.land
    a["top"] = False
    a["sieged"] = False
    state.emit(f"The Great Berber Revolt: the Berbers ({a['str']}) rise in {effect.land}.", "14.5")


def step_loss(state: JihadState, aid: str, steps: int, rule: str) -> None:
    a = state.army(aid)
    for _ in range(steps):
        if a["str"] != "shattered" and not (a["str"] == "weak" and a["cursed"]):
            a["str"] = arabs.LEVELS[arabs.LEVELS.index(a["str"]) + 1]
            state.emit(f"{aid} loses a step: now {a['str']}.", rule)
        elif not can_retreat(state, aid) or not arabs.retreat(state, aid, rule):
            return


def can_retreat(state: JihadState, aid: str) -> bool:
    pos = state.position(aid)
    if pos is None:
        return False
    land = state.g.land(*pos)
    a = state.army(aid)
    others = [x for x in state.path_armies(pos[0]) if x != aid and state.position(x) == pos]
    blocked = a["top"] or (others and state.active(pos[0]) != aid)
    return not land.ends_of_the_earth and not blocked and state.castle_in(land.id) is None


def _step_loss(state: JihadState, effect: ArmyStepLoss, ref: list[int], arg: str | None) -> None:
    if state.position(effect.army) is None:
        state.emit(f"{label(effect)}: {effect.army} is not on the map; no effect.", "6.2")
        return
    step_loss(state, effect.army, effect.steps, "6.2")


def _retreat(state: JihadState, effect: ArmyRetreat, ref: list[int], arg: str | None) -> None:
    for _ in range(effect.lands):
        if not can_retreat(state, effect.army) or not arabs.retreat(state, effect.army, "6.2"):
            return


def _replace(state: JihadState, effect: ArmyReplace, ref: list[int], arg: str | None) -> None:
    s = state.s
    old, new = state.army(effect.old), state.army(effect.new)
    if state.position(effect.old) is None or new["at"] == "dead":
        state.emit(f"{label(effect)}: no effect.", "6.2")
        return
    new.update(at=old["at"], str=effect.new_strength, cursed=False, sieged=old["sieged"], top=old["top"])
    old.update(at="off", top=False, sieged=False, cursed=False)
    state.emit(f"{label(effect)}: {effect.new} replaces {effect.old} in {new['at']}.", "6.2")
    if state.g.power_of(effect.old) == "byzantium" and effect.path == "med" and not s["divided"]["west"]:
        s["divided"]["west"] = True  # [14.6.1] the Byzantines have left the Med Path
        state.emit("The West Theater is now Divided.", "14.6.1")


def _remove_castle(state: JihadState, effect: RemoveCastle, ref: list[int], arg: str | None) -> None:
    castle = state.castle_in(effect.land)
    if castle is not None:
        state.s["castles"][castle]["at"] = "out"
        state.emit(f"{label(effect)}: the Castle in {effect.land} is removed.", "6.2")


def _islam_advance(state: JihadState, effect: IslamAdvance, ref: list[int], arg: str | None) -> None:
    marker = state.s["islam"][effect.path]
    if marker["dis"]:
        return
    limit = min(state.control_limit(effect.path), state.islam_reach(effect.path))  # (2.1.5.3, 16.3.3)
    target = limit if effect.to_front else min(marker["at"] + 1, limit)
    while target > 0 and state.g.land(effect.path, target).ends_of_the_earth:
        target -= 1
    if target > marker["at"]:
        marker["at"] = target
        state.emit(
            f"{label(effect)}: the Islam marker advances to {state.g.land(effect.path, target).name}.", "6.2"
        )


def disrupt(state: JihadState, path: str, rule: str) -> None:
    marker = state.s["islam"][path]
    if marker["at"] > 0 and not marker["dis"]:
        marker["dis"] = True
        state.emit(f"The Islam marker on the {path} Path is Disrupted.", rule)


def _disrupt(state: JihadState, effect: DisruptIslam, ref: list[int], arg: str | None) -> None:
    if effect.choose is not None:
        if arg is not None:
            disrupt(state, arg, "10.4")
        return
    for path in effect.paths:
        if path in state.g.paths:
            disrupt(state, path, "10.4")


def _undisrupt(state: JihadState, effect: UndisruptIslam, ref: list[int], arg: str | None) -> None:
    for path in effect.paths:
        if path not in state.g.paths:
            continue
        marker = state.s["islam"][path]
        if marker["dis"] and not state.player_controls(state.g.land(path, marker["at"]).id):
            marker["dis"] = False
            state.emit(f"{label(effect)}: the Islam marker on the {path} Path recovers.", "10.4")


def _conversion(state: JihadState, effect: ConversionRoll, ref: list[int], arg: str | None) -> None:
    from consim.games.jihad.endturn import conversion_roll

    failed: list[str] = []
    for path in effect.paths:
        if path not in state.g.paths:
            continue
        result = conversion_roll(state, path, effect.disrupted_on_success, "6.2")
        if result is False and effect.active_army_advances_on_failure and free_advance_target(state, path):
            failed.append(path)
    if failed:
        state.push({"k": "advance", "paths": failed})


def free_advance_target(state: JihadState, path: str) -> int | None:
    """The Land the active army would take by a free advance (never Mecca)."""
    aid = state.active(path)
    if aid is None:
        return None
    a = state.army(aid)
    front = state.front(path)
    if a["sieged"]:
        return front
    if front > 1 and trade.islamic_capital(state, state.g.land(path, front - 1).id):
        return None  # [2.1.5, 21.2.1] Damascus as Islamic Capital is part of Mecca
    return front - 1 if front - 1 >= 1 else None


def advance_army(state: JihadState, path: str, rule: str) -> None:
    """The active army takes the Arab Land in front of it (or lifts its siege)."""
    aid = state.active(path)
    target = free_advance_target(state, path)
    if aid is None or target is None:
        return
    a = state.army(aid)
    land = state.g.land(path, target)
    a.update(at=land.id, sieged=False, top=False)
    state.emit(f"{aid} takes {land.name}.", rule)
    marker = state.s["islam"][path]
    if marker["at"] == target and not marker["dis"]:
        marker["dis"] = True  # [9.1.2] the captured Land's Islam marker is Disrupted
        state.emit(f"The Islam marker in {land.name} is Disrupted.", "9.1.2")


def _capital_move(state: JihadState, effect: CapitalMove, ref: list[int], arg: str | None) -> None:
    if state.s["capitals"][effect.empire]["at"] is None:
        return
    state.push({"k": "capital_move", "empire": effect.empire, "lands": list(effect.lands)})


def _bonus(state: JihadState, effect: BonusAP, ref: list[int], arg: str | None) -> None:
    state.s["tokens"][effect.colour] += effect.amount
    state.emit(f"{label(effect)}: {effect.amount} {effect.colour} bonus AP token(s).", "6.3.3")


def _theater_ap(state: JihadState, effect: TheaterAP, ref: list[int], arg: str | None) -> None:
    got = state.add_ap(effect.theater, effect.amount, "6.3.1")
    state.emit(f"{label(effect)}: +{got} {effect.theater} AP.", "6.3.1")


def _free_attack(state: JihadState, effect: FreeAttack, ref: list[int], arg: str | None) -> None:
    from consim.games.jihad.actions import attack

    attack(state, effect.path, cost=0, drm_choice="", rule="8.13")


def _free_rally(state: JihadState, effect: FreeRally, ref: list[int], arg: str | None) -> None:
    if arg is None:
        return
    a = state.army(arg)
    for _ in range(effect.steps):
        if a["str"] != "strong":
            a["str"] = arabs.LEVELS[arabs.LEVELS.index(a["str"]) - 1]
    state.emit(f"{label(effect)}: {arg} rallies free to {a['str']}.", "8.13")


def _fleet_free(state: JihadState, effect: FleetFreeUse, ref: list[int], arg: str | None) -> None:
    state.s["fleet_free"] = {"paths": list(effect.paths), "ignore_cyprus": effect.ignore_cyprus}
    state.emit(
        f"{label(effect)}: the Greek Fleet is not used up this turn on {', '.join(effect.paths)}.", "8.13"
    )


def _choice(state: JihadState, effect: ChoiceEffect, ref: list[int], arg: str | None) -> None:
    if arg is None:
        state.push({"k": "choose", "ref": ref})
        return
    option = int(arg) - 1
    for j, sub in enumerate(effect.options[option]):
        resolve(state, sub, [*ref, option, j])


def _first_possible(state: JihadState, effect: FirstPossible, ref: list[int], arg: str | None) -> None:
    for sub in effect.effects:
        if can_change(state, sub):
            resolve(state, sub, ref)
            return


def _army_advance(state: JihadState, effect: ArmyAdvance, ref: list[int], arg: str | None) -> None:
    if effect.path is not None:
        for _ in range(effect.lands):
            advance_army(state, effect.path, "6.2")
        return
    assert effect.army is not None
    pos = state.position(effect.army)
    if pos is None:
        return
    path, _ = pos
    for _ in range(effect.lands):
        if state.active(path) == effect.army:
            advance_army(state, path, "6.2")
            continue
        pos = state.position(effect.army)
        assert pos is not None
        target = pos[1] - 1
        occupied = any(state.position(x) == (path, target) for x in state.path_armies(path))
        if target <= state.arab_limit(path) or occupied:
            return
        state.army(effect.army)["at"] = state.g.land(path, target).id
        state.emit(f"{label(effect)}: {effect.army} moves to {state.g.land(path, target).name}.", "6.2")


HANDLERS: dict[str, Callable[[JihadState, Any, list[int], str | None], None]] = {
    "end_of_era": _end_of_era,
    "ruler_change": _ruler_change,
    "ruler_skill": _ruler_skill,
    "minor_power_shift": _minor_shift,
    "minor_power_face": _minor_face,
    "greek_fire": _greek_fire,
    "sardinian_raids": _sardinian,
    "iconoclasm": _iconoclasm,
    "munnuza": _munnuza,
    "rightly_guided_army": _rightly_guided,
    "draw_next_card": _draw_next,
    "berber_revolt": _berber_revolt,
    "army_step_loss": _step_loss,
    "army_retreat": _retreat,
    "army_replace": _replace,
    "remove_castle": _remove_castle,
    "islam_advance": _islam_advance,
    "disrupt_islam": _disrupt,
    "undisrupt_islam": _undisrupt,
    "conversion_roll": _conversion,
    "capital_move": _capital_move,
    "bonus_ap": _bonus,
    "theater_ap": _theater_ap,
    "free_attack": _free_attack,
    "free_rally": _free_rally,
    "fleet_free_use": _fleet_free,
    "choice": _choice,
    "first_possible": _first_possible,
    "army_advance": _army_advance,
}
HANDLERS.update(paths.HANDLERS)  # [16.3-16.5] Baqt offers, Revolts, Great Kings
HANDLERS.update(syrians.HANDLERS)  # [17.1.2, 17.3, 17.6] Caliph Umar I, Ka'aba, Jihads
HANDLERS.update(dar.HANDLERS)  # [18.1, 19.1] Sharia Law, the Jewish marker
HANDLERS.update(religion.HANDLERS)  # [20.2] Ecumenical Council, Papal Bull
HANDLERS.update(truce.HANDLERS)  # [22.0] Truce offers


# =============================================================================================
# [8.13] ▲ events offered in the Actions Phase
# =============================================================================================


def triggered_actions(state: JihadState) -> list[tuple[Action, list[int], str | None]]:
    """The ``event`` actions for the current card's ▲ events, one per possible target."""
    out: list[tuple[Action, list[int], str | None]] = []
    s = state.s
    for ref in s["pending"]:
        effect = effect_at(state, ref)
        name = label(effect)
        if not condition_holds(state, effect.condition):
            continue
        if isinstance(effect, FreeRally):
            for aid in effect.armies:
                a = state.army(aid)
                pos = state.position(aid)
                if pos and state.active(pos[0]) == aid and not a["cursed"] and a["str"] != "strong":
                    out.append((Action("event", (name, aid)), ref, aid))
        elif isinstance(effect, FreeAttack):
            from consim.games.jihad.actions import can_attack

            active = state.active(effect.path)
            if (
                active is not None
                and (not effect.armies or active in effect.armies)
                and can_attack(state, effect.path)
            ):
                out.append((Action("event", (name,)), ref, None))
        elif isinstance(effect, DisruptIslam) and effect.choose is not None:
            for path in effect.paths:
                if path in state.g.paths:
                    marker = s["islam"][path]
                    if marker["at"] > 0 and not marker["dis"]:
                        out.append((Action("event", (name, path)), ref, path))
        elif isinstance(effect, ChoiceEffect):
            for k in range(len(effect.options)):
                out.append((Action("event", (name, str(k + 1))), ref, str(k + 1)))
        else:
            out.append((Action("event", (name,)), ref, None))
    return out


def play_triggered(state: JihadState, action: Action) -> None:
    for act, ref, arg in triggered_actions(state):
        if act == action:
            state.s["pending"].remove(ref)
            effect = effect_at(state, ref)
            state.emit(f"The player plays the event {label(effect)}.", "8.13")
            resolve(state, effect, ref, arg)
            return
    raise AssertionError("not a triggered action")


def describe_option(state: JihadState, effects: tuple[Effect, ...]) -> str:
    parts = []
    for e in effects:
        data = e.model_dump(exclude_none=True, exclude={"label", "advanced_only", "action_phase", "note"})
        kind = data.pop("type")
        parts.append(f"{kind} " + " ".join(f"{k}={v}" for k, v in data.items()))
    return "; ".join(parts)


# =============================================================================================
# Decisions raised by events
# =============================================================================================


def _era_prompt(state: JihadState, frame: Frame) -> tuple[str, str]:
    empire = frame["empires"][0]
    return (
        f"End of an Era: choose the face-up side of the {empire} Last Stand chit (+2 AP or +1 Ruler).",
        "6.4",
    )


def _era_legal(state: JihadState, frame: Frame) -> list[Action]:
    if not frame["empires"]:
        return []
    empire = frame["empires"][0]
    return [Action("side", (empire, "ap")), Action("side", (empire, "skill"))]


def _era_act(state: JihadState, frame: Frame, action: Action) -> None:
    empire, side = action.args
    state.s["last_stand"][empire]["side"] = side
    state.emit(f"The {empire} Last Stand chit shows its {side} side.", "6.4")
    frame["empires"].pop(0)
    if not frame["empires"]:
        state.pop()


def _choose_prompt(state: JihadState, frame: Frame) -> tuple[str, str]:
    effect = effect_at(state, frame["ref"])
    assert isinstance(effect, ChoiceEffect)
    opts = "; ".join(f"{k + 1}: {describe_option(state, o)}" for k, o in enumerate(effect.options))
    return (f"{label(effect)}: choose one option ({opts}).", "6.2")


def _choose_legal(state: JihadState, frame: Frame) -> list[Action]:
    effect = effect_at(state, frame["ref"])
    assert isinstance(effect, ChoiceEffect)
    return [Action("option", (str(k + 1),)) for k in range(len(effect.options))]


def _choose_act(state: JihadState, frame: Frame, action: Action) -> None:
    state.pop()
    effect = effect_at(state, frame["ref"])
    assert isinstance(effect, ChoiceEffect)
    _choice(state, effect, frame["ref"], action.args[0])


def _themes_prompt(state: JihadState, frame: Frame) -> tuple[str, str]:
    return ("Iconoclasm: raise the Byzantine Themes in one of these Lands, or decline.", "12.3")


def _themes_legal(state: JihadState, frame: Frame) -> list[Action]:
    return [*(Action("themes", (x,)) for x in frame["lands"]), Action("decline")]


def _themes_act(state: JihadState, frame: Frame, action: Action) -> None:
    state.pop()
    if action.verb == "themes":
        state.s["themes"] = action.args[0]
        state.s["themes_spent"] = True
        state.emit(f"The Byzantine Themes are raised in {action.args[0]}.", "12.4")


def capital_sites(state: JihadState, empire: str, lands: list[str]) -> list[str]:
    """[8.8.2] Byzantine-controlled Christian Lands not converted to Islam."""
    out = []
    here = state.s["capitals"][empire]["at"]
    for land_id in lands:
        path, idx = state.g.where[land_id]
        land = state.g.land(path, idx)
        christian = land.religion in ("orthodox", "catholic", "monophysite", "nestorian", "arian")
        converted = state.is_converted(path, idx)
        if land_id != here and christian and not converted and state.controller_power(land_id) == empire:
            out.append(land_id)
    return out


def _capital_prompt(state: JihadState, frame: Frame) -> tuple[str, str]:
    return (f"Capital Move: move the {frame['empire']} Capital to another Land, or keep it (done).", "6.2")


def _capital_legal(state: JihadState, frame: Frame) -> list[Action]:
    sites = capital_sites(state, frame["empire"], frame["lands"])
    if not sites:
        return []
    return [*(Action("capital", (x,)) for x in sites), Action("done")]


def _capital_act(state: JihadState, frame: Frame, action: Action) -> None:
    state.pop()
    if action.verb == "capital":
        state.s["capitals"][frame["empire"]]["at"] = action.args[0]
        state.emit(f"The {frame['empire']} Capital moves to {action.args[0]}.", "6.2")


def _advance_prompt(state: JihadState, frame: Frame) -> tuple[str, str]:
    path = _advance_next(state, frame)
    return (f"Retrenchment: the {path} Path's active army may advance one Land free.", "6.2")


def _advance_next(state: JihadState, frame: Frame) -> str | None:
    return next((p for p in frame["paths"] if free_advance_target(state, p) is not None), None)


def _advance_legal(state: JihadState, frame: Frame) -> list[Action]:
    path = _advance_next(state, frame)
    if path is None:
        return []
    return [Action("advance", (path,)), Action("decline", (path,))]


def _advance_act(state: JihadState, frame: Frame, action: Action) -> None:
    path = action.args[0]
    del frame["paths"][: frame["paths"].index(path) + 1]
    if action.verb == "advance":
        advance_army(state, path, "6.2")
    if _advance_next(state, frame) is None:
        state.pop()


AUTO: dict[str, Callable[[JihadState, Frame], None]] = {"events": _events}
DECISIONS: dict[str, Decision] = {
    "era": Decision(_era_prompt, _era_legal, _era_act),
    "choose": Decision(_choose_prompt, _choose_legal, _choose_act),
    "themes": Decision(_themes_prompt, _themes_legal, _themes_act),
    "capital_move": Decision(_capital_prompt, _capital_legal, _capital_act),
    "advance": Decision(_advance_prompt, _advance_legal, _advance_act),
}
