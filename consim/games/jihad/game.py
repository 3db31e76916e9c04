"""The First Jihad: options, the one seat, and the wiring of its parts.

Sequence of play (4.1): Events Phase (draw a card, its events, AP) -> [Dar al-Islam Phase,
Advanced Game] -> Arab Phase -> Actions Phase -> End of Turn Phase, until card 50 (5.2) or
sudden death (5.1). The rules are in ``rules/`` (one module per part of the turn), the queries
of a position in ``board.py``, what the player sees in ``view.py``; readings of unclear passages
in ``NOTES.md``.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any, ClassVar, cast

from consim.core.action import Action
from consim.core.errors import RestoreError
from consim.core.game import Game, Outcome, Standing
from consim.core.table import ActionWords, CardShelf, StatusLine
from consim.games.jihad import board, table
from consim.games.jihad.content import (
    REFUGEES,
    SEAT,
    JihadContent,
    JihadOptions,
    JihadTables,
    build_tables,
    great_king_names,
)
from consim.games.jihad.rules import actions, arab, dar, diplomacy, end_turn, events, turn
from consim.games.jihad.state import JihadState
from consim.games.jihad.view import view
from consim.games.jihad.viewtypes import JihadSeatView, JihadView

#: the player beats history when Islam stays below the historical band (16-25, 5.2)
HISTORICAL_LOW = 16
ENDING_ROME = "driven out of Rome (5.1)"
ENDING_CARD_50 = "card 50 (5.2)"


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
    state_class = JihadState
    frames = (
        *turn.FRAMES,
        *events.FRAMES,
        *dar.FRAMES,
        *arab.FRAMES,
        *actions.FRAMES,
        *end_turn.FRAMES,
        *diplomacy.FRAMES,
    )
    status = (
        "complete and calibrated: Basic Game (rules 1-14) and Advanced Game (15-22, --advanced); "
        "random and heuristic bots (figures in NOTES.md)"
    )
    bots: ClassVar[Mapping[str, str]] = {"heuristic": "consim.games.jihad.bots:HeuristicBot"}
    view_type = JihadSeatView
    tables: JihadTables

    def __init__(self, **options: Any) -> None:
        super().__init__(**options)
        opts = self.opts
        assert isinstance(opts, JihadOptions)
        self.tables = build_tables(opts)
        self.seats = (SEAT,)

    @classmethod
    def load_content(cls) -> JihadContent:
        from consim.games.jihad.content import load_content

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
            {"siege_invasion": "across", "mecca_counts": True},
            {"advanced": True, "siege_invasion": "across", "mecca_counts": True},
        ]

    def search_defaults(self) -> str:
        """``bot:ismcts`` is the guided search measured strongest in this game (README)."""
        # in the Advanced Game a turn's Outcome Points miss the danger to Rome beyond the turn
        return "guide=heuristic,horizon=2" if self.tables.advanced else "guide=heuristic,horizon=turn"

    def id_tables(self) -> dict[str, tuple[str, ...]]:
        t = self.tables
        c = t.content
        return {
            "place": t.place_name,
            "path": t.path_name,
            "army": t.army_name,
            # names held as text, checked on restore (a refusal reads "expected the name of
            # a Great King")
            "minor power's face": tuple(dict.fromkeys(f.id for m in c.powers.minor_powers for f in m.faces)),
            "Great King": (*great_king_names(c), events.PACT_KING),
            "side of the Greek Fleet": tuple(t.fleet_drm),
            "segment of the Actions Phase": tuple(t.seg_theater),
        }

    # -- the hooks ----------------------------------------------------------------------------

    def _setup(self, state: JihadState) -> None:
        turn.set_up(state)

    def _view(self, state: JihadState, seat: str | None) -> JihadView:
        return view(state, seat)

    def describe_actions(self, view: Mapping[str, Any], actions: Sequence[Action]) -> list[ActionWords]:
        return table.describe_actions(cast(JihadSeatView, view), actions)

    def describe_cards(self, view: Mapping[str, Any]) -> list[CardShelf]:
        return table.describe_cards(cast(JihadSeatView, view))

    def describe_status(self, view: Mapping[str, Any]) -> list[StatusLine]:
        return table.describe_status(cast(JihadSeatView, view))

    def _outcome(self, state: JihadState) -> Outcome:
        """[5.0] Outcome Points (5.2 A-E), the level reached, and sudden death (5.1)."""
        parts = board.outcome_points(state)
        points: int = parts["total"]
        band = self.tables.content.setup.outcome.band(points)
        level = _level_name(band.min_points, band.max_points)
        why = ENDING_ROME if parts["sudden_death"] else ENDING_CARD_50
        return Outcome(
            scores={SEAT: float(-points)},
            winners=(SEAT,) if points < HISTORICAL_LOW else (),
            result=f"{points} Outcome Points ({level}): {band.result} The game ended by {why}.",
            details={"breakdown": parts},
            unit="Outcome Points (negated: fewer is better)",
            points=float(points),
            level=level,
            ending=why,
            turns=state.data.turn,
        )

    def _turn(self, state: JihadState) -> int:
        return state.data.turn

    def _standing(self, state: JihadState) -> Standing:
        """[5.0] The card turn and the Outcome Points the position is worth now (negated, as in
        the outcome: fewer is better for the player)."""
        return Standing(state.data.turn, {SEAT: -float(board.outcome_points(state)["total"])})

    def _check(self, state: JihadState) -> None:
        """Invariants the types do not express: one record per piece, every army on its own Path
        or off the map, every card in use in exactly one place."""
        t = self.tables
        d = state.data
        n_paths = len(t.path_name)
        sizes = {
            "armies": (len(d.armies), len(t.army_name)),
            "castles": (len(d.castles), len(t.castle_name)),
            "capitals": (len(d.capitals), 2),
            "islam": (len(d.islam), n_paths),
            "tracks": (len(d.tracks), len(t.track_name)),
            "rulers": (len(d.rulers), 2),
            "ap": (len(d.ap), len(t.ap_theaters)),
            "divided": (len(d.divided), 2),
            "last_stand": (len(d.last_stand), 2),
            "tokens": (len(d.tokens), 3),
            "spent": (len(d.spent), n_paths),
            "hits": (len(d.hits), n_paths),
        }
        adv = d.adv
        if t.advanced != (adv is not None):
            raise RestoreError("the state and the game disagree on the Advanced Game [15.0]")
        if adv is not None:
            sizes["adv.refugees"] = (len(adv.refugees), len(REFUGEES))
            sizes["adv.baqt"] = (len(adv.baqt), n_paths)
            sizes["adv.trade_used"] = (len(adv.trade_used), len(t.routes))
        for name, (got, want) in sizes.items():
            if got != want:
                raise RestoreError(f"{name} must have {want} entries, not {got}")
        off = {t.place_id[x] for x in ("off", "dead", "berber_revolt_box")}
        for aid, a in enumerate(d.armies):
            if t.on_map[a.at]:
                if t.land_path[a.at] != t.army_path[aid]:
                    raise RestoreError(
                        f"army {t.army_name[aid]}: {t.place_name[a.at]!r} is not on its own Path"
                    )
            elif a.at not in off:
                raise RestoreError(f"army {t.army_name[aid]}: unknown place {t.place_name[a.at]!r}")
        aside = adv.set_aside if adv is not None else []
        if sorted([*d.deck, *d.played, *aside]) != sorted(t.cards):
            raise RestoreError("every card in use must be in the deck, set aside or played exactly once")
        for path, marker in enumerate(d.islam):
            if not 0 <= marker.at <= t.path_len[path]:
                raise RestoreError(f"bad Islam marker on {t.path_name[path]!r}")
        for track in d.tracks:
            if track.box not in (-1, 0, 1):
                raise RestoreError("minor power boxes are +1, 0 or -1 [13.1]")


def _level_name(lo: int | None, hi: int | None) -> str:
    if lo is None:
        return f"{hi} or lower"
    if hi is None:
        return f"{lo}+"
    return f"{lo} to {hi}"
