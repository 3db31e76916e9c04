"""Battle for Baghdad's sequence of play, one module per part of the turn:

* ``setup``: seating, the Arms Bazaar and Arab Street decks, starting hands and forces (and
  the optional chosen placement);
* ``initiative``: the Political Maneuver / Surge-Jihad window, bidding, the First Player;
* ``street``: the Arab Street Phase and the card window after each Arab Street card;
* ``draft``: the Arms Bazaar draft;
* ``coalition``: deals (transfers, Truces, promises);
* ``action``: each faction's Recruit and Move steps, and its moves;
* ``effects``: Arms Bazaar card effects played in one's own Action Phase (and Defection);
* ``combat``: choosing battles, the secret Operational Plans, resolution, casualties and
  the card windows of the Combat Phase (Ceasefire, Rules of Engagement, Collateral Damage);
* ``civic``: Civic Action, the end of the turn and the Victory Conditions;
* ``common``: what several of them share: drawing and gaining cards, gaining PP and the
  InfoWar chance after it, the hand limit, the card window, and the change of phase.

The rulebook has no numbered rules; every rule reference names its section ("Initiative
Phase", "Move Step", "Glossary: Truces", ...). Readings of unclear passages, and the options
that select the other plausible reading, are in ``NOTES.md``.
"""

R_SETUP = "Game Setup: Starting Forces"
R_SEATING = "Game Setup: Seating and Play Order"
R_INIT = "Initiative Phase"
R_PM = "Arms Bazaar Cards: Political Maneuver"
R_STREET = "Arab Street Phase"
R_BAZAAR = "Arms Bazaar Phase"
R_COAL = "Coalition Phase"
R_TRUCE = "Glossary: Truces"
R_RECRUIT = "Action Phase: Recruit Step"
R_MOVE = "Action Phase: Move Step"
R_UNDER = "Special Moves: Underground Movement"
R_AIR = "Special Moves: Airmobile Movement"
R_CARDS = "Arms Bazaar Cards"
R_ESP = "Arms Bazaar Cards: Espionage"
R_DEFECT = "Glossary: Defection"
R_COMBAT = "Combat Phase"
R_PLAN = "Combat Phase: Operational Plans"
R_RESOLVE = "Combat Phase: Resolving Combat"
R_POST = "Combat Phase: Arms Bazaar Cards Post Combat"
R_PEACE = "Glossary: Peacekeeping"
R_CIVIC = "Civic Action Phase"
R_END = "End of Game"
R_VICTORY = "Victory Conditions"
R_STALE = "Stalemate"
R_HAND = "Arms Bazaar Cards (maximum hand size)"
R_TIES = "Glossary: Ties"

R_DEAL = "Coalition Phase (agreements bind until the next Coalition Phase)"

#: [Coalition Phase] what each promise binds its maker to, until the next Coalition Phase
#: ({to}: the recipients); the engine refuses whatever would break it (NOTES: Deals)
PROMISE_TEXT = {
    "no-attack": (
        "will not attack {to}: it starts no battle against them and brings no units into a "
        "zone where it would have to fight them"
    ),
    "no-entry": "will not move, recruit or place units in zones holding units of {to}",
    "no-cards": (
        "will play no Arms Bazaar card against {to} (nothing aimed at their hand, PP, units or battle plans)"
    ),
    "no-outbid": (
        "will not contest the next Initiative with {to}: no Political Maneuver or Surge/Jihad, "
        "and no bid over theirs"
    ),
}
#: [Coalition Phase] a promise in a few words, for the table's summary of a deal
PROMISE_SHORT = {
    "no-attack": "not to attack {to}",
    "no-entry": "to stay out of zones holding units of {to}",
    "no-cards": "to play no cards against {to}",
    "no-outbid": "not to contest the next Initiative with {to}",
}
#: [Coalition Phase] most cards a deal may ask of its recipient
MAX_ASK_CARDS = 3
