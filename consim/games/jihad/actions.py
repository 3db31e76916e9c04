"""[8.0, 9.0] The Actions Phase: spending AP Theater by Theater (8.1, 8.2), every player action
8.3-8.16, and the attack procedure (9.1-9.5).

The phase is one decision frame ``actions`` holding the strategic-order segments: ``west`` or
``greek`` then ``med`` (Divided), then ``east`` or ``indian`` then ``parthian``. :func:`menu`
builds, once, every legal action of the current segment with the code that carries it out.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

from consim.core.action import Action
from consim.games.jihad import arabs, events, trade, truce
from consim.games.jihad.frames import Decision, Frame
from consim.games.jihad.game import LONE_THEATERS, THEATER_OF, THEATER_PATHS

if TYPE_CHECKING:
    from consim.games.jihad.game import JihadState

SEG_PATHS: dict[str, tuple[str, ...]] = {
    "west": ("greek", "med"),
    "east": ("indian", "parthian"),
    "greek": ("greek",),
    "med": ("med",),
    "indian": ("indian",),
    "parthian": ("parthian",),
    "african": ("african",),
    "caucasus": ("caucasus",),
}
SEG_THEATER = {
    "african": "african",
    "caucasus": "caucasus",
    "west": "west",
    "east": "east",
    "greek": "west",
    "med": "west",
    "indian": "east",
    "parthian": "east",
}
#: [6.3.3] the bonus AP token colours each Theater may spend (purple: anywhere)
TOKEN_OF: dict[str, tuple[str, ...]] = {"west": ("blue",), "east": ("red",)}
#: [8.3.1] Straits cost by the Cyprus box
STRAITS_COST = {1: 3, 0: 2, -1: 1}
CASTLE_COST = 4  # [8.7]
CAPITAL_COST = 2  # [8.8]


# =============================================================================================
# Helpers: AP, segments
# =============================================================================================


def segment(frame: Frame) -> str:
    seg: str = frame["segs"][frame["seg"]]
    return seg


def reserve(state: JihadState, frame: Frame) -> int:
    """[8.2.2] acting on the first Path of a Divided Theater, keep 1 AP for a Barbarian on the
    second Path."""
    seg = segment(frame)
    theater = SEG_THEATER[seg]
    if theater not in THEATER_PATHS:
        return 0
    first, second = THEATER_PATHS[theater]
    if seg != first or state.s["ap"][theater] < 1:
        return 0
    aid = state.active(second)
    if aid is not None and state.g.is_barbarian(aid) and state.s["spent"][second] == 0:
        return 1
    return 0


def available(state: JihadState, frame: Frame) -> int:
    theater = SEG_THEATER[segment(frame)]
    return int(state.s["ap"][theater]) - reserve(state, frame)


def pay(state: JihadState, path: str, cost: int) -> None:
    if cost:
        state.s["ap"][THEATER_OF[path]] -= cost
        state.s["spent"][path] += cost


def fleet_ready(state: JihadState, path: str) -> bool:
    """The Greek Fleet can fly a mission for this Path (not Used, or a ▲ event keeps it free)."""
    free = state.s["fleet_free"]
    return not state.s["fleet"]["used"] or (free is not None and path in free["paths"])


def use_fleet(state: JihadState, path: str) -> None:
    free = state.s["fleet_free"]
    if free is None or path not in free["paths"]:
        state.s["fleet"]["used"] = True


def fleet_missions(state: JihadState, path: str) -> set[str]:
    """[8.5] what the Cyprus box allows: naval always; raid at 0 or -1; landing at -1."""
    box = state.s["tracks"]["cyprus"]["box"]
    free = state.s["fleet_free"]
    if free is not None and free["ignore_cyprus"] and path in free["paths"]:
        return {"naval", "raid", "landing"}
    allowed = {"naval"}
    if box <= 0:
        allowed.add("raid")
    if box <= -1:
        allowed.add("landing")
    return allowed


# =============================================================================================
# [8.3, 9.0] Attacks
# =============================================================================================


def attack_target(state: JihadState, path: str) -> int | None:
    """The Land index attacked: the Arab Land in front, or the army's own Land if besieged
    [9.4]; never Mecca [9.1]."""
    aid = state.active(path)
    if aid is None:
        return None
    front = state.front(path)
    if state.army(aid)["sieged"]:
        return front
    if front > 1 and trade.islamic_capital(state, state.g.land(path, front - 1).id):
        return None  # [2.1.5, 9.1, 21.2.1] never an attack on Damascus as Islamic Capital
    return front - 1 if front > 1 else None


def can_attack(state: JihadState, path: str) -> bool:
    """[9.1.2] a strong or weak army, not Cursed, with an Arab Land to attack."""
    aid = state.active(path)
    if aid is None or attack_target(state, path) is None:
        return False
    if truce.in_truce(state, state.g.power_of(aid)):
        return False  # [22.1 (3)] an Empire in Truce may not attack the Arabs
    a = state.army(aid)
    return not a["cursed"] and a["str"] != "shattered"


def attack_cost(state: JihadState, path: str) -> int:
    """[8.3, 8.3.1] by the Crossing: ordinary or mountain 1, river 2, straits by Cyprus."""
    aid = state.active(path)
    assert aid is not None
    if state.army(aid)["sieged"]:
        return 1  # [9.4] attacking the Land the army is in crosses nothing (so no 21.5 either)
    if heartland_lost(state, aid, "military"):
        return 2  # [8.3, 21.5] the Military Heartland has fallen to Islam: always 2 AP
    crossing = state.g.crossing_in[path][state.front(path)]
    if crossing == "river":
        return 2
    if crossing == "straits":
        return STRAITS_COST[state.s["tracks"]["cyprus"]["box"]]
    return 1


def heartland_lost(state: JihadState, aid: str, kind: str) -> bool:
    """[21.5] the attacking or rallying army's Empire (Byzantium or Persia only) has lost its
    Military (horse) or Religious (temple) Heartland to Islam; military control is irrelevant."""
    if not state.g.advanced:
        return False
    empire = state.g.power_of(aid)
    for path in state.g.paths:
        for land in state.g.lands[path]:
            owner = land.military_heartland if kind == "military" else land.religious_heartland
            if owner == empire and state.is_converted(path, land.index):
                return True
    return False


def rally_step_cost(state: JihadState, aid: str) -> int:
    """[8.4] 1 AP a step; 2 AP a step once the Religious Heartland is Muslim (21.5)."""
    return 2 if heartland_lost(state, aid, "religious") else 1


def can_rally(state: JihadState, aid: str) -> bool:
    """[8.4, 7.6, 16.2] not Cursed, damaged, and a Garrison never above weak."""
    a = state.army(aid)
    if a["cursed"] or a["str"] == "strong":
        return False
    return not (state.g.is_garrison(aid) and a["str"] == "weak")


def dice_for(state: JihadState, path: str, target: int) -> int:
    """[9.1.2] one die, or two (keep the lower) for a religious army against another faith."""
    aid = state.active(path)
    assert aid is not None
    religion = state.army_religion(aid)
    if religion is None:
        return 1
    return 1 if religion == state.combat_religion(path, target) else 2


def immortal_choices(state: JihadState, path: str) -> list[str]:
    """[9.5.1, 9.5.1.1] the Immortals' DRM options for an attack on this Path."""
    im = state.s["immortals"]
    if im["gone"] or im["used"] or path not in ("indian", "parthian"):
        return []
    aid = state.active(path)
    persian = aid is not None and state.g.power_of(aid) == "persia"
    if im["side"] == "elephants" and persian:
        return ["immortals+2", "immortals+1"]
    return ["immortals+1"]


