"""The First Jihad (solitaire): the rules and the Event Cards play the Arabs; you play the
fourteen empires and kingdoms. Basic Game (rules 1-14) and Advanced Game (15-22, the option
``advanced``).

>>> import consim
>>> game = consim.load_game("jihad")
>>> state = game.new_game(seed=2)
>>> state.to_act()
('player',)
>>> state.view("player")["turn"]
1
>>> advanced = consim.load_game("jihad", advanced=True)
>>> [p["id"] for p in advanced.new_game(seed=2).view()["paths"]]
['greek', 'med', 'african', 'indian', 'parthian', 'caucasus']
"""

from consim.games.jihad.content import JihadOptions
from consim.games.jihad.game import JihadGame
from consim.games.jihad.state import JihadState

__all__ = ["JihadGame", "JihadOptions", "JihadState"]
