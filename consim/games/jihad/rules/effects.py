"""[6.2, 11.2, 12.x, 13.x, 16-22] What each event of the cards does.

Card events are data (``cards.yaml``); this module gives each effect type its meaning. The
Events Phase (``events.py``) resolves a card's events in printed order; the ▲ events (8.13) wait
for the Actions Phase (``actions.py``), which offers them through :func:`triggered`. Decisions an
event raises (a choice, the Themes, a Capital move...) are frames of ``events.py``, started by
name.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from consim.core.action import Action
from consim.games.jihad import board
from consim.games.jihad.content import (
    BYZANTIUM,
    COLOURS,
    EAST,
    EMPIRE_ADJECTIVE,
    EMPIRE_NAME,
    EMPIRES,
    RULER_TITLE,
    WEST,
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
    GreatKingEvent,
    GreekFireEvent,
    Iconoclasm,
    IslamAdvance,
    JewishMarker,
    Jihad,
    JihadTables,
    Kaaba,
    MinorPowerFlip,
    MinorPowerShift,
    Munnuza,
    RemoveCastle,
    Revolt,
    RightlyGuidedArmy,
    RulerChange,
    RulerSkill,
    SardinianRaids,
    Schism,
    ShariaLaw,
    TheaterAP,
    TruceOffer,
    UndisruptIslam,
    revolt_king,
)
from consim.games.jihad.rules import common
from consim.games.jihad.state import EffectRef, FleetFree, Jews, JihadState, Offer
from consim.games.jihad.words import event_title

Handler = Callable[[JihadState, Any, EffectRef, str | None], None]


def effect_at(t: JihadTables, ref: tuple[int, ...] | list[int]) -> Effect:
    """The effect a reference names: (card, i) or (card, i, option, j) inside a choice."""
    effect: Effect = t.card[ref[0]].events[ref[1]]
    rest = ref[2:]
    while rest:
        assert isinstance(effect, ChoiceEffect)
        effect = effect.options[rest[0]][rest[1]]
        rest = rest[2:]
    return effect


def label(effect: Effect) -> str:
    """The event's name in the log (6.2)."""
    return event_title(effect)


def condition_holds(st: JihadState, cond: Condition | None) -> bool:
    if cond is None:
        return True
    t = st.tables
    ids = t.place_id
    if not all(board.arab_controls(st, ids[x]) for x in cond.arab_controls):
        return False
    for land in cond.muslim:
        place = ids[land]
        if not board.is_converted(st, t.land_path[place], t.land_index[place]):
            return False
    army_in = cond.army_in
    if army_in is not None and t.place_name[st.data.armies[t.army_id[army_in.army]].at] not in army_in.lands:
        return False
    ruler = cond.ruler_at_most
    if ruler is not None:
        rating = st.data.rulers[board.EMPIRE_ID[ruler.empire]]
        if rating is None or rating > ruler.rating:
            return False
    return True


def ignored_cyprus(st: JihadState, effect: MinorPowerShift) -> bool:
    """[21.1] in the Advanced Game a '← Cyprus' event waits for an Active Muslim Navy."""
    adv = st.data.adv
    return adv is not None and effect.track == "cyprus" and effect.direction == "left" and not adv.navy


def can_change(st: JihadState, effect: Effect) -> bool:
    """Whether an effect would change anything (for 'first possible' events)."""
    d = st.data
    if not condition_holds(st, effect.condition):
        return False
    if isinstance(effect, MinorPowerShift):
        if ignored_cyprus(st, effect):
            return False
        box = d.tracks[st.tables.track_id[effect.track]].box
        right = effect.direction == "right"
        if effect.track == "bulgars" and board.bulgars_inverted(st):
            right = not right
        return box > -1 if right else box < 1
    if isinstance(effect, RulerSkill):
        rating = d.rulers[board.EMPIRE_ID[effect.empire]]
        return rating is not None and 3 <= rating + effect.amount <= 7 and effect.amount != 0
    if isinstance(effect, TheaterAP):
        theater = WEST if effect.theater == "west" else EAST
        return d.ap[theater] < board.ap_limit(st, theater)
    return True