def attack(state: JihadState, path: str, cost: int, drm_choice: str, rule: str) -> None:
    """[9.1.2] pay, roll, and advance on success (9.1.2, 9.3, 9.4, 9.5)."""
    s = state.s
    aid = state.active(path)
    target = attack_target(state, path)
    assert aid is not None and target is not None
    a = state.army(aid)
    pay(state, path, cost)
    land = state.g.land(path, target)
    ndice = dice_for(state, path, target)
    drm = 0
    notes = []
    if drm_choice:
        s["immortals"]["used"] = True
        drm += int(drm_choice[-1])
        notes.append(f"Immortals +{drm_choice[-1]}")
    berber = state.g.power_of(aid) == "berbers" and not s["berbers_catholic"]
    if s["landing"] and path in ("greek", "med") and not berber:
        s["landing"] = False
        drm += 1  # [8.5.3]
        notes.append("Amphibious Landing +1")
    rolls = [state.rng.randint(1, 6) for _ in range(ndice)]
    roll = min(rolls)
    value = state.g.army_value(aid, a["str"])
    won = roll + drm > value
    dice_text = f"{rolls[0]}" if ndice == 1 else f"{rolls[0]} and {rolls[1]}, keeping {roll}"
    extra = f" {' '.join(notes)}" if notes else ""
    verb = "tries to raise the siege of" if a["sieged"] else "attacks"
    state.emit(
        f"{aid} ({a['str']}, value {value}) {verb} {land.name} for {cost} AP: rolls {dice_text}{extra} "
        f"= {roll + drm}: {'victory' if won else 'repulsed'}.",
        rule if rule != "9.1.2" else ("9.4" if a["sieged"] else "9.1.2"),
    )
    if not won:
        if drm_choice == "immortals+2":
            s["immortals"]["side"] = "horse"  # [9.5.1] the elephants die
            state.emit("The elephants are lost: the Immortals flip to +1.", "9.5.1")
        return
    was_sieged = a["sieged"]
    if was_sieged:
        a["sieged"] = False
        state.emit(f"{aid} raises the siege and holds {land.name} again.", "9.4")
    else:
        a["at"] = land.id
        a["top"] = False
    marker = s["islam"][path]
    if marker["at"] == target and not marker["dis"]:
        marker["dis"] = True
        state.emit(f"The Islam marker in {land.name} is Disrupted.", "9.1.2")
    if a["str"] == "weak" and not state.g.is_garrison(aid):
        state.push({"k": "loot", "army": aid})  # [9.3]; a Garrison can never be strong (16.2)


