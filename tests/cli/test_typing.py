"""What a player types never does what he did not mean: a verb alone chooses nothing, a short
form that cannot be undone is shown in words and asked about, an exact unit name wins over
longer names it starts, accents need not be typed, and a well-formed action the rules refuse
is answered with the engine's reason (the rule, the deal it would break), a "did you mean"
being kept for typos."""

from __future__ import annotations

from pathlib import Path

import pytest

import consim
from consim.bots.driver import bots_for
from consim.cli.resolve import BareVerb, Choices, in_grammar, read, resolve
from consim.cli.session import cannot_undo
from consim.core.action import Action
from consim.core.game import State
from consim.core.rng import Rng
from consim.games.baghdad.state import BaghdadState, Promise
from consim.games.baghdad.testing import clear_hands, clear_map, enter, fresh, perturb, put
from tests.cli.conftest import play

REBELS = {"Rebels": "human", "Syria": "heuristic"}


def fitna_events(seed: int = 5) -> State:
    """Scenario 1, the Rebels' first Events segment: their hand is Anti-Tank Missiles, Night
    Raid, Peshmerga and War in Lebanon, and only Peshmerga may be played as an event."""
    state = consim.load_game("fitna", scenario=1).new_game(seed)
    state.apply("Rebels", 'take "2 Assets, 2 Events"')
    bots = bots_for(state.game, "heuristic", seed)
    while state.to_act() != ("Rebels",):
        seat = state.to_act()[0]
        state.apply(seat, bots[seat].choose(state.view(seat), state.legal_actions(seat)))
    assert state.view("Rebels")["segment"] == "Events"
    assert [a.text for a in state.legal_actions("Rebels") if a.verb == "play"] == ["play Peshmerga"]
    return state


def actions_of(path: Path, seat: str) -> list[str]:
    return [text for who, text in consim.Record.load(path).actions if who == seat]


# -- a verb alone ------------------------------------------------------------------------------


def test_a_verb_alone_chooses_nothing_even_with_one_choice(tmp_path: Path) -> None:
    menu = [Action("play", ("Peshmerga",)), Action("done")]
    with pytest.raises(BareVerb) as err:
        read("play", menu)
    assert err.value.choices == (menu[0],)
    with pytest.raises(BareVerb):
        read("pl", menu)
    assert read("play pesh", menu).action == menu[0]
    assert read("don", menu).action == menu[1]  # a verb without arguments is the action itself
    played = play(fitna_events(), REBELS, ["play", "quit"], tmp_path / "g.json")
    assert "'play' alone does not say which; type more of it, or its number:" in played.output
    assert "1  play Peshmerga" in played.output  # the choices it could mean, with their numbers
    assert actions_of(tmp_path / "g.json", "Rebels") == ['take "2 Assets, 2 Events"']


# -- a short form that cannot be undone --------------------------------------------------------


def test_a_short_form_that_cannot_be_undone_is_shown_and_asked(tmp_path: Path) -> None:
    save = tmp_path / "g.json"
    lines = ["play pesh", "n", "play pesh", "y", "quit"]
    played = play(fitna_events(), REBELS, lines, save)
    out = played.output
    assert out.count("That is: play Peshmerga. It cannot be undone:") == 2
    assert "Not done." in out
    assert actions_of(save, "Rebels") == ['take "2 Assets, 2 Events"', "play Peshmerga"]


@pytest.mark.parametrize("typed", ["play Peshmerga", "PLAY peshmerga", "1"])
def test_the_action_in_full_or_its_number_is_not_asked_about(tmp_path: Path, typed: str) -> None:
    save = tmp_path / "g.json"
    played = play(fitna_events(), REBELS, [typed, "quit"], save)
    assert "That is:" not in played.output
    assert actions_of(save, "Rebels")[-1] == "play Peshmerga"


def test_a_short_form_that_can_be_undone_is_not_asked_about(tmp_path: Path) -> None:
    state = consim.load_game("iraq", players=2).new_game(seed=3)
    card = next(a for a in state.legal_actions("US") if a.verb == "discard" and " " in a.args[0])
    short = f"discard {card.args[0].split()[0].lower()}"
    save = tmp_path / "g.json"
    played = play(state, {"US": "human", "Insurgent": "heuristic"}, [short, "undo", "quit"], save)
    assert "That is:" not in played.output and "Undone" in played.output


# -- whole words, accents ----------------------------------------------------------------------


