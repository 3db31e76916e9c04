"""[10.0, 14.0] Religion and the End of Turn Phase, steps 14.2-14.9 in their exact order.

(14.1 Syrian Vengeance and 14.10 Diplomacy belong to the Advanced Game; the Syrian steps, 14.1
and 14.10 steps 3 and 5, live in ``syrians.py``.)
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from consim.core.action import Action
from consim.games.jihad import syrians, truce
from consim.games.jihad.frames import Decision, Frame
from consim.games.jihad.game import LONE_THEATERS, THEATER_OF
from consim.games.jihad.paths import great_king_falls_with

if TYPE_CHECKING:
    from collections.abc import Callable

    from consim.games.jihad.game import JihadState


# =============================================================================================
# [14.2] Curse Removal
# =============================================================================================


def curse_removal(state: JihadState) -> None:
    s = state.s
    g = state.g
    for path in g.paths:
        for aid in state.path_armies(path):
            a = state.army(aid)
            if not a["cursed"]:
                continue
            a["cursed"] = False
            state.emit(f"The Curse on {aid} is removed.", "14.2")
            if state.stop_sign(path) or state.full_baqt(path):
                continue  # [15.5] no Arab activity on the Path at all
            marker = s["islam"][path]
            if not marker["dis"]:
                # (A) a face-up marker advances a Land and is Disrupted; never into the Ends of the Earth
                nxt = marker["at"] + 1
                if nxt <= state.islam_reach(path) and not g.land(path, nxt).ends_of_the_earth:
                    marker["at"] = nxt
                    marker["dis"] = True
                    state.emit(
                        f"The locals turn: the Islam marker advances to {g.land(path, nxt).name}, Disrupted.",
                        "14.2",
                    )
            elif not state.player_controls(g.land(path, marker["at"]).id):
                marker["dis"] = False  # (B)
                state.emit(f"The Islam marker on the {path} Path turns face up.", "14.2")
    # [14.2.1] the Berbers in their Status Box stay Cursed


# =============================================================================================
# [14.3] Conversion, [14.3.3] Religious Revival
# =============================================================================================


def conversion_roll(state: JihadState, path: str, disrupted: bool, rule: str) -> bool | None:
    """[14.3] roll for the Land past the Islam marker if the Arabs hold it; None if no roll."""
    s = state.s
    g = state.g
    marker = s["islam"][path]
    if marker["dis"]:
        return None
    target = marker["at"] + 1
    if target > state.control_limit(path) or target > state.islam_reach(path):
        return None  # [14.3]; never into a Partial Baqt Land (16.3.3)
    land = g.land(path, target)
    die = state.rng.randint(1, 6)
    if die > land.apostasy:
        state.emit(f"Conversion of {land.name} (apostasy {land.apostasy}): die {die}, it holds firm.", rule)
        return False
    if s["themes"] == land.id:
        s["themes"] = None  # [14.3.2]
        state.emit(
            f"Conversion of {land.name}: die {die} succeeds, but the Themes die protecting it; "
            "no conversion this turn.",
            "14.3.2",
        )
        return False
    marker["at"] = target
    marker["dis"] = disrupted
    state.emit(
        f"Conversion of {land.name} (apostasy {land.apostasy}): die {die}: it converts to Islam.", rule
    )
    if s["icons"] == land.id:
        s["icons"] = None  # [14.3.1]
        state.emit("The Icons are captured in the conversion.", "14.3.1")
    return True


def conversion_step(state: JihadState) -> None:
    for path in state.g.paths:
        if state.stop_sign(path):
            state.emit(f"The Arabic Stop Sign: no Conversion on the {path} Path.", "15.5")
            continue
        if state.full_baqt(path):
            continue  # [16.3.2] the Path is ignored
        conversion_roll(state, path, False, "14.3")
    religious_revival(state)


def religious_revival(state: JihadState) -> None:
    """[14.3.3] if the player controls a firmly Muslim Land, a 6 pushes the marker back."""
    s = state.s
    for path in state.g.paths:
        marker = s["islam"][path]
        if marker["at"] < 2:
            continue
        if state.arab_limit(path) + 1 < marker["at"]:
            die = state.rng.randint(1, 6)
            if die == 6:
                marker["at"] -= 1
                state.emit(
                    f"Religious Revival on the {path} Path: a 6! The Islam marker falls back to "
                    f"{state.g.land(path, marker['at']).name}.",
                    "14.3.3",
                )
            else:
                state.emit(f"Religious Revival on the {path} Path: die {die}, no effect.", "14.3.3")


# =============================================================================================
# [14.4] Islamic Recovery
# =============================================================================================


def islamic_recovery(state: JihadState) -> None:
    s = state.s
    g = state.g
    adv = s.get("adv")
    if adv is not None and adv["muj"]["side"] == "tribal" and adv["muj"]["at"] in g.paths:
        if any(s["islam"][p]["dis"] for p in g.paths):
            state.emit("The Tribal Mujahideen are in the field: no Islam marker recovers.", "14.4")
        return
    for path in g.paths:
        marker = s["islam"][path]
        if not marker["dis"]:
            continue
        if state.stop_sign(path):
            state.emit(f"The Arabic Stop Sign: the Islam marker on the {path} Path stays Disrupted.", "14.4")
            continue
        land = g.land(path, marker["at"])
        if state.player_controls(land.id):
            continue
        icons = s["icons"]
        if icons in g.where and state.player_controls(icons):
            ipath, idx = g.where[icons]
            if ipath == path and abs(idx - marker["at"]) == 1:
                state.emit(f"The Icons hold back the Islamic recovery in {land.name}.", "14.4")
                continue
        marker["dis"] = False
        state.emit(f"The Islam marker in {land.name} recovers.", "14.4")


# =============================================================================================
# [14.5] Paris and the Berbers
# =============================================================================================


def paris_and_berbers(state: JihadState) -> None:
    berbers = state.army("berbers")
    franks = state.army("franks")
    paris = state.g.lands["med"][-1].id
    if berbers["at"] != "berber_revolt_box" or franks["at"] != paris:
        return
    if berbers["str"] == "strong":
        berbers["str"] = "weak"
    elif berbers["str"] == "weak" and not berbers["cursed"]:
        berbers["str"] = "shattered"
    elif not berbers["cursed"]:
        berbers["str"] = "weak"
        berbers["cursed"] = True
    else:
        berbers["at"] = "dead"
        state.emit("The Franks in Paris crush the Berbers for good: no Berber Revolt can occur.", "14.5")
        return
    state.emit(
        f"The Franks in Paris strike the Berbers in their Status Box (now {_status(berbers)}).", "14.5"
    )


def _status(a: dict[str, object]) -> str:
    return "Cursed" if a["cursed"] else str(a["str"])


# =============================================================================================
# [14.6] Surrender, Theater Division, Persian Collapse
# =============================================================================================


def surrender(state: JihadState) -> None:
    s = state.s
    g = state.g
    for path in g.paths:
        for aid in state.path_armies(path):
            a = state.army(aid)
            if not a["top"]:
                continue
            a.update(at="dead", top=False, cursed=False, sieged=False)
            great_king_falls_with(state, aid)  # [16.5]
            power = g.power_of(aid)
            new = state.active(path)
            state.emit(
                f"{aid} surrenders on top of the Neutral {new}, which becomes your active army.", "14.6"
            )
            theater = THEATER_OF[path]
            divides = (power == "byzantium" and path == "med") or power == "persia"
            if divides and not s["divided"][theater]:
                s["divided"][theater] = True  # [14.6.1]
                state.emit(f"The {theater.capitalize()} Theater is now Divided.", "14.6.1")
    persians = [x for x in g.army_ids if g.power_of(x) == "persia" and state.position(x) is not None]
    if not persians and s["rulers"].get("persia") is not None:
        # [14.6.2] Persian Collapse
        s["rulers"]["persia"] = None
        s["capitals"]["persia"]["at"] = None
        s["immortals"]["gone"] = True
        s["last_stand"]["persia"]["gone"] = True
        s["mecca_strong"] = True
        state.emit(
            "The Persian Empire collapses: the Shah, the Capital, the Immortals and the Last Stand chit are "
            "gone; the Mecca tile turns Strong.",
            "14.6.2",
        )
        if "adv" in s:
            s["adv"]["zabulistan"] = "defiant"
            state.emit("The Zabulistan marker is placed, Defiant, in the Zabulistan Box.", "14.6.2")
    if "adv" in s:
        syrians.jihad_object_check(state)  # [17.6.5] e.g. Persia destroyed ends a Jihad against it


# =============================================================================================
# [14.7] Icons Movement (a decision), [14.8] Banking, [14.9] Blessings Recovery
# =============================================================================================


def icon_sites(state: JihadState) -> list[str]:
    s = state.s
    g = state.g
    icons = s["icons"]
    if icons is None or (icons != "available" and state.controller_power(icons) != "byzantium"):
        return []
    out = []
    for path in g.paths:
        for land in g.lands[path]:
            christian = land.religion in ("orthodox", "catholic", "monophysite", "nestorian")
            converted = state.is_converted(path, land.index)
            if (
                land.id != icons
                and christian
                and not converted
                and state.controller_power(land.id) == "byzantium"
            ):
                out.append(land.id)
    if icons != "available":
        out.append("available")
    return out


def banking(state: JihadState) -> None:
    """[6.3.2, 14.8] an Empire with its Capital banks; other AP and red/blue tokens are lost."""
    s = state.s
    for theater, empire in (("west", "byzantium"), ("east", "persia")):
        if s["ap"][theater] and s["capitals"][empire]["at"] is None:
            state.emit(f"The {theater} Theater cannot bank: {s['ap'][theater]} AP are lost.", "14.8")
            s["ap"][theater] = 0
        elif s["ap"][theater]:
            state.emit(f"The {theater} Theater banks {s['ap'][theater]} AP.", "6.3.2")
    for path in LONE_THEATERS if "adv" in s else ():
        # [6.3.2, 14.8] a Great King banks (up to 6, 16.5); a Barbarian or Garrison cannot
        if s["ap"][path] and state.great_king(path) is None:
            state.emit(f"The {path} Path cannot bank: {s['ap'][path]} AP are lost.", "14.8")
            s["ap"][path] = 0
        elif s["ap"][path]:
            state.emit(f"The Great King of the {path} Path banks {s['ap'][path]} AP.", "16.5")
    for colour in ("red", "blue"):
        if s["tokens"][colour]:
            state.emit(f"{s['tokens'][colour]} unspent {colour} AP token(s) are lost.", "14.8")
            s["tokens"][colour] = 0
    if "adv" in s and s["adv"]["trade_used"]:
        s["adv"]["trade_used"] = {}
        state.emit("The Trade Closed markers are removed.", "14.8")


def blessings_recovery(state: JihadState) -> None:
    s = state.s
    s["fleet"]["used"] = False
    s["immortals"]["used"] = False
    s["fleet_free"] = None
    s["landing"] = False
    if "adv" in s and s["adv"]["stop_sign"] is not None:
        s["adv"]["stop_sign"] = None
        state.emit("The Arabic Stop Sign is removed from the map.", "14.9")


STEPS: tuple[tuple[str, Callable[[JihadState], None]], ...] = (
    ("14.2", curse_removal),
    ("14.3", conversion_step),
    ("14.4", islamic_recovery),
    ("14.5", paris_and_berbers),
    ("14.6", surrender),
    ("14.7", lambda state: state.push({"k": "icons"})),
    ("14.8", banking),
    ("14.9", blessings_recovery),
)


def diplomacy(state: JihadState) -> None:
    """[14.10] the Diplomacy Step (Advanced Game)."""
    s = state.s
    adv = s["adv"]
    state.emit("Diplomacy Step.", "14.10")
    trade_routes_check(state)
    # Step 2: the Muslim Navy [21.1]
    if not adv["navy"] and any(
        state.is_converted(*state.g.where[land.id])
        for path in ("greek", "med")
        for land in state.g.lands[path]
        if land.critical_city and land.id != "damascus"
    ):
        adv["navy"] = True
        state.emit("Jerusalem or Alexandria is Muslim: the Muslim Navy is Active.", "14.10")
    syrians.damascus_check(state)  # Step 3 [21.2.1]
    state.push({"k": "diplomacy", "step": 4})


def _diplomacy(state: JihadState, frame: Frame) -> None:
    """[14.10 steps 4-6] each step after the decisions of the one before."""
    adv = state.s["adv"]
    step = frame["step"]
    if step == 4:
        frame["step"] = 5
        truce.truce_step(state)  # [22.0] the Truce offers
    elif step == 5:
        frame["step"] = 6
        syrians.jihad_redirection(state)  # [17.6]
    else:
        state.pop()
        paths = [o["path"] for o in adv["offers"] if o["kind"] == "baqt"]  # [16.3] Baqt Resolution
        if paths:
            state.push({"k": "baqt", "paths": paths})


def trade_routes_check(state: JihadState) -> None:
    """[14.10 step 1] the Pontic Route keeps Greek Fire (12.1, 21.4.3.1); the Socotra Route
    sets the Socotra marker's side (13.5, 21.4.3.2)."""
    s = state.s
    g = state.g
    pontic = next(r for r in g.content.map.trade_routes if r.id == "pontic")
    if s["fleet"]["side"] == "greek_fire" and any(state.arab_controls(x) for x in pontic.ends):
        s["fleet"]["side"] = "plus_one"
        state.emit("The Pontic Route is cut: no naphtha, the Greek Fleet loses Greek Fire (+1).", "14.10")
    adulis, rajasthan = next(r for r in g.content.map.trade_routes if r.id == "socotra").ends
    face = "indian" if state.arab_controls(adulis) or state.full_baqt("african") else "africa"
    if s["tracks"]["socotra"]["face"] != face:
        s["tracks"]["socotra"]["face"] = face
        state.emit(f"The Socotra marker turns to its {face} side.", "14.10")
    del rajasthan