# =============================================================================================
# The menu of the current segment
# =============================================================================================

Menu = dict[Action, Callable[[], None]]


def menu(state: JihadState, frame: Frame) -> Menu:
    s = state.s
    g = state.g
    seg = segment(frame)
    theater = SEG_THEATER[seg]
    paths = SEG_PATHS[seg]
    avail = available(state, frame)
    out: Menu = {}

    def add(action: Action, fn: Callable[[], None]) -> None:
        out[action] = fn

    for path in paths:
        aid = state.active(path)
        if aid is None:
            continue
        a = state.army(aid)
        # [8.3] attacks
        if can_attack(state, path):
            cost = attack_cost(state, path)
            if cost <= avail:
                for choice in ["", *immortal_choices(state, path)]:
                    args = (path, choice) if choice else (path,)
                    add(Action("attack", args), _bind_attack(state, path, cost, choice))
        # [8.4] rally
        if can_rally(state, aid):
            step = rally_step_cost(state, aid)
            if avail >= step:
                add(Action("rally", (path,)), _bind_rally(state, path, aid, 1, step, ""))
            if a["str"] == "shattered" and avail >= 2 * step and not g.is_garrison(aid):
                add(Action("rally", (path, "2")), _bind_rally(state, path, aid, 2, 2 * step, ""))
            for colour in (*TOKEN_OF.get(theater, ()), "purple"):
                if s["tokens"][colour] >= step:
                    add(Action("rally", (path, colour)), _bind_rally(state, path, aid, 1, step, colour))
    # [8.5] the Greek Fleet and Cyprus
    if theater == "west":
        cyprus = s["tracks"]["cyprus"]
        cyprus_path = next(
            f.affects_path for f in g.content.minor_power("cyprus").faces if f.id == cyprus["face"]
        )
        if cyprus_path in paths and cyprus["box"] > -1 and avail >= 1:
            add(Action("naval"), _bind_naval(state, cyprus_path, False))
            if fleet_ready(state, cyprus_path):
                add(Action("naval", ("fleet",)), _bind_naval(state, cyprus_path, True))
        for path in paths:
            marker = s["islam"][path]
            raidable = (
                marker["at"] > 0 and not marker["dis"] and state.arab_controls(g.land(path, marker["at"]).id)
            )
            ok = fleet_ready(state, path) and "raid" in fleet_missions(state, path)
            if raidable and ok and avail >= 1:
                add(Action("raid", (path,)), _bind_coastal(state, path))
        if not s["landing"] and any(
            fleet_ready(state, p) and "landing" in fleet_missions(state, p) for p in paths
        ):
            add(Action("landing"), _bind_landing(state, paths))
        # [8.9] Bulgars
        if "greek" in paths:
            _appease(state, "bulgars", "greek", avail, add)
    elif theater == "east":
        im = s["immortals"]
        # [8.6] Persian Cavalry Raid
        for path in paths:
            marker = s["islam"][path]
            raidable = (
                marker["at"] > 0 and not marker["dis"] and state.arab_controls(g.land(path, marker["at"]).id)
            )
            if raidable and not im["gone"] and not im["used"] and avail >= 1:
                add(Action("raid", (path,)), _bind_cavalry(state, path))
        # [8.10] Tibet
        if "parthian" in paths:
            _appease(state, "tibet", "parthian", avail, add)
        # [8.12] elephants
        indian = state.active("indian")
        on_indian = any(g.power_of(x) == "persia" for x in state.path_armies("indian"))
        if "indian" in paths and on_indian and not im["gone"] and im["side"] == "horse" and avail >= 1:
            add(Action("elephants"), _bind_elephants(state))
        del indian
    # [8.11] the Naval Battle for Socotra, paid by the Theater its face affects
    socotra = s["tracks"].get("socotra")
    if socotra is not None and socotra["box"] > -1 and avail >= 1:
        face_path = next(
            f.affects_path for f in g.content.minor_power("socotra").faces if f.id == socotra["face"]
        )
        if face_path in paths:
            add(Action("naval", ("socotra",)), _bind_socotra(state, face_path))
    # [8.7] Castles
    if avail >= CASTLE_COST:
        _castle_actions(state, paths, add)
    # [8.8] Capitals
    if avail >= CAPITAL_COST:
        _capital_actions(state, paths, add)
    # [8.14] Last Stand chits
    for empire, chit in s["last_stand"].items():
        if not chit["used"] and not chit["gone"] and s["rulers"].get(empire) is not None:
            add(Action("last-stand", (empire,)), _bind_last_stand(state, empire))
    # [8.15] bonus AP onto the Skill Track
    if state.has_ruler(theater) and s["ap"][theater] + 1 <= state.ap_limit(theater):
        for colour in (*TOKEN_OF.get(theater, ()), "purple"):
            if s["tokens"][colour] > 0:
                add(Action("token", (colour,)), _bind_token(state, theater, colour))
    if g.advanced:
        # [21.2] Christian Damascus: 2 purple AP tokens, once a turn, at any point
        if trade.damascus_bonus_ready(state):
            add(Action("damascus"), lambda: trade.take_damascus_bonus(state))
        # [8.16, 21.4] Trade
        trade.trade_actions(state, frame, seg, theater, avail, add)
    # [8.13] ▲ events
    for act, _ref, _arg in events.triggered_actions(state):
        add(act, _bind_event(state, act))
    add(state.g.a_done, _bind_done(state, frame))
    return out


