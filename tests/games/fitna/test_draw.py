"""The board as a picture (draw.py): drawn from a seat's view alone, it shows each stack as
counters on its own space (the seat's own unit by unit, the enemy's as 30.0 allows, IS face
down), control, entrenchments, isolated units, the tension and turn tracks and whose phase it
is; every space and stack is a click target named as the actions name it; and nothing the
seat may not know (two positions that differ only in what the seat cannot see give the same
picture, hover texts and targets included)."""

from __future__ import annotations

import random
import re
import xml.etree.ElementTree as ET
from collections.abc import Iterator
from dataclasses import replace

import pytest

from consim.bots.driver import bots_for
from consim.core.rng import Rng
from consim.games.fitna.board import commander, unit_sides
from consim.games.fitna.content import playable_scenarios
from consim.games.fitna.draw import board_for, side_colours, unit_symbol, unit_tag
from consim.games.fitna.game import FitnaGame
from consim.games.fitna.rules import possessive
from consim.games.fitna.state import FitnaState
from consim.games.fitna.svg_layout import in_polygon
from consim.games.fitna.testing import perturb

NS = "{http://www.w3.org/2000/svg}"


def texts(node: ET.Element | str) -> list[str]:
    root = ET.fromstring(node) if isinstance(node, str) else node
    return [t.text or "" for t in root.iter(f"{NS}text") if t.get("aria-hidden") != "true"]


def _classed(root: ET.Element, tag: str, name: str) -> list[ET.Element]:
    return [e for e in root.iter(f"{NS}{tag}") if name in (e.get("class") or "").split()]


def stacks(root: ET.Element) -> dict[str, ET.Element]:
    return {g.get("data-space") or "": g for g in _classed(root, "g", "stack")}


def counters(stack: ET.Element) -> list[ET.Element]:
    return [g for g in stack.iter(f"{NS}g") if g.get("class") == "counter"]


def test_the_picture_shows_what_the_seat_may_see() -> None:
    st = FitnaGame(scenario=1).new_game(3)
    root = ET.fromstring(board_for(st.view("Syria")))
    assert root.tag == f"{NS}svg"
    shown = stacks(root)
    # the seat's own units, each a counter named for the actions, with its values
    own = {c.get("data-unit"): c for s in shown.values() for c in counters(s) if c.get("data-unit")}
    arm = own["4 Arm Div"]
    assert "9-8-4" in "".join(arm.itertext()) and "XX" in texts(arm) and "4" in texts(arm)
    assert arm.findtext(f"{NS}title", "").startswith(
        "4 Arm Div: Syria's armour division; attack 9, defence 8"
    )
    assert "loyal in a coup (23.1)" in arm.findtext(f"{NS}title", "")
    # an enemy stack it has not seen: counters of its forces, face unseen (30.0)
    words = " ".join(texts(root))
    assert "Tawhid" not in board_for(st.view("Syria"))
    hidden = [c for s in shown.values() for c in counters(s) if "?" in texts(c)]
    assert hidden and all(c.get("data-unit") is None for c in hidden)
    assert {"FSA", "SHAM"} <= {t for c in hidden for t in texts(c)}
    assert any(
        (s.findtext(f"{NS}title") or "").endswith("not seen (30.0)")
        and "Free Syrian Army" in (s.findtext(f"{NS}title") or "")
        for s in shown.values()
    )
    assert "FITNA: scenario 1, The civil war in Syria" in words
    assert "Turn 0 of 6 - as Syria sees it" in words and "Opening hands" in words
    tension = [r for r in root.iter(f"{NS}rect") if (r.get("class") or "").startswith("tension")]
    assert len(tension) == 12  # eleven boxes and the marker
    assert [r.get("class") for r in tension].count("tension now") == 1
    turns = [r for r in root.iter(f"{NS}rect") if r.get("class") == "turn"]
    assert len(turns) == 6
    # a spectator sees no unit by name, and has nothing of its own to pick
    public = board_for(st.view(None))
    assert "Turn 0 of 6 - as everyone sees it" in texts(public)
    assert "data-unit" not in public and "4 Arm Div" not in public


