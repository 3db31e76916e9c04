"""What the player may know: the whole board, never the order of the undrawn cards."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from consim.games.jihad.game import _copy

if TYPE_CHECKING:
    from consim.games.jihad.game import JihadState


def public_view(state: JihadState) -> dict[str, Any]:
    s = state.s
    g = state.g
    c = g.content
    paths = []
    for path in g.paths:
        lands = []
        # each Path's armies and control limits once, not once per Land (same rules as
        # path_armies, arab_controls and player_controls)
        on_path = state.path_armies(path)
        arab_to = state.control_limit(path, on_path)
        player_from = state.arab_limit(path, on_path)
        neutral_from = state.neutral_from(path, on_path)
        for land in g.lands[path]:
            idx = land.index
            lands.append(
                {
                    "id": land.id,
                    "name": land.name,
                    "index": idx,
                    "religion": land.religion,
                    "apostasy": land.apostasy,
                    "points": land.outcome_points,
                    "round": land.ends_of_the_earth,
                    "crossing_in": g.crossing_in[path][idx],
                    "castle": state.castle_in(land.id),
                    "capital": state.capital_in(land.id),
                    "armies": [a for a in on_path if s["armies"][a]["at"] == land.id],
                    "control": "arab"
                    if idx <= arab_to
                    else ("player" if player_from < idx < neutral_from else "neutral"),
                }
            )
        paths.append(
            {
                "id": path,
                "name": c.path(path).name,
                "active": on_path[0] if on_path else None,
                "islam": dict(s["islam"][path]),
                "lands": lands,
            }
        )
    card = None
    if s["card"] is not None:
        cd = c.card(s["card"])
        card = {
            "number": cd.number,
            "title": cd.title,
            "era": cd.era,
            "rose": {p: cd.rose.entry(p).code() for p in g.paths} if cd.rose else None,
            "ap": [cd.ap.west, cd.ap.east] if cd.ap else None,
            "events": [e.label or e.type for e in cd.events if g.advanced or not e.advanced_only],
        }
    remaining: dict[str, int] = {}
    for n in s["deck"]:
        era = c.card(n).era
        remaining[era] = remaining.get(era, 0) + 1
    frame = s["stack"][-1] if s["stack"] else None
    extra: dict[str, Any] = {}
    if "adv" in s:
        # [15.3] the Advanced tiles; the set-aside red-star cards are public (3.2.1)
        extra["advanced"] = _copy(s["adv"])
    return {
        **extra,
        "turn": s["turn"],
        "card": card,
        "played": list(s["played"]),
        "deck_remaining": remaining,
        "paths": paths,
        "armies": _copy(s["armies"]),
        "castles": _copy(s["castles"]),
        "capitals": _copy(s["capitals"]),
        "tracks": _copy(s["tracks"]),
        "rulers": dict(s["rulers"]),
        "ap": dict(s["ap"]),
        "divided": dict(s["divided"]),
        "fleet": dict(s["fleet"]),
        "immortals": dict(s["immortals"]),
        "icons": s["icons"],
        "themes": s["themes"],
        "last_stand": _copy(s["last_stand"]),
        "tokens": dict(s["tokens"]),
        "mecca_strong": s["mecca_strong"],
        "berbers_catholic": s["berbers_catholic"],
        "landing": s["landing"],
        "spent": dict(s["spent"]),
        "pending_events": [list(r) for r in s["pending"]],
        "frame": _copy(frame),
        "over": s["over"],
    }