def _bind_attack(state: JihadState, path: str, cost: int, choice: str) -> Callable[[], None]:
    return lambda: attack(state, path, cost, choice, "9.1.2")


def _bind_rally(
    state: JihadState, path: str, aid: str, steps: int, cost: int, colour: str
) -> Callable[[], None]:
    def run() -> None:
        a = state.army(aid)
        if colour:
            state.s["tokens"][colour] -= cost
            state.s["spent"][path] += cost
        else:
            pay(state, path, cost)
        for _ in range(steps):
            a["str"] = arabs.LEVELS[arabs.LEVELS.index(a["str"]) - 1]
        paid = f"{cost} {colour} token(s)" if colour else f"{cost} AP"
        state.emit(f"{aid} rallies to {a['str']} for {paid}.", "8.15" if colour else "8.4")

    return run


def _bind_naval(state: JihadState, path: str, with_fleet: bool) -> Callable[[], None]:
    def run() -> None:
        s = state.s
        pay(state, path, 1)
        drm = 0
        if with_fleet:
            side = s["fleet"]["side"]
            drm = next(x.drm for x in state.g.content.powers.blessings[0].sides if x.id == side) or 0
            use_fleet(state, path)
        die = state.rng.randint(1, 6)
        notes = f" + Greek Fleet {drm}" if drm else ""
        if refugee_hosted(state, "mardaites"):
            drm += 1  # [8.5.1, 19.2.1]
            notes += " + Mardaites 1"
        won = die + drm >= 6
        state.emit(
            f"Naval Battle for Cyprus: die {die}{notes}: {'victory' if won else 'no effect'}.",
            "8.5.1",
        )
        if won:
            events.shift_track(state, "cyprus", True, 1, "8.5.1")

    return run


