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
supply and the size of the stack on it, the seat's hand, victory points, and the decision in
progress: the step asking, the segment, the OPs left, the seat's own decision (the unit moved,
placed or redeployed, where from and where, movement points, the offensive being formed, its
secret bid), the offensive under way and a card exchange.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from typing import Any, TypeVar, cast

from consim.core.encoding import Form, Vocab
from consim.core.flow import Decision
from consim.core.game import State
from consim.core.observe import Field, counts, one_hot, per_key, scalar, vector
from consim.core.research import Research as Base
from consim.core.rng import Rng
from consim.games.fitna.content import COUNTRY_LABEL, FitnaTables
from consim.games.fitna.rules import HAND_SIZE, opening_deal
from consim.games.fitna.rules.offensive import IS_COUNTER
from consim.games.fitna.rules.victory import LEVELS
from consim.games.fitna.state import FitnaState
from consim.games.fitna.testing import _referenced as referenced
from consim.games.fitna.testing import redeal_cards, redeal_units
from consim.games.fitna.view import SEGMENT_NAMES
from consim.games.fitna.viewtypes import (
    DecisionView,
    ExchangeView,
    FitnaSeatView,
    OffensiveView,
    OpsView,
    SpaceView,
)

#: the most operations one activation splits between moves and attacks
MAX_OPS = 40
#: the most counters an IS draw takes
MAX_COUNTERS = 12
#: the best defence of a garrison
MAX_DEFENCE = 9
#: a generous bound on the decisions of one game (every scenario, random and heuristic bots,
#: measured at most 2,494)
MAX_DECISIONS = 100_000
#: the most Victory Points a seat can hold (every VP space, 178, and both bonuses, 31.1)
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


_T = TypeVar("_T")


def _typed(read: Callable[[FitnaSeatView], _T]) -> Callable[[Mapping[str, Any]], _T]:
    """``read`` as the observation fields take it (a reader of any game's view): the view they
    hand it is a Fitna view."""
    return lambda v: read(cast(FitnaSeatView, v))


