"""Fitna's content: the schema of its files (``schema``, re-exported here), the game's options,
the constants the rules share (forces, countries, the CRT) and the tables of one game
(``FitnaTables``, built once per scenario and options by ``build_tables``).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, Literal, TypedDict, get_args

from pydantic import Field

from consim.core.action import Action
from consim.core.errors import OptionError
from consim.core.game import GameOptions
from consim.games.fitna.schema import (
    CONTENT_DIR,
    Batch,
    Cancel,
    Card,
    CardsFile,
    CardSymbol,
    ColumnShift,
    Condition,
    ControlCount,
    ControlSpaces,
    Counter,
    CountersFile,
    DenySpaces,
    DrawCards,
    Effect,
    Entrench,
    EntryBan,
    ExtraOps,
    ExtraSupply,
    FitnaContent,
    HoldUnits,
    Intervention,
    MapFile,
    MarkerSet,
    OpponentLosesCards,
    Placement,
    Reinforcements,
    RevealStack,
    Scenario,
    ScenariosFile,
    SeatDef,
    SeatVictory,
    Space,
    SpecialJoker,
    Strike,
    TensionChange,
    Values,
    VPMargin,
    default_content,
    load_content,
    load_scenarios,
)
from consim.games.fitna.two_players import two_player_version
from consim.games.fitna.vocabulary import (
    ColourGroup,
    Country,
    Force,
    Handler,
    KurdishFaction,
    Terrain,
    UnitSize,
    VictoryHandler,
)

# =============================================================================================
# Options [31.1 and the first edition's readings]
# =============================================================================================


class FitnaOptions(GameOptions):
    """Options of a Fitna game: the scenario, the way victory is judged, and the readings of
    the first edition (``fitna-rules.txt``) where it differs from the second (NOTES.md)."""

    scenario: int = Field(1, ge=1, le=99, description="the scenario (32.0); playable: see consim list")
    scenario_file: str = Field(
        "",
        description="a scenario of your own (33.0): the path of its YAML file, which replaces "
        "'scenario' (check it with 'consim validate FILE')",
        # a file of the machine that runs the game: the web server does not offer it
        json_schema_extra={"local_only": True},
    )
    players: int | None = Field(
        None,
        ge=2,
        le=6,
        description="31.0, 32.0: 2 plays a scenario of more players with two, as the scenario says "
        "who plays what; otherwise the scenario's own number of players",
    )
    victory: Literal["scenario", "points"] = Field(
        "scenario",
        description="judge victory by the scenario's conditions (31.0) or by Victory Points (31.1)",
    )
    dr_star_split: Literal["if_possible", "owner_choice"] = Field(
        "if_possible",
        description="DR*: the two steps must fall on two units if possible (2nd edition, 18.4) "
        "or may (1st edition: 'can be split')",
    )
    reinforcements: Literal["supplied_from_country", "in_country"] = Field(
        "supplied_from_country",
        description="15.0: reinforcements arrive on controlled spaces supplied from their own "
        "country (2nd edition) or on controlled, supplied spaces in it (1st edition)",
    )
    vp_own_country: Literal["excluded", "counted"] = Field(
        "excluded",
        description="31.1: a player's own country scores no VP except for Syria and Iraq "
        "(2nd edition), or every controlled space scores (1st edition)",
    )
    coup_losses: Literal["pool", "removed"] = Field(
        "pool",
        description="23.2-23.3: units that fail a coup test on 3-4 go to the Force Pool "
        "(2nd edition) or leave the game (1st edition)",
    )
    initiative: Literal["scenario", "bids", "last_turn_bids"] = Field(
        "scenario",
        description="7.0/7.1: the scenario's order of play every turn, secret OP bids every "
        "turn (optional rule 7.1, three or more players), or bids on the last turn only",
    )
    coup_withdrawal: Literal["allied", "any"] = Field(
        "allied",
        description="23.2-23.3: the losing camp withdraws to the closest allied space free of "
        "enemies (2nd edition) or the closest space free of enemies (1st edition)",
    )


# =============================================================================================
# The tables of one game: everything static, as ints and tuples
# =============================================================================================

FORCES: tuple[str, ...] = get_args(Force)
COUNTRIES: tuple[str, ...] = get_args(Country)
#: [26.0] the Kurdish factions in side order
FACTIONS: tuple[str, ...] = ("KDP", "PYD", "PKK")
KURD_FORCE = {"KDP": "kdp", "PYD": "pyd", "PKK": "pkk"}
#: where a unit that is not on the map is (the place table continues the space table)
OFF_MAP = ("pool", "eliminated", "removed", "unused")
OFF_MAP_NAMES = ("Force Pool", "replacements section", "out of the game", "not in this scenario")

#: how forces are named in text a player reads
FORCE_LABEL: dict[str, str] = {
    "syria": "Syria",
    "iraq": "Iraq",
    "iran": "Iran",
    "israel": "Israel",
    "turkey": "Turkey",
    "saudi_arabia": "Saudi Arabia",
    "russia": "Russia",
    "us": "US",
    "france": "France",
    "uk": "UK",
    "jordan": "Jordan",
    "egypt": "Egypt",
    "kuwait": "Kuwait",
    "uae": "UAE",
    "bahrain": "Bahrain",
    "qatar": "Qatar",
    "oman": "Oman",
    "yemen": "Yemen",
    "lebanese_army": "Lebanese Army",
    "hezbollah": "Hezbollah",
    "shia_militia": "Shia militia",
    "sunni_militia": "Sunni militia",
    "al_sham_militia": "Al Sham militia",
    "fsa": "Free Syrian Army",
    "fia": "Free Iraqi Army",
    "kdp": "KDP",
    "pyd": "PYD",
    "pkk": "PKK",
    "is": "IS",
}
COUNTRY_LABEL: dict[str, str] = {
    "iraq": "Iraq",
    "syria": "Syria",
    "lebanon": "Lebanon",
    "kuwait": "Kuwait",
    "israel": "Israel",
    "turkey": "Turkey",
    "iran": "Iran",
    "jordan": "Jordan",
    "saudi_arabia": "Saudi Arabia",
}
#: [14.2] the Arab Allied armies (supplied from Saudi Arabia; Jordan and Egypt also from Jordan)
ARAB_ALLIES = frozenset({"jordan", "egypt", "kuwait", "uae", "bahrain", "qatar", "oman", "yemen"})
#: [14.10, 21.0] the Western forces
WESTERN = frozenset({"us", "france", "uk"})
#: [15.0] the country whose spaces a force's reinforcements arrive in; forces absent here
#: arrive by their own rule (15.0 list) or anywhere friendly
HOME: dict[str, str] = {
    "syria": "syria",
    "iraq": "iraq",
    "iran": "iran",
    "israel": "israel",
    "turkey": "turkey",
    "saudi_arabia": "saudi_arabia",
    "kuwait": "kuwait",
    "jordan": "jordan",
    "egypt": "jordan",
    "uae": "saudi_arabia",
    "bahrain": "saudi_arabia",
    "qatar": "saudi_arabia",
    "oman": "saudi_arabia",
    "yemen": "saudi_arabia",
    "lebanese_army": "lebanon",
    "hezbollah": "lebanon",
    "fsa": "syria",
    "fia": "iraq",
}
#: [17.2.2] airmobile assaults never fly over these countries, except for their own units
NO_OVERFLIGHT: dict[str, str] = {
    "turkey": "turkey",
    "israel": "israel",
    "iran": "iran",
    "saudi_arabia": "saudi_arabia",
}
#: [18.1] the CRT's columns: (lowest difference, label), left to right
CRT_COLUMNS: tuple[tuple[int, str], ...] = (
    (-(10**6), "-8 or less"),
    (-7, "-5 to -7"),
    (-4, "-2 to -4"),
    (-1, "-1 to +1"),
    (2, "+2 to +4"),
    (5, "+5 to +7"),
    (8, "+8 to +10"),
    (11, "+11 to +13"),
    (14, "+14 to +17"),
    (18, "+18 or more"),
)
#: [18.4] a result of the Combat Resolution Table: attacker repulsed (AR), exchange (EX),
#: defender retreats (DR), defender surrenders (DS); an asterisk marks heavier losses
CrtResult = Literal["AR*", "AR", "EX", "EX*", "DR", "DR*", "DS"]
#: [18.1] the Combat Resolution Table as printed: CRT[die - 1][column]
CRT: tuple[tuple[CrtResult, ...], ...] = (
    ("AR*", "AR*", "AR", "AR", "AR", "AR", "AR", "EX", "EX", "DR"),
    ("AR*", "AR", "AR", "AR", "AR", "EX", "EX", "EX", "DR", "DR"),
    ("AR", "AR", "AR", "EX", "EX", "EX*", "EX", "DR", "DR", "DR*"),
    ("AR", "AR", "EX", "EX*", "EX*", "DR", "DR", "DR", "DR*", "DS"),
    ("AR", "EX", "EX*", "EX*", "DR", "DR", "DR", "DR*", "DS", "DS"),
    ("EX", "EX*", "DR", "DR", "DR", "DR", "DR*", "DS", "DS", "DS"),
)


def crt_column(difference: int) -> int:
    """[18.1] The CRT column (0 = "-8 or less" .. 9 = "+18 or more") of an attack-minus-defence
    difference.

    >>> crt_column(15), crt_column(-8), crt_column(0), crt_column(40)
    (8, 0, 3, 9)
    """
    col = 0
    for i, (low, _) in enumerate(CRT_COLUMNS):
        if difference >= low:
            col = i
    return col


def space_vp(s: Space) -> int:
    """[31.1] The Victory Points a controlled space is worth.

    Religious city 4, objective 3 (Mosul, an objective with an oilfield, counts 3), oilfield 2,
    any other space 1.
    """
    if s.holy:
        return 4
    if s.objective:
        return 3
    if s.oilfield:
        return 2
    return 1


@dataclass(frozen=True, slots=True, eq=False)
class FitnaTables:
    """Everything static about one game: content, options and scenario turned into ints and
    tuples (spaces, counters, cards, forces and sides by index), and the interned actions that
    legal-action lists reuse."""

    opts: FitnaOptions
    content: FitnaContent
    scenario: Scenario
    # -- seats and sides [1.0, 5.0, docs/fitna-design.md section 1] -------------------------------
    seats: tuple[str, ...]
    initiative: tuple[str, ...]
    seat_index: dict[str, int]
    #: seats, then IS, KDP, PYD, PKK and Neutral
    side_names: tuple[str, ...]
    IS: int
    KDP: int
    PYD: int
    PKK: int
    NEUTRAL: int
    seat_forces: tuple[frozenset[int], ...]
    seat_countries: tuple[frozenset[int], ...]
    seat_jokers: tuple[int, ...]
    seat_special: tuple[tuple[int, ...], ...]
    seat_free_ops: tuple[int, ...]
    # -- forces ------------------------------------------------------------------------------------
    force_index: dict[str, int]
    #: the side each force belongs to at the start (NEUTRAL: not in play)
    force_side: tuple[int, ...]
    # -- spaces [2.1] --------------------------------------------------------------------------------
    n_spaces: int
    space_id: tuple[str, ...]
    space_name: tuple[str, ...]
    space_by_name: dict[str, int]
    space_by_id: dict[str, int]
    place_names: tuple[str, ...]
    country_index: dict[str, int]
    space_country: tuple[int, ...]
    space_defence: tuple[int, ...]
    space_terrain: tuple[str, ...]
    space_city: tuple[bool, ...]
    space_oil: tuple[bool, ...]
    space_holy: tuple[bool, ...]
    space_objective: tuple[bool, ...]
    space_is_symbol: tuple[bool, ...]
    #: [26.0] the Kurdish faction's side of the space's faction name, or -1
    space_kurd_side: tuple[int, ...]
    space_coastal: tuple[bool, ...]
    space_vp: tuple[int, ...]
    #: [14.x] the forces each space supplies
    space_supplies: tuple[frozenset[int], ...]
    adj: tuple[tuple[int, ...], ...]
    #: spaces of the countries the scenario leaves out of play
    out_of_play: frozenset[int]
    #: [14.10] the US and Western sources of this scenario
    us_supply: frozenset[int]
    # -- counters [3.0] --------------------------------------------------------------------------
    n_units: int
    unit_id: tuple[str, ...]
    unit_label: tuple[str, ...]
    unit_by_label: dict[str, int]
    unit_by_id: dict[str, int]
    unit_force: tuple[int, ...]
    #: the counters of each force
    force_units: tuple[tuple[int, ...], ...]
    #: (full, reduced) values; a one-step counter repeats its full values
    unit_attack: tuple[tuple[int, int], ...]
    unit_defence: tuple[tuple[int, int], ...]
    unit_move: tuple[tuple[int, int], ...]
    #: [3.1] the colour group of each counter (for drawing)
    unit_colour: tuple[str, ...]
    unit_steps: tuple[int, ...]
    unit_airmobile: tuple[bool, ...]
    unit_armour: tuple[bool, ...]
    unit_corps: tuple[bool, ...]
    #: [3.0, 23.1] corps, division, brigade, regiment, group or garrison
    unit_size: tuple[str, ...]
    unit_garrison: tuple[bool, ...]
    unit_decoy: tuple[bool, ...]
    unit_baghdadi: tuple[bool, ...]
    unit_is: tuple[bool, ...]
    #: [26.0] the Kurdish side of a Kurdish unit, or -1
    unit_kurd_side: tuple[int, ...]
    unit_loyal: tuple[bool, ...]
    unit_wave: tuple[int, ...]
    unit_iranian: tuple[bool, ...]
    # -- cards [8.0-10.0] --------------------------------------------------------------------------
    n_cards: int
    card_name: tuple[str, ...]
    card_label: tuple[str, ...]
    card_by_name: dict[str, tuple[int, ...]]
    card_asset: tuple[bool, ...]
    card_ops: tuple[int, ...]
    card_ht: tuple[bool, ...]
    card_symbols: tuple[frozenset[str], ...]
    card_usable_by: tuple[frozenset[int], ...]
    card_min_turn: tuple[int, ...]
    card_requires: tuple[tuple[int, ...], ...]
    card_removed: tuple[bool, ...]
    card_scenarios: tuple[frozenset[int], ...]
    card_negatable: tuple[bool, ...]
    card_effects: tuple[tuple[Any, ...], ...]
    card_tags: tuple[frozenset[str], ...]
    card_text: tuple[str, ...]
    #: the cards in this game (the scenario's removals taken out) and the High Tension ones
    deck: tuple[int, ...]
    high_tension: tuple[int, ...]
    # -- Special Jokers [10.0] ---------------------------------------------------------------------
    joker_id: tuple[str, ...]
    joker_name: tuple[str, ...]
    joker_force: tuple[int, ...]
    joker_effects: tuple[tuple[Any, ...], ...]
    joker_by_name: dict[str, int]
    # -- the scenario's reinforcements [15.0] -----------------------------------------------------
    batches: dict[str, tuple[tuple[int, ...], ...]]
    #: [19.0] entrenchment markers in the box (they may all be on the map at once)
    entrenchments: int
    #: per space, the forces barred from it and the seats it is open to (None: all), by the
    #: scenario's entry bans
    space_barred: tuple[frozenset[int], ...]
    space_open_to: tuple[frozenset[int] | None, ...]
    no_stacking: frozenset[tuple[int, int]]
    #: [14.x] per force, the extra supply sources the scenario gives it (``ExtraSupply``)
    extra_sources: tuple[frozenset[int], ...]
    _interned: dict[tuple[str, tuple[str, ...]], Action] = field(default_factory=dict)

    def action(self, verb: str, *args: str) -> Action:
        """The one :class:`Action` of this text, built once per game."""
        key = (verb, args)
        found = self._interned.get(key)
        if found is None:
            found = self._interned[key] = Action(verb, args)
        return found

    def force(self, name: str) -> int:
        return self.force_index[name]

    def unit_values(self, u: int, reduced: bool) -> tuple[int, int, int]:
        """(attack, defence, movement) of counter ``u`` on the side shown."""
        k = 1 if reduced else 0
        return self.unit_attack[u][k], self.unit_defence[u][k], self.unit_move[u][k]


def _unit_labels(counters: list[Counter]) -> tuple[str, ...]:
    """Names as printed, made unique with the force where two counters share one
    ("7 Arm Bde (Israel)", "7 Arm Bde (UK)")."""
    seen: dict[str, int] = {}
    for c in counters:
        seen[c.name] = seen.get(c.name, 0) + 1
    labels: list[str] = []
    used: set[str] = set()
    for c in counters:
        label = c.name if seen[c.name] == 1 else f"{c.name} ({FORCE_LABEL[c.force]})"
        n = 2
        base = label
        while label in used:
            label = f"{base} {n}"
            n += 1
        used.add(label)
        labels.append(label)
    return tuple(labels)


def _open_to(sc: Scenario, country: str, seats: tuple[str, ...]) -> frozenset[int] | None:
    found: frozenset[int] | None = None
    for b in sc.entry_bans:
        if country in b.countries and b.open_to:
            allowed = frozenset(seats.index(x) for x in b.open_to)
            found = allowed if found is None else found & allowed
    return found


def playable_scenarios(content: FitnaContent | None = None) -> tuple[int, ...]:
    """The numbers of the scenarios marked playable."""
    content = content or default_content()
    return tuple(s.number for s in content.scenarios.scenarios if s.playable)


class _SeatTables(TypedDict):
    """The seats' and sides' fields of :class:`FitnaTables`."""

    seats: tuple[str, ...]
    initiative: tuple[str, ...]
    seat_index: dict[str, int]
    side_names: tuple[str, ...]
    IS: int
    KDP: int
    PYD: int
    PKK: int
    NEUTRAL: int
    seat_forces: tuple[frozenset[int], ...]
    seat_countries: tuple[frozenset[int], ...]
    seat_jokers: tuple[int, ...]
    seat_special: tuple[tuple[int, ...], ...]
    seat_free_ops: tuple[int, ...]
    force_side: tuple[int, ...]


class _SpaceTables(TypedDict):
    """The map's fields of :class:`FitnaTables`."""

    n_spaces: int
    space_id: tuple[str, ...]
    space_name: tuple[str, ...]
    space_by_name: dict[str, int]
    space_by_id: dict[str, int]
    place_names: tuple[str, ...]
    space_country: tuple[int, ...]
    space_defence: tuple[int, ...]
    space_terrain: tuple[str, ...]
    space_city: tuple[bool, ...]
    space_oil: tuple[bool, ...]
    space_holy: tuple[bool, ...]
    space_objective: tuple[bool, ...]
    space_is_symbol: tuple[bool, ...]
    space_kurd_side: tuple[int, ...]
    space_coastal: tuple[bool, ...]
    space_vp: tuple[int, ...]
    space_supplies: tuple[frozenset[int], ...]
    adj: tuple[tuple[int, ...], ...]
    out_of_play: frozenset[int]
    us_supply: frozenset[int]


