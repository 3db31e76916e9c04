"""Fitna's sequence of play, one module per part of it (12.0):

* ``turn``: the game, the opening hands (7.0), each turn (8.2 reshuffles, 12.2) and each
  player's phase with its seven segments (12.1), the end of the phase and Adjust Cards;
* ``events``: the Events segment (12.1 step 1): events, reinforcements, Special Jokers, the
  card exchange (29.0);
* ``cards``: playing a card for its effect: cancellation, targets and every structured effect
  (provenance/cards.md section 5), reinforcements and replacements (15.0), and the dispatch of
  handler effects to the frames named ``handler_<name>``;
* ``supply``: the Supply segment (14.0);
* ``planning``: Planning and the Strategic Depot (11.0, 16.0);
* ``bids``: the optional initiative bids (7.1) and the Planning of their OPs;
* ``movement``: the Movement segment (17.0-17.2) and Strategic Movement (17.3);
* ``combat``: the Offensives segment (18.0-18.7) with its Assets;
* ``victory``: how a scenario is won (31.0-31.1);
* ``common``: what several of them share (losses, control, tension, drawing, the decision
  bases that offer Jokers, 9.0).

Rule numbers are the second edition's (``fitna-rules-second-edition.md``).
"""

R_STACKING = "4.0"
R_CONTROL = "5.0"
R_SETUP = "6.0"
R_INITIATIVE = "7.0"
R_INITIATIVE_BIDS = "7.1"
R_CARDS = "8.0"
R_ASSETS = "8.1"
R_EVENTS = "8.2"
R_HIGH_TENSION = "8.3"
R_JOKER = "9.0"
R_SPECIAL = "10.0"
R_DEPOT = "11.0"
R_SEQUENCE = "12.1"
R_TURN_ORDER = "12.2"
R_TURN1 = "13.0"
R_SUPPLY = "14.0"
R_OUT_OF_SUPPLY = "14.1"
R_REINFORCE = "15.0"
R_PLANNING = "16.0"
R_MOVEMENT = "17.1"
R_AIRMOBILE = "17.2"
R_AIRLIFT = "17.2.1"
R_ASSAULT = "17.2.2"
R_STRATEGIC = "17.3"
R_OFFENSIVE = "18.0"
R_CRT = "18.1"
R_SHIFTS = "18.2"
R_ASSET_PLAY = "18.3"
R_RESULTS = "18.4"
R_LOSSES = "18.5"
R_RETREAT = "18.6"
R_ADVANCE = "18.7"
R_ENTRENCH = "19.0"
R_ALLIES = "20.0"
R_CAVEATS = "21.0"
R_TENSION = "22.0"
R_TENSION_EFFECTS = "22.1"
R_COUP = "23.0"
R_LOYAL = "23.1"
R_COUP_SYRIA = "23.2"
R_COUP_IRAQ = "23.3"
R_LEBANON = "24.0"
R_IS = "25.0"
R_IS_COUNTERS = "25.1"
R_IS_ACTIVATION = "25.2"
R_IS_COMBAT = "25.3"
R_COUNTER_INSURGENCY = "25.5"
R_IS_NORMALITY = "25.6"
R_KURDS = "26.0"
R_KURD_COUNTERS = "26.1"
R_KURD_ACTIVATION = "26.2"
R_KURD_COMBAT = "26.3"
R_RIVALRY = "26.5"
R_KURD_NORMALITY = "26.6"
R_PKK = "26.7"
R_PYD_KDP = "26.8"
R_US = "27.0"
R_US_INTERVENTION = "27.1"
R_US_APPROVAL = "27.2"
R_RUSSIA = "28.0"
R_ALLIANCES = "29.0"
R_FOG = "30.0"
R_VICTORY = "31.0"
R_VP = "31.1"

#: [8.0, 12.1 step 7] cards in a hand after Adjust Cards
HAND_SIZE = 4


def possessive(name: str) -> str:
    """A name's possessive: "Syria's", "Rebels'"."""
    return f"{name}'" if name.endswith("s") else f"{name}'s"


def opening_deal(assets: int) -> str:
    """[7.0] An opening hand's split, as its menu names it: "1 Asset, 3 Events"."""
    events = HAND_SIZE - assets
    return f"{assets} Asset{'' if assets == 1 else 's'}, {events} Event{'' if events == 1 else 's'}"


#: [8.2] the turns at whose start the discards are shuffled back into their piles
RESHUFFLE_TURNS = (3, 6, 9, 12)
#: [22.1] the tension levels with effects
LEVELS = (5, 6, 10)
