"""Pure queries of a Fitna position: who holds what, stacking, the caveats, supply lines,
where a unit may move, retreat, arrive or redeploy. Nothing here changes the state.

Queries that several decisions of one position ask are kept in ``st.cache`` (emptied by the
core after every step, and by ``FitnaState.set_unit`` and the rules' mutation helpers).
"""

from __future__ import annotations

from collections import deque
from collections.abc import Iterable, Sequence

from consim.games.fitna.content import ARAB_ALLIES, HOME, NO_OVERFLIGHT, FitnaTables
from consim.games.fitna.content import COUNTRIES as COUNTRY_NAMES
from consim.games.fitna.content import FORCES as FORCE_NAMES
from consim.games.fitna.state import FitnaState

NO_OVERFLIGHT_ITEMS = tuple(NO_OVERFLIGHT.items())
_RUSSIA = FORCE_NAMES.index("russia")

#: [4.0] units a stack may hold; 4 when they are all IS counters
STACK_LIMIT = 3
STACK_LIMIT_IS = 4


# =============================================================================================
# Sides and stacks [5.0, 20.0]
# =============================================================================================


def stacks(st: FitnaState) -> list[list[int]]:
    """The units on each space, by counter index."""
    found: list[list[int]] | None = st.cache.get("stacks")
    if found is None:
        n = st.tables.n_spaces
        found = [[] for _ in range(n)]
        for i, u in enumerate(st.data.units):
            at = u.at
            if at < n:
                found[at].append(i)
        st.cache["stacks"] = found
    return found


def unit_sides(st: FitnaState) -> list[int]:
    """[20.0] The side of every counter now: its force's side, except a Shia militia, which
    belongs to the player whose Iranian or Lebanese, Iraqi or Syrian units it stacks with."""
    found: list[int] | None = st.cache.get("unit_sides")
    if found is None:
        found = st.cache["unit_sides"] = _unit_sides(st)
    return found


#: (tables, force sides) -> every counter's side by its force (``_unit_sides``)
_BY_FORCES: dict[tuple[int, tuple[int, ...]], tuple[FitnaTables, list[int]]] = {}


def _unit_sides(st: FitnaState) -> list[int]:
    t = st.tables
    fs = st.data.force_side
    # the sides by force alone, shared by every position with the same owners (a few a game)
    key = (id(t), tuple(fs))
    entry = _BY_FORCES.get(key)
    if entry is None or entry[0] is not t:  # the entry keeps its tables alive: ids stay unique
        if len(_BY_FORCES) > 256:
            _BY_FORCES.clear()
        entry = _BY_FORCES[key] = (t, [fs[f] for f in t.unit_force])
    sides = list(entry[1])
    for u, k in st.data.unit_side.items():  # [27.1] a force shared between two seats
        sides[u] = k
    n = t.n_spaces
    units = st.data.units
    for f in ("sunni_militia", "al_sham_militia"):
        for u in t.force_units[t.force_index[f]]:
            at = units[u].at
            if at < n:
                sides[u] = militia_side(st, u, at, sides[u])
    shia = t.force_index["shia_militia"]
    militias = [u for u in t.force_units[shia] if units[u].at < n]
    if not militias:
        return sides
    patrons = (
        (t.force_index["iran"], t.force_index["lebanese_army"], t.force_index["hezbollah"]),
        (t.force_index["iraq"],),
        (t.force_index["syria"],),
    )
    here = stacks(st)
    for m in militias:
        forces = {t.unit_force[u] for u in here[units[m].at]}
        for group in patrons:
            hit = [f for f in group if f in forces]
            if hit:
                sides[m] = fs[hit[0]]
                break
    return sides


def militia_side(st: FitnaState, u: int, s: int, own: int) -> int:
    """[20.0] The side a Sunni or Al Sham militia counter ``u`` has on space ``s``: the player
    of the Free Syrian Army in Syria, of the Free Iraqi Army in Iraq (scenario 11: two
    players), elsewhere ``own`` (its force's)."""
    t = st.tables
    fs = st.data.force_side
    country = t.space_country[s]
    if country == t.country_index["syria"]:
        patron = fs[t.force_index["fsa"]]
    elif country == t.country_index["iraq"]:
        patron = fs[t.force_index["fia"]]
    else:
        return own
    return patron if 0 <= patron < len(t.seats) else own


def space_side(st: FitnaState, s: int) -> int:
    """The side of the units on space ``s``, or -1 when it is empty."""
    units = stacks(st)[s]
    return unit_sides(st)[units[0]] if units else -1


