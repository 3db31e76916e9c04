"""Pure queries of a First Jihad position about fighting: where each invasion comes from and
the Hit List (7.2), the ways to absorb Hits (7.4), what an attack, a rally, the Fleet or the
Immortals may do and cost (8.x, 9.x), and where some events would act (6.2).
"""

from __future__ import annotations

from consim.games.jihad.board.control import (
    EMPIRE_ID,
    active,
    arab_occupied,
    army_religion,
    capital_in,
    castle_in,
    castle_value,
    combat_religion,
    controller_power,
    front,
    is_converted,
    muslim_for_combat,
    path_armies,
    player_controls,
    player_lands,
)
from consim.games.jihad.content import (
    EMPIRES,
    MANICHEES,
)
from consim.games.jihad.state import JihadState

#: [7.2.2] terrain penalties for the invaded Land's Crossing (Straits: see NOTES.md)
TERRAIN = {"ordinary": 0, "mountain": -1, "river": -2, "straits": -2}
#: [8.3.1] Straits cost by the Cyprus box
STRAITS_COST = {1: 3, 0: 2, -1: 1}


# =============================================================================================
# [7.2] the Hit List, [7.4] absorbing Hits
# =============================================================================================


def invasion(st: JihadState, path: int) -> tuple[int, int] | None:
    """(invading Land index, defending Land index); None if the Path has no active army."""
    aid = active(st, path)
    if aid is None:
        return None
    a = st.data.armies[aid]
    t = st.tables
    f = t.land_index[a.at]
    # [7.2, 7.4.3] a besieged army is invaded from its own (Arab-held) Land, with no Crossing
    # between; under siege_invasion=across from the next Land toward Mecca (see NOTES.md)
    source = f if a.sieged and not t.siege_across else f - 1
    return source, f


def islamic_capital(st: JihadState, land: int) -> bool:
    """[21.2.1, 2.1.5] Damascus converted is the Islamic Capital, an extension of Mecca."""
    adv = st.data.adv
    return adv is not None and land == st.tables.damascus and adv.damascus == "capital"


def mujahideen_on(st: JihadState, path: int) -> bool:
    """[17.5] the Mujahideen stand on this Path (not in the Casbah)."""
    adv = st.data.adv
    return adv is not None and adv.muj_at == path


def hit_list(st: JihadState, path: int, base: int) -> list[tuple[str, int]]:
    """[7.2.1] the terms of the Hit List after the Rose number ``base`` (die included)."""
    t = st.tables
    d = st.data
    terms: list[tuple[str, int]] = [("Rose", base)]
    inv = invasion(st, path)
    if inv is None:
        return terms
    source, target = inv
    muslim = muslim_for_combat(st, path, source)
    crossing = "ordinary" if source == target else t.crossing_in[path][target]
    terrain = TERRAIN[crossing]
    # [2.1.5, 21.2.1] Damascus as the Islamic Capital is an extension of Mecca
    capital = source > 0 and islamic_capital(st, t.path_lands[path][source - 1])
    if muslim and terrain and source != 0 and not capital:
        # [7.2.2] Islam cancels out terrain: no terrain penalty, and no +1 for Islam
        terms.append((f"Islam cancels the {crossing} crossing", 0))
    else:
        if muslim:
            always = "Mecca is always Muslim" if source == 0 else "the Islamic Capital is always Muslim"
            terms.append((always if source == 0 or capital else "Islam", t.islam_hit))  # [2.1.5.4, 7.2.1]
        if terrain:
            terms.append((f"{crossing.capitalize()} crossing", terrain))
    if source == 0 or capital:
        terms.append(("Mecca tile", 1 if d.mecca_strong else 0))  # [2.1.5.4]
    for k, track in enumerate(d.tracks):
        if t.face_path[k][track.face] == path and track.box:
            terms.append((t.track_title[k], track.box))  # [13.1]
    aid = active(st, path)
    assert aid is not None
    defending = t.path_lands[path][target - 1]
    if d.themes == defending and t.army_power[aid] == "byzantium":
        terms.append(("Themes", t.themes_hit))  # [12.4]
    adv = d.adv
    jews = adv.jews if adv is not None else None
    if jews is not None and jews.at == defending and player_controls(st, defending):
        terms.append(("Jewish marker", 1 if jews.side == "plus_one" else -1))  # [19.1]
    if adv is not None and adv.muj_at == path:
        terms.append((f"{adv.muj_side.capitalize()} Mujahideen", adv.kaaba))  # [17.5, 17.6.4]
    return terms


