"""[Civic Action Phase] Political Points on the map are collected zone by zone, the First
Player first (Security 1, Infrastructure 3 each), then every faction's off-map income; each
collection is one gain, for InfoWar (NOTES 16). [Victory Conditions; End of Game] the turn
ends with the victory check; the game ends when someone has won, or in stalemate after the
turn the last Arab Street card was turned (NOTES 18)."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from consim.core.flow import Frame
from consim.games.baghdad.board import control_map, units_in, victory_score, winners_now
from consim.games.baghdad.rules import R_CIVIC, R_STALE, R_VICTORY
from consim.games.baghdad.rules.common import gain
from consim.games.baghdad.state import BaghdadState, Result, TurnRecord


@dataclass(slots=True)
class Civic(Frame[BaghdadState]):
    """[Civic Action Phase] collect map PP in turn order at the units' basic rates, then each
    faction's off-map income."""

    name = "civic"
    rule = R_CIVIC

    def run(self, st: BaghdadState) -> None:
        t = st.tables
        d = st.data
        rules = t.rules
        taken = dict.fromkeys(d.order, 0)
        for z, left in enumerate(d.zpp):
            if not left:
                continue
            for f in d.order:
                a, b = units_in(st, f, z)
                rate = a * rules.security_collects + b * rules.infrastructure_collects
                if rate and left:
                    got = min(rate, left)
                    left -= got
                    taken[f] += got
            d.zpp[z] = left
        before = len(st.stack)
        for f in d.order:
            gain(st, f, taken[f], "civic_action_map", R_CIVIC, "Civic Action on the map")
            gain(st, f, t.faction[f].civic_income, "civic_action_income", R_CIVIC, "off-map support")
        st.stack[before:] = reversed(st.stack[before:])  # InfoWar chances in turn order
        st.next_phase(self)  # the end of the turn


@dataclass(slots=True)
class EndOfTurn(Frame[BaghdadState]):
    """[Victory Conditions; Multiplayer Win; Stalemate] the check at the end of the turn."""

    name = "end"
    rule = R_VICTORY

    def run(self, st: BaghdadState) -> None:
        t = st.tables
        d = st.data
        control = control_map(st)
        won = winners_now(st, control)
        d.history.append(
            TurnRecord(turn=d.turn, scores={f: victory_score(st, f, control) for f in t.seats}, winners=won)
        )
        if won:
            # [Multiplayer Win] everyone meeting a condition at the end of the turn wins together
            d.result = Result(winners=tuple(f for f in t.seats if f in won), how=won, stalemate=False)
            st.emit(
                "Game over: " + ", ".join(f"{f} ({how} victory)" for f, how in won.items()) + " win(s).",
                R_VICTORY,
            )
            _end(st)
            return
        if not d.street:
            # [End of Game; Stalemate]
            w = t.stalemate_winner
            d.result = Result(winners=(w,) if w else (), how={w: "stalemate"} if w else {}, stalemate=True)
            st.emit(
                "The Arab Street deck is spent with no victory: "
                + (f"stalemate, {w} wins." if w else "stalemate, nobody wins."),
                R_STALE,
            )
            _end(st)
            return
        st.next_phase(self)  # the next turn


def _end(st: BaghdadState) -> None:
    """[End of Game] the result is announced to all: the action that ended the game is not
    taken back (and a game played without keeping undo saves exactly as its replay)."""
    st.mark_reveal()
    st.end_game()


FRAMES: tuple[type[Frame[Any]], ...] = (Civic, EndOfTurn)
