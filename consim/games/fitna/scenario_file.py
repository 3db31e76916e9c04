"""A player's own scenario (33.0): one YAML file holding one scenario, written like an entry of
``content/scenarios.yaml`` (the same fields, see ``schema.Scenario``), or built from one of
the game's scenarios with ``based_on: N``: the fields the file gives replace that scenario's,
whole (a ``setup`` given is the whole set-up, and the scenario's entrenchments, which belong
to its set-up, go unless the file gives ``entrenched`` too), the others are kept.

``check(path)`` lists every problem as ``file:line: field: problem``: YAML and field errors,
unknown spaces and counters (set-up, control, entrenchments, reinforcements, victory
conditions), a counter used twice, an entrenchment twice or where no unit stands, stacking
broken at set-up (4.0), enemies stacked together, unknown seats. With no problem,
``load(path)`` gives the game's content with this scenario alone in it, playable, for
``FitnaGame(content=..., scenario=N)``: ``load_game("fitna", scenario_file=path)`` and
``consim play fitna --scenario-file path`` go through it.
"""

from __future__ import annotations

from functools import cache
from pathlib import Path
from typing import Any

from pydantic import ValidationError

from consim.core.content import FileProvenance, read_yaml
from consim.core.errors import ContentError
from consim.games.fitna.content import FitnaContent, default_content
from consim.games.fitna.schema import Scenario, ScenariosFile

Lines = dict[tuple[Any, ...], int]
#: the victory levels of a seat's table whose conditions may name spaces
LEVEL_KEYS = ("prerequisites", "minor", "major", "decisive")
#: the provenance of a player's own scenario: the file, and each of its records that names no
#: ``source`` and is not marked ``reconstructed``
OWN_SOURCE = "a player's own scenario (33.0)"


def _where(path: Path, lines: Lines, loc: tuple[Any, ...]) -> str:
    """``file:line`` of the deepest part of ``loc`` the file gives (``file`` alone if none)."""
    for cut in range(len(loc), -1, -1):
        line = lines.get(loc[:cut])
        if line is not None:
            return f"{path}:{line}"
    return str(path)


def _list(x: Any) -> list[Any]:
    return x if isinstance(x, list) else []


def _dict(x: Any) -> dict[Any, Any]:
    return x if isinstance(x, dict) else {}


def _problem(path: Path, lines: Lines, loc: tuple[Any, ...], message: str) -> str:
    field = ".".join(str(p) for p in loc) or "(file)"
    return f"{_where(path, lines, loc)}: {field}: {message}"


def _merged(raw: Any, path: Path, lines: Lines, content: FitnaContent) -> tuple[dict[str, Any], list[str]]:
    """The scenario's fields: the file's, on top of those of its ``based_on`` scenario."""
    if not isinstance(raw, dict):
        return {}, [f"{path}:1: (file): a scenario file holds one scenario: a mapping of its fields"]
    if "scenarios" in raw:
        return {}, [
            _problem(
                path,
                lines,
                ("scenarios",),
                "one scenario per file: write its fields at the top level, not a 'scenarios' list",
            )
        ]
    data = dict(raw)
    base = data.pop("based_on", None)
    if base is None:
        return data, []
    found = [s for s in content.scenarios.scenarios if s.number == base]
    if not found:
        known = ", ".join(str(s.number) for s in content.scenarios.scenarios)
        return {}, [
            _problem(path, lines, ("based_on",), f"no scenario {base!r} to build on (known: {known})")
        ]
    merged = found[0].model_dump(mode="json")
    if "setup" in data:
        merged["entrenched"] = []  # the set-up's entrenchments go with it (give them anew)
    merged.update(data)
    return merged, []


