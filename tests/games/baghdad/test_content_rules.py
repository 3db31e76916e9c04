"""The rulebook's numbers live in the content files: edited there, they change the game with no
change of code (rulebook: Recruit Step, Special Moves, Glossary: Defection, Arms Bazaar Cards:
Political Maneuver; designer Q&A on Collateral Damage)."""

from __future__ import annotations

import shutil
from collections.abc import Callable
from pathlib import Path
from typing import Any

import yaml

import consim
from consim.games.baghdad.content import CONTENT_DIR, build_tables, load_content
from consim.games.baghdad.state import BaghdadState

from .conftest import act, clear_hands, clear_map, enter, give, only, put, texts, units

ORDER3 = ["Shiite", "Sunni", "Government"]
ORDER4 = ["US", "Shiite", "Sunni", "Government"]


def edited(
    tmp_path: Path, file: str, change: Callable[[dict[str, Any]], None], players: int = 3
) -> BaghdadState:
    """A new game whose content is the shipped one with one file changed."""
    target = tmp_path / "content"
    shutil.copytree(CONTENT_DIR, target)
    path = target / file
    data = yaml.safe_load(path.read_text(encoding="utf-8"))
    change(data)
    path.write_text(yaml.safe_dump(data, sort_keys=False), encoding="utf-8")
    game = consim.load_game("baghdad", players=players)
    game.tables = build_tables(game.opts, load_content(target))
    st = game.new_game(0)
    assert isinstance(st, BaghdadState)
    return st


def _rule(data: dict[str, Any], faction: str, kind: str) -> dict[str, Any]:
    f = next(f for f in data["factions"] if f["id"] == faction)
    rule: dict[str, Any] = next(r for r in f["special_rules"] if r["type"] == kind)
    return rule


def _effect(data: dict[str, Any], card: str, op: str) -> dict[str, Any]:
    records = data["cards"] + data["combinations"]
    effect: dict[str, Any] = next(
        e for c in records if c["id"] == card for e in c["effects"] if e["op"] == op
    )
    return effect


def test_buyback_multiplier(tmp_path: Path) -> None:
    """[Recruit Step] a Neutralized Command costs its value times the multiplier (printed: 2)."""

    def triple(d: dict[str, Any]) -> None:
        d["rules"]["command_buyback_multiplier"] = 3

    st = edited(tmp_path, "factions.yaml", triple)
    mahdi = st.tables.command_index["shiite_mahdi_army"]  # value 4
    with st.edit() as d:
        clear_hands(st)
        d.active["Shiite"].remove(mahdi)
        d.neutral["Shiite"].append(mahdi)
        d.pp["Shiite"] = 20
        enter(st, "action", ORDER3)
    act(st, 'buyback "Mahdi Army"')
    assert st.view(None)["pp"]["Shiite"] == 20 - 12


def test_underground_moves_per_turn(tmp_path: Path) -> None:
    """[Underground Movement] once per turn as printed; the number is the content's."""

    def twice(d: dict[str, Any]) -> None:
        _rule(d, "Shiite", "underground_movement")["per_turn"] = 2

    st = edited(tmp_path, "factions.yaml", twice)
    with st.edit():
        clear_hands(st)
        clear_map(st)
        put(st, "Shiite", "shula", sec=3)
        enter(st, "action", ORDER3)
    act(st, "done")
    act(st, "underground Shula")
    act(st, "units 3")
    act(st, "to Zafaraniya")
    assert "underground Zafaraniya" in texts(st)  # a second Underground move this turn
    act(st, "underground Zafaraniya")
    act(st, "units 3")
    act(st, "to Shula")
    assert units(st, "Shiite", "shula") == (3, 0)


