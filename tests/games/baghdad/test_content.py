"""Battle for Baghdad content: the data loads, encodes the known facts, and bad data fails.

Rule references are to the rulebook's section titles (the rulebook has no numbers);
"components" refers to shared/research/components.md section 3.
"""

from __future__ import annotations

import random
import shutil
import statistics
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest
import yaml

from consim.core.errors import ContentError
from consim.games.baghdad.content import (
    CONTENT_DIR,
    FACTION_IDS,
    AllOf,
    AnyOf,
    BaghdadContent,
    BaghdadOptions,
    BlockOffense,
    CollectFromEachPlayer,
    ControlAffiliatedZones,
    ControlZones,
    DefectionEffect,
    DoubleLastGain,
    DrawArmsBazaar,
    EliminateUnits,
    InfrastructureInZones,
    NeutralizeCommand,
    NoCrossAffiliatedControl,
    ReverseCombatAward,
    StopArabStreetDraws,
    SubstituteCommand,
    TakeCards,
    VictoryCondition,
    ViewHand,
    WinInitiative,
    Zone,
    build_tables,
    default_content,
    iter_conditions,
    load_content,
)


@pytest.fixture(scope="module")
def content() -> BaghdadContent:
    return load_content(CONTENT_DIR)


# ============================================================================ loading


def test_content_loads_and_default_is_shared(content: BaghdadContent) -> None:
    assert default_content() is default_content()
    assert default_content() == content
    assert content.arms_bazaar.deck_size == sum(c.count for c in content.arms_bazaar.cards)


# ============================================================================ map


def test_map_has_23_zones(content: BaghdadContent) -> None:
    # [Map of Baghdad; Glossary: Zone] 23 zones, each with a name and a PP value.
    assert len(content.map.zones) == 23
    assert len({z.name for z in content.map.zones}) == 23
    assert all(1 <= z.pp <= 5 for z in content.map.zones)


def test_green_zone_is_us_affiliated_and_the_only_fortified_zone(content: BaghdadContent) -> None:
    # [Glossary: Fortified Zone, Zone]
    gz = content.zone("green_zone")
    assert gz.name == "Green Zone"
    assert gz.affiliation == "US"
    assert gz.fortified
    assert [z.id for z in content.map.zones if z.fortified] == ["green_zone"]


def test_sadr_city_is_shiite(content: BaghdadContent) -> None:
    # [Glossary: Zone]
    assert content.zone("sadr_city").name == "Sadr City"
    assert content.zone("sadr_city").affiliation == "Shiite"


def test_grand_mosque_is_the_only_sanctuary(content: BaghdadContent) -> None:
    # [Combat Phase; Glossary: Sanctuary]
    assert content.zone("grand_mosque").name == "Grand Mosque"
    assert [z.id for z in content.map.zones if z.sanctuary] == ["grand_mosque"]


def test_airports(content: BaghdadContent) -> None:
    # [Airmobile Movement] at least one airport; ours are one per bank.
    airports = {z.id: z.side for z in content.map.zones if z.airport}
    assert airports == {"baghdad_airport": "west", "rashid_airbase": "east"}


def test_confirmed_zone_facts_are_not_marked_reconstructed(content: BaghdadContent) -> None:
    for zid, confirmed in {
        "green_zone": {"name", "affiliation", "fortified"},
        "sadr_city": {"name", "affiliation"},
        "grand_mosque": {"name", "sanctuary"},
    }.items():
        zone = content.zone(zid)
        assert zone.source is not None
        assert not confirmed & set(zone.reconstructed_fields)
    assert all(z.reconstructed for z in content.map.zones), (
        "every zone has some reconstructed value (PP, neighbours, coordinates)"
    )


def test_adjacency_is_symmetric_and_river_crossings_match_sides(content: BaghdadContent) -> None:
    for zone in content.map.zones:
        for other_id in zone.neighbours:
            other = content.zone(other_id)
            assert zone.id in other.neighbours
            assert (other.side != zone.side) == (other_id in zone.across_river)
            assert content.crosses_river(zone.id, other_id) == (other.side != zone.side)


def test_river_splits_the_map_and_bridges_list_every_crossing(content: BaghdadContent) -> None:
    sides = {z.side for z in content.map.zones}
    assert sides == {"east", "west"}
    crossings = {frozenset((z.id, o)) for z in content.map.zones for o in z.across_river}
    assert crossings == {frozenset(b.zones) for b in content.map.bridges}
    assert frozenset(("kadhimiya", "adhamiyah")) in crossings
    assert not content.crosses_river("sadr_city", "adhamiyah")


