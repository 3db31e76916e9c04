"""Loads the compiled build of consim's hottest modules, when there is a fresh one.

``setup.py`` compiles some modules with Cython into ``consim/_compiled/`` (the same code,
unchanged, as C extensions) and records in ``sources.json`` the digest of the source each was
compiled from. The finder installed here imports such a module from its extension instead of
its Python file, but only if the extension was built for this interpreter and the Python file
is still that source: an edited module always runs as its source, never as a stale build.
Set the environment variable ``CONSIM_PURE=1`` to run everything as plain Python (to profile
line by line, or to compare), or to a comma-separated list of modules
(``CONSIM_PURE=consim.core.flow,consim.bots.driver``) to run only those as Python (what
``benchmarks/bench_compiled.py`` measures). Importing this module (``consim`` does it first)
installs the finder.
"""

from __future__ import annotations

import hashlib
import json
import os
import sys
from collections.abc import Sequence
from importlib.abc import MetaPathFinder
from importlib.machinery import EXTENSION_SUFFIXES, ExtensionFileLoader, ModuleSpec
from pathlib import Path
from types import ModuleType

PACKAGE = Path(__file__).resolve().parent
COMPILED_DIR = PACKAGE / "_compiled"


def compiled_path(fullname: str, root: Path = COMPILED_DIR) -> Path | None:
    """The extension built for this interpreter for module ``fullname`` (``consim.core.state``),
    if there is one."""
    parts = fullname.split(".")[1:]
    if not parts:
        return None
    folder = root.joinpath(*parts[:-1])
    for suffix in EXTENSION_SUFFIXES:
        candidate = folder / f"{parts[-1]}{suffix}"
        if candidate.is_file():
            return candidate
    return None


def digest(source: Path) -> str | None:
    """The SHA-256 of a source file as ``setup.py`` records it (``None`` if it is missing)."""
    try:
        return hashlib.sha256(source.read_bytes()).hexdigest()
    except OSError:
        return None


class CompiledFinder(MetaPathFinder):
    """Finds consim modules in ``root`` (``consim/_compiled``) while their sources are the ones
    they were compiled from (``root/sources.json``)."""

    def __init__(
        self, root: Path = COMPILED_DIR, package: Path = PACKAGE, python: frozenset[str] = frozenset()
    ) -> None:
        self.root = root
        self.package = package
        #: modules to run as Python even though they were compiled
        self.python = python
        try:
            self.sources: dict[str, str] = json.loads((root / "sources.json").read_text(encoding="utf-8"))
        except (OSError, ValueError):
            self.sources = {}
        #: modules loaded from their extension, and those whose source changed since the build
        self.loaded: list[str] = []
        self.stale: list[str] = []

    def find_spec(
        self, fullname: str, path: Sequence[str] | None = None, target: ModuleType | None = None
    ) -> ModuleSpec | None:
        built_from = self.sources.get(fullname)
        if built_from is None or fullname in self.python:  # not compiled (the usual case), or asked
            return None
        extension = compiled_path(fullname, self.root)
        if extension is None:
            return None
        source = self.package.joinpath(*fullname.split(".")[1:]).with_suffix(".py")
        if digest(source) != built_from:
            self.stale.append(fullname)
            return None
        self.loaded.append(fullname)
        return ModuleSpec(fullname, ExtensionFileLoader(fullname, str(extension)), origin=str(extension))


def run_as_python(setting: str) -> frozenset[str] | None:
    """The modules ``CONSIM_PURE`` asks to run as Python: ``None`` for all of them (``1``, or
    any value that names no ``consim.`` module), an empty set when it is unset.

    >>> sorted(run_as_python("consim.core.flow, consim.bots.driver"))
    ['consim.bots.driver', 'consim.core.flow']
    >>> run_as_python("1") is None, run_as_python("")
    (True, frozenset())
    """
    names = frozenset(n.strip() for n in setting.split(",") if n.strip())
    if not names:
        return frozenset()
    if all(n.startswith("consim.") for n in names):
        return names
    return None


def install() -> CompiledFinder | None:
    """Put the finder first on ``sys.meta_path`` (once), unless ``CONSIM_PURE`` asks for
    plain Python everywhere or nothing was compiled."""
    for finder in sys.meta_path:
        if isinstance(finder, CompiledFinder):
            return finder
    python = run_as_python(os.environ.get("CONSIM_PURE", ""))
    if python is None or not COMPILED_DIR.is_dir():
        return None
    finder = CompiledFinder(python=python)
    sys.meta_path.insert(0, finder)
    return finder


def status() -> dict[str, list[str]]:
    """Which consim modules run compiled (``compiled``) and which have a build older than
    their source, so run as Python (``stale``); both empty when running as plain Python."""
    for finder in sys.meta_path:
        if isinstance(finder, CompiledFinder):
            return {"compiled": sorted(finder.loaded), "stale": sorted(finder.stale)}
    return {"compiled": [], "stale": []}


install()
