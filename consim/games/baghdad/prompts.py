"""What each seat is asked, in words, with the rule that asks it."""

from __future__ import annotations

from typing import TYPE_CHECKING

from consim.games.baghdad import game as G

if TYPE_CHECKING:
    from consim.games.baghdad.game import BaghdadState


def prompt_text(st: BaghdadState, seat: str) -> tuple[str, str]:
    s = st.s
    g = st.g
    turn = f"Turn {s['turn']}"
    if s["stack"]:
        fr = s["stack"][-1]
        k = fr["k"]
        if k == "infowar":
            return (
                f"You gained {fr['amount']} PP ({fr['why']}). Play InfoWar to take as much again from "
                "the bank, or pass.",
                G.R_CARDS,
            )
        if k == "discard":
            return (f"Your hand is over its limit: discard {fr['n']} card(s).", G.R_HAND)
        if k == "ceasefire":
            return ("Name the zone where no battle may be fought this turn.", G.R_COMBAT)
        if k == "defect":
            return (
                f"{fr['by']} induces a Defection: choose which {fr['n']} of your units in "
                f"{g.zone[fr['zone']].name} leave (Security, Infrastructure).",
                G.R_DEFECT,
            )
        w = fr["w"]
        what = {
            "arab_street": (
                "An Arab Street card was resolved: play a card that stops further draws, or pass.",
                G.R_STREET,
            ),
            "combat_phase": (
                "The Combat Phase begins: play a card that prevents a battle, or pass.",
                G.R_COMBAT,
            ),
            "combat_reveal": (
                "The plans are revealed: play a card against the enemy's plan, or pass.",
                G.R_RESOLVE,
            ),
            "after_combat": ("The battle is decided: play a post-combat card, or pass.", G.R_POST),
        }
        return what[w]
    phase = s["phase"]
    if phase == "place":
        p = s["placing"]
        return (
            f"Place your starting forces in your affiliated zones ({p['sec']} Security and "
            f"{p['inf']} Infrastructure left).",
            G.R_SETUP,
        )
    if phase == "maneuver":
        return (
            f"{turn}, Initiative: take the Initiative now with a Political Maneuver or a Surge/Jihad "
            "(the last one played keeps it), or pass.",
            G.R_PM,
        )
    if phase == "bid":
        b = s["bid"]
        if b["hb"] is None:
            return (
                f"{turn}, Initiative: bid 0..{s['pp'][seat]} PP, or pass. Every bidder pays his bid.",
                G.R_INIT,
            )
        return (
            f"{turn}, Initiative: {b['hb']} bids {b['high']}. Bid more (you hold {s['pp'][seat]} PP) "
            "or pass.",
            G.R_INIT,
        )
    if phase == "first":
        return (f"{turn}: you won the Initiative. Name the First Player for this turn.", G.R_INIT)
    if phase == "draft":
        return (
            f"{turn}, Arms Bazaar draft: take one card from the packet (the rest go on to the right), "
            "or take none.",
            G.R_BAZAAR,
        )
    if phase == "coalition":
        d = s["deal"]
        c = s["coal"]
        if d is None:
            return (
                f"{turn}, Coalition round {c['round']} of {g.o.deal_rounds}: make an offer to another "
                "player, or pass.",
                G.R_COAL,
            )
        if d["stage"] == "build":
            return (
                f"Your offer to {' and '.join(d['to'])}: {st._deal_text(d)}. Add an item (PP, cards, a "
                "Truce, a promise, another recipient), then send it, or cancel.",
                G.R_COAL,
            )
        if d["stage"] == "respond":
            return (f"{d['from']} offers: {st._deal_text(d)}. Accept or decline?", G.R_COAL)
        left = d["ask_cards"] - len(d["taken"])
        return (f"Choose {left} more card(s) to give {d['from']}.", G.R_COAL)
    if phase == "action":
        act = s["act"]
        t = s["task"]
        if t is not None:
            if t["k"] == "move":
                z = g.zone[t["at"]].name
                if t["stage"] == "units":
                    return (
                        f"How many Security units in {z} make up the moving stack?",
                        _move_rule(t["mode"]),
                    )
                if t["mode"] != "move":
                    return (f"Where do the {t['n']} units from {z} go?", _move_rule(t["mode"]))
                return (
                    f"Your stack of {t['n']} is in {z} after {t['steps']} zone(s): enter a neighbouring "
                    "zone, pick up or drop off units, or stop.",
                    G.R_MOVE,
                )
            stage = st._effect_stage(seat, t)[1]
            name = g.source_name(t["src"])
            words = {
                "top": "choose the Arab Street card to be turned next",
                "target": "choose the opponent",
                "take": "choose a card to take",
                "zone": "choose the zone",
                "remove": "choose the units to eliminate (Security, Infrastructure)",
                "replace": "choose how many defectors to replace with your own (Security, Infrastructure)",
                "place": "choose how many units to place (Security, Infrastructure)",
            }
            return (f"{name}: {words[stage]}.", G.R_DEFECT if t["src"] == "defection" else G.R_CARDS)
        if act["step"] == "recruit":
            return (
                f"{turn}, your Recruit step ({s['pp'][seat]} PP): recruit units, restore Command cards, buy "
                f"Arms Bazaar cards ({s['price']} PP each), play cards, or done.",
                G.R_RECRUIT,
            )
        return (
            f"{turn}, your Move step ({act['moves']} move(s) left): start a move, play cards, or done.",
            G.R_MOVE,
        )
    if phase == "combat":
        cb = s["cb"]
        stage = cb["stage"]
        if stage == "pick_zone":
            return ("Combat: choose the zone of your next battle.", G.R_COMBAT)
        if stage == "pick_foe":
            return (f"Combat in {g.zone[cb['zone']].name}: choose your opponent.", G.R_COMBAT)
        if stage == "plan":
            p = cb["plans"][seat]
            foe = cb["b"] if seat == cb["a"] else cb["a"]
            step = p["step"]
            words = {
                "command": "choose the Command card (or a Network) to lead it",
                "offense": "add an Offense card matching your Command's type, or none",
                "defense": "add a Defense card matching your Command's type, or none",
                "commit": (
                    f"set the die: the {'units' if g.o.commitment == 'units' else 'strength'} you "
                    f"commit (0-{g.rules.max_commitment})"
                ),
            }
            return (
                f"Secret Operational Plan against {foe} in {g.zone[cb['zone']].name}: {words[step]}.",
                G.R_PLAN,
            )
        if stage == "casualties":
            return (f"You won: choose how many of your {cb['losses']} casualties are Security.", G.R_RESOLVE)
    return ("Waiting.", "")


def _move_rule(mode: str) -> str:
    return {"move": G.R_MOVE, "underground": G.R_UNDER, "airmobile": G.R_AIR}[mode]
