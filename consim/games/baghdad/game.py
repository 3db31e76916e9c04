"""Rules of Battle for Baghdad, in the rulebook's sequence of play.

The rulebook has no numbered rules; every rule reference names its section ("Initiative
Phase", "Move Step", "Glossary: Truces", ...). Readings of unclear passages, and the options
that select the other plausible reading, are in ``NOTES.md``.

Turn: Initiative (Political Maneuver / Surge-Jihad window, bidding, choice of First Player)
-> Arab Street (up to three cards, Curfew window after each) -> Arms Bazaar draft ->
Coalition (rounds of deals) -> Action (each player: Recruit step, Move step) -> Combat
(Ceasefire window, battles in turn order, secret Operational Plans) -> Civic Action -> the
victory check. The game ends after the turn in which the Arab Street deck runs out.

The whole state is one plain JSON-ready document (``self.s``). Interruptions that several
rules share (InfoWar after a gain, over-limit discards, card windows, a defector's choice)
are frames on ``s["stack"]``, handled before the phase continues.

>>> import consim
>>> state = consim.load_game("baghdad", players=3).new_game(seed=1)
>>> state.game.seats
('Shiite', 'Sunni', 'Government')
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, Literal

from pydantic import Field, model_validator

from consim.core.action import Action
from consim.core.errors import RestoreError
from consim.core.legacy import Game, GameOptions, Outcome, State
from consim.games.baghdad import board
from consim.games.baghdad.content_models import (
    FACTION_IDS,
    ArmsBazaarCard,
    BaghdadContent,
    BlockOffense,
    CancelCard,
    CollectFromEachPlayer,
    CommandCard,
    DefectionEffect,
    DrawArmsBazaar,
    Effect,
    Elections,
    EliminateUnits,
    ExtraMoves,
    Faction,
    GainPP,
    GainPPPer,
    NeutralizeCommand,
    PeekArabStreet,
    PlaceFreeUnits,
    PlacePP,
    PlacePPWithInfrastructure,
    PreventCombat,
    ReverseCombatAward,
    StopArabStreetDraws,
    StopDraws,
    SubstituteCommand,
    TakeCards,
    TakePP,
    UnitCombatValue,
    ViewHand,
    default_content,
)

if TYPE_CHECKING:
    pass

Doc = dict[str, Any]

R_SETUP = "Game Setup: Starting Forces"
R_SEATING = "Game Setup: Seating and Play Order"
R_INIT = "Initiative Phase"
R_PM = "Arms Bazaar Cards: Political Maneuver"
R_STREET = "Arab Street Phase"
R_BAZAAR = "Arms Bazaar Phase"
R_COAL = "Coalition Phase"
R_TRUCE = "Glossary: Truces"
R_RECRUIT = "Action Phase: Recruit Step"
R_MOVE = "Action Phase: Move Step"
R_UNDER = "Special Moves: Underground Movement"
R_AIR = "Special Moves: Airmobile Movement"
R_CARDS = "Arms Bazaar Cards"
R_ESP = "Arms Bazaar Cards: Espionage"
R_DEFECT = "Glossary: Defection"
R_COMBAT = "Combat Phase"
R_PLAN = "Combat Phase: Operational Plans"
R_RESOLVE = "Combat Phase: Resolving Combat"
R_POST = "Combat Phase: Arms Bazaar Cards Post Combat"
R_PEACE = "Glossary: Peacekeeping"
R_CIVIC = "Civic Action Phase"
R_END = "End of Game"
R_VICTORY = "Victory Conditions"
R_STALE = "Stalemate"
R_HAND = "Arms Bazaar Cards (maximum hand size)"
R_TIES = "Glossary: Ties"

PROMISES = ("no-attack", "no-entry", "no-cards", "support")
PROMISE_TEXT = {
    "no-attack": "will not start a battle against",
    "no-entry": "will not move into zones holding units of",
    "no-cards": "will not play Arms Bazaar cards against",
    "support": "will back the next Initiative bid of",
}
MAX_ASK_CARDS = 3


class BaghdadOptions(GameOptions):
    """Options of Battle for Baghdad. Each reading choice is explained in NOTES.md."""

    players: int | None = Field(None, ge=3, le=6, description="3-6; the rulebook's table picks the factions")
    factions: str = Field(
        "",
        description="pick the factions instead of the table: comma-separated, 3-6 of "
        "Shiite,Sunni,Government,US,Jihadist,NGO",
    )
    seating: str = Field(
        "faction",
        description="'faction' (seated in faction order), 'random' (drawn at set-up) or a "
        "comma-separated counter-clockwise seating order",
    )
    placement: Literal["fixed", "choose"] = Field(
        "fixed", description="starting units as printed on the screen, or each faction spreads them"
    )
    commitment: Literal["strength", "units"] = Field(
        "strength", description="the 0-19 die counts combat strength (US x2) or units"
    )
    zero_bid_price: Literal["one", "bid"] = Field(
        "one", description="card price after a winning bid of 0: 1 PP, or literally the bid (0)"
    )
    multi_combat: Literal["chooser-fights", "chooser-names-pair"] = Field(
        "chooser-fights",
        description="three or more factions in a zone: the soonest picks its own opponent, "
        "or may also name any two factions to fight",
    )
    ngo_stops_moves: bool = Field(True, description="entering a zone holding only NGO units stops a move")
    deal_rounds: int = Field(2, ge=0, le=5, description="rounds of offers in each Coalition Phase")
    max_deal_items: int = Field(6, ge=1, le=12, description="most items in one deal")

    @model_validator(mode="after")
    def _check(self) -> BaghdadOptions:
        picked = [f for f in self.factions.split(",") if f.strip()]
        if picked:
            bad = [f for f in picked if f not in FACTION_IDS]
            if bad or len(set(picked)) != len(picked) or not 3 <= len(picked) <= 6:
                raise ValueError(f"factions must be 3-6 distinct names of {', '.join(FACTION_IDS)}")
            if self.players is not None and self.players != len(picked):
                raise ValueError(f"players={self.players} but {len(picked)} factions were picked")
        if self.seating not in ("faction", "random"):
            order = self.seating.split(",")
            if sorted(order) != sorted(picked or FACTION_IDS[: self.players or 6]):
                raise ValueError("seating must be 'faction', 'random' or every faction in play once")
        return self


class BaghdadGame(Game):
    """Static content, seats and look-up tables for one set of options."""

    id = "baghdad"
    title = "Battle for Baghdad"
    Options = BaghdadOptions
    status = "complete: 3-6 players, every phase, deals, secret plans; random and heuristic bots"
    heuristic_bot = "consim.games.baghdad.bots:HeuristicBot"

    def __init__(self, **options: Any) -> None:
        super().__init__(**options)
        o = self.opts
        assert isinstance(o, BaghdadOptions)
        self.o = o
        c: BaghdadContent = default_content()
        self.c = c
        self.rules = c.factions.rules
        picked = [f for f in o.factions.split(",") if f.strip()]
        order = c.factions.faction_order
        if picked:
            self.seats = tuple(f for f in order if f in picked)
        else:
            self.seats = tuple(order[: o.players or 6])
        self.n = len(self.seats)
        self.faction: dict[str, Faction] = {f: c.faction(f) for f in self.seats}
        self.zones: tuple[str, ...] = tuple(z.id for z in c.map.zones)
        self.zone = c.zones_by_id
        self.affiliated: dict[str, tuple[str, ...]] = {
            f: tuple(z.id for z in c.affiliated_zones(f)) for f in self.seats
        }
        peace = [f for f in self.seats if self.faction[f].has_rule("peacekeeping")]
        self.peacekeeper: str | None = peace[0] if peace else None
        # in seat order, never a set: a set of names iterates in another order in every process
        self.underground = tuple(f for f in self.seats if self.faction[f].has_rule("underground_movement"))
        self.airmobile = tuple(f for f in self.seats if self.faction[f].has_rule("airmobile"))
        self.unit_value: dict[str, int] = {}
        self.fort_value: dict[str, int] = {}
        for f in self.seats:
            rule = next((r for r in self.faction[f].special_rules if isinstance(r, UnitCombatValue)), None)
            base = rule.value if rule else self.rules.unit_combat_value
            self.unit_value[f] = base
            self.fort_value[f] = rule.fortified_value if rule else base + self.rules.fortified_increment
        # Arms Bazaar: one instance number per physical card
        ab = c.arms_bazaar
        self.card_def: dict[str, ArmsBazaarCard] = {d.id: d for d in ab.cards}
        self.cards: tuple[str, ...] = tuple(d.id for d in ab.cards for _ in range(d.count))
        self.card_name: tuple[str, ...] = tuple(self.card_def[d].name for d in self.cards)
        self.def_by_name: dict[str, ArmsBazaarCard] = {d.name: d for d in ab.cards}
        self.combos = {tuple(sorted(cb.symbols)): cb for cb in ab.combinations}
        self.combo_by_id = {cb.id: cb for cb in ab.combinations}
        self.street_cards: tuple[str, ...] = tuple(c.arab_street.deck())
        self.street_def = {d.id: d for d in c.arab_street.cards}
        self.command: dict[str, CommandCard] = {cc.id: cc for cc in c.command_cards.command_cards}
        self.command_by_name: dict[str, CommandCard] = {cc.name: cc for cc in c.command_cards.command_cards}
        stalemate = self.rules.stalemate_winners.get(self.n)
        self.stalemate_winner: str | None = stalemate if stalemate in self.seats else None

    @classmethod
    def load_content(cls) -> object:
        from consim.games.baghdad.content_models import CONTENT_DIR, load_content

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

    def _blank_state(self, seed: int) -> BaghdadState:
        return BaghdadState(self, seed)

    # -- small look-ups shared by the rules, the views and the bots -------------------------

    def effects_of(self, source: str) -> tuple[Effect, ...]:
        """Effects of a card id or a combination id."""
        if source in self.card_def:
            return self.card_def[source].effects
        return self.combo_by_id[source].effects

    def source_name(self, source: str) -> str:
        if source in self.card_def:
            return self.card_def[source].name
        return self.combo_by_id[source].name


def _deep(x: Any) -> Any:
    """Copy a plain JSON-like document (dicts, lists, scalars)."""
    if isinstance(x, dict):
        return {k: _deep(v) for k, v in x.items()}
    if isinstance(x, list):
        return [_deep(v) for v in x]
    return x


A = Action


class BaghdadState(State):
    """A position in Battle for Baghdad."""

    game: BaghdadGame

    def __init__(self, game: BaghdadGame, seed: int) -> None:
        super().__init__(game, seed)
        self.g = game
        self.s: Doc = {}

    # ======================================================================================
    # Set-up
    # ======================================================================================

    def _setup(self) -> None:
        g = self.g
        seats = list(g.seats)
        # [Game Setup: Seating and Play Order] seating need not follow faction order
        if g.o.seating == "faction":
            table = seats[:]
        elif g.o.seating == "random":
            table = seats[:]
            self.rng.shuffle(table)
        else:
            table = g.o.seating.split(",")
        deck = list(range(len(g.cards)))
        self.rng.shuffle(deck)
        street = list(range(len(g.street_cards)))
        self.rng.shuffle(street)
        rules = g.rules
        first = rules.first_bidder_turn_one if rules.first_bidder_turn_one in seats else table[0]
        self.s = {
            "turn": 0,
            "phase": "setup",
            "table": table,
            "order": table[:],
            "pp": {f: g.faction[f].starting.pp for f in seats},
            "sec": {f: {} for f in seats},
            "inf": {f: {} for f in seats},
            "zpp": {},
            "hands": {f: [] for f in seats},
            "deck": deck,
            "discard": [],
            "street": street,
            "street_used": [],
            "turned": [],
            "known": {f: [] for f in seats},
            "active": {f: [cc.id for cc in g.c.command_cards_of(f)] for f in seats},
            "neutral": {f: [] for f in seats},
            "first_bidder": first,
            "initiative": None,
            "first": None,
            "price": 1,
            "bid": None,
            "man": None,
            "draws": 0,
            "stopped": False,
            "packet": [],
            "dpos": 0,
            "coal": None,
            "deal": None,
            "promises": [],
            "truces": [],
            "act": None,
            "task": None,
            "fort": None,
            "airports": {},
            "cb": None,
            "stack": [],
            "extra": {},
            "placing": None,
            "result": None,
            "history": [],
        }
        self.emit(
            f"Battle for Baghdad, {g.n} players: {', '.join(seats)}. Seating (counter-clockwise): "
            f"{', '.join(table)}.",
            R_SEATING,
        )
        # [Game Setup: Starting Forces] PP and randomly drawn Arms Bazaar cards
        for f in seats:
            for _ in range(g.faction[f].starting.hand):
                card = self._draw_card()
                if card is not None:
                    self.s["hands"][f].append(card)
            self.emit(f"You start with {self._names(self.s['hands'][f])}.", R_SETUP, (f,))
        self.mark_reveal(seats)
        if g.o.placement == "fixed":
            # [Game Setup: Starting Forces] placed in faction order, in affiliated zones
            for f in seats:
                for z, u in g.faction[f].starting.forces.items():
                    self._add(f, z, u.security, u.infrastructure)
                self.emit(f"{f} places its starting forces: {self._force_text(f)}.", R_SETUP)
            self._start_turn()
        else:
            first_f = seats[0]
            u = g.faction[first_f].starting.units
            self.s["phase"] = "place"
            self.s["placing"] = {"f": first_f, "sec": u.security, "inf": u.infrastructure}
        self._advance()

    def _force_text(self, f: str) -> str:
        s = self.s
        parts = []
        for z in self.g.zones:
            a, b = s["sec"][f].get(z, 0), s["inf"][f].get(z, 0)
            if a or b:
                parts.append(f"{self.g.zone[z].name} {a}S/{b}I")
        return ", ".join(parts) or "none"

    # ======================================================================================
    # Small helpers: units, cards, PP
    # ======================================================================================

    def _add(self, f: str, z: str, sec: int = 0, inf: int = 0) -> None:
        s = self.s
        if sec:
            v = s["sec"][f].get(z, 0) + sec
            if v:
                s["sec"][f][z] = v
            else:
                s["sec"][f].pop(z, None)
        if inf:
            v = s["inf"][f].get(z, 0) + inf
            if v:
                s["inf"][f][z] = v
            else:
                s["inf"][f].pop(z, None)

    def units_in(self, f: str, z: str) -> tuple[int, int]:
        return self.s["sec"][f].get(z, 0), self.s["inf"][f].get(z, 0)

    def pool(self, f: str) -> tuple[int, int]:
        """[Glossary: Force Pool] counters not on the map."""
        c = self.g.faction[f].counters
        return c.security - sum(self.s["sec"][f].values()), c.infrastructure - sum(self.s["inf"][f].values())

    def present(self, z: str) -> list[str]:
        """Factions with units in ``z``, in this turn's acting order."""
        s = self.s
        return [f for f in s["order"] if s["sec"][f].get(z) or s["inf"][f].get(z)]

    def controller(self, z: str) -> str | None:
        return board.controller(z, self.s["sec"], self.s["inf"], self.g.peacekeeper)

    def control_map(self) -> dict[str, str]:
        return board.control_map(self.g.zones, self.s["sec"], self.s["inf"], self.g.peacekeeper)

    def victory_score(self, f: str, control: Mapping[str, str] | None = None) -> int:
        """[Victory Conditions] PP held plus 10 per controlled zone."""
        control = self.control_map() if control is None else control
        per = self.g.rules.pp_per_controlled_zone
        return int(self.s["pp"][f]) + per * sum(1 for c in control.values() if c == f)

    def _names(self, cards: list[int]) -> str:
        return ", ".join(self.g.card_name[c] for c in cards) or "nothing"

    def _draw_card(self) -> int | None:
        """[Arms Bazaar Phase] draw the top card; an empty deck is rebuilt from the discards."""
        s = self.s
        if not s["deck"]:
            if not s["discard"]:
                return None
            s["deck"], s["discard"] = s["discard"], []
            self.rng.shuffle(s["deck"])
            self.emit(f"The Arms Bazaar deck is rebuilt from {len(s['deck'])} discarded cards.", R_BAZAAR)
        card: int = s["deck"].pop()
        return card

    def hand_count(self, f: str) -> int:
        """Cards a faction holds, counting those set aside in a secret plan (public number)."""
        n = len(self.s["hands"][f])
        cb = self.s["cb"]
        if cb and cb.get("plans") and f in cb["plans"] and not cb.get("revealed"):
            p = cb["plans"][f]
            n += sum(1 for k in ("net", "off", "dfn") if p[k] is not None)
        for fr in self.s["stack"]:
            if fr["k"] == "window":  # a card played face down in an open window is still secret
                n += sum(1 for who in fr.get("by", []) if who == f)
        return n

    def _gain_cards(self, f: str, cards: list[int], rule: str) -> None:
        """Add cards to a hand; over the limit the owner discards down (a frame)."""
        s = self.s
        s["hands"][f].extend(cards)
        over = len(s["hands"][f]) - self.g.faction[f].max_hand
        if over > 0:
            s["stack"].append({"k": "discard", "seat": f, "n": over, "rule": rule})

    def _discard_from_hand(self, f: str, card: int) -> None:
        self.s["hands"][f].remove(card)
        self.s["discard"].append(card)

    def _card_in_hand(self, f: str, name: str) -> int | None:
        for c in self.s["hands"][f]:
            if self.g.card_name[c] == name:
                return int(c)
        return None

    def _gain(self, f: str, amount: int, source: str, rule: str, why: str) -> None:
        """Take PP from the bank; InfoWar may follow (a frame, when the gainer holds cards)."""
        if amount <= 0:
            return
        self.s["pp"][f] += amount
        self.emit(f"{f} gains {amount} PP ({why}).", rule)
        if self.s["hands"][f]:
            self.s["stack"].append(
                {"k": "infowar", "seat": f, "source": source, "amount": amount, "why": why}
            )

    def _pay(self, f: str, amount: int) -> int:
        paid = min(amount, int(self.s["pp"][f]))
        self.s["pp"][f] -= paid
        return paid

    # ======================================================================================
    # The driver: automatic steps run until somebody must decide
    # ======================================================================================

    def _advance(self) -> None:
        while not self.s["stack"] and self.s["phase"] != "over":
            if not self._auto():
                return

    def _auto(self) -> bool:
        """One automatic step of the current phase; False when a decision is awaited."""
        s = self.s
        phase = s["phase"]
        if phase == "maneuver":
            return self._maneuver_auto()
        if phase == "street":
            return self._street_auto()
        if phase == "coalition":
            return False
        if phase == "action":
            return self._action_auto()
        if phase == "combat":
            return self._combat_auto()
        if phase == "civic":
            self._civic()
            return True
        if phase == "end":
            self._end_of_turn()
            return True
        return False

    # ======================================================================================
    # Initiative Phase
    # ======================================================================================

    def _start_turn(self) -> None:
        s = self.s
        s["turn"] += 1
        s["initiative"] = None
        s["first"] = None
        s["order"] = s["table"][:]
        s["extra"] = {}
        s["truces"] = []
        s["turned"] = []
        self.emit(f"Turn {s['turn']} begins.", R_INIT)
        # [Initiative Phase; Political Maneuver] before bidding, anyone may take the Initiative
        # with a Political Maneuver or Surge/Jihad; the last to do so keeps it
        table = s["table"]
        s["man"] = {"pos": table.index(s["first_bidder"]), "since": 0, "last": None}
        s["phase"] = "maneuver"

    def _maneuver_seat(self) -> str:
        s = self.s
        return str(s["table"][s["man"]["pos"]])

    def _maneuver_auto(self) -> bool:
        s = self.s
        man = s["man"]
        n = self.g.n
        if man["since"] >= n:
            self._maneuver_end()
            return True
        if not s["hands"][self._maneuver_seat()]:
            man["since"] += 1  # nothing to play with (hand sizes are public)
            man["pos"] = (man["pos"] + 1) % n
            return True
        return False

    def _maneuver_options(self, f: str) -> list[Action]:
        g = self.g
        acts = [A("pass")]
        hand = self.s["hands"][f]
        pm = self._combo_pairs(f, "political_maneuver")
        acts.extend(A("maneuver", pair) for pair in pm)
        names = sorted({g.card_name[c] for c in hand if g.card_def[g.cards[c]].timing == "initiative"})
        acts.extend(A("play", (nm,)) for nm in names)
        return acts

    def _combo_pairs(self, f: str, combo_id: str) -> list[tuple[str, str]]:
        """Pairs of card names in hand whose symbols make the combination."""
        g = self.g
        want = set(g.combo_by_id[combo_id].symbols)
        hand = self.s["hands"][f]
        names = sorted({g.card_name[c] for c in hand if g.card_def[g.cards[c]].symbols})
        pairs: list[tuple[str, str]] = []
        for i, a in enumerate(names):
            for b in names[i:]:
                if a == b and sum(1 for c in hand if g.card_name[c] == a) < 2:
                    continue
                sa, sb = set(g.def_by_name[a].symbols), set(g.def_by_name[b].symbols)
                x, y = sorted(want)
                if (x in sa and y in sb) or (y in sa and x in sb):
                    pairs.append((a, b))
        return pairs

    def _act_maneuver(self, f: str, action: Action) -> None:
        s = self.s
        man = s["man"]
        g = self.g
        if action.verb == "pass":
            man["since"] += 1
        elif action.verb == "maneuver":
            for nm in action.args:
                card = self._card_in_hand(f, nm)
                assert card is not None
                self._discard_from_hand(f, card)
            man["last"] = f
            man["since"] = 0
            self.emit(f"{f} plays {action.args[0]} and {action.args[1]}: a Political Maneuver.", R_PM)
            self.mark_reveal()
            drawn = self._draw_card()
            if drawn is not None:
                self.emit(f"You draw {g.card_name[drawn]}.", R_PM, (f,))
                self.emit(f"{f} draws an extra Arms Bazaar card.", R_PM)
                self.mark_reveal((f,))
                self._gain_cards(f, [drawn], R_PM)
        else:  # play Surge/Jihad
            card = self._card_in_hand(f, action.args[0])
            assert card is not None
            self._discard_from_hand(f, card)
            man["last"] = f
            man["since"] = 0
            d = g.card_def[g.cards[card]]
            extra = sum(e.count for e in d.effects if isinstance(e, ExtraMoves))
            s["extra"][f] = s["extra"].get(f, 0) + extra
            self.emit(
                f"{f} plays {d.name}: it claims the Initiative and gains {extra} extra move(s).", R_INIT
            )
            self.mark_reveal()
        man["pos"] = (man["pos"] + 1) % g.n

    def _maneuver_end(self) -> None:
        s = self.s
        last = s["man"]["last"]
        s["man"] = None
        if last is not None:
            # [Political Maneuver] the last one played wins; nobody bid, so cards cost 1 (NOTES 3)
            s["initiative"] = last
            s["price"] = self.g.rules.no_bid_card_price
            s["first_bidder"] = last
            self.emit(f"{last} takes the Initiative without bidding.", R_PM)
            s["phase"] = "first"
            return
        # [Initiative Phase] bidding starts with the previous winner (the Shi'ite on turn 1)
        table = s["table"]
        s["bid"] = {"pos": table.index(s["first_bidder"]), "high": -1, "hb": None, "since": 0, "bids": {}}
        s["phase"] = "bid"

    def _bid_seat(self) -> str:
        s = self.s
        return str(s["table"][s["bid"]["pos"]])

    def _bid_options(self, f: str) -> list[Action]:
        b = self.s["bid"]
        low = b["high"] + 1
        return [A("pass"), *(A("bid", (str(n),)) for n in range(low, self.s["pp"][f] + 1))]

    def _act_bid(self, f: str, action: Action) -> None:
        s = self.s
        b = s["bid"]
        n = self.g.n
        if action.verb == "bid":
            v = int(action.args[0])
            b["high"], b["hb"], b["since"] = v, f, 0
            b["bids"][f] = v
            self.emit(f"{f} bids {v} PP for the Initiative.", R_INIT)
        else:
            b["since"] += 1
            self.emit(f"{f} passes.", R_INIT)
        b["pos"] = (b["pos"] + 1) % n
        if b["hb"] is not None and b["since"] >= n - 1:
            self._bid_end(b["hb"], b["high"])
        elif b["hb"] is None and b["since"] >= n:
            # [Initiative Phase] nobody bid: the first who could have bid wins, free
            self._bid_end(s["first_bidder"], None)

    def _bid_end(self, winner: str, high: int | None) -> None:
        s = self.s
        # [Initiative Phase] everyone pays what he bid (his highest bid; NOTES 4)
        for f, v in s["bid"]["bids"].items():
            if v:
                self._pay(f, v)
                self.emit(f"{f} pays {v} PP to the bank for its bid.", R_INIT)
        if high is None:
            price = self.g.rules.no_bid_card_price
            self.emit(f"Nobody bid: {winner} wins the Initiative at no cost.", R_INIT)
        else:
            price = high if self.g.o.zero_bid_price == "bid" else max(high, 1)
            self.emit(f"{winner} wins the Initiative with a bid of {high}.", R_INIT)
        s["price"] = price
        s["initiative"] = winner
        s["first_bidder"] = winner
        s["bid"] = None
        s["phase"] = "first"

    def _act_first(self, f: str, action: Action) -> None:
        s = self.s
        first = action.args[0]
        table = s["table"]
        k = table.index(first)
        s["first"] = first
        s["order"] = table[k:] + table[:k]
        self.emit(
            f"{f} names {first} First Player; this turn's order: {', '.join(s['order'])}. "
            f"Arms Bazaar cards cost {s['price']} PP this turn.",
            R_INIT,
        )
        s["phase"] = "street"
        s["draws"] = 0
        s["stopped"] = False

    # ======================================================================================
    # Arab Street Phase
    # ======================================================================================

    def _street_auto(self) -> bool:
        s = self.s
        g = self.g
        if s["stopped"] or s["draws"] >= g.c.arab_street.draws_per_turn or not s["street"]:
            self._start_draft()
            return True
        inst = s["street"].pop()
        s["draws"] += 1
        s["street_used"].append(inst)
        for f in g.seats:
            if s["known"][f]:
                s["known"][f] = s["known"][f][1:]
        card = g.street_def[g.street_cards[inst]]
        s["turned"].append(card.id)
        self.emit(f"Arab Street: {card.name}. {card.text}", R_STREET)
        gains: list[tuple[str, int, str]] = []
        for eff in card.effects:
            if isinstance(eff, PlacePP):
                for z in eff.zones:
                    amount = g.zone[z].pp * eff.multiplier
                    s["zpp"][z] = s["zpp"].get(z, 0) + amount
                self.emit(
                    "PP placed: "
                    + ", ".join(f"{g.zone[z].name} +{g.zone[z].pp * eff.multiplier}" for z in eff.zones),
                    R_STREET,
                )
            elif isinstance(eff, PlacePPWithInfrastructure):
                zs = [z for z in g.zones if any(s["inf"][f].get(z) for f in g.seats)]
                for z in zs:
                    s["zpp"][z] = s["zpp"].get(z, 0) + eff.amount
                self.emit(
                    f"{eff.amount} PP placed in each of {len(zs)} zones holding Infrastructure.", R_STREET
                )
            elif isinstance(eff, Elections):
                control = self.control_map()
                counts = {f: sum(1 for c in control.values() if c == f) for f in s["order"]}
                best = max(counts.values())
                top = next(f for f in s["order"] if counts[f] == best)  # [Glossary: Ties]
                for f in s["order"]:
                    amount = counts[f] * eff.pp_per_controlled_zone
                    if f == top and best > 0:
                        amount += eff.most_zones_bonus
                    gains.append((f, amount, f"elections: {counts[f]} zones controlled"))
            elif isinstance(eff, StopDraws):
                s["stopped"] = True
                self.emit("No more Arab Street cards are turned this turn.", R_STREET)
        # [Arab Street Phase] some Arms Bazaar cards stop further draws: a window after each card
        if not s["stopped"] and s["draws"] < g.c.arab_street.draws_per_turn and s["street"]:
            holders = [f for f in s["order"] if s["hands"][f]]
            if holders:
                s["stack"].append({"k": "window", "w": "arab_street", "wait": holders, "played": []})
        before = len(s["stack"])
        for f, amount, why in gains:
            self._gain(f, amount, "elections", R_STREET, why)
        s["stack"][before:] = reversed(s["stack"][before:])  # the first player's InfoWar comes first
        return True

    # ======================================================================================
    # Arms Bazaar Phase: the draft
    # ======================================================================================

    def _start_draft(self) -> None:
        s = self.s
        g = self.g
        s["phase"] = "draft"
        packet = []
        for _ in range(g.n):
            c = self._draw_card()
            if c is not None:
                packet.append(c)
        s["packet"] = packet
        s["dpos"] = 0
        holder = s["order"][0]
        self.emit(f"{holder} draws {len(packet)} Arms Bazaar cards for the draft.", R_BAZAAR)
        if packet:
            self.emit(f"You draw for the draft: {self._names(packet)}.", R_BAZAAR, (holder,))
            self.mark_reveal((holder,))
        else:
            self._start_coalition()

    def _draft_seat(self) -> str:
        s = self.s
        return str(s["order"][s["dpos"]])

    def _draft_options(self, f: str) -> list[Action]:
        names = sorted({self.g.card_name[c] for c in self.s["packet"]})
        return [*(A("take", (nm,)) for nm in names), A("decline")]

    def _act_draft(self, f: str, action: Action) -> None:
        s = self.s
        g = self.g
        if action.verb == "take":
            card = next(c for c in s["packet"] if g.card_name[c] == action.args[0])
            s["packet"].remove(card)
            self.emit(f"You take {action.args[0]}.", R_BAZAAR, (f,))
            self.emit(f"{f} takes a card.", R_BAZAAR)
            self._gain_cards(f, [card], R_HAND)
        else:
            self.emit(f"{f} takes no card.", R_BAZAAR)
        s["dpos"] += 1
        if s["dpos"] < g.n and s["packet"]:
            nxt = s["order"][s["dpos"]]
            self.emit(f"{f} passes {len(s['packet'])} card(s) to {nxt}.", R_BAZAAR)
            self.emit(f"You receive: {self._names(s['packet'])}.", R_BAZAAR, (nxt,))
            self.mark_reveal((nxt,))
            return
        if s["packet"]:
            s["discard"].extend(s["packet"])
            self.emit(f"{len(s['packet'])} card(s) nobody took are discarded.", R_BAZAAR)
            s["packet"] = []
        self._start_coalition()

    # ======================================================================================
    # Coalition Phase: deals
    # ======================================================================================

    def _start_coalition(self) -> None:
        s = self.s
        s["phase"] = "coalition"
        # [Coalition Phase] deals bind until the next Coalition Phase: older promises lapse
        s["promises"] = []
        if self.g.o.deal_rounds == 0:
            self._end_coalition()
            return
        s["coal"] = {"round": 1, "pos": 0, "offers": 0}
        self.emit(f"Coalition Phase: offers go round in the order {', '.join(s['order'])}.", R_COAL)

    def _coal_seat(self) -> str:
        s = self.s
        return str(s["order"][s["coal"]["pos"]])

    def _deal_items(self, d: Doc) -> int:
        return (
            (1 if d["give_pp"] else 0)
            + len(d["give"])
            + (1 if d["ask_pp"] else 0)
            + (1 if d["ask_cards"] else 0)
            + (1 if d["truce"] else 0)
            + len(d["promises"])
        )

    def _deal_options(self, f: str) -> list[Action]:
        s = self.s
        d = s["deal"]
        g = self.g
        if d is None:
            return [A("pass"), *(A("offer", (o,)) for o in s["order"] if o != f)]
        if d["stage"] == "build":
            acts: list[Action] = []
            room = self._deal_items(d) < g.o.max_deal_items
            single = len(d["to"]) == 1
            if not d["give"] and not d["ask_pp"] and not d["ask_cards"] and not d["give_pp"]:
                acts.extend(A("to", (o,)) for o in s["order"] if o != f and o not in d["to"])
            if room:
                if not d["give_pp"]:
                    most = s["pp"][f] // len(d["to"])
                    acts.extend(A("give-pp", (str(n),)) for n in range(1, most + 1))
                if single:
                    given = list(d["give"])
                    names: list[str] = []
                    for c in s["hands"][f]:
                        if c in given:
                            given.remove(c)
                            continue
                        nm = g.card_name[c]
                        if nm not in names:
                            names.append(nm)
                    acts.extend(A("give", (nm,)) for nm in sorted(names))
                    other = d["to"][0]
                    if not d["ask_pp"]:
                        acts.extend(A("ask-pp", (str(n),)) for n in range(1, s["pp"][other] + 1))
                    if not d["ask_cards"]:
                        most_c = min(MAX_ASK_CARDS, len(s["hands"][other]))
                        acts.extend(A("ask-cards", (str(n),)) for n in range(1, most_c + 1))
                if not d["truce"]:
                    acts.append(A("truce"))
                acts.extend(A("promise", (p,)) for p in PROMISES if p not in d["promises"])
            if self._deal_items(d):
                acts.append(A("send"))
            acts.append(A("cancel"))
            return acts
        if d["stage"] == "respond":
            who = d["to"][len(d["answers"])]
            can = s["pp"][who] >= d["ask_pp"] and len(s["hands"][who]) >= d["ask_cards"]
            return [A("accept"), A("decline")] if can else [A("decline")]
        # fulfil: the recipient picks the cards asked for
        who = d["to"][0]
        return [A("give", (nm,)) for nm in sorted({g.card_name[c] for c in s["hands"][who]})]

    def _deal_seat(self) -> str:
        d = self.s["deal"]
        if d["stage"] == "build":
            return str(d["from"])
        if d["stage"] == "respond":
            return str(d["to"][len(d["answers"])])
        return str(d["to"][0])

    def _deal_text(self, d: Doc) -> str:
        g = self.g
        parts = []
        if d["give_pp"]:
            parts.append(f"{d['from']} gives {d['give_pp']} PP" + (" to each" if len(d["to"]) > 1 else ""))
        if d["give"]:
            parts.append(f"{d['from']} gives {', '.join(g.card_name[c] for c in d['give'])}")
        if d["ask_pp"]:
            parts.append(f"{d['to'][0]} gives {d['ask_pp']} PP")
        if d["ask_cards"]:
            parts.append(f"{d['to'][0]} gives {d['ask_cards']} card(s) of its choice")
        if d["truce"]:
            parts.append("a Truce for this turn's Move steps")
        for p in d["promises"]:
            parts.append(f"{d['from']} {PROMISE_TEXT[p]} {' and '.join(d['to'])} (a promise, not enforced)")
        return "; ".join(parts) or "nothing"

    def _deal_public_text(self, d: Doc) -> str:
        parts = []
        if d["give_pp"]:
            parts.append(f"{d['give_pp']} PP from {d['from']}")
        if d["give"]:
            parts.append(f"{len(d['give'])} card(s) from {d['from']}")
        if d["ask_pp"]:
            parts.append(f"{d['ask_pp']} PP from {d['to'][0]}")
        if d["ask_cards"]:
            parts.append(f"{d['ask_cards']} card(s) from {d['to'][0]}")
        if d["truce"]:
            parts.append("a Truce")
        parts.extend(f"promise {p}" for p in d["promises"])
        return ", ".join(parts)

    def _act_coalition(self, f: str, action: Action) -> None:
        s = self.s
        g = self.g
        d = s["deal"]
        verb = action.verb
        if d is None:
            if verb == "pass":
                self.emit(f"{f} makes no offer.", R_COAL)
                self._next_dealer()
            else:
                s["deal"] = {
                    "from": f,
                    "to": [action.args[0]],
                    "give_pp": 0,
                    "give": [],
                    "ask_pp": 0,
                    "ask_cards": 0,
                    "truce": False,
                    "promises": [],
                    "stage": "build",
                    "answers": [],
                    "taken": [],
                }
            return
        if d["stage"] == "build":
            if verb == "to":
                d["to"].append(action.args[0])
                d["to"].sort(key=s["order"].index)
            elif verb == "give-pp":
                d["give_pp"] = int(action.args[0])
            elif verb == "give":
                given = list(d["give"])
                for c in s["hands"][f]:
                    if g.card_name[c] == action.args[0] and c not in given:
                        d["give"].append(c)
                        break
            elif verb == "ask-pp":
                d["ask_pp"] = int(action.args[0])
            elif verb == "ask-cards":
                d["ask_cards"] = int(action.args[0])
            elif verb == "truce":
                d["truce"] = True
            elif verb == "promise":
                d["promises"].append(action.args[0])
            elif verb == "send":
                d["stage"] = "respond"
                s["coal"]["offers"] += 1
                parties = [d["from"], *d["to"]]
                self.emit(f"{f} offers {' and '.join(d['to'])}: {self._deal_text(d)}.", R_COAL, parties)
                self.emit(
                    f"{f} makes an offer to {' and '.join(d['to'])}: {self._deal_public_text(d)}.", R_COAL
                )
                self.mark_reveal(d["to"])
            else:  # cancel
                self.emit(f"{f} drops its offer.", R_COAL)
                s["deal"] = None
                self._next_dealer()
            return
        if d["stage"] == "respond":
            if verb == "decline":
                self.emit(f"{f} declines {d['from']}'s offer; no deal.", R_COAL)
                s["deal"] = None
                self._next_dealer()
                return
            d["answers"].append(f)
            self.emit(f"{f} accepts.", R_COAL)
            if len(d["answers"]) < len(d["to"]):
                return
            if d["ask_cards"]:
                d["stage"] = "fulfil"
                return
            self._execute_deal(d)
            return
        # fulfil
        card = next(c for c in s["hands"][f] if g.card_name[c] == action.args[0] and c not in d["taken"])
        d["taken"].append(card)
        s["hands"][f].remove(card)
        if len(d["taken"]) >= d["ask_cards"]:
            self._execute_deal(d)

    def _execute_deal(self, d: Doc) -> None:
        """[Coalition Phase] the engine carries out transfers and Truces; promises are recorded."""
        s = self.s
        a = d["from"]
        for b in d["to"]:
            if d["give_pp"]:
                s["pp"][a] -= d["give_pp"]
                s["pp"][b] += d["give_pp"]
        b0 = d["to"][0]
        if d["ask_pp"]:
            s["pp"][b0] -= d["ask_pp"]
            s["pp"][a] += d["ask_pp"]
        given = d["give"]
        for c in given:
            s["hands"][a].remove(c)
        taken = d["taken"]
        if given or taken:
            self.emit(
                f"Cards change hands: {a} gives {self._names(given)}; {b0} gives {self._names(taken)}.",
                R_COAL,
                (a, b0),
            )
            self.mark_reveal((a, b0))
        if d["truce"]:
            parties = [a, *d["to"]]
            for i, x in enumerate(parties):
                for y in parties[i + 1 :]:
                    pair = sorted((x, y))
                    if pair not in s["truces"]:
                        s["truces"].append(pair)
        for p in d["promises"]:
            s["promises"].append({"from": a, "to": list(d["to"]), "kind": p, "turn": s["turn"]})
        self.emit(f"Deal made between {a} and {' and '.join(d['to'])}: {self._deal_public_text(d)}.", R_COAL)
        s["deal"] = None
        if taken:
            self._gain_cards(a, taken, R_HAND)
        if given:
            self._gain_cards(b0, given, R_HAND)
        self._next_dealer()

    def _next_dealer(self) -> None:
        s = self.s
        c = s["coal"]
        c["pos"] += 1
        if c["pos"] < self.g.n:
            return
        if c["offers"] == 0 or c["round"] >= self.g.o.deal_rounds:
            self._end_coalition()
            return
        c["round"] += 1
        c["pos"] = 0
        c["offers"] = 0
        self.emit(f"Coalition round {c['round']}.", R_COAL)

    def _end_coalition(self) -> None:
        s = self.s
        g = self.g
        s["coal"] = None
        # [Fortified Zones; Airmobile Movement] control is fixed at the end of the Coalition Phase
        control = self.control_map()
        fort = next(z for z in g.zones if g.zone[z].fortified)
        s["fort"] = control.get(fort)
        s["airports"] = {
            f: sum(1 for z in g.zones if g.zone[z].airport and control.get(z) == f) for f in g.airmobile
        }
        notes = []
        if s["fort"]:
            notes.append(f"{s['fort']} holds the Fortified {g.zone[fort].name}")
        for f, n in s["airports"].items():
            if n:
                notes.append(f"{f} controls {n} airport(s) for Airmobile moves")
        self.emit("Coalition Phase ends. " + ("; ".join(notes) + "." if notes else ""), R_COAL)
        s["phase"] = "action"
        s["act"] = None
        s["actor_i"] = 0

    # ======================================================================================
    # Action Phase: Recruit Step and Move Step
    # ======================================================================================

    def _action_auto(self) -> bool:
        s = self.s
        if s["act"] is not None:
            return False
        i = s["actor_i"]
        if i >= self.g.n:
            s["phase"] = "combat"
            s["cb"] = {"stage": "start"}
            return True
        f = s["order"][i]
        spawn_s, spawn_i = self._spawn_zones(f)
        s["act"] = {
            "f": f,
            "step": "recruit",
            "moves": 0,
            "ug": 0,
            "air": 0,
            "spawn_s": spawn_s,
            "spawn_i": spawn_i,
        }
        self.emit(f"{f}'s Action Phase: Recruit step.", R_RECRUIT)
        return False

    def _spawn_zones(self, f: str) -> tuple[list[str], list[str]]:
        """[Recruit Step] where each kind may spawn, fixed by the units there at the step's start."""
        g = self.g
        s = self.s
        base = set(g.affiliated[f]) | set(g.faction[f].spawn_zones)
        control = self.control_map()
        sec = set(base)
        inf = set(base)
        for z, c in control.items():
            if c != f:
                continue
            if s["inf"][f].get(z):
                sec.add(z)
            if s["sec"][f].get(z):
                inf.add(z)
        order = g.zones
        return [z for z in order if z in sec], [z for z in order if z in inf]

    def _card_playable(self, f: str, d: ArmsBazaarCard, step: str) -> bool:
        ok = {"recruit": ("own_action", "own_recruit_step"), "move": ("own_action", "own_move_step")}[step]
        if d.timing not in ok:
            return False
        for e in d.effects:
            if isinstance(e, EliminateUnits | DefectionEffect) and not self._unit_targets(f, e):
                return False
            if isinstance(e, PlaceFreeUnits):
                ps, pi = self.pool(f)
                if not ((e.security and ps) or (e.infrastructure and pi)):
                    return False
        return True

    def _unit_targets(self, f: str, e: EliminateUnits | DefectionEffect) -> list[str]:
        s = self.s
        sanct = isinstance(e, DefectionEffect) or e.sanctuary_allowed
        out = []
        for o in s["order"]:
            if o == f:
                continue
            zs = set(s["sec"][o]) | set(s["inf"][o])
            if any(sanct or not self.g.zone[z].sanctuary for z in zs):
                out.append(o)
        return out

    def _action_options(self, f: str) -> list[Action]:
        s = self.s
        g = self.g
        act = s["act"]
        if s["task"] is not None:
            return self._task_options(f)
        hand = s["hands"][f]
        acts: list[Action] = []
        if act["step"] == "recruit":
            pp = s["pp"][f]
            ps, pi = self.pool(f)
            if ps and pp >= g.rules.security_cost:
                acts.extend(A("recruit", ("security", z)) for z in act["spawn_s"])
            if pi and pp >= g.rules.infrastructure_cost:
                acts.extend(A("recruit", ("infrastructure", z)) for z in act["spawn_i"])
            for cid in s["neutral"][f]:
                if pp >= g.command[cid].buyback_cost:
                    acts.append(A("buyback", (g.command[cid].name,)))
            if len(hand) < g.faction[f].max_hand and pp >= s["price"] and (s["deck"] or s["discard"]):
                acts.append(A("buy"))
            names = sorted(
                {g.card_name[c] for c in hand if self._card_playable(f, g.card_def[g.cards[c]], "recruit")}
            )
            acts.extend(A("play", (nm,)) for nm in names)
            acts.append(A("done"))
            return acts
        if act["moves"] > 0:
            zs = [z for z in g.zones if s["sec"][f].get(z)]
            acts.extend(A("move", (z,)) for z in zs)
            if f in g.underground and act["ug"] < 1:
                aff = g.affiliated[f]
                if len(aff) > 1:
                    acts.extend(A("underground", (z,)) for z in zs if z in aff)
            if f in g.airmobile and act["air"] < s["airports"].get(f, 0):
                acts.extend(A("airmobile", (z,)) for z in zs)
        names = sorted(
            {g.card_name[c] for c in hand if self._card_playable(f, g.card_def[g.cards[c]], "move")}
        )
        acts.extend(A("play", (nm,)) for nm in names)
        for combo in ("espionage", "defection"):
            if combo == "defection" and not self._unit_targets(
                f, DefectionEffect(op="defection", units=3, replace_same_type=True)
            ):
                continue
            acts.extend(A("combine", pair) for pair in self._combo_pairs(f, combo))
        acts.append(A("done"))
        return acts

    def _act_action(self, f: str, action: Action) -> None:
        s = self.s
        g = self.g
        act = s["act"]
        if s["task"] is not None:
            self._act_task(f, action)
            return
        verb = action.verb
        if verb == "recruit":
            kind, z = action.args
            if kind == "security":
                s["pp"][f] -= g.rules.security_cost
                self._add(f, z, sec=1)
            else:
                s["pp"][f] -= g.rules.infrastructure_cost
                self._add(f, z, inf=1)
            self.emit(f"{f} recruits 1 {kind.title()} in {g.zone[z].name}.", R_RECRUIT)
        elif verb == "buyback":
            cc = g.command_by_name[action.args[0]]
            s["pp"][f] -= cc.buyback_cost
            s["neutral"][f].remove(cc.id)
            s["active"][f].append(cc.id)
            self.emit(f"{f} restores {cc.name} for {cc.buyback_cost} PP.", R_RECRUIT)
        elif verb == "buy":
            s["pp"][f] -= s["price"]
            card = self._draw_card()
            assert card is not None
            self.emit(f"{f} buys the top Arms Bazaar card for {s['price']} PP.", R_RECRUIT)
            self.emit(f"You buy {g.card_name[card]}.", R_RECRUIT, (f,))
            self.mark_reveal((f,))
            self._gain_cards(f, [card], R_HAND)
        elif verb == "done":
            if act["step"] == "recruit":
                act["step"] = "move"
                act["moves"] = g.faction[f].moves_per_turn + s["extra"].get(f, 0)
                self.emit(f"{f}'s Move step: {act['moves']} move(s).", R_MOVE)
            else:
                self.emit(f"{f} ends its Action Phase.", R_MOVE)
                s["act"] = None
                s["actor_i"] += 1
        elif verb in ("move", "underground", "airmobile"):
            z = action.args[0]
            s["task"] = {
                "k": "move",
                "mode": verb,
                "at": z,
                "n": 0,
                "steps": 0,
                "stage": "units",
                "touched": False,
            }
        elif verb == "play":
            card = self._card_in_hand(f, action.args[0])
            assert card is not None
            self._discard_from_hand(f, card)
            d = g.card_def[g.cards[card]]
            self.emit(f"{f} plays {d.name}.", R_CARDS)
            self.mark_reveal()
            self._start_effects(f, d.id)
        elif verb == "combine":
            for nm in action.args:
                card = self._card_in_hand(f, nm)
                assert card is not None
                self._discard_from_hand(f, card)
            combo = next(cb for cb in ("espionage", "defection") if self._pair_makes(action.args, cb))
            self.emit(
                f"{f} plays {action.args[0]} and {action.args[1]} together: {g.combo_by_id[combo].name}.",
                R_CARDS,
            )
            self.mark_reveal()
            self._start_effects(f, combo)

    def _pair_makes(self, names: tuple[str, ...], combo: str) -> bool:
        g = self.g
        x, y = sorted(g.combo_by_id[combo].symbols)
        sa, sb = set(g.def_by_name[names[0]].symbols), set(g.def_by_name[names[1]].symbols)
        return (x in sa and y in sb) or (y in sa and x in sb)

    # -- movement ---------------------------------------------------------------------------

    def _stops_move(self, f: str, z: str) -> bool:
        """[Move Step] entering a zone with another faction's units stops the move, unless a
        Truce covers them ([Glossary: Truces]); NGO-only zones per the option (NOTES 7)."""
        s = self.s
        g = self.g
        for o in self.present(z):
            if o == f or sorted((f, o)) in s["truces"]:
                continue
            if o == g.peacekeeper and not g.o.ngo_stops_moves:
                continue
            return True
        return False

    def _task_options(self, f: str) -> list[Action]:
        s = self.s
        g = self.g
        t = s["task"]
        if t["k"] == "move":
            at = t["at"]
            if t["stage"] == "units":
                return [A("units", (str(n),)) for n in range(1, s["sec"][f].get(at, 0) + 1)]
            if t["mode"] == "underground":
                return [A("to", (z,)) for z in g.affiliated[f] if z != at]
            if t["mode"] == "airmobile":
                return [A("to", (z,)) for z in g.zones if z != at]
            acts: list[Action] = []
            if t["steps"] < g.rules.move_range:
                acts.extend(A("enter", (z,)) for z in g.zone[at].neighbours)
            if t["steps"] > 0 and not t["touched"]:
                here = s["sec"][f].get(at, 0) - t["n"]
                acts.extend(A("pickup", (str(k),)) for k in range(1, here + 1))
                acts.extend(A("drop", (str(k),)) for k in range(1, t["n"]))
            if t["steps"] > 0:
                acts.append(A("stop"))
            return acts
        return self._effect_options(f, t)

    def _act_task(self, f: str, action: Action) -> None:
        s = self.s
        t = s["task"]
        if t["k"] == "move":
            self._act_move(f, t, action)
        else:
            self._act_effect(f, t, action)

    def _act_move(self, f: str, t: Doc, action: Action) -> None:
        s = self.s
        g = self.g
        verb = action.verb
        if verb == "units":
            t["n"] = int(action.args[0])
            t["stage"] = "go"
            t["origin"] = t["at"]
            return
        if verb == "to":  # Underground or Airmobile: straight to the destination
            z = action.args[0]
            self._add(f, t["at"], sec=-t["n"])
            self._add(f, z, sec=t["n"])
            rule = R_UNDER if t["mode"] == "underground" else R_AIR
            self.emit(
                f"{f} moves {t['n']} Security from {g.zone[t['at']].name} to {g.zone[z].name} "
                f"({'Underground' if t['mode'] == 'underground' else 'Airmobile'}).",
                rule,
            )
            s["act"]["ug" if t["mode"] == "underground" else "air"] += 1
            self._end_move(f)
            return
        if verb == "enter":
            z = action.args[0]
            frm = t["at"]
            self._add(f, frm, sec=-t["n"])
            self._add(f, z, sec=t["n"])
            t["at"] = z
            t["steps"] += 1
            t["touched"] = False
            t.setdefault("path", [frm]).append(z)
            crossed = g.c.crosses_river(frm, z)
            stop = self._stops_move(f, z)
            if crossed or stop or t["steps"] >= g.rules.move_range:
                why = "crossed the River" if crossed else ("met other units" if stop else "went three zones")
                self._finish_move(f, t, why)
            return
        if verb == "pickup":
            t["n"] += int(action.args[0])
            t["touched"] = True
            self.emit(f"{f} picks up {action.args[0]} Security in {g.zone[t['at']].name}.", R_MOVE)
            return
        if verb == "drop":
            t["n"] -= int(action.args[0])
            t["touched"] = True
            self.emit(f"{f} drops off {action.args[0]} Security in {g.zone[t['at']].name}.", R_MOVE)
            return
        self._finish_move(f, t, "stops")

    def _finish_move(self, f: str, t: Doc, why: str) -> None:
        g = self.g
        path = " -> ".join(g.zone[z].name for z in t.get("path", [t["at"]]))
        self.emit(f"{f} moves {t['n']} Security: {path} ({why}).", R_MOVE)
        self._end_move(f)

    def _end_move(self, f: str) -> None:
        s = self.s
        s["task"] = None
        s["act"]["moves"] -= 1

    # -- card effects (own Action Phase) -----------------------------------------------------

    def _start_effects(self, f: str, source: str) -> None:
        self.s["task"] = {"k": "effect", "src": source, "i": 0, "data": {}}
        self._run_effects(f)

    def _run_effects(self, f: str) -> None:
        """Apply a card's effects in order, stopping at one that needs a choice."""
        s = self.s
        g = self.g
        t = s["task"]
        effects = g.effects_of(t["src"])
        name = g.source_name(t["src"])
        while t["i"] < len(effects):
            e = effects[t["i"]]
            data = t["data"]
            if isinstance(e, GainPP):
                self._gain(f, e.amount, "card_effect", R_CARDS, name)
            elif isinstance(e, GainPPPer):
                control = self.control_map()
                if e.per == "controlled_zone":
                    n = sum(1 for c in control.values() if c == f)
                elif e.per == "controlled_affiliated_zone":
                    n = sum(1 for z, c in control.items() if c == f and g.zone[z].affiliation == f)
                else:
                    n = len(s["inf"][f])
                if e.maximum is not None:
                    n = min(n, e.maximum)
                self._gain(f, n * e.amount, "card_effect", R_CARDS, name)
            elif isinstance(e, DrawArmsBazaar):
                drawn = [c for c in (self._draw_card() for _ in range(e.count)) if c is not None]
                if drawn:
                    self.emit(f"You draw {self._names(drawn)}.", R_CARDS, (f,))
                    self.emit(f"{f} draws {len(drawn)} card(s).", R_CARDS)
                    self.mark_reveal((f,))
                    self._gain_cards(f, drawn, R_HAND)
            elif isinstance(e, CollectFromEachPlayer):
                total = 0
                for o in s["order"]:
                    if o != f:
                        paid = self._pay(o, e.amount)
                        total += paid
                s["pp"][f] += total
                self.emit(f"{f} collects {total} PP from the other players ({name}).", R_CARDS)
                if total and s["hands"][f]:
                    s["stack"].append(
                        {"k": "infowar", "seat": f, "source": "card_effect", "amount": total, "why": name}
                    )
            elif isinstance(e, PeekArabStreet):
                top = list(reversed(s["street"][-e.count :]))
                if top:
                    s["known"][f] = [g.street_def[g.street_cards[i]].name for i in top]
                    self.emit(
                        f"You see the next Arab Street cards: {', '.join(s['known'][f])}.", R_CARDS, (f,)
                    )
                    self.emit(f"{f} looks at the next {len(top)} Arab Street card(s).", R_CARDS)
                    self.mark_reveal((f,))
                    if e.reorder and len(top) > 1:
                        data["peek"] = top
                        data["order"] = []
                        return
            elif (
                isinstance(e, TakeCards) and e.chosen and "target" in data and not s["hands"][data["target"]]
            ):
                data["done_" + str(t["i"])] = True  # nothing left to take
            elif isinstance(
                e, ViewHand | TakeCards | TakePP | EliminateUnits | DefectionEffect | PlaceFreeUnits
            ) and not data.get("done_" + str(t["i"])):
                return  # needs a choice: see _effect_options
            t["i"] += 1
        s["task"] = None

    def _effect_stage(self, f: str, t: Doc) -> tuple[Effect, str]:
        """The effect awaiting a choice and which choice (target, zone, take, ...)."""
        g = self.g
        e = g.effects_of(t["src"])[t["i"]]
        data = t["data"]
        if "peek" in data:
            return e, "top"
        if isinstance(e, ViewHand):
            return e, "target"
        if isinstance(e, TakeCards):
            if "target" not in data:
                return e, "target"
            return e, "take"
        if isinstance(e, TakePP):
            return e, "target"
        if isinstance(e, EliminateUnits | DefectionEffect):
            if "target" not in data:
                return e, "target"
            if "zone" not in data:
                return e, "zone"
            return e, ("remove" if isinstance(e, EliminateUnits) else "replace")
        if isinstance(e, PlaceFreeUnits):
            if "zone" not in data:
                return e, "zone"
            return e, "place"
        raise AssertionError(f"effect {e!r} needs no choice")  # pragma: no cover

    def _effect_options(self, f: str, t: Doc) -> list[Action]:
        s = self.s
        g = self.g
        e, stage = self._effect_stage(f, t)
        data = t["data"]
        if stage == "top":
            return [
                A("top", (g.street_def[g.street_cards[i]].name,))
                for i in data["peek"]
                if i not in data["order"]
            ]
        if stage == "target":
            if isinstance(e, EliminateUnits | DefectionEffect):
                return [A("target", (o,)) for o in self._unit_targets(f, e)]
            return [A("target", (o,)) for o in s["order"] if o != f]
        if stage == "take":
            tgt = data["target"]
            return [A("take", (nm,)) for nm in sorted({g.card_name[c] for c in s["hands"][tgt]})]
        if stage == "zone":
            if isinstance(e, PlaceFreeUnits):
                act = s["act"]
                zs = set()
                ps, pi = self.pool(f)
                if e.security and ps:
                    zs.update(act["spawn_s"])
                if e.infrastructure and pi:
                    zs.update(act["spawn_i"])
                return [A("zone", (z,)) for z in g.zones if z in zs]
            tgt = data["target"]
            sanct = not isinstance(e, EliminateUnits) or e.sanctuary_allowed
            zs = set(s["sec"][tgt]) | set(s["inf"][tgt])
            return [A("zone", (z,)) for z in g.zones if z in zs and (sanct or not g.zone[z].sanctuary)]
        if stage == "remove":
            assert isinstance(e, EliminateUnits)
            a, b = self.units_in(data["target"], data["zone"])
            return [
                A("remove", (str(x), str(y)))
                for x in range(0, a + 1)
                for y in range(0, b + 1)
                if 1 <= x + y <= e.count
            ]
        if stage == "replace":
            rs, ri = data["removed"]
            ps, pi = self.pool(f)
            return [
                A("replace", (str(x), str(y)))
                for x in range(0, min(rs, ps) + 1)
                for y in range(0, min(ri, pi) + 1)
            ]
        # place
        assert isinstance(e, PlaceFreeUnits)
        ps, pi = self.pool(f)
        z = data["zone"]
        act = s["act"]
        ms = min(e.security, ps) if z in act["spawn_s"] else 0
        mi = min(e.infrastructure, pi) if z in act["spawn_i"] else 0
        return [
            A("place", (str(x), str(y))) for x in range(0, ms + 1) for y in range(0, mi + 1) if x + y >= 1
        ]

    def _act_effect(self, f: str, t: Doc, action: Action) -> None:
        s = self.s
        g = self.g
        e, stage = self._effect_stage(f, t)
        data = t["data"]
        name = g.source_name(t["src"])
        done_key = "done_" + str(t["i"])
        if stage == "top":
            inst = next(
                i
                for i in data["peek"]
                if g.street_def[g.street_cards[i]].name == action.args[0] and i not in data["order"]
            )
            data["order"].append(inst)
            if len(data["order"]) == len(data["peek"]) - 1:
                data["order"].extend(i for i in data["peek"] if i not in data["order"])
                k = len(data["peek"])
                # the first chosen is drawn first: it goes on top (the end of the list)
                s["street"][-k:] = list(reversed(data["order"]))
                s["known"][f] = [g.street_def[g.street_cards[i]].name for i in data["order"]]
                self.emit(f"You put them back in the order {', '.join(s['known'][f])}.", R_CARDS, (f,))
                self.emit(f"{f} puts the Arab Street cards back in an order of its choice.", R_CARDS)
                del data["peek"]
                del data["order"]
                t["i"] += 1
                self._run_effects(f)
            return
        if stage == "target":
            tgt = action.args[0]
            data["target"] = tgt
            if isinstance(e, ViewHand):
                self.emit(f"{f} looks at {tgt}'s hand ({name}).", R_CARDS)
                self.emit(f"{tgt}'s hand: {self._names(s['hands'][tgt])}.", R_CARDS, (f,))
                self.mark_reveal((f,))
                data[done_key] = True
                t["i"] += 1
                # a following chosen take uses the same opponent (Espionage)
                self._run_effects(f)
                return
            if isinstance(e, TakeCards) and not e.chosen:
                hand = s["hands"][tgt]
                taken = []
                for _ in range(e.count):
                    if hand:
                        c = hand[self.rng.randbelow(len(hand))]
                        hand.remove(c)
                        taken.append(c)
                self.emit(f"{f} takes {len(taken)} card(s) at random from {tgt} ({name}).", R_CARDS)
                if taken:
                    self.emit(f"{f} takes {self._names(taken)} from {tgt}.", R_CARDS, (f, tgt))
                    self.mark_reveal((f, tgt))
                data[done_key] = True
                t["i"] += 1
                if taken:
                    self._gain_cards(f, taken, R_HAND)
                self._run_effects(f)
                return
            if isinstance(e, TakePP):
                paid = self._pay(tgt, e.amount)
                s["pp"][f] += paid
                self.emit(f"{f} takes {paid} PP from {tgt} ({name}).", R_CARDS)
                data[done_key] = True
                t["i"] += 1
                self._run_effects(f)
                return
            if isinstance(e, TakeCards):  # chosen, with no earlier look: look now
                self.emit(f"{tgt}'s hand: {self._names(s['hands'][tgt])}.", R_CARDS, (f,))
                self.mark_reveal((f,))
                data["left"] = e.count
                self._after_take_choice(f, t)
            return
        if stage == "take":
            tgt = data["target"]
            c = next(c for c in s["hands"][tgt] if g.card_name[c] == action.args[0])
            s["hands"][tgt].remove(c)
            data.setdefault("got", []).append(c)
            data["left"] = data.get("left", e.count if isinstance(e, TakeCards) else 0) - 1
            self._after_take_choice(f, t)
            return
        if stage == "zone":
            data["zone"] = action.args[0]
            if isinstance(e, DefectionEffect):
                # [Glossary: Defection] the targeted player removes three of his units there
                tgt = data["target"]
                a, b = self.units_in(tgt, data["zone"])
                k = min(e.units, a + b)
                self.emit(
                    f"{f} induces a Defection among {tgt}'s units in {g.zone[data['zone']].name}.", R_DEFECT
                )
                if max(0, k - b) < min(a, k):  # a real choice of which units go
                    s["stack"].append({"k": "defect", "seat": tgt, "by": f, "zone": data["zone"], "n": k})
                else:
                    self._defect_remove(f, tgt, data["zone"], min(a, k), k - min(a, k))
            return
        if stage == "remove":
            x, y = int(action.args[0]), int(action.args[1])
            tgt, z = data["target"], data["zone"]
            self._add(tgt, z, sec=-x, inf=-y)
            self.emit(
                f"{f}'s {name} eliminates {x} Security and {y} Infrastructure of {tgt} in {g.zone[z].name}.",
                R_CARDS,
            )
            data[done_key] = True
            t["i"] += 1
            self._run_effects(f)
            return
        if stage == "replace":
            x, y = int(action.args[0]), int(action.args[1])
            z = data["zone"]
            self._add(f, z, sec=x, inf=y)
            self.emit(f"{f} replaces them with {x} Security and {y} Infrastructure of its own.", R_DEFECT)
            data[done_key] = True
            t["i"] += 1
            self._run_effects(f)
            return
        # place
        x, y = int(action.args[0]), int(action.args[1])
        z = data["zone"]
        self._add(f, z, sec=x, inf=y)
        self.emit(
            f"{f} places {x} Security and {y} Infrastructure free in {g.zone[z].name} ({name}).", R_CARDS
        )
        data[done_key] = True
        t["i"] += 1
        self._run_effects(f)

    def _after_take_choice(self, f: str, t: Doc) -> None:
        s = self.s
        data = t["data"]
        tgt = data["target"]
        if data["left"] > 0 and s["hands"][tgt]:
            return
        got = data.pop("got", [])
        self.emit(f"{f} takes {len(got)} card(s) from {tgt}'s hand.", R_ESP)
        if got:
            self.emit(f"{f} takes {self._names(got)} from {tgt}.", R_ESP, (f, tgt))
            self.mark_reveal((f, tgt))
        data["done_" + str(t["i"])] = True
        t["i"] += 1
        if got:
            self._gain_cards(f, got, R_HAND)
        self._run_effects(f)

    def _defect_remove(self, f: str, tgt: str, z: str, x: int, y: int) -> None:
        s = self.s
        t = s["task"]
        self._add(tgt, z, sec=-x, inf=-y)
        self.emit(f"{tgt} loses {x} Security and {y} Infrastructure in {self.g.zone[z].name}.", R_DEFECT)
        t["data"]["removed"] = [x, y]
        ps, pi = self.pool(f)
        if not (min(x, ps) or min(y, pi)):
            t["data"]["done_" + str(t["i"])] = True
            t["i"] += 1
            self._run_effects(f)

    # ======================================================================================
    # Combat Phase
    # ======================================================================================

    def _mandatory(self, a: str, b: str) -> bool:
        """[Combat Phase; Glossary: Peacekeeping] combat is mandatory unless one is Peacekeeping."""
        pk = self.g.peacekeeper
        return a != pk and b != pk

    def _initiatives(self, z: str, f: str) -> list[str]:
        """Factions ``f`` may (or must) fight in zone ``z`` now."""
        cb = self.s["cb"]
        there = self.present(z)
        if f not in there:
            return []
        settled = cb["settled"].get(z, [])
        return [o for o in there if o != f and (self._mandatory(f, o) or f not in settled)]

    def _live_zones(self) -> list[str]:
        s = self.s
        g = self.g
        cb = s["cb"]
        out = []
        for z in g.zones:
            if g.zone[z].sanctuary or z in cb["cease"]:
                continue
            there = self.present(z)
            if len(there) > 1 and any(self._initiatives(z, f) for f in there):
                out.append(z)
        return out

    def _combat_auto(self) -> bool:
        s = self.s
        cb = s["cb"]
        stage = cb["stage"]
        if stage == "start":
            cb.update({"cease": [], "settled": {}, "zone": None, "stage": "pick_zone"})
            self.emit("Combat Phase.", R_COMBAT)
            if self._live_zones():
                holders = [f for f in s["order"] if s["hands"][f]]
                if holders:
                    s["stack"].append({"k": "window", "w": "combat_phase", "wait": holders, "played": []})
            return True
        if stage == "pick_zone":
            if cb["zone"] is not None:
                z = cb["zone"]
                if z in self._live_zones():
                    cb["stage"] = "pick_foe"
                    return False
                cb["zone"] = None
            if not self._live_zones():
                s["cb"] = None
                s["phase"] = "civic"
                return True
            return False
        if stage == "resolve":
            self._resolve_combat()
            return True
        return False

    def _zone_chooser(self) -> str:
        """[Combat Phase] the first player in turn order with a battle to fight picks the zone."""
        live = self._live_zones()
        for f in self.s["order"]:
            for z in live:
                if f in self.present(z):
                    return str(f)
        raise AssertionError("no live zone")  # pragma: no cover

    def _foe_chooser(self) -> str:
        """[Combat Phase] in a zone of three or more, whoever acts soonest chooses."""
        z = self.s["cb"]["zone"]
        for f in self.present(z):
            if self._initiatives(z, f):
                return str(f)
        raise AssertionError("no chooser")  # pragma: no cover

    def _combat_options(self, f: str) -> list[Action]:
        s = self.s
        cb = s["cb"]
        stage = cb["stage"]
        if stage == "pick_zone":
            return [A("battle", (z,)) for z in self._live_zones() if f in self.present(z)]
        if stage == "pick_foe":
            z = cb["zone"]
            foes = self._initiatives(z, f)
            acts = [A("fight", (o,)) for o in foes]
            if self.g.o.multi_combat == "chooser-names-pair":
                there = self.present(z)
                for i, a in enumerate(there):
                    for b in there[i + 1 :]:
                        if f not in (a, b) and self._mandatory(a, b):
                            acts.append(A("fight", (a, b)))
            if not any(self._mandatory(f, o) for o in foes):
                acts.append(A("decline"))
            return acts
        if stage == "plan":
            return self._plan_options(f)
        if stage == "casualties":
            lo, hi = cb["cas_range"]
            return [A("losses", (str(k),)) for k in range(lo, hi + 1)]
        return []

    def _act_combat(self, f: str, action: Action) -> None:
        s = self.s
        g = self.g
        cb = s["cb"]
        stage = cb["stage"]
        if stage == "pick_zone":
            cb["zone"] = action.args[0]
            self.emit(f"{f} chooses the battle in {g.zone[cb['zone']].name}.", R_COMBAT)
            cb["stage"] = "pick_foe"
            return
        if stage == "pick_foe":
            z = cb["zone"]
            if action.verb == "decline":
                cb["settled"].setdefault(z, []).append(f)
                self.emit(f"{f} starts no battle in {g.zone[z].name}.", R_PEACE)
                cb["stage"] = "pick_zone"
                return
            if len(action.args) == 2:
                a, b = action.args
            else:
                a, b = f, action.args[0]
            order = s["order"]
            a, b = sorted((a, b), key=order.index)
            self._start_battle(z, a, b, f)
            return
        if stage == "plan":
            self._act_plan(f, action)
            return
        if stage == "casualties":
            k = int(action.args[0])
            self._winner_losses(cb["winner"], cb["zone"], k, cb["losses"] - k)
            cb["stage"] = "pick_zone"
            return

    def _start_battle(self, z: str, a: str, b: str, initiator: str) -> None:
        s = self.s
        g = self.g
        cb = s["cb"]
        self.emit(f"Battle in {g.zone[z].name}: {a} against {b} (started by {initiator}).", R_COMBAT)
        plans = {}
        for f in (a, b):
            plans[f] = {"step": "command", "cmd": None, "net": None, "off": None, "dfn": None, "commit": None}
            if not s["active"][f] and not any(g.cards[c] == "network" for c in s["hands"][f]):
                plans[f]["step"] = "commit"
        cb.update({"stage": "plan", "a": a, "b": b, "init": initiator, "plans": plans, "revealed": False})

    def _unit_val(self, f: str, z: str) -> int:
        """[Units and Combat; Fortified Zones] 1 (US 2), Incremented in the Fortified zone."""
        s = self.s
        g = self.g
        if g.zone[z].fortified and s["fort"] == f:
            return g.fort_value[f]
        return g.unit_value[f]

    def commit_choices(self, f: str, z: str) -> list[int]:
        """[Operational Plans] die settings allowed: 0..19 within the force present (NOTES 1)."""
        a, b = self.units_in(f, z)
        units = a + b
        cap = self.g.rules.max_commitment
        if self.g.o.commitment == "units":
            return list(range(0, min(units, cap) + 1))
        v = self._unit_val(f, z)
        return [k * v for k in range(0, units + 1) if k * v <= cap]

    def commit_strength(self, f: str, z: str, commit: int) -> int:
        """[Resolving Combat; Units and Combat] the strength the die setting adds to the total:
        the setting itself, or with ``commitment="units"`` units times their value (NOTES 1)."""
        if self.g.o.commitment == "units":
            return commit * self._unit_val(f, z)
        return commit

    def _cmd_types(self, p: Doc) -> tuple[str, ...]:
        g = self.g
        if p["net"] is not None:
            eff = g.card_def[g.cards[p["net"]]].effects[0]
            assert isinstance(eff, SubstituteCommand)
            return eff.command_types
        if p["cmd"] is not None:
            return g.command[p["cmd"]].types
        return ()

    def _plan_options(self, f: str) -> list[Action]:
        s = self.s
        g = self.g
        cb = s["cb"]
        p = cb["plans"][f]
        hand = s["hands"][f]
        step = p["step"]
        if step == "command":
            acts = [
                A("command", (g.command[c].name,))
                for c in sorted(s["active"][f], key=lambda c: g.command[c].name)
            ]
            if any(g.cards[c] == "network" for c in hand):
                acts.append(A("command", (g.card_def["network"].name,)))
            if not s["active"][f]:
                acts.append(A("no-command"))
            return acts
        types = set(self._cmd_types(p))
        if step in ("offense", "defense"):
            kind = step
            names = sorted(
                {
                    g.card_name[c]
                    for c in hand
                    if g.card_def[g.cards[c]].kind == kind and types & set(g.card_def[g.cards[c]].types)
                }
            )
            verb = "offense" if kind == "offense" else "defense"
            return [*(A(verb, (nm,)) for nm in names), A(f"no-{verb}")]
        return [A("commit", (str(k),)) for k in self.commit_choices(f, cb["zone"])]

    def _act_plan(self, f: str, action: Action) -> None:
        s = self.s
        g = self.g
        cb = s["cb"]
        p = cb["plans"][f]
        verb = action.verb
        if verb == "command":
            nm = action.args[0]
            if nm in g.command_by_name:
                p["cmd"] = g.command_by_name[nm].id
            else:
                card = self._card_in_hand(f, nm)
                assert card is not None
                s["hands"][f].remove(card)
                p["net"] = card
            p["step"] = "offense"
            self.emit(f"Your plan: {nm} in command.", R_PLAN, (f,))
        elif verb == "no-command":
            p["step"] = "commit"
        elif verb in ("offense", "defense"):
            card = self._card_in_hand(f, action.args[0])
            assert card is not None
            s["hands"][f].remove(card)
            p["off" if verb == "offense" else "dfn"] = card
            p["step"] = "defense" if verb == "offense" else "commit"
            self.emit(f"Your plan: {action.args[0]} as {verb}.", R_PLAN, (f,))
        elif verb == "no-offense":
            p["step"] = "defense"
        elif verb == "no-defense":
            p["step"] = "commit"
        else:
            p["commit"] = int(action.args[0])
            p["step"] = "ready"
            self.emit(f"Your plan: commit {p['commit']}.", R_PLAN, (f,))
            self.emit(f"{f} has set its Operational Plan.", R_PLAN)
            if all(q["step"] == "ready" for q in cb["plans"].values()):
                self._reveal_plans()

    def _plan_text(self, f: str) -> str:
        g = self.g
        p = self.s["cb"]["plans"][f]
        if p["net"] is not None:
            cmd = g.card_name[p["net"]]
        elif p["cmd"] is not None:
            cmd = f"{g.command[p['cmd']].name} ({g.command[p['cmd']].value})"
        else:
            cmd = "no Command"
        off = g.card_name[p["off"]] if p["off"] is not None else "no Offense"
        dfn = g.card_name[p["dfn"]] if p["dfn"] is not None else "no Defense"
        return f"{cmd}, {off}, {dfn}, commitment {p['commit']}"

    def _reveal_plans(self) -> None:
        """[Resolving Combat] both plans are revealed together."""
        s = self.s
        cb = s["cb"]
        cb["revealed"] = True
        for f in (cb["a"], cb["b"]):
            self.emit(f"{f} reveals: {self._plan_text(f)}.", R_RESOLVE)
        self.mark_reveal()
        cb["stage"] = "reveal_window"
        holders = [f for f in (cb["a"], cb["b"]) if s["hands"][f]]
        if holders:
            s["stack"].append({"k": "window", "w": "combat_reveal", "wait": holders, "played": []})
        cb["stage"] = "resolve"

    def _neutralizes(self, off: int | None, target: Doc, dfn: int | None) -> bool:
        """[Resolving Combat] an Offense able to hit the Command, not blocked by the Defense."""
        g = self.g
        if off is None:
            return False
        od = g.card_def[g.cards[off]]
        hit = next((e for e in od.effects if isinstance(e, NeutralizeCommand)), None)
        if hit is None:
            return False
        if target["net"] is not None:
            nd = g.card_def[g.cards[target["net"]]]
            sub = next((e for e in nd.effects if isinstance(e, SubstituteCommand)), None)
            if sub is None:
                return False
            ttypes, tval = set(sub.command_types), sub.value
        elif target["cmd"] is not None:
            cc = g.command[target["cmd"]]
            ttypes, tval = set(cc.types), cc.value
        else:
            return False
        if not ttypes & set(hit.command_types):
            return False
        if hit.max_value is not None and tval > hit.max_value:
            return False
        if dfn is not None:
            dd = g.card_def[g.cards[dfn]]
            for e in dd.effects:
                if isinstance(e, BlockOffense) and (set(e.offense_types) & set(od.types) or od.id in e.cards):
                    return False
        return True

    def _cmd_value(self, p: Doc) -> int:
        g = self.g
        if p["net"] is not None:
            return g.card_def[g.cards[p["net"]]].value or 0
        if p["cmd"] is not None:
            return g.command[p["cmd"]].value
        return 0

    def _resolve_combat(self) -> None:
        s = self.s
        g = self.g
        cb = s["cb"]
        a, b = cb["a"], cb["b"]
        plans = cb["plans"]
        if not cb.get("computed"):
            # cancellations from the reveal window
            for f in (a, b):
                o = b if f == a else a
                for kind in cb.get("cancel", {}).get(f, []):
                    key = "off" if kind == "offense" else "dfn"
                    if plans[o][key] is not None:
                        card = plans[o][key]
                        plans[o][key] = None
                        s["discard"].append(card)
                        self.emit(f"{o}'s {g.card_name[card]} is cancelled.", R_RESOLVE)
            neut = {
                a: self._neutralizes(plans[b]["off"], plans[a], plans[a]["dfn"]),
                b: self._neutralizes(plans[a]["off"], plans[b], plans[b]["dfn"]),
            }
            totals = {}
            for f in (a, b):
                totals[f] = self.commit_strength(f, cb["zone"], plans[f]["commit"]) + (
                    0 if neut[f] else self._cmd_value(plans[f])
                )
                if neut[f]:
                    self.emit(f"{f}'s command is Neutralized.", R_RESOLVE)
            # [Glossary: Ties] on equal totals a (who acts sooner this turn) wins
            winner = b if totals[b] > totals[a] else a
            loser = b if winner == a else a
            self.emit(
                f"Totals: {a} {totals[a]}, {b} {totals[b]}. {winner} wins"
                + (" the tie (acts sooner this turn)" if totals[a] == totals[b] else "")
                + ".",
                R_TIES if totals[a] == totals[b] else R_RESOLVE,
            )
            cb.update({"computed": True, "neut": neut, "totals": totals, "winner": winner, "loser": loser})
            holders = [f for f in (a, b) if s["hands"][f]]
            if holders:
                s["stack"].append({"k": "window", "w": "after_combat", "wait": holders, "played": []})
                return
        self._apply_combat()

    def _apply_combat(self) -> None:
        s = self.s
        g = self.g
        cb = s["cb"]
        a, b, z = cb["a"], cb["b"], cb["zone"]
        plans = cb["plans"]
        winner, loser = cb["winner"], cb["loser"]
        neut = cb["neut"]
        collateral = bool(cb.get("collateral"))
        # Command cards: Neutralized ones go to the pile; Networks are discarded
        for f in (a, b):
            p = plans[f]
            if p["net"] is not None:
                s["discard"].append(p["net"])
            elif p["cmd"] is not None and neut[f]:
                s["active"][f].remove(p["cmd"])
                s["neutral"][f].append(p["cmd"])
        # combat cards: the winner keeps his (unless Collateral Damage), the loser loses his
        for f in (a, b):
            p = plans[f]
            for key in ("off", "dfn"):
                card = p[key]
                if card is None:
                    continue
                if f == winner and not collateral:
                    s["hands"][f].append(card)
                else:
                    s["discard"].append(card)
        # the loser's units in the zone are all eliminated
        ls, li = self.units_in(loser, z)
        value = self._unit_val(loser, z)
        self._add(loser, z, sec=-ls, inf=-li)
        self.emit(f"{loser} loses all {ls + li} unit(s) in {g.zone[z].name}.", R_RESOLVE)
        award = (ls + li) * value
        if neut[loser]:
            award += self._cmd_value(plans[loser])
        # who gets the PP: the winner; the NGO if attacked while Peacekeeping; swapped by
        # Collateral Damage
        recipient = winner
        why = "battle won"
        pk = g.peacekeeper
        if pk in (a, b) and cb["init"] != pk:
            recipient = pk
            why = "Peacekeepers attacked"
        if collateral:
            recipient = a if recipient == b else b
            why = "Collateral Damage"
        rule = R_POST if collateral else (R_PEACE if why.startswith("Peace") else R_RESOLVE)
        # the winner's losses: as many units as it committed (NOTES 2)
        p = plans[winner]
        if g.o.commitment == "units":
            losses = p["commit"]
        else:
            v = self._unit_val(winner, z)
            losses = -(-p["commit"] // v)
        ws, wi = self.units_in(winner, z)
        losses = min(losses, ws + wi)
        lo, hi = max(0, losses - wi), min(losses, ws)
        cb.update(
            {
                "stage": "pick_zone",
                "plans": {},
                "revealed": False,
                "computed": False,
                "cancel": {},
                "collateral": False,
            }
        )
        if lo == hi:
            self._winner_losses(winner, z, lo, losses - lo)
        else:
            cb.update({"stage": "casualties", "cas_range": [lo, hi], "losses": losses, "winner": winner})
        self._gain(recipient, award, "combat_award", rule, why)

    def _winner_losses(self, f: str, z: str, sec: int, inf: int) -> None:
        if sec or inf:
            self._add(f, z, sec=-sec, inf=-inf)
            self.emit(f"{f} takes {sec} Security and {inf} Infrastructure as casualties.", R_RESOLVE)

    # ======================================================================================
    # Card windows (Arab Street, Combat Phase start, reveal, post combat) and frames
    # ======================================================================================

    def _window_options(self, f: str, fr: Doc) -> list[Action]:
        g = self.g
        timing = fr["w"]
        names = sorted(
            {g.card_name[c] for c in self.s["hands"][f] if g.card_def[g.cards[c]].timing == timing}
        )
        return [A("pass"), *(A("play", (nm,)) for nm in names)]

    def _act_window(self, f: str, fr: Doc, action: Action) -> None:
        s = self.s
        g = self.g
        fr["wait"].remove(f)
        if action.verb == "play":
            card = self._card_in_hand(f, action.args[0])
            assert card is not None
            s["hands"][f].remove(card)
            fr["played"].append(card)
            fr.setdefault("by", []).append(f)
        if fr["wait"]:
            return
        # everyone has answered: the plays are revealed and take effect together
        s["stack"].remove(fr)
        plays = list(zip(fr.get("by", []), fr["played"], strict=True))
        w = fr["w"]
        if not plays:
            self.emit("Nobody plays a card.", _WINDOW_RULE[w])
        for who, card in plays:
            d = g.card_def[g.cards[card]]
            s["discard"].append(card)
            self.emit(f"{who} plays {d.name}.", _WINDOW_RULE[w])
            for e in d.effects if d.timing == w else ():
                if isinstance(e, StopArabStreetDraws):
                    s["stopped"] = True
                elif isinstance(e, PreventCombat):
                    s["stack"].append({"k": "ceasefire", "seat": who})
                elif isinstance(e, CancelCard):
                    s["cb"].setdefault("cancel", {}).setdefault(who, []).append(e.target_kind)
                elif isinstance(e, ReverseCombatAward):
                    # each Collateral Damage reverses the award once (NOTES 10)
                    s["cb"]["collateral"] = not s["cb"].get("collateral", False)
        if s["stopped"] and w == "arab_street":
            self.emit("No more Arab Street cards are turned this turn.", R_STREET)
        self.mark_reveal()

    def _frame_seats(self, fr: Doc) -> tuple[str, ...]:
        if fr["k"] == "window":
            return tuple(fr["wait"])
        return (fr["seat"],)

    def _frame_options(self, f: str, fr: Doc) -> list[Action]:
        s = self.s
        g = self.g
        k = fr["k"]
        if k == "window":
            return self._window_options(f, fr)
        if k == "infowar":
            names = sorted(
                {g.card_name[c] for c in s["hands"][f] if g.card_def[g.cards[c]].timing == "after_gain"}
            )
            return [A("pass"), *(A("play", (nm,)) for nm in names)]
        if k == "discard":
            return [A("discard", (nm,)) for nm in sorted({g.card_name[c] for c in s["hands"][f]})]
        if k == "ceasefire":
            return [A("zone", (z,)) for z in self._live_zones()] or [A("pass")]
        if k == "defect":
            a, b = self.units_in(f, fr["zone"])
            n = fr["n"]
            return [A("lose", (str(x), str(n - x))) for x in range(max(0, n - b), min(a, n) + 1)]
        raise AssertionError(k)  # pragma: no cover

    def _act_frame(self, f: str, fr: Doc, action: Action) -> None:
        s = self.s
        g = self.g
        k = fr["k"]
        if k == "window":
            self._act_window(f, fr, action)
            return
        if k == "infowar":
            if action.verb == "pass":
                s["stack"].remove(fr)
                return
            card = self._card_in_hand(f, action.args[0])
            assert card is not None
            self._discard_from_hand(f, card)
            bonus = fr["amount"]  # [InfoWar] the same again from the bank; a second one doubles that
            s["pp"][f] += bonus
            fr["amount"] += bonus
            self.emit(f"{f} plays InfoWar on its {fr['why']} gain: +{bonus} PP from the bank.", R_CARDS)
            self.mark_reveal()
            if not s["hands"][f]:
                s["stack"].remove(fr)
            return
        if k == "discard":
            card = self._card_in_hand(f, action.args[0])
            assert card is not None
            self._discard_from_hand(f, card)
            fr["n"] -= 1
            self.emit(f"{f} discards a card to keep within its hand limit.", R_HAND)
            self.emit(f"You discard {action.args[0]}.", R_HAND, (f,))
            if fr["n"] <= 0:
                s["stack"].remove(fr)
            return
        if k == "ceasefire":
            s["stack"].remove(fr)
            if action.verb == "zone":
                z = action.args[0]
                s["cb"]["cease"].append(z)
                self.emit(f"{f} names {g.zone[z].name}: no battle there this turn.", R_COMBAT)
            return
        if k == "defect":
            s["stack"].remove(fr)
            self._defect_remove(fr["by"], f, fr["zone"], int(action.args[0]), int(action.args[1]))
            return
        raise AssertionError(k)  # pragma: no cover

    # ======================================================================================
    # Civic Action Phase and the end of the turn
    # ======================================================================================

    def _civic(self) -> None:
        """[Civic Action Phase] collect map PP in turn order (at the units' basic rates), then
        each faction's off-map income."""
        s = self.s
        g = self.g
        rules = g.rules
        taken = dict.fromkeys(s["order"], 0)
        for z in g.zones:
            left = s["zpp"].get(z, 0)
            if not left:
                continue
            for f in s["order"]:
                a, b = self.units_in(f, z)
                rate = a * rules.security_collects + b * rules.infrastructure_collects
                if rate and left:
                    got = min(rate, left)
                    left -= got
                    taken[f] += got
            if left:
                s["zpp"][z] = left
            else:
                s["zpp"].pop(z, None)
        before = len(s["stack"])
        for f in s["order"]:
            self._gain(f, taken[f], "civic_action_map", R_CIVIC, "Civic Action on the map")
            self._gain(f, g.faction[f].civic_income, "civic_action_income", R_CIVIC, "off-map support")
        s["stack"][before:] = reversed(s["stack"][before:])  # InfoWar chances in turn order
        s["phase"] = "end"

    def winners_now(self) -> dict[str, str]:
        """[Victory Conditions] factions meeting a condition now, with which one."""
        g = self.g
        s = self.s
        control = self.control_map()
        out: dict[str, str] = {}
        for f in g.seats:
            if self.victory_score(f, control) >= g.rules.standard_victory_pp:
                out[f] = "standard"
            elif board.condition_met(g.faction[f].victory.condition, f, g.c, control, s["inf"]):
                out[f] = "special"
        return out

    def _end_of_turn(self) -> None:
        s = self.s
        g = self.g
        won = self.winners_now()
        control = self.control_map()
        s["history"].append(
            {
                "turn": s["turn"],
                "scores": {f: self.victory_score(f, control) for f in g.seats},
                "winners": won,
            }
        )
        if won:
            # [Multiplayer Win] everyone meeting a condition at the end of the turn wins together
            s["result"] = {"winners": [f for f in g.seats if f in won], "how": won, "stalemate": False}
            s["phase"] = "over"
            self.emit(
                "Game over: " + ", ".join(f"{f} ({how} victory)" for f, how in won.items()) + " win(s).",
                R_VICTORY,
            )
            return
        if not s["street"]:
            # [End of Game; Stalemate]
            w = g.stalemate_winner
            s["result"] = {
                "winners": [w] if w else [],
                "how": {w: "stalemate"} if w else {},
                "stalemate": True,
            }
            s["phase"] = "over"
            self.emit(
                "The Arab Street deck is spent with no victory: "
                + (f"stalemate, {w} wins." if w else "stalemate, nobody wins."),
                R_STALE,
            )
            return
        self._start_turn()

    # ======================================================================================
    # Optional placement of the starting forces
    # ======================================================================================

    def _placement_choices(self, f: str) -> list[tuple[str, str]]:
        p = self.s["placing"]
        out: list[tuple[str, str]] = []
        for kind, key in (("security", "sec"), ("infrastructure", "inf")):
            if p[key]:
                out.extend((kind, z) for z in self.g.affiliated[f])
        return out

    def _act_place(self, f: str, action: Action) -> None:
        s = self.s
        g = self.g
        p = s["placing"]
        kind, z = action.args
        if kind == "security":
            self._add(f, z, sec=1)
            p["sec"] -= 1
        else:
            self._add(f, z, inf=1)
            p["inf"] -= 1
        if p["sec"] or p["inf"]:
            return
        self.emit(f"{f} places its starting forces: {self._force_text(f)}.", R_SETUP)
        i = g.seats.index(f) + 1
        if i < g.n:
            nf = g.seats[i]
            u = g.faction[nf].starting.units
            s["placing"] = {"f": nf, "sec": u.security, "inf": u.infrastructure}
        else:
            s["placing"] = None
            self._start_turn()

    # ======================================================================================
    # The engine hooks
    # ======================================================================================

    def _compute_to_act(self) -> tuple[str, ...]:
        s = self.s
        if s["phase"] == "over":
            return ()
        if s["stack"]:
            return self._frame_seats(s["stack"][-1])
        phase = s["phase"]
        if phase == "place":
            return (s["placing"]["f"],)
        if phase == "maneuver":
            return (self._maneuver_seat(),)
        if phase == "bid":
            return (self._bid_seat(),)
        if phase == "first":
            return (s["initiative"],)
        if phase == "draft":
            return (self._draft_seat(),)
        if phase == "coalition":
            return (self._deal_seat(),) if s["deal"] else (self._coal_seat(),)
        if phase == "action":
            return (s["act"]["f"],)
        if phase == "combat":
            cb = s["cb"]
            if cb["stage"] == "pick_zone":
                return (self._zone_chooser(),)
            if cb["stage"] == "pick_foe":
                return (self._foe_chooser(),)
            if cb["stage"] == "plan":
                return tuple(f for f in (cb["a"], cb["b"]) if cb["plans"][f]["step"] != "ready")
            if cb["stage"] == "casualties":
                return (cb["winner"],)
        raise AssertionError(f"no decision in phase {phase}")  # pragma: no cover

    def _legal(self, seat: str) -> list[Action]:
        s = self.s
        if s["stack"]:
            return self._frame_options(seat, s["stack"][-1])
        phase = s["phase"]
        if phase == "place":
            return [A("place", (k, z)) for k, z in self._placement_choices(seat)]
        if phase == "maneuver":
            return self._maneuver_options(seat)
        if phase == "bid":
            return self._bid_options(seat)
        if phase == "first":
            return [A("first", (f,)) for f in s["table"]]
        if phase == "draft":
            return self._draft_options(seat)
        if phase == "coalition":
            return self._deal_options(seat)
        if phase == "action":
            return self._action_options(seat)
        if phase == "combat":
            return self._combat_options(seat)
        return []

    def _act(self, seat: str, action: Action) -> None:
        s = self.s
        if s["stack"]:
            self._act_frame(seat, s["stack"][-1], action)
        else:
            phase = s["phase"]
            if phase == "place":
                self._act_place(seat, action)
            elif phase == "maneuver":
                self._act_maneuver(seat, action)
            elif phase == "bid":
                self._act_bid(seat, action)
            elif phase == "first":
                self._act_first(seat, action)
            elif phase == "draft":
                self._act_draft(seat, action)
            elif phase == "coalition":
                self._act_coalition(seat, action)
            elif phase == "action":
                self._act_action(seat, action)
            elif phase == "combat":
                self._act_combat(seat, action)
        self._advance()

    def _prompt_text(self, seat: str) -> tuple[str, str]:
        from consim.games.baghdad.prompts import prompt_text

        return prompt_text(self, seat)

    def _why_illegal(self, seat: str, action: Action) -> str:
        text, rule = self._prompt_text(seat)
        verbs = sorted({a.verb for a in self.legal_actions(seat)})
        return (
            f"{action.text!r} is not allowed now [{rule}]: {text} "
            f"Allowed here: {', '.join(verbs)} (see the numbered choices)."
        )

    def _chat_open(self, seat: str) -> bool:
        # [Coalition Phase] free talk while deals are made; nothing said is enforced
        return bool(self.s["phase"] == "coalition")

    def _outcome(self) -> Outcome | None:
        s = self.s
        g = self.g
        res = s["result"]
        if res is None:
            return None
        control = self.control_map()
        scores = {f: float(self.victory_score(f, control)) for f in g.seats}
        winners = tuple(res["winners"])
        if res["stalemate"]:
            result = f"Stalemate after turn {s['turn']}: " + (
                f"{winners[0]} wins." if winners else "nobody wins; Baghdad sinks into strife."
            )
        else:
            result = (
                f"Turn {s['turn']}: "
                + " and ".join(f"{f} ({res['how'][f]})" for f in winners)
                + (" win together." if len(winners) > 1 else " wins.")
            )
        return Outcome(
            scores=scores,
            winners=winners,
            result=result,
            details={
                "stalemate": res["stalemate"],
                "how": dict(res["how"]),
                "shared": len(winners) > 1,
                "pp": dict(s["pp"]),
            },
            unit="victory PP",
            turns=int(s["turn"]),
            ending=_ending(res),  # consim simulate counts how games end
        )

    def _view(self, seat: str | None) -> dict[str, Any]:
        from consim.games.baghdad.views import build_view

        return build_view(self, seat)

    def _dump(self) -> dict[str, Any]:
        data: dict[str, Any] = _deep(self.s)
        return data

    def _load(self, data: Mapping[str, Any]) -> None:
        self.s = _deep(dict(data))

    def _check(self) -> None:
        s = self.s
        g = self.g
        seats = set(g.seats)
        for key in ("pp", "sec", "inf", "hands", "active", "neutral"):
            if set(s[key]) != seats:
                raise RestoreError(f"{key} must name exactly this game's factions")
        where = list(s["deck"]) + list(s["discard"]) + list(s["packet"])
        for h in s["hands"].values():
            where.extend(h)
        cb = s["cb"]
        if cb and cb.get("plans"):
            for p in cb["plans"].values():
                where.extend(p[k] for k in ("net", "off", "dfn") if p[k] is not None)
        for fr in s["stack"]:
            where.extend(fr.get("played", []))
        d = s["deal"]
        if d:
            where.extend(d["taken"])
        if s["task"] is not None and s["task"]["k"] == "effect":
            where.extend(s["task"]["data"].get("got", []))
        if sorted(where) != list(range(len(g.cards))):
            raise RestoreError("every Arms Bazaar card must be in exactly one place")
        for f in g.seats:
            ps, pi = self.pool(f)
            if ps < 0 or pi < 0:
                raise RestoreError(f"{f} has more counters on the map than the game provides")
            if any(v <= 0 for v in s["sec"][f].values()) or any(v <= 0 for v in s["inf"][f].values()):
                raise RestoreError("unit counts must be positive")
        if sorted(list(s["street"]) + list(s["street_used"])) != list(range(len(g.street_cards))):
            raise RestoreError("every Arab Street card must be in the deck or turned")
        if s["phase"] not in _PHASES:
            raise RestoreError(f"unknown phase {s['phase']!r}")

    def _copy_data_to(self, other: State) -> None:
        assert isinstance(other, BaghdadState)
        other.g = self.g
        other.s = _deep(self.s)


def _ending(res: Mapping[str, Any]) -> str:
    """How a game ended, for simulation summaries."""
    if res["stalemate"]:
        return "stalemate, " + (f"{res['winners'][0]} wins" if res["winners"] else "nobody wins")
    kinds = sorted(set(res["how"].values()))
    label = " and ".join(kinds) + " victory"
    return f"shared {label}" if len(res["winners"]) > 1 else label


_PHASES = (
    "setup",
    "place",
    "maneuver",
    "bid",
    "first",
    "street",
    "draft",
    "coalition",
    "action",
    "combat",
    "civic",
    "end",
    "over",
)
_WINDOW_RULE = {
    "arab_street": R_STREET,
    "combat_phase": R_COMBAT,
    "combat_reveal": R_RESOLVE,
    "after_combat": R_POST,
}
