"""[31.0, 32.0] "All the scenarios can be played by two players": a scenario of three or more
players turned into its two-player version, as its ``two_players`` entry says who plays what.

Each of the two players takes over the seats given to him: their forces, countries, Jokers,
Special Jokers, turn-1 free OPs (added up), reinforcement batches (his n-th batch joins the
n-th batch of each seat, so the pace of arrivals stays the scenario's), the spaces they hold,
the interventions promised to them and their place in the order of play (the first of his
seats in the scenario's order). Victory stays with each seat's own table, or the table the
two-player entry gives that seat for this version (``TwoPlayerSeat.victory``, 31.0's
"arrangements laid down in the scenario"): the player's level is the lowest his seats reach
(31.0: "a player must achieve the same victory level ... for all the countries he
controls"), worked out in ``rules.victory``. The rules that depend on the players being one
or several (20.0: Russia and Iran stacking together, the Russian player of scenarios 10 and
11) follow from the forces' new owner.
"""

from __future__ import annotations

from typing import Any

from consim.core.errors import OptionError
from consim.core.words import listing
from consim.games.fitna.schema import Batch, Scenario, SeatDef, SeatVictory
from consim.games.fitna.vocabulary import HandlerParams


def two_player_version(sc: Scenario) -> Scenario:
    """The scenario with its seats merged into the two players of ``sc.two_players``."""
    if len(sc.seats) <= 2:
        return sc
    if not sc.two_players:
        raise OptionError(f"fitna scenario {sc.number} names no two-player version [31.0]")
    rename = {seat: p.name for p in sc.two_players for seat in p.seats}
    by_name = {s.name: s for s in sc.seats}
    seats = []
    for p in sc.two_players:
        parts = [by_name[x] for x in p.seats]
        seats.append(
            SeatDef(
                name=p.name,
                forces=_union(f for s in parts for f in s.forces),
                countries=_union(c for s in parts for c in s.countries),
                jokers=min(3, sum(s.jokers for s in parts)),
                special_jokers=_union(j for s in parts for j in s.special_jokers),
                free_ops_turn1=min(16, sum(s.free_ops_turn1 for s in parts)),
                reconstructed=("jokers", "free_ops_turn1"),
                note=f"{p.name} plays {listing(p.seats)} (31.0). {p.note or ''}".strip(),
            )
        )
    control: dict[str, list[str]] = {}
    for who, spaces in sc.control.items():
        control.setdefault(rename.get(who, who), []).extend(spaces)
    reinforcements: dict[str, list[Batch]] = {}
    for p in sc.two_players:
        queues = [sc.reinforcements.get(x, []) for x in p.seats]
        merged = []
        for i in range(max((len(q) for q in queues), default=0)):
            batches = [q[i] for q in queues if i < len(q)]
            merged.append(
                Batch(
                    counters=[c for b in batches for c in b.counters],
                    source="; ".join(b.source for b in batches if b.source) or None,
                    reconstructed=_merged_reconstructed(batches),
                    note=" ".join(b.note for b in batches if b.note) or None,
                )
            )
        if merged:
            reinforcements[p.name] = merged
    order = list(dict.fromkeys(rename[x] for x in sc.initiative))
    rule = "Two players (31.0): " + "; ".join(f"{p.name} plays {listing(p.seats)}" for p in sc.two_players)
    rule += ". A player wins a level only if each of his seats reaches it."
    own = {v.seat: v for p in sc.two_players for v in p.victory}
    if own:
        rule += f" Victory tables of this version's own: {listing(sorted(own))}."
    return sc.model_copy(
        update={
            "seats": seats,
            "initiative": order,
            "control": control,
            "reinforcements": reinforcements,
            "us_intervention": [i.model_copy(update={"seat": rename[i.seat]}) for i in sc.us_intervention],
            "russia_controller": rename.get(sc.russia_controller, sc.russia_controller),
            "russia_at_tension_10": rename.get(sc.russia_at_tension_10, sc.russia_at_tension_10),
            "entry_bans": [
                b.model_copy(update={"open_to": _union(rename[x] for x in b.open_to)}) for b in sc.entry_bans
            ],
            "victory": [_victory(own.get(v.seat, v), rename) for v in sc.victory],
            "special_rules": [*sc.special_rules, rule],
            "two_players": [],
        }
    )


def _victory(v: SeatVictory, rename: dict[str, str]) -> SeatVictory:
    """A seat's table under its player's name; a condition naming a seat names its player."""

    def cond(c: Any) -> Any:
        by = getattr(c, "by", None)
        if isinstance(by, str) and by in rename:
            c = c.model_copy(update={"by": rename[by]})
        params = getattr(c, "params", None)
        by = getattr(params, "by", None)
        if isinstance(params, HandlerParams) and isinstance(by, str) and by in rename:
            c = c.model_copy(update={"params": params.model_copy(update={"by": rename[by]})})
        return c

    return v.model_copy(
        update={
            "seat": rename[v.seat],
            "part": v.seat,
            "prerequisites": [cond(c) for c in v.prerequisites],
            "minor": [cond(c) for c in v.minor],
            "major": [cond(c) for c in v.major],
            "decisive": [cond(c) for c in v.decisive],
        }
    )


def _union(items: Any) -> list[Any]:
    return list(dict.fromkeys(items))


def _merged_reconstructed(batches: list[Batch]) -> bool | tuple[str, ...]:
    """What is reconstructed in batches merged into one: all of it if any batch is wholly
    reconstructed, else the fields any batch lists (none: ``False``)."""
    if any(b.reconstructed is True for b in batches):
        return True
    return tuple(_union(f for b in batches for f in b.reconstructed_fields)) or False


__all__ = ["two_player_version"]
