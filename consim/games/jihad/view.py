"""[Hidden information] what the player may know of a First Jihad position: the whole board,
never the order of the undrawn cards (only how many of each era are left). Ids are written as
their names."""

from __future__ import annotations

from typing import Any

from consim.games.jihad import board
from consim.games.jihad.content import COLOURS, EMPIRES, REFUGEES, THEATERS
from consim.games.jihad.rules.common import Ask
from consim.games.jihad.state import Advanced, JihadState


def _advanced(st: JihadState, adv: Advanced) -> dict[str, Any]:
    """[15.3] the Advanced tiles; the set-aside red-star cards are public (3.2.1)."""
    t = st.tables
    names = t.place_name
    paths = t.path_name
    jihad = adv.jihad
    king = adv.great_king
    return {
        "kaaba": adv.kaaba,
        "muj": {"at": "casbah" if adv.muj_at is None else paths[adv.muj_at], "side": adv.muj_side},
        "jihad": None
        if jihad is None
        else {"target": jihad.target, "mode": jihad.mode, "path": paths[jihad.path], "stop": jihad.stop},
        "stop_sign": None if adv.stop_sign is None else paths[adv.stop_sign],
        "damascus": adv.damascus,
        "damascus_bonus": adv.damascus_bonus,
        "navy": adv.navy,
        "sharia": adv.sharia,
        "sharia_turn": adv.sharia_turn,
        "jews": None if adv.jews is None else {"at": names[adv.jews.at], "side": adv.jews.side},
        "zabulistan": adv.zabulistan,
        "great_king": None
        if king is None
        else {"path": paths[king.path], "name": king.name, "army": t.army_name[king.army], "new": king.new},
        "refugees": {r: names[at] for r, at in zip(REFUGEES, adv.refugees, strict=True)},
        "religion": adv.religion,
        "schism": adv.schism,
        "baqt": {
            paths[p]: None if b is None else {"kind": b.kind, "at": names[b.at]}
            for p, b in enumerate(adv.baqt)
            if t.lone[p]
        },
        "truce": adv.truce,
        "jihad_fresh": adv.jihad_fresh,
        "offers": [
            {"kind": "baqt", "path": paths[o.path]}
            if o.path is not None
            else {"kind": o.kind, "empire": o.empire}
            for o in adv.offers
        ],
        "trade_used": {t.routes[r].id: n for r, n in enumerate(adv.trade_used) if n},
        "set_aside": list(adv.set_aside),
        "umar": adv.umar,
        "first_turn": adv.first_turn,
    }


def _card(st: JihadState, number: int) -> dict[str, Any]:
    t = st.tables
    cd = t.card[number]
    return {
        "number": cd.number,
        "title": cd.title,
        "era": cd.era,
        "rose": {p: cd.rose.entry(p).code() for p in t.path_name} if cd.rose else None,
        "ap": [cd.ap.west, cd.ap.east] if cd.ap else None,
        "events": [e.label or e.type for e in cd.events if t.advanced or not e.advanced_only],
    }


def view(st: JihadState, seat: str | None) -> dict[str, Any]:
    with board.reading(st):
        return _view(st)


def _view(st: JihadState) -> dict[str, Any]:
    t = st.tables
    d = st.data
    names = t.place_name
    castles_at = {c.at: cid for cid, c in reversed(list(enumerate(d.castles)))}
    capitals_at = {c.at: e for e, c in reversed(list(enumerate(d.capitals))) if c.at is not None}
    paths = []
    for path in range(len(t.path_name)):
        # each Path's armies and control once, not once per Land
        on_path = board.path_armies(st, path)
        arab_to = board.control_limit(st, path, on_path)
        player_from = board.arab_limit(st, path, on_path)
        neutral_from = board.neutral_from(st, path, on_path)
        crossing = t.crossing_in[path]
        lands = []
        for idx, land in enumerate(t.path_lands[path], start=1):
            model = t.land[land]
            castle = castles_at.get(land)
            capital = capitals_at.get(land)
            lands.append(
                {
                    "id": names[land],
                    "name": model.name,
                    "index": idx,
                    "religion": model.religion,
                    "apostasy": model.apostasy,
                    "points": model.outcome_points,
                    "round": t.land_round[land],
                    "crossing_in": crossing[idx],
                    "castle": None if castle is None else t.castle_name[castle],
                    "capital": None if capital is None else EMPIRES[capital],
                    "armies": [t.army_name[a] for a in on_path if d.armies[a].at == land],
                    "control": "arab"
                    if idx <= arab_to
                    else ("player" if player_from < idx < neutral_from else "neutral"),
                }
            )
        marker = d.islam[path]
        paths.append(
            {
                "id": t.path_name[path],
                "name": t.path_title[path],
                "active": t.army_name[on_path[0]] if on_path else None,
                "islam": {"at": marker.at, "dis": marker.dis},
                "lands": lands,
            }
        )
    remaining: dict[str, int] = {}
    for n in d.deck:
        era = t.card[n].era
        remaining[era] = remaining.get(era, 0) + 1
    top = st.stack[-1] if st.stack else None
    frame: dict[str, Any] | None = None
    if isinstance(top, Ask):  # the decision in progress, as the first engine showed it
        frame = top.describe(st)
    out: dict[str, Any] = {}
    if d.adv is not None:
        out["advanced"] = _advanced(st, d.adv)
    out.update(
        {
            "turn": d.turn,
            "card": None if d.card is None else _card(st, d.card),
            "played": list(d.played),
            "deck_remaining": remaining,
            "paths": paths,
            "armies": {
                t.army_name[aid]: {
                    "at": names[a.at],
                    "str": a.strength,
                    "cursed": a.cursed,
                    "sieged": a.sieged,
                    "top": a.top,
                }
                for aid, a in enumerate(d.armies)
            },
            "castles": {
                t.castle_name[cid]: {"at": names[c.at], "side": c.side, "owner": c.owner}
                for cid, c in enumerate(d.castles)
            },
            "capitals": {
                EMPIRES[e]: {"at": None if c.at is None else names[c.at], "side": c.side}
                for e, c in enumerate(d.capitals)
            },
            "tracks": {t.track_name[k]: {"box": x.box, "face": x.face} for k, x in enumerate(d.tracks)},
            "rulers": {EMPIRES[e]: r for e, r in enumerate(d.rulers)},
            "ap": {THEATERS[th]: d.ap[th] for th in t.ap_theaters},
            "divided": {"west": d.divided[0], "east": d.divided[1]},
            "fleet": {"side": d.fleet.side, "used": d.fleet.used},
            "immortals": {"side": d.immortals.side, "used": d.immortals.used, "gone": d.immortals.gone},
            "icons": None if d.icons is None else names[d.icons],
            "themes": None if d.themes is None else names[d.themes],
            "last_stand": {
                EMPIRES[e]: {"side": c.side, "used": c.used, "gone": c.gone}
                for e, c in enumerate(d.last_stand)
            },
            "tokens": {COLOURS[k]: n for k, n in enumerate(d.tokens)},
            "mecca_strong": d.mecca_strong,
            "berbers_catholic": d.berbers_catholic,
            "landing": d.landing,
            "spent": {t.path_name[p]: n for p, n in enumerate(d.spent)},
            "pending_events": [list(r) for r in d.pending],
            "frame": frame,
            "over": d.over,
        }
    )
    return out
