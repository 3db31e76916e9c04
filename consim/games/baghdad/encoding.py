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
from collections.abc import Callable, Mapping, Sequence
from typing import Any, TypeVar, cast, get_args

from consim.core.action import Action
from consim.core.encoding import Form, Vocab, forms_of
from consim.core.flow import Decision
from consim.core.observe import Field, counts, one_hot, per_key, scalar, vector
from consim.core.research import Research as Base
from consim.games.baghdad.content import PROMISES, BaghdadTables
from consim.games.baghdad.rules import MAX_ASK_CARDS
from consim.games.baghdad.view import DECISION_STAGES
from consim.games.baghdad.viewtypes import ActionView, BaghdadSeatView, DealView, DecisionView, Phase

T = TypeVar("T")

#: the bound of every amount of Political Points an action names
MAX_PP = 999
#: a generous bound on the decisions of one game (every variant, random and heuristic bots,
#: measured at most 2,256)
MAX_DECISIONS = 50_000
#: every phase the view names, in the order of play (the set-up's placement, the Initiative
#: Phase's maneuver, bidding and first player, ...): the phase field is one-hot over them
PHASES: tuple[Phase, ...] = get_args(Phase)


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

        def zone_units(v: BaghdadSeatView) -> list[float]:
            out: list[float] = []
            for z in zones:
                info = v["zones"].get(z)
                here = (info["units"] if info else None) or {}
                for f in seats:
                    sec, inf = here.get(f) or (0, 0)
                    out.extend((float(sec), float(inf)))
            return out

        def zone_control(v: BaghdadSeatView) -> list[float]:
            found = [v["zones"].get(z) for z in zones]
            return [1.0 if (info["control"] if info else None) == f else 0.0 for info in found for f in seats]

        def zone_pp(v: BaghdadSeatView) -> dict[str, int | None]:
            found = {z: v["zones"].get(z) for z in zones}
            return {z: info["pp"] if info else None for z, info in found.items()}

        def pools(v: BaghdadSeatView) -> list[float]:
            return [float(x) for f in seats for x in (v["pools"].get(f) or (0, 0))]

        def order(v: BaghdadSeatView) -> list[float]:
            seq = list(v.get("order") or ())
            return [float(seq.index(f) + 1) if f in seq else 0.0 for f in seats]

        return [
            scalar("turn", 0, 20, _reads(lambda v: v["turn"])),
            one_hot("phase", PHASES, _reads(lambda v: v["phase"])),
            one_hot("seat", seats, _reads(lambda v: v["seat"]), "who observes (all 0 for a spectator)"),
            counts("to_act", seats, 1, _reads(lambda v: v["to_act"])),
            vector("order", seats, 0, len(seats), _reads(order), "place in this turn's order (0: none)"),
            one_hot("initiative", seats, _reads(lambda v: v.get("initiative"))),
            scalar("card_price", 0, 50, _reads(lambda v: v.get("card_price"))),
            per_key("pp", seats, 0, MAX_PP, _reads(lambda v: v["pp"])),
            per_key("hand_count", seats, 0, 20, _reads(lambda v: v["hand_counts"])),
            vector("pool", [f"{f}:{k}" for f in seats for k in ("sec", "inf")], 0, most, _reads(pools)),
            per_key("zone_pp", zones, 0, 20, _reads(zone_pp)),
            vector("zone_control", [f"{z}:{f}" for z in zones for f in seats], 0, 1, _reads(zone_control)),
            vector(
                "zone_units",
                [f"{z}:{f}:{k}" for z in zones for f in seats for k in ("sec", "inf")],
                0,
                most,
                _reads(zone_units),
            ),
            scalar("deck_size", 0, 200, _reads(lambda v: v["deck_size"])),
            scalar("discard_size", 0, 200, _reads(lambda v: v["discard_size"])),
            scalar("street_left", 0, 50, _reads(lambda v: v["street_left"])),
            per_key("score", seats, 0, MAX_PP, _reads(lambda v: v["scores"])),
            per_key("zones_held", seats, 0, len(zones), _reads(lambda v: v["zones_held"])),
            per_key("progress", seats, 0, 1, _reads(lambda v: v["progress"])),
            counts("hand", cards, 5, _reads(lambda v: v.get("hand") or ())),
            *self._decision_fields(),
        ]

    def _decision_fields(self) -> list[Field]:
        """What the seat is asked now (the view's ``decision``, its own only): the step of the
        sequence of play, its stage (a move's, a card's effect's, a deal's, an Operational
        Plan's ...), and the zone, faction and number of units it concerns."""
        t = self.tables
        steps = tuple(cls.name for cls in self.game.frames if issubclass(cls, Decision))

        def asked(get: Callable[[DecisionView], object]) -> Callable[[Mapping[str, Any]], object]:
            """A reader of the decision (None when the seat is not asked)."""

            def read(v: BaghdadSeatView) -> object:
                found = v.get("decision")
                return None if found is None else get(found)

            return _reads(read)

        def acting(get: Callable[[ActionView], object]) -> Callable[[Mapping[str, Any]], object]:
            """A reader of the Action Phase's turn (None outside one)."""

            def read(v: BaghdadSeatView) -> object:
                found = v.get("action")
                return None if found is None else get(found)

            return _reads(read)

        most = max(sum(t.counters[f]) for f in t.seats)
        return [
            one_hot(
                "decision", steps, asked(lambda d: d["step"]), "the step asking the seat (all 0: not asked)"
            ),
            one_hot("decision_stage", DECISION_STAGES, asked(lambda d: d["stage"])),
            one_hot("decision_zone", t.zone_ids, asked(lambda d: d["zone"])),
            one_hot("decision_faction", t.seats, asked(lambda d: d["faction"]), "the faction it concerns"),
            scalar("decision_units", 0, most, asked(lambda d: d["units"]), "the units it concerns"),
            scalar("decision_steps", 0, 10, asked(lambda d: d["steps"]), "zones a move has entered so far"),
            one_hot("actor", t.seats, acting(lambda a: a["faction"]), "whose Action Phase"),
            one_hot("actor_step", ("recruit", "move"), acting(lambda a: a["step"])),
            scalar("moves_left", 0, 10, acting(lambda a: a["moves_left"])),
            scalar("underground_used", 0, 1, acting(lambda a: a["underground_used"])),
            scalar("airmobile_used", 0, 1, acting(lambda a: a["airmobile_used"])),
            *self._deal_fields(),
        ]

    def _deal_fields(self) -> list[Field]:
        """[Coalition Phase] the deal on the table as the view shows it: who offers to whom and
        how far it has gone to everyone, its terms to its parties (while it is built, to its
        sender alone) and to everyone once it is sent."""
        t = self.tables
        cards = tuple(dict.fromkeys(t.card_name))

        def term(get: Callable[[DealView], object]) -> Callable[[Mapping[str, Any]], object]:
            """A reader of one of the deal's terms (None without a deal, or where not shown)."""

            def read(v: BaghdadSeatView) -> object:
                found = v.get("deal")
                return None if found is None else get(found)

            return _reads(read)

        def listed(
            get: Callable[[DealView], Sequence[str] | None],
        ) -> Callable[[Mapping[str, Any]], Sequence[str]]:
            """A reader of one of the deal's lists (empty without a deal, or where not shown)."""

            def read(v: BaghdadSeatView) -> Sequence[str]:
                found = v.get("deal")
                return (None if found is None else get(found)) or ()

            return _reads(read)

        def given(v: BaghdadSeatView) -> object:
            found = v.get("deal")
            if found is None:
                return None
            return len(found.get("give") or ()) or found.get("give_cards")

        return [
            one_hot("deal_from", t.seats, term(lambda d: d["from"])),
            counts("deal_to", t.seats, 1, listed(lambda d: d["to"])),
            one_hot("deal_stage", ("build", "respond", "fulfil"), term(lambda d: d["stage"])),
            counts("deal_answers", t.seats, 1, listed(lambda d: d["answers"])),
            scalar("deal_give_pp", 0, MAX_PP, term(lambda d: d.get("give_pp"))),
            scalar("deal_ask_pp", 0, MAX_PP, term(lambda d: d.get("ask_pp"))),
            scalar("deal_ask_cards", 0, MAX_ASK_CARDS, term(lambda d: d.get("ask_cards"))),
            scalar("deal_truce", 0, 1, term(lambda d: d.get("truce"))),
            counts("deal_promises", PROMISES, 1, listed(lambda d: d.get("promises"))),
            scalar("deal_give_cards", 0, 10, _reads(given), "how many cards the sender gives"),
            counts("deal_give", cards, 5, listed(lambda d: d.get("give"))),
        ]


def _reads(get: Callable[[BaghdadSeatView], T]) -> Callable[[Mapping[str, Any]], T]:
    """``get`` as the observation calls it, with the view as a plain mapping: it reads the view
    through its type (``BaghdadGame.view_type``)."""
    return lambda v: get(cast(BaghdadSeatView, v))
