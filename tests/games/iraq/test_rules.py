"""Rule tests for every phase of the Iraq card game and every reading in NOTES.md."""

from __future__ import annotations

import pytest

import consim
from consim import IllegalAction
from consim.games.iraq.board import score_awards, usable_fv
from consim.games.iraq.game import IraqGame
from tests.games.iraq.conftest import arrange, finish_commitment

US_HAND = [
    "Counter Terrorism",
    "US Special Forces",
    "Intelligence Operations",
    "Air Supremacy",
    "Coalition Troops",
    "Battle for Baghdad",
    "World Politics",
    "Assassinations",
    "Terrorist Attacks",
    "Control Kirkuk",
]
# usable by US: U 5+5+5+2+1 and A 5+2 = 25; M, I, K cards are not


# -- Situation Phase -----------------------------------------------------------------------


def test_each_player_is_dealt_ten_cards(five: IraqGame) -> None:
    state = five.new_game(3)
    for seat in five.seats:
        assert len(state.view(seat)["hand"]) == 10
    assert state.view(None)["deck_size"] == 50
    assert any("Situation Phase" in e.rule for e in state.log)


def test_deck_exhaustion_reshuffles_the_discard(five: IraqGame) -> None:
    state = arrange(five, seed=4)
    data = state.to_dict()
    d = data["data"]
    # move all but two deck cards to the discard pile
    d["discard"], d["deck"] = d["deck"][2:], d["deck"][:2]
    state = five.restore(data)
    seat = "US"
    for card in state.view(seat)["hand"][:5]:
        state.apply(seat, f'discard "{card["name"]}"')
    finish_commitment(state)
    assert len(state.view(seat)["hand"]) == 10
    assert any("deck ran out" in e.text for e in state.log)


def test_hands_go_to_the_discard_at_the_end_of_the_turn(five: IraqGame) -> None:
    state = five.new_game(8)
    finish_commitment(state)
    while state.view(None)["turn"] == 1:
        state.apply(state.to_act()[0], "pass")
    view = state.view(None)
    assert view["turn"] == 2
    assert view["discard_size"] == 50 and view["deck_size"] == 0
    assert sorted(view["last_reveal"]) == sorted(five.seats)


# -- Commitment Phase ----------------------------------------------------------------------


def test_discard_up_to_five_then_redraw(five: IraqGame) -> None:
    state = arrange(five, hands={"US": US_HAND}, deck_top=["Halliburton", "Reconstruction"])
    state.apply("US", 'discard "Assassinations"')
    state.apply("US", 'discard "Terrorist Attacks"')
    assert state.view("US")["pending_discards"] == ["Assassinations", "Terrorist Attacks"]
    state.apply("US", "done")
    assert "US" in state.view(None)["committed"]
    # nothing is drawn until everyone has committed (simultaneous, secret)
    assert "Assassinations" in [c["name"] for c in state.view("US")["hand"]]
    finish_commitment(state)
    names = [c["name"] for c in state.view("US")["hand"]]
    assert "Assassinations" not in names and "Halliburton" in names and "Reconstruction" in names
    assert len(names) == 10


def test_a_sixth_discard_is_refused_with_the_rule(five: IraqGame) -> None:
    state = arrange(five, hands={"US": US_HAND})
    for name in US_HAND[:5]:
        state.apply("US", f'discard "{name}"')
    assert [a.text for a in state.legal_actions("US")] == ["done"]
    with pytest.raises(IllegalAction, match=r"at most 5 .*Commitment Phase"):
        state.apply("US", f'discard "{US_HAND[5]}"')


def test_discarding_a_card_not_in_hand_is_refused(five: IraqGame) -> None:
    state = arrange(five, hands={"US": US_HAND})
    with pytest.raises(IllegalAction, match="not in your hand"):
        state.apply("US", 'discard "Control Oil Supply"')
    with pytest.raises(IllegalAction, match="no card named"):
        state.apply("US", 'discard "Flying Carpets"')


