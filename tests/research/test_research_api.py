"""The research contract (issue 14, section 1): fixed action spaces, legal masks,
observations, information states, game metadata, for every game.

Random games are played per game (few for Fitna, whose games are long); at every decision
each legal action must map to an index and back to an equal action, and the mask must equal
the legal set. Observations must keep their documented length and range.
"""

from __future__ import annotations

from typing import Any

import numpy as np
import pytest

import consim
from consim.core.encoding import ActionSpace, Form, NotInActionSpace, Vocab
from consim.core.rng import Rng

#: (game, options, seeds): every game, a spread of its variants
CASES: list[tuple[str, dict[str, Any], int]] = [
    ("iraq", {"players": 2}, 6),
    ("iraq", {"players": 5, "max_trade_cards": 5, "turns": 3}, 6),
    ("iraq", {"players": 3, "civil_war_side": "declare", "turns": 4}, 6),
    ("jihad", {}, 4),
    ("jihad", {"advanced": True}, 6),
    ("baghdad", {"players": 3}, 4),
    ("baghdad", {"players": 6}, 3),
    ("baghdad", {"players": 4, "commitment": "units", "zero_bid_price": "bid"}, 3),
    ("fitna", {"scenario": 1}, 1),
    ("fitna", {"scenario": 3}, 1),
]
IDS = [f"{g}-{'-'.join(f'{k}={v}' for k, v in o.items()) or 'default'}" for g, o, _ in CASES]


@pytest.mark.parametrize(("name", "opts", "seeds"), CASES, ids=IDS)
def test_every_legal_action_has_an_index_and_the_mask_is_the_legal_set(
    name: str, opts: dict[str, Any], seeds: int
) -> None:
    game = consim.load_game(name, **opts)
    n = game.num_actions()
    spec = game.observation_spec()
    info = game.info()
    assert info.num_actions == n and info.observation_size == spec.size
    checked = 0
    for seed in range(seeds):
        state = game.new_game(seed)
        rng = Rng(seed + 17)
        steps = 0
        while not state.is_over():
            for seat in state.to_act():
                legal = state.legal_actions(seat)
                indices = [game.action_index(a) for a in legal]
                assert [game.action_at(i) for i in indices] == legal
                mask = state.legal_mask(seat)
                assert mask.dtype == np.int8 and mask.shape == (n,)
                assert set(np.flatnonzero(mask).tolist()) == set(indices)
                assert int(mask.sum()) == len(legal)
                if steps % 25 == 0:
                    obs = state.observation(seat)
                    assert obs.dtype == np.float32 and obs.shape == (spec.size,)
                    assert np.all(obs >= spec.low) and np.all(obs <= spec.high)
                checked += 1
                state.apply(seat, legal[rng.randbelow(len(legal))])
                steps += 1
        assert steps <= info.max_decisions
        out = state.outcome()
        assert out is not None
        assert all(info.min_score <= v <= info.max_score for v in out.scores.values())
    assert checked > 100


