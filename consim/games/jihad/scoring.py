"""[5.0] Victory and defeat: Outcome Points (5.2 A-D), the levels, and sudden death (5.1)."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from consim.core.game import Outcome

if TYPE_CHECKING:
    from consim.games.jihad.game import JihadState

SUDDEN_DEATH_POINTS = 56  # [5.1] "you lose big time": the 56+ level
#: the player beats history when Islam stays below the historical band (16-25, 5.2)
HISTORICAL_LOW = 16
ENDING_ROME = "driven out of Rome (5.1)"
ENDING_CARD_50 = "card 50 (5.2)"
ARMY_POINTS = {"strong": 3, "weak": 2, "shattered": 1}


def outcome_points(state: JihadState) -> dict[str, Any]:
    """The Outcome Points of the position, broken down by rule 5.2 A-D."""
    s = state.s
    g = state.g
    a_points = 0
    a_lands = []
    for path in g.paths:
        at = s["islam"][path]["at"]
        if at > 0:
            land = g.land(path, at)
            a_points += land.outcome_points or 0  # [5.2 A]
            a_lands.append(land.id)
    b_points = sum(max(0, min(state.control_limit(p), g.path_length(p))) for p in g.paths)  # [5.2 B]
    c_points = sum(t["box"] for t in s["tracks"].values())  # [5.2 C]
    armies = 0
    for path in g.paths:
        aid = state.active(path)
        if aid is None:
            continue
        a = state.army(aid)
        pos = state.position(aid)
        assert pos is not None
        if g.land(*pos).ends_of_the_earth:
            armies += 1 if a["str"] == "strong" else 0  # [5.2 D]
        else:
            armies += ARMY_POINTS[a["str"]]
    castles = sum(state.castle_value(c) for c, x in s["castles"].items() if x["at"] in g.where)
    capitals = sum(2 if c["side"] == "strong" else 1 for c in s["capitals"].values() if c["at"] is not None)
    e_points = 0
    if "adv" in s:
        # [5.2 E] the Ka'aba Number adds or subtracts Outcome Points
        kaaba = s["adv"]["kaaba"]
        e_points = next(x.points for x in g.content.setup.outcome.kaaba_adjustment if x.kaaba == kaaba)
    total = a_points + b_points + c_points - armies - castles - capitals + e_points
    sudden = s["over"] == "rome"
    parts_e = {"E_kaaba": e_points} if "adv" in s else {}
    return {
        **parts_e,
        "A_islam_circles": a_points,
        "A_lands": a_lands,
        "B_arab_lands": b_points,
        "C_minor_powers": c_points,
        "D_armies": -armies,
        "D_castles": -castles,
        "D_capitals": -capitals,
        "sudden_death": sudden,
        "total": max(total, SUDDEN_DEATH_POINTS) if sudden else total,
    }


def outcome(state: JihadState) -> Outcome:
    parts = outcome_points(state)
    points = parts["total"]
    band = state.g.content.setup.outcome.band(points)
    level = _level_name(band.min_points, band.max_points)
    winners: tuple[str, ...] = ("player",) if points < HISTORICAL_LOW else ()
    why = ENDING_ROME if parts["sudden_death"] else ENDING_CARD_50
    return Outcome(
        scores={"player": float(-points)},
        winners=winners,
        result=f"{points} Outcome Points ({level}): {band.result} The game ended by {why}.",
        details={"breakdown": parts},
        unit="Outcome Points (negated: fewer is better)",
        points=float(points),
        level=level,
        ending=why,
        turns=int(state.s["turn"]),
    )


def _level_name(lo: int | None, hi: int | None) -> str:
    if lo is None:
        return f"{hi} or lower"
    if hi is None:
        return f"{lo}+"
    return f"{lo} to {hi}"
