"""Set-up, seating and the Initiative Phase (rulebook: Select Factions, Seating and Play
Order, Starting Forces, Initiative Phase, Arms Bazaar Cards: Political Maneuver)."""

from __future__ import annotations

import pytest

import consim
from consim.core.errors import IllegalAction, OptionError

from .conftest import act, clear_hands, fresh, give, only, texts


@pytest.mark.parametrize(
    ("players", "seats"),
    [
        (3, ("Shiite", "Sunni", "Government")),
        (4, ("Shiite", "Sunni", "Government", "US")),
        (5, ("Shiite", "Sunni", "Government", "US", "Jihadist")),
        (6, ("Shiite", "Sunni", "Government", "US", "Jihadist", "NGO")),
    ],
)
def test_select_factions_table(players: int, seats: tuple[str, ...]) -> None:
    """[Select Factions] the table adds US, Jihadists, NGOs in that order."""
    assert consim.load_game("baghdad", players=players).seats == seats


def test_players_may_pick_factions() -> None:
    """[Select Factions] players may choose the factions deliberately (an option)."""
    game = consim.load_game("baghdad", factions="NGO,Sunni,US")
    assert game.seats == ("Sunni", "US", "NGO")
    with pytest.raises(OptionError):
        consim.load_game("baghdad", factions="Sunni,US")
    with pytest.raises(OptionError):
        consim.load_game("baghdad", players=4, factions="Sunni,US,NGO")


def test_starting_forces_pp_and_hands() -> None:
    """[Starting Forces] printed units in affiliated zones, placed in faction order; PP; a
    random hand of the printed size."""
    st = fresh(4)
    g = st.g
    for f in g.seats:
        start = g.faction[f].starting
        assert st.s["pp"][f] == start.pp
        assert len(st.s["hands"][f]) == start.hand
        for z, u in start.forces.items():
            assert st.units_in(f, z) == (u.security, u.infrastructure)
            assert g.zone[z].affiliation == f
    lines = [e.text for e in st.visible_log(None)]
    placing = [ln.split()[0] for ln in lines if "places its starting forces" in ln]
    assert placing == ["Shiite", "Sunni", "Government", "US"]


def test_chosen_placement_option() -> None:
    """[Starting Forces] option: each faction spreads its starting units over its zones."""
    st = fresh(3, placement="choose")
    assert st.s["phase"] == "place" and only(st) == "Shiite"
    assert all(a.split()[2] in st.g.affiliated["Shiite"] for a in texts(st))
    while st.s["phase"] == "place":
        act(st, texts(st)[0])
    u = st.g.faction["Government"].starting.units
    assert sum(st.s["sec"]["Government"].values()) == u.security
    assert st.s["phase"] in ("maneuver", "bid")


def test_random_seating_differs_from_faction_order() -> None:
    """[Seating and Play Order] seating is drawn at set-up with seating=random."""
    tables = {tuple(fresh(6, seed=s, seating="random").s["table"]) for s in range(8)}
    assert len(tables) > 1
    st = fresh(3, seating="Government,Shiite,Sunni")
    assert st.s["table"] == ["Government", "Shiite", "Sunni"]


def bid_ready(players: int = 3, **opts: object) -> consim.State:
    st = fresh(players, **opts)
    clear_hands(st)  # no Political Maneuver window
    st._advance()
    st._after_change()
    assert st.s["phase"] == "bid"
    return st


def test_shiite_bids_first_then_to_the_right() -> None:
    """[Initiative Phase] turn 1: the Shi'ite bids first, then the player to his right."""
    st = fresh(3, seating="Sunni,Shiite,Government")
    clear_hands(st)
    st._advance()
    st._after_change()
    assert only(st) == "Shiite"
    act(st, "pass")
    assert only(st) == "Government"
    assert "bid 0" in texts(st)  # nobody has bid yet: 0 is a bid


