"""The First Jihad: the Game, the State, and the board queries every rules module shares.

The sequence of play (4.1) is a stack of frames stored in the state as plain data. The bottom
frame is the turn (steps: draw, AP, Arab Phase, Actions Phase, End of Turn); procedures push
frames on top of it (the Arab invasion of one Path, the hits absorbed by one army, an event
queue, a choice). Frames that need a decision are *decision frames*: their prompt and legal
actions come from the module that owns them; every other frame is advanced automatically by
:meth:`JihadState._run` until a decision is needed or the game ends.

Module map (the rulebook's order): ``events.py`` (6.x, the Event cards), ``arabs.py`` (7.x,
hits and absorbing them), ``actions.py`` (8.x and 9.x, the player's actions and attacks),
``endturn.py`` (10.x religion and the End of Turn Phase, 14.x), ``scoring.py`` (5.x).
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import TYPE_CHECKING, Any, Literal

from pydantic import Field

from consim.core.action import Action
from consim.core.errors import RestoreError
from consim.core.legacy import Game, GameOptions, Outcome, State
from consim.games.jihad.content_models import JihadContent, Land, load_default_content

if TYPE_CHECKING:
    from consim.games.jihad.frames import Decision

SEAT = "player"
#: [2.1.1, 7.1.1] counter-clockwise from the Greek Path (Basic game Paths)
BASIC_PATHS: tuple[str, ...] = ("greek", "med", "indian", "parthian")
#: [2.1.1, 7.1.1, 7.2, 14.1] the Advanced Game's six Paths, counter-clockwise from the Greek Path
ADVANCED_PATHS: tuple[str, ...] = ("greek", "med", "african", "indian", "parthian", "caucasus")
#: [2.1.3, 21.4] the African and Caucasus Paths are each a Theater of their own
THEATER_OF: dict[str, str] = {
    "greek": "west",
    "med": "west",
    "african": "african",
    "indian": "east",
    "parthian": "east",
    "caucasus": "caucasus",
}
THEATER_PATHS: dict[str, tuple[str, str]] = {"west": ("greek", "med"), "east": ("indian", "parthian")}
#: [8.1] the strategic order of the Theaters, counter-clockwise from the West
ADVANCED_THEATERS: tuple[str, ...] = ("west", "african", "east", "caucasus")
#: [16.1] the single-Path Theaters of the Advanced Game
LONE_THEATERS: tuple[str, ...] = ("african", "caucasus")
EMPIRE_OF_THEATER: dict[str, str] = {"west": "byzantium", "east": "persia"}
RULER_OF: dict[str, str] = {"byzantium": "byzantine_emperor", "persia": "persian_shah"}
STRENGTHS = ("strong", "weak", "shattered")


class JihadOptions(GameOptions):
    """Options of The First Jihad: the Basic Game (rules 1-14) or the Advanced Game (15-22);
    the other options each pick one of two plausible readings of an unclear rule (the defaults
    are the readings argued for in NOTES.md)."""

    advanced: bool = Field(
        False,
        description=(
            "[15.0] play the Advanced Game (rules 15-22): six Paths with the African and Caucasus "
            "Paths, all 50 cards, the Syrians and Jihads, the Dar al-Islam Table, Jews and Refugees, "
            "Byzantine Religion, Critical Cities and Trade, and Truces."
        ),
    )

    persian_truce: Literal["both", "either"] = Field(
        "both",
        description=(
            "[22.2, Advanced Game] when Persia may accept the Persian Truce: 'both' needs no "
            "Zoroastrian Land converted AND Persian armies in Nehavend and Yezd; 'either' lets "
            "either condition do ('if neither applies, Persia must reject')."
        ),
    )
    syrian_muster: Literal["damascus", "start"] = Field(
        "damascus",
        description=(
            "[17.1.1, Advanced Game] when Ka'aba symbols start to count: 'damascus' only once "
            "Damascus is the Islamic Capital and card #2 has been drawn (the Syrians 'first get "
            "reinforcements' then); 'start' from the first turn."
        ),
    )
    baqt_country: Literal["active", "present"] = Field(
        "active",
        description=(
            "[16.3, Advanced Game] who may sign a Baqt: 'active' - the Country (Armenia or Nubia) "
            "as the Path's active army in a flag Land; 'present' - also while it still stands "
            "neutral in its start Land behind the Byzantine Garrison (a Full Baqt; the Garrison "
            "stays where it is)."
        ),
    )
    tribal_jihad: bool = Field(
        False,
        description=(
            "[17.2, 17.6.5, Advanced Game] may a Jihad start while the Ka'aba Number is 2? false: "
            "no (only the Syrian side is ready for Jihad, and a Number of 2 ends one); true: yes, "
            "with the Tribal Mujahideen (2 Hits a turn, and the Number never falls)."
        ),
    )
    besieged_land: Literal["arab", "disputed"] = Field(
        "arab",
        description=(
            "[2.1.5, 7.4.3] who holds the Land of an army besieged in its Castle: 'arab' counts "
            "the disputed Land as Arab-held (conversion may enter it, it scores 5.2 B); "
            "'disputed' gives it to neither side until the siege is raised or the army leaves. "
            "Either way the Arabs invade from that Land and the Bulgar inversion (2.1.6.1) applies."
        ),
    )
    constantinople_falls: Literal["retreat", "siege"] = Field(
        "retreat",
        description=(
            "[2.1.6.2] when Constantinople 'falls' (Icons lost, Themes raised in Greece): "
            "'retreat' when the Byzantine army leaves it; 'siege' already when the army is driven "
            "into its Castle, since the Arabs then hold the countryside (military control)."
        ),
    )


class JihadGame(Game):
    """The First Jihad, Basic or Advanced Game: one seat, ``player``; the rules and cards run the
    Arabs.

    >>> import consim
    >>> game = consim.load_game("jihad")
    >>> game.seats
    ('player',)
    >>> state = game.new_game(seed=1)
    >>> state.view()["card"]["number"]
    1
    """

    id = "jihad"
    title = "The First Jihad"
    Options = JihadOptions
    status = (
        "complete and calibrated: Basic Game (rules 1-14) and Advanced Game (15-22, --advanced); "
        "random and heuristic bots (figures in NOTES.md)"
    )
    heuristic_bot = "consim.games.jihad.bots:HeuristicBot"

    def __init__(self, **options: Any) -> None:
        super().__init__(**options)
        self.seats = (SEAT,)
        opts = self.opts
        assert isinstance(opts, JihadOptions)
        #: [15.0] the Advanced Game (rules 15-22)
        self.advanced: bool = opts.advanced
        #: [2.1.5, 7.4.3] the reading of a besieged army's Land (see JihadOptions)
        self.disputed_siege: bool = opts.besieged_land == "disputed"
        #: [22.2] Persia may accept a Truce if either condition holds (else both must)
        self.truce_either: bool = opts.persian_truce == "either"
        #: [2.1.6.2] Constantinople falls when its army is besieged, not only when it retreats
        self.falls_on_siege: bool = opts.constantinople_falls == "siege"
        #: [17.1.1] Ka'aba symbols count from the start (else once the Syrians muster)
        self.muster_at_start: bool = opts.syrian_muster == "start"
        #: [17.2, 17.6.5] a Jihad may start while the Ka'aba Number is 2
        self.tribal_jihad: bool = opts.tribal_jihad
        #: [16.3] a Neutral Country in its Full flag Land may sign a Baqt too
        self.baqt_present: bool = opts.baqt_country == "present"
        c: JihadContent = load_default_content()
        self.content = c
        self.paths: tuple[str, ...] = ADVANCED_PATHS if self.advanced else BASIC_PATHS
        self.theaters: tuple[str, ...] = ADVANCED_THEATERS if self.advanced else ("west", "east")
        #: Lands of each Path from Mecca outward (index 1 = lands[path][0])
        self.lands: dict[str, tuple[Land, ...]] = {p: tuple(c.path_lands(p)) for p in self.paths}
        self.land_ids: dict[str, tuple[str, ...]] = {
            p: tuple(x.id for x in ls) for p, ls in self.lands.items()
        }
        self.where: dict[str, tuple[str, int]] = {}
        for p, ls in self.lands.items():
            for x in ls:
                self.where[x.id] = (p, x.index)
        #: [2.1.4] the Crossing into Land j from Land j-1 (0 = Mecca)
        self.crossing_in: dict[str, tuple[str, ...]] = {}
        for p, ls in self.lands.items():
            row = ["", c.path(p).mecca_crossing]
            for x in ls[:-1]:
                row.append(x.crossing_outward or "ordinary")
            self.crossing_in[p] = tuple(row)
        self.army_ids: tuple[str, ...] = tuple(
            a.id for a in c.powers.armies if self.advanced or not a.advanced_only
        )
        #: every army counter belongs to one Path and never leaves it (2.1.1)
        self.path_army_ids: dict[str, tuple[str, ...]] = {
            p: tuple(a for a in self.army_ids if c.army(a).path == p) for p in self.paths
        }
        self.castle_ids: tuple[str, ...] = tuple(x.id for x in c.powers.castles)
        #: [3.2.1, 15.4] the Basic Game removes the boxed cards; the Advanced Game uses all 50
        self.cards: tuple[int, ...] = tuple(
            card.number for card in c.cards.cards if self.advanced or card.basic
        )
        self.rulership = c.setup.rulership_table
        self.a_done = Action("done")

    @classmethod
    def load_content(cls) -> object:
        from consim.games.jihad.content_models import load_content

        return load_content()

    @classmethod
    def variants(cls) -> list[dict[str, Any]]:
        readings: list[dict[str, Any]] = [
            {},
            {"besieged_land": "disputed"},
            {"constantinople_falls": "siege"},
            {"besieged_land": "disputed", "constantinople_falls": "siege"},
        ]
        advanced = [{"advanced": True, **r} for r in readings]
        return [
            *readings,
            *advanced,
            {"advanced": True, "persian_truce": "either"},
            {"advanced": True, "syrian_muster": "start", "tribal_jihad": True, "baqt_country": "present"},
        ]

    def _blank_state(self, seed: int) -> JihadState:
        return JihadState(self, seed)

    # -- static lookups ------------------------------------------------------------------------

    def land(self, path: str, index: int) -> Land:
        return self.lands[path][index - 1]

    def path_length(self, path: str) -> int:
        return len(self.lands[path])

    def army_value(self, army: str, strength: str) -> int:
        counter = self.content.army(army)
        if strength == "strong" and counter.strong is not None:
            return counter.strong
        return counter.weak

    def power_of(self, army: str) -> str:
        return self.content.army(army).power

    def is_barbarian(self, army: str) -> bool:
        """[8.2.2] an army without a Ruler (Byzantine Garrisons count as ruled, 8.2.2)."""
        return not self.content.power(self.power_of(army)).has_ruler

    def is_garrison(self, army: str) -> bool:
        """[16.2] a Byzantine Garrison: weak only, never strong."""
        return self.content.army(army).garrison


def _place_refugee(key: str) -> Callable[[dict[str, Any], str, str | None], None]:
    def place(adv: dict[str, Any], at: str, side: str | None) -> None:
        adv["refugees"][key] = at  # [19.2]

    return place


def _place_mujahideen(adv: dict[str, Any], at: str, side: str | None) -> None:
    adv["muj"] = {"at": at, "side": side or "tribal"}  # [17.1.1]


#: [15.3] set-up placements of the Advanced tiles that the state tracks (others are implied:
#: the Ka'aba tiles by the Ka'aba Number, the Stop Sign and Jihad marker by their absence)
ADVANCED_PIECES: dict[str, Callable[[dict[str, Any], str, str | None], None]] = {
    "mardaites": _place_refugee("mardaites"),
    "parsees": _place_refugee("parsees"),
    "manichees": _place_refugee("manichees"),
    "mujahideen": _place_mujahideen,
}


def _copy(value: Any) -> Any:
    """A deep copy of plain JSON-like data (much faster than ``copy.deepcopy``)."""
    if isinstance(value, dict):
        return {k: _copy(v) for k, v in value.items()}
    if isinstance(value, list):
        return [_copy(v) for v in value]
    return value


class JihadState(State):
    """A position of The First Jihad. All game data lives in ``self.s`` (plain data)."""

    game: JihadGame

    def __init__(self, game: JihadGame, seed: int) -> None:
        super().__init__(game, seed)
        self.g = game
        self.s: dict[str, Any] = {}

    # =========================================================================================
    # [3.0] Set-up
    # =========================================================================================

    def _setup(self) -> None:
        g = self.g
        c = g.content
        setup = c.setup
        armies: dict[str, dict[str, Any]] = {
            a: {"at": "off", "str": "strong", "cursed": False, "sieged": False, "top": False}
            for a in g.army_ids
        }
        adv = g.advanced
        for start in setup.start_armies(advanced=adv):
            armies[start.army].update(at=start.at if start.at != "off_map" else "off", str=start.strength)
        castles: dict[str, dict[str, Any]] = {
            x: {"at": "out", "side": "strong", "owner": "byzantium"} for x in g.castle_ids
        }
        capitals: dict[str, dict[str, Any]] = {"byzantium": {"at": None, "side": "strong"}}
        capitals["persia"] = {"at": None, "side": "strong"}
        s: dict[str, Any] = {
            "turn": 0,
            "deck": [],
            "played": [],
            "card": None,
            "armies": armies,
            "castles": castles,
            "capitals": capitals,
            "islam": {p: {"at": 0, "dis": False} for p in g.paths},
            "tracks": {},
            "rulers": {},
            "ap": {"west": 0, "east": 0},
            "divided": {"west": False, "east": False},
            "fleet": {"side": "plus_one", "used": False},
            "immortals": {"side": "elephants", "used": False, "gone": False},
            "icons": "available",
            "themes": None,
            "themes_spent": False,
            "last_stand": {},
            "tokens": {"red": 0, "blue": 0, "purple": 0},
            "berbers_catholic": False,
            "mecca_strong": False,
            "pending": [],
            "fleet_free": None,
            "landing": False,
            "spent": {p: 0 for p in g.paths},
            "stack": [],
            "over": None,
        }
        self.s = s
        if adv:
            self._setup_advanced()
        for piece in setup.start_pieces(advanced=adv):
            pid, at, side = piece.piece, piece.at, piece.side
            if pid in castles:
                castles[pid]["at"] = at
                if side in ("strong", "weak"):
                    castles[pid]["side"] = side
                elif side in ("byzantium", "persia"):
                    castles[pid]["side"] = "weak"
                    castles[pid]["owner"] = side
            elif pid == "byzantine_capital":
                capitals["byzantium"] = {"at": at, "side": side or "strong"}
            elif pid == "persian_capital":
                capitals["persia"] = {"at": at, "side": side or "strong"}
            elif pid == "greek_fleet":
                s["fleet"]["side"] = side
            elif pid == "immortals":
                s["immortals"]["side"] = side
            elif pid == "mecca_tile":
                s["mecca_strong"] = side == "strong"
            elif pid.endswith("_last_stand"):
                empire = "byzantium" if pid.startswith("byzantine") else "persia"
                s["last_stand"][empire] = {"side": side or "ap", "used": False, "gone": False}
            elif adv and pid in ADVANCED_PIECES:
                ADVANCED_PIECES[pid](s["adv"], at, side)
        for track in setup.start_tracks(advanced=adv):
            s["tracks"][track.track] = {"box": track.box, "face": track.face}
        ratings = setup.start_ruler_ratings(advanced=adv)
        s["rulers"] = {"byzantium": ratings["byzantine_emperor"], "persia": ratings["persian_shah"]}
        s["ap"].update(setup.start_ap(advanced=adv))
        s["deck"] = self._build_deck()
        self.emit(
            f"The First Jihad, {'Advanced' if adv else 'Basic'} Game. The Arabs ride out of Mecca; you "
            "command the empires and kingdoms that stand against them.",
            "15.0" if adv else "1.0",
        )
        if adv and s["adv"]["set_aside"]:
            self.emit(
                f"The red-star cards {s['adv']['set_aside']} are set aside until the Rightly Guided Army.",
                "3.2.1",
            )
        self.emit(f"The deck holds {len(s['deck'])} Event Cards in four eras.", "3.2.1")
        s["stack"] = [{"k": "turn", "step": "draw"}]
        self._run()

    def _setup_advanced(self) -> None:
        """[15.0, 15.3] the Advanced Game's extra state (the tiles marked with a red box)."""
        g = self.g
        s = self.s
        s["ap"].update(dict.fromkeys(LONE_THEATERS, 0))
        s["adv"] = {
            "kaaba": g.content.setup.setup(advanced=True).kaaba_number or 2,  # [17.1.1]
            "muj": {"at": "casbah", "side": "tribal"},  # [17.1.1, 17.4]
            "jihad": None,  # [17.6] {"target", "mode", "path", "stop"}
            "stop_sign": None,  # [15.5] the Path under the Arabic Stop Sign this turn
            "damascus": "christian",  # [21.2] or "capital" (21.2.1)
            "damascus_bonus": False,  # [21.2] the 2 purple AP taken this turn
            "navy": False,  # [21.1] Muslim Navy active
            "sharia": "none",  # [18.1] "none", "pending" (card #2 this turn) or "active"
            "sharia_turn": None,  # [18.1] the turn Sharia Law was played
            "jews": None,  # [19.1] {"at": land, "side": "plus_one" | "minus_one"}
            "zabulistan": None,  # [14.6.2, 18.3] "defiant", "subdued" or "gone"
            "great_king": None,  # [16.5] {"path": path, "ap": n, "name": str}
            "refugees": {},  # [19.2] refugee -> Land
            "religion": "orthodox",  # [20.1] the Byzantine Religion marker
            "schism": False,  # [20.2]
            "baqt": dict.fromkeys(LONE_THEATERS),  # [16.3] {"kind": "full" | "partial", "at": land}
            "truce": None,  # [22.1] the Empire in Truce
            "jihad_fresh": False,  # [22.2] a Jihad set up in this turn's Truce step starts next turn
            "offers": [],  # [14.10] Truce and Baqt offers drawn this turn
            "trade_used": {},  # [21.4.3] AP sent on a capped route this turn
            "set_aside": [],  # [3.2.1] red-star cards waiting for the Rightly Guided Army
            "umar": False,  # [17.1.2] Caliph Umar I waits for Damascus to convert
            "first_turn": True,  # [20.4] the Monophysite Axis Pact is possible on turn 1 only
        }

    def _build_deck(self) -> list[int]:
        """[3.2, 3.3] each era shuffled, its fixed first card on top; card 50 last of all.
        [3.2.1] In the Advanced Game the red-star cards are set aside, out of the deck."""
        c = self.g.content
        fixed_first = (1, 13, 25, 37)
        deck: list[int] = []
        if self.g.advanced:
            self.s["adv"]["set_aside"] = [n for n in self.g.cards if c.card(n).red_star]
        aside = self.s["adv"]["set_aside"] if self.g.advanced else []
        for era in ("green", "yellow", "red", "black"):
            cards = [
                n
                for n in self.g.cards
                if c.card(n).era == era and n not in fixed_first and n != 50 and n not in aside
            ]
            self.rng.shuffle(cards)
            first = next(n for n in fixed_first if c.card(n).era == era)
            deck.append(first)
            deck.extend(cards)
        deck.append(50)
        return deck

    # =========================================================================================
    # Board queries [2.1.5]
    # =========================================================================================

    def army(self, army_id: str) -> dict[str, Any]:
        a: dict[str, Any] = self.s["armies"][army_id]
        return a

    def position(self, army_id: str) -> tuple[str, int] | None:
        """(path, index) of an army on a Path, else None."""
        return self.g.where.get(self.s["armies"][army_id]["at"])

    def path_armies(self, path: str) -> list[str]:
        """Armies on a Path from Mecca outward; an army sitting on top of a Neutral comes first."""
        found: list[tuple[int, int, str]] = []
        where = self.g.where
        armies = self.s["armies"]
        for aid in self.g.path_army_ids[path]:
            a = armies[aid]
            w = where.get(a["at"])
            if w is not None:
                found.append((w[1], 0 if a["top"] else 1, aid))
        found.sort()
        return [x[2] for x in found]

    def active(self, path: str) -> str | None:
        """[2.1.5.1] the player's Active Army: the army closest to Mecca on the Path."""
        armies = self.path_armies(path)
        return armies[0] if armies else None

    def front(self, path: str) -> int:
        """Index of the active army's Land (path length + 1 if the Path is empty)."""
        aid = self.active(path)
        if aid is None:
            return self.g.path_length(path) + 1
        pos = self.position(aid)
        assert pos is not None
        return pos[1]

    def arab_limit(self, path: str, armies: list[str] | None = None) -> int:
        """The highest Land index the Arabs occupy [2.1.5.3]: the Land they invade from (7.2).
        A besieged army's Land is included: the Arabs hold the countryside around the Castle
        (7.4.3, 2.1.6.1). ``armies``: the Path's armies if already at hand (``path_armies``)."""
        if armies is None:
            armies = self.path_armies(path)
        if not armies:
            limit = self.g.path_length(path)
        else:
            a = self.s["armies"][armies[0]]
            idx = self.g.where[a["at"]][1]
            limit = idx if a["sieged"] else idx - 1
        baqt = self.s["adv"]["baqt"].get(path) if "adv" in self.s else None
        if baqt is not None and baqt["kind"] == "full":
            # [16.3.2, 14.1] the Full Baqt marker keeps the peace in its Land: the Arabs stop
            # short of it, and the Lands beyond stay out of their hands (see NOTES.md)
            limit = min(limit, self.g.where[baqt["at"]][1] - 1)
        return limit

    def control_limit(self, path: str, armies: list[str] | None = None) -> int:
        """The highest Land index the Arabs *control* (conversion 14.3, Outcome Points 5.2 B).
        Under ``besieged_land=disputed`` a besieged army's Land is held by neither side."""
        if armies is None:
            armies = self.path_armies(path)
        limit = self.arab_limit(path, armies)
        if self.g.disputed_siege and armies and self.army(armies[0])["sieged"]:
            return limit - 1
        return limit

    def arab_occupied(self, land_id: str) -> bool:
        """[2.1.6.1] Arab-occupied, which includes a Land whose army is besieged in its Castle."""
        path, idx = self.g.where[land_id]
        return idx <= self.arab_limit(path)

    def arab_controls(self, land_id: str) -> bool:
        path, idx = self.g.where[land_id]
        return idx <= self.control_limit(path)

    def neutral_from(self, path: str, armies: list[str] | None = None) -> int:
        """[2.1.5.1] the first Neutral Land index (beyond the path if none)."""
        if armies is None:
            armies = self.path_armies(path)
        if len(armies) < 2:
            return self.g.path_length(path) + 1
        pos = self.position(armies[1])
        assert pos is not None
        return pos[1]

    def player_controls(self, land_id: str) -> bool:
        """[2.1.5.2] at or behind the active army, short of any Neutral Land."""
        path, idx = self.g.where[land_id]
        armies = self.path_armies(path)
        return self.arab_limit(path, armies) < idx < self.neutral_from(path, armies)

    def holder(self, land_id: str) -> str | None:
        """The army (active or Neutral) whose side of the Path a non-Arab Land lies on: the army
        nearest to it at or before it, counting outward from Mecca (2.1.5.1-2)."""
        path, idx = self.g.where[land_id]
        if idx <= self.arab_limit(path):
            return None
        found: str | None = None
        for aid in self.path_armies(path):
            pos = self.position(aid)
            assert pos is not None
            if pos[1] <= idx:
                found = aid
        return found

    def controller_power(self, land_id: str) -> str | None:
        """The power whose active army controls the Land, if the player controls it."""
        if not self.player_controls(land_id):
            return None
        aid = self.active(self.g.where[land_id][0])
        return None if aid is None else self.g.power_of(aid)

    def is_converted(self, path: str, idx: int) -> bool:
        """[10.3] converted to Islam: at or before the Islam marker (Disrupted or not)."""
        return bool(idx <= self.s["islam"][path]["at"])

    def muslim_for_combat(self, path: str, idx: int) -> bool:
        """[7.2.3, 10.4, 10.5] Mecca always; firmly Muslim Lands always; the marker's Land unless
        Disrupted."""
        if idx == 0:
            return True
        if (
            "adv" in self.s
            and self.s["adv"]["damascus"] == "capital"
            and self.g.land(path, idx).id == "damascus"
        ):
            return True  # [2.1.5, 21.2.1] the Islamic Capital, an extension of Mecca
        marker = self.s["islam"][path]
        return idx < marker["at"] or (idx == marker["at"] and not marker["dis"])

    def combat_religion(self, path: str, idx: int) -> str:
        return "islam" if self.muslim_for_combat(path, idx) else self.g.land(path, idx).religion

    def army_religion(self, army_id: str) -> str | None:
        """[9.1.1] None for a Not Religious (sun) army. Byzantines are Orthodox in the Basic
        game, of the Byzantine Religion marker's faith in the Advanced (20.3); the Berbers are
        Catholic after Munnuza (card 42)."""
        counter = self.g.content.army(army_id)
        if counter.sun:
            return None
        if counter.religion_follows_byzantine_marker and "adv" in self.s:
            faith: str = self.s["adv"]["religion"]
            return faith
        if counter.power == "berbers":
            return "catholic" if self.s["berbers_catholic"] else "kharijite"
        return counter.religion

    def castle_in(self, land_id: str) -> str | None:
        for cid, castle in self.s["castles"].items():
            if castle["at"] == land_id:
                return str(cid)
        return None

    def castle_value(self, castle_id: str) -> int:
        counter = next(x for x in self.g.content.powers.castles if x.id == castle_id)
        side = self.s["castles"][castle_id]["side"]
        if side == "strong" and counter.strong is not None:
            return counter.strong
        return counter.weak

    def capital_in(self, land_id: str) -> str | None:
        for empire, cap in self.s["capitals"].items():
            if cap["at"] == land_id:
                return str(empire)
        return None

    def persian_on(self, path: str) -> bool:
        return any(self.g.power_of(a) == "persia" for a in self.path_armies(path))

    def theater_ruler(self, theater: str) -> int | None:
        """The Ruler rating of the Theater's Empire, if that Ruler is still in the game.
        The African and Caucasus Theaters have no rated Ruler (a Great King has none, 16.5)."""
        if theater not in EMPIRE_OF_THEATER:
            return None
        rating: int | None = self.s["rulers"].get(EMPIRE_OF_THEATER[theater])
        return rating

    def great_king(self, path: str) -> dict[str, Any] | None:
        """[16.5] the Great King leading the active army of an African or Caucasus Path."""
        if "adv" not in self.s:
            return None
        king: dict[str, Any] | None = self.s["adv"]["great_king"]
        return king if king is not None and king["path"] == path else None

    def islam_reach(self, path: str) -> int:
        """[16.3.3] the furthest Land the Islam marker may enter: never the Partial Baqt Land."""
        if "adv" in self.s and path in LONE_THEATERS:
            baqt = self.s["adv"]["baqt"][path]
            if baqt is not None and baqt["kind"] == "partial":
                return self.g.where[baqt["at"]][1] - 1
        return self.g.path_length(path)

    def stop_sign(self, path: str) -> bool:
        """[15.5] the Arabic Stop Sign lies on this Path this turn."""
        return "adv" in self.s and self.s["adv"]["stop_sign"] == path

    def full_baqt(self, path: str) -> bool:
        """[16.3.2] a Full Baqt shuts the whole Path down."""
        if "adv" not in self.s or path not in LONE_THEATERS:
            return False
        baqt = self.s["adv"]["baqt"][path]
        return baqt is not None and baqt["kind"] == "full"

    def has_ruler(self, theater: str) -> bool:
        """[8.15, 21.4.2] a Theater led by a Ruler: the Emperor or the Shah while in the game, or
        a Great King (16.5)."""
        if theater in EMPIRE_OF_THEATER:
            return self.theater_ruler(theater) is not None
        return self.great_king(theater) is not None

    def ap_limit(self, theater: str) -> int:
        """[6.3.1] the AP marker may never reach the Ruler's box; a Theater without a Ruler
        is limited only by the track's top box, 7 (see NOTES.md). [16.5] A Great King holds at
        most 6 AP."""
        if theater not in EMPIRE_OF_THEATER:
            return 6 if self.great_king(theater) is not None else 7
        rating = self.theater_ruler(theater)
        return 7 if rating is None else rating - 1

    def add_ap(self, theater: str, amount: int, rule: str) -> int:
        """Raise a Theater's AP within the Rulership limit; returns what was actually added."""
        ap = self.s["ap"]
        before = ap[theater]
        ap[theater] = max(before, min(before + amount, self.ap_limit(theater)))
        return int(ap[theater] - before)

    # =========================================================================================
    # The engine: frames, prompts and actions
    # =========================================================================================

    @property
    def top(self) -> dict[str, Any]:
        frame: dict[str, Any] = self.s["stack"][-1]
        return frame

    def push(self, frame: dict[str, Any]) -> None:
        self.s["stack"].append(frame)

    def pop(self) -> dict[str, Any]:
        frame: dict[str, Any] = self.s["stack"].pop()
        return frame

    def end_game(self, reason: str) -> None:
        self.s["over"] = reason
        self.s["stack"] = []

    def _run(self) -> None:
        """Advance automatic frames until a decision is needed or the game is over."""
        from consim.games.jihad.frames import registry

        auto, decisions = registry()
        while self.s["stack"] and self.s["over"] is None:
            frame = self.top
            kind = frame["k"]
            if kind in decisions:
                if decisions[kind].legal(self, frame):
                    return  # what legal() memoised stays valid: nothing changes until the next apply
                decisions[kind].skip(self, frame)
            else:
                auto[kind](self, frame)
            self._memo.clear()  # the position has changed

    def _decision(self, kind: str) -> Decision:
        from consim.games.jihad.frames import registry

        return registry()[1][kind]

    def _compute_to_act(self) -> tuple[str, ...]:
        if self.s["over"] is not None or not self.s["stack"]:
            return ()
        return (SEAT,)

    def _legal(self, seat: str) -> list[Action]:
        frame = self.top
        return self._decision(frame["k"]).legal(self, frame)

    def _prompt_text(self, seat: str) -> tuple[str, str]:
        frame = self.top
        return self._decision(frame["k"]).prompt(self, frame)

    def _act(self, seat: str, action: Action) -> None:
        frame = self.top
        self._decision(frame["k"]).act(self, frame, action)
        self._memo.clear()  # the position has changed: what was memoised for this decision is stale
        self._run()

    def _why_illegal(self, seat: str, action: Action) -> str:
        frame = self.top
        text, rule = self._decision(frame["k"]).prompt(self, frame)
        return f"{action.text!r} is not a legal choice now [{rule}]: {text}"

    def _outcome(self) -> Outcome | None:
        from consim.games.jihad.scoring import outcome

        return outcome(self)

    # -- views and persistence ------------------------------------------------------------------

    def _view(self, seat: str | None) -> dict[str, Any]:
        from consim.games.jihad.view import public_view

        return public_view(self)

    def _dump(self) -> dict[str, Any]:
        data: dict[str, Any] = _copy(self.s)
        return data

    def _load(self, data: Mapping[str, Any]) -> None:
        self.s = _copy(dict(data))

    def _copy_data_to(self, other: State) -> None:
        assert isinstance(other, JihadState)
        other.g = self.g
        other.s = _copy(self.s)

    def _check(self) -> None:
        s = self.s
        g = self.g
        try:
            if set(s["armies"]) != set(g.army_ids):
                raise RestoreError("armies must name exactly the game's army tiles")
            for aid, a in s["armies"].items():
                if a["str"] not in STRENGTHS:
                    raise RestoreError(f"army {aid}: unknown strength {a['str']!r}")
                at = a["at"]
                if at not in g.where and at not in ("off", "dead", "berber_revolt_box"):
                    raise RestoreError(f"army {aid}: unknown place {at!r}")
                if at in g.where and g.where[at][0] != g.content.army(aid).path:
                    raise RestoreError(f"army {aid}: {at!r} is not on its own Path")
            deck_cards = sorted([*s["deck"], *s["played"], *s.get("adv", {}).get("set_aside", [])])
            if deck_cards != sorted(g.cards):
                raise RestoreError("every card in use must be in the deck, set aside or played exactly once")
            if g.advanced != ("adv" in s):
                raise RestoreError("the state and the game disagree on the Advanced Game [15.0]")
            for path, marker in s["islam"].items():
                if path not in g.paths or not 0 <= marker["at"] <= g.path_length(path):
                    raise RestoreError(f"bad Islam marker on {path!r}")
            for track in s["tracks"].values():
                if track["box"] not in (-1, 0, 1):
                    raise RestoreError("minor power boxes are +1, 0 or -1 [13.1]")
            for frame in s["stack"]:
                if not isinstance(frame, dict) or "k" not in frame:
                    raise RestoreError("malformed frame in the sequence-of-play stack")
        except (KeyError, TypeError) as exc:
            raise RestoreError(f"cannot restore jihad state: {exc!r}") from exc
