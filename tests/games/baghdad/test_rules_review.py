"""Regression tests from an independent rules review: each states the rule it checks."""

from __future__ import annotations

from consim.games.baghdad.state import BaghdadState

from .conftest import clear_hands, clear_map, enter, fresh, pass_windows, put, units

ORDER4 = ["US", "Shiite", "Sunni", "Government"]


def _battle(placed: dict[tuple[str, str], tuple[int, int]], order: list[str], **opts: object) -> BaghdadState:
    st = fresh(len(order), **opts)
    with st.edit():
        clear_hands(st)
        clear_map(st)
        for (f, z), (a, b) in placed.items():
            put(st, f, z, sec=a, inf=b)
        enter(st, "combat", order)
    return st


def _plan(st: BaghdadState, seat: str, command: str, commit: int) -> None:
    for text in (f'command "{command}"', "no-offense", "no-defense", f"commit {commit}"):
        st.apply(seat, text)


def test_units_commitment_counts_us_units_double_in_the_total() -> None:
    """[Units and Combat] "US units count as two points each"; with commitment="units" the die
    counts units, so the total adds units times their value (NOTES 1). 3 US units (6) + the
    Provincial Reconstruction Team (3) = 9 beat 5 Shi'ite units + Special Groups (2) = 7."""
    st = _battle({("US", "rusafa"): (3, 0), ("Shiite", "rusafa"): (5, 0)}, ORDER4, commitment="units")
    assert set(st.to_act()) == {"US", "Shiite"}  # one zone, one foe: no question
    _plan(st, "US", "Provincial Reconstruction Team", 3)
    _plan(st, "Shiite", "Special Groups", 5)
    pass_windows(st)
    assert any("Totals: US 9, Shiite 7. US wins." in e.text for e in st.log)
    assert units(st, "Shiite", "rusafa") == (0, 0)
    assert units(st, "US", "rusafa") == (0, 0)  # it lost the 3 committed
