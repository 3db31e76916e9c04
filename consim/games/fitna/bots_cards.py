"""What a card is worth to a seat of Fitna, for the heuristic bot (``bots.HeuristicBot``):
kept in hand for its event or for an offensive, played as an event now, or spent for its OPs
(34.0: Reinforcements while batches wait, events that pay, the rest for OPs). Values are in
the units of a card's OPs' worth (OPs / 2)."""

from __future__ import annotations

from consim.games.fitna.bots_world import _rank, level_of, rival_weights
from consim.games.fitna.content import (
    Cancel,
    ColumnShift,
    DrawCards,
    Entrench,
    ExtraOps,
    FitnaTables,
    Handler,
    OpponentLosesCards,
    Reinforcements,
    RevealStack,
    Strike,
    TensionChange,
)
from consim.games.fitna.viewtypes import FitnaSeatView, seen_units


class CardValues:
    """The card values of a seat's bot (a base of ``HeuristicBot``, which sets ``t`` and
    ``seat``)."""

    t: FitnaTables
    seat: str

    def card_of(self, name: str) -> int:
        return self.t.card_by_name[name][0]

    def keep_value(self, view: FitnaSeatView, name: str) -> float:
        """How much a card in hand is worth keeping (for its event or in an offensive), in the
        units of its OPs' worth (OPs / 2)."""
        c = self.card_of(name)
        t = self.t
        if t.card_asset[c]:
            best = 0.0
            for e in t.card_effects[c]:
                if isinstance(e, ColumnShift):
                    best = max(best, e.columns * (1.3 if e.lasts == "turn" else 1.0))
                elif isinstance(e, Strike):
                    best = max(best, 1.8)
                elif isinstance(e, Cancel):
                    best = max(best, 1.5)
            return best
        return self.event_value(view, name)

    def event_value(self, view: FitnaSeatView, name: str) -> float:
        """What playing ``name`` as an event is worth now (rough, in the same units)."""
        t = self.t
        c = self.card_of(name)
        pool = view["pools"].get(self.seat)
        value = 0.0
        for e in t.card_effects[c]:
            if isinstance(e, Reinforcements):
                units = len(pool["batches"]) + len(pool["destroyed"]) if pool is not None else 0
                reduced = sum(
                    1
                    for sp in view["spaces"]
                    if (st := sp.get("stack")) and st["side"] == self.seat
                    for u in seen_units(st)
                    if u.get("reduced")
                )
                value += 1.5 + (4.5 if units else 1.5 if reduced else 0.0)
            elif isinstance(e, (DrawCards, OpponentLosesCards)):
                value += 1.6 * e.count
            elif isinstance(e, ExtraOps):
                value += 0.6 * e.amount
            elif isinstance(e, Strike):
                value += 1.3 * e.spaces * e.steps
            elif isinstance(e, Entrench):
                value += 0.8 * e.count
            elif isinstance(e, RevealStack):
                value += 0.3
            elif isinstance(e, TensionChange):
                value += self._tension_value(view, e.change)
            elif isinstance(e, Handler):
                value += self._handler_value(view, e.name)
        return value

    def _tension_value(self, view: FitnaSeatView, change: int) -> float:
        """[22.0, 34.0] Tension helps a seat that gains from the next level and hurts one whose
        enemy does (the interventions at 10)."""
        tension = int(view.get("tension") or 0)
        after = max(0, min(10, tension + change))
        value = 0.0
        if tension < 10 <= after:
            gets = {
                i["seat"] for i in view["scenario"].get("us_intervention", []) if i["trigger"] == "tension_10"
            }
            value += 4.0 if self.seat in gets else -4.0 if gets else 0.0
        if tension < 6 <= after:
            value += 1.0
        return value

    def _handler_value(self, view: FitnaSeatView, name: str) -> float:
        if name in ("mobilise", "extra_batch", "oil_revenue"):
            return 2.0
        if name in ("targeted_strike", "russian_surge", "evacuation_deal"):
            return 1.5
        if name == "security_council":  # ends the game: only when winning now
            vic = view["victory"]["seats"]
            mine = _rank(level_of(vic, self.seat))
            theirs = max((_rank(v.get("level", "none")) for s, v in vic.items() if s != self.seat), default=0)
            return 6.0 if mine > theirs else -6.0
        if name in ("is_activation", "kurdish_activation"):
            # [25.2, 26.2] a force nobody plays, worth most against a rival far ahead
            lead = max(rival_weights(view["victory"]["seats"], self.seat).values(), default=1.0)
            return 0.8 + 2.0 * (lead - 1.0)
        if name in ("pkk_rebellion", "restriction", "cyber_war"):
            return 0.8
        return 0.5

    def ops_worth(self, name: str) -> float:
        return self.t.card_ops[self.card_of(name)] / 2.0

    def hand_names(self, view: FitnaSeatView) -> list[str]:
        return [str(c["name"]) for c in view.get("hand", [])]
