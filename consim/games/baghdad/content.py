"""Battle for Baghdad's content: typed models of its files (validated at load time), its
options, and the static tables one set of options gives (shared by every state of a game).

The five YAML files under ``content/`` hold the map, the faction screens, the Command
cards, the Arms Bazaar deck and the Arab Street deck. Each file is validated on its own
(field types, value ranges, references inside the file), then :class:`BaghdadContent`
checks the references between files (zone ids, five Command cards per faction, starting
forces in affiliated zones, ...). Every error names the file, and where possible the line
and the record.

Most values are reconstructions of unpublished printed components: each record says so with
``reconstructed: true`` (or the list of the fields that are), or cites its ``source``
(:class:`consim.core.content.Sourced`). See ``content/PROVENANCE.md``.

>>> content = load_content(CONTENT_DIR)
>>> content.zone("green_zone").fortified, content.zone("green_zone").affiliation
(True, 'US')
>>> [f.id for f in content.factions_in_play(4)]
['Shiite', 'Sunni', 'Government', 'US']
>>> content.crosses_river("kadhimiya", "adhamiyah")
True
"""

from __future__ import annotations

from collections import deque
from collections.abc import Iterable, Iterator
from dataclasses import dataclass
from functools import cache, cached_property
from pathlib import Path
from typing import Annotated, Literal, Self, get_args

from pydantic import BaseModel, ConfigDict, Field, ValidationError, model_validator

from consim.core.action import Action
from consim.core.content import FileProvenance, Sourced, load_model
from consim.core.errors import ContentError
from consim.core.game import GameOptions

CONTENT_DIR = Path(__file__).parent / "content"

ZONE_COUNT = 23
"""The map has 23 zones (rulebook: Map of Baghdad)."""

# --------------------------------------------------------------------------- vocabulary

FactionId = Literal["Shiite", "Sunni", "Government", "US", "Jihadist", "NGO"]
FACTION_IDS: tuple[FactionId, ...] = ("Shiite", "Sunni", "Government", "US", "Jihadist", "NGO")
Affiliation = Literal["Shiite", "Sunni", "Government", "US", "Jihadist", "NGO", "contested"]
CommandType = Literal["Conventional", "Unconventional"]
Symbol = Literal["Connections", "Hearts", "Minds"]
Side = Literal["east", "west"]

Id = Annotated[str, Field(pattern=r"^[a-z][a-z0-9_]*$")]
Text = Annotated[str, Field(min_length=1)]
Count = Annotated[int, Field(ge=0)]
Positive = Annotated[int, Field(ge=1)]
Coordinate = Annotated[int, Field(ge=0, le=1000)]
PlayerCount = Annotated[int, Field(ge=3, le=6)]

Timing = Literal[
    "combat_plan",  # chosen secretly as part of an Operational Plan
    "combat_reveal",  # by a combatant, after both plans are revealed, before totals compare
    "after_combat",  # by a combatant, once the winner is known, before PP are awarded
    "combat_phase",  # at the start of the Combat Phase, before any battle
    "initiative",  # at the start of the Initiative Phase, instead of bidding
    "arab_street",  # in the Arab Street Phase, after a card has been resolved
    "own_action",  # at any time during one's own Action Phase (Recruit or Move step)
    "own_recruit_step",
    "own_move_step",
    "after_gain",  # immediately after receiving PP from one source
]

GainSource = Literal["combat_award", "civic_action_map", "civic_action_income", "card_effect", "elections"]


class _Strict(BaseModel):
    model_config = ConfigDict(extra="forbid", frozen=True)


def _duplicates(items: list[str]) -> list[str]:
    seen: set[str] = set()
    dups: list[str] = []
    for item in items:
        if item in seen and item not in dups:
            dups.append(item)
        seen.add(item)
    return dups


# --------------------------------------------------------------------------- map.yaml


class Zone(Sourced):
    """One of the 23 zones. ``across_river`` repeats the neighbours on the other bank."""

    id: Id
    name: Text
    pp: int = Field(ge=1, le=5)
    affiliation: Affiliation
    airport: bool = False
    fortified: bool = False
    sanctuary: bool = False
    side: Side
    x: Coordinate
    y: Coordinate
    neighbours: tuple[Id, ...] = Field(min_length=1)
    across_river: tuple[Id, ...] = ()

    @model_validator(mode="after")
    def _check_zone(self) -> Self:
        if self.id in self.neighbours:
            raise ValueError(f"zone {self.id!r} lists itself as a neighbour")
        if dups := _duplicates(list(self.neighbours)):
            raise ValueError(f"zone {self.id!r} lists neighbour(s) twice: {dups}")
        if stray := [z for z in self.across_river if z not in self.neighbours]:
            raise ValueError(f"zone {self.id!r}: across_river {stray} not among its neighbours")
        if self.sanctuary and self.fortified:
            raise ValueError(f"zone {self.id!r} cannot be both Sanctuary and Fortified")
        return self


class River(Sourced):
    name: Text
    east_bank: Text
    west_bank: Text


class Bridge(Sourced):
    """A river crossing between two adjacent zones on opposite banks (for the SVG map)."""

    zones: tuple[Id, Id]
    name: Text


