"""Procedures several parts of the sequence of play share: moving and damaging armies (7.3-7.6),
the Islam markers (10.x, 14.3), AP (6.3.1), minor powers (13.1), the attack (9.x), the end of
the game (5.1), and the Advanced pieces other parts touch: Great Kings (16.5), the Ka'aba Number
and Jihads (17.x), Truces (22.4).

Every rules module may call these; none of them pushes a frame of another module except by name.
"""

from __future__ import annotations

from consim.games.jihad import board
from consim.games.jihad.content import BYZANTIUM, EAST, THEATER_TITLE, WEST
from consim.games.jihad.state import GreatKing, JihadState, JihadWar, Strength


def finish(st: JihadState, reason: str) -> None:
    """The game is over: driven out of Rome (5.1) or card 50 (5.2)."""
    st.data.over = "rome" if reason == "rome" else "card50"
    st.end_game()


def add_ap(st: JihadState, theater: int, amount: int) -> int:
    """Raise a Theater's AP within the Rulership limit (6.3.1); returns what was added."""
    ap = st.data.ap
    before = ap[theater]
    ap[theater] = max(before, min(before + amount, board.ap_limit(st, theater)))
    return ap[theater] - before


def fit_ap_to_ruler(st: JihadState, empire: int) -> None:
    """[6.3.1] AP may never reach the Ruler's box: when a Ruler's rating falls (a new Ruler,
    11.2, or an event that lowers it, 11.1), banked AP above the new limit are lost."""
    theater = WEST if empire == BYZANTIUM else EAST
    limit = board.ap_limit(st, theater)
    ap = st.data.ap
    if ap[theater] > limit:
        ap[theater] = limit
        st.emit(f"{THEATER_TITLE[theater]} AP fall to the new Rulership limit, {limit}.", "6.3.1")


def pay(st: JihadState, path: int, cost: int) -> None:
    """[8.2] spend the Path's Theater's AP on the Path."""
    if cost:
        st.data.ap[st.tables.path_theater[path]] -= cost
        st.data.spent[path] += cost


# =============================================================================================
# [7.3-7.6] armies
# =============================================================================================


def worse(strength: Strength) -> Strength:
    return "weak" if strength == "strong" else "shattered"


def better(strength: Strength) -> Strength:
    return "weak" if strength == "shattered" else "strong"


def curse(st: JihadState, aid: int, rule: str) -> None:
    """[7.6] place a Cursed marker (a Shattered marker flips to its Cursed side)."""
    a = st.data.armies[aid]
    if a.strength == "shattered":
        a.strength = "weak"
    if not a.cursed:
        a.cursed = True
        st.emit(f"{st.tables.army_title[aid]}: Cursed!", rule)


def retreat(st: JihadState, aid: int, rule: str) -> bool:
    """Move an army one Land away from Mecca; False if the game ended (5.1)."""
    t = st.tables
    d = st.data
    a = d.armies[aid]
    here = a.at
    name = t.army_title[aid]
    if "sudden_death" in t.land[here].tags:
        st.emit(
            f"{name}: driven out of {t.land_title[here]}. The West collapses: sudden death defeat.", "5.1"
        )
        finish(st, "rome")
        return False
    path = t.land_path[here]
    dest = t.path_lands[path][t.land_index[here]]
    a.at = dest
    a.sieged = False
    neutral_there = any(d.armies[x].at == dest for x in t.armies_of_path[path] if x != aid)
    a.top = neutral_there
    note = ", on top of a Neutral army" if neutral_there else ""
    st.emit(f"{name}: retreat from {t.land_title[here]} to {t.land_title[dest]}{note}.", rule)
    if "bulgar_inversion" in t.land[here].tags:
        constantinople_falls(st)
    return True


def constantinople_falls(st: JihadState) -> None:
    """[2.1.6.2] the Icons are removed; the Themes (their back) are placed in Greece."""
    d = st.data
    t = st.tables
    if d.icons is not None:
        d.icons = None
        st.emit("Constantinople falls: the Icons are lost.", "2.1.6.2")
    if not d.themes_spent:
        fallback = next(x for x in t.path_lands[t.greek] if "themes_fallback" in t.land[x].tags)
        d.themes = fallback
        d.themes_spent = True
        st.emit(f"The Byzantine Themes are raised in {t.land_title[fallback]}.", "2.1.6.2")


