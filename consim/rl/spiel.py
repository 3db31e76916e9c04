"""Every consim game as an OpenSpiel Python game, registered when this module is imported.

>>> import pyspiel
>>> import consim.rl.spiel
>>> game = pyspiel.load_game("consim_iraq", {"players": 3})
>>> game.num_players(), game.num_distinct_actions() == consim.load_game("iraq", players=3).num_actions()
(3, True)

Names: ``consim_iraq``, ``consim_jihad``, ``consim_baghdad`` and ``consim_fitna``. Their
parameters are the game's options (``players``, ``scenario``, ``advanced``, ...; an option whose
default is "decided by the game", such as Battle for Baghdad's ``players``, takes 0 for that; a
list in an option, such as Battle for Baghdad's ``factions``, is written with ``+`` in the game
string, ``factions=Shiite+Sunni+US``, since OpenSpiel separates parameters with commas),
plus:

* ``reward``: how the Outcome becomes returns, ``"win"`` (+1 winners, -1 the others, 0 all
  when nobody won), ``"score"`` or ``"normalized"`` (:mod:`consim.rl.common`). The default is
  ``"win"``, and ``"score"`` for The First Jihad (minus its Outcome Points).
* ``seeds``: how many seeds the opening chance node chooses among (default 4096).

**Randomness.** The engine draws every die and shuffle from a generator kept in the state. So
that a history of actions fixes the position (OpenSpiel serialises a state as its history, and
replays it), the game has exactly one chance node, the first: it chooses the seed of the game,
uniformly among ``seeds`` values (chance outcome ``i`` is seed ``i``). Everything random after
it follows from that seed and the players' actions, so every later node is a player or the
end. ``chance_mode`` is therefore explicit-stochastic with ``seeds`` outcomes; the game is the
original one restricted to those seeds (with 4096 of them, no search or learning run can tell).

**Turns.** Players are the game's seats, numbered in seat order. When the engine asks several
seats at once (a secret simultaneous choice), the game is sequential in seat order: the
later seats' information states do not show the earlier choices, which the engine keeps secret
until all are in, so this is the same game of imperfect information.

**Observations** (``make_py_observer``): with ``perfect_recall=False`` the tensor is the
seat's observation vector (``state.observation(seat)``; ``private_info=NONE`` gives the
spectator's, the public observation) and the string is its view as JSON. With
``perfect_recall=True`` the string is ``state.information_state(seat).string()`` (the seat's
own actions, the log it could read, its view) and the tensor is the observation followed by
how many times the seat has taken each action (``game.num_actions()`` counts): a fixed-size
summary of its own history, where the string is the complete one.

A state is cloned with the engine's ``clone`` and pickled with its ``to_dict`` (the RNG
included), so ``state.clone()``, ``pickle`` and ``pyspiel.serialize_game_and_state`` work.

**Search.** ``state.resample_from_infostate(player, sampler)`` re-deals what the player cannot
know through the engine's ``determinize``, so OpenSpiel's Python IS-MCTS
(``open_spiel.python.algorithms.ismcts.ISMCTSBot``, with ``allow_inconsistent_action_sets=True``:
other seats' legal actions depend on their hidden cards) plays every game. The C++
``pyspiel.ISMCTSBot`` crashes when it calls a Python game's resampling (seen with open_spiel
2.0.2); use the Python one.
"""

from __future__ import annotations

import functools
import json
import types
from typing import Any, get_args, get_origin

import numpy as np
import numpy.typing as npt
import pyspiel

from consim.core.game import Game
from consim.core.observe import InformationState
from consim.core.registry import game_class, list_games, load_game
from consim.core.rng import Rng
from consim.core.state import State
from consim.rl.common import check_reward_mode, final_rewards, reward_bounds

#: seats of each game: (fewest, most), for OpenSpiel's game type
PLAYERS: dict[str, tuple[int, int]] = {"baghdad": (3, 6), "fitna": (2, 6), "iraq": (2, 5), "jihad": (1, 1)}

#: how many seeds the opening chance node chooses among, unless the ``seeds`` parameter says
DEFAULT_SEEDS = 4096

#: the reward mode of each game unless the ``reward`` parameter says (default "win")
DEFAULT_REWARD: dict[str, str] = {"jihad": "score"}


def short_name(game_id: str) -> str:
    """OpenSpiel's name of a consim game."""
    return f"consim_{game_id}"


def _option_defaults(game_id: str) -> dict[str, Any]:
    """The game's options as OpenSpiel parameters: their defaults, with 0 for "decided by the
    game" (an optional number)."""
    out: dict[str, Any] = {}
    for name, f in game_class(game_id).Options.model_fields.items():
        kind = f.annotation
        args = get_args(kind)
        if get_origin(kind) in (types.UnionType,) and type(None) in args:
            inner = [a for a in args if a is not type(None)]
            if inner == [int]:
                out[name] = 0 if f.default is None else f.default
                continue
        if isinstance(f.default, bool | int | float | str):
            out[name] = f.default
    return out