class _UnitTables(TypedDict):
    """The counters' fields of :class:`FitnaTables`."""

    n_units: int
    unit_id: tuple[str, ...]
    unit_label: tuple[str, ...]
    unit_by_label: dict[str, int]
    unit_by_id: dict[str, int]
    unit_force: tuple[int, ...]
    force_units: tuple[tuple[int, ...], ...]
    unit_attack: tuple[tuple[int, int], ...]
    unit_defence: tuple[tuple[int, int], ...]
    unit_move: tuple[tuple[int, int], ...]
    unit_colour: tuple[str, ...]
    unit_steps: tuple[int, ...]
    unit_airmobile: tuple[bool, ...]
    unit_armour: tuple[bool, ...]
    unit_corps: tuple[bool, ...]
    unit_size: tuple[str, ...]
    unit_garrison: tuple[bool, ...]
    unit_decoy: tuple[bool, ...]
    unit_baghdadi: tuple[bool, ...]
    unit_is: tuple[bool, ...]
    unit_kurd_side: tuple[int, ...]
    unit_loyal: tuple[bool, ...]
    unit_wave: tuple[int, ...]
    unit_iranian: tuple[bool, ...]


class _CardTables(TypedDict):
    """The cards' fields of :class:`FitnaTables`."""

    n_cards: int
    card_name: tuple[str, ...]
    card_label: tuple[str, ...]
    card_by_name: dict[str, tuple[int, ...]]
    card_asset: tuple[bool, ...]
    card_ops: tuple[int, ...]
    card_ht: tuple[bool, ...]
    card_symbols: tuple[frozenset[str], ...]
    card_usable_by: tuple[frozenset[int], ...]
    card_min_turn: tuple[int, ...]
    card_requires: tuple[tuple[int, ...], ...]
    card_removed: tuple[bool, ...]
    card_scenarios: tuple[frozenset[int], ...]
    card_negatable: tuple[bool, ...]
    card_effects: tuple[tuple[Any, ...], ...]
    card_tags: tuple[frozenset[str], ...]
    card_text: tuple[str, ...]
    deck: tuple[int, ...]
    high_tension: tuple[int, ...]


