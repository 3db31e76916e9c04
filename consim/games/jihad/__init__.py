"""The First Jihad (solitaire): the rules and the Event Cards play the Arabs; you play the
fourteen empires and kingdoms. Basic Game (rules 1-14).

>>> import consim
>>> state = consim.load_game("jihad").new_game(seed=2)
>>> state.to_act()
('player',)
"""

from consim.games.jihad.game import JihadGame, JihadOptions, JihadState

__all__ = ["JihadGame", "JihadOptions", "JihadState"]