def test_map_is_connected(content: BaghdadContent) -> None:
    start = content.map.zones[0].id
    seen, todo = {start}, [start]
    while todo:
        for n in content.zone(todo.pop()).neighbours:
            if n not in seen:
                seen.add(n)
                todo.append(n)
    assert len(seen) == 23


def test_coordinates_follow_real_geography(content: BaghdadContent) -> None:
    def mean_x(side: str) -> float:
        return statistics.mean(z.x for z in content.map.zones if z.side == side)

    assert mean_x("east") > mean_x("west")
    assert content.zone("kadhimiya").y < content.zone("dora").y  # north above south
    assert content.zone("abu_ghraib").x < content.zone("sadr_city").x


def test_every_faction_has_an_affiliated_zone(content: BaghdadContent) -> None:
    # [Starting Forces] every faction places its starting units in affiliated zones.
    for fid in FACTION_IDS:
        assert content.affiliated_zones(fid), fid
    assert any(z.affiliation == "contested" for z in content.map.zones)


# ============================================================================ factions


def test_moves_per_turn(content: BaghdadContent) -> None:
    # [Move Step] most factions 2 moves, the US 3, the NGOs 1.
    moves = {f.id: f.moves_per_turn for f in content.factions.factions}
    assert moves == {"Shiite": 2, "Sunni": 2, "Government": 2, "US": 3, "Jihadist": 2, "NGO": 1}


def test_faction_colours(content: BaghdadContent) -> None:
    # [Faction Colors]
    colours = {f.id: f.colour for f in content.factions.factions}
    assert colours == {
        "Shiite": "blue",
        "Sunni": "red",
        "Government": "purple",
        "US": "green",
        "Jihadist": "black",
        "NGO": "gold",
    }


def test_player_counts(content: BaghdadContent) -> None:
    # [Select Factions] 3: Shiite, Sunni, Government; 4 adds US; 5 adds Jihadist; 6 adds NGO.
    def ids(n: int) -> list[str]:
        return [f.id for f in content.factions_in_play(n)]

    assert ids(3) == ["Shiite", "Sunni", "Government"]
    assert ids(4) == ["Shiite", "Sunni", "Government", "US"]
    assert ids(5) == ["Shiite", "Sunni", "Government", "US", "Jihadist"]
    assert ids(6) == ["Shiite", "Sunni", "Government", "US", "Jihadist", "NGO"]
    assert content.faction("US").player_counts == (4, 5, 6)
    assert content.faction("NGO").player_counts == (6,)
    with pytest.raises(ValueError, match="3 to 6 players"):
        content.factions_in_play(2)


def test_faction_order_and_first_bidder(content: BaghdadContent) -> None:
    # [Starting Forces; Initiative Phase] the Shi'ite places first and bids first on turn 1.
    assert content.factions.faction_order == FACTION_IDS
    assert content.factions.rules.first_bidder_turn_one == "Shiite"


def test_special_movement_rules(content: BaghdadContent) -> None:
    # [Special Moves] Underground: Shiite and Sunni; Airmobile: US, NGO, Government.
    underground = {f.id for f in content.factions.factions if f.has_rule("underground_movement")}
    airmobile = {f.id for f in content.factions.factions if f.has_rule("airmobile")}
    assert underground == {"Shiite", "Sunni"}
    assert airmobile == {"Government", "US", "NGO"}
    rule = content.faction("Shiite").rule("underground_movement")
    assert rule.type == "underground_movement" and rule.per_turn == 1


def test_us_units_count_double_and_triple_when_fortified(content: BaghdadContent) -> None:
    # [Units and Combat; Glossary: Increment]
    rule = content.faction("US").rule("unit_combat_value")
    assert rule.type == "unit_combat_value"
    assert (rule.value, rule.fortified_value) == (2, 3)
    assert content.faction("US").unit_combat_value == 2
    rules = content.factions.rules
    for f in content.factions.factions:
        if f.id != "US":
            assert f.unit_combat_value == rules.unit_combat_value == 1
    assert rules.unit_combat_value + rules.fortified_increment == 2


def test_only_ngo_peacekeeps(content: BaghdadContent) -> None:
    # [Glossary: Peacekeeping]
    assert {f.id for f in content.factions.factions if f.has_rule("peacekeeping")} == {"NGO"}


