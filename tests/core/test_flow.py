"""The core's flow and state machinery, through a toy game that uses every construct:
automatic frames, a secret simultaneous choice with take-back, a reaction window, a menu,
undo by snapshot, versions, hand-built positions, chat, records and replays."""

from __future__ import annotations

import json
import warnings
from typing import Any

import pytest

import consim
from consim import IllegalAction
from consim.core.errors import VersionConflict
from consim.core.game import Game, normal_seed
from consim.core.replay import ContentChanged
from tests.core.toy import Bids, ToyGame, ToyState


def new(seed: int = 1, **opts: Any) -> ToyState:
    state = ToyGame(**opts).new_game(seed)
    assert isinstance(state, ToyState)
    return state


def bid_all(state: ToyState, bids: dict[str, int], order: list[str] | None = None) -> None:
    for seat in order or list(bids):
        state.apply(seat, f"bid {bids[seat]}")
        state.apply(seat, "done")


def test_automatic_frames_run_until_a_decision_and_skip_undecidable_ones() -> None:
    state = new()
    assert state.to_act() == ("A", "B")  # both bid at once; the Stuck frame above was skipped
    assert isinstance(state.top, Bids)
    prompt = state.prompt("A")
    assert prompt.rule == "2" and "Bid" in prompt.text
    assert [a.text for a in prompt.actions][-1] == "done"
    assert state.view(None)["round"] == 1


def test_secret_choice_is_the_same_whatever_order_seats_submit() -> None:
    a, b = new(3), new(3)
    bid_all(a, {"A": 2, "B": 1}, ["A", "B"])
    bid_all(b, {"A": 2, "B": 1}, ["B", "A"])
    assert a.to_dict()["data"] == b.to_dict()["data"]
    assert [e.text for e in a.visible_log(None)] == [e.text for e in b.visible_log(None)]


def test_a_seat_may_take_back_its_choice_until_the_last_seat_commits() -> None:
    state = new()
    state.apply("A", "bid 3")
    with pytest.raises(IllegalAction, match="nothing to take back"):
        state.apply("A", "retract")  # not committed yet
    state.apply("A", "done")
    assert state.to_act() == ("B",)
    assert "retract" in state.prompt("A").text
    state.apply("A", "retract")
    assert state.to_act() == ("A", "B")
    assert state.prompt("A").text.endswith("(now 3).")  # its choice as it was
    state.apply("A", "bid 1")
    state.apply("A", "done")
    state.apply("B", "done")
    assert state.view(None)["chips"] == {"A": 4, "B": 5}
    with pytest.raises(IllegalAction, match="nothing to take back"):
        state.apply("A", "retract")  # revealed: too late
    assert ("A", "retract") in state.record().actions
    assert consim.replay(state.record(), game=state.game).to_dict() == state.to_dict()


def test_reaction_window_asks_only_who_can_respond_unless_told_to_ask_everyone() -> None:
    for seed in range(30):
        state = new(seed)
        holder = next(s for s in ("A", "B") if 0 in state.data.hands[s])
        bid_all(state, {"A": 0, "B": 0})
        assert state.to_act() == (holder,)  # the other seat has nothing to play: passed over
        assert [a.text for a in state.legal_actions(holder)] == ["pass", "trump"]
        state.apply(holder, "trump")
        assert state.to_act() == (holder,)  # the window closed; the trump player picks a reward
        return
    pytest.fail("no seed deals the Trump to a seat")


def test_reaction_window_can_ask_everyone_to_keep_hands_secret() -> None:
    state = new(1, ask_everyone=True)
    bid_all(state, {"A": 0, "B": 0})
    asked = []
    while state.data.phase == "react":
        seat = state.to_act()[0]
        asked.append(seat)
        state.apply(seat, "pass")
    assert asked == ["A", "B"]