def test_an_exact_unit_name_wins_over_the_longer_names_it_starts() -> None:
    names = [n for n in consim.load_game("fitna", scenario=11).tables.unit_label if "Arm Div" in n]
    assert {"1 Arm Div", "11 Arm Div", "18 Arm Div", "16 Arm Div"} <= set(names)
    menu = [Action("move", (n,)) for n in names]
    assert resolve('move "1 Arm"', menu).args == ("1 Arm Div",)
    assert resolve("move 1 arm", menu).args == ("1 Arm Div",)
    assert resolve("move 18 arm", menu).args == ("18 Arm Div",)
    with pytest.raises(Choices):  # "1" may still be the start of 11, 16 or 18: say so
        resolve("move 1", menu)


def test_accents_and_dotless_letters_need_not_be_typed() -> None:
    menu = [Action("to", ("Şanlıurfa",)), Action("to", ("Kilis",))]
    assert resolve("to sanliurfa", menu) == menu[0]
    assert read("to Sanliurfa", menu).in_full


# -- the engine's reason -----------------------------------------------------------------------


def test_a_card_that_cannot_be_played_is_refused_with_the_rule(tmp_path: Path) -> None:
    played = play(fitna_events(), REBELS, ["play war", "play war in lebanon", "quit"], tmp_path / "g.json")
    out = " ".join(played.output.split())
    refusal = "War in Lebanon cannot be played for its effect now: it cannot be played before turn 2"
    assert out.count(refusal) == 2
    assert "did you mean" not in out


def test_a_move_that_would_break_a_deal_cites_the_deal(tmp_path: Path) -> None:
    """Battle for Baghdad: the Shiite promised the Sunni "no-entry"; moving into Adhamiyah,
    where Sunni units stand, is refused with the deal, not answered with a "did you mean"."""
    state: BaghdadState = fresh(3)
    with state.edit() as d:
        clear_hands(state)
        clear_map(state)
        put(state, "Shiite", "sadr_city", sec=3, inf=0)
        put(state, "Sunni", "adhamiyah", sec=1, inf=0)
        d.promises = [Promise(sender="Shiite", to=("Sunni",), kind="no-entry", turn=1)]
        enter(state, "action", ["Shiite", "Sunni", "Government"])
    players = {"Shiite": "human", "Sunni": "heuristic", "Government": "heuristic"}
    lines = ["done", 'move "Sadr City"', "units 3", "enter adhamiyah", "entre adhamiyah", "quit"]
    played = play(state, players, lines, tmp_path / "g.json")
    out = " ".join(played.output.split())
    assert "'enter Adhamiyah' would break a deal [Coalition Phase" in out
    assert "Shiite will not move, recruit or place units" in out
    assert "'entre adhamiyah' is not one of the choices; did you mean" in out  # a typo: a suggestion


def test_well_formed_actions_are_read_from_the_games_grammar() -> None:
    space = consim.load_game("baghdad", players=3).action_space
    assert [a.text for a in in_grammar("enter adhamiyah", space)] == ["enter Adhamiyah"]
    assert in_grammar("entre adhamiyah", space) == []
    assert in_grammar("enter", space) == []  # a verb alone names no action


def test_explain_gives_the_refusal_and_changes_nothing() -> None:
    state = fitna_events()
    before = state.to_dict()
    why = state.explain("Rebels", 'play "War in Lebanon"')
    assert why is not None and "before turn 2 (8.2, 13.0)" in why
    assert state.explain("Rebels", "play Peshmerga") is None
    assert state.to_dict() == before


def test_asking_before_an_action_tells_nothing_hidden() -> None:
    """Whether a short form is asked about must not depend on what the seat cannot see: in
    Battle for Baghdad (3 players, seed 0, decision 106), whether the Sunni's naming of the
    first player can be undone depends on cards the Sunni have not seen; it is judged on
    re-deals of what they know, the same for every position they cannot tell apart."""
    game = consim.load_game("baghdad", players=3)
    state = game.new_game(0)
    bots = bots_for(game, "heuristic", 0)
    for _ in range(105):
        seat = state.to_act()[0]
        state.apply(seat, bots[seat].choose(state.view(seat), state.legal_actions(seat)))
    seat = state.to_act()[0]
    assert (seat, state.prompt(seat).rule) == ("Sunni", "Initiative Phase")
    rng = Rng(7)
    for _ in range(6):
        twin, mirror = perturb(state, seat, rng, True)
        for action in state.legal_actions(seat):
            assert cannot_undo(state, seat, action) == cannot_undo(twin, seat, mirror(action)), action.text
