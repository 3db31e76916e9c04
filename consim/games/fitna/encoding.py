"""Fitna's research encoding: metadata, action grammar and observation layout.

Action grammar, from the content of the scenario's game (units, spaces, cards, seats and
sides, countries, special jokers):

* a unit (or a face-down IS counter): ``add``, ``bring``, ``exploit``, ``lose``,
  ``mobilise``, ``move``, ``rebuild``, ``redeploy``, ``restore``, ``take``;
* a space: ``airlift``, ``assault``, ``attack_from``, ``entrench``, ``evacuate``, ``place``,
  ``retreat``, ``reveal``, ``space``, ``strike``, ``target``, ``to``, ``withdraw``;
* a card: ``bid``, ``cancel``, ``commit``, ``give``, ``ops``, ``play``, ``take``, ``veto``, and
  ``cancel <card> with <card>``;
* a unit and a space: ``rebuild <unit> on <space>`` (#87 Kremlin Escalates, 28.0);
* a seat, side or country: ``country``, ``exchange``, ``name``; a special joker: ``special``;
* composite words, each from a bounded list: ``allocate <m>-<n>`` (moves and attacks of an
  activation, ``m + n`` at most :data:`MAX_OPS`), ``take "<a> Assets, <e> Events"`` (``a + e``
  the hand size), ``draw "<n> counters"`` (``n`` at most :data:`MAX_COUNTERS`), ``draw
  Asset|Event``, ``garrison "defence <k>"`` (``k`` at most :data:`MAX_DEFENCE`);
* the bare verbs (``pass``, ``done``, ``accept`` ...).

Why Fitna's distinct actions grew over games: the same composite words (allocations, draws,
deals of the hand) and the many units and spaces of every scenario; all are bounded here.

Observation: turn, tension, step, hand sizes, piles, jokers, every space's controlling side,
supply and the size of the stack on it, the seat's hand, victory points.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from consim.core.encoding import Form, Vocab
from consim.core.game import State
from consim.core.observe import Field, counts, one_hot, per_key, scalar, vector
from consim.core.research import Research as Base
from consim.core.rng import Rng
from consim.games.fitna.content import COUNTRY_LABEL, FitnaTables
from consim.games.fitna.rules import HAND_SIZE, opening_deal
from consim.games.fitna.rules.combat import IS_COUNTER
from consim.games.fitna.state import FitnaState
from consim.games.fitna.testing import _referenced as referenced
from consim.games.fitna.testing import redeal_cards, redeal_units

#: the most operations one activation splits between moves and attacks
MAX_OPS = 40
#: the most counters an IS draw takes
MAX_COUNTERS = 12
#: the best defence of a garrison
MAX_DEFENCE = 9
#: a generous bound on the decisions of one game (every scenario, random and heuristic bots,
#: measured at most 2,494)
MAX_DECISIONS = 100_000
MAX_VP = 200

UNIT_VERBS = ("add", "bring", "exploit", "lose", "mobilise", "move", "rebuild", "redeploy", "restore", "take")
SPACE_VERBS = (
    "airlift",
    "assault",
    "attack_from",
    "entrench",
    "evacuate",
    "place",
    "retreat",
    "reveal",
    "space",
    "strike",
    "target",
    "to",
    "withdraw",
)
CARD_VERBS = ("bid", "cancel", "commit", "give", "ops", "play", "take", "veto")
BARE = (
    "pass",
    "done",
    "accept",
    "refuse",
    "attack",
    "batch",
    "depot",
    "joker",
    "none",
    "replacements",
    "stop",
    "restore",
    "retract",
    "commit",
    "clear",
)


class Research(Base):
    @property
    def tables(self) -> FitnaTables:
        t: FitnaTables = self.game.tables
        return t

    def info_fields(self) -> dict[str, Any]:
        return {
            "utility": "general-sum",
            "min_score": 0.0,
            "max_score": float(MAX_VP),
            "score_unit": "VP",
            "max_decisions": MAX_DECISIONS,
            "chance": "sampled",
            "information": "imperfect",
            "simultaneous": True,
            "notes": "scores are VP (or levels) by scenario; hands, piles and unseen stacks are hidden",
        }

    def resample(self, state: State, seat: str | None, rng: Rng) -> State:
        """Everything ``seat`` cannot know re-dealt, as ``testing.perturb`` re-deals it (the
        other hands, the discards it did not see, the draw piles; which counter stands where
        among those it cannot tell apart, and which of them are reduced), canonically: with a
        ``CanonicalRng`` the result depends only on which cards and places are hidden, so two
        positions the seat cannot tell apart give the same deal."""
        other = state.clone()
        assert isinstance(other, FitnaState)
        redeal_cards(other, seat, rng, include_deck=True)
        _, fixed = referenced(other)  # units the frames on the stack name keep their records
        redeal_units(other, seat, rng, fixed, canonical=True)
        other.refresh()
        return other

    def forms(self) -> Sequence[Form]:
        t = self.tables
        unit = Vocab.of("unit", (*t.unit_label, "Al Baghdadi", IS_COUNTER))
        space = Vocab.of("space", t.space_name)
        card = Vocab.of("card", t.card_name)
        who = Vocab.of("side", (*t.seats, *t.side_names, *COUNTRY_LABEL.values()))
        allocate = Vocab(
            "allocation",
            tuple(f"{m}-{n}" for total in range(MAX_OPS + 1) for m in range(total + 1) for n in [total - m]),
        )
        deal = Vocab("deal", tuple(opening_deal(a) for a in range(HAND_SIZE, -1, -1)))
        draw = Vocab("draw", ("Asset", "Event", *(f"{n} counters" for n in range(1, MAX_COUNTERS + 1))))
        return [
            *(Form(v) for v in BARE),
            *(Form(v, (unit,)) for v in UNIT_VERBS),
            *(Form(v, (space,)) for v in SPACE_VERBS),
            *(Form(v, (card,)) for v in CARD_VERBS),
            Form("cancel", (card, Vocab("with", ("with",)), card)),
            Form("rebuild", (unit, Vocab("on", ("on",)), space)),
            *(Form(v, (who,)) for v in ("country", "exchange", "name")),
            Form("special", (Vocab.of("joker", t.joker_name),)),
            Form("allocate", (allocate,)),
            Form("take", (deal,)),
            Form("draw", (draw,)),
            Form("garrison", (Vocab("garrison", tuple(f"defence {k}" for k in range(1, MAX_DEFENCE + 1))),)),
        ]

    def observation_fields(self) -> Sequence[Field]:
        t = self.tables
        seats = t.seats
        sides = t.side_names
        spaces = t.space_name
        cards = tuple(dict.fromkeys(t.card_name))

        def by_space(v: Mapping[str, Any]) -> dict[str, Mapping[str, Any]]:
            return {s["name"]: s for s in v["spaces"]}

        def control(v: Mapping[str, Any]) -> list[float]:
            found = by_space(v)
            return [
                1.0 if (found.get(s) or {}).get("control") == side else 0.0 for s in spaces for side in sides
            ]

        def supply(v: Mapping[str, Any]) -> list[float]:
            found = by_space(v)
            return [1.0 if (found.get(s) or {}).get("in_supply") else 0.0 for s in spaces]

        def stacks(v: Mapping[str, Any]) -> list[float]:
            found = by_space(v)
            out: list[float] = []
            for s in spaces:
                stack = (found.get(s) or {}).get("stack") or {}
                for side in sides:
                    out.append(float(stack.get("count") or 0) if stack.get("side") == side else 0.0)
            return out

        def vp(v: Mapping[str, Any]) -> Mapping[str, object]:
            found = ((v.get("victory") or {}).get("seats")) or {}
            return {s: (found.get(s) or {}).get("vp") for s in seats}

        return [
            scalar("turn", 0, 20, lambda v: v["turn"]),
            scalar("tension", 0, 12, lambda v: v.get("tension")),
            one_hot("seat", seats, lambda v: v["seat"], "who observes (all 0 for a spectator)"),
            counts("to_act", seats, 1, lambda v: v["to_act"]),
            one_hot("active", seats, lambda v: v.get("active")),
            per_key("hand_size", seats, 0, 20, lambda v: v["hand_sizes"]),
            per_key(
                "piles",
                ("assets", "events", "asset_discards", "event_discards", "high_tension_aside"),
                0,
                100,
                lambda v: v["piles"],
            ),
            per_key("jokers", seats, 0, 10, lambda v: v["jokers"]),
            scalar("is_pool", 0, 100, lambda v: v.get("is_pool")),
            scalar("kurdish_pool", 0, 100, lambda v: v.get("kurdish_pool")),
            scalar("ops_total", 0, MAX_OPS, lambda v: (v.get("ops") or {}).get("total")),
            vector("control", [f"{s}:{side}" for s in spaces for side in sides], 0, 1, control),
            vector("in_supply", spaces, 0, 1, supply),
            vector("stack", [f"{s}:{side}" for s in spaces for side in sides], 0, 30, stacks),
            counts("hand", cards, HAND_SIZE * 3, lambda v: [c["name"] for c in v.get("hand") or ()]),
            per_key("vp", seats, 0, MAX_VP, vp),
        ]
