"""The Iraq card game's table as a picture (SVG), drawn from ``view(seat)`` alone.

The factions sit by conflict (the Insurgency, the Civil War), each with its victory points
(a bar against the leader's), the cards in its hand, the card uses it may count and what it is
doing now; the trade in progress runs under them; then the victory points each faction gained
turn by turn; and last the seat's own hand, card by card (Force Value, use, whether it counts
for the seat, and any card chosen for discard). Other hands appear only as counts.

>>> import consim
>>> state = consim.load_game("iraq", players=3).new_game(seed=1)
>>> seat = state.to_act()[0]
>>> view = state.view(seat)
>>> svg = board_for(view)
>>> svg.startswith("<svg") and view["hand"][0]["name"].replace("&", "&amp;") in svg
True
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any, cast

from consim.games.iraq.viewtypes import IraqCard, IraqSeatView
from consim.games.svgkit import clickable, document, esc, is_dark, rect, text, tint, wrap

__all__ = ["board_for"]

_W = 1140.0
_LEFT = 20.0
#: a colour for each faction (the card game prints none: chosen for contrast)
_COLOURS = {
    "US": "#1f4e9c",
    "Insurgent": "#3b3b3b",
    "Sunni": "#c0392b",
    "Shia": "#2e7d32",
    "Kurd": "#d4a017",
}
_SPARE = ("#6a3d9a", "#00838f", "#8d6e63")
_PHASE = {
    "commitment": "Commitment Phase",
    "negotiation": "Negotiation Phase",
    "declare": "Declaration Phase",
}
_STAGE = {
    "give": "is making an offer to",
    "want": "is making an offer to",
    "respond": "waits for the answer of",
    "fulfil": "waits for the cards of",
}


def _colours(seats: Sequence[str]) -> dict[str, str]:
    spare = iter(_SPARE)
    return {s: _COLOURS.get(s) or next(spare, "#607d8b") for s in seats}


def _status(view: IraqSeatView, seat: str) -> str:
    words = []
    if view["phase"] == "commitment":
        words.append("discards chosen" if seat in view.get("committed", ()) else "choosing discards")
    elif view["phase"] == "declare":
        words.append("declared" if seat in view.get("declared", ()) else "declaring")
    if seat in view.get("to_act", ()):
        words.append("to act")
    return ", ".join(words)


def _seat_box(view: IraqSeatView, seat: str, x: float, y: float, w: float, colour: str, top_vp: int) -> str:
    me = view.get("seat") == seat
    vp = int(view["vp"].get(seat, 0))
    cards = int(view["hand_sizes"].get(seat, 0))
    parts = [
        f"<g{clickable(seat)}>",
        f"<title>{esc(f'{seat}: {vp} victory points, {cards} cards in hand')}</title>",
    ]
    parts.append(rect(x, y, w, 118, "#ffffff", colour, 3.0 if me else 1.5, 6))
    parts.append(rect(x, y, w, 24, colour, rx=6))
    ink = "#fff" if is_dark(colour) else "#111"
    parts.append(text(x + 10, y + 17, seat + (" (you)" if me else ""), 14, weight="bold", fill=ink))
    parts.append(
        text(x + w - 10, y + 17, "uses " + "".join(view["uses"].get(seat, ())), 11.5, "end", fill=ink)
    )
    parts.append(text(x + 10, y + 58, str(vp), 30, weight="bold"))
    parts.append(text(x + 14 + len(str(vp)) * 19, y + 58, "VP", 13))
    bar = (w - 20) * (vp / top_vp if top_vp else 0)
    parts.append(rect(x + 10, y + 66, w - 20, 9, "#eeeeee", rx=3))
    if bar > 0:
        parts.append(rect(x + 10, y + 66, bar, 9, colour, rx=3))
    # the hand as card backs (a count: the cards themselves are secret)
    for i in range(min(cards, 14)):
        parts.append(rect(x + w - 96 + i * 5, y + 34, 16, 22, tint(colour, 0.55), "#555", 0.7, 2))
    parts.append(text(x + w - 102, y + 50, f"{cards} cards", 11.5, "end"))
    last = view["history"][-1] if view.get("history") else None
    if last:
        parts.append(text(x + 10, y + 94, f"last turn: {last['fv'][seat]} FV, +{last['vp'][seat]} VP", 12))
    status = _status(view, seat)
    if status:
        parts.append(text(x + 10, y + 110, status, 12, weight="bold" if "to act" in status else "normal"))
    parts.append("</g>")
    return "".join(parts)


def _card_words(c: IraqCard) -> str:
    return f"{c['name']} ({c['use']}{c['fv']})"


def _trade_lines(view: IraqSeatView) -> list[str]:
    neg = view.get("negotiation")
    if not neg:
        return []
    lines = [f"Trades: round {neg['round']} of {neg['rounds']}; in turn {', '.join(neg['order'])}."]
    offer = neg.get("offer")
    if offer:
        what = "a counter-offer" if offer.get("counter") else "an offer"
        stage = _STAGE.get(offer["stage"], "trades with").replace("an offer", what)
        line = f"{offer['from']} {stage} {offer['to']}"
        if "give" in offer:
            gives = ", ".join(_card_words(c) for c in offer["give"]) or "nothing"
            wants = ", ".join(_card_words(c) for c in offer.get("wanted", []))
            line += f": giving {gives}" + (f", wanting {wants}" if wants else "")
            if offer.get("ask"):
                kind = "of the giver's choice" if offer.get("filter") == "any" else "the offerer can use"
                line += f", asking {offer['ask']} card(s) {kind}"
        lines.append(line + ".")
    return lines


def _history(view: IraqSeatView, x: float, y: float, colours: Mapping[str, str]) -> tuple[str, float]:
    """Victory points gained each turn, a row per faction, grouped by conflict."""
    history = view.get("history") or []
    parts = [text(x, y, "Victory points gained, turn by turn", 14, weight="bold")]
    turns = int(view.get("turns") or len(history))
    cell = min(52.0, (_W - x - 220) / max(turns, 1))
    y += 22
    for t in range(1, turns + 1):
        parts.append(text(x + 150 + (t - 0.5) * cell, y, str(t), 11.5, "middle", "bold"))
    parts.append(text(x + 160 + turns * cell, y, "total", 11.5, weight="bold"))
    for conflict, seats in view["conflicts"].items():
        y += 18
        parts.append(text(x, y, conflict[0].upper() + conflict[1:], 12, weight="bold", fill="#555"))
        for seat in seats:
            y += 18
            parts.append(rect(x, y - 11, 12, 12, colours[seat], rx=2))
            parts.append(text(x + 18, y, seat, 12))
            for i, h in enumerate(history):
                gained = h["vp"].get(seat, 0)
                parts.append(
                    text(x + 150 + (i + 0.5) * cell, y, f"+{gained}" if gained else "0", 12, "middle")
                )
            parts.append(text(x + 160 + turns * cell, y, str(view["vp"].get(seat, 0)), 12, weight="bold"))
    return "".join(parts), y


def _hand(view: IraqSeatView, y: float) -> tuple[str, float]:
    hand = view.get("hand")
    if hand is None:
        return "", y
    pending = set(view.get("pending_discards", ()))
    counted = view.get("side")
    side = f", counting {counted} cards" if counted else ""
    parts = [
        text(_LEFT, y, f"Your hand: usable Force Value {view.get('usable_fv', 0)}{side}", 14, weight="bold")
    ]
    letters = view.get("use_letters") or {}
    cw, ch, gap = 148.0, 96.0, 8.0
    either = set(view.get("either_or") or ())
    counted_letter = {"US": "U", "Insurgent": "I"}.get(str(counted or ""), "")
    per_row = int((_W - 2 * _LEFT + gap) // (cw + gap))
    y += 10
    cards = sorted(hand, key=lambda c: (-int(c["fv"]), str(c["name"])))
    for i, c in enumerate(cards):
        cx = _LEFT + (i % per_row) * (cw + gap)
        cy = y + (i // per_row) * (ch + gap)
        other_side = c["use"] in either and c["use"] != counted_letter
        usable = bool(c.get("usable")) and not other_side
        edge = "#2e7d32" if usable else "#9e9e9e"
        meaning = str(letters.get(c["use"], c["use"])).split(" (")[0]
        worth = "counts for you" if usable else "the other side's" if other_side else "of no use to you"
        tip = f"{c['name']}: Force Value {c['fv']}, use {meaning}, {worth}"
        parts.append(f"<g{clickable(str(c['name']))}><title>{esc(tip)}</title>")
        parts.append(rect(cx, cy, cw, ch, "#fffdf3" if usable else "#f1f1f1", edge, 2.2 if usable else 1, 6))
        parts.append(
            text(cx + cw - 8, cy + 24, str(c["fv"]), 22, "end", "bold", "#1b5e20" if usable else "#666")
        )
        ty = cy + 18
        for line in wrap(str(c["name"]), 13)[:3]:
            parts.append(text(cx + 8, ty, line, 12, weight="bold"))
            ty += 15
        parts.append(text(cx + 8, cy + ch - 24, f"{c['use']}: {meaning}", 10, fill="#444"))
        parts.append(text(cx + 8, cy + ch - 9, worth, 10.5, fill="#2e7d32" if usable else "#777"))
        if c["name"] in pending:
            parts.append(rect(cx + 4, cy + ch / 2 - 9, cw - 8, 18, "#c62828", rx=3))
            parts.append(text(cx + cw / 2, cy + ch / 2 + 4, "to discard", 11.5, "middle", "bold", "#fff"))
        parts.append("</g>")
    rows = (len(cards) + per_row - 1) // per_row
    return "".join(parts), y + rows * (ch + gap)


def board_for(view: Mapping[str, Any], width: int | None = None) -> str:
    """The table as ``view``'s seat sees it, as an SVG document."""
    return _board(cast(IraqSeatView, view), width)


