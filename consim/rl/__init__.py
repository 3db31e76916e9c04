"""Reinforcement-learning adapters over the research contract (``pip install consim[rl]``).

* :mod:`consim.rl.aec`: PettingZoo AEC environments for the multi-seat games (Iraq, Battle
  for Baghdad, Fitna), with int8 action masks in the observation.
* :mod:`consim.rl.gym`: Gymnasium environments for The First Jihad, registered as
  ``consim/Jihad-v0`` and ``consim/JihadAdvanced-v0`` when the module is imported.
* :mod:`consim.rl.spiel`: every game as an OpenSpiel Python game (``pyspiel.load_game
  ("consim_iraq")`` ...), registered when the module is imported.

Each submodule imports its framework, so importing :mod:`consim.rl` alone needs none of them;
:mod:`consim.rl.common` holds what they share (rewards from an :class:`~consim.Outcome`).
"""
