"""A heuristic bot for The First Jihad. It decides from ``view("player")`` and the legal
actions, like a person.

How it plays:

* Absorbing Hits (7.4): one Hit is a step loss; more go into a Castle (besiege, then flip it),
  then into retreats, then step losses; a Capital is spent only when nothing else remains.
  It never abandons a Castle or Rome while a step loss is still possible. A strong army on the
  Indian or Parthian Path takes two Hits as two step losses and keeps its Land: the East's AP
  rally it, and over 1000 Advanced games this scored better than giving the Land up (median 23
  against 24 OP, 25 or better in 59 % against 56 %).
* Actions (8.x): plays every ▲ event and bonus token; buys off the Bulgars and Tibet while
  they add Hits; rallies shattered armies first, the most endangered Path (the Greek Path,
  which can end the game, 5.1) first; rallies weak armies before they attack; attacks at odds
  of one in three or better (any odds when the AP cannot be banked), with the Immortals or an
  Amphibious Landing; fights for Cyprus with Greek Fire; repairs Capitals; fixes Castles and
  builds new ones next to an endangered army; cashes a Last Stand chit before its era ends or
  in an emergency; otherwise banks the AP.
* Small choices: Last Stand chits show their AP side; Icons go next to the Greek Islam marker.
* Advanced Game: takes the Christian Damascus tokens every turn; accepts every Truce it may;
  keeps Byzantium Orthodox and a Full Baqt's peace. In a turn whose card offers a Baqt it steers
  for one: a Garrison falls back onto its Country and is left there to die (14.6), so the
  Country is active in its flag Land at the Diplomacy Step; a Country in a flag Land takes step
  losses rather than retreat and does not attack out of it. It does not steer clear of Green
  Box Lands: over 120 games a Greek army that draws the Syrians early wears the Ka'aba Number
  down and scores better (median 41 against 45 OP) than one that keeps out of their way.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import TYPE_CHECKING, Any, cast

from consim.core.action import Action
from consim.games.jihad.board import army_value
from consim.games.jihad.content import JihadTables
from consim.games.jihad.viewtypes import AbsorbFrame, ArmyView, JihadSeatView, PathView

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


def _active(p: PathView) -> str:
    """The id of the active army of a Path that has one (a Path an attack or a rally names)."""
    aid = p["active"]
    assert aid is not None, f"no army on the {p['name']}"
    return aid


def _army_on(view: JihadSeatView, p: PathView) -> ArmyView:
    """The active army of a Path that has one."""
    return view["armies"][_active(p)]


def _land_of(arg: str) -> str:
    """The view's id of a Land an action names ("upper-egypt" -> "upper_egypt")."""
    return arg.replace("-", "_")


