"""The heuristic bot against a rival near victory, and the deals it takes (issue 29): it turns
on a rival that meets its condition ("MET NOW"), and judges an offer by what it gives and whom
it helps. Each test also plays the bot as it was (``defend = False``) to show the difference."""

from __future__ import annotations

import pytest

from consim.core.action import Action
from consim.games.baghdad.bots import HeuristicBot
from consim.games.baghdad.state import BaghdadState

from .conftest import act, clear_hands, clear_map, enter, fresh, give, only, put, units

ORDER3 = ["Sunni", "Government", "Shiite"]


def bot(st: BaghdadState, seat: str, defend: bool = True) -> HeuristicBot:
    b = HeuristicBot(st.game, seat, 0)
    b.defend = defend
    return b


def choose(st: BaghdadState, b: HeuristicBot) -> Action:
    return b.choose(st.view(b.seat), st.legal_actions(b.seat))


def shiites_met_now(st: BaghdadState) -> None:
    """[Victory Conditions] the Shi'ites hold Sadr City and have built Shaab, Zayouna and New
    Baghdad, holding each: their special condition is met ("MET NOW" on the board)."""
    clear_map(st)
    put(st, "Shiite", "sadr_city", sec=3)
    put(st, "Shiite", "shaab", sec=2, inf=1)
    put(st, "Shiite", "zayouna", sec=1, inf=1)
    put(st, "Shiite", "new_baghdad", sec=1, inf=1)


def test_a_gift_from_the_leader_is_accepted() -> None:
    """[Coalition Phase] 3 PP for nothing from a faction far ahead: the bot takes them (the
    old bot refused every offer of a leader 15 victory PP ahead of it, gifts too)."""
    st = fresh(4)
    with st.edit():
        st.data.pp.update({"Shiite": 80, "Sunni": 10, "Government": 10, "US": 10})
        enter(st, "coalition", ["Shiite", "Sunni", "Government", "US"])
    for text in ("offer Sunni", "give-pp 3", "send"):
        act(st, text)
    assert only(st) == "Sunni"
    assert choose(st, bot(st, "Sunni")) == Action("accept")
    assert choose(st, bot(st, "Sunni", defend=False)) == Action("decline")


@pytest.mark.parametrize("sender", ["Shiite", "Government"])
def test_a_deal_that_pays_a_rival_near_victory_is_refused(sender: str) -> None:
    """[Coalition Phase] a Truce with a promise not to attack, for 2 PP: fair from a rival far
    from victory, refused from one that meets its condition now (the Truce would let it
    through our zones, the PP count for it)."""
    st = fresh(3)
    with st.edit():
        clear_hands(st)
        shiites_met_now(st)
        put(st, "Sunni", "adhamiyah", sec=2)
        put(st, "Government", "kadhimiya", sec=2)  # next to Adhamiyah: its promise protects
        st.data.pp.update({"Shiite": 10, "Sunni": 10, "Government": 10})
        enter(st, "coalition", [sender, *[f for f in ORDER3 if f != sender]])
    assert st.view("Sunni")["goals"]["Shiite"]["met"]
    for text in ("offer Sunni", "truce", "promise no-attack", "ask-pp 2", "send"):
        act(st, text)
    want = Action("decline") if sender == "Shiite" else Action("accept")
    assert choose(st, bot(st, "Sunni")) == want
    assert choose(st, bot(st, "Sunni", defend=False)) == Action("decline")  # the old bot: PP asked


def test_a_rival_that_meets_its_condition_is_attacked_where_it_counts() -> None:
    """[Move Step; Victory Conditions] with the Shi'ites MET NOW, the Sunni move their stack
    into a zone the Shi'ite condition counts, though the battle is close (the old bot, seeing
    no sure win, went elsewhere)."""
    st = fresh(3)
    with st.edit():
        clear_hands(st)
        shiites_met_now(st)
        put(st, "Sunni", "adhamiyah", sec=4)
        put(st, "Government", "karrada", sec=1)
        st.data.pp.update({"Shiite": 0, "Sunni": 0, "Government": 0})
        enter(st, "action", ORDER3)
    counted = ("sadr_city", "shaab", "zayouna", "new_baghdad")

    def stands_in_counted_zone(defend: bool) -> bool:
        """After the Sunni Action Phase, Sunni units stand in a zone the condition counts."""
        trial = st.clone()
        assert isinstance(trial, BaghdadState)
        b = bot(trial, "Sunni", defend)
        while only(trial) == "Sunni":
            trial.apply("Sunni", choose(trial, b))
        return any(units(trial, "Sunni", z)[0] for z in counted)

    assert stands_in_counted_zone(True)
    assert not stands_in_counted_zone(False)


