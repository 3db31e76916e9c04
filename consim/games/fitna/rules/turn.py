"""The game and its turns: set-up (6.0), the opening hands (7.0), each turn with its
reshuffles (8.2) and the phases of the players in the order of play (12.2), each phase's seven
segments (12.1), Adjust Cards (12.1 step 7) and the end of the game (31.0)."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, Literal

from consim.core.action import Action
from consim.core.flow import Frame
from consim.core.words import listing
from consim.games.fitna.board import traces_supply
from consim.games.fitna.rules import (
    HAND_SIZE,
    R_ASSAULT,
    R_ENTRENCH,
    R_EVENTS,
    R_INITIATIVE,
    R_SEQUENCE,
    R_SETUP,
    R_TURN_ORDER,
    RESHUFFLE_TURNS,
    opening_deal,
    possessive,
)
from consim.games.fitna.rules.common import (
    ELIMINATED,
    POOL,
    UNUSED,
    DrawCards,
    Step,
    draw_card,
    joker_window,
    push_levels,
    refs_space,
    sname,
)
from consim.games.fitna.state import ActiveEffect, Card, FitnaData, FitnaState, Seat, Unit


def set_up(st: FitnaState) -> None:
    """[6.0] The scenario's set-up: counters, control, piles, Jokers and Special Jokers."""
    t = st.tables
    sc = t.scenario
    n = t.n_spaces
    seats = t.seats
    units = [Unit(at=n + UNUSED) for _ in range(t.n_units)]
    for p in sc.setup:
        u = t.unit_by_id[p.counter]
        at = n + ELIMINATED if p.space is None else t.space_by_id[p.space]
        units[u] = Unit(at=at, reduced=p.reduced)
    for batches in t.batches.values():
        for batch in batches:
            for u in batch:
                units[u] = Unit(at=n + POOL)
    for u in range(t.n_units):
        if units[u].at != n + UNUSED:
            continue
        if (sc.is_present and t.unit_is[u]) or (sc.kurds_present and t.unit_kurd_side[u] >= 0):
            units[u] = Unit(at=n + POOL)  # [25.1, 26.1] the IS and Kurdish Force Pools
    control = [t.NEUTRAL] * n
    # [5.0] every player controls the empty spaces of his own country
    for i in range(len(seats)):
        for s in range(n):
            if t.space_country[s] in t.seat_countries[i]:
                control[s] = i
    force_side = list(t.force_side)
    for u, rec in enumerate(units):
        if rec.at < n:
            control[rec.at] = force_side[t.unit_force[u]]
    named = {"is": t.IS, "kdp": t.KDP, "pyd": t.PYD, "pkk": t.PKK}
    for who, spaces in sc.control.items():
        side = t.seat_index[who] if who in t.seat_index else named[who.casefold()]
        for sid in spaces:
            control[t.space_by_id[sid]] = side
    for s in t.out_of_play:
        control[s] = t.NEUTRAL
    removed = [c for c in range(t.n_cards) if c not in t.deck]
    dug_in = {t.space_by_id[sid] for sid in sc.entrenched}
    st.data = FitnaData(
        turn=0,
        tension=sc.tension,
        units=units,
        control=control,
        entrenched=[s in dug_in for s in range(n)],  # [19.0] the scenario's entrenchments
        known=[0] * n,
        asset_pile=[c for c in t.deck if t.card_asset[c] and not t.card_ht[c]],
        event_pile=[c for c in t.deck if not t.card_asset[c] and not t.card_ht[c]],
        aside=list(t.high_tension),
        removed=removed,
        hands={s: [] for s in seats},
        jokers={s: t.seat_jokers[i] for i, s in enumerate(seats)},
        special={s: list(t.seat_special[i]) for i, s in enumerate(seats)},
        force_side=force_side,
        force_seat=[-1] * len(force_side),
        batches={s: [list(b) for b in t.batches.get(s, ())] for s in seats},
        batch_turn=dict.fromkeys(seats, 0),
        levels_done=[lvl for lvl in (6, 10) if lvl <= sc.tension],
    )
    st.rng.shuffle(st.data.asset_pile)
    st.rng.shuffle(st.data.event_pile)
    st.emit(
        f"Scenario {sc.number}, {sc.title}: {len(seats)} players ({', '.join(t.initiative)} in the "
        f"order of play), {sc.turns} turns, International Tension {sc.tension}.",
        R_SETUP,
    )
    if removed:
        st.emit(
            (f"{len(removed)} cards are" if len(removed) > 1 else "1 card is")
            + " withdrawn before play: "
            + ", ".join(t.card_label[c] for c in removed)
            + ".",
            R_EVENTS,
        )
    if dug_in:
        dug = sorted(dug_in, key=lambda s: sname(st, s))
        names = listing([sname(st, s) for s in dug])
        st.emit(f"Entrenched at the start: {names}.", R_ENTRENCH, refs=refs_space(st, *dug))
    st.push(Campaign())
    # [23.3, 26.7] upheavals some scenarios begin with, carried out by their handlers
    if sc.coup_in_iraq_at_setup:
        st.push_named("handler_coup_at_setup")
    if sc.pkk_rebellion_at_setup:
        st.push_named("handler_pkk_rebellion_at_setup")
    push_levels(st)  # [8.3] a scenario starting at tension 5 or more plays with every card


