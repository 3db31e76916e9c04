"""A simple heuristic bot for Fitna: it decides from the legal actions only (like a person
who reads the prompt), preferring to act over passing, balanced OP splits and a two-and-two
opening hand (34.0's advice), and seldom spending its Joker early."""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence
from typing import Any

from consim.core.action import Action
from consim.core.game import Game

#: how much each kind of action is wanted, relative to the others
WEIGHTS: dict[str, float] = {
    "done": 0.4,
    "pass": 1.0,
    "none": 0.05,
    "depot": 0.5,
    "joker": 0.05,
    "exchange": 0.05,
    "accept": 0.3,
    "refuse": 1.0,
    "attack_from": 2.0,
    "add": 3.0,
    "attack": 1.0,
    "commit": 1.5,
    "cancel": 2.0,
    "play": 1.5,
    "special": 0.3,
    "move": 1.5,
    "stop": 1.0,
}


class HeuristicBot:
    """Weighted choices among the legal actions."""

    uses_view = False

    def __init__(self, game: Game, seat: str, seed: int = 0) -> None:
        self.seat = seat
        self._random = random.Random(seed)

    def _weight(self, action: Action) -> float:
        verb = action.verb
        if verb == "take":
            return 5.0 if action.args[0].startswith("2 ") else 1.0
        if verb == "allocate":
            m, c = (int(x) for x in action.args[0].split("-"))
            return 1.0 / (1 + abs(m - c))
        if verb == "ops":
            return 1.0
        return WEIGHTS.get(verb, 1.0)

    def choose(self, view: Mapping[str, Any], actions: Sequence[Action]) -> Action:
        weights = [self._weight(a) for a in actions]
        return self._random.choices(list(actions), weights=weights)[0]
