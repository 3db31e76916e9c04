"""Loading content files (YAML) into typed, validated models.

Errors name the file, the line and the field, e.g.
``consim/games/iraq/content/cards.yaml:12: cards.3.fv: Input should be less than or equal to 5``.

Every game marks where its values come from in one way (DESIGN.md section 5): each file
opens with a ``provenance:`` header (:class:`FileProvenance`), and each record whose values
an owner of the physical game may need to correct derives :class:`Sourced` (a ``source``,
or ``reconstructed: true`` / ``reconstructed: [fields]``). Both are strict: a misspelt key
is an error with its file and line, like any other.
"""

from __future__ import annotations

from pathlib import Path
from typing import Annotated, Any, Self, TypeVar

import yaml
from pydantic import (
    BaseModel,
    ConfigDict,
    Field,
    StrictBool,
    ValidationError,
    ValidationInfo,
    field_validator,
    model_validator,
)

from consim.core.errors import ContentError

M = TypeVar("M", bound=BaseModel)


def _line_map(
    node: yaml.Node, path: tuple[Any, ...], out: dict[tuple[Any, ...], int], dupes: list[str]
) -> None:
    # a key's own line, not that of its value: the line an unknown or misspelt key is on
    out.setdefault(path, node.start_mark.line + 1)
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


# =============================================================================================
# Provenance: where the values of the content come from (DESIGN.md section 5)
# =============================================================================================

#: a text for people (never empty)
_Text = Annotated[str, Field(min_length=1)]
#: the name of one of a file's notes (``check_first``, ``method``)
_NoteName = Annotated[str, Field(pattern=r"^[a-z][a-z0-9_]*$")]


class FileProvenance(BaseModel):
    """The ``provenance:`` header of a content file: where its values come from, what the
    sources confirm and what is reconstructed, and how. Read by people (an owner of the
    physical game correcting the data); no rule reads it.

    >>> header = FileProvenance.model_validate(
    ...     {"sources": ["the rulebook's CARD LIST"], "reconstructed": [], "notes": {"checks": "100 cards"}}
    ... )
    >>> header.reconstructed, header.notes["checks"]
    ((), '100 cards')
    """

    model_config = ConfigDict(extra="forbid", frozen=True)

    summary: _Text | None = None
    """A paragraph for people: what the file holds, what the sources give and how the rest
    was reconstructed (the lists below say it item by item)."""
    sources: tuple[_Text, ...] = Field(min_length=1)
    """Where the confirmed values come from, at least one: rulebooks (with their sections),
    research notes, public reports, a third-party transcription of the printed components."""
    confirmed: tuple[_Text, ...] = ()
    """What the sources confirm, in words, each with its reference."""
    reconstructed: tuple[_Text, ...]
    """What is reconstructed and how (the reasoning, the history or geography followed), in
    words; ``[]`` says that nothing in the file is."""
    notes: dict[_NoteName, _Text] = Field(default_factory=dict)
    """Further notes, each under a name of its own: a method followed (``method``), the
    arithmetic of a count (``counts``), what an owner of the physical game should check first
    (``check_first``)."""


