"""Command-line arguments shared by the commands: game options and seat assignments."""

from __future__ import annotations

import re
from collections.abc import Sequence
from typing import Any

from consim.core.errors import OptionError
from consim.core.game import Game

_INT = re.compile(r"[+-]?\d+")
_FLOAT = re.compile(r"[+-]?(\d+\.\d*|\.\d+)([eE][+-]?\d+)?")


def parse_value(raw: str) -> Any:
    """An option value from the command line: booleans, integers, decimals, else text.

    >>> [parse_value(v) for v in ("true", "False", "12", "-3", "0.5", "declare")]
    [True, False, 12, -3, 0.5, 'declare']
    """
    low = raw.strip().lower()
    if low in ("true", "yes", "on"):
        return True
    if low in ("false", "no", "off"):
        return False
    if _INT.fullmatch(low):
        return int(low)
    if _FLOAT.fullmatch(low):
        return float(low)
    return raw


def parse_options(
    players: int | None, option: Sequence[str], advanced: bool = False, scenario: int | None = None
) -> dict[str, Any]:
    """``--players N``, ``--advanced``, ``--scenario N`` and ``--option KEY=VALUE`` into the
    game's keyword options (the game itself rejects an option it does not have).

    >>> parse_options(3, ["turns=4", "civil-war-side=declare"])
    {'players': 3, 'turns': 4, 'civil_war_side': 'declare'}
    >>> parse_options(None, [], advanced=True)
    {'advanced': True}
    >>> parse_options(None, ["victory=points"], scenario=5)
    {'scenario': 5, 'victory': 'points'}
    """
    opts: dict[str, Any] = {}
    if players is not None:
        opts["players"] = players
    if advanced:
        opts["advanced"] = True
    if scenario is not None:
        opts["scenario"] = scenario
    named = {"players": players, "scenario": scenario}
    for item in option:
        key, sep, raw = item.partition("=")
        key = key.strip().replace("-", "_")
        if not sep or not key:
            raise OptionError(f"--option needs KEY=VALUE, got {item!r}")
        value = parse_value(raw)
        given = named.get(key)
        if given is not None and value != given:
            raise OptionError(f"--{key} {given} and --option {key}={raw} disagree")
        opts[key] = value
    return opts


def check_scenario(game_cls: type[Game], options: dict[str, Any]) -> None:
    """``--scenario`` is for games that have a ``scenario`` option: say so plainly otherwise."""
    if "scenario" in options and "scenario" not in game_cls.Options.model_fields:
        raise OptionError(f"{game_cls.id} has no scenarios: leave out --scenario")


def parse_seats(game: Game, seat: Sequence[str]) -> dict[str, str]:
    """``--seat US=random`` items into {seat: bot kind}; seat names ignore case."""
    chosen: dict[str, str] = {}
    for item in seat:
        name, sep, kind = item.partition("=")
        match = [s for s in game.seats if s.casefold() == name.strip().casefold()]
        if not sep or not kind.strip():
            raise OptionError(f"--seat needs SEAT=KIND, got {item!r}")
        if not match:
            raise OptionError(f"unknown seat {name!r} for {game.id}; seats are {', '.join(game.seats)}")
        chosen[match[0]] = kind.strip().removeprefix("bot:")
    return chosen
