"""Fitna: Global War in the Middle East (2-6 players, card-driven, 11 scenarios).

Under construction: the content (map, counters, cards, scenarios) is being reconstructed; the
game is not yet registered with ``consim.load_game``.
"""
