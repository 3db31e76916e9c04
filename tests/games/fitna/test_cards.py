"""Fitna's deck (content/cards.yaml): it loads through the schema, keeps every fact the rules
give about a card at that card's number, and uses only effects an engine can carry out as
specified in content/provenance/cards.md.

Each test cites the rule whose fact it checks. The checks that inspect the data are plain
functions returning a list of problems, so that the last tests can show them failing on
damaged data.
"""

from __future__ import annotations

import re
from collections import Counter
from pathlib import Path
from typing import get_args

import pytest
import yaml
from pydantic import ValidationError

from consim.core.content import load_model
from consim.core.errors import ContentError
from consim.games.fitna.content import (
    CONTENT_DIR,
    Cancel,
    Card,
    CardsFile,
    ColumnShift,
    DrawCards,
    Entrench,
    Force,
    Handler,
    Reinforcements,
    RevealStack,
    Strike,
    TensionChange,
)
from consim.games.fitna.vocabulary import (
    HANDLER_PARAMS,
    CoupParams,
    CyberWarParams,
    IsActivationParams,
    KurdishActivationParams,
    TargetedStrikeParams,
)

CARDS_PATH = CONTENT_DIR / "cards.yaml"
PROVENANCE_MD = CONTENT_DIR / "provenance" / "cards.md"

# ---------------------------------------------------------------------------------------------
# The documented vocabulary (provenance/cards.md sections 6-8): keep in step with that file
# ---------------------------------------------------------------------------------------------

#: every handler the deck may use: name -> (required params, optional params)
HANDLERS: dict[str, tuple[frozenset[str], frozenset[str]]] = {
    "is_activation": (frozenset({"counters"}), frozenset()),
    "kurdish_activation": (frozenset({"ops"}), frozenset()),
    "coup": (frozenset({"country", "scope"}), frozenset()),
    "war_in_lebanon": (frozenset(), frozenset()),
    "pkk_rebellion": (frozenset(), frozenset()),
    "us_approval": (frozenset(), frozenset()),
    "only_if": (frozenset({"condition"}), frozenset()),
    "cyber_war": (frozenset({"opponent_loses", "shift", "backfire_on", "backfire_loses"}), frozenset()),
    "restriction": (frozenset({"who", "rule", "until"}), frozenset({"tag"})),
    "mobilise": (frozenset({"forces", "units"}), frozenset()),
    "extra_batch": (frozenset(), frozenset()),
    "russian_surge": (frozenset({"rebuild", "else_tension"}), frozenset()),
    "targeted_strike": (frozenset({"spaces", "steps", "forces"}), frozenset({"countries", "reach"})),
    "evacuation_deal": (frozenset(), frozenset()),
    "oil_revenue": (frozenset({"per_oilfield", "max"}), frozenset()),
    "security_council": (frozenset({"veto_by", "veto_cost", "end_on", "else_tension"}), frozenset()),
}

#: parameter values the specification allows
COUP_COUNTRIES = {"syria", "iraq", "either"}
COUP_SCOPES = {"all", "one_space"}
CONDITIONS = {"attacker_has_armour", "space_is_city", "space_is_mountain", "space_has_is_symbol"}
RESTRICTION_WHO = {"self", "chosen_opponent", "both"}
RESTRICTION_RULES = {"no_offensives_between", "no_tag_against", "no_batch", "one_ops_card", "no_events"}
RESTRICTION_UNTIL = {"end_of_turn", "end_of_next_phase", "end_of_next_turn"}

#: tags a Cancel may target besides card names (section 6)
TAGS = {"air", "missile", "drone", "cyber", "terror", "asset"}
#: what may follow a cancellation (section 7)
CANCEL_THEN = {"no_daesh_this_turn", "no_peshmerga_until_next_turn", "hackers_strike_back"}

FORCES_OF_THE_SCHEMA = set(get_args(Force))


# ---------------------------------------------------------------------------------------------
# helpers
# ---------------------------------------------------------------------------------------------


