"""The first lines of a seat's page, in words: who you play and who plays the other seats; a
solitaire game (The First Jihad, whose only seat is called "player") says it is one."""

from __future__ import annotations

import pytest
from fastapi.testclient import TestClient

from tests.server.conftest import create
from tests.server.test_pages import _JUNK, _text


def test_a_solitaire_seat_and_its_spectator_read_naturally(client: TestClient) -> None:
    made = create(client, {"player": "human"}, game="jihad")
    seat_text = _text(client.get(made["seats"]["player"].removeprefix("http://testserver")).text)
    assert "Solitaire: you play against the game's own rules." in seat_text
    assert "You play player" not in seat_text and "player: person" not in seat_text
    watch_text = _text(client.get(made["spectator"].removeprefix("http://testserver")).text)
    assert "You are watching a solitaire game (the public view); a person plays it." in watch_text
    assert "player:" not in watch_text and not _JUNK.search(watch_text)


def test_a_solitaire_played_by_a_bot_says_which(client: TestClient) -> None:
    made = create(client, {"player": "heuristic"}, game="jihad")
    watch_text = _text(client.get(made["spectator"].removeprefix("http://testserver")).text)
    assert "You are watching a solitaire game (the public view); a heuristic bot plays it." in watch_text


@pytest.mark.parametrize(
    ("game", "players", "options", "expected"),
    [
        (
            "iraq",
            {"US": "human", "Insurgent": "heuristic"},
            {},
            "You play US. US: person; Insurgent: heuristic bot.",
        ),
        (
            "iraq",
            {"Insurgent": "human", "US": "ismcts:iterations=2,seconds=0"},
            {},
            "You play Insurgent. US: search bot; Insurgent: person.",
        ),
        (
            "baghdad",
            {
                "Shiite": "human",
                "Sunni": "human",
                "Government": "random",
                "US": "random",
                "Jihadist": "random",
                "NGO": "random",
            },
            {},
            "You play Shiite. Shiite: person; Sunni: person; Government: random bot; US: random bot; "
            "Jihadist: random bot; NGO: random bot.",
        ),
    ],
)
def test_a_seat_of_a_game_for_several_names_it_and_the_others(
    client: TestClient, game: str, players: dict[str, str], options: dict[str, int], expected: str
) -> None:
    made = create(client, players, game=game, **options)
    first = next(iter(players))
    text = _text(client.get(made["seats"][first].removeprefix("http://testserver")).text)
    assert expected in text, text[:400]
    assert "Solitaire" not in text
