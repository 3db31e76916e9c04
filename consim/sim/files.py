"""Simulation results on disk: written as JSON, CSV or Parquet, and read back from any of them.

The CSV and Parquet files hold one row a game with the same columns, in this order:

``game`` (its id), ``seed``, one column per seat with its score, ``winners`` (joined by
``+``), one column per conflict with its winners (games that report several, as Iraq),
``decisions``, then, when the game reports them, ``turns``, ``points`` (The First Jihad's
Outcome Points), ``level`` (the level reached), ``ending`` (how the game ended), ``unit``
(what the scores count) and ``conflict seats`` (who takes part in each conflict, as
``the Insurgency=US+Insurgent; the Civil War=Sunni+Shia+Kurd``).

The Parquet file also carries the batch's options, bots and first seed as metadata, as the
JSON file does; the JSON file also holds the summary.
"""

from __future__ import annotations

import csv
import importlib
import json
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from types import ModuleType
from typing import Any

from consim.core.registry import game_class
from consim.core.version import ENGINE
from consim.sim.runner import GameResult, MissingExtra, Summary

INSTALL = "pip install 'consim[scale]'"
#: the key of the batch's description in a Parquet file's metadata
PARQUET_KEY = b"consim"


@dataclass(frozen=True, slots=True)
class ResultSet:
    """A batch of results read from a file: the game, its seats and every game's result.

    ``options``, ``bots`` and ``seed`` are empty or ``None`` when the file does not hold
    them (a CSV file)."""

    game: str
    seats: list[str]
    results: list[GameResult]
    options: dict[str, Any] = field(default_factory=dict)
    bots: dict[str, str] = field(default_factory=dict)
    seed: int | None = None


class ResultsFileError(ValueError):
    """A file is not a results file that ``consim simulate`` wrote; the message says why."""


# -- the table ----------------------------------------------------------------------------


def _conflicts(results: Sequence[GameResult]) -> list[str]:
    names: list[str] = []
    for r in results:
        names.extend(c for c in r.conflicts if c not in names)
    return names


def _conflict_seats_text(r: GameResult) -> str:
    return "; ".join(f"{name}={'+'.join(seats)}" for name, seats in r.conflict_seats.items())


def _parse_conflict_seats(text: str) -> dict[str, list[str]]:
    out: dict[str, list[str]] = {}
    for part in text.split("; "):
        name, sep, seats = part.partition("=")
        if sep:
            out[name] = [s for s in seats.split("+") if s]
    return out


def _split(text: str) -> list[str]:
    return [s for s in text.split("+") if s]


def table_columns(seats: Sequence[str], results: Sequence[GameResult]) -> list[str]:
    """The columns of the CSV and Parquet files for ``results``.

    >>> r = GameResult(3, {"A": 1.0, "B": 2.0}, ["B"], "", {}, 9, turns=4, unit="VP")
    >>> table_columns(["A", "B"], [r])
    ['game', 'seed', 'A', 'B', 'winners', 'decisions', 'turns', 'unit']
    """
    optional = [
        ("turns", any(r.turns is not None for r in results)),
        ("points", any(r.points is not None for r in results)),
        ("level", any(r.level for r in results)),
        ("ending", any(r.ending for r in results)),
        ("unit", any(r.unit for r in results)),
        ("conflict seats", any(r.conflict_seats for r in results)),
    ]
    return [
        "game",
        "seed",
        *seats,
        "winners",
        *_conflicts(results),
        "decisions",
        *(name for name, present in optional if present),
    ]


def table_rows(game: str, seats: Sequence[str], results: Sequence[GameResult]) -> list[dict[str, Any]]:
    """One dict a game, keyed by :func:`table_columns`, with typed values (``None`` where a
    game did not report a figure)."""
    columns = table_columns(seats, results)
    rows: list[dict[str, Any]] = []
    for r in results:
        row: dict[str, Any] = {"game": game, "seed": r.seed}
        row.update({s: float(r.scores.get(s, 0.0)) for s in seats})
        row["winners"] = "+".join(r.winners)
        row.update({c: "+".join(r.conflicts.get(c, [])) for c in _conflicts(results)})
        row["decisions"] = r.decisions
        row["turns"] = r.turns
        row["points"] = r.points
        row["level"] = r.level
        row["ending"] = r.ending
        row["unit"] = r.unit
        row["conflict seats"] = _conflict_seats_text(r)
        rows.append({c: row[c] for c in columns})
    return rows


