"""Hidden information (30.0, 25.1, 29.0): what each seat's view shows, and that nothing it
shows depends on what the seat cannot know (``testing.perturb``)."""

from __future__ import annotations

import random

import pytest

from consim.bots.base import decide, make_bot
from consim.core.rng import Rng
from consim.games.fitna.game import FitnaGame
from consim.games.fitna.rules.common import UNUSED
from consim.games.fitna.state import FitnaState, Unit
from consim.games.fitna.testing import offensives, perturb
from tests.depth import depth
from tests.games.fitna.conftest import play, position, region_game, scenarios, syria_game


def no_jokers(d, st) -> None:  # type: ignore[no-untyped-def]
    d.jokers = dict.fromkeys(st.tables.seats, 0)


def stack(st: FitnaState, seat: str | None, space: str) -> dict:  # type: ignore[type-arg]
    view = st.view(seat)
    return next(s for s in view["spaces"] if s["name"] == space)["stack"]


def test_hands_are_private() -> None:
    st = FitnaGame(scenario=1).new_game(2)
    play(st, 'take "2 Assets, 2 Events"')
    assert len(st.view("Rebels")["hand"]) == 4
    assert "hand" not in st.view(None)
    assert st.view("Syria")["hand_sizes"]["Rebels"] == 4 and st.view("Syria")["hand"] == []
    private = [e for e in st.log if e.audience is not None]
    assert private and all(e.audience == frozenset({"Rebels"}) for e in private)


def test_enemy_stacks_show_their_size_and_forces_until_attacked() -> None:
    """[30.0] An enemy stack shows its side, how many units of which forces and how many are
    isolated; its composition once the seat has attacked it, until the stack changes."""
    st = position(
        region_game(),
        {"1 Mech Div": "Mosul", "66 Mech Bde": "Tal Afar", "1 Cdo Bde": "Tal Afar"},
        edit=no_jokers,
        frames=lambda st: offensives(st, "Iraq", 2),
        dice=[1],
    )
    seen = stack(st, "Iraq", "Tal Afar")
    assert seen == {"side": "Turkey", "count": 2, "forces": {"Turkey": 2}, "isolated": 0}
    assert [u["name"] for u in stack(st, "Turkey", "Tal Afar")["units"]] == ["66 Mech Bde", "1 Cdo Bde"]
    play(st, "attack_from Mosul", 'add "1 Mech Div"', "attack", 'target "Tal Afar"', "done", "done")
    play(st, 'lose "1 Mech Div"')  # 6 against 7, die 1: AR
    assert [u["name"] for u in stack(st, "Iraq", "Tal Afar")["units"]] == ["66 Mech Bde", "1 Cdo Bde"]
    assert "units" not in stack(st, "Israel", "Tal Afar")  # only the attacker has seen it
    assert "units" not in stack(st, None, "Tal Afar")


def test_is_counters_stay_face_down() -> None:
    """[25.1] IS counters are face down for everyone."""
    st = position(region_game(), {"Wilayat Ninawa": "Tal Afar", "1 Mech Div": "Mosul"}, edit=no_jokers)
    with st.edit() as d:
        d.known[st.tables.space_by_name["Tal Afar"]] = 0b111111
    assert stack(st, "Iraq", "Tal Afar")["units"] == [{"name": "IS counter", "face_down": True}]


def test_perturbation_changes_hidden_things_only() -> None:
    """The leak check's tool re-deals other hands and unseen enemy stacks; every view stays
    the same."""
    game = FitnaGame(scenario=1)
    rng = random.Random(3)
    st = game.new_game(3)
    checked = 0
    prng = Rng(7)
    while not st.is_over() and checked < 60:
        seat = st.to_act()[0]
        acts = st.legal_actions(seat)
        st.apply(seat, acts[rng.randrange(len(acts))])
        if rng.random() < 0.2:
            for who in (None, *game.seats):
                other, _ = perturb(st, who, prng, True)
                assert other.view(who) == st.view(who)
                checked += 1
    assert checked >= 30
    other, _ = perturb(st, "Syria", Rng(1), True)
    assert isinstance(other, FitnaState)
    assert other.data.hands["Syria"] == st.data.hands["Syria"]
    assert other.data.asset_pile != st.data.asset_pile


