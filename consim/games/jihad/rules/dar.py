"""[18.0, 19.0] The Dar al-Islam Phase (Advanced Game): once Sharia Law is in force, 2d6 + the
Ka'aba Number on the Dar al-Islam Table each turn, between the Events and Arab Phases (4.1 as
reconstructed in setup.yaml). The Refugee move of 18.2 follows 19.2."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from consim.core.flow import Frame
from consim.games.jihad import board
from consim.games.jihad.content import AFRICAN, CAUCASUS, MARDAITES, PURPLE, RED, REFUGEES
from consim.games.jihad.rules import common
from consim.games.jihad.state import Advanced, JihadState

#: [18.6] "N" is the Parthian Path in the north, "S" the Indian Path in the south
KHARIJITE_PATH = {"kharijites_n": "parthian", "kharijites_s": "indian"}
#: [18.2-18.6] each result of the Dar al-Islam Table in words
DAR_RESULT = {
    "mardaite_move": "the Mardaites move",
    "manichee_move": "the Manichees move",
    "parsee_move": "the Parsees move",
    "zabulistan": "Zabulistan",
    "icons_baqt": "Icons and Baqt Tribute",
    "mardaite_raid": "a Mardaite Raid",
    "kharijites_n": "Kharijites in the north (Parthian Path)",
    "kharijites_s": "Kharijites in the south (Indian Path)",
}
#: [18.2] the Refugee a "move" result names
MOVER = {"mardaite_move": "mardaites", "manichee_move": "manichees", "parsee_move": "parsees"}


def _adv(st: JihadState) -> Advanced:
    adv = st.data.adv
    assert adv is not None
    return adv


@dataclass(slots=True)
class DarAlIslam(Frame[JihadState]):
    """[18.1] the Dar al-Islam Phase of one turn."""

    name = "dar"
    rule = "18.1"

    def run(self, st: JihadState) -> None:
        st.pop()
        dar_al_islam_phase(st)


def dar_al_islam_phase(st: JihadState) -> None:
    """[18.1] roll 2d6 + the Ka'aba Number and apply the one result."""
    adv = _adv(st)
    if adv.sharia == "pending" and adv.sharia_turn != st.data.turn:
        adv.sharia = "active"
        st.emit("The No Sharia Law marker is removed.", "18.1")
    if adv.sharia != "active":
        return
    table = st.tables.content.setup.dar_al_islam_table
    d1 = st.rng.randint(1, 6)
    d2 = st.rng.randint(1, 6)
    total = d1 + d2 + adv.kaaba
    row = table.result(total)
    st.emit(
        f"Dar al-Islam Phase: dice {d1}+{d2} + Ka'aba {adv.kaaba} = {total}: {DAR_RESULT[row.result]}.",
        "18.1",
    )
    result = row.result
    if result in MOVER:
        refugee_move(st, REFUGEES.index(MOVER[result]))
    elif result == "zabulistan":
        zabulistan(st)
    elif result == "icons_baqt":
        icons_baqt(st)
    elif result == "mardaite_raid":
        mardaite_raid(st)
    else:
        kharijites(st, st.tables.path_id[KHARIJITE_PATH[result]])


def refugee_move(st: JihadState, refugee: int) -> None:
    """[18.2, 19.2] an Arab-held Refugee moves one Land away from Mecca; one in a Land the
    player controls stays (it likes you); the Ends of the Earth keep it for good."""
    t = st.tables
    adv = _adv(st)
    at = adv.refugees[refugee]
    name = next(r.name for r in t.content.powers.refugees if r.id == REFUGEES[refugee])
    if not t.on_map[at]:
        return
    path, idx = t.land_path[at], t.land_index[at]
    if t.land_round[at]:
        st.emit(f"The {name} stay in {t.land_title[at]}, at the Ends of the Earth.", "19.2")
    elif not board.arab_controls(st, at):
        st.emit(f"The {name} stay in {t.land_title[at]}: it is not Arab-controlled.", "19.2")
    elif idx < t.path_len[path]:
        dest = t.path_lands[path][idx]
        adv.refugees[refugee] = dest
        st.emit(f"The {name} flee from {t.land_title[at]} to {t.land_title[dest]}.", "19.2")


