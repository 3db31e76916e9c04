"""A heuristic bot for every faction of Battle for Baghdad.

It decides from ``view(seat)`` and the legal actions only, plus the public content every
player knows (the map, the faction screens, the card texts). How it plays:

* Initiative: bids a little when it has PP to spare and cheap cards matter; plays a
  Surge/Jihad for the extra move; names itself First Player (it then wins combat ties).
* Draft: takes the card worth most to it (Offense and Defense that fit its Commands, then
  PP-making events); declines when its hand is full of better cards.
* Coalition: offers one Truce with a non-aggression promise to a partner its victory
  condition counts (the US: the Government) while that partner trails it, else to the
  weakest faction it shares a front with; accepts offers that cost it nothing or pay it, and
  refuses the leader.
* Partners: it leaves the zones its partner must build in to the partner wherever the
  partner stands in or next to them (unless it has built there itself), since the
  partner's control counts for it too.
* Recruit: restores its best Neutralized Command when short of Commands, builds
  Infrastructure where its victory condition or the PP on the map call for it, adds
  Security where enemies threaten its zones, and keeps a small reserve of PP.
* Move: plans whole moves (origin, stack, path, with the stopping rules) towards valuable
  zones, attacking only where its strength and Command beat the defender's.
* Combat: leads with its best Command, adds the Offense most likely to Neutralize the
  enemy's Commands and a Defense; commits just enough to win, all it has if it cannot.
"""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence
from typing import TYPE_CHECKING, Any

from consim.core.action import Action
from consim.games.baghdad.content import (
    BaghdadTables,
    BlockOffense,
    CollectFromEachPlayer,
    ControlZones,
    DrawArmsBazaar,
    GainPP,
    GainPPPer,
    InfrastructureInZones,
    NeutralizeCommand,
    PlaceFreeUnits,
    Zone,
    iter_conditions,
)

if TYPE_CHECKING:
    from consim.core.game import Game

View = Mapping[str, Any]

