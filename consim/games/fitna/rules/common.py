"""What several parts of the sequence of play share: changing the position (units, control,
cards, tension), the triggers of 22.0, and the decisions every module uses (drawing cards,
taking step losses, the Joker windows of 9.0). Rules modules import this one, never each
other; they start each other's procedures by frame name.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass, field
from typing import Final

from consim.core.action import Action
from consim.core.data import SeatOrNone
from consim.core.flow import PASS, Decision, Frame, Menu, ReactionWindow
from consim.games.fitna.board import owner, space_side, stacks, unit_sides
from consim.games.fitna.content import COUNTRIES, FORCES, OFF_MAP
from consim.games.fitna.rules import (
    LEVELS,
    R_ENTRENCH,
    R_EVENTS,
    R_HIGH_TENSION,
    R_JOKER,
    R_LOSSES,
    R_OUT_OF_SUPPLY,
    R_TENSION,
    R_TENSION_EFFECTS,
)
from consim.games.fitna.state import FirstKey, FitnaState, Seat, UnitId

#: [26.7] the facts ``firsts`` records about the PKK rebellion, and [27.1, 28.0] about the
#: interventions
PKK_ONGOING: Final = "pkk_rebellion"
PKK_OVER: Final = "pkk_rebellion_over"
US_IN: Final = "us_intervened"
RUSSIA_IN: Final = "russia_intervened"

POOL = OFF_MAP.index("pool")
ELIMINATED = OFF_MAP.index("eliminated")
REMOVED = OFF_MAP.index("removed")
UNUSED = OFF_MAP.index("unused")

A_JOKER = Action("joker")
A_DONE = Action("done")
A_PASS = PASS


# =============================================================================================
# Names a player reads
# =============================================================================================


def sname(st: FitnaState, s: int) -> str:
    return st.tables.space_name[s]


def uname(st: FitnaState, u: int) -> str:
    return st.tables.unit_label[u]


def side_name(st: FitnaState, side: int) -> str:
    return st.tables.side_names[side]


def cname(st: FitnaState, c: int) -> str:
    return st.tables.card_name[c]


def names(st: FitnaState, units: Iterable[int]) -> str:
    return ", ".join(uname(st, u) for u in units) or "no unit"


def refs_space(st: FitnaState, *spaces: int) -> tuple[tuple[str, str], ...]:
    return tuple(("space", st.tables.space_name[s]) for s in spaces)


def country_of(st: FitnaState, s: int) -> str:
    return COUNTRIES[st.tables.space_country[s]]


# =============================================================================================
# Changing the position
# =============================================================================================


#: [20.0] the forces whose units change hands with the country they stand in
_BY_COUNTRY = frozenset(FORCES.index(f) for f in ("sunni_militia", "al_sham_militia"))


def everyone(st: FitnaState) -> int:
    """Every seat, as a mask of one bit per seat (the bits of ``FitnaData.known``)."""
    return (1 << len(st.tables.seats)) - 1


def seat_bits(st: FitnaState, seats: Iterable[str]) -> int:
    """These seats as a mask of one bit per seat (names that are not seats are left out)."""
    index = st.tables.seat_index
    bits = 0
    for seat in seats:
        if seat in index:
            bits |= 1 << index[seat]
    return bits


def touch(st: FitnaState, s: int, keep: int = 0) -> None:
    """[30.0] The stack on ``s`` changed: the seats of ``keep`` (a bit per seat) followed the
    change and still know the stack; the others no longer do (its owner sees it anyway)."""
    if s < st.tables.n_spaces:
        st.data.known[s] &= keep


def told_apart(st: FitnaState, s: int, u: int) -> int:
    """[30.0] The seats that know the stack on ``s`` and can tell counter ``u`` there from the
    others by what the map shows of it (the only one of its force with, or without, an
    Isolated marker): they see which counter leaves."""
    known = st.data.known[s]
    if not known:
        return 0
    t = st.tables
    units = st.data.units
    key = (t.unit_force[u], units[u].isolated)
    if any(v != u and (t.unit_force[v], units[v].isolated) == key for v in stacks(st)[s]):
        return 0
    return known


def place(st: FitnaState, u: int, to: int, shown: int = 0) -> None:
    """Put counter ``u`` on place ``to`` (a space or an off-map box).

    [30.0] What the seats that have seen a stack still know of it afterwards. ``shown``: the
    seats told which counter it is and how it stands (a bit per seat; a public arrival at full
    strength names it to everyone). They, and the seats that knew the stack it leaves and could
    tell it apart there, follow the change: they still know the stack it leaves, and the one it
    joins if they knew that one too; a counter they followed out of a stack makes the new
    stack it starts known to them. Every other seat no longer knows either stack. A stack
    nobody has seen is never made known by an arrival from off the map."""
    d = st.data
    t = st.tables
    n = t.n_spaces
    frm = d.units[u].at
    follow = shown
    if frm < n:
        follow |= told_apart(st, frm, u)
        d.known[frm] &= follow
    if to < n:
        if follow:
            follow &= d.known[to] if stacks(st)[to] else (follow if frm < n else 0)
        d.known[to] = follow
    crossing = (
        frm < n and to < n and t.space_country[frm] != t.space_country[to] and t.unit_force[u] in _BY_COUNTRY
    )
    before = unit_sides(st)[u] if crossing else -1
    st.set_unit(u, at=to)
    if crossing and (seat := st.seat_of(unit_sides(st)[u])) is not None and unit_sides(st)[u] != before:
        st.mark_reveal((seat,))  # [20.0, 30.0] the unit changed hands: its new player sees it


def rejoin(st: FitnaState, s: int) -> None:
    """[14.1] "When a friendly supplied unit stacks with a previously unsupplied unit, the
    latter is immediately in supply": after any arrival on ``s`` (a move, a retreat, an
    advance, an exploitation, a placement), every isolated unit there stacked with a unit of
    its side that bears no Isolated marker loses its marker."""
    sides = unit_sides(st)
    units = stacks(st)[s]
    d = st.data
    lifted: dict[int, int] = {}
    for u in units:
        if d.units[u].isolated and any(not d.units[v].isolated and sides[v] == sides[u] for v in units):
            lifted[sides[u]] = lifted.get(sides[u], 0) + 1
            st.set_unit(u, isolated=False)
    for side, count in sorted(lifted.items()):
        st.emit(
            f"{side_name(st, side)}: {count} unit{'s' if count > 1 else ''} on {sname(st, s)} back in "
            "supply, joined by a supplied unit.",
            R_OUT_OF_SUPPLY,
            refs=refs_space(st, s),
        )


def set_control(st: FitnaState, s: int, side: int, forces: Iterable[int] = ()) -> None:
    """[5.0] ``side`` takes control of space ``s`` (``forces``: the forces of the units that
    took it, for the triggers of 22.0). Its entrenchment goes with it (19.0)."""
    d = st.data
    before = d.control[s]
    if before == side:
        return
    d.control[s] = side
    st.cache.clear()
    if d.entrenched[s]:
        d.entrenched[s] = False
        st.emit(f"The entrenchment on {sname(st, s)} is destroyed.", R_ENTRENCH, refs=refs_space(st, s))
    on_capture(st, s, side, set(forces))


def eliminate(st: FitnaState, u: int, shown: int = 0) -> None:
    """[18.5] To the replacements section of its Force Pool (IS counters face down to the IS
    Force Pool, 25.1); decoys leave the game (25.1), and so do PKK units once the PKK
    rebellion is over (26.7: "they may never return to play"). ``shown``: the seats told
    which counter it is (30.0, ``place``); a player's destroyed unit, or a unit out of the
    game, is listed for everyone to read."""
    t = st.tables
    if t.unit_decoy[u] or (FORCES[t.unit_force[u]] == "pkk" and PKK_OVER in st.data.firsts):
        where = REMOVED
    elif t.unit_is[u]:
        where = POOL
    else:
        where = ELIMINATED
    at = st.data.units[u].at
    every = everyone(st)
    if at < t.n_spaces and st.data.known[at] & every != every:
        # [30.0] the counter goes to its Force Pool, in everyone's sight: who it was is no
        # longer hidden from the players who never saw its stack (onlookers of 3+ players)
        st.mark_reveal()
    if not t.unit_is[u] and (where == REMOVED or 0 <= owner(st, u) < len(t.seats)):
        shown = every
    place(st, u, st.tables.n_spaces + where, shown)
    st.set_unit(u, reduced=False, isolated=False, assault=False)


def lose_step(st: FitnaState, u: int, shown: int = 0) -> bool:
    """[18.5] Counter ``u`` loses a step: flipped to its reduced side, or eliminated if it has
    none left (IS counters other than Al Baghdadi have one step). True if eliminated.
    [30.0] The seats of ``shown`` are told which counter; those that know the stack follow
    a flip also when it is the only counter there that could take the step so."""
    t = st.tables
    rec = st.data.units[u]
    if rec.at < t.n_spaces and st.data.known[rec.at] != everyone(st):
        # [30.0] whether the counter is flipped or removed shows how it stood
        st.mark_reveal()
    if t.unit_steps[u] == 2 and not rec.reduced:
        units = st.data.units
        alone = not any(v != u and t.unit_steps[v] == 2 and not units[v].reduced for v in stacks(st)[rec.at])
        touch(st, rec.at, shown | (st.data.known[rec.at] if alone else 0))
        st.set_unit(u, reduced=True)
        return False
    eliminate(st, u, shown)
    return True


def restore(st: FitnaState, u: int, shown: int = 0) -> None:
    """[15.0] Reduced counter ``u`` on the map back to full strength. [30.0] The seats that
    know its stack still do if told which counter (``shown``) or if it was the only reduced
    one there."""
    t = st.tables
    units = st.data.units
    at = units[u].at
    if at < t.n_spaces and st.data.known[at]:
        alone = not any(v != u and units[v].reduced for v in stacks(st)[at])
        touch(st, at, shown | (st.data.known[at] if alone else 0))
    st.set_unit(u, reduced=False)


# =============================================================================================
# Cards [8.0-8.3]
# =============================================================================================


def draw_card(st: FitnaState, seat: str, asset: bool) -> int | None:
    """Draw the top card of the Asset or Event pile into ``seat``'s hand."""
    d = st.data
    pile = d.asset_pile if asset else d.event_pile
    if not pile:
        return None
    card = pile.pop()
    d.hands[seat].append(card)
    return card


