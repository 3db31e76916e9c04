"""[8.0, 9.0] The Actions Phase: spending AP Theater by Theater (8.1, 8.2), every player action
8.3-8.16 (the attack itself, 9.x, is ``common.attack``), the ▲ events (8.13) and Trade (21.4).

The phase is one decision holding the strategic-order segments: ``west`` or ``greek`` then
``med`` (Divided), then ``east`` or ``indian`` then ``parthian`` (in the Advanced Game also
``african`` and ``caucasus``). Its menu holds every legal action of the current segment with
the code that carries it out.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from functools import cache
from typing import Annotated, Any

from consim.core.action import Action
from consim.core.data import Name
from consim.core.flow import Decision, Frame
from consim.games.jihad import board
from consim.games.jihad.content import (
    BLUE,
    BYZANTIUM,
    COLOURS,
    EAST,
    EMPIRE_ADJECTIVE,
    EMPIRES,
    MARDAITES,
    PARSEES,
    PURPLE,
    RED,
    THEATER_TITLE,
    THEATERS,
    WEST,
)
from consim.games.jihad.rules import common
from consim.games.jihad.rules.effects import play_triggered, triggered
from consim.games.jihad.state import ArmyRef, EffectRef, JihadState
from consim.games.jihad.viewtypes import ActionsFrame, LootFrame

#: [6.3.3] the bonus AP token colours each Theater may spend (purple: anywhere)
TOKENS_OF: dict[int, tuple[int, ...]] = {WEST: (BLUE, PURPLE), EAST: (RED, PURPLE)}
CASTLE_COST = 4  # [8.7]
CAPITAL_COST = 2  # [8.8]

#: what an action of the menu does, given the state and the Actions Phase frame
Run = Callable[["JihadState", "Actions"], None]
Options = dict[Action, Run]


@dataclass(slots=True)
class Actions(Decision[JihadState]):
    """[8.1] the Actions Phase: ``segs`` in strategic order, ``seg`` the one acting now. Its
    menu (every legal action with what it does) is built once per position and shared by
    ``legal`` and ``act``; what each action does receives the state it acts on."""

    name = "actions"
    rule = "8.1"
    segs: list[Annotated[str, Name("segment of the Actions Phase")]] = field(default_factory=list)
    seg: int = 0

    def prompt(self, st: JihadState, seat: str) -> tuple[str, str]:
        """[8.1] where the AP are spent now, how many, and why an action the player may look
        for is not offered."""
        t = st.tables
        seg = self.segs[self.seg]
        theater = t.seg_theater[seg]
        path = t.seg_path[seg]
        if path >= 0:
            where = f"the {t.path_title[path]}"
        else:
            both = " and ".join(t.path_title[p].removesuffix(" Path") for p in t.seg_paths[seg])
            where = f"the {THEATER_TITLE[theater]} ({both} Paths)"
        king = board.great_king(st, path) if path >= 0 else None
        if king is not None:
            where += f", Great King {king.name}"
        ruler = board.theater_ruler(st, theater)
        ap = st.data.ap[theater]
        rtext = f" (Ruler {ruler}: at most {ruler - 1})" if ruler is not None else ""
        hold = "; 1 is kept for the Barbarian on the next Path (8.2.2)" if reserve(st, self) else ""
        with board.reading(st):
            missing = unavailable(st, self)
        why = f" Not offered: {'; '.join(missing)}." if missing else ""
        return (f"Actions Phase, {where}: {ap} AP{rtext}{hold}. Choose an action, or done.{why}", "8.1")

    def menu(self, st: JihadState) -> Options:
        """The menu of this position (built once until the position changes)."""
        key = ("menu", id(self))
        cache = st.cache
        built: Options | None = cache.get(key)
        if built is None:
            with board.reading(st):
                built = cache[key] = build_menu(st, self)
        return built

    def legal(self, st: JihadState, seat: str) -> list[Action]:
        return list(self.menu(st))

    def act(self, st: JihadState, seat: str, action: Action) -> None:
        self.menu(st)[action](st, self)

    def describe(self, st: JihadState) -> ActionsFrame:
        return {"k": "actions", "segs": list(self.segs), "seg": self.seg}


def reserve(st: JihadState, frame: Actions) -> int:
    """[8.2.2] acting on the first Path of a Divided Theater, keep 1 AP for a Barbarian on the
    second Path."""
    t = st.tables
    seg = frame.segs[frame.seg]
    theater = t.seg_theater[seg]
    if theater not in (WEST, EAST):
        return 0
    first, second = t.theater_paths[theater]
    if t.seg_path[seg] != first or st.data.ap[theater] < 1:
        return 0
    aid = board.active(st, second)
    if aid is not None and t.army_barbarian[aid] and st.data.spent[second] == 0:
        return 1
    return 0


def available(st: JihadState, frame: Actions) -> int:
    return st.data.ap[st.tables.seg_theater[frame.segs[frame.seg]]] - reserve(st, frame)


#: each Theater where a sentence says "in ..."
THEATER_WHERE = ("the West", "the East", "Africa", "the Caucasus")


def unavailable(st: JihadState, frame: Actions) -> list[str]:
    """Why the actions a player would look for first are not offered now: no AP, an army that
    cannot attack or rally, a Castle or Capital out of reach, a minor power already won over
    (8.3-8.15). Read only: the menu itself is :func:`build_menu`."""
    t = st.tables
    d = st.data
    seg = frame.segs[frame.seg]
    theater = t.seg_theater[seg]
    paths = t.seg_paths[seg]
    ap = d.ap[theater]
    avail = ap - reserve(st, frame)
    tokens = sum(d.tokens[c] for c in TOKENS_OF.get(theater, (PURPLE,)))
    out: list[str] = []
    if ap <= 0:
        out.append(f"no AP left in {THEATER_WHERE[theater]}")
    #: the Paths whose army has only Mecca ahead (one sentence for them all)
    mecca: list[str] = []
    for path in paths:
        aid = board.active(st, path)
        if aid is None:
            continue
        a = d.armies[aid]
        army = t.army_title[aid] if len(paths) > 1 else t.army_short[aid]  # "Byzantines (Greek Path)"
        target = board.attack_target(st, path, aid)
        if target is None:
            if t.land_index[a.at] <= 1:
                mecca.append(t.path_title[path].removesuffix(" Path"))
                if len(mecca) == 1:
                    out.append("")  # the sentence for them all, in the place of the first
            else:
                out.append(f"an attack by the {army} (the Islamic Capital is part of Mecca, 21.2.1)")
        elif board.in_truce(st, t.army_power[aid]):
            out.append(f"an attack by the {army} (their Empire is in Truce, 22.1)")
        elif a.cursed:
            out.append(f"an attack or rally of the {army} (Cursed, 7.6)")
        elif a.strength == "shattered":
            out.append(f"an attack by the shattered {army} (rally it first, 9.1.2)")
        elif ap > 0 and board.attack_cost(st, path, aid) > avail:
            land = t.land_title[t.path_lands[path][target - 1]]
            cost = board.attack_cost(st, path, aid)
            out.append(f"an attack on {land} ({cost} AP, 8.3)")
        if not a.cursed and a.strength != "strong":
            step = board.rally_step_cost(st, aid)
            if t.army_garrison[aid] and a.strength == "weak":
                out.append("a rally of the weak Garrison (never strong, 16.2)")
            elif ap > 0 and step > avail and tokens < step:
                out.append(f"a rally of the {army} ({step} AP, 8.4)")
    if mecca:
        which = " or ".join(mecca) + (" Path" if len(mecca) == 1 else " Paths")
        out[out.index("")] = f"an attack on the {which} (only Mecca lies ahead, 9.1)"
    if theater in (WEST, EAST) and board.theater_ruler(st, theater) is not None:
        limit = board.ap_limit(st, theater)
        if tokens and ap >= limit:
            out.append(f"bonus AP onto the Skill Track (at the Rulership limit, {limit}, 8.15)")
    out.extend(_unbuilt(st, paths, avail, ap))
    if theater == WEST:
        out.extend(_west_missing(st, paths, avail, ap))
    if theater == EAST and t.parthian in paths:
        out.extend(_appease_missing(st, t.tibet, avail, ap))
    return out


def _unbuilt(st: JihadState, paths: tuple[int, ...], avail: int, ap: int) -> list[str]:
    """[8.7, 8.8] Castles and Capitals beyond this Theater's AP, or with nothing to do."""
    t = st.tables
    d = st.data
    out: list[str] = []
    spare = any(c.at == t.out for c in d.castles)
    weak = any(
        t.castle_major[cid] and c.side == "weak" and t.on_map[c.at] and t.land_path[c.at] in paths
        for cid, c in enumerate(d.castles)
    )
    theater = t.path_theater[paths[0]]
    if (spare or weak) and ap > 0 and avail < CASTLE_COST:
        limit = board.ap_limit(st, theater)
        why = f"; the Ruler allows at most {limit}" if limit < CASTLE_COST else ""
        out.append(f"a Castle (4 AP, {avail} here{why}, 8.7)")
    elif avail >= CASTLE_COST and not spare and not weak:
        out.append("a Castle to build or fix (every Castle stands, none damaged here, 8.7)")
    for empire, cap in enumerate(d.capitals):
        if d.rulers[empire] is None or t.path_theater[paths[0]] != (WEST if empire == BYZANTIUM else EAST):
            continue
        adjective = EMPIRE_ADJECTIVE[empire]
        if cap.at is None and avail < CAPITAL_COST and ap > 0:
            out.append(f"rebuilding the {adjective} Capital (2 AP, 8.8)")
        elif cap.at is not None and cap.side == "weak" and avail < CAPITAL_COST and ap > 0:
            out.append(f"fixing the {adjective} Capital (2 AP, 8.8)")
    return out