@pytest.fixture(scope="module")
def deck() -> CardsFile:
    return load_model(CARDS_PATH, CardsFile)


@pytest.fixture(scope="module")
def provenance_md() -> str:
    return PROVENANCE_MD.read_text(encoding="utf-8")


def card(deck: CardsFile, number: int) -> Card:
    (found,) = [c for c in deck.cards if c.number == number]
    return found


def named(deck: CardsFile, name: str) -> list[Card]:
    return [c for c in deck.cards if c.name == name]


def effects_of(c: Card, kind: type) -> list:  # type: ignore[type-arg]
    return [e for e in c.effects if isinstance(e, kind)]


def handlers_of(c: Card) -> dict[str, Handler]:
    return {e.name: e for e in c.effects if isinstance(e, Handler)}


def sentence_problems(text: str) -> list[str]:
    """What stops ``text`` from being at least one full sentence a player can read."""
    flat = " ".join(text.split())
    if not flat:
        return ["empty"]
    problems = []
    if not flat[0].isupper():
        problems.append("does not begin with a capital letter")
    if flat[-1] not in ".!?":
        problems.append("does not end with a full stop")
    sentences = re.split(r"(?<=[.!?])\s+", flat)
    if not any(len(s.split()) >= 5 for s in sentences):
        problems.append("holds no sentence of five words or more")
    return problems


def strike_weight(c: Card) -> int:
    """Steps a card can strike off the map (spaces x steps), by Strike or targeted_strike."""
    weights = [e.spaces * e.steps for e in effects_of(c, Strike)]
    weights += [
        e.params.spaces * e.params.steps
        for e in effects_of(c, Handler)
        if isinstance(e.params, TargetedStrikeParams)
    ]
    return max(weights, default=0)


def handler_problems(deck: CardsFile) -> list[str]:
    """Every handler use must be documented, with exactly its documented parameters."""
    problems = []
    uses = [(f"#{c.number}", e) for c in deck.cards for e in c.effects if isinstance(e, Handler)]
    uses += [(j.id, e) for j in deck.special_jokers for e in j.effects if isinstance(e, Handler)]
    for where, h in uses:
        if h.name not in HANDLERS:
            problems.append(f"{where}: unknown handler {h.name!r}")
            continue
        required, optional = HANDLERS[h.name]
        keys = set(h.params.as_data())  # the parameters the file gives
        if not required <= keys:
            problems.append(f"{where}: {h.name} lacks {sorted(required - keys)}")
        if not keys <= required | optional:
            problems.append(f"{where}: {h.name} has unknown params {sorted(keys - required - optional)}")
    return problems


def cancel_problems(deck: CardsFile) -> list[str]:
    """Every Cancel target is a card name of the deck or a documented tag."""
    names = {c.name for c in deck.cards}
    problems = []
    for c in deck.cards:
        for e in effects_of(c, Cancel):
            for target in e.targets:
                if target not in names and target not in TAGS:
                    problems.append(f"#{c.number}: cancels {target!r}, neither a card nor a tag")
            if e.then and e.then not in CANCEL_THEN:
                problems.append(f"#{c.number}: undocumented follow-up {e.then!r}")
    return problems


def requires_problems(deck: CardsFile) -> list[str]:
    numbers = {c.number for c in deck.cards}
    return [
        f"#{c.number} requires #{n}"
        for c in deck.cards
        for n in c.requires
        if n not in numbers or n == c.number
    ]


# ---------------------------------------------------------------------------------------------
# the deck's shape [2.0, 8.0-8.3]
# ---------------------------------------------------------------------------------------------


def test_the_file_loads_through_the_schema(deck: CardsFile) -> None:
    assert isinstance(deck, CardsFile)
    assert list(HANDLER_PARAMS) == list(HANDLERS)


def test_95_cards_numbered_1_to_95(deck: CardsFile) -> None:
    # [2.0] one deck of 95 cards
    assert sorted(c.number for c in deck.cards) == list(range(1, 96))


