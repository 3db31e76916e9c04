"""[20.0] Byzantine Religion (Advanced Game): the Ecumenical Council (20.2), the Papal Bull's
Schism, the religion of Byzantine armies in attacks (20.3, 9.1.1; see
``JihadState.army_religion``) and the Monophysite Axis Pact (20.4).

State (``s["adv"]``): ``religion`` "orthodox", "catholic" or "monophysite" (the Byzantine
Religion marker's box); ``schism`` the marker shows its Schism side (-1 to new Byzantine
Rulers, 11.2); ``first_turn`` true during turn 1 (20.4).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from consim.core.action import Action
from consim.games.jihad.content_models import EcumenicalCouncil, Schism
from consim.games.jihad.frames import Decision, Frame
from consim.games.jihad.paths import crown, place, remove_great_king

if TYPE_CHECKING:
    from collections.abc import Callable

    from consim.games.jihad.game import JihadState

RELIGIONS = ("orthodox", "catholic", "monophysite")
#: [20.4] the Great King of the Caucasus the Pact frees from a Byzantine prison
PACT_KING = "Varaztirots II"
PACT_AP = 2


def _council(state: JihadState, effect: EcumenicalCouncil, ref: list[int], arg: str | None) -> None:
    state.push({"k": "council"})


def _schism(state: JihadState, effect: Schism, ref: list[int], arg: str | None) -> None:
    """Papal Bull: the Byzantine Religion marker turns to its Schism side."""
    adv = state.s["adv"]
    if adv["schism"]:
        state.emit("Papal Bull: Byzantium is already in Schism.", "20.2")
        return
    adv["schism"] = True
    state.emit("Papal Bull: the Byzantine Religion marker turns to its Schism side.", "20.2")


def _council_prompt(state: JihadState, frame: Frame) -> tuple[str, str]:
    adv = state.s["adv"]
    schism = " (in Schism)" if adv["schism"] else ""
    pact = " Going Monophysite now also makes the Monophysite Axis Pact (20.4)." if adv["first_turn"] else ""
    return (
        f"Ecumenical Council: Byzantium is {adv['religion'].capitalize()}{schism}. Keep the faith (and "
        f"leave any Schism), or change the Empire's religion (the marker turns to Schism).{pact}",
        "20.2",
    )


def _council_legal(state: JihadState, frame: Frame) -> list[Action]:
    current = state.s["adv"]["religion"]
    return [Action("council", ("keep",)), *(Action("council", (r,)) for r in RELIGIONS if r != current)]


def _council_act(state: JihadState, frame: Frame, action: Action) -> None:
    state.pop()
    adv = state.s["adv"]
    choice = action.args[0]
    if choice == "keep":
        adv["schism"] = False
        state.emit(
            f"The Council confirms the {adv['religion'].capitalize()} faith; the marker turns face up.",
            "20.2",
        )
        return
    adv["religion"] = choice
    adv["schism"] = True
    state.emit(f"The Council makes Byzantium {choice.capitalize()}: the marker turns to Schism.", "20.2")
    if choice == "monophysite" and adv["first_turn"]:
        axis_pact(state)


def axis_pact(state: JihadState) -> None:
    """[20.4] the Armenians take Nisibis from the Garrison and get a Great King with 2 AP."""
    armies = state.s["armies"]
    if "armenians" not in armies or state.position("armenians") is None:
        return
    nisibis = state.g.lands["caucasus"][0].id
    for garrison in [a for a in state.path_armies("caucasus") if state.g.is_garrison(a)]:
        armies[garrison].update(at="dead", top=False, sieged=False, cursed=False)
    place(state, "armenians", nisibis)
    state.emit(
        "The Monophysite Axis Pact: the Byzantine Garrison leaves; the Armenians march into Nisibis as "
        "your active army.",
        "20.4",
    )
    remove_great_king(state, "16.5")
    crown(state, "caucasus", PACT_KING, PACT_AP, "20.4")


HANDLERS: dict[str, Callable[[JihadState, Any, list[int], str | None], None]] = {
    "ecumenical_council": _council,
    "schism": _schism,
}
AUTO: dict[str, Callable[[JihadState, Frame], None]] = {}
DECISIONS: dict[str, Decision] = {"council": Decision(_council_prompt, _council_legal, _council_act)}