def resolve(st: JihadState, effect: Effect, ref: EffectRef, arg: str | None = None) -> None:
    """Carry out one effect (its condition checked first) [6.2]."""
    if not condition_holds(st, effect.condition):
        st.emit(f"{label(effect)}: the condition does not hold; no effect.", "6.2")
        return
    HANDLERS[effect.type](st, effect, ref, arg)


def _empire(name: str) -> int:
    return board.EMPIRE_ID[name]


# =============================================================================================
# [6.4, 11, 12, 13] the Basic events
# =============================================================================================


def end_of_era(st: JihadState, effect: EndOfEra, ref: EffectRef, arg: str | None) -> None:
    """[6.4] Last Stand chits come back and their sides are chosen again; [6.4, Advanced] the
    Jihad, a Schism and a Truce end."""
    d = st.data
    empires = []
    for empire, chit in enumerate(d.last_stand):
        if chit.gone:
            continue
        if chit.used:
            chit.used = False
            st.emit(f"The {EMPIRE_ADJECTIVE[empire]} Last Stand chit returns.", "6.4")
        empires.append(EMPIRES[empire])
    st.emit("End of an Era.", "6.4")
    adv = d.adv
    if adv is not None:
        if adv.jihad is not None:
            common.end_jihad(st, "6.4")
        if adv.schism:
            adv.schism = False
            st.emit("The new Pope seems a nice man: the Byzantine Religion marker leaves Schism.", "6.4")
        if adv.truce is not None:
            common.end_truce(st, "6.4")
    if empires:
        st.push_named("era", empires=empires)


def ruler_change(st: JihadState, effect: RulerChange, ref: EffectRef, arg: str | None) -> None:
    """[11.2] 1d6 + the late Ruler's rating, -1 without a Capital, + the event's modifier."""
    d = st.data
    empire = _empire(effect.empire)
    old = d.rulers[empire]
    if old is None:
        st.emit(f"Ruler: {EMPIRE_NAME[empire]} has no Ruler any more; no effect.", "11.2")
        return
    die = st.rng.randint(1, 6)
    no_capital = -1 if d.capitals[empire].at is None else 0
    faith = 0
    parts = f"die {die} + rating {old}"
    if no_capital:
        parts += " - 1 (no Capital)"
    if effect.modifier:
        parts += f" {effect.modifier:+d} (event)"
    adv = d.adv
    if empire == BYZANTIUM and adv is not None:
        # [11.2] Advanced: +2 Catholic, -2 Monophysite, -1 in Schism (cumulative)
        faith = {"catholic": 2, "monophysite": -2}.get(adv.religion, 0)
        if faith:
            parts += f" {faith:+d} ({adv.religion})"
        if adv.schism:
            faith -= 1
            parts += " - 1 (Schism)"
    total = die + old + no_capital + effect.modifier + faith
    new = st.tables.rulership.new_rating(total)
    d.rulers[empire] = new
    ruler = RULER_TITLE[empire]
    st.emit(f"Ruler: {EMPIRE_NAME[empire]}: {parts} = {total}: the new {ruler} is rated {new}.", "11.2")
    common.fit_ap_to_ruler(st, empire)


def ruler_skill(st: JihadState, effect: RulerSkill, ref: EffectRef, arg: str | None) -> None:
    """[11.1] a Ruler's rating moves directly (within 3-7); [6.3.1] AP banked above the new
    limit are lost at once, as after a new Ruler (8.7: an Emperor lowered to 4 keeps 3 AP and
    cannot build a Castle)."""
    empire = _empire(effect.empire)
    old = st.data.rulers[empire]
    if old is None:
        return
    new = max(3, min(7, old + effect.amount))
    st.data.rulers[empire] = new
    st.emit(
        f"{label(effect)}: the {EMPIRE_ADJECTIVE[empire]} {RULER_TITLE[empire]} is now rated {new}.", "11.1"
    )
    common.fit_ap_to_ruler(st, empire)


