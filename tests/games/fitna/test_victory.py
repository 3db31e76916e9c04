"""How to win (31.0-31.1): a scenario's prerequisites and minor, major and decisive levels,
several winners or none, and the Victory Points method with its bonuses, as an option."""

from __future__ import annotations

from consim.games.fitna.game import FitnaGame
from consim.games.fitna.rules.common import POOL, set_control
from consim.games.fitna.rules.victory import LEVELS, judge, level_progress, scenario_levels, victory_points
from consim.games.fitna.testing import control
from tests.games.fitna.conftest import position, region_game, syria_game


def test_space_values() -> None:
    """[31.1] Karbala and Najaf 4, objectives 3 (Mosul, objective and oilfield, 3), oilfields
    2, any other space 1."""
    t = region_game().tables
    vp = {t.space_name[s]: t.space_vp[s] for s in range(t.n_spaces)}
    assert vp["Karbala"] == vp["Najaf"] == 4
    assert vp["Mosul"] == 3 and vp["Baghdad"] == 3
    assert vp["Baiji"] == 2 and vp["Tal Afar"] == 1


def test_scenario_levels_with_prerequisites() -> None:
    """[31.0] The prerequisites first; then the highest level whose conditions all hold."""
    st = position(region_game(), {}, edit=lambda d, st: control(d, st, "Turkey", ["Baghdad"]))
    assert scenario_levels(st)["Iraq"] == "none"  # Baghdad lost: no victory at all
    st = position(region_game(), {})
    assert scenario_levels(st)["Iraq"] == "decisive"  # all 35 Iraqi spaces
    lost = ["Basra", "Amara", "Kut", "Hillah", "Nasiriyah", "Najaf"]
    st = position(region_game(), {}, edit=lambda d, st: control(d, st, "Turkey", lost))
    assert scenario_levels(st)["Iraq"] == "major"  # Mosul and Kirkuk, 29 spaces
    st = position(region_game(), {}, edit=lambda d, st: control(d, st, "Turkey", [*lost, "Kirkuk"]))
    assert scenario_levels(st)["Iraq"] == "minor"


def test_deny_hold_units_and_vp_margin_conditions() -> None:
    """[31.0] The other kinds of condition: a space held by nobody named, units on the map,
    a lead in Victory Points."""
    st = position(region_game(), {"4 Cps": "Kilis", "66 Mech Bde": "Hatay"})
    assert scenario_levels(st)["Turkey"] == "minor"  # Aleppo not IS's; only 2 Turkish units
    st = position(region_game(), {"4 Cps": "Kilis", "66 Mech Bde": "Hatay", "SF Bde": "Mardin"})
    assert scenario_levels(st)["Turkey"] == "major"
    st = position(region_game(), {}, edit=lambda d, st: control(d, st, "IS", ["Aleppo"]))
    assert scenario_levels(st)["Turkey"] == "none"


def test_everybody_may_lose_and_several_may_win() -> None:
    """[29.0, 31.0] The logic is not zero-sum."""
    st = position(region_game(), {}, edit=lambda d, st: control(d, st, "IS", ["Aleppo", "Baghdad"]))
    out = judge(st)
    assert out["winners"] == [] and out["sentence"] == "Nobody wins."
    st = position(region_game(), {"4 Cps": "Kilis"})
    out = judge(st)
    assert out["winners"] == ["Iraq", "Turkey"]


def test_victory_points_own_country_and_non_player_spaces() -> None:
    """[31.1] The main area only; not the player's own country (except Syria and Iraq);
    spaces held by IS or the Kurds count for nobody."""
    st = position(region_game(), {})
    t = st.tables
    iraq, syria = t.seat_index["Iraq"], t.seat_index["Syria"]
    syria_total = sum(
        t.space_vp[s] for s in range(t.n_spaces) if t.space_country[s] == t.country_index["syria"]
    )
    iraq_total = sum(
        t.space_vp[s] for s in range(t.n_spaces) if t.space_country[s] == t.country_index["iraq"]
    )
    assert victory_points(st, iraq)[0] == iraq_total  # Iraq counts its own country
    assert victory_points(st, t.seat_index["Iran"])[0] == sum(
        t.space_vp[s] for s in range(t.n_spaces) if t.space_country[s] == t.country_index["lebanon"]
    )  # Lebanon is in the main area; Iran's own spaces count nothing
    saudi = t.seat_index["Saudi Arabia"]
    assert victory_points(st, saudi)[0] == 0  # Kuwait is its own country
    st2 = position(region_game(), {}, edit=lambda d, st: control(d, st, "IS", ["Mosul"]))
    assert victory_points(st2, iraq)[0] == iraq_total - 3
    assert victory_points(st, syria)[0] == syria_total  # Syria counts its own country too
    st3 = position(region_game(vp_own_country="counted"), {})
    assert victory_points(st3, saudi)[0] > 0  # first edition: every controlled space counts


