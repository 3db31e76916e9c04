"""Set-up, seating and the Initiative Phase (rulebook: Select Factions, Seating and Play
Order, Starting Forces, Initiative Phase, Arms Bazaar Cards: Political Maneuver)."""

from __future__ import annotations

import pytest

import consim
from consim.core.errors import IllegalAction, OptionError
from consim.games.baghdad.state import BaghdadState

from .conftest import act, clear_hands, enter, fresh, give, hand, only, phase, texts, units


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
    t = st.tables
    view = st.view(None)
    for f in t.seats:
        start = t.faction[f].starting
        assert view["pp"][f] == start.pp
        assert view["hand_counts"][f] == start.hand
        for z, u in start.forces.items():
            assert units(st, f, z) == (u.security, u.infrastructure)
            assert t.content.zone(z).affiliation == f
    lines = [e.text for e in st.visible_log(None)]
    placing = [ln.split()[0] for ln in lines if "places its starting forces" in ln]
    assert placing == ["Shiite", "Sunni", "Government", "US"]


def test_chosen_placement_option() -> None:
    """[Starting Forces] option: each faction spreads its starting units over its zones."""
    st = fresh(3, placement="choose")
    assert phase(st) == "place" and only(st) == "Shiite"
    affiliated = {z.name for z in st.tables.content.affiliated_zones("Shiite")}
    assert all(a.args[1] in affiliated for a in st.legal_actions("Shiite"))
    while phase(st) == "place":
        act(st, texts(st)[0])
    u = st.tables.faction["Government"].starting.units
    assert sum(st.data.sec["Government"]) == u.security
    assert phase(st) in ("maneuver", "bid")


def test_random_seating_differs_from_faction_order() -> None:
    """[Seating and Play Order] seating is drawn at set-up with seating=random."""
    tables = {tuple(fresh(6, seed=s, seating="random").view(None)["table"]) for s in range(8)}
    assert len(tables) > 1
    st = fresh(3, seating="Government,Shiite,Sunni")
    assert st.view(None)["table"] == ["Government", "Shiite", "Sunni"]


def bid_ready(players: int = 3, **opts: object) -> BaghdadState:
    st = fresh(players, **opts)
    with st.edit():
        clear_hands(st)  # no Political Maneuver window
    assert phase(st) == "bid"
    return st


def test_shiite_bids_first_then_to_the_right() -> None:
    """[Initiative Phase] turn 1: the Shi'ite bids first, then the player to his right."""
    st = fresh(3, seating="Sunni,Shiite,Government")
    with st.edit():
        clear_hands(st)
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
    pp_before = dict(st.view(None)["pp"])
    act(st, "pass")  # Shiite: everyone else passed consecutively -> Sunni wins
    view = st.view(None)
    assert view["initiative"] == "Sunni"
    assert view["card_price"] == 4
    assert view["pp"]["Shiite"] == pp_before["Shiite"] - 2
    assert view["pp"]["Government"] == pp_before["Government"] - 3
    assert view["pp"]["Sunni"] == pp_before["Sunni"] - 4
    assert only(st) == "Sunni" and view["phase"] == "first"


def test_no_bid_first_bidder_wins_free_and_cards_cost_one() -> None:
    """[Initiative Phase; Recruit Step] nobody bids: the first who could bid wins at no cost,
    and Arms Bazaar cards cost 1."""
    st = bid_ready()
    before = dict(st.view(None)["pp"])
    for _ in range(3):
        act(st, "pass")
    view = st.view(None)
    assert view["initiative"] == "Shiite" and view["card_price"] == 1
    assert view["pp"] == before


@pytest.mark.parametrize(("reading", "price"), [("one", 1), ("bid", 0)])
def test_zero_winning_bid_price_reading(reading: str, price: int) -> None:
    """NOTES 4: a winning bid of 0 makes cards cost 1 (default) or 0 (literal reading)."""
    st = bid_ready(zero_bid_price=reading)
    act(st, "bid 0")
    act(st, "pass")
    act(st, "pass")
    view = st.view(None)
    assert view["initiative"] == "Shiite" and view["card_price"] == price


def test_bid_cannot_exceed_pp_held() -> None:
    st = bid_ready()
    pp = st.view(None)["pp"]["Shiite"]
    assert f"bid {pp}" in texts(st) and f"bid {pp + 1}" not in texts(st)
    with pytest.raises(IllegalAction, match="Initiative Phase"):
        st.apply("Shiite", f"bid {pp + 1}")


def test_initiative_winner_names_first_player_and_order_turns_right() -> None:
    """[Initiative Phase] the winner may name anyone First Player; play then passes right."""
    st = bid_ready(4)
    for _ in range(4):
        act(st, "pass")
    act(st, "first Government")
    assert st.view(None)["order"] == ["Government", "US", "Shiite", "Sunni"]


def test_previous_winner_bids_first_next_turn() -> None:
    """[Initiative Phase] from turn 2 the previous winner bids first."""
    st = bid_ready()
    act(st, "pass")
    act(st, "bid 1")  # Sunni
    act(st, "pass")
    act(st, "pass")
    assert st.view(None)["first_bidder"] == "Sunni"


def test_political_maneuver_last_player_wins_and_draws() -> None:
    """[Political Maneuver] Connections + Hearts take the Initiative and draw a card; when
    several do it, the last one keeps it."""
    st = fresh(3)
    with st.edit():
        clear_hands(st)
        give(st, "Shiite", "Tribal Sheikhs", "Friday Sermon")
        give(st, "Sunni", "Black Market", "Humanitarian Aid")
        enter(st, "maneuver", pos=0)
    assert 'maneuver "Friday Sermon" "Tribal Sheikhs"' in texts(st)
    act(st, 'maneuver "Friday Sermon" "Tribal Sheikhs"')
    assert len(hand(st, "Shiite")) == 1  # two played, one drawn
    act(st, 'maneuver "Black Market" "Humanitarian Aid"')
    # Shiite holds one card: it may answer (pass), then everyone has passed since Sunni
    while phase(st) == "maneuver":
        act(st, "pass")
    view = st.view(None)
    assert view["initiative"] == "Sunni"
    assert view["card_price"] == 1 and view["phase"] == "first"


def test_surge_jihad_takes_initiative_and_grants_a_move() -> None:
    """Designer Q&A: Surge/Jihad can win the Initiative (here it also adds a move)."""
    st = fresh(3)
    with st.edit():
        clear_hands(st)
        give(st, "Government", "Surge/Jihad")
        enter(st, "maneuver", pos=0)
    assert only(st) == "Government"
    act(st, 'play "Surge/Jihad"')
    view = st.view(None)
    assert view["initiative"] == "Government" and view["extra_moves"]["Government"] == 1


def test_a_turn_begins_with_the_seating_order_and_lapsed_truces() -> None:
    """[Initiative Phase] each turn starts from the seating again: last turn's order, Truces
    and extra moves lapse, and the turn number advances."""
    st = fresh(3)
    with st.edit() as d:
        d.order = ["Government", "Shiite", "Sunni"]
        d.truces = [("Shiite", "Sunni")]
        d.extra = {"Sunni": 1}
        enter(st, "maneuver", begin=True)
    view = st.view(None)
    assert view["turn"] == 2 and view["order"] == view["table"]
    assert view["truces"] == [] and view["extra_moves"] == {}
