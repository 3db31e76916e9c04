"""The Iraq card game's sequence of play, one module per part of the turn:

* ``turn``: the game and each turn - Situation (deal), then the phases in order, Ground and
  Score, and the end of the game;
* ``commitment``: the Commitment Phase (secret discards and redraws) and, in the three-player
  game, the secret choice of side;
* ``negotiation``: the Negotiations Phase (rounds of trade offers);
* ``deck``: drawing from the deck, shared by the deal and the redraw.

The rulebook has no numbered rules; rule references name its sections ("Commitment Phase",
"Three Player Game", ...).
"""

R_SITUATION = "Situation Phase"
R_COMMIT = "Commitment Phase"
R_NEGOTIATE = "Negotiations Phase"
R_GROUND = "Ground Phase"
R_SCORE = "Score Phase"
R_VICTORY = "Victory"
R_THREE = "Three Player Game"

HAND_SIZE = 10  # [Situation Phase] each player is dealt 10 cards
MAX_DISCARD = 5  # [Commitment Phase] discard up to 5 cards
