"""Small pieces shared by the games' board pictures (``consim.games.<game>.draw``): escaped
text with an optional white halo, colour tints, a rough text width, word wrapping and the
``<svg>`` document around a drawing; and the layers a page keeps between moves.

**Kept layers.** A picture redrawn at every move is mostly the same drawing: the map's
links, names and legend. A game wraps such a part in ``layer(inner)``: a group named by a
digest of its contents (``<g data-layer="KEY">``). The page's script tells the server which
layers it already shows (``X-Consim-Layers: KEY KEY``), and the server sends each of those as an
empty group instead (``thin``: ``<g data-layer="KEY" data-kept="">``), which the script fills
with the group it has. A client that names nothing, or a key the server does not know, gets
the whole picture.

Plain SVG 1.1 with system fonts, no scripts and no external references. A drawn element that
stands for something a player may pick (a zone, a land, a space, a stack, a card) carries
``data-target="NAME"``: the server's pages match that name against the legal actions (see
``clickable``).

>>> doc = document(200, 100, "a test", text(10, 20, "Sadr City & Shaab", 12))
>>> doc.startswith("<svg") and "Sadr City &amp; Shaab" in doc
True
>>> wrap("Baghdad International Airport", 16)
['Baghdad', 'International', 'Airport']
>>> tint("#000000", 0.5)
'#808080'
"""

from __future__ import annotations

import hashlib
import re
from collections.abc import Iterable
from html import escape

__all__ = [
    "FONT",
    "clickable",
    "document",
    "esc",
    "held_layers",
    "is_dark",
    "layer",
    "rect",
    "text",
    "text_width",
    "thin",
    "tint",
    "wrap",
]

#: the font stack of every picture (system fonts only)
FONT = "DejaVu Sans, Verdana, Arial, sans-serif"


def esc(value: object) -> str:
    """Text escaped for an SVG text node or attribute."""
    return escape(str(value), quote=True)


def text_width(value: str, size: float, bold: bool = False) -> float:
    """A generous estimate of the width of ``value`` at font ``size`` (DejaVu Sans is wide)."""
    return len(value) * size * (0.64 if bold else 0.6)


def wrap(value: str, chars: int) -> list[str]:
    """``value`` broken at spaces into lines of at most ``chars`` characters (a longer word
    stays whole on its own line)."""
    lines: list[str] = []
    for word in value.split():
        if lines and len(lines[-1]) + 1 + len(word) <= chars:
            lines[-1] += " " + word
        else:
            lines.append(word)
    return lines or [""]


def tint(colour: str, amount: float = 0.5) -> str:
    """``colour`` (``#rrggbb``) mixed with white, ``amount`` of white."""
    h = colour.lstrip("#")
    rgb = [int(h[i : i + 2], 16) for i in (0, 2, 4)]
    mixed = [round(c + (255 - c) * amount) for c in rgb]
    return "#" + "".join(f"{c:02x}" for c in mixed)


def is_dark(colour: str) -> bool:
    """Whether white text reads better than black on ``colour``."""
    h = colour.lstrip("#")
    r, g, b = (int(h[i : i + 2], 16) for i in (0, 2, 4))
    return 0.299 * r + 0.587 * g + 0.114 * b < 150


def text(
    x: float,
    y: float,
    value: str,
    size: float,
    anchor: str = "start",
    weight: str = "normal",
    fill: str = "#111",
    halo: bool = False,
    extra: str = "",
    halo_width: float = 3.0,
) -> str:
    """A line of text; with ``halo`` a white stroked copy underneath keeps it readable over
    lines and colours (drawn as a copy, for renderers without paint-order)."""
    t = esc(value)
    common = (
        f'x="{x:.1f}" y="{y:.1f}" font-size="{size:.1f}" text-anchor="{anchor}" font-weight="{weight}"{extra}'
    )
    out = ""
    if halo:
        out += (
            f'<text {common} fill="#fff" stroke="#fff" stroke-width="{halo_width:g}" '
            f'stroke-linejoin="round" aria-hidden="true">{t}</text>'
        )
    return out + f'<text {common} fill="{fill}">{t}</text>'