def _bind_socotra(state: JihadState, path: str) -> Callable[[], None]:
    """[8.11] pay 1 AP and roll 6+ to move Socotra right: +1 with the Parsees (19.2.1), +1 if
    Axum (not Nubia) holds Adulis."""

    def run() -> None:
        s = state.s
        g = state.g
        pay(state, path, 1)
        die = state.rng.randint(1, 6)
        drm = 0
        notes = []
        if refugee_hosted(state, "parsees"):
            drm += 1
            notes.append(" + Parsees 1")
        adulis = next(x for x in g.lands["african"] if "socotra" in x.trade_route_ends)
        if state.holder(adulis.id) == "axum":
            drm += 1
            notes.append(" + Axum in Adulis 1")
        won = die + drm >= 6
        state.emit(
            f"Naval Battle for Socotra: die {die}{''.join(notes)}: {'victory' if won else 'no effect'}.",
            "8.11",
        )
        if won:
            events.shift_track(state, "socotra", True, 1, "8.11")
        del s

    return run


def refugee_hosted(state: JihadState, refugee: str) -> bool:
    """[19.2.1] the player controls the Land the Refugee is in; [19.2] one in an Ends of the
    Earth Land benefits the player for the rest of the game."""
    adv = state.s.get("adv")
    if adv is None:
        return False
    at = adv["refugees"].get(refugee)
    if at not in state.g.where:
        return False
    return bool(state.g.land(*state.g.where[at]).ends_of_the_earth or state.player_controls(at))


def _bind_coastal(state: JihadState, path: str) -> Callable[[], None]:
    def run() -> None:
        pay(state, path, 1)
        use_fleet(state, path)
        state.emit(f"Coastal Raid on the {path} Path.", "8.5.2")
        events.disrupt(state, path, "8.5.2")

    return run


def _bind_landing(state: JihadState, paths: tuple[str, ...]) -> Callable[[], None]:
    def run() -> None:
        path = next(p for p in paths if fleet_ready(state, p) and "landing" in fleet_missions(state, p))
        use_fleet(state, path)
        state.s["landing"] = True
        state.emit("Amphibious Landing: +1 to the next attack on the Greek or Med Path.", "8.5.3")

    return run


def _bind_cavalry(state: JihadState, path: str) -> Callable[[], None]:
    def run() -> None:
        pay(state, path, 1)
        state.s["immortals"]["used"] = True
        state.emit(f"Persian Cavalry Raid on the {path} Path.", "8.6")
        events.disrupt(state, path, "8.6")

    return run


def _appease(
    state: JihadState, track: str, path: str, avail: int, add: Callable[[Action, Callable[[], None]], None]
) -> None:
    """[8.9, 8.10] pay the face value to move the marker one box right."""
    t = state.s["tracks"][track]
    face = next(f for f in state.g.content.minor_power(track).faces if f.id == t["face"])
    cost = face.appease_cost or 1
    if track == "tibet" and refugee_hosted(state, "manichees"):
        cost = 1  # [8.10, 19.2.1] the Manichees always make moving Tibet cost 1 AP
    if t["box"] > -1 and cost <= avail:

        def run() -> None:
            pay(state, path, cost)
            state.emit(
                f"The player pays {cost} AP to appease the {track}.", "8.9" if track == "bulgars" else "8.10"
            )
            events.shift_track(state, track, True, 1, "8.9" if track == "bulgars" else "8.10")

        add(Action("appease", (track,)), run)