def units_of(st: FitnaState, side: int) -> list[int]:
    """Every unit of ``side`` on the map."""
    n = st.tables.n_spaces
    sides = unit_sides(st)
    return [i for i, u in enumerate(st.data.units) if u.at < n and sides[i] == side]


def owner(st: FitnaState, u: int) -> int:
    """The side unit ``u`` belongs to wherever it is (on the map or off it), before 20.0's
    militia cases: its force's side, or its own where a force is shared (27.1, scenario 10)."""
    d = st.data
    return d.unit_side.get(u, d.force_side[st.tables.unit_force[u]])


def runs_force(st: FitnaState, seat_idx: int, force: int) -> bool:
    """True if the seat runs the force, or a part of it (27.1: the shared US forces)."""
    d = st.data
    if d.force_side[force] == seat_idx:
        return True
    return any(k == seat_idx and st.tables.unit_force[u] == force for u, k in d.unit_side.items())


def force_of_side(st: FitnaState, side: int) -> int:
    """The force of a non-player side (IS, KDP, PYD, PKK), or -1."""
    t = st.tables
    for name, k in (("is", t.IS), ("kdp", t.KDP), ("pyd", t.PYD), ("pkk", t.PKK)):
        if side == k:
            return t.force_index[name]
    return -1


def commander(st: FitnaState, side: int) -> int:
    """[25.2, 26.2] The seat (index) that commands the units of ``side`` now: a seat commands
    its own; IS and the Kurds the seat activating them (``force_seat``); else -1."""
    if 0 <= side < len(st.tables.seats):
        return side
    f = force_of_side(st, side)
    return st.data.force_seat[f] if f >= 0 else -1


def commanded_sides(st: FitnaState, seat_idx: int) -> list[int]:
    """The non-player sides (IS, the Kurdish factions) ``seat_idx`` commands now (25.2, 26.2)."""
    t = st.tables
    return [k for k in (t.IS, t.KDP, t.PYD, t.PKK) if commander(st, k) == seat_idx]


def has_enemy(st: FitnaState, s: int, side: int) -> bool:
    """True if space ``s`` holds units of any other side (4.0: enemies never share a space)."""
    sides = unit_sides(st)
    return any(sides[u] != side for u in stacks(st)[s])


def defence_points(st: FitnaState, units: Iterable[int]) -> int:
    t = st.tables
    d = st.data.units
    return sum(t.unit_defence[u][1 if d[u].reduced else 0] for u in units)


def attack_points(st: FitnaState, units: Iterable[int]) -> int:
    t = st.tables
    d = st.data.units
    return sum(t.unit_attack[u][1 if d[u].reduced else 0] for u in units)


def seat_nation(st: FitnaState, seat_idx: int) -> int:
    """The seat's first national force: the nationality its cards strike with (21.0, a
    reading: provenance/cards.md section 5.4)."""
    t = st.tables
    forces = t.scenario.seats[seat_idx].forces
    return t.force_index[forces[0]]


# =============================================================================================
# Stacking [4.0, 20.0, 26.0]
# =============================================================================================


def _pair_banned(t: FitnaTables, a: int, b: int) -> bool:
    """[20.0, 25.1, 26.0] forces that may never stack or fight together, whoever plays them."""
    if a == b:
        return False
    pair = {_fname(t, a), _fname(t, b)}
    if "is" in pair:
        return True  # [20.0, 25.1] IS only with IS
    kurds = {"kdp", "pyd", "pkk"}
    if pair & kurds:
        return not (pair <= kurds and t.scenario.kurds_united)  # [20.0, 26.2]
    if "lebanese_army" in pair:
        other = (pair - {"lebanese_army"}).pop()
        return other not in ("iran", "syria", "hezbollah")
    if pair == {"shia_militia", "russia"} or pair == {"iraq", "syria"}:
        return True
    if len(pair & {"israel", "turkey", "jordan"}) == 2:
        return True
    return (min(a, b), max(a, b)) in t.no_stacking


def _fname(t: FitnaTables, force: int) -> str:
    return FORCE_NAMES[force]


def forces_may_stack(st: FitnaState, a: int, b: int) -> bool:
    """[20.0] Whether units of forces ``a`` and ``b`` (of one side) may stack and fight
    together: the fixed bans, and Russia with Iran only when one player runs both."""
    t = st.tables
    if _pair_banned(t, a, b):
        return False
    pair = {_fname(t, a), _fname(t, b)}
    if pair == {"russia", "iran"}:
        fs = st.data.force_side
        return fs[a] == fs[b]
    return True


