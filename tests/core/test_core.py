"""The engine core: actions, RNG, log audiences, records, content errors, registry."""

from __future__ import annotations

import json
from pathlib import Path

import numpy as np
import pytest
from hypothesis import given
from hypothesis import strategies as st
from pydantic import BaseModel

import consim
from consim import Action, AmbiguousAction, IllegalAction, LogEntry, MalformedAction, Record
from consim.core.content import load_model
from consim.core.errors import ContentError
from consim.core.rng import Rng

# -- Action ------------------------------------------------------------------------------------


def test_action_text_quotes_only_when_needed() -> None:
    assert Action("offer", ("Kurd",)).text == "offer Kurd"
    assert Action("discard", ("Roadside Bombs",)).text == 'discard "Roadside Bombs"'
    assert Action("discard", ("Mines & IUD's",)).text == 'discard "Mines & IUD\'s"'
    assert Action("say", ('he said "no"',)).text == 'say "he said \\"no\\""'


@given(st.lists(st.text(min_size=1, max_size=12).filter(lambda s: s.strip() == s and s), max_size=4))
def test_action_text_parses_back(args: list[str]) -> None:
    action = Action("verb", tuple(args))
    assert Action.parse(action.text) == action


def test_malformed_action_text() -> None:
    with pytest.raises(MalformedAction, match="unclosed"):
        Action.parse('discard "Roadside')
    with pytest.raises(MalformedAction, match="empty"):
        Action.parse("   ")
    with pytest.raises(MalformedAction):
        Action.parse(42)  # type: ignore[arg-type]
    assert issubclass(MalformedAction, IllegalAction) and issubclass(IllegalAction, ValueError)


def test_actions_are_immutable_values() -> None:
    a = Action("pass")
    with pytest.raises(AttributeError):
        a.verb = "x"  # type: ignore[misc]
    assert a == Action.parse("pass") and hash(a) == hash(Action.parse("pass"))
    assert {a: 1}[Action("pass")] == 1


# -- Rng ---------------------------------------------------------------------------------------


def test_rng_is_deterministic_and_serializable() -> None:
    a, b = Rng(123), Rng(123)
    assert [a.next64() for _ in range(5)] == [b.next64() for _ in range(5)]
    c = Rng(a.state, a.calls)
    assert c.randbelow(1000) == a.randbelow(1000)
    assert a.calls == 6


def test_rng_is_roughly_uniform() -> None:
    rng = Rng(1)
    counts = [0] * 6
    for _ in range(60_000):
        counts[rng.randbelow(6)] += 1
    assert all(9_500 < c < 10_500 for c in counts)
    items = list(range(10))
    rng.shuffle(items)
    assert sorted(items) == list(range(10)) and items != list(range(10))


# -- LogEntry and Record -------------------------------------------------------------------


def test_log_audience() -> None:
    public = LogEntry(0, "public", "1.0")
    secret = LogEntry(1, "secret", "2.0", frozenset({"US"}))
    assert public.visible_to(None) and public.visible_to("Kurd")
    assert secret.visible_to("US") and not secret.visible_to("Kurd") and not secret.visible_to(None)
    assert LogEntry.from_dict(secret.to_dict()) == secret
    assert str(secret) == "secret [2.0]"


def test_record_file_round_trip(tmp_path: Path) -> None:
    record = Record("iraq", {"players": 2}, 7, [("US", "done")], None)
    path = tmp_path / "r.json"
    record.save(path)
    assert Record.load(path) == record
    path.write_text("{not json")
    with pytest.raises(ValueError, match="not a JSON record"):
        Record.load(path)
    path.write_text(json.dumps({"game": "iraq", "seed": 1, "actions": [["US"]]}))
    with pytest.raises(ValueError, match="action #0"):
        Record.load(path)


def test_replay_reports_the_bad_action() -> None:
    record = Record("iraq", {"players": 2}, 7, [("US", "done"), ("US", "done")])
    with pytest.raises(IllegalAction, match="record action #2"):
        consim.replay(record)


# -- content loading -------------------------------------------------------------------------


class _Thing(BaseModel):
    name: str
    size: int


class _File(BaseModel):
    things: list[_Thing]


def test_content_errors_name_file_and_line(tmp_path: Path) -> None:
    path = tmp_path / "things.yaml"
    path.write_text("things:\n  - name: a\n    size: 1\n  - name: b\n    size: big\n")
    with pytest.raises(ContentError) as info:
        load_model(path, _File)
    assert f"{path}:5: things.1.size" in str(info.value)
    path.write_text("things: [\n")
    with pytest.raises(ContentError, match="invalid YAML"):
        load_model(path, _File)


