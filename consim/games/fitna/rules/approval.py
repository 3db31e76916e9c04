"""The United States' approval of #33 Mother of All Bombs and #82 Carpet Bombing (27.2)."""

from __future__ import annotations

from dataclasses import dataclass

from consim.core.flow import Frame
from consim.games.fitna.board import runs_force, stacks
from consim.games.fitna.rules import R_US_APPROVAL
from consim.games.fitna.rules.common import cname, discard_card
from consim.games.fitna.rules.offensive import Offensive
from consim.games.fitna.state import Card, FitnaState, Seat
from consim.games.fitna.vocabulary import NoParams

# =============================================================================================
# US approval [27.2]
# =============================================================================================

#: [27.2] approval on a die at most this, by the player's nationality
APPROVAL = {"israel": 4, "turkey": 3, "saudi_arabia": 2}
#: [27.2] "Anyone attacking IS: approval on 1-5"
APPROVAL_AGAINST_IS = 5
#: [20.0] the rebels whose player is "the Turkish player" where no seat runs the Turkish army
#: (scenarios 1 and 2: the rebels' patron, whose Joker counters they use)
TURKISH_PATRONAGE = ("fsa", "fia")


def nationalities(st: FitnaState, seat: str) -> list[str]:
    """[27.2] The nationalities of 27.2's table a player has: the national armies of Israel,
    Turkey and Saudi Arabia he runs (several for a player of a two-player version, 31.0); a
    player who runs none of them but the Free Syrian or Free Iraqi Army is the Turkish player
    of 20.0 ("the Turkish player controls the units of the Free Syrian Army")."""
    t = st.tables
    i = t.seat_index[seat]
    found = [n for n in APPROVAL if runs_force(st, i, t.force_index[n])]
    if not found and any(runs_force(st, i, t.force_index[f]) for f in TURKISH_PATRONAGE):
        found = ["turkey"]
    return found


def approval_needed(st: FitnaState, seat: str, off: Offensive) -> int | None:
    """[27.2] The highest die that approves #33 or #82 for ``seat`` in this offensive: 6 (no
    roll) for the player controlling the US forces; 5 against IS; else by the player's
    nationality, whatever units attack (Israel 4, Turkey 3, Saudi Arabia 2; a player with two
    of them rolls for the more favourable); None: refused ("the test fails automatically for
    any other situation or player")."""
    t = st.tables
    if runs_force(st, t.seat_index[seat], t.force_index["us"]):
        return 6
    if any(t.unit_is[u] for u in stacks(st)[off.target]):
        return APPROVAL_AGAINST_IS
    return max((APPROVAL[n] for n in nationalities(st, seat)), default=None)


def current_offensive(st: FitnaState) -> Offensive | None:
    return next((f for f in reversed(st.stack) if isinstance(f, Offensive)), None)


@dataclass(slots=True)
class UsApproval(Frame[FitnaState]):
    """[27.2] #33 Mother of All Bombs and #82 Carpet Bombing need the United States' approval
    as they are committed: the player controlling the US needs none; otherwise a die by the
    player's nationality (any attack on IS 1-5, Israel 1-4, Turkey 1-3, Saudi Arabia 1-2). A
    refused card is lost (discarded) and has no effect."""

    name = "handler_us_approval"
    rule = R_US_APPROVAL
    seat: Seat
    card: Card
    effect: int

    @classmethod
    def refusal(cls, st: FitnaState, seat: str, card: int, params: NoParams) -> str | None:
        off = current_offensive(st)
        if off is None or off.seat != seat:
            return "it needs the United States' approval as the attacker commits it in an offensive (27.2)"
        if approval_needed(st, seat, off) is None:
            return (
                "the United States approve it only for the Israeli, Turkish or Saudi player, or "
                "against IS (27.2)"
            )
        return None

    def run(self, st: FitnaState) -> None:
        st.pop()
        off = current_offensive(st)
        label = cname(st, self.card)
        if off is None or self.card not in off.cards:
            return
        need = approval_needed(st, self.seat, off)
        if need == 6:
            st.emit(f"{self.seat} controls the US forces: {label} needs no approval.", R_US_APPROVAL)
            return
        die = st.rng.randint(1, 6)
        if need is not None and die <= need:
            st.emit(f"US approval for {label}: die {die}, approved (1-{need}).", R_US_APPROVAL)
            return
        i = off.cards.index(self.card)
        del off.cards[i], off.by[i], off.cancels[i]
        st.data.in_play.remove(self.card)
        discard_card(st, self.card)
        st.emit(f"US approval for {label}: die {die}, refused; the card is lost.", R_US_APPROVAL)