def test_unit_costs_collection_and_victory_numbers(content: BaghdadContent) -> None:
    rules = content.factions.rules
    # [Faction Counters; Recruit Step; Civic Action Phase]
    assert (rules.security_cost, rules.infrastructure_cost) == (2, 1)
    assert (rules.security_collects, rules.infrastructure_collects) == (1, 3)
    # [Victory Conditions] 120 PP, each controlled zone worth 10.
    assert (rules.standard_victory_pp, rules.pp_per_controlled_zone) == (120, 10)
    # [Units and Combat; Move Step; Recruit Step]
    assert rules.max_commitment == 19
    assert rules.move_range == 3
    assert rules.no_bid_card_price == 1
    assert rules.command_cards_per_faction == 5
    assert rules.pp_marker_values == (1, 2, 3, 4, 5)
    # [Stalemate]
    assert rules.stalemate_winners == {3: None, 4: None, 5: "Jihadist", 6: "NGO"}


def test_counters_about_thirty_roughly_half_each(content: BaghdadContent) -> None:
    # [Faction Counters] about 30 each, the number varies, about half of each type.
    totals = []
    for f in content.factions.factions:
        total = f.counters.total
        totals.append(total)
        assert 24 <= total <= 36, f.id
        assert 0.4 <= f.counters.security / total <= 0.6, f.id
    assert len(set(totals)) > 1, "the counter mix should vary between factions"
    assert 28 <= statistics.mean(totals) <= 32


def test_starting_setup(content: BaghdadContent) -> None:
    # [Starting Forces] units on the map in affiliated zones, some PP, some cards.
    for f in content.factions.factions:
        assert f.starting.units.total > 0
        assert f.starting.pp > 0
        assert 0 < f.starting.hand <= f.max_hand
        for zid in f.starting.forces:
            assert content.zone(zid).affiliation == f.id
        for zid in f.spawn_zones:
            content.zone(zid)  # raises if unknown


# ============================================================================ victory

Board = dict[str, dict[str, tuple[int, int]]]  # zone -> faction -> (security, infrastructure)
Placement = tuple[str, str, int, int]  # zone, faction, security, infrastructure


def controller(board: Board, zone: str) -> str | None:
    """[Glossary: Control, Peacekeeping] sole occupant; NGO beside one other is ignored."""
    present = [f for f, (s, i) in board.get(zone, {}).items() if s + i > 0]
    if len(present) == 1:
        return present[0]
    others = [f for f in present if f != "NGO"]
    if len(present) == 2 and len(others) == 1:
        return others[0]
    return None


def holds(content: BaghdadContent, cond: VictoryCondition, me: str, board: Board) -> bool:
    """A reference reading of the victory vocabulary, independent of the engine."""
    if isinstance(cond, AllOf):
        return all(holds(content, c, me, board) for c in cond.conditions)
    if isinstance(cond, AnyOf):
        return any(holds(content, c, me, board) for c in cond.conditions)
    if isinstance(cond, ControlZones):
        by = set(cond.by or (me,))
        return sum(controller(board, z) in by for z in cond.zones) >= cond.count
    if isinstance(cond, ControlAffiliatedZones):
        wanted = {me if a == "self" else a for a in cond.affiliations}
        return (
            sum(z.affiliation in wanted and controller(board, z.id) == me for z in content.map.zones)
            >= cond.count
        )
    if isinstance(cond, InfrastructureInZones):
        zones = cond.zones or tuple(z.id for z in content.map.zones)
        ok = [
            z
            for z in zones
            if board.get(z, {}).get(me, (0, 0))[1] >= cond.min_per_zone
            and (not cond.require_control or controller(board, z) == me)
        ]
        return len(ok) >= cond.count
    if isinstance(cond, NoCrossAffiliatedControl):
        a, b = cond.factions
        return not any(
            (z.affiliation == b and controller(board, z.id) == a)
            or (z.affiliation == a and controller(board, z.id) == b)
            for z in content.map.zones
        )
    raise AssertionError(f"unknown condition {cond!r}")


def starting_board(content: BaghdadContent, players: int = 6) -> Board:
    board: Board = {}
    for f in content.factions_in_play(players):
        for zid, units in f.starting.forces.items():
            board.setdefault(zid, {})[f.id] = (units.security, units.infrastructure)
    return board


def with_units(board: Board, *placements: Placement) -> Board:
    new = {z: dict(fs) for z, fs in board.items()}
    for zone, faction, sec, inf in placements:
        if sec + inf == 0:
            new.get(zone, {}).pop(faction, None)
        else:
            new.setdefault(zone, {})[faction] = (sec, inf)
    return new


