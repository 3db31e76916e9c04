"""The game of alliances (29.0): free messages between players, private or to the table,
recorded and never enforced, in any scenario and at any moment; they change nothing in the
game and survive a save."""

from __future__ import annotations

import json

import pytest

from consim.core.errors import IllegalAction
from consim.games.fitna.game import FitnaGame
from consim.games.fitna.state import FitnaState


def game(scenario: int = 3) -> FitnaState:
    st = FitnaGame(scenario=scenario).new_game(4)
    assert isinstance(st, FitnaState)
    return st


def test_a_private_message_reaches_only_its_addressee() -> None:
    st = game()
    a, b, c = st.game.seats
    before = json.dumps(st.to_dict()["data"], sort_keys=True)
    legal = {s: st.legal_actions(s) for s in st.to_act()}
    st.say(a, [b], "Leave Aleppo to me and I will not cross the Euphrates.")
    assert [m.text for m in st.chat(b)] == ["Leave Aleppo to me and I will not cross the Euphrates."]
    assert [m.sender for m in st.chat(a)] == [a]
    assert st.chat(c) == [] and st.chat(None) == []
    # never enforced: the position and every choice are as they were
    assert json.dumps(st.to_dict()["data"], sort_keys=True) == before
    assert {s: st.legal_actions(s) for s in st.to_act()} == legal
    assert all("Aleppo to me" not in e.text for e in st.log)


def test_a_message_to_the_table_and_a_saved_game() -> None:
    st = game()
    a, b, c = st.game.seats
    st.say(c, None, "Whoever takes Mosul first gets the oil.")
    for seat in (a, b, c, None):
        assert [m.text for m in st.chat(seat)] == ["Whoever takes Mosul first gets the oil."]
    again = st.game.restore(st.to_dict())
    said = [(m.sender, m.to, m.text) for m in again.chat(a)]
    assert said == [(c, None, "Whoever takes Mosul first gets the oil.")]


def test_bad_messages_are_refused() -> None:
    st = game(1)
    a, b = st.game.seats
    with pytest.raises(IllegalAction, match="empty"):
        st.say(a, [b], "   ")
    with pytest.raises(IllegalAction, match="recipients"):
        st.say(a, [a], "to myself")
    with pytest.raises(IllegalAction, match="recipients"):
        st.say(a, ["Atlantis"], "hello")


def test_messages_typed_at_a_prompt() -> None:
    """What a player types at any prompt: ``say SEAT text`` or ``say all text``; the game goes
    on with the same question."""
    st = game()
    seat = st.to_act()[0]
    first, second = (s for s in st.game.seats if s != seat)
    asked = st.prompt(seat).text
    st.apply(seat, f"say {first} I back you in Mosul")
    st.apply(seat, "say all a ceasefire on the Euphrates")
    assert [(m.to, m.text) for m in st.chat(first)] == [
        ((first,), "I back you in Mosul"),
        (None, "a ceasefire on the Euphrates"),
    ]
    assert [m.text for m in st.chat(second)] == ["a ceasefire on the Euphrates"]
    assert st.to_act()[0] == seat and st.prompt(seat).text == asked
