"""``bot:ismcts``: information-set Monte Carlo tree search for any seat of any game.

Single-observer ISMCTS (Cowling, Powley and Whitehouse, 2012). Every iteration

1. asks for a fresh *determinization*: a full position consistent with what the searching seat
   knows (``state.determinize(seat, rng)``, handed to the bot by the driver as a function; the
   bot never holds the real position);
2. descends one tree whose edges are ``(seat, action)`` pairs, so a node stands for the
   sequence of decisions made since the root. At each node only the actions legal in *this*
   determinization are candidates; an untried one is expanded, otherwise UCB1 picks among them
   with *availability* counts (how often a child was legal when its parent was visited)
   instead of the parent's visits. The seat to act chooses by its own reward, so the same tree
   serves every seat (max^n);
3. plays the determinization out with a cheap policy (uniform random, or the game's heuristic
   bot) and backs up every seat's reward from the game's :class:`Outcome`.

A seat's reward is ``(1 - win) * normalised score + win * [seat among the winners]``, the
score mapped to 0..1 by ``game.info()``'s range (The First Jihad's score is minus its Outcome
Points). Scores that vary little inside that range (Outcome Points span -200..200 but one
position's playouts differ by a few points) would drown in the exploration term, so the
exploration constant is scaled by the spread of rewards the search has seen for that seat.

Decisions with one legal action are taken at once (no search), and inside the tree they are
applied without adding a node. The answer is the root action visited most (ties: the better
mean reward, then the first listed).

Options, in the kind string (``ismcts:iterations=400,seconds=2``) or left at their defaults.
Each game starts from its own (``game.search_defaults()``): in every game so far the guided
search below, with the settings measured strongest there; ``guide=none`` asks for the tree.
The defaults of the options themselves:

* ``iterations`` (200): iterations per decision;
* ``seconds`` (0.9): a wall-clock cap per decision, whichever of the two comes first; ``0``
  means none. With the cap reached first the choice depends on the machine's speed; for
  reproducible play give ``seconds=0`` (the choice then depends only on the seed, the
  iterations and what the seat knows);
* ``c`` (0.7): the UCB exploration constant;
* ``win`` (0.5): the weight of winning against the normalised score in the reward;
* ``rollout`` (``random``): ``random`` or ``heuristic`` (the game's heuristic bot in every
  seat, slower but better informed).

**Guided search** (``guide=heuristic``) replaces the tree by a search that improves on the
seat's own heuristic bot (a one-step *rollout* improvement, Bertsekas' rollout algorithm on
determinizations). The heuristic bot proposes its move; up to ``candidates - 1`` other legal
moves, drawn at random, compete with it. Each iteration deals one determinization and plays
every candidate on a copy of it, then on with fresh heuristic bots in every seat, seeded
alike for all candidates, so that the rewards differ by the move alone. A candidate
overrules the heuristic's move only if its mean paired difference exceeds ``z`` standard
errors, on at least four deals; otherwise the heuristic's move stands. It departs from its
guide only where the play-outs show a gain, so it is as good as the reward it is judged by:
with ``horizon=turn`` a turn's standing misses dangers beyond the turn (in The First Jihad's
Advanced Game it loses Rome far more often than its guide, and ``horizon=2`` cures that;
README, "The search bot").

* ``guide`` (``none``): ``none`` (the tree search above) or ``heuristic``;
* ``horizon`` (``end``): ``end`` plays each candidate to the end of the game and rewards it
  as above; ``turn`` stops at the end of the turn being played and rewards the seat's
  :meth:`~consim.core.state.State.standing` less the best other seat's, over the score range
  (shorter, so many more deals fit the budget, and less noisy where a turn's score is what a
  decision changes; where a game's scores move in whole steps, each seat's progress toward
  its next step is added, as Fitna gives it for its victory levels); a number ``N`` plays on
  to the end of the N-th turn counting this one (``turn`` is ``1``), to see dangers a turn's
  standing misses at N times the cost;
* ``z`` (2.5): the margin, in standard errors, a candidate must clear;
* ``candidates`` (6): the heuristic's move and at most this many minus one others;
* ``decisive`` (0): with a horizon of turns, what a game's result weighs when a play-out ends
  the game inside the horizon: this much is added for a win of the seat (shared or not) and
  taken away for a win of others only. The standing counts only the score, so without it a
  win by some other means than the score (Battle for Baghdad's special victories) counts
  for nothing; a weight of 1 puts any result above any difference of standing.
"""