class _JokerTables(TypedDict):
    """The Special Jokers' fields of :class:`FitnaTables`."""

    joker_id: tuple[str, ...]
    joker_name: tuple[str, ...]
    joker_force: tuple[int, ...]
    joker_effects: tuple[tuple[Any, ...], ...]
    joker_by_name: dict[str, int]


class _ScenarioTables(TypedDict):
    """The fields of :class:`FitnaTables` the scenario's special rules give."""

    batches: dict[str, tuple[tuple[int, ...], ...]]
    entrenchments: int
    space_barred: tuple[frozenset[int], ...]
    space_open_to: tuple[frozenset[int] | None, ...]
    no_stacking: frozenset[tuple[int, int]]
    extra_sources: tuple[frozenset[int], ...]


def build_tables(opts: FitnaOptions, content: FitnaContent | None = None) -> FitnaTables:
    """The static tables of a game with these options (``content``: the game's own files by
    default, or another set such as a test fixture)."""
    content = content or default_content()
    sc = _scenario(opts, content)
    force_index = {f: i for i, f in enumerate(FORCES)}
    country_index = {c: i for i, c in enumerate(COUNTRIES)}
    seats = _seat_tables(content, sc, force_index, country_index)
    kurds = (seats["KDP"], seats["PYD"], seats["PKK"])
    spaces = _space_tables(content, sc, force_index, country_index, kurds)
    units = _unit_tables(content.counters.counters, force_index, kurds)
    return FitnaTables(
        opts=opts,
        content=content,
        scenario=sc,
        force_index=force_index,
        country_index=country_index,
        **seats,
        **spaces,
        **units,
        **_card_tables(content, sc, force_index),
        **_joker_tables(content.cards.special_jokers, force_index),
        **_scenario_tables(
            content, sc, seats["seats"], force_index, spaces["space_by_id"], units["unit_by_id"]
        ),
    )


