"""[7.0] The Arab Phase: the Hits on each Path, counter-clockwise from the Greek Path (the Hit
List, 7.2.1), and how the player absorbs them (7.3-7.6: step losses, retreats, Capitals, the
Castle procedure, Curses, Neutrals); [17.5, 17.6.4] the Mujahideen's part in it."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from consim.core.action import Action
from consim.core.flow import Decision, Frame
from consim.games.jihad import board
from consim.games.jihad.content import EMPIRE_ADJECTIVE
from consim.games.jihad.rules import common
from consim.games.jihad.state import ArmyRef, JihadState, PathRef
from consim.games.jihad.viewtypes import AbsorbFrame

VERBS = ("step", "capital", "besiege", "castle", "retreat")
ACTIONS = {v: Action(v) for v in VERBS}


# =============================================================================================
# [7.1, 7.2] the invasions
# =============================================================================================


@dataclass(slots=True)
class Arab(Frame[JihadState]):
    """[7.0] the Arab Phase: one Path after another."""

    name = "arab"
    rule = "7.0"
    i: int = 0

    def run(self, st: JihadState) -> None:
        if self.i >= len(st.tables.path_name):
            st.pop()
            return
        path = self.i
        self.i += 1
        # an invasion moves no army and changes no Baqt: the Path queries may be kept (board.reading)
        with board.reading(st):
            invade_path(st, path)


def invade_path(st: JihadState, path: int) -> None:
    """[7.1.2, 7.2, 7.4] one Path of the Arab Phase."""
    t = st.tables
    d = st.data
    assert d.card is not None
    card = t.card[d.card]
    assert card.rose is not None
    entry = card.rose.entry(t.path_name[path])
    name = t.path_title[path]
    d.hits[path] = 0  # [7.2] until Hits are thrown below
    if board.full_baqt(st, path):
        st.emit(f"{name}: a Full Baqt keeps the peace: no Arab Hits.", "16.3.2")
        return
    fitna = entry.fitna or (entry.f3 and not board.persian_on(st, path))
    stop = board.stop_sign(st, path)
    if fitna or stop:
        marker = d.islam[path]
        if stop:
            st.emit(f"{name}: the Arabic Stop Sign: a Fitna, no Arab activity.", "15.5")
        else:
            st.emit(f"{name}: Fitna, no Arab Hits.", "7.1.2")
        if marker.at > 0 and not marker.dis:
            marker.dis = True
            st.emit(f"{name}: the Islam marker is Disrupted by the Fitna.", "7.1.2")
        if t.advanced:
            fitna_on(st, path)  # [7.1.2, 17.5, 17.6.4]
        return
    if board.truce_shields(st, path):
        st.emit(f"{name}: the Truce holds: the Arab Hits are ignored.", "22.1")
        return
    base = entry.hits
    if entry.red and t.advanced:
        st.emit(f"{name}: the red {entry.hits} counts as an ordinary number.", "15.1")
    elif entry.red:
        die = st.rng.randint(1, 6)  # [7.1.2] a red number adds a die in the Basic game
        st.emit(f"{name}: red {entry.hits} + die {die}.", "7.1.2")
        base += die
    aid = board.active(st, path)
    if aid is None:
        return
    terms = board.hit_list(st, path, base)
    total = sum(v for _, v in terms)
    detail = ", ".join(f"{n} {v:+d}" if i else f"{n} {v}" for i, (n, v) in enumerate(terms))
    used = board.mujahideen_on(st, path)
    d.hits[path] = max(0, total)
    if total <= 0:
        st.emit(f"{name}: {detail} = {total}: no Hits.", "7.2.4")
        if used:
            after_invasion(st, path)  # [17.5] used, success or failure
        return
    hits = "1 Hit" if total == 1 else f"{total} Hits"
    st.emit(f"{name}: {detail} = {hits} on the {t.army_title[aid]}.", "7.2")
    if used:
        after_invasion(st, path)  # [17.5, 17.6.4] the Ka'aba Number falls at once
    st.push(Absorb(path=path, army=aid, hits=total))


def after_invasion(st: JihadState, path: int) -> None:
    """[17.5, 17.6.4] once used in an invasion the Syrians lose 1 Ka'aba (not the Tribal
    Mujahideen); without a Jihad the Mujahideen go back to the Casbah."""
    adv = st.data.adv
    assert adv is not None
    if adv.muj_side == "syrian":
        common.set_kaaba(st, adv.kaaba - 1, "17.5")
    if adv.jihad is None and adv.muj_at == path:
        adv.muj_at = None
        st.emit("The Mujahideen have been used: they return to the Casbah.", "17.5")


def fitna_on(st: JihadState, path: int) -> None:
    """[7.1.2, 17.6.4] a Fitna (or the Arabic Stop Sign, a super-Fitna, 15.5) on the Jihad's
    Path interrupts the Jihad: the Stop Sign goes on the Jihad marker for this turn."""
    adv = st.data.adv
    assert adv is not None
    jihad = adv.jihad
    if jihad is not None and jihad.path == path and not jihad.stop:
        jihad.stop = True
        st.emit("The Fitna interrupts the Jihad: an Arabic Stop Sign on the Jihad marker.", "7.1.2")
    if board.mujahideen_on(st, path):
        st.emit("The Mujahideen stay where they are, unused.", "17.5")


# =============================================================================================
# [7.4] Inflicting Hits: the player absorbs them one choice at a time
# =============================================================================================


def _hits(n: int) -> str:
    return "1 Hit" if n == 1 else f"{n} Hits"


@dataclass(slots=True)
class Absorb(Decision[JihadState]):
    """[7.4] an army absorbs Hits, one choice at a time; [7.4.3.1] abandoning a Castle Curses it
    once all damage is absorbed (``curse``)."""

    name = "absorb"
    rule = "7.4"
    path: PathRef = 0
    army: ArmyRef = 0
    hits: int = 0
    curse: bool = False

    def options(self, st: JihadState) -> list[tuple[str, int]]:
        """[7.4] the ways to absorb the next Hits now, with the Hits each absorbs (worked out
        once per position: ``legal`` and ``act`` share them)."""
        key = ("absorb", id(self))
        cache = st.cache
        found: list[tuple[str, int]] | None = cache.get(key)
        if found is None:
            found = cache[key] = board.absorb_options(st, self.army, self.hits)
        return found

    def prompt(self, st: JihadState, seat: str) -> tuple[str, str]:
        """[7.4] the army, its Land and state, each way to absorb the next Hits, and why a step
        loss or a retreat is missing when it is."""
        t = st.tables
        a = st.data.armies[self.army]
        where = t.land_title[a.at] if t.on_map[a.at] else "off the map"
        status = a.strength + (", Cursed" if a.cursed else "") + (", besieged" if a.sieged else "")
        with board.reading(st):
            choices = "; ".join(board.absorb_words(st, self.army, self.options(st)))
            blocked = board.absorb_blocked(st, self.army)
        name = t.army_short[self.army]
        hits = _hits(self.hits)
        why = f". Not offered: {'; '.join(blocked)}" if blocked else ""
        path = t.path_title[self.path]
        return (f"{path}: the {name} ({status}) in {where} must absorb {hits}: {choices}{why}.", "7.4")

    def legal(self, st: JihadState, seat: str) -> list[Action]:
        return [ACTIONS[verb] for verb, _ in self.options(st)]

    def act(self, st: JihadState, seat: str, action: Action) -> None:
        t = st.tables
        d = st.data
        verb = action.verb
        absorbed = dict(self.options(st))[verb]
        aid = self.army
        name = t.army_title[aid]
        a = d.armies[aid]
        land = a.at
        where = t.land_title[land]
        if verb == "step":
            a.strength = common.worse(a.strength)
            st.emit(f"{name}: a step lost, now {a.strength} (1 Hit).", "7.4")
        elif verb == "capital":
            empire = board.capital_in(st, land)
            assert empire is not None
            cap = d.capitals[empire]
            if cap.side == "strong":
                cap.side = "weak"
                st.emit(f"The {EMPIRE_ADJECTIVE[empire]} Capital in {where} is weakened (1 Hit).", "7.4.2")
            else:
                cap.at = None
                st.emit(f"The {EMPIRE_ADJECTIVE[empire]} Capital in {where} is destroyed (1 Hit).", "7.4.2")
        elif verb == "besiege":
            a.sieged = True
            st.emit(f"{name}: into the Castle in {where}, besieged ({_hits(absorbed)}).", "7.4.3.1")
            if t.falls_on_siege and "bulgar_inversion" in t.land[land].tags:
                common.constantinople_falls(st)  # [2.1.6.2] military control passes with the countryside
        elif verb == "castle":
            castle = board.castle_in(st, land)
            assert castle is not None
            d.castles[castle].side = "weak"
            st.emit(f"The Castle in {where} is reduced to its weak side ({_hits(absorbed)}).", "7.4.3.1")
        else:  # retreat
            castle = board.castle_in(st, land)
            if castle is not None:
                c = d.castles[castle]
                c.at = t.out
                c.side = "strong" if c.owner == "byzantium" else "weak"
                self.curse = True  # [7.4.3.1] Cursed once all damage is absorbed
                st.emit(f"{name}: the Castle in {where} is abandoned and destroyed.", "7.4.3.1")
            if not common.retreat(st, aid, "7.4.1"):
                return
            st.emit(f"The retreat absorbs {_hits(absorbed)}.", "7.4.1")
        self.hits -= absorbed
        if self.hits <= 0:
            self._finish(st)

    def _finish(self, st: JihadState) -> None:
        if self.curse:
            common.curse(st, self.army, "7.4.3.1")
        st.pop()

    def skip(self, st: JihadState) -> None:
        """[7.5, 7.6 (3)] no way left to absorb: the army is Cursed and the rest is ignored."""
        on = board.on_map(st, self.army)
        if self.hits > 0 and on:
            name = st.tables.army_title[self.army]
            st.emit(f"{name}: the last {self.hits} Hits cannot be absorbed.", "7.6")
            common.curse(st, self.army, "7.6")
        self.curse = self.curse and board.on_map(st, self.army)
        self._finish(st)

    def describe(self, st: JihadState) -> AbsorbFrame:
        t = st.tables
        return {
            "k": "absorb",
            "path": t.path_name[self.path],
            "army": t.army_name[self.army],
            "hits": self.hits,
            "curse": self.curse,
        }


FRAMES: tuple[type[Frame[Any]], ...] = (Arab, Absorb)
