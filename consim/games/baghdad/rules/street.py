"""[Arab Street Phase] up to three Arab Street cards are turned, one at a time; each places PP
on the map or makes an event happen. After each, the holders of cards may play one that
stops further draws (Curfew)."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from consim.core.flow import Frame
from consim.games.baghdad.board import control_map, zones_controlled
from consim.games.baghdad.content import (
    Effect,
    Elections,
    PlacePP,
    PlacePPWithInfrastructure,
    StopArabStreetDraws,
    StopDraws,
)
from consim.games.baghdad.rules import R_STREET
from consim.games.baghdad.rules.common import CardWindow, find, gain
from consim.games.baghdad.state import BaghdadState

_NO_MORE = "No more Arab Street cards are turned this turn."


@dataclass(slots=True)
class Street(Frame[BaghdadState]):
    """[Arab Street Phase] turn the cards one at a time and carry each out."""

    name = "street"
    rule = R_STREET
    draws: int = 0
    #: an event or a card stopped further draws this turn
    stopped: bool = False

    def _more(self, st: BaghdadState) -> bool:
        per_turn = st.tables.content.arab_street.draws_per_turn
        return not self.stopped and self.draws < per_turn and bool(st.data.street)

    def run(self, st: BaghdadState) -> None:
        t = st.tables
        d = st.data
        if not self._more(st):
            st.next_phase(self)  # the Arms Bazaar draft
            return
        inst = d.street.pop()
        self.draws += 1
        d.street_used.append(inst)
        for f in t.seats:  # a card seen with Signals Intercept is turned: it is no longer ahead
            if d.known[f]:
                d.known[f] = d.known[f][1:]
        card = t.street_of[inst]
        d.turned.append(inst)
        st.emit(f"Arab Street: {card.name}. {card.text}", R_STREET)
        gains: list[tuple[str, int, str]] = []
        for eff in card.effects:
            if isinstance(eff, PlacePP):
                # [Arab Street Phase] a zone receives its printed PP value (designer Q&A)
                zones = [t.zone_index[z] for z in eff.zones]
                for z in zones:
                    d.zpp[z] += t.zone_pp[z] * eff.multiplier
                st.emit(
                    "PP placed: "
                    + ", ".join(f"{t.zone_name[z]} +{t.zone_pp[z] * eff.multiplier}" for z in zones),
                    R_STREET,
                )
            elif isinstance(eff, PlacePPWithInfrastructure):
                infra = [d.inf[f] for f in t.seats]
                zs = [z for z in range(len(d.zpp)) if any(row[z] for row in infra)]
                for z in zs:
                    d.zpp[z] += eff.amount
                st.emit(
                    f"{eff.amount} PP placed in each of {len(zs)} zones holding Infrastructure.", R_STREET
                )
            elif isinstance(eff, Elections):
                control = control_map(st)
                counts = {f: zones_controlled(control, f) for f in d.order}
                best = max(counts.values())
                top = next(f for f in d.order if counts[f] == best)  # [Glossary: Ties]
                for f in d.order:
                    amount = counts[f] * eff.pp_per_controlled_zone
                    if f == top and best > 0:
                        amount += eff.most_zones_bonus
                    gains.append((f, amount, f"elections: {counts[f]} zones controlled"))
            elif isinstance(eff, StopDraws):
                self.stopped = True
                st.emit(_NO_MORE, R_STREET)
        # [Arab Street Phase] some Arms Bazaar cards stop further draws: a window after each card
        if self._more(st):
            holders = [f for f in d.order if d.hands[f]]
            if holders:
                st.push(StreetWindow(among=holders, timing="arab_street"))
        before = len(st.stack)
        for f, amount, why in gains:
            gain(st, f, amount, "elections", R_STREET, why)
        st.stack[before:] = reversed(st.stack[before:])  # the first player's InfoWar comes first


@dataclass(slots=True)
class StreetWindow(CardWindow):
    """[Arab Street Phase] after a card, a card that stops further draws may be played."""

    name = "street-window"
    rule = R_STREET

    def take_effect(self, st: BaghdadState, who: str, effect: Effect) -> None:
        if isinstance(effect, StopArabStreetDraws):
            street = find(st, Street)
            assert isinstance(street, Street)
            street.stopped = True

    def closed(self, st: BaghdadState) -> None:
        street = find(st, Street)
        if isinstance(street, Street) and street.stopped:
            st.emit(_NO_MORE, R_STREET)


FRAMES: tuple[type[Frame[Any]], ...] = (Street, StreetWindow)