def test_control_entrenchments_and_isolated_units_are_drawn() -> None:
    st = FitnaGame(scenario=1).new_game(3)
    assert isinstance(st, FitnaState)
    t = st.tables
    with st.edit() as d:
        d.entrenched[t.space_by_name["Damascus"]] = True
        u = t.unit_by_label["Tawhid Bde"]
        d.units[u] = replace(d.units[u], isolated=True)
    view = st.view("Rebels")
    root = ET.fromstring(board_for(view))
    # Damascus and the rebels' three strongholds entrenched at set-up (19.0), and the key's
    assert len([g for g in root.iter(f"{NS}g") if "entrenchment" in (g.get("class") or "").split()]) == 4 + 1
    tawhid = next(c for s in stacks(root).values() for c in counters(s) if c.get("data-unit") == "Tawhid Bde")
    assert "ISO" in texts(tawhid) and "isolated: out of supply (14.0)" in tawhid.findtext(f"{NS}title", "")
    damascus = next(p for p in _classed(root, "polygon", "area") if p.get("data-space") == "damascus")
    colours = side_colours(view)
    assert damascus.get("fill") not in ("#f6f1e1", "#e4e2dc")  # the holder's colour
    assert "held by Syria; entrenched (19.0)" in (damascus.findtext(f"{NS}title") or "")
    assert set(colours) >= {"Syria", "Rebels", "IS", "PYD"}
    # out of play in scenario 1: Iraq's spaces are greyed
    baghdad = next(p for p in _classed(root, "polygon", "area") if p.get("data-space") == "baghdad")
    assert baghdad.get("fill") == "#e4e2dc"
    assert "out of play in this scenario (32.0)" in (baghdad.findtext(f"{NS}title") or "")


def test_is_counters_are_face_down_in_the_picture() -> None:
    """[25.1] IS counters show their IS side to everyone, even to a seat that commands IS."""
    st = FitnaGame(scenario=8).new_game(1)
    for seat in (None, "Iran", "Saudi Arabia"):
        root = ET.fromstring(board_for(st.view(seat)))
        down = [
            c
            for s in stacks(root).values()
            for c in counters(s)
            if c.findtext(f"{NS}title", "").startswith("an IS counter")
        ]
        assert len(down) >= 2 and all(texts(c) == ["IS"] for c in down)
        assert all(c.get("data-unit") is None for c in down)
        said = [s.findtext(f"{NS}title") or "" for s in stacks(root).values()]
        assert any("IS's stack of 2 units (2 IS), not seen (30.0)" in t for t in said)


def test_counters_carry_their_type_size_and_tag() -> None:
    st = FitnaGame(scenario=9).new_game(1)
    root = ET.fromstring(board_for(st.view("Israel")))
    haifa = stacks(root)["haifa"]
    faces = {c.get("data-unit"): c for c in counters(haifa)}
    assert set(faces) == {"98 Para Div", "35 Para Bde", "89 Cdo Bde"}
    assert texts(faces["35 Para Bde"])[-1] == "5-4 A"  # airmobile (17.2)
    assert {"98", "XX"} <= set(texts(faces["98 Para Div"]))
    # the first unit of the view is on top (drawn last)
    assert counters(haifa)[-1].get("data-unit") == "98 Para Div"
    assert "3" in texts(haifa)  # the count of a stack of three


def _positions(scenario: int, seed: int, steps: int = 240, every: int = 60) -> Iterator[FitnaState]:
    """A scenario's start, then a position every few random actions."""
    st = FitnaGame(scenario=scenario).new_game(seed)
    assert isinstance(st, FitnaState)
    yield st
    choose = random.Random(seed).choice
    for n in range(1, steps + 1):
        if st.is_over():
            return
        seat = st.to_act()[0]
        st.apply(seat, choose(st.legal_actions(seat)))
        if n % every == 0:
            yield st


def _points(poly: str) -> list[tuple[float, float]]:
    return [(float(x), float(y)) for x, y in (p.split(",") for p in poly.split())]


def _counter_box(counter: ET.Element) -> tuple[float, float, float, float]:
    """A counter's box on the picture: its frame (its first rectangle) moved where the
    counter's group puts it."""
    dx, dy = (float(v) for v in re.findall(r"-?[\d.]+", counter.get("transform") or "translate(0,0)"))
    r = next(counter.iter(f"{NS}rect"))
    x, y = float(r.get("x") or 0) + dx, float(r.get("y") or 0) + dy
    return x, y, x + float(r.get("width") or 0), y + float(r.get("height") or 0)