def test_15_high_tension_cards_6_assets_9_events(deck: CardsFile) -> None:
    # [8.3]
    high = [c for c in deck.cards if c.high_tension]
    assert len(high) == 15
    assert Counter(c.kind for c in high) == {"asset": 6, "event": 9}


def test_ops_are_4_6_or_8_with_a_real_mix(deck: CardsFile) -> None:
    # [8.0, 16.0] 4, 6 or 8 OPs; no value should be a rarity
    counts = Counter(c.ops for c in deck.cards)
    assert set(counts) == {4, 6, 8}
    assert min(counts.values()) >= 15


def test_high_tension_cards_are_the_heavy_hitters(deck: CardsFile) -> None:
    # [8.3] the most powerful cards: more OPs on average, and they hold the strongest strikes
    high = [c.ops for c in deck.cards if c.high_tension]
    low = [c.ops for c in deck.cards if not c.high_tension]
    assert sum(high) / len(high) > sum(low) / len(low)
    assert max(strike_weight(c) for c in deck.cards if not c.high_tension) < max(
        strike_weight(c) for c in deck.cards if c.high_tension
    )


def test_symbols_are_only_on_assets(deck: CardsFile) -> None:
    # [8.1] the IS and Kurdish marks say which Assets those units may use
    assert [c.number for c in deck.cards if c.symbols and c.kind != "asset"] == []
    assert sum("is" in c.symbols for c in deck.cards) >= 6
    assert sum("kurdish" in c.symbols for c in deck.cards) >= 6


def test_every_card_text_is_at_least_one_full_sentence(deck: CardsFile) -> None:
    problems = [f"#{c.number}: {p}" for c in deck.cards for p in sentence_problems(c.text)]
    problems += [f"{j.id}: {p}" for j in deck.special_jokers for p in sentence_problems(j.text)]
    assert problems == []


def test_reconstructed_names_real_fields(deck: CardsFile) -> None:
    fields = set(Card.model_fields)
    assert [(c.number, f) for c in deck.cards for f in c.reconstructed if f not in fields] == []
    assert all(c.note for c in deck.cards)


# ---------------------------------------------------------------------------------------------
# cards known by number [8.1, 23.x, 24.0, 25.x, 26.x, 27.2, 30.0, 34.0]
# ---------------------------------------------------------------------------------------------

SOURCED_NUMBERS = {
    19: ("Chemical Weapons", "asset"),
    24: ("Kurdish Rivalry", None),
    27: ("Counter-Insurgency", None),
    33: ("Mother of All Bombs", "asset"),
    37: ("Cyber War", None),
    41: ("War in Lebanon", "event"),
    43: ("Peshmerga", "event"),
    44: ("Peshmerga", "event"),
    45: ("Peshmerga", "event"),
    46: ("Peshmerga", "event"),
    50: ("Daesh", "event"),
    51: ("Daesh", "event"),
    52: ("Daesh", "event"),
    53: ("Daesh", "event"),
    67: ("Coup in Syria", "event"),
    68: ("Coup in Iraq", "event"),
    75: ("PKK Rebellion", "event"),
    82: ("Carpet Bombing", "asset"),
    90: ("UN Security Council", "event"),
    91: ("Armed Drones", None),
    92: ("Armed Drones", None),
}


@pytest.mark.parametrize("number", sorted(SOURCED_NUMBERS))
def test_sourced_card_keeps_its_number_and_name(deck: CardsFile, number: int) -> None:
    name, kind = SOURCED_NUMBERS[number]
    c = card(deck, number)
    assert c.name == name
    if kind is not None:
        assert c.kind == kind
    # a sourced name or number is never marked as a reconstruction
    assert "name" not in c.reconstructed and "number" not in c.reconstructed


def test_19_chemical_weapons_is_an_asset_for_syria_and_is_only(deck: CardsFile) -> None:
    # [8.1] only the Syrian and IS players may use it as an Asset; IS needs the symbol [25.3]
    c = card(deck, 19)
    assert set(c.usable_by) == {"syria", "is"}
    assert "is" in c.symbols
    assert effects_of(c, ColumnShift)


