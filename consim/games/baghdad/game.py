"""Battle for Baghdad: options, seats and the wiring of its parts.

Turn: Initiative (Political Maneuver / Surge-Jihad window, bidding, choice of First Player)
-> Arab Street (three cards, a Curfew window after each) -> Arms Bazaar draft -> Coalition
(deals) -> Action (each faction's Recruit and Move steps) -> Combat (battles with secret
Operational Plans) -> Civic Action -> the victory check. The game ends after the turn in which
the Arab Street deck runs out. The rules are in ``rules/``, what a seat may see in
``view.py``; readings of unclear passages in ``NOTES.md``.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any, ClassVar, cast

from consim.core.action import Action
from consim.core.errors import RestoreError
from consim.core.game import Game, Outcome, Standing
from consim.core.table import ActionWords, CardShelf, StatusLine
from consim.core.words import listing
from consim.games.baghdad import table
from consim.games.baghdad.board import control_map, goal_progress, pool, victory_score, zones_controlled
from consim.games.baghdad.content import BaghdadContent, BaghdadOptions, build_tables
from consim.games.baghdad.rules import (
    action,
    civic,
    coalition,
    combat,
    common,
    draft,
    effects,
    initiative,
    setup,
    street,
)
from consim.games.baghdad.rules.coalition import Coalition
from consim.games.baghdad.rules.combat import Combat
from consim.games.baghdad.rules.common import CardWindow
from consim.games.baghdad.rules.draft import Draft
from consim.games.baghdad.rules.effects import Effects
from consim.games.baghdad.state import BaghdadState, Result
from consim.games.baghdad.view import view
from consim.games.baghdad.viewtypes import BaghdadSeatView, BaghdadView


class BaghdadGame(Game):
    """One set of options: the factions in play and the static tables."""

    id = "baghdad"
    title = "Battle for Baghdad"
    chat_when = "during the Coalition Phase, while deals are made"
    Options = BaghdadOptions
    state_class = BaghdadState
    frames = (
        *common.FRAMES,
        *setup.FRAMES,
        *initiative.FRAMES,
        *street.FRAMES,
        *draft.FRAMES,
        *coalition.FRAMES,
        *action.FRAMES,
        *effects.FRAMES,
        *combat.FRAMES,
        *civic.FRAMES,
    )
    status = "complete: 3-6 players, every phase, deals, secret plans; random and heuristic bots"
    #: [Sequence of Play] the phase that follows each, by frame name (the Initiative Phase's own
    #: steps, Political Maneuver -> bidding -> First Player, follow each other in ``initiative``)
    sequence: ClassVar[Mapping[str, str]] = {
        "place": "maneuver",
        "first": "street",
        "street": "draft",
        "draft": "coalition",
        "coalition": "action",
        "action": "combat",
        "combat": "civic",
        "civic": "end",
        "end": "maneuver",
    }
    bots: ClassVar[Mapping[str, str]] = {"heuristic": "consim.games.baghdad.bots:HeuristicBot"}
    view_type = BaghdadSeatView

    def __init__(self, **options: Any) -> None:
        super().__init__(**options)
        opts = self.opts
        assert isinstance(opts, BaghdadOptions)
        self.tables = build_tables(opts)
        self.seats = self.tables.seats

    @classmethod
    def load_content(cls) -> BaghdadContent:
        from consim.games.baghdad.content import CONTENT_DIR, load_content

        return load_content(CONTENT_DIR)

    @classmethod
    def variants(cls) -> list[dict[str, Any]]:
        return [
            {"players": 3},
            {"players": 4},
            {"players": 5},
            {"players": 6},
            {
                "players": 4,
                "seating": "random",
                "placement": "choose",
                "commitment": "units",
                "zero_bid_price": "bid",
                "deal_rounds": 1,
            },
            {
                "factions": "Shiite,Sunni,Government,US,NGO",
                "multi_combat": "chooser-names-pair",
                "ngo_stops_moves": False,
                "deal_rounds": 3,
                "max_deal_items": 3,
            },
        ]

    def search_defaults(self) -> str:
        """``bot:ismcts`` is the guided search measured strongest in this game (README)."""
        # decisive=1: a special victory inside the turn counts as the win it is, not by its score
        return "guide=heuristic,horizon=turn,decisive=1"

    def id_tables(self) -> dict[str, tuple[str, ...]]:
        t = self.tables
        return {
            "zone": t.zone_ids,
            "card": t.card_keys,
            "street": t.street_keys,
            "command": t.command_keys,
            "source": t.source_ids,
        }

    # -- the hooks ----------------------------------------------------------------------------

    def _setup(self, state: BaghdadState) -> None:
        setup.set_up(state)

    def _view(self, state: BaghdadState, seat: str | None) -> BaghdadView:
        return view(state, seat)

    def chat_open(self, state: BaghdadState, seat: str) -> bool:
        # [Coalition Phase] free talk while deals are made; nothing said is enforced
        return bool(state.stack) and isinstance(state.stack[0], Coalition)

    def describe_actions(self, view: Mapping[str, Any], actions: Sequence[Action]) -> list[ActionWords]:
        return table.describe_actions(cast(BaghdadSeatView, view), actions)

    def describe_cards(self, view: Mapping[str, Any]) -> list[CardShelf]:
        return table.describe_cards(cast(BaghdadSeatView, view))

    def describe_status(self, view: Mapping[str, Any]) -> list[StatusLine]:
        return table.describe_status(cast(BaghdadSeatView, view))

    def _outcome(self, state: BaghdadState) -> Outcome | None:
        d = state.data
        res = d.result
        if res is None:
            return None
        control = control_map(state)
        scores = {f: float(victory_score(state, f, control)) for f in self.seats}
        winners = res.winners
        if res.stalemate:
            result = f"Stalemate after turn {d.turn}: " + (
                f"{winners[0]} wins." if winners else "nobody wins; Baghdad sinks into strife."
            )
        else:
            result = (
                f"Turn {d.turn}: "
                + " and ".join(f"{f} ({res.how[f]})" for f in winners)
                + (" win together." if len(winners) > 1 else " wins.")
            )
        return Outcome(
            scores=scores,
            winners=winners,
            result=result,
            details={
                "stalemate": res.stalemate,
                "how": dict(res.how),
                "shared": len(winners) > 1,
                "pp": dict(d.pp),
                "ended": _ended(state, res),
                "why": {f: _why(state, f, control) for f in _winners_first(state, winners)},
            },
            unit="victory PP",
            turns=d.turn,
            ending=_ending(res),  # consim simulate counts how games end
        )

    def _turn(self, state: BaghdadState) -> int:
        return state.data.turn

    def _standing(self, state: BaghdadState) -> Standing:
        """[Victory Conditions] the turn and each faction's standard-victory score now (PP held
        plus 10 per zone it controls), the score the outcome reports."""
        control = control_map(state)
        return Standing(state.data.turn, {f: float(victory_score(state, f, control)) for f in self.seats})

    def _check(self, state: BaghdadState) -> None:
        t = self.tables
        d = state.data
        seats = set(self.seats)
        for key, value in (
            ("pp", d.pp),
            ("sec", d.sec),
            ("inf", d.inf),
            ("hands", d.hands),
            ("known", d.known),
            ("active", d.active),
            ("neutral", d.neutral),
        ):
            if set(value) != seats:
                raise RestoreError(f"{key} must name exactly this game's factions")
        nz = len(t.zone_ids)
        if len(d.zpp) != nz or any(len(d.sec[f]) != nz or len(d.inf[f]) != nz for f in self.seats):
            raise RestoreError(f"units and PP markers must be given for each of the {nz} zones")
        where = list(d.deck) + list(d.discard)
        for h in d.hands.values():
            where.extend(h)
        for frame in state.stack:
            if isinstance(frame, Draft):
                where.extend(frame.packet)
            elif isinstance(frame, Combat) and frame.battle is not None:
                battle = frame.battle
                sides = {battle.a, battle.b}
                if len(sides) != 2 or set(battle.plans) != sides:
                    raise RestoreError("a battle must have two sides, each with its plan")
                # the faction that started it is one of the sides, or, where multi_combat is
                # 'chooser-names-pair', the faction who named the pair
                if battle.init not in self.seats:
                    raise RestoreError("a battle must be started by one of the game's factions")
                for name, table in (("neut", battle.neut), ("totals", battle.totals)):
                    if table and set(table) != sides:  # [Resolving Combat] set for both sides at once
                        raise RestoreError(f"a battle's {name} must name both its sides or none")
                if not set(battle.cancel) <= sides or any(
                    w is not None and w not in sides for w in (battle.winner, battle.loser)
                ):
                    raise RestoreError("a battle's cancellations, winner and loser must be its sides")
                for p in battle.plans.values():
                    where.extend(c for c in (p.net, p.off, p.dfn) if c is not None)
            elif isinstance(frame, CardWindow):
                where.extend(c for _, c in frame.plays)
            elif isinstance(frame, Coalition) and frame.deal is not None:
                where.extend(frame.deal.taken)
            elif isinstance(frame, Effects):
                where.extend(frame.got)
        if sorted(where) != list(range(len(t.card_of))):
            raise RestoreError("every Arms Bazaar card must be in exactly one place")
        for f in self.seats:
            ps, pi = pool(state, f)
            if ps < 0 or pi < 0:
                raise RestoreError(f"{f} has more counters on the map than the game provides")
            if any(v < 0 for v in d.sec[f]) or any(v < 0 for v in d.inf[f]):
                raise RestoreError("unit counts must not be negative")
        if any(v < 0 for v in d.zpp):
            raise RestoreError("PP markers on the map must not be negative")
        if sorted(d.street + d.street_used) != list(range(len(t.street_of))):
            raise RestoreError("every Arab Street card must be in the deck or turned")
        if sorted(d.table) != sorted(self.seats) or sorted(d.order) != sorted(self.seats):
            raise RestoreError("the seating and this turn's order must name every faction once")


def _winners_first(st: BaghdadState, winners: tuple[str, ...]) -> list[str]:
    """The factions in this turn's order, the winners first."""
    order = st.data.order
    return sorted(order, key=lambda f: (f not in winners, order.index(f)))