def minor_shift(st: JihadState, effect: MinorPowerShift, ref: EffectRef, arg: str | None) -> None:
    """[13.1] '← X' moves a minor power's marker left, '→ X' right."""
    if ignored_cyprus(st, effect):
        st.emit("← Cyprus is ignored: there is no Muslim Navy yet.", "21.1")
        return
    right = effect.direction == "right"
    if effect.track == "bulgars" and board.bulgars_inverted(st):
        right = not right
        st.emit("Constantinople is in Arab hands: the Bulgars event is inverted.", "13.3")
    common.shift_track(st, st.tables.track_id[effect.track], right, effect.steps, "13.1")


def minor_face(st: JihadState, effect: MinorPowerFlip, ref: EffectRef, arg: str | None) -> None:
    t = st.tables
    track = t.track_id[effect.track]
    st.data.tracks[track].face = effect.face
    face = next(f.name for f in t.content.minor_power(effect.track).faces if f.id == effect.face)
    st.emit(f"{label(effect)}: the {t.track_title[track]} marker turns to its face {face}.", "13.1")


def greek_fire(st: JihadState, effect: GreekFireEvent, ref: EffectRef, arg: str | None) -> None:
    st.data.fleet.side = "greek_fire"
    st.emit("Greek Fire: the Greek Fleet flips to its +3 side.", "12.1")


def sardinian(st: JihadState, effect: SardinianRaids, ref: EffectRef, arg: str | None) -> None:
    st.data.tracks[st.tables.cyprus].face = "med"
    st.emit("Sardinian Raids: Cyprus now affects the Med Path.", "13.2")


def iconoclasm(st: JihadState, effect: Iconoclasm, ref: EffectRef, arg: str | None) -> None:
    """[12.3] the Icons are lost; the Themes may be raised in one listed Byzantine Land."""
    d = st.data
    if d.icons is not None:
        d.icons = None
        st.emit("Iconoclasm: the Icons are lost.", "12.3")
    if d.themes_spent:
        return
    ids = st.tables.place_id
    lands = [ids[x] for x in effect.themes_lands if board.controller_power(st, ids[x]) == "byzantium"]
    if lands:
        st.push_named("themes", lands=lands)


def rightly_guided(st: JihadState, effect: RightlyGuidedArmy, ref: EffectRef, arg: str | None) -> None:
    """[3.2.1] the set-aside red-star cards are shuffled into what is left of the green deck."""
    d = st.data
    adv = d.adv
    assert adv is not None
    aside = adv.set_aside
    if not aside:
        return
    card = st.tables.card
    green = [n for n in d.deck if card[n].era == "green"]
    rest = d.deck[len(green) :]
    green.extend(aside)
    st.rng.shuffle(green)
    st.mark_reveal()
    d.deck = green + rest
    st.emit(
        f"The Rightly Guided Army: the red-star cards {sorted(aside)} are shuffled into the green deck.",
        "3.2.1",
    )
    adv.set_aside = []


def munnuza(st: JihadState, effect: Munnuza, ref: EffectRef, arg: str | None) -> None:
    st.data.berbers_catholic = True
    st.emit("Munnuza: the Berbers are Catholic for the rest of the game.", "8.5.3")


def draw_next(st: JihadState, effect: DrawNextCard, ref: EffectRef, arg: str | None) -> None:
    """This card has no Rose: the next card is drawn at once, as this turn's card."""
    st.emit("This card has no Rose: the next card is drawn as this turn's card.", "6.0")
    st.push_named("draw", redraw=True)