def test_airmobile_moves_per_airport(tmp_path: Path) -> None:
    """[Airmobile Movement] one flight per airport controlled, as printed; the number is the
    content's."""

    def two(d: dict[str, Any]) -> None:
        _rule(d, "US", "airmobile")["moves_per_airport"] = 2

    st = edited(tmp_path, "factions.yaml", two, players=4)
    with st.edit() as d:
        clear_hands(st)
        enter(st, "action", ORDER4)
        d.airports = {"Government": 1, "US": 1}
    act(st, "done")
    act(st, 'airmobile "Green Zone"')
    act(st, "units 1")
    act(st, 'to "Sadr City"')
    act(st, 'airmobile "Green Zone"')  # a stack of one: "units 1" goes without asking
    act(st, "to Rusafa")
    assert not any(a.startswith("airmobile") for a in texts(st))
    assert units(st, "US", "sadr_city") == (1, 0) and units(st, "US", "rusafa") == (1, 0)


def test_a_collateral_damage_for_anyone(tmp_path: Path) -> None:
    """[designer Q&A] only a side of the battle may play Collateral Damage, as the card says;
    a card without that limit is offered to every holder of a card."""

    def anyone(d: dict[str, Any]) -> None:
        _effect(d, "collateral_damage", "reverse_combat_award")["participant_only"] = False

    st = edited(tmp_path, "arms_bazaar.yaml", anyone)
    with st.edit():
        clear_hands(st)
        clear_map(st)
        put(st, "Shiite", "rusafa", sec=3)
        put(st, "Government", "rusafa", sec=2)
        give(st, "Sunni", "Collateral Damage")
        enter(st, "combat", ORDER3)
    for seat in st.to_act():  # the Ceasefire chance
        st.apply(seat, "pass")
    assert set(st.to_act()) == {"Shiite", "Government"}  # one zone, one foe: no question
    for seat, cmd, commit in (
        ("Shiite", "Mahdi Army", 2),
        ("Government", "Facilities Protection Service", 0),
    ):
        for text in (f'command "{cmd}"', "no-offense", "no-defense", f"commit {commit}"):
            st.apply(seat, text)
    assert st.view(None)["pending"]["timing"] == "after_combat" and only(st) == "Sunni"
    st.apply("Sunni", 'play "Collateral Damage"')
    assert "Government gains 2 PP (Collateral Damage)." in [e.text for e in st.log]


def test_defectors_replaced_by_any_type(tmp_path: Path) -> None:
    """[Glossary: Defection] defectors are replaced by units of the same type, as printed;
    without that limit any mix of as many units may replace them."""

    def any_type(d: dict[str, Any]) -> None:
        _effect(d, "defection", "defection")["replace_same_type"] = False

    st = edited(tmp_path, "arms_bazaar.yaml", any_type)
    with st.edit():
        clear_hands(st)
        clear_map(st)
        put(st, "Shiite", "sadr_city", sec=1)
        put(st, "Sunni", "adhamiyah", sec=3)
        give(st, "Shiite", "Humanitarian Aid", "Informant")
        enter(st, "action", ORDER3)
    act(st, "done")
    act(st, 'combine "Humanitarian Aid" Informant')
    act(st, "target Sunni")
    act(st, "in Adhamiyah")  # three Security: no choice of which leave
    assert "replace 1 2" in texts(st)
    act(st, "replace 1 2")
    assert units(st, "Shiite", "adhamiyah") == (1, 2)


def test_first_political_maneuver_keeps_the_initiative(tmp_path: Path) -> None:
    """[Political Maneuver] the last one played wins, as printed; without that, the first
    one keeps the Initiative."""

    def first_wins(d: dict[str, Any]) -> None:
        _effect(d, "political_maneuver", "win_initiative")["last_played_wins"] = False

    st = edited(tmp_path, "arms_bazaar.yaml", first_wins)
    with st.edit():
        clear_hands(st)
        give(st, "Shiite", "Tribal Sheikhs", "Friday Sermon")
        give(st, "Sunni", "Black Market", "Humanitarian Aid")
        enter(st, "maneuver", pos=0)
    act(st, 'maneuver "Friday Sermon" "Tribal Sheikhs"')
    act(st, 'maneuver "Black Market" "Humanitarian Aid"')
    while st.view(None)["phase"] == "maneuver":
        act(st, "pass")
    assert st.view(None)["initiative"] == "Shiite"