class MapFile(_Strict):
    provenance: FileProvenance
    river: River
    zones: tuple[Zone, ...]
    bridges: tuple[Bridge, ...]

    @model_validator(mode="after")
    def _check_map(self) -> Self:
        problems: list[str] = []
        if len(self.zones) != ZONE_COUNT:
            problems.append(f"the map must have exactly {ZONE_COUNT} zones, found {len(self.zones)}")
        ids = [z.id for z in self.zones]
        if dups := _duplicates(ids):
            problems.append(f"duplicate zone ids: {dups}")
        if dups := _duplicates([z.name for z in self.zones]):
            problems.append(f"duplicate zone names: {dups}")
        by_id = {z.id: z for z in self.zones}
        for zone in self.zones:
            for other in zone.neighbours:
                if other not in by_id:
                    problems.append(f"zone {zone.id!r}: unknown neighbour zone {other!r}")
                elif zone.id not in by_id[other].neighbours:
                    problems.append(
                        f"adjacency is not symmetric: {zone.id!r} lists {other!r} as a "
                        f"neighbour but {other!r} does not list {zone.id!r}"
                    )
                else:
                    crosses = by_id[other].side != zone.side
                    if crosses and other not in zone.across_river:
                        problems.append(
                            f"zone {zone.id!r}: neighbour {other!r} is on the other bank and "
                            f"must be listed in across_river"
                        )
                    if not crosses and other in zone.across_river:
                        problems.append(
                            f"zone {zone.id!r}: {other!r} is on the same bank but is listed in across_river"
                        )
        for kind, flag in (("Sanctuary", "sanctuary"), ("Fortified", "fortified")):
            marked = [z.id for z in self.zones if getattr(z, flag)]
            if len(marked) != 1:
                problems.append(f"exactly one {kind} zone is required, found {marked}")
        if not any(z.airport for z in self.zones):
            problems.append("at least one Airport zone is required")
        if not problems:
            unreached = set(ids) - _reachable(ids[0], {z.id: z.neighbours for z in self.zones})
            if unreached:
                problems.append(f"the map is not connected: cannot reach {sorted(unreached)}")
            crossings = {frozenset((z.id, other)) for z in self.zones for other in z.across_river}
            bridged = [frozenset(b.zones) for b in self.bridges]
            for bridge in self.bridges:
                if frozenset(bridge.zones) not in crossings:
                    problems.append(
                        f"bridge {bridge.name!r} joins {list(bridge.zones)}, which is not a "
                        f"river crossing on the map"
                    )
            for pair in crossings - set(bridged):
                problems.append(f"river crossing {sorted(pair)} has no bridge entry")
            if len(bridged) != len(set(bridged)):
                problems.append("a river crossing has more than one bridge entry")
        if problems:
            raise ValueError("; ".join(problems))
        return self


def _reachable(start: str, graph: dict[str, tuple[str, ...]]) -> set[str]:
    seen = {start}
    queue = deque([start])
    while queue:
        for nxt in graph.get(queue.popleft(), ()):
            if nxt not in seen:
                seen.add(nxt)
                queue.append(nxt)
    return seen


# --------------------------------------------------------------------------- factions.yaml


class UnitCount(_Strict):
    security: Count = 0
    infrastructure: Count = 0

    @property
    def total(self) -> int:
        return self.security + self.infrastructure


class UndergroundMovement(Sourced):
    """Affiliated zone to affiliated zone, any distance, ignoring river and occupants."""

    type: Literal["underground_movement"]
    per_turn: Positive = 1
    text: Text


class Airmobile(Sourced):
    """One flight per controlled Airport zone per turn; any zone to any zone."""

    type: Literal["airmobile"]
    moves_per_airport: Positive = 1
    text: Text


class UnitCombatValue(Sourced):
    """The faction's units are worth ``value`` in combat, ``fortified_value`` when Incremented."""

    type: Literal["unit_combat_value"]
    value: Positive
    fortified_value: Positive
    text: Text

    @model_validator(mode="after")
    def _check_values(self) -> Self:
        if self.fortified_value <= self.value:
            raise ValueError("fortified_value must exceed value")
        return self


class Peacekeeping(Sourced):
    """NGO Peacekeeping: no obligation to fight, ignored for control, PP on being attacked."""

    type: Literal["peacekeeping"]
    text: Text


SpecialRule = Annotated[
    UndergroundMovement | Airmobile | UnitCombatValue | Peacekeeping,
    Field(discriminator="type"),
]
SpecialRuleType = Literal["underground_movement", "airmobile", "unit_combat_value", "peacekeeping"]


class ControlZones(_Strict):
    """At least ``count`` of ``zones`` are controlled by ``by`` (default: the faction itself).

    With several factions in ``by``, a zone counts when any one of them controls it.
    """

    type: Literal["control_zones"]
    zones: tuple[Id, ...] = Field(min_length=1)
    count: Positive
    by: tuple[FactionId, ...] | None = None
    #: a short name for the progress column (generated from the zones when omitted)
    label: Text | None = None

    @model_validator(mode="after")
    def _check_count(self) -> Self:
        _check_zone_list(self.zones, self.count)
        return self


class ControlAffiliatedZones(_Strict):
    """The faction controls at least ``count`` zones affiliated with any of ``affiliations``.

    ``self`` stands for the faction's own affiliation (the rulebook's CAZ).
    """

    type: Literal["control_affiliated_zones"]
    affiliations: tuple[FactionId | Literal["self"], ...] = Field(min_length=1)
    count: Positive
    label: Text | None = None


class InfrastructureInZones(_Strict):
    """At least ``count`` zones (of ``zones``, or of the whole map when omitted) each hold at
    least ``min_per_zone`` of the faction's Infrastructure, and, with ``require_control``,
    are controlled by it."""

    type: Literal["infrastructure_in_zones"]
    zones: tuple[Id, ...] | None = None
    count: Positive
    min_per_zone: Positive = 1
    require_control: bool
    label: Text | None = None

    @model_validator(mode="after")
    def _check_count(self) -> Self:
        if self.zones is not None:
            _check_zone_list(self.zones, self.count)
        return self


class NoCrossAffiliatedControl(_Strict):
    """Neither faction controls a zone affiliated with the other ("keep them apart")."""

    type: Literal["no_cross_affiliated_control"]
    factions: tuple[FactionId, FactionId]
    label: Text | None = None

    @model_validator(mode="after")
    def _check_pair(self) -> Self:
        if self.factions[0] == self.factions[1]:
            raise ValueError("no_cross_affiliated_control needs two different factions")
        return self


class AllOf(_Strict):
    """Every sub-condition holds."""

    type: Literal["all_of"]
    conditions: tuple[VictoryCondition, ...] = Field(min_length=2)


class AnyOf(_Strict):
    """At least one sub-condition holds."""

    type: Literal["any_of"]
    conditions: tuple[VictoryCondition, ...] = Field(min_length=2)


VictoryCondition = Annotated[
    ControlZones | ControlAffiliatedZones | InfrastructureInZones | NoCrossAffiliatedControl | AllOf | AnyOf,
    Field(discriminator="type"),
]
AllOf.model_rebuild()
AnyOf.model_rebuild()


def _check_zone_list(zones: tuple[str, ...], count: int) -> None:
    if dups := _duplicates(list(zones)):
        raise ValueError(f"zone(s) listed twice: {dups}")
    if count > len(zones):
        raise ValueError(f"count {count} exceeds the {len(zones)} zones listed")


