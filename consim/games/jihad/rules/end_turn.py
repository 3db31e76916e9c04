"""[10.0, 14.0] Religion and the End of Turn Phase, steps 14.1-14.9 in their exact order
(14.1 Syrian Vengeance belongs to the Advanced Game; 14.10, the Diplomacy Step, is
``diplomacy.py``)."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from consim.core.action import Action
from consim.core.flow import Decision, Frame
from consim.games.jihad import board
from consim.games.jihad.content import AFRICAN, BLUE, CAUCASUS, EAST, PERSIA, RED, THEATER_TITLE, WEST
from consim.games.jihad.rules import common
from consim.games.jihad.state import Army, JihadState
from consim.games.jihad.viewtypes import BareFrame

# =============================================================================================
# [14.1] Syrian Vengeance (Advanced Game)
# =============================================================================================


def syrian_vengeance(st: JihadState) -> None:
    """[14.1] skipped during a Jihad (17.6.4). Otherwise the Mujahideen left from this turn
    come home (17.6.4: only a Jihad keeps them out) and are sent where the player threatens
    the interior of the Caliphate."""
    adv = st.data.adv
    assert adv is not None
    if adv.jihad is not None:
        st.emit("Syrian Vengeance: a Jihad is underway; the step is skipped.", "14.1")
        return
    if adv.muj_at is not None:
        adv.muj_at = None
        st.emit("The turn is over: the Mujahideen return to the Casbah.", "17.6.4")
    found = board.vengeance_path(st)
    if found is None:
        return
    path, reason = found
    adv.muj_at = path
    st.emit(
        f"Syrian Vengeance: {reason}; the {adv.muj_side.capitalize()} Mujahideen take the field on "
        f"the {st.tables.path_title[path]}.",
        "14.1",
    )


# =============================================================================================
# [14.2] Curse Removal
# =============================================================================================


def curse_removal(st: JihadState) -> None:
    t = st.tables
    d = st.data
    for path in range(len(t.path_name)):
        lands = t.path_lands[path]
        for aid in board.path_armies(st, path):
            a = d.armies[aid]
            if not a.cursed:
                continue
            a.cursed = False
            st.emit(f"The Curse on the {t.army_title[aid]} is removed.", "14.2")
            if board.stop_sign(st, path) or board.full_baqt(st, path):
                continue  # [15.5] no Arab activity on the Path at all
            marker = d.islam[path]
            if not marker.dis:
                # (A) a face-up marker advances a Land and is Disrupted; never into the Ends of the Earth
                nxt = marker.at + 1
                if nxt <= board.islam_reach(st, path) and not t.land_round[lands[nxt - 1]]:
                    marker.at = nxt
                    marker.dis = True
                    st.emit(
                        f"The locals turn: the Islam marker advances to {t.land_title[lands[nxt - 1]]}, "
                        "Disrupted.",
                        "14.2",
                    )
            elif not board.player_controls(st, lands[marker.at - 1]):
                marker.dis = False  # (B)
                st.emit(f"The Islam marker on the {t.path_title[path]} turns face up.", "14.2")
    # [14.2.1] the Berbers in their Status Box stay Cursed


# =============================================================================================
# [14.3] Conversion, [14.3.3] Religious Revival
# =============================================================================================


def conversion_step(st: JihadState) -> None:
    t = st.tables
    for path in range(len(t.path_name)):
        if board.stop_sign(st, path):
            st.emit(f"The Arabic Stop Sign: no Conversion on the {t.path_title[path]}.", "15.5")
            continue
        if board.full_baqt(st, path):
            continue  # [16.3.2] the Path is ignored
        common.conversion_roll(st, path, False, "14.3")
    religious_revival(st)


def religious_revival(st: JihadState) -> None:
    """[14.3.3] if the player controls a firmly Muslim Land, a 6 pushes the marker back."""
    t = st.tables
    for path in range(len(t.path_name)):
        marker = st.data.islam[path]
        if marker.at < 2:
            continue
        if board.arab_limit(st, path) + 1 < marker.at:
            die = st.rng.randint(1, 6)
            name = t.path_title[path]
            if die == 6:
                marker.at -= 1
                st.emit(
                    f"Religious Revival on the {name}: a 6! The Islam marker falls back to "
                    f"{t.land_title[t.path_lands[path][marker.at - 1]]}.",
                    "14.3.3",
                )
            else:
                st.emit(f"Religious Revival on the {name}: die {die}, no effect.", "14.3.3")


# =============================================================================================
# [14.4] Islamic Recovery
# =============================================================================================


def islamic_recovery(st: JihadState) -> None:
    t = st.tables
    d = st.data
    adv = d.adv
    if adv is not None and adv.muj_side == "tribal" and adv.muj_at is not None:
        if any(m.dis for m in d.islam):
            st.emit("The Tribal Mujahideen are in the field: no Islam marker recovers.", "14.4")
        return
    for path in range(len(t.path_name)):
        marker = d.islam[path]
        if not marker.dis:
            continue
        if board.stop_sign(st, path):
            st.emit(
                f"The Arabic Stop Sign: the Islam marker on the {t.path_title[path]} stays Disrupted.",
                "14.4",
            )
            continue
        land = t.path_lands[path][marker.at - 1]
        if board.player_controls(st, land):
            continue
        icons = d.icons
        if (
            icons is not None
            and t.on_map[icons]
            and t.land_path[icons] == path
            and abs(t.land_index[icons] - marker.at) == 1
            and board.player_controls(st, icons)
        ):
            st.emit(f"The Icons hold back the Islamic recovery in {t.land_title[land]}.", "14.4")
            continue
        marker.dis = False
        st.emit(f"The Islam marker in {t.land_title[land]} recovers.", "14.4")


# =============================================================================================
# [14.5] Paris and the Berbers
# =============================================================================================


def paris_and_berbers(st: JihadState) -> None:
    t = st.tables
    d = st.data
    berbers = d.armies[t.army_id["berbers"]]
    franks = d.armies[t.army_id["franks"]]
    paris = t.path_lands[t.med][-1]
    if berbers.at != t.berber_box or franks.at != paris:
        return
    if berbers.strength == "strong":
        berbers.strength = "weak"
    elif berbers.strength == "weak" and not berbers.cursed:
        berbers.strength = "shattered"
    elif not berbers.cursed:
        berbers.strength = "weak"
        berbers.cursed = True
    else:
        berbers.at = t.dead
        st.emit("The Franks in Paris crush the Berbers for good: no Berber Revolt can occur.", "14.5")
        return
    st.emit(f"The Franks in Paris strike the Berbers in their Status Box (now {_status(berbers)}).", "14.5")


def _status(a: Army) -> str:
    return "Cursed" if a.cursed else a.strength


# =============================================================================================
# [14.6] Surrender, Theater Division, Persian Collapse
# =============================================================================================


def surrender(st: JihadState) -> None:
    t = st.tables
    d = st.data
    on = t.on_map
    anyone = any(a.top and on[a.at] for a in d.armies)  # nobody on a Neutral: nobody surrenders
    for path in range(len(t.path_name) if anyone else 0):
        for aid in board.path_armies(st, path):
            a = d.armies[aid]
            if not a.top:
                continue
            a.at = t.dead
            a.top = False
            a.cursed = False
            a.sieged = False
            common.great_king_falls_with(st, aid)  # [16.5]
            power = t.army_power[aid]
            new = board.active(st, path)
            gone = t.army_title[aid]
            if new is None:
                st.emit(f"The {gone} surrender.", "14.6")
            else:
                st.emit(
                    f"The {gone} surrender on the Neutral {t.army_short[new]}, your army from now on.", "14.6"
                )
            theater = t.path_theater[path]
            divides = (power == "byzantium" and path == t.med) or power == "persia"
            if divides and not d.divided[theater]:
                d.divided[theater] = True  # [14.6.1]
                st.emit(f"The {THEATER_TITLE[theater]} is now Divided.", "14.6.1")
    persians = [x for x in t.armies_of_power.get("persia", ()) if board.on_map(st, x)]
    if not persians and d.rulers[PERSIA] is not None:
        # [14.6.2] Persian Collapse
        d.rulers[PERSIA] = None
        d.capitals[PERSIA].at = None
        d.immortals.gone = True
        d.last_stand[PERSIA].gone = True
        d.mecca_strong = True
        st.emit(
            "The Persian Empire collapses: the Shah, the Capital, the Immortals and the Last Stand chit are "
            "gone; the Mecca tile turns Strong.",
            "14.6.2",
        )
        if d.adv is not None:
            d.adv.zabulistan = "defiant"
            st.emit("The Zabulistan marker is placed, Defiant, in the Zabulistan Box.", "14.6.2")
    if d.adv is not None:
        common.jihad_object_check(st)  # [17.6.5] e.g. Persia destroyed ends a Jihad against it


# =============================================================================================
# [14.7] Icons Movement (a decision), [14.8] Banking, [14.9] Blessings Recovery
# =============================================================================================


@dataclass(slots=True)
class Icons(Decision[JihadState]):
    """[14.7] the player may move the Icons."""

    name = "icons"
    rule = "14.7"

    def prompt(self, st: JihadState, seat: str) -> tuple[str, str]:
        icons = st.data.icons
        t = st.tables
        if icons is None:
            shown = "lost"
        elif t.on_map[icons]:
            shown = f"in {t.land_title[icons]}"
        else:
            shown = "in the Available Blessings box"
        return (
            f"Icons Movement: the Icons are {shown}. Move them to a Christian Land Byzantium holds (a "
            "Disrupted Islam marker next to them stays Disrupted, 14.4) or to the box (available), or "
            "keep them (done).",
            "14.7",
        )

    def legal(self, st: JihadState, seat: str) -> list[Action]:
        with board.reading(st):
            sites = board.icon_sites(st)
        if not sites:
            return []
        names = st.tables.place_arg
        return [*(st.game.action("icons", names[x]) for x in sites), st.tables.a_done]

    def act(self, st: JihadState, seat: str, action: Action) -> None:
        st.pop()
        if action.verb == "icons":
            t = st.tables
            place = t.arg_place[action.args[0]]
            st.data.icons = place
            where = t.land_title[place] if t.on_map[place] else "the Available Blessings box"
            st.emit(f"The Icons move to {where}.", "14.7")

    def describe(self, st: JihadState) -> BareFrame:
        return {"k": "icons"}


def banking(st: JihadState) -> None:
    """[6.3.2, 14.8] an Empire with its Capital banks; other AP and red/blue tokens are lost."""
    t = st.tables
    d = st.data
    for theater in (WEST, EAST):
        name = THEATER_TITLE[theater]
        if d.ap[theater] and d.capitals[theater].at is None:
            st.emit(f"The {name} Theater cannot bank: {d.ap[theater]} AP are lost.", "14.8")
            d.ap[theater] = 0
        elif d.ap[theater]:
            st.emit(f"The {name} Theater banks {d.ap[theater]} AP.", "6.3.2")
    if d.adv is not None:
        for theater in (AFRICAN, CAUCASUS):
            # [6.3.2, 14.8] a Great King banks (up to 6, 16.5); a Barbarian or Garrison cannot
            name = t.path_title[t.theater_path[theater]]
            if d.ap[theater] and board.great_king(st, t.theater_path[theater]) is None:
                st.emit(f"The {name} cannot bank: {d.ap[theater]} AP are lost.", "14.8")
                d.ap[theater] = 0
            elif d.ap[theater]:
                st.emit(f"The Great King of the {name} banks {d.ap[theater]} AP.", "16.5")
    for colour, name in ((RED, "red"), (BLUE, "blue")):
        if d.tokens[colour]:
            st.emit(f"{d.tokens[colour]} unspent {name} AP token(s) are lost.", "14.8")
            d.tokens[colour] = 0
    if d.adv is not None and any(d.adv.trade_used):
        d.adv.trade_used = [0] * len(t.routes)
        st.emit("The Trade Closed markers are removed.", "14.8")


def blessings_recovery(st: JihadState) -> None:
    d = st.data
    d.fleet.used = False
    d.immortals.used = False
    d.fleet_free = None
    d.landing = False
    if d.adv is not None and d.adv.stop_sign is not None:
        d.adv.stop_sign = None
        st.emit("The Arabic Stop Sign is removed from the map.", "14.9")


def icons_step(st: JihadState) -> None:
    st.push(Icons())


def diplomacy_step(st: JihadState) -> None:
    st.push_named("diplomacy")  # [14.10] the Diplomacy Step (Advanced Game)


STEPS: tuple[Callable[[JihadState], None], ...] = (
    curse_removal,  # 14.2
    conversion_step,  # 14.3
    islamic_recovery,  # 14.4
    paris_and_berbers,  # 14.5
    surrender,  # 14.6
    icons_step,  # 14.7
    banking,  # 14.8
    blessings_recovery,  # 14.9
)
ADVANCED_STEPS: tuple[Callable[[JihadState], None], ...] = (syrian_vengeance, *STEPS, diplomacy_step)
#: the steps that move armies or reopen the Trade Routes (14.8): each runs alone; the others
#: may share the queries of the board (board.reading)
RUNS_ALONE = frozenset({paris_and_berbers, surrender, banking})
#: the steps that start a procedure, which must run before the next step
STARTS_FRAME = frozenset({icons_step, diplomacy_step})


@dataclass(slots=True)
class EndOfTurn(Frame[JihadState]):
    """[14.0] the End of Turn Phase: its steps in order (``i`` the next one)."""

    name = "end"
    rule = "14.0"
    i: int = 0

    def run(self, st: JihadState) -> None:
        """The next step; or the next steps in a row that may share the queries of the board
        (board.reading), up to one that must run alone or starts a procedure."""
        steps = ADVANCED_STEPS if st.data.adv is not None else STEPS
        if self.i >= len(steps):
            st.pop()
            return
        step = steps[self.i]
        if step in RUNS_ALONE:
            self.i += 1
            step(st)
            return
        with board.reading(st):
            while self.i < len(steps):
                step = steps[self.i]
                if step in RUNS_ALONE:
                    break
                self.i += 1
                step(st)
                if step in STARTS_FRAME:
                    break


FRAMES: tuple[type[Frame[Any]], ...] = (EndOfTurn, Icons)
