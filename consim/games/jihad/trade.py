"""[21.0] Critical Cities and Trade (Advanced Game): the Christian Damascus bonus (21.2), the
Islamic Capital (21.2.1, 2.1.5, 9.1) and Trade (21.4, 8.16, 8.2.2.1).

A Trade action sends one AP from the acting Theater to another along open Trade Routes:
``trade <theater> bank <route>...`` raises the receiver's AP by 1, ``trade <theater> rally
<path> <route>...`` immediately rallies that Path's damaged army one step. The capped routes
(Silk Road and Nile: 1 AP a turn; Socotra: none, 1 or unlimited by its track) count what was
sent in ``s["adv"]["trade_used"]`` until the Banking Step removes the Trade Closed markers (14.8).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from consim.core.action import Action
from consim.games.jihad.game import LONE_THEATERS, THEATER_PATHS

if TYPE_CHECKING:
    from collections.abc import Callable

    from consim.games.jihad.content_models import TradeRoute
    from consim.games.jihad.frames import Frame
    from consim.games.jihad.game import JihadState

#: [7.3] army levels, best first
LEVELS = ("strong", "weak", "shattered")
#: [21.2] the purple AP tokens Christian Damascus gives once a turn
DAMASCUS_BONUS = 2
#: [21.4.3.2] Socotra's allotment by its box: +1 none, 0 one AP, -1 unlimited
SOCOTRA_CAP: dict[int, int | None] = {1: 0, 0: 1, -1: None}


# =============================================================================================
# [21.2, 21.2.1] Damascus
# =============================================================================================


def islamic_capital(state: JihadState, land_id: str) -> bool:
    """[21.2.1, 2.1.5] Damascus converted is the Islamic Capital, an extension of Mecca."""
    adv = state.s.get("adv")
    return adv is not None and land_id == "damascus" and adv["damascus"] == "capital"


def damascus_bonus_ready(state: JihadState) -> bool:
    """[21.2] Christian Damascus held by the player: 2 purple AP tokens once per turn."""
    adv = state.s.get("adv")
    return (
        adv is not None
        and adv["damascus"] == "christian"
        and not adv["damascus_bonus"]
        and state.player_controls("damascus")
    )


def take_damascus_bonus(state: JihadState) -> None:
    state.s["adv"]["damascus_bonus"] = True
    state.s["tokens"]["purple"] += DAMASCUS_BONUS
    state.emit(f"Christian Damascus gives {DAMASCUS_BONUS} purple AP tokens.", "21.2")


# =============================================================================================
# [21.4.1] Trade Routes
# =============================================================================================


def routes(state: JihadState) -> tuple[TradeRoute, ...]:
    return state.g.content.map.trade_routes


def route_open(state: JihadState, route: TradeRoute) -> bool:
    """[21.4.1] the player (or a neutral, which is happy to trade) holds both ends."""
    return not any(state.arab_controls(x) for x in route.ends)


def route_room(state: JihadState, route: TradeRoute) -> int | None:
    """AP the route can still carry this turn (None: unlimited) [21.4.3.1-21.4.3.4]."""
    if route.capacity == "unlimited":
        return None
    cap = 1 if route.capacity == "one" else SOCOTRA_CAP[state.s["tracks"]["socotra"]["box"]]
    if cap is None:
        return None
    return int(cap - state.s["adv"]["trade_used"].get(route.id, 0))


def ways(state: JihadState, src: str, dst: str) -> list[tuple[str, ...]]:
    """Every chain of open Trade Routes with room left from one Theater to another."""
    usable = [r for r in routes(state) if route_open(state, r) and route_room(state, r) != 0]
    found: list[tuple[str, ...]] = []

    def walk(at: str, seen: tuple[str, ...], chain: tuple[str, ...]) -> None:
        if at == dst:
            found.append(chain)
            return
        for r in usable:
            if r.id in chain or at not in r.theaters:
                continue
            nxt = r.theaters[1] if r.theaters[0] == at else r.theaters[0]
            if nxt not in seen:
                walk(nxt, (*seen, nxt), (*chain, r.id))

    walk(src, (src,), ())
    return sorted(found, key=lambda c: (len(c), c))


# =============================================================================================
# [21.4.2, 21.4.3] Who may send and receive
# =============================================================================================


def ruled(state: JihadState, theater: str) -> bool:
    """[21.4.2] a Theater with a Ruler: the Emperor or the Shah, a Great King, or a Byzantine
    Garrison (ruled by the Emperor for Trade)."""
    if theater in LONE_THEATERS:
        aid = state.active(theater)
        return aid is not None and (state.great_king(theater) is not None or state.g.is_garrison(aid))
    return state.has_ruler(theater)


def can_send(state: JihadState, seg: str, theater: str) -> bool:
    """[21.4.2, 8.2.2.2] a Ruler sends; a Barbarian's Path of a Divided Theater never does."""
    if not ruled(state, theater):
        return False
    if seg in THEATER_PATHS or seg in LONE_THEATERS:
        return True
    aid = state.active(seg)
    return aid is not None and not state.g.is_barbarian(aid)