def rect(
    x: float,
    y: float,
    w: float,
    h: float,
    fill: str,
    stroke: str = "none",
    width: float = 1.0,
    rx: float = 3.0,
    extra: str = "",
) -> str:
    """A rectangle (rounded by ``rx``)."""
    return (
        f'<rect x="{x:.1f}" y="{y:.1f}" width="{w:.1f}" height="{h:.1f}" rx="{rx:.1f}" '
        f'fill="{fill}" stroke="{stroke}" stroke-width="{width:.1f}"{extra}/>'
    )


def clickable(target: str, css: str = "") -> str:
    """The attributes that make a drawn element pickable by name on the server's pages, with
    the element's own classes ``css`` if it has any.

    >>> clickable("Abu Kamal", "space")
    ' data-target="Abu Kamal" class="space target"'
    """
    return (
        f' data-target="{esc(target)}" class="{esc(css)} target"'
        if css
        else f' data-target="{esc(target)}" class="target"'
    )


def document(
    width: float,
    height: float,
    title: str,
    body: str,
    background: str = "#fbf8ef",
    shown_width: int | None = None,
) -> str:
    """The SVG document: ``body`` drawn on a ``width`` x ``height`` canvas (its natural size in
    pixels; pages scale it to fit). ``shown_width`` asks for another displayed width, the height
    following in proportion."""
    size = f'width="{width:.0f}" height="{height:.0f}"'
    if shown_width is not None:
        size = f'width="{shown_width}" height="{height * shown_width / width:.0f}"'
    return (
        f'<svg xmlns="http://www.w3.org/2000/svg" version="1.1" {size} '
        f'viewBox="0 0 {width:.0f} {height:.0f}" font-family="{FONT}">'
        f"<title>{esc(title)}</title>"
        f'<rect x="0" y="0" width="{width:.0f}" height="{height:.0f}" fill="{background}"/>'
        f"{body}</svg>"
    )


# ---- layers a page keeps between moves -------------------------------------------------------

#: every layer drawn in this process, by its key (a digest of the drawing, so the same in
#: every process and after a restart); a game has a few, drawn once
_LAYERS: dict[str, str] = {}
#: the most layers kept: an unchanging drawing is a handful per game; this bounds a game that
#: would wrongly wrap a drawing that changes
_MOST_LAYERS = 256
_KEY = re.compile(r"[0-9a-f]{16}")


def layer(inner: str) -> str:
    """``inner`` as a group a page may keep between moves: a drawing that is the same whatever
    the position (``thin`` leaves it out for a page that has it).

    >>> drawn = layer('<rect width="1" height="1"/>')
    >>> drawn.startswith('<g data-layer="') and drawn.endswith('<rect width="1" height="1"/></g>')
    True
    """
    key = hashlib.blake2b(inner.encode(), digest_size=8).hexdigest()
    drawn = f'<g data-layer="{key}">{inner}</g>'
    if key not in _LAYERS:
        if len(_LAYERS) >= _MOST_LAYERS:
            del _LAYERS[next(iter(_LAYERS))]
        _LAYERS[key] = drawn
    return drawn


def thin(svg: str, held: Iterable[str]) -> str:
    """``svg`` without the layers the page holds (``held``, their keys): each becomes an empty
    group with its key, for the page's script to fill. Keys it does not know change nothing.

    >>> drawn = layer("<circle r='2'/>")
    >>> key = drawn[len('<g data-layer="'):][:16]
    >>> thin(f"<svg>{drawn}</svg>", [key]) == f'<svg><g data-layer="{key}" data-kept=""></g></svg>'
    True
    >>> thin(f"<svg>{drawn}</svg>", ["0123456789abcdef"]) == f"<svg>{drawn}</svg>"
    True
    """
    for key in held:
        drawn = _LAYERS.get(key)
        if drawn is None:
            continue
        at = svg.find(f'<g data-layer="{key}">')  # the drawing then follows, as it was kept
        if at >= 0 and svg.startswith(drawn, at):
            svg = f'{svg[:at]}<g data-layer="{key}" data-kept=""></g>{svg[at + len(drawn) :]}'
    return svg


def held_layers(header: str | None) -> list[str]:
    """The layer keys a page says it holds (``X-Consim-Layers``: keys separated by spaces);
    anything that is not a key is ignored, and at most 16 are read.

    >>> held_layers("0123456789abcdef junk 0123456789ABCDEF")
    ['0123456789abcdef']
    >>> held_layers(None)
    []
    """
    if not header:
        return []
    return [k for k in header.split()[:16] if _KEY.fullmatch(k)]
