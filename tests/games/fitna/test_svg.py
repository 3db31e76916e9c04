"""The drawing of Fitna's board (consim/games/fitna/svg.py, svg_layout.py): well-formed,
self-contained SVG with every space once (box, area and name, each a click target), every
link, the stacks given as counters, all text escaped; and a layout that keeps the map's
geography while giving every space room for a stack."""

from __future__ import annotations

import math
import xml.etree.ElementTree as ET
from functools import cache

from consim.core.content import load_model
from consim.games.fitna.content import CONTENT_DIR, MapFile
from consim.games.fitna.svg import CounterFace, Overlay, StackFace, _static, board_svg
from consim.games.fitna.svg_layout import BOX, _Board, in_polygon
from consim.games.svgkit import thin

NS = "{http://www.w3.org/2000/svg}"


@cache
def board() -> MapFile:
    return load_model(CONTENT_DIR / "map.yaml", MapFile)


@cache
def plain() -> str:
    return board_svg(board())


@cache
def layout() -> _Board:
    return _static(board()).board


def texts(root: ET.Element) -> list[str]:
    return [t.text or "" for t in root.iter(f"{NS}text") if t.get("aria-hidden") != "true"]


def test_parses_as_svg() -> None:
    root = ET.fromstring(plain())
    assert root.tag == f"{NS}svg"
    assert root.get("width") == "1200"
    assert root.get("viewBox", "").startswith("0 0 1200 ")


def test_every_space_appears_once_with_its_name_as_a_click_target() -> None:
    """[2.1] Each space is drawn once: its group (box and name) and its area both carry the
    space's name as the actions spell it (data-target) and a hover text naming it."""
    root = ET.fromstring(plain())
    groups = [g for g in root.iter(f"{NS}g") if "space" in (g.get("class") or "").split()]
    ids = [g.get("id") for g in groups]
    assert len(ids) == len(set(ids)) == 115
    assert set(ids) == {f"space-{s.id}" for s in board().spaces}
    names = {s.id: s.name for s in board().spaces}
    labels = {
        g.get("data-space"): g for g in root.iter(f"{NS}g") if "label" in (g.get("class") or "").split()
    }
    assert sorted(labels) == sorted(names)  # each name drawn once, over every box
    for g in groups:
        sid = (g.get("id") or "").removeprefix("space-")
        assert g.get("data-target") == names[sid] and g.get("data-space") == sid
        assert "target" in (g.get("class") or "").split()
        label = labels[sid]
        assert label.get("data-target") == names[sid] and label.findtext(f"{NS}title") == g.findtext(
            f"{NS}title"
        )
        shown = " ".join(
            t.text or ""
            for t in label.iter(f"{NS}text")
            if t.get("class") == "name" and not t.get("aria-hidden")
        )
        assert shown == names[sid], sid  # on one line or two
        title = g.find(f"{NS}title")
        assert title is not None and (title.text or "").startswith(names[sid]), sid
    areas = [p for p in root.iter(f"{NS}polygon") if "area" in (p.get("class") or "").split()]
    assert sorted(a.get("data-space") or "" for a in areas) == sorted(names)
    assert all(a.get("data-target") == names[a.get("data-space") or ""] for a in areas)


def test_every_link_is_drawn_once() -> None:
    root = ET.fromstring(plain())
    drawn = [ln.get("data-link") for ln in root.iter(f"{NS}line") if ln.get("data-link")]
    assert sorted(drawn) == sorted(f"{a} {b}" for a, b in board().links)


def test_symbols_follow_the_data() -> None:
    root = ET.fromstring(plain())
    rects = list(root.iter(f"{NS}rect"))
    in_spaces = [r for g in root.iter(f"{NS}g") if g.get("data-space") for r in g.iter(f"{NS}rect")]
    assert in_spaces
    assert sum(1 for r in in_spaces if r.get("class") == "kurdish") == sum(
        1 for s in board().spaces if s.kurdish
    )
    assert sum(1 for r in in_spaces if r.get("class") == "is") == sum(
        1 for s in board().spaces if s.is_symbol
    )
    assert sum(1 for r in in_spaces if r.get("class") == "defence") == sum(
        1 for s in board().spaces if s.defence
    )
    assert rects
    names = texts(root)
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
    # hover texts in plain words: no internal ids of forces
    titles = " ".join(t.text or "" for t in root.iter(f"{NS}title"))
    assert "lebanese_army" not in titles and "saudi_arabia" not in titles
    assert (
        "Damascus (Syria): clear, city, objective; a supply source for Syria, Shia militia, Lebanese Army"
        in titles
    )


def _counter(text: str, unit: str = "") -> CounterFace:
    return CounterFace(
        fill="#8e24aa", title=text, symbol="armour", size="XX", tag=text[:6], values="9-8-4", unit=unit
    )


