"""[18.0, 19.0] The Dar al-Islam Phase (Advanced Game): once Sharia Law is in force, 2d6 + the
Ka'aba Number on the Dar al-Islam Table each turn, between the Events and Arab Phases (4.1 as
reconstructed in setup.yaml). The Refugee move of 18.2 follows 19.2.

State (``s["adv"]``): ``sharia`` "none", "pending" (played; ``sharia_turn`` is its turn) or
"active" (18.1); ``zabulistan`` None, "defiant", "subdued" or "gone" (18.3).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from consim.games.jihad import syrians
from consim.games.jihad.content_models import JewishMarker, ShariaLaw
from consim.games.jihad.game import LONE_THEATERS

if TYPE_CHECKING:
    from consim.games.jihad.game import JihadState

#: [18.6] "N" is the Parthian Path in the north, "S" the Indian Path in the south
KHARIJITE_PATH = {"kharijites_n": "parthian", "kharijites_s": "indian"}
#: [18.2] the Refugee a "move" result names
MOVER = {"mardaite_move": "mardaites", "manichee_move": "manichees", "parsee_move": "parsees"}


def _sharia(state: JihadState, effect: ShariaLaw, ref: list[int], arg: str | None) -> None:
    """[18.1] the rolls begin on the turn after this one."""
    adv = state.s["adv"]
    if adv["sharia"] != "none":
        return
    adv["sharia"] = "pending"
    adv["sharia_turn"] = state.s["turn"]
    state.emit("Sharia Law: the Dar al-Islam Table is rolled from next turn on.", "18.1")


def dar_al_islam_phase(state: JihadState) -> None:
    """[18.1] roll 2d6 + the Ka'aba Number and apply the one result."""
    s = state.s
    adv = s["adv"]
    if adv["sharia"] == "pending" and adv.get("sharia_turn") != s["turn"]:
        adv["sharia"] = "active"
        state.emit("The No Sharia Law marker is removed.", "18.1")
    if adv["sharia"] != "active":
        return
    table = state.g.content.setup.dar_al_islam_table
    d1 = state.rng.randint(1, 6)
    d2 = state.rng.randint(1, 6)
    total = d1 + d2 + adv["kaaba"]
    row = table.result(total)
    state.emit(
        f"Dar al-Islam Phase: dice {d1}+{d2} + Ka'aba {adv['kaaba']} = {total}: "
        f"{row.result.replace('_', ' ')}.",
        "18.1",
    )
    result = row.result
    if result in MOVER:
        refugee_move(state, MOVER[result])
    elif result == "zabulistan":
        zabulistan(state)
    elif result == "icons_baqt":
        icons_baqt(state)
    elif result == "mardaite_raid":
        mardaite_raid(state)
    else:
        kharijites(state, KHARIJITE_PATH[result])


def refugee_move(state: JihadState, refugee: str) -> None:
    """[18.2, 19.2] an Arab-held Refugee moves one Land away from Mecca; one in a Land the
    player controls stays (it likes you); the Ends of the Earth keep it for good."""
    g = state.g
    adv = state.s["adv"]
    at = adv["refugees"].get(refugee)
    name = refugee.capitalize()
    if at not in g.where:
        return
    path, idx = g.where[at]
    land = g.land(path, idx)
    if land.ends_of_the_earth:
        state.emit(f"The {name} stay in {land.name}, at the Ends of the Earth.", "19.2")
    elif not state.arab_controls(at):
        state.emit(f"The {name} stay in {land.name}: it is not Arab-controlled.", "19.2")
    elif idx < g.path_length(path):
        dest = g.land(path, idx + 1)
        adv["refugees"][refugee] = dest.id
        state.emit(f"The {name} flee from {land.name} to {dest.name}.", "19.2")