def _scenario(opts: FitnaOptions, content: FitnaContent) -> Scenario:
    """The scenario the options play (its two-player version [31.0] if they ask for two
    players), refusing one that is unknown, not playable yet, or does not fit the options."""
    found = [s for s in content.scenarios.scenarios if s.number == opts.scenario]
    if not found:
        known = ", ".join(str(s.number) for s in content.scenarios.scenarios) or "none"
        raise OptionError(f"fitna has no scenario {opts.scenario} (known: {known})")
    sc = found[0]
    if not sc.playable:
        playable = ", ".join(str(n) for n in playable_scenarios(content)) or "none yet"
        raise OptionError(f"fitna scenario {sc.number} is not playable yet (playable: {playable}) [32.0]")
    if opts.players is not None and opts.players != len(sc.seats):
        if opts.players != 2:
            raise OptionError(
                f"fitna scenario {sc.number} is for {len(sc.seats)} players, or 2 (31.0), "
                f"not {opts.players} [32.0]"
            )
        sc = two_player_version(sc)
    n = len(sc.seats)
    if opts.initiative != "scenario" and n < 3:
        raise OptionError(
            f"initiative bids are for scenarios of three or more players; scenario {sc.number} has {n} [7.1]"
        )
    return sc


def _seat_tables(
    content: FitnaContent, sc: Scenario, force_index: dict[str, int], country_index: dict[str, int]
) -> _SeatTables:
    """The seats and the sides (the seats, then IS, KDP, PYD, PKK and Neutral): what each seat
    holds, and the side each force belongs to at the start."""
    seat_defs = sc.seats
    seats = tuple(s.name for s in seat_defs)
    n = len(seats)
    is_side, kdp, pyd, pkk, neutral = n, n + 1, n + 2, n + 3, n + 4
    force_side = [neutral] * len(FORCES)
    force_side[force_index["is"]] = is_side
    force_side[force_index["kdp"]] = kdp
    force_side[force_index["pyd"]] = pyd
    force_side[force_index["pkk"]] = pkk
    for i, sd in enumerate(seat_defs):
        for f in sd.forces:
            force_side[force_index[f]] = i
    joker_index = {j.id: i for i, j in enumerate(content.cards.special_jokers)}
    return _SeatTables(
        seats=seats,
        initiative=tuple(sc.initiative),
        seat_index={s: i for i, s in enumerate(seats)},
        side_names=(*seats, "IS", "KDP", "PYD", "PKK", "Neutral"),
        IS=is_side,
        KDP=kdp,
        PYD=pyd,
        PKK=pkk,
        NEUTRAL=neutral,
        seat_forces=tuple(frozenset(force_index[f] for f in sd.forces) for sd in seat_defs),
        seat_countries=tuple(frozenset(country_index[c] for c in sd.countries) for sd in seat_defs),
        seat_jokers=tuple(sd.jokers for sd in seat_defs),
        seat_special=tuple(tuple(joker_index[j] for j in sd.special_jokers) for sd in seat_defs),
        seat_free_ops=tuple(sd.free_ops_turn1 for sd in seat_defs),
        force_side=tuple(force_side),
    )