def discard_card(st: FitnaState, card: int, seen_by: Iterable[str] | None = None) -> None:
    """[8.2] Face down on the discard pile of its own pile. ``seen_by``: the only seats that
    saw which card it is (None: a card everyone saw played or spent)."""
    d = st.data
    (d.asset_discard if st.tables.card_asset[card] else d.event_discard).append(card)
    if seen_by is not None:
        d.discard_seen[card] = seat_bits(st, seen_by)


def take_from_hand(st: FitnaState, seat: str, card: int) -> None:
    st.data.hands[seat].remove(card)


def card_in_hand(st: FitnaState, seat: str, name: str) -> int:
    """The first card of that name in the seat's hand (copies are identical)."""
    t = st.tables
    hand = st.data.hands[seat]
    for c in t.card_by_name[name]:
        if c in hand:
            return c
    raise KeyError(name)


def pile_label(asset: bool) -> str:
    return "Asset" if asset else "Event"


# =============================================================================================
# International Tension and its triggers [22.0-22.1]
# =============================================================================================


def change_tension(st: FitnaState, change: int, why: str, rule: str = R_TENSION) -> None:
    """[22.0] Move the International Tension marker (0 to 10). The effects of levels 5, 6 and 10
    (22.1) follow at the next safe point (``push_levels``)."""
    d = st.data
    before = d.tension
    d.tension = max(0, min(10, before + change))
    if d.tension != before:
        st.emit(f"International Tension {before} -> {d.tension} ({why}).", rule)


