"""Rules of the Iraq insurgency card game, in the rulebook's sequence of play.

The rulebook has no numbered rules; rule references name its sections ("Commitment Phase",
"Score Phase", "Three Player Game", ...). Readings of unclear passages are in ``NOTES.md``.

Turn sequence: Situation (deal) -> Commitment (discard and redraw, secret and simultaneous)
-> Negotiations (rounds of trade offers) -> Ground (reveal, total usable FV) -> Score (VP by
rank). After the last turn the two conflicts are decided separately.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, Literal

from pydantic import Field

from consim.core.action import Action
from consim.core.errors import RestoreError
from consim.core.game import Game, GameOptions, Outcome, State
from consim.games.iraq.content import SEAT_ORDER, IraqContent, default_content

if TYPE_CHECKING:
    pass

HAND_SIZE = 10  # [Situation Phase] each player is dealt 10 cards
MAX_DISCARD = 5  # [Commitment Phase] discard up to 5 cards
AWARDS = (5, 4, 3, 2)  # [Score Phase] highest .. fourth highest; the lowest total scores 0
FILTERS = ("any", "usable")

R_SITUATION = "Situation Phase"
R_COMMIT = "Commitment Phase"
R_NEGOTIATE = "Negotiations Phase"
R_GROUND = "Ground Phase"
R_SCORE = "Score Phase"
R_VICTORY = "Victory"
R_THREE = "Three Player Game"


class IraqOptions(GameOptions):
    """Options of the Iraq game. Each reading choice is explained in NOTES.md."""

    players: int = Field(
        5,
        ge=2,
        le=5,
        description="2: Insurgency Only, 3: Civil War Only, 4: Isolated North, 5: Full Scale Conflict",
    )
    turns: int = Field(10, ge=1, le=50, description="number of turns (hands); the rulebook's game is 10")
    two_player_removal: Literal["all-ethnic", "e-letter"] = Field(
        "all-ethnic",
        description="2 players: remove every card only Ethnic Groups can use (E, N, H, K), "
        "or only the E cards",
    )
    civil_war_side: Literal["best", "declare"] = Field(
        "best",
        description="3 players: count US or Insurgent cards, whichever is better at the Ground Phase, "
        "or a secret declaration at the start of each turn",
    )
    tie_ranking: Literal["dense", "competition"] = Field(
        "dense",
        description="ties: the next distinct total takes the next award (dense), "
        "or tied players use up the places (competition)",
    )
    lowest_scores_zero: bool = Field(
        True, description="the lowest total always scores 0 VP (else awards run 5/4/3/2 by rank)"
    )
    commitment: Literal["simultaneous", "sequential"] = Field(
        "simultaneous",
        description="Commitment Phase discards chosen secretly by all at once, or in turn order",
    )
    negotiation_rounds: int = Field(
        2, ge=1, le=20, description="most rounds of trade offers per Negotiations Phase"
    )
    max_trade_cards: int = Field(3, ge=1, le=10, description="most cards each side of one trade")


class IraqGame(Game):
    """Static content, seats and precomputed actions for one set of options."""

    id = "iraq"
    title = "The Iraq insurgency card game"
    Options = IraqOptions

    def __init__(self, **options: Any) -> None:
        super().__init__(**options)
        opts = self.opts
        assert isinstance(opts, IraqOptions)
        self.o = opts
        content: IraqContent = default_content()
        self.content = content
        scenario = content.scenario(opts.players)
        self.scenario = scenario
        self.seats = tuple(s for s in SEAT_ORDER if s in scenario.seats)
        reading = opts.two_player_removal if opts.players == 2 else "standard"
        removed_uses = set(scenario.removal_readings[reading])
        cards = content.cards.cards
        self.card_name: tuple[str, ...] = tuple(c.name for c in cards)
        self.card_fv: tuple[int, ...] = tuple(c.fv for c in cards)
        self.card_use: tuple[str, ...] = tuple(c.use for c in cards)
        self.card_by_name: dict[str, int] = {c.name: i for i, c in enumerate(cards)}
        self.card_label: tuple[str, ...] = tuple(f"{c.name} ({c.use}{c.fv})" for c in cards)
        #: [Two/Four Player Game] the deck in play after the scenario's removals
        self.deck_cards: tuple[int, ...] = tuple(i for i, c in enumerate(cards) if c.use not in removed_uses)
        self.removed_cards: tuple[int, ...] = tuple(i for i, c in enumerate(cards) if c.use in removed_uses)
        factions = content.scenarios.factions
        self.uses: dict[str, tuple[str, ...]] = {s: tuple(factions[s].uses) for s in self.seats}
        #: [Three Player Game] letters a seat may add, one of them per turn
        self.either_or: tuple[str, ...] = tuple(scenario.either_or_uses)
        self.usable: dict[str, frozenset[int]] = {
            s: frozenset(i for i in self.deck_cards if cards[i].use in self.uses[s]) for s in self.seats
        }
        self.side_cards: dict[str, frozenset[int]] = {
            letter: frozenset(i for i in self.deck_cards if cards[i].use == letter)
            for letter in self.either_or
        }
        #: cards a seat could ever count (own letters plus any either-or letter); used by "usable" asks
        self.wanted: dict[str, frozenset[int]] = {
            s: self.usable[s].union(*self.side_cards.values()) for s in self.seats
        }
        self.conflicts: dict[str, tuple[str, ...]] = {}
        for conflict in content.scenarios.conflicts.values():
            present = tuple(s for s in conflict.seats if s in self.seats)
            if len(present) >= 2:
                self.conflicts[conflict.name] = present
        # Interned actions: legal-action lists reuse these objects (fast identity checks).
        self.a_discard = tuple(Action("discard", (n,)) for n in self.card_name)
        self.a_give = tuple(Action("give", (n,)) for n in self.card_name)
        self.a_offer = {s: Action("offer", (s,)) for s in self.seats}
        self.a_ask = {
            (n, f): Action("ask", (str(n), f)) for n in range(1, opts.max_trade_cards + 1) for f in FILTERS
        }
        self.a_ask0 = Action("ask", ("0",))
        self.a_cancel = Action("cancel")
        #: the "ask" actions (and cancel) offered when the partner holds at least n cards
        self.ask_menu: list[tuple[Action, ...]] = [
            (*(self.a_ask[(k, f)] for k in range(1, n + 1) for f in FILTERS), self.a_cancel)
            for n in range(opts.max_trade_cards + 1)
        ]
        self.a_declare = {letter: Action("declare", (_SIDE_NAME[letter],)) for letter in self.either_or}
        self.a_done = Action("done")
        self.a_pass = Action("pass")
        self.a_accept = Action("accept")
        self.a_decline = Action("decline")

    status = "complete: 2-5 players, all four scenarios, random and heuristic bots"

    heuristic_bot = "consim.games.iraq.bots:HeuristicBot"

    @classmethod
    def load_content(cls) -> IraqContent:
        from consim.games.iraq.content import load_content

        return load_content()

    @classmethod
    def variants(cls) -> list[dict[str, Any]]:
        base: list[dict[str, Any]] = [{"players": n} for n in (2, 3, 4, 5)]
        return [
            *base,
            {"players": 2, "two_player_removal": "e-letter", "turns": 4},
            {"players": 3, "civil_war_side": "declare", "turns": 4},
            {
                "players": 5,
                "commitment": "sequential",
                "tie_ranking": "competition",
                "lowest_scores_zero": False,
                "turns": 3,
                "max_trade_cards": 5,
                "negotiation_rounds": 5,
            },
        ]

    def _blank_state(self, seed: int) -> IraqState:
        return IraqState(self, seed)

    def usable_fv(self, seat: str, hand: list[int], side: str | None = None) -> tuple[int, str | None]:
        """[Ground Phase] total FV of the cards ``seat`` can use, and the either-or side counted.

        With ``side`` None in the three-player game the better side is taken.
        """
        usable = self.usable[seat]
        fv = self.card_fv
        base = sum(fv[c] for c in hand if c in usable)
        if not self.either_or:
            return base, None
        best_side, best_extra = self.either_or[0], -1
        for letter in self.either_or:
            if side is not None and letter != side:
                continue
            cards = self.side_cards[letter]
            extra = sum(fv[c] for c in hand if c in cards)
            if extra > best_extra:
                best_side, best_extra = letter, extra
        return base + best_extra, best_side


_SIDE_NAME = {"U": "US", "I": "Insurgent"}
_SCENARIO_RULE = {2: "Two Player Game", 3: "Three Player Game", 4: "Four Player Game", 5: "Five Player Game"}
_SIDE_LETTER = {v.casefold(): k for k, v in _SIDE_NAME.items()}


def score_awards(totals: Mapping[str, int], dense: bool, lowest_zero: bool) -> dict[str, int]:
    """[Score Phase] VP for each seat's FV total: 5/4/3/2 by rank, ties share, lowest gets 0.

    >>> score_awards({"A": 30, "B": 30, "C": 20, "D": 10}, dense=True, lowest_zero=True)
    {'A': 5, 'B': 5, 'C': 4, 'D': 0}
    >>> score_awards({"A": 30, "B": 30, "C": 20, "D": 10}, dense=False, lowest_zero=True)
    {'A': 5, 'B': 5, 'C': 3, 'D': 0}
    """
    distinct = sorted(set(totals.values()), reverse=True)
    awards: dict[str, int] = {}
    for seat, total in totals.items():
        if len(distinct) > 1 and lowest_zero and total == distinct[-1]:
            awards[seat] = 0  # "all players tied for last place get 0 VP"
            continue
        rank = distinct.index(total) if dense else sum(1 for t in totals.values() if t > total)
        awards[seat] = AWARDS[rank] if rank < len(AWARDS) else 0
    return awards


class IraqState(State):
    """A position in the Iraq card game."""

    game: IraqGame

    def __init__(self, game: IraqGame, seed: int) -> None:
        super().__init__(game, seed)
        self.g = game
        self.turn = 0
        self.phase = "setup"
        self.deck: list[int] = []
        self.discard: list[int] = []
        self.hands: dict[str, list[int]] = {s: [] for s in game.seats}
        self.vp: dict[str, int] = dict.fromkeys(game.seats, 0)
        self.pending: dict[str, list[int]] = {s: [] for s in game.seats}
        self.committed: list[str] = []
        self.declared: dict[str, str] = {}
        self.neg_round = 0
        self.neg_pos = 0
        self.neg_order: list[str] = []
        self.neg_offers = 0
        self.offer: dict[str, Any] | None = None
        self.history: list[dict[str, Any]] = []

    # ----------------------------------------------------------------------------------
    # Set-up and the Situation Phase
    # ----------------------------------------------------------------------------------

    def _setup(self) -> None:
        g = self.g
        self.deck = list(g.deck_cards)
        self.rng.shuffle(self.deck)
        sc = g.scenario
        self.emit(
            f"{sc.name}: {len(g.seats)} players ({', '.join(g.seats)}), {g.o.turns} turns, "
            f"a deck of {len(self.deck)} cards.",
            _SCENARIO_RULE[sc.players],
        )
        if g.removed_cards:
            self.emit(
                f"{len(g.removed_cards)} cards are removed from the deck "
                f"(use {', '.join(sorted({g.card_use[c] for c in g.removed_cards}))}).",
                "Two Player Game" if sc.players == 2 else "Four Player Game",
            )
        self._start_turn()

    def _draw(self) -> int | None:
        # [Situation Phase] if the deck runs out, shuffle the discard and draw from it
        if not self.deck:
            if not self.discard:
                return None
            self.deck, self.discard = self.discard, []
            self.rng.shuffle(self.deck)
            self.emit(
                f"The deck ran out: the {len(self.deck)} discarded cards are shuffled into a new deck.",
                R_SITUATION,
            )
        return self.deck.pop()

    def _start_turn(self) -> None:
        g = self.g
        self.turn += 1
        self.emit(f"Turn {self.turn} of {g.o.turns} begins.", R_SITUATION)
        # [Situation Phase] each player is dealt a random hand of 10 cards (one at a time)
        seats = g.seats
        n = len(seats)
        deck = self.deck
        if len(deck) >= HAND_SIZE * n:
            # the same cards the one-at-a-time loop below would deal, without a call per card
            dealt = deck[-HAND_SIZE * n :][::-1]
            del deck[-HAND_SIZE * n :]
            for i, seat in enumerate(seats):
                self.hands[seat].extend(dealt[i::n])
        else:
            for _ in range(HAND_SIZE):
                for seat in seats:
                    card = self._draw()
                    if card is not None:
                        self.hands[seat].append(card)
        for seat in seats:
            self.hands[seat].sort()
        for seat in g.seats:
            self.emit(f"You are dealt: {self._names(self.hands[seat])}.", R_SITUATION, (seat,))
        self.mark_reveal(g.seats)
        self.emit(f"Each player is dealt {HAND_SIZE} cards.", R_SITUATION)
        self.committed = []
        self.pending = {s: [] for s in g.seats}
        self.declared = {}
        if g.either_or and g.o.civil_war_side == "declare":
            self.phase = "declare"
        else:
            self.phase = "commitment"

    # ----------------------------------------------------------------------------------
    # Whose turn, and what they may do
    # ----------------------------------------------------------------------------------

    def _compute_to_act(self) -> tuple[str, ...]:
        phase = self.phase
        if phase == "commitment":
            if self.g.o.commitment == "sequential":
                for seat in self.g.seats:
                    if seat not in self.committed:
                        return (seat,)
                return ()
            committed = self.committed
            return tuple([s for s in self.g.seats if s not in committed])
        if phase == "negotiation":
            offer = self.offer
            if offer is None:
                return (self.neg_order[self.neg_pos],)
            return (offer["from"],) if offer["stage"] == "give" else (offer["to"],)
        if phase == "declare":
            declared = self.declared
            return tuple([s for s in self.g.seats if s not in declared])
        return ()

    def _legal(self, seat: str) -> list[Action]:
        g = self.g
        phase = self.phase
        if phase == "commitment":
            pend = self.pending[seat]
            acts: list[Action] = []
            if len(pend) < MAX_DISCARD:
                a_discard = g.a_discard
                acts = [a_discard[c] for c in self.hands[seat] if c not in pend]
            acts.append(g.a_done)
            return acts
        if phase == "negotiation":
            offer = self.offer
            if offer is None:
                return [g.a_pass, *(g.a_offer[s] for s in g.seats if s != seat)]
            stage = offer["stage"]
            if stage == "give":
                give = offer["give"]
                acts = []
                if len(give) < g.o.max_trade_cards:
                    a_give = g.a_give
                    acts = [a_give[c] for c in self.hands[seat] if c not in give]
                if give:
                    acts.append(g.a_ask0)
                acts.extend(g.ask_menu[min(g.o.max_trade_cards, len(self.hands[offer["to"]]))])
                return acts
            if stage == "respond":
                if len(self._matching(offer)) >= offer["ask"]:
                    return [g.a_accept, g.a_decline]
                return [g.a_decline]
            # stage == "fulfil"
            taken = offer["taken"]
            a_give = g.a_give
            return [a_give[c] for c in self._matching(offer) if c not in taken]
        if phase == "declare":
            return [g.a_declare[letter] for letter in g.either_or]
        return []

    def _matching(self, offer: Mapping[str, Any]) -> list[int]:
        """Cards in the responder's hand that satisfy the offer's request."""
        hand = self.hands[offer["to"]]
        if offer["filter"] == "usable":
            wanted = self.g.wanted[offer["from"]]
            return [c for c in hand if c in wanted]
        return list(hand)

    def _prompt_text(self, seat: str) -> tuple[str, str]:
        phase = self.phase
        if phase == "commitment":
            n = len(self.pending[seat])
            return (
                f"Turn {self.turn}, Commitment: choose cards to discard and redraw "
                f"({n} chosen, up to {MAX_DISCARD}); 'done' when finished.",
                R_COMMIT,
            )
        if phase == "declare":
            return (
                f"Turn {self.turn}: declare whether you will count US cards or Insurgent cards "
                "this turn (secret until the Ground Phase).",
                R_THREE,
            )
        offer = self.offer
        if offer is None:
            return (
                f"Turn {self.turn}, Negotiations round {self.neg_round} of {self.g.o.negotiation_rounds}: "
                "make a trade offer to another player, or pass.",
                R_NEGOTIATE,
            )
        if offer["stage"] == "give":
            given = self._names(offer["give"]) or "nothing yet"
            return (
                f"Offer to {offer['to']}: you give {given}. Add a card, or name what you ask in "
                "return to send the offer ('ask 0' makes it a gift; 'usable' = cards you can use).",
                R_NEGOTIATE,
            )
        if offer["stage"] == "respond":
            return (f"{offer['from']} offers you {self._offer_terms(offer)}. Accept or decline?", R_NEGOTIATE)
        left = offer["ask"] - len(offer["taken"])
        return (f"Choose {left} more card(s) to give {offer['from']}.", R_NEGOTIATE)

    def _why_illegal(self, seat: str, action: Action) -> str:
        g = self.g
        verb, args = action.verb, action.args
        phase = self.phase
        if phase == "commitment":
            if verb == "discard":
                name = args[0] if args else ""
                card = g.card_by_name.get(name)
                if card is None:
                    return f"no card named {name!r} [{R_COMMIT}]"
                if card not in self.hands[seat]:
                    return f"{name!r} is not in your hand [{R_COMMIT}]"
                if card in self.pending[seat]:
                    return f"{name!r} is already chosen for discard [{R_COMMIT}]"
                return f"you may discard at most {MAX_DISCARD} cards [{R_COMMIT}]"
            return f"in the Commitment Phase you may only 'discard \"CARD\"' or 'done' [{R_COMMIT}]"
        if phase == "negotiation":
            offer = self.offer
            if offer is None:
                if verb == "offer":
                    others = ", ".join(s for s in g.seats if s != seat)
                    return f"offer to whom? choose one of {others} [{R_NEGOTIATE}]"
                return f"on your negotiation turn you may 'offer SEAT' or 'pass' [{R_NEGOTIATE}]"
            if offer["stage"] == "give":
                if verb == "give":
                    return (
                        f"you may add only cards from your hand, at most {g.o.max_trade_cards} "
                        f"per trade [{R_NEGOTIATE}]"
                    )
                if verb == "ask":
                    return (
                        f"ask for 0..{min(g.o.max_trade_cards, len(self.hands[offer['to']]))} cards "
                        f"('any' or 'usable'); 'ask 0' needs at least one card offered [{R_NEGOTIATE}]"
                    )
            if offer["stage"] == "respond" and verb == "accept":
                return (
                    f"you hold fewer than {offer['ask']} cards of the kind asked for, so you can only "
                    f"decline [{R_NEGOTIATE}]"
                )
            if offer["stage"] == "fulfil":
                return f"give one of your cards that matches the request [{R_NEGOTIATE}]"
        return f"{action.text!r} is not a legal choice for {seat} now [{self._prompt_text(seat)[1]}]"

    def _chat_open(self, seat: str) -> bool:
        # [Negotiations Phase] players may make (and break) secret deals: free messages
        return self.phase in ("commitment", "negotiation", "declare")

    # ----------------------------------------------------------------------------------
    # Carrying out actions
    # ----------------------------------------------------------------------------------

    def _act(self, seat: str, action: Action) -> None:
        verb = action.verb
        phase = self.phase
        if phase == "commitment":
            if verb == "discard":
                self.pending[seat].append(self.g.card_by_name[action.args[0]])
            else:
                self._commit(seat)
        elif phase == "negotiation":
            self._negotiate(seat, action)
        elif phase == "declare":
            self.declared[seat] = _SIDE_LETTER[action.args[0].casefold()]
            if len(self.declared) == len(self.g.seats):
                self.emit("Every player has declared a side for this turn (secret).", R_THREE)
                self.phase = "commitment"

    # [Commitment Phase] -----------------------------------------------------------------

    def _commit(self, seat: str) -> None:
        self.committed.append(seat)
        if self.g.o.commitment == "sequential":
            self._redraw(seat)
        elif len(self.committed) == len(self.g.seats):
            # simultaneous: everyone has chosen; resolve in seat order
            for s in self.g.seats:
                self._redraw(s)
        if len(self.committed) == len(self.g.seats):
            self._start_negotiations()

    def _redraw(self, seat: str) -> None:
        chosen = self.pending[seat]
        hand = self.hands[seat]
        for card in chosen:
            hand.remove(card)
        self.discard.extend(chosen)
        drawn: list[int] = []
        for _ in chosen:
            new = self._draw()
            if new is not None:
                drawn.append(new)
        hand.extend(drawn)
        hand.sort()  # hands are kept in card-list order (grouped by use letter)
        if drawn:
            self.mark_reveal((seat,))  # a card draw: no undo past it
        self.pending[seat] = []
        if chosen:
            self.emit(f"You discard {self._names(chosen)} and draw {self._names(drawn)}.", R_COMMIT, (seat,))
        self.emit(f"{seat} discards {len(chosen)} card(s) and draws {len(drawn)}.", R_COMMIT)

    # [Negotiations Phase] ---------------------------------------------------------------

    def _start_negotiations(self) -> None:
        seats = list(self.g.seats)
        k = (self.turn - 1) % len(seats)  # the first negotiator rotates each turn (NOTES.md)
        self.neg_order = seats[k:] + seats[:k]
        self.neg_round = 1
        self.neg_pos = 0
        self.neg_offers = 0
        self.offer = None
        self.phase = "negotiation"
        self.emit(
            f"Negotiations open; offers go round in the order {', '.join(self.neg_order)}.", R_NEGOTIATE
        )

    def _negotiate(self, seat: str, action: Action) -> None:
        g = self.g
        verb = action.verb
        offer = self.offer
        if offer is None:
            if verb == "pass":
                self.emit(f"{seat} passes.", R_NEGOTIATE)
                self._next_negotiator()
            else:  # offer SEAT
                self.offer = {
                    "from": seat,
                    "to": action.args[0],
                    "give": [],
                    "ask": 0,
                    "filter": "any",
                    "stage": "give",
                    "taken": [],
                }
            return
        stage = offer["stage"]
        if stage == "give":
            if verb == "give":
                offer["give"].append(g.card_by_name[action.args[0]])
            elif verb == "ask":
                offer["ask"] = int(action.args[0])
                offer["filter"] = action.args[1] if len(action.args) > 1 else "any"
                offer["stage"] = "respond"
                self.neg_offers += 1
                parties = (offer["from"], offer["to"])
                self.emit(f"{seat} offers {offer['to']} {self._offer_terms(offer)}.", R_NEGOTIATE, parties)
                self.emit(f"{seat} makes a trade offer to {offer['to']}.", R_NEGOTIATE)
                self.mark_reveal((offer["to"],))
            else:  # cancel
                self.emit(f"{seat} withdraws the offer and passes.", R_NEGOTIATE)
                self._next_negotiator()
            return
        if stage == "respond":
            if verb == "decline":
                self.emit(f"{seat} declines {offer['from']}'s offer.", R_NEGOTIATE)
                self.mark_reveal((offer["from"],))
                self._next_negotiator()
            elif offer["ask"] == 0:
                self._trade(offer)
            else:
                offer["stage"] = "fulfil"
            return
        # fulfil
        offer["taken"].append(g.card_by_name[action.args[0]])
        if len(offer["taken"]) == offer["ask"]:
            self._trade(offer)

    def _trade(self, offer: Mapping[str, Any]) -> None:
        a, b = offer["from"], offer["to"]
        give, taken = offer["give"], offer["taken"]
        for c in give:
            self.hands[a].remove(c)
        for c in taken:
            self.hands[b].remove(c)
        self.hands[a].extend(taken)
        self.hands[b].extend(give)
        self.hands[a].sort()
        self.hands[b].sort()
        self.emit(
            f"Trade: {a} gives {self._names(give) or 'nothing'} to {b}; "
            f"{b} gives {self._names(taken) or 'nothing'} to {a}.",
            R_NEGOTIATE,
            (a, b),
        )
        self.emit(f"{a} and {b} trade: {a} gives {len(give)} card(s), {b} gives {len(taken)}.", R_NEGOTIATE)
        self.mark_reveal((a, b))
        self._next_negotiator()

    def _next_negotiator(self) -> None:
        self.offer = None
        self.neg_pos += 1
        if self.neg_pos < len(self.neg_order):
            return
        # a round is over: stop when nobody made an offer or the round limit is reached
        if self.neg_offers == 0 or self.neg_round >= self.g.o.negotiation_rounds:
            self.emit("Negotiations close.", R_NEGOTIATE)
            self._ground_and_score()
            return
        self.neg_round += 1
        self.neg_pos = 0
        self.neg_offers = 0
        self.emit(f"Negotiations round {self.neg_round} begins.", R_NEGOTIATE)

    # [Ground Phase] and [Score Phase] ---------------------------------------------------

    def _ground_and_score(self) -> None:
        g = self.g
        totals: dict[str, int] = {}
        sides: dict[str, str | None] = {}
        revealed: dict[str, list[str]] = {}
        for seat in g.seats:
            hand = self.hands[seat]
            total, side = g.usable_fv(seat, hand, self.declared.get(seat))
            totals[seat] = total
            sides[seat] = side
            revealed[seat] = [g.card_name[c] for c in hand]
            counted = f", counting {_SIDE_NAME[side]} cards" if side else ""
            self.emit(
                f"{seat} reveals {self._names(hand, with_values=True) or 'no cards'}: "
                f"usable FV {total}{counted}.",
                R_THREE if side else R_GROUND,
            )
        self.mark_reveal()
        awards = score_awards(totals, g.o.tie_ranking == "dense", g.o.lowest_scores_zero)
        for seat in g.seats:
            self.vp[seat] += awards[seat]
        ranking = sorted(g.seats, key=lambda s: -totals[s])
        self.emit(
            "Score: "
            + ", ".join(f"{s} {totals[s]} FV -> {awards[s]} VP" for s in ranking)
            + ". Totals: "
            + ", ".join(f"{s} {self.vp[s]}" for s in g.seats)
            + ".",
            R_SCORE,
        )
        self.history.append(
            {
                "turn": self.turn,
                "fv": totals,
                "vp": awards,
                "sides": {s: _SIDE_NAME[v] for s, v in sides.items() if v},
                "hands": revealed,
            }
        )
        # end of turn: every hand goes to the discard pile (NOTES.md)
        for seat in g.seats:
            self.discard.extend(self.hands[seat])
            self.hands[seat] = []
        if self.turn >= g.o.turns:
            self.phase = "over"
            out = self._outcome()
            self.emit(f"Game over. {out.result}", R_VICTORY)
        else:
            self._start_turn()

    # ----------------------------------------------------------------------------------
    # The end
    # ----------------------------------------------------------------------------------

    def _outcome(self) -> Outcome:
        g = self.g
        vp = self.vp
        conflicts: dict[str, Any] = {}
        winners: list[str] = []
        sentences = []
        for name, seats in g.conflicts.items():
            best = max(vp[s] for s in seats)
            won = [s for s in seats if vp[s] == best]
            conflicts[name] = {"winners": won, "vp": {s: vp[s] for s in seats}}
            winners.extend(w for w in won if w not in winners)
            others = ", ".join(f"{s} {vp[s]}" for s in seats if s not in won)
            if len(won) == 1:
                sentences.append(f"{won[0]} wins {name} with {best} VP ({others})")
            elif len(won) == len(seats):
                sentences.append(f"{' and '.join(won)} tie {name} on {best} VP and share it")
            else:
                sentences.append(f"{' and '.join(won)} share {name} on {best} VP ({others})")
        return Outcome(
            scores={s: float(vp[s]) for s in g.seats},
            winners=tuple(s for s in g.seats if s in winners),
            result="; ".join(sentences) + ".",
            details={
                "unit": "VP",
                "vp": dict(vp),
                "conflicts": conflicts,
                "fv_by_turn": [h["fv"] for h in self.history],
                "turns": len(self.history),
            },
        )

    # ----------------------------------------------------------------------------------
    # Views, serialization, copying
    # ----------------------------------------------------------------------------------

    def _card_info(self, card: int, seat: str | None) -> dict[str, Any]:
        g = self.g
        info: dict[str, Any] = {"name": g.card_name[card], "fv": g.card_fv[card], "use": g.card_use[card]}
        if seat is not None:
            info["usable"] = card in g.wanted[seat]  # own letters, or an either-or letter
        return info

    def _offer_terms(self, offer: Mapping[str, Any]) -> str:
        given = self._names(offer["give"], with_values=True) or "nothing"
        n = offer["ask"]
        if n == 0:
            return f"{given} as a gift"
        kind = "card(s) of your choice" if offer["filter"] == "any" else f"card(s) {offer['from']} can use"
        return f"{given} for {n} {kind}"

    def _view(self, seat: str | None) -> dict[str, Any]:
        g = self.g
        view: dict[str, Any] = {
            "scenario": g.scenario.name,
            "players": len(g.seats),
            "turn": self.turn,
            "turns": g.o.turns,
            "phase": self.phase,
            "seats": list(g.seats),
            "uses": {s: list(g.uses[s]) for s in g.seats},
            "either_or": list(g.either_or),
            "conflicts": {k: list(v) for k, v in g.conflicts.items()},
            "vp": dict(self.vp),
            "hand_sizes": {s: len(self.hands[s]) for s in g.seats},
            "deck_size": len(self.deck),
            "discard_size": len(self.discard),
            "committed": list(self.committed),
            "declared": sorted(self.declared),
            "history": [
                {"turn": h["turn"], "fv": h["fv"], "vp": h["vp"], "sides": h["sides"]} for h in self.history
            ],
            "last_reveal": self.history[-1]["hands"] if self.history else {},
        }
        if self.phase == "negotiation":
            neg: dict[str, Any] = {
                "round": self.neg_round,
                "rounds": g.o.negotiation_rounds,
                "order": list(self.neg_order),
                "turn_of": self.neg_order[self.neg_pos],
                "offer": None,
            }
            offer = self.offer
            if offer is not None:
                public: dict[str, Any] = {"from": offer["from"], "to": offer["to"], "stage": offer["stage"]}
                if seat == offer["from"] or (seat == offer["to"] and offer["stage"] != "give"):
                    public.update(
                        {
                            "give": [self._card_info(c, seat) for c in offer["give"]],
                            "ask": offer["ask"],
                            "filter": offer["filter"],
                        }
                    )
                if seat == offer["to"]:
                    # the cards chosen in return are the responder's secret until the trade is done
                    public["taken"] = [self._card_info(c, seat) for c in offer["taken"]]
                neg["offer"] = public
            view["negotiation"] = neg
        if seat is not None:
            hand = self.hands[seat]
            view["hand"] = [self._card_info(c, seat) for c in hand]
            total, side = g.usable_fv(seat, hand, self.declared.get(seat))
            view["usable_fv"] = total
            if side is not None:
                view["side"] = _SIDE_NAME[side]
            view["pending_discards"] = [g.card_name[c] for c in self.pending[seat]]
            if seat in self.declared:
                view["my_declaration"] = _SIDE_NAME[self.declared[seat]]
        return view

    def _dump(self) -> dict[str, Any]:
        names = self.g.card_name

        def n(cards: list[int]) -> list[str]:
            return [names[c] for c in cards]

        offer = None
        if self.offer is not None:
            offer = dict(self.offer, give=n(self.offer["give"]), taken=n(self.offer["taken"]))
        return {
            "turn": self.turn,
            "phase": self.phase,
            "deck": n(self.deck),
            "discard": n(self.discard),
            "hands": {s: n(h) for s, h in self.hands.items()},
            "vp": dict(self.vp),
            "pending": {s: n(p) for s, p in self.pending.items()},
            "committed": list(self.committed),
            "declared": dict(self.declared),
            "neg_round": self.neg_round,
            "neg_pos": self.neg_pos,
            "neg_order": list(self.neg_order),
            "neg_offers": self.neg_offers,
            "offer": offer,
            "history": self.history,
        }

    def _load(self, data: Mapping[str, Any]) -> None:
        ids = self.g.card_by_name

        def c(names: list[str]) -> list[int]:
            try:
                return [ids[x] for x in names]
            except KeyError as exc:
                raise RestoreError(f"unknown card {exc.args[0]!r}") from None

        self.turn = int(data["turn"])
        self.phase = str(data["phase"])
        self.deck = c(data["deck"])
        self.discard = c(data["discard"])
        self.hands = {s: c(h) for s, h in data["hands"].items()}
        self.vp = {s: int(v) for s, v in data["vp"].items()}
        self.pending = {s: c(p) for s, p in data["pending"].items()}
        self.committed = list(data["committed"])
        self.declared = dict(data["declared"])
        self.neg_round = int(data["neg_round"])
        self.neg_pos = int(data["neg_pos"])
        self.neg_order = list(data["neg_order"])
        self.neg_offers = int(data["neg_offers"])
        offer = data["offer"]
        self.offer = None if offer is None else dict(offer, give=c(offer["give"]), taken=c(offer["taken"]))
        self.history = [dict(h) for h in data["history"]]

    def _check(self) -> None:
        g = self.g
        seats = set(g.seats)
        if set(self.hands) != seats or set(self.vp) != seats or set(self.pending) != seats:
            raise RestoreError("hands, vp and pending must name exactly this game's seats")
        if self.phase not in ("commitment", "negotiation", "declare", "over"):
            raise RestoreError(f"unknown phase {self.phase!r}")
        everywhere = self.deck + self.discard + [c for h in self.hands.values() for c in h]
        if sorted(everywhere) != sorted(g.deck_cards):
            raise RestoreError(
                "every card of the deck must be in exactly one place (deck, discard or a hand)"
            )
        for seat, pend in self.pending.items():
            if not set(pend) <= set(self.hands[seat]) or len(pend) > MAX_DISCARD:
                raise RestoreError(
                    f"{seat}'s pending discards must be at most {MAX_DISCARD} cards from its hand"
                )
        if self.phase == "negotiation":
            if sorted(self.neg_order) != sorted(g.seats) or not 0 <= self.neg_pos < len(g.seats):
                raise RestoreError("bad negotiation order or position")
            o = self.offer
            if o is not None:
                if o["from"] not in seats or o["to"] not in seats or o["from"] == o["to"]:
                    raise RestoreError("offer must be between two different seats")
                if not set(o["give"]) <= set(self.hands[o["from"]]):
                    raise RestoreError("offered cards must be in the offerer's hand")
                if not set(o["taken"]) <= set(self.hands[o["to"]]):
                    raise RestoreError("cards chosen in return must be in the responder's hand")
        if not 0 <= self.turn <= g.o.turns:
            raise RestoreError(f"turn {self.turn} out of range")

    def _copy_data_to(self, other: State) -> None:
        assert isinstance(other, IraqState)
        other.g = self.g
        other.turn = self.turn
        other.phase = self.phase
        other.deck = self.deck[:]
        other.discard = self.discard[:]
        other.hands = {s: h[:] for s, h in self.hands.items()}
        other.vp = self.vp.copy()
        other.pending = {s: p[:] for s, p in self.pending.items()}
        other.committed = self.committed[:]
        other.declared = self.declared.copy()
        other.neg_round = self.neg_round
        other.neg_pos = self.neg_pos
        other.neg_order = self.neg_order[:]
        other.neg_offers = self.neg_offers
        o = self.offer
        other.offer = None if o is None else dict(o, give=o["give"][:], taken=o["taken"][:])
        other.history = self.history[:]  # entries are never changed once a turn is scored

    # ----------------------------------------------------------------------------------

    def _names(self, cards: list[int], with_values: bool = False) -> str:
        return ", ".join(map((self.g.card_label if with_values else self.g.card_name).__getitem__, cards))
