"""[Hidden information] what the player may know of a First Jihad position: the whole board,
never the order of the undrawn cards (only how many of each era are left). Ids are written as
their names; beside them stand the words a player reads (``name``, ``title``) and what the rules
make of the position now (each army's value, each Path's front and Hit List, what an attack
would cost, the Outcome Points if the game ended now), so a front end needs no rules of its own.
"""

from __future__ import annotations

from functools import cache
from typing import cast

from consim.core.flow import Decision
from consim.games.jihad import board
from consim.games.jihad.content import (
    COLOURS,
    EMPIRE_ADJECTIVE,
    EMPIRES,
    REFUGEES,
    RULER_TITLE,
    THEATER_TITLE,
    THEATERS,
    Crossing,
    JihadTables,
)
from consim.games.jihad.state import Advanced, Empire, JihadState, Offer
from consim.games.jihad.viewtypes import (
    AdvancedView,
    ArmyView,
    CardView,
    FrameView,
    FrontView,
    JihadView,
    LandView,
    OfferView,
    OutcomeNowView,
    PathView,
)
from consim.games.jihad.words import event_title, event_words, rose_words


def _offer(paths: tuple[str, ...], o: Offer) -> OfferView:
    """[14.10] a Baqt offered on a Path, or a Truce offered to an Empire."""
    if o.path is not None:
        return {"kind": "baqt", "path": paths[o.path]}
    assert o.kind == "truce" and o.empire is not None  # a Truce offer names its Empire (effects.py)
    return {"kind": o.kind, "empire": o.empire}


def _advanced(st: JihadState, adv: Advanced) -> AdvancedView:
    """[15.3] the Advanced tiles; the set-aside red-star cards are public (3.2.1)."""
    t = st.tables
    names = t.place_name
    paths = t.path_name
    jihad = adv.jihad
    king = adv.great_king
    kaaba_points = next(x.points for x in t.content.setup.outcome.kaaba_adjustment if x.kaaba == adv.kaaba)
    return {
        "kaaba": adv.kaaba,
        "kaaba_points": kaaba_points,
        "syrians_mustered": board.syrians_mustered(st),
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
        "refugees_hosted": {r: board.refugee_hosted(st, k) for k, r in enumerate(REFUGEES)},
        "religion": adv.religion,
        "schism": adv.schism,
        "baqt": {
            paths[p]: None if b is None else {"kind": b.kind, "at": names[b.at]}
            for p, b in enumerate(adv.baqt)
            if t.lone[p]
        },
        "truce": adv.truce,
        "jihad_fresh": adv.jihad_fresh,
        "offers": [_offer(paths, o) for o in adv.offers],
        "trade_used": {t.routes[r].id: n for r, n in enumerate(adv.trade_used) if n},
        "routes": {
            t.routes[r].id: {
                "name": t.routes[r].name,
                "ends": [t.land_title[x] for x in t.route_ends[r]],
                "open": board.route_open(st, r),
                "room": board.route_room(st, r),
            }
            for r in range(len(t.routes))
        },
        "set_aside": list(adv.set_aside),
        "umar": adv.umar,
        "first_turn": adv.first_turn,
    }


@cache
def _card_words(t: JihadTables, number: int) -> CardView:
    """What never changes about a card, worked out once per game (the tables); what happened
    this turn (``happened``, ``pending``) is left empty, for :func:`_card` to fill in on a copy."""
    cd = t.card[number]
    shown = [e for e in cd.events if t.advanced or not e.advanced_only]
    return {
        "number": cd.number,
        "title": cd.title,
        "era": cd.era,
        "rose": {p: cd.rose.entry(p).code() for p in t.path_name} if cd.rose else None,
        "rose_words": {p: rose_words(cd.rose.entry(p), t.advanced) for p in t.path_name} if cd.rose else None,
        "ap": [cd.ap.west, cd.ap.east] if cd.ap else None,
        "events": [event_title(e) for e in shown],
        "events_words": [event_words(t.content, e, t.advanced) for e in shown],
        "text": " ".join(cd.text.split()),
        "happened": [],
        "pending": [],
    }


def _card(st: JihadState, number: int, seat: str | None) -> CardView:
    """This turn's card, and what happened from its draw to the Arab Phase (6.0-6.4, 18.0)."""
    happened: list[str] = []
    for entry in st.visible_log(seat, since=st.data.drawn_at):
        if entry.rule == "7.0":  # the Arab Phase begins: the card's own business is done
            break
        happened.append(f"{entry.text} [{entry.rule}]" if entry.rule else entry.text)
    words = _card_words(st.tables, number)
    t = st.tables
    pending = [t.card[ref[0]].events[ref[1]] for ref in st.data.pending if len(ref) == 2]
    # a copy (the cached words are shared): every list and map in it is new
    card = words.copy()
    card["rose"] = None if words["rose"] is None else dict(words["rose"])
    card["rose_words"] = None if words["rose_words"] is None else dict(words["rose_words"])
    card["ap"] = None if words["ap"] is None else list(words["ap"])
    card["events"] = list(words["events"])
    card["events_words"] = list(words["events_words"])
    card["happened"] = happened
    # [8.13] the ▲ events still waiting to be played this turn
    card["pending"] = [event_title(e) for e in pending]
    return card