class Sourced(BaseModel):
    """A record that says where its values come from: a content model derives it, and each of
    its records gives a ``source``, or says it is ``reconstructed`` (or both, when only some
    of its fields are). An owner of the physical game can then replace each reconstructed
    value in data alone.

    * ``reconstructed: true``: every value of the record is ours (``source`` may still say
      where the idea comes from);
    * ``reconstructed: [pp, neighbours]``: these fields are ours, ``source`` confirms the rest;
    * no ``reconstructed`` (or ``false``): ``source`` confirms every value.

    The fields a record names must be its own (the error names any other), and its
    ``external_fields`` must be reconstructed ones.

    >>> class Zone(Sourced):
    ...     name: str
    ...     pp: int
    >>> zone = Zone.model_validate({"name": "Sadr City", "pp": 3, "source": "rules", "reconstructed": ["pp"]})
    >>> zone.is_confirmed("name"), zone.is_confirmed("pp"), zone.reconstructed_fields
    (True, False, ('pp',))
    >>> try:
    ...     Zone.model_validate({"name": "Sadr City", "pp": 3, "reconstructed": ["ppp"]})
    ... except ValidationError as exc:
    ...     print(exc.errors()[0]["loc"], exc.errors()[0]["msg"])
    ('reconstructed',) Value error, `ppp` is not a field of Zone (its fields: name, pp)

    A loader may give ``default_source`` in the validation context: the ``source`` of every
    record that gives neither (a player's own scenario, whose every value is his).
    """

    model_config = ConfigDict(extra="forbid", frozen=True)

    source: _Text | None = None
    """Where the confirmed values come from: rule numbers, a rulebook section, a research
    note (``components.md 3(a)``)."""
    reconstructed: StrictBool | tuple[str, ...] = False
    """``true`` when every value of the record is reconstructed, or the list of the fields
    whose values are; ``false`` (the default) when the ``source`` confirms them all."""
    external_fields: tuple[str, ...] = ()
    """The reconstructed fields whose values come from a third-party transcription of the
    printed components (named in the file's header): plausible, not checked against them."""
    note: _Text | None = None
    """Why the values are what they are: the reasoning behind a reconstruction, a reading
    of the rules, what to check."""

    @classmethod
    def _own_fields(cls) -> list[str]:
        return [f for f in cls.model_fields if f not in Sourced.model_fields]

    @classmethod
    def _check_names(cls, names: tuple[str, ...]) -> None:
        own = cls._own_fields()
        if unknown := [n for n in names if n not in own]:
            what = "is not a field" if len(unknown) == 1 else "are not fields"
            listed = ", ".join(f"`{n}`" for n in unknown)
            raise ValueError(f"{listed} {what} of {cls.__name__} (its fields: {', '.join(own)})")
        if twice := sorted({n for n in names if names.count(n) > 1}):
            raise ValueError(f"{', '.join(f'`{n}`' for n in twice)} listed twice")

    @model_validator(mode="before")
    @classmethod
    def _default_source(cls, data: Any, info: ValidationInfo) -> Any:
        source = (info.context or {}).get("default_source")
        if source and isinstance(data, dict) and not data.get("source") and not data.get("reconstructed"):
            return {**data, "source": source}
        return data

    @field_validator("reconstructed", mode="before")
    @classmethod
    def _reconstructed_shape(cls, value: Any) -> Any:
        if isinstance(value, bool):
            return value
        if isinstance(value, list | tuple) and all(isinstance(v, str) for v in value):
            if not value:
                raise ValueError(
                    "an empty list: write `true` when the whole record is reconstructed, or leave "
                    "`reconstructed` out when none of it is"
                )
            return value
        raise ValueError(
            "write `true` (the whole record is reconstructed) or the list of its own fields that are"
        )

    @field_validator("reconstructed")
    @classmethod
    def _reconstructed_names(cls, value: bool | tuple[str, ...]) -> bool | tuple[str, ...]:
        if not isinstance(value, bool):
            cls._check_names(value)
        return value

    @field_validator("external_fields")
    @classmethod
    def _external_names(cls, value: tuple[str, ...], info: ValidationInfo) -> tuple[str, ...]:
        cls._check_names(value)
        if "reconstructed" not in info.data:
            return value  # `reconstructed` is wrong itself, and said so
        reconstructed = info.data["reconstructed"]
        if value and reconstructed is False:
            raise ValueError("external fields are reconstructed fields: mark the record `reconstructed`")
        if isinstance(reconstructed, tuple) and (stray := [f for f in value if f not in reconstructed]):
            raise ValueError(
                f"{', '.join(f'`{n}`' for n in stray)} not listed in `reconstructed` (external fields are "
                "reconstructed fields)"
            )
        return value

    @model_validator(mode="after")
    def _sourced_or_reconstructed(self) -> Self:
        if self.source is None and self.reconstructed is False:
            raise ValueError(
                "the record needs a `source` (where its values come from) or `reconstructed` "
                "(`true`, or the list of its reconstructed fields)"
            )
        return self

    @property
    def reconstructed_fields(self) -> tuple[str, ...]:
        """The fields whose values are reconstructed (every field for ``reconstructed: true``)."""
        if self.reconstructed is True:
            return tuple(self._own_fields())
        return self.reconstructed or ()

    def is_confirmed(self, field: str) -> bool:
        """True if ``field``'s value comes from the ``source`` (is not reconstructed)."""
        return field not in self.reconstructed_fields
