"""Battle for Baghdad's research encoding: metadata, action grammar and observation layout.

Why the distinct actions of Baghdad kept growing: two causes. Five verbs take an amount of
Political Points or of units (``bid``, ``ask-pp``, ``give-pp``; ``units``, ``pickup``,
``drop``, ``losses``, ``commit``; ``place``/``remove``/``replace`` as two counts), and the PP
a faction holds has no cap in the rules, so every new high amount is a new action text. The
rest is a long tail of finite content: two-card combinations, recruits per zone, cards seen
only in rare windows. Measured with random bots at four players: 511 distinct actions after 5
games (137 of them amounts), 605 after 20 (165 amounts); the largest amounts were a bid of 37
and a request of 36 PP.

The grammar here:

* every action the game's tables build once from the content (the ``a_*`` tables: cards,
  Commands, zones, factions, promises, Arab Street cards, recruits), one form per verb and
  argument count;
* ``combine <card> <card>`` and ``fight <faction> [<faction>]``;
* amounts of PP (``bid`` from 0, ``ask-pp`` and ``give-pp`` from 1) up to :data:`MAX_PP`;
* amounts of units (``units``, ``pickup``, ``drop``, ``losses``, each count of ``place``,
  ``remove``, ``replace`` and of a Defection's ``lose``) up to the most counters of any
  faction (Security plus Infrastructure, from the content); ``commit`` up to the rules' maximum commitment;
  ``ask-cards`` up to the coalition rules' most cards asked.

:data:`MAX_PP` is the documented bound of PP amounts: a faction wins at turn end with 120
victory PP, and no measured game saw a faction hold more than a fraction of the bound; an
amount above it has no index (``NotInActionSpace``).
"""

from __future__ import annotations

import dataclasses
from collections.abc import Mapping, Sequence
from typing import Any

from consim.core.action import Action
from consim.core.encoding import Form, Vocab, forms_of
from consim.core.flow import Decision
from consim.core.observe import Field, counts, one_hot, per_key, scalar, vector
from consim.core.research import Research as Base
from consim.games.baghdad.content import PROMISES, BaghdadTables
from consim.games.baghdad.rules import MAX_ASK_CARDS
from consim.games.baghdad.view import DECISION_STAGES

#: the bound of every amount of Political Points an action names
MAX_PP = 999
#: a generous bound on the decisions of one game (every variant, random and heuristic bots,
#: measured at most 2,256)
MAX_DECISIONS = 50_000
PHASES = ("maneuver", "street", "draft", "coalition", "action", "combat", "civic", "end", "over")