def absorb_options(st: JihadState, aid: int, hits: int) -> list[tuple[str, int]]:
    """[7.4] each legal way to absorb the next Hits (its verb), with how many Hits it absorbs."""
    t = st.tables
    a = st.data.armies[aid]
    if hits <= 0 or not t.on_map[a.at]:
        return []
    land = a.at
    options: list[tuple[str, int]] = []
    # [7.4 A] a step loss; a Cursed weak army has no marker left to Shatter it (NOTES.md)
    if a.strength == "strong" or (a.strength == "weak" and not a.cursed):
        options.append(("step", 1))
    capital = capital_in(st, land)
    if capital is not None:
        options.append(("capital", min(hits, t.capital_hits[capital])))  # [7.4.2]
    castle = castle_in(st, land)
    can_leave = not t.land_round[land] and not a.top and capital is None
    if castle is not None:
        value = castle_value(st, castle)
        if not a.sieged:
            options.append(("besiege", min(hits, value)))  # [7.4.3.1] step 2
        elif st.data.castles[castle].side == "strong":
            options.append(("castle", min(hits, value)))  # step 3
        elif can_leave:
            options.append(("retreat", min(hits, value)))  # step 4
    elif can_leave:
        options.append(("retreat", min(hits, 2)))  # [7.4 B, 7.4.1]
    return options


def absorb_words(st: JihadState, aid: int, options: list[tuple[str, int]]) -> list[str]:
    """[7.4] each way to absorb Hits now, in words, as :func:`absorb_options` lists them."""
    t = st.tables
    a = st.data.armies[aid]
    land = a.at
    path, idx = t.land_path[land], t.land_index[land]
    nxt = t.land_title[t.path_lands[path][idx]] if idx < t.path_len[path] else ""
    out = []
    for verb, n in options:
        hits = "1 Hit" if n == 1 else f"{n} Hits"
        if verb == "step":
            text = f"step: lose a step, to {'weak' if a.strength == 'strong' else 'shattered'} ({hits})"
        elif verb == "capital":
            text = f"capital: the Capital takes it ({hits})"
        elif verb == "besiege":
            text = f"besiege: into the Castle ({hits})"
        elif verb == "castle":
            text = f"castle: the Castle to its weak side ({hits})"
        elif castle_in(st, land) is not None:
            text = f"retreat: leave the Castle for {nxt}; it is destroyed and the army Cursed ({hits})"
        else:
            text = f"retreat: to {nxt} ({hits})"
        out.append(text)
    return out


def absorb_blocked(st: JihadState, aid: int) -> list[str]:
    """[7.4, 7.4.2, 7.4.3.1, 7.5, 2.1.2] why a step loss or a retreat is not among the choices."""
    t = st.tables
    a = st.data.armies[aid]
    land = a.at
    out = []
    if a.strength == "shattered":
        out.append("no step loss: already shattered (7.3)")
    elif a.strength == "weak" and a.cursed:
        out.append("no step loss: Cursed, with no Shattered marker left (7.6)")
    castle = castle_in(st, land)
    if t.land_round[land]:
        out.append("no retreat from the Ends of the Earth (2.1.2)")
    elif a.top:
        out.append("no retreat off the Neutral army below (7.5)")
    elif capital_in(st, land) is not None:
        out.append("no retreat until the Capital here is destroyed (7.4.2)")
    elif castle is not None and not a.sieged:
        out.append("no retreat past the Castle: into it first (7.4.3.1)")
    elif castle is not None and st.data.castles[castle].side == "strong":
        out.append("no retreat yet: the strong Castle is reduced first (7.4.3.1)")
    return out