def iter_conditions(condition: VictoryCondition) -> Iterator[VictoryCondition]:
    """Yield ``condition`` and, recursively, every sub-condition."""
    yield condition
    if isinstance(condition, AllOf | AnyOf):
        for sub in condition.conditions:
            yield from iter_conditions(sub)


class SpecialVictory(Sourced):
    """A faction's special Victory Condition. The words players read are generated from
    ``condition`` (:func:`victory_text`), so the text and the check cannot disagree; ``theme``
    is the idea behind it, in a few words."""

    theme: Text
    condition: VictoryCondition

    def zone_refs(self) -> set[str]:
        refs: set[str] = set()
        for cond in iter_conditions(self.condition):
            if isinstance(cond, ControlZones | InfrastructureInZones) and cond.zones:
                refs.update(cond.zones)
        return refs


class StartingSetup(_Strict):
    """Units on the map (by zone), PP behind the screen and Arms Bazaar cards drawn."""

    pp: Count
    hand: Count
    forces: dict[Id, UnitCount] = Field(min_length=1)

    @property
    def units(self) -> UnitCount:
        return UnitCount(
            security=sum(u.security for u in self.forces.values()),
            infrastructure=sum(u.infrastructure for u in self.forces.values()),
        )


class Faction(Sourced):
    """One faction screen."""

    id: FactionId
    name: Text
    colour: Text
    colour_hex: Annotated[str, Field(pattern=r"^#[0-9a-fA-F]{6}$")]
    player_counts: tuple[PlayerCount, ...] = Field(min_length=1)
    moves_per_turn: Positive
    max_hand: Positive
    civic_income: Count
    spawn_zones: tuple[Id, ...]
    counters: UnitCount
    special_rules: tuple[SpecialRule, ...]
    victory: SpecialVictory
    starting: StartingSetup

    @model_validator(mode="after")
    def _check_faction(self) -> Self:
        if list(self.player_counts) != sorted(set(self.player_counts)):
            raise ValueError(f"{self.id}: player_counts must be ascending without repeats")
        if self.starting.hand > self.max_hand:
            raise ValueError(
                f"{self.id}: starting hand {self.starting.hand} exceeds max_hand {self.max_hand}"
            )
        units = self.starting.units
        if units.security > self.counters.security or units.infrastructure > self.counters.infrastructure:
            raise ValueError(f"{self.id}: starting forces exceed the counters provided")
        if dups := _duplicates([r.type for r in self.special_rules]):
            raise ValueError(f"{self.id}: special rule(s) listed twice: {dups}")
        return self

    def has_rule(self, rule_type: SpecialRuleType) -> bool:
        return any(r.type == rule_type for r in self.special_rules)

    def rule(self, rule_type: SpecialRuleType) -> SpecialRule:
        for r in self.special_rules:
            if r.type == rule_type:
                return r
        raise KeyError(f"{self.id} has no special rule {rule_type!r}")

    @property
    def unit_combat_value(self) -> int:
        """Combat value of one unit outside the Fortified zone (US 2, others 1)."""
        for r in self.special_rules:
            if isinstance(r, UnitCombatValue):
                return r.value
        return 1


class GameRules(Sourced):
    """Game-wide numbers from the rulebook."""

    security_cost: Positive
    infrastructure_cost: Positive
    security_collects: Positive
    infrastructure_collects: Positive
    unit_combat_value: Positive
    fortified_increment: Positive
    max_commitment: Positive
    move_range: Positive
    command_cards_per_faction: Positive
    command_buyback_multiplier: Positive
    standard_victory_pp: Positive
    pp_per_controlled_zone: Positive
    no_bid_card_price: Positive
    first_bidder_turn_one: FactionId
    pp_marker_values: tuple[Positive, ...] = Field(min_length=1)
    stalemate_winners: dict[PlayerCount, FactionId | None]

    @model_validator(mode="after")
    def _check_stalemate(self) -> Self:
        if sorted(self.stalemate_winners) != [3, 4, 5, 6]:
            raise ValueError("stalemate_winners needs an entry for each of 3, 4, 5 and 6 players")
        return self


class FactionsFile(_Strict):
    provenance: FileProvenance
    rules: GameRules
    faction_order: tuple[FactionId, ...]
    factions: tuple[Faction, ...]

    @model_validator(mode="after")
    def _check_factions(self) -> Self:
        if sorted(self.faction_order) != sorted(FACTION_IDS):
            raise ValueError(f"faction_order must name each of {list(FACTION_IDS)} once")
        ids = [f.id for f in self.factions]
        if sorted(ids) != sorted(FACTION_IDS):
            raise ValueError(f"factions must define each of {list(FACTION_IDS)} once, got {ids}")
        by_id = {f.id: f for f in self.factions}
        for n in (3, 4, 5, 6):
            members = [fid for fid in self.faction_order if n in by_id[fid].player_counts]
            if members != list(self.faction_order[:n]):
                raise ValueError(
                    f"a {n}-player game must use the first {n} factions of faction_order "
                    f"{list(self.faction_order[:n])}, but player_counts give {members}"
                )
            winner = self.rules.stalemate_winners[n]
            if winner is not None and winner not in members:
                raise ValueError(f"stalemate winner {winner} is not in the {n}-player game")
        if self.rules.first_bidder_turn_one not in self.faction_order[:3]:
            raise ValueError("first_bidder_turn_one must play at every player count")
        return self


# --------------------------------------------------------------------------- command_cards.yaml


class CommandCard(Sourced):
    id: Id
    faction: FactionId
    name: Text
    value: int = Field(ge=1, le=9)
    types: tuple[CommandType, ...] = Field(min_length=1, max_length=2)

    @model_validator(mode="after")
    def _check_types(self) -> Self:
        if len(set(self.types)) != len(self.types):
            raise ValueError(f"command card {self.id!r} repeats a type")
        return self


class CommandCardsFile(_Strict):
    provenance: FileProvenance
    command_cards: tuple[CommandCard, ...]

    @model_validator(mode="after")
    def _check_cards(self) -> Self:
        if dups := _duplicates([c.id for c in self.command_cards]):
            raise ValueError(f"duplicate command card ids: {dups}")
        return self


