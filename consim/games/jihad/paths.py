"""[16.0] The Caucasus and African Paths (Advanced Game): the Baqt (16.3), Revolts (16.4) and
Great Kings (16.5). (16.1's automatic AP is collected in ``turn.py``; 16.2's Garrisons are
ordinary armies with only a weak side, see ``actions.can_rally``.)

"The Country" is Armenia on the Caucasus Path and Nubia on the African Path; the "more
distant power" is the Khazars and Axum.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from consim.core.action import Action
from consim.games.jihad.content_models import BaqtOffer, GreatKingEvent, Revolt
from consim.games.jihad.frames import Decision, Frame

if TYPE_CHECKING:
    from collections.abc import Callable

    from consim.games.jihad.game import JihadState

#: [16.3] the Country and the more distant power of each Path
COUNTRY = {"caucasus": "armenians", "african": "nubians"}
DISTANT = {"caucasus": "khazars", "african": "axum"}
PATH_OF_COUNTRY = {v: k for k, v in COUNTRY.items()}


def flag_land(state: JihadState, path: str, kind: str) -> tuple[str, int]:
    """(Land id, index) of the Path's Full or Partial Baqt flag."""
    land = next(x for x in state.g.lands[path] if x.baqt_flag == kind)
    return land.id, land.index


def place(state: JihadState, aid: str, land_id: str, strength: str | None = None) -> None:
    a = state.army(aid)
    a.update(at=land_id, top=False, sieged=False)
    if strength is not None:
        a.update(str=strength, cursed=False)


# =============================================================================================
# [16.5] Great Kings
# =============================================================================================


def remove_great_king(state: JihadState, rule: str) -> None:
    """[16.5] the Great King disappears and his stored AP are lost."""
    adv = state.s["adv"]
    king = adv["great_king"]
    if king is None:
        return
    adv["great_king"] = None
    lost = state.s["ap"][king["path"]]
    state.s["ap"][king["path"]] = 0
    state.emit(f"The Great King {king['name']} of the {king['path']} Path is gone ({lost} AP lost).", rule)


def crown(state: JihadState, path: str, name: str, ap: int, rule: str) -> None:
    """[16.5] a new Great King for the Path's active army, with ``ap`` AP (no 16.1 AP this turn)."""
    aid = state.active(path)
    if aid is None:
        return
    state.s["adv"]["great_king"] = {"path": path, "name": name, "army": aid, "new": True}
    state.s["ap"][path] = min(ap, 6)
    state.emit(f"A Great King, {name}, leads the {aid} on the {path} Path with {min(ap, 6)} AP.", rule)


def great_king_falls_with(state: JihadState, aid: str) -> None:
    """[16.5] if a Great King's army is destroyed, the Great King is lost with his AP."""
    adv = state.s.get("adv")
    if adv is not None and adv["great_king"] is not None and adv["great_king"]["army"] == aid:
        remove_great_king(state, "16.5")


# =============================================================================================
# [16.3] The Baqt, signed in the Diplomacy Step (14.10 step 6)
# =============================================================================================


def baqt_kind(state: JihadState, path: str) -> str | None:
    """[16.3.1] the Baqt the Country may sign now: it stands in a flag Land that is not
    converted to Islam, as the active army (the default reading) or, under the option
    ``baqt_country=present``, also as a Neutral behind the Garrison (see NOTES.md)."""
    country = COUNTRY[path]
    if state.s["adv"]["baqt"][path] is not None:
        return None
    if state.active(path) != country and not state.g.baqt_present:
        return None
    pos = state.position(country)
    if pos is None:
        return None
    land = state.g.land(*pos)
    if land.baqt_flag is None or state.is_converted(*pos):
        return None
    if state.active(path) != country and land.baqt_flag != "full":
        return None  # a Neutral Country stands only in its start Land, the Full flag Land
    return land.baqt_flag


def sign_baqt(state: JihadState, path: str, kind: str) -> None:
    country, distant = COUNTRY[path], DISTANT[path]
    adv = state.s["adv"]
    land_id, _ = flag_land(state, path, kind)
    here = state.army(country)["at"]
    for other in state.path_armies(path):
        if other != country and state.army(other)["at"] == here:
            state.army(other)["top"] = False  # the Neutral under it is gone: nothing to surrender to
    state.army(country).update(at="off", top=False, sieged=False, cursed=False)
    great_king_falls_with(state, country)
    adv["baqt"][path] = {"kind": kind, "at": land_id}
    if kind == "full":
        # [16.3.2] the Path shuts down; the more distant power is flipped weak
        if state.army(distant)["at"] in state.g.where:
            state.army(distant)["str"] = "weak"
        state.emit(
            f"A Full Baqt is signed in {land_id}: the {path} Path is at peace; {distant} is weakened.",
            "16.3.2",
        )
        if path == "african" and state.s["tracks"]["socotra"]["face"] != "indian":
            state.s["tracks"]["socotra"]["face"] = "indian"
            state.emit("The Full Baqt in Africa turns Socotra to its Indian side.", "16.3.2")
    else:
        # [16.3.3] the Country becomes a vassal; the more distant power steps into the flag Land
        place(state, distant, land_id)
        state.emit(
            f"A Partial Baqt is signed in {land_id}: {distant} moves there as the active army; Islam "
            "may not pass the Baqt marker.",
            "16.3.3",
        )