def _west_missing(st: JihadState, paths: tuple[int, ...], avail: int, ap: int) -> list[str]:
    """[8.5] the Greek Fleet and Cyprus; [8.9] the Bulgars."""
    t = st.tables
    d = st.data
    out: list[str] = []
    cyprus = d.tracks[t.cyprus]
    if cyprus.box <= -1:
        out.append("a Naval Battle (Cyprus is in its -1 box, 8.5.1)")
    elif not all(board.fleet_ready(st, p) for p in paths):
        out.append("the Greek Fleet (used this turn, 12.1)")
    if t.greek in paths:
        out.extend(_appease_missing(st, t.bulgars, avail, ap))
    return out


def _appease_missing(st: JihadState, track: int, avail: int, ap: int) -> list[str]:
    """[8.9, 8.10] a minor power already won over, or beyond the AP at hand."""
    t = st.tables
    box = st.data.tracks[track].box
    name = "Bulgar" if track == t.bulgars else "Tibet"  # the marker's name
    rule = "8.9" if track == t.bulgars else "8.10"
    if box <= -1:
        return [f"moving the {name} marker (in its -1 box, {rule})"]
    cost = board.appease_cost(st, track)
    if ap > 0 and cost > avail:
        return [f"moving the {name} marker ({cost} AP, {rule})"]
    return []