def test_commitment_choices_are_secret_until_resolved(five: IraqGame) -> None:
    state = arrange(five, hands={"US": US_HAND})
    state.apply("US", 'discard "Assassinations"')
    for seat in five.seats:
        if seat != "US":
            assert state.view(seat)["pending_discards"] == []
            assert all("Assassinations" not in e.text for e in state.visible_log(seat))
    assert set(state.to_act()) == set(five.seats)  # all choose at once


def test_sequential_commitment_reading_goes_in_turn_order() -> None:
    game = consim.load_game("iraq", players=5, commitment="sequential")
    state = game.new_game(2)
    assert state.to_act() == ("US",)
    state.apply("US", "done")
    assert state.to_act() == ("Sunni",)


def test_discard_can_be_undone_until_committed(five: IraqGame) -> None:
    state = arrange(five, hands={"US": US_HAND})
    state.apply("US", 'discard "Assassinations"')
    assert state.can_undo("US")
    state.undo("US")
    assert state.view("US")["pending_discards"] == []


# -- Negotiations Phase --------------------------------------------------------------------


def negotiating(game: IraqGame, hands: dict[str, list[str]], seed: int = 0) -> consim.State:
    state = arrange(game, seed=seed, hands=hands)
    finish_commitment(state)
    assert state.view(None)["phase"] == "negotiation"
    return state


def test_trade_offer_accepted_swaps_cards(five: IraqGame) -> None:
    state = negotiating(
        five,
        {
            "US": US_HAND,
            "Kurd": [
                "Iraqi Police",
                "No Fly Zones",
                "Self Determination",
                "Independence",
                "Autonomous Region",
                "Refugees",
                "Massacre",
                "Kidnappings",
                "Ambushes",
                "Propaganda",
            ],
        },
    )
    assert state.to_act() == ("US",)  # turn 1: the order starts with the first seat
    state.apply("US", "offer Kurd")
    state.apply("US", 'give "Control Kirkuk"')
    state.apply("US", "ask 1 usable")
    assert state.to_act() == ("Kurd",)
    offer = state.view("Kurd")["negotiation"]["offer"]
    assert [c["name"] for c in offer["give"]] == ["Control Kirkuk"] and offer["ask"] == 1
    # third parties see that an offer exists, not what is in it
    assert "give" not in state.view("Sunni")["negotiation"]["offer"]
    state.apply("Kurd", "accept")
    # only cards the US can use may be given
    assert {a.text for a in state.legal_actions("Kurd")} == {'give "Iraqi Police"', "give Propaganda"}
    state.apply("Kurd", 'give "Propaganda"')
    us = [c["name"] for c in state.view("US")["hand"]]
    kurd = [c["name"] for c in state.view("Kurd")["hand"]]
    assert "Propaganda" in us and "Control Kirkuk" not in us
    assert "Control Kirkuk" in kurd and "Propaganda" not in kurd
    assert state.view("US")["usable_fv"] == 25 + 5
    # the trade's contents are logged to the two parties only
    for seat in five.seats:
        mentions = any("Control Kirkuk" in e.text for e in state.visible_log(seat))
        assert mentions == (seat in ("US", "Kurd"))
    assert any("US and Kurd trade" in e.text for e in state.visible_log("Sunni"))
    assert state.to_act() == ("Sunni",)


def test_each_trade_step_is_logged_once_for_every_seat(five: IraqGame) -> None:
    """[Negotiations Phase] every seat reads of the offer once and of the trade once; the
    parties also read which cards, in a line that does not tell the offer or the trade again."""
    state = negotiating(five, {"US": US_HAND})
    state.apply("US", "offer Kurd")
    state.apply("US", 'give "Control Kirkuk"')
    sent = state.apply("US", "ask 0")
    done = state.apply("Kurd", "accept")
    for entries, word in ((sent, "offer"), (done, "trade")):
        for seat in five.seats:
            seen = [e.text for e in entries if e.visible_to(seat)]
            assert sum(word in t.lower() for t in seen) == 1, (seat, seen)
            named = sum("Control Kirkuk" in t for t in seen)
            assert named == (1 if seat in ("US", "Kurd") else 0), (seat, seen)