@pytest.mark.parametrize("players", [3, 4, 5, 6])
def test_nobody_has_won_at_setup(content: BaghdadContent, players: int) -> None:
    board = starting_board(content, players)
    for f in content.factions_in_play(players):
        assert not holds(content, f.victory.condition, f.id, board), f.id


def test_victory_themes_match_the_review(content: BaghdadContent) -> None:
    # components 3(a): Shi'ites and Sunnis build infrastructure in certain areas; the
    # Government keeps the two communities apart; the Jihadists overrun US or Government.
    def kinds(fid: str) -> list[VictoryCondition]:
        return list(iter_conditions(content.faction(fid).victory.condition))

    for fid in ("Shiite", "Sunni"):
        infra = [c for c in kinds(fid) if isinstance(c, InfrastructureInZones)]
        assert infra and infra[0].require_control and infra[0].zones
    apart = [c for c in kinds("Government") if isinstance(c, NoCrossAffiliatedControl)]
    assert apart and set(apart[0].factions) == {"Shiite", "Sunni"}
    overrun = [c for c in kinds("Jihadist") if isinstance(c, ControlAffiliatedZones)]
    assert overrun and set(overrun[0].affiliations) == {"US", "Government"}


WITNESSES: dict[str, tuple[tuple[Placement, ...], tuple[Placement, ...]]] = {
    # faction: (placements on top of the 6-player set-up that win, then ones that spoil it)
    "Shiite": (
        (
            ("shaab", "Shiite", 1, 1),
            ("new_baghdad", "Shiite", 1, 1),
            ("zayouna", "Shiite", 1, 1),
        ),
        (("zayouna", "Sunni", 1, 0),),  # Zayouna no longer controlled: only 2 of 3
    ),
    "Sunni": (
        (
            ("mansour", "Sunni", 1, 1),
            ("haifa_street", "Sunni", 1, 1),
            ("grand_mosque", "Sunni", 0, 1),
        ),
        (("adhamiyah", "Shiite", 3, 0),),  # Adhamiyah contested
    ),
    "Government": (
        (
            ("shaab", "Government", 1, 1),
            ("mansour", "Government", 1, 1),
            ("rusafa", "Government", 1, 1),
        ),
        (("ghazaliya", "Sunni", 0, 0), ("ghazaliya", "Shiite", 1, 0)),  # communities mixed
    ),
    "US": (
        (
            ("rusafa", "US", 1, 1),
            ("new_baghdad", "NGO", 0, 0),
            ("new_baghdad", "US", 1, 1),
            ("mansour", "US", 1, 1),
            ("zayouna", "Government", 1, 0),
            ("shaab", "Government", 1, 0),
        ),
        (("baghdad_airport", "Jihadist", 2, 0),),  # the airport contested
    ),
    "Jihadist": (
        (("green_zone", "US", 0, 0), ("green_zone", "Jihadist", 2, 0)),
        (("green_zone", "US", 1, 0),),  # the US is back in the Green Zone
    ),
    "NGO": (
        tuple((z, "NGO", 0, 1) for z in ("shaab", "rusafa", "zayouna", "karrada", "mansour")),
        (("mansour", "NGO", 0, 0),),  # down to five zones (with Medical City)
    ),
}


@pytest.mark.parametrize("faction_id", FACTION_IDS)
def test_each_special_victory_can_be_met_and_spoiled(content: BaghdadContent, faction_id: str) -> None:
    wins, spoilers = WITNESSES[faction_id]
    condition = content.faction(faction_id).victory.condition
    board = with_units(starting_board(content), *wins)
    assert holds(content, condition, faction_id, board)
    assert not holds(content, condition, faction_id, with_units(board, *spoilers))


# ============================================================================ command cards


def test_five_command_cards_per_faction(content: BaghdadContent) -> None:
    # [Command Cards; Glossary: Active]
    for fid in FACTION_IDS:
        cards = content.command_cards_of(fid)
        assert len(cards) == 5, fid
        assert all(set(c.types) <= {"Conventional", "Unconventional"} for c in cards)


def test_command_buyback_costs_twice_the_value(content: BaghdadContent) -> None:
    # [Recruit Step; Glossary: Neutralize]
    assert content.factions.rules.command_buyback_multiplier == 2
    tables = build_tables(BaghdadOptions(players=6), content)
    for i, card in enumerate(tables.command_of):
        assert tables.buyback_cost[i] == 2 * card.value


