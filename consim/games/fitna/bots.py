"""A heuristic bot for Fitna, for every seat of every playable scenario.

It decides from ``view(seat)`` and the legal actions only, with the public component data a
player has at hand (the map, the counter mix, the cards, the CRT: ``game.tables``). It plays
as the designer's notes advise (34.0):

* a balanced opening hand, two Assets and two Events; draws that keep the balance;
* Reinforcements played as events while batches or broken units wait; the other events when
  they pay (cards drawn or taken, OPs, strikes on the stacks that matter, entrenchments on
  threatened objectives); the rest spent for OPs, the least useful first;
* OPs split between movement and combat by the attacks worth launching;
* movement that builds stacks of three next to weak or isolated enemy spaces, garrisons the
  objectives the enemy can reach, takes empty ground (a space is held by the last to move
  through it, 5.0) and keeps its units in supply;
* offensives chosen on the CRT's odds (18.1, the column shifts of 18.2), Assets committed
  where they turn the odds, the other side's cancelled where that matters;
* Strategic Movement to plug the gap most threatening an objective;
* the Joker kept for the last turn (34.0), Special Jokers for the last two.

The caveats (21.0) and every other limit are the rules' business: the bot only ever chooses
among the legal actions, and falls back on a sensible default for decisions it has no plan
for (the IS and Kurdish activations, the handlers still to come).
"""

from __future__ import annotations

import random
from collections import Counter, deque
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any, NamedTuple, cast

from consim.core.action import Action
from consim.core.game import Game
from consim.games.fitna.bots_cards import CardValues
from consim.games.fitna.bots_world import (
    ATTACK_THRESHOLD,
    MOVE_THRESHOLD,
    Stack,
    World,
    _force_id,
    _rank,
    attack_outcome,
    column,
    distances,
    level_of,
    odds,
)
from consim.games.fitna.content import (
    COUNTRY_LABEL,
    FORCE_LABEL,
    FORCES,
    ColumnShift,
    FitnaTables,
    Strike,
)
from consim.games.fitna.viewtypes import (
    FitnaSeatView,
    OpsView,
    SeatVictoryView,
    StackUnitView,
    StackView,
    TablePart,
    UnitView,
)

#: verbs a default choice prefers, best first, when the bot has no plan for a decision
_DEFAULT_ORDER = ("done", "pass", "stop", "refuse", "none")
#: verbs whose argument is a space where units go (reinforcements, interventions, withdrawals)
_SPACE_VERBS = frozenset({"place", "withdraw", "evacuate", "space", "retreat"})
#: [31.0] the parts of a victory table
_TABLE: tuple[TablePart, ...] = ("prerequisites", "minor", "major", "decisive")
# =============================================================================================
# The bot
# =============================================================================================


class _Fighter(NamedTuple):
    """A unit that may join an offensive, as the bot counts it (an IS counter face down at
    the force's mean attack)."""

    name: str
    attack: float
    isolated: bool


def _face_up(u: StackUnitView) -> UnitView | None:
    """``u`` if the seat sees its values, ``None`` for an IS counter face down."""
    return None if "face_down" in u else u


@dataclass
class _Attack:
    source: int
    target: int
    units: list[str]
    ev: float
    p_win: float


