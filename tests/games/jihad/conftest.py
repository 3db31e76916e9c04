"""Helpers to build exact First Jihad positions (scenario tests from a custom set-up)."""

from __future__ import annotations

from collections.abc import Callable, Iterable
from typing import Any

import consim
from consim.games.jihad.game import JihadGame, JihadState


class Dice:
    """A scripted die for worked examples: ``randint`` returns the given rolls in order."""

    def __init__(self, rolls: Iterable[int]) -> None:
        self.rolls = list(rolls)
        self.calls = 0
        self.state = 0

    def randint(self, a: int, b: int) -> int:
        self.calls += 1
        roll = self.rolls.pop(0)
        assert a <= roll <= b
        return roll

    def copy(self) -> Dice:
        return Dice(self.rolls)


def game(**options: Any) -> JihadGame:
    g = consim.load_game("jihad", **options)
    assert isinstance(g, JihadGame)
    return g


def arrange(
    mutate: Callable[[dict[str, Any]], None] | None = None,
    stack: list[dict[str, Any]] | None = None,
    armies: dict[str, tuple[str, str]] | None = None,
    seed: int = 0,
    options: dict[str, Any] | None = None,
    advanced: bool = False,
) -> JihadState:
    """A fresh game changed by ``mutate`` (on the plain data); ``armies`` places armies as
    {army: (place, strength)}; ``stack`` replaces the sequence-of-play stack; ``options`` are
    the game options (the readings of JihadOptions); ``advanced`` builds the Advanced Game
    (the ``advanced`` option, 15.0)."""
    g = game(**{**(options or {}), "advanced": True}) if advanced else game(**(options or {}))
    data = g.new_game(seed).to_dict()
    s = data["data"]
    for aid, (at, strength) in (armies or {}).items():
        s["armies"][aid].update(at=at, str=strength, cursed=False, sieged=False, top=False)
    if mutate is not None:
        mutate(s)
    if stack is not None:
        s["stack"] = stack
    data["log"] = []
    data["actions"] = []
    data["undo_floor"] = 0
    state = g.restore(data)
    assert isinstance(state, JihadState)
    return state


def absorbing(path: str, army: str, hits: int) -> list[dict[str, Any]]:
    """A stack with ``army`` about to absorb ``hits``; the Actions Phase waits below it."""
    return [*acting(), {"k": "absorb", "path": path, "army": army, "hits": hits, "curse": False}]


def acting(segs: tuple[str, ...] = ("west", "east"), seg: int = 0) -> list[dict[str, Any]]:
    """A stack in the Actions Phase."""
    return [{"k": "turn", "step": "end"}, {"k": "actions", "segs": list(segs), "seg": seg}]


def texts(state: JihadState) -> list[str]:
    return [a.text for a in state.legal_actions("player")]


def muster(s: dict[str, Any], kaaba: int = 5) -> None:
    """[17.1.1] the Syrians have mustered: Damascus is the Islamic Capital, card #2 has been
    drawn, and the Ka'aba Number is ``kaaba`` (above 2: the Mujahideen show their Syrian side)."""
    adv = s["adv"]
    adv["damascus"] = "capital"
    s["islam"]["greek"]["at"] = max(1, s["islam"]["greek"]["at"])
    if 2 in s["deck"]:
        s["deck"].remove(2)
        s["played"].append(2)
    adv["kaaba"] = kaaba
    adv["muj"]["side"] = "syrian" if kaaba > 2 else "tribal"