def stack_ok(st: FitnaState, units: list[int]) -> bool:
    """[4.0, 20.0] Whether these units may share a space: at most 3 (4 IS counters), one
    corps, one side, no banned pair."""
    t = st.tables
    if not units:
        return True
    limit = STACK_LIMIT_IS if all(t.unit_is[u] for u in units) else STACK_LIMIT
    if len(units) > limit:
        return False
    if sum(1 for u in units if t.unit_corps[u]) > 1:
        return False
    sides = unit_sides(st)
    side = sides[units[0]]
    if any(sides[u] != side for u in units):
        return False
    forces = sorted({t.unit_force[u] for u in units})
    for i, a in enumerate(forces):
        for b in forces[i + 1 :]:
            if not forces_may_stack(st, a, b):
                return False
    return True


def room_for(st: FitnaState, s: int, movers: list[int], extra: Iterable[int] = ()) -> bool:
    """Whether ``movers`` may end in space ``s`` beside the units already there (and
    ``extra`` units counted as there), within 4.0 and 20.0."""
    here = [u for u in stacks(st)[s] if u not in movers]
    if not here and not extra and len(movers) == 1:
        return True  # a unit alone always stacks (4.0)
    return stack_ok(st, [*here, *extra, *movers])


def overstacked(st: FitnaState, side: int) -> list[int]:
    """The spaces where ``side``'s units break 4.0 or 20.0: any stack holding one of them,
    whichever unit is listed first (a mixed stack is over the limit for each side in it)."""
    sides = unit_sides(st)
    return [
        s
        for s, units in enumerate(stacks(st))
        if units and any(sides[u] == side for u in units) and not stack_ok(st, units)
    ]


# =============================================================================================
# Where units may go [17.1, 21.0, 26.0]
# =============================================================================================


def may_stand(st: FitnaState, u: int, s: int) -> bool:
    """Whether counter ``u`` may ever stand on space ``s``, however it gets there (a move, a
    retreat, an advance after combat, an exploitation, a placement): out-of-play countries
    (32.0), the scenario's entry bans, Russia never in Turkey (21.0: "nor may they penetrate
    into Turkey"), Kurds never in another faction's territory and garrisons only on their own
    faction's spaces (26.0-26.3, except scenario 7; ``kurdish_retreat_ok`` for retreats)."""
    return not _stand_ban(st, u, s)


#: why a counter may never stand on a space (``_stand_ban``), {name} and {unit} filled in
_STAND_BANS = (
    "",
    "{name} is out of play in this scenario (32.0)",
    "the scenario closes {name} to {unit}",
    "Russian units may not penetrate into Turkey (21.0)",
    "{unit} may not enter another Kurdish faction's territory (26.0, 26.3)",
    "{unit} is a garrison and stays on its own faction's spaces (26.1, 26.3)",
)


def _stand_ban(st: FitnaState, u: int, s: int) -> int:
    """The first ban of ``_STAND_BANS`` that keeps counter ``u`` off space ``s`` (0: none)."""
    t = st.tables
    if s in t.out_of_play:
        return 1
    if not scenario_allows(st, u, s):
        return 2
    if t.unit_force[u] == _RUSSIA and t.space_country[s] == t.country_index["turkey"]:
        return 3  # [21.0]
    ks = t.unit_kurd_side[u]
    if ks >= 0 and not t.scenario.kurds_united:
        sk = t.space_kurd_side[s]
        if sk >= 0 and sk != ks:
            return 4  # [26.0, 26.3] except scenario 7
        if t.unit_garrison[u] and sk != ks:
            return 5  # [26.1, 26.3]
    return 0


def stand_refusal(st: FitnaState, u: int, s: int) -> str | None:
    """Why counter ``u`` may never stand on space ``s``, in words with the rule (None: it may)."""
    ban = _stand_ban(st, u, s)
    if not ban:
        return None
    t = st.tables
    return _STAND_BANS[ban].format(name=t.space_name[s], unit=t.unit_label[u])


def may_enter(st: FitnaState, u: int, s: int) -> bool:
    """Whether counter ``u`` may move, retreat or be placed onto space ``s`` now: ``may_stand``,
    and [26.0] nobody but the Kurds moves through a Kurdish zone its Peshmerga occupy."""
    if not may_stand(st, u, s):
        return False
    t = st.tables
    return t.unit_kurd_side[u] >= 0 or t.space_kurd_side[s] < 0 or s not in closed_kurdish_zones(st)


