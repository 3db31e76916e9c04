"""Every field of a game's content files is read by some rule, view or bot: a value that can be
edited in YAML to no effect misleads whoever edits it (the component data is meant to be
replaceable by an owner of the physical game, in data alone).

A field counts as read when the game's code accesses it as an attribute, ``.field``. Exempt:
fields that only document where data came from, single-value ``Literal`` tags that tell the
members of a union apart (pydantic reads them), and the fields a game lists, each with the
reason, in its content module's ``UNREAD_FIELDS`` ({"Model.field": "read by name in ..."}).
"""

from __future__ import annotations

import importlib
import inspect
import re
from pathlib import Path
from typing import Literal, get_args, get_origin

import pytest
from pydantic import BaseModel

import consim
from consim.core.registry import GAMES

#: fields that record provenance and reasoning, read by people rather than rules
DOCUMENTATION = {
    "provenance",
    "note",
    "notes",
    "reconstructed",
    "reconstructed_fields",
    "external_fields",
    "source",
    "sources",
    "reason",
    "why",
}
#: games still on the first engine, whose content has not been checked yet (Engine v2 moves them)
LEGACY: set[str] = set()


def _package(game: str) -> Path:
    module = importlib.import_module(GAMES[game].partition(":")[0])
    assert module.__file__ is not None
    return Path(module.__file__).parent


def _content_modules(game: str) -> list[str]:
    package = GAMES[game].partition(":")[0]
    found = []
    for name in ("content", "content_models"):
        try:
            importlib.import_module(f"{package}.{name}")
        except ModuleNotFoundError:
            continue
        found.append(f"{package}.{name}")
    return found


def _models(game: str) -> list[type[BaseModel]]:
    out: list[type[BaseModel]] = []
    for name in _content_modules(game):
        module = importlib.import_module(name)
        for obj in vars(module).values():
            if (
                inspect.isclass(obj)
                and issubclass(obj, BaseModel)
                and obj.__module__ == module.__name__
                and obj.model_fields
            ):
                out.append(obj)
    return out


def _code(game: str) -> str:
    return "\n".join(p.read_text(encoding="utf-8") for p in sorted(_package(game).rglob("*.py")))


def _by_name(game: str) -> dict[str, str]:
    out: dict[str, str] = {}
    for name in _content_modules(game):
        out.update(getattr(importlib.import_module(name), "UNREAD_FIELDS", {}))
    return out


def _is_tag(model: type[BaseModel], field: str) -> bool:
    annotation = model.model_fields[field].annotation
    return get_origin(annotation) is Literal and len(get_args(annotation)) == 1


@pytest.mark.parametrize(
    "game",
    [
        pytest.param(g, marks=pytest.mark.xfail(reason="first engine")) if g in LEGACY else g
        for g in consim.list_games()
    ],
)
def test_every_content_field_is_read(game: str) -> None:
    code = _code(game)
    by_name = _by_name(game)
    unread = []
    for model in _models(game):
        if model.__name__.endswith("Options"):
            continue  # options are read through the options model, by name
        for field in model.model_fields:
            if field in DOCUMENTATION or _is_tag(model, field) or f"{model.__name__}.{field}" in by_name:
                continue
            if not re.search(rf"\.{re.escape(field)}\b", code):
                unread.append(f"{model.__name__}.{field}")
    assert not unread, f"{game}: content fields no code reads: {', '.join(sorted(unread))}"