def first_time(st: FitnaState, key: FirstKey, change: int, why: str) -> None:
    """[22.0] A "first time" trigger: fires once per game."""
    if key in st.data.firsts:
        return
    st.data.firsts.append(key)
    if change:
        change_tension(st, change, f"first time {why}")


def seats_with(st: FitnaState, *forces: str) -> set[int]:
    """The seats controlling any of these forces now."""
    t = st.tables
    fs = st.data.force_side
    return {fs[t.force_index[f]] for f in forces if fs[t.force_index[f]] < len(t.seats)}


def on_fight(st: FitnaState, att: set[int], dfn: set[int], s: int, strike: bool) -> None:
    """[21.0, 22.0] Who attacked or struck whom: the caveats' "unless struck first" clauses
    and the first-time triggers. ``att`` and ``dfn``: the forces on each side."""
    a = {FORCES[f] for f in att}
    b = {FORCES[f] for f in dfn}
    country = country_of(st, s)
    if "russia" in a and "israel" in b:
        first_time(st, "russia_hit_israel", 0, "")
    if "russia" in a and "turkey" in b and country in ("iraq", "syria"):
        first_time(st, "russia_hit_turkey_abroad", 0, "")
        if not strike:
            first_time(st, "russia_attacks_turkey", 2, "Russia attacks a Turkish unit in Iraq or Syria")
    if not strike:
        if ("israel" in a and "iran" in b) or ("iran" in a and "israel" in b):
            first_time(st, "israel_iran", 2, "Israeli and Iranian units fight on the ground")
        gulf = {"saudi_arabia", "jordan", "egypt", "kuwait", "uae", "bahrain", "qatar", "oman", "yemen"}
        if ("iran" in a and b & gulf) or (a & gulf and "iran" in b):
            first_time(st, "iran_saudi", 2, "Iranian and Saudi or Arab Allied units fight on the ground")
    if ("russia" in a and "iran" in b) or ("iran" in a and "russia" in b):
        first_time(st, "russia_iran", 1, "Russian and Iranian units attack or strike each other")
    if ("iran" in a and "turkey" in b) or ("turkey" in a and "iran" in b):
        first_time(st, "iran_turkey", 1, "Iranian and Turkish units attack or strike each other")