# =============================================================================================
# The menu of the current segment
# =============================================================================================


def build_menu(st: JihadState, frame: Actions) -> Options:
    """Every legal action of the segment with the code that carries it out, in display order."""
    t = st.tables
    d = st.data
    action = st.game.action
    seg = frame.segs[frame.seg]
    theater = t.seg_theater[seg]
    paths = t.seg_paths[seg]
    avail = available(st, frame)
    out: Options = {}
    for path in paths:
        aid = board.active(st, path)
        if aid is None:
            continue
        a = d.armies[aid]
        pname = t.path_name[path]
        # [8.3] attacks
        if board.can_attack(st, path, aid):
            cost = board.attack_cost(st, path, aid)
            if cost <= avail:
                for choice in ["", *board.immortal_choices(st, path)]:
                    act = action("attack", pname, choice) if choice else action("attack", pname)
                    out[act] = _attack(path, cost, choice)
        # [8.4] rally
        if board.can_rally(st, aid):
            step = board.rally_step_cost(st, aid)
            if avail >= step:
                out[action("rally", pname)] = _rally(path, aid, 1, step, -1)
            if a.strength == "shattered" and avail >= 2 * step and not t.army_garrison[aid]:
                out[action("rally", pname, "2")] = _rally(path, aid, 2, 2 * step, -1)
            for colour in TOKENS_OF.get(theater, (PURPLE,)):
                if d.tokens[colour] >= step:
                    out[action("rally", pname, COLOURS[colour])] = _rally(path, aid, 1, step, colour)
    if theater == WEST:
        _west(st, paths, avail, out)
    elif theater == EAST:
        _east(st, paths, avail, out)
    # [8.11] the Naval Battle for Socotra, paid by the Theater its face affects
    if t.socotra >= 0 and not t.track_appease[t.socotra]:
        socotra = d.tracks[t.socotra]
        if socotra.box > -1 and avail >= 1:
            face_path = t.face_path[t.socotra][socotra.face]
            if face_path in paths:
                out[action("naval", "socotra")] = _socotra(face_path)
    # [8.7] Castles
    if avail >= CASTLE_COST:
        _castle_actions(st, paths, out)
    # [8.8] Capitals
    if avail >= CAPITAL_COST:
        _capital_actions(st, paths, out)
    # [8.14] Last Stand chits
    for empire, chit in enumerate(d.last_stand):
        if not chit.used and not chit.gone and d.rulers[empire] is not None:
            out[action("last-stand", EMPIRES[empire])] = _last_stand(empire)
    # [8.15] bonus AP onto the Skill Track
    if board.has_ruler(st, theater) and d.ap[theater] + 1 <= board.ap_limit(st, theater):
        for colour in TOKENS_OF.get(theater, (PURPLE,)):
            if d.tokens[colour] > 0:
                out[action("token", COLOURS[colour])] = _token(theater, colour)
    if t.advanced:
        # [21.2] Christian Damascus: 2 purple AP tokens, once a turn, at any point
        if board.damascus_bonus_ready(st):
            out[action("damascus")] = _damascus()
        # [8.16, 21.4] Trade
        _trade_actions(st, frame, seg, theater, avail, out)
    # [8.13] ▲ events (the first of two alike is the one played)
    for act, ref, arg in triggered(st):
        if act not in out:
            out[act] = _event(ref, arg)
    out[t.a_done] = _done()
    return out


