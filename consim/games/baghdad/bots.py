"""A heuristic bot for every faction of Battle for Baghdad.

It decides from ``view(seat)`` and the legal actions only, plus the public content every
player knows (the map, the faction screens, the card texts). How it plays:

* Initiative: bids a little when it has PP to spare and cheap cards matter; plays a
  Surge/Jihad for the extra move; names itself First Player (it then wins combat ties).
* Draft: takes the card worth most to it (Offense and Defense that fit its Commands, then
  PP-making events); declines when its hand is full of better cards.
* Rivals near victory: at every decision it reads from the view how near each rival is
  to winning at this turn's end (its special condition met now, "MET NOW" on the board, or
  one or two parts short; or 120 victory PP with this turn's income) and which zones that
  counts. A rival that meets a condition now it turns on: it moves and recruits to attack
  the zones the condition counts (taking a battle it may lose), picks that rival in a battle
  that could carry it to victory and commits all it has, aims its cards there (Car Bomb on a
  counted zone, Corruption and Kidnapping on the rival), puts off fights with others
  meanwhile, and names that rival First Player when it wins the Initiative (bidding a little
  for it), so that everyone else moves after it. A rival merely near victory is only refused
  the deals that help it (below).
* Coalition: offers one Truce with a non-aggression promise to a partner its victory
  condition counts (the US: the Government) while that partner trails it, else to the
  weakest faction it shares a front with, never to a rival near victory (with one about,
  to a faction that can reach that rival's zones too). It judges each offer by what it
  gives: PP and cards given, taken or asked for, the Truce, the promises made to it, and
  what the sender gets out of it, weighted by how near the sender is to victory; a gift is
  welcome from anyone, a deal that pays a rival near victory is refused.
* Partners: it leaves the zones its partner must build in to the partner wherever the
  partner stands in or next to them (unless it has built there itself), since the
  partner's control counts for it too.
* Recruit: restores its best Neutralized Command when short of Commands, builds
  Infrastructure where its victory condition or the PP on the map call for it, adds
  Security where enemies threaten its zones, and keeps a small reserve of PP.
* Move: plans whole moves (origin, stack, path, with the stopping rules) towards valuable
  zones, attacking only where its strength and Command beat the defender's.
* Combat: leads with its best Command, adds the Offense most likely to Neutralize the
  enemy's Commands and a Defense; commits just enough to win, all it has if it cannot, or
  when a victory hangs on the battle (a rival's above, or its own).
"""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence
from typing import TYPE_CHECKING, Any, cast

from consim.core.action import Action
from consim.games.baghdad.content import (
    BaghdadTables,
    BlockOffense,
    CollectFromEachPlayer,
    ControlAffiliatedZones,
    ControlZones,
    DrawArmsBazaar,
    GainPP,
    GainPPPer,
    InfrastructureInZones,
    NeutralizeCommand,
    PlaceFreeUnits,
    Zone,
    affiliated_ids,
    iter_conditions,
)
from consim.games.baghdad.viewtypes import (
    BaghdadSeatView,
    CardPlayView,
    CombatView,
    DealView,
    GoalView,
    PendingView,
)

if TYPE_CHECKING:
    from consim.core.game import Game

#: what the bot reads: its seat's view (``BaghdadGame.view_type``)
View = BaghdadSeatView

RESERVE = 4  # PP kept back after recruiting

#: [Coalition Phase] what a promise made to this seat is worth to it, in PP, from a faction it
#: shares a front with (a third of it from one far away)
PROMISE_WORTH: dict[str, float] = {"no-attack": 2.0, "no-entry": 1.5, "no-cards": 1.0, "no-outbid": 0.5}

#: how near a rival is to victory by what it lacks: nothing (it meets the condition now), one
#: zone or part (or 10 victory PP), two (or 20)
NEAR: dict[int, float] = {0: 1.0, 1: 0.7, 2: 0.35}
#: from this nearness on, a rival is a danger the bot turns on in its moves, battles, cards and
#: Initiative: when it meets a condition now. (Turning on a rival one part short too left 21 of
#: 40 four-player games without a winner, against 4 before the defence; NOTES.md)
DANGER = 1.0


def _condition_zones(t: BaghdadTables, f: str) -> set[str]:
    """The zones ``f``'s special condition can count (every zone where it asks for
    Infrastructure anywhere)."""
    out: set[str] = set()
    for cond in iter_conditions(t.faction[f].victory.condition):
        if isinstance(cond, ControlZones):
            out.update(cond.zones)
        elif isinstance(cond, InfrastructureInZones):
            out.update(cond.zones or t.zone_ids)
        elif isinstance(cond, ControlAffiliatedZones):
            out.update(affiliated_ids(t.content, cond, f))
    return out


def _missing(goals: GoalView) -> int:
    """How many zones or parts a special condition (the view's ``goals`` entry) lacks."""
    shorts = [max(0, p["need"] - p["have"]) for p in goals["parts"]]
    return sum(shorts) if goals["join"] == "all" else min(shorts)