def on_attack_space(st: FitnaState, side: int, s: int) -> None:
    """[22.0] Units of the Syrian, Iraqi or Iranian player attack Turkish territory."""
    if country_of(st, s) == "turkey" and side in seats_with(st, "syria", "iraq", "iran"):
        first_time(st, "enter_turkey", 2, "the Syrian, Iraqi or Iranian player attacks or enters Turkey")


def on_enter(st: FitnaState, side: int, spaces: Iterable[int]) -> None:
    """[22.0] Units of the Syrian, Iraqi or Iranian player enter Turkey."""
    if any(country_of(st, s) == "turkey" for s in spaces) and side in seats_with(st, "syria", "iraq", "iran"):
        first_time(st, "enter_turkey", 2, "the Syrian, Iraqi or Iranian player attacks or enters Turkey")


def on_capture(st: FitnaState, s: int, side: int, forces: set[int]) -> None:
    """[22.0] Captures that raise tension."""
    t = st.tables
    sid = t.space_id[s]
    f = {FORCES[x] for x in forces}
    if "israel" in f and sid == "damascus":
        first_time(st, "israel_took_damascus", 2, "Israeli units capture Damascus")
    if "israel" in f and sid == "beirut":
        first_time(st, "israel_took_beirut", 1, "Israeli units capture Beirut")
    if "turkey" in f and sid == "aleppo":
        first_time(st, "turkey_took_aleppo", 1, "Turkish units capture Aleppo")
    if side == t.IS and (
        sid in ("baghdad", "karbala", "najaf", "aleppo", "damascus") or country_of(st, s) == "turkey"
    ):
        change_tension(st, 1, f"IS takes {sname(st, s)}")
    intervention_check(st, s, side, "occupy")
    if t.space_kurd_side[s] == t.PKK and country_of(st, s) == "turkey":
        pkk_check(st)


def pkk_spaces_in_turkey(st: FitnaState) -> list[int]:
    """[26.7] The spaces marked PKK in Turkey."""
    t = st.tables
    turkey = t.country_index["turkey"]
    return [s for s in range(t.n_spaces) if t.space_kurd_side[s] == t.PKK and t.space_country[s] == turkey]


def pkk_check(st: FitnaState) -> None:
    """[26.7] "As soon as the Turkish player controls all the spaces marked PKK in Turkey, the
    PKK rebellion is over and the PKK units are permanently removed from play, other than those
    that have found refuge in Syria or in Iraq." Those may never return once eliminated."""
    d = st.data
    t = st.tables
    if PKK_ONGOING not in d.firsts or PKK_OVER in d.firsts:
        return
    turk = d.force_side[t.force_index["turkey"]]
    if turk >= len(t.seats) or any(d.control[s] != turk for s in pkk_spaces_in_turkey(st)):
        return
    d.firsts.append(PKK_OVER)
    turkey = t.country_index["turkey"]
    gone = []
    for u in t.force_units[t.force_index["pkk"]]:
        at = d.units[u].at
        if (at >= t.n_spaces or t.space_country[at] == turkey) and at != t.n_spaces + REMOVED:
            gone.append(u)
            place(st, u, t.n_spaces + REMOVED)
            st.set_unit(u, reduced=False, isolated=False)
    st.emit(
        f"Turkey holds every PKK space in Turkey: the PKK rebellion is over; {len(gone)} PKK units "
        "leave the game (those in Syria or Iraq stay, never to return once eliminated).",
        "26.7",
    )


