"""The compiled build (``make fast``, ``docs/compiled.md``): which modules mypyc compiles, and
which build this process runs.

:data:`COMPILED` is the one list of what is compiled; ``scripts/compile.py`` compiles it,
``sagrada bench`` says which build it measures, and the tests check that the compiled
modules are the ones imported when they should be (``tests/test_compiled_build.py``). A
compiled module lies beside its source as an extension module (``mcts.cpython-311-...so``),
which Python imports in its place; :data:`SOURCES_FILE` records what each was compiled from,
so that a source edited since (which the compiled module would silently shadow) is noticed.
"""

from __future__ import annotations

import hashlib
import importlib
import importlib.machinery
import json
from dataclasses import dataclass
from pathlib import Path
from typing import Final

#: What mypyc compiles, as paths in the package: a folder stands for every module in it and
#: below, except the ``__init__.py`` files (a package's ``__file__`` and ``__path__`` stay its
#: folder's). A new module of the kit or of the dice game's rules is compiled as it is; a new
#: bot module that searches is added here.
COMPILED: Final = (
    "core",
    "games/dice/rules",
    "search/budget.py",
    "search/pimc.py",
    "search/plans.py",
    "search/playout_policy.py",
    "search/window_playout.py",
    "search/window_summary.py",
    "games/dice/bots/greedy.py",
    "games/dice/bots/heuristic.py",
    "games/dice/bots/mcts.py",
    "games/dice/bots/planner.py",
    "games/dice/bots/playout.py",
    "games/dice/bots/playout_values.py",
    "games/dice/bots/table_playout.py",
)
#: The modules under :data:`COMPILED` that stay plain Python (why: ``docs/compiled.md``).
INTERPRETED: Final = (
    "core/compiled.py",
    "games/dice/rules/config.py",
    "core/errors.py",
    "core/messages.py",
    "core/options.py",
)
#: The file, in the package, recording the hash of each source a compiled module was made from.
SOURCES_FILE: Final = "compiled-sources.json"

PACKAGE_DIR: Final = Path(__file__).resolve().parent


def compiled_sources(package_dir: Path = PACKAGE_DIR) -> list[str]:
    """Return the paths (in the package, ``/``-separated, sorted) of the modules compiled."""
    found: set[str] = set()
    for entry in COMPILED:
        path = package_dir / entry
        files = sorted(path.rglob("*.py")) if path.is_dir() else [path]
        for file in files:
            relative = file.relative_to(package_dir).as_posix()
            if file.name != "__init__.py" and relative not in INTERPRETED:
                found.add(relative)
    return sorted(found)


def module_name(relative: str) -> str:
    """The module a path of the package holds: ``games/dice/rules/state.py`` is
    ``sagrada.games.dice.rules.state``."""
    return "sagrada." + relative.removesuffix(".py").replace("/", ".")


def source_hash(path: Path) -> str:
    """The SHA-256 of a source file, as :data:`SOURCES_FILE` records it."""
    return hashlib.sha256(path.read_bytes()).hexdigest()


@dataclass(frozen=True)
class BuildState:
    """Which build of the compiled modules this process imported.

    Attributes:
        compiled: the modules of :data:`COMPILED` imported from an extension module.
        pure: those imported from their Python source.
        stale: the compiled ones whose source changed since they were compiled (or whose
            record is missing): the running code is not the source's.
    """

    compiled: tuple[str, ...]
    pure: tuple[str, ...]
    stale: tuple[str, ...]

    @property
    def name(self) -> str:
        """``"compiled"``, ``"pure"`` or ``"mixed"``."""
        if not self.pure:
            return "compiled"
        return "mixed" if self.compiled else "pure"

    def describe(self) -> str:
        """One line for people: the build, and a warning about stale compiled modules."""
        if self.name == "pure":
            text = "pure Python"
        elif self.name == "compiled":
            text = f"compiled with mypyc ({len(self.compiled)} modules)"
        else:
            text = f"mixed: {len(self.compiled)} modules compiled, {len(self.pure)} pure Python"
        if self.stale:
            shown = ", ".join(self.stale[:3]) + (", ..." if len(self.stale) > 3 else "")
            text += (
                f"; WARNING: {len(self.stale)} compiled modules are older than their source "
                f"({shown}): run make fast again, or make pure"
            )
        return text


def build_state() -> BuildState:
    """Import every module of :data:`COMPILED` and say which build each came from."""
    compiled: list[str] = []
    pure: list[str] = []
    stale: list[str] = []
    records: dict[str, str] | None = None
    for relative in compiled_sources():
        name = module_name(relative)
        module = importlib.import_module(name)
        origin = Path(module.__file__ or "")
        if not any(origin.name.endswith(s) for s in importlib.machinery.EXTENSION_SUFFIXES):
            pure.append(name)
            continue
        compiled.append(name)
        if records is None:
            records = _records(origin, relative)
        source = origin.parent / Path(relative).name
        if source.exists() and records.get(relative) != source_hash(source):
            stale.append(name)
    return BuildState(tuple(compiled), tuple(pure), tuple(stale))


def _records(origin: Path, relative: str) -> dict[str, str]:
    """The hashes recorded beside the compiled build that ``origin`` (the compiled module of
    ``relative``) belongs to, or none."""
    package = origin.parents[len(Path(relative).parts) - 1]
    try:
        data = json.loads((package / SOURCES_FILE).read_text(encoding="utf-8"))
    except (OSError, ValueError):
        return {}
    return data if isinstance(data, dict) else {}


__all__ = [
    "COMPILED",
    "INTERPRETED",
    "SOURCES_FILE",
    "BuildState",
    "build_state",
    "compiled_sources",
    "module_name",
]