@cache
def _land_words(t: JihadTables) -> tuple[tuple[LandView, ...], ...]:
    """What never changes about each Land of each Path, worked out once per game; what stands
    there now (from ``converted`` on) is left blank, for :func:`_view` to fill in on a copy."""
    religions = {r.id: r.name for r in t.content.map.religions}
    out = []
    for path in range(len(t.path_name)):
        row: list[LandView] = []
        for idx, land in enumerate(t.path_lands[path], start=1):
            model = t.land[land]
            row.append(
                {
                    "id": t.place_name[land],
                    "name": model.name,
                    "index": idx,
                    "religion": model.religion,
                    "religion_name": religions[model.religion],
                    # the faith in a word, for tables ("Orthodox", "Zoroastrian", "Khazar")
                    "faith": religions[model.religion].split()[0],
                    "apostasy": model.apostasy,
                    "points": model.outcome_points,
                    "round": t.land_round[land],
                    "crossing_in": cast(Crossing, t.crossing_in[path][idx]),
                    "green_box": model.green_box,
                    "baqt_flag": model.baqt_flag,
                    "military_heartland": model.military_heartland,
                    "religious_heartland": model.religious_heartland,
                    "converted": False,
                    "firmly_muslim": False,
                    "castle": None,
                    "capital": None,
                    "armies": [],
                    "control": "neutral",
                }
            )
        out.append(tuple(row))
    return tuple(out)


def view(st: JihadState, seat: str | None) -> JihadView:
    with board.reading(st):
        return _view(st, seat)


def _front(st: JihadState, path: int, aid: int | None) -> FrontView | None:
    """[7.2, 8.3, 9.1] where the Arabs invade the Path's army from, across what, and what an
    attack would take now (its Land, AP, dice, the roll to beat)."""
    if aid is None:
        return None
    t = st.tables
    inv = board.invasion(st, path)
    assert inv is not None
    source, target = inv
    lands = t.path_lands[path]
    crossing = "none (besieged)" if source == target else t.crossing_in[path][target]
    front: FrontView = {
        "from": "Mecca" if source == 0 else t.land_title[lands[source - 1]],
        "crossing": crossing,
        "muslim": board.muslim_for_combat(st, path, source),
        "attack": None,
    }
    goal = board.attack_target(st, path, aid)
    if goal is not None:
        a = st.data.armies[aid]
        front["attack"] = {
            "land": t.land_title[lands[goal - 1]],
            "cost": board.attack_cost(st, path, aid),
            "dice": board.dice_for(st, path, goal),
            "beat": board.army_value(t, aid, a.strength),
            "possible": board.can_attack(st, path, aid),
        }
    return front


def _army(st: JihadState, aid: int, religions: dict[str, str]) -> ArmyView:
    """An army tile: where, its face and markers, its name and value now (9.1.2), its faith (9.1.1;
    None: Not Religious)."""
    t = st.tables
    a = st.data.armies[aid]
    faith = board.army_religion(st, aid)
    return {
        "at": t.place_name[a.at],
        "str": a.strength,
        "cursed": a.cursed,
        "sieged": a.sieged,
        "top": a.top,
        "name": t.army_short[aid],
        "title": t.army_title[aid],
        "path": t.path_name[t.army_path[aid]],
        "value": board.army_value(t, aid, a.strength),
        "garrison": t.army_garrison[aid],
        "religion": None if faith is None else religions.get(faith, "Kharijite Muslim"),
    }


