"""[14.10] The Diplomacy Step (Advanced Game): (1) the Trade Route checks, (2) the Muslim Navy,
(3) the Damascus Status Check, (4) the Truce offers (22.0-22.3), (5) the Jihad Redirection
Check (17.6), (6) the Baqt Resolution (16.3). Each step runs after the decisions of the one
before."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from consim.core.action import Action
from consim.core.flow import Decision, Frame
from consim.games.jihad import board
from consim.games.jihad.rules import common
from consim.games.jihad.state import Advanced, Baqt, Empire, JihadState, PathRef
from consim.games.jihad.viewtypes import BaqtFrame, TruceFrame

#: [22.2] the Arab policy toward Byzantium once Persia accepts: die -> Jihad mode (None: none)
PERSIAN_TRUCE_POLICY: dict[int, str | None] = {
    1: "one_front",
    2: "one_front",
    3: "alternating",
    4: "alternating",
    5: None,
    6: None,
}


def _adv(st: JihadState) -> Advanced:
    adv = st.data.adv
    assert adv is not None
    return adv


@dataclass(slots=True)
class Diplomacy(Frame[JihadState]):
    """[14.10] the Diplomacy Step: steps 1-3 at once, then 4, 5 and 6, each after the decisions
    of the step before."""

    name = "diplomacy"
    rule = "14.10"
    step: int = 1

    def run(self, st: JihadState) -> None:
        step = self.step
        if step == 1:
            self.step = 4
            st.emit("Diplomacy Step.", "14.10")
            trade_routes_check(st)
            muslim_navy(st)
            damascus_check(st)
        elif step == 4:
            self.step = 5
            truce_step(st)  # [22.0] the Truce offers
        elif step == 5:
            self.step = 6
            jihad_redirection(st)  # [17.6]
        else:
            st.pop()
            paths = list(board.offered_baqt_paths(st))  # [16.3] Baqt Resolution
            if paths:
                st.push(BaqtResolution(paths=paths))


def trade_routes_check(st: JihadState) -> None:
    """[14.10 step 1] the Pontic Route keeps Greek Fire (12.1, 21.4.3.1); the Socotra Route
    sets the Socotra marker's side (13.5, 21.4.3.2)."""
    t = st.tables
    d = st.data
    route = {r.id: k for k, r in enumerate(t.routes)}
    pontic = t.route_ends[route["pontic"]]
    if d.fleet.side == "greek_fire" and any(board.arab_controls(st, x) for x in pontic):
        d.fleet.side = "plus_one"
        st.emit("The Pontic Route is cut: no naphtha, the Greek Fleet loses Greek Fire (+1).", "14.10")
    adulis = t.route_ends[route["socotra"]][0]
    face = "indian" if board.arab_controls(st, adulis) or board.full_baqt(st, t.african) else "africa"
    track = d.tracks[t.socotra]
    if track.face != face:
        track.face = face
        shown = "Indian Path" if face == "indian" else "African Path"
        st.emit(f"The Socotra marker turns to its {shown} side.", "14.10")


def muslim_navy(st: JihadState) -> None:
    """[14.10 step 2, 21.1] Jerusalem or Alexandria converted: the Muslim Navy is Active."""
    t = st.tables
    adv = _adv(st)
    if adv.navy:
        return
    for path in (t.greek, t.med):
        for idx, land in enumerate(t.path_lands[path], start=1):
            if t.land[land].critical_city and land != t.damascus and board.is_converted(st, path, idx):
                adv.navy = True
                st.emit("Jerusalem or Alexandria is Muslim: the Muslim Navy is Active.", "14.10")
                return


def damascus_check(st: JihadState) -> None:
    """[14.10 step 3, 21.2.1] Damascus converted: the Christian Damascus marker turns to its
    Islamic Capital side; if Caliph Umar I has been played the Syrians arrive (17.1.2)."""
    t = st.tables
    adv = _adv(st)
    if adv.damascus != "christian" or not board.is_converted(
        st, t.land_path[t.damascus], t.land_index[t.damascus]
    ):
        return
    adv.damascus = "capital"
    st.emit("Damascus has converted: it is the Islamic Capital of the Caliphate.", "21.2.1")
    if adv.umar:
        adv.umar = False
        st.emit("Caliph Umar I's Syrians muster in the new capital.", "17.1.2")
        common.set_kaaba(st, adv.kaaba + board.umar_amount(st), "17.1.2")