def _space_tables(
    content: FitnaContent,
    sc: Scenario,
    force_index: dict[str, int],
    country_index: dict[str, int],
    kurds: tuple[int, int, int],
) -> _SpaceTables:
    """The map's spaces [2.1] by index: their names, terrain and worth, their neighbours, and
    which are out of play or US supply sources in this scenario. ``kurds``: the KDP's, the
    PYD's and the PKK's sides."""
    spaces = content.map.spaces
    space_by_id = {s.id: i for i, s in enumerate(spaces)}
    neighbours: list[set[int]] = [set() for _ in spaces]
    for a, b in content.map.links:
        neighbours[space_by_id[a]].add(space_by_id[b])
        neighbours[space_by_id[b]].add(space_by_id[a])
    kurd_side = dict(zip(("KDP", "PYD", "PKK"), kurds, strict=True))
    out_countries = set(sc.out_of_play)
    return _SpaceTables(
        n_spaces=len(spaces),
        space_id=tuple(s.id for s in spaces),
        space_name=tuple(s.name for s in spaces),
        space_by_name={s.name: i for i, s in enumerate(spaces)},
        space_by_id=space_by_id,
        place_names=(*(s.id for s in spaces), *OFF_MAP),
        space_country=tuple(country_index[s.country] for s in spaces),
        space_defence=tuple(s.defence for s in spaces),
        space_terrain=tuple(s.terrain for s in spaces),
        space_city=tuple(s.city for s in spaces),
        space_oil=tuple(s.oilfield for s in spaces),
        space_holy=tuple(s.holy for s in spaces),
        space_objective=tuple(s.objective for s in spaces),
        space_is_symbol=tuple(s.is_symbol for s in spaces),
        space_kurd_side=tuple(kurd_side[s.kurdish] if s.kurdish else -1 for s in spaces),
        space_coastal=tuple(s.coastal for s in spaces),
        space_vp=tuple(space_vp(s) for s in spaces),
        space_supplies=tuple(frozenset(force_index[f] for f in s.supply) for s in spaces),
        adj=tuple(tuple(sorted(nb)) for nb in neighbours),
        out_of_play=frozenset(i for i, s in enumerate(spaces) if s.country in out_countries),
        us_supply=frozenset(space_by_id[s] for s in sc.us_supply),
    )


