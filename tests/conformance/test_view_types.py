"""Every view a game shows matches the type it declares (``Game.view_type``, a ``TypedDict``):
the views of random games, for every seat and a spectator, from the first position to the
last; and the JSON Schema published in ``docs/schemas`` is the one the type gives."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

import consim
from consim.core.registry import game_class
from consim.core.views import ViewError, check_view, schema_text, view_schema
from tests.conformance.test_conformance import CASES, sample
from tests.depth import depth, lighter

SCHEMAS = Path(__file__).resolve().parents[2] / "docs" / "schemas"


@pytest.mark.parametrize(("name", "opts"), CASES)
def test_every_view_matches_the_games_view_type(name: str, opts: dict[str, Any]) -> None:
    game = consim.load_game(name, **opts)
    every = 13 if lighter(name, opts) else 5
    for seed in range(depth(2, 6)):
        last = None
        for state, _seat, _action in sample(name, opts, seed, every):
            for who in (None, *game.seats):
                check_view(game, state.view(who))
            last = state
        assert last is not None and last.is_over()  # the walk played the game to its end
        for who in (None, *game.seats):
            check_view(game, last.view(who))


@pytest.mark.parametrize("name", consim.list_games())
def test_the_published_schema_is_the_view_types(name: str) -> None:
    published = (SCHEMAS / f"{name}-view.json").read_text(encoding="utf-8")
    remedy = f"run  consim schema {name} > docs/schemas/{name}-view.json"
    assert json.loads(published) == view_schema(game_class(name)), f"{name}'s schema is out of date: {remedy}"
    assert published == schema_text(game_class(name)), (
        f"{name}'s schema is not as consim schema prints it: {remedy}"
    )
    # a researcher reading the schema finds every key of every record said in words
    schema = json.loads(published)
    for record, node in [(schema["title"], schema), *schema.get("$defs", {}).items()]:
        for key, prop in node.get("properties", {}).items():
            assert prop.get("description"), f"{record}.{key} is not described"


def test_a_view_that_departs_from_its_type_is_named_where() -> None:
    game = consim.load_game("iraq")
    view = game.new_game(seed=3).view("US")
    check_view(game, view)
    with pytest.raises(ViewError, match="usable_fvs: Extra inputs"):
        check_view(game, {**view, "usable_fvs": 3})
    with pytest.raises(ViewError, match="turn: Input should be a valid integer"):
        check_view(game, {**view, "turn": "3"})
    missing = dict(view)
    del missing["vp"]
    with pytest.raises(ViewError, match="vp: Field required"):
        check_view(game, missing)