def _west(st: JihadState, paths: tuple[int, ...], avail: int, out: Options) -> None:
    """[8.5] the Greek Fleet and Cyprus; [8.9] the Bulgars."""
    t = st.tables
    d = st.data
    action = st.game.action
    cyprus = d.tracks[t.cyprus]
    cyprus_path = t.face_path[t.cyprus][cyprus.face]
    if cyprus_path in paths and cyprus.box > -1 and avail >= 1 and not t.track_appease[t.cyprus]:
        out[action("naval")] = _naval(cyprus_path, False)
        if board.fleet_ready(st, cyprus_path):
            out[action("naval", "fleet")] = _naval(cyprus_path, True)
    for path in paths:
        # [8.5.2] the cheap tests first (all are pure queries)
        marker = d.islam[path]
        if (
            avail >= 1
            and marker.at > 0
            and not marker.dis
            and board.fleet_ready(st, path)
            and "raid" in board.fleet_missions(st, path)
            and board.arab_controls(st, t.path_lands[path][marker.at - 1])
        ):
            out[action("raid", t.path_name[path])] = _coastal(path)
    if not d.landing and any(
        board.fleet_ready(st, p) and "landing" in board.fleet_missions(st, p) for p in paths
    ):
        out[action("landing")] = _landing(paths)
    if t.greek in paths:
        _appease(st, t.bulgars, t.greek, avail, out)


def _east(st: JihadState, paths: tuple[int, ...], avail: int, out: Options) -> None:
    """[8.6] the Persian Cavalry Raid; [8.10] Tibet; [8.12] elephants."""
    t = st.tables
    d = st.data
    action = st.game.action
    im = d.immortals
    for path in paths:
        marker = d.islam[path]
        raidable = (
            marker.at > 0 and not marker.dis and board.arab_controls(st, t.path_lands[path][marker.at - 1])
        )
        if raidable and not im.gone and not im.used and avail >= 1:
            out[action("raid", t.path_name[path])] = _cavalry(path)
    if t.parthian in paths:
        _appease(st, t.tibet, t.parthian, avail, out)
    if (
        t.indian in paths
        and board.persian_on(st, t.indian)
        and not im.gone
        and im.side == "horse"
        and avail >= 1
    ):
        out[action("elephants")] = _elephants()