@functools.lru_cache(maxsize=64)
def _load(game_id: str, options_json: str) -> Game:
    """A consim game, built once per options (games are shared, never changed)."""
    return load_game(game_id, **json.loads(options_json))


#: what stands for a comma inside an option's value in OpenSpiel's game string, whose
#: parameters are separated by commas (Battle for Baghdad's ``factions=Shiite+Sunni+US``)
LIST_SEPARATOR = "+"


def _spiel_value(value: Any) -> Any:
    """An option's value as an OpenSpiel parameter (no comma inside a text)."""
    return value.replace(",", LIST_SEPARATOR) if isinstance(value, str) else value


def _consim_options(game_id: str, params: dict[str, Any]) -> dict[str, Any]:
    defaults = _option_defaults(game_id)
    options: dict[str, Any] = {}
    for name, default in defaults.items():
        value = params.get(name, default)
        if isinstance(value, str):
            value = value.replace(LIST_SEPARATOR, ",")
        field = game_class(game_id).Options.model_fields[name]
        if value == 0 and field.default is None:
            continue  # 0: the game decides
        options[name] = value
    return options


class _Held:
    """The engine's state inside an OpenSpiel state: OpenSpiel deep-copies and pickles a
    Python state's attributes, so this one clones with the engine's ``clone`` (sharing the
    game's tables) and pickles as ``to_dict`` (RNG and log included)."""

    __slots__ = ("options", "state")

    def __init__(self, state: State, options: str) -> None:
        self.state = state
        self.options = options

    def __deepcopy__(self, memo: dict[int, Any]) -> _Held:
        return _Held(self.state.clone(), self.options)

    def __reduce__(self) -> tuple[Any, tuple[str, str, dict[str, Any]]]:
        return (_unpickle, (self.state.game.id, self.options, self.state.to_dict()))


def _unpickle(game_id: str, options: str, data: dict[str, Any]) -> _Held:
    state = _load(game_id, options).restore(data)
    state.keep_undo = False
    return _Held(state, options)


class _Context:
    """What a state needs of its game (the engine's game, the reward mode, the number of
    seeds). OpenSpiel copies a Python state's attributes when it clones or pickles one, so this
    is shared by copies and pickled by name and options."""

    __slots__ = ("consim", "game_id", "options", "reward_mode", "seeds")

    def __init__(self, game_id: str, options: str, reward_mode: str, seeds: int) -> None:
        self.game_id = game_id
        self.options = options
        self.consim = _load(game_id, options)
        self.reward_mode = check_reward_mode(reward_mode)
        self.seeds = seeds

    def __deepcopy__(self, memo: dict[int, Any]) -> _Context:
        return self

    def __reduce__(self) -> tuple[Any, tuple[str, str, str, int]]:
        return (_Context, (self.game_id, self.options, self.reward_mode, self.seeds))


class ConsimSpielGame(pyspiel.Game):  # type: ignore[misc]
    """A consim game as an OpenSpiel game (see the module's documentation)."""

    #: the consim game's id (each registered subclass sets it)
    game_id: str = ""

    def __init__(self, params: dict[str, Any] | None = None) -> None:
        game_id = self.game_id
        params = dict(params or {})
        options_json = json.dumps(_consim_options(game_id, params), sort_keys=True)
        consim = _load(game_id, options_json)
        reward_mode = check_reward_mode(str(params.get("reward", DEFAULT_REWARD.get(game_id, "win"))))
        seeds = int(params.get("seeds", DEFAULT_SEEDS))
        if seeds < 1:
            raise ValueError("seeds must be at least 1")
        info = consim.info()
        low, high = reward_bounds(consim, reward_mode)
        game_info = pyspiel.GameInfo(
            num_distinct_actions=info.num_actions,
            max_chance_outcomes=seeds,
            num_players=info.num_players,
            min_utility=low,
            max_utility=high,
            utility_sum=None,
            max_game_length=info.max_decisions,
        )
        full = {**_option_defaults(game_id), "reward": reward_mode, "seeds": seeds}
        full.update({k: v for k, v in params.items() if k in full})
        full = {k: _spiel_value(v) for k, v in full.items()}
        super().__init__(game_type(game_id), game_info, full)
        self.context = _Context(game_id, options_json, reward_mode, seeds)
        self.consim = consim

    def new_initial_state(self) -> ConsimSpielState:
        return ConsimSpielState(self)

    def make_py_observer(
        self, iig_obs_type: pyspiel.IIGObservationType | None = None, params: dict[str, Any] | None = None
    ) -> ConsimObserver:
        return ConsimObserver(self, iig_obs_type or pyspiel.IIGObservationType(perfect_recall=False), params)