def zabulistan(st: JihadState) -> None:
    """[18.3] a red AP token while Persia fights or a Jihad rages; otherwise Zabulistan, once
    placed (14.6.2), costs a Defiant Ka'aba and turns with the East's reach."""
    t = st.tables
    d = st.data
    adv = _adv(st)
    persian = any(board.on_map(st, a) for a in t.armies_of_power.get("persia", ()))
    if persian or adv.jihad is not None:
        d.tokens[RED] += 1
        st.emit("Zabulistan: you earn 1 red AP token.", "18.3")
        return
    if adv.zabulistan not in ("defiant", "subdued"):
        return
    if adv.zabulistan == "defiant":
        st.emit("Defiant Zabulistan bleeds the Syrians.", "18.3")
        common.set_kaaba(st, adv.kaaba - 1, "18.3")
    far = 0
    for path in (t.indian, t.parthian):
        aid = board.active(st, path)
        if aid is not None and t.land_round[d.armies[aid].at]:
            far += 1
    new = ("defiant", "subdued", "gone")[far]
    if new == "gone":
        st.emit("Zabulistan is conquered by the Arabs: the marker leaves the game.", "18.3")
    elif new != adv.zabulistan:
        st.emit(f"Zabulistan turns {new.capitalize()}.", "18.3")
    adv.zabulistan = "gone" if new == "gone" else "subdued" if new == "subdued" else "defiant"


def icons_baqt(st: JihadState) -> None:
    """[18.4] Icons in an Arab-controlled Land are lost; each Full Baqt pays 1 purple AP."""
    t = st.tables
    d = st.data
    icons = d.icons
    if icons is not None and t.on_map[icons] and board.arab_controls(st, icons):
        d.icons = None
        st.emit("The Icons are seized in Arab-controlled territory and leave the game.", "18.4")
    for theater in (AFRICAN, CAUCASUS):
        path = t.theater_path[theater]
        if board.full_baqt(st, path):
            d.tokens[PURPLE] += 1
            st.emit(f"The Full Baqt on the {t.path_title[path]} pays Tribute: 1 purple AP token.", "18.4")


def mardaite_raid(st: JihadState) -> None:
    """[18.5] Mardaites in an Arab-controlled Land disrupt the Greek Path's Islam marker."""
    t = st.tables
    at = _adv(st).refugees[MARDAITES]
    if t.on_map[at] and board.arab_controls(st, at):
        st.emit("A Mardaite raid on the Arab supply lines.", "18.5")
        common.disrupt(st, t.greek, "18.5")
    else:
        st.emit("The Mardaites are busy with the Greek Fleet: no raid.", "18.5")


def kharijites(st: JihadState, path: int) -> None:
    """[18.6] a face-up Islam marker on the Path is only flipped; a Disrupted one brings the
    Arabic Stop Sign onto the Path (15.5), or a Mardaite Raid instead while a Jihad rages. A
    marker still in Mecca cannot be flipped, so the Rebellion runs in full (15.5 covers the Stop
    Sign with no conversion "even from Mecca")."""
    adv = _adv(st)
    marker = st.data.islam[path]
    name = st.tables.path_title[path]
    if not marker.dis and marker.at > 0:
        st.emit(f"Kharijites on the {name}: the Islam marker is flipped; nothing more.", "18.6")
        common.disrupt(st, path, "18.6")
    elif adv.jihad is not None:
        st.emit("The Jihad holds the Kharijites down: a Mardaite raid instead.", "18.6")
        mardaite_raid(st)
    else:
        adv.stop_sign = path
        st.emit(f"The Kharijite Rebellion: the Arabic Stop Sign on the {name}.", "18.6")


FRAMES: tuple[type[Frame[Any]], ...] = (DarAlIslam,)