from __future__ import annotations

import math
import random
import time
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, fields
from typing import TYPE_CHECKING, Any

from consim.core.action import Action
from consim.core.errors import OptionError
from consim.core.rng import Rng

if TYPE_CHECKING:
    from consim.bots.base import Bot
    from consim.core.game import Game, Standing, State

#: guided search: the fewest deals on which a candidate may overrule the guide's move
_MIN_DEALS = 4
#: guided search: the least variance assumed for the paired differences (rewards are fractions
#: of the score range: this is a thousandth of it, squared)
_MIN_VARIANCE = 1e-6

#: a function returning a fresh determinization of the searching seat's information
Determinizer = Callable[[Rng], "State"]


@dataclass(frozen=True)
class IsmctsOptions:
    """The search budget and its knobs (see the module's docstring)."""

    iterations: int = 200
    seconds: float = 0.9
    c: float = 0.7
    win: float = 0.5
    rollout: str = "random"
    guide: str = "none"
    horizon: str = "end"
    z: float = 2.5
    candidates: int = 6
    decisive: float = 0.0

    def __post_init__(self) -> None:
        if self.iterations < 1:
            raise OptionError("ismcts: iterations must be at least 1")
        if self.seconds < 0:
            raise OptionError("ismcts: seconds must be 0 (no cap) or more")
        if self.c < 0:
            raise OptionError("ismcts: c must not be negative")
        if not 0 <= self.win <= 1:
            raise OptionError("ismcts: win must lie in 0..1")
        if self.rollout not in ("random", "heuristic"):
            raise OptionError("ismcts: rollout is random or heuristic")
        if self.guide not in ("none", "heuristic"):
            raise OptionError("ismcts: guide is none or heuristic")
        if self.horizon not in ("end", "turn") and self.turns < 1:
            raise OptionError(
                "ismcts: horizon is end (of the game), turn (the end of this turn) or a number of "
                "turns (1 or more)"
            )
        if self.z < 0:
            raise OptionError("ismcts: z must not be negative")
        if self.decisive < 0:
            raise OptionError("ismcts: decisive must not be negative")
        if self.candidates < 2:
            raise OptionError("ismcts: candidates must be at least 2 (the guide's move and another)")

    @property
    def turns(self) -> int:
        """The turns a guided play-out covers (``horizon``): 0 plays to the end of the game, -1
        is not a horizon."""
        h = self.horizon
        return 0 if h == "end" else 1 if h == "turn" else int(h) if h.isdigit() else -1


def parse_options(text: str, base: str = "") -> IsmctsOptions:
    """``"iterations=400,seconds=0"`` -> :class:`IsmctsOptions` (an empty text: the defaults);
    the options in ``text`` override those in ``base`` (a game's :meth:`search_defaults`).

    >>> parse_options("iterations=50,seconds=0")  # doctest: +ELLIPSIS
    IsmctsOptions(iterations=50, seconds=0.0, c=0.7, win=0.5, rollout='random', guide='none', ...)
    >>> parse_options("guide=none", base="guide=heuristic,horizon=turn").guide
    'none'
    """
    types = {f.name: f.type for f in fields(IsmctsOptions)}
    given: dict[str, Any] = {}
    for part in filter(None, (p.strip() for p in f"{base},{text}".split(","))):
        key, sep, raw = part.partition("=")
        key = key.strip()
        if not sep or key not in types:
            raise OptionError(f"ismcts: unknown option {part!r}; options are {', '.join(types)}")
        kind = types[key]
        wanted = "a whole number" if kind == "int" else "a number"
        try:
            given[key] = int(raw) if kind == "int" else float(raw) if kind == "float" else raw.strip()
        except ValueError:
            raise OptionError(f"ismcts: {key} needs {wanted}, got {raw[:20]!r}") from None
        if kind == "float" and not math.isfinite(given[key]):  # "nan" and "inf" parse as floats
            raise OptionError(f"ismcts: {key} needs {wanted}, got {raw[:20]!r}")
    return IsmctsOptions(**given)


