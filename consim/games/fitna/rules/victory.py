"""How a scenario is won (31.0-31.1): at the end of the last turn (or when the game ends
early), each player's conditions are judged: its prerequisites, then the decisive, major and
minor levels; several players may win, or nobody (29.0). With the ``points`` option the
players compare Victory Points instead (31.1)."""

from __future__ import annotations

from collections import deque
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any

from consim.core.flow import Frame
from consim.core.words import listing
from consim.games.fitna.board import supply_net
from consim.games.fitna.content import (
    FORCES,
    HOME,
    ControlCount,
    ControlSpaces,
    DenySpaces,
    HoldUnits,
    VictoryHandler,
    VPMargin,
)
from consim.games.fitna.rules import R_VICTORY, R_VP
from consim.games.fitna.state import FitnaState
from consim.games.fitna.vocabulary import LinkParams, ParamsT

LEVELS = ("none", "minor", "major", "decisive")
#: [31.1] the lead each level needs
MARGINS = {"decisive": 15, "major": 10, "minor": 5}
#: [31.1] the main area of the scenarios
MAIN_AREA = ("iraq", "syria", "lebanon", "kuwait")
#: [31.1] the forces whose country is a player's own (not militias, rebels or Lebanon's
#: units, which the Iranian player runs without Lebanon being his country)
NATIONS = frozenset({"syria", "iraq", "iran", "israel", "turkey", "saudi_arabia", "kuwait", "jordan"})
#: condition handlers a rules module may add (``condition``): name -> (state, seat index, the
#: condition) -> bool. A handler reads only control and the forces' sides: the views keep
#: their victory tables for all positions that agree on these and on where hold_units'
#: counters stand (``view._PROGRESS``); a handler that reads more must add it to that key.
CONDITIONS: dict[str, Callable[[FitnaState, int, VictoryHandler], bool]] = {}


def condition(
    name: str, shape: type[ParamsT]
) -> Callable[[Callable[[FitnaState, int, ParamsT], bool]], Callable[[FitnaState, int, ParamsT], bool]]:
    """Register the decorated check as the victory condition ``name`` (``CONDITIONS``); it
    receives the condition's parameters as ``shape``, the model of ``name`` in
    ``vocabulary.VICTORY_HANDLER_PARAMS``."""

    def register(
        check: Callable[[FitnaState, int, ParamsT], bool],
    ) -> Callable[[FitnaState, int, ParamsT], bool]:
        def run(st: FitnaState, seat: int, cond: VictoryHandler) -> bool:
            return check(st, seat, cond.params_as(shape, f"{st.tables.seats[seat]}'s victory conditions"))

        CONDITIONS[name] = run
        return check

    return register


def _line(st: FitnaState, seat: int, force: str, start: str, to: str) -> bool:
    """[31.1] An unbroken line of contiguous spaces the seat controls and supplies (its
    ``force``'s supply network) from a space of country ``start`` to a space of country ``to``
    (``mediterranean``: a coastal space). Kept in ``st.cache`` like the supply network it
    follows."""
    key = ("line", seat, force, start, to)
    found: bool | None = st.cache.get(key)
    if found is None:
        found = st.cache[key] = _trace_line(st, seat, force, start, to)
    return found


def _trace_line(st: FitnaState, seat: int, force: str, start: str, to: str) -> bool:
    t = st.tables
    f = t.force_index[force]
    if st.data.force_side[f] != seat:
        return False
    if to == "mediterranean":
        end: Sequence[bool] = t.space_coastal
    else:
        target = t.country_index[to]
        end = [c == target for c in t.space_country]
    net = supply_net(st, seat, f)
    control = st.data.control
    ok = [bool(net >> s & 1) and control[s] == seat for s in range(t.n_spaces)]
    home = t.country_index[start]
    frontier = deque(s for s in range(t.n_spaces) if ok[s] and t.space_country[s] == home)
    seen = set(frontier)
    while frontier:
        s = frontier.popleft()
        if end[s]:
            return True
        for nb in t.adj[s]:
            if nb not in seen and ok[nb]:
                seen.add(nb)
                frontier.append(nb)
    return False


@condition("link", LinkParams)
def link(st: FitnaState, seat: int, params: LinkParams) -> bool:
    """[31.1, a scenario's ``link`` condition] The seat (or the seat ``by``) traces an unbroken
    line of contiguous spaces it controls and supplies from a space of country ``from`` to a
    space of country ``to`` (or a Mediterranean coastal space: ``mediterranean``), as the
    Iranian and Saudi bonuses of 31.1 do; ``negate``: it holds when there is no such line. The
    supply is that of the player's army of the ``from`` country (else his first force)."""
    t = st.tables
    k = t.seat_index[params.by] if params.by else seat
    start = params.from_
    to = params.to
    fs = st.data.force_side
    armies = [f for f, home in HOME.items() if home == start and f in NATIONS and fs[t.force_index[f]] == k]
    force = armies[0] if armies else t.scenario.seats[k].forces[0]
    found = _line(st, k, force, start, to)
    return not found if params.negate else found