def jihad_redirection(st: JihadState) -> None:
    """[14.10 step 5] follow the Jihad to its Live Path(s); an Alternating Jihad moves to the
    other Path unless a Fitna stopped it this turn; the Stop Sign is then removed."""
    t = st.tables
    adv = _adv(st)
    jihad = adv.jihad
    if adv.jihad_fresh:
        adv.jihad_fresh = False  # [22.2] set up by this turn's Truce step: it starts next turn
        return
    if jihad is None:
        return
    empire = jihad.target
    if jihad.mode == "one_front":
        if not board.live(st, empire, jihad.path):
            common.end_jihad(st, "14.10")
            return
    else:
        paths = [t.path_id[p] for p in board.JIHAD_PATHS[empire] if board.live(st, empire, t.path_id[p])]
        if not paths:
            common.end_jihad(st, "14.10")
            return
        if len(paths) == 1:
            jihad.mode = "one_front"
            jihad.path = paths[0]
            adv.muj_at = paths[0]
            st.emit(f"Only the {t.path_title[paths[0]]} is Live: the Jihad turns One Front there.", "14.10")
        elif jihad.stop:
            st.emit("The interrupted Jihad stays on the same Path.", "14.10")
        else:
            other = next(p for p in paths if p != jihad.path)
            jihad.path = other
            adv.muj_at = other
            st.emit(f"The Alternating Jihad moves the Mujahideen to the {t.path_title[other]}.", "14.10")
    if jihad.stop:
        jihad.stop = False
        st.emit("The Arabic Stop Sign comes off the Jihad marker.", "14.10")


# =============================================================================================
# [22.0-22.3] Truce offers
# =============================================================================================


def truce_step(st: JihadState) -> None:
    """[14.10 step 4] each Truce offer of this turn is decided now."""
    offers = [o.empire for o in _adv(st).offers if o.kind == "truce" and o.empire is not None]
    for empire in reversed(offers):
        st.push(TruceOffer(empire=empire))


def accept(st: JihadState, empire: Empire) -> None:
    """[22.1] the Ruler turns to his Truce side; the Mecca tile turns Strong; [22.2] the Arabs
    then choose their policy toward Byzantium."""
    d = st.data
    adv = _adv(st)
    adv.truce = empire
    st.emit(f"{board.EMPIRES_NAME[empire]} accepts the Truce: its Ruler turns to his Truce side.", "22.1")
    if not d.mecca_strong:
        d.mecca_strong = True
        st.emit("The Mecca tile turns to its Strong side.", "22.1")
    if empire == "persia":
        die = st.rng.randint(1, 6)
        mode = PERSIAN_TRUCE_POLICY[die]
        if mode is None:
            st.emit(
                f"Arab policy toward Byzantium: die {die}: no Jihad; the Syrians bide their time.", "22.2"
            )
            return
        st.emit(f"Arab policy toward Byzantium: die {die}: a Jihad vs. Greece, from next turn.", "22.2")
        common.start_jihad(st, "byzantium", mode, "22.2")
        adv.jihad_fresh = adv.jihad is not None


def reject(st: JihadState, empire: Empire, why: str) -> None:
    """[22.2] a rejected Persian Truce brings an Alternating Jihad against Persia next turn;
    [22.3] a rejected Greek Truce has no effect."""
    st.emit(f"{board.EMPIRES_NAME[empire]} rejects the Truce{why}.", "22.2" if empire == "persia" else "22.3")
    if empire == "persia":
        common.start_jihad(st, "persia", "alternating", "22.2")
        adv = _adv(st)
        adv.jihad_fresh = adv.jihad is not None


@dataclass(slots=True)
class TruceOffer(Decision[JihadState]):
    """[22.2, 22.3] the Arabs offer an Empire a Truce: accept or reject (one that may not
    accept must reject)."""

    name = "truce"
    rule = "22.0"
    empire: Empire = "persia"

    def prompt(self, st: JihadState, seat: str) -> tuple[str, str]:
        rule = "22.2" if self.empire == "persia" else "22.3"
        name = board.EMPIRES_NAME[self.empire]
        then = (
            " Rejecting it brings an Alternating Jihad against Persia next turn."
            if self.empire == "persia"
            else " Rejecting it has no effect."
        )
        return (
            f"The Arabs offer {name} a Truce: no Arab Hits on its Paths and 1 AP a turn, but no attacks, "
            f"until you break it or the era ends (22.1).{then} Accept or reject?",
            rule,
        )

    def legal(self, st: JihadState, seat: str) -> list[Action]:
        if not board.may_accept(st, self.empire)[0]:
            return []
        return [st.game.action("truce", "accept"), st.game.action("truce", "reject")]

    def act(self, st: JihadState, seat: str, action: Action) -> None:
        st.pop()
        if action.args[0] == "accept":
            accept(st, self.empire)
        else:
            reject(st, self.empire, "")

    def skip(self, st: JihadState) -> None:
        """[22.2, 22.3] an Empire that may not accept must reject."""
        st.pop()
        reject(st, self.empire, f" perforce: {board.may_accept(st, self.empire)[1]}")

    def describe(self, st: JihadState) -> TruceFrame:
        return {"k": "truce", "empire": self.empire}