def closed_kurdish_zones(st: FitnaState) -> frozenset[int]:
    """[26.0] "Players are not allowed to move through Kurdish zones occupied by Peshmerga
    units": the spaces bearing a faction's name that the faction holds, joined by links into
    zones; a zone holding a unit of that faction is closed to every other unit (NOTES.md)."""
    found: frozenset[int] | None = st.cache.get("closed_kurdish")
    if found is not None:
        return found
    t = st.tables
    control = st.data.control
    held = [s for s in range(t.n_spaces) if t.space_kurd_side[s] >= 0 and control[s] == t.space_kurd_side[s]]
    held_set = set(held)
    here = stacks(st)
    closed: set[int] = set()
    seen: set[int] = set()
    for start in held:
        if start in seen:
            continue
        zone = [start]
        seen.add(start)
        i = 0
        while i < len(zone):
            for nb in t.adj[zone[i]]:
                if nb in held_set and nb not in seen and t.space_kurd_side[nb] == t.space_kurd_side[start]:
                    seen.add(nb)
                    zone.append(nb)
            i += 1
        faction = t.space_kurd_side[start]
        if any(t.unit_kurd_side[u] == faction for z in zone for u in here[z]):
            closed.update(zone)
    found = st.cache["closed_kurdish"] = frozenset(closed)
    return found


def kurdish_retreat_ok(st: FitnaState, u: int, s: int) -> bool:
    """[26.1, 26.3] Kurdish units retreat only onto their own faction's spaces; in scenario 7
    the mobile units anywhere, but a garrison still only onto its own faction's spaces (26.3's
    sentence on garrisons has no exception); others anywhere."""
    t = st.tables
    ks = t.unit_kurd_side[u]
    if ks < 0:
        return True
    sk = t.space_kurd_side[s]
    if t.scenario.kurds_united and not t.unit_garrison[u]:
        return True
    return sk == ks


def scenario_allows(st: FitnaState, u: int, s: int) -> bool:
    """A scenario's entry bans: whether counter ``u`` may enter or attack space ``s``."""
    t = st.tables
    if t.unit_force[u] in t.space_barred[s]:
        return False
    allowed = t.space_open_to[s]
    return allowed is None or unit_sides(st)[u] in allowed


def movement_allowance(st: FitnaState, u: int) -> int:
    """[17.1, 17.2, 14.1] Printed allowance (reduced side if reduced); 2 if isolated; IS
    counters other than Al Baghdadi and garrisons do not move (25.1, 26.1)."""
    t = st.tables
    rec = st.data.units[u]
    base = t.unit_move[u][1 if rec.reduced else 0]
    if base <= 0:
        return 0
    if rec.isolated:
        return min(base, 2)
    if t.unit_airmobile[u]:
        return 3  # [17.2] moving as a normal unit
    return base


def reach(st: FitnaState, u: int, start: int, mp: int) -> dict[int, int]:
    """[17.1] Spaces counter ``u`` can reach from ``start`` with ``mp`` movement points along
    spaces free of enemy units: {space: the space it comes from} (the start maps to -1).
    Breadth first, so each path found is a shortest one."""
    t = st.tables
    side = unit_sides(st)[u]
    parent = {start: -1}
    frontier = deque([(start, 0)])
    while frontier:
        s, d = frontier.popleft()
        if d == mp:
            continue
        for nb in t.adj[s]:
            if nb in parent or has_enemy(st, nb, side) or not may_enter(st, u, nb):
                continue
            parent[nb] = s
            frontier.append((nb, d + 1))
    return parent


def can_reach_any(st: FitnaState, u: int) -> bool:
    """Whether counter ``u`` could end a move on another space (a first check before
    offering its move)."""
    start = st.data.units[u].at
    mp = movement_allowance(st, u)
    return any(s != start and room_for(st, s, [u]) for s in reach(st, u, start, mp))


def path_to(parent: dict[int, int], dest: int) -> list[int]:
    """The spaces from the start (excluded) to ``dest`` (included)."""
    path: list[int] = []
    s = dest
    while parent[s] != -1:
        path.append(s)
        s = parent[s]
    path.reverse()
    return path


def assault_reach(st: FitnaState, u: int, start: int) -> list[int]:
    """[17.2.2] Spaces an airmobile assault may land on: up to 6 links, over enemy-controlled
    spaces, never over Turkey, Israel, Iran or Saudi Arabia (unless the unit is theirs),
    landing on a space clear of enemy units."""
    t = st.tables
    side = unit_sides(st)[u]
    own = _fname(t, t.unit_force[u])
    banned = {t.country_index[c] for c, f in NO_OVERFLIGHT_ITEMS if f != own}
    seen = {start}
    frontier = deque([(start, 0)])
    out: list[int] = []
    while frontier:
        s, d = frontier.popleft()
        if d == 6:
            continue
        for nb in t.adj[s]:
            if nb in seen or t.space_country[nb] in banned or not may_enter(st, u, nb):
                continue
            seen.add(nb)
            frontier.append((nb, d + 1))
            if not has_enemy(st, nb, side):
                out.append(nb)
    return sorted(out)


