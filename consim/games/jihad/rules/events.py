"""[6.0-6.4] The Events Phase: the card's events in printed order (``effects.py`` says what each
does), the decisions they raise, and [22.4] the choice to break a Truce at the end of the phase.
Events marked ▲ wait for the Actions Phase (8.13)."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, Literal

from consim.core.action import Action
from consim.core.flow import Decision, Frame
from consim.games.jihad import board
from consim.games.jihad.content import (
    EAST,
    EMPIRE_ADJECTIVE,
    EMPIRES,
    RULER_TITLE,
    THEATER_TITLE,
    WEST,
    ChoiceEffect,
    Effect,
)
from consim.games.jihad.rules import common
from consim.games.jihad.rules.effects import break_full_baqt, choice, effect_at, label, resolve
from consim.games.jihad.state import EffectRef, Empire, JihadState, KingName, PathRef, Place
from consim.games.jihad.viewtypes import (
    AdvanceFrame,
    BareFrame,
    CapitalMoveFrame,
    ChooseFrame,
    EraFrame,
    RevoltFrame,
    ThemesFrame,
)
from consim.games.jihad.words import event_words

RELIGIONS = ("orthodox", "catholic", "monophysite")
FAITH: dict[str, Literal["orthodox", "catholic", "monophysite"]] = {
    "orthodox": "orthodox",
    "catholic": "catholic",
    "monophysite": "monophysite",
}
#: [20.4] the Great King of the Caucasus the Pact frees from a Byzantine prison
PACT_KING = "Varaztirots II"


@dataclass(slots=True)
class Events(Frame[JihadState]):
    """[6.2] the card's events, resolved one after another."""

    name = "events"
    rule = "6.2"
    queue: list[EffectRef] = field(default_factory=list)

    def run(self, st: JihadState) -> None:
        if not self.queue:
            st.pop()
            return
        ref = self.queue.pop(0)
        resolve(st, effect_at(st.tables, ref), ref)


@dataclass(slots=True)
class Era(Decision[JihadState]):
    """[6.4] End of an Era: the face-up side of each returning Last Stand chit."""

    name = "era"
    rule = "6.4"
    empires: list[Empire] = field(default_factory=list)

    def prompt(self, st: JihadState, seat: str) -> tuple[str, str]:
        empire = EMPIRES.index(self.empires[0])
        t = st.tables
        return (
            f"End of an Era: which side of the {EMPIRE_ADJECTIVE[empire]} Last Stand chit is face up until "
            f"the next one? ap: +{t.stand_ap[empire]} AP when cashed; skill: +{t.stand_skill[empire]} to "
            f"the {RULER_TITLE[empire]}'s rating.",
            "6.4",
        )

    def legal(self, st: JihadState, seat: str) -> list[Action]:
        if not self.empires:
            return []
        empire = self.empires[0]
        return [st.game.action("side", empire, "ap"), st.game.action("side", empire, "skill")]

    def act(self, st: JihadState, seat: str, action: Action) -> None:
        empire, side = action.args
        chit = st.data.last_stand[EMPIRES.index(empire)]
        chit.side = "ap" if side == "ap" else "skill"
        shown = "AP" if side == "ap" else "Ruler skill"
        st.emit(
            f"The {EMPIRE_ADJECTIVE[EMPIRES.index(empire)]} Last Stand chit shows its {shown} side.", "6.4"
        )
        self.empires.pop(0)
        if not self.empires:
            st.pop()

    def describe(self, st: JihadState) -> EraFrame:
        return {"k": "era", "empires": list(self.empires)}


def describe_option(st: JihadState, effects: tuple[Effect, ...]) -> str:
    """One option of a choice event, in words (6.2)."""
    t = st.tables
    return "; ".join(event_words(t.content, e, t.advanced, named=False) for e in effects)


