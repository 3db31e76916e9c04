"""[4.0, 6.0] The Game Turn: draw a card, resolve its events, collect AP, then the Arab,
Actions and End of Turn Phases. The turn frame sits at the bottom of the stack; each step
pushes the phase's own frame."""

from __future__ import annotations

from typing import TYPE_CHECKING

from consim.games.jihad.frames import Decision, Frame
from consim.games.jihad.game import EMPIRE_OF_THEATER, LONE_THEATERS, THEATER_PATHS

if TYPE_CHECKING:
    from collections.abc import Callable

    from consim.games.jihad.game import JihadState


def _turn(state: JihadState, frame: Frame) -> None:
    step = frame["step"]
    s = state.s
    if step == "draw":
        draw_card(state, frame)
    elif step == "ap":
        frame["step"] = "dar" if state.g.advanced else "arab"
        collect_ap(state)
        if state.g.advanced and s["adv"]["truce"] is not None:
            state.push({"k": "violate"})  # [22.4] the end of the Events Phase
    elif step == "dar":
        frame["step"] = "arab"
        from consim.games.jihad.dar import dar_al_islam_phase

        dar_al_islam_phase(state)  # [18.1] the Dar al-Islam Phase (Advanced Game)
    elif step == "arab":
        frame["step"] = "actions"
        state.emit("Arab Phase: the Arabs invade each Path, counter-clockwise from the Greek Path.", "7.0")
        state.push({"k": "arab", "i": 0})
    elif step == "actions":
        frame["step"] = "end"
        segs: list[str] = []
        # [8.1] West first (Greek then Med if Divided), then East (Indian then Parthian); in the
        # Advanced Game counter-clockwise: West, Africa, East, Caucasus
        for theater in state.g.theaters:
            if theater in LONE_THEATERS:
                if state.active(theater) is not None and not state.full_baqt(theater):
                    segs.append(theater)
            elif s["divided"][theater]:
                segs.extend(THEATER_PATHS[theater])
            else:
                segs.append(theater)
        state.emit("Actions Phase.", "8.0")
        state.push({"k": "actions", "segs": segs, "seg": 0})
    elif step == "end":
        frame["step"] = "next"
        state.emit("End of Turn Phase.", "14.0")
        state.push({"k": "end", "i": 0})
    else:
        frame["step"] = "draw"


def draw_card(state: JihadState, frame: Frame) -> None:
    """[6.0, 3.3] draw the top card; card 50 ends the game [5.2]."""
    s = state.s
    c = state.g.content
    number = s["deck"].pop(0)
    s["played"].append(number)
    state.mark_reveal()
    card = c.card(number)
    if not frame.get("redraw"):
        s["turn"] += 1
        s["pending"] = []
        s["fleet_free"] = None
        s["landing"] = False
        s["spent"] = dict.fromkeys(state.g.paths, 0)
        if "adv" in s:
            adv = s["adv"]
            adv["damascus_bonus"] = False
            adv["offers"] = []
            adv["first_turn"] = s["turn"] == 1
    frame["redraw"] = False
    s["card"] = number
    state.emit(f"Turn {s['turn']}: card #{number}, {card.title!r}.", "6.0")
    if any(e.type == "game_end" for e in card.events):
        state.emit("The Abbasids oust the Umayyad Caliphate: the game ends; count Outcome Points.", "5.2")
        state.end_game("card50")
        return
    frame["step"] = "ap"
    queue: list[list[int]] = []

    for i, effect in enumerate(card.events):
        if effect.advanced_only and not state.g.advanced:
            continue  # [15.0] Advanced-only events are ignored in the Basic Game
        if effect.action_phase:
            s["pending"].append([number, i])  # [8.13] played in the Actions Phase, or lost
        else:
            queue.append([number, i])
    if card.rose is not None:
        codes = " ".join(f"{p}:{card.rose.entry(p).code()}" for p in state.g.paths)
        assert card.ap is not None
        state.emit(f"Rose {codes}; AP {card.ap.west}/{card.ap.east}.", "7.1")
    if queue:
        state.push({"k": "events", "queue": queue})


def collect_ap(state: JihadState) -> None:
    """[6.3, 6.3.1] add the Rose's West/East AP within each Rulership limit."""
    card = state.g.content.card(state.s["card"])
    if card.ap is None:
        return
    adv = state.s.get("adv")
    for theater, amount in (("west", card.ap.west), ("east", card.ap.east)):
        if adv is not None and adv["truce"] == EMPIRE_OF_THEATER[theater]:
            # [22.1 (2)] an Empire in Truce receives 1 AP a turn instead of the Rose's
            got = state.add_ap(theater, 1, "22.1")
            state.emit(f"{theater.capitalize()} is in Truce: it receives {got} AP, not the Rose's.", "22.1")
            continue
        got = state.add_ap(theater, amount, "6.3")
        limit = state.ap_limit(theater)
        note = f" (Rulership limit {limit})" if got < amount else ""
        state.emit(
            f"{theater.capitalize()} receives {got} of {amount} AP{note}: {state.s['ap'][theater]} AP.",
            "6.3.1",
        )
    for path in LONE_THEATERS if state.g.advanced else ():
        # [16.1] the African and Caucasus active armies get 1 AP a turn, not shown on the Rose;
        # none under a Full Baqt (16.3.2), none for a Great King on the turn he appears (16.5)
        if state.active(path) is None or state.full_baqt(path):
            continue
        king = state.great_king(path)
        if king is not None and king.get("new"):
            king["new"] = False
            continue
        got = state.add_ap(path, 1, "16.1")
        state.emit(f"The {path} Path receives {got} AP: {state.s['ap'][path]} AP.", "16.1")


AUTO: dict[str, Callable[[JihadState, Frame], None]] = {"turn": _turn}
DECISIONS: dict[str, Decision] = {}