# =============================================================================================
# Caveats [21.0]
# =============================================================================================


def may_hit(st: FitnaState, att: int, dfn: int, s: int) -> bool:
    """[21.0] Whether units (or strikes) of force ``att`` may attack or strike units of force
    ``dfn`` on space ``s``."""
    t = st.tables
    a, d = _fname(t, att), _fname(t, dfn)
    firsts = st.data.firsts
    country = COUNTRY_NAMES[t.space_country[s]]
    if a == "russia" and d == "israel":
        if country == "israel":
            return False  # Israel and the Golan Heights
        if country in ("syria", "lebanon"):
            return "israel_took_damascus" in firsts
    if a == "israel" and d == "russia":
        return "russia_hit_israel" in firsts
    if a == "russia" and d == "turkey" and country == "turkey":
        return False
    if a == "turkey" and d == "russia":
        return "russia_hit_turkey_abroad" in firsts
    west = ("us", "france", "uk")
    if (a == "russia" and d in west) or (a in west and d == "russia"):
        return False
    return not (a in (*west, "turkey") and d in (*west, "turkey"))


def may_attack_space(st: FitnaState, attackers: Iterable[int], s: int) -> bool:
    """[21.0] Whether every attacking unit may attack every unit on ``s``."""
    t = st.tables
    targets = {t.unit_force[u] for u in stacks(st)[s]}
    if not all(scenario_allows(st, a, s) for a in attackers):
        return False
    return all(may_hit(st, t.unit_force[a], f, s) for a in attackers for f in targets)


def may_strike_space(st: FitnaState, nation: int, s: int) -> bool:
    t = st.tables
    return all(may_hit(st, nation, t.unit_force[u], s) for u in stacks(st)[s])


# =============================================================================================
# Supply [14.0-14.10]
# =============================================================================================


def always_supplied(st: FitnaState, u: int, s: int) -> bool:
    """[14.2, 14.4-14.8] Units in supply where they stand, whatever their lines."""
    t = st.tables
    f = _fname(t, t.unit_force[u])
    country = COUNTRY_NAMES[t.space_country[s]]
    sid = t.space_id[s]
    if f == "kuwait" and country == "kuwait":
        return True
    if f in ("fsa", "sunni_militia", "al_sham_militia") and sid == "tripoli":
        return True
    if f == "shia_militia" and sid == "south_litani":
        return True
    if f in ("lebanese_army", "hezbollah") and country == "lebanon":
        return True
    ks = t.unit_kurd_side[u]
    if ks >= 0:
        sk = t.space_kurd_side[s]
        return sk == ks or (sk >= 0 and t.scenario.kurds_united)
    return bool(t.unit_is[u] and t.space_is_symbol[s])


def _source_countries(t: FitnaTables, f: str, s: int) -> frozenset[int] | None:
    """[14.2-14.4] Where a unit's sources may lie: Sunni and Al Sham militias draw on Saudi
    Arabia in Iraq, on Turkey or Jordan in Syria; the Free Syrian Army on Turkey or Jordan;
    the Arab Allies and the Free Iraqi Army only on Saudi Arabia (Jordanians and Egyptians
    on Jordan too). None: any source that lists the force."""
    country = COUNTRY_NAMES[t.space_country[s]]
    ci = t.country_index
    if f in ("sunni_militia", "al_sham_militia"):
        if country == "iraq":
            return frozenset({ci["saudi_arabia"]})
        if country == "syria":
            return frozenset({ci["turkey"], ci["jordan"]})
    if f == "fsa" and country == "syria":
        return frozenset({ci["turkey"], ci["jordan"]})
    if f in ("jordan", "egypt"):
        return frozenset({ci["saudi_arabia"], ci["jordan"]})  # [14.2] the exception
    if f in ARAB_ALLIES or f == "fia":
        return frozenset({ci["saudi_arabia"]})  # [14.2] only from Saudi Arabia
    return None