def _references(data: dict[str, Any], path: Path, lines: Lines, content: FitnaContent) -> list[str]:
    """[4.0, 6.0, 31.0] What the schema alone cannot see, each with the line that causes it."""
    out: list[str] = []
    spaces = {s.id for s in content.map.spaces}
    space_name = {s.id: s.name for s in content.map.spaces}
    counters = {c.id: c for c in content.counters.counters}
    seats = _list(data.get("seats"))
    names = [s.get("name") for s in seats if isinstance(s, dict)]
    seat_of = {f: s.get("name") for s in seats if isinstance(s, dict) for f in s.get("forces") or ()}

    def add(loc: tuple[Any, ...], message: str) -> None:
        out.append(_problem(path, lines, loc, message))

    def bad_space(loc: tuple[Any, ...], sid: Any, what: str) -> None:
        if isinstance(sid, str) and sid not in spaces:
            add(loc, f"{what} names unknown space {sid!r}")

    # [6.0] the set-up: every counter once, on a known space; stacking respected
    first: dict[str, tuple[Any, ...]] = {}
    stacks: dict[str, list[tuple[int, Any]]] = {}
    setup = _list(data.get("setup"))
    for i, p in enumerate(setup):
        if not isinstance(p, dict):
            continue
        cid, sid = p.get("counter"), p.get("space")
        if isinstance(cid, str):
            if cid in first:
                was = _where(path, lines, first[cid])
                add(("setup", i, "counter"), f"counter {cid!r} is used twice (first at {was})")
            first.setdefault(cid, ("setup", i, "counter"))
        bad_space(("setup", i, "space"), sid, "the set-up")
        if isinstance(cid, str) and cid in counters and isinstance(sid, str) and sid in spaces:
            stacks.setdefault(sid, []).append((i, counters[cid]))
    # [19.0] entrenchments at set-up: known spaces, one marker each, on a space with units
    dug_in = _list(data.get("entrenched"))
    for i, sid in enumerate(dug_in):
        bad_space(("entrenched", i), sid, "an entrenchment")
        if not isinstance(sid, str) or sid not in spaces:
            continue
        if sid in dug_in[:i]:
            add(("entrenched", i), f"{space_name[sid]} is entrenched twice (one marker a space, 19.0)")
        elif sid not in stacks:
            add(("entrenched", i), f"no unit is set up on {space_name[sid]} to hold its entrenchment (19.0)")
    reinforcements = _dict(data.get("reinforcements"))
    for seat, batches in reinforcements.items():
        if seat not in names:
            add(("reinforcements", seat), f"reinforcements for unknown seat {seat!r}")
        for j, batch in enumerate(_list(batches)):
            for k, cid in enumerate(_list(_dict(batch).get("counters"))):
                loc: tuple[Any, ...] = ("reinforcements", seat, j, "counters", k)
                if isinstance(cid, str) and cid in first:
                    was = _where(path, lines, first[cid])
                    add(loc, f"counter {cid!r} is used twice (first at {was})")
                if isinstance(cid, str):
                    first.setdefault(cid, loc)
    for sid, units in stacks.items():
        where = space_name[sid]
        limit = 4 if all(u.force == "is" for _, u in units) else 3
        loc = ("setup", units[-1][0], "space")
        if len(units) > limit:
            add(loc, f"{len(units)} units on {where} at set-up: at most {limit} (4.0)")
        if sum(1 for _, u in units if u.size == "corps") > 1:
            add(loc, f"two corps on {where} at set-up (4.0)")
        sides = sorted({str(seat_of.get(u.force, u.force)) for _, u in units})
        if len(sides) > 1:
            add(loc, f"enemy units stacked on {where} at set-up: {', '.join(sides)} (4.0)")
    # [5.0] control at the start
    control = _dict(data.get("control"))
    for who, ids in control.items():
        if who not in names and str(who).casefold() not in ("is", "kdp", "pyd", "pkk"):
            add(("control", who), f"control given to unknown seat {who!r}")
        for k, sid in enumerate(_list(ids)):
            bad_space(("control", who, k), sid, "the control list")
    # [31.0] the victory conditions
    tables: list[tuple[tuple[Any, ...], Any]] = [
        (("victory", i), v) for i, v in enumerate(_list(data.get("victory")))
    ]
    # [31.0] and those of the two-player version, each for one of its player's seats
    for n, player in enumerate(_list(data.get("two_players"))):
        for i, v in enumerate(_list(_dict(player).get("victory"))):
            tables.append((("two_players", n, "victory", i), v))
            seat = v.get("seat") if isinstance(v, dict) else None
            if seat in names and seat not in _list(player.get("seats")):
                add(
                    ("two_players", n, "victory", i, "seat"),
                    f"a two-player table for {seat!r}, not one of this player's seats (31.0)",
                )
    for at, v in tables:
        if not isinstance(v, dict):
            continue
        if v.get("seat") not in names:
            add((*at, "seat"), f"victory for unknown seat {v.get('seat')!r}")
        for key in LEVEL_KEYS:
            for j, cond in enumerate(_list(v.get(key))):
                for k, sid in enumerate(_list(_dict(cond).get("spaces"))):
                    bad_space((*at, key, j, "spaces", k), sid, f"a {key} victory condition")
    return out