def berber_revolt(st: JihadState, effect: BerberRevolt, ref: EffectRef, arg: str | None) -> None:
    """[14.5] the Berbers leave their Status Box and become the Med Path's active army."""
    t = st.tables
    a = st.data.armies[t.army_id["berbers"]]
    if a.at != t.berber_box:
        st.emit("The Berbers are not in their Status Box: no Revolt.", "14.5")
        return
    a.at = t.place_id[effect.land]
    a.top = False
    a.sieged = False
    land = t.land_title[a.at]
    st.emit(f"The Great Berber Revolt: the Berbers ({a.strength}) rise in {land}.", "14.5")


def army_step_loss(st: JihadState, effect: ArmyStepLoss, ref: EffectRef, arg: str | None) -> None:
    aid = st.tables.army_id[effect.army]
    if board.position(st, aid) is None:
        st.emit(f"{label(effect)}: the {st.tables.army_title[aid]} are not on the map; no effect.", "6.2")
        return
    common.step_loss(st, aid, effect.steps, "6.2")


def army_retreat(st: JihadState, effect: ArmyRetreat, ref: EffectRef, arg: str | None) -> None:
    aid = st.tables.army_id[effect.army]
    for _ in range(effect.lands):
        if not board.can_retreat(st, aid) or not common.retreat(st, aid, "6.2"):
            return


def army_replace(st: JihadState, effect: ArmyReplace, ref: EffectRef, arg: str | None) -> None:
    t = st.tables
    d = st.data
    old_id, new_id = t.army_id[effect.old], t.army_id[effect.new]
    old, new = d.armies[old_id], d.armies[new_id]
    if board.position(st, old_id) is None or new.at == t.dead:
        st.emit(f"{label(effect)}: no effect.", "6.2")
        return
    new.at = old.at
    new.strength = effect.new_strength
    new.cursed = False
    new.sieged = old.sieged
    new.top = old.top
    old.at = t.off
    old.top = False
    old.sieged = False
    old.cursed = False
    st.emit(
        f"{label(effect)}: the {t.army_title[new_id]} replace the {t.army_title[old_id]} in "
        f"{t.land_title[new.at]}.",
        "6.2",
    )
    if t.army_power[old_id] == "byzantium" and effect.path == "med" and not d.divided[WEST]:
        d.divided[WEST] = True  # [14.6.1] the Byzantines have left the Med Path
        st.emit("The West Theater is now Divided.", "14.6.1")


def remove_castle(st: JihadState, effect: RemoveCastle, ref: EffectRef, arg: str | None) -> None:
    t = st.tables
    land = t.place_id[effect.land]
    castle = board.castle_in(st, land)
    if castle is not None:
        st.data.castles[castle].at = t.out
        st.emit(f"{label(effect)}: the Castle in {t.land_title[land]} is removed.", "6.2")


def islam_advance(st: JihadState, effect: IslamAdvance, ref: EffectRef, arg: str | None) -> None:
    t = st.tables
    path = t.path_id[effect.path]
    marker = st.data.islam[path]
    if marker.dis:
        return
    limit = min(board.control_limit(st, path), board.islam_reach(st, path))  # (2.1.5.3, 16.3.3)
    target = limit if effect.to_front else min(marker.at + 1, limit)
    lands = t.path_lands[path]
    while target > 0 and t.land_round[lands[target - 1]]:
        target -= 1
    if target > marker.at:
        marker.at = target
        st.emit(f"{label(effect)}: the Islam marker advances to {t.land_title[lands[target - 1]]}.", "6.2")


def disrupt_islam(st: JihadState, effect: DisruptIslam, ref: EffectRef, arg: str | None) -> None:
    t = st.tables
    if effect.choose is not None:
        if arg is not None:
            common.disrupt(st, t.path_id[arg], "10.4")
        return
    for name in effect.paths:
        if name in t.path_id:
            common.disrupt(st, t.path_id[name], "10.4")


