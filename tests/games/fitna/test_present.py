"""Fitna in the terminal (present.py): the board fits 80 columns in plain words (no internal
ids, no Python reprs, no None), at every kind of decision of every playable scenario; the
commands at the prompt; the end of the game; the scenarios for 'consim list'."""

from __future__ import annotations

import io
import re
from collections.abc import Iterator, Mapping
from functools import cache
from pathlib import Path
from typing import Any

import pytest
from rich.console import Console, RenderableType

from consim.bots.driver import bots_for
from consim.core.action import Action
from consim.games.fitna import present
from consim.games.fitna.content import default_content, playable_scenarios
from consim.games.fitna.game import FitnaGame
from tests.games.fitna.conftest import scenarios

#: internal ids (space, counter and card ids are snake case), reprs and None
_ID = re.compile(r"\b[a-z][a-z0-9]*_[a-z0-9_]+\b")
_REPR = re.compile(r"\{'|\['|'\]|'\}|\bNone\b|\bTrue\b|\bFalse\b|<[a-z]")


@cache
def internal_ids() -> frozenset[str]:
    c = default_content()
    return frozenset(
        [s.id for s in c.map.spaces if "_" in s.id]
        + [x.id for x in c.counters.counters]
        + [j.id for j in c.cards.special_jokers if "_" in j.id]
    )


def clean(text: str) -> list[str]:
    """What is wrong with a text a player reads (empty: nothing)."""
    problems = []
    for m in _ID.finditer(text):
        if m.group() in internal_ids():
            problems.append(f"internal id {m.group()!r}")
    if _REPR.search(text):
        problems.append(f"repr or None in {text!r}")
    return problems


def rendered(thing: RenderableType, width: int = 80) -> list[str]:
    console = Console(file=io.StringIO(), width=width, color_system=None, record=True)
    console.print(thing)
    return console.export_text().splitlines()


def positions(scenario: int, seed: int, every: int = 9) -> Iterator[tuple[Any, str, Mapping[str, Any]]]:
    """Positions of a heuristic game: (state, seat to act, its view), every few decisions
    and at every decision of a kind not seen yet."""
    game = FitnaGame(scenario=scenario)
    st = game.new_game(seed)
    bots = bots_for(game, "heuristic", seed)
    seen: set[str] = set()
    n = 0
    while not st.is_over():
        seat = st.to_act()[0]
        view = st.view(seat)
        if n % every == 0 or view["step"] not in seen:
            seen.add(view["step"])
            yield st, seat, view
        st.apply(seat, bots[seat].choose(view, st.legal_actions(seat)))
        n += 1
    yield st, game.seats[0], st.view(game.seats[0])


@pytest.mark.parametrize("scenario", scenarios(playable_scenarios()))
def test_the_board_fits_80_columns_in_plain_words(scenario: int) -> None:
    checked = 0
    steps: set[str] = set()
    for st, seat, view in positions(scenario, seed=scenario):
        lines = present.board_lines(view, actions=st.legal_actions(seat))
        assert lines, view["step"]
        for line in lines:
            assert len(line) <= 80, line
            assert not clean(line), (line, clean(line))
        if present.must_read_hand(view, st.legal_actions(seat)):  # [8.2, 16.0] in full, whatever the room
            words = " ".join(" ".join(lines).split())
            assert all(" ".join(c["text"].split()) in words for c in view["hand"]), words
        else:
            assert len(lines) <= present.MAX_LINES, "\n".join(lines)  # the prompt and menu need the rest
        out = rendered(present.render(view))
        assert max(len(x) for x in out) <= 80
        steps.add(view["step"])
        checked += 1
    assert checked > 20
    assert {"events_segment", "planning", "movement", "offensive"} <= steps


def test_the_board_says_what_matters() -> None:
    st = FitnaGame(scenario=1).new_game(3)
    view = st.view("Syria")
    text = "\n".join(present.board_lines(view))
    assert text.startswith("Fitna 1: The civil war in Syria - before turn 1")
    assert "Opening hands" in text
    assert "Tension 5: High Tension cards" in text
    assert "Jokers: you 2, Rebels 2" in text
    assert "Yours: Damascus 3" in text  # the seat's stacks, how many units each
    assert "Facing:" in text and re.search(r"Idlib \d Al Sham\+FSA", text)  # by force only (30.0)
    assert "Now: no victory - minor needs" in text


