"""The Assets a side may commit to an offensive and the cards that cancel them (18.3)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from consim.games.fitna.board import may_strike_space, seat_nation
from consim.games.fitna.content import ColumnShift, Handler, Strike
from consim.games.fitna.rules.common import stack_forces
from consim.games.fitna.rules.deck import handler_refusal, only_if, reaction_refusal, timing_refusal
from consim.games.fitna.state import FitnaState
from consim.games.fitna.vocabulary import OnlyIfParams

if TYPE_CHECKING:
    from consim.games.fitna.rules.offensive import Offensive, Role


# =============================================================================================
# Assets [18.3]
# =============================================================================================


def commit_options(st: FitnaState, off: Offensive, seat: str, role: Role) -> list[int]:
    """[18.3] The Assets ``seat`` may commit as attacker ("A") or defender ("D"): one card of a
    name per side, shifts for its side, strikes on the target for the attacker; the card's own
    limits (8.1, 8.2) and gates (provenance/cards.md section 8)."""
    t = st.tables
    mine_forces = {t.unit_force[u] for u in off.attackers} if role == "A" else stack_forces(st, off.target)
    against = t.seat_index.get(off.defender, -1) if role == "A" else t.seat_index[off.seat]
    # [18.3] no two identical cards in one offensive: not a second copy of a card committed
    # here, nor of a card lasting the turn already counting here for this side
    used = off.committed_names(st, role) | {t.card_name[e.card] for r, e in off.standing(st) if r == role}
    want = "attacker" if role == "A" else "defender"
    out: list[int] = []
    seen: set[str] = set()
    for c in st.data.hands[seat]:
        name = t.card_name[c]
        if not t.card_asset[c] or name in used or name in seen:
            continue
        effects = t.card_effects[c]
        kinds = {e.type for e in effects}
        if "cancel" in kinds or "reveal" in kinds:
            continue  # reactions are played against a card; Armed Drones outside offensives (5.5)
        useful = any(
            (isinstance(e, ColumnShift) and e.side in (want, "either"))
            or (isinstance(e, Strike) and role == "A" and e.reach == 1)
            for e in effects
        )
        if not useful or timing_refusal(st, seat, c):
            continue
        if t.card_usable_by[c] and not (t.card_usable_by[c] & mine_forces):
            continue  # [8.1] his side of the offensive must include a unit of a listed force
        if mine_forces and mine_forces <= {t.force_index["is"]} and "is" not in t.card_symbols[c]:
            continue  # [8.1, 25.3] IS fights with the IS-symbol Assets only
        kurds = {t.force_index[k] for k in ("kdp", "pyd", "pkk")}
        kurdish_only = mine_forces and mine_forces <= kurds and "kurdish" not in t.card_symbols[c]
        if kurdish_only and not (role == "A" and name == CLOSE_AIR_SUPPORT):
            continue  # [8.1, 26.3] the Kurds with the Kurdish-symbol Assets only (and air support)
        if tag_barred(st, c, against):
            continue  # a restriction (Iron Dome, S-300) closes the sky to this card
        ok = True
        for e in effects:
            if isinstance(e, Handler):
                if e.name == "only_if":
                    condition = e.params_as(OnlyIfParams, t.card_label[c]).condition
                    ok = ok and only_if(st, off.attackers, off.target, condition)
                else:
                    ok = ok and handler_refusal(st, seat, c, e) is None
            if isinstance(e, Strike) and role == "A":
                nation = seat_nation(st, t.seat_index[seat])
                ok = ok and may_strike_space(st, nation, off.target)
        if ok:
            seen.add(name)
            out.append(c)
    return out


#: [26.3] the Asset the Kurds may receive from a supporting player
CLOSE_AIR_SUPPORT = "Close Air Support"


def tag_barred(st: FitnaState, card: int, against: int) -> bool:
    """[provenance/cards.md section 8 ``no_tag_against``] A card carrying a tag a restriction
    forbids against the units of seat ``against``."""
    if against < 0:
        return False
    tags = st.tables.card_tags[card]
    return any(e.kind == "no_tag_against" and e.other == against and e.tag in tags for e in st.data.effects)


def reaction_cards(st: FitnaState, seat: str, off: Offensive) -> list[int]:
    """Cancelling cards of ``seat``'s hand it may play now, one per name."""
    seen: set[str] = set()
    out = []
    for c in st.data.hands[seat]:
        name = st.tables.card_name[c]
        if name in seen or reaction_refusal(st, seat, c):
            continue
        if any(e.type == "cancel" for e in st.tables.card_effects[c]):
            seen.add(name)
            out.append(c)
    return out