#: [27.1] what an intervention trigger watches: the country or the spaces, and the force of the
#: player who must not be the one acting
TRIGGERS: dict[str, tuple[str, tuple[str, ...], str, tuple[str, ...]]] = {
    "kuwait_attacked": ("kuwait", (), "", ("attack",)),
    "jordan_attacked": ("jordan", (), "", ("attack",)),
    "israel_attacked": ("", ("haifa", "netanya"), "israel", ("attack", "occupy")),
    "incirlik_attacked": ("", ("incirlik",), "turkey", ("attack", "occupy")),
}


def intervention_check(st: FitnaState, s: int, side: int, how: str) -> None:
    """[27.1] The US intervenes the moment Kuwait or Jordan is attacked, Haifa or Netanya is
    attacked or occupied by non-Israeli units, Incirlik is attacked or occupied (by units of
    any other player, IS or the Kurds); the scenario names the receiving player. Once only."""
    d = st.data
    t = st.tables
    if US_IN in d.firsts or "handler_us_intervention" not in st.game.codec.frames:
        return
    sid = t.space_id[s]
    country = country_of(st, s)
    for entry in t.scenario.us_intervention:
        watch = TRIGGERS.get(entry.trigger)
        if watch is None or how not in watch[3]:
            continue
        where, spaces, own, _ = watch
        if (where and country != where) or (spaces and sid not in spaces):
            continue
        receiver = t.seat_index[entry.seat]
        if side == receiver:
            continue
        if own and d.force_side[t.force_index[own]] == side:
            continue
        d.firsts.append(US_IN)
        what = "attacked" if how == "attack" else "occupied"
        st.emit(f"{sname(st, s)} is {what}: the United States intervenes for {entry.seat}.", "27.1")
        st.push_named("handler_us_intervention", seat=entry.seat, card=-1, effect=0)
        return


def push_levels(st: FitnaState) -> None:
    """[22.1] Start the effects of the tension levels reached and not yet carried out."""
    d = st.data
    if any(lvl <= d.tension and lvl not in d.levels_done for lvl in LEVELS):
        st.push(TensionLevels())


@dataclass(slots=True)
class TensionLevels(Frame[FitnaState]):
    """[22.1] Level 5: the High Tension cards join their piles, which are shuffled (8.3).
    Level 6 and level 10: every player takes his next batch of reinforcements, or
    replacements (15.0); level 10 also brings the interventions of 27.1 and 28.0 (the frame
    ``handler_tension_10`` of powers.py)."""

    name = "tension_levels"
    rule = R_TENSION_EFFECTS

    def run(self, st: FitnaState) -> None:
        d = st.data
        t = st.tables
        pending = [lvl for lvl in LEVELS if lvl <= d.tension and lvl not in d.levels_done]
        if not pending:
            st.pop()
            return
        level = pending[0]
        d.levels_done.append(level)
        if level == 5:
            if d.aside:
                for c in d.aside:
                    (d.asset_pile if t.card_asset[c] else d.event_pile).append(c)
                st.emit(
                    f"Tension {level}: the {len(d.aside)} High Tension cards join their piles, "
                    "which are shuffled.",
                    R_HIGH_TENSION,
                )
                d.aside.clear()
                st.rng.shuffle(d.asset_pile)
                st.rng.shuffle(d.event_pile)
            return
        st.emit(
            f"Tension {level}: every player receives his next batch of reinforcements, or replacements.",
            R_TENSION_EFFECTS,
        )
        # pushed in reverse so that the first in the order of play chooses first
        for seat in reversed(t.initiative):
            st.push_named("reinforce", seat=seat, free=True)
        if level == 10:  # [27.1, 28.0] the US intervention and the Russian surge (powers.py)
            st.push_named("handler_tension_10")


