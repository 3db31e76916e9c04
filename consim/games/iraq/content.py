"""The Iraq card game's content: typed models of its files (validated at load time), its
options, and the static tables one set of options gives (shared by every state of a game).

>>> t = build_tables(IraqOptions(players=2))
>>> t.seats, len(t.deck_cards)
(('US', 'Insurgent'), 75)
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import cache
from pathlib import Path
from typing import Literal

from pydantic import BaseModel, ConfigDict, Field, ValidationError, model_validator

from consim.core.action import Action
from consim.core.content import FileProvenance, load_model
from consim.core.errors import ContentError
from consim.core.game import GameOptions

CONTENT_DIR = Path(__file__).parent / "content"

UseLetter = Literal["U", "K", "H", "N", "I", "E", "M", "A"]
#: [Three Player Game] the two sides a seat may count, by name
SideName = Literal["US", "Insurgent"]
SEAT_ORDER = ("US", "Sunni", "Shia", "Kurd", "Insurgent")


class _Strict(BaseModel):
    model_config = ConfigDict(extra="forbid", frozen=True)


class Card(_Strict):
    name: str = Field(min_length=1)
    use: UseLetter
    fv: int = Field(ge=1, le=5)


class CardsFile(_Strict):
    provenance: FileProvenance
    cards: list[Card]

    @model_validator(mode="after")
    def _unique(self) -> CardsFile:
        seen: set[str] = set()
        for card in self.cards:
            if card.name.casefold() in seen:
                raise ValueError(f"duplicate card name {card.name!r}")
            seen.add(card.name.casefold())
        return self


class Faction(_Strict):
    name: str
    uses: list[UseLetter] = Field(min_length=1)


class Conflict(_Strict):
    name: str
    seats: list[str] = Field(min_length=2)


class Scenario(_Strict):
    players: int = Field(ge=2, le=5)
    name: str
    seats: list[str]
    removal_readings: dict[str, list[UseLetter]] = Field(min_length=1)
    either_or_uses: list[UseLetter]


class ScenariosFile(_Strict):
    provenance: FileProvenance
    use_letters: dict[UseLetter, str]
    factions: dict[str, Faction]
    conflicts: dict[str, Conflict]
    scenarios: list[Scenario]

    @model_validator(mode="after")
    def _references(self) -> ScenariosFile:
        for key, conflict in self.conflicts.items():
            for seat in conflict.seats:
                if seat not in self.factions:
                    raise ValueError(f"conflict {key!r} names unknown faction {seat!r}")
        counts = [s.players for s in self.scenarios]
        if sorted(counts) != [2, 3, 4, 5]:
            raise ValueError(f"need one scenario for each of 2-5 players, got {counts}")
        for sc in self.scenarios:
            if len(sc.seats) != sc.players:
                raise ValueError(f"scenario {sc.name!r} has {len(sc.seats)} seats for {sc.players} players")
            for seat in sc.seats:
                if seat not in self.factions:
                    raise ValueError(f"scenario {sc.name!r} names unknown faction {seat!r}")
        return self


class IraqContent(_Strict):
    cards: CardsFile
    scenarios: ScenariosFile

    @model_validator(mode="after")
    def _balance(self) -> IraqContent:
        # [CARD LIST] + designer's note: each faction can use exactly 45 cards.
        for seat, faction in self.scenarios.factions.items():
            usable = [c for c in self.cards.cards if c.use in faction.uses]
            if len(usable) != 45:
                raise ValueError(f"{seat} can use {len(usable)} cards; the designer's note says 45")
        return self

    def scenario(self, players: int) -> Scenario:
        for sc in self.scenarios.scenarios:
            if sc.players == players:
                return sc
        raise KeyError(players)


def load_content(directory: Path = CONTENT_DIR) -> IraqContent:
    """Read and validate every Iraq content file (raises ``ContentError`` with file:line)."""
    cards = load_model(directory / "cards.yaml", CardsFile)
    scenarios = load_model(directory / "scenarios.yaml", ScenariosFile)
    try:
        return IraqContent(cards=cards, scenarios=scenarios)
    except ValidationError as exc:
        problems = "; ".join(str(e["msg"]) for e in exc.errors())
        raise ContentError(f"{directory}: cards.yaml and scenarios.yaml disagree: {problems}") from None


@cache
def default_content() -> IraqContent:
    return load_content()


# =============================================================================================
# Options
# =============================================================================================


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


# =============================================================================================
# The tables of one game
# =============================================================================================

FILTERS = ("any", "usable")
#: [Three Player Game] the either-or letters and the side each stands for
SIDE_NAME: dict[str, SideName] = {"U": "US", "I": "Insurgent"}


@dataclass(frozen=True, slots=True, eq=False)
class IraqTables:
    """Everything static about one game: the content, the options, the cards in play, who can
    use what, and the interned actions that legal-action lists reuse. Cards are ints (their
    position in the card list)."""

    opts: IraqOptions
    content: IraqContent
    scenario: Scenario
    seats: tuple[str, ...]
    card_name: tuple[str, ...]
    card_fv: tuple[int, ...]
    card_use: tuple[UseLetter, ...]
    card_label: tuple[str, ...]
    card_by_name: dict[str, int]
    #: [Card notation] each use letter of the cards in play, with what it means
    use_letters: tuple[tuple[UseLetter, str], ...]
    #: each card as a log reference, ("card", name)
    card_ref: tuple[tuple[str, str], ...]
    #: [Two/Four Player Game] the deck in play after the scenario's removals
    deck_cards: tuple[int, ...]
    removed_cards: tuple[int, ...]
    uses: dict[str, tuple[UseLetter, ...]]
    #: [Three Player Game] letters a seat may add, one of them per turn
    either_or: tuple[UseLetter, ...]
    usable: dict[str, frozenset[int]]
    side_cards: dict[UseLetter, frozenset[int]]
    #: cards a seat could ever count (own letters plus any either-or letter); for "usable" asks
    wanted: dict[str, frozenset[int]]
    conflicts: dict[str, tuple[str, ...]]
    a_discard: tuple[Action, ...]
    a_give: tuple[Action, ...]
    #: [Negotiations Phase] naming a card wanted in return: 'want', then the card (or 'back')
    a_want_any: Action
    a_want: tuple[Action, ...]
    #: each seat's 'want' choices in the order they are offered (the deck's cards it could
    #: count first, then the others), and each card's place in that order
    want_order: dict[str, tuple[Action, ...]]
    want_index: dict[str, dict[int, int]]
    a_back: Action
    #: [Negotiations Phase] a seat's choices on its turn: pass, or an offer to each other seat
    offer_menu: dict[str, tuple[Action, ...]]
    a_ask0: Action
    a_cancel: Action
    #: the "ask" actions (and cancel) offered when the partner holds at least n cards
    ask_menu: tuple[tuple[Action, ...], ...]
    a_declare: dict[UseLetter, Action]
    a_done: Action
    a_pass: Action
    a_accept: Action
    a_decline: Action
    a_counter: Action


def build_tables(opts: IraqOptions, content: IraqContent | None = None) -> IraqTables:
    """The static tables of a game with these options."""
    content = content or default_content()
    scenario = content.scenario(opts.players)
    seats = tuple(s for s in SEAT_ORDER if s in scenario.seats)
    reading = opts.two_player_removal if opts.players == 2 else "standard"
    removed_uses = set(scenario.removal_readings[reading])
    cards = content.cards.cards
    deck_cards = tuple(i for i, c in enumerate(cards) if c.use not in removed_uses)
    factions = content.scenarios.factions
    uses = {s: tuple(factions[s].uses) for s in seats}
    either_or = tuple(scenario.either_or_uses)
    usable = {s: frozenset(i for i in deck_cards if cards[i].use in uses[s]) for s in seats}
    side_cards = {letter: frozenset(i for i in deck_cards if cards[i].use == letter) for letter in either_or}
    conflicts: dict[str, tuple[str, ...]] = {}
    for conflict in content.scenarios.conflicts.values():
        present = tuple(s for s in conflict.seats if s in seats)
        if len(present) >= 2:
            conflicts[conflict.name] = present
    wanted = {s: usable[s].union(*side_cards.values()) for s in seats}
    want_cards = {
        s: [*(c for c in deck_cards if c in w), *(c for c in deck_cards if c not in w)]
        for s, w in wanted.items()
    }
    a_want = tuple(Action("want", (c.name,)) for c in cards)
    asks = {(n, f): Action("ask", (str(n), f)) for n in range(1, opts.max_trade_cards + 1) for f in FILTERS}
    a_cancel = Action("cancel")
    a_pass = Action("pass")
    return IraqTables(
        opts=opts,
        content=content,
        scenario=scenario,
        seats=seats,
        card_name=tuple(c.name for c in cards),
        card_fv=tuple(c.fv for c in cards),
        card_use=tuple(c.use for c in cards),
        card_label=tuple(f"{c.name} ({c.use}{c.fv})" for c in cards),
        card_by_name={c.name: i for i, c in enumerate(cards)},
        use_letters=tuple(
            (letter, meaning)
            for letter, meaning in content.scenarios.use_letters.items()
            if any(cards[c].use == letter for c in deck_cards)
        ),
        card_ref=tuple(("card", c.name) for c in cards),
        deck_cards=deck_cards,
        removed_cards=tuple(i for i, c in enumerate(cards) if c.use in removed_uses),
        uses=uses,
        either_or=either_or,
        usable=usable,
        side_cards=side_cards,
        wanted=wanted,
        conflicts=conflicts,
        a_discard=tuple(Action("discard", (c.name,)) for c in cards),
        a_give=tuple(Action("give", (c.name,)) for c in cards),
        a_want_any=Action("want"),
        a_want=a_want,
        want_order={s: tuple(a_want[c] for c in want_cards[s]) for s in seats},
        want_index={s: {c: i for i, c in enumerate(want_cards[s])} for s in seats},
        a_back=Action("back"),
        offer_menu={s: (a_pass, *(Action("offer", (o,)) for o in seats if o != s)) for s in seats},
        a_ask0=Action("ask", ("0",)),
        a_cancel=a_cancel,
        ask_menu=tuple(
            (*(asks[(k, f)] for k in range(1, n + 1) for f in FILTERS), a_cancel)
            for n in range(opts.max_trade_cards + 1)
        ),
        a_declare={letter: Action("declare", (SIDE_NAME[letter],)) for letter in either_or},
        a_done=Action("done"),
        a_pass=a_pass,
        a_accept=Action("accept"),
        a_decline=Action("decline"),
        a_counter=Action("counter"),
    )