def _bind_elephants(state: JihadState) -> Callable[[], None]:
    def run() -> None:
        pay(state, "indian", 1)
        state.s["immortals"]["side"] = "elephants"
        state.emit("Elephants bought from India: the Immortals flip to +2.", "8.12")

    return run


def _castle_actions(
    state: JihadState, paths: tuple[str, ...], add: Callable[[Action, Callable[[], None]], None]
) -> None:
    """[8.7, 8.7.1, 8.7.2] fix a weak Major Castle whose siege is lifted; rebuild a destroyed one."""
    s = state.s
    g = state.g
    content_castles = {x.id: x for x in g.content.powers.castles}
    for cid, castle in s["castles"].items():
        kind = content_castles[cid].kind
        if castle["at"] != "out":
            land_id = castle["at"]
            path = g.where[land_id][0]
            if (
                path in paths
                and kind == "major"
                and castle["side"] == "weak"
                and state.player_controls(land_id)
            ):
                add(Action("fix-castle", (land_id,)), _bind_castle(state, cid, land_id, path, "fix"))
            continue
        for path in paths:
            for land in g.lands[path]:
                if state.castle_in(land.id) is not None or land.ends_of_the_earth:
                    continue
                owner = state.controller_power(land.id)
                if kind == "major" and (owner != "byzantium" or "major_castle_forbidden" in land.tags):
                    continue
                if kind == "minor" and owner not in ("byzantium", "persia"):
                    continue
                if kind == "minor" and path in LONE_THEATERS:
                    continue  # [8.7.2] no Minor Castles on the Caucasus or African Paths
                add(Action("build-castle", (cid, land.id)), _bind_castle(state, cid, land.id, path, "build"))


def _bind_castle(state: JihadState, cid: str, land_id: str, path: str, how: str) -> Callable[[], None]:
    def run() -> None:
        castle = state.s["castles"][cid]
        pay(state, path, CASTLE_COST)
        if how == "fix":
            castle["side"] = "strong"
            state.emit(f"The Castle in {land_id} is repaired to its strong side for 4 AP.", "8.7.1")
        else:
            castle["at"] = land_id
            castle["side"] = "weak"
            owner = state.controller_power(land_id)
            castle["owner"] = owner
            state.emit(f"A Castle ({cid}, {owner}) is built in {land_id} for 4 AP.", "8.7")

    return run


def _capital_actions(
    state: JihadState, paths: tuple[str, ...], add: Callable[[Action, Callable[[], None]], None]
) -> None:
    s = state.s
    g = state.g
    content_caps = {x.empire: x for x in g.content.powers.capitals}
    for empire, cap in s["capitals"].items():
        if s["rulers"].get(empire) is None:
            continue
        if cap["at"] is not None:
            path = g.where[cap["at"]][0]
            if cap["side"] == "weak" and path in paths:
                add(Action("fix-capital", (empire,)), _bind_capital(state, empire, cap["at"], path, "fix"))
            continue
        for path in paths:
            for land in g.lands[path]:
                if state.controller_power(land.id) != empire or state.is_converted(path, land.index):
                    continue
                if empire == "byzantium":
                    ok = land.id in content_caps[empire].rebuild_lands  # [8.8.2]
                else:
                    ok = land.religion == "zoroastrian"  # [8.8.3]
                if ok:
                    add(
                        Action("build-capital", (empire, land.id)),
                        _bind_capital(state, empire, land.id, path, "build"),
                    )


def _bind_capital(state: JihadState, empire: str, land_id: str, path: str, how: str) -> Callable[[], None]:
    def run() -> None:
        cap = state.s["capitals"][empire]
        pay(state, path, CAPITAL_COST)
        if how == "fix":
            cap["side"] = "strong"
            state.emit(f"The {empire} Capital in {land_id} is repaired for 2 AP.", "8.8.1")
        else:
            cap["at"] = land_id
            cap["side"] = "weak"
            state.emit(f"The {empire} Capital is rebuilt (weak) in {land_id} for 2 AP.", "8.8.1")

    return run