def _baqt_prompt(state: JihadState, frame: Frame) -> tuple[str, str]:
    path = frame["paths"][0]
    kind = baqt_kind(state, path)
    return (f"Baqt Resolution: sign a {kind} Baqt on the {path} Path, or refuse?", "16.3")


def _baqt_legal(state: JihadState, frame: Frame) -> list[Action]:
    while frame["paths"] and baqt_kind(state, frame["paths"][0]) is None:
        frame["paths"].pop(0)
    if not frame["paths"]:
        return []
    path = frame["paths"][0]
    return [Action("baqt", (path,)), Action("refuse", (path,))]


def _baqt_act(state: JihadState, frame: Frame, action: Action) -> None:
    path = frame["paths"].pop(0)
    if action.verb == "baqt":
        kind = baqt_kind(state, path)
        assert kind is not None
        sign_baqt(state, path, kind)
    else:
        state.emit(f"The player refuses the Baqt on the {path} Path.", "16.3")


# =============================================================================================
# [16.4] Revolts, [16.5.1] Great Kings breaking a Full Baqt
# =============================================================================================


def break_full_baqt(state: JihadState, path: str) -> None:
    """[16.4.1] the Country rises, strong, in the Full-flag Land as the active army."""
    land_id, _ = flag_land(state, path, "full")
    state.s["adv"]["baqt"][path] = None
    place(state, COUNTRY[path], land_id, "strong")
    state.emit(f"The Full Baqt is broken: {COUNTRY[path]} rise, strong, in {land_id}.", "16.4.1")


def break_partial_baqt(state: JihadState, path: str) -> None:
    """[16.4.2] the forced Revolt against a Partial Baqt (reading in NOTES.md)."""
    country, distant = COUNTRY[path], DISTANT[path]
    full_id, full_idx = flag_land(state, path, "full")
    partial_id, partial_idx = flag_land(state, path, "partial")
    pos = state.position(distant)
    if pos is not None and pos[1] <= full_idx:
        # (1) the Country takes the distant power's Land; the distant power falls back
        place(state, country, state.g.land(*pos).id, "strong")
        place(state, distant, partial_id)
        state.emit(
            f"{country} revolt in {state.g.land(*pos).name}; {distant} fall back to {partial_id}.", "16.4.2"
        )
    else:
        # (2) the distant power stays; the Country rises in the Full-flag Land
        place(state, country, full_id, "strong")
        state.emit(f"{country} revolt in {full_id}; {distant} are neutral behind them.", "16.4.2")
    del partial_idx
    state.s["adv"]["baqt"][path] = None  # (3) the Islam marker may advance again


def _revolt(state: JihadState, effect: Revolt, ref: list[int], arg: str | None) -> None:
    path = PATH_OF_COUNTRY[effect.country]
    remove_great_king(state, "16.5")  # [16.5] every Great King card ends the old Great King
    baqt = state.s["adv"]["baqt"][path]
    if baqt is not None and baqt["kind"] == "full":
        state.push(
            {"k": "revolt", "path": path, "ap": effect.great_king_ap, "name": f"{effect.country} revolt"}
        )
        return
    if baqt is not None:
        break_partial_baqt(state, path)
    if state.active(path) == effect.country:
        crown(state, path, f"the {effect.country} revolt", effect.great_king_ap, "16.4.3")
    else:
        state.emit(f"Revolt: {effect.country} are not your active army; no Great King.", "16.4.4")


def _great_king(state: JihadState, effect: GreatKingEvent, ref: list[int], arg: str | None) -> None:
    remove_great_king(state, "16.5")
    if state.full_baqt(effect.path):
        state.push({"k": "revolt", "path": effect.path, "ap": effect.ap, "name": effect.name})  # [16.5.1]
        return
    crown(state, effect.path, effect.name, effect.ap, "16.5")  # [16.5.2] under a Partial Baqt too


def _baqt_offer(state: JihadState, effect: BaqtOffer, ref: list[int], arg: str | None) -> None:
    """[16.3] the offer is resolved in the Diplomacy Step (14.10 step 6)."""
    state.s["adv"]["offers"].append({"kind": "baqt", "path": PATH_OF_COUNTRY[effect.country]})
    state.emit(f"{effect.label}: a Baqt may be signed in the Diplomacy Step.", "16.3")


def _revolt_prompt(state: JihadState, frame: Frame) -> tuple[str, str]:
    return (
        f"A Full Baqt holds on the {frame['path']} Path: break it with a Revolt, or keep the peace?",
        "16.4.1",
    )


def _revolt_legal(state: JihadState, frame: Frame) -> list[Action]:
    return [Action("revolt", (frame["path"],)), Action("keep", (frame["path"],))]


def _revolt_act(state: JihadState, frame: Frame, action: Action) -> None:
    state.pop()
    path = frame["path"]
    if action.verb == "keep":
        state.emit(f"The Full Baqt on the {path} Path holds; no effect.", "16.4.1")
        return
    break_full_baqt(state, path)
    crown(state, path, frame["name"], frame["ap"], "16.4.3")


HANDLERS: dict[str, Callable[[JihadState, Any, list[int], str | None], None]] = {
    "baqt_offer": _baqt_offer,
    "revolt": _revolt,
    "great_king": _great_king,
}
AUTO: dict[str, Callable[[JihadState, Frame], None]] = {}
DECISIONS: dict[str, Decision] = {
    "baqt": Decision(_baqt_prompt, _baqt_legal, _baqt_act),
    "revolt": Decision(_revolt_prompt, _revolt_legal, _revolt_act),
}
