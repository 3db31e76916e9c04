"""The parameters of Fitna's handlers (issue 30 section 3): once loaded, a card's (or a victory
condition's) ``params`` is the typed model of its handler (``vocabulary.HANDLER_PARAMS``,
``VICTORY_HANDLER_PARAMS``), whose defaults stand for what the file leaves out; the rules read
those models, and write them out as the plain data the file gives."""

from __future__ import annotations

import typing

import pytest

from consim.games.fitna.content import Handler, VictoryHandler, default_content
from consim.games.fitna.game import FitnaGame
from consim.games.fitna.rules.deck import handler_params
from consim.games.fitna.rules.events import EventsSegment
from consim.games.fitna.rules.measures import target_spaces
from consim.games.fitna.testing import in_segment
from consim.games.fitna.vocabulary import (
    HANDLER_PARAMS,
    VICTORY_HANDLER_PARAMS,
    CyberWarParams,
    HandlerParams,
    LinkParams,
    TargetedStrikeParams,
)
from tests.games.fitna.conftest import position, region_game


def test_every_card_handler_holds_its_handlers_model() -> None:
    content = default_content()
    effects = [(f"#{c.number}", e) for c in content.cards.cards for e in c.effects]
    effects += [(j.id, e) for j in content.cards.special_jokers for e in j.effects]
    handlers = [(where, e) for where, e in effects if isinstance(e, Handler)]
    assert {e.name for _, e in handlers} == set(HANDLER_PARAMS)  # every handler is seen
    wrong = [
        f"{where} {e.name}: {type(e.params).__name__}"
        for where, e in handlers
        if type(e.params) is not HANDLER_PARAMS[e.name]
    ]
    assert wrong == []
    # and so do the tables a game's rules read
    tables = FitnaGame(scenario=1).tables
    for effects_of_card in tables.card_effects:
        for e in effects_of_card:
            if isinstance(e, Handler):
                assert isinstance(e.params, HANDLER_PARAMS[e.name]), e


def test_every_victory_handler_holds_its_conditions_model() -> None:
    content = default_content()
    conditions = [
        c
        for sc in content.scenarios.scenarios
        for v in sc.victory
        for c in (*v.prerequisites, *v.minor, *v.major, *v.decisive)
        if isinstance(c, VictoryHandler)
    ]
    assert conditions
    assert all(type(c.params) is VICTORY_HANDLER_PARAMS[c.name] for c in conditions)
    # a link that leaves out ``by`` and ``negate`` has the model's defaults, written out as
    # the file gives it
    given = {"from": "iran", "to": "mediterranean"}
    plain = next(c.params for c in conditions if c.params.as_data() == given)
    assert isinstance(plain, LinkParams)
    assert (plain.by, plain.negate) == ("", False)
    written = VictoryHandler(name="link", params=plain).model_dump()
    assert written["params"] == given
    assert VictoryHandler.model_validate(written).params == plain


def test_a_targeted_strike_without_countries_reads_the_models_default() -> None:
    """[#84 Red Line Strikes, 21.0] The card's ``targeted_strike`` names no ``countries``: the
    model's default (none: any country) is what the rule reads, and the strike may reach
    Syrian units in Syria and in Lebanon alike."""
    st = position(
        region_game(),
        {"4 Arm Div": "Homs", "18 Arm Div": "South Litani", "1 Mech Div": "Mosul"},
        hands={"Iraq": ["Red Line Strikes"]},
        frames=lambda st: in_segment(st, "Iraq", [EventsSegment(seat="Iraq")], step="supply"),
    )
    t = st.tables
    card = t.card_by_name["Red Line Strikes"][0]
    effect = next(i for i, e in enumerate(t.card_effects[card]) if isinstance(e, Handler))
    params = handler_params(st, card, effect, TargetedStrikeParams)
    assert "countries" not in params.as_data() and params.countries == []
    assert params.reach is None
    spaces = {t.space_name[s] for s in target_spaces(st, "Iraq", card, params)}
    assert spaces == {"Homs", "South Litani"}
    # the rule does read the field: naming Syria leaves Lebanon out
    syria_only = params.model_copy(update={"countries": ["syria"]})
    assert {t.space_name[s] for s in target_spaces(st, "Iraq", card, syria_only)} == {"Homs"}


def test_a_rule_reading_another_handlers_params_names_the_card_and_the_handler() -> None:
    st = region_game().new_game(seed=1)
    t = st.tables
    card = t.card_by_name["Red Line Strikes"][0]
    effect = next(i for i, e in enumerate(t.card_effects[card]) if isinstance(e, Handler))
    with pytest.raises(TypeError, match=r"#84 Red Line Strikes, handler 'targeted_strike'.*CyberWarParams"):
        handler_params(st, card, effect, CyberWarParams)


def test_each_frames_class_methods_declare_their_handlers_model() -> None:
    """The class methods a card's handler frame answers for it (``refusal``, ``names_opponent``,
    ``space_choices``...) receive the parameters as the model of that handler
    (``deck.dispatched_params``): each declares that model."""
    frames = FitnaGame.frames
    seen = 0
    for name, model in HANDLER_PARAMS.items():
        frame = next((f for f in frames if f.name == f"handler_{name}"), None)
        if frame is None:
            continue  # only_if: the offensive reads it itself
        for method in ("refusal", "names_opponent", "space_choices", "space_count", "space_steps"):
            fn = getattr(frame, method, None)
            if fn is None:
                continue
            declared = typing.get_type_hints(fn)["params"]
            assert declared is model, f"{frame.__name__}.{method}: {declared} for {name}"
            seen += 1
    assert seen >= 10


def test_params_come_out_as_the_plain_data_of_the_file() -> None:
    given = {"spaces": 2, "steps": 1, "forces": ["syria"]}
    h = Handler.model_validate({"type": "handler", "name": "targeted_strike", "params": given})
    assert isinstance(h.params, TargetedStrikeParams) and isinstance(h.params, HandlerParams)
    assert h.model_dump(mode="json")["params"] == given
    assert Handler.model_validate(h.model_dump()) == h