@pytest.mark.slow  # (a full run's, CI's: tests/conftest.py)
def test_every_stack_is_drawn_within_its_own_space_area() -> None:
    """Each stack's counters sit on its own space: the centre of the counters' box inside the
    space's area, and at least three quarters of the box, for every scenario's start and for
    positions of random play, as every seat and a spectator see them."""
    checked = 0
    for scenario in playable_scenarios():
        for st in _positions(scenario, scenario):
            for seat in (None, *st.game.seats):
                root = ET.fromstring(board_for(st.view(seat)))
                areas = {
                    p.get("data-space"): _points(p.get("points") or "")
                    for p in _classed(root, "polygon", "area")
                }
                for sid, stack in stacks(root).items():
                    boxes = [_counter_box(c) for c in counters(stack)]
                    x0, y0 = min(b[0] for b in boxes), min(b[1] for b in boxes)
                    x1, y1 = max(b[2] for b in boxes), max(b[3] for b in boxes)
                    area = areas[sid]
                    assert in_polygon((x0 + x1) / 2, (y0 + y1) / 2, area), (scenario, seat, sid)
                    grid = [
                        (x0 + (x1 - x0) * i / 6, y0 + (y1 - y0) * j / 6) for i in range(7) for j in range(7)
                    ]
                    inside = sum(in_polygon(x, y, area) for x, y in grid) / len(grid)
                    assert inside >= 0.75, (scenario, seat, sid, inside)
                    checked += 1
    assert checked > 2000


_SPACE_ARG = re.compile(r'^(?:to|target|place|attack_from|airlift|assault|entrench) ("[^"]+"|\S+)$')
_UNIT_ARG = re.compile(r'^(?:move|add|lose|exploit|redeploy|rebuild) ("[^"]+"|\S+)$')


def test_the_click_targets_are_named_as_the_actions_name_them() -> None:
    """Every space the legal actions name is a target of the picture (its space and area, and
    its stack if it has one), and every unit they name is one of the seat's counters."""
    spaces_named = units_named = 0
    for scenario in (1, 9, 11):
        for st in _positions(scenario, 7, steps=600, every=25):
            if st.is_over():
                continue
            seat = st.to_act()[0]
            root = ET.fromstring(board_for(st.view(seat)))
            targets = {e.get("data-target") for e in root.iter() if e.get("data-target")}
            own = {
                c.get("data-unit") for s in stacks(root).values() for c in counters(s) if c.get("data-unit")
            }
            for g in stacks(root).values():
                assert g.get("data-stack") == g.get("data-target") and g.get("data-target") in targets
            for action in st.legal_actions(seat):
                text = str(action)
                if m := _SPACE_ARG.match(text):
                    assert m.group(1).strip('"') in targets, text
                    spaces_named += 1
                elif (m := _UNIT_ARG.match(text)) and text.split()[0] in (
                    "move",
                    "add",
                    "exploit",
                    "redeploy",
                ):
                    assert m.group(1).strip('"') in own, (scenario, seat, text)
                    units_named += 1
    assert spaces_named > 100 and units_named > 5


def test_only_the_seats_own_counters_are_named_for_picking() -> None:
    """data-unit names only units of sides the seat commands (its own, and IS or a Kurdish
    faction while it activates them, 25.2, 26.2); every other counter gives no unit's name."""
    picked_any = 0
    for scenario in (1, 7, 11):
        for st in _positions(scenario, 3, steps=300, every=50):
            t = st.tables
            sides = unit_sides(st)
            for seat in st.game.seats:
                picked = set(re.findall(r'data-unit="([^"]+)"', board_for(st.view(seat))))
                mine = {
                    "IS counter" if t.unit_is[u] and not t.unit_baghdadi[u] else t.unit_label[u]
                    for u, rec in enumerate(st.data.units)
                    if rec.at < t.n_spaces and commander(st, sides[u]) == t.seat_index[seat]
                }
                assert picked <= mine, (scenario, seat, sorted(picked - mine)[:3])
                picked_any += len(picked)
    assert picked_any > 100