def test_stacks_are_drawn_as_counters_and_escaped() -> None:
    nasty = "<script>alert('x')</script>"
    stacks = {
        "mosul": StackFace(
            [_counter("A & B <div>", unit='5 "Inf" Div'), _counter("Al Baghdadi")], "two units"
        ),
        "damascus": StackFace([_counter(nasty)], nasty),
        "kobane": StackFace([], "nothing"),  # nothing to draw
        "atlantis": StackFace([_counter("not a space")], "not a space"),  # not on the map: ignored
    }
    svg = board_svg(board(), stacks)
    assert "<script" not in svg and "<div>" not in svg
    assert "&lt;script&gt;" in svg and "A &amp; B &lt;div&gt;" in svg
    root = ET.fromstring(svg)
    groups = {
        g.get("data-space"): g for g in root.iter(f"{NS}g") if "stack" in (g.get("class") or "").split()
    }
    assert set(groups) == {"mosul", "damascus"}
    mosul = groups["mosul"]
    assert mosul.get("data-target") == mosul.get("data-stack") == "Mosul"
    counters = [g for g in mosul.iter(f"{NS}g") if g.get("class") == "counter"]
    assert [c.findtext(f"{NS}title") for c in counters] == ["A & B <div>", "Al Baghdadi"]
    assert [c.get("data-unit") for c in counters] == ['5 "Inf" Div', None]
    assert "9-8-4" in texts(counters[0]) and "2" in texts(mosul)  # the values, and the count
    assert groups["damascus"].findtext(f"{NS}title") == nasty
    assert "not a space" not in svg


def test_a_position_adds_control_entrenchments_and_tracks() -> None:
    overlay = Overlay(
        title="a test",
        control={"damascus": "#aabbcc"},
        notes={"damascus": "held by Syria; entrenched (19.0)"},
        entrenched=("damascus",),
        tension=5,
        turn=2,
        turns=6,
        reshuffles=(3, 6),
    )
    root = ET.fromstring(board_svg(board(), overlay=overlay))
    area = next(p for p in root.iter(f"{NS}polygon") if p.get("data-space") == "damascus")
    assert area.get("fill") == "#aabbcc" and "held by Syria" in (area.findtext(f"{NS}title") or "")
    # the box and the name are drawn once for every picture: their hover text is the printed
    # facts, and they name the area whose words (the position's) the page copies to them
    space = next(g for g in root.iter(f"{NS}g") if g.get("id") == "space-damascus")
    assert (space.findtext(f"{NS}title") or "").startswith("Damascus (Syria): clear, city, objective")
    assert "held by" not in (space.findtext(f"{NS}title") or "")
    assert area.get("id") == "area-damascus" and space.get("data-title-from") == "area-damascus"
    assert (
        len([g for g in root.iter(f"{NS}g") if "entrenchment" in (g.get("class") or "").split()]) == 2
    )  # and the key's
    assert [r.get("class") for r in root.iter(f"{NS}rect")].count("tension now") == 1
    assert [r.get("class") for r in root.iter(f"{NS}rect")].count("turn now") == 1
    assert len([r for r in root.iter(f"{NS}rect") if r.get("class") == "tension"]) == 11


def test_self_contained_and_deterministic() -> None:
    svg = plain()
    for forbidden in ("<script", "href", "url(", "@import", "@font-face", "<foreignObject", "<image"):
        assert forbidden not in svg
    assert board_svg(board()) == svg


def test_width_scales_the_drawing() -> None:
    root = ET.fromstring(board_svg(board(), width=600))
    assert root.get("width") == "600"
    assert root.get("viewBox") == ET.fromstring(plain()).get("viewBox")


def test_the_map_is_drawn_once() -> None:
    """The unchanging map (layout, names, links, legend) is worked out once per map and kept;
    each picture only adds the position."""
    assert _static(board()) is _static(board())


# -- the layout -------------------------------------------------------------------------------


def _crosses(
    p: tuple[float, float], q: tuple[float, float], r: tuple[float, float], s: tuple[float, float]
) -> bool:
    def o(a: tuple[float, float], b: tuple[float, float], c: tuple[float, float]) -> float:
        return (b[0] - a[0]) * (c[1] - a[1]) - (b[1] - a[1]) * (c[0] - a[0])

    return o(p, q, r) * o(p, q, s) < 0 and o(r, s, p) * o(r, s, q) < 0


def test_spaces_have_room_and_no_link_crosses_another() -> None:
    """Every two spaces are far enough apart for a stack each (the Levant's farther), and the
    spreading keeps the links from crossing, as on the real map."""
    b = layout()
    ids = sorted(b.pos)
    for i, a in enumerate(ids):
        for c in ids[i + 1 :]:
            levant = max(b.spaces[a].lon, b.spaces[c].lon) < b.LEVANT_GAP[0]
            gap = b.LEVANT_GAP[1] if levant else b.MIN_GAP
            assert math.dist(b.pos[a], b.pos[c]) >= gap * 0.97, (a, c)
    links = board().links
    for i, (a, c) in enumerate(links):
        for d, e in links[i + 1 :]:
            if len({a, c, d, e}) == 4:
                assert not _crosses(b.pos[a], b.pos[c], b.pos[d], b.pos[e]), (a, c, d, e)