def undisrupt_islam(st: JihadState, effect: UndisruptIslam, ref: EffectRef, arg: str | None) -> None:
    t = st.tables
    for name in effect.paths:
        if name not in t.path_id:
            continue
        path = t.path_id[name]
        marker = st.data.islam[path]
        if marker.dis and not board.player_controls(st, t.path_lands[path][marker.at - 1]):
            marker.dis = False
            st.emit(f"{label(effect)}: the Islam marker on the {t.path_title[path]} recovers.", "10.4")


def conversion(st: JihadState, effect: ConversionRoll, ref: EffectRef, arg: str | None) -> None:
    t = st.tables
    failed: list[int] = []
    for name in effect.paths:
        if name not in t.path_id:
            continue
        path = t.path_id[name]
        result = common.conversion_roll(st, path, effect.disrupted_on_success, "6.2")
        if result is False and effect.active_army_advances_on_failure and board.free_advance_target(st, path):
            failed.append(path)
    if failed:
        st.push_named("advance", paths=failed)


def capital_move(st: JihadState, effect: CapitalMove, ref: EffectRef, arg: str | None) -> None:
    if st.data.capitals[_empire(effect.empire)].at is None:
        return
    ids = st.tables.place_id
    st.push_named("capital_move", empire=effect.empire, lands=[ids[x] for x in effect.lands])


def bonus_ap(st: JihadState, effect: BonusAP, ref: EffectRef, arg: str | None) -> None:
    st.data.tokens[COLOURS.index(effect.colour)] += effect.amount
    tokens = "token" if effect.amount == 1 else "tokens"
    st.emit(f"{label(effect)}: {effect.amount} {effect.colour} bonus AP {tokens}.", "6.3.3")


def theater_ap(st: JihadState, effect: TheaterAP, ref: EffectRef, arg: str | None) -> None:
    got = common.add_ap(st, WEST if effect.theater == "west" else EAST, effect.amount)
    st.emit(f"{label(effect)}: +{got} {effect.theater.capitalize()} AP.", "6.3.1")


def free_attack(st: JihadState, effect: FreeAttack, ref: EffectRef, arg: str | None) -> None:
    common.attack(st, st.tables.path_id[effect.path], cost=0, drm_choice="", rule="8.13")


def free_rally(st: JihadState, effect: FreeRally, ref: EffectRef, arg: str | None) -> None:
    if arg is None:
        return
    a = st.data.armies[st.tables.army_id[arg]]
    for _ in range(effect.steps):
        if a.strength != "strong":
            a.strength = common.better(a.strength)
    st.emit(
        f"{label(effect)}: the {st.tables.army_title[st.tables.army_id[arg]]} rally free to {a.strength}.",
        "8.13",
    )


def fleet_free(st: JihadState, effect: FleetFreeUse, ref: EffectRef, arg: str | None) -> None:
    t = st.tables
    paths = tuple(t.path_id[p] for p in effect.paths)
    st.data.fleet_free = FleetFree(paths, effect.ignore_cyprus)
    where = " and ".join(t.path_title[p] for p in paths)
    st.emit(f"{label(effect)}: this turn the Greek Fleet is not used up on the {where}.", "8.13")


def choice(st: JihadState, effect: ChoiceEffect, ref: EffectRef, arg: str | None) -> None:
    """The player picks one option: asked now (a frame), or ``arg`` (1, 2...) already chosen."""
    if arg is None:
        st.push_named("choose", ref=ref)
        return
    option = int(arg) - 1
    for j, sub in enumerate(effect.options[option]):
        resolve(st, sub, (*ref, option, j))


def first_possible(st: JihadState, effect: FirstPossible, ref: EffectRef, arg: str | None) -> None:
    for sub in effect.effects:
        if can_change(st, sub):
            resolve(st, sub, ref)
            return