def test_24_kurdish_rivalry_cancels_peshmerga_but_not_pkk_rebellion(deck: CardsFile) -> None:
    # [26.5]
    (cancel,) = effects_of(card(deck, 24), Cancel)
    assert cancel.targets == ["Peshmerga"]
    assert cancel.then == "no_peshmerga_until_next_turn"
    # nothing in the deck may cancel #75, by name or by tag
    rebellion = card(deck, 75)
    targets = {t for c in deck.cards for e in effects_of(c, Cancel) for t in e.targets}
    assert rebellion.name not in targets
    assert not any(75 in m for m in deck.tags.values() if isinstance(m, list))


def test_27_counter_insurgency_cancels_daesh_for_the_turn(deck: CardsFile) -> None:
    # [25.5]
    (cancel,) = effects_of(card(deck, 27), Cancel)
    assert cancel.targets == ["Daesh"]
    assert cancel.then == "no_daesh_this_turn"


@pytest.mark.parametrize("number", [33, 82])
def test_us_approval_cards(deck: CardsFile, number: int) -> None:
    # [27.2] the approval roll comes before anything else the card does
    c = card(deck, number)
    first = c.effects[0]
    assert isinstance(first, Handler) and first.name == "us_approval"
    assert effects_of(c, ColumnShift)


def test_37_cyber_war_can_backfire_at_the_cost_of_a_card(deck: CardsFile) -> None:
    # [34.0] very strong; the opponent's hackers may cost its player a card
    c = card(deck, 37)
    params = handlers_of(c)["cyber_war"].params
    assert isinstance(params, CyberWarParams)
    assert params.opponent_loses >= 1 and params.backfire_loses >= 1
    assert set(params.backfire_on) <= set(range(1, 7)) and params.backfire_on
    assert params.shift >= 2
    # the hackers also have a card of their own
    cyber_cancels = [x for x in deck.cards for e in effects_of(x, Cancel) if "cyber" in e.targets]
    assert cyber_cancels and all(
        e.then == "hackers_strike_back" for x in cyber_cancels for e in effects_of(x, Cancel)
    )
    assert 37 in deck.tags["cyber"]


def test_41_war_in_lebanon(deck: CardsFile) -> None:
    # [24.0] scenarios 1, 2, 3, 4, 6, 7; not on turn 1; +2 tension; a die per Hezbollah unit
    c = card(deck, 41)
    assert c.scenarios == [1, 2, 3, 4, 6, 7]
    assert c.min_turn == 2
    assert [e.change for e in effects_of(c, TensionChange)] == [2]
    assert "war_in_lebanon" in handlers_of(c)


@pytest.mark.parametrize("number", [43, 44, 45, 46])
def test_peshmerga_cards_give_4_kurdish_ops(deck: CardsFile, number: int) -> None:
    # [26.2]
    assert handlers_of(card(deck, number))["kurdish_activation"].params == KurdishActivationParams(ops=4)


@pytest.mark.parametrize("number", [50, 51, 52, 53])
def test_daesh_cards_draw_3_is_counters(deck: CardsFile, number: int) -> None:
    # [25.2]
    assert handlers_of(card(deck, number))["is_activation"].params == IsActivationParams(counters=3)


@pytest.mark.parametrize(
    ("number", "country", "scenarios"),
    [(67, "syria", [1, 2, 4, 6, 7, 9, 10, 11]), (68, "iraq", [2, 3, 6, 7])],
)
def test_coup_cards(deck: CardsFile, number: int, country: str, scenarios: list[int]) -> None:
    # [23.0] not before turn 3, +1 tension, removed once played; [23.2, 23.3] the scenarios
    c = card(deck, number)
    assert c.min_turn == 3
    assert c.removed_after_event
    assert c.scenarios == scenarios
    assert [e.change for e in effects_of(c, TensionChange)] == [1]
    assert handlers_of(c)["coup"].params == CoupParams.model_validate({"country": country, "scope": "all"})