def _appease(st: JihadState, track: int, path: int, avail: int, out: Options) -> None:
    """[8.9, 8.10] pay the face value to move the marker one box right."""
    if not st.tables.track_appease[track]:
        return  # this marker is moved by a naval battle instead (8.5.1, 8.11)
    cost = board.appease_cost(st, track)
    if st.data.tracks[track].box > -1 and cost <= avail:
        out[st.game.action("appease", st.tables.track_name[track])] = _appeasement(track, path, cost)


def _castle_actions(st: JihadState, paths: tuple[int, ...], out: Options) -> None:
    """[8.7, 8.7.1, 8.7.2] fix a weak Major Castle whose siege is lifted; rebuild a destroyed one
    (the Castles of one kind are alike: the first of each kind out of play is offered)."""
    t = st.tables
    d = st.data
    action = st.game.action
    standing = {c.at for c in d.castles}
    kinds: set[bool] = set()
    for cid, castle in enumerate(d.castles):
        major = t.castle_major[cid]
        if castle.at != t.out:
            land = castle.at
            path = t.land_path[land]
            if path in paths and major and castle.side == "weak" and board.player_controls(st, land):
                out[action("fix-castle", t.place_arg[land])] = _castle(cid, land, path, "fix")
            continue
        if major in kinds:
            continue
        kinds.add(major)
        for path in paths:
            owner, held = board.player_lands(st, path)  # no Castle where the player has no control
            lands = t.path_lands[path]
            for idx in held:
                land = lands[idx - 1]
                if land in standing or t.land_round[land]:
                    continue
                if major and (owner != "byzantium" or "major_castle_forbidden" in t.land[land].tags):
                    continue
                if not major and owner not in ("byzantium", "persia"):
                    continue
                if not major and t.lone[path]:
                    continue  # [8.7.2] no Minor Castles on the Caucasus or African Paths
                act = action("build-castle", "major" if major else "minor", t.place_arg[land])
                out[act] = _castle(cid, land, path, "build")


def _capital_actions(st: JihadState, paths: tuple[int, ...], out: Options) -> None:
    """[8.8] repair a weak Capital; [8.8.2, 8.8.3] rebuild a destroyed one."""
    t = st.tables
    d = st.data
    action = st.game.action
    for empire, cap in enumerate(d.capitals):
        if d.rulers[empire] is None:
            continue
        name = EMPIRES[empire]
        if cap.at is not None:
            path = t.land_path[cap.at]
            if cap.side == "weak" and path in paths:
                out[action("fix-capital", name)] = _capital(empire, cap.at, path, "fix")
            continue
        sites = next(c.rebuild_lands for c in t.content.powers.capitals if c.empire == name)
        for path in paths:
            owner, held = board.player_lands(st, path)
            if owner != name:
                continue
            lands = t.path_lands[path]
            for idx in held:
                land = lands[idx - 1]
                if board.is_converted(st, path, idx):
                    continue
                if empire == BYZANTIUM:
                    ok = t.place_name[land] in sites  # [8.8.2]
                else:
                    ok = t.land_religion[land] == "zoroastrian"  # [8.8.3]
                if ok:
                    out[action("build-capital", name, t.place_arg[land])] = _capital(
                        empire, land, path, "build"
                    )


def _trade_actions(st: JihadState, frame: Actions, seg: str, theater: int, avail: int, out: Options) -> None:
    """[8.16, 21.4] one Trade action per destination, use and chain of routes."""
    if avail < 1 or not _can_send(st, seg, theater):
        return
    t = st.tables
    action = st.game.action
    for dst in t.theaters:
        if dst == theater:
            continue
        chains = board.ways(st, theater, dst)
        if not chains:
            continue
        for use in _receive_uses(st, frame, dst):
            for chain in chains:
                args = (THEATERS[dst], *use, *(t.route_arg[r] for r in chain))
                out[action("trade", *args)] = _trade(theater, dst, use, chain)