def army_advance(st: JihadState, effect: ArmyAdvance, ref: EffectRef, arg: str | None) -> None:
    t = st.tables
    if effect.path is not None:
        path = t.path_id[effect.path]
        for _ in range(effect.lands):
            common.advance_army(st, path, "6.2")
        return
    assert effect.army is not None
    aid = t.army_id[effect.army]
    pos = board.position(st, aid)
    if pos is None:
        return
    path = pos[0]
    for _ in range(effect.lands):
        if board.active(st, path) == aid:
            common.advance_army(st, path, "6.2")
            continue
        here = board.position(st, aid)
        assert here is not None
        target = here[1] - 1
        occupied = any(board.position(st, x) == (path, target) for x in board.path_armies(st, path))
        if target <= board.arab_limit(st, path) or occupied:
            return
        land = t.path_lands[path][target - 1]
        st.data.armies[aid].at = land
        st.emit(f"{label(effect)}: the {t.army_title[aid]} move to {t.land_title[land]}.", "6.2")


# =============================================================================================
# [16.3-16.5] Baqt offers, Revolts, Great Kings
# =============================================================================================


def break_full_baqt(st: JihadState, path: int) -> None:
    """[16.4.1] the Country rises, strong, in the Full-flag Land as the active army."""
    t = st.tables
    adv = st.data.adv
    assert adv is not None
    land = board.flag_land(t, path, "full")
    adv.baqt[path] = None
    country = t.army_short[t.country[path]]
    common.place(st, t.country[path], land, "strong")
    st.emit(f"The Full Baqt is broken: the {country} rise, strong, in {t.land_title[land]}.", "16.4.1")


def break_partial_baqt(st: JihadState, path: int) -> None:
    """[16.4.2] the forced Revolt against a Partial Baqt (reading in NOTES.md)."""
    t = st.tables
    adv = st.data.adv
    assert adv is not None
    country_id, distant_id = t.country[path], t.distant[path]
    country, distant = t.army_short[country_id], t.army_short[distant_id]
    full = board.flag_land(t, path, "full")
    partial = board.flag_land(t, path, "partial")
    pos = board.position(st, distant_id)
    if pos is not None and pos[1] <= t.land_index[full]:
        # (1) the Country takes the distant power's Land; the distant power falls back
        here = t.path_lands[pos[0]][pos[1] - 1]
        common.place(st, country_id, here, "strong")
        common.place(st, distant_id, partial)
        st.emit(
            f"The {country} revolt in {t.land_title[here]}; the {distant} fall back to "
            f"{t.land_title[partial]}.",
            "16.4.2",
        )
    else:
        # (2) the distant power stays; the Country rises in the Full-flag Land
        common.place(st, country_id, full, "strong")
        st.emit(
            f"The {country} revolt in {t.land_title[full]}; the {distant} stand neutral behind them.",
            "16.4.2",
        )
    adv.baqt[path] = None  # (3) the Islam marker may advance again


def revolt(st: JihadState, effect: Revolt, ref: EffectRef, arg: str | None) -> None:
    t = st.tables
    adv = st.data.adv
    assert adv is not None
    path = board.country_path(t, effect.country)
    common.remove_great_king(st, "16.5")  # [16.5] every Great King card ends the old Great King
    baqt = adv.baqt[path]
    country = t.army_id[effect.country]
    king = revolt_king(t.content.power(effect.country).name)
    if baqt is not None and baqt.kind == "full":
        st.push_named("revolt", path=path, ap=effect.great_king_ap, king=king)
        return
    if baqt is not None:
        break_partial_baqt(st, path)
    if board.active(st, path) == country:
        common.crown(st, path, king, effect.great_king_ap, "16.4.3")
    else:
        st.emit(f"Revolt: the {t.army_short[country]} are not your active army; no Great King.", "16.4.4")


def great_king(st: JihadState, effect: GreatKingEvent, ref: EffectRef, arg: str | None) -> None:
    path = st.tables.path_id[effect.path]
    common.remove_great_king(st, "16.5")
    if board.full_baqt(st, path):
        st.push_named("revolt", path=path, ap=effect.ap, king=effect.name)  # [16.5.1]
        return
    common.crown(st, path, effect.name, effect.ap, "16.5")  # [16.5.2] under a Partial Baqt too