def test_declined_offer_changes_no_hands(five: IraqGame) -> None:
    state = negotiating(five, {"US": US_HAND})
    before = {s: state.view(s)["hand"] for s in five.seats}
    state.apply("US", "offer Insurgent")
    state.apply("US", 'give "Terrorist Attacks"')
    state.apply("US", "ask 2 any")
    state.apply("Insurgent", "decline")
    assert {s: state.view(s)["hand"] for s in five.seats} == before
    assert any("declines" in e.text for e in state.visible_log("Kurd"))


def test_accept_needs_enough_matching_cards(five: IraqGame) -> None:
    kurd = [
        "No Fly Zones",
        "Self Determination",
        "Independence",
        "Autonomous Region",
        "Refugees",
        "Massacre",
        "Kidnappings",
        "Ambushes",
        "Mortar & Rocket Strikes",
        "Sniper Tactics",
    ]
    state = negotiating(five, {"US": US_HAND, "Kurd": kurd})
    state.apply("US", "offer Kurd")
    state.apply("US", 'give "Control Kirkuk"')
    state.apply("US", "ask 1 usable")  # the Kurds hold nothing the US can use
    assert [a.text for a in state.legal_actions("Kurd")] == ["decline", "counter"]
    assert "cannot accept" in state.prompt("Kurd").text  # says why accept is missing
    with pytest.raises(IllegalAction, match="cannot accept"):
        state.apply("Kurd", "accept")


def test_an_offer_may_name_the_cards_wanted(five: IraqGame) -> None:
    kurd = ["Control Kirkuk", "Independence", "Refugees", "Massacre", "Kidnappings",
            "Ambushes", "Sniper Tactics", "Civilian Deaths", "Checkpoints", "Propaganda"]  # fmt: skip
    us = [c for c in US_HAND if c != "Control Kirkuk"] + ["Cease Fire"]
    state = negotiating(five, {"US": us, "Kurd": kurd})
    state.apply("US", "offer Kurd")
    state.apply("US", "give Assassinations")
    state.apply("US", "want")
    wants = [a.text for a in state.legal_actions("US")]
    assert "want Propaganda" in wants and wants[-1] == "back"
    assert 'want "Cease Fire"' not in wants  # in its own hand
    assert wants.index('want "Large Population"') > wants.index("want Propaganda")  # usable first
    state.apply("US", "want Propaganda")
    state.apply("US", "ask 1 any")
    terms = state.view("Kurd")["negotiation"]["offer"]
    assert [c["name"] for c in terms["wanted"]] == ["Propaganda"] and terms["ask"] == 1
    assert "wanted" not in state.view("Sunni")["negotiation"]["offer"]  # only the parties see it
    state.apply("Kurd", "accept")
    # the named card goes at once; one more of the Kurds' choice, but not the named one again
    assert "give Propaganda" not in [a.text for a in state.legal_actions("Kurd")]
    state.apply("Kurd", "give Refugees")
    us_hand = [c["name"] for c in state.view("US")["hand"]]
    assert "Propaganda" in us_hand and "Refugees" in us_hand and "Assassinations" not in us_hand


def test_a_counter_offer_answers_an_offer_once(five: IraqGame) -> None:
    state = negotiating(five, {"US": US_HAND})
    state.apply("US", "offer Kurd")
    state.apply("US", 'give "Control Kirkuk"')
    state.apply("US", "ask 2 any")
    state.apply("Kurd", "counter")
    assert state.to_act() == ("Kurd",)
    offer = state.view("Kurd")["negotiation"]["offer"]
    assert offer["from"] == "Kurd" and offer["to"] == "US" and offer["counter"]
    state.apply("Kurd", state.legal_actions("Kurd")[0])  # gives a card
    state.apply("Kurd", "ask 0")
    assert [a.text for a in state.legal_actions("US")] == ["accept", "decline"]  # no counter to a counter
    assert any("counter-offer" in e.text for e in state.visible_log("Sunni"))


