"""[22.0] Truce (Hudna), Advanced Game: the offer drawn on a card is decided in the Diplomacy
Step (14.10 step 4); an Empire in Truce gets 1 AP a turn, may not attack, and ignores the Arab
Hits on the Paths it holds (22.1); the player may break the Truce at the end of the Events Phase
(22.4). Ending a Truce (End of an Era, a Jihad, a violation) is ``events.end_truce``.

State (``s["adv"]``): ``truce`` None or the Empire in Truce (its Ruler shows his Truce side);
``offers`` holds {"kind": "truce", "empire": ...} for the turn's offers; ``jihad_fresh`` marks a
Jihad set up by the Persian Truce step, which takes effect next turn (no redirection now).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from consim.core.action import Action
from consim.games.jihad import syrians
from consim.games.jihad.content_models import TruceOffer
from consim.games.jihad.frames import Decision, Frame

if TYPE_CHECKING:
    from collections.abc import Callable

    from consim.games.jihad.game import JihadState

NAME = {"persia": "Persia", "byzantium": "Byzantium"}
THEATER = {"persia": "east", "byzantium": "west"}
#: [22.2] the Arab policy toward Byzantium once Persia accepts: die -> Jihad mode (None: none)
PERSIAN_TRUCE_POLICY: dict[int, str | None] = {
    1: "one_front",
    2: "one_front",
    3: "alternating",
    4: "alternating",
    5: None,
    6: None,
}


def in_truce(state: JihadState, empire: str) -> bool:
    adv: dict[str, Any] | None = state.s.get("adv")
    return adv is not None and adv["truce"] == empire


def truce_shields(state: JihadState, path: str) -> bool:
    """[22.1 (6)] the Empire in Truce ignores all Arab Hits on the Paths it holds."""
    aid = state.active(path)
    return aid is not None and in_truce(state, state.g.power_of(aid))


def _offer(state: JihadState, effect: TruceOffer, ref: list[int], arg: str | None) -> None:
    """[22.0] the offer waits for the Diplomacy Step."""
    state.s["adv"]["offers"].append({"kind": "truce", "empire": effect.empire})
    state.emit(
        f"{effect.label}: the Arabs offer {NAME[effect.empire]} a Truce (decided in Diplomacy).", "22.0"
    )


def may_accept(state: JihadState, empire: str) -> tuple[bool, str]:
    """[22.2, 22.3] whether the Empire may accept, and why not."""
    s = state.s
    g = state.g
    if s["rulers"].get(empire) is None:
        return False, f"{NAME[empire]} is no longer in the game"
    if empire == "persia":
        # (a) no Zoroastrian Land converted; (b) Persian armies in Nehavend and Yezd. The
        # persian_truce option: both must hold (default), or either will do.
        faith = ""
        for path in g.paths:
            for land in g.lands[path]:
                if land.religion == "zoroastrian" and state.is_converted(path, land.index):
                    faith = f"the Zoroastrian Land {land.name} has converted to Islam"
        armies = ""
        for land_id in ("nehavend", "yezd"):
            if not any(g.power_of(a) == "persia" and st["at"] == land_id for a, st in s["armies"].items()):
                armies = f"no Persian army stands in {g.land(*g.where[land_id]).name}"
        if g.truce_either:
            return (True, "") if not (faith and armies) else (False, f"{faith} and {armies}")
        return (False, faith or armies) if faith or armies else (True, "")
    for path in ("greek", "med"):
        if not any(g.power_of(a) == "byzantium" for a in state.path_armies(path)):
            return False, f"no Byzantine army is on the {g.content.path(path).name}"
    for path in g.paths:
        for land in g.lands[path]:
            if land.green_box and state.controller_power(land.id) == "byzantium":
                return False, f"Byzantium holds the Green Box Land {land.name}"
    return True, ""


def truce_step(state: JihadState) -> None:
    """[14.10 step 4] each Truce offer of this turn is decided now."""
    offers = [o["empire"] for o in state.s["adv"]["offers"] if o["kind"] == "truce"]
    for empire in reversed(offers):
        state.push({"k": "truce", "empire": empire})


def accept(state: JihadState, empire: str) -> None:
    """[22.1] the Ruler turns to his Truce side; the Mecca tile turns Strong; [22.2] the Arabs
    then choose their policy toward Byzantium."""
    s = state.s
    s["adv"]["truce"] = empire
    state.emit(f"{NAME[empire]} accepts the Truce: its Ruler turns to his Truce side.", "22.1")
    if not s["mecca_strong"]:
        s["mecca_strong"] = True
        state.emit("The Mecca tile turns to its Strong side.", "22.1")
    if empire == "persia":
        die = state.rng.randint(1, 6)
        mode = PERSIAN_TRUCE_POLICY[die]
        if mode is None:
            state.emit(
                f"Arab policy toward Byzantium: die {die}: no Jihad; the Syrians bide their time.", "22.2"
            )
            return
        state.emit(f"Arab policy toward Byzantium: die {die}: a Jihad vs. Greece, from next turn.", "22.2")
        syrians.start_jihad(state, "byzantium", mode, "22.2")
        s["adv"]["jihad_fresh"] = s["adv"]["jihad"] is not None


def reject(state: JihadState, empire: str, why: str) -> None:
    """[22.2] a rejected Persian Truce brings an Alternating Jihad against Persia next turn;
    [22.3] a rejected Greek Truce has no effect."""
    state.emit(f"{NAME[empire]} rejects the Truce{why}.", "22.2" if empire == "persia" else "22.3")
    if empire == "persia":
        syrians.start_jihad(state, "persia", "alternating", "22.2")
        state.s["adv"]["jihad_fresh"] = state.s["adv"]["jihad"] is not None


def _truce_prompt(state: JihadState, frame: Frame) -> tuple[str, str]:
    empire = frame["empire"]
    rule = "22.2" if empire == "persia" else "22.3"
    return (f"The Arabs offer {NAME[empire]} a Truce: accept or reject it?", rule)


def _truce_legal(state: JihadState, frame: Frame) -> list[Action]:
    if not may_accept(state, frame["empire"])[0]:
        return []
    return [Action("truce", ("accept",)), Action("truce", ("reject",))]


def _truce_act(state: JihadState, frame: Frame, action: Action) -> None:
    state.pop()
    if action.args[0] == "accept":
        accept(state, frame["empire"])
    else:
        reject(state, frame["empire"], "")


def _truce_forced(state: JihadState, frame: Frame) -> None:
    """[22.2, 22.3] an Empire that may not accept must reject."""
    state.pop()
    empire = frame["empire"]
    reject(state, empire, f" perforce: {may_accept(state, empire)[1]}")


# =============================================================================================
# [22.4] Breaking a Truce at the end of the Events Phase
# =============================================================================================


def _violate_prompt(state: JihadState, frame: Frame) -> tuple[str, str]:
    empire = state.s["adv"]["truce"]
    return (
        f"{NAME[empire]} is in Truce. Keep it, or break it (Ka'aba +1; take this turn's Rose AP and "
        "suffer the Arab Hits again)?",
        "22.4",
    )


def _violate_legal(state: JihadState, frame: Frame) -> list[Action]:
    if state.s["adv"]["truce"] is None:
        return []
    return [Action("truce", ("keep",)), Action("truce", ("break",))]


def _violate_act(state: JihadState, frame: Frame, action: Action) -> None:
    from consim.games.jihad.events import end_truce

    state.pop()
    if action.args[0] == "keep":
        return
    s = state.s
    empire = s["adv"]["truce"]
    state.emit("The player breaks the Truce with the Arabs: the Syrians are furious.", "22.4")
    syrians.reinforce(state, 1, "22.4")
    end_truce(state, "22.4")
    card = state.g.content.card(s["card"])
    if card.ap is not None:
        theater = THEATER[empire]
        amount = card.ap.west if theater == "west" else card.ap.east
        got = state.add_ap(theater, amount, "22.4")
        state.emit(f"{theater.capitalize()} receives the Rose's {got} of {amount} AP after all.", "22.4")


HANDLERS: dict[str, Callable[[JihadState, Any, list[int], str | None], None]] = {"truce_offer": _offer}
AUTO: dict[str, Callable[[JihadState, Frame], None]] = {}
DECISIONS: dict[str, Decision] = {
    "truce": Decision(_truce_prompt, _truce_legal, _truce_act, _truce_forced),
    "violate": Decision(_violate_prompt, _violate_legal, _violate_act),
}