def baqt_offer(st: JihadState, effect: BaqtOffer, ref: EffectRef, arg: str | None) -> None:
    """[16.3] the offer is resolved in the Diplomacy Step (14.10 step 6)."""
    adv = st.data.adv
    assert adv is not None
    path = board.country_path(st.tables, effect.country)
    adv.offers.append(Offer(kind="baqt", path=path))
    st.emit(f"{effect.label}: a Baqt may be signed in the Diplomacy Step.", "16.3")


# =============================================================================================
# [17] the Syrians, [18, 19] Sharia Law and the Jews, [20] religion, [22] Truce offers
# =============================================================================================


def kaaba(st: JihadState, effect: Kaaba, ref: EffectRef, arg: str | None) -> None:
    """[17.3] a new Caliph or general raises the Ka'aba Number (never above 8)."""
    st.emit(f"{effect.leader} takes charge of the Syrians: Ka'aba +{effect.amount}.", "17.3")
    common.reinforce(st, effect.amount, "17.3")


def umar(st: JihadState, effect: CaliphUmarI, ref: EffectRef, arg: str | None) -> None:
    """[17.1.2, 21.2.1] the Syrians come now if Damascus is Muslim, else once it converts."""
    t = st.tables
    adv = st.data.adv
    assert adv is not None
    if adv.damascus == "capital" or board.is_converted(st, t.land_path[t.damascus], t.land_index[t.damascus]):
        st.emit("Caliph Umar I: Damascus is Muslim; the Syrians are reinforced at once.", "17.1.2")
        common.set_kaaba(st, adv.kaaba + board.umar_amount(st), "17.1.2")
    else:
        adv.umar = True
        st.emit("Caliph Umar I: the Syrians will come once Damascus converts to Islam.", "17.1.2")


def jihad(st: JihadState, effect: Jihad, ref: EffectRef, arg: str | None) -> None:
    common.start_jihad(st, effect.target, effect.mode, "17.6.1")


def sharia(st: JihadState, effect: ShariaLaw, ref: EffectRef, arg: str | None) -> None:
    """[18.1] the rolls begin on the turn after this one."""
    adv = st.data.adv
    assert adv is not None
    if adv.sharia != "none":
        return
    adv.sharia = "pending"
    adv.sharia_turn = st.data.turn
    st.emit("Sharia Law: the Dar al-Islam Table is rolled from next turn on.", "18.1")


def jews(st: JihadState, effect: JewishMarker, ref: EffectRef, arg: str | None) -> None:
    """[19.1] the Jewish marker arrives in (or moves to) a Land, on the side the card names."""
    adv = st.data.adv
    assert adv is not None
    land = st.tables.place_id[effect.land]
    adv.jews = Jews(at=land, side=effect.side)
    effect_text = "+1 Hit" if effect.side == "plus_one" else "-1 Hit"
    st.emit(f"The Jewish marker goes to {st.tables.land_title[land]} on its {effect_text} side.", "19.1")


def council(st: JihadState, effect: EcumenicalCouncil, ref: EffectRef, arg: str | None) -> None:
    st.push_named("council")


def schism(st: JihadState, effect: Schism, ref: EffectRef, arg: str | None) -> None:
    """Papal Bull: the Byzantine Religion marker turns to its Schism side."""
    adv = st.data.adv
    assert adv is not None
    if adv.schism:
        st.emit("Papal Bull: Byzantium is already in Schism.", "20.2")
        return
    adv.schism = True
    st.emit("Papal Bull: the Byzantine Religion marker turns to its Schism side.", "20.2")