def _view(st: JihadState, seat: str | None) -> JihadView:
    t = st.tables
    d = st.data
    names = t.place_name
    static = _land_words(t)
    religions: dict[str, str] = {r.id: r.name for r in t.content.map.religions}
    castles_at = {c.at: cid for cid, c in reversed(list(enumerate(d.castles)))}
    capitals_at = {c.at: e for e, c in reversed(list(enumerate(d.capitals))) if c.at is not None}
    card = t.card[d.card] if d.card is not None else None
    paths: list[PathView] = []
    for path in range(len(t.path_name)):
        # each Path's armies and control once, not once per Land
        on_path = board.path_armies(st, path)
        arab_to = board.control_limit(st, path, on_path)
        player_from = board.arab_limit(st, path, on_path)
        neutral_from = board.neutral_from(st, path, on_path)
        marker = d.islam[path]
        lands: list[LandView] = []
        for idx, land in enumerate(t.path_lands[path], start=1):
            castle = castles_at.get(land)
            capital = capitals_at.get(land)
            entry = static[path][idx - 1].copy()
            entry["converted"] = idx <= marker.at
            entry["firmly_muslim"] = idx < marker.at
            entry["castle"] = None if castle is None else t.castle_name[castle]
            entry["capital"] = None if capital is None else cast(Empire, EMPIRES[capital])
            entry["armies"] = [t.army_name[a] for a in on_path if d.armies[a].at == land]
            entry["control"] = (
                "arab" if idx <= arab_to else ("player" if player_from < idx < neutral_from else "neutral")
            )
            lands.append(entry)
        aid = on_path[0] if on_path else None
        base = card.rose.entry(t.path_name[path]).hits if card is not None and card.rose else 0
        paths.append(
            {
                "id": t.path_name[path],
                "name": t.path_title[path],
                "theater": THEATER_TITLE[t.path_theater[path]],
                "active": t.army_name[on_path[0]] if on_path else None,
                "islam": {"at": marker.at, "dis": marker.dis},
                "lands": lands,
                "front": _front(st, path, aid),
                # [7.2.1] what the Hit List adds to (or takes from) the Rose's number on this Path now
                "hit_list": [] if aid is None else [[n, v] for n, v in board.hit_list(st, path, base)[1:]],
                # [7.2] the Hits thrown on this Path this turn (None: the Arab Phase has not come to it)
                "hits": d.hits[path],
                "full_baqt": board.full_baqt(st, path),
                "truce": board.truce_shields(st, path),
            }
        )
    remaining: dict[str, int] = {}
    for n in d.deck:
        era = t.card[n].era
        remaining[era] = remaining.get(era, 0) + 1
    top = st.stack[-1] if st.stack else None
    frame: FrameView | None = None
    if isinstance(top, Decision):  # the decision in progress (for bots; a screen shows the prompt)
        frame = cast(FrameView, top.describe(st))  # (each decision's describe builds its record)
    advanced = None if d.adv is None else _advanced(st, d.adv)
    points = board.outcome_points(st)
    # [5.2] the parts of the Outcome Points but the list of Lands (A_lands): OutcomeNowView
    outcome_now = cast(OutcomeNowView, {k: v for k, v in points.items() if k != "A_lands"})
    out: JihadView = {
        "turn": d.turn,
        "card": None if d.card is None else _card(st, d.card, seat),
        "played": list(d.played),
        "deck_remaining": remaining,
        "paths": paths,
        "armies": {t.army_name[aid]: _army(st, aid, religions) for aid in range(len(d.armies))},
        "castles": {
            t.castle_name[cid]: {
                "at": names[c.at],
                "side": c.side,
                "owner": c.owner,
                "kind": "major" if t.castle_major[cid] else "minor",
                "value": board.castle_value(st, cid),
            }
            for cid, c in enumerate(d.castles)
        },
        "capitals": {
            EMPIRES[e]: {
                "at": None if c.at is None else names[c.at],
                "side": c.side,
                "value": t.capital_points[e][0 if c.side == "strong" else 1],
            }
            for e, c in enumerate(d.capitals)
        },
        "tracks": {
            t.track_name[k]: {
                "box": x.box,
                "face": x.face,
                "name": t.track_title[k],
                "path": t.path_name[t.face_path[k][x.face]] if t.face_path[k][x.face] >= 0 else None,
                "cost": board.appease_cost(st, k) if t.track_appease[k] else None,
            }
            for k, x in enumerate(d.tracks)
        },
        "rulers": {EMPIRES[e]: r for e, r in enumerate(d.rulers)},
        "ruler_titles": {EMPIRES[e]: f"{EMPIRE_ADJECTIVE[e]} {RULER_TITLE[e]}" for e in range(2)},
        "ap": {THEATERS[th]: d.ap[th] for th in t.ap_theaters},
        "ap_limits": {THEATERS[th]: board.ap_limit(st, th) for th in t.ap_theaters},
        "divided": {"west": d.divided[0], "east": d.divided[1]},
        "fleet": {"side": d.fleet.side, "used": d.fleet.used},
        "fleet_drm": t.fleet_drm[d.fleet.side],
        "immortals": {"side": d.immortals.side, "used": d.immortals.used, "gone": d.immortals.gone},
        "icons": None if d.icons is None else names[d.icons],
        "themes": None if d.themes is None else names[d.themes],
        "last_stand": {
            EMPIRES[e]: {"side": c.side, "used": c.used, "gone": c.gone} for e, c in enumerate(d.last_stand)
        },
        "tokens": {COLOURS[k]: n for k, n in enumerate(d.tokens)},
        "mecca_strong": d.mecca_strong,
        "berbers_catholic": d.berbers_catholic,
        "landing": d.landing,
        "spent": {t.path_name[p]: n for p, n in enumerate(d.spent)},
        "pending_events": [list(r) for r in d.pending],
        "frame": frame,
        "over": d.over,
        # [5.2] the Outcome Points if the game ended now
        "outcome_now": outcome_now,
    }
    if advanced is not None:
        out = {"advanced": advanced, **out}  # the Advanced pieces come first
    return out