def test_75_pkk_rebellion(deck: CardsFile) -> None:
    # [26.7]
    assert "pkk_rebellion" in handlers_of(card(deck, 75))


def test_90_un_security_council_can_end_the_game(deck: CardsFile) -> None:
    # [34.0]
    c = card(deck, 90)
    assert "security_council" in handlers_of(c)
    assert "end" in c.text and "game" in c.text


@pytest.mark.parametrize("number", [91, 92])
def test_armed_drones_reveal_an_enemy_stack(deck: CardsFile, number: int) -> None:
    # [30.0]
    reveals = effects_of(card(deck, number), RevealStack)
    assert reveals and reveals[0].stacks >= 1


# ---------------------------------------------------------------------------------------------
# cards known by name [15.0, 18.2, 18.3, 19.0, 34.0]
# ---------------------------------------------------------------------------------------------


def test_close_air_support_is_3_shifts_in_several_copies(deck: CardsFile) -> None:
    # [18.2] 3 columns; [18.3] two identical cards may not join one offensive, so copies exist
    copies = named(deck, "Close Air Support")
    assert len(copies) > 1
    for c in copies:
        assert c.kind == "asset"
        assert [e.columns for e in effects_of(c, ColumnShift)] == [3]
        assert "kurdish" not in c.symbols  # [26.3] the Kurds receive it from a supporter instead


def test_reinforcements_have_8_ops_and_reinforce(deck: CardsFile) -> None:
    # [15.0] the effect; [34.0] 8 OPs and at least two in a hand
    copies = named(deck, "Reinforcements")
    assert len(copies) >= 2
    for c in copies:
        assert c.kind == "event"
        assert c.ops == 8
        assert effects_of(c, Reinforcements)
        assert not c.high_tension


def test_combat_engineers_fight_or_entrench_2(deck: CardsFile) -> None:
    # [3.2] Asset cards (plural); [19.0] 2 entrenchments as an event
    copies = named(deck, "Combat Engineers")
    assert len(copies) >= 2
    for c in copies:
        assert c.kind == "asset"
        assert [e.count for e in effects_of(c, Entrench)] == [2]
        assert effects_of(c, ColumnShift)


def test_air_strike_weakens_a_space(deck: CardsFile) -> None:
    # [34.0] played to weaken the space you mean to attack
    copies = named(deck, "Air Strike")
    assert copies
    assert all(effects_of(c, Strike) for c in copies)


def test_mobile_artillery_and_leadership_cannot_be_negated(deck: CardsFile) -> None:
    # [34.0]; and they are the only ones, so that the advice means something
    assert named(deck, "Mobile Artillery") and named(deck, "Leadership")
    assert {c.name for c in deck.cards if not c.negatable} == {"Mobile Artillery", "Leadership"}


# ---------------------------------------------------------------------------------------------
# the Special Jokers [10.0, 22.0, 22.1, 27.1, 28.0]
# ---------------------------------------------------------------------------------------------


def test_special_jokers_for_israel_iran_hezbollah_russia_us(deck: CardsFile) -> None:
    assert sorted(j.force for j in deck.special_jokers) == sorted(
        ["israel", "iran", "hezbollah", "russia", "us"]
    )
    assert len({j.id for j in deck.special_jokers}) == 5


def test_special_jokers_strike_and_raise_tension(deck: CardsFile) -> None:
    # [10.0] a series of devastating strikes; [22.0] they move the tension track
    for j in deck.special_jokers:
        strikes = [e for e in j.effects if isinstance(e, Strike)]
        rises = [e.change for e in j.effects if isinstance(e, TensionChange)]
        assert strikes and rises and all(r > 0 for r in rises), j.id
        assert strikes[0].spaces * strikes[0].steps >= 3, j.id


def test_us_special_joker_strikes_4_spaces(deck: CardsFile) -> None:
    # [27.1]
    (us,) = [j for j in deck.special_jokers if j.force == "us"]
    assert [e.spaces for e in us.effects if isinstance(e, Strike)] == [4]