def _end(state: JihadState, frame: Frame) -> None:
    i = frame["i"]
    steps = (VENGEANCE + STEPS + ADVANCED_STEPS) if "adv" in state.s else STEPS
    if i >= len(steps):
        state.pop()
        return
    frame["i"] += 1
    steps[i][1](state)


def _icons_prompt(state: JihadState, frame: Frame) -> tuple[str, str]:
    return (f"Icons Movement: move the Icons (now in {state.s['icons']}) or keep them (done).", "14.7")


def _icons_legal(state: JihadState, frame: Frame) -> list[Action]:
    sites = icon_sites(state)
    if not sites:
        return []
    return [*(Action("icons", (x,)) for x in sites), Action("done")]


def _icons_act(state: JihadState, frame: Frame, action: Action) -> None:
    state.pop()
    if action.verb == "icons":
        state.s["icons"] = action.args[0]
        state.emit(f"The Icons move to {action.args[0]}.", "14.7")


#: [14.1] the Advanced Game's first End of Turn step
VENGEANCE: tuple[tuple[str, Callable[[JihadState], None]], ...] = (("14.1", syrians.syrian_vengeance),)
ADVANCED_STEPS: tuple[tuple[str, Callable[[JihadState], None]], ...] = (("14.10", diplomacy),)

AUTO: dict[str, Callable[[JihadState, Frame], None]] = {"end": _end, "diplomacy": _diplomacy}
DECISIONS: dict[str, Decision] = {"icons": Decision(_icons_prompt, _icons_legal, _icons_act)}