def victory_points(st: FitnaState, seat: int) -> tuple[int, list[str]]:
    """[31.1] A seat's Victory Points: the spaces it controls in the main area (not in its own
    country, the country of a national army it runs, except for Syria and Iraq; the first
    edition counts them), and the Iranian and Saudi bonuses. Spaces held by IS or the Kurds
    count for nobody. Kept in ``st.cache`` (emptied whenever control or a force's side
    changes), since a view and the victory conditions ask for it several times."""
    key = ("vp", seat)
    found: tuple[int, list[str]] | None = st.cache.get(key)
    if found is None:
        found = st.cache[key] = _victory_points(st, seat)
    return found[0], list(found[1])


def _victory_points(st: FitnaState, seat: int) -> tuple[int, list[str]]:
    t = st.tables
    control = st.data.control
    main = {t.country_index[c] for c in MAIN_AREA}
    forces = [FORCES[f] for f in range(len(FORCES)) if st.data.force_side[f] == seat]
    own = {t.country_index[HOME[f]] for f in forces if f in NATIONS} - {
        t.country_index["syria"],
        t.country_index["iraq"],
    }
    if t.opts.vp_own_country == "counted":
        own = set()
    counted = main - own
    total = sum(
        vp
        for vp, country, side in zip(t.space_vp, t.space_country, control, strict=True)
        if side == seat and country in counted
    )
    notes = []
    if _line(st, seat, "iran", "iran", "mediterranean"):
        total += 10
        notes.append("Iranian bonus +10")
    if _line(st, seat, "saudi_arabia", "saudi_arabia", "turkey"):
        total += 10
        notes.append("Saudi bonus +10")
    return total, notes


def condition_holds(st: FitnaState, seat: int, cond: Any) -> bool:
    """[31.0] One condition of a scenario's victory table."""
    return condition_share(st, seat, cond) >= 1.0


def condition_share(st: FitnaState, seat: int, cond: Any) -> float:
    """[31.0] How much of one condition of a scenario's victory table the seat has, from 0
    to 1 (1 exactly when it holds): the share of the spaces, units or lead it asks for (a
    denial: the share of the spaces the other side does not hold; a handler's condition is
    all or nothing)."""
    t = st.tables
    control = st.data.control
    if isinstance(cond, ControlSpaces):
        held = sum(1 for s in cond.spaces if control[t.space_by_id[s]] == seat)
        return _share(held, cond.count if cond.count is not None else len(cond.spaces))
    if isinstance(cond, ControlCount):
        countries = {t.country_index[c] for c in cond.countries}
        held = sum(1 for s in range(t.n_spaces) if control[s] == seat and t.space_country[s] in countries)
        return _share(held, cond.count)
    if isinstance(cond, DenySpaces):
        by = cond.by.casefold()
        if by == "is":
            sides = {t.IS}
        elif by == "kurds":
            sides = {t.KDP, t.PYD, t.PKK}
        else:
            sides = {i for i, s in enumerate(t.seats) if s.casefold() == by}
        denied = sum(1 for s in cond.spaces if control[t.space_by_id[s]] not in sides)
        return _share(denied, len(cond.spaces))
    if isinstance(cond, HoldUnits):
        forces = {t.force_index[f] for f in cond.forces}
        factions = {getattr(t, f) for f in cond.on_kurdish}
        d = st.data
        count = sum(
            1
            for u, r in enumerate(d.units)
            if r.at < t.n_spaces
            and t.unit_force[u] in forces
            and (not factions or t.space_kurd_side[r.at] in factions)
        )
        return _share(count, cond.count)
    if isinstance(cond, VPMargin):
        mine = victory_points(st, seat)[0]
        others = (victory_points(st, i)[0] for i in range(len(t.seats)) if i != seat)
        lead = min((mine - o for o in others), default=cond.margin)
        if cond.margin <= 0:
            return 1.0 if lead >= cond.margin else 0.0
        return _share(max(lead, 0), cond.margin)
    if isinstance(cond, VictoryHandler):
        check = CONDITIONS.get(cond.name)
        return 1.0 if check and check(st, seat, cond) else 0.0
    return 0.0


def _share(have: int, need: int) -> float:
    return 1.0 if have >= need else have / need


