"""The board as a picture (draw.py): drawn from a seat's view alone, it shows the seat's own
units, the enemy's as 30.0 allows, IS face down, control, entrenchments, isolated units, the
tension and turn tracks and whose phase it is; and nothing the seat may not know (two positions
that differ only in what the seat cannot see give the same picture)."""

from __future__ import annotations

import random
import xml.etree.ElementTree as ET
from dataclasses import replace

from consim.bots.driver import bots_for
from consim.core.rng import Rng
from consim.games.fitna.content import playable_scenarios
from consim.games.fitna.draw import board_for, side_colours
from consim.games.fitna.game import FitnaGame
from consim.games.fitna.state import FitnaState
from consim.games.fitna.testing import perturb

NS = "{http://www.w3.org/2000/svg}"


def texts(svg: str) -> list[str]:
    return [t.text or "" for t in ET.fromstring(svg).iter(f"{NS}text")]


def test_the_picture_shows_what_the_seat_may_see() -> None:
    st = FitnaGame(scenario=1).new_game(3)
    svg = board_for(st.view("Syria"))
    root = ET.fromstring(svg)
    assert root.tag == f"{NS}svg"
    words = texts(svg)
    assert "4 Arm Div 9-8-4" in words  # the seat's own units, with their values
    assert not any("Tawhid" in w for w in words)  # an enemy unit it has not seen (30.0)
    assert "1 Free Syrian Army" in words and "1 Al Sham militia" in words  # forces only
    assert "FITNA: scenario 1, The civil war in Syria" in words
    assert "Turn 0 of 6 - as Syria sees it" in words and "Opening hands" in words
    assert any(t.endswith("(30.0); IS counters are face down.") for t in words)
    tension = [r for r in root.iter(f"{NS}rect") if (r.get("class") or "").startswith("tension")]
    assert len(tension) == 11
    assert [r.get("class") for r in tension].count("tension now") == 1
    turns = [r for r in root.iter(f"{NS}rect") if (r.get("class") or "").startswith("turn")]
    assert len(turns) == 6
    public = texts(board_for(st.view(None)))
    assert "Turn 0 of 6 - as everyone sees it" in public
    assert "4 Arm Div 9-8-4" not in public and "2 Syria" in public


def test_control_entrenchments_and_isolated_units_are_drawn() -> None:
    st = FitnaGame(scenario=1).new_game(3)
    assert isinstance(st, FitnaState)
    t = st.tables
    with st.edit() as d:
        d.entrenched[t.space_by_name["Damascus"]] = True
        u = t.unit_by_label["Tawhid Bde"]
        d.units[u] = replace(d.units[u], isolated=True)
    view = st.view("Rebels")
    svg = board_for(view)
    root = ET.fromstring(svg)
    # Damascus, the rebels' three strongholds entrenched at set-up (19.0), and the key
    assert len([r for r in root.iter(f"{NS}rect") if r.get("class") == "entrenchment"]) == 5
    assert "Tawhid Bde 3-3-3 (isolated)" in texts(svg)
    syria = next(g for g in root.iter(f"{NS}g") if g.get("id") == "space-damascus")
    box = [r for r in syria.iter(f"{NS}rect") if r.get("fill", "").startswith("#")]
    colours = side_colours(view)
    assert any(r.get("fill") != "#f4edd4" for r in box)  # the holder's colour, not the terrain's
    assert set(colours) >= {"Syria", "Rebels", "IS", "PYD"}
    # out of play in scenario 1: Iraq's spaces are greyed
    baghdad = next(g for g in root.iter(f"{NS}g") if g.get("id") == "space-baghdad")
    assert any(r.get("fill") == "#d9d9d9" for r in baghdad.iter(f"{NS}rect"))


def test_is_counters_are_face_down_in_the_picture() -> None:
    st = FitnaGame(scenario=8).new_game(1)
    for seat in (None, "Iran", "Saudi Arabia"):
        words = texts(board_for(st.view(seat)))
        assert "2 IS units" in words
        assert not any("Kirkuk" in w and "IS" in w for w in words)
    words = texts(board_for(FitnaGame(scenario=2).new_game(1).view("Iraq")))
    assert "1 IS unit" in words and "1 IS units" not in words


def test_no_hidden_information_reaches_a_seats_picture() -> None:
    """[30.0, 25.1, 8.0] Positions that differ only in what a seat cannot see (other hands,
    the piles, which units make up the enemy stacks it has not seen, which IS counters are
    which) give it the same picture, in every playable scenario."""
    rng = Rng(11)
    compared = differed = 0
    for scenario in playable_scenarios():
        game = FitnaGame(scenario=scenario)
        st = game.new_game(scenario)
        bots = bots_for(game, "heuristic", scenario)
        pick = random.Random(scenario)
        n = 0
        while not st.is_over() and n < 400:
            seat = st.to_act()[0]
            st.apply(seat, bots[seat].choose(st.view(seat), st.legal_actions(seat)))
            n += 1
            if pick.random() > 0.03:
                continue
            for who in (None, *game.seats):
                other, _ = perturb(st, who, rng, True)
                if other.to_dict() != st.to_dict():
                    differed += 1
                if other.view(who) != st.view(who):
                    continue  # a leak of the view itself, which the conformance suite reports
                assert board_for(other.view(who)) == board_for(st.view(who)), (scenario, who)
                compared += 1
    assert compared > 30 and differed > 20
