"""A heuristic bot for The First Jihad. It decides from ``view("player")`` and the legal
actions, like a person.

How it plays:

* Absorbing Hits (7.4): one Hit is a step loss; more go into a Castle (besiege, then flip it),
  then into retreats, then step losses; a Capital is spent only when nothing else remains.
  It never abandons a Castle or Rome while a step loss is still possible.
* Actions (8.x): plays every ▲ event; rallies damaged armies; attacks when the odds of the
  roll (one die, or the lower of two) are at least one in three, with the Immortals or an
  Amphibious Landing when available; pushes Bulgars, Tibet and Cyprus off their +1 box;
  repairs Capitals and Castles with spare AP; otherwise keeps the AP (banking).
* Small choices: Last Stand chits show their AP side; Icons go next to the Greek Islam marker.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import TYPE_CHECKING, Any

from consim.core.action import Action

if TYPE_CHECKING:
    from consim.core.game import Game

MIN_ODDS = 1 / 3


def win_odds(value: int, dice: int, drm: int) -> float:
    """Chance that a roll (one die, or the lower of two) plus ``drm`` beats ``value``."""
    need = value - drm + 1  # the die must show at least this
    if need <= 1:
        return 1.0
    if need > 6:
        return 0.0
    p = (7 - need) / 6
    return p if dice == 1 else p * p


class HeuristicBot:
    uses_view = True

    def __init__(self, game: Game, seat: str, seed: int = 0) -> None:
        from consim.games.jihad.game import JihadGame

        assert isinstance(game, JihadGame)
        self.game: JihadGame = game
        self.seat = seat

    def choose(self, view: Mapping[str, Any], actions: Sequence[Action]) -> Action:
        frame = view["frame"] or {}
        kind = frame.get("k")
        by_text = {a.text: a for a in actions}
        if kind == "absorb":
            return self._absorb(view, frame, by_text, actions)
        if kind == "actions":
            return self._act(view, by_text, actions)
        if kind == "loot":
            return by_text.get("decline", actions[0])
        if kind == "icons":
            return self._icons(view, actions)
        for first in ("advance", "side", "option", "themes"):
            for a in actions:
                if a.verb == first:
                    return a
        return by_text.get("done", actions[0])

    # -- 7.4 -------------------------------------------------------------------------------

    def _absorb(
        self,
        view: Mapping[str, Any],
        frame: Mapping[str, Any],
        by_text: dict[str, Action],
        actions: Sequence[Action],
    ) -> Action:
        hits = frame["hits"]
        army = view["armies"][frame["army"]]
        order: list[str]
        if hits == 1:
            order = ["step", "castle", "besiege", "retreat", "capital"]
        elif army["sieged"]:
            order = ["castle", "step", "capital", "retreat"]
        elif frame["path"] == "greek" and army["str"] == "strong" and hits <= 3:
            order = ["besiege", "castle", "step", "retreat", "capital"]  # hold ground on the road to Rome
        else:
            order = ["besiege", "castle", "retreat", "step", "capital"]
        in_rome = army["at"] == "rome"
        for verb in order:
            if verb == "retreat" and in_rome and len(actions) > 1:
                continue
            if verb in by_text:
                return by_text[verb]
        return actions[0]

    # -- 8.x -------------------------------------------------------------------------------

    def _act(self, view: Mapping[str, Any], by_text: dict[str, Action], actions: Sequence[Action]) -> Action:
        for a in actions:
            if a.verb == "event":
                return a
        for a in actions:
            if a.verb == "rally" and len(a.args) == 1:
                return a
        for a in actions:
            if a.verb == "rally" and len(a.args) == 2 and a.args[1] in ("blue", "red", "purple"):
                return a
        best: tuple[float, Action] | None = None
        for a in actions:
            if a.verb != "attack":
                continue
            odds = self._attack_odds(view, a)
            odds += 0.2 if a.args[0] == "greek" else 0.0  # the Greek Path decides the game (5.1)
            if odds >= MIN_ODDS and (best is None or odds > best[0]):
                best = (odds, a)
        if best is not None:
            path = best[1].args[0]
            if path in ("greek", "med") and "landing" in by_text and not view["landing"]:
                return by_text["landing"]
            return best[1]
        for track in ("bulgars", "tibet"):
            text = f"appease {track}"
            if text in by_text and view["tracks"][track]["box"] >= 0:
                return by_text[text]
        if view["tracks"]["cyprus"]["box"] >= 0:
            for text in ("naval fleet", "naval"):
                if text in by_text:
                    return by_text[text]
        for a in actions:
            if a.verb in ("fix-capital", "build-capital", "fix-castle"):
                return a
        for a in actions:
            if a.verb == "token":
                return a
        return by_text.get("done", actions[-1])

    def _attack_odds(self, view: Mapping[str, Any], action: Action) -> float:
        g = self.game
        path = action.args[0]
        p = next(x for x in view["paths"] if x["id"] == path)
        aid = p["active"]
        army = view["armies"][aid]
        value = g.army_value(aid, army["str"])
        idx = next(x["index"] for x in p["lands"] if x["id"] == army["at"])
        target = idx if army["sieged"] else idx - 1
        marker = p["islam"]
        muslim = target < marker["at"] or (target == marker["at"] and not marker["dis"])
        land_religion = "islam" if muslim else p["lands"][target - 1]["religion"]
        counter = g.content.army(aid)
        if counter.sun:
            dice = 1
        elif counter.power == "berbers":
            dice = 1 if view["berbers_catholic"] and land_religion == "catholic" else 2
        else:
            dice = 1 if counter.religion == land_religion else 2
        drm = int(action.args[1][-1]) if len(action.args) > 1 else 0
        if view["landing"] and path in ("greek", "med"):
            drm += 1
        return win_odds(value, dice, drm)

    def _icons(self, view: Mapping[str, Any], actions: Sequence[Action]) -> Action:
        greek = next(x for x in view["paths"] if x["id"] == "greek")
        want = greek["lands"][min(greek["islam"]["at"], len(greek["lands"]) - 1)]["id"]
        for a in actions:
            if a.args and a.args[0] == want:
                return a
        return next((a for a in actions if a.verb == "done"), actions[0])