def test_menu_is_built_once_per_position_and_carries_each_action_out() -> None:
    state = new(2)
    bid_all(state, {"A": 2, "B": 1})
    while state.data.phase == "react":
        state.apply(state.to_act()[0], "pass")
    seat = state.to_act()[0]
    assert [a.text for a in state.legal_actions(seat)] == ["points", "roll"]
    state.prompt(seat)
    state.legal_actions(seat)
    assert state.cache["menu builds"] == 1
    state.apply(seat, "points")
    assert state.data.score[seat] == 2


def test_undo_returns_to_the_floor_snapshot_without_replaying_from_the_seed(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    state = new()
    state.apply("A", "bid 2")
    state.apply("A", "bid 3")
    v = state.version
    monkeypatch.setattr(Game, "new_game", lambda *a, **k: pytest.fail("undo replayed from the seed"))
    state.undo("A")
    assert state.prompt("A").text.endswith("(now 2).")
    assert state.version == v + 1
    assert len(state.record().actions) == 1
    with pytest.raises(IllegalAction, match="nothing to undo"):
        state.undo("B")  # not B's action


def test_undo_stops_at_a_reveal_and_a_die_roll() -> None:
    state = new(2)
    bid_all(state, {"A": 2, "B": 1})  # the reveal
    assert not state.can_undo()
    while state.data.phase == "react":
        state.apply(state.to_act()[0], "pass")
    seat = state.to_act()[0]
    state.apply(seat, "roll")
    assert not state.can_undo()


def test_undo_survives_a_save_and_restore() -> None:
    state = new()
    state.apply("A", "bid 2")
    state.apply("B", "bid 1")
    assert not state.game.restore(state.to_dict()).can_undo()  # a plain save keeps the position only
    again = state.game.restore(json.loads(json.dumps(state.to_dict(undo=True))))
    again.undo("B")
    state.undo("B")
    assert again.to_dict() == state.to_dict()


def test_expect_version_refuses_a_stale_action_and_changes_nothing() -> None:
    state = new()
    v = state.version
    state.apply("A", "bid 1", expect_version=v)
    before = state.to_dict()
    with pytest.raises(VersionConflict, match="changed"):
        state.apply("B", "bid 1", expect_version=v)
    assert state.to_dict() == before
    assert isinstance(VersionConflict("x"), IllegalAction)


def test_clones_are_independent_and_share_nothing_mutable() -> None:
    state = new()
    state.apply("A", "bid 2")
    twin = state.clone()
    twin.apply("A", "done")
    twin.data.hands["A"].append(3)
    twin.data.marks.add(1)
    assert state.to_act() == ("A", "B") and 3 not in state.data.hands["A"] and not state.data.marks
    assert len(state.log) < len(twin.log)
    state.apply("B", "bid 1")
    assert twin.record().actions == [("A", "bid 2"), ("A", "done")]


def test_log_entries_have_sequence_numbers_references_and_audiences() -> None:
    state = new()
    bid_all(state, {"A": 1, "B": 2})
    log = state.log
    assert [e.seq for e in log] == list(range(len(log)))
    assert any(e.refs == (("round", "1"),) for e in log)
    mine = [e.text for e in state.visible_log("A")]
    assert "You bid 1." in mine and "You bid 2." not in mine
    n = len(log) - 2
    assert state.visible_log(None, since=n) == [e for e in log[n:] if e.audience is None]
    assert "log" not in state.to_dict(log=False)
    restored = state.game.restore(state.to_dict(log=False))
    assert restored.log == [] and restored.to_dict(log=False) == state.to_dict(log=False)


def test_chat_is_delivered_recorded_and_kept_out_of_the_game() -> None:
    state = new()
    state.apply("A", "bid 1")
    state.apply("A", 'say B "let us both bid low"')
    state.say("B", None, "hello table")
    assert [m.text for m in state.chat("B")] == ["let us both bid low", "hello table"]
    assert [m.text for m in state.chat(None)] == ["hello table"]
    assert state.record().actions == [("A", "bid 1")]
    assert state.can_undo("A")  # a message does not stand in the way of undo
    again = consim.replay(state.record(), game=state.game)
    assert [m.text for m in again.chat("B")] == ["let us both bid low", "hello table"]
    with pytest.raises(IllegalAction, match="recipients"):
        state.say("A", ["Nobody"], "hi")


def test_a_position_built_by_hand_replays_from_its_start() -> None:
    state = new()
    with state.edit() as d:
        d.chips["A"] = 1
        d.score["B"] = 7
    assert state.record().start is not None and state.record().actions == []
    assert [a.text for a in state.legal_actions("A")] == ["bid 0", "bid 1", "done"]
    bid_all(state, {"A": 1, "B": 3})
    again = consim.replay(state.record(), game=state.game)
    assert again.to_dict() == state.to_dict()


def test_a_bad_edit_is_refused_with_the_field_named() -> None:
    state = new()
    with (
        pytest.raises(consim.RestoreError, match=r"data\.chips\['A'\]: expected an integer"),
        state.edit() as d,
    ):
        d.chips["A"] = "many"  # type: ignore[assignment]


def test_restore_checks_every_value_against_its_type() -> None:
    state = new()
    data = state.to_dict()
    data["data"]["hands"]["A"] = ["Joker"]
    with pytest.raises(consim.RestoreError, match=r"data\.hands\['A'\]\[0\]: expected the name of a card"):
        state.game.restore(data)
    data = state.to_dict()
    data["stack"][-1]["frame"] = "nonsense"
    with pytest.raises(consim.RestoreError, match="frames"):
        state.game.restore(data)


class _Index:
    def __index__(self) -> int:
        return 12


def test_seeds_accept_integer_like_values_and_store_the_seed_used() -> None:
    game = ToyGame()
    assert game.new_game(_Index()).seed == 12
    assert game.new_game(-1).seed == 2**64 - 1 == normal_seed(-1)
    assert game.new_game(2**64 + 5).to_dict() == game.new_game(5).to_dict()
    for bad in ("7", 1.5, True):
        with pytest.raises(ValueError, match="seed"):
            game.new_game(bad)


def test_records_name_the_engine_and_the_content() -> None:
    state = new()
    record = state.record()
    assert record.engine.startswith("consim ")
    iraq = consim.load_game("iraq", players=2).new_game(1).record()
    assert len(iraq.content) == 16 and iraq.content == type(consim.load_game("iraq")).content_hash()
    iraq.content = "0" * 16
    with pytest.warns(ContentChanged, match="other content files"):
        consim.replay(iraq)
    iraq.actions = [("US", "discard Nothing")]
    with warnings.catch_warnings():
        warnings.simplefilter("ignore", ContentChanged)
        with pytest.raises(IllegalAction, match="other iraq content files"):
            consim.replay(iraq)


def test_controller_defaults_to_the_faction_of_the_same_name() -> None:
    state = new()
    assert state.controller("B") == "B" and state.game.factions == ("A", "B")


def test_random_games_finish() -> None:
    from consim.bots.driver import bots_for, play_out

    game = ToyGame(players=3, rounds=4)
    for seed in range(20):
        state = game.new_game(seed)
        play_out(state, bots_for(game, "random", seed))
        out = state.outcome()
        assert out is not None and out.turns == 4


def test_scripted_dice_set_before_an_edit_drive_the_steps_after_it() -> None:
    from consim.core.testing import LoadedDice

    state = new(2)
    bid_all(state, {"A": 2, "B": 1})
    while state.data.phase == "react":
        state.apply(state.to_act()[0], "pass")
    seat = state.to_act()[0]
    state.rng = LoadedDice([6])
    with state.edit():
        pass
    assert isinstance(state.rng, LoadedDice)
    state.apply(seat, "roll")
    assert state.data.rolls[-1] == 6
    assert "menu builds" not in state.cache or state.cache["menu builds"] == 1  # nothing stale