def _cell(value: Any) -> str:
    if value is None:
        return ""
    if isinstance(value, float):
        return f"{value:g}"
    return str(value)


def write_csv(path: Path, game: str, seats: Sequence[str], results: Sequence[GameResult]) -> None:
    """One row a game (see the module's description of the columns)."""
    columns = table_columns(seats, results)
    with path.open("w", newline="", encoding="utf-8") as f:
        writer = csv.writer(f)
        writer.writerow(columns)
        for row in table_rows(game, seats, results):
            writer.writerow([_cell(row[c]) for c in columns])


def import_pyarrow() -> ModuleType:
    """``pyarrow``, or :class:`MissingExtra` naming the install command."""
    try:
        pyarrow = importlib.import_module("pyarrow")
        importlib.import_module("pyarrow.parquet")
    except ImportError as exc:
        raise MissingExtra(f"Parquet files need pyarrow, which is not installed: {INSTALL}") from exc
    return pyarrow


def _batch(
    game: str,
    options: Mapping[str, Any],
    bots: Mapping[str, str],
    seed: int,
    seats: Sequence[str],
) -> dict[str, Any]:
    return {
        "game": game,
        "options": dict(options),
        "bots": dict(bots),
        "seed": seed,
        "seats": list(seats),
        # what made the results: the engine's version and the hash of the game's content files
        "engine": ENGINE,
        "content": game_class(game).content_hash(),
    }


def write_parquet(
    path: Path,
    game: str,
    options: Mapping[str, Any],
    bots: Mapping[str, str],
    seed: int,
    seats: Sequence[str],
    results: Sequence[GameResult],
) -> None:
    """The CSV file's columns, typed, with the batch (options, bots, seed) as metadata."""
    pa = import_pyarrow()
    columns = table_columns(seats, results)
    rows = table_rows(game, seats, results)
    kinds = {"seed": pa.int64(), "decisions": pa.int64(), "turns": pa.int64(), "points": pa.float64()}
    kinds.update({s: pa.float64() for s in seats})
    schema = pa.schema(
        [pa.field(c, kinds.get(c, pa.string())) for c in columns],
        metadata={PARQUET_KEY: json.dumps(_batch(game, options, bots, seed, seats))},
    )
    table = pa.table({c: [row[c] for row in rows] for c in columns}, schema=schema)
    pa.parquet.write_table(table, str(path))


def write_json(
    path: Path,
    game: str,
    options: Mapping[str, Any],
    bots: Mapping[str, str],
    seed: int,
    seats: Sequence[str],
    results: Sequence[GameResult],
    summary: Summary,
    levels: dict[str, Any] | None = None,
) -> None:
    """Every game (``GameResult.to_dict``) and the summary, with the batch's options and bots."""
    data = _batch(game, options, bots, seed, seats)
    data["unit"] = summary.unit
    data["conflict_seats"] = {c.name: [s.seat for s in c.seats] for c in summary.conflicts}
    data["games"] = [r.to_dict() for r in results]
    data["summary"] = summary.to_dict()
    if levels is not None:
        data["levels"] = levels
    path.write_text(json.dumps(data, indent=1) + "\n", encoding="utf-8")


# -- reading ------------------------------------------------------------------------------


def _from_row(row: Mapping[str, Any], seats: Sequence[str], conflicts: Sequence[str]) -> GameResult:
    def text(key: str) -> str:
        value = row.get(key)
        return "" if value is None else str(value)

    def number(key: str) -> float | None:
        value = row.get(key)
        return None if value is None or value == "" else float(value)

    turns = number("turns")
    return GameResult(
        seed=int(row["seed"]),
        scores={s: float(row[s]) for s in seats},
        winners=_split(text("winners")),
        result="",
        conflicts={c: _split(text(c)) for c in conflicts},
        decisions=int(row["decisions"]),
        conflict_seats=_parse_conflict_seats(text("conflict seats")),
        unit=text("unit"),
        points=number("points"),
        level=text("level"),
        ending=text("ending"),
        turns=None if turns is None else int(turns),
    )


