"""The pieces :func:`consim.games.baghdad.content.build_tables` assembles a game's
:class:`~consim.games.baghdad.content.BaghdadTables` from: the factions in play, then one group
of tables each (the map, the factions, their victory conditions, the Arms Bazaar cards, the
Arab Street and Command cards, the interned actions).

Each group is a :class:`typing.TypedDict` whose keys are fields of ``BaghdadTables``, so that
``BaghdadTables(**group, ...)`` stays type-checked field by field. This module reads the
content's models, so ``content.py`` imports it where it builds the tables, not at its top.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Literal, TypedDict

from consim.core.action import Action
from consim.core.errors import ContentError
from consim.games.baghdad.content import (
    PROMISES,
    ActionBook,
    Airmobile,
    AllOf,
    AnyOf,
    ArabStreetCard,
    ArmsBazaarCard,
    ArmsBazaarFile,
    BaghdadContent,
    BaghdadOptions,
    CancelCard,
    CommandCard,
    DefectionEffect,
    Effect,
    EliminateUnits,
    Faction,
    PlaceFreeUnits,
    ReverseCombatAward,
    SymbolCombination,
    UndergroundMovement,
    UnitCombatValue,
    VictoryCondition,
    Zone,
    condition_label,
    describe_condition,
    victory_text,
)

__all__ = [
    "arms_bazaar_tables",
    "command_tables",
    "faction_tables",
    "map_tables",
    "named_actions",
    "seats_in_play",
    "verb_actions",
    "victory_tables",
    "zone_actions",
]


# -- the groups of fields (see BaghdadTables for what each holds) ----------------------------


class MapTables(TypedDict):
    zone_ids: tuple[str, ...]
    zone_index: dict[str, int]
    zone_name: tuple[str, ...]
    zone_by_name: dict[str, int]
    zone_lookup: dict[str, int]
    zone_pp: tuple[int, ...]
    zone_affiliation: tuple[str, ...]
    neighbours: tuple[tuple[int, ...], ...]
    across: tuple[frozenset[int], ...]
    sanctuary: tuple[bool, ...]
    airport: tuple[bool, ...]
    fortified_zone: int


class FactionTables(TypedDict):
    affiliated: dict[str, tuple[int, ...]]
    spawn_base: dict[str, frozenset[int]]
    peacekeeper: str | None
    counters: dict[str, tuple[int, int]]
    underground: dict[str, int]
    airmobile: dict[str, int]
    unit_value: dict[str, int]
    fort_value: dict[str, int]
    stalemate_winner: str | None


class VictoryTables(TypedDict):
    victory_text: dict[str, str]
    victory_join: dict[str, Literal["all", "any", "one"]]
    victory_parts: dict[str, tuple[tuple[VictoryCondition, str, str], ...]]


class ArmsBazaarTables(TypedDict):
    card_def: dict[str, ArmsBazaarCard]
    card_of: tuple[ArmsBazaarCard, ...]
    card_name: tuple[str, ...]
    card_keys: tuple[str, ...]
    def_by_name: dict[str, ArmsBazaarCard]
    card_lookup: dict[str, ArmsBazaarCard]
    combo_by_id: dict[str, SymbolCombination]
    combo_symbols: dict[str, tuple[str, str]]
    symbols_by_name: dict[str, frozenset[str]]
    source_ids: tuple[str, ...]
    source_index: dict[str, int]
    source_name: tuple[str, ...]
    source_effects: tuple[tuple[Effect, ...], ...]
    conditional_cards: frozenset[str]
    sides_only: dict[str, bool]


class CommandTables(TypedDict):
    street_of: tuple[ArabStreetCard, ...]
    street_keys: tuple[str, ...]
    command_of: tuple[CommandCard, ...]
    command_keys: tuple[str, ...]
    command_index: dict[str, int]
    command_by_name: dict[str, CommandCard]
    command_rank: tuple[int, ...]
    buyback_cost: tuple[int, ...]
    starting_commands: dict[str, tuple[int, ...]]


class VerbActions(TypedDict):
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


class NamedActions(TypedDict):
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


class ZoneActions(TypedDict):
    a_battle: tuple[Action, ...]
    a_move: tuple[Action, ...]
    a_underground: tuple[Action, ...]
    a_airmobile: tuple[Action, ...]
    a_enter: tuple[Action, ...]
    a_to_zone: tuple[Action, ...]
    a_in_zone: tuple[Action, ...]
    a_recruit_security: tuple[Action, ...]
    a_recruit_infrastructure: tuple[Action, ...]
    a_place_security: tuple[Action, ...]
    a_place_infrastructure: tuple[Action, ...]


# -- the pieces ------------------------------------------------------------------------------


def seats_in_play(opts: BaghdadOptions, c: BaghdadContent) -> tuple[str, ...]:
    """The factions in play, in faction (placement) order: those the options pick, else the
    first ``players`` of the faction order (all six without a count)."""
    picked = [f for f in opts.factions.split(",") if f.strip()]
    order = c.factions.faction_order
    return tuple(f for f in order if f in picked) if picked else tuple(order[: opts.players or 6])


def map_tables(zones: tuple[Zone, ...]) -> MapTables:
    """The map as int-indexed tables: zones are their position in map.yaml."""
    zi = {z.id: i for i, z in enumerate(zones)}
    return MapTables(
        zone_ids=tuple(z.id for z in zones),
        zone_index=zi,
        zone_name=tuple(z.name for z in zones),
        zone_by_name={z.name: i for i, z in enumerate(zones)},
        zone_lookup={k.casefold(): i for i, z in enumerate(zones) for k in (z.id, z.name)},
        zone_pp=tuple(z.pp for z in zones),
        zone_affiliation=tuple(z.affiliation for z in zones),
        neighbours=tuple(tuple(zi[n] for n in z.neighbours) for z in zones),
        across=tuple(frozenset(zi[n] for n in z.across_river) for z in zones),
        sanctuary=tuple(z.sanctuary for z in zones),
        airport=tuple(z.airport for z in zones),
        fortified_zone=next(i for i, z in enumerate(zones) if z.fortified),
    )


def faction_tables(
    c: BaghdadContent, seats: tuple[str, ...], faction: dict[str, Faction], zone_index: dict[str, int]
) -> FactionTables:
    """What each faction in play holds and may do: its zones, its counters, its special rules
    (Peacekeeping, Underground and Airmobile Movement, its units' combat values), and who wins
    a stalemate among these factions."""
    rules = c.factions.rules
    zones = c.map.zones
    affiliated: dict[str, tuple[int, ...]] = {
        f: tuple(i for i, z in enumerate(zones) if z.affiliation == f) for f in seats
    }
    unit_value: dict[str, int] = {}
    fort_value: dict[str, int] = {}
    for f in seats:
        rule = next((r for r in faction[f].special_rules if isinstance(r, UnitCombatValue)), None)
        unit_value[f] = rule.value if rule else rules.unit_combat_value
        fort_value[f] = rule.fortified_value if rule else rules.unit_combat_value + rules.fortified_increment
    underground: dict[str, int] = {}
    airmobile: dict[str, int] = {}
    for f in seats:  # in seat order, never a set: a set of names iterates differently in every process
        for r in faction[f].special_rules:
            if isinstance(r, UndergroundMovement):
                underground[f] = r.per_turn
            elif isinstance(r, Airmobile):
                airmobile[f] = r.moves_per_airport
    peace = [f for f in seats if faction[f].has_rule("peacekeeping")]
    stalemate = rules.stalemate_winners.get(len(seats))
    return FactionTables(
        affiliated=affiliated,
        spawn_base={
            f: frozenset(affiliated[f]) | {zone_index[z] for z in faction[f].spawn_zones} for f in seats
        },
        peacekeeper=peace[0] if peace else None,
        counters={f: (faction[f].counters.security, faction[f].counters.infrastructure) for f in seats},
        underground=underground,
        airmobile=airmobile,
        unit_value=unit_value,
        fort_value=fort_value,
        stalemate_winner=stalemate if stalemate in seats else None,
    )


def victory_tables(c: BaghdadContent, seats: tuple[str, ...], faction: dict[str, Faction]) -> VictoryTables:
    """Each faction's special victory condition in words, how its parts join, and the parts
    with their labels and words."""
    return VictoryTables(
        victory_text={f: victory_text(c, f) for f in seats},
        victory_join={f: _join(faction[f].victory.condition) for f in seats},
        victory_parts={
            f: tuple(
                (sub, condition_label(c, sub, f), describe_condition(c, sub, f))
                for sub in _parts(faction[f].victory.condition)
            )
            for f in seats
        },
    )


def arms_bazaar_tables(ab: ArmsBazaarFile) -> ArmsBazaarTables:
    """The Arms Bazaar: one int per physical card, the cards by id and name, the symbol
    combinations, and what a played card or combination carries out (its source)."""
    card_of = tuple(d for d in ab.cards for _ in range(d.count))
    sources: list[tuple[str, str, tuple[Effect, ...]]] = [(d.id, d.name, d.effects) for d in ab.cards]
    sources += [(cb.id, cb.name, cb.effects) for cb in ab.combinations]
    if len({s[0] for s in sources}) != len(sources):
        raise ContentError("arms_bazaar.yaml: a combination shares its id with a card")
    return ArmsBazaarTables(
        card_def={d.id: d for d in ab.cards},
        card_of=card_of,
        card_name=tuple(d.name for d in card_of),
        card_keys=_unique_keys(d.id for d in card_of),
        def_by_name={d.name: d for d in ab.cards},
        card_lookup={d.name.casefold(): d for d in ab.cards},
        combo_by_id={cb.id: cb for cb in ab.combinations},
        combo_symbols={cb.id: (min(cb.symbols), max(cb.symbols)) for cb in ab.combinations},
        symbols_by_name={d.name: frozenset(d.symbols) for d in ab.cards},
        source_ids=tuple(s[0] for s in sources),
        source_index={s[0]: i for i, s in enumerate(sources)},
        source_name=tuple(s[1] for s in sources),
        source_effects=tuple(s[2] for s in sources),
        conditional_cards=frozenset(
            d.id
            for d in ab.cards
            if any(isinstance(e, EliminateUnits | DefectionEffect | PlaceFreeUnits) for e in d.effects)
        ),
        sides_only={
            timing: all(
                e.participant_only
                for d in ab.cards
                if d.timing == timing
                for e in d.effects
                if isinstance(e, CancelCard | ReverseCombatAward)
            )
            for timing in ("combat_reveal", "after_combat")
        },
    )


def command_tables(c: BaghdadContent, seats: tuple[str, ...]) -> CommandTables:
    """The Arab Street cards (one int per physical card) and the Command cards: their order by
    name, their buyback costs, and each faction's starting Commands."""
    street_of = tuple(sc for sc in c.arab_street.cards for _ in range(sc.count))
    commands = c.command_cards.command_cards
    command_index = {cc.id: i for i, cc in enumerate(commands)}
    return CommandTables(
        street_of=street_of,
        street_keys=_unique_keys(sc.id for sc in street_of),
        command_of=commands,
        command_keys=tuple(cc.id for cc in commands),
        command_index=command_index,
        command_by_name={cc.name: cc for cc in commands},
        command_rank=tuple(
            sorted(range(len(commands)), key=lambda i: commands[i].name).index(i)
            for i in range(len(commands))
        ),
        buyback_cost=tuple(c.factions.rules.command_buyback_multiplier * cc.value for cc in commands),
        starting_commands={f: tuple(command_index[cc.id] for cc in c.command_cards_of(f)) for f in seats},
    )


def verb_actions(book: ActionBook) -> VerbActions:
    """The interned actions of a verb alone (``pass``, ``no-command``)."""
    return VerbActions(
        a_pass=book("pass"),
        a_done=book("done"),
        a_decline=book("decline"),
        a_accept=book("accept"),
        a_send=book("send"),
        a_cancel=book("cancel"),
        a_truce=book("truce"),
        a_buy=book("buy"),
        a_stop=book("stop"),
        a_no_command=book("no-command"),
        a_no_offense=book("no-offense"),
        a_no_defense=book("no-defense"),
    )


def named_actions(book: ActionBook, c: BaghdadContent, seats: tuple[str, ...]) -> NamedActions:
    """The interned actions naming a card, a Command, a promise or a faction, by that name."""
    card_names = [d.name for d in c.arms_bazaar.cards]
    command_names = [cc.name for cc in c.command_cards.command_cards]
    return NamedActions(
        a_play=book.by_name("play", card_names),
        a_take=book.by_name("take", card_names),
        a_give=book.by_name("give", card_names),
        a_discard=book.by_name("discard", card_names),
        a_offense=book.by_name("offense", card_names),
        a_defense=book.by_name("defense", card_names),
        a_command=book.by_name("command", command_names + card_names),
        a_buyback=book.by_name("buyback", command_names),
        a_promise=book.by_name("promise", PROMISES),
        a_top=book.by_name("top", [sc.name for sc in c.arab_street.cards]),
        a_offer=book.by_name("offer", seats),
        a_to=book.by_name("to", seats),
        a_first=book.by_name("first", seats),
        a_target=book.by_name("target", seats),
        a_fight=book.by_name("fight", seats),
    )


def zone_actions(book: ActionBook, zones: tuple[Zone, ...]) -> ZoneActions:
    """The interned actions naming a zone, by zone."""
    zone_names = tuple(z.name for z in zones)
    zone_range = range(len(zones))
    return ZoneActions(
        a_battle=tuple(book("battle", z) for z in zone_names),
        a_move=tuple(book("move", z) for z in zone_names),
        a_underground=tuple(book("underground", z) for z in zone_names),
        a_airmobile=tuple(book("airmobile", z) for z in zone_names),
        a_enter=tuple(book("enter", z) for z in zone_names),
        a_to_zone=tuple(book("to", z) for z in zone_names),
        a_in_zone=tuple(book("in", z) for z in zone_names),
        a_recruit_security=tuple(book("recruit", "security", zone_names[z]) for z in zone_range),
        a_recruit_infrastructure=tuple(book("recruit", "infrastructure", zone_names[z]) for z in zone_range),
        a_place_security=tuple(book("place", "security", zone_names[z]) for z in zone_range),
        a_place_infrastructure=tuple(book("place", "infrastructure", zone_names[z]) for z in zone_range),
    )


def _unique_keys(ids: Iterable[str]) -> tuple[str, ...]:
    """``id#k`` for the k-th copy of each id: the saved name of one physical card."""
    seen: dict[str, int] = {}
    out = []
    for i in ids:
        seen[i] = seen.get(i, 0) + 1
        out.append(f"{i}#{seen[i]}")
    return tuple(out)


def _join(cond: VictoryCondition) -> Literal["all", "any", "one"]:
    return "all" if isinstance(cond, AllOf) else "any" if isinstance(cond, AnyOf) else "one"


def _parts(cond: VictoryCondition) -> tuple[VictoryCondition, ...]:
    return cond.conditions if isinstance(cond, AllOf | AnyOf) else (cond,)