def _can_send(st: JihadState, seg: str, theater: int) -> bool:
    """[21.4.2, 8.2.2.2] a Ruler sends; a Barbarian's Path of a Divided Theater never does."""
    t = st.tables
    if not board.ruled(st, theater):
        return False
    path = t.seg_path[seg]
    if path < 0 or t.lone[path]:
        return True
    aid = board.active(st, path)
    return aid is not None and not t.army_barbarian[aid]


def _receive_uses(st: JihadState, frame: Actions, dst: int) -> list[tuple[str, ...]]:
    """[21.4.3] ("bank",) and ("rally", path) uses of one received AP."""
    t = st.tables
    out: list[tuple[str, ...]] = []
    segs = [i for i, seg in enumerate(frame.segs) if t.seg_theater[seg] == dst]
    if segs and board.ruled(st, dst) and st.data.ap[dst] < board.ap_limit(st, dst):
        done = max(segs) < frame.seg
        if not done or board.can_bank_later(st, dst):
            out.append(("bank",))
    for path in t.theater_paths[dst]:
        if board.full_baqt(st, path):
            continue
        aid = board.active(st, path)
        if aid is not None and board.can_rally(st, aid) and board.rally_step_cost(st, aid) == 1:
            out.append(("rally", t.path_name[path]))
    return out


# =============================================================================================
# What each action does (each made once for its arguments: it never holds a state)
# =============================================================================================


@cache
def _appeasement(track: int, path: int, cost: int) -> Run:
    def run(st: JihadState, frame: Actions) -> None:
        t = st.tables
        rule = "8.9" if t.track_name[track] == "bulgars" else "8.10"
        common.pay(st, path, cost)
        st.emit(f"{cost} AP spent to appease the {t.track_title[track]}.", rule)
        common.shift_track(st, track, True, 1, rule)

    return run


@cache
def _attack(path: int, cost: int, choice: str) -> Run:
    return lambda st, frame: common.attack(st, path, cost, choice, "9.1.2")


@cache
def _rally(path: int, aid: int, steps: int, cost: int, colour: int) -> Run:
    def run(st: JihadState, frame: Actions) -> None:
        d = st.data
        a = d.armies[aid]
        if colour >= 0:
            d.tokens[colour] -= cost
            d.spent[path] += cost
        else:
            common.pay(st, path, cost)
        for _ in range(steps):
            a.strength = common.better(a.strength)
        paid = f"{cost} {COLOURS[colour]} token(s)" if colour >= 0 else f"{cost} AP"
        st.emit(
            f"{st.tables.army_title[aid]}: rallied to {a.strength} for {paid}.",
            "8.15" if colour >= 0 else "8.4",
        )

    return run


@cache
def _naval(path: int, with_fleet: bool) -> Run:
    def run(st: JihadState, frame: Actions) -> None:
        d = st.data
        t = st.tables
        common.pay(st, path, 1)
        drm = 0
        if with_fleet:
            drm = t.fleet_drm[d.fleet.side]
            common.use_fleet(st, path)
        die = st.rng.randint(1, 6)
        notes = f" + Greek Fleet {drm}" if drm else ""
        if board.refugee_hosted(st, MARDAITES):
            drm += 1  # [8.5.1, 19.2.1]
            notes += " + Mardaites 1"
        won = die + drm >= t.track_target[t.cyprus]
        st.emit(f"Naval Battle for Cyprus: die {die}{notes}: {'victory' if won else 'no effect'}.", "8.5.1")
        if won:
            common.shift_track(st, t.cyprus, True, 1, "8.5.1")

    return run


@cache
def _socotra(path: int) -> Run:
    """[8.11] pay 1 AP and roll 6+ to move Socotra right: +1 with the Parsees (19.2.1), +1 if
    Axum (not Nubia) holds Adulis."""

    def run(st: JihadState, frame: Actions) -> None:
        t = st.tables
        common.pay(st, path, 1)
        die = st.rng.randint(1, 6)
        drm = 0
        notes = []
        if board.refugee_hosted(st, PARSEES):
            drm += 1
            notes.append(" + Parsees 1")
        adulis = next(x for x in t.path_lands[t.african] if "socotra" in t.land[x].trade_route_ends)
        held = board.holder(st, adulis)
        if held is not None and t.army_name[held] == "axum":
            drm += 1
            notes.append(" + Axum in Adulis 1")
        won = die + drm >= t.track_target[t.socotra]
        st.emit(
            f"Naval Battle for Socotra: die {die}{''.join(notes)}: {'victory' if won else 'no effect'}.",
            "8.11",
        )
        if won:
            common.shift_track(st, t.socotra, True, 1, "8.11")

    return run