def test_content_rejects_a_duplicate_key_that_yaml_would_drop(tmp_path: Path) -> None:
    path = tmp_path / "things.yaml"
    path.write_text("things:\n  - name: a\n    size: 1\n    size: 2\n")
    with pytest.raises(ContentError) as info:
        load_model(path, _File)
    assert f"{path}:4: things.0.size: duplicate key" in str(info.value)


# -- registry, seats, restore ------------------------------------------------------------------


def test_registry() -> None:
    assert "iraq" in consim.list_games()
    assert consim.list_games() == sorted(consim.list_games())


def test_unknown_seat_and_bad_restore() -> None:
    game = consim.load_game("iraq", players=2)
    state = game.new_game(1)
    with pytest.raises(IllegalAction, match="unknown seat"):
        state.view("Kurd")
    with pytest.raises(IllegalAction, match="unknown seat"):
        state.prompt("Kurd")
    data = state.to_dict()
    data["data"]["hands"]["US"].append(data["data"]["deck"][0])  # a card in two places
    with pytest.raises(consim.RestoreError, match="exactly one place"):
        game.restore(data)
    with pytest.raises(consim.RestoreError, match="options"):
        consim.load_game("iraq", players=3).restore(state.to_dict())


def test_undo_stops_at_draws_and_reveals() -> None:
    game = consim.load_game("iraq", players=2)
    state = game.new_game(1)
    assert not state.can_undo()  # the deal
    state.apply("US", state.legal_actions("US")[0])
    assert state.can_undo("US") and not state.can_undo("Insurgent")
    state.apply("US", "done")
    state.apply("Insurgent", "done")  # redraws happen
    assert not state.can_undo()
    with pytest.raises(IllegalAction, match="nothing to undo"):
        state.undo()


def test_ambiguous_loose_input() -> None:
    # two legal actions that differ only by case are ambiguous when typed loosely
    from tests.core.toy import ToyGame, TwoCases

    state = ToyGame().new_game(1)
    with state.edit():
        state.stack.append(TwoCases())
    with pytest.raises(AmbiguousAction, match="several"):
        state.apply("A", "PICK a")
    state.apply("A", "pick A")


def test_the_cache_lasts_for_one_position() -> None:
    """``State.cached`` answers a query once per position: a clone starts afresh, and every
    action (or undo) empties it."""
    from tests.core.toy import ToyGame

    state = ToyGame().new_game(1)
    builds: list[object] = []

    def build() -> object:
        builds.append(object())
        return builds[-1]

    first = state.cached("query", build)
    assert state.cached("query", build) is first and len(builds) == 1
    assert state.clone().cached("query", build) is not first
    state.apply("A", "bid 1")
    second = state.cached("query", build)
    assert second is not first
    state.undo()
    assert state.cached("query", build) is not second


def test_malformed_research_input_is_refused_as_illegal_action() -> None:
    """apply_joint(None), action indices that are not whole numbers in range, and actions
    built by hand with the wrong parts raise IllegalAction (or its subclasses), never
    AttributeError, IndexError or TypeError alone (issue 31, section 4)."""
    state = consim.load_game("iraq", players=2).new_game(1)
    game = state.game
    before = state.to_dict()
    cases = [
        lambda: state.apply_joint(None),  # type: ignore[arg-type]
        lambda: game.action_at(-1),
        lambda: game.action_at("3"),  # type: ignore[arg-type]
        lambda: game.action_at(1.0),  # type: ignore[arg-type]
        lambda: game.action_at(game.num_actions()),
        lambda: Action("go", (3,)),  # type: ignore[arg-type]
        lambda: Action(3),  # type: ignore[arg-type]
        lambda: Action("go", "abc"),  # type: ignore[arg-type]
        lambda: state.apply("US", tuple.__new__(Action, ("discard", ("x", 3), "t"))),
        lambda: state.apply("US", tuple.__new__(Action, ("discard",))),
        lambda: state.apply("US", tuple.__new__(Action, (5, (), "t"))),
        lambda: game.action_index(tuple.__new__(Action, ("discard", ["x"], "t"))),
    ]
    for case in cases:
        with pytest.raises(consim.IllegalAction):
            case()
    assert state.to_dict() == before
    assert game.action_at(np.int64(0)) == game.action_at(0)
    with pytest.raises(IndexError):  # still an IndexError too
        game.action_at(game.num_actions())