def test_some_commands_allow_both_types(content: BaghdadContent) -> None:
    # [Operational Plans] some Command cards allow either type of Offense and Defense.
    assert any(len(c.types) == 2 for c in content.command_cards.command_cards)


def test_us_commands_are_the_costliest_to_buy_back(content: BaghdadContent) -> None:
    # components 3(a): the US struggles to afford buying back Neutralized Commands.
    def total(fid: str) -> int:
        return sum(c.value for c in content.command_cards_of(fid))

    assert all(total("US") > total(fid) for fid in FACTION_IDS if fid != "US")
    us_best = max(c.value for c in content.command_cards_of("US"))
    assert us_best * 2 > content.faction("US").civic_income


# ============================================================================ Arms Bazaar


def test_named_arms_bazaar_cards_exist(content: BaghdadContent) -> None:
    deck = content.arms_bazaar
    for name in ("Network", "Collateral Damage", "Oil Ministry", "InfoWar", "Surge/Jihad"):
        assert deck.card(name).name == name
    with pytest.raises(KeyError):
        deck.card("Death Star")


def test_offense_and_defense_cards_of_both_types(content: BaghdadContent) -> None:
    # [Arms Bazaar Cards; Operational Plans]
    for kind in ("offense", "defense"):
        types = {t for c in content.arms_bazaar.cards if c.kind == kind for t in c.types}
        assert types == {"Conventional", "Unconventional"}, kind


def _neutralizers(content: BaghdadContent) -> list[tuple[str, str, NeutralizeCommand]]:
    return [
        (c.id, c.types[0], e)
        for c in content.arms_bazaar.cards
        if c.kind == "offense"
        for e in c.effects
        if isinstance(e, NeutralizeCommand)
    ]


def test_every_command_can_be_neutralized(content: BaghdadContent) -> None:
    # [Resolving Combat] an Offense that can Neutralize the enemy Command does so.
    for card in content.command_cards.command_cards:
        assert any(
            set(card.types) & set(e.command_types) and (e.max_value is None or card.value <= e.max_value)
            for _, _, e in _neutralizers(content)
        ), card.id


def test_every_offense_can_be_blocked(content: BaghdadContent) -> None:
    # [Resolving Combat] an Offense works unless the target's Defense blocks it.
    blocks = [
        e
        for c in content.arms_bazaar.cards
        if c.kind == "defense"
        for e in c.effects
        if isinstance(e, BlockOffense)
    ]
    for card_id, offense_type, _ in _neutralizers(content):
        assert any(offense_type in b.offense_types or card_id in b.cards for b in blocks), card_id


def test_network_replaces_a_command_of_both_types(content: BaghdadContent) -> None:
    # [Operational Plans]
    network = content.arms_bazaar.card("Network")
    assert network.kind == "network"
    assert set(network.types) == {"Conventional", "Unconventional"}
    (effect,) = network.effects
    assert isinstance(effect, SubstituteCommand)
    assert effect.value == network.value
    assert set(effect.command_types) == {"Conventional", "Unconventional"}


def test_symbol_cards_and_combinations(content: BaghdadContent) -> None:
    # [Arms Bazaar Cards] Connections+Minds Espionage, Connections+Hearts Political
    # Maneuver, Hearts+Minds Defection.
    deck = content.arms_bazaar
    for symbol in ("Connections", "Hearts", "Minds"):
        assert sum(c.count for c in deck.cards if symbol in c.symbols) >= 2, symbol
    combos = {c.id: c for c in deck.combinations}
    assert set(combos["espionage"].symbols) == {"Connections", "Minds"}
    assert set(combos["political_maneuver"].symbols) == {"Connections", "Hearts"}
    assert set(combos["defection"].symbols) == {"Hearts", "Minds"}

    esp = combos["espionage"].effects
    assert any(isinstance(e, ViewHand) for e in esp)
    assert any(isinstance(e, TakeCards) and e.count == 2 and e.chosen for e in esp)
    assert combos["espionage"].timing == combos["defection"].timing == "own_move_step"

    pm = combos["political_maneuver"]
    assert pm.timing == "initiative"
    assert any(isinstance(e, WinInitiative) and e.last_played_wins for e in pm.effects)
    assert any(isinstance(e, DrawArmsBazaar) and e.count == 1 for e in pm.effects)

    (defect,) = combos["defection"].effects
    assert isinstance(defect, DefectionEffect)
    assert defect.units == 3 and defect.replace_same_type