def supply_net(st: FitnaState, side: int, force: int, countries: frozenset[int] | None = None) -> int:
    """[14.0] The spaces (a bit per space) from which a unit of ``force`` belonging to
    ``side`` traces an unbroken line of ``side``-controlled spaces to one of its sources
    (only sources in ``countries``, if given)."""
    key = ("net", side, force, countries)
    cached: int | None = st.cache.get(key)
    if cached is not None:
        return cached
    t = st.tables
    control = st.data.control
    f = _fname(t, force)
    sources: list[int] = []
    for s in range(t.n_spaces):
        if control[s] != side or s in t.out_of_play:
            continue
        if countries is not None and t.space_country[s] not in countries:
            continue
        if f == "is":
            ok = t.space_is_symbol[s]  # [14.8]
        elif f in ("kdp", "pyd", "pkk"):
            sk = t.space_kurd_side[s]
            ok = sk == t.force_side[force] or (sk >= 0 and t.scenario.kurds_united)  # [14.7]
        elif f in ("us", "france", "uk"):
            ok = force in t.space_supplies[s] and (not t.us_supply or s in t.us_supply)  # [14.10]
        else:
            ok = force in t.space_supplies[s]
        if ok:
            sources.append(s)
    net = _spread(t.adj, control, side, sources)
    st.cache[key] = net
    return net


def _spread(adj: Sequence[Sequence[int]], control: Sequence[int], side: int, start: list[int]) -> int:
    """The spaces reached from ``start`` through spaces ``side`` controls, a bit per space."""
    net = 0
    for s in start:
        net |= 1 << s
    frontier = deque(start)
    while frontier:
        s = frontier.popleft()
        for nb in adj[s]:
            bit = 1 << nb
            if not net & bit and control[nb] == side:
                net |= bit
                frontier.append(nb)
    return net


def traces_supply(st: FitnaState, u: int, s: int | None = None, side: int | None = None) -> bool:
    """[14.0] Whether counter ``u`` would be in supply on space ``s`` (its own by default):
    where it stands (14.2-14.8) or by a line to a source of its force."""
    t = st.tables
    at = st.data.units[u].at if s is None else s
    if at >= t.n_spaces:
        return False
    if always_supplied(st, u, at):
        return True
    side = unit_sides(st)[u] if side is None else side
    f = _fname(t, t.unit_force[u])
    net = supply_net(st, side, t.unit_force[u], _source_countries(t, f, at))
    if net >> at & 1:
        return True
    extra = t.extra_sources[t.unit_force[u]]
    return bool(extra and extra_net(st, side, extra) >> at & 1)


def extra_net(st: FitnaState, side: int, sources: frozenset[int]) -> int:
    """[14.x, a scenario's ``extra_supply``] The spaces linked through ``side``'s spaces to
    one of these sources that ``side`` controls (a bit per space)."""
    key = ("extra_net", side, sources)
    cached: int | None = st.cache.get(key)
    if cached is not None:
        return cached
    t = st.tables
    control = st.data.control
    net = _spread(t.adj, control, side, [s for s in sorted(sources) if control[s] == side])
    st.cache[key] = net
    return net


def is_supplied(st: FitnaState, u: int) -> bool:
    """[14.0, 17.2.2] In supply now: by its lines, or making an airmobile assault."""
    return st.data.units[u].assault or traces_supply(st, u)


# =============================================================================================
# Retreat, strategic movement and reinforcement spaces [18.6, 17.3, 15.0]
# =============================================================================================


def retreat_spaces(st: FitnaState, u: int, frm: int, side: int, already: dict[int, list[int]]) -> list[int]:
    """[18.6] Where a defending unit may retreat: an adjacent space free of enemy units (its
    own, or an empty one) with room; failing that, the nearest space of its side reached
    through its side's spaces, with room. ``already`` holds units that have retreated into a
    space during this retreat. Empty: the unit is eliminated."""
    t = st.tables

    def fits(s: int) -> bool:
        return (
            may_enter(st, u, s) and kurdish_retreat_ok(st, u, s) and room_for(st, s, [u], already.get(s, ()))
        )

    adjacent = [s for s in t.adj[frm] if not has_enemy(st, s, side) and fits(s)]
    if adjacent:
        return adjacent
    control = st.data.control
    seen = {frm}
    frontier = [s for s in t.adj[frm] if control[s] == side and not has_enemy(st, s, side)]
    seen.update(frontier)
    while frontier:
        found = [s for s in frontier if fits(s)]
        if found:
            return sorted(found)
        nxt: list[int] = []
        for s in frontier:
            for nb in t.adj[s]:
                if nb not in seen and control[nb] == side and not has_enemy(st, nb, side):
                    seen.add(nb)
                    nxt.append(nb)
        frontier = nxt
    return []