def _board(view: IraqSeatView, width: int | None) -> str:
    seats: Sequence[str] = view["seats"]
    colours = _colours(seats)
    seat = view.get("seat")
    who = f"as {seat} sees it" if seat else "as everyone sees it"
    phase = _PHASE.get(str(view.get("phase")), "game over")
    out = [text(_LEFT, 30, f"IRAQ · {view['scenario']} · {who}", 18, weight="bold")]
    state = f"Turn {view['turn']} of {view['turns']} · {phase}"
    out.append(text(_LEFT, 52, f"{state} · deck {view['deck_size']}, discards {view['discard_size']}", 13))
    y = 74.0
    top_vp = max([int(v) for v in view["vp"].values()] + [1])
    gap = 14.0
    for conflict, members in view["conflicts"].items():
        out.append(text(_LEFT, y + 16, conflict[0].upper() + conflict[1:], 15, weight="bold"))
        out.append(text(_LEFT + 8 + len(conflict) * 9.6, y + 16, " vs ".join(members), 12.5, fill="#555"))
        y += 26
        w = min(300.0, (_W - 2 * _LEFT - gap * (len(members) - 1)) / max(len(members), 1))
        for i, s in enumerate(members):
            out.append(_seat_box(view, s, _LEFT + i * (w + gap), y, w, colours[s], top_vp))
        y += 130
    either = view.get("either_or") or []
    notes = []
    if either:
        notes.append(f"Each turn you may count {' or '.join(either)} cards, not both.")
    letters = view.get("use_letters") or {}
    if letters:
        notes.append("Uses: " + "; ".join(f"{k} {str(v).split(' (')[0]}" for k, v in letters.items()))
    for line in [*_trade_lines(view), *notes]:
        for part in wrap(line, 150):
            y += 18
            out.append(
                text(_LEFT, y, part, 12.5, fill="#7a4f00" if line.startswith(("Trades", *seats)) else "#333")
            )
    y += 34
    body, y = _history(view, _LEFT, y, colours)
    out.append(body)
    y += 36
    hand, y = _hand(view, y)
    out.append(hand)
    height = y + 16
    title = f"Iraq card game, turn {view['turn']}, {who}"
    return document(_W, height, title, "".join(out), shown_width=width)