def _layout(columns: Sequence[str], path: Path) -> tuple[list[str], list[str]]:
    """The seat and conflict columns of a table: between ``seed`` and ``winners``, and between
    ``winners`` and ``decisions``."""
    try:
        seed, winners, decisions = (columns.index(c) for c in ("seed", "winners", "decisions"))
    except ValueError:
        raise ResultsFileError(
            f"{path} has no seed, winners and decisions columns: it was not written by consim simulate"
        ) from None
    if "game" not in columns or not seed < winners < decisions:
        raise ResultsFileError(f"{path} does not have the columns that consim simulate writes")
    return list(columns[seed + 1 : winners]), list(columns[winners + 1 : decisions])


def _game_of(rows: Sequence[Mapping[str, Any]], path: Path) -> str:
    games = {str(row["game"]) for row in rows}
    if len(games) != 1:
        found = ", ".join(sorted(games)) or "none"
        raise ResultsFileError(f"{path} should hold the games of one game, found: {found}")
    return games.pop()


def read_csv(path: Path) -> ResultSet:
    with path.open(newline="", encoding="utf-8") as f:
        reader = csv.DictReader(f)
        columns = list(reader.fieldnames or [])
        rows = list(reader)
    seats, conflicts = _layout(columns, path)
    return ResultSet(_game_of(rows, path), seats, [_from_row(r, seats, conflicts) for r in rows])


def read_parquet(path: Path) -> ResultSet:
    pa = import_pyarrow()
    try:
        table = pa.parquet.read_table(str(path))
    except pa.ArrowException as exc:
        raise ResultsFileError(f"{path} is not a Parquet file: {exc}") from None
    seats, conflicts = _layout(table.column_names, path)
    rows = table.to_pylist()
    meta = json.loads((table.schema.metadata or {}).get(PARQUET_KEY, b"{}"))
    return ResultSet(
        _game_of(rows, path),
        seats,
        [_from_row(r, seats, conflicts) for r in rows],
        options=dict(meta.get("options", {})),
        bots=dict(meta.get("bots", {})),
        seed=meta.get("seed"),
    )


def read_json(path: Path) -> ResultSet:
    try:
        data = json.loads(path.read_text(encoding="utf-8"))
        game = str(data["game"])
        summary = data.get("summary", {})
        seats = list(data.get("seats") or [s["seat"] for s in summary["seats"]])
        unit = str(data.get("unit", summary.get("unit", "")))
        members = data.get("conflict_seats") or {
            c["name"]: [s["seat"] for s in c["seats"]] for c in summary.get("conflicts", [])
        }
        results = [
            GameResult(
                seed=int(g["seed"]),
                scores={s: float(v) for s, v in g["scores"].items()},
                winners=list(g["winners"]),
                result=str(g.get("result", "")),
                conflicts={c: list(w) for c, w in g.get("conflicts", {}).items()},
                decisions=int(g["decisions"]),
                conflict_seats={c: list(members.get(c, [])) for c in g.get("conflicts", {})},
                unit=unit,
                points=None if g.get("points") is None else float(g["points"]),
                level=str(g.get("level", "")),
                ending=str(g.get("ending", "")),
                turns=None if g.get("turns") is None else int(g["turns"]),
            )
            for g in data["games"]
        ]
    except (KeyError, TypeError, ValueError, AttributeError) as exc:
        raise ResultsFileError(f"{path} is not a results file written by consim simulate --json") from exc
    return ResultSet(
        game,
        seats,
        results,
        options=dict(data.get("options", {})),
        bots=dict(data.get("bots", {})),
        seed=data.get("seed"),
    )


def read_results(path: Path) -> ResultSet:
    """The results in ``path``, by its suffix: ``.json``, ``.csv`` or ``.parquet``."""
    readers = {".json": read_json, ".csv": read_csv, ".parquet": read_parquet, ".pq": read_parquet}
    reader = readers.get(path.suffix.lower())
    if reader is None:
        raise ResultsFileError(f"{path}: give a .json, .csv or .parquet file written by consim simulate")
    try:
        return reader(path)
    except OSError as exc:
        raise ResultsFileError(f"cannot read {path}: {exc.strerror}") from None
    except (KeyError, ValueError) as exc:
        if isinstance(exc, ResultsFileError):
            raise
        raise ResultsFileError(f"{path} has a row that consim simulate did not write: {exc}") from None