def step_loss(st: JihadState, aid: int, steps: int, rule: str) -> None:
    """[6.2] an event's step losses; a shattered (or Cursed weak) army retreats instead."""
    a = st.data.armies[aid]
    for _ in range(steps):
        if a.strength != "shattered" and not (a.strength == "weak" and a.cursed):
            a.strength = worse(a.strength)
            st.emit(f"{st.tables.army_title[aid]}: a step lost, now {a.strength}.", rule)
        elif not board.can_retreat(st, aid) or not retreat(st, aid, rule):
            return


def place(st: JihadState, aid: int, land: int, strength: Strength | None = None) -> None:
    """Put an army in a Land (16.3, 16.4, 20.4), alone and free."""
    a = st.data.armies[aid]
    a.at = land
    a.top = False
    a.sieged = False
    if strength is not None:
        a.strength = strength
        a.cursed = False


def advance_army(st: JihadState, path: int, rule: str) -> None:
    """The active army takes the Arab Land in front of it (or lifts its siege)."""
    aid = board.active(st, path)
    target = board.free_advance_target(st, path)
    if aid is None or target is None:
        return
    t = st.tables
    a = st.data.armies[aid]
    land = t.path_lands[path][target - 1]
    a.at = land
    a.sieged = False
    a.top = False
    st.emit(f"{t.army_title[aid]}: advance into {t.land_title[land]}.", rule)
    marker = st.data.islam[path]
    if marker.at == target and not marker.dis:
        marker.dis = True  # [9.1.2] the captured Land's Islam marker is Disrupted
        st.emit(f"The Islam marker in {t.land_title[land]} is Disrupted.", "9.1.2")


# =============================================================================================
# [9.x] the attack
# =============================================================================================


def use_fleet(st: JihadState, path: int) -> None:
    free = st.data.fleet_free
    if (free is None or path not in free.paths) and st.tables.fleet_used_box:
        st.data.fleet.used = True


def attack(st: JihadState, path: int, cost: int, drm_choice: str, rule: str) -> None:
    """[9.1.2] pay, roll, and advance on success (9.1.2, 9.3, 9.4, 9.5)."""
    t = st.tables
    d = st.data
    aid = board.active(st, path)
    target = board.attack_target(st, path)
    assert aid is not None and target is not None
    a = d.armies[aid]
    pay(st, path, cost)
    land = t.path_lands[path][target - 1]
    ndice = board.dice_for(st, path, target)
    drm = 0
    notes = []
    if drm_choice:
        d.immortals.used = t.immortals_used_box
        drm += int(drm_choice[-1])
        notes.append(f"Immortals +{drm_choice[-1]}")
    berber = t.army_power[aid] == "berbers" and not d.berbers_catholic
    if d.landing and path in (t.greek, t.med) and not berber:
        d.landing = False
        drm += 1  # [8.5.3]
        notes.append("Amphibious Landing +1")
    rolls = [st.rng.randint(1, 6) for _ in range(ndice)]
    roll = min(rolls)
    value = board.army_value(t, aid, a.strength)
    won = roll + drm > value
    dice_text = f"die {rolls[0]}" if ndice == 1 else f"dice {rolls[0]} and {rolls[1]}, keeping {roll}"
    extra = f" {' '.join(notes)}" if notes else ""
    verb = "Attack to raise the siege of" if a.sieged else "Attack on"
    name = t.army_title[aid]
    st.emit(
        f"{verb} {t.land_title[land]} by the {name} ({a.strength}, value {value}) for {cost} AP: "
        f"{dice_text}{extra} = {roll + drm}, {'above' if won else 'not above'} {value}: "
        f"{'victory' if won else 'repulsed'}.",
        rule if rule != "9.1.2" else ("9.4" if a.sieged else "9.1.2"),
    )
    if not won:
        if drm_choice == "immortals+2":
            d.immortals.side = "horse"  # [9.5.1] the elephants die
            st.emit("The elephants are lost: the Immortals flip to +1.", "9.5.1")
        return
    if a.sieged:
        a.sieged = False
        st.emit(f"{name}: the siege is raised; {t.land_title[land]} is held again.", "9.4")
    else:
        a.at = land
        a.top = False
    marker = d.islam[path]
    if marker.at == target and not marker.dis:
        marker.dis = True
        st.emit(f"The Islam marker in {t.land_title[land]} is Disrupted.", "9.1.2")
    if a.strength == "weak" and not t.army_garrison[aid]:
        st.push_named("loot", army=aid)  # [9.3]; a Garrison can never be strong (16.2)


# =============================================================================================
# [10.x, 13.1, 14.3] Islam markers and minor powers
# =============================================================================================


def disrupt(st: JihadState, path: int, rule: str) -> None:
    marker = st.data.islam[path]
    if marker.at > 0 and not marker.dis:
        marker.dis = True
        st.emit(f"The Islam marker on the {st.tables.path_title[path]} is Disrupted.", rule)