# --------------------------------------------------------------------------- arms_bazaar.yaml
# Effects. Each is a small record keyed by `op`; the engine implements one handler per op.


class NeutralizeCommand(_Strict):
    """Offense: Neutralizes the enemy Command (or Network) if it has any of ``command_types``
    and, when ``max_value`` is set, a value no higher than it."""

    op: Literal["neutralize_command"]
    command_types: tuple[CommandType, ...] = Field(min_length=1)
    max_value: Positive | None = None


class BlockOffense(_Strict):
    """Defense: stops an enemy Offense of one of ``offense_types`` or named in ``cards``."""

    op: Literal["block_offense"]
    offense_types: tuple[CommandType, ...] = ()
    cards: tuple[Id, ...] = ()

    @model_validator(mode="after")
    def _check_target(self) -> Self:
        if not self.offense_types and not self.cards:
            raise ValueError("block_offense needs offense_types or cards")
        return self


class SubstituteCommand(_Strict):
    """Network: stands in for a Command card of ``value`` and ``command_types``."""

    op: Literal["substitute_command"]
    value: Positive
    command_types: tuple[CommandType, ...] = Field(min_length=1)


class CancelCard(_Strict):
    """Discard the enemy's revealed Offense or Defense card in this combat, without effect."""

    op: Literal["cancel_card"]
    target_kind: Literal["offense", "defense"]
    participant_only: bool = True


class ReverseCombatAward(_Strict):
    """The combat PP go to the loser instead of the winner (Collateral Damage)."""

    op: Literal["reverse_combat_award"]
    participant_only: bool = True


class ForfeitRetainedCards(_Strict):
    """The combat winner discards the Offense/Defense cards it would have kept."""

    op: Literal["forfeit_retained_cards"]


class CollectFromEachPlayer(_Strict):
    """Each other player pays the card's player ``amount`` PP (all he has if less)."""

    op: Literal["collect_from_each_player"]
    amount: Positive


class DoubleLastGain(_Strict):
    """InfoWar: take from the bank as much as already received from one source.

    The amount already received includes earlier InfoWar bonuses on the same source, so
    InfoWars stack: 17 -> 17 + 17 = 34 -> 34 + 34 = 68 (designer Q&A).

    >>> infowar = DoubleLastGain(op="double_last_gain", sources=("combat_award",))
    >>> total = 17
    >>> total += infowar.bonus(total); total += infowar.bonus(total); total
    68
    """

    op: Literal["double_last_gain"]
    sources: tuple[GainSource, ...] = Field(min_length=1)
    from_bank: Literal[True] = True

    def bonus(self, received_so_far: int) -> int:
        """PP taken from the bank when played after ``received_so_far`` from the source."""
        return received_so_far


class GainPP(_Strict):
    op: Literal["gain_pp"]
    amount: Positive


class GainPPPer(_Strict):
    """Gain ``amount`` PP from the bank per counted thing, up to ``maximum``."""

    op: Literal["gain_pp_per"]
    amount: Positive
    per: Literal["controlled_zone", "controlled_affiliated_zone", "zone_with_own_infrastructure"]
    maximum: Positive | None = None


class TakePP(_Strict):
    """Take ``amount`` PP from one chosen opponent (all he has if less)."""

    op: Literal["take_pp"]
    amount: Positive


class WinInitiative(_Strict):
    """Take the Initiative without bidding. Among several such plays the last one wins."""

    op: Literal["win_initiative"]
    last_played_wins: bool = True


class ExtraMoves(_Strict):
    op: Literal["extra_moves"]
    count: Positive


class StopArabStreetDraws(_Strict):
    op: Literal["stop_arab_street_draws"]


class PeekArabStreet(_Strict):
    op: Literal["peek_arab_street"]
    count: Positive
    reorder: bool


class DrawArmsBazaar(_Strict):
    op: Literal["draw_arms_bazaar"]
    count: Positive


class ViewHand(_Strict):
    """See one chosen opponent's whole hand."""

    op: Literal["view_hand"]


class TakeCards(_Strict):
    """Take ``count`` cards from one opponent's hand: chosen (after viewing) or at random."""

    op: Literal["take_cards"]
    count: Positive
    chosen: bool


class PlaceFreeUnits(_Strict):
    """Place counters from one's pool, free, in one zone where they could be spawned."""

    op: Literal["place_free_units"]
    security: Count
    infrastructure: Count

    @model_validator(mode="after")
    def _check_some(self) -> Self:
        if self.security + self.infrastructure == 0:
            raise ValueError("place_free_units must place at least one unit")
        return self


class EliminateUnits(_Strict):
    """Eliminate up to ``count`` counters of one faction in one zone; not a combat, so no
    Political Points are awarded for them."""

    op: Literal["eliminate_units"]
    count: Positive
    sanctuary_allowed: bool


class DefectionEffect(_Strict):
    """Up to ``units`` enemy counters in one zone defect (Glossary: Defection)."""

    op: Literal["defection"]
    units: Positive
    replace_same_type: bool


class PreventCombat(_Strict):
    """No combat in one chosen zone this turn."""

    op: Literal["prevent_combat"]


Effect = Annotated[
    NeutralizeCommand
    | BlockOffense
    | SubstituteCommand
    | CancelCard
    | ReverseCombatAward
    | ForfeitRetainedCards
    | CollectFromEachPlayer
    | DoubleLastGain
    | GainPP
    | GainPPPer
    | TakePP
    | WinInitiative
    | ExtraMoves
    | StopArabStreetDraws
    | PeekArabStreet
    | DrawArmsBazaar
    | ViewHand
    | TakeCards
    | PlaceFreeUnits
    | EliminateUnits
    | DefectionEffect
    | PreventCombat,
    Field(discriminator="op"),
]

CardKind = Literal["offense", "defense", "network", "symbol", "event"]


