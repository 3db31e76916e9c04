"""The deck and scenarios match the rulebook's card list and player-count rules."""

from __future__ import annotations

from collections import Counter
from pathlib import Path

import pytest

import consim
from consim.core.errors import ContentError
from consim.games.iraq.content import load_content


def test_deck_is_the_rulebook_card_list() -> None:
    cards = load_content().cards.cards
    assert len(cards) == 100  # [THE DECK] one copy of each of 100 cards
    assert Counter(c.use for c in cards) == {
        "U": 30,
        "I": 15,
        "M": 15,
        "A": 15,
        "E": 10,
        "N": 5,
        "H": 5,
        "K": 5,
    }
    by_name = {c.name: (c.use, c.fv) for c in cards}
    assert by_name["Terrorist Attacks"] == ("I", 4)
    assert by_name["Counter Terrorism"] == ("U", 5)
    assert by_name["Mines & IUD's"] == ("M", 1)
    assert by_name["Control Kirkuk"] == ("K", 5)
    assert by_name["Large Population"] == ("H", 5)
    assert by_name["Sunni Triangle"] == ("N", 5)
    assert by_name["World Politics"] == ("A", 2)
    assert cards[0].name == "Terrorist Attacks" and cards[-1].name == "World Politics"


@pytest.mark.parametrize("seat", ["US", "Sunni", "Shia", "Kurd", "Insurgent"])
def test_each_faction_can_use_45_cards_worth_135(seat: str) -> None:
    # [GAME DESIGNERS NOTES] each faction has exactly 45 usable cards in the deck
    content = load_content()
    uses = content.scenarios.factions[seat].uses
    usable = [c for c in content.cards.cards if c.use in uses]
    assert len(usable) == 45
    assert sum(c.fv for c in usable) == 135


@pytest.mark.parametrize(
    ("players", "seats", "deck"),
    [
        (2, ("US", "Insurgent"), 75),  # ethnic cards (E, N, H, K) removed
        (3, ("Sunni", "Shia", "Kurd"), 100),
        (4, ("US", "Sunni", "Shia", "Insurgent"), 95),  # Kurd-specific cards removed
        (5, ("US", "Sunni", "Shia", "Kurd", "Insurgent"), 100),
    ],
)
def test_scenarios_by_player_count(players: int, seats: tuple[str, ...], deck: int) -> None:
    game = consim.load_game("iraq", players=players)
    assert game.seats == seats
    state = game.new_game(1)
    view = state.view(None)
    assert view["deck_size"] + sum(view["hand_sizes"].values()) == deck


def test_two_player_removal_reading_e_letter_keeps_faction_cards() -> None:
    game = consim.load_game("iraq", players=2, two_player_removal="e-letter")
    state = game.new_game(1)
    view = state.view(None)
    assert view["deck_size"] + 20 == 90


def test_bad_content_reports_file_and_line(tmp_path: Path) -> None:
    src = Path(consim.__file__).parent / "games" / "iraq" / "content"
    (tmp_path / "scenarios.yaml").write_text((src / "scenarios.yaml").read_text())
    text = (
        (src / "cards.yaml")
        .read_text()
        .replace('{name: "Jihadists", use: I, fv: 2}', '{name: "Jihadists", use: I, fv: 9}')
    )
    (tmp_path / "cards.yaml").write_text(text)
    with pytest.raises(ContentError) as info:
        load_content(tmp_path)
    line = text.splitlines().index('  - {name: "Jihadists", use: I, fv: 9}') + 1
    assert f"cards.yaml:{line}: cards.2.fv" in str(info.value)


def test_unbalanced_content_is_rejected(tmp_path: Path) -> None:
    src = Path(consim.__file__).parent / "games" / "iraq" / "content"
    (tmp_path / "scenarios.yaml").write_text((src / "scenarios.yaml").read_text())
    text = (
        (src / "cards.yaml").read_text().replace('{name: "Jihadists", use: I,', '{name: "Jihadists", use: U,')
    )
    (tmp_path / "cards.yaml").write_text(text)
    with pytest.raises(ContentError, match="45"):
        load_content(tmp_path)