# =============================================================================================
# [16.3] the Baqt, signed in the Diplomacy Step (14.10 step 6)
# =============================================================================================


def sign_baqt(st: JihadState, path: int, kind: str) -> None:
    """[16.3.2, 16.3.3] the Country signs: its tile leaves; a Full Baqt shuts the Path down, a
    Partial one makes the more distant power the active army in the flag Land."""
    t = st.tables
    d = st.data
    adv = _adv(st)
    pname = t.path_title[path]
    country, distant = t.country[path], t.distant[path]
    land = board.flag_land(t, path, kind)
    here = d.armies[country].at
    for other in board.path_armies(st, path):
        if other != country and d.armies[other].at == here:
            d.armies[other].top = False  # the Neutral under it is gone: nothing to surrender to
    common.place(st, country, t.off)
    d.armies[country].cursed = False
    common.great_king_falls_with(st, country)
    shown = t.land_title[land]
    distant_name = t.army_short[distant]
    if kind == "full":
        adv.baqt[path] = Baqt(kind="full", at=land)
        # [16.3.2] the Path shuts down; the more distant power is flipped weak
        if board.on_map(st, distant):
            d.armies[distant].strength = "weak"
        st.emit(
            f"A Full Baqt is signed in {shown}: the {pname} is at peace; the {distant_name} are weakened.",
            "16.3.2",
        )
        socotra = d.tracks[t.socotra]
        if path == t.african and socotra.face != "indian":
            socotra.face = "indian"
            st.emit("The Full Baqt in Africa turns Socotra to its Indian side.", "16.3.2")
    else:
        adv.baqt[path] = Baqt(kind="partial", at=land)
        # [16.3.3] the Country becomes a vassal; the more distant power steps into the flag Land
        common.place(st, distant, land)
        st.emit(
            f"A Partial Baqt is signed in {shown}: the {distant_name} move there as your army; Islam "
            "may not pass the Baqt marker.",
            "16.3.3",
        )


@dataclass(slots=True)
class BaqtResolution(Decision[JihadState]):
    """[16.3] the Baqt offered this turn on each Path whose Country may sign: sign or refuse."""

    name = "baqt"
    rule = "16.3"
    paths: list[PathRef] = field(default_factory=list)

    def prompt(self, st: JihadState, seat: str) -> tuple[str, str]:
        path = self.paths[0]
        kind = board.baqt_kind(st, path)
        t = st.tables
        country, distant = t.army_short[t.country[path]], t.army_short[t.distant[path]]
        if kind == "full":
            what = "a Full Baqt: the Path is at peace for good, no Hits and no AP (16.3.2)"
        else:
            what = (
                f"a Partial Baqt: the {country} become vassals, the {distant} your army, and Islam stops "
                "short of the Baqt (16.3.3)"
            )
        return (f"Baqt Resolution on the {t.path_title[path]}: sign {what}, or refuse?", "16.3")

    def legal(self, st: JihadState, seat: str) -> list[Action]:
        while self.paths and board.baqt_kind(st, self.paths[0]) is None:
            self.paths.pop(0)
        if not self.paths:
            return []
        name = st.tables.path_name[self.paths[0]]
        return [st.game.action("baqt", name), st.game.action("refuse", name)]

    def act(self, st: JihadState, seat: str, action: Action) -> None:
        path = self.paths.pop(0)
        if action.verb == "baqt":
            kind = board.baqt_kind(st, path)
            assert kind is not None
            sign_baqt(st, path, kind)
        else:
            st.emit(f"The Baqt on the {st.tables.path_title[path]} is refused.", "16.3")

    def describe(self, st: JihadState) -> BaqtFrame:
        return {"k": "baqt", "paths": [st.tables.path_name[p] for p in self.paths]}


FRAMES: tuple[type[Frame[Any]], ...] = (Diplomacy, TruceOffer, BaqtResolution)
