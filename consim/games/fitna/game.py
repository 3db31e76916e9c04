"""Fitna: options, seats, forces and the wiring of the sequence of play.

The rules are in ``rules/`` (one module per part of the sequence of play), what a seat may
see in ``view.py``; readings of unclear rules and the differences between the two editions
in ``NOTES.md``; the design in ``docs/fitna-design.md``.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from functools import cache
from pathlib import Path
from typing import Any, ClassVar, cast

from consim.core.action import Action
from consim.core.errors import ContentError, OptionError, RestoreError
from consim.core.flow import Frame
from consim.core.game import Game, Outcome, Standing, State
from consim.core.rng import Rng
from consim.core.table import ActionWords, CardShelf, OptionChoice, StatusLine
from consim.games.fitna import scenario_file
from consim.games.fitna import table as words
from consim.games.fitna.content import (
    CONTENT_DIR,
    FORCES,
    FitnaContent,
    FitnaOptions,
    build_tables,
    default_content,
    load_content,
    playable_scenarios,
)
from consim.games.fitna.rules import (
    activation,
    bids,
    cards,
    combat,
    common,
    events,
    measures,
    movement,
    planning,
    powers,
    retreat,
    supply,
    turn,
    upheavals,
    victory,
)
from consim.games.fitna.state import FitnaState
from consim.games.fitna.view import view
from consim.games.fitna.viewtypes import FitnaSeatView, FitnaView
from consim.games.fitna.vocabulary import BUILT_IN_HANDLERS, HANDLER_PARAMS


def _with_discard_seen(raw: Any) -> Any:
    """The saved data of a position, with the empty ``discard_seen`` of the positions saved
    before it existed (anything else as it is, for the checks to refuse)."""
    if isinstance(raw, Mapping) and "discard_seen" not in raw:
        return {**raw, "discard_seen": {}}
    return raw


def _multiplayer() -> set[int]:
    """The scenarios of three or more players."""
    return {s.number for s in default_content().scenarios.scenarios if len(s.seats) >= 3}


class FitnaGame(Game):
    """One scenario of Fitna with its options."""

    id = "fitna"
    title = "Fitna: Global War in the Middle East"
    Options = FitnaOptions
    state_class = FitnaState
    frames: ClassVar[tuple[type[Frame[Any]], ...]] = (
        *turn.FRAMES,
        *events.FRAMES,
        *cards.FRAMES,
        *supply.FRAMES,
        *planning.FRAMES,
        *bids.FRAMES,
        *movement.FRAMES,
        *combat.FRAMES,
        *retreat.FRAMES,
        *victory.FRAMES,
        *upheavals.FRAMES,
        *activation.FRAMES,
        *powers.FRAMES,
        *measures.FRAMES,
        common.DrawCards,
        common.Losses,
        common.JokerWindow,
        common.TensionLevels,
    )
    status = (
        "complete: every rule (4.0-31.1) and card handler; all eleven scenarios, each of three to "
        "six players also by two (31.0); heuristic bots, every scenario calibrated"
    )
    bots: ClassVar[Mapping[str, str]] = {"heuristic": "consim.games.fitna.bots:HeuristicBot"}
    view_type = FitnaSeatView

    def __init__(self, content: FitnaContent | None = None, **options: Any) -> None:
        _handlers_have_frames(type(self).frames)
        super().__init__(**options)
        opts = self.opts
        assert isinstance(opts, FitnaOptions)
        if opts.scenario_file:  # [33.0] a player's own scenario
            try:
                content, number = scenario_file.load(opts.scenario_file)
            except ContentError as exc:
                problems = str(exc).splitlines()
                raise OptionError(
                    f"{len(problems)} problem(s) in the scenario file, the first: {problems[0]} "
                    f"(all of them: consim validate {opts.scenario_file})"
                ) from None
            opts = opts.model_copy(update={"scenario": number})
            self.opts = opts
            self.options = opts.model_dump(mode="json")
        self.tables = build_tables(opts, content)
        self.seats = self.tables.seats

    @classmethod
    def load_content(cls) -> FitnaContent:
        return load_content(cls.content_dir() or CONTENT_DIR)

    @classmethod
    def check_scenario_file(cls, path: str) -> list[str]:
        """[33.0] Every problem of a player's scenario file (``consim validate FILE``)."""
        return scenario_file.check(Path(path))

    @classmethod
    def variants(cls) -> list[dict[str, Any]]:
        playable = playable_scenarios()
        out: list[dict[str, Any]] = [{"scenario": n} for n in playable]
        if playable:
            out.append(
                {
                    "scenario": playable[0],
                    "victory": "points",
                    "dr_star_split": "owner_choice",
                    "reinforcements": "in_country",
                    "vp_own_country": "counted",
                }
            )
        multi = [n for n in playable if n in _multiplayer()]
        if multi:  # [7.1, 31.1] the options of the games of three or more players
            out.append({"scenario": 3 if 3 in multi else multi[0], "initiative": "bids", "victory": "points"})
            # [31.0] a two-player version: the shared US of scenario 10 and merged seats
            out.append({"scenario": 10 if 10 in multi else multi[-1], "players": 2})
        return out

    @property
    def factions(self) -> tuple[str, ...]:
        """What is played: the forces of the counters (docs/fitna-design.md section 1)."""
        return FORCES

    def controller(self, state: FitnaState, faction: str) -> str:
        """The seat whose units of ``faction`` it plays now ("" for forces not in the game, and
        for IS and the Kurds except during the activation a seat's card gave it, 25.2, 26.2)."""
        f = self.tables.force_index[faction]
        side = state.data.force_side[f]
        seat = state.seat_of(side)
        if seat is None and state.data.force_seat[f] >= 0:
            seat = self.seats[state.data.force_seat[f]]
        return seat or ""

    def search_defaults(self) -> str:
        """``bot:ismcts`` is the guided search measured strongest in this game (README)."""
        # four candidates keep a decision near a second with the default budget
        return "guide=heuristic,horizon=turn,candidates=4"

    def id_tables(self) -> dict[str, tuple[str, ...]]:
        t = self.tables
        return {
            "card": tuple(f"{c.number:02d} {c.name}" for c in t.content.cards.cards),
            "space": t.space_id,
            "place": t.place_names,
            "unit": t.unit_id,
            "joker": t.joker_id,
        }

    # -- the hooks ----------------------------------------------------------------------------

    def _setup(self, state: FitnaState) -> None:
        turn.set_up(state)

    def _view(self, state: FitnaState, seat: str | None) -> FitnaView:
        return view(state, seat)

    def describe_actions(self, view: Mapping[str, Any], actions: Sequence[Action]) -> list[ActionWords]:
        return words.describe_actions(cast(FitnaSeatView, view), actions)

    def describe_cards(self, view: Mapping[str, Any]) -> list[CardShelf]:
        return words.describe_cards(cast(FitnaSeatView, view))

    def describe_status(self, view: Mapping[str, Any]) -> list[StatusLine]:
        return words.describe_status(cast(FitnaSeatView, view))

    @classmethod
    def option_choices(cls) -> dict[str, list[OptionChoice]]:
        """[32.0] The playable scenarios by name, with their briefing and who plays them."""
        content = default_content()
        playable = set(playable_scenarios(content))
        scenarios = [
            OptionChoice(
                str(sc.number),
                f"{sc.number}. {sc.title}" + (f" ({sc.dates})" if sc.dates else ""),
                f"{len(sc.seats)} players: {', '.join(seat.name for seat in sc.seats)}; {sc.turns} turns. "
                + " ".join(sc.briefing.split()),
            )
            for sc in content.scenarios.scenarios
            if sc.number in playable
        ]
        return {"scenario": scenarios}

    def _outcome(self, state: FitnaState) -> Outcome:
        out = victory.judge(state)
        levels: dict[str, str] = out["levels"]
        t = self.tables
        if t.opts.victory == "points":
            scores = {s: float(out["vp"][s]) for s in self.seats}
        else:
            scores = {s: float(victory.LEVELS.index(levels[s])) for s in self.seats}
        return Outcome(
            scores=scores,
            winners=tuple(out["winners"]),
            result=out["sentence"],
            unit=out["unit"],
            level=victory.LEVELS[out["best"]] if out["best"] else "",
            ending=state.data.ended or "last turn played",
            turns=state.data.turn,
            details={
                "levels": levels,
                "results": out["results"],
                "vp": out["vp"],
                "tension": state.data.tension,
            },
        )

    def _turn(self, state: FitnaState) -> int:
        return state.data.turn

    def _standing(self, state: FitnaState) -> Standing:
        """[31.0, 31.1] the turn and each seat's score if the game ended now: its victory level
        (or its VP with the points option), as the outcome counts them; with the levels, how
        far each seat has come toward its next level."""
        return Standing(state.data.turn, self._outcome(state).scores, victory.level_progress(state))

    def _restore(self, data: Mapping[str, Any], rng: Rng | None = None) -> State:
        # a position saved before the face-down discards were recorded (discard_seen) had
        # none that anyone knew of: read it with none
        if isinstance(data, Mapping):
            data = dict(data)
            if "data" in data:
                data["data"] = _with_discard_seen(data["data"])
            undo = data.get("undo")
            if isinstance(undo, Mapping) and "data" in undo:
                data["undo"] = {**undo, "data": _with_discard_seen(undo["data"])}
        return super()._restore(data, rng)

    def _check(self, state: FitnaState) -> None:
        t = self.tables
        d = state.data
        seats = set(self.seats)
        for name, table in (
            ("hands", d.hands),
            ("jokers", d.jokers),
            ("special", d.special),
            ("batches", d.batches),
        ):
            if set(table) != seats:
                raise RestoreError(f"{name} must name exactly this game's seats")
        if len(d.units) != t.n_units:
            raise RestoreError(f"expected {t.n_units} unit records, got {len(d.units)}")
        n = t.n_spaces
        for name, values in (("control", d.control), ("entrenched", d.entrenched), ("known", d.known)):
            if len(values) != n:
                raise RestoreError(f"{name} must have one entry per space ({n})")
        if any(not 0 <= side <= t.NEUTRAL for side in d.control):
            raise RestoreError("control names an unknown side")
        if len(d.force_side) != len(FORCES) or any(not 0 <= s <= t.NEUTRAL for s in d.force_side):
            raise RestoreError("force_side must give a known side to every force")
        if any(not 0 <= u < t.n_units or not 0 <= s <= t.NEUTRAL for u, s in d.unit_side.items()):
            raise RestoreError("unit_side must map units of this game to known sides (27.1)")
        if len(d.force_seat) != len(FORCES) or any(not -1 <= s < len(t.seats) for s in d.force_seat):
            raise RestoreError("force_seat must give a seat or -1 to every force")
        places = [
            *d.asset_pile,
            *d.event_pile,
            *d.asset_discard,
            *d.event_discard,
            *d.aside,
            *d.removed,
            *d.in_play,
            *(c for h in d.hands.values() for c in h),
        ]
        if sorted(places) != list(range(t.n_cards)):
            raise RestoreError(
                "every card must be in exactly one place (piles, discards, hands, in play, removed)"
            )
        if not 0 <= d.turn <= t.scenario.turns:
            raise RestoreError(f"turn {d.turn} is out of range")
        discards = {*d.asset_discard, *d.event_discard}
        seats_mask = (1 << len(self.seats)) - 1
        for c, seen in d.discard_seen.items():
            if c not in discards or not 0 <= seen <= seats_mask:
                raise RestoreError(
                    "discard_seen must name cards on the discard piles, each with the seats that saw it"
                )


@cache
def _handlers_have_frames(frames: tuple[type[Frame[Any]], ...]) -> None:
    """Every handler a card may name (``vocabulary.HANDLER_PARAMS``) is carried out by a frame of
    the rules, ``handler_<name>``, except those the offensive reads itself: a game without one
    fails as it is made, never in play."""
    names = {f.name for f in frames}
    missing = sorted(h for h in HANDLER_PARAMS if h not in BUILT_IN_HANDLERS and f"handler_{h}" not in names)
    if missing:
        raise TypeError(f"Fitna's rules carry out no handler named {', '.join(missing)}")
