"""The drawing of Fitna's board (consim/games/fitna/svg.py): well-formed, self-contained SVG
with every space once, every link, the stacks given, all text escaped."""

from __future__ import annotations

import math
import xml.etree.ElementTree as ET
from functools import cache

from consim.core.content import load_model
from consim.games.fitna.content import CONTENT_DIR, MapFile
from consim.games.fitna.svg import board_svg
from consim.games.fitna.svg_layout import _Board

NS = "{http://www.w3.org/2000/svg}"


@cache
def board() -> MapFile:
    return load_model(CONTENT_DIR / "map.yaml", MapFile)


@cache
def plain() -> str:
    return board_svg(board())


def texts(root: ET.Element) -> list[str]:
    return [t.text or "" for t in root.iter(f"{NS}text")]


def test_parses_as_svg() -> None:
    root = ET.fromstring(plain())
    assert root.tag == f"{NS}svg"
    assert root.get("width") == "1200"
    assert root.get("viewBox", "").startswith("0 0 1200 ")


def test_every_space_appears_once_with_its_name() -> None:
    root = ET.fromstring(plain())
    groups = [g for g in root.iter(f"{NS}g") if g.get("class") == "space"]
    ids = [g.get("id") for g in groups]
    assert len(ids) == len(set(ids)) == 115
    assert set(ids) == {f"space-{s.id}" for s in board().spaces}
    for g in groups:
        sid = (g.get("id") or "").removeprefix("space-")
        name = next(s.name for s in board().spaces if s.id == sid)
        assert name in texts(g), sid


def test_every_link_is_drawn_once() -> None:
    root = ET.fromstring(plain())
    drawn = [ln.get("data-link") for ln in root.iter(f"{NS}line") if ln.get("data-link")]
    assert sorted(drawn) == sorted(f"{a} {b}" for a, b in board().links)


def test_symbols_follow_the_data() -> None:
    root = ET.fromstring(plain())
    kurdish = [
        g
        for g in root.iter(f"{NS}g")
        if g.get("class") == "space" and g.find(f"{NS}rect[@class='kurdish']") is not None
    ]
    assert len(kurdish) == sum(1 for s in board().spaces if s.kurdish)
    names = texts(root)
    assert names.count("IS") >= sum(1 for s in board().spaces if s.is_symbol)
    assert any("RU" in t for t in names)  # the Russian sources at Tartus and Latakia
    for country in (
        "IRAQ",
        "SYRIA",
        "LEBANON",
        "ISRAEL",
        "JORDAN",
        "SAUDI ARABIA",
        "KUWAIT",
        "TURKEY",
        "IRAN",
    ):
        assert country in names


def test_stacks_are_drawn_and_escaped() -> None:
    nasty = "<script>alert('x')</script>"
    stacks = {
        "mosul": ["IS Al Baghdadi", "A & B <div>"],
        "damascus": [nasty],
        "kobane": [],  # nothing to draw
        "atlantis": ["not a space"],  # not on the map: ignored
    }
    svg = board_svg(board(), stacks)
    assert "<script" not in svg and "<div>" not in svg
    assert "&lt;script&gt;" in svg and "A &amp; B &lt;div&gt;" in svg
    root = ET.fromstring(svg)
    groups = {g.get("data-space"): g for g in root.iter(f"{NS}g") if g.get("class") == "stack"}
    assert set(groups) == {"mosul", "damascus"}
    assert texts(groups["mosul"]) == ["IS Al Baghdadi", "A & B <div>"]
    assert texts(groups["damascus"]) == [nasty]
    assert "not a space" not in svg


def test_self_contained_and_deterministic() -> None:
    svg = plain()
    for forbidden in ("<script", "href", "url(", "@import", "@font-face", "<foreignObject", "<image"):
        assert forbidden not in svg
    assert board_svg(board()) == svg


def test_width_scales_the_drawing() -> None:
    root = ET.fromstring(board_svg(board(), width=600))
    assert root.get("width") == "600"
    assert root.get("viewBox") == ET.fromstring(plain()).get("viewBox")


def test_spaces_stay_near_their_true_place() -> None:
    """Spaces are nudged only as far as collisions need: under 12 px (about 12 km) each, and
    no two closer than the gap the drawing asks for."""
    b = _Board(board())
    for sid, home in b.home.items():
        assert math.dist(home, b.pos[sid]) < 12.0, sid
    ids = sorted(b.pos)
    for i, a in enumerate(ids):
        for c in ids[i + 1 :]:
            assert math.dist(b.pos[a], b.pos[c]) >= b.MIN_GAP - 0.5, (a, c)
