"""The First Jihad's sequence of play (4.1), one module per part of the turn:

* ``turn``: the set-up (3.0) and the Game Turn: draw a card (6.0), collect AP (6.3, 16.1), then
  the phases in order; card 50 ends the game (5.2);
* ``events``: the Events Phase (6.x): the card's events in printed order, and the decisions
  they raise; breaking a Truce at its end (22.4);
* ``dar``: the Dar al-Islam Phase (18, 19; Advanced Game);
* ``arab``: the Arab Phase (7.x): the Hits on each Path and how the player absorbs them;
* ``actions``: the Actions Phase (8.x, 9.x, 21.4): the player's actions Theater by Theater;
* ``end_turn``: the End of Turn Phase (14.1-14.9);
* ``diplomacy``: the Diplomacy Step (14.10; Advanced Game): Truces (22), Jihads (17.6), the
  Baqt (16.3);
* ``effects`` (what each card event does) and ``common`` (procedures several parts share) lie
  below them; the parts reach each other's frames by name.
"""