# =============================================================================================
# Decisions that offer the Joker [9.0]
# =============================================================================================


def play_joker(st: FitnaState, seat: str) -> None:
    """[9.0] The seat plays a Joker counter: it draws 2 cards; the counter leaves the game."""
    st.data.jokers[seat] -= 1
    st.emit(f"{seat} plays a Joker and draws 2 cards.", R_JOKER)
    st.push(DrawCards(seat=seat, count=2, why="Joker", cite=R_JOKER))


class Step(Decision[FitnaState]):
    """A decision asked of one seat at a time (``seats`` names it), or an automatic step when
    nobody is asked (``run`` then carries it on). Whoever is asked may also play a Joker, at any
    of his decisions (9.0: "at any point in the game"), as long as he has something else to
    choose: the core offers it beside the step's own choices (``anytime``).
    """

    __slots__ = ()

    def anytime(self, st: FitnaState, seat: str) -> Sequence[Action]:
        return (A_JOKER,) if st.data.jokers.get(seat, 0) > 0 else ()

    def act_anytime(self, st: FitnaState, seat: str, action: Action) -> None:
        play_joker(st, seat)

    def run(self, st: FitnaState) -> None:
        """The automatic part: runs when nobody is asked. By default the step ends."""
        st.remove(self)

    def skip(self, st: FitnaState) -> None:
        if not self.seats(st):
            self.run(st)
        else:
            st.remove(self)


#: what a menu's option does, given the state it is chosen in (it never keeps the state: the
#: menu is kept in the state's cache, and a kept state would make each state a garbage cycle)
Pick = Callable[["FitnaState"], None]


class MenuStep(Step, Menu[FitnaState]):
    """A step whose options each carry the code that carries them out (the core's
    :class:`~consim.core.flow.Menu`: built once per position, shared by ``legal`` and
    ``act``), with the Joker offered beside them as at every step."""

    __slots__ = ()


@dataclass(slots=True)
class JokerWindow(ReactionWindow[FitnaState]):
    """[9.0] The seats in ``order`` may each play a Joker now, even in another player's phase
    (before an offensive's Assets, at the end of a phase)."""

    name = "joker_window"
    rule = R_JOKER
    why: str = ""

    def prompt(self, st: FitnaState, seat: str) -> tuple[str, str]:
        return (f"{self.why}: play a Joker to draw 2 cards, or pass.", R_JOKER)

    def responses(self, st: FitnaState, seat: str) -> list[Action]:
        return [A_JOKER] if st.data.jokers.get(seat, 0) > 0 else []

    def respond(self, st: FitnaState, seat: str, action: Action) -> None:
        play_joker(st, seat)


def joker_window(st: FitnaState, seats: Iterable[str], why: str) -> None:
    order = [s for s in seats if st.data.jokers.get(s, 0) > 0]
    if order:
        st.push(JokerWindow(order=order, why=why))


# =============================================================================================
# Drawing cards and taking losses
# =============================================================================================


@dataclass(slots=True)
class DrawCards(Step):
    """[8.2] ``seat`` draws ``count`` cards, each from the pile of its choice (automatically
    from the only pile left when the other is empty)."""

    name = "draw_cards"
    seat: Seat
    count: int
    why: str = ""
    cite: str = R_EVENTS

    def seats(self, st: FitnaState) -> tuple[str, ...]:
        d = st.data
        if self.count > 0 and d.asset_pile and d.event_pile:
            return (self.seat,)
        return ()

    def prompt(self, st: FitnaState, seat: str) -> tuple[str, str]:
        d = st.data
        return (
            f"{self.why}: draw a card ({self.count} to draw) from the Asset pile ({len(d.asset_pile)} "
            f"cards) or the Event pile ({len(d.event_pile)}).",
            self.cite,
        )

    def legal(self, st: FitnaState, seat: str) -> list[Action]:
        t = st.tables
        return [t.action("draw", "Asset"), t.action("draw", "Event")]

    def act(self, st: FitnaState, seat: str, action: Action) -> None:
        self._draw(st, action.args[0] == "Asset")

    def run(self, st: FitnaState) -> None:
        d = st.data
        if self.count > 0 and (d.asset_pile or d.event_pile):
            self._draw(st, bool(d.asset_pile))
            return
        st.remove(self)

    def _draw(self, st: FitnaState, asset: bool) -> None:
        card = draw_card(st, self.seat, asset)
        self.count -= 1
        if card is None:
            return
        st.emit(f"{self.seat} draws a card from the {pile_label(asset)} pile ({self.why}).", self.cite)
        st.emit(f"You draw {cname(st, card)}.", self.cite, to=(self.seat,), refs=(("card", cname(st, card)),))
        st.mark_reveal((self.seat,))