def _sides(c: Counter) -> tuple[Values, Values]:
    """A counter's (full, reduced) values; a one-step counter repeats its full values."""
    return c.full, c.reduced if c.reduced is not None else c.full


def _unit_tables(
    counters: list[Counter], force_index: dict[str, int], kurds: tuple[int, int, int]
) -> _UnitTables:
    """The counters [3.0] by index: their labels, forces, values and kinds. ``kurds``: the
    KDP's, the PYD's and the PKK's sides."""
    labels = _unit_labels(counters)
    kurd_side = dict(zip(("kdp", "pyd", "pkk"), kurds, strict=True))
    return _UnitTables(
        n_units=len(counters),
        unit_id=tuple(c.id for c in counters),
        unit_label=labels,
        unit_by_label={lab: i for i, lab in enumerate(labels)},
        unit_by_id={c.id: i for i, c in enumerate(counters)},
        unit_force=tuple(force_index[c.force] for c in counters),
        force_units=tuple(tuple(i for i, c in enumerate(counters) if c.force == f) for f in FORCES),
        unit_attack=tuple((f.attack or 0, r.attack or 0) for f, r in map(_sides, counters)),
        unit_defence=tuple((f.defence, r.defence) for f, r in map(_sides, counters)),
        unit_move=tuple((f.movement or 0, r.movement or 0) for f, r in map(_sides, counters)),
        unit_colour=tuple(c.colour for c in counters),
        unit_steps=tuple(c.steps for c in counters),
        unit_airmobile=tuple(c.airmobile for c in counters),
        unit_armour=tuple(c.armour for c in counters),
        unit_corps=tuple(c.size == "corps" for c in counters),
        unit_size=tuple(c.size for c in counters),
        unit_garrison=tuple(c.static for c in counters),
        unit_decoy=tuple(c.decoy for c in counters),
        unit_baghdadi=tuple(c.al_baghdadi for c in counters),
        unit_is=tuple(c.force == "is" for c in counters),
        unit_kurd_side=tuple(kurd_side.get(c.force, -1) for c in counters),
        unit_loyal=tuple(c.loyal for c in counters),
        unit_wave=tuple(c.wave or 0 for c in counters),
        unit_iranian=tuple(c.iranian for c in counters),
    )