def test_a_gift_needs_no_return(five: IraqGame) -> None:
    state = negotiating(five, {"US": US_HAND})
    state.apply("US", "offer Sunni")
    assert "ask 0" not in {a.text for a in state.legal_actions("US")}  # nothing offered yet
    state.apply("US", 'give "Assassinations"')
    state.apply("US", "ask 0")
    state.apply("Sunni", "accept")
    assert len(state.view("US")["hand"]) == 9 and len(state.view("Sunni")["hand"]) == 11


def test_offers_are_limited_to_max_trade_cards(five: IraqGame) -> None:
    state = negotiating(five, {"US": US_HAND})
    state.apply("US", "offer Sunni")
    for name in US_HAND[:3]:
        state.apply("US", f'give "{name}"')
    assert not any(a.verb == "give" for a in state.legal_actions("US"))
    with pytest.raises(IllegalAction, match="at most 3"):
        state.apply("US", f'give "{US_HAND[4]}"')


def test_cancel_withdraws_and_passes(five: IraqGame) -> None:
    state = negotiating(five, {"US": US_HAND})
    state.apply("US", "offer Sunni")
    state.apply("US", 'give "Assassinations"')
    state.apply("US", "cancel")
    assert state.to_act() == ("Sunni",)
    assert len(state.view("US")["hand"]) == 10


def test_negotiations_end_when_a_round_has_no_offers(five: IraqGame) -> None:
    state = negotiating(five, {})
    for seat in five.seats:
        state.apply(seat, "pass")
    assert state.view(None)["turn"] == 2  # Ground and Score happened, next turn dealt


def test_negotiations_end_after_the_round_limit() -> None:
    game = consim.load_game("iraq", players=2, negotiation_rounds=2)
    state = game.new_game(1)
    finish_commitment(state)
    for _ in range(2):  # two rounds, each with an offer made and declined
        for seat, other in (("US", "Insurgent"), ("Insurgent", "US")):
            state.apply(seat, f"offer {other}")
            give = state.legal_actions(seat)[0]
            state.apply(seat, give)
            state.apply(seat, "ask 1 any")
            state.apply(other, "decline")
    assert state.view(None)["turn"] == 2


def test_negotiation_order_rotates_each_turn(five: IraqGame) -> None:
    state = five.new_game(5)
    finish_commitment(state)
    assert state.view(None)["negotiation"]["order"][0] == "US"
    for seat in five.seats:
        state.apply(seat, "pass")
    finish_commitment(state)
    assert state.view(None)["negotiation"]["order"][0] == "Sunni"


def test_secret_deals_are_messages_to_chosen_seats(five: IraqGame) -> None:
    state = negotiating(five, {})
    actions = list(state.record().actions)
    can_undo = state.can_undo()
    state.apply("Kurd", 'say Shia "I will back you next turn"')  # out of turn is fine
    assert [m.text for m in state.chat("Shia")] == ["I will back you next turn"]
    assert state.chat("US") == [] and state.chat(None) == []
    # a message is not a game action: it is not in the actions, the log, or in the way of undo
    assert state.record().actions == actions
    assert state.record().chat[-1]["text"] == "I will back you next turn"
    assert not any("back you" in e.text for e in state.log)
    assert state.can_undo() == can_undo
    with pytest.raises(IllegalAction, match="recipients"):
        state.apply("Kurd", 'say Nobody "hello"')


# -- Ground and Score Phases ---------------------------------------------------------------