def strategic_spaces(st: FitnaState, u: int, first: bool = False) -> list[int]:
    """[17.3] Controlled and supplied spaces counter ``u`` may reach through an unbroken
    path of controlled and supplied spaces, with room."""
    t = st.tables
    start = st.data.units[u].at
    side = unit_sides(st)[u]
    control = st.data.control

    def ok(s: int) -> bool:
        return control[s] == side and may_enter(st, u, s) and traces_supply(st, u, s, side)

    seen = {start}
    frontier = deque([start])
    out: list[int] = []
    while frontier:
        s = frontier.popleft()
        for nb in t.adj[s]:
            if nb in seen or not ok(nb):
                continue
            seen.add(nb)
            frontier.append(nb)
            if room_for(st, nb, [u]):
                out.append(nb)
                if first:
                    return out
    return sorted(out)


#: [15.0] "other Arab Allied reinforcements arrive in Saudi Arabia" (Kuwaitis also at home)
ARRIVE_IN_SAUDI_ARABIA = frozenset(ARAB_ALLIES - {"jordan", "egypt"})
#: [15.0] Sunni and Al Sham militias may also arrive in a space of the first country that
#: borders the second
MILITIA_BORDERS = (("saudi_arabia", "iraq"), ("turkey", "syria"))


def borders(st: FitnaState, s: int, country: str) -> bool:
    """Whether space ``s`` is linked to a space of ``country``."""
    t = st.tables
    c = t.country_index[country]
    return any(t.space_country[x] == c for x in t.adj[s])


def arrives_anywhere(t: FitnaTables, u: int) -> bool:
    """[15.0] The units that arrive on any space their player holds in supply: the US, French
    and British, the Egyptian and UAE airmobile brigades ("air transported"), the Iranian
    paratroops and the Iranian Hezbollah units."""
    f = _fname(t, t.unit_force[u])
    if f in ("us", "france", "uk") or t.unit_iranian[u]:
        return True
    return f in ("egypt", "uae", "iran") and bool(t.unit_airmobile[u])


def arrival_spaces(st: FitnaState, u: int, side: int) -> list[int]:
    """[15.0] The spaces where counter ``u`` may arrive as a reinforcement or be rebuilt:
    controlled and supplied, within stacking limits, by the arrival rules of its force:
    Jordanians and Egyptians on H4 or H5, the other Arab Allies in Saudi Arabia (Kuwaitis in
    Kuwait too), the Egyptian and UAE airmobile brigades, the Western and Iranian airborne
    units anywhere, Sunni and Al Sham militias in Iraq or Syria (on an empty space too) or on a
    Saudi space bordering Iraq or a Turkish space bordering Syria."""
    t = st.tables
    f = _fname(t, t.unit_force[u])
    control = st.data.control
    ci = t.country_index
    n = t.n_spaces
    anywhere = arrives_anywhere(t, u)
    militia = f in ("sunni_militia", "al_sham_militia")
    home_nets: list[int] = []  # computed once, when first needed
    candidates: list[int] = []
    for s in range(n):
        held = control[s] == side
        if not (held or militia) or s in t.out_of_play or not may_enter(st, u, s):
            continue  # every case but the militias' needs a space the side holds
        country = COUNTRY_NAMES[t.space_country[s]]
        mine = held and not has_enemy(st, s, side)
        empty_at_home = False  # [15.0] a militia on an empty Iraqi or Syrian space needs no supply
        if f == "russia":
            ok = mine and t.space_id[s] in ("tartus", "latakia")
        elif f in ("jordan", "egypt") and not anywhere:
            ok = mine and t.space_id[s] in ("h4", "h5")
        elif f in ARRIVE_IN_SAUDI_ARABIA and not anywhere:
            # [15.0] "other Arab Allied reinforcements arrive in Saudi Arabia"; Kuwait, an Arab
            # Ally with a country of its own on the map (14.2), in Kuwait too (a reading, NOTES.md)
            ok = mine and (country == "saudi_arabia" or (f == "kuwait" and country == "kuwait"))
        elif f in ("shia_militia",):
            ok = mine and country in ("iraq", "syria")
        elif militia and militia_side(st, u, s, side) != side:
            ok = False  # [20.0] it would be another player's there (scenario 11: Syria is Turkey's)
        elif militia:
            empty_at_home = country in ("iraq", "syria") and not stacks(st)[s]
            ok = (country in ("iraq", "syria") and mine) or empty_at_home
            # [15.0] "they may also be placed in Saudi Arabia in a space bordering Iraq, or in
            # Turkey in a space bordering Syria": a space of the militia's player, in supply
            ok = ok or (mine and any(country == a and borders(st, s, b) for a, b in MILITIA_BORDERS))
        elif anywhere:
            ok = mine
        elif f in ("fsa", "fia"):
            rebel_home = "syria" if f == "fsa" else "iraq"
            ok = mine and (country == rebel_home or t.unit_force[u] in t.space_supplies[s])
        else:
            home = HOME.get(f)
            if home is None:
                ok = mine
            elif t.opts.reinforcements == "in_country":
                ok = mine and country == home
            else:
                if not home_nets:
                    home_nets.append(supply_net(st, side, t.unit_force[u], frozenset({ci[home]})))
                ok = mine and (country == home or bool(home_nets[0] >> s & 1))
        if not ok:
            continue
        if not (mine and not stacks(st)[s]) and has_enemy(st, s, side):
            continue
        if not empty_at_home and not traces_supply(st, u, s, side):
            continue
        if any(st.data.units[x].isolated for x in stacks(st)[s]):
            continue  # [14.1] never into an isolated space
        candidates.append(s)
    return [s for s in candidates if room_for_side(st, s, u, side)]


