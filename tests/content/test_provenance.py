"""One provenance model for every game's content (DESIGN.md section 5): each file's
``provenance:`` header is a :class:`FileProvenance`, each record that says where its values come
from is a :class:`Sourced`, both strict, so that a misspelt key is refused with its file and line
(``consim validate`` says so like any other error) instead of loading silently."""

from __future__ import annotations

import importlib
import inspect
import shutil
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest
from pydantic import BaseModel, ConfigDict, ValidationError
from typer.testing import CliRunner

import consim
from consim.cli.main import app
from consim.core.content import FileProvenance, Sourced, load_model
from consim.core.errors import ContentError
from consim.core.registry import GAMES, game_class

GAME_NAMES = consim.list_games()

#: models with a provenance-like field that are not records with provenance, and why
NOT_SOURCED = {
    "jihad.SequenceStep": "a step of the Player Aid's Sequence of Play: its `rule` is content the "
    "text shows, `reconstructed: true` marks a step placed by us (setup.yaml says how)",
}


def _package(game: str) -> str:
    return GAMES[game].partition(":")[0]


def _content_dir(game: str) -> Path:
    return Path(inspect.getfile(importlib.import_module(_package(game)))).parent / "content"


def _loader(game: str) -> Callable[[Path], object]:
    loader: Callable[[Path], object] = importlib.import_module(f"{_package(game)}.content").load_content
    return loader


def _content_models(game: str) -> list[type[BaseModel]]:
    """Every pydantic model of the game's content module (its own and those it re-exports)."""
    module = importlib.import_module(f"{_package(game)}.content")
    return [
        obj
        for obj in vars(module).values()
        if inspect.isclass(obj)
        and issubclass(obj, BaseModel)
        and obj.__module__.startswith(_package(game))
        and not obj.__name__.endswith("Options")
    ]


class _AnyFile(BaseModel):
    """Any content file, read for its header alone."""

    model_config = ConfigDict(extra="allow")
    provenance: FileProvenance


def test_the_four_games_are_covered() -> None:
    assert set(GAME_NAMES) == {"baghdad", "fitna", "iraq", "jihad"}
    assert set(MISSPELT) == set(GAME_NAMES)


@pytest.mark.parametrize("game", GAME_NAMES)
def test_every_content_file_loads_with_the_one_model(game: str) -> None:
    files = sorted(_content_dir(game).glob("*.yaml"))
    assert files
    for path in files:
        header = load_model(path, _AnyFile).provenance
        assert header.sources and isinstance(header.reconstructed, tuple), path
    assert game_class(game).validate_content() == []
    models = _content_models(game)
    files_models = [m for m in models if "provenance" in m.model_fields]
    assert files_models, f"{game}: no model of a file"
    for model in files_models:
        assert model.model_fields["provenance"].annotation is FileProvenance, model.__name__
    for model in models:
        fields = set(model.model_fields)
        name = f"{game}.{model.__name__}"
        # the old spellings are gone: `note` (not `notes`), `reconstructed: [fields]`
        assert not fields & {"notes", "reconstructed_fields"}, name
        if fields & {"source", "reconstructed", "external_fields"} and name not in NOT_SOURCED:
            assert issubclass(model, Sourced), f"{name} carries provenance of its own dialect"


# ---------------------------------------------------------------------------------------------
# a misspelt key: refused, with file, line and key
# ---------------------------------------------------------------------------------------------

#: per game, a file's header key and a record's provenance key, each misspelt: (file, the text,
#: the text misspelt, the key named in the error)
MISSPELT: dict[str, list[tuple[str, str, str, str]]] = {
    "baghdad": [
        ("map.yaml", "  confirmed:", "  confirmd:", "provenance.confirmd"),
        ("map.yaml", "    note: ", "    notes: ", "notes"),
    ],
    "jihad": [
        ("powers.yaml", "  confirmed:", "  confirmed_by:", "provenance.confirmed_by"),
        ("map.yaml", "    external_fields: [", "    external_field: [", "external_field"),
    ],
    "fitna": [
        ("counters.yaml", "  notes:", "  note:", "provenance.note"),
        ("map.yaml", "    reconstructed: [", "    reconstruced: [", "reconstruced"),
    ],
    "iraq": [
        ("cards.yaml", "  sources:", "  source:", "provenance.source"),
        ("scenarios.yaml", "  summary:", "  sumary:", "provenance.sumary"),
    ],
}


def _damaged(tmp_path: Path, game: str, file: str, old: str, new: str) -> tuple[Path, Path, int]:
    """A copy of the game's content with ``old`` replaced by ``new`` (its first occurrence) in
    ``file``: the folder, the file and the line of the change."""
    folder = tmp_path / "content"
    shutil.copytree(_content_dir(game), folder)
    path = folder / file
    text = path.read_text(encoding="utf-8")
    where = text.index(old)
    path.write_text(text.replace(old, new, 1), encoding="utf-8")
    return folder, path, text[:where].count("\n") + 1


CASES = [(game, *case) for game, cases in MISSPELT.items() for case in cases]


@pytest.mark.parametrize(("game", "file", "old", "new", "key"), CASES, ids=[f"{c[0]}-{c[4]}" for c in CASES])
def test_a_misspelt_provenance_key_is_refused_with_file_line_and_key(
    tmp_path: Path, game: str, file: str, old: str, new: str, key: str
) -> None:
    folder, path, line = _damaged(tmp_path, game, file, old, new)
    with pytest.raises(ContentError) as caught:
        _loader(game)(folder)
    message = str(caught.value)
    assert f"{path}:{line}:" in message, message
    assert f"{key}: Extra inputs are not permitted" in message, message