def test_exchanged_cards_are_seen_by_the_two_parties_only() -> None:
    """[29.0]"""
    from consim.games.fitna.rules.events import EventsSegment
    from consim.games.fitna.testing import in_segment

    st = position(
        region_game(),
        {},
        hands={"Iraq": ["Peace Talks"], "Turkey": ["Arms Deliveries"]},
        edit=no_jokers,
        frames=lambda st: in_segment(st, "Iraq", [EventsSegment(seat="Iraq")], step="supply"),
    )
    play(st, "exchange Turkey", 'give "Peace Talks"')
    assert st.view("Turkey")["exchange"]["offered"] == "Peace Talks"
    assert "offered" not in st.view("Syria")["exchange"]


def test_a_coup_split_space_names_no_enemy_unit_to_the_side_that_shares_it() -> None:
    """[23.2, 30.0] A coup leaves rebels and loyalists on one space until the losers withdraw;
    the regime's own units there must not uncover the rebels standing beside them (scenario 2,
    the leak the conformance suite found: Syria saw which rebel brigade had defected)."""
    st = FitnaGame(scenario=2).new_game(0)
    t = st.tables
    homs = t.space_by_name["Homs"]
    with st.edit() as d:
        d.units[t.unit_by_label["Tawhid Bde"]] = Unit(at=homs)
    for seat in ("Syria", "Rebels", "Iraq"):
        seen = stack(st, seat, "Homs")
        assert "units" not in seen
        assert seen["forces"] == {"Syria": 2, "Free Syrian Army": 1}
    with st.edit() as d:
        d.units[t.unit_by_label["Tawhid Bde"]] = Unit(at=t.n_spaces + UNUSED)
    assert len(stack(st, "Syria", "Homs")["units"]) == 2  # alone again, its own stack


def test_a_hand_shown_by_spy_ring_stays_known_to_the_spy() -> None:
    """A hand Spy Ring has shown (the spy chooses the card to take from it) is known to the
    spy, and only to him: his determinizations keep it, so his choices stay legal in them; a
    third player's re-deal it like any hand he has not seen."""
    from consim.games.fitna.rules.events import EventsSegment
    from consim.games.fitna.testing import in_segment

    cards = ["Peace Talks", "Arms Deliveries", "Terror Attack", "Armed Drones", "Ballistic Missiles"]
    st = position(
        region_game(),
        {},
        hands={"Iraq": ["Spy Ring"], "Turkey": cards},
        edit=lambda d, st: d.jokers.update(dict.fromkeys(st.tables.seats, 0)),
        frames=lambda st: in_segment(st, "Iraq", [EventsSegment(seat="Iraq")], step="supply"),
    )
    play(st, 'play "Spy Ring"', "name Turkey")
    assert st.to_act() == ("Iraq",)
    legal = st.legal_actions("Iraq")
    assert len(legal) == len(cards)
    hand = sorted(st.data.hands["Turkey"])
    for k in range(20):
        det = st.determinize("Iraq", Rng(k))
        assert det.legal_actions("Iraq") == legal
        assert sorted(det.data.hands["Turkey"]) == hand  # type: ignore[attr-defined]
    # Israel has not seen it: its deals differ from the real hand
    assert any(
        sorted(st.determinize("Israel", Rng(k)).data.hands["Turkey"]) != hand  # type: ignore[attr-defined]
        for k in range(20)
    )


