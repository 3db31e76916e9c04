"""The game and its turns: Situation (the deal), Commitment, Negotiations, Ground and Score,
then the end of the game after the last turn [Victory]."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Literal

from consim.core.flow import Frame
from consim.games.iraq.board import score_awards, usable_fv
from consim.games.iraq.content import SIDE_NAME
from consim.games.iraq.rules import (
    HAND_SIZE,
    R_GROUND,
    R_NEGOTIATE,
    R_SCORE,
    R_SITUATION,
    R_THREE,
    R_VICTORY,
)
from consim.games.iraq.rules.deck import draw_many
from consim.games.iraq.state import IraqState, TurnScore

_SCENARIO_RULE = {2: "Two Player Game", 3: "Three Player Game", 4: "Four Player Game", 5: "Five Player Game"}


def set_up(st: IraqState) -> None:
    """Shuffle the scenario's deck and announce the game; the turns follow."""
    t = st.tables
    d = st.data
    d.deck = list(t.deck_cards)
    st.rng.shuffle(d.deck)
    sc = t.scenario
    st.emit(
        f"{sc.name}: {len(t.seats)} players ({', '.join(t.seats)}), {t.opts.turns} turns, "
        f"a deck of {len(d.deck)} cards.",
        _SCENARIO_RULE[sc.players],
    )
    if t.removed_cards:
        st.emit(
            f"{len(t.removed_cards)} cards are removed from the deck "
            f"(use {', '.join(sorted({t.card_use[c] for c in t.removed_cards}))}).",
            "Two Player Game" if sc.players == 2 else "Four Player Game",
        )
    st.push(Campaign())


@dataclass(slots=True)
class Campaign(Frame[IraqState]):
    """The bottom of the stack: one turn after another, then the end [Victory]."""

    name = "campaign"

    def run(self, st: IraqState) -> None:
        if st.data.turn < st.tables.opts.turns:
            st.push(Turn())
            return
        out = outcome_sentence(st)
        st.emit(f"Game over. {out}", R_VICTORY)
        st.end_game()


@dataclass(slots=True)
class Turn(Frame[IraqState]):
    """One turn, step by step; each phase that needs decisions is a frame of its own."""

    name = "turn"
    step: Literal["deal", "declare", "commit", "negotiate", "score"] = "deal"

    def run(self, st: IraqState) -> None:
        t = st.tables
        if self.step == "deal":
            self.step = "declare"
            deal(st)
        elif self.step == "declare":
            self.step = "commit"
            if t.either_or and t.opts.civil_war_side == "declare":
                st.push_named("declare", among=list(t.seats))  # [Three Player Game]
        elif self.step == "commit":
            self.step = "negotiate"
            st.push_named("commitment", among=list(t.seats), sequential=t.opts.commitment == "sequential")
        elif self.step == "negotiate":
            self.step = "score"
            seats = list(t.seats)
            k = (st.data.turn - 1) % len(seats)  # the first negotiator rotates each turn (NOTES.md)
            order = seats[k:] + seats[:k]
            st.emit(f"Negotiations open; offers go round in the order {', '.join(order)}.", R_NEGOTIATE)
            st.push_named("negotiation", order=order)
        else:
            st.pop()
            ground_and_score(st)


def deal(st: IraqState) -> None:
    """[Situation Phase] each player is dealt a random hand of 10 cards."""
    t = st.tables
    d = st.data
    d.turn += 1
    st.emit(f"Turn {d.turn} of {t.opts.turns} begins.", R_SITUATION)
    seats = t.seats
    n = len(seats)
    # dealt one card at a time round the table: the k-th card drawn goes to seat k mod n
    dealt = draw_many(st, HAND_SIZE * n)
    for i, seat in enumerate(seats):
        d.hands[seat].extend(dealt[i::n])
    for seat in seats:
        d.hands[seat].sort()
    for seat in seats:
        hand = d.hands[seat]
        st.emit(f"You are dealt: {st.names(hand)}.", R_SITUATION, (seat,), st.card_refs(hand))
    st.mark_reveal(seats)
    st.emit(f"Each player is dealt {HAND_SIZE} cards.", R_SITUATION)
    d.declared = {}


def ground_and_score(st: IraqState) -> None:
    """[Ground Phase] every hand is revealed and its usable FV totalled; [Score Phase] VP by
    rank; the hands go to the discard pile."""
    t = st.tables
    d = st.data
    totals: dict[str, int] = {}
    sides: dict[str, str | None] = {}
    for seat in t.seats:
        hand = d.hands[seat]
        total, side = usable_fv(t, seat, hand, d.declared.get(seat))
        totals[seat] = total
        sides[seat] = side
        counted = f", counting {SIDE_NAME[side]} cards" if side else ""
        st.emit(
            f"{seat} reveals {st.names(hand, with_values=True) or 'no cards'}: usable FV {total}{counted}.",
            R_THREE if side else R_GROUND,
            refs=st.card_refs(hand),
        )
    st.mark_reveal()
    awards = score_awards(totals, t.opts.tie_ranking == "dense", t.opts.lowest_scores_zero)
    for seat in t.seats:
        d.vp[seat] += awards[seat]
    ranking = sorted(t.seats, key=lambda s: -totals[s])
    st.emit(
        "Score: "
        + ", ".join(f"{s} {totals[s]} FV -> {awards[s]} VP" for s in ranking)
        + ". Totals: "
        + ", ".join(f"{s} {d.vp[s]}" for s in t.seats)
        + ".",
        R_SCORE,
    )
    d.history.append(
        TurnScore(
            turn=d.turn,
            fv=totals,
            vp=awards,
            sides={s: SIDE_NAME[v] for s, v in sides.items() if v},
            hands={s: list(d.hands[s]) for s in t.seats},
        )
    )
    # end of turn: every hand goes to the discard pile (NOTES.md)
    for seat in t.seats:
        d.discard.extend(d.hands[seat])
        d.hands[seat] = []


def conflict_results(st: IraqState) -> list[tuple[str, tuple[str, ...], list[str]]]:
    """[Victory] each conflict with its seats and winners (the highest VP; ties share)."""
    vp = st.data.vp
    out = []
    for name, seats in st.tables.conflicts.items():
        best = max(vp[s] for s in seats)
        out.append((name, seats, [s for s in seats if vp[s] == best]))
    return out


def outcome_sentence(st: IraqState) -> str:
    """[Victory] one sentence per conflict."""
    vp = st.data.vp
    sentences = []
    for name, seats, won in conflict_results(st):
        best = vp[won[0]]
        others = ", ".join(f"{s} {vp[s]}" for s in seats if s not in won)
        if len(won) == 1:
            sentences.append(f"{won[0]} wins {name} with {best} VP ({others})")
        elif len(won) == len(seats):
            sentences.append(f"{' and '.join(won)} tie {name} on {best} VP and share it")
        else:
            sentences.append(f"{' and '.join(won)} share {name} on {best} VP ({others})")
    return "; ".join(sentences) + "."


FRAMES: tuple[type[Frame[Any]], ...] = (Campaign, Turn)