RESERVE = 4  # PP kept back after recruiting


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

    # ------------------------------------------------------------------ entry point

    def choose(self, view: View, actions: Sequence[Action]) -> Action:
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
        pending = view.get("pending")
        if pending is not None:
            return self._pending(view, pending, actions, by_verb)
        phase = view["phase"]
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
        return handler(view, actions, by_verb)

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

    # ------------------------------------------------------------------ frames and windows

    def _pending(
        self, view: View, pending: Mapping[str, Any], actions: Sequence[Action], by: dict[str, list[Action]]
    ) -> Action:
        kind = pending["kind"]
        if kind == "infowar":
            return by.get("play", [Action("pass")])[0] if pending["amount"] >= 3 else Action("pass")
        if kind == "discard":
            return min(actions, key=lambda a: self.card_value(a.args[0]))
        if kind == "defect":
            return max(actions, key=lambda a: int(a.args[0]))  # give up Security, keep Infrastructure
        if kind == "ceasefire":
            return self._ceasefire_zone(view, actions)
        if kind == "window":
            timing = pending["timing"]
            plays = by.get("play", [])
            if not plays:
                return Action("pass")
            if timing == "combat_phase":
                return plays[0] if self._threatened(view) else Action("pass")
            if timing == "combat_reveal":
                return plays[0]
            if timing == "after_combat":
                c = view.get("combat", {})
                if c.get("winner") and c["winner"] != self.seat:
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
        return Action("pass")

    def _first(self, view: View, actions: Sequence[Action], by: dict[str, list[Action]]) -> Action:
        return Action("first", (self.seat,))

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
        """A partner of the victory condition, else the weakest faction next to ours."""
        scores = view["scores"]
        weaker = [p for p in sorted(self.partners) if scores[p] < scores[self.seat]]
        if weaker:
            return weaker[0]
        mine = {z for z, i in view["zones"].items() if self.seat in i["units"]}
        near: set[str] = set()
        for z in mine:
            for n in (*self.zone[z].neighbours, z):
                near.update(f for f in view["zones"][n]["units"] if f != self.seat)
        if not near:
            return None
        scores = view["scores"]
        return min(sorted(near), key=lambda f: scores[f])

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

    def _dest_score(self, view: View, z: str, n: int) -> float:
        """Worth of ending a move of n Security in z (negative if it would lose a battle)."""
        t = self.t
        zones = view["zones"]
        info = zones[z]
        enemies = [f for f in info["units"] if f != self.seat and f != t.peacekeeper]
        have = info["units"].get(self.seat, [0, 0])
        mine = min(19.0, (n + have[0] + have[1]) * t.unit_value[self.seat]) + self._best_cmd(view, self.seat)
        score = self._zone_worth(view, z)
        if self.zone[z].sanctuary and enemies:
            return score * 0.5
        if enemies:
            theirs = max(self._strength(view, f, z) + self._best_cmd(view, f) for f in enemies)
            if mine <= theirs + 1:
                return -10.0
            loot = sum(sum(zones[z]["units"][f]) for f in enemies)
            score += 3.0 + loot
        elif not info["units"] or info["control"] is None:
            score += 3.0  # new control: +10 victory PP
        elif info["control"] == self.seat:
            score -= 2.0 + 0.7 * have[0]
        return score

    def _origin_cost(self, view: View, z: str, n: int) -> float:
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
            if d.id in ("car_bomb", "kidnapping", "corruption") and self.rnd.random() < 0.6:
                return a
        zones = view["zones"]
        best: tuple[float, list[Action]] | None = None
        starts = [self.id_of[a.args[0]] for a in by.get("move", [])]
        for z in starts:
            have = zones[z]["units"][self.seat]
            sizes = {have[0], max(1, have[0] - 1)} if have[1] else {have[0]}
            reach = self._reach(view, z)
            for n in sizes:
                if n <= 0:
                    continue
                cost = self._origin_cost(view, z, n)
                for dest, path in reach.items():
                    sc = self._dest_score(view, dest, n) - cost - 0.3 * len(path)
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
                cost = self._origin_cost(view, z, n)
                dests = self.affiliated if targets == "aff" else t.zone_ids
                for dest in dests:
                    if dest == z or not self._may_stay(view, dest):
                        continue
                    sc = self._dest_score(view, dest, n) - cost - 0.5
                    if best is None or sc > best[0]:
                        best = (sc, [a, Action("units", (str(n),)), Action("to", (self.name_of[dest],))])
        if best is not None and best[0] > 1.0 and best[1][0] in actions:
            self.plan = best[1][1:]
            return best[1][0]
        return Action("done")

    def _card_choice(
        self, view: View, card: Mapping[str, Any], actions: Sequence[Action], by: dict[str, list[Action]]
    ) -> Action:
        scores = view["scores"]
        if "target" in by:
            opts = [a.args[0] for a in by["target"]]
            return Action("target", (max(opts, key=lambda f: (scores[f], f)),))
        if "take" in by:
            return max(by["take"], key=lambda a: self.card_value(a.args[0]))
        if "in" in by:
            tgt = card.get("target")

            def zscore(a: Action) -> float:
                z = self.id_of[a.args[0]]
                units = view["zones"][z]["units"]
                if tgt:
                    u = units.get(tgt, [0, 0])
                    return float(u[0] + u[1]) + (3.0 if z in self.goal_zones else 0.0)
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
            fights = [a for a in by.get("fight", []) if len(a.args) == 1]
            if not fights:
                return actions[0]
            mine = self._strength(view, self.seat, z) + self._best_cmd(view, self.seat)

            def weak(a: Action) -> float:
                f = a.args[0]
                return self._strength(view, f, z) + self._best_cmd(view, f)

            foe = min(fights, key=weak)
            if "decline" in by and weak(foe) + 2 >= mine:
                return Action("decline")
            return foe
        if stage == "casualties":
            return min(actions, key=lambda a: int(a.args[0]))  # lose Infrastructure first (cheapest)
        return self._plan(view, c, actions, by)

    def _plan(
        self, view: View, c: Mapping[str, Any], actions: Sequence[Action], by: dict[str, list[Action]]
    ) -> Action:
        t = self.t
        foe = c["sides"][1] if c["sides"][0] == self.seat else c["sides"][0]
        z = c["zone"]
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
        plan = c.get("my_plan") or {}
        my_cmd = 0
        if plan.get("command") in t.command_by_name:
            my_cmd = t.command_by_name[plan["command"]].value
        elif plan.get("command"):
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
