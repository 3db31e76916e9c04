"""Planning (16.0), the Strategic Depot (11.0) and turn 1's free OPs (13.0)."""

from __future__ import annotations

from consim.games.fitna.rules.planning import Planning
from consim.games.fitna.testing import in_segment
from tests.games.fitna.conftest import play, position, region_game, syria_game


def no_jokers(d, st) -> None:  # type: ignore[no-untyped-def]
    d.jokers = dict.fromkeys(st.tables.seats, 0)


def planning(seat: str):  # type: ignore[no-untyped-def]
    return lambda st: in_segment(st, seat, [Planning(seat=seat)], step="strategic")


def test_the_example_of_16_0() -> None:
    """[16.0] "A player has 6 Operation Points that he allocates 3-3; he can move 6 units and
    launch 3 offensives." The cards are discarded at once."""
    st = position(
        region_game(),
        {"1 Mech Div": "Mosul"},
        hands={"Iraq": ["Close Air Support"]},
        edit=no_jokers,
        frames=planning("Iraq"),
    )
    play(st, 'ops "Close Air Support"')
    assert 0 in st.data.asset_discard  # discarded without its other use
    play(st, "done")
    assert [a.text for a in st.legal_actions("Iraq")][:2] == ["allocate 0-6", "allocate 1-5"]
    play(st, "allocate 3-3")
    assert "Iraq allocates its OPs: 6 unit moves, 3 offensives." in [e.text for e in st.log]
    top = st.stack[-1]
    assert top.name == "movement" and top.left == 6  # type: ignore[attr-defined]
    assert st.stack[-2].name == "offensives" and st.stack[-2].left == 3  # type: ignore[attr-defined]


def test_at_most_two_cards() -> None:
    """[16.0] One or two cards."""
    st = position(
        region_game(),
        {},
        hands={"Iraq": ["Close Air Support", "Air Strike", "Peace Talks"]},
        edit=no_jokers,
        frames=planning("Iraq"),
    )
    play(st, 'ops "Close Air Support"', 'ops "Air Strike"')
    assert next(a.text for a in st.legal_actions("Iraq")) == "allocate 0-12"


def test_the_strategic_depot() -> None:
    """[11.0] Two moves and one offensive without a card; no card may then be spent."""
    st = position(
        region_game(), {}, hands={"Iraq": ["Close Air Support"]}, edit=no_jokers, frames=planning("Iraq")
    )
    assert "depot" in [a.text for a in st.legal_actions("Iraq")]
    play(st, "depot")
    assert st.stack[-1].left == 2 and st.stack[-2].left == 1  # type: ignore[attr-defined]
    assert len(st.data.hands["Iraq"]) == 1


def test_free_ops_on_turn_1() -> None:
    """[13.0, 16.0] The scenario's free OPs of turn 1 come on top of the cards."""
    st = position(
        syria_game(),
        {"4 Arm Div": "Damascus"},
        hands={"Syria": ["Peace Talks"]},
        edit=no_jokers,
        frames=planning("Syria"),
    )
    play(st, 'ops "Peace Talks"', "done")
    assert [a.text for a in st.legal_actions("Syria")][-1] == "allocate 6-0"  # 4 + 2 free