@cache
def _coastal(path: int) -> Run:
    def run(st: JihadState, frame: Actions) -> None:
        common.pay(st, path, 1)
        common.use_fleet(st, path)
        st.emit(f"Coastal Raid on the {st.tables.path_title[path]}.", "8.5.2")
        common.disrupt(st, path, "8.5.2")

    return run


@cache
def _landing(paths: tuple[int, ...]) -> Run:
    def run(st: JihadState, frame: Actions) -> None:
        path = next(p for p in paths if board.fleet_ready(st, p) and "landing" in board.fleet_missions(st, p))
        common.use_fleet(st, path)
        st.data.landing = True
        st.emit("Amphibious Landing: +1 to the next attack on the Greek or Med Path.", "8.5.3")

    return run


@cache
def _cavalry(path: int) -> Run:
    def run(st: JihadState, frame: Actions) -> None:
        common.pay(st, path, 1)
        st.data.immortals.used = st.tables.immortals_used_box
        st.emit(f"Persian Cavalry Raid on the {st.tables.path_title[path]}.", "8.6")
        common.disrupt(st, path, "8.6")

    return run


@cache
def _elephants() -> Run:
    def run(st: JihadState, frame: Actions) -> None:
        common.pay(st, st.tables.indian, 1)
        st.data.immortals.side = "elephants"
        st.emit("Elephants bought from India: the Immortals flip to +2.", "8.12")

    return run


@cache
def _castle(cid: int, land: int, path: int, how: str) -> Run:
    def run(st: JihadState, frame: Actions) -> None:
        t = st.tables
        castle = st.data.castles[cid]
        common.pay(st, path, CASTLE_COST)
        name = t.land_title[land]
        if how == "fix":
            castle.side = "strong"
            st.emit(f"The Castle in {name} is repaired to its strong side for 4 AP.", "8.7.1")
        else:
            castle.at = land
            castle.side = "weak"
            owner = board.controller_power(st, land)
            castle.owner = "persia" if owner == "persia" else "byzantium"
            kind = "Major" if t.castle_major[cid] else "Minor"
            whose = EMPIRE_ADJECTIVE[EMPIRES.index(castle.owner)]
            st.emit(f"A {whose} {kind} Castle is built, weak side up, in {name} for 4 AP.", "8.7")

    return run


@cache
def _capital(empire: int, land: int, path: int, how: str) -> Run:
    def run(st: JihadState, frame: Actions) -> None:
        cap = st.data.capitals[empire]
        common.pay(st, path, CAPITAL_COST)
        name = st.tables.land_title[land]
        if how == "fix":
            cap.side = "strong"
            st.emit(f"The {EMPIRE_ADJECTIVE[empire]} Capital in {name} is repaired for 2 AP.", "8.8.1")
        else:
            cap.at = land
            cap.side = "weak"
            st.emit(f"The {EMPIRE_ADJECTIVE[empire]} Capital is rebuilt (weak) in {name} for 2 AP.", "8.8.1")

    return run


@cache
def _last_stand(empire: int) -> Run:
    def run(st: JihadState, frame: Actions) -> None:
        d = st.data
        chit = d.last_stand[empire]
        chit.used = True
        theater = WEST if empire == BYZANTIUM else EAST
        name = EMPIRE_ADJECTIVE[empire]
        if chit.side == "ap":
            got = common.add_ap(st, theater, st.tables.stand_ap[empire])
            st.emit(f"The {name} Last Stand: +{got} {THEATER_TITLE[theater]} AP.", "8.14")
        else:
            rating = d.rulers[empire]
            assert rating is not None
            d.rulers[empire] = min(7, rating + st.tables.stand_skill[empire])
            st.emit(f"The {name} Last Stand: the Ruler's rating rises to {d.rulers[empire]}.", "8.14")

    return run