def test_the_spread_map_keeps_its_geography() -> None:
    """The layout spreads crowded places but keeps the map's shape: a link whose one end lies
    well north (or east) of the other is drawn so, and most links keep their bearing."""
    b = layout()
    turned = []
    for a, c in board().links:
        sa, sc = b.spaces[a], b.spaces[c]
        (xa, ya), (xc, yc) = b.pos[a], b.pos[c]
        if abs(sa.lat - sc.lat) > 0.4 and abs(sa.lat - sc.lat) > abs(sa.lon - sc.lon) * 0.8:
            assert (ya < yc) == (sa.lat > sc.lat), (a, c)
        if abs(sa.lon - sc.lon) > 0.4 and abs(sa.lon - sc.lon) > abs(sa.lat - sc.lat):
            assert (xa < xc) == (sa.lon < sc.lon), (a, c)
        (hx, hy), (kx, ky) = b.home[a], b.home[c]
        real = math.atan2(ky - hy, kx - hx)
        drawn = math.atan2(yc - ya, xc - xa)
        turned.append(abs((drawn - real + math.pi) % (2 * math.pi) - math.pi))
    turned.sort()
    assert turned[len(turned) // 2] < math.radians(20)  # the median link turns less than 20°
    assert turned[-1] < math.radians(95)


def test_the_coast_keeps_each_space_on_its_side() -> None:
    """[31.1] The Mediterranean runs along the coastal spaces: each coastal space's box
    touches the sea, and no other space lies in it."""
    b = layout()
    med, gulf = b.seas
    for s in board().spaces:
        x, y = b.pos[s.id]
        assert not in_polygon(x, y, med) and not in_polygon(x, y, gulf), s.id
        if s.coastal:
            ring = [
                (x + BOX * math.cos(k * math.pi / 8), y + BOX * math.sin(k * math.pi / 8)) for k in range(16)
            ]
            assert any(in_polygon(px, py, med) for px, py in ring), s.id
        elif s.lon < 36.5:
            assert not any(in_polygon(x + dx, y, med) for dx in (-BOX / 2, BOX / 2)), s.id


def test_each_space_owns_an_area_around_it() -> None:
    """Each space's area holds its box whole, and the areas do not overlap."""
    b = layout()
    h = BOX / 2
    for sid, poly in b.areas.items():
        x, y = b.pos[sid]
        for px, py in ((x - h, y - h), (x + h, y - h), (x - h, y + h), (x + h, y + h)):
            assert in_polygon(px, py, poly), sid
        for other, q in b.pos.items():
            if other != sid:
                assert not in_polygon(q[0], q[1], poly), (sid, other)


def test_what_lies_over_the_areas_lets_clicks_through() -> None:
    """The sea, the country names and the links lie over the spaces' areas but catch no
    pointer: a click there picks the space whose area is beneath."""
    root = ET.fromstring(plain())
    for kind in ("sea", "countries", "links"):
        group = next(g for g in root.iter(f"{NS}g") if g.get("class") == kind)
        assert group.get("pointer-events") == "none", kind


def _layers(svg: str) -> dict[str, str]:
    root = ET.fromstring(svg)
    return {
        g.get("data-layer", ""): ET.tostring(g, encoding="unicode")
        for g in root.iter(f"{NS}g")
        if g.get("data-layer") and g.get("data-kept") is None
    }


def test_the_fixed_layers_are_the_same_in_every_picture_and_a_page_holding_them_is_not_sent_them() -> None:
    """The sea, the links, the boxes, the names and the legend are drawn alike whatever the
    position (two kept layers); a page that names them gets the picture without them, with
    the areas, the stacks and the band still whole."""
    bare = _layers(plain())
    counter = CounterFace(fill="#8e24aa", title="4 Arm Div", symbol="armour", size="XX", unit="4 Arm Div")
    stacks = {"damascus": StackFace(counters=[counter], title="Damascus: your stack")}
    overlay = Overlay(
        title="a test", control={"aleppo": "#aabbcc"}, notes={"aleppo": "held by Syria"}, turn=1, turns=6
    )
    full = board_svg(board(), stacks, width=1600, overlay=overlay)
    assert _layers(full) == bare and len(bare) == 2
    sent = thin(full, list(bare))
    assert len(sent) < len(full) / 2
    root = ET.fromstring(sent)
    kept = [g for g in root.iter(f"{NS}g") if g.get("data-layer")]
    assert [g.get("data-layer") for g in kept] == list(bare) and all(
        g.get("data-kept") == "" and len(g) == 0 for g in kept
    )
    assert not [g for g in root.iter(f"{NS}g") if "space" in (g.get("class") or "").split()]
    areas = [p for p in root.iter(f"{NS}polygon") if "area" in (p.get("class") or "").split()]
    assert len(areas) == 115 and "held by Syria" in " ".join(a.findtext(f"{NS}title") or "" for a in areas)
    assert 'data-unit="4 Arm Div"' in sent and "Turn" in " ".join(texts(root))
    # a page that names only one of them, or a key of nothing, gets the rest whole
    first = next(iter(bare))
    assert len(_layers(thin(full, [first]))) == 1 and thin(full, ["0123456789abcdef"]) == full