@dataclass(slots=True)
class Losses(Step):
    """[18.5] ``steps`` step losses among ``units``, each chosen by their owner ``seat`` (at
    random for IS counters, which are face down, and for units nobody plays). ``split``: no
    unit loses a second step while another can take it (DR*, 18.4). ``witnesses`` see which
    units lose the steps; the others read only how many."""

    name = "losses"
    seat: SeatOrNone
    units: list[UnitId]
    steps: int
    space: int
    cite: str = R_LOSSES
    why: str = ""
    split: bool = False
    witnesses: list[Seat] = field(default_factory=list)
    hit: list[UnitId] = field(default_factory=list)

    def _alive(self, st: FitnaState) -> list[int]:
        n = st.tables.n_spaces
        return [u for u in self.units if st.data.units[u].at < n]

    def _choices(self, st: FitnaState) -> list[int]:
        alive = self._alive(st)
        if self.split:
            fresh = [u for u in alive if u not in self.hit]
            if fresh:
                return fresh
        return alive

    def seats(self, st: FitnaState) -> tuple[str, ...]:
        if self.steps <= 0 or not self._alive(st):
            return ()
        if not self.seat or any(st.tables.unit_is[u] for u in self._alive(st)):
            return ()
        return (self.seat,)

    def prompt(self, st: FitnaState, seat: str) -> tuple[str, str]:
        return (
            f"{self.why}: choose the unit that loses a step on {sname(st, self.space)} "
            f"({self.steps} to take).",
            self.cite,
        )

    def legal(self, st: FitnaState, seat: str) -> list[Action]:
        t = st.tables
        return [t.action("lose", uname(st, u)) for u in self._choices(st)]

    def act(self, st: FitnaState, seat: str, action: Action) -> None:
        self._hit(st, st.tables.unit_by_label[action.args[0]])

    def run(self, st: FitnaState) -> None:
        choices = self._choices(st)
        if self.steps > 0 and choices:
            self._hit(st, choices[st.rng.randbelow(len(choices))])
            return
        st.remove(self)

    def _hit(self, st: FitnaState, u: int) -> None:
        t = st.tables
        self.steps -= 1
        self.hit.append(u)
        # the unit's side: IS or a Kurdish faction even while a player commands it (25.2, 26.2)
        owner = side_name(st, unit_sides(st)[u])
        audience = sorted({*self.witnesses, *([self.seat] if self.seat else [])})
        # [30.0] the seats told which counter follow the change (IS counters stay face down)
        gone = lose_step(st, u, 0 if t.unit_is[u] else seat_bits(st, audience))
        where = sname(st, self.space)
        st.emit(
            f"{owner} loses a step on {where}{' (a unit is eliminated)' if gone else ''}.",
            self.cite,
            refs=refs_space(st, self.space),
        )
        if audience and not t.unit_is[u]:
            what = "is eliminated" if gone else "is reduced"
            st.emit(f"{uname(st, u)} {what}.", self.cite, to=audience)


def strike_witnesses(st: FitnaState, s: int, owner: str, striker: str) -> list[Seat]:
    """[18.5, 30.0] Who sees which counters a strike on ``s`` hits: their owner, and the striking
    player if he knows the stack (Armed Drones strike a stack they have just revealed)."""
    out = [owner] if owner else []
    if striker and striker != owner and st.data.known[s] & seat_bits(st, [striker]):
        out.append(striker)
    return out


def owner_seat(st: FitnaState, s: int) -> str:
    """The seat whose units are on ``s`` ("" for IS, Kurds or nobody's units)."""
    side = space_side(st, s)
    seat = st.seat_of(side) if side >= 0 else None
    return seat or ""


def stack_forces(st: FitnaState, s: int) -> set[int]:
    t = st.tables
    return {t.unit_force[u] for u in stacks(st)[s]}