def shift_track(st: JihadState, track: int, right: bool, steps: int, rule: str) -> None:
    tr = st.data.tracks[track]
    before = tr.box
    tr.box = max(-1, before - steps) if right else min(1, before + steps)
    st.emit(f"{st.tables.track_title[track]}: {before:+d} -> {tr.box:+d}.", rule)


def conversion_roll(st: JihadState, path: int, disrupted: bool, rule: str) -> bool | None:
    """[14.3] roll for the Land past the Islam marker if the Arabs hold it; None if no roll."""
    t = st.tables
    d = st.data
    marker = d.islam[path]
    if marker.dis:
        return None
    target = marker.at + 1
    if target > board.control_limit(st, path) or target > board.islam_reach(st, path):
        return None  # [14.3]; never into a Partial Baqt Land (16.3.3)
    land = t.path_lands[path][target - 1]
    name = t.land_title[land]
    apostasy = t.land[land].apostasy
    die = st.rng.randint(1, 6)
    if die > apostasy:
        st.emit(f"Conversion of {name} (apostasy {apostasy}): die {die}, it holds firm.", rule)
        return False
    if d.themes == land:
        d.themes = None  # [14.3.2]
        st.emit(
            f"Conversion of {name}: die {die} succeeds, but the Themes die protecting it; "
            "no conversion this turn.",
            "14.3.2",
        )
        return False
    marker.at = target
    marker.dis = disrupted
    st.emit(f"Conversion of {name} (apostasy {apostasy}): die {die}: it converts to Islam.", rule)
    if d.icons == land:
        d.icons = None  # [14.3.1]
        st.emit("The Icons are captured in the conversion.", "14.3.1")
    return True


# =============================================================================================
# [16.5] Great Kings
# =============================================================================================


def remove_great_king(st: JihadState, rule: str) -> None:
    """[16.5] the Great King disappears and his stored AP are lost."""
    adv = st.data.adv
    assert adv is not None
    king = adv.great_king
    if king is None:
        return
    adv.great_king = None
    theater = st.tables.path_theater[king.path]
    lost = st.data.ap[theater]
    st.data.ap[theater] = 0
    st.emit(
        f"The Great King {king.name} of the {st.tables.path_title[king.path]} is gone ({lost} AP lost).",
        rule,
    )


def crown(st: JihadState, path: int, name: str, ap: int, rule: str) -> None:
    """[16.5] a new Great King for the Path's active army, with ``ap`` AP (no 16.1 AP this turn)."""
    aid = board.active(st, path)
    if aid is None:
        return
    adv = st.data.adv
    assert adv is not None
    t = st.tables
    adv.great_king = GreatKing(path=path, name=name, army=aid)
    ap = min(ap, t.king_max_ap)
    st.data.ap[t.path_theater[path]] = ap
    st.emit(
        f"A Great King, {name}, leads the {t.army_short[aid]} on the {t.path_title[path]} with {ap} AP.",
        rule,
    )


def great_king_falls_with(st: JihadState, aid: int) -> None:
    """[16.5] if a Great King's army is destroyed, the Great King is lost with his AP."""
    adv = st.data.adv
    if adv is not None and adv.great_king is not None and adv.great_king.army == aid:
        remove_great_king(st, "16.5")


# =============================================================================================
# [17] the Ka'aba Number and Jihads, [22.4] the end of a Truce
# =============================================================================================


def end_truce(st: JihadState, rule: str) -> None:
    """[22.4] the Ruler flips back; the Mecca tile turns Weak if Persia is still in the game."""
    d = st.data
    adv = d.adv
    assert adv is not None
    empire = adv.truce
    assert empire is not None
    adv.truce = None
    st.emit(f"The {board.EMPIRES_NAME[empire]} Truce ends: the Ruler turns back to his regular side.", rule)
    if d.rulers[1] is not None and d.mecca_strong:
        d.mecca_strong = False
        st.emit("Persia still stands: the Mecca tile turns to its Weak side.", "22.4")


def end_jihad(st: JihadState, rule: str) -> None:
    """[17.6.5] the Jihad marker goes out of play; the Mujahideen return to the Casbah."""
    adv = st.data.adv
    assert adv is not None
    adv.jihad = None
    adv.muj_at = None
    st.emit("The Jihad ends: the Mujahideen return to the Casbah.", rule)