def test_iranian_and_saudi_bonuses() -> None:
    """[31.1] +10 for an Iranian line of supplied spaces from Iran to the Mediterranean, and for
    a Saudi line from Saudi Arabia to Turkey."""
    corridor = [
        "Qasr-e Shirin",
        "Khanaqin",
        "Baqubah",
        "Baghdad",
        "Fallujah",
        "Ramadi",
        "Haditha",
        "Al-Qaim",
        "Abu Kamal",
        "Al-Mayadin",
        "Deir ez-Zor",
        "Palmyra",
        "Homs",
        "Tartus",
    ]
    st = position(region_game(), {}, edit=lambda d, st: control(d, st, "Iran", corridor))
    t = st.tables
    _total, notes = victory_points(st, t.seat_index["Iran"])
    assert "Iranian bonus +10" in notes
    st = position(region_game(), {}, edit=lambda d, st: control(d, st, "Iran", corridor[:-2]))
    assert "Iranian bonus +10" not in victory_points(st, t.seat_index["Iran"])[1]


def test_the_points_option_judges_by_the_lead() -> None:
    """[31.1] Minor 5, major 10, decisive 15 more VPs than every other player; else a
    stalemate."""
    game = region_game(victory="points")
    syrian = [
        game.tables.space_name[s]
        for s in range(game.tables.n_spaces)
        if game.tables.space_country[s] == game.tables.country_index["syria"]
    ]
    st = position(game, {}, edit=lambda d, st: control(d, st, "IS", syrian))
    out = judge(st)
    assert out["unit"] == "VP" and out["vp"]["Syria"] == 0
    assert out["levels"]["Iraq"] == "decisive" and out["winners"] == ["Iraq"]
    for seat, vp in out["vp"].items():
        lead = min(vp - v for s, v in out["vp"].items() if s != seat)
        want = "decisive" if lead >= 15 else "major" if lead >= 10 else "minor" if lead >= 5 else "none"
        assert out["levels"][seat] == want


def test_outcome_of_a_finished_game() -> None:
    """The Outcome: per-seat scores (levels 0-3), winners, level, turns, details."""
    import random

    st = FitnaGame(scenario=1).new_game(11)
    rng = random.Random(11)
    while not st.is_over():
        seat = st.to_act()[0]
        acts = st.legal_actions(seat)
        st.apply(seat, acts[rng.randrange(len(acts))])
    out = st.outcome()
    assert out is not None and out.turns == 6 and out.unit == "victory level"
    assert set(out.details["levels"]) == {"Syria", "Rebels"}
    for seat, level in out.details["levels"].items():
        assert out.scores[seat] == ("none", "minor", "major", "decisive").index(level)
    assert set(out.winners) == {s for s, lv in out.details["levels"].items() if lv != "none"}


def test_victory_points_follow_a_change_of_control_within_a_step() -> None:
    """[31.1] A space taken in the middle of a step (a battle won, and then the victory
    conditions judged) counts at once: the points and the Iranian line are read again, not
    kept from before."""
    corridor = ["Qasr-e Shirin", "Khanaqin", "Baqubah", "Baghdad", "Fallujah", "Ramadi", "Haditha"]
    corridor += ["Al-Qaim", "Abu Kamal", "Al-Mayadin", "Deir ez-Zor", "Palmyra", "Homs", "Tartus"]
    st = position(region_game(), {}, edit=lambda d, st: control(d, st, "Iran", corridor))
    t = st.tables
    iran = t.seat_index["Iran"]
    before, notes = victory_points(st, iran)
    assert "Iranian bonus +10" in notes
    set_control(st, t.space_by_name["Palmyra"], t.seat_index["Syria"])
    after, notes = victory_points(st, iran)
    assert "Iranian bonus +10" not in notes
    assert after == before - 10 - t.space_vp[t.space_by_name["Palmyra"]]
    cut = [s for s in corridor if s != "Palmyra"]
    fresh = position(region_game(), {}, edit=lambda d, st: control(d, st, "Iran", cut))
    assert victory_points(fresh, iran) == (after, notes)