def can_retreat(st: JihadState, aid: int) -> bool:
    """Whether an event may push the army one Land back (not out of the Ends of the Earth, off
    a Neutral, from behind another army, or out of a Castle)."""
    t = st.tables
    a = st.data.armies[aid]
    if not t.on_map[a.at]:
        return False
    path = t.land_path[a.at]
    armies = path_armies(st, path)
    others = [x for x in armies if x != aid and st.data.armies[x].at == a.at]
    blocked = a.top or (others and armies[0] != aid)
    return not t.land_round[a.at] and not blocked and castle_in(st, a.at) is None


def bulgars_inverted(st: JihadState) -> bool:
    """[2.1.6.1, 13.3] Constantinople Arab-occupied (besieged included)."""
    t = st.tables
    land = next(x for x in t.path_lands[t.greek] if "bulgar_inversion" in t.land[x].tags)
    return arab_occupied(st, land)


# =============================================================================================
# [8.x, 9.x] what the player's armies may do
# =============================================================================================


def attack_target(st: JihadState, path: int, aid: int | None = None) -> int | None:
    """The Land index attacked: the Arab Land in front, or the army's own Land if besieged
    [9.4]; never Mecca [9.1]. ``aid``: the Path's active army, if already at hand."""
    if aid is None:
        aid = active(st, path)
        if aid is None:
            return None
    a = st.data.armies[aid]
    f = st.tables.land_index[a.at]
    if a.sieged:
        return f
    if f > 1 and islamic_capital(st, st.tables.path_lands[path][f - 2]):
        return None  # [2.1.5, 9.1, 21.2.1] never an attack on Damascus as Islamic Capital
    return f - 1 if f > 1 else None


def in_truce(st: JihadState, power: str) -> bool:
    adv = st.data.adv
    return adv is not None and adv.truce == power


def can_attack(st: JihadState, path: int, aid: int | None = None) -> bool:
    """[9.1.2] a strong or weak army, not Cursed, with an Arab Land to attack. ``aid``: the
    Path's active army, if already at hand."""
    if aid is None:
        aid = active(st, path)
    if aid is None or attack_target(st, path, aid) is None:
        return False
    if in_truce(st, st.tables.army_power[aid]):
        return False  # [22.1 (3)] an Empire in Truce may not attack the Arabs
    a = st.data.armies[aid]
    return not a.cursed and a.strength != "shattered"


def heartland_lost(st: JihadState, aid: int, kind: str) -> bool:
    """[21.5] the attacking or rallying army's Empire (Byzantium or Persia only) has lost its
    Military (horse) or Religious (temple) Heartland to Islam; military control is irrelevant."""
    t = st.tables
    if not t.advanced:
        return False
    power = t.army_power[aid]
    if power not in EMPIRE_ID:
        return False
    where = (t.military_heartland if kind == "military" else t.religious_heartland)[EMPIRE_ID[power]]
    return where is not None and is_converted(st, *where)


def attack_cost(st: JihadState, path: int, aid: int | None = None) -> int:
    """[8.3, 8.3.1] by the Crossing: ordinary or mountain 1, river 2, straits by Cyprus.
    ``aid``: the Path's active army, if already at hand."""
    if aid is None:
        aid = active(st, path)
    assert aid is not None
    a = st.data.armies[aid]
    if a.sieged:
        return 1  # [9.4] attacking the Land the army is in crosses nothing (so no 21.5 either)
    if heartland_lost(st, aid, "military"):
        return 2  # [8.3, 21.5] the Military Heartland has fallen to Islam: always 2 AP
    t = st.tables
    crossing = t.crossing_in[path][t.land_index[a.at]]
    if crossing == "river":
        return 2
    if crossing == "straits":
        return STRAITS_COST[st.data.tracks[t.cyprus].box]
    return 1


def rally_step_cost(st: JihadState, aid: int) -> int:
    """[8.4] 1 AP a step; 2 AP a step once the Religious Heartland is Muslim (21.5)."""
    return 2 if heartland_lost(st, aid, "religious") else 1


def can_rally(st: JihadState, aid: int) -> bool:
    """[8.4, 7.6, 16.2] not Cursed, damaged, and a Garrison never above weak."""
    a = st.data.armies[aid]
    if a.cursed or a.strength == "strong":
        return False
    return not (st.tables.army_garrison[aid] and a.strength == "weak")


