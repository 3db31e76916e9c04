"""[7.0] The Arab Phase: Hits per Path (the Hit List, 7.2.1) and how the player absorbs them
(7.3-7.6: step losses, retreats, Capitals, the Castle procedure, Curses, Neutrals)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from consim.core.action import Action
from consim.games.jihad import syrians, trade, truce
from consim.games.jihad.frames import Decision, Frame

if TYPE_CHECKING:
    from collections.abc import Callable

    from consim.games.jihad.game import JihadState

#: [7.2.2] terrain penalties for the invaded Land's Crossing (Straits: see NOTES.md)
TERRAIN = {"ordinary": 0, "mountain": -1, "river": -2, "straits": -2}
LEVELS = ("strong", "weak", "shattered")

A_STEP = Action("step")
A_CAPITAL = Action("capital")
A_BESIEGE = Action("besiege")
A_CASTLE = Action("castle")
A_RETREAT = Action("retreat")


# =============================================================================================
# [7.2] Calculating Hits
# =============================================================================================


def invasion(state: JihadState, path: str) -> tuple[int, int] | None:
    """(invading Land index, defending Land index); None if the Path has no active army."""
    aid = state.active(path)
    if aid is None:
        return None
    front = state.front(path)
    # A besieged army is invaded from its own (Arab-held) Land: no Crossing (see NOTES.md)
    source = front if state.army(aid)["sieged"] else front - 1
    return source, front


def hit_list(state: JihadState, path: str, base: int) -> list[tuple[str, int]]:
    """[7.2.1] the terms of the Hit List after the Rose number ``base`` (die included)."""
    g = state.g
    s = state.s
    terms: list[tuple[str, int]] = [("Rose", base)]
    inv = invasion(state, path)
    if inv is None:
        return terms
    source, target = inv
    muslim = state.muslim_for_combat(path, source)
    crossing = "ordinary" if source == target else g.crossing_in[path][target]
    terrain = TERRAIN[crossing]
    # [2.1.5, 21.2.1] Damascus as the Islamic Capital is an extension of Mecca
    capital = source > 0 and trade.islamic_capital(state, g.land(path, source).id)
    if muslim and terrain and source != 0 and not capital:
        # [7.2.2] Islam cancels out terrain: no terrain penalty, and no +1 for Islam
        terms.append((f"Islam cancels the {crossing} crossing", 0))
    else:
        if muslim:
            always = "Mecca is always Muslim" if source == 0 else "the Islamic Capital is always Muslim"
            terms.append((always if source == 0 or capital else "Islam", 1))  # [2.1.5.4, 7.2.1]
        if terrain:
            terms.append((f"{crossing.capitalize()} crossing", terrain))
    if source == 0 or capital:
        terms.append(("Mecca tile", 1 if s["mecca_strong"] else 0))  # [2.1.5.4]
    for track_id, track in s["tracks"].items():
        face = next(f for f in g.content.minor_power(track_id).faces if f.id == track["face"])
        if face.affects_path == path and track["box"]:
            terms.append((g.content.minor_power(track_id).name, track["box"]))  # [13.1]
    aid = state.active(path)
    assert aid is not None
    defending = g.land(path, target).id
    if s["themes"] == defending and g.power_of(aid) == "byzantium":
        terms.append(("Themes", -1))  # [12.4]
    jews = s["adv"]["jews"] if "adv" in s else None
    if jews is not None and jews["at"] == defending and state.player_controls(defending):
        terms.append(("Jewish marker", 1 if jews["side"] == "plus_one" else -1))  # [19.1]
    if syrians.mujahideen_on(state, path):
        adv = s["adv"]
        terms.append((f"{adv['muj']['side'].capitalize()} Mujahideen", adv["kaaba"]))  # [17.5, 17.6.4]
    return terms


def invade_path(state: JihadState, path: str) -> None:
    """[7.1.2, 7.2, 7.4] one Path of the Arab Phase."""
    s = state.s
    card = state.g.content.card(s["card"])
    assert card.rose is not None
    entry = card.rose.entry(path)
    name = state.g.content.path(path).name
    if state.full_baqt(path):
        state.emit(f"{name}: a Full Baqt keeps the peace: no Arab Hits.", "16.3.2")
        return
    fitna = entry.fitna or (entry.f3 and not state.persian_on(path))
    stop = state.stop_sign(path)
    if fitna or stop:
        marker = s["islam"][path]
        if stop:
            state.emit(f"{name}: the Arabic Stop Sign: a Fitna, no Arab activity.", "15.5")
        else:
            state.emit(f"{name}: Fitna, no Arab Hits.", "7.1.2")
        if marker["at"] > 0 and not marker["dis"]:
            marker["dis"] = True
            state.emit(f"{name}: the Islam marker is Disrupted by the Fitna.", "7.1.2")
        if state.g.advanced:
            syrians.fitna_on(state, path)  # [7.1.2, 17.5, 17.6.4]
        return
    if truce.truce_shields(state, path):
        state.emit(f"{name}: the Truce holds: the Arab Hits are ignored.", "22.1")
        return
    base = entry.hits
    rule = "7.2"
    if entry.red and state.g.advanced:
        state.emit(f"{name}: the red {entry.hits} counts as an ordinary number.", "15.1")
    elif entry.red:
        die = state.rng.randint(1, 6)  # [7.1.2] a red number adds a die in the Basic game
        state.emit(f"{name}: red {entry.hits} + die {die}.", "7.1.2")
        base += die
    aid = state.active(path)
    if aid is None:
        return
    terms = hit_list(state, path, base)
    total = sum(v for _, v in terms)
    detail = ", ".join(f"{n} {v:+d}" if i else f"{n} {v}" for i, (n, v) in enumerate(terms))
    used = syrians.mujahideen_on(state, path)
    if total <= 0:
        state.emit(f"{name}: {detail} = {total}: no Hits.", "7.2.4")
        if used:
            syrians.after_invasion(state, path)  # [17.5] used, success or failure
        return
    army_name = state.g.content.army(aid).id
    state.emit(f"{name}: {detail} = {total} Hits on {army_name}.", rule)
    if used:
        syrians.after_invasion(state, path)  # [17.5, 17.6.4] the Ka'aba Number falls at once
    state.push({"k": "absorb", "path": path, "army": aid, "hits": total, "curse": False})


def _arab(state: JihadState, frame: Frame) -> None:
    paths = state.g.paths
    if frame["i"] >= len(paths):
        state.pop()
        return
    path = paths[frame["i"]]
    frame["i"] += 1
    invade_path(state, path)


# =============================================================================================
# [7.4] Inflicting Hits: the player absorbs them one choice at a time
# =============================================================================================


def absorb_options(state: JihadState, frame: Frame) -> list[tuple[Action, int]]:
    """Each legal way to absorb the next Hits, with how many Hits it absorbs."""
    g = state.g
    aid = frame["army"]
    a = state.army(aid)
    hits = frame["hits"]
    pos = state.position(aid)
    if pos is None or hits <= 0:
        return []
    path, idx = pos
    land = g.land(path, idx)
    options: list[tuple[Action, int]] = []
    # [7.4 A] a step loss; a Cursed weak army has no marker left to Shatter it (NOTES.md)
    if a["str"] == "strong" or (a["str"] == "weak" and not a["cursed"]):
        options.append((A_STEP, 1))
    capital = state.capital_in(land.id)
    if capital is not None:
        options.append((A_CAPITAL, 1))  # [7.4.2]
    castle = state.castle_in(land.id)
    on_neutral = a["top"]
    can_leave = not land.ends_of_the_earth and not on_neutral and capital is None
    if castle is not None:
        value = state.castle_value(castle)
        if not a["sieged"]:
            options.append((A_BESIEGE, min(hits, value)))  # [7.4.3.1] step 2
        else:
            if state.s["castles"][castle]["side"] == "strong":
                options.append((A_CASTLE, min(hits, value)))  # step 3
            elif can_leave:
                options.append((A_RETREAT, min(hits, value)))  # step 4
    elif can_leave:
        options.append((A_RETREAT, min(hits, 2)))  # [7.4 B, 7.4.1]
    return options


def curse(state: JihadState, aid: str, rule: str) -> None:
    """[7.6] place a Cursed marker (a Shattered marker flips to its Cursed side)."""
    a = state.army(aid)
    if a["str"] == "shattered":
        a["str"] = "weak"
    if not a["cursed"]:
        a["cursed"] = True
        state.emit(f"{aid} is Cursed!", rule)


def retreat(state: JihadState, aid: str, rule: str) -> bool:
    """Move an army one Land away from Mecca; False if the game ended (5.1)."""
    g = state.g
    a = state.army(aid)
    pos = state.position(aid)
    assert pos is not None
    path, idx = pos
    here = g.land(path, idx)
    if "sudden_death" in here.tags:
        state.emit(f"{aid} is driven out of {here.name}: the West collapses. Sudden death defeat.", "5.1")
        state.end_game("rome")
        return False
    others = [x for x in state.path_armies(path) if x != aid]
    dest = g.land(path, idx + 1)
    a["at"] = dest.id
    a["sieged"] = False
    neutral_there = any(state.s["armies"][x]["at"] == dest.id for x in others)
    a["top"] = neutral_there
    note = ", on top of a Neutral army" if neutral_there else ""
    state.emit(f"{aid} retreats from {here.name} to {dest.name}{note}.", rule)
    if "bulgar_inversion" in here.tags:
        constantinople_falls(state)
    return True


def constantinople_falls(state: JihadState) -> None:
    """[2.1.6.2] the Icons are removed; the Themes (their back) are placed in Greece."""
    s = state.s
    if s["icons"] is not None:
        s["icons"] = None
        state.emit("Constantinople falls: the Icons are lost.", "2.1.6.2")
    if not s["themes_spent"]:
        fallback = next(x for x in state.g.lands["greek"] if "themes_fallback" in x.tags)
        s["themes"] = fallback.id
        s["themes_spent"] = True
        state.emit(f"The Byzantine Themes are raised in {fallback.name}.", "2.1.6.2")


def _absorb_legal(state: JihadState, frame: Frame) -> list[Action]:
    return [a for a, _ in absorb_options(state, frame)]


def _absorb_prompt(state: JihadState, frame: Frame) -> tuple[str, str]:
    aid = frame["army"]
    a = state.army(aid)
    pos = state.position(aid)
    where = state.g.land(*pos).name if pos else "?"
    status = a["str"] + (", Cursed" if a["cursed"] else "") + (", besieged" if a["sieged"] else "")
    choices = "; ".join(f"{act.text} absorbs {n}" for act, n in absorb_options(state, frame))
    return (
        f"{aid} ({status}) in {where} must absorb {frame['hits']} Hits. Options: {choices}.",
        "7.4",
    )


def _absorb_act(state: JihadState, frame: Frame, action: Action) -> None:
    options = dict(absorb_options(state, frame))
    absorbed = options[action]
    aid = frame["army"]
    a = state.army(aid)
    s = state.s
    pos = state.position(aid)
    assert pos is not None
    land = state.g.land(*pos)
    verb = action.verb
    if verb == "step":
        a["str"] = LEVELS[LEVELS.index(a["str"]) + 1]
        state.emit(f"{aid} takes a step loss: now {a['str']} (1 Hit).", "7.4")
    elif verb == "capital":
        empire = state.capital_in(land.id)
        assert empire is not None
        cap = s["capitals"][empire]
        if cap["side"] == "strong":
            cap["side"] = "weak"
            state.emit(f"The {empire} Capital in {land.name} is weakened (1 Hit).", "7.4.2")
        else:
            cap["at"] = None
            state.emit(f"The {empire} Capital in {land.name} is destroyed (1 Hit).", "7.4.2")
    elif verb == "besiege":
        a["sieged"] = True
        state.emit(f"{aid} retreats into the Castle in {land.name}: besieged ({absorbed} Hits).", "7.4.3.1")
        if state.g.falls_on_siege and "bulgar_inversion" in land.tags:
            constantinople_falls(state)  # [2.1.6.2] military control passes with the countryside
    elif verb == "castle":
        castle = state.castle_in(land.id)
        assert castle is not None
        s["castles"][castle]["side"] = "weak"
        state.emit(f"The Castle in {land.name} is reduced to its weak side ({absorbed} Hits).", "7.4.3.1")
    elif verb == "retreat":
        castle = state.castle_in(land.id)
        if castle is not None:
            s["castles"][castle]["at"] = "out"
            s["castles"][castle]["side"] = (
                "strong" if s["castles"][castle]["owner"] == "byzantium" else "weak"
            )
            frame["curse"] = True  # [7.4.3.1] Cursed once all damage is absorbed
            state.emit(f"{aid} abandons the Castle in {land.name}; the Castle is destroyed.", "7.4.3.1")
        if not retreat(state, aid, "7.4.1"):
            return
        state.emit(f"The retreat absorbs {absorbed} Hits.", "7.4.1")
    frame["hits"] -= absorbed
    if frame["hits"] <= 0:
        _finish(state, frame)


def _finish(state: JihadState, frame: Frame) -> None:
    if frame["curse"]:
        curse(state, frame["army"], "7.4.3.1")
    state.pop()


def _absorb_skip(state: JihadState, frame: Frame) -> None:
    """[7.5, 7.6 (3)] no way left to absorb: the army is Cursed and the rest is ignored."""
    if frame["hits"] > 0 and state.position(frame["army"]) is not None:
        state.emit(f"{frame['army']} cannot absorb the last {frame['hits']} Hits.", "7.6")
        curse(state, frame["army"], "7.6")
    frame["curse"] = frame["curse"] and state.position(frame["army"]) is not None
    _finish(state, frame)


AUTO: dict[str, Callable[[JihadState, Frame], None]] = {"arab": _arab}
DECISIONS: dict[str, Decision] = {
    "absorb": Decision(_absorb_prompt, _absorb_legal, _absorb_act, _absorb_skip),
}