def test_oil_ministry_makes_every_player_pay_two(content: BaghdadContent) -> None:
    # Designer Q&A: each player pays the Oil Ministry's holder 2 PP.
    (effect,) = content.arms_bazaar.card("Oil Ministry").effects
    assert isinstance(effect, CollectFromEachPlayer) and effect.amount == 2


def test_infowar_doubles_from_the_bank_and_stacks(content: BaghdadContent) -> None:
    # Designer Q&A: 17 PP won; InfoWar adds 17; a second adds 34: 68 in all. After Oil
    # Ministry in a six-player game (5 x 2 = 10) the extra 10 comes from the bank.
    card = content.arms_bazaar.card("InfoWar")
    assert card.count >= 2 and card.timing == "after_gain"
    (effect,) = card.effects
    assert isinstance(effect, DoubleLastGain)
    assert effect.from_bank
    assert {"combat_award", "card_effect"} <= set(effect.sources)
    total = 17
    total += effect.bonus(total)
    assert total == 34
    total += effect.bonus(total)
    assert total == 68
    assert effect.bonus(5 * 2) == 10


def test_collateral_damage_reverses_the_award_for_participants_only(
    content: BaghdadContent,
) -> None:
    # [Arms Bazaar Cards Post Combat]; designer Q&A: only a participant may play it.
    card = content.arms_bazaar.card("Collateral Damage")
    assert card.timing == "after_combat"
    reverse = [e for e in card.effects if isinstance(e, ReverseCombatAward)]
    assert reverse and reverse[0].participant_only


def test_surge_jihad_can_win_the_initiative(content: BaghdadContent) -> None:
    # Designer Q&A.
    card = content.arms_bazaar.card("Surge/Jihad")
    assert card.timing == "initiative"
    assert any(isinstance(e, WinInitiative) for e in card.effects)


def test_an_arms_bazaar_card_stops_arab_street_draws(content: BaghdadContent) -> None:
    # [Arab Street Phase] some Arms Bazaar cards stop further draws.
    stoppers = [
        c for c in content.arms_bazaar.cards if any(isinstance(e, StopArabStreetDraws) for e in c.effects)
    ]
    assert stoppers and all(c.timing == "arab_street" for c in stoppers)


def test_a_card_can_hit_the_sanctuary(content: BaghdadContent) -> None:
    # [Glossary: Sanctuary] Arms Bazaar cards may be played against forces there.
    assert any(
        isinstance(e, EliminateUnits) and e.sanctuary_allowed
        for c in content.arms_bazaar.cards
        for e in c.effects
    )


# ============================================================================ Arab Street


def test_arab_street_basics(content: BaghdadContent) -> None:
    street = content.arab_street
    assert street.draws_per_turn == 3  # [Arab Street Phase]
    assert street.card("Elections").kind == "event"  # [Arab Street Cards]
    assert any(c.stops_draws for c in street.cards)  # [Arab Street Phase]
    placements = [c for c in street.cards if c.kind == "pp_placement"]
    assert len(placements) > len(street.cards) / 2  # "most" cards place PP
    named = set().union(*(c.zone_refs() for c in street.cards))
    assert named == {z.id for z in content.map.zones}


def test_arab_street_deck_gives_a_game_of_seven_to_nine_turns(content: BaghdadContent) -> None:
    # [End of Game] the game ends in the turn the deck runs out; the reconstruction aims at
    # 7-9 turns, 8 on average (PROVENANCE.md; NOTES.md, fifth calibration).
    street = content.arab_street
    stoppers = {c.id for c in street.cards if c.stops_draws}
    lengths = []
    for seed in range(2000):
        deck = street.deck()
        random.Random(seed).shuffle(deck)
        turns = 0
        while deck:
            turns += 1
            for _ in range(street.draws_per_turn):
                if not deck or deck.pop() in stoppers:
                    break
        lengths.append(turns)
    assert min(lengths) >= 7 and max(lengths) <= 9
    assert 7.5 <= statistics.mean(lengths) <= 8.5


# ============================================================================ provenance


def test_every_file_has_a_provenance_header_and_provenance_md_covers_it() -> None:
    text = (CONTENT_DIR / "PROVENANCE.md").read_text(encoding="utf-8")
    for name in ("map", "factions", "command_cards", "arms_bazaar", "arab_street"):
        data = yaml.safe_load((CONTENT_DIR / f"{name}.yaml").read_text(encoding="utf-8"))
        assert next(iter(data)) == "provenance"
        assert f"{name}.yaml" in text


