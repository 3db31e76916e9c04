"""The First Jihad's research encoding: metadata, action grammar and observation layout.

Action grammar, from the content (Paths, Theaters, places, armies' empires, tracks, routes,
every event label of every card):

* Paths: ``attack <path> [immortals+1|immortals+2]``, ``rally <path> [2|<colour>]``,
  ``raid``, ``baqt``, ``refuse``, ``advance``, ``decline``, ``revolt``, ``keep`` ``<path>``;
* places: ``build-castle major|minor <place>``, ``fix-castle``, ``themes``, ``capital``,
  ``icons`` ``<place>``; empires: ``build-capital <empire> <place>``, ``fix-capital``,
  ``last-stand``, ``side <empire> ap|skill``;
* ``event <label> [<path>|<n>]`` with ``n`` up to the most options of any choice event;
  ``option <n>`` likewise;
* ``trade <theater> bank <route>...`` and ``trade <theater> rally <path> <route>...``: a chain
  of one to three routes (a chain never enters a Theater twice and there are four Theaters,
  so three routes is the bound);
* the words of single choices: ``council``, ``truce``, ``token``, ``naval``, ``appease``, and
  the bare verbs (``done``, ``decline``, ``loot``, the Hits of an absorption ...).

Observation: the turn and card, the deck by era, every Path's Islam marker and converted
Lands, every army's place, strength and state, Castles and Capitals, tracks, AP by Theater,
the Rulers, tokens, Advanced markers, the running Outcome Points, and the decision in
progress (which one, the Actions Phase segment acting, and the Path, army, Empires, Lands,
card event, Hits or AP it is about).
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from typing import Any, Literal, TypeVar, cast

from consim.core.encoding import Form, Vocab
from consim.core.flow import Decision
from consim.core.observe import Field, counts, one_hot, per_key, scalar, vector
from consim.core.research import Research as Base
from consim.games.jihad.content import COLOURS, EMPIRES, THEATERS, ChoiceEffect, JihadTables, walk_effects
from consim.games.jihad.rules.arab import VERBS as ABSORB_VERBS
from consim.games.jihad.rules.events import RELIGIONS
from consim.games.jihad.viewtypes import AbsorbFrame, JihadSeatView
from consim.games.jihad.words import event_title

ERAS = ("green", "yellow", "red", "black")
#: a trade chain enters each of the four Theaters at most once
MAX_CHAIN = len(THEATERS) - 1
#: [OP] Outcome Points of a finished game lie in this range (observations clip there too)
MIN_POINTS, MAX_POINTS = -200.0, 200.0
#: one decision per action bought with AP, plus the events and Hits of 50 cards: no measured
#: game took a tenth of this
MAX_DECISIONS = 10_000


T = TypeVar("T")
#: a reader of this game's view, as an observation field takes it
Reads = Callable[[Mapping[str, Any]], T]


def _reads(get: Callable[[JihadSeatView], T]) -> Reads[T]:
    """``get`` as an observation field takes it: the fields are handed the view of a seat of
    this game (a :class:`JihadSeatView`), so the cast costs nothing when they read it."""
    return cast(Reads[T], get)


class Research(Base):
    @property
    def tables(self) -> JihadTables:
        t: JihadTables = self.game.tables
        return t

    def info_fields(self) -> dict[str, Any]:
        return {
            "utility": "general-sum",
            "min_score": MIN_POINTS,
            "max_score": MAX_POINTS,
            "score_unit": "Outcome Points",
            "max_decisions": MAX_DECISIONS,
            "chance": "sampled",
            "information": "imperfect",
            "simultaneous": False,
            "notes": "solitaire; the score is minus the Outcome Points (the player wants few of them); "
            "the deck order is hidden",
        }

    def _events(self) -> tuple[list[str], int]:
        t = self.tables
        labels: list[str] = []
        most = 1
        for n in t.cards:
            for effect in walk_effects(t.card[n].events):
                labels.append(event_title(effect))
                if isinstance(effect, ChoiceEffect):
                    most = max(most, len(effect.options))
        return labels, most

    def forms(self) -> Sequence[Form]:
        t = self.tables
        path = Vocab("path", t.path_name)
        place = Vocab("place", t.place_arg)
        empire = Vocab("empire", EMPIRES)
        theater = Vocab("theater", THEATERS)
        route = Vocab("route", t.route_arg)
        labels, most = self._events()
        event = Vocab.of("event", labels)
        option = Vocab.numbers("option", 1, most)
        bare = (
            "done",
            "decline",
            "loot",
            "landing",
            "elephants",
            "damascus",
            "naval",
            "capital",
            *ABSORB_VERBS,
        )
        forms: list[Form] = [Form(v) for v in dict.fromkeys(bare)]
        for verb in ("raid", "baqt", "refuse", "advance", "decline", "revolt", "keep", "attack", "rally"):
            forms.append(Form(verb, (path,)))
        forms += [
            Form("attack", (path, Vocab("immortals", ("immortals+1", "immortals+2")))),
            Form("rally", (path, Vocab("rally", ("2", *COLOURS)))),
            *(Form(v, (place,)) for v in ("fix-castle", "themes", "capital", "icons")),
            Form("build-castle", (Vocab("castle", ("major", "minor")), place)),
            Form("build-capital", (empire, place)),
            *(Form(v, (empire,)) for v in ("fix-capital", "last-stand")),
            Form("side", (empire, Vocab("side", ("ap", "skill")))),
            Form("event", (event,)),
            Form("event", (event, Vocab.of("event-arg", (*t.path_name, *option.words)))),
            Form("option", (option,)),
            Form("council", (Vocab("council", ("keep", *RELIGIONS)),)),
            Form("truce", (Vocab("truce", ("accept", "reject", "keep", "break")),)),
            Form("token", (Vocab("colour", COLOURS),)),
            Form("naval", (Vocab("naval", ("fleet", "socotra")),)),
            Form("appease", (Vocab("track", t.track_name),)),
        ]
        for k in range(1, MAX_CHAIN + 1):
            chain = (route,) * k
            forms.append(Form("trade", (theater, Vocab("bank", ("bank",)), *chain)))
            forms.append(Form("trade", (theater, Vocab("rally", ("rally",)), path, *chain)))
        return forms

    def observation_fields(self) -> Sequence[Field]:
        t = self.tables
        paths = t.path_name
        places = t.place_arg
        armies = t.army_name
        castles = t.castle_name
        tracks = t.track_name
        lands = [(p, i) for p in range(len(paths)) for i in range(t.path_len[p])]
        cards = tuple(str(n) for n in range(1, 51))

        def land_flags(v: JihadSeatView, key: Literal["converted", "firmly_muslim"]) -> list[float]:
            by_id = {p["id"]: p for p in v["paths"]}
            out: list[float] = []
            for p, i in lands:
                found = by_id.get(paths[p])
                ls = found["lands"] if found else []
                out.append(1.0 if i < len(ls) and ls[i][key] else 0.0)
            return out

        def path_value(v: JihadSeatView, key: Literal["at", "dis"]) -> list[float]:
            by_id = {p["id"]: p for p in v["paths"]}
            return [float(((found := by_id.get(p)) and found["islam"][key]) or 0) for p in paths]

        def army(name: str, key: Literal["str", "cursed", "sieged"], word: object = True) -> Field:
            def read(v: JihadSeatView) -> list[float]:
                return [
                    1.0 if (a := v["armies"].get(x)) is not None and a[key] == word else 0.0 for x in armies
                ]

            return vector(f"army_{name}", armies, 0, 1, _reads(read))

        def army_at(v: JihadSeatView) -> list[float]:
            out = [0.0] * (len(armies) * len(places))
            pos = {p.replace("-", "_"): i for i, p in enumerate(places)}
            for k, a in enumerate(armies):
                found = v["armies"].get(a)
                at = found["at"] if found else None
                j = pos.get(at) if isinstance(at, str) else None
                if j is not None:
                    out[k * len(places) + j] = 1.0
            return out

        def advanced(key: Literal["kaaba", "kaaba_points", "syrians_mustered"]) -> Reads[object]:
            return _reads(lambda v: adv[key] if (adv := v.get("advanced")) else None)

        return [
            scalar("turn", 0, 50, _reads(lambda v: v["turn"])),
            one_hot("card", cards, _reads(lambda v: str(card["number"] if (card := v["card"]) else None))),
            counts("played", cards, 1, _reads(lambda v: [str(n) for n in v["played"]])),
            per_key("deck_remaining", ERAS, 0, 50, _reads(lambda v: v["deck_remaining"])),
            vector("islam_at", paths, 0, 12, _reads(lambda v: path_value(v, "at"))),
            vector("islam_disrupted", paths, 0, 1, _reads(lambda v: path_value(v, "dis"))),
            vector(
                "converted",
                [f"{paths[p]}:{i + 1}" for p, i in lands],
                0,
                1,
                _reads(lambda v: land_flags(v, "converted")),
            ),
            vector(
                "firmly_muslim",
                [f"{paths[p]}:{i + 1}" for p, i in lands],
                0,
                1,
                _reads(lambda v: land_flags(v, "firmly_muslim")),
            ),
            vector("army_at", [f"{a}@{p}" for a in armies for p in places], 0, 1, _reads(army_at)),
            army("strong", "str", "strong"),
            army("weak", "str", "weak"),
            army("cursed", "cursed"),
            army("sieged", "sieged"),
            vector(
                "castle_strong",
                castles,
                0,
                1,
                _reads(
                    lambda v: [
                        1.0 if (x := v["castles"].get(c)) is not None and x["side"] == "strong" else 0.0
                        for c in castles
                    ]
                ),
            ),
            vector(
                "castle_standing",
                castles,
                0,
                1,
                _reads(lambda v: [1.0 if (x := v["castles"].get(c)) and x["at"] else 0.0 for c in castles]),
            ),
            vector(
                "capital",
                [f"{e}:{s}" for e in EMPIRES for s in ("strong", "weak")],
                0,
                1,
                _reads(
                    lambda v: [
                        1.0 if (x := v["capitals"].get(e)) and x["at"] and x["side"] == s else 0.0
                        for e in EMPIRES
                        for s in ("strong", "weak")
                    ]
                ),
            ),
            vector(
                "track_box",
                tracks,
                -1,
                6,
                _reads(lambda v: [float(((x := v["tracks"].get(k)) and x["box"]) or 0) for k in tracks]),
            ),
            per_key("ap", THEATERS, 0, 12, _reads(lambda v: v["ap"])),
            per_key("ap_limit", THEATERS, 0, 12, _reads(lambda v: v["ap_limits"])),
            per_key("ruler", EMPIRES, 0, 12, _reads(lambda v: v["rulers"])),
            per_key("tokens", COLOURS, 0, 10, _reads(lambda v: v["tokens"])),
            per_key("spent", paths, 0, 12, _reads(lambda v: v["spent"])),
            scalar("fleet_used", 0, 1, _reads(lambda v: v["fleet"]["used"])),
            scalar("immortals_used", 0, 1, _reads(lambda v: v["immortals"]["used"])),
            scalar("landing", 0, 1, _reads(lambda v: v["landing"]), "a Landing is available this turn"),
            vector(
                "last_stand",
                [f"{e}:{k}" for e in EMPIRES for k in ("used", "gone")],
                0,
                1,
                _reads(
                    lambda v: [
                        1.0 if (x := v["last_stand"].get(e)) and x[k] else 0.0
                        for e in EMPIRES
                        for k in ("used", "gone")
                    ]
                ),
            ),
            scalar("kaaba", 0, 10, advanced("kaaba")),
            scalar("kaaba_points", -50, 50, advanced("kaaba_points")),
            scalar("syrians_mustered", 0, 1, advanced("syrians_mustered")),
            scalar("outcome_points", MIN_POINTS, MAX_POINTS, _reads(lambda v: v["outcome_now"]["total"])),
            scalar("pending_events", 0, 10, _reads(lambda v: len(v["pending_events"]))),
            *self._decision_fields(),
        ]

    def _decision_fields(self) -> list[Field]:
        """The decision in progress (the view's ``frame``): which one, and what it is about
        (the Actions Phase segment, the Path, army, Empires, Lands, card event, Hits, AP)."""
        t = self.tables
        kinds = tuple(cls.name for cls in self.game.frames if issubclass(cls, Decision))
        segments = tuple(t.seg_theater)
        places = t.place_arg
        pos = {p.replace("-", "_"): p for p in places}

        def segment(v: JihadSeatView) -> object:
            f = v["frame"]
            if f is None or f["k"] != "actions":
                return None
            segs, k = f["segs"], f["seg"]
            return segs[k] if 0 <= k < len(segs) else None

        def lands(v: JihadSeatView) -> list[object]:
            f = v["frame"]
            found = f["lands"] if f is not None and (f["k"] == "themes" or f["k"] == "capital_move") else []
            return [pos.get(str(x)) for x in found]

        def decision_paths(v: JihadSeatView) -> list[object]:
            f = v["frame"]
            if f is not None and (f["k"] == "absorb" or f["k"] == "revolt"):
                return [f["path"]]
            if f is not None and (f["k"] == "baqt" or f["k"] == "advance"):
                return list(f["paths"])
            return []

        def decision_empires(v: JihadSeatView) -> list[object]:
            f = v["frame"]
            if f is not None and (f["k"] == "truce" or f["k"] == "capital_move"):
                return [f["empire"]]
            if f is not None and f["k"] == "era":
                return list(f["empires"])
            return []

        def army(v: JihadSeatView) -> object:
            f = v["frame"]
            return f["army"] if f is not None and (f["k"] == "absorb" or f["k"] == "loot") else None

        def absorb(v: JihadSeatView) -> AbsorbFrame | None:
            f = v["frame"]
            return f if f is not None and f["k"] == "absorb" else None

        def ref(v: JihadSeatView) -> list[float]:
            f = v["frame"]
            r = list(f["ref"] if f is not None and f["k"] == "choose" else ())[:4]
            return [float(x) for x in r] + [0.0] * (4 - len(r))

        def ap(v: JihadSeatView) -> object:
            f = v["frame"]
            return f["ap"] if f is not None and f["k"] == "revolt" else None

        return [
            one_hot(
                "decision",
                kinds,
                _reads(lambda v: f["k"] if (f := v["frame"]) else None),
                "the decision in progress",
            ),
            one_hot("decision_segment", segments, _reads(segment), "the Actions Phase segment acting (8.1)"),
            counts("decision_path", t.path_name, 1, _reads(decision_paths)),
            one_hot("decision_army", t.army_name, _reads(army)),
            counts("decision_empire", EMPIRES, 1, _reads(decision_empires)),
            counts("decision_land", places, 1, _reads(lands)),
            vector(
                "decision_event", ("card", "effect", "part", "option"), 0, 50, _reads(ref), "the event chosen"
            ),
            scalar(
                "decision_hits",
                0,
                20,
                _reads(lambda v: f["hits"] if (f := absorb(v)) else None),
                "the Hits to absorb (7.4)",
            ),
            scalar("decision_curse", 0, 1, _reads(lambda v: f["curse"] if (f := absorb(v)) else None)),
            scalar("decision_ap", 0, 12, _reads(ap)),
        ]