class ArmsBazaarCard(Sourced):
    id: Id
    name: Text
    count: Positive
    kind: CardKind
    types: tuple[CommandType, ...] = ()
    value: Positive | None = None
    symbols: tuple[Symbol, ...] = ()
    timing: Timing
    effects: tuple[Effect, ...] = Field(min_length=1)
    text: Text

    @model_validator(mode="after")
    def _check_kind(self) -> Self:
        where = f"card {self.id!r}"
        if len(set(self.types)) != len(self.types) or len(set(self.symbols)) != len(self.symbols):
            raise ValueError(f"{where} repeats a type or a symbol")
        combat = self.kind in ("offense", "defense", "network")
        if combat and not self.types:
            raise ValueError(f"{where}: a {self.kind} card needs `types`")
        if not combat and self.types:
            raise ValueError(f"{where}: only offense, defense and network cards have `types`")
        if combat and self.timing != "combat_plan":
            raise ValueError(f"{where}: a {self.kind} card is played in the combat plan")
        required: dict[str, type[BaseModel]] = {
            "offense": NeutralizeCommand,
            "defense": BlockOffense,
            "network": SubstituteCommand,
        }
        if self.kind in required and not all(isinstance(e, required[self.kind]) for e in self.effects):
            raise ValueError(
                f"{where}: a {self.kind} card's effects must all be {required[self.kind].__name__}"
            )
        if self.kind == "network":
            subs = [e for e in self.effects if isinstance(e, SubstituteCommand)]
            if self.value is None or subs[0].value != self.value:
                raise ValueError(f"{where}: a network card's value must match its effect")
        elif self.value is not None:
            raise ValueError(f"{where}: only network cards carry a command `value`")
        if self.kind == "symbol" and not self.symbols:
            raise ValueError(f"{where}: a symbol card needs at least one symbol")
        return self


class SymbolCombination(Sourced):
    """Two cards with these symbols played together for the combined effect instead."""

    id: Id
    name: Text
    symbols: tuple[Symbol, Symbol]
    timing: Timing
    effects: tuple[Effect, ...] = Field(min_length=1)
    text: Text

    @model_validator(mode="after")
    def _check_pair(self) -> Self:
        if self.symbols[0] == self.symbols[1]:
            raise ValueError(f"combination {self.id!r} needs two different symbols")
        return self


class ArmsBazaarFile(_Strict):
    provenance: FileProvenance
    combinations: tuple[SymbolCombination, ...]
    cards: tuple[ArmsBazaarCard, ...] = Field(min_length=1)

    @model_validator(mode="after")
    def _check_deck(self) -> Self:
        if dups := _duplicates([c.id for c in self.cards]):
            raise ValueError(f"duplicate card ids: {dups}")
        if dups := _duplicates([c.name for c in self.cards]):
            raise ValueError(f"duplicate card names: {dups}")
        offense = {c.id for c in self.cards if c.kind == "offense"}
        for card in self.cards:
            for effect in card.effects:
                if isinstance(effect, BlockOffense):
                    bad = [cid for cid in effect.cards if cid not in offense]
                    if bad:
                        raise ValueError(f"card {card.id!r} blocks {bad}, which are not offense cards")
        pairs = sorted(tuple(sorted(c.symbols)) for c in self.combinations)
        expected = [("Connections", "Hearts"), ("Connections", "Minds"), ("Hearts", "Minds")]
        if pairs != expected:
            raise ValueError(f"combinations must be exactly the symbol pairs {expected}")
        for symbol in ("Connections", "Hearts", "Minds"):
            copies = sum(c.count for c in self.cards if symbol in c.symbols)
            if copies < 2:
                raise ValueError(f"the deck needs at least two cards with the {symbol} symbol")
        return self

    @property
    def deck_size(self) -> int:
        return sum(c.count for c in self.cards)

    def card(self, key: str) -> ArmsBazaarCard:
        """Look a card up by id or by name."""
        for c in self.cards:
            if key in (c.id, c.name):
                return c
        raise KeyError(f"no Arms Bazaar card {key!r}")


# --------------------------------------------------------------------------- arab_street.yaml


class PlacePP(_Strict):
    """Put each zone's printed PP value (times ``multiplier``) from the bank into it."""

    op: Literal["place_pp"]
    zones: tuple[Id, ...] = Field(min_length=1)
    multiplier: Positive = 1

    @model_validator(mode="after")
    def _check_zones(self) -> Self:
        if dups := _duplicates(list(self.zones)):
            raise ValueError(f"zone(s) listed twice: {dups}")
        return self


class PlacePPWithInfrastructure(_Strict):
    """Put ``amount`` PP in every zone holding at least one Infrastructure counter."""

    op: Literal["place_pp_with_infrastructure"]
    amount: Positive


class Elections(_Strict):
    """Each faction gains PP per controlled zone; the one with the most gains a bonus."""

    op: Literal["elections"]
    pp_per_controlled_zone: Count
    most_zones_bonus: Count


class StopDraws(_Strict):
    """No further Arab Street cards are turned this turn."""

    op: Literal["stop_draws"]


StreetEffect = Annotated[
    PlacePP | PlacePPWithInfrastructure | Elections | StopDraws,
    Field(discriminator="op"),
]


class ArabStreetCard(Sourced):
    id: Id
    name: Text
    count: Positive
    kind: Literal["pp_placement", "event"]
    effects: tuple[StreetEffect, ...] = Field(min_length=1)
    text: Text

    @model_validator(mode="after")
    def _check_kind(self) -> Self:
        if self.kind == "pp_placement" and not all(isinstance(e, PlacePP) for e in self.effects):
            raise ValueError(f"card {self.id!r}: a pp_placement card only places PP")
        return self

    @property
    def stops_draws(self) -> bool:
        return any(isinstance(e, StopDraws) for e in self.effects)

    def zone_refs(self) -> set[str]:
        return {z for e in self.effects if isinstance(e, PlacePP) for z in e.zones}


class ArabStreetFile(_Strict):
    provenance: FileProvenance
    draws_per_turn: Positive
    cards: tuple[ArabStreetCard, ...] = Field(min_length=1)

    @model_validator(mode="after")
    def _check_deck(self) -> Self:
        if dups := _duplicates([c.id for c in self.cards]):
            raise ValueError(f"duplicate card ids: {dups}")
        return self

    @property
    def deck_size(self) -> int:
        return sum(c.count for c in self.cards)

    def deck(self) -> list[str]:
        """Card ids with one entry per copy, in file order (shuffle before use)."""
        return [c.id for c in self.cards for _ in range(c.count)]

    def card(self, key: str) -> ArabStreetCard:
        for c in self.cards:
            if key in (c.id, c.name):
                return c
        raise KeyError(f"no Arab Street card {key!r}")