# ============================================================================ invalid data


def _broken_copy(tmp_path: Path, file: str, mutate: Callable[[dict[str, Any]], None]) -> Path:
    target = tmp_path / "content"
    shutil.copytree(CONTENT_DIR, target)
    path = target / file
    data = yaml.safe_load(path.read_text(encoding="utf-8"))
    mutate(data)
    path.write_text(yaml.safe_dump(data, sort_keys=False), encoding="utf-8")
    return target


def _zone(data: dict[str, Any], zid: str) -> dict[str, Any]:
    return next(z for z in data["zones"] if z["id"] == zid)


def _faction(data: dict[str, Any], fid: str) -> dict[str, Any]:
    return next(f for f in data["factions"] if f["id"] == fid)


def test_unchanged_copy_loads(tmp_path: Path) -> None:
    load_content(_broken_copy(tmp_path, "map.yaml", lambda d: None))


def test_asymmetric_adjacency_is_rejected(tmp_path: Path) -> None:
    def mutate(d: dict[str, Any]) -> None:
        _zone(d, "shaab")["neighbours"].remove("adhamiyah")

    with pytest.raises(ContentError, match=r"map\.yaml.*not symmetric.*'adhamiyah'.*'shaab'"):
        load_content(_broken_copy(tmp_path, "map.yaml", mutate))


def test_unknown_neighbour_is_rejected(tmp_path: Path) -> None:
    def mutate(d: dict[str, Any]) -> None:
        _zone(d, "shaab")["neighbours"].append("atlantis")

    with pytest.raises(ContentError, match="unknown neighbour zone 'atlantis'"):
        load_content(_broken_copy(tmp_path, "map.yaml", mutate))


def test_unknown_spawn_zone_is_rejected(tmp_path: Path) -> None:
    def mutate(d: dict[str, Any]) -> None:
        _faction(d, "Sunni")["spawn_zones"] = ["atlantis"]

    with pytest.raises(ContentError, match=r"factions\.yaml: faction Sunni: spawn zone 'atlantis'"):
        load_content(_broken_copy(tmp_path, "factions.yaml", mutate))


def test_unknown_zone_on_an_arab_street_card_is_rejected(tmp_path: Path) -> None:
    def mutate(d: dict[str, Any]) -> None:
        d["cards"][0]["effects"][0]["zones"].append("atlantis")

    with pytest.raises(ContentError, match=r"arab_street\.yaml: card 'power_cuts'.*'atlantis'"):
        load_content(_broken_copy(tmp_path, "arab_street.yaml", mutate))


def test_unknown_zone_in_a_victory_condition_is_rejected(tmp_path: Path) -> None:
    def mutate(d: dict[str, Any]) -> None:
        _faction(d, "Shiite")["victory"]["condition"]["conditions"][0]["zones"] = ["atlantis"]

    with pytest.raises(ContentError, match="victory condition names unknown zone 'atlantis'"):
        load_content(_broken_copy(tmp_path, "factions.yaml", mutate))


def test_wrong_zone_count_is_rejected(tmp_path: Path) -> None:
    def mutate(d: dict[str, Any]) -> None:
        d["zones"].append(
            {**_zone(d, "shaab"), "id": "shaab_two", "name": "Shaab Two", "neighbours": ["shaab"]}
        )
        _zone(d, "shaab")["neighbours"].append("shaab_two")

    with pytest.raises(ContentError, match="exactly 23 zones, found 24"):
        load_content(_broken_copy(tmp_path, "map.yaml", mutate))


def test_second_sanctuary_is_rejected(tmp_path: Path) -> None:
    def mutate(d: dict[str, Any]) -> None:
        _zone(d, "kadhimiya")["sanctuary"] = True

    with pytest.raises(ContentError, match=r"exactly one Sanctuary zone.*kadhimiya"):
        load_content(_broken_copy(tmp_path, "map.yaml", mutate))


def test_disconnected_map_is_rejected(tmp_path: Path) -> None:
    def mutate(d: dict[str, Any]) -> None:  # blow up every bridge
        for z in d["zones"]:
            z["neighbours"] = [n for n in z["neighbours"] if n not in z["across_river"]]
            z["across_river"] = []
        d["bridges"] = []

    with pytest.raises(ContentError, match="not connected"):
        load_content(_broken_copy(tmp_path, "map.yaml", mutate))