class ConsimSpielState(pyspiel.State):  # type: ignore[misc]
    """A position: the opening chance node (no engine state yet), then the engine's state."""

    def __init__(self, game: ConsimSpielGame) -> None:
        super().__init__(game)
        self._ctx: _Context = game.context
        self._held: _Held | None = None
        #: how many times each player has taken each action (the information-state tensor)
        self.own_actions = np.zeros((len(game.consim.seats), game.consim.num_actions()), np.float32)
        #: each player's own actions, as text (the information-state string's first part)
        self.own_texts: list[list[str]] = [[] for _ in game.consim.seats]

    @property
    def engine(self) -> State | None:
        """The engine's state (``None`` before the seed is chosen)."""
        return None if self._held is None else self._held.state

    def current_player(self) -> int:
        st = self.engine
        if st is None:
            return int(pyspiel.PlayerId.CHANCE)
        if st.is_over():
            return int(pyspiel.PlayerId.TERMINAL)
        seats = self._ctx.consim.seats
        return min(seats.index(s) for s in st.to_act())

    def _legal_actions(self, player: int) -> list[int]:
        st = self.engine
        assert st is not None and player >= 0
        return [int(i) for i in np.flatnonzero(st.legal_mask(self._ctx.consim.seats[player]))]

    def chance_outcomes(self) -> list[tuple[int, float]]:
        n = self._ctx.seeds
        return [(i, 1.0 / n) for i in range(n)]

    def _apply_action(self, action: int) -> None:
        st = self.engine
        if st is None:
            st = self._ctx.consim.new_game(int(action))
            st.keep_undo = False  # OpenSpiel clones instead of undoing
            self._held = _Held(st, self._ctx.options)
            return
        player = self.current_player()
        st.apply(self._ctx.consim.seats[player], self._ctx.consim.action_at(int(action)))
        self.own_actions[player, action] += 1.0
        self.own_texts[player].append(self._ctx.consim.action_at(int(action)).text)

    def resample_from_infostate(self, player_id: int, probability_sampler: Any) -> ConsimSpielState:
        """A state ``player_id`` cannot tell from this one, for information-set search (such as
        ``pyspiel.ISMCTSBot``): the engine's :meth:`~consim.State.determinize` with a generator
        seeded from ``probability_sampler`` (OpenSpiel passes a function returning a uniform
        number in [0, 1))."""
        other: ConsimSpielState = self.clone()
        st = self.engine
        if st is None:
            return other
        seed = int(float(probability_sampler()) * 2**53)
        seat = self._ctx.consim.seats[player_id]
        guess = st.determinize(seat, Rng(seed))
        guess.keep_undo = False
        other._held = _Held(guess, self._ctx.options)
        return other

    def _action_to_string(self, player: int, action: int) -> str:
        if player == pyspiel.PlayerId.CHANCE:
            return f"seed {action}"
        return self._ctx.consim.action_at(int(action)).text

    def is_terminal(self) -> bool:
        st = self.engine
        return st is not None and st.is_over()

    def returns(self) -> list[float]:
        seats = self._ctx.consim.seats
        st = self.engine
        outcome = None if st is None else st.outcome()
        if outcome is None:
            return [0.0] * len(seats)
        rewards = final_rewards(self._ctx.consim, outcome, self._ctx.reward_mode)
        return [rewards[s] for s in seats]

    def __str__(self) -> str:
        st = self.engine
        if st is None:
            return f"{self._ctx.game_id}: choosing the seed"
        last = st.visible_log(None)[-1:]
        status = "over" if st.is_over() else "to act: " + ", ".join(st.to_act())
        shown = f"; last: {last[0].text}" if last else ""
        return f"{self._ctx.game_id} seed {st.seed}, {self.move_number()} moves, {status}{shown}"