# --------------------------------------------------------------------------- all content


class BaghdadContent(_Strict):
    """All five content files, with the references between them checked."""

    map: MapFile
    factions: FactionsFile
    command_cards: CommandCardsFile
    arms_bazaar: ArmsBazaarFile
    arab_street: ArabStreetFile

    @model_validator(mode="after")
    def _check_references(self) -> Self:
        problems: list[str] = []
        zones = {z.id: z for z in self.map.zones}
        for faction in self.factions.factions:
            where = f"factions.yaml: faction {faction.id}"
            affiliated = [z.id for z in self.map.zones if z.affiliation == faction.id]
            if not affiliated:
                problems.append(f"{where}: no zone on the map is affiliated with it")
            for zid in faction.spawn_zones:
                if zid not in zones:
                    problems.append(f"{where}: spawn zone {zid!r} is not a zone in map.yaml")
            for zid in faction.starting.forces:
                if zid not in zones:
                    problems.append(f"{where}: starting zone {zid!r} is not a zone in map.yaml")
                elif zid not in affiliated:
                    problems.append(
                        f"{where}: starting forces must be placed in affiliated zones, "
                        f"but {zid!r} is affiliated with {zones[zid].affiliation}"
                    )
            for zid in sorted(faction.victory.zone_refs()):
                if zid not in zones:
                    problems.append(f"{where}: victory condition names unknown zone {zid!r}")
        per_faction = self.factions.rules.command_cards_per_faction
        for fid in FACTION_IDS:
            n = sum(1 for c in self.command_cards.command_cards if c.faction == fid)
            if n != per_faction:
                problems.append(
                    f"command_cards.yaml: faction {fid} has {n} Command cards, needs {per_faction}"
                )
        named: set[str] = set()
        for card in self.arab_street.cards:
            for zid in sorted(card.zone_refs()):
                named.add(zid)
                if zid not in zones:
                    problems.append(f"arab_street.yaml: card {card.id!r} names unknown zone {zid!r}")
        if unnamed := sorted(set(zones) - named):
            problems.append(f"arab_street.yaml: no card ever places PP in {unnamed}")
        if problems:
            raise ValueError("\n".join(problems))
        return self

    # ------------------------------------------------------------ look-ups

    @cached_property
    def zones_by_id(self) -> dict[str, Zone]:
        return {z.id: z for z in self.map.zones}

    def zone(self, zone_id: str) -> Zone:
        try:
            return self.zones_by_id[zone_id]
        except KeyError:
            raise KeyError(f"no zone {zone_id!r}") from None

    def faction(self, faction_id: str) -> Faction:
        for f in self.factions.factions:
            if f.id == faction_id:
                return f
        raise KeyError(f"no faction {faction_id!r}")

    def factions_in_play(self, players: int) -> list[Faction]:
        """The factions of a ``players``-player game, in faction (placement) order."""
        if players not in (3, 4, 5, 6):
            raise ValueError(f"Battle for Baghdad is for 3 to 6 players, not {players}")
        return [self.faction(fid) for fid in self.factions.faction_order[:players]]

    def affiliated_zones(self, faction_id: str) -> list[Zone]:
        return [z for z in self.map.zones if z.affiliation == faction_id]

    def command_cards_of(self, faction_id: str) -> list[CommandCard]:
        return [c for c in self.command_cards.command_cards if c.faction == faction_id]

    def crosses_river(self, a: str, b: str) -> bool:
        """True if ``a`` and ``b`` are adjacent across the Tigris."""
        return b in self.zone(a).across_river


def load_content(directory: Path) -> BaghdadContent:
    """Read and validate the five content files in ``directory``.

    Raises :class:`consim.ContentError` naming the file (and line, for single-file errors).
    """
    content_map = load_model(directory / "map.yaml", MapFile)
    factions = load_model(directory / "factions.yaml", FactionsFile)
    commands = load_model(directory / "command_cards.yaml", CommandCardsFile)
    arms = load_model(directory / "arms_bazaar.yaml", ArmsBazaarFile)
    street = load_model(directory / "arab_street.yaml", ArabStreetFile)
    try:
        return BaghdadContent(
            map=content_map,
            factions=factions,
            command_cards=commands,
            arms_bazaar=arms,
            arab_street=street,
        )
    except ValidationError as exc:
        messages = []
        for err in exc.errors():
            ctx = err.get("ctx") or {}
            messages.append(str(ctx.get("error", err["msg"])))
        raise ContentError(f"{directory}: " + "\n".join(messages)) from None


@cache
def default_content() -> BaghdadContent:
    """The shipped content, loaded once and shared (it is immutable)."""
    return load_content(CONTENT_DIR)


# --------------------------------------------------------------------------- victory in words
# [Victory Conditions] the words players read are made from the same records the check reads,
# so a changed count or zone list in factions.yaml changes both.

VictoryLeaf = ControlZones | ControlAffiliatedZones | InfrastructureInZones | NoCrossAffiliatedControl


def _listing(items: list[str], conj: str = "and") -> str:
    """``a``, ``a and b``, ``a, b and c``."""
    if len(items) <= 1:
        return "".join(items)
    return ", ".join(items[:-1]) + f" {conj} " + items[-1]


def affiliated_ids(c: BaghdadContent, cond: ControlAffiliatedZones, faction: str) -> list[str]:
    """The zones a :class:`ControlAffiliatedZones` condition counts, in map order."""
    affs = {faction if a == "self" else a for a in cond.affiliations}
    return [z.id for z in c.map.zones if z.affiliation in affs]


