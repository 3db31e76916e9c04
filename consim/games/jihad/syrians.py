"""[17.0] The Syrians (Advanced Game): the Ka'aba Number, the Mujahideen, Jihads; with the
Syrian Vengeance Step (14.1) and the Jihad Redirection Check (14.10 step 5).

State (``s["adv"]``): ``kaaba`` the Ka'aba Number 2-8 (17.2); ``muj`` {"at": "casbah" or a
Path, "side": "tribal" | "syrian"} (17.1, 17.4.1: the marker stands in the Path's Land
nearest Mecca, so the Path alone places it); ``jihad`` None or {"target": empire, "mode":
"alternating" | "one_front", "path": the Mujahideen's Path, "stop": Arabic Stop Sign on the
Jihad marker (7.1.2)}.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from consim.games.jihad.content_models import CaliphUmarI, Jihad, Kaaba
from consim.games.jihad.game import THEATER_PATHS

if TYPE_CHECKING:
    from consim.games.jihad.game import JihadState

KAABA_MIN = 2
KAABA_MAX = 8
#: [17.6.2] where a Jihad against each Empire begins
JIHAD_START = {"persia": "parthian", "byzantium": "greek"}
#: [17.6.3] the Paths a Jihad against each Empire may target
JIHAD_PATHS = {"persia": THEATER_PATHS["east"], "byzantium": THEATER_PATHS["west"]}
EMPIRE_NAME = {"persia": "Persia", "byzantium": "Byzantium"}


# =============================================================================================
# [17.2, 17.3] the Ka'aba Number
# =============================================================================================


def _name(state: JihadState, path: str) -> str:
    return state.g.content.path(path).name


def set_kaaba(state: JihadState, value: int, rule: str) -> None:
    """[17.2, 17.3] set the Ka'aba Number (2-8) and turn the Mujahideen to match; [17.6.5] a
    Number lowered to 2 sends the Mujahideen to the Casbah and ends any Jihad."""
    adv = state.s["adv"]
    old = adv["kaaba"]
    new = max(KAABA_MIN, min(KAABA_MAX, value))
    adv["kaaba"] = new
    if new == old:
        state.emit(f"The Ka'aba Number stays at {new}.", rule)
        return
    state.emit(f"The Ka'aba Number goes from {old} to {new}.", rule)
    muj = adv["muj"]
    if new > KAABA_MIN and muj["side"] != "syrian":
        muj["side"] = "syrian"
        state.emit("A Ka'aba tile stands in Mecca: the Mujahideen turn to their Syrian side.", "17.2")
    elif new == KAABA_MIN:
        if muj["side"] != "tribal":
            muj["side"] = "tribal"
            state.emit("The Ka'aba Number is 2: the Mujahideen turn to their Tribal side.", "17.2")
        if adv["jihad"] is not None:
            end_jihad(state, "17.6.5")
        elif muj["at"] != "casbah":
            muj["at"] = "casbah"
            state.emit("The Mujahideen return to the Casbah.", "17.6.5")


def end_jihad(state: JihadState, rule: str) -> None:
    """[17.6.5] the Jihad marker goes out of play; the Mujahideen return to the Casbah."""
    adv = state.s["adv"]
    adv["jihad"] = None
    adv["muj"]["at"] = "casbah"
    state.emit("The Jihad ends: the Mujahideen return to the Casbah.", rule)


# =============================================================================================
# [17.5, 17.6.4] the Mujahideen in the Arab Phase
# =============================================================================================


def mujahideen_on(state: JihadState, path: str) -> bool:
    """[17.5] the Mujahideen stand on this Path (not in the Casbah)."""
    adv: dict[str, Any] | None = state.s.get("adv")
    return adv is not None and adv["muj"]["at"] == path


def after_invasion(state: JihadState, path: str) -> None:
    """[17.5, 17.6.4] once used in an invasion the Syrians lose 1 Ka'aba (not the Tribal
    Mujahideen); without a Jihad the Mujahideen go back to the Casbah."""
    adv = state.s["adv"]
    if adv["muj"]["side"] == "syrian":
        set_kaaba(state, adv["kaaba"] - 1, "17.5")
    if adv["jihad"] is None and adv["muj"]["at"] == path:
        adv["muj"]["at"] = "casbah"
        state.emit("The Mujahideen have been used: they return to the Casbah.", "17.5")


def fitna_on(state: JihadState, path: str) -> None:
    """[7.1.2, 17.6.4] a Fitna (or the Arabic Stop Sign, a super-Fitna, 15.5) on the Jihad's
    Path interrupts the Jihad: the Stop Sign goes on the Jihad marker for this turn."""
    jihad = state.s["adv"]["jihad"]
    if jihad is not None and jihad["path"] == path and not jihad["stop"]:
        jihad["stop"] = True
        state.emit("The Fitna interrupts the Jihad: an Arabic Stop Sign on the Jihad marker.", "7.1.2")
    if mujahideen_on(state, path):
        state.emit("The Mujahideen stay where they are, unused.", "17.5")


# =============================================================================================
# [17.6] Jihads
# =============================================================================================


def live(state: JihadState, empire: str, path: str) -> bool:
    """[17.6.3] a Live Path holds an army of the Jihad's Empire."""
    return any(state.g.power_of(a) == empire for a in state.path_armies(path))


