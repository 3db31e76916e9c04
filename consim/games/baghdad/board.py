"""The map in play: who Controls a zone, unit values, and the Victory Conditions.

Pure functions over the state document's unit tables, so the rules, the bots and the tests
share one definition. Rule references are the rulebook's section titles (it has no numbers).

>>> sec = {"US": {"green_zone": 2}, "NGO": {"green_zone": 1}}
>>> controller("green_zone", sec, {}, peacekeeper="NGO")
'US'
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping

from consim.games.baghdad.content_models import (
    AllOf,
    AnyOf,
    BaghdadContent,
    ControlAffiliatedZones,
    ControlZones,
    InfrastructureInZones,
    NoCrossAffiliatedControl,
    VictoryCondition,
)

Units = Mapping[str, Mapping[str, int]]  # faction -> zone -> count


def present(zone: str, sec: Units, inf: Units) -> list[str]:
    """Factions with at least one counter in ``zone`` (in the tables' faction order)."""
    out = [f for f, zs in sec.items() if zs.get(zone)]
    out.extend(f for f, zs in inf.items() if zs.get(zone) and f not in out)
    return out


def controller(zone: str, sec: Units, inf: Units, peacekeeper: str | None) -> str | None:
    """[Glossary: Control] the one faction whose counters alone are in the zone.

    [Glossary: Peacekeeping] Peacekeeping units sharing a zone with others are ignored.
    """
    there = present(zone, sec, inf)
    if peacekeeper is not None and peacekeeper in there and len(there) > 1:
        there.remove(peacekeeper)
    return there[0] if len(there) == 1 else None


def control_map(zones: Iterable[str], sec: Units, inf: Units, peacekeeper: str | None) -> dict[str, str]:
    """Zone -> controlling faction, for every controlled zone."""
    out: dict[str, str] = {}
    for z in zones:
        c = controller(z, sec, inf, peacekeeper)
        if c is not None:
            out[z] = c
    return out


def condition_met(
    cond: VictoryCondition,
    faction: str,
    content: BaghdadContent,
    control: Mapping[str, str],
    inf: Units,
) -> bool:
    """[Victory Conditions] evaluate one (possibly compound) special victory condition."""
    if isinstance(cond, AllOf):
        return all(condition_met(c, faction, content, control, inf) for c in cond.conditions)
    if isinstance(cond, AnyOf):
        return any(condition_met(c, faction, content, control, inf) for c in cond.conditions)
    if isinstance(cond, ControlZones):
        by = set(cond.by) if cond.by else {faction}
        return sum(1 for z in cond.zones if control.get(z) in by) >= cond.count
    if isinstance(cond, ControlAffiliatedZones):
        affs = {faction if a == "self" else a for a in cond.affiliations}
        zones = content.zones_by_id
        return (
            sum(1 for z, f in control.items() if f == faction and zones[z].affiliation in affs) >= cond.count
        )
    if isinstance(cond, InfrastructureInZones):
        zones_list = cond.zones if cond.zones is not None else tuple(content.zones_by_id)
        mine = inf.get(faction, {})
        n = sum(
            1
            for z in zones_list
            if mine.get(z, 0) >= cond.min_per_zone and (not cond.require_control or control.get(z) == faction)
        )
        return n >= cond.count
    if isinstance(cond, NoCrossAffiliatedControl):
        a, b = cond.factions
        zones = content.zones_by_id
        for z, f in control.items():
            aff = zones[z].affiliation
            if (f == a and aff == b) or (f == b and aff == a):
                return False
        return True
    raise TypeError(f"unknown victory condition {cond!r}")  # pragma: no cover - content is validated


def progress(
    cond: VictoryCondition,
    faction: str,
    content: BaghdadContent,
    control: Mapping[str, str],
    inf: Units,
) -> float:
    """A 0..1 measure of how near a condition is (for bots and the status table)."""
    if isinstance(cond, AllOf):
        parts = [progress(c, faction, content, control, inf) for c in cond.conditions]
        return sum(parts) / len(parts)
    if isinstance(cond, AnyOf):
        return max(progress(c, faction, content, control, inf) for c in cond.conditions)
    if isinstance(cond, ControlZones):
        by = set(cond.by) if cond.by else {faction}
        return min(1.0, sum(1 for z in cond.zones if control.get(z) in by) / cond.count)
    if isinstance(cond, ControlAffiliatedZones):
        affs = {faction if a == "self" else a for a in cond.affiliations}
        zones = content.zones_by_id
        n = sum(1 for z, f in control.items() if f == faction and zones[z].affiliation in affs)
        return min(1.0, n / cond.count)
    if isinstance(cond, InfrastructureInZones):
        zones_list = cond.zones if cond.zones is not None else tuple(content.zones_by_id)
        mine = inf.get(faction, {})
        n = sum(
            1
            for z in zones_list
            if mine.get(z, 0) >= cond.min_per_zone and (not cond.require_control or control.get(z) == faction)
        )
        return min(1.0, n / cond.count)
    return 1.0 if condition_met(cond, faction, content, control, inf) else 0.0