class Research(Base):
    @property
    def tables(self) -> BaghdadTables:
        t: BaghdadTables = self.game.tables
        return t

    def info_fields(self) -> dict[str, Any]:
        return {
            "utility": "general-sum",
            "min_score": 0.0,
            "max_score": float(MAX_PP + 10 * len(self.tables.zone_ids)),
            "score_unit": "victory PP",
            "max_decisions": MAX_DECISIONS,
            "chance": "sampled",
            "information": "imperfect",
            "simultaneous": True,
            "notes": "scores are victory PP (PP held plus 10 a controlled zone); winners by "
            "standard or special condition",
        }

    def _interned(self) -> list[Action]:
        t = self.tables
        found: list[Action] = []
        for name in sorted(f.name for f in dataclasses.fields(t)):
            if not name.startswith("a_"):
                continue
            value = getattr(t, name)
            items = value.values() if isinstance(value, Mapping) else value
            if isinstance(items, Action):
                found.append(items)
                continue
            found.extend(a for a in items if isinstance(a, Action))
        return found

    def forms(self) -> Sequence[Form]:
        t = self.tables
        cards = Vocab.of("card", t.card_name)
        faction = Vocab("faction", t.seats)
        most_units = max(sum(t.counters[f]) for f in t.seats)
        units = Vocab.numbers("units", 1, most_units)
        count = Vocab.numbers("count", 0, most_units)
        pp = Vocab.numbers("pp", 1, MAX_PP)
        forms = forms_of(self._interned())
        known = {(f.verb, tuple(v.words for v in f.args)) for f in forms}
        extra = [
            Form("retract"),
            Form("combine", (cards, cards)),
            Form("maneuver", (cards, cards)),  # [Initiative Phase] a Political Maneuver pair
            Form("fight", (faction,)),
            Form("fight", (faction, faction)),
            Form("bid", (Vocab.numbers("pp", 0, MAX_PP),)),
            Form("ask-pp", (pp,)),
            Form("give-pp", (pp,)),
            Form("ask-cards", (Vocab.numbers("cards", 1, MAX_ASK_CARDS),)),
            Form("commit", (Vocab.numbers("commit", 0, t.rules.max_commitment),)),
            *(Form(v, (units,)) for v in ("units", "pickup", "drop")),
            Form("losses", (count,)),
            # [Glossary: Defection] the target's mix of leaving units is ``lose <sec> <inf>``
            *(Form(v, (count, count)) for v in ("place", "remove", "replace", "lose")),
        ]
        return [*forms, *(f for f in extra if (f.verb, tuple(v.words for v in f.args)) not in known)]

    def observation_fields(self) -> Sequence[Field]:
        t = self.tables
        seats = t.seats
        zones = t.zone_ids
        cards = tuple(dict.fromkeys(t.card_name))
        most = max(sum(t.counters[f]) for f in seats)

        def zone_units(v: Mapping[str, Any]) -> list[float]:
            out: list[float] = []
            for z in zones:
                here = (v["zones"].get(z) or {}).get("units") or {}
                for f in seats:
                    sec, inf = here.get(f) or (0, 0)
                    out.extend((float(sec), float(inf)))
            return out

        def zone_control(v: Mapping[str, Any]) -> list[float]:
            return [
                1.0 if (v["zones"].get(z) or {}).get("control") == f else 0.0 for z in zones for f in seats
            ]

        def pools(v: Mapping[str, Any]) -> list[float]:
            return [float(x) for f in seats for x in (v["pools"].get(f) or (0, 0))]

        def order(v: Mapping[str, Any]) -> list[float]:
            seq = list(v.get("order") or ())
            return [float(seq.index(f) + 1) if f in seq else 0.0 for f in seats]

        return [
            scalar("turn", 0, 20, lambda v: v["turn"]),
            one_hot("phase", PHASES, lambda v: v["phase"]),
            one_hot("seat", seats, lambda v: v["seat"], "who observes (all 0 for a spectator)"),
            counts("to_act", seats, 1, lambda v: v["to_act"]),
            vector("order", seats, 0, len(seats), order, "place in this turn's order (0: none)"),
            one_hot("initiative", seats, lambda v: v.get("initiative")),
            scalar("card_price", 0, 50, lambda v: v.get("card_price")),
            per_key("pp", seats, 0, MAX_PP, lambda v: v["pp"]),
            per_key("hand_count", seats, 0, 20, lambda v: v["hand_counts"]),
            vector("pool", [f"{f}:{k}" for f in seats for k in ("sec", "inf")], 0, most, pools),
            per_key(
                "zone_pp", zones, 0, 20, lambda v: {z: (v["zones"].get(z) or {}).get("pp") for z in zones}
            ),
            vector("zone_control", [f"{z}:{f}" for z in zones for f in seats], 0, 1, zone_control),
            vector(
                "zone_units",
                [f"{z}:{f}:{k}" for z in zones for f in seats for k in ("sec", "inf")],
                0,
                most,
                zone_units,
            ),
            scalar("deck_size", 0, 200, lambda v: v["deck_size"]),
            scalar("discard_size", 0, 200, lambda v: v["discard_size"]),
            scalar("street_left", 0, 50, lambda v: v["street_left"]),
            per_key("score", seats, 0, MAX_PP, lambda v: v["scores"]),
            per_key("zones_held", seats, 0, len(zones), lambda v: v["zones_held"]),
            per_key("progress", seats, 0, 1, lambda v: v["progress"]),
            counts("hand", cards, 5, lambda v: v.get("hand") or ()),
            *self._decision_fields(),
        ]

    def _decision_fields(self) -> list[Field]:
        """What the seat is asked now (the view's ``decision``, its own only): the step of the
        sequence of play, its stage (a move's, a card's effect's, a deal's, an Operational
        Plan's ...), and the zone, faction and number of units it concerns."""
        t = self.tables
        steps = tuple(cls.name for cls in self.game.frames if issubclass(cls, Decision))

        def asked(key: str) -> Any:
            return lambda v: (v.get("decision") or {}).get(key)

        most = max(sum(t.counters[f]) for f in t.seats)
        return [
            one_hot("decision", steps, asked("step"), "the step asking the seat (all 0: not asked)"),
            one_hot("decision_stage", DECISION_STAGES, asked("stage")),
            one_hot("decision_zone", t.zone_ids, asked("zone")),
            one_hot("decision_faction", t.seats, asked("faction"), "the faction it concerns"),
            scalar("decision_units", 0, most, asked("units"), "the units it concerns"),
            scalar("decision_steps", 0, 10, asked("steps"), "zones a move has entered so far"),
            one_hot("actor", t.seats, lambda v: (v.get("action") or {}).get("faction"), "whose Action Phase"),
            one_hot("actor_step", ("recruit", "move"), lambda v: (v.get("action") or {}).get("step")),
            scalar("moves_left", 0, 10, lambda v: (v.get("action") or {}).get("moves_left")),
            scalar("underground_used", 0, 1, lambda v: (v.get("action") or {}).get("underground_used")),
            scalar("airmobile_used", 0, 1, lambda v: (v.get("action") or {}).get("airmobile_used")),
            *self._deal_fields(),
        ]

    def _deal_fields(self) -> list[Field]:
        """[Coalition Phase] the deal on the table as the view shows it: who offers to whom and
        how far it has gone to everyone, its terms to its parties (while it is built, to its
        sender alone) and to everyone once it is sent."""
        t = self.tables
        cards = tuple(dict.fromkeys(t.card_name))

        def deal(v: Mapping[str, Any]) -> Mapping[str, Any]:
            found: Mapping[str, Any] = v.get("deal") or {}
            return found

        def term(key: str) -> Any:
            return lambda v: deal(v).get(key)

        def given(v: Mapping[str, Any]) -> object:
            return len(deal(v).get("give") or ()) or deal(v).get("give_cards")

        return [
            one_hot("deal_from", t.seats, term("from")),
            counts("deal_to", t.seats, 1, lambda v: deal(v).get("to") or ()),
            one_hot("deal_stage", ("build", "respond", "fulfil"), term("stage")),
            counts("deal_answers", t.seats, 1, lambda v: deal(v).get("answers") or ()),
            scalar("deal_give_pp", 0, MAX_PP, term("give_pp")),
            scalar("deal_ask_pp", 0, MAX_PP, term("ask_pp")),
            scalar("deal_ask_cards", 0, MAX_ASK_CARDS, term("ask_cards")),
            scalar("deal_truce", 0, 1, term("truce")),
            counts("deal_promises", PROMISES, 1, lambda v: deal(v).get("promises") or ()),
            scalar("deal_give_cards", 0, 10, given, "how many cards the sender gives"),
            counts("deal_give", cards, 5, lambda v: deal(v).get("give") or ()),
        ]