def start_jihad(state: JihadState, empire: str, mode: str, rule: str) -> None:
    """[17.6.1, 17.6.2] set up a Jihad against an Empire (ending any other, 17.6.5)."""
    adv = state.s["adv"]
    name = EMPIRE_NAME[empire]
    if adv["truce"] == empire:
        from consim.games.jihad.events import end_truce

        # [17.6.1] a Jihad *called* against an Empire in Truce breaks it, even one that the
        # Tribal Mujahideen cannot then wage
        state.emit(f"A Jihad against {name} breaks the Truce.", "17.6.1")
        end_truce(state, "22.4")
    if adv["kaaba"] <= KAABA_MIN and not state.g.tribal_jihad:
        # [17.2, 17.6.5] only the Syrian side conducts a Jihad, and a Ka'aba Number of 2 ends one
        state.emit(f"The Ka'aba Number is 2: the Syrians cannot wage a Jihad against {name}.", "17.2")
        return
    start = JIHAD_START[empire]
    path: str | None = start if live(state, empire, start) else None
    if mode == "alternating":
        # [17.6.2] an Alternating Jihad with one Path Dead is One Front on the Live one (the
        # 17.6.5 example: Persia's Indian army long gone, the Jihad is One Front on the Parthian)
        alive = [p for p in JIHAD_PATHS[empire] if live(state, empire, p)]
        if len(alive) == 1:
            path, mode = alive[0], "one_front"
    if adv["jihad"] is not None:
        end_jihad(state, "17.6.5")  # [17.6.5] the new Jihad replaces it (or no Jihad at all)
    if path is None:
        state.emit(f"No Live Path against {name}: there is no Jihad.", "17.6.2")
        return
    adv["jihad"] = {"target": empire, "mode": mode, "path": path, "stop": False}
    adv["muj"]["at"] = path
    kind = "an Alternating" if mode == "alternating" else "a One Front"
    state.emit(
        f"{kind} Jihad against {name}: the Mujahideen take the field on the {_name(state, path)}.", rule
    )


def jihad_object_check(state: JihadState) -> None:
    """[17.6.5] the Jihad ends when its object is destroyed (no Live Path left)."""
    jihad = state.s["adv"]["jihad"]
    if jihad is None:
        return
    relevant = [jihad["path"]] if jihad["mode"] == "one_front" else list(JIHAD_PATHS[jihad["target"]])
    if not any(live(state, jihad["target"], p) for p in relevant):
        state.emit(f"The Jihad against {EMPIRE_NAME[jihad['target']]} has destroyed its object.", "17.6.5")
        end_jihad(state, "17.6.5")


def jihad_redirection(state: JihadState) -> None:
    """[14.10 step 5] follow the Jihad to its Live Path(s); an Alternating Jihad moves to the
    other Path unless a Fitna stopped it this turn; the Stop Sign is then removed."""
    adv = state.s["adv"]
    jihad = adv["jihad"]
    if adv.get("jihad_fresh"):
        adv["jihad_fresh"] = False  # [22.2] set up by this turn's Truce step: it starts next turn
        return
    if jihad is None:
        return
    empire = jihad["target"]
    if jihad["mode"] == "one_front":
        if not live(state, empire, jihad["path"]):
            end_jihad(state, "14.10")
            return
    else:
        paths = [p for p in JIHAD_PATHS[empire] if live(state, empire, p)]
        if not paths:
            end_jihad(state, "14.10")
            return
        if len(paths) == 1:
            jihad.update(mode="one_front", path=paths[0])
            adv["muj"]["at"] = paths[0]
            state.emit(
                f"Only the {_name(state, paths[0])} is Live: the Jihad turns One Front there.", "14.10"
            )
        elif jihad["stop"]:
            state.emit("The interrupted Jihad stays on the same Path.", "14.10")
        else:
            other = next(p for p in paths if p != jihad["path"])
            jihad["path"] = other
            adv["muj"]["at"] = other
            state.emit(f"The Alternating Jihad moves the Mujahideen to the {_name(state, other)}.", "14.10")
    if jihad["stop"]:
        jihad["stop"] = False
        state.emit("The Arabic Stop Sign comes off the Jihad marker.", "14.10")


# =============================================================================================
# [14.1] Syrian Vengeance
# =============================================================================================


def vengeance_path(state: JihadState) -> tuple[str, str] | None:
    """[14.1] the first Path (in order) whose player army holds a Green Box Land, else the
    first holding a Firmly Muslim Land (10.5); never a Path under the Stop Sign (15.5) or a
    Full Baqt (16.3.2). Returns (path, reason)."""
    g = state.g
    for check in ("green", "firm"):
        for path in g.paths:
            if state.stop_sign(path) or state.full_baqt(path):
                continue
            aid = state.active(path)
            pos = None if aid is None else state.position(aid)
            if pos is None:
                continue
            idx = pos[1]
            land = g.land(path, idx)
            if check == "green" and land.green_box:
                return path, f"{aid} holds the Green Box Land {land.name}"
            if check == "firm" and idx < state.s["islam"][path]["at"]:
                return path, f"{aid} holds the Firmly Muslim Land {land.name}"
    return None


