"""[Victory Conditions] one source for the special Victory Conditions: the words players read
are generated from the same records (factions.yaml) the end-of-turn check reads, so they
cannot say four zones where the check counts three."""

from __future__ import annotations

import re
import shutil
from pathlib import Path

import pytest
import yaml

from consim.games.baghdad.board import condition_met, control_map, goal_progress
from consim.games.baghdad.content import (
    CONTENT_DIR,
    FACTION_IDS,
    AllOf,
    AnyOf,
    ControlAffiliatedZones,
    ControlZones,
    InfrastructureInZones,
    NoCrossAffiliatedControl,
    affiliated_ids,
    default_content,
    describe_condition,
    load_content,
    victory_text,
)

from .conftest import clear_map, fresh, put


def _leaves(cond: object) -> list[object]:
    if isinstance(cond, AllOf | AnyOf):
        return [leaf for sub in cond.conditions for leaf in _leaves(sub)]
    return [cond]


@pytest.mark.parametrize("faction", FACTION_IDS)
def test_the_words_name_every_number_and_zone_the_check_reads(faction: str) -> None:
    c = default_content()
    text = victory_text(c, faction)
    for leaf in _leaves(c.faction(faction).victory.condition):
        words = describe_condition(c, leaf, faction)  # type: ignore[arg-type]
        assert words in text
        if isinstance(leaf, ControlZones | InfrastructureInZones) and leaf.zones:
            assert re.search(rf"\b{leaf.count} of these {len(leaf.zones)} zones\b", words) or (
                leaf.count == len(leaf.zones)
            ), words
            for z in leaf.zones:
                assert c.zone(z).name in words
        if isinstance(leaf, InfrastructureInZones) and leaf.zones is None:
            assert f"{leaf.count} different zones" in words
        if isinstance(leaf, ControlAffiliatedZones):
            assert f"control {leaf.count} zones affiliated with" in words
            for z in affiliated_ids(c, leaf, faction):
                assert c.zone(z).name in words
        if isinstance(leaf, NoCrossAffiliatedControl):
            for f in leaf.factions:
                assert c.faction(f).name in words


def test_no_hand_written_numbers_in_the_themes() -> None:
    """The theme is the idea; every number comes from the condition."""
    for f in default_content().factions.factions:
        assert not re.search(r"\d|\b(one|two|three|four|five|six|seven|eight)\b", f.victory.theme.lower())


def test_the_view_shows_the_generated_words() -> None:
    st = fresh(6)
    view = st.view("Shiite")
    for f in st.tables.seats:
        assert view["goals"][f]["text"] == victory_text(st.tables.content, f)


def test_changing_a_count_in_the_data_changes_the_words_and_the_check(tmp_path: Path) -> None:
    """A count edited in factions.yaml is what players read and what the check counts."""
    folder = tmp_path / "content"
    shutil.copytree(CONTENT_DIR, folder)
    path = folder / "factions.yaml"
    data = yaml.safe_load(path.read_text(encoding="utf-8"))
    shiite = next(f for f in data["factions"] if f["id"] == "Shiite")
    infra = shiite["victory"]["condition"]["conditions"][1]
    infra["count"] = 5
    path.write_text(yaml.safe_dump(data, sort_keys=False), encoding="utf-8")
    c = load_content(folder)
    assert "Infrastructure in 5 of these 6 zones" in victory_text(c, "Shiite")


def test_progress_counts_what_the_words_say() -> None:
    """[Victory Conditions] the board's progress is the check's own count, part by part."""
    st = fresh(3)
    with st.edit():
        clear_map(st)
        put(st, "Shiite", "sadr_city", sec=1)
        put(st, "Shiite", "shaab", sec=1, inf=1)
        put(st, "Shiite", "zayouna", inf=1)
        put(st, "Sunni", "zayouna", sec=1)  # built but not held: it does not count
    control = control_map(st)
    goal = goal_progress(st, "Shiite", control)
    first, built = goal["parts"]  # type: ignore[misc]
    assert first["met"] and first["label"] == "Sadr City"
    need = st.tables.faction["Shiite"].victory.condition.conditions[1].count  # type: ignore[union-attr]
    assert built["have"] == 1 and built["need"] == need and built["zones"] == ["Shaab"]
    assert goal["met"] is False
    assert condition_met(st, st.tables.faction["Shiite"].victory.condition, "Shiite", control) is False
