"""The Iraq insurgency card game (2-5 players, one shared 100-card deck).

>>> import consim
>>> game = consim.load_game("iraq", players=4)
>>> game.seats
('US', 'Sunni', 'Shia', 'Insurgent')
>>> state = game.new_game(seed=3)
>>> len(state.view("US")["hand"])
10
"""

from consim.games.iraq.game import IraqGame, IraqOptions, IraqState

__all__ = ["IraqGame", "IraqOptions", "IraqState"]
