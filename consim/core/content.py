"""Loading content files (YAML) into typed, validated models.

Errors name the file, the line and the field, e.g.
``consim/games/iraq/content/cards.yaml:12: cards.3.fv: Input should be less than or equal to 5``.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any, TypeVar

import yaml
from pydantic import BaseModel, ValidationError

from consim.core.errors import ContentError

M = TypeVar("M", bound=BaseModel)


def _line_map(
    node: yaml.Node, path: tuple[Any, ...], out: dict[tuple[Any, ...], int], dupes: list[str]
) -> None:
    out[path] = node.start_mark.line + 1
    if isinstance(node, yaml.MappingNode):
        seen: set[Any] = set()
        for key_node, value_node in node.value:
            key = key_node.value
            line = key_node.start_mark.line + 1
            if key in seen:
                # YAML keeps only the last of two equal keys: an edit would vanish silently
                dupes.append(f"{line}: {'.'.join(str(p) for p in (*path, key))}: duplicate key")
            seen.add(key)
            out[(*path, key)] = line
            _line_map(value_node, (*path, key), out, dupes)
    elif isinstance(node, yaml.SequenceNode):
        for i, item in enumerate(node.value):
            _line_map(item, (*path, i), out, dupes)


#: the safe loader, in C where libyaml is there
_Loader: type[yaml.SafeLoader] | type[yaml.CSafeLoader] = getattr(yaml, "CSafeLoader", yaml.SafeLoader)


def read_yaml(path: Path) -> tuple[Any, dict[tuple[Any, ...], int]]:
    """Parse a YAML file; returns the data and a map from key path to line number."""
    try:
        text = path.read_text(encoding="utf-8")
    except OSError as exc:
        raise ContentError(f"{path}: cannot read ({exc.strerror})") from exc
    # one parse: the document's nodes (their lines) and the data built from them, by libyaml's
    # C parser where PyYAML was built with it (several times faster than the pure one)
    loader = _Loader(text)
    try:
        node = loader.get_single_node()
        data = loader.construct_document(node) if node is not None else None
    except yaml.YAMLError as exc:
        mark = getattr(exc, "problem_mark", None)
        line = f":{mark.line + 1}" if mark is not None else ""
        raise ContentError(f"{path}{line}: invalid YAML: {exc}") from exc
    finally:
        loader.dispose()
    lines: dict[tuple[Any, ...], int] = {}
    dupes: list[str] = []
    if node is not None:
        _line_map(node, (), lines, dupes)
    if dupes:
        raise ContentError("\n".join(f"{path}:{d}" for d in dupes))
    return data, lines


def load_model(path: Path, model: type[M], context: dict[str, Any] | None = None) -> M:
    """Read ``path`` and validate it as ``model``; raises :class:`ContentError` with lines.

    ``context`` is handed to the model's validators (``info.context``), for checks against
    other files (a scenario naming a space of the map)."""
    data, lines = read_yaml(path)
    try:
        return model.model_validate(data, context=context)
    except ValidationError as exc:
        messages = []
        for err in exc.errors():
            loc = tuple(err["loc"])
            line = None
            for cut in range(len(loc), -1, -1):
                line = lines.get(loc[:cut])
                if line is not None:
                    break
            where = f"{path}:{line}" if line else str(path)
            field = ".".join(str(p) for p in loc) or "(file)"
            messages.append(f"{where}: {field}: {err['msg']}")
        raise ContentError("\n".join(messages)) from None