@dataclass(slots=True)
class Campaign(Frame[FitnaState]):
    """The bottom of the stack: the opening hands, every turn, then victory (31.0)."""

    name = "campaign"
    step: Literal["hands", "turns", "over"] = "hands"

    def run(self, st: FitnaState) -> None:
        d = st.data
        t = st.tables
        if self.step == "hands":
            self.step = "turns"
            st.push(OpeningHands(order=list(t.initiative)))
            return
        if self.step == "turns" and d.turn < t.scenario.turns and not d.ended:
            d.turn += 1
            st.push(Turn())
            return
        if self.step != "over":
            self.step = "over"
            st.push_named("end_of_game")
            return
        st.end_game()


@dataclass(slots=True)
class OpeningHands(Step):
    """[7.0] In the order of play, each player says how many of his 4 cards he takes from the
    Asset pile and how many from the Event pile; they are drawn at random."""

    name = "opening_hands"
    rule = R_INITIATIVE
    order: list[Seat]
    at: int = 0

    def seats(self, st: FitnaState) -> tuple[str, ...]:
        return (self.order[self.at],) if self.at < len(self.order) else ()

    def prompt(self, st: FitnaState, seat: str) -> tuple[str, str]:
        return (
            f"Choose your opening hand of {HAND_SIZE} cards: how many from the Asset pile, the rest "
            "from the Event pile (drawn at random).",
            R_INITIATIVE,
        )

    def legal(self, st: FitnaState, seat: str) -> list[Action]:
        d = st.data
        t = st.tables
        out = []
        for a in range(HAND_SIZE, -1, -1):
            e = HAND_SIZE - a
            if a <= len(d.asset_pile) and e <= len(d.event_pile):
                out.append(t.action("take", opening_deal(a)))
        return out

    def anytime(self, st: FitnaState, seat: str) -> tuple[Action, ...]:
        return ()  # no Joker before the game begins

    def act(self, st: FitnaState, seat: str, action: Action) -> None:
        words = action.args[0].split()
        assets, events = int(words[0]), int(words[2])
        drawn = [draw_card(st, seat, True) for _ in range(assets)]
        drawn += [draw_card(st, seat, False) for _ in range(events)]
        st.emit(f"{seat} takes {assets} Asset and {events} Event cards.", R_INITIATIVE)
        got = [st.tables.card_name[c] for c in drawn if c is not None]
        st.emit(f"Your hand: {', '.join(got)}.", R_INITIATIVE, to=(seat,))
        st.mark_reveal((seat,))
        self.at += 1


@dataclass(slots=True)
class Turn(Frame[FitnaState]):
    """[12.2] One turn: the reshuffles of 8.2, then each player's phase in the order of play,
    then the effects that last the turn end."""

    name = "turn"
    step: Literal["start", "phases", "end"] = "start"
    at: int = 0
    #: [7.1] the order of play won by the initiative bids (empty: the scenario's, 7.0)
    order: list[Seat] = field(default_factory=list)
    #: [7.1] the cards each seat bid, to be spent in its Planning segment
    bids: dict[Seat, list[Card]] = field(default_factory=dict)

    def run(self, st: FitnaState) -> None:
        d = st.data
        t = st.tables
        if self.step == "start":
            self.step = "phases"
            st.emit(f"Turn {d.turn} of {t.scenario.turns} begins.", R_TURN_ORDER)
            if d.turn in RESHUFFLE_TURNS and d.turn > 1:
                reshuffle(st)
            if t.opts.initiative != "scenario" and "initiative_bids" in st.game.codec.frames:
                mode = t.opts.initiative
                if mode == "bids" or d.turn == t.scenario.turns:  # [7.1] every turn, or the last
                    st.push_named("initiative_bids", among=list(t.initiative))
            return
        if self.step == "phases":
            order = self.order or t.initiative
            if self.at < len(order) and not d.ended:
                seat = order[self.at]
                self.at += 1
                st.push(Phase(seat=seat))
                return
            self.step = "end"
            return
        st.pop()
        expire(st, lambda e: e.until_turn <= d.turn)
        st.emit(f"Turn {d.turn} ends.", R_TURN_ORDER)