def dice_for(st: JihadState, path: int, target: int) -> int:
    """[9.1.2] one die, or two (keep the lower) for a religious army against another faith."""
    aid = active(st, path)
    assert aid is not None
    religion = army_religion(st, aid)
    if religion is None:
        return 1
    return 1 if religion == combat_religion(st, path, target) else 2


def immortal_choices(st: JihadState, path: int) -> list[str]:
    """[9.5.1, 9.5.1.1] the Immortals' DRM options for an attack on this Path."""
    t = st.tables
    im = st.data.immortals
    if im.gone or im.used or path not in (t.indian, t.parthian):
        return []
    aid = active(st, path)
    persian = aid is not None and t.army_power[aid] == "persia"
    if im.side == "elephants" and persian:
        return ["immortals+2", "immortals+1"]
    return ["immortals+1"]


def fleet_ready(st: JihadState, path: int) -> bool:
    """The Greek Fleet can fly a mission for this Path (not Used, or a ▲ event keeps it free)."""
    free = st.data.fleet_free
    return not st.data.fleet.used or (free is not None and path in free.paths)


def fleet_missions(st: JihadState, path: int) -> tuple[str, ...]:
    """[8.5] what the Cyprus box allows: naval always; raid at 0 or -1; landing at -1."""
    d = st.data
    free = d.fleet_free
    if free is not None and free.ignore_cyprus and path in free.paths:
        return ("naval", "raid", "landing")
    box = d.tracks[st.tables.cyprus].box
    if box <= -1:
        return ("naval", "raid", "landing")
    if box <= 0:
        return ("naval", "raid")
    return ("naval",)


def refugee_hosted(st: JihadState, refugee: int) -> bool:
    """[19.2.1] the player controls the Land the Refugee is in; [19.2] one in an Ends of the
    Earth Land benefits the player for the rest of the game."""
    adv = st.data.adv
    if adv is None:
        return False
    at = adv.refugees[refugee]
    t = st.tables
    if not t.on_map[at]:
        return False
    return t.land_round[at] or player_controls(st, at)


def appease_cost(st: JihadState, track: int) -> int:
    """[8.9, 8.10] the face value to move a minor power's marker right; [19.2.1] the Manichees
    make Tibet cost 1."""
    t = st.tables
    cost = t.face_cost[track][st.data.tracks[track].face]
    if track == t.tibet and refugee_hosted(st, MANICHEES):
        cost = 1
    return cost


# =============================================================================================
# [6.2] what some events would do
# =============================================================================================


def free_advance_target(st: JihadState, path: int) -> int | None:
    """The Land the active army would take by a free advance (never Mecca)."""
    aid = active(st, path)
    if aid is None:
        return None
    f = front(st, path)
    if st.data.armies[aid].sieged:
        return f
    if f > 1 and islamic_capital(st, st.tables.path_lands[path][f - 2]):
        return None  # [2.1.5, 21.2.1] Damascus as Islamic Capital is part of Mecca
    return f - 1 if f - 1 >= 1 else None


def capital_sites(st: JihadState, empire: int, lands: list[int]) -> list[int]:
    """[8.8.2] Byzantine-controlled Christian Lands not converted to Islam."""
    t = st.tables
    out = []
    here = st.data.capitals[empire].at
    name = EMPIRES[empire]
    for land in lands:
        christian = t.land_religion[land] in t.christian
        converted = is_converted(st, t.land_path[land], t.land_index[land])
        if land != here and christian and not converted and controller_power(st, land) == name:
            out.append(land)
    return out


def icon_sites(st: JihadState) -> list[int]:
    """[14.7] where the Icons may move: a Byzantine-controlled Christian Land not converted to
    Islam, or back to the Available box."""
    t = st.tables
    icons = st.data.icons
    if icons is None or (icons != t.available and controller_power(st, icons) != "byzantium"):
        return []
    out = []
    for path in range(len(t.path_name)):
        power, held = player_lands(st, path)
        if power != "byzantium":
            continue
        lands = t.path_lands[path]
        for idx in held:
            land = lands[idx - 1]
            if land != icons and t.land_religion[land] in t.christian and not is_converted(st, path, idx):
                out.append(land)
    if icons != t.available:
        out.append(t.available)
    return out
