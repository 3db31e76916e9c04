"""The research contract's per-game part: :class:`GameInfo` and the :class:`Research` hooks.

Each game package provides ``consim.games.<id>.encoding`` with a class ``Research`` (a subclass
of :class:`Research` here) that states the game's metadata (:meth:`Research.info`), its action
grammar (:meth:`Research.forms`), its observation layout (:meth:`Research.observation_fields`)
and how to re-deal what a seat cannot know (:meth:`Research.resample`). The core finds it by
the game's package name, so the core imports no game. ``Game`` and ``State`` expose the
results: ``game.info()``, ``game.action_index``, ``game.action_at``, ``game.num_actions()``,
``game.observation_spec()``, ``state.legal_mask``, ``state.observation``,
``state.information_state``, ``state.determinize`` and ``state.apply_joint``.

>>> import consim
>>> info = consim.load_game("iraq", players=3).info()
>>> info.num_players, info.utility, info.chance
(3, 'general-sum', 'sampled')
"""

from __future__ import annotations

import importlib
from collections.abc import Callable, MutableSequence, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, Literal, TypeVar

from consim.core.action import Action
from consim.core.encoding import ActionSpace, Form
from consim.core.observe import Field, ObservationSpec
from consim.core.rng import Rng

if TYPE_CHECKING:
    from consim.core.game import Game
    from consim.core.state import State

T = TypeVar("T")

Utility = Literal["zero-sum", "constant-sum", "general-sum"]
Chance = Literal["deterministic", "sampled"]


@dataclass(frozen=True, slots=True)
class GameInfo:
    """What a search or learning framework must know about a game before it starts.

    * ``utility``: ``"zero-sum"`` when the scores of every finished game sum to 0,
      ``"constant-sum"`` when they sum to one constant, ``"general-sum"`` otherwise (and for
      one seat).
    * ``min_score`` / ``max_score``: bounds of every seat's ``Outcome.scores`` value.
    * ``max_decisions``: an upper bound on the decisions (actions applied) of one game.
    * ``chance``: ``"sampled"`` when dice and shuffles are drawn inside ``apply`` from the
      state's own generator (there are no explicit chance nodes; :meth:`State.determinize`
      resamples them), ``"deterministic"`` when nothing is random.
    * ``simultaneous``: whether several seats can be asked at once (secret simultaneous
      choices; :meth:`State.apply_joint` takes them together).
    """

    game: str
    num_players: int
    seats: tuple[str, ...]
    utility: Utility
    min_score: float
    max_score: float
    score_unit: str
    max_decisions: int
    chance: Chance
    information: Literal["perfect", "imperfect"]
    simultaneous: bool
    num_actions: int
    observation_size: int
    notes: str = ""


class CanonicalRng(Rng):
    """A generator whose shuffles first put the items in a canonical order.

    A re-deal through it depends only on *which* items are hidden, never on where they lie:
    two positions that differ only in hidden order re-deal identically (what
    :meth:`State.determinize` promises)."""

    __slots__ = ()

    def shuffle(self, items: MutableSequence[T]) -> None:
        items[:] = sorted(items, key=_canonical)
        super().shuffle(items)

    def copy(self) -> CanonicalRng:
        return CanonicalRng(self.state, self.calls)


def _canonical(item: object) -> tuple[str, Any]:
    if isinstance(item, int | str | float):
        return (type(item).__name__, item)
    return (type(item).__name__, repr(item))


class Research:
    """A game's research hooks. Subclasses implement :meth:`info_fields`, :meth:`forms` and
    :meth:`observation_fields`; :meth:`resample` by default re-deals through the game's
    ``testing.perturb`` (the same statement of what is hidden that the leak checks prove)."""

    def __init__(self, game: Game) -> None:
        self.game = game
        self._space: ActionSpace | None = None
        self._spec: ObservationSpec | None = None

    # -- hooks --------------------------------------------------------------------------------

    def info_fields(self) -> dict[str, Any]:
        """``utility``, ``min_score``, ``max_score``, ``score_unit``, ``max_decisions``,
        ``chance``, ``information``, ``simultaneous`` and ``notes`` for :class:`GameInfo`."""
        raise NotImplementedError

    def forms(self) -> Sequence[Form]:
        """The game's action grammar: every form of every verb, in a fixed order."""
        raise NotImplementedError

    def observation_fields(self) -> Sequence[Field]:
        """The fields of the observation vector, read from a view."""
        raise NotImplementedError

    def resample(self, state: State, seat: str | None, rng: Rng) -> State:
        """A copy of ``state`` with everything ``seat`` cannot know re-dealt (hidden cards,
        hidden choices). ``rng`` is a :class:`CanonicalRng`."""
        package = type(self.game).__module__.rsplit(".", 1)[0]
        module = importlib.import_module(f"{package}.testing")
        perturb: Callable[..., tuple[State, Any]] = module.perturb
        other, _ = perturb(state, seat, rng, True)
        return other

    # -- derived --------------------------------------------------------------------------------

    @property
    def space(self) -> ActionSpace:
        if self._space is None:
            self._space = ActionSpace(self.forms())
        return self._space

    @property
    def spec(self) -> ObservationSpec:
        if self._spec is None:
            self._spec = ObservationSpec(self.observation_fields())
        return self._spec

    def info(self) -> GameInfo:
        fields = self.info_fields()
        return GameInfo(
            game=self.game.id,
            num_players=len(self.game.seats),
            seats=tuple(self.game.seats),
            num_actions=self.space.size,
            observation_size=self.spec.size,
            **fields,
        )


def research_of(game: Game) -> Research:
    """The research hooks of ``game`` (its package's ``encoding.Research``), built once."""
    found: Research | None = getattr(game, "_research", None)
    if found is None:
        package = type(game).__module__.rsplit(".", 1)[0]
        try:
            module = importlib.import_module(f"{package}.encoding")
        except ModuleNotFoundError as exc:
            raise NotImplementedError(f"{game.id} has no research encoding ({package}.encoding)") from exc
        cls: type[Research] = module.Research
        found = cls(game)
        game._research = found
    return found


def action_of(game: Game, action: Action | str) -> Action:
    """An action given as an :class:`Action` or its text."""
    return action if isinstance(action, Action) else Action.parse(action)