@pytest.mark.parametrize(
    ("seat", "expected"),
    [("US", 25), ("Insurgent", 4 + 5), ("Kurd", 5 + 5), ("Sunni", 5)],
)
def test_usable_fv_counts_only_cards_the_faction_can_use(five: IraqGame, seat: str, expected: int) -> None:
    hand = [five.tables.card_by_name[n] for n in US_HAND]
    # Insurgent: Terrorist Attacks (I4) + Assassinations (M5); Kurd: Control Kirkuk (K5) + Assassinations;
    # Sunni: Assassinations only ... plus the All cards for everyone but the US total above includes them
    all_cards = 5 + 2  # Battle for Baghdad, World Politics
    total, side = usable_fv(five.tables, seat, hand)
    assert side is None
    assert total == (expected if seat == "US" else expected + all_cards)


def test_three_players_count_us_or_insurgent_cards_not_both() -> None:
    game = consim.load_game("iraq", players=3)
    assert isinstance(game, IraqGame)
    names = ["Counter Terrorism", "Air Supremacy", "Infiltration", "Sunni Triangle"]
    hand = [game.tables.card_by_name[n] for n in names]
    total, side = usable_fv(game.tables, "Sunni", hand)
    assert (total, side) == (5 + 5 + 2, "U")  # U: 7 beats I: 5
    assert usable_fv(game.tables, "Sunni", hand, "I") == (5 + 5, "I")


def test_declared_side_is_binding_for_the_turn() -> None:
    game = consim.load_game("iraq", players=3, civil_war_side="declare")
    state = game.new_game(4)
    assert set(state.to_act()) == {"Sunni", "Shia", "Kurd"}
    assert {a.text for a in state.legal_actions("Sunni")} == {"declare US", "declare Insurgent"}
    state.apply("Sunni", "declare Insurgent")
    assert state.view("Sunni")["side"] == "Insurgent"
    assert "my_declaration" not in state.view("Shia")
    for seat in ("Shia", "Kurd"):
        state.apply(seat, "declare US")
    assert state.view(None)["phase"] == "commitment"
    finish_commitment(state)
    for seat in game.seats:
        state.apply(seat, "pass")
    assert state.view(None)["history"][0]["sides"] == {"Sunni": "Insurgent", "Shia": "US", "Kurd": "US"}


@pytest.mark.parametrize(
    ("totals", "dense", "zero", "expected"),
    [
        ({"A": 30, "B": 25, "C": 20, "D": 15, "E": 10}, True, True, [5, 4, 3, 2, 0]),
        ({"A": 30, "B": 30, "C": 20, "D": 15, "E": 10}, True, True, [5, 5, 4, 3, 0]),  # tie for first
        ({"A": 30, "B": 30, "C": 20, "D": 15, "E": 10}, False, True, [5, 5, 3, 2, 0]),  # competition
        ({"A": 30, "B": 25, "C": 20, "D": 10, "E": 10}, True, True, [5, 4, 3, 0, 0]),  # tied for last get 0
        ({"A": 30, "B": 10}, True, True, [5, 0]),  # two players
        ({"A": 30, "B": 10}, True, False, [5, 4]),
        ({"A": 30, "B": 20, "C": 10}, True, True, [5, 4, 0]),  # three players
        ({"A": 30, "B": 20, "C": 10}, True, False, [5, 4, 3]),
        ({"A": 12, "B": 12, "C": 12}, True, True, [5, 5, 5]),  # everyone tied
    ],
)
def test_score_awards(totals: dict[str, int], dense: bool, zero: bool, expected: list[int]) -> None:
    assert list(score_awards(totals, dense, zero).values()) == expected


def test_ground_reveals_every_hand_and_scores(five: IraqGame) -> None:
    state = negotiating(five, {"US": US_HAND})
    for seat in five.seats:
        state.apply(seat, "pass")
    view = state.view("Kurd")
    last = view["history"][0]
    assert last["fv"]["US"] == 25
    assert sorted(view["last_reveal"]["US"]) == sorted(US_HAND)
    assert sum(view["vp"].values()) == sum(last["vp"].values())
    assert any(e.rule == "Ground Phase" and e.text.startswith("US reveals") for e in state.visible_log(None))


# -- Victory --------------------------------------------------------------------------------


