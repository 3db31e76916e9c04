"""A lasting effect in a save names what it does, the side it helps and the card tag it bars
in words the rules know, or the save is refused as it is restored (issue 30, section 3): a
misspelt restriction would otherwise restore and never be applied."""

from __future__ import annotations

import copy

import pytest

from consim.core.errors import RestoreError
from consim.games.fitna.game import FitnaGame
from consim.games.fitna.state import ActiveEffect


@pytest.mark.parametrize(("field", "wrong"), [("kind", "no_bach"), ("side", "attackers"), ("tag", "misile")])
def test_a_lasting_effect_the_rules_do_not_know_is_refused(field: str, wrong: str) -> None:
    game = FitnaGame(scenario=3)
    saved = game.new_game(4).to_dict()
    ban = ActiveEffect(kind="no_tag_against", card=5, seat=0, other=1, until_turn=1, tag="missile")
    saved["data"]["effects"] = [game.codec.dump(ban)]
    assert game.restore(saved).data.effects == [ban]  # as it was, it restores
    spoiled = copy.deepcopy(saved)
    spoiled["data"]["effects"][0][field] = wrong
    with pytest.raises(RestoreError, match=rf"effects\[0\]\.{field}.*'{wrong}'"):
        game.restore(spoiled)


def test_a_first_time_trigger_the_rules_do_not_know_is_refused() -> None:
    # [22.0] a misspelt trigger would restore and then fire a second time (its tension again)
    game = FitnaGame(scenario=3)
    saved = game.new_game(4).to_dict()
    saved["data"]["firsts"] = ["israel_took_damascus"]
    assert game.restore(saved).data.firsts == ["israel_took_damascus"]
    saved["data"]["firsts"] = ["israel_took_damascu"]
    with pytest.raises(RestoreError, match=r"firsts\[0\].*'israel_took_damascu'"):
        game.restore(saved)
