"""The Iraq insurgency card game (2-5 players, one shared 100-card deck).

>>> import consim
>>> game = consim.load_game("iraq", players=4)
>>> game.seats
('US', 'Sunni', 'Shia', 'Insurgent')
>>> state = game.new_game(seed=3)
>>> state.to_act()                     # the Commitment Phase: everyone chooses in secret
('US', 'Sunni', 'Shia', 'Insurgent')
>>> len(state.view("US")["hand"])
10
>>> _ = state.apply("US", "done")      # the US keeps its hand
>>> state.to_act()
('Sunni', 'Shia', 'Insurgent')
"""

from consim.games.iraq.content import IraqOptions
from consim.games.iraq.game import IraqGame
from consim.games.iraq.state import IraqState

__all__ = ["IraqGame", "IraqOptions", "IraqState"]
