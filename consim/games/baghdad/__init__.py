"""Battle for Baghdad (3-6 players): bidding, drafting, deals and secret combat plans.

>>> import consim
>>> game = consim.load_game("baghdad", players=4)
>>> game.seats
('Shiite', 'Sunni', 'Government', 'US')
>>> state = game.new_game(seed=3)
>>> state.view("US")["hand_counts"]["US"]
3
>>> state.to_act(), state.view("Shiite")["phase"]
(('Shiite',), 'maneuver')
"""

from consim.games.baghdad.content import BaghdadOptions
from consim.games.baghdad.game import BaghdadGame
from consim.games.baghdad.state import BaghdadState

__all__ = ["BaghdadGame", "BaghdadOptions", "BaghdadState"]
