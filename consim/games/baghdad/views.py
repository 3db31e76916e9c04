"""``view(seat)``: the one door to hidden information in Battle for Baghdad.

Public: the map (units, PP markers, control), PP held, card counts, Command cards (active
and Neutralized), the Arab Street cards turned, bids, deals' public terms, Truces and
promises, whose turn it is. Private to a seat: its hand, its Operational Plan before the
reveal, the draft packet it holds, the terms of a deal it is party to, a hand it is
searching (Espionage) and the Arab Street cards it has peeked at.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from consim.games.baghdad import board

if TYPE_CHECKING:
    from consim.games.baghdad.game import BaghdadState


def build_view(st: BaghdadState, seat: str | None) -> dict[str, Any]:
    g = st.g
    s = st.s
    control = st.control_map()
    zones: dict[str, Any] = {}
    for z in g.zones:
        units = {f: [s["sec"][f].get(z, 0), s["inf"][f].get(z, 0)] for f in s["order"]}
        zones[z] = {
            "pp": s["zpp"].get(z, 0),
            "units": {f: u for f, u in units.items() if u[0] or u[1]},
            "control": control.get(z),
        }
    v: dict[str, Any] = {
        "turn": s["turn"],
        "phase": s["phase"],
        "players": g.n,
        "factions": list(g.seats),
        "table": list(s["table"]),
        "order": list(s["order"]),
        "initiative": s["initiative"],
        "first_player": s["first"],
        "first_bidder": s["first_bidder"],
        "card_price": s["price"],
        "pp": dict(s["pp"]),
        "hand_counts": {f: st.hand_count(f) for f in g.seats},
        "pools": {f: list(st.pool(f)) for f in g.seats},
        "active_commands": {f: [g.command[c].name for c in s["active"][f]] for f in g.seats},
        "neutralized": {f: [g.command[c].name for c in s["neutral"][f]] for f in g.seats},
        "zones": zones,
        "deck_size": len(s["deck"]),
        "discard_size": len(s["discard"]),
        "street_left": len(s["street"]),
        "street_turned": [g.street_def[i].name for i in s["turned"]],
        "fortified_holder": s["fort"],
        "airports": dict(s["airports"]),
        "truces": [list(p) for p in s["truces"]],
        "promises": [dict(p) for p in s["promises"]],
        "scores": {f: st.victory_score(f, control) for f in g.seats},
        "progress": {
            f: round(board.progress(g.faction[f].victory.condition, f, g.c, control, s["inf"]), 3)
            for f in g.seats
        },
        "history": [dict(h) for h in s["history"]],
        "extra_moves": dict(s["extra"]),
    }
    if s["bid"] is not None:
        b = s["bid"]
        v["bidding"] = {
            "high": b["high"],
            "high_bidder": b["hb"],
            "bids": dict(b["bids"]),
            "passes": b["since"],
        }
    if s["man"] is not None:
        v["maneuver"] = {"last": s["man"]["last"], "passes": s["man"]["since"]}
    if s["phase"] == "draft":
        v["draft"] = {"holder": s["order"][s["dpos"]], "cards": len(s["packet"])}
        if seat == s["order"][s["dpos"]]:
            v["draft"]["packet"] = [g.card_name[c] for c in s["packet"]]
    if s["coal"] is not None:
        v["coalition"] = dict(s["coal"])
    d = s["deal"]
    if d is not None:
        pub: dict[str, Any] = {
            "from": d["from"],
            "to": list(d["to"]),
            "stage": d["stage"],
            "answers": list(d["answers"]),
        }
        if d["stage"] != "build":
            pub.update(
                {
                    "give_pp": d["give_pp"],
                    "give_cards": len(d["give"]),
                    "ask_pp": d["ask_pp"],
                    "ask_cards": d["ask_cards"],
                    "truce": d["truce"],
                    "promises": list(d["promises"]),
                }
            )
        if seat == d["from"] or (seat in d["to"] and d["stage"] != "build"):
            pub["terms"] = st._deal_text(d)
            pub["give"] = [g.card_name[c] for c in d["give"]]
            pub.update(
                {
                    "give_pp": d["give_pp"],
                    "ask_pp": d["ask_pp"],
                    "ask_cards": d["ask_cards"],
                    "truce": d["truce"],
                    "promises": list(d["promises"]),
                }
            )
        if seat is not None and seat == d["to"][0]:
            pub["taken"] = [g.card_name[c] for c in d["taken"]]
        v["deal"] = pub
    act = s["act"]
    if act is not None:
        v["action"] = {
            "faction": act["f"],
            "step": act["step"],
            "moves_left": act["moves"],
            "underground_used": act["ug"],
            "airmobile_used": act["air"],
            "spawn_security": list(act["spawn_s"]),
            "spawn_infrastructure": list(act["spawn_i"]),
        }
        t = s["task"]
        if t is not None:
            if t["k"] == "move":
                v["action"]["moving"] = {
                    "mode": t["mode"],
                    "at": t["at"],
                    "units": t["n"],
                    "steps": t["steps"],
                    "path": list(t.get("path", [])),
                }
            else:
                data = t["data"]
                v["action"]["card"] = {
                    "source": g.source_name(t["src"]),
                    "target": data.get("target"),
                    "zone": data.get("zone"),
                }
                if (
                    seat is not None
                    and seat == act["f"]
                    and "peek" not in data
                    and st._effect_stage(seat, t)[1] == "take"
                ):
                    v["action"]["card"]["target_hand"] = [g.card_name[c] for c in s["hands"][data["target"]]]
                if seat == act["f"] and "peek" in data:
                    v["action"]["card"]["peek"] = [g.street_def[g.street_cards[i]].name for i in data["peek"]]
    cb = s["cb"]
    if cb is not None and cb.get("stage") not in (None, "start"):
        c: dict[str, Any] = {
            "stage": cb["stage"],
            "zone": cb.get("zone"),
            "ceasefire": list(cb.get("cease", [])),
        }
        if cb.get("plans"):
            a, b = cb["a"], cb["b"]
            c.update({"sides": [a, b], "started_by": cb["init"]})
            c["ready"] = [f for f in (a, b) if cb["plans"][f]["step"] == "ready"]
            if cb.get("revealed"):
                c["plans"] = {f: _plan(st, cb["plans"][f]) for f in (a, b)}
            elif seat in (a, b):
                c["my_plan"] = _plan(st, cb["plans"][seat])
                c["my_plan"]["step"] = cb["plans"][seat]["step"]
            if cb.get("computed"):
                c.update(
                    {"totals": dict(cb["totals"]), "winner": cb["winner"], "neutralized": dict(cb["neut"])}
                )
        if cb["stage"] == "casualties":
            c.update({"winner": cb["winner"], "losses": cb["losses"]})
        v["combat"] = c
    if s["stack"]:
        fr = s["stack"][-1]
        w: dict[str, Any] = {"kind": fr["k"]}
        if fr["k"] == "window":
            w.update({"timing": fr["w"], "waiting": list(fr["wait"])})
        elif fr["k"] == "infowar":
            w.update({"seat": fr["seat"], "amount": fr["amount"], "source": fr["source"]})
        elif fr["k"] in ("discard", "ceasefire", "defect"):
            w.update({"seat": fr["seat"], "count": fr.get("n")})
        v["pending"] = w
    if s["placing"] is not None:
        v["placing"] = dict(s["placing"])
    if s["result"] is not None:
        v["result"] = dict(s["result"])
    if seat is not None:
        v["hand"] = sorted(g.card_name[c] for c in s["hands"][seat])
        v["max_hand"] = g.faction[seat].max_hand
        v["street_known"] = list(s["known"][seat])
    return v


def _plan(st: BaghdadState, p: dict[str, Any]) -> dict[str, Any]:
    g = st.g
    if p["net"] is not None:
        cmd = g.card_name[p["net"]]
    elif p["cmd"] is not None:
        cmd = g.command[p["cmd"]].name
    else:
        cmd = None
    return {
        "command": cmd,
        "offense": g.card_name[p["off"]] if p["off"] is not None else None,
        "defense": g.card_name[p["dfn"]] if p["dfn"] is not None else None,
        "commit": p["commit"],
    }
