"""[5.2] the Outcome Points of a First Jihad position, part by part."""

from __future__ import annotations

from typing import Any

from consim.games.jihad.board.control import active, castle_value, control_limit
from consim.games.jihad.state import JihadState

# =============================================================================================
# [5.2] Outcome Points
# =============================================================================================

SUDDEN_DEATH_POINTS = 56  # [5.1] "you lose big time": the 56+ level
ARMY_POINTS = {"strong": 3, "weak": 2, "shattered": 1}


def outcome_points(st: JihadState) -> dict[str, Any]:
    """The Outcome Points of the position, broken down by rule 5.2 A-E."""
    t = st.tables
    d = st.data
    a_points = 0
    a_lands = []
    for path in range(len(t.path_name)):
        at = d.islam[path].at
        if at > 0:
            land = t.path_lands[path][at - 1]
            a_points += t.land[land].outcome_points or 0  # [5.2 A]
            a_lands.append(t.place_name[land])
    b_points = sum(
        max(0, min(control_limit(st, p), t.path_len[p])) for p in range(len(t.path_name))
    )  # [5.2 B]
    if t.mecca_counts:
        b_points += 1  # [5.2 B, 2.1.5] option mecca_counts: Mecca is a Land the Arabs control
    c_points = sum(x.box for x in d.tracks)  # [5.2 C]
    armies = 0
    for path in range(len(t.path_name)):
        aid = active(st, path)
        if aid is None:
            continue
        a = d.armies[aid]
        if t.land_round[a.at]:
            armies += 1 if a.strength == "strong" else 0  # [5.2 D]
        else:
            armies += ARMY_POINTS[a.strength]
    castles = sum(castle_value(st, c) for c, x in enumerate(d.castles) if t.on_map[x.at])
    capitals = sum(
        t.capital_points[e][0 if c.side == "strong" else 1]
        for e, c in enumerate(d.capitals)
        if c.at is not None
    )
    e_points = 0
    adv = d.adv
    if adv is not None:
        # [5.2 E] the Ka'aba Number adds or subtracts Outcome Points
        e_points = next(x.points for x in t.content.setup.outcome.kaaba_adjustment if x.kaaba == adv.kaaba)
    total = a_points + b_points + c_points - armies - castles - capitals + e_points
    sudden = d.over == "rome"
    parts_e = {"E_kaaba": e_points} if adv is not None else {}
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
