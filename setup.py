"""The optional compiled build of consim's hottest modules.

Everything else about the package is in ``pyproject.toml``. Here Cython compiles the modules
listed in ``COMPILED`` (the engine's core and bot driver, and the rules each random or bot
move runs through) to C extensions, unchanged: the Python files stay the source of truth and
the reference behaviour. The extensions go to ``consim/_compiled/`` (never beside the Python
files, which they would hide), with ``sources.json``, a digest of the source each was compiled
from; ``consim._speedups`` loads one in place of its Python module only while that module's
source is unchanged, so an edited module is never shadowed by a stale build. Without a C
compiler, or with ``CONSIM_PURE=1`` at install time, nothing is compiled and consim runs as
plain Python, about a third slower.
"""

from __future__ import annotations

import hashlib
import importlib.util
import json
import os
import shutil
import sys
from importlib.machinery import EXTENSION_SUFFIXES
from pathlib import Path
from typing import Any

from setuptools import Extension, setup
from setuptools.command.build_ext import build_ext

ROOT = Path(__file__).resolve().parent

#: modules compiled, by source path (each must behave the same compiled and pure: the test
#: ``tests/core/test_speedups.py`` plays every game both ways and compares the positions).
#: Each is here because ``benchmarks/bench_compiled.py`` shows it pays, alone or with the
#: modules it calls (the README's Speed section has the figures); measure before adding one.
COMPILED = [
    "consim/core/action.py",
    "consim/core/data.py",
    "consim/core/flow.py",
    "consim/core/state.py",
    "consim/bots/base.py",
    "consim/bots/driver.py",
    "consim/games/iraq/board.py",
    "consim/games/iraq/state.py",
    "consim/games/iraq/rules/commitment.py",
    "consim/games/iraq/rules/deck.py",
    "consim/games/iraq/rules/negotiation.py",
    "consim/games/iraq/rules/turn.py",
]

#: where the extensions go, inside the package
COMPILED_DIR = "_compiled"


#: module name -> SHA-256 of the source Cython translated
SOURCE_DIGESTS: dict[str, str] = {}


def _built(folder: Path, name: str) -> bool:
    """True if ``folder`` holds an extension for module ``name`` (``consim.core.state``)."""
    *packages, module = name.split(".")[1:]
    return any(folder.joinpath(*packages, module + suffix).is_file() for suffix in EXTENSION_SUFFIXES)


def _relocated(filename: str) -> str:
    """``consim/core/state.so`` -> ``consim/_compiled/core/state.so`` (other paths unchanged)."""
    parts = Path(filename).parts
    if len(parts) < 2 or parts[0] != "consim":
        return filename
    return str(Path(parts[0], COMPILED_DIR, *parts[1:]))


class BuildCompiled(build_ext):
    """Builds the extensions into ``consim/_compiled/``, also in editable installs, where
    setuptools would copy them beside the Python files. (The extensions are optional: one that
    does not compile is left out with a warning, and its module runs as Python.)"""

    def run(self) -> None:
        in_place = self.editable_mode or self.inplace
        if in_place:  # no build of a module no longer listed stays
            shutil.rmtree(ROOT / "consim" / COMPILED_DIR, ignore_errors=True)
        # Cython translates only here, when something is built (pip evaluates setup.py several
        # times for one install)
        self.extensions = _translated(self.extensions)
        super().run()
        # what each extension was compiled from: consim/_speedups.py loads one only while its
        # module's source is still the same
        for top in [Path(self.build_lib) / "consim"] + ([ROOT / "consim"] if in_place else []):
            built = {
                name: digest for name, digest in SOURCE_DIGESTS.items() if _built(top / COMPILED_DIR, name)
            }
            if built:
                (top / COMPILED_DIR / "sources.json").write_text(json.dumps(built, indent=1, sort_keys=True))

    def finalize_options(self) -> None:
        super().finalize_options()
        if self.parallel is None:  # compile on every core
            self.parallel = os.cpu_count() or 1

    def build_extensions(self) -> None:
        # no debugging information (Python's own flags ask for it with -g): the same code, and
        # a quarter less time in gcc (65 -> 47 s on two cores)
        if self.compiler.compiler_type == "unix":
            for ext in self.extensions:
                ext.extra_compile_args = [*ext.extra_compile_args, "-g0"]
        super().build_extensions()

    def get_ext_filename(self, fullname: str) -> str:
        return _relocated(super().get_ext_filename(fullname))

    def get_ext_fullpath(self, ext_name: str) -> str:
        path = super().get_ext_fullpath(ext_name)
        if self.inplace:
            return path
        return os.path.join(self.build_lib, _relocated(os.path.relpath(path, self.build_lib)))

    def _get_inplace_equivalent(self, build_py: Any, ext: Extension) -> tuple[str, str]:
        _beside_the_source, regular_file = super()._get_inplace_equivalent(build_py, ext)
        package_dir = build_py.get_package_dir("consim")
        inside = Path(regular_file).relative_to(Path(self.build_lib) / "consim")
        target = Path(package_dir) / inside
        if Path(regular_file).exists():  # (not when it failed to compile: nothing is copied)
            target.parent.mkdir(parents=True, exist_ok=True)
        return str(target), regular_file


def _extensions() -> list[Extension]:
    """The modules to compile, still as Python sources (``BuildCompiled.run`` translates
    them); none with ``CONSIM_PURE`` set, or without Cython (the build requirements name it,
    but a bare ``python setup.py`` call may lack it)."""
    if os.environ.get("CONSIM_PURE") or importlib.util.find_spec("Cython") is None:
        return []
    return [Extension(s[: -len(".py")].replace("/", "."), [s], optional=True) for s in COMPILED]


def _translated(extensions: list[Extension]) -> list[Extension]:
    """``extensions`` with their Python sources translated to C by Cython, each source's digest
    recorded in ``SOURCE_DIGESTS``; a module Cython cannot translate is left out (it runs as
    Python)."""
    from Cython.Build import cythonize

    def translate(some: list[Extension], threads: int) -> list[Extension]:
        return list(
            cythonize(
                some,
                build_dir=str(Path("build") / "cython"),
                language_level=3,
                quiet=True,
                force=True,  # the translation also depends on the directives below
                # the annotations are for mypy: Cython must not enforce them (that would turn
                # a clear IllegalAction for bad input into a TypeError) nor change int semantics
                compiler_directives={"annotation_typing": False},
                nthreads=threads,
            )
        )

    for ext in extensions:
        SOURCE_DIGESTS[ext.name] = hashlib.sha256((ROOT / ext.sources[0]).read_bytes()).hexdigest()
    try:
        done = translate(extensions, os.cpu_count() or 1)
    except Exception:  # one module Cython cannot translate: the others are still compiled
        done = []
        for ext in extensions:
            try:
                done += translate([ext], 0)
            except Exception as exc:
                print(f"consim: {ext.name} not compiled ({exc}); it runs as plain Python", file=sys.stderr)
    # the C sources go into the Extension objects setuptools prepared (cythonize returns copies)
    c_sources = {ext.name: ext.sources for ext in done}
    for ext in extensions:
        ext.sources = c_sources.get(ext.name, ext.sources)
    return [ext for ext in extensions if ext.name in c_sources]


os.chdir(ROOT)
setup(ext_modules=_extensions(), cmdclass={"build_ext": BuildCompiled})