def zabulistan(state: JihadState) -> None:
    """[18.3] a red AP token while Persia fights or a Jihad rages; otherwise Zabulistan, once
    placed (14.6.2), costs a Defiant Ka'aba and turns with the East's reach."""
    s = state.s
    g = state.g
    adv = s["adv"]
    persian = any(g.power_of(a) == "persia" and state.position(a) is not None for a in g.army_ids)
    if persian or adv["jihad"] is not None:
        s["tokens"]["red"] += 1
        state.emit("Zabulistan: you earn 1 red AP token.", "18.3")
        return
    if adv["zabulistan"] not in ("defiant", "subdued"):
        return
    if adv["zabulistan"] == "defiant":
        state.emit("Defiant Zabulistan bleeds the Syrians.", "18.3")
        syrians.set_kaaba(state, adv["kaaba"] - 1, "18.3")
    far = 0
    for path in ("indian", "parthian"):
        aid = state.active(path)
        pos = None if aid is None else state.position(aid)
        if pos is not None and g.land(*pos).ends_of_the_earth:
            far += 1
    new = ("defiant", "subdued", "gone")[far]
    if new == "gone":
        state.emit("Zabulistan is conquered by the Arabs: the marker leaves the game.", "18.3")
    elif new != adv["zabulistan"]:
        state.emit(f"Zabulistan turns {new.capitalize()}.", "18.3")
    adv["zabulistan"] = new


def icons_baqt(state: JihadState) -> None:
    """[18.4] Icons in an Arab-controlled Land are lost; each Full Baqt pays 1 purple AP."""
    s = state.s
    icons = s["icons"]
    if icons in state.g.where and state.arab_controls(icons):
        s["icons"] = None
        state.emit("The Icons are seized in Arab-controlled territory and leave the game.", "18.4")
    for path in LONE_THEATERS:
        if state.full_baqt(path):
            s["tokens"]["purple"] += 1
            state.emit(f"The Full Baqt on the {path} Path pays Tribute: 1 purple AP token.", "18.4")


def mardaite_raid(state: JihadState) -> None:
    """[18.5] Mardaites in an Arab-controlled Land disrupt the Greek Path's Islam marker."""
    from consim.games.jihad.events import disrupt

    at = state.s["adv"]["refugees"].get("mardaites")
    if at in state.g.where and state.arab_controls(at):
        state.emit("A Mardaite raid on the Arab supply lines.", "18.5")
        disrupt(state, "greek", "18.5")
    else:
        state.emit("The Mardaites are busy with the Greek Fleet: no raid.", "18.5")


def kharijites(state: JihadState, path: str) -> None:
    """[18.6] a face-up Islam marker on the Path is only flipped; a Disrupted one brings the
    Arabic Stop Sign onto the Path (15.5), or a Mardaite Raid instead while a Jihad rages. A
    marker still in Mecca cannot be flipped, so the Rebellion runs in full (15.5 covers the Stop
    Sign with no conversion "even from Mecca")."""
    from consim.games.jihad.events import disrupt

    s = state.s
    adv: dict[str, Any] = s["adv"]
    marker = s["islam"][path]
    if not marker["dis"] and marker["at"] > 0:
        state.emit(f"Kharijites on the {path} Path: the Islam marker is flipped; nothing more.", "18.6")
        disrupt(state, path, "18.6")
    elif adv["jihad"] is not None:
        state.emit("The Jihad holds the Kharijites down: a Mardaite raid instead.", "18.6")
        mardaite_raid(state)
    else:
        adv["stop_sign"] = path
        state.emit(f"The Kharijite Rebellion: the Arabic Stop Sign on the {path} Path.", "18.6")


def _jews(state: JihadState, effect: JewishMarker, ref: list[int], arg: str | None) -> None:
    """[19.1] the Jewish marker arrives in (or moves to) a Land, on the side the card names."""
    state.s["adv"]["jews"] = {"at": effect.land, "side": effect.side}
    land = state.g.land(*state.g.where[effect.land]).name
    effect_text = "+1 Hit" if effect.side == "plus_one" else "-1 Hit"
    state.emit(f"The Jewish marker goes to {land} on its {effect_text} side.", "19.1")


HANDLERS: dict[str, Any] = {"sharia_law": _sharia, "jewish_marker": _jews}
