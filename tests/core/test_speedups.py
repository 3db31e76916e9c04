"""The compiled build (``setup.py``, ``consim/_speedups.py``): a module runs compiled only from
a build newer than its source, ``CONSIM_PURE=1`` turns the build off, every listed module did
compile, and compiled and plain Python play every game identically."""

from __future__ import annotations

import ast
import hashlib
import importlib
import json
import os
import subprocess
import sys
from importlib.machinery import EXTENSION_SUFFIXES
from pathlib import Path

import pytest

import consim
from consim import _speedups
from consim.bots.driver import bots_for, play_out

ROOT = Path(__file__).resolve().parents[2]


def listed_modules() -> list[str]:
    """The module names ``setup.py`` compiles (its ``COMPILED`` list)."""
    tree = ast.parse((ROOT / "setup.py").read_text(encoding="utf-8"))
    for node in tree.body:
        if isinstance(node, ast.AnnAssign | ast.Assign):
            target = node.target if isinstance(node, ast.AnnAssign) else node.targets[0]
            if isinstance(target, ast.Name) and target.id == "COMPILED" and node.value is not None:
                paths = ast.literal_eval(node.value)
                return [p[: -len(".py")].replace("/", ".") for p in paths]
    raise AssertionError("setup.py has no COMPILED list")


def fake_tree(tmp_path: Path, module: str = "x") -> tuple[Path, Path, Path]:
    """A package folder with ``core/<module>.py``, a (fake) extension for it and the record of
    the source it was built from."""
    package = tmp_path / "consim"
    source = package / "core" / f"{module}.py"
    source.parent.mkdir(parents=True)
    source.write_text("VALUE = 1\n")
    extension = package / "_compiled" / "core" / f"{module}{EXTENSION_SUFFIXES[0]}"
    extension.parent.mkdir(parents=True)
    extension.write_bytes(b"not really an extension")
    sources = {f"consim.core.{module}": hashlib.sha256(source.read_bytes()).hexdigest()}
    (package / "_compiled" / "sources.json").write_text(json.dumps(sources))
    return package, source, extension


def test_a_build_of_the_current_source_is_used(tmp_path: Path) -> None:
    package, _source, extension = fake_tree(tmp_path)
    finder = _speedups.CompiledFinder(package / "_compiled", package)
    spec = finder.find_spec("consim.core.x")
    assert spec is not None and spec.origin == str(extension)
    assert finder.loaded == ["consim.core.x"]


def test_a_build_of_an_older_source_is_ignored(tmp_path: Path) -> None:
    # the module was edited after the build: its source runs, never the stale build
    package, source, _extension = fake_tree(tmp_path)
    source.write_text("VALUE = 2\n")
    finder = _speedups.CompiledFinder(package / "_compiled", package)
    assert finder.find_spec("consim.core.x") is None
    assert finder.stale == ["consim.core.x"]
    # and once the edit is undone, the build is the module's again
    source.write_text("VALUE = 1\n")
    assert _speedups.CompiledFinder(package / "_compiled", package).find_spec("consim.core.x") is not None


def test_modules_without_a_build_and_other_packages_are_left_to_python(tmp_path: Path) -> None:
    package, _source, extension = fake_tree(tmp_path)
    finder = _speedups.CompiledFinder(package / "_compiled", package)
    assert finder.find_spec("consim.core.other") is None
    assert finder.find_spec("json") is None
    assert finder.find_spec("consim") is None
    # an extension with no record of its source is not trusted
    (package / "_compiled" / "sources.json").unlink()
    assert _speedups.CompiledFinder(package / "_compiled", package).find_spec("consim.core.x") is None
    assert extension.exists()
    assert finder.loaded == []


def test_consim_pure_turns_the_build_off(monkeypatch: pytest.MonkeyPatch) -> None:
    installed = [f for f in sys.meta_path if isinstance(f, _speedups.CompiledFinder)]
    for finder in installed:
        monkeypatch.setattr(sys, "meta_path", [f for f in sys.meta_path if f is not finder])
    monkeypatch.setenv("CONSIM_PURE", "1")
    assert _speedups.install() is None
    assert not any(isinstance(f, _speedups.CompiledFinder) for f in sys.meta_path)
    assert _speedups.status() == {"compiled": [], "stale": []}


def test_consim_pure_can_name_the_modules_to_run_as_python(tmp_path: Path) -> None:
    # what benchmarks/bench_compiled.py measures: all compiled but the modules named
    root = tmp_path / "_compiled"
    root.mkdir()
    (root / "sources.json").write_text(json.dumps({"consim.core.flow": "x", "consim.core.data": "y"}))
    (root / "core").mkdir()
    for name in ("flow", "data"):
        (root / "core" / f"{name}{EXTENSION_SUFFIXES[0]}").write_bytes(b"")
    finder = _speedups.CompiledFinder(root, python=_speedups.run_as_python("consim.core.flow"))
    assert finder.find_spec("consim.core.flow") is None
    assert finder.stale == []  # never even looked at: it was asked for as Python
    finder.find_spec("consim.core.data")
    assert finder.stale == ["consim.core.data"]  # looked at (its digest is not this source's)
    assert _speedups.run_as_python("consim.core.flow,1") is None  # not a list of modules: all Python


@pytest.mark.skipif(
    not _speedups.COMPILED_DIR.is_dir() or bool(os.environ.get("CONSIM_PURE")),
    reason="no compiled build here (installed without a C compiler, or CONSIM_PURE is set)",
)
def test_every_listed_module_was_compiled_and_runs_compiled() -> None:
    # a module Cython could not translate, or a build left behind by an edit, shows here
    stale = []
    for name in listed_modules():
        module = importlib.import_module(name)
        if name in _speedups.status()["stale"]:
            stale.append(name)
            continue
        built = _speedups.compiled_path(name)
        assert built is not None, f"{name} was not compiled (see the output of pip install -v)"
        assert module.__file__ is not None and "_compiled" in module.__file__, name
    if stale:
        names = ", ".join(stale)
        pytest.skip(f"built before their last edit, so running as Python: {names} (reinstall to rebuild)")


#: (game, options, seeds) played both ways: random bots to the end
GAMES = [
    ("iraq", {"players": 5}, [0, 1, 2]),
    ("iraq", {"players": 3}, [3]),
    ("jihad", {}, [0, 1]),
    ("baghdad", {"players": 4}, [0]),
    ("fitna", {"scenario": 1}, [0]),
]

SCRIPT = """
import json
from consim import _speedups
from tests.core.test_speedups import digests
print(json.dumps({"digests": digests(), "compiled": _speedups.status()["compiled"]}))
"""


def digests() -> list[str]:
    """A hash of the final position of each game of ``GAMES``."""
    out = []
    for name, options, seeds in GAMES:
        game = consim.load_game(name, **options)
        for seed in seeds:
            state = game.new_game(seed)
            play_out(state, bots_for(game, "random", seed))
            text = json.dumps(state.to_dict(), sort_keys=True)
            out.append(hashlib.sha256(text.encode()).hexdigest())
    return out


def test_plain_python_plays_every_game_exactly_as_this_process() -> None:
    # this process runs the compiled build where there is one; CONSIM_PURE=1 runs none of it
    env = {**os.environ, "CONSIM_PURE": "1"}
    done = subprocess.run(
        [sys.executable, "-c", SCRIPT, json.dumps(GAMES)],
        env=env,
        cwd=ROOT,
        capture_output=True,
        text=True,
        check=True,
        timeout=600,
    )
    pure = json.loads(done.stdout)
    assert pure["compiled"] == []
    assert pure["digests"] == digests()