def test_an_offensive_and_the_phase_are_shown() -> None:
    """Who attacks what from where, the phase under way, and a die's result in words (18.4)."""
    shown = results = 0
    for _st, seat, view in positions(1, seed=2, every=1):
        off = view.get("offensive")
        if not off or view["step"] == "over":
            continue
        text = "\n".join(present.board_lines(view))
        mine = off["attacker"] == seat
        assert ("Your offensive from " if mine else f"Offensive: {off['attacker']} from ") in text
        assert "phase: Offensives" in text
        shown += 1
        if off.get("result"):
            assert re.search(r"Die \d: (AR|EX|DR|DS)\*? - \w", text), text
            results += 1
        if shown > 20 and results > 3:
            return
    pytest.fail(f"too few offensives in the game: {shown}, {results} with a result")


def test_the_hand_shows_each_card_with_its_text_when_cards_are_played() -> None:
    for _st, seat, view in positions(5, seed=1, every=1000):
        if view["step"] == "events_segment" and view["active"] == seat and view.get("hand"):
            lines = present.board_lines(view)
            for card in view["hand"]:
                line = next(x for x in lines if x.startswith(f"#{card['number']} "))
                assert card["name"] in line and str(card["ops"]) in line and ":" in line
            return
    pytest.fail("no Events segment")


def command(name: str, view: Mapping[str, Any], rest: str = "") -> list[str]:
    lines = rendered(present.COMMANDS[name](view, rest))
    for line in lines:
        assert len(line) <= 80, line
        assert not clean(line), (line, clean(line))
    return lines


def test_map_command_shows_a_space_and_its_neighbourhood() -> None:
    st = FitnaGame(scenario=1).new_game(3)
    view = st.view("Rebels")
    lines = command("map", view, "aleppo")
    head = next(line for line in lines if line.startswith("Aleppo (Syria): "))
    assert head.startswith("Aleppo (Syria): clear, city") and "held by Syria" in head
    text = "\n".join(lines)
    assert "Stack (Syria): 2 units (2 Syria)." in text  # 30.0: forces only
    assert "Neighbours:" in text and "Azaz (Syria, entrenched) held by you" in text
    assert "out of supply here" in text or "in supply here" in text
    mine = "\n".join(command("map", st.view("Syria"), "Aleppo"))
    assert "46 SF Regt" in mine  # the seat's own units by name
    assert command("map", view, "atlantis")[0].startswith("No space 'atlantis'")
    assert command("map", view, "")[0].startswith("map SPACE")
    jisr = command("map", view, "jisr")  # a unique start
    assert any(x.startswith("Jisr al-Shughur (Syria)") for x in jisr)


def test_card_hand_stacks_and_scenario_commands() -> None:
    st = FitnaGame(scenario=9).new_game(1)
    st.apply("Israel", 'take "2 Assets, 2 Events"')
    view = st.view("Israel")
    card = command("card", view, "57")
    assert card[0].startswith("#57 Reinforcements - Event, 8 OPs")
    assert "Reinforcements" in "\n".join(command("card", view, "reinf"))
    assert command("card", view, "zzz")[0].startswith("No card")
    assert "Israeli Air Force (Special Joker)" in "\n".join(command("card", view, "israeli air"))
    hand = "\n".join(command("hand", view))
    assert hand.startswith("Your hand (4 cards)") and "Israeli Air Force" in hand
    stacks = "\n".join(command("stacks", view))
    assert "Your stacks:" in stacks and "Golan Heights:" in stacks and "Your batches to come" in stacks
    scenario = "\n".join(command("scenario", view))
    assert "Scenario 9: Tsahal vs. Hezbollah" in scenario and "Israel (you)" in scenario
    assert "always: - hold Haifa" in scenario or "always: + hold Haifa" in scenario
    assert "Special rules:" in "\n".join(command("scenario", view, "rules"))


