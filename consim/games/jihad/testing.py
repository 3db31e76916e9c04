"""Test support: the conformance suite's leak check, and builders of exact positions.

The only hidden information of this solitaire game is the order of the undrawn cards.
``perturb(state, seat, rng, include_deck)`` returns a copy whose undrawn cards are reshuffled
within their era (the fixed first cards of each era and card 50 stay in place, 3.3), and an
identity translation (no action names a hidden card).
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any, Literal

import consim
from consim.core.action import Action
from consim.core.flow import Decision, Frame
from consim.core.game import Game, State
from consim.core.rng import Rng
from consim.games.jihad import board
from consim.games.jihad.content import EMPIRES, REFUGEES, SEAT, JihadTables
from consim.games.jihad.rules.actions import Actions
from consim.games.jihad.rules.arab import Absorb
from consim.games.jihad.rules.turn import ERAS, Turn
from consim.games.jihad.state import (
    Advanced,
    Army,
    Baqt,
    Capital,
    Castle,
    Empire,
    GreatKing,
    Islam,
    JihadData,
    JihadState,
    JihadWar,
    Offer,
    Strength,
    Track,
)


def perturb(
    state: State, seat: str | None, rng: Rng, include_deck: bool = True
) -> tuple[State, Callable[[Action], Action]]:
    assert isinstance(state, JihadState)
    other = state.clone()
    assert isinstance(other, JihadState)
    if include_deck:
        deck = other.data.deck
        t = other.tables
        card = t.card
        fixed = (*t.deck.fixed_first, t.deck.fixed_last)
        for era in ERAS:
            slots = [i for i, n in enumerate(deck) if card[n].era == era and n not in fixed]
            cards = [deck[i] for i in slots]
            rng.shuffle(cards)
            for i, n in zip(slots, cards, strict=True):
                deck[i] = n
    other.refresh()

    def translate(action: Action) -> Action:
        return action

    return other, translate


# =============================================================================================
# Position builders for tests (public means only: State.edit, frames pushed and run)
# =============================================================================================

#: a sequence-of-play stack, built once the game's tables are known (ids are per game)
StackSpec = Callable[[JihadTables], list[Frame[Any]]]


class Position:
    """A First Jihad position read and changed by name (tests, scenario designers): every
    content id by its name, the typed records underneath. It reads ``state.data`` each time, so
    it stays valid across ``State.edit``."""

    __slots__ = ("state",)

    def __init__(self, state: JihadState) -> None:
        self.state = state

    @property
    def d(self) -> JihadData:
        return self.state.data

    @property
    def t(self) -> JihadTables:
        return self.state.tables

    @property
    def adv(self) -> Advanced:
        adv = self.state.data.adv
        assert adv is not None, "not the Advanced Game"
        return adv

    def place(self, name: str) -> int:
        return self.t.place_id[name]

    def path(self, name: str) -> int:
        return self.t.path_id[name]

    def army_id(self, name: str) -> int:
        return self.t.army_id[name]

    def army(self, name: str) -> Army:
        return self.d.armies[self.t.army_id[name]]

    def at(self, army: str) -> str:
        """Where an army is, by name ("off", "dead" and the Berber box included)."""
        return self.t.place_name[self.army(army).at]

    def put(self, army: str, at: str, strength: Strength = "strong") -> Army:
        """Place an army fresh: no Curse, not besieged, not on a Neutral."""
        a = self.army(army)
        a.at = self.place(at)
        a.strength = strength
        a.cursed = a.sieged = a.top = False
        return a

    def islam(self, path: str) -> Islam:
        return self.d.islam[self.t.path_id[path]]

    def set_islam(self, path: str, at: int, dis: bool = False) -> None:
        marker = self.islam(path)
        marker.at = at
        marker.dis = dis

    def track(self, name: str) -> Track:
        return self.d.tracks[self.t.track_id[name]]

    def castle(self, name: str) -> Castle:
        return self.d.castles[self.t.castle_id[name]]

    def capital(self, empire: str) -> Capital:
        return self.d.capitals[EMPIRES.index(empire)]

    def name(self, place: int | None) -> str | None:
        return None if place is None else self.t.place_name[place]

    def active(self, path: str) -> str | None:
        """[2.1.5.1] the active army of a Path, by name."""
        aid = board.active(self.state, self.path(path))
        return None if aid is None else self.t.army_name[aid]

    def path_armies(self, path: str) -> list[str]:
        return [self.t.army_name[a] for a in board.path_armies(self.state, self.path(path))]

    def baqt(self, path: str) -> dict[str, str] | None:
        """[16.3] the Baqt signed on a Path, as {"kind", "at"}."""
        b = self.adv.baqt[self.path(path)]
        return None if b is None else {"kind": b.kind, "at": self.t.place_name[b.at]}

    def set_baqt(self, path: str, kind: Literal["full", "partial"] | None, at: str = "") -> None:
        self.adv.baqt[self.path(path)] = None if kind is None else Baqt(kind=kind, at=self.place(at))

    def offer_baqt(self, path: str) -> None:
        """[16.3] this turn's card offers a Baqt on the Path."""
        self.adv.offers.append(Offer(kind="baqt", path=self.path(path)))

    def offer_truce(self, empire: Empire) -> None:
        """[22.0] this turn's card offers the Empire a Truce."""
        self.adv.offers.append(Offer(kind="truce", empire=empire))

    def refugee(self, name: str) -> str:
        return self.t.place_name[self.adv.refugees[REFUGEES.index(name)]]

    def set_refugee(self, name: str, at: str) -> None:
        self.adv.refugees[REFUGEES.index(name)] = self.place(at)

    def set_muj(self, at: str, side: Literal["tribal", "syrian"]) -> None:
        """[17.1] the Mujahideen: a Path's name, or "casbah"."""
        self.adv.muj_at = None if at == "casbah" else self.path(at)
        self.adv.muj_side = side

    def muj(self) -> dict[str, str]:
        adv = self.adv
        return {"at": "casbah" if adv.muj_at is None else self.t.path_name[adv.muj_at], "side": adv.muj_side}

    def set_jihad(self, target: Empire, mode: Literal["alternating", "one_front"], path: str) -> None:
        self.adv.jihad = JihadWar(target=target, mode=mode, path=self.path(path))

    def jihad(self) -> dict[str, Any] | None:
        j = self.adv.jihad
        if j is None:
            return None
        return {"target": j.target, "mode": j.mode, "path": self.t.path_name[j.path], "stop": j.stop}

    def crown(self, path: str, name: str, army: str, new: bool = False) -> None:
        """[16.5] a Great King leading the named army on the Path."""
        self.adv.great_king = GreatKing(path=self.path(path), name=name, army=self.army_id(army), new=new)

    def king(self) -> dict[str, Any] | None:
        k = self.adv.great_king
        if k is None:
            return None
        t = self.t
        return {"path": t.path_name[k.path], "name": k.name, "army": t.army_name[k.army], "new": k.new}

    def play_card(self, number: int) -> None:
        """Card ``number`` leaves the deck and is this turn's card."""
        d = self.d
        if number in d.deck:
            d.deck.remove(number)
            d.played.append(number)
        d.card = number