def test_everything_is_committed_against_a_rival_that_meets_its_condition() -> None:
    """[Operational Plans] a battle for a zone of the condition of a rival one zone short of
    victory (Shaab: won back, the Shi'ites meet it): the bot commits all its strength there
    (the old bot committed just enough to win, as it reckoned)."""
    commits = {}
    for defend in (True, False):
        st = fresh(3)
        with st.edit():
            clear_hands(st)
            shiites_met_now(st)
            put(st, "Sunni", "shaab", sec=6)
            enter(st, "combat", ORDER3)
        bots = {f: bot(st, f, defend) for f in ORDER3}
        while True:
            seat = st.to_act()[0]
            actions = st.legal_actions(seat)
            if seat == "Sunni" and any(a.verb == "commit" for a in actions):
                commits[defend] = choose(st, bots["Sunni"])
                assert max(int(a.args[0]) for a in actions if a.verb == "commit") == 6
                break
            st.apply(seat, bots[seat].choose(st.view(seat), actions))
    assert commits[True] == Action("commit", ("6",))
    assert commits[False] != Action("commit", ("6",))


def test_the_rival_near_victory_is_named_first_player() -> None:
    """[Initiative Phase] so that everyone else moves after it and answers what it did."""
    st = fresh(3)
    with st.edit():
        shiites_met_now(st)
    view = st.view("Sunni")
    actions = [Action("first", (f,)) for f in ORDER3]
    by = {"first": actions}
    assert bot(st, "Sunni")._first(view, actions, by) == Action("first", ("Shiite",))
    assert bot(st, "Sunni", defend=False)._first(view, actions, by) == Action("first", ("Sunni",))


def test_a_car_bomb_goes_where_the_rival_near_victory_counts() -> None:
    """[Move Step; Car Bomb] the bot plays it first thing in its Move step, whatever its
    dice, on the Shi'ites, in a zone their condition counts, and removes what breaks it
    (their Infrastructure there); the old bot played it at random, after its moves or not."""

    def move_step(seed: int, defend: bool) -> tuple[list[str], bool]:
        st = fresh(3)
        with st.edit():
            clear_hands(st)
            shiites_met_now(st)
            put(st, "Sunni", "ghazaliya", sec=1)
            give(st, "Sunni", "Car Bomb")
            st.data.pp.update({"Shiite": 0, "Sunni": 0, "Government": 0})
            enter(st, "action", ORDER3)
        b = HeuristicBot(st.game, "Sunni", seed)
        b.defend = defend
        played: list[Action] = []
        while only(st) == "Sunni" and len(played) < 8 and not any(a.verb == "remove" for a in played):
            played.append(choose(st, b))
            st.apply("Sunni", played[-1])
        return [a.text for a in played], st.view("Sunni")["goals"]["Shiite"]["met"]

    for seed in range(5):
        texts, met = move_step(seed, True)
        assert texts[:3] == ["done", 'play "Car Bomb"', "target Shiite"], texts
        assert texts[3] in ("in Shaab", "in Zayouna", 'in "New Baghdad"') and not met
    assert any(move_step(seed, False)[0][1] != 'play "Car Bomb"' for seed in range(5))


def test_the_truce_goes_to_a_faction_that_can_stand_against_the_rival_near_victory() -> None:
    """[Coalition Phase] the Shi'ites one zone short of their condition: the Sunni offer their
    Truce to the US, who stand by the zones that condition counts, and neither to the Shi'ites
    nor to the weaker Government far from them (the old bot: the weakest neighbour)."""
    st = fresh(4)
    with st.edit():
        shiites_met_now(st)
        put(st, "Shiite", "new_baghdad", sec=0, inf=-1)  # two built: one short
        put(st, "Sunni", "adhamiyah", sec=2)
        put(st, "Sunni", "medical_city", sec=1)
        put(st, "Government", "kadhimiya", sec=1)
        put(st, "US", "rusafa", sec=1)
        st.data.pp.update({"Shiite": 5, "Sunni": 20, "Government": 0, "US": 30})
    view = st.view("Sunni")
    assert view["goals"]["Shiite"]["parts"][1]["have"] == 2 and not view["goals"]["Shiite"]["met"]
    assert bot(st, "Sunni")._truce_partner(view) == "US"
    assert bot(st, "Sunni", defend=False)._truce_partner(view) == "Government"