class HeuristicBot:
    uses_view = True

    def __init__(self, game: Game, seat: str, seed: int = 0) -> None:
        tables = game.tables
        assert isinstance(tables, BaghdadTables)
        self.t = tables
        #: the map's zones by id (the public component data every player knows)
        self.zone: dict[str, Zone] = tables.content.zones_by_id
        self.seat = seat
        self.rnd = random.Random(seed)
        self.plan: list[Action] = []
        self.offered_turn = -1
        f = tables.faction[seat]
        affiliated = [tables.zone_ids[z] for z in tables.affiliated[seat]]
        self.affiliated = affiliated
        self.goal_zones: set[str] = set(f.victory.zone_refs()) | set(affiliated)
        self.infra_goal: set[str] = set()
        for cond in iter_conditions(f.victory.condition):
            if isinstance(cond, InfrastructureInZones):
                self.infra_goal.update(cond.zones or tables.zone_ids)
        #: factions whose control counts towards this seat's condition (the US: the Government)
        self.partners: set[str] = set()
        for cond in iter_conditions(f.victory.condition):
            if isinstance(cond, ControlZones) and cond.by:
                self.partners.update(p for p in cond.by if p != seat and p in tables.seats)
        #: the zones a partner must build in (left to it where it stands in or next to them)
        self.partner_infra: set[str] = set()
        for p in self.partners:
            for cond in iter_conditions(tables.faction[p].victory.condition):
                if isinstance(cond, InfrastructureInZones):
                    self.partner_infra.update(cond.zones or ())
        self.my_types = {t for cc in tables.content.command_cards_of(seat) for t in cc.types}
        #: zone ids (the view's keys) and printed names (what actions say), both ways
        self.name_of: dict[str, str] = {z.id: z.name for z in tables.content.map.zones}
        self.id_of: dict[str, str] = {z.name: z.id for z in tables.content.map.zones}
        #: each faction's off-map Civic Action income (its screen, public)
        self.income: dict[str, int] = {f: tables.faction[f].civic_income for f in tables.seats}
        #: the zones each faction's special condition can count (public: its screen)
        self.stakes: dict[str, set[str]] = {f: _condition_zones(tables, f) for f in tables.seats}
        #: False: the bot as it was before it watched its rivals (it neither defends nor
        #: judges deals by whom they help); kept to measure what the defence changes
        self.defend = True
        #: from this nearness on, a rival is one the bot turns on (:data:`DANGER`)
        self.danger = DANGER

    # ------------------------------------------------------------------ entry point

    def choose(self, view: Mapping[str, Any], actions: Sequence[Action]) -> Action:
        v = cast(BaghdadSeatView, view)  # the game's view (BaghdadGame.view_type)
        by_verb: dict[str, list[Action]] = {}
        for a in actions:
            by_verb.setdefault(a.verb, []).append(a)
        if len(actions) == 1:
            return actions[0]
        if self.plan:
            nxt = self.plan[0]
            if nxt in actions:
                self.plan.pop(0)
                return nxt
            self.plan = []
        pending = v.get("pending")
        if pending is not None:
            return self._pending(v, pending, actions, by_verb)
        phase = v["phase"]
        handler = {
            "place": self._place,
            "maneuver": self._maneuver,
            "bid": self._bid,
            "first": self._first,
            "draft": self._draft,
            "coalition": self._coalition,
            "action": self._action,
            "combat": self._combat,
        }.get(phase)
        if handler is None:
            return actions[0]
        return handler(v, actions, by_verb)

    # ------------------------------------------------------------------ card values

    def card_value(self, name: str) -> float:
        d = self.t.def_by_name[name]
        if d.kind in ("offense", "defense"):
            fits = bool(set(d.types) & self.my_types)
            return (5.0 if d.kind == "offense" else 4.0) if fits else 1.0
        if d.kind == "network":
            return 4.0
        base = 0.0
        for e in d.effects:
            if isinstance(e, GainPP):
                base += e.amount
            elif isinstance(e, GainPPPer | CollectFromEachPlayer):
                base += 3
            elif isinstance(e, DrawArmsBazaar):
                base += 2.5
            elif isinstance(e, PlaceFreeUnits):
                base += 3.5
            else:
                base += 2.5
        if d.symbols:
            base += 1.0
        if d.id == "infowar":
            base = 4.0
        if d.id == "collateral_damage":
            base = 3.5
        return base

    # ------------------------------------------------------------------ rivals near victory

    def _rivals(self, view: View) -> dict[str, tuple[float, float]]:
        """[Victory Conditions] each rival's (special, standard) nearness to winning at the end
        of this turn, 0..1 (see :data:`NEAR`): 1 when it meets the condition now ("MET NOW" on
        the board; the standard one counting this turn's Civic Action income), less the more it
        lacks. Partners (factions whose control counts for this seat) are left out, and so is
        every rival when the bot does not defend."""
        if not self.defend:
            return {}
        goal = self.t.rules.standard_victory_pp
        out: dict[str, tuple[float, float]] = {}
        for f, goals in view["goals"].items():
            if f == self.seat or f in self.partners:
                continue
            special = NEAR.get(_missing(goals), 0.0)
            behind = goal - view["scores"][f] - self._income(view, f)
            standard = 1.0 if behind <= 0 else NEAR.get(-(-behind // 10), 0.0)
            if special or standard:
                out[f] = (special, standard)
        return out

    def _threats(self, view: View) -> dict[str, float]:
        """Each rival near victory, with how near (the nearer of its two conditions)."""
        return {f: max(levels) for f, levels in self._rivals(view).items()}

    def _income(self, view: View, f: str) -> int:
        """What ``f`` should collect at this turn's Civic Action: its off-map income and the PP
        markers where it has units (1 per Security, 3 per Infrastructure)."""
        total = self.income[f]
        for info in view["zones"].values():
            units = info["units"].get(f)
            if units and info["pp"]:
                total += min(info["pp"], units[0] + 3 * units[1])
        return total

    def _deny(self, view: View) -> dict[str, tuple[str, float]]:
        """The zones whose loss would set a rival near victory back, with the rival and how
        much it matters: each zone a met part of its special condition counts (all of them when
        losing any one breaks the part, less when it has some to spare), a zone its condition
        can count where it is being fought (one part short, it may win it back), and, for a
        rival near the standard victory, every zone it controls (10 victory PP each)."""
        out: dict[str, tuple[str, float]] = {}

        def mark(z: str, f: str, weight: float) -> None:
            if weight > out.get(z, ("", 0.0))[1]:
                out[z] = (f, weight)

        for f, (special, standard) in self._rivals(view).items():
            goals = view["goals"][f]
            if special >= self.danger:
                parts = goals["parts"]
                shorts = [max(0, p["need"] - p["have"]) for p in parts]
                least = min(shorts)
                for part, short in zip(parts, shorts, strict=True):
                    if part["have"] != len(part["zones"]):
                        continue  # "kept apart": the zones listed spoil it, they are not its own
                    if (goals["join"] == "all" and short > 0) or (goals["join"] != "all" and short > least):
                        continue
                    spare = part["have"] > part["need"]
                    for name in part["zones"]:
                        mark(self.id_of[name], f, special * (0.3 if spare else 1.0))
            if special >= min(self.danger, NEAR[1]):
                # a zone its condition can count that it holds no more while others stand there
                # with it: the battle there decides (and a stack leaving it hands it back)
                for z in self.stakes[f]:
                    info = view["zones"][z]
                    if f in info["units"] and info["control"] != f and len(info["units"]) > 1:
                        mark(z, f, 1.0)
            if standard >= self.danger:
                for z, info in view["zones"].items():
                    if info["control"] == f:
                        mark(z, f, 0.5 * standard)
        return out

    # ------------------------------------------------------------------ frames and windows

    def _pending(
        self, view: View, pending: PendingView, actions: Sequence[Action], by: dict[str, list[Action]]
    ) -> Action:
        if pending["kind"] == "infowar":
            return by.get("play", [Action("pass")])[0] if pending["amount"] >= 3 else Action("pass")
        if pending["kind"] == "discard":
            return min(actions, key=lambda a: self.card_value(a.args[0]))
        if pending["kind"] == "defect":
            return max(actions, key=lambda a: int(a.args[0]))  # give up Security, keep Infrastructure
        if pending["kind"] == "ceasefire":
            return self._ceasefire_zone(view, actions)
        if pending["kind"] == "window":
            timing = pending["timing"]
            plays = by.get("play", [])
            if not plays:
                return Action("pass")
            if timing == "combat_phase":
                return plays[0] if self._threatened(view) else Action("pass")
            if timing == "combat_reveal":
                return plays[0]
            if timing == "after_combat":
                c = view.get("combat")
                winner = c.get("winner") if c is not None else None
                if winner and winner != self.seat:
                    return plays[0]
                return Action("pass")
            if timing == "arab_street":
                scores = view["scores"]
                leader = max(scores, key=lambda f: scores[f])
                return plays[0] if leader == self.seat and self.rnd.random() < 0.5 else Action("pass")
        return actions[0]

    def _threatened(self, view: View) -> bool:
        for z, info in view["zones"].items():
            units = info["units"]
            if self.seat in units and len(units) > 1:
                mine = self._strength(view, self.seat, z)
                theirs = max(self._strength(view, f, z) for f in units if f != self.seat)
                if theirs > mine + 2:
                    return True
        return False

    def _ceasefire_zone(self, view: View, actions: Sequence[Action]) -> Action:
        def danger(a: Action) -> float:
            if a.verb != "in":
                return -99.0
            z = self.id_of[a.args[0]]
            units = view["zones"][z]["units"]
            if self.seat not in units:
                return -50.0
            mine = self._strength(view, self.seat, z)
            theirs = max((self._strength(view, f, z) for f in units if f != self.seat), default=0)
            return theirs - mine

        return max(actions, key=danger)

    # ------------------------------------------------------------------ set-up, initiative

    def _place(self, view: View, actions: Sequence[Action], by: dict[str, list[Action]]) -> Action:
        def score(a: Action) -> float:
            kind, z = a.args[0], self.id_of[a.args[1]]
            units = view["zones"][z]["units"].get(self.seat, [0, 0])
            have = units[0] if kind == "security" else units[1]
            bonus = 2.0 if z in self.goal_zones else 0.0
            return float(bonus + self.zone[z].pp - 1.5 * have + self.rnd.random() * 0.1)

        return max(actions, key=score)

    def _maneuver(self, view: View, actions: Sequence[Action], by: dict[str, list[Action]]) -> Action:
        for a in by.get("play", []):
            return a  # Surge/Jihad: the extra move is worth it
        return Action("pass")

    def _bid(self, view: View, actions: Sequence[Action], by: dict[str, list[Action]]) -> Action:
        bids = sorted(by.get("bid", []), key=lambda a: int(a.args[0]))
        pp = view["pp"][self.seat]
        if bids:
            low = int(bids[0].args[0])
            if low <= 1 and pp >= 12:
                return bids[0]
            # with a rival near victory, the Initiative is worth a little more: its winner
            # names who moves first (below)
            if low <= 3 and pp >= low + RESERVE + 4 and self._danger(view) is not None:
                return bids[0]
        return Action("pass")

    def _first(self, view: View, actions: Sequence[Action], by: dict[str, list[Action]]) -> Action:
        # [Initiative Phase] a rival near victory moves first, so that everyone else moves
        # after it and answers what it did (otherwise this seat: it wins combat ties)
        danger = self._danger(view)
        if danger is not None and Action("first", (danger,)) in actions:
            return Action("first", (danger,))
        return Action("first", (self.seat,))

    def _danger(self, view: View) -> str | None:
        """The rival nearest victory, if it is near enough to turn on (:data:`DANGER`)."""
        threats = self._threats(view)
        if not threats:
            return None
        scores = view["scores"]
        f = max(sorted(threats), key=lambda x: (threats[x], scores[x]))
        return f if threats[f] >= self.danger else None

    # ------------------------------------------------------------------ draft

    def _draft(self, view: View, actions: Sequence[Action], by: dict[str, list[Action]]) -> Action:
        takes = by.get("take", [])
        if not takes:
            return Action("decline")
        best = max(takes, key=lambda a: self.card_value(a.args[0]))
        hand = view["hand"]
        if len(hand) >= view["max_hand"]:
            worst = min((self.card_value(n) for n in hand), default=0.0)
            if self.card_value(best.args[0]) <= worst:
                return Action("decline")
        return best

    # ------------------------------------------------------------------ coalition

    def _coalition(self, view: View, actions: Sequence[Action], by: dict[str, list[Action]]) -> Action:
        deal = view.get("deal")
        if deal is None:
            if self.offered_turn != view["turn"] and by.get("offer"):
                self.offered_turn = view["turn"]
                partner = self._truce_partner(view)
                if partner is not None:
                    self.plan = [Action("truce"), Action("promise", ("no-attack",)), Action("send")]
                    return Action("offer", (partner,))
            return Action("pass")
        if deal["from"] == self.seat:
            return Action("send") if Action("send") in actions else Action("cancel")
        if "accept" in by:
            if self.defend:
                return Action("accept") if self._deal_value(view, deal) >= 0 else Action("decline")
            scores = view["scores"]
            leader = max(scores, key=lambda f: scores[f])
            gain = deal.get("give_pp", 0) - deal.get("ask_pp", 0) + 3 * deal.get("give_cards", 0)
            gain -= 3 * deal.get("ask_cards", 0)
            if deal["from"] == leader and scores[leader] > scores[self.seat] + 15:
                return Action("decline")
            if gain >= 0:
                return Action("accept")
            return Action("decline")
        if "give" in by:
            return min(by["give"], key=lambda a: self.card_value(a.args[0]))
        return actions[-1]

    def _truce_partner(self, view: View) -> str | None:
        """A partner of the victory condition, else the weakest faction next to ours; never a
        rival one part (or 10 victory PP) from victory, and with one about, preferably a
        faction that stands by the zones that rival's condition counts too (a Truce lets both
        through each other's zones to reach them)."""
        scores = view["scores"]
        near_victory = {f for f, level in self._threats(view).items() if level >= NEAR[1]}
        weaker = [p for p in sorted(self.partners) if scores[p] < scores[self.seat] and p not in near_victory]
        if weaker:
            return weaker[0]
        zones = view["zones"]
        mine = {z for z, i in zones.items() if self.seat in i["units"]}
        near: set[str] = set()
        for z in mine:
            for n in (*self.zone[z].neighbours, z):
                near.update(f for f in zones[n]["units"] if f != self.seat and f not in near_victory)
        if not near:
            return None
        fronts = {
            n
            for f in near_victory
            for z in self.stakes[f]
            if f in zones[z]["units"]
            for n in (*self.zone[z].neighbours, z)
        }
        allies = {f for f in near for n in fronts if f in zones[n]["units"]}
        return min(sorted(allies or near), key=lambda f: scores[f])

    def _deal_value(self, view: View, deal: DealView) -> float:
        """[Coalition Phase] what accepting ``deal`` is worth to this seat, in PP: the PP and
        cards it gets (it sees which) less those asked of it (its cheapest cards), the promises
        made to it (worth more from a faction it shares a front with), a Truce (a danger when
        the sender is near victory: it may then pass through our zones), less what the deal
        does for a sender near victory, three times its net gain weighted by how near."""
        sender = deal["from"]
        threat = self._threats(view).get(sender, 0.0)
        got = deal.get("give_pp", 0) + sum(self.card_value(n) for n in deal.get("give", []))
        asked = deal.get("ask_cards", 0)
        hand = sorted(self.card_value(n) for n in view.get("hand", []))
        cost = deal.get("ask_pp", 0) + (sum(hand[:asked]) if len(hand) >= asked else 99.0)
        value = got - cost
        front = self._front(view, sender)
        for kind in deal.get("promises", []):
            value += PROMISE_WORTH.get(kind, 0.0) * (1.0 if front else 0.3)
        if deal.get("truce"):
            value += 0.5 - 5.0 * threat
        sender_gain = (
            deal.get("ask_pp", 0) + 2.5 * asked - deal.get("give_pp", 0) - 3.0 * len(deal.get("give", []))
        )
        return float(value - 3.0 * threat * max(0.0, sender_gain))

    def _front(self, view: View, f: str) -> bool:
        """``f`` has units in or next to a zone where this seat has units."""
        zones = view["zones"]
        return any(
            f in zones[n]["units"]
            for z, info in zones.items()
            if self.seat in info["units"]
            for n in (*self.zone[z].neighbours, z)
        )

    # ------------------------------------------------------------------ action phase

    def _action(self, view: View, actions: Sequence[Action], by: dict[str, list[Action]]) -> Action:
        act = view["action"]
        if "card" in act:
            return self._card_choice(view, act["card"], actions, by)
        if "moving" in act:
            # a move without a plan (should not happen): finish it sensibly
            return by.get("stop", [actions[0]])[0]
        if act["step"] == "recruit":
            return self._recruit(view, actions, by)
        return self._move(view, actions, by)

    def _zone_worth(self, view: View, z: str) -> float:
        info = view["zones"][z]
        w = info["pp"] * 1.0 + 1.0
        if z in self.partner_infra and self._partner_near(view, z):
            return float(w)
        if z in self.goal_zones:
            w += 4.0
        if z in self.infra_goal:
            w += 2.0
        if self.zone[z].affiliation == self.seat:
            w += 2.0
        return float(w)

    def _partner_near(self, view: View, z: str) -> bool:
        """A partner stands in or next to ``z`` and this seat has built nothing there."""
        zones = view["zones"]
        mine = zones[z]["units"].get(self.seat)
        if mine and mine[1]:
            return False  # built there already: it stays ours
        return any(p in zones[n]["units"] for n in (*self.zone[z].neighbours, z) for p in self.partners)

    def _recruit(self, view: View, actions: Sequence[Action], by: dict[str, list[Action]]) -> Action:
        t = self.t
        pp = view["pp"][self.seat]
        active = view["active_commands"][self.seat]
        for a in by.get("play", []):
            d = t.def_by_name[a.args[0]]
            if d.timing in ("own_recruit_step", "own_action") and any(
                isinstance(e, GainPP | GainPPPer | CollectFromEachPlayer | DrawArmsBazaar | PlaceFreeUnits)
                for e in d.effects
            ):
                return a
        if by.get("buyback") and len(active) < 2:
            best = max(by["buyback"], key=lambda a: t.command_by_name[a.args[0]].value)
            cost = t.buyback_cost[t.command_index[t.command_by_name[best.args[0]].id]]
            if pp >= cost + 2:
                return best
        if pp <= RESERVE:
            return Action("done")
        zones = view["zones"]
        deny = self._deny(view)
        cands: list[tuple[float, Action]] = []
        for a in by.get("recruit", []):
            kind, z = a.args[0], self.id_of[a.args[1]]
            info = zones[z]
            mine = info["units"].get(self.seat, [0, 0])
            enemies = [f for f in info["units"] if f != self.seat]
            worth = self._zone_worth(view, z)
            if kind == "infrastructure":
                score = worth + (4.0 if z in self.infra_goal and mine[1] == 0 else 0.0) - 1.5 * mine[1]
                if enemies:
                    score -= 4.0
                if mine[0] == 0:
                    score -= 1.5
            else:
                threat = self._threat(view, z)
                score = worth * 0.6 + 1.5 * threat - 1.0 * mine[0] + (2.0 if enemies else 0.0)
                if deny:  # Security to attack a zone a rival near victory counts, now or next turn
                    score += 4.0 * max(
                        (w for d, (_, w) in deny.items() if d == z or d in self.zone[z].neighbours),
                        default=0.0,
                    )
            cands.append((score, a))
        if cands:
            score, best_a = max(cands, key=lambda x: x[0])
            if score > 1.5:
                return best_a
        if by.get("buy") and len(view["hand"]) < 3 and view["card_price"] <= 3 and pp > RESERVE + 3:
            return Action("buy")
        return Action("done")

    def _threat(self, view: View, z: str) -> float:
        """Enemy security next to (or in) zone z, minus ours there."""
        zones = view["zones"]
        enemy = 0.0
        t = self.t
        for n in (*self.zone[z].neighbours, z):
            for f, u in zones[n]["units"].items():
                if f != self.seat and f != t.peacekeeper:
                    enemy += u[0] * t.unit_value[f]
        mine = zones[z]["units"].get(self.seat, [0, 0])
        return max(0.0, enemy - float(mine[0] + mine[1]) * t.unit_value[self.seat]) / 2.0

    def _strength(self, view: View, f: str, z: str) -> float:
        u = view["zones"][z]["units"].get(f, [0, 0])
        return float(min(19, (u[0] + u[1]) * self.t.unit_value[f]))

    def _best_cmd(self, view: View, f: str) -> int:
        names = view["active_commands"][f]
        return max((self.t.command_by_name[n].value for n in names), default=0)

    def _promised(self, view: View, *kinds: str) -> set[str]:
        """Factions this seat promised (in this turn's deals) one of these things."""
        return {o for p in view["promises"] if p["from"] == self.seat and p["kind"] in kinds for o in p["to"]}

    def _may_stay(self, view: View, z: str) -> bool:
        """The seat's promises let its units end a move in ``z``."""
        keep_out = self._promised(view, "no-entry", "no-attack")
        return not any(f in keep_out for f in view["zones"][z]["units"])

    def _reach(self, view: View, start: str) -> dict[str, list[str]]:
        """Zones a normal move from ``start`` can end in, with a path (stopping rules applied,
        and the zones its promises keep it out of left out)."""
        t = self.t
        zones = view["zones"]
        truces = {tuple(p) for p in view["truces"]}
        no_entry = self._promised(view, "no-entry")
        out: dict[str, list[str]] = {}
        seen: set[str] = set()
        frontier: list[tuple[str, list[str]]] = [(start, [])]
        for _ in range(t.rules.move_range):
            nxt: list[tuple[str, list[str]]] = []
            for z, path in frontier:
                for n in self.zone[z].neighbours:
                    if n == start or n in seen or any(f in no_entry for f in zones[n]["units"]):
                        continue
                    seen.add(n)
                    p = [*path, n]
                    if self._may_stay(view, n):
                        out[n] = p
                    others = [
                        f
                        for f in zones[n]["units"]
                        if f != self.seat
                        and tuple(sorted((f, self.seat))) not in truces
                        and not (f == t.peacekeeper and not t.opts.ngo_stops_moves)
                    ]
                    if others or t.content.crosses_river(z, n):
                        continue
                    nxt.append((n, p))
            frontier = nxt
        return out

    def _dest_score(
        self, view: View, z: str, n: int, deny: Mapping[str, tuple[str, float]] | None = None
    ) -> float:
        """Worth of ending a move of n Security in z (negative if it would lose a battle). A
        zone a rival near victory counts (``deny``) is worth a battle, a riskier one the nearer
        the rival (and in the Grand Mosque, where nobody fights, merely standing there spoils
        its control); while such a rival is about, fights with others are put off."""
        t = self.t
        zones = view["zones"]
        info = zones[z]
        enemies = [f for f in info["units"] if f != self.seat and f != t.peacekeeper]
        have = info["units"].get(self.seat, [0, 0])
        mine = min(19.0, (n + have[0] + have[1]) * t.unit_value[self.seat]) + self._best_cmd(view, self.seat)
        score = self._zone_worth(view, z)
        rival, weight = (deny or {}).get(z, ("", 0.0))
        if rival not in enemies:
            weight = 0.0
        if self.zone[z].sanctuary and enemies:
            return score * 0.5 + 12.0 * weight
        if enemies:
            theirs = max(self._strength(view, f, z) + self._best_cmd(view, f) for f in enemies)
            if mine <= theirs + 1 - 3.0 * weight:
                return -10.0
            loot = sum(sum(zones[z]["units"][f]) for f in enemies)
            score += 3.0 + loot + 12.0 * weight
            if deny and not weight:
                score -= 3.0
        elif not info["units"] or info["control"] is None:
            score += 3.0  # new control: +10 victory PP
        elif info["control"] == self.seat:
            score -= 2.0 + 0.7 * have[0]
        return score

    def _origin_cost(
        self, view: View, z: str, n: int, deny: Mapping[str, tuple[str, float]] | None = None
    ) -> float:
        """What moving n Security out of z gives up; a stack that stands against a rival near
        victory in a zone it counts (``deny``) stays for the battle."""
        info = view["zones"][z]
        have = info["units"].get(self.seat, [0, 0])
        left = have[0] - n
        cost = 0.0
        if left == 0 and have[1] > 0:
            cost += 3.0 + self._threat(view, z) * 2
        if left == 0 and have[1] == 0:
            cost += 2.0 if z in self.goal_zones else 0.5
        enemies = [f for f in info["units"] if f != self.seat and f != self.t.peacekeeper]
        if enemies:
            cost -= 2.0  # leaving a losing fight is good, staying a winning one is too: neutral-ish
        rival, weight = (deny or {}).get(z, ("", 0.0))
        if rival in enemies:
            cost += 12.0 * weight
        return cost

    def _move(self, view: View, actions: Sequence[Action], by: dict[str, list[Action]]) -> Action:
        t = self.t
        for a in by.get("combine", []):
            if self.rnd.random() < 0.7:
                return a
        for a in by.get("play", []):
            d = t.def_by_name[a.args[0]]
            if any(
                isinstance(e, GainPP | GainPPPer | CollectFromEachPlayer | DrawArmsBazaar) for e in d.effects
            ):
                return a
            if d.id in ("car_bomb", "kidnapping", "corruption") and (
                self._aimed(view, d.id) or self.rnd.random() < 0.6
            ):
                return a
        zones = view["zones"]
        deny = self._deny(view)
        best: tuple[float, list[Action]] | None = None
        starts = [self.id_of[a.args[0]] for a in by.get("move", [])]
        for z in starts:
            have = zones[z]["units"][self.seat]
            sizes = {have[0], max(1, have[0] - 1)} if have[1] else {have[0]}
            reach = self._reach(view, z)
            for n in sizes:
                if n <= 0:
                    continue
                cost = self._origin_cost(view, z, n, deny)
                for dest, path in reach.items():
                    sc = self._dest_score(view, dest, n, deny) - cost - 0.3 * len(path)
                    if best is None or sc > best[0]:
                        best = (
                            sc,
                            [
                                Action("move", (self.name_of[z],)),
                                Action("units", (str(n),)),
                                *(Action("enter", (self.name_of[p],)) for p in path),
                                Action("stop"),
                            ],
                        )
        for verb, targets in (("underground", "aff"), ("airmobile", "all")):
            for a in by.get(verb, []):
                z = self.id_of[a.args[0]]
                have = zones[z]["units"][self.seat]
                n = have[0]
                cost = self._origin_cost(view, z, n, deny)
                dests = self.affiliated if targets == "aff" else t.zone_ids
                for dest in dests:
                    if dest == z or not self._may_stay(view, dest):
                        continue
                    sc = self._dest_score(view, dest, n, deny) - cost - 0.5
                    if best is None or sc > best[0]:
                        best = (sc, [a, Action("units", (str(n),)), Action("to", (self.name_of[dest],))])
        if best is not None and best[0] > 1.0 and best[1][0] in actions:
            self.plan = best[1][1:]
            return best[1][0]
        return Action("done")

    def _aimed(self, view: View, card: str) -> bool:
        """A card against a rival near victory is worth playing now: Car Bomb where it has few
        enough counters in a zone it counts to clear them (or some Infrastructure), Corruption
        and Kidnapping on it (unless promised not to)."""
        danger = self._danger(view)
        if danger is None or danger in self._promised(view, "no-cards"):
            return False
        if card != "car_bomb":
            return True
        for z, (rival, _) in self._deny(view).items():
            u = view["zones"][z]["units"].get(rival, [0, 0])
            if rival == danger and (0 < u[0] + u[1] <= 2 or u[1]):
                return True
        return False

    def _card_choice(
        self, view: View, card: CardPlayView, actions: Sequence[Action], by: dict[str, list[Action]]
    ) -> Action:
        scores = view["scores"]
        if "target" in by:
            opts = [a.args[0] for a in by["target"]]
            threats = self._threats(view)
            if max((threats.get(f, 0.0) for f in opts), default=0.0) >= self.danger:
                return Action("target", (max(opts, key=lambda f: (threats.get(f, 0.0), scores[f], f)),))
            return Action("target", (max(opts, key=lambda f: (scores[f], f)),))
        if "take" in by:
            return max(by["take"], key=lambda a: self.card_value(a.args[0]))
        if "in" in by:
            tgt = card.get("target")
            deny = self._deny(view) if tgt else {}

            def zscore(a: Action) -> float:
                z = self.id_of[a.args[0]]
                units = view["zones"][z]["units"]
                if tgt:
                    u = units.get(tgt, [0, 0])
                    base = float(u[0] + u[1]) + (3.0 if z in self.goal_zones else 0.0)
                    rival, weight = deny.get(z, ("", 0.0))
                    if rival == tgt:  # a zone it counts: cleared (3 counters or fewer), it loses it
                        base += 20.0 * weight + (5.0 if u[0] + u[1] <= 3 else 0.0)
                    return base
                return self._zone_worth(view, z) - len([f for f in units if f != self.seat]) * 3

            return max(by["in"], key=zscore)
        for verb in ("remove", "replace", "place", "lose"):
            if verb in by:
                return max(by[verb], key=lambda a: (int(a.args[0]) + int(a.args[1]), int(a.args[1])))
        if "top" in by:
            return by["top"][0]
        return actions[0]

    # ------------------------------------------------------------------ combat

    def _combat(self, view: View, actions: Sequence[Action], by: dict[str, list[Action]]) -> Action:
        c = view["combat"]
        stage = c["stage"]
        if stage == "pick_zone":
            return actions[0]
        if stage == "pick_foe":
            z = c["zone"]
            assert z is not None  # the battle's zone is chosen before its foe
            fights = [a for a in by.get("fight", []) if len(a.args) == 1]
            if not fights:
                return actions[0]
            mine = self._strength(view, self.seat, z) + self._best_cmd(view, self.seat)

            def weak(a: Action) -> float:
                f = a.args[0]
                return self._strength(view, f, z) + self._best_cmd(view, f)

            rival = self._decisive(view, z)
            if rival is not None and any(a.args[0] == rival for a in fights):
                return Action("fight", (rival,))  # the rival near victory, whatever its strength
            foe = min(fights, key=weak)
            if "decline" in by and weak(foe) + 2 >= mine:
                return Action("decline")
            return foe
        if stage == "casualties":
            return min(actions, key=lambda a: int(a.args[0]))  # lose Infrastructure first (cheapest)
        return self._plan(view, c, actions, by)

    def _decisive(self, view: View, z: str) -> str | None:
        """The rival a battle in ``z`` could carry to victory: one that meets a condition now or
        lacks one part of it (winning may complete it), fighting over a zone its special
        condition can count (any zone, near the standard victory)."""
        threats = self._threats(view)
        units = view["zones"][z]["units"]
        near = min(self.danger, NEAR[1])  # one short: winning this battle may complete it
        found = [
            f
            for f, (special, standard) in self._rivals(view).items()
            if f in units and ((special >= near and z in self.stakes[f]) or standard >= near)
        ]
        return max(found, key=lambda f: (threats[f], f)) if found else None

    def _at_stake(self, view: View, z: str) -> bool:
        """This seat meets its special condition now and ``z`` is a zone it cannot spare."""
        if not self.defend:
            return False
        goals = view["goals"][self.seat]
        if not goals["met"]:
            return False
        name = self.name_of[z]
        return any(
            p["have"] == p["need"] and p["have"] == len(p["zones"]) and name in p["zones"]
            for p in goals["parts"]
        )

    def _plan(
        self, view: View, c: CombatView, actions: Sequence[Action], by: dict[str, list[Action]]
    ) -> Action:
        t = self.t
        foe = c["sides"][1] if c["sides"][0] == self.seat else c["sides"][0]
        z = c["zone"]
        assert z is not None  # a battle's plans are made in its zone
        if "command" in by:

            def cval(a: Action) -> float:
                n = a.args[0]
                if n in t.command_by_name:
                    return t.command_by_name[n].value
                return 1.5  # a Network: keep the Commands safe only when weak

            return max(by["command"], key=cval)
        if "offense" in by or "no-offense" in by:
            offs = by.get("offense", [])
            foe_cmds = [t.command_by_name[n] for n in view["active_commands"][foe]]

            def hits(a: Action) -> float:
                d = t.def_by_name[a.args[0]]
                eff = next((e for e in d.effects if isinstance(e, NeutralizeCommand)), None)
                if eff is None:
                    return 0.0
                return float(
                    sum(
                        cc.value
                        for cc in foe_cmds
                        if set(cc.types) & set(eff.command_types)
                        and (eff.max_value is None or cc.value <= eff.max_value)
                    )
                )

            if offs:
                best = max(offs, key=hits)
                if hits(best) > 0:
                    return best
            return Action("no-offense")
        if "defense" in by or "no-defense" in by:
            dfs = by.get("defense", [])

            def breadth(a: Action) -> float:
                d = t.def_by_name[a.args[0]]
                eff = next((e for e in d.effects if isinstance(e, BlockOffense)), None)
                return 0.0 if eff is None else 2.0 * len(eff.offense_types) + len(eff.cards) * 0.5

            if dfs:
                return max(dfs, key=breadth)
            return Action("no-defense")
        commits = sorted(int(a.args[0]) for a in by.get("commit", []))
        if not commits:
            return actions[0]
        if self._decisive(view, z) == foe or self._at_stake(view, z):
            return Action("commit", (str(commits[-1]),))  # a victory hangs on it: everything
        plan = c.get("my_plan")
        command = plan["command"] if plan else None
        my_cmd = 0
        if command is not None and command in t.command_by_name:
            my_cmd = t.command_by_name[command].value
        elif command:
            my_cmd = 2
        enemy = self._strength(view, foe, z) * 0.8 + self._best_cmd(view, foe)
        per = 1  # the die shows strength; with commitment="units" it shows units (NOTES 1)
        if t.opts.commitment == "units":
            fort = self.zone[z].fortified and view["fortified_holder"] == self.seat
            per = t.fort_value[self.seat] if fort else t.unit_value[self.seat]
        for k in commits:
            if k * per + my_cmd > enemy + 1:
                return Action("commit", (str(k),))
        return Action("commit", (str(commits[-1]),))