def test_board_command_writes_the_picture(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.chdir(tmp_path)
    view = FitnaGame(scenario=1).new_game(3).view("Syria")
    said = "\n".join(rendered(present.COMMANDS["board"](view, ""), width=200))
    written = list(tmp_path.glob("*.svg"))
    assert len(written) == 1 and written[0].name == "fitna-1-turn0-Syria.svg"
    assert str(written[0]) in said
    assert written[0].read_text().startswith("<svg")
    present.COMMANDS["board"](view, "mine")
    assert (tmp_path / "mine.svg").exists()


def test_examples_and_every_command_has_a_one_line_help() -> None:
    assert present.EXAMPLES and all(len(x) <= 78 for x in present.EXAMPLES)
    for name, fn in present.COMMANDS.items():
        doc = (fn.__doc__ or "").strip().splitlines()
        assert doc and doc[0].startswith(name), name
        assert len(doc[0]) + 17 <= 80


def test_the_end_of_the_game_says_who_reached_what_and_why() -> None:
    game = FitnaGame(scenario=5)
    st = game.new_game(2)
    from consim.bots.driver import play_out

    play_out(st, bots_for(game, "heuristic", 2))
    out = st.outcome()
    assert out is not None
    lines = rendered(present.render_outcome(out, st.view(None)))
    text = "\n".join(lines)
    for seat in game.seats:
        assert f"{seat}: " in text
    assert "Why (+ held at the end, - not):" in text
    assert "Iraq always:" in text and "Coalition minor:" in text
    assert all(not clean(x) and len(x) <= 80 for x in lines)
    short = "\n".join(rendered(present.render_outcome(out)))
    assert "Why" not in short and "victory" in short


def test_describe_lists_the_scenarios() -> None:
    text = "\n".join(rendered(present.describe()))
    assert "1. The civil war in Syria - 2 players, 6 turns (playable)" in text
    words = " ".join(text.split())  # a tag may wrap
    scenarios = len(default_content().scenarios.scenarios)
    assert words.count("(playable)") == len(playable_scenarios())
    assert words.count("(not yet playable)") == scenarios - len(playable_scenarios())
    assert all(not clean(x) for x in text.splitlines())


def test_levels_of_reads_scores() -> None:
    assert present.levels_of({"A": 2.0, "B": 0.0}, "victory level") == {"A": "major", "B": "none"}
    assert present.levels_of({"A": 30.0, "B": 24.0}, "VP") == {"A": "minor", "B": "none"}
    assert present.levels_of({"A": 30.0, "B": 18.0}, "VP") == {"A": "major", "B": "none"}


def test_packed_lists_keep_to_80_columns_whole() -> None:
    """Lists of stacks are cut between items, never in the middle of one, with the rest
    counted; a line that goes on keeps room for its comma."""
    from consim.games.fitna.present_words import _pack

    items = [f"{name} {n}" for n, name in enumerate(["Damascus", "East Ghouta", "Jisr al-Shughur"] * 6)]
    for count in range(1, len(items) + 1):
        for rows in (1, 2, 3):
            lines = _pack("Yours: ", items[:count], lines=rows, more=" ('stacks')")
            assert len(lines) <= rows
            assert all(len(line) <= 80 and not line.endswith("…") for line in lines), lines
            shown = sum(line.count(",") + 1 for line in lines) - sum(line.endswith(",") for line in lines)
            counted = re.search(r"\+(\d+) more", lines[-1])
            assert (shown - 1 + int(counted.group(1)) if counted else shown) == count, lines


def test_entrenchments_are_named_where_stacks_are_listed() -> None:
    """[19.0] An entrenchment shifts an offensive one column: the stack list and the board's
    summary say which stacks have one (scenario 1's rebel strongholds start entrenched)."""
    view = FitnaGame(scenario=1).new_game(4).view("Syria")
    stacks = "\n".join(command("stacks", view))
    assert "Idlib (Rebels, entrenched): 3 units" in stacks
    assert "Qusayr (Rebels): 1 unit" in stacks
    facing = " ".join(line for line in present.summary_lines(view, rows=5) if line.strip())
    assert "Idlib 3 Al Sham+FSA entrenched" in facing and "Qusayr 1 FSA," in facing


def test_victory_conditions_read_the_right_way_round() -> None:
    """[31.0, 31.1] A condition that asks for no Iranian line says so (Israel's decisive level
    in scenario 10), and one that keeps spaces from a player names him after the spaces (a
    player's name may be several countries: "Israel and Turkey")."""
    words = present.condition_words
    link = {"from": "iran", "to": "mediterranean", "by": "Iran"}
    assert words({"type": "handler", "name": "link", "params": {**link, "negate": True}}) == (
        "Iran without a supplied line from Iran to the Mediterranean"
    )
    assert words({"type": "handler", "name": "link", "params": {"from": "iran", "to": "mediterranean"}}) == (
        "a supplied line from Iran to the Mediterranean"
    )
    assert words({"type": "deny", "spaces": ["Damascus"], "by": "Israel and Turkey"}) == (
        "Damascus not held by Israel and Turkey"
    )
    assert words({"type": "deny", "spaces": ["Aleppo", "Hama"], "by": "kurds"}) == (
        "none of Aleppo and Hama held by the Kurds"
    )
    view = FitnaGame(scenario=10).new_game(1).view("Israel")
    decisive = view["victory"]["seats"]["Israel"]["decisive"]
    assert decisive[-1]["held"] is True  # Iran has no line at the start: that part is met


@pytest.mark.parametrize("number", [7, 10])
def test_the_scenario_command_in_a_two_player_version(number: int) -> None:
    """[31.0] The two-player version's seats are its players: the scenario screen lists them
    with their merged free OPs and every table, and Russia at tension 10 goes to a player."""
    game = FitnaGame(scenario=number, players=2)
    seat = game.seats[-1]
    view = game.new_game(2).view(seat)
    lines = present.scenario_lines(view, "rules")
    text = "\n".join(lines)
    assert f"  {seat} (you): " in text and all(line and len(line) <= 80 for line in lines)
    assert "Victory tables of this version's own:" in " ".join(text.split())
    record = game.tables.scenario  # type: ignore[attr-defined]
    for sd in record.seats:
        if sd.free_ops_turn1:
            assert f"{sd.free_ops_turn1} free OPs on turn 1" in " ".join(text.split())
    if record.russia_at_tension_10:
        assert record.russia_at_tension_10 in game.seats
        assert view["scenario"]["russia_at_tension_10"] == record.russia_at_tension_10


def _give(state: Any, seat: str, number: int) -> None:
    """Puts card ``number`` in ``seat``'s hand in place of its first card."""
    card = number - 1
    with state.edit() as d:
        places = [d.asset_pile, d.event_pile, d.asset_discard, d.event_discard, d.removed, *d.hands.values()]
        where = next(p for p in places if card in p)
        where[where.index(card)], d.hands[seat][0] = d.hands[seat][0], card


def _events_of(scenario: int, seat: str, seed: int = 4) -> Any:
    game = FitnaGame(scenario=scenario)
    st = game.new_game(seed)
    bots = bots_for(game, "heuristic", seed)

    def there() -> bool:
        view = st.view(seat)
        return st.to_act() == (seat,) and view.get("segment") == "Events" and view["active"] == seat

    while not there():
        s = st.to_act()[0]
        st.apply(s, bots[s].choose(st.view(s), st.legal_actions(s)))
    return st


def test_popular_mobilisation_says_when_it_would_do_nothing() -> None:
    """[15.0] #47 Popular Mobilisation takes "up to 2" Shia militia units from the player's
    Force Pool: with none there it may still be played, and its choice says it will do
    nothing (NOTES.md); with some there, nothing is added."""
    play = Action("play", ("Popular Mobilisation",))
    empty = _events_of(2, "Syria")  # scenario 2: Syria's pool holds no Shia militia
    _give(empty, "Syria", 47)
    assert play in empty.legal_actions("Syria")
    said = present.choice_label(empty.view("Syria"), play)
    assert said == 'play "Popular Mobilisation" (it will do nothing: no Shia militia unit in your Force Pool)'
    full = _events_of(1, "Syria")  # scenario 1: Syria's batches bring Shia militia
    _give(full, "Syria", 47)
    assert present.choice_label(full.view("Syria"), play) == 'play "Popular Mobilisation"'
    said_then = empty.apply("Syria", play)  # and it does nothing indeed: no unit is raised
    assert "mobilise" not in {a.verb for a in empty.legal_actions(empty.to_act()[0])}
    assert not any("mobilises" in e.text for e in said_then)


def test_the_choices_say_where_units_are_and_what_cards_give() -> None:
    st = FitnaGame(scenario=1).new_game(3)
    st.apply("Rebels", 'take "2 Assets, 2 Events"')
    st.apply("Syria", 'take "2 Assets, 2 Events"')
    view = st.view("Syria")
    assert present.choice_label(view, Action("move", ("4 Arm Div",))) == 'move "4 Arm Div" (on Damascus)'
    redeploy = present.choice_label(view, Action("redeploy", ("4 Arm Div",)))
    assert redeploy == 'redeploy "4 Arm Div" (on Damascus)'
    assert present.choice_label(view, Action("done")) == "done"
    rebels = st.view("Rebels")  # a space: its holder and units as the seat sees them (30.0)
    expected = {
        ("target", "Aleppo"): "target Aleppo (Syria: 2 units)",
        ("attack_from", "Idlib"): "attack_from Idlib (you: 3 units)",
        ("lose", "Ahrar al-Sham"): 'lose "Ahrar al-Sham" (4-3-3)',
        ("take", "Chemical Weapons"): 'take "Chemical Weapons" (#19, Asset 8)',
        ("take", "Reinforcements"): "take Reinforcements (Event 8)",  # ten cards share the name
    }
    for (verb, arg), label in expected.items():
        assert present.choice_label(rebels, Action(verb, (arg,))) == label
    assert len(view["hand"]) == 4
    for card in view["hand"]:
        assert present.choice_label(view, Action("ops", (card["name"],))).endswith(f"({card['ops']} OPs)")