class Research(Base):
    @property
    def tables(self) -> FitnaTables:
        t: FitnaTables = self.game.tables
        return t

    def info_fields(self) -> dict[str, Any]:
        # [31.0] the outcome scores a seat's victory level (0 none, 1 minor, 2 major, 3
        # decisive); with the points option (31.1) its Victory Points, at most MAX_VP
        points = self.tables.opts.victory == "points"
        return {
            "utility": "general-sum",
            "min_score": 0.0,
            "max_score": float(MAX_VP) if points else float(len(LEVELS) - 1),
            "score_unit": "VP" if points else "victory level",
            "max_decisions": MAX_DECISIONS,
            "chance": "sampled",
            "information": "imperfect",
            "simultaneous": True,
            "notes": (
                "scores are Victory Points (31.1)"
                if points
                else "scores are victory levels: 0 none, 1 minor, 2 major, 3 decisive (31.0)"
            )
            + "; hands, piles and unseen stacks are hidden",
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

        def by_space(v: FitnaSeatView) -> dict[str, SpaceView]:
            return {s["name"]: s for s in v["spaces"]}

        def control(v: FitnaSeatView) -> list[float]:
            found = by_space(v)
            held = [e["control"] if (e := found.get(s)) else None for s in spaces]
            return [1.0 if h == side else 0.0 for h in held for side in sides]

        def supply(v: FitnaSeatView) -> list[float]:
            found = by_space(v)
            return [1.0 if (e := found.get(s)) and e.get("in_supply") else 0.0 for s in spaces]

        def stacks(v: FitnaSeatView) -> list[float]:
            found = by_space(v)
            out: list[float] = []
            for s in spaces:
                stack = e.get("stack") if (e := found.get(s)) else None
                for side in sides:
                    out.append(float(stack["count"] or 0) if stack and stack["side"] == side else 0.0)
            return out

        def vp(v: FitnaSeatView) -> Mapping[str, object]:
            victory = v.get("victory")
            found = victory["seats"] if victory else {}
            return {s: x["vp"] if (x := found.get(s)) else None for s in seats}

        def ops_total(v: FitnaSeatView) -> object:
            ops = v.get("ops")
            return ops.get("total") if ops else None

        return [
            scalar("turn", 0, 20, _typed(lambda v: v["turn"])),
            scalar("tension", 0, 12, _typed(lambda v: v.get("tension"))),
            one_hot("seat", seats, _typed(lambda v: v["seat"]), "who observes (all 0 for a spectator)"),
            counts("to_act", seats, 1, _typed(lambda v: v["to_act"])),
            one_hot("active", seats, _typed(lambda v: v.get("active"))),
            per_key("hand_size", seats, 0, 20, _typed(lambda v: v["hand_sizes"])),
            per_key(
                "piles",
                ("assets", "events", "asset_discards", "event_discards", "high_tension_aside"),
                0,
                100,
                _typed(lambda v: v["piles"]),
            ),
            per_key("jokers", seats, 0, 10, _typed(lambda v: v["jokers"])),
            scalar("is_pool", 0, 100, _typed(lambda v: v.get("is_pool"))),
            scalar("kurdish_pool", 0, 100, _typed(lambda v: v.get("kurdish_pool"))),
            scalar("ops_total", 0, MAX_OPS, _typed(ops_total)),
            vector("control", [f"{s}:{side}" for s in spaces for side in sides], 0, 1, _typed(control)),
            vector("in_supply", spaces, 0, 1, _typed(supply)),
            vector("stack", [f"{s}:{side}" for s in spaces for side in sides], 0, 30, _typed(stacks)),
            counts("hand", cards, HAND_SIZE * 3, _typed(lambda v: [c["name"] for c in v.get("hand") or ()])),
            per_key("vp", seats, 0, MAX_VP, _typed(vp)),
            *self._decision_fields(),
        ]

    def _decision_fields(self) -> list[Field]:
        """The decision in progress, as the view shows it: the step asking and the segment
        (12.1), the OPs left (16.0-18.0), the seat's own decision (the unit it moves from where
        to where with how many movement points, the offensive it forms, the unit it places or
        redeploys, its secret bid), the offensive under way and a card exchange."""
        t = self.tables
        seats = t.seats
        spaces = t.space_name
        units = tuple(dict.fromkeys((*t.unit_label, "Al Baghdadi", IS_COUNTER)))
        cards = tuple(dict.fromkeys(t.card_name))
        steps = tuple(cls.name for cls in self.game.frames if issubclass(cls, Decision))

        def mine(v: FitnaSeatView) -> DecisionView | None:
            return v.get("decision")

        def off(v: FitnaSeatView) -> OffensiveView | None:
            return v.get("offensive")

        def ex(v: FitnaSeatView) -> ExchangeView | None:
            return v.get("exchange")

        def ops(v: FitnaSeatView) -> OpsView | None:
            return v.get("ops") or None

        def unit(v: FitnaSeatView) -> object:
            d = mine(v)
            return (d.get("moving") or d.get("placing") or d.get("redeploying")) if d else None

        def off_cards(by: str) -> Callable[[FitnaSeatView], list[str]]:
            return lambda v: [c["card"] for c in o["cards"] if c["by"] == by] if (o := off(v)) else []

        return [
            one_hot("step", steps, _typed(lambda v: v.get("step")), "the step asking (the frame on top)"),
            one_hot("segment", tuple(SEGMENT_NAMES.values()), _typed(lambda v: v.get("segment")), "12.1"),
            scalar(
                "moves_left", 0, MAX_OPS, _typed(lambda v: o.get("moves_left") if (o := ops(v)) else None)
            ),
            scalar(
                "offensives_left",
                0,
                MAX_OPS,
                _typed(lambda v: o.get("offensives_left") if (o := ops(v)) else None),
            ),
            one_hot("decision_unit", units, _typed(unit), "the unit the seat moves, places or redeploys"),
            one_hot(
                "decision_from",
                spaces,
                _typed(lambda v: (d.get("from") or d.get("attack_from")) if (d := mine(v)) else None),
            ),
            one_hot("decision_at", spaces, _typed(lambda v: d.get("at") if (d := mine(v)) else None)),
            scalar(
                "decision_mp",
                0,
                20,
                _typed(lambda v: d.get("mp") if (d := mine(v)) else None),
                "movement points left (17.0)",
            ),
            counts(
                "decision_chosen",
                units,
                1,
                _typed(lambda v: d["chosen"] if (d := mine(v)) and "chosen" in d else ()),
            ),
            one_hot(
                "decision_stage",
                ("units", "target"),
                _typed(lambda v: d.get("stage") if (d := mine(v)) else None),
            ),
            counts(
                "decision_bid", cards, 1, _typed(lambda v: d["bid"] if (d := mine(v)) and "bid" in d else ())
            ),
            one_hot("offensive_attacker", seats, _typed(lambda v: o["attacker"] if (o := off(v)) else None)),
            one_hot("offensive_defender", seats, _typed(lambda v: o["defender"] if (o := off(v)) else None)),
            one_hot("offensive_from", spaces, _typed(lambda v: o["from"] if (o := off(v)) else None)),
            one_hot("offensive_against", spaces, _typed(lambda v: o["against"] if (o := off(v)) else None)),
            scalar("offensive_units", 0, 30, _typed(lambda v: o["units"] if (o := off(v)) else None)),
            counts("offensive_attacker_cards", cards, 1, _typed(off_cards("attacker"))),
            counts("offensive_defender_cards", cards, 1, _typed(off_cards("defender"))),
            scalar("offensive_die", 0, 10, _typed(lambda v: o["die"] if (o := off(v)) else None)),
            one_hot("exchange_from", seats, _typed(lambda v: e["from"] if (e := ex(v)) else None)),
            one_hot("exchange_to", seats, _typed(lambda v: e["to"] if (e := ex(v)) else None)),
            one_hot(
                "exchange_stage",
                ("offer", "answer", "give"),
                _typed(lambda v: e["stage"] if (e := ex(v)) else None),
            ),
            one_hot("exchange_offered", cards, _typed(lambda v: e.get("offered") if (e := ex(v)) else None)),
        ]
