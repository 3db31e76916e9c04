"""The table in words, for every game (``Game.describe_actions``, ``describe_cards``,
``describe_status``, ``consim.core.table``): along random games, every legal action is a
sentence a player would say (no engine syntax: no quotes, no underscores, no verb as typed),
the actions of one decision never read alike, every group is named, every target is a name
the seat's picture or view knows, and the cards and the status are plain words."""

from __future__ import annotations

import json
import re
from collections.abc import Iterator
from typing import Any

import pytest

import consim
from consim.cli.render import game_picture
from consim.core.action import Action
from consim.core.game import State
from consim.core.rng import Rng
from consim.core.table import ActionWords, plain_words
from tests.core.toy import ToyGame

#: games and options played, and how many decisions are sampled in each
_CASES = [
    ("iraq", {"players": 5}),
    ("iraq", {"players": 3}),
    ("jihad", {}),
    ("jihad", {"advanced": True}),
    ("baghdad", {"players": 4}),
    ("baghdad", {"players": 6}),
    # the options that change what is asked: the starting forces placed one by one, units committed
    ("baghdad", {"players": 4, "placement": "choose", "commitment": "units", "zero_bid_price": "bid"}),
    ("fitna", {"scenario": 1}),
    ("fitna", {"scenario": 3}),
    ("fitna", {"scenario": 10}),
]
#: what words a player reads never hold: the text form's quotes and underscores, a Python
#: value, a verb spelt as typed ("attack_from", "build-castle", "ask-pp")
_SYNTAX = re.compile(r'["_]|\bNone\b|\[\'|^[a-z]')


def _positions(game: str, options: dict[str, Any], seed: int, limit: int) -> Iterator[tuple[State, str]]:
    state = consim.load_game(game, **options).new_game(seed=seed)
    rng = Rng(seed + 17)
    for _ in range(limit):
        if state.is_over():
            return
        seat = state.to_act()[0]
        yield state, seat
        actions = state.legal_actions(seat)
        state.apply(seat, actions[rng.randbelow(len(actions))])


def _known_names(view: dict[str, Any], picture: str) -> set[str]:
    """Every name a target may be: the picture's click targets, and any string in the view."""
    found = {m.group(1) for m in re.finditer(r'data-(?:target|unit|stack)="([^"]*)"', picture)}
    found = {n.replace("&amp;", "&").replace("&#x27;", "'") for n in found}

    def strings(value: Any) -> Iterator[str]:
        if isinstance(value, str):
            yield value
        elif isinstance(value, dict):
            for k, v in value.items():
                yield str(k)
                yield from strings(v)
        elif isinstance(value, list):
            for v in value:
                yield from strings(v)

    return found | set(strings(view))


@pytest.mark.parametrize(("game", "options"), _CASES, ids=[f"{g}-{o}" for g, o in _CASES])
def test_every_legal_action_reads_as_words(game: str, options: dict[str, Any]) -> None:
    draw = game_picture(game)
    checked = described = 0
    for seed in (1, 2):
        for state, seat in _positions(game, options, seed, 700 if game != "fitna" else 300):
            view = json.loads(json.dumps(state.view(seat)))
            actions = state.legal_actions(seat)
            words = state.game.describe_actions(view, actions)
            assert len(words) == len(actions)
            texts = [w.text for w in words]
            assert len(set(texts)) == len(texts), [t for t in texts if texts.count(t) > 1]
            # the picture's click targets (Fitna's spaces and units are all named in its view)
            picture = draw(view) if draw and game != "fitna" and checked % 25 == 0 else ""
            known = _known_names(view, picture)
            for action, w in zip(actions, words, strict=True):
                assert isinstance(w, ActionWords)
                assert w.text and w.group and not _SYNTAX.search(w.text), (action.text, w.text)
                assert not _SYNTAX.search(w.group), (action.text, w.group)
                assert w.text != action.text or not action.args, action.text
                if "-" in action.verb or "_" in action.verb:
                    assert action.verb not in w.text.lower(), (action.text, w.text)
                described += w != plain_words(action)
                for target in w.targets:  # a name on the board or in the view, or the action's own
                    assert target in known or target in action.args, (action.text, target)
            assert state.game.describe_action(view, actions[0]) == words[0]
            if checked % 10 == 0:
                for shelf in state.game.describe_cards(view):
                    assert shelf.title and not _SYNTAX.search(shelf.title)
                    for card in shelf.cards:
                        assert card.name and "None" not in card.text + card.facts + card.name
                for line in state.game.describe_status(view):
                    assert line.label and line.value and "None" not in line.value + line.detail
            checked += 1
    assert checked > 300
    assert described > 600  # the game's own words, not the generic ones


def test_the_words_players_asked_for() -> None:
    """Issue 27's own examples: Fitna's offensives and allocation, Iraq's card picker."""
    fitna = consim.load_game("fitna", scenario=1)
    view = fitna.new_game(seed=1).view("Syria")
    asked = [Action("attack_from", ("Hatay",)), Action("allocate", ("2-12",)), Action("move", ("4 Arm Div",))]
    said = fitna.describe_actions(view, asked)
    assert [w.text for w in said] == [
        "Attack from Hatay",
        "Allocate 2 OPs to movement, 12 to offensives",
        "Move 4 Arm Div from Damascus",
    ]
    assert said[2].targets == ("4 Arm Div", "Damascus") and said[2].group == "Move a unit"
    iraq = consim.load_game("iraq", players=2)
    wants = iraq.describe_actions(iraq.new_game(seed=1).view("US"), [Action("want", ("Air Supremacy",))])
    assert wants[0].text == "Ask for Air Supremacy" and wants[0].targets == ("Air Supremacy",)


def test_a_game_without_words_of_its_own_gets_plain_ones() -> None:
    words = plain_words(Action("build-castle", ("minor", "upper-egypt")))
    assert words.text == "Build castle minor upper-egypt" and words.group == "Build castle"
    assert words.targets == ("minor", "upper-egypt")
    toy = ToyGame()
    state = toy.new_game(seed=1)
    seat = state.to_act()[0]
    actions = state.legal_actions(seat)
    assert toy.describe_actions(state.view(seat), actions) == [plain_words(a) for a in actions]
    assert toy.describe_cards(state.view(seat)) == [] and toy.describe_status(state.view(seat)) == []
    assert toy.option_choices() == {} and toy.chat_when == ""
