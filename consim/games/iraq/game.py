"""The Iraq insurgency card game: options, seats and the wiring of its parts.

Turn sequence: Situation (deal) -> Commitment (discard and redraw, secret and simultaneous)
-> Negotiations (rounds of trade offers) -> Ground (reveal, total usable FV) -> Score (VP by
rank). After the last turn the two conflicts are decided separately. The rules are in
``rules/``, what a seat may see in ``view.py``; readings of unclear passages in ``NOTES.md``.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any, ClassVar, cast

from consim.core.action import Action
from consim.core.errors import RestoreError
from consim.core.game import Conflict, Game, Outcome, Standing
from consim.core.table import ActionWords, CardShelf, StatusLine
from consim.games.iraq import table
from consim.games.iraq.content import IraqContent, IraqOptions, build_tables
from consim.games.iraq.rules import MAX_DISCARD, commitment, negotiation, turn
from consim.games.iraq.rules.commitment import Commitment
from consim.games.iraq.rules.negotiation import Negotiation
from consim.games.iraq.state import IraqState, new_data
from consim.games.iraq.view import view
from consim.games.iraq.viewtypes import IraqSeatView, IraqView


class IraqGame(Game):
    """One set of options: the scenario's seats, deck and tables."""

    id = "iraq"
    title = "The Iraq insurgency card game"
    Options = IraqOptions
    state_class = IraqState
    frames = (*turn.FRAMES, *commitment.FRAMES, *negotiation.FRAMES)
    status = "complete: 2-5 players, all four scenarios, random and heuristic bots"
    bots: ClassVar[Mapping[str, str]] = {"heuristic": "consim.games.iraq.bots:HeuristicBot"}
    view_type = IraqSeatView

    def __init__(self, **options: Any) -> None:
        super().__init__(**options)
        opts = self.opts
        assert isinstance(opts, IraqOptions)
        self.tables = build_tables(opts)
        self.seats = self.tables.seats

    @classmethod
    def load_content(cls) -> IraqContent:
        from consim.games.iraq.content import load_content

        return load_content()

    @classmethod
    def variants(cls) -> list[dict[str, Any]]:
        base: list[dict[str, Any]] = [{"players": n} for n in (2, 3, 4, 5)]
        return [
            *base,
            {"players": 2, "two_player_removal": "e-letter", "turns": 4},
            {"players": 3, "civil_war_side": "declare", "turns": 4},
            {
                "players": 5,
                "commitment": "sequential",
                "tie_ranking": "competition",
                "lowest_scores_zero": False,
                "turns": 3,
                "max_trade_cards": 5,
                "negotiation_rounds": 5,
            },
        ]

    def search_defaults(self) -> str:
        """``bot:ismcts`` is the guided search measured strongest in this game (README)."""
        return "guide=heuristic,horizon=turn"

    def id_tables(self) -> dict[str, tuple[str, ...]]:
        return {"card": self.tables.card_name}

    # -- the hooks ----------------------------------------------------------------------------

    def _setup(self, state: IraqState) -> None:
        state.data = new_data(self.seats)
        turn.set_up(state)

    def _view(self, state: IraqState, seat: str | None) -> IraqView:
        return view(state, seat)

    def chat_open(self, state: IraqState, seat: str) -> bool:
        # [Negotiations Phase] players may make (and break) secret deals: free messages
        return not state.is_over()

    def describe_actions(self, view: Mapping[str, Any], actions: Sequence[Action]) -> list[ActionWords]:
        return table.describe_actions(cast(IraqSeatView, view), actions)

    def describe_cards(self, view: Mapping[str, Any]) -> list[CardShelf]:
        return table.describe_cards(cast(IraqSeatView, view))

    def describe_status(self, view: Mapping[str, Any]) -> list[StatusLine]:
        return table.describe_status(cast(IraqSeatView, view))

    def _outcome(self, state: IraqState) -> Outcome:
        d = state.data
        vp = d.vp
        results = turn.conflict_results(state)
        winners = [w for _, _, won in results for w in won]
        return Outcome(
            scores={s: float(vp[s]) for s in self.seats},
            winners=tuple(s for s in self.seats if s in winners),
            result=turn.outcome_sentence(state),
            unit="VP",
            turns=len(d.history),
            conflicts={name: Conflict(seats, tuple(won)) for name, seats, won in results},
            details={
                "vp": dict(vp),
                "conflicts": {
                    name: {"winners": won, "vp": {s: vp[s] for s in seats}} for name, seats, won in results
                },
                "fv_by_turn": [dict(h.fv) for h in d.history],
            },
        )

    def _turn(self, state: IraqState) -> int:
        return state.data.turn

    def _standing(self, state: IraqState) -> Standing:
        """The turn dealt and the VP so far."""
        d = state.data
        return Standing(d.turn, {s: float(d.vp[s]) for s in self.seats})

    def _check(self, state: IraqState) -> None:
        t = self.tables
        d = state.data
        seats = set(self.seats)
        if set(d.hands) != seats or set(d.vp) != seats:
            raise RestoreError("hands and vp must name exactly this game's seats")
        everywhere = d.deck + d.discard + [c for h in d.hands.values() for c in h]
        if sorted(everywhere) != sorted(t.deck_cards):
            raise RestoreError(
                "every card of the deck must be in exactly one place (deck, discard or a hand)"
            )
        if set(d.face_down) != seats:
            raise RestoreError("face_down must name exactly this game's seats")
        down = [c for cards in d.face_down.values() for c in cards]
        if len(set(down)) != len(down) or not set(down) <= set(d.discard):
            raise RestoreError("cards discarded face down must be in the discard pile, each once")
        if not 0 <= d.turn <= t.opts.turns:
            raise RestoreError(f"turn {d.turn} out of range")
        for frame in state.stack:
            if isinstance(frame, Commitment):
                for seat, pend in frame.pending.items():
                    if not set(pend) <= set(d.hands[seat]) or len(pend) > MAX_DISCARD:
                        raise RestoreError(
                            f"{seat}'s pending discards must be at most {MAX_DISCARD} cards from its hand"
                        )
            if isinstance(frame, Negotiation):
                if sorted(frame.order) != sorted(self.seats) or not 0 <= frame.pos < len(self.seats):
                    raise RestoreError("bad negotiation order or position")
                o = frame.offer
                if o is not None:
                    if o.sender == o.to:
                        raise RestoreError("an offer must be between two different seats")
                    if not set(o.give) <= set(d.hands[o.sender]):
                        raise RestoreError("offered cards must be in the offerer's hand")
                    if not set(o.taken) <= set(d.hands[o.to]):
                        raise RestoreError("cards chosen in return must be in the responder's hand")