class _Node:
    """A sequence of decisions from the root: visits, availability and reward sums per seat."""

    __slots__ = ("avail", "children", "reward", "visits")

    def __init__(self, seats: int) -> None:
        self.visits = 0
        self.avail = 0
        self.reward = [0.0] * seats
        self.children: dict[tuple[int, Action], _Node] = {}


class IsmctsBot:
    """Information-set MCTS; driven through :meth:`choose_with_search` (see
    :func:`consim.bots.base.decide`)."""

    uses_view = False

    def __init__(self, game: Game, seat: str, seed: int = 0, options: IsmctsOptions | None = None) -> None:
        self.game = game
        self.seat = seat
        self.options = options or IsmctsOptions()
        self._random = random.Random(seed)
        self._seats = tuple(game.seats)
        self._index = {s: i for i, s in enumerate(self._seats)}
        info = game.info()
        self._low, self._span = info.min_score, (info.max_score - info.min_score) or 1.0
        self._max_steps = info.max_decisions
        self._rollout_bots: dict[str, Bot] | None = None
        #: iterations run by the last search (0 when the choice was forced)
        self.last_iterations = 0
        #: guided search: the seat's own heuristic bot, which sees every decision (some keep
        #: notes between them) and whose move stands unless the search beats it
        self._guide: Bot | None = None
        if self.options.guide == "heuristic":
            from consim.bots.base import make_bot

            kind = "heuristic" if "heuristic" in game.bots else "random"
            self._guide = make_bot(game, kind, seat, seed)
            self.uses_view = self._guide.uses_view
        #: guided search: how often the last searches kept the guide's move or overruled it
        self.kept = 0
        self.overruled = 0

    def choose(self, view: Mapping[str, Any], actions: Sequence[Action]) -> Action:
        if len(actions) == 1:
            return actions[0]
        raise RuntimeError(
            "bot:ismcts searches determinizations of its seat's information: drive it with "
            "consim.bots.base.decide (or call choose_with_search)"
        )

    def choose_with_search(
        self, view: Mapping[str, Any], actions: Sequence[Action], determinize: Determinizer
    ) -> Action:
        """The action to play among ``actions``, searched on positions ``determinize`` deals."""
        self.last_iterations = 0
        if self._guide is not None:
            return self._guided(view, actions, determinize)
        if len(actions) == 1:
            return actions[0]
        opts = self.options
        seats = len(self._seats)
        root = _Node(seats)
        allowed = set(actions)
        me = self._index[self.seat]
        # the observed reward range per seat, to scale exploration to the rewards' spread
        low = [math.inf] * seats
        high = [-math.inf] * seats
        deadline = time.perf_counter() + opts.seconds if opts.seconds > 0 else math.inf
        for _ in range(opts.iterations):
            state = determinize(Rng(self._random.getrandbits(64)))
            path = self._descend(root, state, me, allowed, low, high)
            rewards = self._rollout(state)
            if rewards is not None:
                for i, r in enumerate(rewards):
                    if r < low[i]:
                        low[i] = r
                    if r > high[i]:
                        high[i] = r
                for node in path:
                    node.visits += 1
                    acc = node.reward
                    for i, r in enumerate(rewards):
                        acc[i] += r
            self.last_iterations += 1
            if time.perf_counter() > deadline:
                break
        best: tuple[int, float, int] | None = None
        choice = actions[0]
        for order, action in enumerate(actions):
            child = root.children.get((me, action))
            if child is None or not child.visits:
                continue
            key = (child.visits, child.reward[me] / child.visits, -order)
            if best is None or key > best:
                best, choice = key, action
        return choice

    # -- one iteration --------------------------------------------------------------------------

    def _descend(
        self, root: _Node, state: State, me: int, allowed: set[Action], low: list[float], high: list[float]
    ) -> list[_Node]:
        """Select and expand in ``state`` (changed in place); the nodes visited, root first."""
        node = root
        path = [root]
        c = self.options.c
        rand = self._random.random
        while True:
            seats = state.to_act()
            if not seats:
                return path
            seat = seats[0]
            legal = state.legal_actions(seat)
            if node is root:
                legal = [a for a in legal if a in allowed] or legal
            if len(legal) == 1:
                state.apply(seat, legal[0])
                continue
            si = self._index[seat]
            children = node.children
            untried: list[Action] = []
            present: list[tuple[Action, _Node]] = []
            for action in legal:
                child = children.get((si, action))
                if child is None:
                    untried.append(action)
                else:
                    child.avail += 1
                    present.append((action, child))
            if untried:
                action = untried[int(rand() * len(untried))]
                child = _Node(len(self._seats))
                child.avail = 1
                children[(si, action)] = child
                state.apply(seat, action)
                path.append(child)
                return path
            spread = high[si] - low[si]
            scale = c * (spread if spread > 1e-9 else 1.0)
            best_value = -math.inf
            chosen = present[0]
            for pair in present:
                child = pair[1]
                if not child.visits:
                    # expanded but its playout gave no result: try it again first
                    chosen = pair
                    break
                explore = scale * math.sqrt(math.log(child.avail) / child.visits)
                value = child.reward[si] / child.visits + explore
                if value > best_value:
                    best_value, chosen = value, pair
            state.apply(seat, chosen[0])
            node = chosen[1]
            path.append(node)

    def _rollout(self, state: State) -> list[float] | None:
        """Play ``state`` out with the rollout policy; every seat's reward, or ``None`` if the
        game did not end within the game's decision bound."""
        to_act, legal_actions, apply = state.to_act, state.legal_actions, state.apply
        if self.options.rollout == "heuristic":
            bots = self._heuristic_bots()
            view = state.view
            for _ in range(self._max_steps):
                seats = to_act()
                if not seats:
                    break
                seat = seats[0]
                bot = bots[seat]
                legal = legal_actions(seat)
                if len(legal) > 1:
                    apply(seat, bot.choose(view(seat) if bot.uses_view else {}, legal))
                else:
                    apply(seat, legal[0])
        else:
            rand = self._random.random
            for _ in range(self._max_steps):
                seats = to_act()
                if not seats:
                    break
                seat = seats[0]
                legal = legal_actions(seat)
                apply(seat, legal[int(rand() * len(legal))])
        outcome = state.outcome()
        if outcome is None:
            return None
        win = self.options.win
        winners = set(outcome.winners)
        low, span = self._low, self._span
        out = []
        for seat in self._seats:
            norm = min(1.0, max(0.0, (outcome.scores.get(seat, low) - low) / span))
            out.append((1 - win) * norm + win * (seat in winners))
        return out

    # -- guided search ------------------------------------------------------------------------

    def _guided(
        self, view: Mapping[str, Any], actions: Sequence[Action], determinize: Determinizer
    ) -> Action:
        """The guide's move, unless another candidate does better on the same deals by more
        than ``z`` standard errors of the paired differences."""
        assert self._guide is not None
        first = self._guide.choose(view, actions)
        if len(actions) == 1:
            return first
        opts = self.options
        others = [a for a in actions if a != first]
        self._random.shuffle(others)
        candidates = [first, *others[: opts.candidates - 1]]
        # per deal, each other candidate's reward minus the guide's move's reward
        diffs: list[list[float]] = [[] for _ in candidates[1:]]
        deadline = time.perf_counter() + opts.seconds if opts.seconds > 0 else math.inf
        for _ in range(opts.iterations):
            deal = determinize(Rng(self._random.getrandbits(64)))
            # the same bots' seeds for every candidate: the rewards differ by the move only
            seed = self._random.getrandbits(31)
            turn = deal.turn()
            base = 0.0
            for i, action in enumerate(candidates):
                state = deal.clone()
                state.apply(self.seat, action)
                reward = self._guided_rollout(state, seed, turn)
                if i == 0:
                    base = reward
                else:
                    diffs[i - 1].append(reward - base)
            self.last_iterations += 1
            if time.perf_counter() > deadline:
                break
        choice, lead = first, 0.0
        for action, d in zip(candidates[1:], diffs, strict=True):
            n = len(d)
            if n < _MIN_DEALS:
                continue
            mean = sum(d) / n
            # the variance has a floor, so that a few identical differences are not certainty
            spread = math.sqrt(max(sum((x - mean) ** 2 for x in d) / (n - 1), _MIN_VARIANCE) / n)
            if mean > lead and mean - opts.z * spread > 0:
                choice, lead = action, mean
        if choice is first:
            self.kept += 1
        else:
            self.overruled += 1
        return choice

    def _guided_rollout(self, state: State, seed: int, turn: int | None) -> float:
        """Play on with fresh heuristic bots in every seat, seeded by ``seed``, to the end of the
        game, or with ``horizon=turn`` to the end of turn ``turn``; this seat's reward: from
        the outcome at the end (as in the tree search), at a turn's end this seat's score
        less the best other seat's (its score alone in a solitaire game), over the score
        range."""
        from consim.bots.base import make_bot

        kind = "heuristic" if "heuristic" in self.game.bots else "random"
        bots = {s: make_bot(self.game, kind, s, seed + i) for i, s in enumerate(self._seats)}
        # the first turn the play-out does not enter (None: play to the end)
        turns = self.options.turns
        stop = turn + turns if turn is not None and turns else None
        by_turn = stop is not None
        to_act, legal_actions, apply, view = state.to_act, state.legal_actions, state.apply, state.view
        state_turn = state.turn
        for _ in range(self._max_steps):
            seats = to_act()
            if not seats:
                break
            if stop is not None:
                now = state_turn()
                if now is None or now >= stop:
                    break
            seat = seats[0]
            bot = bots[seat]
            legal = legal_actions(seat)
            apply(
                seat, bot.choose(view(seat) if bot.uses_view else {}, legal) if len(legal) > 1 else legal[0]
            )
        standing = state.standing() if by_turn else None
        if standing is None:
            outcome = state.outcome()
            if outcome is None:
                return 0.0
            norm = min(1.0, max(0.0, (outcome.scores.get(self.seat, self._low) - self._low) / self._span))
            win = self.options.win
            return (1 - win) * norm + win * (self.seat in outcome.winners)
        reward = self._standing_reward(standing)
        decisive = self.options.decisive
        if decisive and not state.to_act():
            outcome = state.outcome()
            if outcome is not None and outcome.winners:
                reward += decisive if self.seat in outcome.winners else -decisive
        return reward

    def _standing_reward(self, standing: Standing) -> float:
        """This seat's score less the best other seat's (its score alone in a solitaire game),
        over the score range; each score with its progress toward its next step, if the game
        gives one."""
        progress = standing.progress
        mine = standing.scores[self.seat] + progress.get(self.seat, 0.0)
        rest = [v + progress.get(s, 0.0) for s, v in standing.scores.items() if s != self.seat]
        return (mine - (max(rest) if rest else self._low)) / self._span

    def _heuristic_bots(self) -> dict[str, Bot]:
        if self._rollout_bots is None:
            from consim.bots.base import make_bot

            kind = "heuristic" if "heuristic" in self.game.bots else "random"
            self._rollout_bots = {
                s: make_bot(self.game, kind, s, self._random.getrandbits(31)) for s in self._seats
            }
        return self._rollout_bots


def make_ismcts(game: Game, seat: str, seed: int, options: str = "") -> IsmctsBot:
    """The factory behind the ``ismcts`` kind; ``options`` is the text after ``ismcts:``, over
    the game's own defaults (:meth:`~consim.core.game.Game.search_defaults`)."""
    return IsmctsBot(game, seat, seed, parse_options(options, game.search_defaults()))
