"""The heuristic bot and the partner its victory condition names (NOTES, "Fourth
calibration"): the US counts zones the Government controls, so its bot offers the trailing
Government its Truce and leaves it the zones it must build in."""

from __future__ import annotations

from consim.games.baghdad.bots import HeuristicBot
from consim.games.baghdad.testing import clear_map, fresh, put


def test_partners_come_from_the_victory_condition() -> None:
    st = fresh(players=5)
    game = st.game
    assert HeuristicBot(game, "US", 0).partners == {"Government"}
    assert "mansour" in HeuristicBot(game, "US", 0).partner_infra
    for seat in ("Shiite", "Sunni", "Government", "Jihadist"):
        bot = HeuristicBot(game, seat, 0)
        assert bot.partners == set() and bot.partner_infra == set()


def test_the_us_offers_its_truce_to_a_trailing_government_only() -> None:
    st = fresh(players=4)
    bot = HeuristicBot(st.game, "US", 0)
    st.data.pp.update({"Shiite": 5, "Sunni": 5, "Government": 10, "US": 40})
    assert bot._truce_partner(st.view("US")) == "Government"
    # the Government ahead of the US: the weakest neighbour instead, as for any faction
    st.data.pp.update({"Government": 90})
    assert bot._truce_partner(st.view("US")) != "Government"


def test_the_us_leaves_the_governments_seam_zones_to_it() -> None:
    st = fresh(players=4)
    clear_map(st)
    put(st, "US", "green_zone", sec=2)
    us = HeuristicBot(st.game, "US", 0)
    alone = us._zone_worth(st.view("US"), "rusafa")
    put(st, "Government", "karrada", sec=1)  # next to Rusafa
    near = us._zone_worth(st.view("US"), "rusafa")
    assert near < alone
    assert near == st.view("US")["zones"]["rusafa"]["pp"] + 1.0
    # where the US has built already, the zone stays its own goal
    put(st, "US", "rusafa", sec=1, inf=1)
    assert us._zone_worth(st.view("US"), "rusafa") == alone
    # New Baghdad is on the US list only: the Government next door changes nothing
    put(st, "Government", "zayouna", sec=1)
    st_view = st.view("US")
    assert "new_baghdad" not in us.partner_infra
    assert us._zone_worth(st_view, "new_baghdad") > st_view["zones"]["new_baghdad"]["pp"] + 1.0