def test_bidding_pass_reenter_and_everyone_pays() -> None:
    """[Initiative Phase] a player may pass then bid later; all bidders pay their bid."""
    st = bid_ready()
    act(st, "bid 2")  # Shiite
    act(st, "pass")  # Sunni
    assert "bid 2" not in texts(st) and "bid 3" in texts(st)  # must beat the high bid
    act(st, "bid 3")  # Government
    act(st, "pass")  # Shiite passes
    act(st, "bid 4")  # Sunni re-enters
    act(st, "pass")  # Government
    pp_before = dict(st.s["pp"])
    act(st, "pass")  # Shiite: everyone else passed consecutively -> Sunni wins
    assert st.s["initiative"] == "Sunni"
    assert st.s["price"] == 4
    assert st.s["pp"]["Shiite"] == pp_before["Shiite"] - 2
    assert st.s["pp"]["Government"] == pp_before["Government"] - 3
    assert st.s["pp"]["Sunni"] == pp_before["Sunni"] - 4
    assert only(st) == "Sunni" and st.s["phase"] == "first"


def test_no_bid_first_bidder_wins_free_and_cards_cost_one() -> None:
    """[Initiative Phase; Recruit Step] nobody bids: the first who could bid wins at no cost,
    and Arms Bazaar cards cost 1."""
    st = bid_ready()
    before = dict(st.s["pp"])
    for _ in range(3):
        act(st, "pass")
    assert st.s["initiative"] == "Shiite" and st.s["price"] == 1
    assert st.s["pp"] == before


@pytest.mark.parametrize(("reading", "price"), [("one", 1), ("bid", 0)])
def test_zero_winning_bid_price_reading(reading: str, price: int) -> None:
    """NOTES 4: a winning bid of 0 makes cards cost 1 (default) or 0 (literal reading)."""
    st = bid_ready(zero_bid_price=reading)
    act(st, "bid 0")
    act(st, "pass")
    act(st, "pass")
    assert st.s["initiative"] == "Shiite" and st.s["price"] == price


def test_bid_cannot_exceed_pp_held() -> None:
    st = bid_ready()
    pp = st.s["pp"]["Shiite"]
    assert f"bid {pp}" in texts(st) and f"bid {pp + 1}" not in texts(st)
    with pytest.raises(IllegalAction, match="Initiative Phase"):
        st.apply("Shiite", f"bid {pp + 1}")


def test_initiative_winner_names_first_player_and_order_turns_right() -> None:
    """[Initiative Phase] the winner may name anyone First Player; play then passes right."""
    st = bid_ready(4)
    for _ in range(4):
        act(st, "pass")
    act(st, "first Government")
    assert st.s["order"] == ["Government", "US", "Shiite", "Sunni"]


def test_previous_winner_bids_first_next_turn() -> None:
    """[Initiative Phase] from turn 2 the previous winner bids first."""
    st = bid_ready()
    act(st, "pass")
    act(st, "bid 1")  # Sunni
    act(st, "pass")
    act(st, "pass")
    assert st.s["first_bidder"] == "Sunni"


def test_political_maneuver_last_player_wins_and_draws() -> None:
    """[Political Maneuver] Connections + Hearts take the Initiative and draw a card; when
    several do it, the last one keeps it."""
    st = fresh(3)
    clear_hands(st)
    give(st, "Shiite", "Tribal Sheikhs", "Friday Sermon")
    give(st, "Sunni", "Black Market", "Humanitarian Aid")
    st.s["man"] = {"pos": 0, "since": 0, "last": None}
    st._after_change()
    assert 'maneuver "Friday Sermon" "Tribal Sheikhs"' in texts(st)
    act(st, 'maneuver "Friday Sermon" "Tribal Sheikhs"')
    assert len(st.s["hands"]["Shiite"]) == 1  # two played, one drawn
    act(st, 'maneuver "Black Market" "Humanitarian Aid"')
    # Shiite holds one card: it may answer (pass), then everyone has passed since Sunni
    while st.s["phase"] == "maneuver":
        act(st, "pass")
    assert st.s["initiative"] == "Sunni"
    assert st.s["price"] == 1 and st.s["phase"] == "first"


def test_surge_jihad_takes_initiative_and_grants_a_move() -> None:
    """Designer Q&A: Surge/Jihad can win the Initiative (here it also adds a move)."""
    st = fresh(3)
    clear_hands(st)
    give(st, "Government", "Surge/Jihad")
    st.s["man"] = {"pos": 0, "since": 0, "last": None}
    st._advance()
    st._after_change()
    assert only(st) == "Government"
    act(st, 'play "Surge/Jihad"')
    assert st.s["initiative"] == "Government" and st.s["extra"]["Government"] == 1