class HeuristicBot:
    uses_view = True

    def __init__(self, game: Game, seat: str, seed: int = 0) -> None:
        tables = game.tables
        assert isinstance(tables, JihadTables)
        self.tables = tables
        self.seat = seat

    def _garrison(self, army: str) -> bool:
        t = self.tables
        return t.army_garrison[t.army_id[army]]

    def _flag(self, land: str) -> str | None:
        """[16.3] the Baqt flag printed in a Land."""
        t = self.tables
        return t.land[t.place_id[land]].baqt_flag

    def choose(self, view: Mapping[str, Any], actions: Sequence[Action]) -> Action:
        v = cast(JihadSeatView, view)
        frame = v["frame"]
        kind = None if frame is None else frame["k"]
        by_text = {a.text: a for a in actions}
        if frame is not None and frame["k"] == "absorb":
            return self._absorb(v, frame, by_text, actions)
        if kind == "actions":
            return self._act(v, by_text, actions)
        if kind == "loot":
            return by_text.get("decline", actions[0])
        if kind == "icons":
            return self._icons(v, actions)
        if kind == "revolt" and "keep" in {a.verb for a in actions}:
            return next(a for a in actions if a.verb == "keep")  # [16.4.1] the Full Baqt's peace holds
        for first in ("advance", "side", "option", "themes"):
            for a in actions:
                if a.verb == first:
                    return a
        return by_text.get("done", actions[0])

    # -- 7.4 -------------------------------------------------------------------------------

    def _absorb(
        self,
        view: JihadSeatView,
        frame: AbsorbFrame,
        by_text: dict[str, Action],
        actions: Sequence[Action],
    ) -> Action:
        hits = frame["hits"]
        army = view["armies"][frame["army"]]
        order: list[str]
        baqt = frame["path"] in self._baqt_paths(view)
        if baqt and self._garrison(frame["army"]):
            order = ["retreat", "step"]  # [16.2, 14.6] onto the Country, which then signs (16.3)
        elif baqt and self._flag(army["at"]) is not None:
            order = ["step", "retreat"]  # [16.3] the Country holds its flag Land to sign
        elif hits == 1:
            order = ["step", "castle", "besiege", "retreat", "capital"]
        elif army["sieged"]:
            order = ["castle", "step", "capital", "retreat"]
        elif army["str"] == "strong" and hits == 2 and frame["path"] in ("indian", "parthian"):
            order = ["step", "castle", "besiege", "retreat", "capital"]  # the East keeps its Land
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

    def _act(self, view: JihadSeatView, by_text: dict[str, Action], actions: Sequence[Action]) -> Action:
        hold = self._baqt_holds(view)
        if hold:
            actions = [a for a in actions if not self._touches(a, hold)]
            by_text = {a.text: a for a in actions}
        for a in actions:
            if a.verb == "event":
                return a  # [8.13] a ▲ event is free
        if "damascus" in by_text:
            return by_text["damascus"]  # [21.2] Christian Damascus: two free purple AP tokens
        for a in actions:
            if a.verb == "token":
                return a  # [8.15] red/blue tokens die at the end of the turn (14.8)
        paths = {p["id"]: p for p in view["paths"]}
        in_seg = {a.args[0] for a in actions if a.verb in ("attack", "rally") and a.args}
        escape = self._escape(view, paths, in_seg, by_text, actions)
        if escape is not None:
            return escape
        # [13.3, 13.4] a marker on +1 (or 0) adds a Hit every turn until it moves: buy it off first
        for track in ("bulgars", "tibet"):
            text = f"appease {track}"
            if text in by_text and view["tracks"][track]["box"] >= 0:
                return by_text[text]
        # [8.4] a shattered army cannot attack and dies of the next Hits: rally it first
        for path in self._by_danger(view, in_seg):
            army = _army_on(view, paths[path])
            if army["str"] == "shattered":
                for text in (f"rally {path} 2", f"rally {path} purple", f"rally {path}"):
                    if text in by_text:
                        return by_text[text]
                for a in actions:
                    if a.verb == "rally" and a.args[0] == path:
                        return a
        # [8.3] attacks: best odds, the Greek Path (5.1) and the endangered Paths first
        best: tuple[float, Action] | None = None
        for a in actions:
            if a.verb != "attack":
                continue
            path = a.args[0]
            odds = self._attack_odds(view, a)
            army = _army_on(view, paths[path])
            if army["str"] == "weak" and (f"rally {path}" in by_text or self._token_rally(by_text, path)):
                continue  # [9.1.2.1] rally first, then attack with the strong value
            score = odds + self._danger(view, path) / 2
            if odds >= self._min_odds(view, a) and (best is None or score > best[0]):
                best = (score, a)
        # rally the weak army on the endangered Path before it attacks
        for path in self._by_danger(view, in_seg):
            army = _army_on(view, paths[path])
            if army["str"] == "weak":
                token = self._token_rally(by_text, path)
                if token is not None:
                    return token
                if f"rally {path}" in by_text and (best is None or self._danger(view, path) >= 0.5):
                    return by_text[f"rally {path}"]
        if best is not None:
            path = best[1].args[0]
            if path in ("greek", "med") and "landing" in by_text and not view["landing"]:
                return by_text["landing"]  # [8.5.3] the free +1
            return best[1]
        for path in self._by_danger(view, in_seg):
            if f"rally {path}" in by_text:
                return by_text[f"rally {path}"]
        # [8.5.1] Command of the Sea: Cyprus off +1/0 saves Hits and Straits AP (8.3.1)
        if view["tracks"]["cyprus"]["box"] >= 0:
            fleet = view["fleet"]
            if "naval fleet" in by_text and fleet["side"] != "plus_one":
                return by_text["naval fleet"]  # Greek Fire: +3
            if "naval fleet" in by_text and view["tracks"]["cyprus"]["box"] > 0:
                return by_text["naval fleet"]
        for a in actions:
            if a.verb in ("fix-capital", "build-capital"):
                return a  # [8.8] banking needs a Capital; each side is 1 Outcome Point (5.2 D)
        castle = self._castle(view, actions)
        if castle is not None:
            return castle  # [8.7] a Castle absorbs Hits and subtracts its value (5.2 D)
        stand = self._last_stand(view, by_text)
        if stand is not None:
            return stand
        return by_text.get("done", actions[-1])

    # -- 16.3 the Baqt ------------------------------------------------------------------------

    def _baqt_paths(self, view: JihadSeatView) -> set[str]:
        """Paths whose Baqt card was drawn this turn and that have no Baqt yet (Advanced)."""
        adv = view.get("advanced")
        if not adv:
            return set()
        return {o["path"] for o in adv["offers"] if o["kind"] == "baqt" and adv["baqt"][o["path"]] is None}

    def _baqt_holds(self, view: JihadSeatView) -> set[str]:
        """[16.3] Paths to leave alone this turn so the Baqt can be signed in the Diplomacy Step:
        a Garrison that fell back onto its Country stays there to die (14.6), and a Country
        already standing in a flag Land does not attack out of it."""
        out: set[str] = set()
        for path in self._baqt_paths(view):
            p = next(x for x in view["paths"] if x["id"] == path)
            aid = p["active"]
            if aid is None:
                continue
            army = view["armies"][aid]
            land = next(x for x in p["lands"] if x["id"] == army["at"])
            if self._garrison(aid):
                if len(land["armies"]) > 1:
                    out.add(path)  # on top of the neutral Country: no Escape, no rally
            elif self._flag(land["id"]) == "full":
                out.add(path)
        return out

    @staticmethod
    def _touches(action: Action, paths: set[str]) -> bool:
        if action.verb in ("attack", "rally") and action.args and action.args[0] in paths:
            return True
        return action.verb == "trade" and len(action.args) > 2 and action.args[2] in paths

    def _target_index(self, view: JihadSeatView, path: str) -> int:
        """The Land an attack on this Path goes for: the one in front, or its own if besieged."""
        p = next(x for x in view["paths"] if x["id"] == path)
        army = _army_on(view, p)
        idx: int = next(x["index"] for x in p["lands"] if x["id"] == army["at"])
        return idx if army["sieged"] else idx - 1

    def _escape(
        self,
        view: JihadSeatView,
        paths: Mapping[str, PathView],
        in_seg: set[str],
        by_text: dict[str, Action],
        actions: Sequence[Action],
    ) -> Action | None:
        """[7.5.1, 14.6] an army thrown onto a Neutral dies at the end of the turn unless it wins
        its Land back: attack at any odds (rallying a shattered army first)."""
        for path in self._by_danger(view, in_seg):
            army = _army_on(view, paths[path])
            if not army["top"] or army["cursed"]:
                continue
            attacks = [a for a in actions if a.verb == "attack" and a.args[0] == path]
            if attacks:
                return max(attacks, key=lambda a: self._attack_odds(view, a))
            if army["str"] == "shattered" and f"rally {path}" in by_text:
                return by_text[f"rally {path}"]
        return None

    def _danger(self, view: JihadSeatView, path: str) -> float:
        """How far back the Path's active army stands (0 at Mecca's door, 1 at the end)."""
        p = next(x for x in view["paths"] if x["id"] == path)
        at = view["armies"][p["active"]]["at"] if p["active"] else None
        idx = next((x["index"] for x in p["lands"] if x["id"] == at), len(p["lands"]))
        danger = idx / len(p["lands"])
        return min(1.0, danger + 0.25) if path == "greek" else danger  # Rome ends the game (5.1)

    def _by_danger(self, view: JihadSeatView, paths: set[str]) -> list[str]:
        # ties go by the Paths' fixed order, never by set order (which varies between processes)
        order = self.tables.path_name
        return sorted(paths, key=lambda p: (-self._danger(view, p), order.index(p)))

    def _token_rally(self, by_text: dict[str, Action], path: str) -> Action | None:
        for colour in ("blue", "red", "purple"):
            a = by_text.get(f"rally {path} {colour}")
            if a is not None:
                return a
        return None

    def _min_odds(self, view: JihadSeatView, action: Action) -> float:
        """Attack on weaker odds when the AP would be lost anyway: no Capital to bank (6.3.2), a
        Path of its own that cannot bank (14.8), or the last turn (only card 50 is left, 5.2)."""
        path = action.args[0]
        if sum(view["deck_remaining"].values()) <= 1:
            return 0.05
        if path in ("african", "caucasus"):
            adv = view.get("advanced")
            king = None if adv is None else adv["great_king"]
            if king is None or king["path"] != path:
                return 0.05
        theater = "west" if path in ("greek", "med") else "east"
        empire = "byzantium" if theater == "west" else "persia"
        capital = view["capitals"].get(empire)
        if capital is None or capital["at"] is None or view["divided"].get(theater):
            return 0.05
        return MIN_ODDS

    def _castle(self, view: JihadSeatView, actions: Sequence[Action]) -> Action | None:
        fixes = [a for a in actions if a.verb == "fix-castle"]
        if fixes:
            return fixes[0]
        builds = [a for a in actions if a.verb == "build-castle"]
        if not builds:
            return None
        # the Land right behind the endangered army, so a later retreat lands on it (7.4.3.1)
        for path in self._by_danger(view, {"greek", "med", "indian", "parthian"}):
            p = next(x for x in view["paths"] if x["id"] == path)
            if p["active"] is None:
                continue
            at = view["armies"][p["active"]]["at"]
            idx = next((x["index"] for x in p["lands"] if x["id"] == at), None)
            if idx is None:
                continue
            for land in p["lands"][idx - 1 : idx + 1]:
                if land["castle"]:
                    break
                for a in builds:
                    if _land_of(a.args[-1]) == land["id"]:
                        return a
        return None

    def _last_stand(self, view: JihadSeatView, by_text: dict[str, Action]) -> Action | None:
        """[8.14, 6.4] the chit comes back at the next End of an Era: cash it before then."""
        card = view["card"]
        era = None if card is None else card["era"]
        left = 0 if era is None else view["deck_remaining"].get(era, 0)
        era_left = left - (1 if era == "black" else 0)  # card 50 (3.3.2)
        for empire in ("byzantium", "persia"):
            a = by_text.get(f"last-stand {empire}")
            if a is None:
                continue
            path = "greek" if empire == "byzantium" else "parthian"
            if era_left <= 0 or self._danger(view, path) >= 1.0:
                return a
        return None

    def _attack_odds(self, view: JihadSeatView, action: Action) -> float:
        t = self.tables
        path = action.args[0]
        p = next(x for x in view["paths"] if x["id"] == path)
        aid = _active(p)
        army = view["armies"][aid]
        army_id = t.army_id[aid]
        value = army_value(t, army_id, army["str"])
        target = self._target_index(view, path)
        marker = p["islam"]
        muslim = target < marker["at"] or (target == marker["at"] and not marker["dis"])
        land_religion = "islam" if muslim else p["lands"][target - 1]["religion"]
        religion = t.army_religion[army_id]
        if religion is None:  # [9.1.1] a sun: Not Religious
            dice = 1
        elif t.army_power[army_id] == "berbers":
            dice = 1 if view["berbers_catholic"] and land_religion == "catholic" else 2
        else:
            dice = 1 if religion == land_religion else 2
        drm = int(action.args[1][-1]) if len(action.args) > 1 else 0
        if view["landing"] and path in ("greek", "med"):
            drm += 1
        return win_odds(value, dice, drm)

    def _icons(self, view: JihadSeatView, actions: Sequence[Action]) -> Action:
        greek = next(x for x in view["paths"] if x["id"] == "greek")
        want = greek["lands"][min(greek["islam"]["at"], len(greek["lands"]) - 1)]["id"]
        for a in actions:
            if a.args and _land_of(a.args[0]) == want:
                return a
        return next((a for a in actions if a.verb == "done"), actions[0])
