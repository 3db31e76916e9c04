"""One-word typos in a copy of Fitna's content fail as the content loads, each named with its
file and line, through the loader and through ``consim validate`` (issue 30: before, each of
them loaded, a game set up, and the typo changed play or surfaced only in play)."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest
from typer.testing import CliRunner

from consim.cli.main import app
from consim.core.errors import ContentError
from consim.games.fitna.content import CONTENT_DIR
from consim.games.fitna.game import FitnaGame
from consim.games.fitna.schema import load_content

#: (what is changed in cards.yaml, into what, a word the report must name)
TYPOS = [
    # a card tag: the cancels and restrictions of missiles would match nothing
    ("  missile: [42, 79, 83, 84]", "  misile: [42, 79, 83, 84]", "misile"),
    # a handler's name: card #50 would answer "not implemented" in play
    (
        "{type: handler, name: is_activation, params: {counters: 3}}",
        "{type: handler, name: is_activaton, params: {counters: 3}}",
        "is_activaton",
    ),
    # a restriction's rule: never applied
    ("rule: no_batch, until: end_of_turn}", "rule: no_bach, until: end_of_turn}", "rule"),
    # what a Cancel cancels
    ("targets: [drone, missile]", "targets: [drone, misile]", "misile"),
    # what follows a cancellation
    ("then: no_daesh_this_turn}", "then: no_daesh_this_trun}", "then"),
    # a handler's parameter
    ("params: {counters: 3}}", "params: {countres: 3}}", "countres"),
]


def _damaged(tmp_path: Path, old: str, new: str) -> tuple[Path, int]:
    """A copy of the content folder with ``old`` changed into ``new`` once in cards.yaml; the
    folder and the line of the change."""
    folder = tmp_path / "content"
    shutil.copytree(CONTENT_DIR, folder)
    cards = folder / "cards.yaml"
    text = cards.read_text(encoding="utf-8")
    assert old in text, old
    where = text.index(old)
    cards.write_text(text[:where] + new + text[where + len(old) :], encoding="utf-8")
    return folder, text[:where].count("\n") + 1


@pytest.mark.parametrize(("old", "new", "named"), TYPOS, ids=[t[1].split()[-1] for t in TYPOS])
def test_a_typo_fails_at_load_with_its_file_and_line(tmp_path: Path, old: str, new: str, named: str) -> None:
    folder, line = _damaged(tmp_path, old, new)
    with pytest.raises(ContentError) as caught:
        load_content(folder)
    message = str(caught.value)
    assert f"cards.yaml:{line}:" in message, message
    assert named in message, message


def test_consim_validate_reports_the_typo(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    old, new, named = TYPOS[1]
    folder, line = _damaged(tmp_path, old, new)
    monkeypatch.setattr(FitnaGame, "content_dir", classmethod(lambda cls: folder))
    result = CliRunner().invoke(app, ["validate", "fitna"])
    assert result.exit_code == 1, result.output
    flat = " ".join(result.output.split())
    assert f"cards.yaml:{line}:" in flat and named in flat, result.output


def test_the_content_as_shipped_loads() -> None:
    assert FitnaGame.validate_content() == []