def syrian_vengeance(state: JihadState) -> None:
    """[14.1] skipped during a Jihad (17.6.4). Otherwise the Mujahideen left from this turn
    come home (17.6.4: only a Jihad keeps them out) and are sent where the player threatens
    the interior of the Caliphate."""
    adv = state.s["adv"]
    if adv["jihad"] is not None:
        state.emit("Syrian Vengeance: a Jihad is underway; the step is skipped.", "14.1")
        return
    muj = adv["muj"]
    if muj["at"] != "casbah":
        muj["at"] = "casbah"
        state.emit("The turn is over: the Mujahideen return to the Casbah.", "17.6.4")
    found = vengeance_path(state)
    if found is None:
        return
    path, reason = found
    muj["at"] = path
    state.emit(
        f"Syrian Vengeance: {reason}; the {muj['side'].capitalize()} Mujahideen take the field on "
        f"the {_name(state, path)}.",
        "14.1",
    )


# =============================================================================================
# Card events: Ka'aba, Caliph Umar I, Jihad; [14.10 step 3] the Damascus Status Check
# =============================================================================================


def syrians_mustered(state: JihadState) -> bool:
    """[17.1.1] the Syrians get their first reinforcements once Damascus is the Islamic Capital
    and Event Card #2 (Caliph Umar I) has been drawn; until then nothing raises the Ka'aba
    Number (see NOTES.md)."""
    adv = state.s["adv"]
    return state.g.muster_at_start or (adv["damascus"] == "capital" and 2 in state.s["played"])


def reinforce(state: JihadState, amount: int, rule: str) -> None:
    """[17.3, 22.4] raise the Ka'aba Number, if the Syrians have mustered (17.1.1)."""
    if not syrians_mustered(state):
        state.emit(
            "The Syrians have not mustered yet (Damascus must be the Islamic Capital and Caliph "
            "Umar I drawn): the Ka'aba Number stays at 2.",
            "17.1.1",
        )
        return
    set_kaaba(state, state.s["adv"]["kaaba"] + amount, rule)


def _kaaba(state: JihadState, effect: Kaaba, ref: list[int], arg: str | None) -> None:
    """[17.3] a new Caliph or general raises the Ka'aba Number (never above 8)."""
    state.emit(f"{effect.leader} takes charge of the Syrians: Ka'aba +{effect.amount}.", "17.3")
    reinforce(state, effect.amount, "17.3")


def umar_amount(state: JihadState) -> int:
    """[17.1.2] the Syrians Caliph Umar I adds: fewer if Byzantium is Monophysite (data)."""
    effect = next(e for e in state.g.content.card(2).events if isinstance(e, CaliphUmarI))
    if state.s["adv"]["religion"] == "monophysite":
        return effect.kaaba_increase_if_monophysite
    return effect.kaaba_increase


def _umar(state: JihadState, effect: CaliphUmarI, ref: list[int], arg: str | None) -> None:
    """[17.1.2, 21.2.1] the Syrians come now if Damascus is Muslim, else once it converts."""
    adv = state.s["adv"]
    path, idx = state.g.where["damascus"]
    if adv["damascus"] == "capital" or state.is_converted(path, idx):
        state.emit("Caliph Umar I: Damascus is Muslim; the Syrians are reinforced at once.", "17.1.2")
        set_kaaba(state, adv["kaaba"] + umar_amount(state), "17.1.2")
    else:
        adv["umar"] = True
        state.emit("Caliph Umar I: the Syrians will come once Damascus converts to Islam.", "17.1.2")


def _jihad(state: JihadState, effect: Jihad, ref: list[int], arg: str | None) -> None:
    start_jihad(state, effect.target, effect.mode, "17.6.1")


def damascus_check(state: JihadState) -> None:
    """[14.10 step 3, 21.2.1] Damascus converted: the Christian Damascus marker turns to its
    Islamic Capital side; if Caliph Umar I has been played the Syrians arrive (17.1.2)."""
    adv = state.s["adv"]
    path, idx = state.g.where["damascus"]
    if adv["damascus"] != "christian" or not state.is_converted(path, idx):
        return
    adv["damascus"] = "capital"
    state.emit("Damascus has converted: it is the Islamic Capital of the Caliphate.", "21.2.1")
    if adv["umar"]:
        adv["umar"] = False
        state.emit("Caliph Umar I's Syrians muster in the new capital.", "17.1.2")
        set_kaaba(state, adv["kaaba"] + umar_amount(state), "17.1.2")


HANDLERS: dict[str, Any] = {"kaaba": _kaaba, "caliph_umar_i": _umar, "jihad": _jihad}