def test_the_victory_a_view_shows_follows_the_position() -> None:
    """[31.0] The victory tables in a view are worked out again as soon as what they read
    changes (a counted unit leaving the map, a space changing hands), and two views never
    share them: changing one leaves the other as it was."""
    st = position(region_game(), {"4 Cps": "Kilis", "66 Mech Bde": "Hatay", "SF Bde": "Mardin"})
    t = st.tables

    def turkey(view: dict[str, object]) -> object:
        return view["victory"]["seats"]["Turkey"]["level"]  # type: ignore[index]

    first = st.view("Turkey")
    assert turkey(first) == "major"  # three Turkish units on the map
    st.set_unit(t.unit_label.index("SF Bde"), at=t.n_spaces + POOL)
    assert turkey(st.view("Turkey")) == "minor"  # two
    set_control(st, t.space_by_name["Aleppo"], t.IS)
    assert turkey(st.view("Iraq")) == "none"  # Aleppo is IS's
    set_control(st, t.space_by_name["Aleppo"], t.seat_index["Syria"])
    st.set_unit(t.unit_label.index("SF Bde"), at=t.space_by_name["Mardin"])
    again = st.view("Turkey")
    assert again["victory"] == first["victory"]
    again["victory"]["seats"]["Turkey"]["level"] = "decisive"  # type: ignore[index]
    again["victory"]["seats"]["Turkey"]["minor"].clear()  # type: ignore[index]
    assert st.view("Turkey")["victory"] == first["victory"] and turkey(first) == "major"


def test_progress_toward_the_next_level() -> None:
    """[31.0] Between the levels, how far a seat has come toward the next one: the mean share
    of that level's conditions (with the prerequisites while they fail), never a whole
    level, nothing at the decisive level; the standing carries it for a search."""
    t = region_game().tables
    lost = ["Basra", "Amara", "Kut", "Hillah", "Nasiriyah", "Najaf"]
    st = position(region_game(), {}, edit=lambda d, st: control(d, st, "Turkey", lost))
    assert scenario_levels(st)["Iraq"] == "major"
    assert level_progress(st)["Iraq"] == 29 / 30  # 29 of the 30 Iraqi spaces for decisive
    st = position(region_game(), {}, edit=lambda d, st: control(d, st, "Turkey", ["Baghdad"]))
    assert level_progress(st)["Iraq"] == 0.5  # Mosul held for minor, Baghdad lost
    st = position(region_game(), {})
    assert scenario_levels(st)["Iraq"] == "decisive" and level_progress(st)["Iraq"] == 0.0
    # Turkey: the minor level; two of the three Turkish units the major one asks for
    st = position(region_game(), {"4 Cps": "Kilis", "66 Mech Bde": "Hatay"})
    assert scenario_levels(st)["Turkey"] == "minor" and level_progress(st)["Turkey"] == 2 / 3
    # the major level: the share of the lead of 60 VP the decisive one asks for (Turkey holds
    # Syria, 59 VP, IS holds Iraq; Iran's Lebanon, 9 VP, comes next: a lead of 50)
    syria = [t.space_name[s] for s in range(t.n_spaces) if t.space_country[s] == t.country_index["syria"]]
    iraq = [t.space_name[s] for s in range(t.n_spaces) if t.space_country[s] == t.country_index["iraq"]]

    def split(d, st) -> None:  # type: ignore[no-untyped-def]
        control(d, st, "Turkey", syria)
        control(d, st, "IS", iraq)

    units = {"4 Cps": "Kilis", "66 Mech Bde": "Hatay", "SF Bde": "Mardin"}
    st = position(region_game(), units, edit=split)
    turkey = t.seat_index["Turkey"]
    mine = victory_points(st, turkey)[0]
    lead = min(mine - victory_points(st, i)[0] for i in range(len(t.seats)) if i != turkey)
    assert scenario_levels(st)["Turkey"] == "major" and lead == 50
    assert level_progress(st)["Turkey"] == 50 / 60
    # a denial: Aleppo held by IS leaves Turkey no share of its minor level
    st = position(region_game(), {}, edit=lambda d, st: control(d, st, "IS", ["Aleppo"]))
    assert level_progress(st)["Turkey"] == 0.0
    standing = st.standing()
    assert standing is not None and standing.progress == level_progress(st)
    assert standing.scores == {s: float(LEVELS.index(v)) for s, v in scenario_levels(st).items()}


def test_progress_of_a_seat_without_prerequisites_and_none_with_points() -> None:
    """[31.0, 31.1] A seat with no prerequisites counts only the next level's conditions; the
    ``points`` option's Victory Points need no progress."""
    syrian = ["Aleppo", "Homs", "Hama", "Idlib", "Damascus"]
    st = position(syria_game(), {}, edit=lambda d, st: control(d, st, "Rebels", syrian[:2]))
    assert scenario_levels(st)["Rebels"] == "minor"
    assert level_progress(st)["Rebels"] == 2 / 3  # two of the three cities for major
    st = position(region_game(victory="points"), {})
    assert level_progress(st) == {}
    standing = st.standing()
    assert standing is not None and standing.progress == {}