@pytest.mark.parametrize("scenario", scenarios(range(1, 12)))
def test_a_seat_s_choices_never_depend_on_what_it_cannot_see(scenario: int) -> None:
    """[30.0] At every decision with a choice in a game of heuristic bots, a re-deal of all the
    seat to act cannot know offers it the same choices: what it is offered tells it nothing
    hidden, and a searching bot's move is legal in every deal it tries. A net for the kind of
    fault Spy Ring's shown hand and #54 Defections' spaces had (their own tests: above, and
    ``test_upheavals``), whichever decisions these games happen to reach."""
    game = FitnaGame(scenario=scenario)
    state = game.new_game(0)
    state.keep_undo = False
    bots = {s: make_bot(game, "heuristic", s, i) for i, s in enumerate(game.seats)}
    checked = asked = 0
    # every other decision with a choice (every fourth in the scenarios after the first, whose
    # games are long); all of them under CONSIM_TESTS=thorough
    every = depth(2 if scenario == 1 else 4, 1)
    while state.to_act():
        seat = state.to_act()[0]
        legal = state.legal_actions(seat)
        if len(legal) > 1:
            asked += 1
            if asked % every == 0:
                deal = state.determinize(seat, Rng(checked))
                assert deal.legal_actions(seat) == legal, f"{seat}, {state.prompt(seat).text}"
                checked += 1
        state.apply(seat, decide(bots[seat], state, seat, legal))
    assert checked > 100 // every


# =============================================================================================
# [30.0] What a seat discovered stays known while it can follow the changes
# =============================================================================================


def names_on(st: FitnaState, seat: str | None, space: str) -> list[str] | None:
    """The units ``seat`` sees on ``space`` one by one (None: only their forces)."""
    found = stack(st, seat, space).get("units")
    return None if found is None else [u["name"] for u in found]


def test_a_stack_revealed_by_armed_drones_stays_known_through_the_loss_they_inflict() -> None:
    """[30.0, 18.5] Armed Drones show Iraq the stack on Hatay, then strike it: Iraq sees which
    unit its owner chose to lose, and still knows the stack (before, the loss it had inflicted
    itself made it forget the stack at once). The others still see only its forces."""
    from consim.games.fitna.rules.events import EventsSegment
    from consim.games.fitna.testing import in_segment

    st = position(
        region_game(),
        {"1 Mech Div": "Mosul", "66 Mech Bde": "Hatay", "1 Cdo Bde": "Hatay"},
        hands={"Iraq": ["Armed Drones"]},
        edit=no_jokers,
        frames=lambda st: in_segment(st, "Iraq", [EventsSegment(seat="Iraq")], step="supply"),
    )
    play(st, 'play "Armed Drones"', "reveal Hatay", "pass", "strike Hatay", 'lose "1 Cdo Bde"')
    seen = stack(st, "Iraq", "Hatay")["units"]
    assert [(u["name"], u["reduced"]) for u in seen] == [("66 Mech Bde", False), ("1 Cdo Bde", True)]
    assert "1 Cdo Bde is reduced." in [e.text for e in st.visible_log("Iraq")]
    assert names_on(st, "Israel", "Hatay") is None and names_on(st, None, "Hatay") is None


def test_a_stack_seen_in_an_offensive_stays_known_while_its_changes_can_be_followed() -> None:
    """[30.0] The rebels attacked Homs and saw two Syrian divisions and a Hezbollah brigade.
    The Hezbollah unit leaving is the one of its force there: they still know both stacks.
    One of the two divisions leaving could be either: they know neither Homs nor where it
    went any more, while the Hezbollah stack they followed stays known."""
    from consim.games.fitna.rules.movement import Movement
    from consim.games.fitna.testing import in_segment

    syrians = {"5 Mech Div": "Homs", "7 Mech Div": "Homs", "Hezb Nasr": "Homs"}
    st = position(
        syria_game(),
        {**syrians, "13 Div": "Hama"},
        edit=no_jokers,
        frames=lambda st: offensives(st, "Rebels", 1),
        dice=[1],
    )
    play(st, "attack_from Hama", 'add "13 Div"', "attack", "target Homs", "done", "done")  # 4 against 17: AR*
    assert names_on(st, "Rebels", "Homs") == ["5 Mech Div", "7 Mech Div", "Hezb Nasr"]
    with st.edit():
        in_segment(st, "Syria", [Movement(seat="Syria", left=2)])
    play(st, 'move "Hezb Nasr"', "to Qusayr", "stop")
    assert names_on(st, "Rebels", "Homs") == ["5 Mech Div", "7 Mech Div"]
    assert names_on(st, "Rebels", "Qusayr") == ["Hezb Nasr"]
    play(st, 'move "7 Mech Div"', "to Palmyra", "stop")
    assert names_on(st, "Rebels", "Homs") is None and names_on(st, "Rebels", "Palmyra") is None
    assert names_on(st, "Rebels", "Qusayr") == ["Hezb Nasr"]