def game(**options: Any) -> Game:
    """The First Jihad with these options."""
    g = consim.load_game("jihad", **options)
    assert isinstance(g.tables, JihadTables)
    return g


def arrange(
    mutate: Callable[[Position], None] | None = None,
    stack: StackSpec | None = None,
    armies: Mapping[str, tuple[str, Strength]] | None = None,
    seed: int = 0,
    options: Mapping[str, Any] | None = None,
    advanced: bool = False,
) -> JihadState:
    """A fresh game changed by ``mutate`` (on a :class:`Position`); ``armies`` places armies as
    {army: (place, strength)}; ``stack`` replaces the sequence-of-play stack (the automatic
    steps on top of it then run, as after any action); ``options`` are the game options (the
    readings of JihadOptions); ``advanced`` builds the Advanced Game (15.0). Built with
    ``State.edit``: the log and the record start here."""
    opts = {**(options or {}), "advanced": True} if advanced else dict(options or {})
    st = game(**opts).new_game(seed)
    assert isinstance(st, JihadState)
    with st.edit():
        p = Position(st)
        for army, (at, strength) in (armies or {}).items():
            p.put(army, at, strength)
        if mutate is not None:
            mutate(p)
        if stack is not None:
            st.stack[:] = stack(st.tables)
    return st


def acting(segs: tuple[str, ...] = ("west", "east"), seg: int = 0) -> StackSpec:
    """A stack in the Actions Phase (8.0), segment ``seg`` of ``segs`` acting."""
    return lambda t: [Turn(step="end"), Actions(segs=list(segs), seg=seg)]


def absorbing(path: str, army: str, hits: int) -> StackSpec:
    """A stack with ``army`` about to absorb ``hits`` (7.4); the Actions Phase waits below it."""

    def build(t: JihadTables) -> list[Frame[Any]]:
        return [*acting()(t), Absorb(path=t.path_id[path], army=t.army_id[army], hits=hits)]

    return build


def on(base: StackSpec, *frames: Callable[[JihadTables], Frame[Any]]) -> StackSpec:
    """``base`` with more frames on top, each built from the tables."""
    return lambda t: [*base(t), *(f(t) for f in frames)]


def texts(state: State) -> list[str]:
    """The legal actions of the player now, as text."""
    return [a.text for a in state.legal_actions(SEAT)]


def settle(state: JihadState) -> None:
    """Run the automatic steps on top of the stack until a decision with a legal action (or the
    end of the game), as the core does after every action, using the state's generator as it is
    (scripted dice included)."""
    while state.stack:
        top = state.top
        if isinstance(top, Decision):
            seats = top.seats(state)
            if seats and top.legal(state, seats[0]):
                break
            top.skip(state)
        else:
            top.run(state)
        state.cache.clear()
    state.refresh()


def run(state: JihadState, *frames: Frame[Any]) -> None:
    """Start these procedures (pushed in order, the last on top) and :func:`settle`."""
    for frame in frames:
        state.push(frame)
    settle(state)


def muster(p: Position, kaaba: int = 5) -> None:
    """[17.1.1] the Syrians have mustered: Damascus is the Islamic Capital, card #2 has been
    drawn, and the Ka'aba Number is ``kaaba`` (above 2: the Mujahideen show their Syrian side)."""
    adv = p.adv
    adv.damascus = "capital"
    greek = p.islam("greek")
    greek.at = max(1, greek.at)
    d = p.d
    if 2 in d.deck:
        d.deck.remove(2)
        d.played.append(2)
    adv.kaaba = kaaba
    adv.muj_side = "syrian" if kaaba > 2 else "tribal"