@dataclass(slots=True)
class Choose(Decision[JihadState]):
    """[6.2] an event that lets the player pick one of its options."""

    name = "choose"
    rule = "6.2"
    ref: EffectRef = ()

    def _effect(self, st: JihadState) -> ChoiceEffect:
        effect = effect_at(st.tables, self.ref)
        assert isinstance(effect, ChoiceEffect)
        return effect

    def prompt(self, st: JihadState, seat: str) -> tuple[str, str]:
        effect = self._effect(st)
        opts = "; ".join(f"option {k + 1}: {describe_option(st, o)}" for k, o in enumerate(effect.options))
        return (f"{label(effect)}: choose one. {opts}.", "6.2")

    def legal(self, st: JihadState, seat: str) -> list[Action]:
        return [st.game.action("option", str(k + 1)) for k in range(len(self._effect(st).options))]

    def act(self, st: JihadState, seat: str, action: Action) -> None:
        st.pop()
        choice(st, self._effect(st), self.ref, action.args[0])

    def describe(self, st: JihadState) -> ChooseFrame:
        return {"k": "choose", "ref": list(self.ref)}


@dataclass(slots=True)
class Themes(Decision[JihadState]):
    """[12.3] Iconoclasm: the Themes may be raised in one of the listed Byzantine Lands."""

    name = "themes"
    rule = "12.3"
    lands: list[Place] = field(default_factory=list)

    def prompt(self, st: JihadState, seat: str) -> tuple[str, str]:
        where = " or ".join(st.tables.land_title[x] for x in self.lands)
        return (
            f"Iconoclasm: raise the Byzantine Themes (-1 Hit on a Byzantine army in their Land) in {where}, "
            "or decline.",
            "12.3",
        )

    def legal(self, st: JihadState, seat: str) -> list[Action]:
        names = st.tables.place_arg
        return [*(st.game.action("themes", names[x]) for x in self.lands), st.tables.a_decline]

    def act(self, st: JihadState, seat: str, action: Action) -> None:
        st.pop()
        if action.verb == "themes":
            t = st.tables
            land = t.arg_place[action.args[0]]
            st.data.themes = land
            st.data.themes_spent = True
            st.emit(f"The Byzantine Themes are raised in {t.land_title[land]}.", "12.4")

    def describe(self, st: JihadState) -> ThemesFrame:
        return {"k": "themes", "lands": [st.tables.place_name[x] for x in self.lands]}


@dataclass(slots=True)
class CapitalMove(Decision[JihadState]):
    """[6.2, 8.8.2] an event lets the player move a Capital to another listed Land."""

    name = "capital_move"
    rule = "6.2"
    empire: Empire = "byzantium"
    lands: list[Place] = field(default_factory=list)

    def prompt(self, st: JihadState, seat: str) -> tuple[str, str]:
        empire = EMPIRES.index(self.empire)
        t = st.tables
        here = st.data.capitals[empire].at
        now = f" (now in {t.land_title[here]})" if here is not None else ""
        return (
            f"Capital Move: move the {EMPIRE_ADJECTIVE[empire]} Capital{now} to another Land you hold, or "
            "keep it (done).",
            "6.2",
        )

    def legal(self, st: JihadState, seat: str) -> list[Action]:
        sites = board.capital_sites(st, EMPIRES.index(self.empire), self.lands)
        if not sites:
            return []
        names = st.tables.place_arg
        return [*(st.game.action("capital", names[x]) for x in sites), st.tables.a_done]

    def act(self, st: JihadState, seat: str, action: Action) -> None:
        st.pop()
        if action.verb == "capital":
            t = st.tables
            empire = EMPIRES.index(self.empire)
            land = t.arg_place[action.args[0]]
            st.data.capitals[empire].at = land
            st.emit(f"The {EMPIRE_ADJECTIVE[empire]} Capital moves to {t.land_title[land]}.", "6.2")

    def describe(self, st: JihadState) -> CapitalMoveFrame:
        names = st.tables.place_name
        return {"k": "capital_move", "empire": self.empire, "lands": [names[x] for x in self.lands]}