class HeuristicBot(CardValues):
    """Plays a seat of any playable scenario from its view (see the module's docstring)."""

    uses_view = True

    def __init__(self, game: Game, seat: str, seed: int = 0) -> None:
        t = getattr(game, "tables", None)
        assert isinstance(t, FitnaTables)
        self.t = t
        self.seat = seat
        self.me = t.seat_index[seat]
        self._random = random.Random(seed)
        self.country_by_label = {COUNTRY_LABEL[c]: i for c, i in t.country_index.items()}
        # [3.2] the mean values of each force's counters, for the stacks the seat cannot see
        self.force_mean: dict[str, tuple[float, float]] = {}
        for f, units in enumerate(t.force_units):
            if not units:
                continue
            label = FORCE_LABEL[FORCES[f]]
            att = sum(t.unit_attack[u][0] for u in units) / len(units)
            dfn = sum(t.unit_defence[u][0] for u in units) / len(units)
            self.force_mean[label] = (att * 0.9, dfn * 0.9)
        self.plan: tuple[str, int] | None = None
        self.attack: _Attack | None = None
        self.world: World | None = None

    # -- reading the view -------------------------------------------------------------------------

    def read_stack(self, s: int, st: StackView) -> Stack:
        side = str(st["side"])
        count = int(st["count"])
        if "units" in st:
            units = list(st["units"])
            att = dfn = steps = 0.0
            iso = 0
            for u in units:
                if "face_down" in u:
                    a, d = self.force_mean.get("IS", (2.0, 2.0))
                    att, dfn, steps = att + a, dfn + d, steps + 1
                    continue
                att += float(u["attack"])
                dfn += float(u["defence"])
                steps += 1 if u.get("reduced") else 2
                iso += bool(u.get("isolated"))
            return Stack(s, side, count, att, dfn, steps, iso, units)
        att = dfn = 0.0
        steps = 0.0
        for force, n in st.get("forces", {}).items():
            a, d = self.force_mean.get(force, (3.0, 3.0))
            att += a * n
            dfn += d * n
            steps += (1.0 if force == "IS" else 1.7) * n
        return Stack(s, side, count, att, dfn, steps, int(st.get("isolated", 0)))

    # -- the choice -------------------------------------------------------------------------------

    def choose(self, view: Mapping[str, Any], actions: Sequence[Action]) -> Action:
        return self._choose(cast(FitnaSeatView, view), actions)  # (the driver hands any game's view)

    def _choose(self, view: FitnaSeatView, actions: Sequence[Action]) -> Action:
        step = str(view.get("step", ""))
        self.world = None
        handler = getattr(self, f"_on_{step}", None)
        choice: Action | None = None
        if handler is not None:
            choice = handler(view, actions)
        if choice is None or choice not in actions:
            choice = self._default(view, actions)
        return choice

    def w(self, view: FitnaSeatView) -> World:
        if self.world is None or self.world.view is not view:
            self.world = World(self, view)
        return self.world

    def _default(self, view: FitnaSeatView, actions: Sequence[Action]) -> Action:
        """No plan: never a Joker by chance; spaces chosen for the seat's units or, in an IS or
        Kurdish activation it runs, against the other side; else any real choice before
        'done' and the like."""
        real = [a for a in actions if a.verb != "joker"] or list(actions)
        if self._joker_now(view, actions):
            return next(a for a in actions if a.verb == "joker")
        spaces = [a for a in real if a.verb in _SPACE_VERBS and a.args and a.args[0] in self.t.space_by_name]
        if spaces:
            return max(spaces, key=lambda a: self._space_score(view, a.args[0]))
        vetoes = [a for a in real if a.verb == "veto"]
        if vetoes:  # [UN Security Council] a resolution ends the game: stop it unless winning
            vic = view["victory"]["seats"]
            mine = _rank(level_of(vic, self.seat))
            best = max((_rank(v.get("level", "none")) for k, v in vic.items() if k != self.seat), default=0)
            if mine <= best:
                return min(vetoes, key=lambda a: self.keep_value(view, a.args[0]) + self.ops_worth(a.args[0]))
            return self._find(actions, "pass") or vetoes[0]
        mobilise = [a for a in real if a.verb in ("mobilise", "rebuild", "bring") and a.args]
        if mobilise:
            return max(mobilise, key=lambda a: self._unit_strength(a.args[0]))
        allocs = [a for a in real if a.verb == "allocate"]
        if allocs:
            return allocs[len(allocs) // 2]
        acting = [a for a in real if a.verb not in _DEFAULT_ORDER]
        if acting:
            return acting[int(self._random.random() * len(acting))]
        for verb in _DEFAULT_ORDER:
            for a in real:
                if a.verb == verb:
                    return a
        return real[0]

    def _unit_strength(self, label: str) -> float:
        t = self.t
        u = t.unit_by_label.get(label)
        if u is None:
            return 0.0
        return float(t.unit_attack[u][0] + t.unit_defence[u][0] + t.unit_steps[u])

    def _space_score(self, view: FitnaSeatView, name: str) -> float:
        """A space for a unit arriving or withdrawing: for the seat's own units, where they
        guard and threaten most; for IS or Kurds it commands (25.2, 26.2), where they hurt the
        other side most."""
        world = self.w(view)
        t = self.t
        s = t.space_by_name[name]
        commanding = any(a.get("seat") == self.seat for a in view.get("activation", []))
        if commanding:
            hurt = sum(
                world.value[nb]
                for nb in t.adj[s]
                if not world.held(nb) and world.control[nb] in view["seats"]
            )
            near_me = sum(1 for nb in t.adj[s] if nb in world.mine)
            return hurt - near_me * 2.0
        st = world.stacks[s]
        here = st.count if st is not None and st.side == self.seat else 0
        near = max((world.target_value(nb) for nb in t.adj[s] if nb in world.enemy), default=0.0)
        guard = world.value[s] * min(1.0, world.threat[s] / 6.0)
        supplied = 0.0 if world.supplied[s] else -2.0
        return near * 0.5 + guard + here * 0.3 - world.front[s] * 0.3 + supplied

    @staticmethod
    def _find(actions: Sequence[Action], verb: str, *args: str) -> Action | None:
        for a in actions:
            if a.verb == verb and (not args or tuple(a.args[: len(args)]) == args):
                return a
        return None

    def _joker_now(self, view: FitnaSeatView, actions: Sequence[Action]) -> bool:
        """[9.0, 34.0] The Joker waits for the last turn (two Jokers: the last two turns), or
        for a hand left empty in the seat's own Events segment."""
        if not any(a.verb == "joker" for a in actions):
            return False
        turn = int(view.get("turn") or 0)
        turns = int(view["scenario"]["turns"])
        jokers = int(view["jokers"].get(self.seat, 0))
        if turn >= turns or (jokers >= 2 and turn >= turns - 1):
            return True
        own_events = view.get("active") == self.seat and view.get("segment") == "Events"
        return own_events and len(view.get("hand", [])) <= 1

    # -- the opening hand, drawing, exchanges [7.0, 8.2, 29.0] ---------------------------------

    def _on_opening_hands(self, view: FitnaSeatView, actions: Sequence[Action]) -> Action | None:
        return self._find(actions, "take", "2 Assets, 2 Events") or actions[len(actions) // 2]

    def _on_draw_cards(self, view: FitnaSeatView, actions: Sequence[Action]) -> Action | None:
        if self._joker_now(view, actions):
            return self._find(actions, "joker")
        hand = view.get("hand", [])
        assets = sum(1 for c in hand if c["kind"] == "Asset")
        events = len(hand) - assets
        return self._find(actions, "draw", "Asset" if assets < events or assets < 2 else "Event")

    def _on_exchange(self, view: FitnaSeatView, actions: Sequence[Action]) -> Action | None:
        ex = view.get("exchange")
        if self._find(actions, "accept"):
            offered = ex.get("offered") if ex is not None else None
            hand = self.hand_names(view)
            worst = min((self.keep_value(view, n) for n in hand), default=0.0)
            if offered and self.keep_value(view, str(offered)) > worst + 1.0:
                return self._find(actions, "accept")
            return self._find(actions, "refuse")
        gives = [a for a in actions if a.verb == "give"]
        if gives:
            return min(gives, key=lambda a: self.keep_value(view, a.args[0]))
        return None

    def _on_joker_window(self, view: FitnaSeatView, actions: Sequence[Action]) -> Action | None:
        return self._find(actions, "joker") if self._joker_now(view, actions) else self._find(actions, "pass")

    # -- the Events segment [12.1, 15.0, 10.0] ----------------------------------------------------

    def _on_events_segment(self, view: FitnaSeatView, actions: Sequence[Action]) -> Action | None:
        if self._joker_now(view, actions):
            return self._find(actions, "joker")
        hand = self.hand_names(view)
        best: tuple[float, Action] | None = None
        for a in actions:
            if a.verb == "play":
                name = a.args[0]
                gain = self.event_value(view, name) - self.ops_worth(name) * 0.45
                if self.t.card_asset[self.card_of(name)]:
                    gain -= self.keep_value(view, name) * 0.5
                # keep one card at least to spend for OPs (34.0: one as an event, one for OPs)
                if len(hand) <= 1:
                    gain -= 2.0
                if best is None or gain > best[0]:
                    best = (gain, a)
            elif a.verb == "special":
                turn = int(view.get("turn") or 0)
                turns = int(view["scenario"]["turns"])
                if turn >= turns - 1:
                    gain = 4.0
                    if best is None or gain > best[0]:
                        best = (gain, a)
        if best is not None and best[0] > 0.2:
            return best[1]
        return self._propose_exchange(view, actions) or self._find(actions, "done")

    def _propose_exchange(self, view: FitnaSeatView, actions: Sequence[Action]) -> Action | None:
        """[29.0] Offer a partner the card least worth keeping, when it is worth next to
        nothing to this seat (an event it cannot use, few OPs): the partner takes it only if it
        gains, and any card it gives back is worth at least as much here."""
        offers = {a.args[0]: a for a in actions if a.verb == "exchange"}
        hand = self.hand_names(view)
        if not offers or len(hand) < 2:
            return None
        worst = min(hand, key=lambda n: (self.keep_value(view, n), self.ops_worth(n)))
        if self.keep_value(view, worst) > 0.5 or self.t.card_ops[self.card_of(worst)] > 5:
            return None
        return next((offers[s] for s in self.partners(view) if s in offers), None)

    def partners(self, view: FitnaSeatView) -> list[str]:
        """[29.0] The seats whose victory conditions name none of the spaces this seat's do:
        nothing either wins is taken from the other, so a card may change hands to the profit
        of both. None in a two-player game, where the other player is the opponent."""
        seats = view["victory"]["seats"]
        if len(seats) < 3 or self.seat not in seats:
            return []

        def spaces(conditions: SeatVictoryView) -> set[str]:
            return {
                str(sp)
                for level in _TABLE
                for cond in conditions.get(level) or []
                if "spaces" in cond
                for sp in cond["spaces"]
            }

        mine = spaces(seats[self.seat])
        if not mine:
            return []
        return [
            s
            for s in view.get("order") or seats
            if s != self.seat and s in seats and not spaces(seats[s]) & mine
        ]

    def _on_play_card(self, view: FitnaSeatView, actions: Sequence[Action]) -> Action | None:
        names = [a for a in actions if a.verb == "name"]
        if names:
            return names[0]
        world = self.w(view)
        t = self.t
        picks = [a for a in actions if a.verb in ("strike", "reveal")]
        if not picks:
            return None

        def score(a: Action) -> float:
            s = t.space_by_name[a.args[0]]
            st = world.stacks[s]
            v = world.value[s]
            if st is None:
                return v
            near = any(nb in world.mine for nb in t.adj[s])
            weak = 2.0 / (1.0 + st.steps)
            if a.verb == "reveal":
                return v + (2.0 if near and not st.units else 0.0)
            return v + weak * 3 + (1.5 if near else 0.0)

        return max(picks, key=score)

    def _on_cancel_window(self, view: FitnaSeatView, actions: Sequence[Action]) -> Action | None:
        cancel = [a for a in actions if a.verb == "cancel"]
        if cancel:
            return cancel[0]
        return self._find(actions, "pass")

    def _on_lose_cards(self, view: FitnaSeatView, actions: Sequence[Action]) -> Action | None:
        takes = [a for a in actions if a.verb == "take"]
        if takes:
            return max(takes, key=lambda a: self.keep_value(view, a.args[0]) + self.ops_worth(a.args[0]))
        return None

    def _on_entrench(self, view: FitnaSeatView, actions: Sequence[Action]) -> Action | None:
        world = self.w(view)
        picks = [a for a in actions if a.verb == "entrench"]
        if not picks:
            return None
        t = self.t
        return max(
            picks,
            key=lambda a: (
                world.value[t.space_by_name[a.args[0]]] * (1 + world.threat[t.space_by_name[a.args[0]]])
            ),
        )

    def _on_reinforce(self, view: FitnaSeatView, actions: Sequence[Action]) -> Action | None:
        for verb in ("batch",):
            a = self._find(actions, verb)
            if a is not None:
                return a
        rebuild = [a for a in actions if a.verb == "rebuild"]
        if rebuild:
            t = self.t
            return max(
                rebuild,
                key=lambda a: (
                    sum(t.unit_attack[t.unit_by_label[a.args[0]]])
                    + sum(t.unit_defence[t.unit_by_label[a.args[0]]])
                ),
            )
        restore = [a for a in actions if a.verb == "restore"]
        if restore:
            return restore[0]
        return self._find(actions, "replacements") or self._find(actions, "done")

    def _on_place_units(self, view: FitnaSeatView, actions: Sequence[Action]) -> Action | None:
        picks = [a for a in actions if a.verb == "place"]
        if not picks:
            return None
        return max(picks, key=lambda a: self._space_score(view, a.args[0]))

    # -- Planning [11.0, 16.0] -----------------------------------------------------------------------

    def _on_planning(self, view: FitnaSeatView, actions: Sequence[Action]) -> Action | None:
        world = self.w(view)
        allocs = [a for a in actions if a.verb == "allocate"]
        attacks = self.attacks(world)
        good = sum(1 for a in attacks if a.ev > ATTACK_THRESHOLD)
        if allocs:
            total = len(allocs) - 1
            want = min(total, good + 1 if good else 1)
            if total >= 4 and good == 0:
                want = 1
            return self._find(actions, "allocate", f"{total - want}-{want}")
        hand = self.hand_names(view)
        ops = view.get("ops")
        spent = ops.get("spent", []) if ops else []
        ops_cards = [a for a in actions if a.verb == "ops"]
        if not spent:
            if not ops_cards:
                return self._find(actions, "depot") or self._find(actions, "none")
            # [11.0] the Strategic Depot when every card is worth keeping and little is to do
            cheapest = min(
                ops_cards, key=lambda a: self.keep_value(view, a.args[0]) - self.ops_worth(a.args[0])
            )
            keep = self.keep_value(view, cheapest.args[0])
            if keep > self.ops_worth(cheapest.args[0]) + 1.0 and good <= 1 and self._find(actions, "depot"):
                return self._find(actions, "depot")
            return cheapest
        # a second card when the offensives or the moves to make are many and the hand allows
        if ops_cards and len(hand) >= 2 and (good >= 2 or self._moves_wanted(world) >= 6):
            second = min(
                ops_cards, key=lambda a: self.keep_value(view, a.args[0]) - self.ops_worth(a.args[0])
            )
            if self.keep_value(view, second.args[0]) <= self.ops_worth(second.args[0]) + 0.5:
                return second
        return self._find(actions, "done")

    def _on_initiative_bids(self, view: FitnaSeatView, actions: Sequence[Action]) -> Action | None:
        """[7.1] Bid the card it would spend for OPs anyway (the Planning choice above), a
        second one when it is worth no more kept than spent; no card when every card is worth
        keeping (it will use the Strategic Depot)."""
        bids = [a for a in actions if a.verb == "bid"]
        mine = view.get("decision")
        picked = mine["bid"] if mine is not None and "bid" in mine else []
        hand = self.hand_names(view)
        if not bids:
            return self._find(actions, "commit")
        best = min(bids, key=lambda a: self.keep_value(view, a.args[0]) - self.ops_worth(a.args[0]))
        margin = self.keep_value(view, best.args[0]) - self.ops_worth(best.args[0])
        if not picked:
            return best if margin <= 1.0 else self._find(actions, "commit")
        if len(hand) - len(picked) >= 2 and margin <= 0.0:
            return best
        return self._find(actions, "commit")

    def _moves_wanted(self, world: World) -> int:
        units = world.my_units()
        return sum(1 for s, _ in units.values() if world.front[s] >= 2) + 2

    # -- Movement [17.0-17.2] ---------------------------------------------------------------------

    def _reach(self, world: World, start: int, mp: int, force: str) -> dict[int, int]:
        """[17.1] Spaces reachable through spaces free of enemy units: {space: parent}."""
        t = self.t
        parent = {start: -1}
        frontier = deque([(start, 0)])
        me = self.me
        force_i = t.force_index.get(_force_id(force), -1)
        while frontier:
            s, d = frontier.popleft()
            if d >= mp:
                continue
            for nb in t.adj[s]:
                if nb in parent or nb in t.out_of_play:
                    continue
                st = world.stacks[nb]
                if st is not None and st.side != self.seat:
                    continue
                if force_i in t.space_barred[nb]:
                    continue
                allowed = t.space_open_to[nb]
                if allowed is not None and me not in allowed:
                    continue
                parent[nb] = s
                frontier.append((nb, d + 1))
        return parent

    @staticmethod
    def _allowance(u: StackUnitView) -> int:
        if "face_down" in u:
            return 0
        m = int(u.get("movement") or 0)
        if m <= 0:
            return 0
        if u.get("isolated"):
            return min(m, 2)
        if u.get("airmobile"):
            return 3
        return m

    def best_move(self, world: World, names: Sequence[str]) -> tuple[float, str, int] | None:
        """The most useful (gain, unit, destination) among the units that may move."""
        units = world.my_units()
        best: tuple[float, str, int] | None = None
        # ground taken early is easily lost again: what counts is who holds it at the end
        keep = 0.35 + 0.65 * world.turn / max(1, world.turns)
        for name in names:
            if name not in units:
                continue
            a, u = units[name]
            mp = self._allowance(u)
            if mp <= 0 or world.last_guard(a):
                continue
            parent = self._reach(world, a, mp, str(u.get("force", "")))
            stay = self._position_value(world, u, a, a)
            for b in parent:
                if b == a or not world.room(b):
                    continue
                gain = self._position_value(world, u, a, b) - stay
                path = b
                while parent[path] != -1:
                    if not world.held(path) and world.stacks[path] is None:
                        gain += (0.6 * world.value[path] + 0.3) * keep
                    path = parent[path]
                if best is None or gain > best[0]:
                    best = (gain, name, b)
        return best

    def _position_value(self, world: World, u: StackUnitView, home: int, s: int) -> float:
        """How useful unit ``u`` (now on ``home``) would be on ``s``: next to targets it helps
        to attack, guarding a threatened space of value, near the front, in supply."""
        t = self.t
        up = _face_up(u)
        att = float(up["attack"] or 0) if up is not None else 0.0
        dfn = float(up["defence"] or 0) if up is not None else 0.0
        st = world.stacks[s]
        here_att = here_def = 0.0
        if st is not None and st.side == self.seat:
            here_att, here_def = st.attack, st.defence
            if s == home:
                here_att -= att
                here_def -= dfn
        value = 0.0
        # attacking from here
        best_gain = 0.0
        for nb in t.adj[s]:
            foe = world.stacks[nb]
            if foe is None or foe.side == self.seat or nb in t.out_of_play:
                continue
            shift = world.shifts(nb, False)
            with_u, _ = world.attack_ev(here_att + att, foe, shift, 3, nb)
            without, _ = world.attack_ev(here_att, foe, shift, 3, nb) if here_att else (0.0, 0.0)
            best_gain = max(best_gain, with_u - max(0.0, without))
        value += best_gain * 0.8
        # guarding: the danger on the space without the unit, less the danger with it
        steps_u = 1.0 if u.get("reduced") else 2.0
        here_steps = (
            (st.steps - (steps_u if s == home else 0.0)) if st is not None and st.side == self.seat else 0.0
        )
        if here_def > 0:
            without = world.danger(s, here_def, here_steps)
        elif s in world.critical:
            without = 1.0 + world.value[s]  # a prerequisite left empty
        elif world.threat[s] > 0:
            without = 0.5 * (1.0 + world.value[s])  # an empty space next to the enemy
        elif world.exposed[s] and world.held(s):
            without = 0.4 * world.value[s]  # one the enemy could walk into (5.0)
        elif world.front[s] <= 3:
            without = 0.15 * world.value[s]
        else:
            without = 0.0
        value += without - world.danger(s, here_def + dfn, here_steps + steps_u)
        # closing on the enemy
        value -= 0.25 * min(world.front[s], 8)
        if not world.supplied[s] and not u.get("airmobile"):
            value -= 1.5 + max(0, world.turns - world.turn)  # isolated units wither (14.1)
        return value

    def _on_movement(self, view: FitnaSeatView, actions: Sequence[Action]) -> Action | None:
        world = self.w(view)
        names = [a.args[0] for a in actions if a.verb == "move"]
        best = self.best_move(world, names)
        if best is not None and (best[0] > MOVE_THRESHOLD or self._find(actions, "done") is None):
            self.plan = (best[1], best[2])
            return self._find(actions, "move", best[1])
        self.plan = None
        return self._find(actions, "done")

    def _on_unit_move(self, view: FitnaSeatView, actions: Sequence[Action]) -> Action | None:
        t = self.t
        d = view.get("decision")
        moving = d.get("moving") if d is not None else None
        at = t.space_by_name.get(str(d.get("at", "")) if d is not None else "", -1)
        dest = self.plan[1] if self.plan is not None and self.plan[0] == moving else -1
        if dest == at and self._find(actions, "stop"):
            return self._find(actions, "stop")
        options = [a for a in actions if a.verb in ("to", "airlift", "assault")]
        if dest >= 0:
            for verb in ("to", "airlift"):
                a = self._find(actions, verb, t.space_name[dest])
                if a is not None:
                    return a
        if not options:
            return self._find(actions, "stop")
        if dest < 0 and self._find(actions, "stop"):
            return self._find(actions, "stop")
        world = self.w(view)
        target = dest if dest >= 0 else at
        dist = self.dist
        ground = [a for a in options if a.verb == "to"] or options
        return min(
            ground,
            key=lambda a: (
                dist[t.space_by_name[a.args[0]]][target],
                -world.value[t.space_by_name[a.args[0]]],
            ),
        )

    # -- Offensives [18.0-18.7] --------------------------------------------------------------------

    def attacks(self, world: World, sources: Sequence[int] | None = None) -> list[_Attack]:
        """Every offensive the seat could launch now, with its expected value, best first."""
        t = self.t
        out: list[_Attack] = []
        for s in sources if sources is not None else world.mine:
            st = world.stacks[s]
            if st is None or (st.side != self.seat and st.side not in world.commanded):
                continue
            is_att, _ = self.force_mean.get("IS", (2.0, 2.0))
            fighters = [
                _Fighter("IS counter", is_att, False)
                if "face_down" in u
                else _Fighter(str(u["name"]), float(u["attack"]), bool(u.get("isolated")))
                for u in st.units
                if "face_down" in u or float(u.get("attack") or 0) > 0
            ][:4]
            if not fighters:
                continue
            for nb in t.adj[s]:
                foe = world.stacks[nb]
                if foe is None or foe.side in (self.seat, st.side) or nb in t.out_of_play:
                    continue
                allowed = t.space_open_to[nb]
                if allowed is not None and self.me not in allowed:
                    continue
                best: _Attack | None = None
                for mask in range(1, 1 << len(fighters)):
                    group = [fighters[i] for i in range(len(fighters)) if mask >> i & 1]
                    att = sum(u.attack for u in group)
                    iso = any(u.isolated for u in group)
                    ev, p = world.attack_ev(att, foe, world.shifts(nb, iso), len(group), nb)
                    if p < 0.3:
                        ev -= (0.3 - p) * 6.0 * world.late  # long odds grind an army down
                    left = len(fighters) - len(group) + (st.count - len(fighters))
                    if left == 0 and s in world.critical:
                        continue  # [18.7] the winners advance: a prerequisite would be left empty
                    if left == 0 and world.threat[s] > 0:
                        ev -= world.value[s] * 0.3  # the start space left empty before the enemy
                    if best is None or ev > best.ev:
                        best = _Attack(s, nb, [u.name for u in group], ev, p)
                if best is not None:
                    out.append(best)
        out.sort(key=lambda a: -a.ev)
        return out

    def _on_offensives(self, view: FitnaSeatView, actions: Sequence[Action]) -> Action | None:
        world = self.w(view)
        t = self.t
        sources = [t.space_by_name[a.args[0]] for a in actions if a.verb == "attack_from"]
        plans = [a for a in self.attacks(world, sources) if a.ev > ATTACK_THRESHOLD]
        ops: OpsView = view.get("ops") or {}
        left = int(ops.get("offensives_left", 1))
        # the last offensive of the segment may take a longer chance
        if not plans and left >= 1 and view.get("turn") == view["scenario"]["turns"]:
            plans = [a for a in self.attacks(world, sources) if a.ev > 0 and a.p_win > 0.45]
        if plans:
            self.attack = plans[0]
            return self._find(actions, "attack_from", t.space_name[plans[0].source])
        cyber = [a for a in actions if a.verb == "play"]
        if cyber and not ops.get("offensives", 0) - left:
            return cyber[0]
        self.attack = None
        return self._find(actions, "done")

    def _on_offensive_setup(self, view: FitnaSeatView, actions: Sequence[Action]) -> Action | None:
        t = self.t
        plan = self.attack
        d = view.get("decision")
        if plan is None or d is None or t.space_name[plan.source] != d.get("attack_from"):
            return self._fallback_setup(view, actions)
        chosen: set[str] = set(d["chosen"]) if "chosen" in d else set()
        targets = [a for a in actions if a.verb == "target"]
        if targets:
            a = self._find(actions, "target", t.space_name[plan.target])
            return a or targets[0]
        for name in plan.units:
            if name not in chosen:
                a = self._find(actions, "add", name)
                if a is not None:
                    return a
        return self._find(actions, "attack") or self._fallback_setup(view, actions)

    def _fallback_setup(self, view: FitnaSeatView, actions: Sequence[Action]) -> Action | None:
        """An offensive the bot did not plan (IS or Kurds it commands): every unit, then the
        target held by the other side with the most value."""
        adds = [a for a in actions if a.verb == "add"]
        if adds:
            return adds[0]
        if self._find(actions, "attack"):
            return self._find(actions, "attack")
        world = self.w(view)
        targets = [a for a in actions if a.verb == "target"]
        if targets:
            t = self.t

            def score(a: Action) -> float:
                s = t.space_by_name[a.args[0]]
                st = world.stacks[s]
                mine = st is not None and st.side == self.seat
                return -10.0 if mine else world.value[s] - (st.defence if st else 0) * 0.2

            return max(targets, key=score)
        return None

    def _on_offensive(self, view: FitnaSeatView, actions: Sequence[Action]) -> Action | None:
        """[18.3] Assets: commit a shift where it turns the odds; cancel the other side's."""
        world = self.w(view)
        t = self.t
        cancels = [a for a in actions if a.verb == "cancel"]
        if cancels:
            worth = max(cancels, key=lambda a: self._shift_of(a.args[0]))
            if self._shift_of(worth.args[0]) >= 2:
                return worth
        commits = [a for a in actions if a.verb == "commit"]
        if not commits:
            return self._find(actions, "done")
        off = view["offensive"]
        target = t.space_by_name[off["against"]]
        source = t.space_by_name[off["from"]]
        attacking = off["attacker"] == self.seat
        foe = world.stacks[target]
        if attacking:
            # [25.1] the attackers by the names their player sees: IS counters face down are
            # all "IS counter", valued at the force's mean
            left = Counter(str(n) for n in off.get("attacking", []))
            src = world.stacks[source]
            att = 0.0
            is_mean = self.force_mean.get("IS", (2.0, 2.0))[0]
            for u in src.units if src else []:
                if left[u["name"]] > 0:
                    left[u["name"]] -= 1
                    att += is_mean if "face_down" in u else float(u["attack"])
            dfn, steps = (foe.defence, foe.steps) if foe else (0.0, 1.0)
        else:
            src = world.stacks[source]
            att = (src.attack / max(1, src.count) * int(off.get("units", 1))) if src else 0.0
            dfn, steps = (foe.defence, foe.steps) if foe else (0.0, 1.0)
        shift = world.shifts(target, False)
        for c in off.get("cards", []):
            if c.get("cancels", -1) >= 0:
                continue
            sign = 1 if c["by"] == "attacker" else -1
            shift += sign * self._shift_of(str(c["card"]))
        tv = world.target_value(target)
        n = int(off.get("units", 1))
        base, _ = attack_outcome(att, dfn, shift, n, steps, tv)
        best: tuple[float, Action] | None = None
        for a in commits:
            k = self._shift_of(a.args[0])
            after, _ = attack_outcome(att, dfn, shift + (k if attacking else -k), n, steps, tv)
            gain = (after - base) if attacking else (base - after)
            gain -= self.keep_value(view, a.args[0]) * 0.25
            if best is None or gain > best[0]:
                best = (gain, a)
        if best is not None and best[0] > 0.4:
            return best[1]
        return self._find(actions, "done")

    def _shift_of(self, name: str) -> int:
        """The columns a card moves (a strike counted as a column and a half)."""
        c = self.t.card_by_name.get(name)
        if not c:
            return 0
        k = 0.0
        for e in self.t.card_effects[c[0]]:
            if isinstance(e, ColumnShift):
                k += e.columns
            elif isinstance(e, Strike):
                k += 1.5 * e.steps
        return round(k)

    def _on_losses(self, view: FitnaSeatView, actions: Sequence[Action]) -> Action | None:
        """[18.5] The step that costs least: a full unit flipped with the least strength lost."""
        t = self.t
        picks = [a for a in actions if a.verb == "lose"]
        if not picks:
            return None
        world = self.w(view)
        units = world.my_units()

        def cost(a: Action) -> float:
            u = t.unit_by_label[a.args[0]]
            info = units.get(a.args[0])
            reduced = bool(info[1].get("reduced")) if info else False
            if reduced or t.unit_steps[u] == 1:
                return 50.0 + t.unit_attack[u][1] + t.unit_defence[u][1]
            return (t.unit_attack[u][0] - t.unit_attack[u][1]) + (t.unit_defence[u][0] - t.unit_defence[u][1])

        return min(picks, key=cost)

    def _on_retreat(self, view: FitnaSeatView, actions: Sequence[Action]) -> Action | None:
        world = self.w(view)
        t = self.t
        picks = [a for a in actions if a.verb == "retreat"]
        if not picks:
            return None

        def score(a: Action) -> float:
            s = t.space_by_name[a.args[0]]
            st = world.stacks[s]
            friends = st.count if st is not None and st.side == self.seat else 0
            return (
                (2.0 if world.supplied[s] else 0.0)
                + (1.0 if world.held(s) else 0.0)
                + friends * 0.3
                + world.value[s] * 0.3
                - world.threat[s] * 0.1
            )

        return max(picks, key=score)

    def _on_exploit(self, view: FitnaSeatView, actions: Sequence[Action]) -> Action | None:
        world = self.w(view)
        t = self.t
        moves = [a for a in actions if a.verb == "to"]
        if moves:
            return max(
                moves,
                key=lambda a: (
                    world.value[t.space_by_name[a.args[0]]]
                    * (0 if world.held(t.space_by_name[a.args[0]]) else 1)
                ),
            )
        exploits = [a for a in actions if a.verb == "exploit"]
        if exploits:
            # exploit only where a space not yet held lies next to the won space
            off = view.get("offensive")
            won = t.space_by_name.get(off["against"] if off is not None else "", -1)
            if won >= 0 and any(not world.held(nb) and world.stacks[nb] is None for nb in t.adj[won]):
                return exploits[0]
        return self._find(actions, "done")

    # -- Strategic Movement [17.3] -------------------------------------------------------------

    def _on_strategic(self, view: FitnaSeatView, actions: Sequence[Action]) -> Action | None:
        world = self.w(view)
        t = self.t
        d = view.get("decision")
        tos = [a for a in actions if a.verb == "to"]
        if tos:
            return max(tos, key=lambda a: self._gap(world, t.space_by_name[a.args[0]]))
        redeploys = [a for a in actions if a.verb == "redeploy"]
        if not redeploys or d:
            return self._find(actions, "pass")
        gaps = sorted(range(t.n_spaces), key=lambda s: -self._gap(world, s))
        worst = gaps[0] if gaps else -1
        if worst < 0 or self._gap(world, worst) < 1.0:
            return self._find(actions, "pass")
        units = world.my_units()

        def spare(a: Action) -> float:
            found = units.get(a.args[0])
            if found is None:
                return -99.0
            s, u = found
            if world.last_guard(s):
                return -99.0
            st = world.stacks[s]
            alone = st is not None and st.count == 1
            return (
                -world.threat[s]
                - world.value[s] * (2.0 if alone else 0.5)
                + world.front[s] * 0.5
                + (float(up["defence"] or 0) if (up := _face_up(u)) is not None else 0.0) * 0.2
            )

        return max(redeploys, key=spare)

    def _gap(self, world: World, s: int) -> float:
        """How badly a space of the seat's needs another unit: its value against the threat
        and the defence already there."""
        if not world.held(s) or not world.room(s):
            return 0.0
        st = world.stacks[s]
        here = st.defence if st is not None and st.side == self.seat else 0.0
        return world.value[s] * world.threat[s] / (here + 2.0)

    # -- distances (static) -----------------------------------------------------------------------

    @property
    def dist(self) -> list[list[int]]:
        """Links between every two spaces (the map's, once per game's tables)."""
        return distances(self.t)


__all__ = ["HeuristicBot", "attack_outcome", "column", "odds"]