def _theater_segments(frame: Frame, theater: str) -> list[int]:
    from consim.games.jihad.actions import SEG_THEATER

    return [i for i, seg in enumerate(frame["segs"]) if SEG_THEATER[seg] == theater]


def can_bank_later(state: JihadState, theater: str) -> bool:
    """[6.3.2, 21.4.3] an Empire with its Capital, or a Great King, keeps AP past its turn."""
    if theater in LONE_THEATERS:
        return state.great_king(theater) is not None
    empire = "byzantium" if theater == "west" else "persia"
    return state.s["capitals"][empire]["at"] is not None


def receive_uses(state: JihadState, frame: Frame, dst: str) -> list[tuple[str, ...]]:
    """[21.4.3] ("bank",) and ("rally", path) uses of one received AP."""
    from consim.games.jihad.actions import can_rally, rally_step_cost

    out: list[tuple[str, ...]] = []
    segs = _theater_segments(frame, dst)
    if segs and ruled(state, dst) and state.s["ap"][dst] < state.ap_limit(dst):
        done = max(segs) < frame["seg"]
        if not done or can_bank_later(state, dst):
            out.append(("bank",))
    for path in THEATER_PATHS.get(dst, (dst,)):
        if state.full_baqt(path):
            continue
        aid = state.active(path)
        if aid is not None and can_rally(state, aid) and rally_step_cost(state, aid) == 1:
            out.append(("rally", path))
    return out


def trade_actions(
    state: JihadState,
    frame: Frame,
    seg: str,
    theater: str,
    avail: int,
    add: Callable[[Action, Callable[[], None]], None],
) -> None:
    """[8.16, 21.4] one Trade action per destination, use and chain of routes."""
    if avail < 1 or not can_send(state, seg, theater):
        return
    for dst in state.g.theaters:
        if dst == theater:
            continue
        chains = ways(state, theater, dst)
        if not chains:
            continue
        for use in receive_uses(state, frame, dst):
            for chain in chains:
                add(Action("trade", (dst, *use, *chain)), _bind_trade(state, theater, dst, use, chain))


def _bind_trade(
    state: JihadState, src: str, dst: str, use: tuple[str, ...], chain: tuple[str, ...]
) -> Callable[[], None]:
    def run() -> None:
        s = state.s
        s["ap"][src] -= 1  # [8.2.2.2] sending is not spending
        used = s["adv"]["trade_used"]
        for rid in chain:
            used[rid] = used.get(rid, 0) + 1
        names = ", ".join(next(r.name for r in routes(state) if r.id == rid) for rid in chain)
        if use[0] == "bank":
            s["ap"][dst] += 1
            state.emit(f"Trade: 1 AP from the {src} to the {dst} Theater by the {names}.", "21.4.3")
        else:
            aid = state.active(use[1])
            assert aid is not None
            a = state.army(aid)
            a["str"] = LEVELS[LEVELS.index(a["str"]) - 1]
            state.emit(
                f"Trade: 1 AP from the {src} Theater by the {names} rallies {aid} to {a['str']}.", "21.4.3"
            )

    return run
