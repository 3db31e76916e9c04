"""Fitna: Global War in the Middle East (2-6 players, card-driven, 11 scenarios).

>>> import consim
>>> game = consim.load_game("fitna", scenario=1)
>>> game.seats
('Syria', 'Rebels')
>>> state = game.new_game(seed=7)
>>> state.to_act()                      # [7.0] the first in the order of play picks his hand
('Rebels',)
>>> state.legal_actions("Rebels")[2].text
'take "2 Assets, 2 Events"'
>>> _ = state.apply("Rebels", 'take "2 Assets, 2 Events"')
>>> len(state.view("Rebels")["hand"]), state.view("Syria")["hand_sizes"]["Rebels"]
(4, 4)

The rules are in ``rules/`` (one module per part of the sequence of play), what each seat may
see in ``view.py``, the readings of unclear rules in ``NOTES.md``.
"""

from consim.games.fitna.content import FitnaOptions
from consim.games.fitna.game import FitnaGame
from consim.games.fitna.state import FitnaState

__all__ = ["FitnaGame", "FitnaOptions", "FitnaState"]