def set_kaaba(st: JihadState, value: int, rule: str) -> None:
    """[17.2, 17.3] set the Ka'aba Number (2-8) and turn the Mujahideen to match; [17.6.5] a
    Number lowered to 2 sends the Mujahideen to the Casbah and ends any Jihad."""
    adv = st.data.adv
    assert adv is not None
    old = adv.kaaba
    lowest = st.tables.kaaba_min
    new = max(lowest, min(st.tables.kaaba_max, value))
    adv.kaaba = new
    if new == old:
        st.emit(f"The Ka'aba Number stays at {new}.", rule)
        return
    st.emit(f"The Ka'aba Number goes from {old} to {new}.", rule)
    if new > lowest and adv.muj_side != "syrian":
        adv.muj_side = "syrian"
        st.emit("A Ka'aba tile stands in Mecca: the Mujahideen turn to their Syrian side.", "17.2")
    elif new == lowest:
        if adv.muj_side != "tribal":
            adv.muj_side = "tribal"
            st.emit("The Ka'aba Number is 2: the Mujahideen turn to their Tribal side.", "17.2")
        if adv.jihad is not None:
            end_jihad(st, "17.6.5")
        elif adv.muj_at is not None:
            adv.muj_at = None
            st.emit("The Mujahideen return to the Casbah.", "17.6.5")


def reinforce(st: JihadState, amount: int, rule: str) -> None:
    """[17.3, 22.4] raise the Ka'aba Number, if the Syrians have mustered (17.1.1)."""
    if not board.syrians_mustered(st):
        st.emit(
            "The Syrians have not mustered yet (Damascus must be the Islamic Capital and Caliph "
            "Umar I drawn): the Ka'aba Number stays at 2.",
            "17.1.1",
        )
        return
    adv = st.data.adv
    assert adv is not None
    set_kaaba(st, adv.kaaba + amount, rule)


def start_jihad(st: JihadState, empire: str, mode: str, rule: str) -> None:
    """[17.6.1, 17.6.2] set up a Jihad against an Empire (ending any other, 17.6.5)."""
    t = st.tables
    adv = st.data.adv
    assert adv is not None
    name = board.EMPIRES_NAME[empire]
    if adv.truce == empire:
        # [17.6.1] a Jihad *called* against an Empire in Truce breaks it, even one that the
        # Tribal Mujahideen cannot then wage
        st.emit(f"A Jihad against {name} breaks the Truce.", "17.6.1")
        end_truce(st, "22.4")
    if adv.kaaba <= t.kaaba_min and not t.tribal_jihad:
        # [17.2, 17.6.5] only the Syrian side conducts a Jihad, and a Ka'aba Number of 2 ends one
        st.emit(f"The Ka'aba Number is 2: the Syrians cannot wage a Jihad against {name}.", "17.2")
        return
    start = t.path_id[board.JIHAD_START[empire]]
    path: int | None = start if board.live(st, empire, start) else None
    if mode == "alternating":
        # [17.6.2] an Alternating Jihad with one Path Dead is One Front on the Live one (the
        # 17.6.5 example: Persia's Indian army long gone, the Jihad is One Front on the Parthian)
        alive = [t.path_id[p] for p in board.JIHAD_PATHS[empire] if board.live(st, empire, t.path_id[p])]
        if len(alive) == 1:
            path, mode = alive[0], "one_front"
    if adv.jihad is not None:
        end_jihad(st, "17.6.5")  # [17.6.5] the new Jihad replaces it (or no Jihad at all)
    if path is None:
        st.emit(f"No Live Path against {name}: there is no Jihad.", "17.6.2")
        return
    adv.jihad = JihadWar(
        target="persia" if empire == "persia" else "byzantium",
        mode="alternating" if mode == "alternating" else "one_front",
        path=path,
    )
    adv.muj_at = path
    kind = "an Alternating" if mode == "alternating" else "a One Front"
    st.emit(f"{kind} Jihad against {name}: the Mujahideen take the field on the {t.path_title[path]}.", rule)


def jihad_object_check(st: JihadState) -> None:
    """[17.6.5] the Jihad ends when its object is destroyed (no Live Path left)."""
    adv = st.data.adv
    assert adv is not None
    jihad = adv.jihad
    if jihad is None:
        return
    t = st.tables
    if jihad.mode == "one_front":
        relevant = [jihad.path]
    else:
        relevant = [t.path_id[p] for p in board.JIHAD_PATHS[jihad.target]]
    if not any(board.live(st, jihad.target, p) for p in relevant):
        st.emit(f"The Jihad against {board.EMPIRES_NAME[jihad.target]} has destroyed its object.", "17.6.5")
        end_jihad(st, "17.6.5")