@pytest.mark.parametrize("name", consim.list_games())
def test_info_is_documented_and_consistent(name: str) -> None:
    game = consim.load_game(name)
    info = game.info()
    assert info.game == name and info.seats == game.seats and info.num_players == len(game.seats)
    assert info.utility in ("zero-sum", "constant-sum", "general-sum")
    assert info.chance in ("deterministic", "sampled")
    assert info.min_score < info.max_score and info.max_decisions > 0 and info.score_unit
    assert info.simultaneous == (name != "jihad")
    # a fixed space: the same for every state of one game, and action_at inverts action_index
    assert game.num_actions() == len(game.action_space)
    for i in (0, game.num_actions() // 2, game.num_actions() - 1):
        assert game.action_index(game.action_at(i)) == i
    with pytest.raises(IndexError):
        game.action_at(game.num_actions())
    with pytest.raises(NotInActionSpace):
        game.action_index("xyzzy nothing")
    rows = game.observation_spec().describe()
    assert sum(r["size"] for r in rows) == game.observation_spec().size
    assert len(set(game.observation_spec().names)) == game.observation_spec().size


@pytest.mark.parametrize("name", consim.list_games())
def test_numpy_seeds_and_spectator_observations(name: str) -> None:
    game = consim.load_game(name)
    state = game.new_game(np.int64(3))
    assert state.to_dict() == game.new_game(3).to_dict()
    assert state.observation(None).shape == (game.observation_spec().size,)


@pytest.mark.parametrize("name", consim.list_games())
def test_information_state_is_per_seat_and_stable(name: str) -> None:
    game = consim.load_game(name)
    state = game.new_game(5)
    rng = Rng(2)
    for _ in range(40):
        if state.is_over():
            break
        seat = state.to_act()[0]
        legal = state.legal_actions(seat)
        state.apply(seat, legal[rng.randbelow(len(legal))])
    for seat in game.seats:
        info = state.information_state(seat)
        assert info.seat == seat
        assert list(info.actions) == [t for s, t in state.record().actions if s == seat]
        assert [e.text for e in info.events] == [e.text for e in state.visible_log(seat)]
        assert all(
            (e.kind == "public") == (src.audience is None)
            for e, src in zip(info.events, state.visible_log(seat), strict=True)
        )
        assert info.string() == state.clone().information_state(seat).string()
        assert info.string() == game.restore(state.to_dict()).information_state(seat).string()


def test_action_space_layout_is_mixed_radix() -> None:
    a, b = Vocab("a", ("x", "y", "z")), Vocab.numbers("n", 0, 1)
    space = ActionSpace([Form("done"), Form("go", (a, b)), Form("go", (a,))])
    assert space.size == 1 + 6 + 3
    assert [space.at(i).text for i in range(space.size)] == [
        "done",
        "go x 0",
        "go x 1",
        "go y 0",
        "go y 1",
        "go z 0",
        "go z 1",
        "go x",
        "go y",
        "go z",
    ]
    assert space.find(consim.Action("go", ("w",))) == -1
    with pytest.raises(ValueError, match="listed twice"):
        ActionSpace([Form("done"), Form("done")])
    with pytest.raises(ValueError, match="repeats"):
        Vocab("v", ("a", "a"))


def test_baghdad_card_pairs_have_indices_in_every_phase() -> None:
    """A pair of cards is an action in two phases: a Political Maneuver in the Initiative Phase
    ("maneuver") and a combination in the Action Phase ("combine"). Random play seldom holds a
    pair at the right moment, so every pair of cards with symbols is checked here."""
    game = consim.load_game("baghdad", players=3)
    tables = game.tables
    names = sorted({tables.card_name[c] for c in range(len(tables.card_name)) if tables.card_of[c].symbols})
    assert len(names) > 5
    for verb in ("maneuver", "combine"):
        for a in names:
            for b in names:
                action = game.action(verb, a, b)
                assert game.action_at(game.action_index(action)) == action


def test_baghdad_defection_choices_have_indices() -> None:
    """[Glossary: Defection] the target chooses the mix of its leaving units, ``lose SEC INF``:
    two numbers, a form of its own in the grammar (issue 31, section 1)."""
    from tests.games.baghdad.conftest import act, give
    from tests.games.baghdad.test_action import ORDER3, move_ready

    st = move_ready({("Shiite", "sadr_city"): (1, 0), ("Sunni", "adhamiyah"): (2, 2)}, ORDER3)
    with st.edit():
        give(st, "Shiite", "Humanitarian Aid", "Informant")
    for text in ('combine "Humanitarian Aid" Informant', "target Sunni", "in Adhamiyah"):
        act(st, text)
    legal = st.legal_actions("Sunni")
    assert [a.text for a in legal] == ["lose 1 2", "lose 2 1"]
    game = st.game
    assert [game.action_at(game.action_index(a)) for a in legal] == legal
    assert int(st.legal_mask("Sunni").sum()) == 2


def test_determinize_takes_a_seed_or_any_common_generator() -> None:
    """``determinize`` takes the engine's generator (``consim.Rng``), an int seed, a
    ``random.Random`` or a NumPy generator; the same seed gives the same deal (issue 31)."""
    import random

    state = consim.load_game("iraq", players=3).new_game(4)
    seat = state.to_act()[0]
    by_int = state.determinize(seat, 11).to_dict()
    assert state.determinize(seat, consim.Rng(11)).to_dict() == by_int
    assert state.determinize(seat, np.int64(11)).to_dict() == by_int
    for make in (random.Random, np.random.default_rng):
        assert state.determinize(seat, make(5)).to_dict() == state.determinize(seat, make(5)).to_dict()
    shared = consim.Rng(11)  # one generator, drawn from: two different deals
    assert state.determinize(seat, shared).to_dict() != state.determinize(seat, shared).to_dict()
    for bad in ("11", 1.5, None, True):
        with pytest.raises(consim.IllegalAction, match="determinize"):
            state.determinize(seat, bad)  # type: ignore[arg-type]


def test_a_determinization_replays_with_the_messages_its_seat_read() -> None:
    state = consim.load_game("iraq", players=3).new_game(2)
    rng = Rng(1)
    for _ in range(12):
        seat = state.to_act()[0]
        state.apply(seat, state.legal_actions(seat)[rng.randbelow(len(state.legal_actions(seat)))])
    state.say("Sunni", ["Shia"], "trade with me")
    state.say("Kurd", None, "hello all")
    det = state.determinize("Shia", 3)
    assert [m.text for m in det.chat("Shia")] == ["trade with me", "hello all"]
    assert [m.text for m in det.chat("Kurd")] == ["hello all"]  # what Shia could not read is gone
    again = consim.replay(det.record())
    assert again.to_dict() == det.to_dict()
    assert [m.text for m in again.chat("Shia")] == ["trade with me", "hello all"]


#: (game, options, games): random games whose observations are compared with the legal sets
_DECISIONS = [
    ("jihad", {}, 6),
    ("jihad", {"advanced": True}, 4),
    ("baghdad", {"players": 3}, 3),
    ("fitna", {"scenario": 1}, 2),
]


@pytest.mark.parametrize(("name", "opts", "games"), _DECISIONS, ids=[f"{g}-{o}" for g, o, _ in _DECISIONS])
def test_observations_say_what_is_being_decided(name: str, opts: dict[str, Any], games: int) -> None:
    """An observation encodes the decision in progress (issue 31, section 3): few distinct
    observation vectors may occur with more than one legal set (before: 15-22% in The First
    Jihad, 29-33% in Battle for Baghdad, 40-50% in Fitna; now under 5%)."""
    game = consim.load_game(name, **opts)
    seen: dict[tuple[str, bytes], set[frozenset[str]]] = {}
    for seed in range(games):
        state = game.new_game(seed)
        state.keep_undo = False
        rng = Rng(seed + 77)
        while not state.is_over():
            seat = state.to_act()[0]
            legal = state.legal_actions(seat)
            key = (seat, state.observation(seat).tobytes())
            seen.setdefault(key, set()).add(frozenset(a.text for a in legal))
            state.apply(seat, legal[rng.randbelow(len(legal))])
    shared = sum(1 for sets in seen.values() if len(sets) > 1)
    assert len(seen) > 300
    assert shared / len(seen) < 0.05, f"{shared} of {len(seen)} observations occur with several legal sets"


def test_baghdad_observation_names_the_phase_in_every_phase() -> None:
    """The phase field is one-hot over every phase the view can name: the starting forces
    placed one by one, and the Initiative Phase's maneuvers, bids and choice of first player
    (they once observed as no phase at all)."""
    game = consim.load_game("baghdad", players=4, placement="choose", zero_bid_price="bid")
    names = game.observation_spec().names
    phase_at = {n[len("phase[") : -1]: i for i, n in enumerate(names) if n.startswith("phase[")}
    seen = set()
    for seed in range(4):
        state = game.new_game(seed)
        rng = consim.Rng(seed)
        for _ in range(400):  # the set-up and the first turns
            seat = state.to_act()[0]
            phase = state.view(seat)["phase"]
            obs = state.observation(seat)
            assert [p for p, i in phase_at.items() if obs[i] == 1] == [phase]
            seen.add(phase)
            actions = state.legal_actions(seat)
            state.apply(seat, actions[rng.randbelow(len(actions))])
    assert {"place", "maneuver", "bid", "first"} <= seen
