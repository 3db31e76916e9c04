"""The leak check over time: a position and its twin that a seat cannot tell apart (made by the
game's ``testing.perturb``) are played on with the same actions, and everything the seat is
shown must stay the same in both: its view, the log lines it can read, who is to act, and its
own legal actions. Differences found this way come from the engine's behaviour (when a move
ends, which cards are offered), not only from what a view prints."""

from __future__ import annotations

from collections.abc import Callable

from consim import Action, State
from consim.core.rng import Rng

Perturb = Callable[..., tuple[State, Callable[[Action], Action]]]


def follow_twins(state: State, seat: str | None, perturb: Perturb, rng: Rng, horizon: int = 25) -> int:
    """Play up to ``horizon`` random actions from ``state`` and from its twin for ``seat`` (the
    draw piles kept, so that later draws are the same), and check that ``seat`` is shown the
    same things after each: its view, the log lines it reads, who is to act and, when it is
    to act, the question it is asked and its choices. Stops where the twins may rightly part:
    an action that shows the seat hidden information (a reveal, a draw, a combat it fights),
    an action of another seat
    that depends on what differs (it is not legal in the twin), or a draw of the generator
    that the twins make a different number of times. Returns how many actions were compared;
    an ``AssertionError`` says what differed."""
    a = state.clone()
    b, translate = perturb(state, seat, rng, False)
    compared = 0
    where = f"{seat or 'a spectator'} from {state!r}"
    for _ in range(horizon):
        if a.is_over():
            assert b.is_over(), f"{where}: the game ends in one twin only"
            break
        actors = a.to_act()
        assert actors == b.to_act(), f"{where}: {actors} to act, not {b.to_act()}"
        actor = actors[rng.randbelow(len(actors))]
        legal = a.legal_actions(actor)
        if actor == seat:
            asked = a.prompt(seat).text
            assert asked == b.prompt(seat).text, f"{where}: asked {asked!r}, not {b.prompt(seat).text!r}"
            assert legal == b.legal_actions(seat), f"{where}: its choices differ at {asked!r}"
        action = legal[rng.randbelow(len(legal))]
        mirrored = action if actor == seat else translate(action)
        if mirrored not in b.legal_actions(actor):
            break  # the other seat's choice depends on what differs
        calls = a.rng.calls, b.rng.calls
        seen_a = [e.text for e in a.apply(actor, action) if e.visible_to(seat)]
        seen_b = [e.text for e in b.apply(actor, mirrored) if e.visible_to(seat)]
        who = seat if seat is not None else "__public__"
        if a.last_action_revealed_to(who) or b.last_action_revealed_to(who):
            break
        if a.rng.calls - calls[0] != b.rng.calls - calls[1]:
            break
        assert seen_a == seen_b, f"{where}: {actor}'s {action.text} shows {seen_a}, not {seen_b}"
        assert a.view(seat) == b.view(seat), f"{where}: its view differs after {actor}'s {action.text}"
        compared += 1
    return compared