def finished(game: consim.Game, vp: dict[str, int]) -> consim.State:
    state = game.new_game(1)
    with state.edit() as d:
        d.vp = dict(vp)
        state.stack.clear()  # nothing left to play: the game is over
    return state


def test_two_separate_victories(five: IraqGame) -> None:
    state = finished(five, {"US": 30, "Sunni": 33, "Shia": 20, "Kurd": 33, "Insurgent": 41})
    out = state.outcome()
    assert out is not None
    assert out.details["conflicts"]["the Insurgency"]["winners"] == ["Insurgent"]
    assert out.details["conflicts"]["the Civil War"]["winners"] == ["Sunni", "Kurd"]  # shared
    assert out.winners == ("Sunni", "Kurd", "Insurgent")
    assert out.scores["Insurgent"] == 41.0
    assert "share the Civil War" in out.result


def test_two_player_game_has_only_the_insurgency() -> None:
    game = consim.load_game("iraq", players=2)
    out = finished(game, {"US": 20, "Insurgent": 15}).outcome()
    assert out is not None
    assert list(out.details["conflicts"]) == ["the Insurgency"] and out.winners == ("US",)


def test_three_player_game_has_only_the_civil_war() -> None:
    game = consim.load_game("iraq", players=3)
    out = finished(game, {"Sunni": 20, "Shia": 25, "Kurd": 15}).outcome()
    assert out is not None
    assert list(out.details["conflicts"]) == ["the Civil War"] and out.winners == ("Shia",)


def test_four_player_civil_war_is_sunni_against_shia() -> None:
    game = consim.load_game("iraq", players=4)
    out = finished(game, {"US": 20, "Sunni": 22, "Shia": 22, "Insurgent": 10}).outcome()
    assert out is not None
    assert out.details["conflicts"]["the Civil War"]["winners"] == ["Sunni", "Shia"]
    assert out.details["conflicts"]["the Insurgency"]["winners"] == ["US"]


def test_game_lasts_the_chosen_number_of_turns() -> None:
    game = consim.load_game("iraq", players=2, turns=3)
    state = game.new_game(6)
    while not state.is_over():
        seat = state.to_act()[0]
        state.apply(seat, "done" if state.view(None)["phase"] == "commitment" else "pass")
    out = state.outcome()
    assert out is not None and out.turns == 3
    assert sum(out.scores.values()) <= 3 * 5


# -- Options and input ----------------------------------------------------------------------


def test_bad_options_are_refused_clearly() -> None:
    with pytest.raises(consim.OptionError, match="players"):
        consim.load_game("iraq", players=7)
    with pytest.raises(consim.OptionError, match="colour"):
        consim.load_game("iraq", colour="red")
    with pytest.raises(consim.OptionError, match="unknown game"):
        consim.load_game("chess")


def test_loose_text_input_is_accepted(five: IraqGame) -> None:
    state = arrange(five, hands={"US": US_HAND})
    state.apply("US", "DISCARD counter terrorism")
    assert state.view("US")["pending_discards"] == ["Counter Terrorism"]


# -- Card notation: who may use which letter ---------------------------------------------------

USE_RULES = {  # [CARD NOTATION] letter -> the factions that may count it
    "U": {"US"},
    "K": {"Kurd"},
    "H": {"Shia"},
    "N": {"Sunni"},
    "I": {"Insurgent"},
    "E": {"Sunni", "Shia", "Kurd"},
    "M": {"Sunni", "Shia", "Kurd", "Insurgent"},
    "A": {"US", "Sunni", "Shia", "Kurd", "Insurgent"},
}


@pytest.mark.parametrize("letter", sorted(USE_RULES))
def test_every_card_use_letter(five: IraqGame, letter: str) -> None:
    cards = [i for i in five.tables.deck_cards if five.tables.card_use[i] == letter]
    assert cards
    for seat in five.seats:
        total, _ = usable_fv(five.tables, seat, cards)
        expected = sum(five.tables.card_fv[i] for i in cards) if seat in USE_RULES[letter] else 0
        assert total == expected, f"{seat} and {letter} cards"