def _ended(st: BaghdadState, res: Result) -> str:
    """[End of Game; Victory Conditions; Stalemate] why the game ended, in words."""
    t = st.tables
    turn = st.data.turn
    if res.stalemate:
        who = f"the {t.faction[res.winners[0]].name} win" if res.winners else "nobody wins"
        return (
            f"The Arab Street deck ran out in turn {turn} and no faction met a Victory Condition "
            f"at the end of that turn: a stalemate, in which, with {t.n} players, {who}."
        )
    met = [f"{f} met its {res.how[f]} condition" for f in res.winners]
    listed = listing(met)
    together = ": they win together" if len(met) > 1 else ""
    return f"At the end of turn {turn} (its Civic Action Phase done), {listed}{together}."


def _why(st: BaghdadState, f: str, control: list[str | None]) -> str:
    """What ``f`` reached: the condition it met, or how near it came."""
    t = st.tables
    rules = t.rules
    zones = zones_controlled(control, f)
    score = victory_score(st, f, control)
    standard = (
        f"score {score} ({st.data.pp[f]} PP held + {zones} zone(s) x {rules.pp_per_controlled_zone}), "
        f"{rules.standard_victory_pp} needed"
    )
    goal = goal_progress(st, f, control)
    if goal["met"]:
        return f"met its special condition. {goal['text']}"
    if score >= rules.standard_victory_pp:
        return f"met the standard condition: {standard}."
    parts = goal["parts"]
    near = "; ".join(
        f"{p['label']} {'yes' if p['met'] else 'no'}"
        if p["need"] == 1
        else f"{p['label']} {min(p['have'], p['need'])} of {p['need']}"
        for p in parts
    )
    one = "one of: " if goal["join"] == "any" else ""
    return f"{standard}; its special condition: {one}{near}."


def _ending(res: Result) -> str:
    """How a game ended, for simulation summaries."""
    if res.stalemate:
        return "stalemate, " + (f"{res.winners[0]} wins" if res.winners else "nobody wins")
    kinds = sorted(set(res.how.values()))
    label = " and ".join(kinds) + " victory"
    return f"shared {label}" if len(res.winners) > 1 else label