class ConsimObserver:
    """OpenSpiel's observer of a consim game (see the module's documentation)."""

    def __init__(
        self, game: ConsimSpielGame, iig_obs_type: pyspiel.IIGObservationType, params: dict[str, Any] | None
    ) -> None:
        if params:
            raise ValueError(f"observation parameters are not supported; got {params}")
        private = iig_obs_type.private_info
        if private == pyspiel.PrivateInfoType.ALL_PLAYERS:
            raise ValueError("consim observes one seat or the public; not every seat at once")
        self.public_only = private == pyspiel.PrivateInfoType.NONE
        self.perfect_recall = bool(iig_obs_type.perfect_recall)
        if self.perfect_recall and self.public_only:
            raise ValueError("perfect-recall observation is per seat (private_info=SINGLE_PLAYER)")
        self.game = game
        size = game.consim.observation_spec().size
        pieces: list[tuple[str, int]] = [("observation", size)]
        if self.perfect_recall:
            pieces.append(("own_actions", game.consim.num_actions()))
        self.tensor: npt.NDArray[np.float32] = np.zeros(sum(n for _, n in pieces), np.float32)
        self.dict: dict[str, npt.NDArray[np.float32]] = {}
        at = 0
        for name, n in pieces:
            self.dict[name] = self.tensor[at : at + n]
            at += n

    def _seat(self, player: int) -> str | None:
        return None if self.public_only else self.game.consim.seats[player]

    def _view(self, st: State, seat: str | None) -> dict[str, Any]:
        """The seat's view, read once per position (OpenSpiel asks for the tensor and the
        string of every player at every node; the engine's cache empties when the position
        changes)."""
        view: dict[str, Any] = st.cached(("consim.rl.spiel view", seat), lambda: st.view(seat))
        return view

    def set_from(self, state: ConsimSpielState, player: int) -> None:
        st = state.engine
        self.tensor.fill(0.0)
        if st is None:
            return
        spec = self.game.consim.observation_spec()
        self.dict["observation"][:] = spec.encode(self._view(st, self._seat(player)))
        if self.perfect_recall:
            self.dict["own_actions"][:] = state.own_actions[player]

    def string_from(self, state: ConsimSpielState, player: int) -> str:
        st = state.engine
        seat = self._seat(player)
        if st is None:
            return f"seat {seat}: the seed is being chosen"
        if self.perfect_recall:
            assert seat is not None
            # the player's own actions are kept here too: a resampled state (no history in
            # the engine) then reads the same as the state it was drawn from
            known = st.information_state(seat)
            mine = tuple(state.own_texts[player])
            return InformationState(seat, mine, known.events, known.view).string()
        return json.dumps(self._view(st, seat), sort_keys=True, separators=(",", ":"))


def game_type(game_id: str) -> pyspiel.GameType:
    """OpenSpiel's description of a consim game (the same for every option)."""
    fewest, most = PLAYERS[game_id]
    return pyspiel.GameType(
        short_name=short_name(game_id),
        long_name=f"consim {game_class(game_id).title}",
        dynamics=pyspiel.GameType.Dynamics.SEQUENTIAL,
        chance_mode=pyspiel.GameType.ChanceMode.EXPLICIT_STOCHASTIC,
        information=pyspiel.GameType.Information.IMPERFECT_INFORMATION,
        utility=pyspiel.GameType.Utility.GENERAL_SUM,
        reward_model=pyspiel.GameType.RewardModel.TERMINAL,
        max_num_players=most,
        min_num_players=fewest,
        provides_information_state_string=True,
        provides_information_state_tensor=True,
        provides_observation_string=True,
        provides_observation_tensor=True,
        parameter_specification={
            **{k: _spiel_value(v) for k, v in _option_defaults(game_id).items()},
            "reward": DEFAULT_REWARD.get(game_id, "win"),
            "seeds": DEFAULT_SEEDS,
        },
    )


# One class per game, at module level, so that pickle finds a game's class by name (Ray and
# multiprocessing ship games by pickling them; OpenSpiel pickles a Python game as its class and
# parameters). OpenSpiel keeps the creator until the interpreter exits, and a class (unlike a
# ``functools.partial``) is still safe to release then.


class ConsimIraqGame(ConsimSpielGame):
    """The Iraq insurgency card game in OpenSpiel."""

    game_id = "iraq"


class ConsimJihadGame(ConsimSpielGame):
    """The First Jihad in OpenSpiel."""

    game_id = "jihad"


class ConsimBaghdadGame(ConsimSpielGame):
    """Battle for Baghdad in OpenSpiel."""

    game_id = "baghdad"


class ConsimFitnaGame(ConsimSpielGame):
    """Fitna in OpenSpiel."""

    game_id = "fitna"


#: the registered game class of each consim game (OpenSpiel builds it from its parameters)
GAME_CLASSES: dict[str, type[ConsimSpielGame]] = {
    cls.game_id: cls for cls in (ConsimIraqGame, ConsimJihadGame, ConsimBaghdadGame, ConsimFitnaGame)
}


def register() -> None:
    """Register every consim game with OpenSpiel (done on import; calling it again is harmless)."""
    known = set(pyspiel.registered_names())
    for game_id in list_games():
        cls = GAME_CLASSES.get(game_id)
        if cls is None:  # pragma: no cover - a new game needs its class above
            raise RuntimeError(f"consim.rl.spiel has no OpenSpiel class for the game {game_id!r}")
        if short_name(game_id) not in known:
            pyspiel.register_game(game_type(game_id), cls)


register()