@pytest.mark.parametrize("game", GAME_NAMES)
def test_consim_validate_reports_a_misspelt_provenance_key(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, game: str
) -> None:
    file, old, new, key = MISSPELT[game][0]
    folder, path, line = _damaged(tmp_path, game, file, old, new)
    load = _loader(game)
    monkeypatch.setattr(game_class(game), "load_content", classmethod(lambda cls: load(folder)))
    result = CliRunner().invoke(app, ["validate", game])
    assert result.exit_code == 1, result.output
    flat = " ".join(result.output.split())
    assert f"{path}:{line}: {key}: Extra inputs are not permitted" in flat, result.output


# ---------------------------------------------------------------------------------------------
# the fields a record names must be its own
# ---------------------------------------------------------------------------------------------

#: per game with records, a record's list of fields made to name what is not one of its fields
UNKNOWN_FIELD = {
    "baghdad": ("map.yaml", "reconstructed: [pp, ", "reconstructed: [ppp, ", "`ppp` is not a field of Zone"),
    "jihad": (
        "map.yaml",
        "reconstructed: [mecca_crossing]",
        "reconstructed: [meca_crossing]",
        "`meca_crossing` is not a field",
    ),
    "fitna": (
        "map.yaml",
        "reconstructed: [id, name, ",
        "reconstructed: [id, nmae, ",
        "`nmae` is not a field of Space",
    ),
}


@pytest.mark.parametrize("game", sorted(UNKNOWN_FIELD))
def test_a_record_naming_an_unknown_field_is_refused(tmp_path: Path, game: str) -> None:
    file, old, new, named = UNKNOWN_FIELD[game]
    folder, path, line = _damaged(tmp_path, game, file, old, new)
    with pytest.raises(ContentError) as caught:
        _loader(game)(folder)
    message = str(caught.value)
    assert f"{path}:{line}:" in message and "reconstructed" in message, message
    assert named in message, message


def test_external_fields_must_be_reconstructed_fields(tmp_path: Path) -> None:
    old = "    reconstructed: [mecca_crossing]\n    external_fields: [mecca_crossing]"
    new = "    reconstructed: [mecca_crossing]\n    external_fields: [lands]"
    folder, path, line = _damaged(tmp_path, "jihad", "map.yaml", old, new)
    with pytest.raises(ContentError) as caught:
        _loader("jihad")(folder)
    message = str(caught.value)
    assert f"{path}:{line + 1}: paths.0.external_fields:" in message, message
    assert "`lands` not listed in `reconstructed`" in message, message


class _Zone(Sourced):
    name: str
    pp: int


def _refusal(data: dict[str, Any], context: dict[str, Any] | None = None) -> str:
    with pytest.raises(ValidationError) as caught:
        _Zone.model_validate(data, context=context)
    return "; ".join(f"{'.'.join(map(str, e['loc']))}: {e['msg']}" for e in caught.value.errors())


def test_the_checks_of_a_record() -> None:
    zone = {"name": "Sadr City", "pp": 3}
    assert "needs a `source`" in _refusal(zone)
    assert "reconstructed: " in _refusal({**zone, "source": "rules", "reconstructed": ["pp", "ppp"]})
    assert "`ppp` is not a field of _Zone" in _refusal({**zone, "reconstructed": ["ppp"]})
    assert "`pp` listed twice" in _refusal({**zone, "reconstructed": ["pp", "pp"]})
    assert "an empty list" in _refusal({**zone, "source": "rules", "reconstructed": []})
    assert "write `true`" in _refusal({**zone, "reconstructed": "yes"})
    assert "external fields are reconstructed" in _refusal(
        {**zone, "source": "rules", "external_fields": ["pp"]}
    )
    assert "`name` not listed" in _refusal({**zone, "reconstructed": ["pp"], "external_fields": ["name"]})
    assert "notes: Extra inputs are not permitted" in _refusal({**zone, "source": "rules", "notes": "why"})
    whole = _Zone.model_validate({**zone, "reconstructed": True, "external_fields": ["pp"], "note": "ours"})
    assert whole.reconstructed_fields == ("name", "pp") and not whole.is_confirmed("name")
    part = _Zone.model_validate({**zone, "source": "Glossary", "reconstructed": ["pp"]})
    assert part.is_confirmed("name") and not part.is_confirmed("pp")
    sourced = _Zone.model_validate({**zone, "source": "Glossary"})
    assert sourced.reconstructed is False and sourced.reconstructed_fields == ()


def test_a_loader_may_give_the_source_of_the_records_that_name_none() -> None:
    own = _Zone.model_validate({"name": "Sadr City", "pp": 3}, context={"default_source": "my own"})
    assert own.source == "my own"
    marked = _Zone.model_validate(
        {"name": "Sadr City", "pp": 3, "reconstructed": ["pp"]}, context={"default_source": "my own"}
    )
    assert marked.source is None


def test_a_file_header_is_strict_and_complete() -> None:
    header = {"sources": ["the rulebook"], "reconstructed": []}
    assert FileProvenance.model_validate(header).notes == {}
    for broken, named in (
        ({**header, "sources": []}, "sources"),
        ({"sources": ["the rulebook"]}, "reconstructed"),
        ({**header, "reconstructed": False}, "reconstructed"),
        ({**header, "notes": {"Method": "x"}}, "notes.Method"),
        ({**header, "notes": {"method": {"nested": "x"}}}, "notes.method"),
        ({**header, "checks": "x"}, "checks"),
    ):
        with pytest.raises(ValidationError) as caught:
            FileProvenance.model_validate(broken)
        locs = [".".join(map(str, e["loc"])) for e in caught.value.errors()]
        assert any(loc == named or loc.startswith(f"{named}.") for loc in locs), (broken, locs)