def describe_condition(c: BaghdadContent, cond: VictoryCondition, faction: str) -> str:
    """One condition of ``faction``'s special victory in plain words (no capital, no stop).

    >>> c = default_content()
    >>> describe_condition(c, c.faction("Shiite").victory.condition.conditions[0], "Shiite")
    'control Sadr City'
    """

    def zname(z: str) -> str:
        return c.zone(z).name

    def fname(f: str) -> str:
        return c.faction(f).name

    if isinstance(cond, AllOf):
        return "; and ".join(describe_condition(c, sub, faction) for sub in cond.conditions)
    if isinstance(cond, AnyOf):
        subs = [describe_condition(c, sub, faction) for sub in cond.conditions]
        return "any one of: " + "; or ".join(f"({chr(97 + i)}) {t}" for i, t in enumerate(subs))
    if isinstance(cond, ControlZones):
        names = [zname(z) for z in cond.zones]
        if cond.by:
            who = _listing(["the " + fname(f) for f in cond.by], "or")
            return f"{cond.count} of these {len(names)} zones are each controlled by {who}: {_listing(names)}"
        if len(names) == 1:
            return f"control {names[0]}"
        if cond.count == len(names):
            return ("control both " if len(names) == 2 else "control all of ") + _listing(names)
        return f"control {cond.count} of these {len(names)} zones: {_listing(names)}"
    if isinstance(cond, ControlAffiliatedZones):
        zones = _listing([zname(z) for z in affiliated_ids(c, cond, faction)])
        who = _listing(["the " + fname(faction if a == "self" else a) for a in cond.affiliations], "or")
        return f"control {cond.count} zones affiliated with {who} ({zones})"
    if isinstance(cond, InfrastructureInZones):
        what = "Infrastructure" if cond.min_per_zone == 1 else f"at least {cond.min_per_zone} Infrastructure"
        held = ", controlling each of them" if cond.require_control else " (control of them is not needed)"
        if cond.zones is None:
            return f"have {what} in {cond.count} different zones{held}"
        names = [zname(z) for z in cond.zones]
        return f"have {what} in {cond.count} of these {len(names)} zones{held}: {_listing(names)}"
    a, b = cond.factions
    return f"neither the {fname(a)} nor the {fname(b)} control a zone affiliated with the other"


def condition_label(c: BaghdadContent, cond: VictoryCondition, faction: str) -> str:
    """A short name for one condition, for the progress column of the board."""
    if isinstance(cond, AllOf | AnyOf):
        return "all of these" if isinstance(cond, AllOf) else "one of these"
    if cond.label:
        return cond.label
    if isinstance(cond, ControlZones):
        if len(cond.zones) <= 2 and cond.count == len(cond.zones) and not cond.by:
            return " + ".join(c.zone(z).name for z in cond.zones)
        return "allied zones" if cond.by else "zones held"
    if isinstance(cond, ControlAffiliatedZones):
        return "/".join("own" if a == "self" else a for a in cond.affiliations) + " zones"
    if isinstance(cond, InfrastructureInZones):
        return "built and held" if cond.require_control else "zones built"
    return "kept apart"


def victory_text(c: BaghdadContent, faction: str) -> str:
    """``faction``'s special Victory Condition in full, generated from its record.

    >>> victory_text(default_content(), "NGO")
    'Reach the whole city: have Infrastructure in 6 different zones (control of them is not needed).'
    """
    victory = c.faction(faction).victory
    return f"{victory.theme}: {describe_condition(c, victory.condition, faction)}."


#: content fields no rule reads by attribute, with the reason they stay (the content-field test)
UNREAD_FIELDS: dict[str, str] = {
    "Faction.colour": "the colour's name, for people; front ends draw colour_hex",
    "GameRules.pp_marker_values": (
        "the printed PP markers, for front ends; PP are kept as numbers, change is always "
        "available (NOTES 16)"
    ),
}


# =============================================================================================
# Options
# =============================================================================================


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


# =============================================================================================
# The tables of one game
# =============================================================================================


class ActionBook:
    """Every :class:`Action` a legal list offers, built once per game and reused, so that no
    legal list builds an action twice.

    >>> book = ActionBook()
    >>> book("enter", "rusafa") is book("enter", "rusafa")
    True
    >>> [a.text for a in book.numbers("bid", 2, 4)]
    ['bid 2', 'bid 3', 'bid 4']
    """

    __slots__ = ("_made", "_numbers")

    def __init__(self) -> None:
        self._made: dict[tuple[str, ...], Action] = {}
        self._numbers: dict[str, list[Action]] = {}

    def __call__(self, verb: str, *args: str) -> Action:
        key = (verb, *args)
        found = self._made.get(key)
        if found is None:
            found = self._made[key] = Action(verb, args)
        return found

    def _upto(self, verb: str, hi: int) -> list[Action]:
        made = self._numbers.get(verb)
        if made is None:
            made = self._numbers[verb] = []
        while len(made) <= hi:
            made.append(self(verb, str(len(made))))
        return made

    def numbers(self, verb: str, lo: int, hi: int) -> list[Action]:
        """The actions ``verb lo`` .. ``verb hi`` (inclusive; empty when ``hi < lo``)."""
        made = self._numbers.get(verb)
        if made is None or len(made) <= hi:
            made = self._upto(verb, hi)
        return made[lo : hi + 1]

    def numbers_of(self, verb: str, values: list[int]) -> list[Action]:
        """``verb k`` for each k of ``values``, in their order."""
        if not values:
            return []
        made = self._upto(verb, max(values))
        return [made[k] for k in values]

    def by_name(self, verb: str, names: Iterable[str]) -> dict[str, Action]:
        """``{name: verb "name"}`` for each name."""
        return {n: self(verb, n) for n in names}


#: the kinds of content ids in saved states (``Ref`` fields), besides seat and faction
ID_KINDS = ("zone", "card", "street", "command", "source")


