"""content/PROVENANCE.md says what the data holds: its tables and claims about the faction
screens (spawn zones, counters, starting forces, victory conditions) are checked against
factions.yaml, so an edit to one that forgets the other fails here."""

from __future__ import annotations

import re

import pytest

from consim.games.baghdad.content import CONTENT_DIR, FACTION_IDS, default_content, victory_text

TEXT = (CONTENT_DIR / "PROVENANCE.md").read_text(encoding="utf-8")


def _section(title: str) -> str:
    start = TEXT.index(title)
    end = TEXT.find("\n## ", start + len(title))
    return TEXT[start : end if end > 0 else None]


def _rows(section: str, first: str) -> dict[str, list[str]]:
    """The rows of the Markdown table whose header starts with ``first``, by first cell."""
    lines = section.splitlines()
    start = next(i for i, line in enumerate(lines) if line.startswith(f"| {first} |"))
    rows: dict[str, list[str]] = {}
    for line in lines[start + 2 :]:
        if not line.startswith("|"):
            break
        cells = [c.strip() for c in line.strip().strip("|").split("|")]
        rows[cells[0]] = cells[1:]
    return rows


@pytest.mark.parametrize("faction", FACTION_IDS)
def test_the_faction_table_matches_the_data(faction: str) -> None:
    c = default_content()
    f = c.faction(faction)
    row = _rows(_section("## factions.yaml"), "Faction")[faction]
    hand, income, spawn, counters, forces, start, commands = row
    assert int(hand) == f.max_hand
    assert int(income) == f.civic_income
    assert sorted(spawn.split(", ")) == sorted(c.zone(z).name for z in f.spawn_zones)
    assert counters == f"{f.counters.security}/{f.counters.infrastructure}"
    units = f.starting.units
    assert re.sub(r"\s*\(.*\)", "", forces) == f"{units.security} S, {units.infrastructure} I"
    assert start == f"{f.starting.pp} / {f.starting.hand}"
    assert int(commands) == sum(cc.value for cc in c.command_cards_of(faction))


@pytest.mark.parametrize("faction", FACTION_IDS)
def test_each_spawn_zone_claim_names_the_data_zones(faction: str) -> None:
    """Under "Spawn zones", one bullet per faction: `- **Faction**: Zone, Zone: why`."""
    c = default_content()
    section = _section("## factions.yaml")
    found = re.search(rf"^- \*\*{faction}\*\*: ([^:]+):", section, re.M)
    assert found, f"no spawn-zone claim for {faction}"
    named = sorted(n.strip() for n in found.group(1).split(","))
    assert named == sorted(c.zone(z).name for z in c.faction(faction).spawn_zones)


@pytest.mark.parametrize("faction", FACTION_IDS)
def test_the_victory_table_quotes_the_generated_words(faction: str) -> None:
    row = _rows(_section("### Special victory conditions"), "Faction")[faction]
    assert row[0] == victory_text(default_content(), faction)