def _bind_last_stand(state: JihadState, empire: str) -> Callable[[], None]:
    def run() -> None:
        s = state.s
        chit = s["last_stand"][empire]
        chit["used"] = True
        theater = "west" if empire == "byzantium" else "east"
        if chit["side"] == "ap":
            got = state.add_ap(theater, 2, "8.14")
            state.emit(f"The {empire} Last Stand: +{got} {theater} AP.", "8.14")
        else:
            s["rulers"][empire] = min(7, s["rulers"][empire] + 1)
            state.emit(f"The {empire} Last Stand: the Ruler's rating rises to {s['rulers'][empire]}.", "8.14")

    return run


def _bind_token(state: JihadState, theater: str, colour: str) -> Callable[[], None]:
    def run() -> None:
        state.s["tokens"][colour] -= 1
        state.s["ap"][theater] += 1
        state.emit(f"A {colour} bonus AP token adds 1 AP to the {theater} Skill Track.", "8.15")

    return run


def _bind_event(state: JihadState, action: Action) -> Callable[[], None]:
    return lambda: events.play_triggered(state, action)


def _bind_done(state: JihadState, frame: Frame) -> Callable[[], None]:
    def run() -> None:
        s = state.s
        seg = segment(frame)
        theater = SEG_THEATER[seg]
        if seg in THEATER_OF and theater in THEATER_PATHS:
            # [8.2.2] only a Divided Theater's Barbarian Path eats an AP; a Great King on the
            # African or Caucasus Path banks freely (16.5)
            aid = state.active(seg)
            if (
                aid is not None
                and state.g.is_barbarian(aid)
                and s["spent"][seg] == 0
                and s["ap"][theater] > 0
            ):
                s["ap"][theater] -= 1  # [8.2.2] the Barbarian's AP is eaten
                state.emit(f"No AP was spent on the {seg} Path's {aid}: 1 AP is lost.", "8.2.2")
        frame["seg"] += 1
        if frame["seg"] >= len(frame["segs"]):
            s["pending"] = []  # [8.13] use it or lose it
            state.pop()

    return run


# =============================================================================================
# Decision frames
# =============================================================================================


def _actions_prompt(state: JihadState, frame: Frame) -> tuple[str, str]:
    seg = segment(frame)
    theater = SEG_THEATER[seg]
    where = f"the {seg} Path" if seg in THEATER_OF else f"the {theater.capitalize()} Theater"
    king = state.great_king(seg)
    if king is not None:
        where += f" (Great King {king['name']})"
    ruler = state.theater_ruler(theater)
    rtext = f", Ruler {ruler}" if ruler is not None else ""
    held = reserve(state, frame)
    hold = " (1 AP kept for the Barbarian on the next Path, 8.2.2)" if held else ""
    return (
        f"Actions Phase, {where}: {state.s['ap'][theater]} AP{rtext}{hold}. Choose an action, or done.",
        "8.1",
    )


def _current_menu(state: JihadState, frame: Frame) -> Menu:
    """The menu is built once per decision: ``legal_actions`` and ``apply`` share it through
    ``State.memo``. ``JihadState._act`` and ``_run`` drop it whenever the position changes; the
    core drops it on clone, undo and restore."""
    return state.memo("actions_menu", lambda: menu(state, frame))


def _actions_legal(state: JihadState, frame: Frame) -> list[Action]:
    return list(_current_menu(state, frame))


def _actions_act(state: JihadState, frame: Frame, action: Action) -> None:
    _current_menu(state, frame)[action]()


def _loot_prompt(state: JihadState, frame: Frame) -> tuple[str, str]:
    return (f"{frame['army']} won while weak: loot (flip strong, but Cursed) or decline?", "9.3")


def _loot_legal(state: JihadState, frame: Frame) -> list[Action]:
    return [Action("loot"), Action("decline")]


def _loot_act(state: JihadState, frame: Frame, action: Action) -> None:
    state.pop()
    if action.verb == "loot":
        a = state.army(frame["army"])
        a["str"] = "strong"
        state.emit(f"{frame['army']} loots: strong again, and Cursed.", "9.3")
        arabs.curse(state, frame["army"], "7.6")


AUTO: dict[str, Callable[[JihadState, Frame], None]] = {}
DECISIONS: dict[str, Decision] = {
    "actions": Decision(_actions_prompt, _actions_legal, _actions_act),
    "loot": Decision(_loot_prompt, _loot_legal, _loot_act),
}