def truce_offer(st: JihadState, effect: TruceOffer, ref: EffectRef, arg: str | None) -> None:
    """[22.0] the offer waits for the Diplomacy Step."""
    adv = st.data.adv
    assert adv is not None
    adv.offers.append(Offer(kind="truce", empire=effect.empire))
    name = board.EMPIRES_NAME[effect.empire]
    st.emit(f"{effect.label}: the Arabs offer {name} a Truce (decided in Diplomacy).", "22.0")


#: what each effect type does, by its ``type`` tag
HANDLERS: dict[str, Handler] = {
    "end_of_era": end_of_era,
    "ruler_change": ruler_change,
    "ruler_skill": ruler_skill,
    "minor_power_shift": minor_shift,
    "minor_power_face": minor_face,
    "greek_fire": greek_fire,
    "sardinian_raids": sardinian,
    "iconoclasm": iconoclasm,
    "munnuza": munnuza,
    "rightly_guided_army": rightly_guided,
    "draw_next_card": draw_next,
    "berber_revolt": berber_revolt,
    "army_step_loss": army_step_loss,
    "army_retreat": army_retreat,
    "army_replace": army_replace,
    "remove_castle": remove_castle,
    "islam_advance": islam_advance,
    "disrupt_islam": disrupt_islam,
    "undisrupt_islam": undisrupt_islam,
    "conversion_roll": conversion,
    "capital_move": capital_move,
    "bonus_ap": bonus_ap,
    "theater_ap": theater_ap,
    "free_attack": free_attack,
    "free_rally": free_rally,
    "fleet_free_use": fleet_free,
    "choice": choice,
    "first_possible": first_possible,
    "army_advance": army_advance,
    "baqt_offer": baqt_offer,
    "revolt": revolt,
    "great_king": great_king,
    "kaaba": kaaba,
    "caliph_umar_i": umar,
    "jihad": jihad,
    "sharia_law": sharia,
    "jewish_marker": jews,
    "ecumenical_council": council,
    "schism": schism,
    "truce_offer": truce_offer,
}


# =============================================================================================
# [8.13] ▲ events offered in the Actions Phase
# =============================================================================================


def triggered(st: JihadState) -> list[tuple[Action, EffectRef, str | None]]:
    """The ``event`` actions for the current card's ▲ events, one per possible target, with
    the event and its argument."""
    out: list[tuple[Action, EffectRef, str | None]] = []
    t = st.tables
    d = st.data
    action = st.game.action
    for ref in d.pending:
        effect = effect_at(t, ref)
        name = label(effect)
        if not condition_holds(st, effect.condition):
            continue
        if isinstance(effect, FreeRally):
            for army in effect.armies:
                aid = t.army_id[army]
                a = d.armies[aid]
                pos = board.position(st, aid)
                if pos and board.active(st, pos[0]) == aid and not a.cursed and a.strength != "strong":
                    out.append((action("event", name, t.path_name[pos[0]]), ref, army))
        elif isinstance(effect, FreeAttack):
            path = t.path_id[effect.path]
            act = board.active(st, path)
            if (
                act is not None
                and (not effect.armies or t.army_name[act] in effect.armies)
                and board.can_attack(st, path)
            ):
                out.append((action("event", name), ref, None))
        elif isinstance(effect, DisruptIslam) and effect.choose is not None:
            for p in effect.paths:
                if p in t.path_id:
                    marker = d.islam[t.path_id[p]]
                    if marker.at > 0 and not marker.dis:
                        out.append((action("event", name, p), ref, p))
        elif isinstance(effect, ChoiceEffect):
            for k in range(len(effect.options)):
                out.append((action("event", name, str(k + 1)), ref, str(k + 1)))
        else:
            out.append((action("event", name), ref, None))
    return out


def play_triggered(st: JihadState, ref: EffectRef, arg: str | None) -> None:
    """[8.13] the player plays a ▲ event of this turn's card."""
    st.data.pending.remove(ref)
    effect = effect_at(st.tables, ref)
    st.emit(f"The player plays the event {label(effect)}.", "8.13")
    resolve(st, effect, ref, arg)