def test_russian_special_joker_returns_at_tension_10(deck: CardsFile) -> None:
    # [22.1, 28.0]
    (russia,) = [j for j in deck.special_jokers if j.force == "russia"]
    assert "10" in russia.text


# ---------------------------------------------------------------------------------------------
# an engine can carry out every effect (provenance/cards.md sections 5-8)
# ---------------------------------------------------------------------------------------------


def test_every_handler_is_documented_and_used_with_its_params(deck: CardsFile, provenance_md: str) -> None:
    assert handler_problems(deck) == []
    used = {e.name for c in deck.cards for e in c.effects if isinstance(e, Handler)}
    assert used == set(HANDLERS)
    for name in HANDLERS:
        assert f"### `{name}`" in provenance_md, f"{name} has no specification in cards.md"


def test_handler_params_take_documented_values(deck: CardsFile) -> None:
    for c in deck.cards:
        for name, h in handlers_of(c).items():
            p = h.params.as_data()
            if name == "coup":
                assert p["country"] in COUP_COUNTRIES and p["scope"] in COUP_SCOPES, c.number
            elif name == "only_if":
                assert p["condition"] in CONDITIONS, c.number
            elif name == "restriction":
                assert p["who"] in RESTRICTION_WHO, c.number
                assert p["rule"] in RESTRICTION_RULES, c.number
                assert p["until"] in RESTRICTION_UNTIL, c.number
                assert ("tag" in p) == (p["rule"] == "no_tag_against"), c.number
                assert p.get("tag", "air") in TAGS, c.number
            elif name in ("mobilise", "targeted_strike"):
                assert set(p["forces"]) <= FORCES_OF_THE_SCHEMA, c.number


def test_gates_come_first(deck: CardsFile) -> None:
    # a failed approval or condition must stop the whole card (cards.md 5.1)
    for c in deck.cards:
        names = [e.name if isinstance(e, Handler) else e.type for e in c.effects]
        for gate in ("us_approval", "only_if"):
            if gate in names:
                assert names.index(gate) == 0, c.number


def test_cancel_targets_are_cards_or_documented_tags(deck: CardsFile, provenance_md: str) -> None:
    assert cancel_problems(deck) == []
    assert {*deck.tags, "asset"} == TAGS
    numbers = {c.number for c in deck.cards}
    for tag in TAGS:
        assert f"`{tag}`" in provenance_md
    for tag, members in deck.tags.items():
        assert members and set(members) <= numbers, tag
    assert set(re.findall(r"`(\w+)`: ", deck.provenance.notes["cancel_then"])) == CANCEL_THEN
    for then in CANCEL_THEN:
        assert f"`{then}`" in provenance_md


def test_air_power_is_tagged_air(deck: CardsFile) -> None:
    air = set(deck.tags["air"])
    for name in ("Close Air Support", "Air Strike", "Mother of All Bombs", "Carpet Bombing", "Armed Drones"):
        assert {c.number for c in named(deck, name)} <= air, name


def test_every_requires_names_an_existing_card(deck: CardsFile) -> None:
    assert requires_problems(deck) == []
    assert any(c.requires for c in deck.cards)


def test_assets_say_who_may_play_them(deck: CardsFile) -> None:
    # [8.1, 18.3] each combat Asset states its side; every Asset does something
    for c in deck.cards:
        if c.kind != "asset":
            continue
        assert any(isinstance(e, ColumnShift | Cancel | Strike | Handler | RevealStack) for e in c.effects), (
            c.number
        )
        for e in effects_of(c, ColumnShift):
            assert e.side in ("attacker", "defender", "either")


def test_country_cards_are_few(deck: CardsFile) -> None:
    # cards restricted to some forces only where the name demands it
    restricted = [c for c in deck.cards if c.usable_by]
    assert 5 <= len(restricted) <= 15


def test_events_that_draw_stay_small(deck: CardsFile) -> None:
    assert all(e.count <= 2 for c in deck.cards for e in effects_of(c, DrawCards))