def _schema(
    data: dict[str, Any], path: Path, lines: Lines, content: FitnaContent
) -> tuple[Scenario | None, list[str]]:
    """The schema's own checks (types, ranges, names), with the lines of the file."""
    context = {
        "default_source": OWN_SOURCE,
        "spaces": {s.id for s in content.map.spaces},
        "counters": {c.id for c in content.counters.counters},
        "card_numbers": {c.number for c in content.cards.cards},
        "special_jokers": {j.id for j in content.cards.special_jokers},
    }
    try:
        return Scenario.model_validate(data, context=context), []
    except ValidationError as exc:
        out = []
        for err in exc.errors():
            msg = str(err["msg"]).removeprefix("Value error, ")
            if "unknown space" in msg:
                continue  # said by ``_references``, with what names it
            out.append(_problem(path, lines, tuple(err["loc"]), msg))
        return None, out


def check(path: Path, content: FitnaContent | None = None) -> list[str]:
    """Every problem of a scenario file, ``file:line: field: problem`` (empty: it is sound)."""
    return _read(Path(path), content or default_content())[1]


def _read(path: Path, content: FitnaContent) -> tuple[Scenario | None, list[str]]:
    if not path.is_file():
        return None, [f"{path}: no such file"]
    try:
        raw, lines = read_yaml(path)
    except ContentError as exc:
        return None, str(exc).splitlines()
    data, problems = _merged(raw, path, lines, content)
    if problems:
        return None, problems
    problems = _references(data, path, lines, content)
    scenario, more = _schema(data, path, lines, content)
    if problems:  # the checks of the whole scenario repeat what ``_references`` said, with no line
        more = [m for m in more if ": (file): " not in m]
    problems += more
    if scenario is not None and not problems:
        problems += _sets_up(scenario, path, content)
    return (scenario if not problems else None), problems


def _sets_up(scenario: Scenario, path: Path, content: FitnaContent) -> list[str]:
    """The whole content with this scenario must pass the game's own checks and set up."""
    from consim.games.fitna.game import FitnaGame  # the game imports this module

    try:
        mine = _with(content, scenario)
        FitnaGame(content=mine, scenario=scenario.number).new_game(0)
    except (ValueError, KeyError, ContentError) as exc:
        return [f"{path}: the scenario does not set up: {str(exc).splitlines()[0]}"]
    return []


def _with(content: FitnaContent, scenario: Scenario) -> FitnaContent:
    own = scenario.model_copy(update={"playable": True})
    files = ScenariosFile(provenance=FileProvenance(sources=(OWN_SOURCE,), reconstructed=()), scenarios=[own])
    return content.model_copy(update={"scenarios": files})


@cache
def _loaded(path: str, mtime: float) -> tuple[FitnaContent, int]:
    content = default_content()
    scenario, problems = _read(Path(path), content)
    if scenario is None:
        raise ContentError("\n".join(problems))
    return _with(content, scenario), scenario.number


def load(path: str | Path) -> tuple[FitnaContent, int]:
    """The content to play the scenario of ``path`` with, and its number; raises
    ``ContentError`` (file:line for each problem) when the file is not sound."""
    p = Path(path)
    if not p.is_file():
        raise ContentError(f"{p}: no such file")
    return _loaded(str(p.resolve()), p.stat().st_mtime)