@pytest.mark.slow  # (a full run's, CI's: tests/conftest.py)
def test_no_hidden_information_reaches_a_seats_picture() -> None:
    """[30.0, 25.1, 8.0] Positions that differ only in what a seat cannot see (other hands,
    the piles, which units make up the enemy stacks it has not seen, which IS counters are
    which) give it the same picture, in every playable scenario: the counters, their hover
    texts and the click targets alike."""
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


def test_hover_texts_name_no_unit_the_seat_has_not_seen() -> None:
    """The words of the picture (texts and hover texts) name no unit on the map that the
    seat's view does not name: an unseen stack says its forces and that it is not seen."""
    checked = 0
    for st in _positions(11, 5, steps=400, every=100):
        t = st.tables
        on_map = {t.unit_label[u] for u, rec in enumerate(st.data.units) if rec.at < t.n_spaces}
        for seat in (None, *st.game.seats):
            view = st.view(seat)
            named = {u["name"] for e in view["spaces"] for u in (e.get("stack") or {}).get("units", ())}
            root = ET.fromstring(board_for(view))
            words = "\n".join(
                "".join(e.itertext()) for e in root.iter() if e.tag in (f"{NS}text", f"{NS}title")
            )
            for name in sorted(named, key=len, reverse=True):  # "JOR 3 Arm Div" holds "3 Arm Div"
                words = words.replace(name, "(a unit the seat sees)")
            unseen = sorted(on_map - named, key=len, reverse=True)
            found = re.search(rf"(?<![\w-])({'|'.join(map(re.escape, unseen))})(?![\w-])", words)
            assert found is None, (seat, found.group(1) if found else "")
            checked += len(unseen)
    assert checked > 500


def test_symbols_and_tags_read_the_counter_mix() -> None:
    from consim.games.fitna.draw import _counters

    kinds = {unit_symbol(c) for c in _counters().values()}
    assert kinds == {
        "infantry",
        "armour",
        "mechanised",
        "airborne",
        "special forces",
        "marines",
        "militia",
        "garrison",
        "IS",
    }
    assert all(0 < len(unit_tag(n)) <= 8 for n in _counters())


@pytest.mark.slow  # (a full run's, CI's: tests/conftest.py)
def test_an_offensive_under_way_is_drawn_as_an_arrow() -> None:
    """[18.0] While an offensive is fought, an arrow runs from the space attacked from to the
    space attacked, with the offensive in words; none otherwise."""
    st = FitnaGame(scenario=1).new_game(2)
    choose = random.Random(1).choice
    seen = 0
    for _ in range(400):
        seat = st.to_act()[0]
        view = st.view(seat)
        arrows = [g for g in ET.fromstring(board_for(view)).iter(f"{NS}g") if g.get("class") == "attack"]
        off = view.get("offensive")
        if off:
            assert len(arrows) == 1
            said = arrows[0].findtext(f"{NS}title") or ""
            assert said.startswith(
                f"{possessive(off['attacker'])} offensive from {off['from']} against {off['against']}"
            )
            seen += 1
        else:
            assert not arrows
        st.apply(seat, choose(st.legal_actions(seat)))
    assert seen > 5


def test_the_seat_commanding_is_picks_its_counters_face_down() -> None:
    """[25.1, 25.2] A seat activating IS picks its counters for an offensive while they stay
    face down: they carry the name the actions give them ("IS counter"), and no unit's."""
    st = FitnaGame(scenario=8).new_game(0)
    choose = random.Random(0).choice
    for _ in range(200):
        seat = st.to_act()[0]
        actions = [str(a) for a in st.legal_actions(seat)]
        if 'add "IS counter"' in actions:
            break
        st.apply(seat, choose(st.legal_actions(seat)))
    else:
        raise AssertionError("no offensive of IS counters in 200 random actions")
    root = ET.fromstring(board_for(st.view(seat)))
    down = [c for s in stacks(root).values() for c in counters(s) if texts(c) == ["IS"]]
    assert {c.get("data-unit") for c in down} >= {"IS counter"}
    other = next(s for s in st.game.seats if s != seat)
    assert 'data-unit="IS counter"' not in board_for(st.view(other))
