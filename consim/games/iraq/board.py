"""Pure queries of an Iraq position: what a hand is worth, how totals score, which cards
answer a trade request. Nothing here changes the state."""

from __future__ import annotations

from collections.abc import Mapping

from consim.games.iraq.content import IraqTables

AWARDS = (5, 4, 3, 2)  # [Score Phase] highest .. fourth highest; the lowest total scores 0


def usable_fv(t: IraqTables, seat: str, hand: list[int], side: str | None = None) -> tuple[int, str | None]:
    """[Ground Phase] total FV of the cards ``seat`` can use, and the either-or side counted.

    With ``side`` None in the three-player game the better side is taken.
    """
    usable = t.usable[seat]
    fv = t.card_fv
    base = sum([fv[c] for c in hand if c in usable])
    if not t.either_or:
        return base, None
    best_side, best_extra = t.either_or[0], -1
    for letter in t.either_or:
        if side is not None and letter != side:
            continue
        cards = t.side_cards[letter]
        extra = sum([fv[c] for c in hand if c in cards])
        if extra > best_extra:
            best_side, best_extra = letter, extra
    return base + best_extra, best_side


def score_awards(totals: Mapping[str, int], dense: bool, lowest_zero: bool) -> dict[str, int]:
    """[Score Phase] VP for each seat's FV total: 5/4/3/2 by rank, ties share, lowest gets 0.

    >>> score_awards({"A": 30, "B": 30, "C": 20, "D": 10}, dense=True, lowest_zero=True)
    {'A': 5, 'B': 5, 'C': 4, 'D': 0}
    >>> score_awards({"A": 30, "B": 30, "C": 20, "D": 10}, dense=False, lowest_zero=True)
    {'A': 5, 'B': 5, 'C': 3, 'D': 0}
    """
    distinct = sorted(set(totals.values()), reverse=True)
    awards: dict[str, int] = {}
    for seat, total in totals.items():
        if len(distinct) > 1 and lowest_zero and total == distinct[-1]:
            awards[seat] = 0  # "all players tied for last place get 0 VP"
            continue
        rank = distinct.index(total) if dense else sum(1 for t in totals.values() if t > total)
        awards[seat] = AWARDS[rank] if rank < len(AWARDS) else 0
    return awards


def matching(t: IraqTables, hand: list[int], asker: str, kind: str) -> list[int]:
    """[Negotiations Phase] the cards of ``hand`` that answer a request for ``kind`` cards
    ("any", or "usable": cards ``asker`` could count)."""
    if kind == "usable":
        wanted = t.wanted[asker]
        return [c for c in hand if c in wanted]
    return list(hand)
