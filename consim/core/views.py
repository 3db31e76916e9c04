"""Typed views: the shape of ``state.view(seat)``, which mypy checks and a JSON Schema publishes.

Each game writes the records of its view as ``TypedDict`` classes derived from
:class:`ViewRecord` (directly or through another record) and names the whole as its game's
``view_type``, a record derived from :class:`SeatView` (the keys every view carries). Code
that reads a game's view names its type (``cast(IraqSeatView, view)`` where the generic API
hands it a mapping), so that mypy checks every key it reads.

:func:`view_schema` gives the JSON Schema of a game's view (``consim schema GAME``, the web
server's ``/api/games/GAME/view-schema``), :func:`check_view` checks a view against it: every
key the record requires is there, none it does not list, each value of its type (strict: a
JSON number for an ``int``, a list for a ``list``). The conformance suite checks the views of
random games this way.

>>> from consim.core.registry import load_game
>>> state = load_game("iraq").new_game(seed=1)
>>> check_view(state.game, state.view("US"))
>>> view_schema(state.game)["title"]
'IraqSeatView'
"""

from __future__ import annotations

import ast
import inspect
import itertools
import json
import textwrap
from functools import cache
from typing import TYPE_CHECKING, Annotated, Any, get_args, get_type_hints

from pydantic import ConfigDict, Field, TypeAdapter, ValidationError, with_config
from typing_extensions import TypedDict, is_typeddict

if TYPE_CHECKING:
    from consim.core.game import Game

__all__ = ["SeatView", "ViewError", "ViewRecord", "check_view", "schema_text", "view_schema"]


@with_config(ConfigDict(extra="forbid", use_attribute_docstrings=True))
class ViewRecord(TypedDict):
    """The base of every record of a view: a key it does not list is an error, and the string
    under each field describes it in the JSON Schema."""


class SeatView(ViewRecord):
    """The keys the core adds to every game's view."""

    # (written as fields: the schema reads the strings under fields only in the record itself)
    game: Annotated[str, Field(description="The game's id (iraq).")]
    seat: Annotated[str | None, Field(description="Whose view this is; null for a spectator's.")]
    to_act: Annotated[list[str], Field(description="The seats that must act now.")]


class ViewError(ValueError):
    """A view that does not match its game's ``view_type``."""


@cache
def _adapter(view_type: type) -> TypeAdapter[Any]:
    return TypeAdapter(view_type)


def _view_type(game: Game | type[Game]) -> type:
    view_type: type | None = getattr(game, "view_type", None)
    if view_type is None:
        raise ViewError(f"{game.id} declares no view_type")
    return view_type


def view_schema(game: Game | type[Game]) -> dict[str, Any]:
    """The JSON Schema (draft 2020-12) of ``game``'s ``view(seat)``, every key described."""
    view_type = _view_type(game)
    schema = _adapter(view_type).json_schema()
    records: dict[str, type] = {}
    _find_records(view_type, records)
    for node in (schema, *schema.get("$defs", {}).values()):
        record = records.get(node.get("title", ""))
        if record is None:
            continue
        docs = _field_docs(record)
        for key, prop in node.get("properties", {}).items():
            if "description" not in prop and key in docs:
                prop["description"] = docs[key]
    return schema


def _find_records(hint: Any, found: dict[str, type]) -> None:
    """Every record ``hint`` names, by class name, and those their fields name."""
    if is_typeddict(hint):
        if found.setdefault(hint.__name__, hint) is not hint:
            return
        for field in get_type_hints(hint, include_extras=True).values():
            _find_records(field, found)
        return
    for arg in get_args(hint):
        _find_records(arg, found)


def _field_docs(record: type) -> dict[str, str]:
    """The string written under each field of ``record`` and of the records it derives from.
    (pydantic reads those of the record itself only, so a game's whole view, which derives
    from the game's record and :class:`SeatView`, would lose them.)"""
    docs: dict[str, str] = {}
    for base in getattr(record, "__orig_bases__", ()):
        if is_typeddict(base):
            docs.update(_field_docs(base))
    try:
        tree = ast.parse(textwrap.dedent(inspect.getsource(record)))
    except (OSError, TypeError, SyntaxError):  # no source: a record made by a call
        return docs
    body = tree.body[0].body if tree.body and isinstance(tree.body[0], ast.ClassDef) else []
    for field, under in itertools.pairwise(body):
        if (
            isinstance(field, ast.AnnAssign)
            and isinstance(field.target, ast.Name)
            and isinstance(under, ast.Expr)
            and isinstance(under.value, ast.Constant)
            and isinstance(under.value.value, str)
        ):
            docs[field.target.id] = inspect.cleandoc(under.value.value)
    return docs


def schema_text(game: Game | type[Game]) -> str:
    """:func:`view_schema` as the text ``consim schema`` prints and ``docs/schemas`` keeps
    (keys sorted: where pydantic puts a description is not the same in every process)."""
    return json.dumps(view_schema(game), indent=2, ensure_ascii=False, sort_keys=True) + "\n"


def check_view(game: Game | type[Game], view: Any) -> None:
    """Raise :class:`ViewError` naming every place where ``view`` departs from ``game``'s
    ``view_type``."""
    try:
        _adapter(_view_type(game)).validate_python(view, strict=True)
    except ValidationError as exc:
        problems = "; ".join(
            f"{'.'.join(str(p) for p in err['loc']) or '(the view)'}: {err['msg']}" for err in exc.errors()
        )
        raise ViewError(f"{game.id} view: {problems}") from None