@dataclass(slots=True)
class Advance(Decision[JihadState]):
    """[6.2] Retrenchment: where a conversion roll failed, the active army may advance free."""

    name = "advance"
    rule = "6.2"
    paths: list[PathRef] = field(default_factory=list)

    def _next(self, st: JihadState) -> int | None:
        return next((p for p in self.paths if board.free_advance_target(st, p) is not None), None)

    def prompt(self, st: JihadState, seat: str) -> tuple[str, str]:
        path = self._next(st)
        t = st.tables
        if path is None:
            return ("Retrenchment: no army can advance.", "6.2")
        aid = board.active(st, path)
        target = board.free_advance_target(st, path)
        army = "your army" if aid is None else f"the {t.army_short[aid]}"
        into = "" if target is None else f" into {t.land_title[t.path_lands[path][target - 1]]}"
        return (
            f"Retrenchment: on the {t.path_title[path]} {army} may advance{into} free, or decline.",
            "6.2",
        )

    def legal(self, st: JihadState, seat: str) -> list[Action]:
        path = self._next(st)
        if path is None:
            return []
        name = st.tables.path_name[path]
        return [st.game.action("advance", name), st.game.action("decline", name)]

    def act(self, st: JihadState, seat: str, action: Action) -> None:
        path = st.tables.path_id[action.args[0]]
        del self.paths[: self.paths.index(path) + 1]
        if action.verb == "advance":
            common.advance_army(st, path, "6.2")
        if self._next(st) is None:
            st.pop()

    def describe(self, st: JihadState) -> AdvanceFrame:
        return {"k": "advance", "paths": [st.tables.path_name[p] for p in self.paths]}


@dataclass(slots=True)
class RevoltChoice(Decision[JihadState]):
    """[16.4.1, 16.5.1] a Revolt or a Great King may break a Full Baqt: the player decides."""

    name = "revolt"
    rule = "16.4.1"
    path: PathRef = 0
    ap: int = 0
    #: the name of the Great King the Revolt would bring
    king: KingName | Literal[""] = ""

    def prompt(self, st: JihadState, seat: str) -> tuple[str, str]:
        t = st.tables
        country = t.army_short[t.country[self.path]]
        return (
            f"A Full Baqt holds on the {t.path_title[self.path]}: break it (revolt: the {country} rise, "
            f"strong, with a Great King of {self.ap} AP) or keep the peace (keep)?",
            "16.4.1",
        )

    def legal(self, st: JihadState, seat: str) -> list[Action]:
        name = st.tables.path_name[self.path]
        return [st.game.action("revolt", name), st.game.action("keep", name)]

    def act(self, st: JihadState, seat: str, action: Action) -> None:
        st.pop()
        if action.verb == "keep":
            st.emit(f"The Full Baqt on the {st.tables.path_title[self.path]} holds; no effect.", "16.4.1")
            return
        break_full_baqt(st, self.path)
        common.crown(st, self.path, self.king, self.ap, "16.4.3")

    def describe(self, st: JihadState) -> RevoltFrame:
        return {"k": "revolt", "path": st.tables.path_name[self.path], "ap": self.ap, "name": self.king}