def scenario_levels(st: FitnaState) -> dict[str, str]:
    """[31.0] Each seat's level by the scenario's table ("none" without a victory)."""
    t = st.tables
    found: dict[str, list[str]] = {s: [] for s in t.seats}
    for v in t.scenario.victory:
        i = t.seat_index[v.seat]
        level = "none"
        if all(condition_holds(st, i, c) for c in v.prerequisites):
            for name, conds in (("decisive", v.decisive), ("major", v.major), ("minor", v.minor)):
                if all(condition_holds(st, i, c) for c in conds):
                    level = name
                    break
        found[v.seat].append(level)
    # [31.0] a player of several seats (two-player versions) has the lowest level they reach
    return {s: min(levels, key=LEVELS.index) if levels else "none" for s, levels in found.items()}


#: progress toward the next level stays below this, so that it never equals a level's step
_PROGRESS_CAP = 0.99


def level_progress(st: FitnaState) -> dict[str, float]:
    """How far each seat has come from its victory level toward the next, from 0 up to (not
    reaching) 1, for a search that looks for the way up between the levels: the mean share of
    the next level's conditions it has (with the prerequisites while they do not all hold),
    the lowest over the tables of a player of several seats (31.0); 0 at the decisive level.
    Empty under the ``points`` option, whose Victory Points already move in small steps."""
    t = st.tables
    if t.opts.victory == "points":
        return {}
    levels = scenario_levels(st)
    found: dict[str, list[float]] = {s: [] for s in t.seats}
    for v in t.scenario.victory:
        level = levels[v.seat]
        if level == "decisive":
            found[v.seat].append(0.0)
            continue
        i = t.seat_index[v.seat]
        conds = list({"none": v.minor, "minor": v.major, "major": v.decisive}[level])
        if level == "none":
            conds += v.prerequisites
        shares = [condition_share(st, i, c) for c in conds]
        found[v.seat].append(min(_PROGRESS_CAP, sum(shares) / len(shares)) if shares else 0.0)
    return {s: min(values) if values else 0.0 for s, values in found.items()}


def vp_levels(st: FitnaState) -> tuple[dict[str, str], dict[str, int]]:
    """[31.1] Each seat's level by its lead in Victory Points over every other player."""
    t = st.tables
    vps = {s: victory_points(st, i)[0] for i, s in enumerate(t.seats)}
    out = dict.fromkeys(t.seats, "none")
    for s in t.seats:
        lead = min((vps[s] - vps[o] for o in t.seats if o != s), default=0)
        for level in ("decisive", "major", "minor"):
            if lead >= MARGINS[level]:
                out[s] = level
                break
    return out, vps


def judge(st: FitnaState) -> dict[str, Any]:
    """The outcome: levels, Victory Points, winners and a sentence."""
    t = st.tables
    if t.opts.victory == "points":
        levels, vps = vp_levels(st)
        unit = "VP"
    else:
        levels = scenario_levels(st)
        vps = {s: victory_points(st, i)[0] for i, s in enumerate(t.seats)}
        unit = "victory level"
    winners = [s for s in t.seats if levels[s] != "none"]
    points = t.opts.victory == "points"
    results = {s: results_word(levels[s], points, bool(winners)) for s in t.seats}
    if winners:
        sentence = "; ".join(f"{s} wins a {levels[s]} victory" for s in winners) + "."
        losers = [s for s in t.seats if s not in winners]
        if points and len(t.seats) > 2:  # [31.1] with two players the loser goes without saying
            sentence = sentence[:-1] + f"; {listing(losers)} lose{'s' if len(losers) == 1 else ''}."
    elif points:
        sentence = "Nobody wins: a stalemate."
        if len(t.seats) > 2:
            sentence = "Nobody wins: a stalemate (nobody leads every other player by 5 VP)."
    else:
        sentence = "Nobody wins."
    best = max((LEVELS.index(levels[s]) for s in t.seats), default=0)
    return {
        "levels": levels,
        "vp": vps,
        "winners": winners,
        "results": results,
        "sentence": sentence,
        "unit": unit,
        "best": best,
    }


def results_word(level: str, points: bool, anyone_won: bool) -> str:
    """[31.0, 31.1] A player's result in words: its level of victory; without one, a defeat
    when another player won by Victory Points, a stalemate when nobody did, and no victory by
    the scenario's conditions (where several may win and everybody may lose, 29.0)."""
    if level != "none":
        return f"{level} victory"
    if points:
        return "defeat" if anyone_won else "stalemate"
    return "no victory"


@dataclass(slots=True)
class EndOfGame(Frame[FitnaState]):
    """[31.0] The game is over: the victory conditions are judged."""

    name = "end_of_game"
    rule = R_VICTORY

    def run(self, st: FitnaState) -> None:
        st.pop()
        out = judge(st)
        method = R_VP if st.tables.opts.victory == "points" else R_VICTORY
        vps = ", ".join(f"{s} {v} VP" for s, v in out["vp"].items())
        st.emit(f"End of the game after turn {st.data.turn}. {out['sentence']} ({vps})", method)
        st.mark_reveal()  # the game is over: nothing before this can be taken back


FRAMES: tuple[type[Frame[Any]], ...] = (EndOfGame,)