@cache
def _token(theater: int, colour: int) -> Run:
    def run(st: JihadState, frame: Actions) -> None:
        st.data.tokens[colour] -= 1
        st.data.ap[theater] += 1
        track = THEATER_TITLE[theater]
        st.emit(f"A {COLOURS[colour]} bonus AP token adds 1 AP to the {track} Skill Track.", "8.15")

    return run


@cache
def _damascus() -> Run:
    def run(st: JihadState, frame: Actions) -> None:
        adv = st.data.adv
        assert adv is not None
        adv.damascus_bonus = True
        st.data.tokens[PURPLE] += DAMASCUS_BONUS
        st.emit(f"Christian Damascus gives {DAMASCUS_BONUS} purple AP tokens.", "21.2")

    return run


#: [21.2] the purple AP tokens Christian Damascus gives once a turn
DAMASCUS_BONUS = 2


@cache
def _trade(src: int, dst: int, use: tuple[str, ...], chain: tuple[int, ...]) -> Run:
    def run(st: JihadState, frame: Actions) -> None:
        t = st.tables
        d = st.data
        adv = d.adv
        assert adv is not None
        d.ap[src] -= 1  # [8.2.2.2] sending is not spending
        for r in chain:
            adv.trade_used[r] += 1
        names = ", ".join(t.routes[r].name for r in chain)
        if use[0] == "bank":
            d.ap[dst] += 1
            st.emit(
                f"Trade: 1 AP from the {THEATER_TITLE[src]} to the {THEATER_TITLE[dst]} by the {names}.",
                "21.4.3",
            )
        else:
            aid = board.active(st, t.path_id[use[1]])
            assert aid is not None
            a = d.armies[aid]
            a.strength = common.better(a.strength)
            st.emit(
                f"Trade: 1 AP from the {THEATER_TITLE[src]} by the {names} rallies the {t.army_title[aid]} "
                f"to {a.strength}.",
                "21.4.3",
            )

    return run


@cache
def _event(ref: EffectRef, arg: str | None) -> Run:
    return lambda st, frame: play_triggered(st, ref, arg)


@cache
def _done() -> Run:
    def run(st: JihadState, frame: Actions) -> None:
        t = st.tables
        d = st.data
        seg = frame.segs[frame.seg]
        theater = t.seg_theater[seg]
        path = t.seg_path[seg]
        if path >= 0 and theater in (WEST, EAST):
            # [8.2.2] only a Divided Theater's Barbarian Path eats an AP; a Great King on the
            # African or Caucasus Path banks freely (16.5)
            aid = board.active(st, path)
            if aid is not None and t.army_barbarian[aid] and d.spent[path] == 0 and d.ap[theater] > 0:
                d.ap[theater] -= 1  # [8.2.2] the Barbarian's AP is eaten
                army = t.army_short[aid]
                st.emit(f"No AP was spent on the {army} of the {t.path_title[path]}: 1 AP is lost.", "8.2.2")
        frame.seg += 1
        if frame.seg >= len(frame.segs):
            d.pending = []  # [8.13] use it or lose it
            st.pop()

    return run


# =============================================================================================
# [9.3] looting
# =============================================================================================


@dataclass(slots=True)
class Loot(Decision[JihadState]):
    """[9.3] a weak army that won may loot: strong again, but Cursed."""

    name = "loot"
    rule = "9.3"
    army: ArmyRef = 0

    def prompt(self, st: JihadState, seat: str) -> tuple[str, str]:
        return (
            f"The weak {st.tables.army_title[self.army]} won: loot (strong again at no cost, but Cursed: "
            "no more attacks this turn) or decline?",
            "9.3",
        )

    def legal(self, st: JihadState, seat: str) -> list[Action]:
        return [LOOT, st.tables.a_decline]

    def act(self, st: JihadState, seat: str, action: Action) -> None:
        st.pop()
        if action.verb == "loot":
            st.data.armies[self.army].strength = "strong"
            st.emit(f"{st.tables.army_title[self.army]}: looting, strong again and Cursed.", "9.3")
            common.curse(st, self.army, "7.6")

    def describe(self, st: JihadState) -> LootFrame:
        return {"k": "loot", "army": st.tables.army_name[self.army]}


LOOT = Action("loot")

FRAMES: tuple[type[Frame[Any]], ...] = (Actions, Loot)