@dataclass(slots=True)
class Council(Decision[JihadState]):
    """[20.2] the Ecumenical Council: keep the faith or change the Empire's religion; [20.4] the
    Monophysite Axis Pact on turn 1."""

    name = "council"
    rule = "20.2"

    def prompt(self, st: JihadState, seat: str) -> tuple[str, str]:
        adv = st.data.adv
        assert adv is not None
        schism = " (in Schism)" if adv.schism else ""
        pact = " Going Monophysite now also makes the Monophysite Axis Pact (20.4)." if adv.first_turn else ""
        return (
            f"Ecumenical Council: Byzantium is {adv.religion.capitalize()}{schism}. Keep the faith (and "
            f"leave any Schism), or change the Empire's religion (the marker turns to Schism).{pact}",
            "20.2",
        )

    def legal(self, st: JihadState, seat: str) -> list[Action]:
        adv = st.data.adv
        assert adv is not None
        action = st.game.action
        return [action("council", "keep"), *(action("council", r) for r in RELIGIONS if r != adv.religion)]

    def act(self, st: JihadState, seat: str, action: Action) -> None:
        st.pop()
        adv = st.data.adv
        assert adv is not None
        faith = action.args[0]
        if faith == "keep":
            adv.schism = False
            st.emit(
                f"The Council confirms the {adv.religion.capitalize()} faith; the marker turns face up.",
                "20.2",
            )
            return
        adv.religion = FAITH[faith]
        adv.schism = True
        st.emit(f"The Council makes Byzantium {faith.capitalize()}: the marker turns to Schism.", "20.2")
        if faith == "monophysite" and adv.first_turn:
            axis_pact(st)

    def describe(self, st: JihadState) -> BareFrame:
        return {"k": "council"}


def axis_pact(st: JihadState) -> None:
    """[20.4] the Armenians take Nisibis from the Garrison and get a Great King with 2 AP."""
    t = st.tables
    armenians = t.army_id.get("armenians")
    if armenians is None or board.position(st, armenians) is None:
        return
    caucasus = t.caucasus
    nisibis = t.path_lands[caucasus][0]
    for garrison in [a for a in board.path_armies(st, caucasus) if t.army_garrison[a]]:
        common.place(st, garrison, t.dead)
        st.data.armies[garrison].cursed = False
    common.place(st, armenians, nisibis)
    st.emit(
        "The Monophysite Axis Pact: the Byzantine Garrison leaves; the Armenians march into Nisibis as "
        "your active army.",
        "20.4",
    )
    common.remove_great_king(st, "16.5")
    common.crown(st, caucasus, PACT_KING, t.pact_ap, "20.4")


@dataclass(slots=True)
class Violate(Decision[JihadState]):
    """[22.4] at the end of the Events Phase the player may break a Truce."""

    name = "violate"
    rule = "22.4"

    def prompt(self, st: JihadState, seat: str) -> tuple[str, str]:
        adv = st.data.adv
        assert adv is not None and adv.truce is not None
        return (
            f"{board.EMPIRES_NAME[adv.truce]} is in Truce. Keep it, or break it (Ka'aba +1; take this "
            "turn's Rose AP and suffer the Arab Hits again)?",
            "22.4",
        )

    def legal(self, st: JihadState, seat: str) -> list[Action]:
        adv = st.data.adv
        if adv is None or adv.truce is None:
            return []
        return [st.game.action("truce", "keep"), st.game.action("truce", "break")]

    def act(self, st: JihadState, seat: str, action: Action) -> None:
        st.pop()
        if action.args[0] == "keep":
            return
        d = st.data
        adv = d.adv
        assert adv is not None and d.card is not None
        empire = adv.truce
        st.emit("The player breaks the Truce with the Arabs: the Syrians are furious.", "22.4")
        common.reinforce(st, 1, "22.4")
        common.end_truce(st, "22.4")
        card = st.tables.card[d.card]
        if card.ap is not None:
            theater = WEST if empire == "byzantium" else EAST
            amount = card.ap.west if theater == WEST else card.ap.east
            got = common.add_ap(st, theater, amount)
            st.emit(
                f"The {THEATER_TITLE[theater]} receives the Rose's {got} of {amount} AP after all.",
                "22.4",
            )

    def describe(self, st: JihadState) -> BareFrame:
        return {"k": "violate"}


FRAMES: tuple[type[Frame[Any]], ...] = (
    Events,
    Era,
    Choose,
    Themes,
    CapitalMove,
    Advance,
    RevoltChoice,
    Council,
    Violate,
)