def arrival_words(st: FitnaState, u: int) -> str:
    """[15.0] Where counter ``u`` may arrive, in a player's words (``arrival_spaces``)."""
    t = st.tables
    f = _fname(t, t.unit_force[u])
    if arrives_anywhere(t, u):
        rule = "on any space you hold in supply"
    elif f == "russia":
        rule = "on Tartus or Latakia"
    elif f in ("jordan", "egypt"):
        rule = "in Jordan, on H4 or H5"
    elif f == "kuwait":
        rule = "on a space you hold in supply in Saudi Arabia or Kuwait"
    elif f in ARRIVE_IN_SAUDI_ARABIA:
        rule = "on a space you hold in supply in Saudi Arabia"
    elif f == "shia_militia":
        rule = "on a space you hold in Iraq or Syria"
    elif f in ("sunni_militia", "al_sham_militia"):
        rule = (
            "on a space you hold in supply or an empty space in Iraq or Syria, or on a Saudi space "
            "bordering Iraq or a Turkish space bordering Syria that you hold in supply"
        )
    elif f in ("fsa", "fia"):
        home = "Syria" if f == "fsa" else "Iraq"
        rule = f"on a space you hold in supply in {home} or on one of its supply sources"
    else:
        rule = "on a space you hold, supplied from its own country"
    return f"{t.unit_label[u]} arrives {rule}, never on an isolated stack, within the stacking limits (15.0)"


def room_for_side(st: FitnaState, s: int, u: int, side: int) -> bool:
    """Stacking for a unit not yet on the map: it joins the stack on ``s`` as ``side``."""
    here = stacks(st)[s]
    sides = unit_sides(st)
    if any(sides[x] != side for x in here):
        return False
    t = st.tables
    units = [*here, u]
    limit = STACK_LIMIT_IS if all(t.unit_is[x] for x in units) else STACK_LIMIT
    if len(units) > limit or sum(1 for x in units if t.unit_corps[x]) > 1:
        return False
    forces = sorted({t.unit_force[x] for x in units})
    for i, a in enumerate(forces):
        for b in forces[i + 1 :]:
            if not forces_may_stack(st, a, b):
                return False
    return True


def within(st: FitnaState, origins: Iterable[int], links: int) -> set[int]:
    """Spaces at most ``links`` links from any of ``origins``."""
    t = st.tables
    seen = set(origins)
    frontier = list(seen)
    for _ in range(links):
        nxt: list[int] = []
        for s in frontier:
            for nb in t.adj[s]:
                if nb not in seen:
                    seen.add(nb)
                    nxt.append(nb)
        frontier = nxt
    return seen


def banned_between(st: FitnaState, a: int, b: int) -> bool:
    """A restriction forbidding offensives and strikes between two seats
    (provenance/cards.md section 8, ``no_offensives_between``)."""
    return any(e.kind == "no_offensives_between" and {e.seat, e.other} == {a, b} for e in st.data.effects)


def strike_spaces(
    st: FitnaState, side: int, nation: int, reach_links: int | None, origins: Iterable[int]
) -> list[int]:
    """[21.0, provenance/cards.md 5.4] Spaces a strike may hit: holding enemy units, within
    ``reach_links`` of ``origins`` (anywhere if None), every unit there open to strikes by
    ``nation``."""
    t = st.tables
    near = within(st, origins, reach_links) if reach_links is not None else None
    sides = unit_sides(st)
    n_seats = len(t.seats)
    out: list[int] = []
    for s, units in enumerate(stacks(st)):
        if not units or s in t.out_of_play or sides[units[0]] == side:
            continue
        if near is not None and s not in near:
            continue
        foe = sides[units[0]]
        if foe < n_seats and side < n_seats and banned_between(st, side, foe):
            continue
        if may_strike_space(st, nation, s):
            out.append(s)
    return out