def test_river_crossing_must_be_marked(tmp_path: Path) -> None:
    def mutate(d: dict[str, Any]) -> None:
        _zone(d, "kadhimiya")["across_river"] = []

    with pytest.raises(ContentError, match="'adhamiyah' is on the other bank"):
        load_content(_broken_copy(tmp_path, "map.yaml", mutate))


def test_four_command_cards_are_rejected(tmp_path: Path) -> None:
    def mutate(d: dict[str, Any]) -> None:
        d["command_cards"] = [c for c in d["command_cards"] if c["id"] != "ngo_local_staff"]

    with pytest.raises(ContentError, match="faction NGO has 4 Command cards, needs 5"):
        load_content(_broken_copy(tmp_path, "command_cards.yaml", mutate))


def test_starting_forces_outside_affiliated_zones_are_rejected(tmp_path: Path) -> None:
    def mutate(d: dict[str, Any]) -> None:
        _faction(d, "US")["starting"]["forces"]["rusafa"] = {"security": 1}

    with pytest.raises(ContentError, match="'rusafa' is affiliated with contested"):
        load_content(_broken_copy(tmp_path, "factions.yaml", mutate))


def test_player_count_table_is_enforced(tmp_path: Path) -> None:
    def mutate(d: dict[str, Any]) -> None:
        _faction(d, "US")["player_counts"] = [3, 4, 5, 6]

    with pytest.raises(ContentError, match="3-player game must use the first 3 factions"):
        load_content(_broken_copy(tmp_path, "factions.yaml", mutate))


def test_block_of_unknown_offense_is_rejected(tmp_path: Path) -> None:
    def mutate(d: dict[str, Any]) -> None:
        card = next(c for c in d["cards"] if c["id"] == "checkpoints")
        card["effects"][0]["cards"] = ["orbital_laser"]

    with pytest.raises(ContentError, match=r"blocks \['orbital_laser'\]"):
        load_content(_broken_copy(tmp_path, "arms_bazaar.yaml", mutate))


def test_field_errors_name_file_line_and_field(tmp_path: Path) -> None:
    def mutate(d: dict[str, Any]) -> None:
        _zone(d, "sadr_city")["pp"] = 0

    with pytest.raises(ContentError, match=r"map\.yaml:\d+: zones\.\d+\.pp: .*greater than"):
        load_content(_broken_copy(tmp_path, "map.yaml", mutate))


def test_unknown_fields_are_rejected(tmp_path: Path) -> None:
    def mutate(d: dict[str, Any]) -> None:
        _zone(d, "sadr_city")["population"] = 2_000_000

    with pytest.raises(ContentError, match=r"population.*Extra inputs are not permitted"):
        load_content(_broken_copy(tmp_path, "map.yaml", mutate))


def test_victory_count_above_zone_list_is_rejected(tmp_path: Path) -> None:
    def mutate(d: dict[str, Any]) -> None:
        _faction(d, "Shiite")["victory"]["condition"]["conditions"][1]["count"] = 9

    with pytest.raises(ContentError, match="count 9 exceeds the 6 zones listed"):
        load_content(_broken_copy(tmp_path, "factions.yaml", mutate))


def _zone_record(**changes: Any) -> dict[str, Any]:
    record: dict[str, Any] = {
        "id": "somewhere",
        "name": "Somewhere",
        "pp": 2,
        "affiliation": "contested",
        "side": "east",
        "x": 1,
        "y": 1,
        "neighbours": ["elsewhere"],
        "reconstructed": True,
    }
    record.update(changes)
    return record


def test_provenance_is_required_on_every_record() -> None:
    with pytest.raises(ValueError, match="needs a `source`"):
        Zone.model_validate(_zone_record(reconstructed=False))
    with pytest.raises(ValueError, match="`ppp` is not a field of Zone"):
        Zone.model_validate(_zone_record(source="rulebook", reconstructed=["ppp"]))
    with pytest.raises(ValueError, match="an empty list"):
        Zone.model_validate(_zone_record(source="rulebook", reconstructed=[]))
    with pytest.raises(ValueError, match="notes"):  # the one spelling is `note`
        Zone.model_validate(_zone_record(source="rulebook", notes="why"))
    partly = Zone.model_validate(_zone_record(source="rulebook", reconstructed=["pp"]))
    assert partly.reconstructed_fields == ("pp",) and partly.is_confirmed("name")
    assert Zone.model_validate(_zone_record(source="rulebook", reconstructed=False)).is_confirmed("pp")