@pytest.mark.parametrize(("reduced", "kept"), [(("5 Mech Div",), True), (("5 Mech Div", "Hezb Nasr"), False)])
def test_a_restored_unit_keeps_its_stack_known_only_if_it_was_the_only_reduced_one(
    reduced: tuple[str, ...], kept: bool
) -> None:
    """[15.0, 30.0] Syria restores a reduced unit of a stack the rebels have seen; the log tells
    them only "a unit on Homs". With one reduced unit there they know which it was, with two
    they do not, and no longer know the stack."""
    from consim.games.fitna.rules.cards import Reinforce
    from consim.games.fitna.testing import in_segment

    def edit(d, st) -> None:  # type: ignore[no-untyped-def]
        no_jokers(d, st)
        d.known[st.tables.space_by_name["Homs"]] = 1 << st.tables.seat_index["Rebels"]
        in_segment(st, "Syria", [Reinforce(seat="Syria", stage="choose")])

    st = position(
        syria_game(),
        {"5 Mech Div": "Homs", "7 Mech Div": "Homs", "Hezb Nasr": "Homs"},
        reduced=reduced,
        edit=edit,
    )
    play(st, "replacements", 'restore "5 Mech Div"', "done")
    assert "Syria restores a unit on Homs to full strength." in [e.text for e in st.visible_log("Rebels")]
    seen = stack(st, "Rebels", "Homs").get("units")
    if kept:
        assert seen is not None and not any(u["reduced"] for u in seen)
    else:
        assert seen is None


@pytest.mark.parametrize("scenario", scenarios(range(1, 12)))
def test_nothing_a_seat_is_shown_over_the_next_actions_depends_on_what_it_cannot_know(scenario: int) -> None:
    """[30.0, 25.1] Positions of a game of heuristic bots, each perturbed for every seat (and a
    spectator): over the next 25 actions the seat's view, the log lines it reads, who is to
    act and its own choices are the same as in the original (``follow_twins``). This is the
    check that found a move ending at once when its last movement point was spent."""
    from tests.conformance.hidden import follow_twins

    game = FitnaGame(scenario=scenario)
    state = game.new_game(1)
    state.keep_undo = False
    bots = {s: make_bot(game, "heuristic", s, i) for i, s in enumerate(game.seats)}
    every = 15 * max(1, len(game.seats) * game.tables.scenario.turns // 12)
    rng = Rng(scenario)
    compared = decisions = 0
    while state.to_act():
        seat = state.to_act()[0]
        if decisions % every == 0:
            for who in [None, *game.seats]:
                compared += follow_twins(state, who, perturb, rng)
        state.apply(seat, decide(bots[seat], state, seat, state.legal_actions(seat)))
        decisions += 1
    assert compared > 300


def test_a_militia_that_changes_hands_shows_itself_to_its_new_player() -> None:
    """[20.0, 30.0] An Al Sham militia answers to the player of the Free Syrian Army in Syria and
    to the player of the Free Iraqi Army in Iraq: moved by Turkey from Hasakah into Sinjar, it
    becomes Syria's, who sees it as his own from then on, its reduced side included. That
    shows him something hidden until then (the leak check over time found it)."""
    from consim.games.fitna.rules.movement import Movement
    from consim.games.fitna.testing import in_segment

    def edit(d, st) -> None:  # type: ignore[no-untyped-def]
        no_jokers(d, st)
        d.force_side[st.tables.force_index["fia"]] = st.tables.seat_index["Syria"]
        in_segment(st, "Turkey", [Movement(seat="Turkey", left=2)])

    st = position(region_game(), {"Ahrar al-Sham": "Hasakah"}, reduced=("Ahrar al-Sham",), edit=edit)
    assert names_on(st, "Syria", "Hasakah") is None
    play(st, 'move "Ahrar al-Sham"', "to Sinjar")
    assert st.last_action_revealed_to("Syria")
    assert stack(st, "Syria", "Sinjar")["units"][0]["reduced"] is True
    assert not st.last_action_revealed_to("Israel")