def _card_tables(content: FitnaContent, sc: Scenario, force_index: dict[str, int]) -> _CardTables:
    """The cards [8.0-9.0] by index, their tags, and the deck of this scenario (its removals
    taken out) with its High Tension cards."""
    cards = content.cards.cards
    card_tags: list[frozenset[str]] = []
    for c in cards:
        tags: set[str] = {tag for tag, numbers in content.cards.tags.items() if c.number in numbers}
        if c.kind == "asset" and c.negatable:
            tags.add("asset")
        card_tags.append(frozenset(tags))
    by_name: dict[str, list[int]] = {}
    for i, c in enumerate(cards):
        by_name.setdefault(c.name, []).append(i)
    removed = {n - 1 for n in sc.removed_cards}
    deck = tuple(i for i in range(len(cards)) if i not in removed)
    return _CardTables(
        n_cards=len(cards),
        card_name=tuple(c.name for c in cards),
        card_label=tuple(f"#{c.number} {c.name}" for c in cards),
        card_by_name={k: tuple(v) for k, v in by_name.items()},
        card_asset=tuple(c.kind == "asset" for c in cards),
        card_ops=tuple(c.ops for c in cards),
        card_ht=tuple(c.high_tension for c in cards),
        card_symbols=tuple(frozenset(c.symbols) for c in cards),
        card_usable_by=tuple(frozenset(force_index[f] for f in c.usable_by) for c in cards),
        card_min_turn=tuple(c.min_turn for c in cards),
        card_requires=tuple(tuple(r - 1 for r in c.requires) for c in cards),
        card_removed=tuple(c.removed_after_event for c in cards),
        card_scenarios=tuple(frozenset(c.scenarios) for c in cards),
        card_negatable=tuple(c.negatable for c in cards),
        card_effects=tuple(tuple(c.effects) for c in cards),
        card_tags=tuple(card_tags),
        card_text=tuple(c.text for c in cards),
        deck=deck,
        high_tension=tuple(i for i in deck if cards[i].high_tension),
    )