@dataclass(frozen=True, slots=True, eq=False)
class BaghdadTables:
    """Everything static about one game: the content, the options, the factions in play, the
    map as int-indexed tables, the physical cards, and the interned actions legal lists reuse.

    Zones are ints (their position in map.yaml); each physical Arms Bazaar card, Arab Street
    card and Command card is an int too, saved by name (``air_strike#2``).
    """

    opts: BaghdadOptions
    content: BaghdadContent
    rules: GameRules
    #: the factions in play, in faction (placement) order
    seats: tuple[str, ...]
    n: int
    faction: dict[str, Faction]
    # -- the map ---------------------------------------------------------------------------
    zone_ids: tuple[str, ...]
    zone_index: dict[str, int]
    zone_name: tuple[str, ...]
    #: zones by their printed name (actions name zones the way players do)
    zone_by_name: dict[str, int]
    #: zones by name or id, case-folded (to read what a player typed)
    zone_lookup: dict[str, int]
    zone_pp: tuple[int, ...]
    zone_affiliation: tuple[str, ...]
    neighbours: tuple[tuple[int, ...], ...]
    #: neighbours across the River, per zone
    across: tuple[frozenset[int], ...]
    sanctuary: tuple[bool, ...]
    airport: tuple[bool, ...]
    fortified_zone: int
    #: zones affiliated with each faction, in map order
    affiliated: dict[str, tuple[int, ...]]
    #: [Recruit Step] where each faction may always spawn: affiliated zones and screen spawn zones
    spawn_base: dict[str, frozenset[int]]
    # -- the factions ------------------------------------------------------------------------
    peacekeeper: str | None
    #: [Faction Counters] Security and Infrastructure counters of each faction
    counters: dict[str, tuple[int, int]]
    #: [Underground Movement] factions that may use it, in seat order, with moves per turn
    underground: dict[str, int]
    #: [Airmobile Movement] factions that may use it, in seat order, with moves per airport
    airmobile: dict[str, int]
    #: [Units and Combat; Glossary: Increment] combat value of a unit, and Incremented
    unit_value: dict[str, int]
    fort_value: dict[str, int]
    stalemate_winner: str | None
    #: [Victory Conditions] each faction's special condition in words, and its parts (the
    #: sub-conditions of an all/any condition, or the condition itself) with their labels
    victory_text: dict[str, str]
    victory_join: dict[str, Literal["all", "any", "one"]]
    victory_parts: dict[str, tuple[tuple[VictoryCondition, str, str], ...]]
    # -- Arms Bazaar cards (one int per physical card) ---------------------------------------
    card_def: dict[str, ArmsBazaarCard]
    card_of: tuple[ArmsBazaarCard, ...]
    card_name: tuple[str, ...]
    card_keys: tuple[str, ...]
    def_by_name: dict[str, ArmsBazaarCard]
    #: cards by case-folded name (to read what a player typed)
    card_lookup: dict[str, ArmsBazaarCard]
    combo_by_id: dict[str, SymbolCombination]
    #: [Combinations] the two symbols each combination needs, sorted
    combo_symbols: dict[str, tuple[str, str]]
    #: each card's symbols, by card name
    symbols_by_name: dict[str, frozenset[str]]
    #: what a played card or combination carries out: card ids, then combination ids
    source_ids: tuple[str, ...]
    source_index: dict[str, int]
    source_name: tuple[str, ...]
    source_effects: tuple[tuple[Effect, ...], ...]
    #: cards whose play needs something to act on (units to strike, counters to place)
    conditional_cards: frozenset[str]
    #: [designer Q&A] card windows of the Combat Phase that only the sides of a battle answer
    sides_only: dict[str, bool]
    # -- Arab Street cards -------------------------------------------------------------------
    street_of: tuple[ArabStreetCard, ...]
    street_keys: tuple[str, ...]
    # -- Command cards -----------------------------------------------------------------------
    command_of: tuple[CommandCard, ...]
    command_keys: tuple[str, ...]
    command_index: dict[str, int]
    command_by_name: dict[str, CommandCard]
    #: each Command card's place in the Command cards sorted by name
    command_rank: tuple[int, ...]
    #: [Recruit Step] PP to restore each Command once Neutralized (multiplier x value)
    buyback_cost: tuple[int, ...]
    starting_commands: dict[str, tuple[int, ...]]
    # -- interned actions ---------------------------------------------------------------------
    acts: ActionBook
    a_pass: Action
    a_done: Action
    a_decline: Action
    a_accept: Action
    a_send: Action
    a_cancel: Action
    a_truce: Action
    a_buy: Action
    a_stop: Action
    a_no_command: Action
    a_no_offense: Action
    a_no_defense: Action
    a_play: dict[str, Action]
    a_take: dict[str, Action]
    a_give: dict[str, Action]
    a_discard: dict[str, Action]
    a_offense: dict[str, Action]
    a_defense: dict[str, Action]
    a_command: dict[str, Action]
    a_buyback: dict[str, Action]
    a_promise: dict[str, Action]
    a_top: dict[str, Action]
    a_offer: dict[str, Action]
    a_to: dict[str, Action]
    a_first: dict[str, Action]
    a_target: dict[str, Action]
    a_fight: dict[str, Action]
    a_battle: tuple[Action, ...]
    a_move: tuple[Action, ...]
    a_underground: tuple[Action, ...]
    a_airmobile: tuple[Action, ...]
    a_enter: tuple[Action, ...]
    a_to_zone: tuple[Action, ...]
    #: [Ceasefire; card effects] naming a zone: ``in "Sadr City"``
    a_in_zone: tuple[Action, ...]
    a_recruit_security: tuple[Action, ...]
    a_recruit_infrastructure: tuple[Action, ...]
    a_place_security: tuple[Action, ...]
    a_place_infrastructure: tuple[Action, ...]


def build_tables(opts: BaghdadOptions, content: BaghdadContent | None = None) -> BaghdadTables:
    """The static tables of a game with these options, assembled from the groups of
    :mod:`consim.games.baghdad.content_tables`."""
    # imported here, not at the top: that module reads this one's models
    from consim.games.baghdad import content_tables as part

    c = content or default_content()
    seats = part.seats_in_play(opts, c)
    faction: dict[str, Faction] = {f: c.faction(f) for f in seats}
    zones = part.map_tables(c.map.zones)
    book = ActionBook()
    return BaghdadTables(
        opts=opts,
        content=c,
        rules=c.factions.rules,
        seats=seats,
        n=len(seats),
        faction=faction,
        **zones,
        **part.faction_tables(c, seats, faction, zones["zone_index"]),
        **part.victory_tables(c, seats, faction),
        **part.arms_bazaar_tables(c.arms_bazaar),
        **part.command_tables(c, seats),
        acts=book,
        **part.verb_actions(book),
        **part.named_actions(book, c, seats),
        **part.zone_actions(book, c.map.zones),
    )


#: [Coalition Phase] the promises a deal may carry; binding until the next Coalition Phase and
#: enforced (rules/common.py, NOTES: Deals)
PromiseKind = Literal["no-attack", "no-entry", "no-cards", "no-outbid"]
PROMISES: tuple[PromiseKind, ...] = get_args(PromiseKind)