# ---------------------------------------------------------------------------------------------
# the checks fail on damaged data
# ---------------------------------------------------------------------------------------------


def test_sentence_check_rejects_fragments() -> None:
    assert sentence_problems("Cancels air") != []
    assert sentence_problems("+3 shifts.") != []
    assert sentence_problems("") == ["empty"]
    assert sentence_problems("Asset for the attacker: 3 column shifts in your favour.") == []


def test_the_checks_catch_damaged_cards(deck: CardsFile) -> None:
    # an unknown handler, a handler's missing parameter, an unknown follow-up: the schema
    # itself refuses them (the loader names their lines: test_content_guard.py)
    with pytest.raises(ValidationError, match="unknown handler 'teleport'"):
        Handler(name="teleport")
    with pytest.raises(ValidationError, match="scope"):
        Handler(name="coup", params={"country": "syria"})
    with pytest.raises(ValidationError, match="then"):
        Cancel(targets=["air"], then="nothing_at_all")  # type: ignore[arg-type]
    # what only the whole deck can tell: a Cancel naming no card of it, a card requiring itself
    bad = deck.cards[0]
    broken = bad.model_copy(
        update={"requires": [bad.number], "effects": [Cancel(targets=["Flying Carpets", "Magic Lamps"])]}
    )
    damaged = deck.model_copy(update={"cards": [broken, *deck.cards[1:]]})
    mine = f"#{bad.number}:"
    assert len([p for p in cancel_problems(damaged) if p.startswith(mine)]) == 2
    assert requires_problems(damaged) == [f"#{bad.number} requires #{bad.number}"]
    with pytest.raises(ValidationError, match="Flying Carpets"):
        CardsFile.model_validate(damaged.model_dump(by_alias=True))


def _write_damaged_copy(tmp_path: Path, damage) -> Path:  # type: ignore[no-untyped-def]
    data = yaml.safe_load(CARDS_PATH.read_text(encoding="utf-8"))
    damage(data)
    path = tmp_path / "cards.yaml"
    path.write_text(yaml.safe_dump(data, sort_keys=False, allow_unicode=True), encoding="utf-8")
    return path


def test_the_schema_rejects_a_repeated_number(tmp_path: Path) -> None:
    def repeat(data: dict) -> None:  # type: ignore[type-arg]
        data["cards"][1]["number"] = 1

    with pytest.raises(ContentError, match=r"1\.\.95"):
        load_model(_write_damaged_copy(tmp_path, repeat), CardsFile)


def test_the_schema_rejects_an_unknown_prerequisite(tmp_path: Path) -> None:
    def require(data: dict) -> None:  # type: ignore[type-arg]
        data["cards"][0]["requires"] = [96]

    with pytest.raises(ContentError):
        load_model(_write_damaged_copy(tmp_path, require), CardsFile)


def test_the_schema_rejects_a_bad_ops_value(tmp_path: Path) -> None:
    def five(data: dict) -> None:  # type: ignore[type-arg]
        data["cards"][0]["ops"] = 5

    with pytest.raises(ContentError, match="ops"):
        load_model(_write_damaged_copy(tmp_path, five), CardsFile)


def test_every_handler_has_a_registered_frame(deck: CardsFile) -> None:
    """Every handler a card names runs in a frame ``handler_<name>`` of the game's codec, so
    no card is left playable only for its OPs; ``only_if`` is the condition an Asset needs to
    be offered at all (assets.commit_options, tested in test_combat.py)."""
    from consim.games.fitna.game import FitnaGame

    frames = {f.name for f in FitnaGame.frames}
    used = {e.name for c in deck.cards for e in c.effects if isinstance(e, Handler)}
    missing = sorted(n for n in used - {"only_if"} if f"handler_{n}" not in frames)
    assert missing == []
    game = FitnaGame(scenario=1)
    assert {f"handler_{n}" for n in used - {"only_if"}} <= set(game.codec.frames)