def _joker_tables(jokers: list[SpecialJoker], force_index: dict[str, int]) -> _JokerTables:
    """The Special Jokers [10.0] by index."""
    return _JokerTables(
        joker_id=tuple(j.id for j in jokers),
        joker_name=tuple(j.name for j in jokers),
        joker_force=tuple(force_index[j.force] for j in jokers),
        joker_effects=tuple(tuple(j.effects) for j in jokers),
        joker_by_name={j.name: i for i, j in enumerate(jokers)},
    )


def _scenario_tables(
    content: FitnaContent,
    sc: Scenario,
    seats: tuple[str, ...],
    force_index: dict[str, int],
    space_by_id: dict[str, int],
    unit_by_id: dict[str, int],
) -> _ScenarioTables:
    """What the scenario's special rules give: its reinforcements [15.0] as counters, the
    entrenchment markers [19.0], its entry bans and stacking bans, its extra supply sources."""
    spaces = content.map.spaces
    return _ScenarioTables(
        batches={
            seat: tuple(tuple(unit_by_id[c] for c in b.counters) for b in bs)
            for seat, bs in sc.reinforcements.items()
        },
        entrenchments=sum(m.count for m in content.counters.markers if m.kind == "entrenchment"),
        space_barred=tuple(
            frozenset(force_index[f] for b in sc.entry_bans if s.country in b.countries for f in b.forces)
            for s in spaces
        ),
        space_open_to=tuple(_open_to(sc, s.country, seats) for s in spaces),
        no_stacking=frozenset(
            (min(force_index[a], force_index[b]), max(force_index[a], force_index[b]))
            for a, b in sc.no_stacking
        ),
        extra_sources=tuple(
            frozenset(space_by_id[s] for x in sc.extra_supply if f in x.forces for s in x.spaces)
            for f in FORCES
        ),
    )


__all__ = [
    "ARAB_ALLIES",
    "CONTENT_DIR",
    "COUNTRIES",
    "COUNTRY_LABEL",
    "CRT",
    "CRT_COLUMNS",
    "FACTIONS",
    "FORCES",
    "FORCE_LABEL",
    "HOME",
    "KURD_FORCE",
    "NO_OVERFLIGHT",
    "OFF_MAP",
    "OFF_MAP_NAMES",
    "WESTERN",
    "Batch",
    "Cancel",
    "Card",
    "CardSymbol",
    "CardsFile",
    "ColourGroup",
    "ColumnShift",
    "Condition",
    "ControlCount",
    "ControlSpaces",
    "Counter",
    "CountersFile",
    "Country",
    "DenySpaces",
    "DrawCards",
    "Effect",
    "Entrench",
    "EntryBan",
    "ExtraOps",
    "ExtraSupply",
    "FitnaContent",
    "FitnaOptions",
    "FitnaTables",
    "Force",
    "Handler",
    "HoldUnits",
    "Intervention",
    "KurdishFaction",
    "MapFile",
    "MarkerSet",
    "OpponentLosesCards",
    "Placement",
    "Reinforcements",
    "RevealStack",
    "Scenario",
    "ScenariosFile",
    "SeatDef",
    "SeatVictory",
    "Space",
    "SpecialJoker",
    "Strike",
    "TensionChange",
    "Terrain",
    "UnitSize",
    "VPMargin",
    "Values",
    "VictoryHandler",
    "build_tables",
    "crt_column",
    "default_content",
    "load_content",
    "load_scenarios",
    "playable_scenarios",
    "space_vp",
]