def turn_order(st: FitnaState) -> list[str]:
    """[7.0, 7.1] This turn's order of play: the scenario's, or the one the bids gave."""
    turn = next((f for f in reversed(st.stack) if isinstance(f, Turn)), None)
    return list(turn.order) if turn is not None and turn.order else list(st.tables.initiative)


def reshuffle(st: FitnaState) -> None:
    """[8.2] Each discard pile is shuffled back into its draw pile (turns 3, 6, 9, 12)."""
    d = st.data
    d.asset_pile.extend(d.asset_discard)
    d.event_pile.extend(d.event_discard)
    d.asset_discard.clear()
    d.event_discard.clear()
    d.discard_seen.clear()
    st.rng.shuffle(d.asset_pile)
    st.rng.shuffle(d.event_pile)
    st.emit(
        f"The discards are shuffled back: {len(d.asset_pile)} Asset and {len(d.event_pile)} Event cards "
        "in the piles.",
        R_EVENTS,
    )


def expire(st: FitnaState, done: Any) -> None:
    """Drop the card effects that have run their course."""
    d = st.data
    keep: list[ActiveEffect] = [e for e in d.effects if not done(e)]
    if len(keep) != len(d.effects):
        d.effects = keep


SEGMENTS = ("events", "supply", "planning", "strategic", "adjust", "end", "over")


@dataclass(slots=True)
class Phase(Frame[FitnaState]):
    """[12.1] One player's phase: Events, Supply, Planning (which starts Movement and the
    Offensives), Strategic Movement, Adjust Cards; then the end of the phase."""

    name = "phase"
    rule = R_SEQUENCE
    seat: Seat
    step: Literal["events", "supply", "planning", "strategic", "adjust", "end", "over"] = "events"

    def run(self, st: FitnaState) -> None:
        d = st.data
        if d.ended and self.step != "over":
            self.step = "over"
        step = self.step
        nxt = SEGMENTS[SEGMENTS.index(step) + 1] if step != "over" else "over"
        if step == "over":
            st.pop()
            return
        self.step = nxt  # type: ignore[assignment]
        if step == "events":
            st.emit(f"{possessive(self.seat)} phase.", R_SEQUENCE)
            st.push_named("events_segment", seat=self.seat)
            if "arrivals" in st.game.codec.frames:
                st.push_named("arrivals", seat=self.seat)  # [27.1, 28.0] the waves due now
        elif step == "supply":
            st.push_named("supply_segment", seat=self.seat)
        elif step == "planning":
            turn = next((f for f in reversed(st.stack) if isinstance(f, Turn)), None)
            if turn is not None and self.seat in turn.bids:  # [7.1] the OPs were bid
                st.push_named("bid_planning", seat=self.seat, cards=list(turn.bids[self.seat]))
            else:
                st.push_named("planning", seat=self.seat)
        elif step == "strategic":
            st.push_named("strategic", seat=self.seat)
        elif step == "adjust":
            need = HAND_SIZE - len(d.hands[self.seat])
            if need > 0:
                st.push(DrawCards(seat=self.seat, count=need, why="Adjust Cards", cite=R_SEQUENCE))
        else:
            end_of_phase(st, self.seat)
        push_levels(st)


def end_of_phase(st: FitnaState, seat: str) -> None:
    """[17.2.2] Units that made an airmobile assault now need a supply line, or are isolated;
    effects lasting the phase end; the others may play a Joker (9.0)."""
    t = st.tables
    d = st.data
    lost: dict[int, int] = {}
    for u, rec in enumerate(d.units):
        if rec.assault:
            st.set_unit(u, assault=False)
            if not traces_supply(st, u):
                st.set_unit(u, isolated=True)
                lost[rec.at] = lost.get(rec.at, 0) + 1
    for s, n in sorted(lost.items()):  # by space: the order says nothing of which units
        st.emit(
            f"{n} unit{'s' if n > 1 else ''} of {seat} on {t.space_name[s]} find"
            f"{'' if n > 1 else 's'} no supply line after an airmobile assault: isolated.",
            R_ASSAULT,
        )
    d.bonus_ops = 0
    me = t.seat_index[seat]
    expire(st, lambda e: e.kind.startswith("phase_") or e.phase_of == me)
    others = [s for s in t.initiative if s != seat]
    joker_window(st, others, f"End of {possessive(seat)} phase")


FRAMES: tuple[type[Frame[Any]], ...] = (Campaign, OpeningHands, Turn, Phase)
