"""The shape of the code that the design relies on (DESIGN.md, "Layers"; issue 11).

* No import cycle among the core's modules, counting imports inside functions and those made
  only for type checking.
* The core imports nothing but the standard library and itself (but for the type checker's
  view of mypyc's marks, never imported when the code runs).
* The turn machine and the modules around it never ask which rule module or content pack is
  in play: only the rule modules (``sagrada/core/modules``) and the card effects
  (``sagrada/core/tools``) name them.
* The search platform (``sagrada/search``) imports no game and no adapter; a game's package
  imports no other game's; the games' and the search's modules import each other without a
  cycle.
"""

from __future__ import annotations

import ast
import sys
from collections.abc import Iterator
from pathlib import Path

import pytest

CORE = Path(__file__).resolve().parent.parent / "src" / "sagrada" / "core"


def module_name(path: Path) -> str:
    parts = path.relative_to(CORE.parent.parent).with_suffix("").parts
    return ".".join(parts[:-1] if parts[-1] == "__init__" else parts)


def imports_of(path: Path) -> set[str]:
    """Every module ``path`` imports, wherever the import statement stands."""
    found: set[str] = set()
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.Import):
            found.update(alias.name for alias in node.names)
        elif isinstance(node, ast.ImportFrom) and node.module and node.level == 0:
            found.add(node.module)
            # "from sagrada.core import actions" imports the module sagrada.core.actions.
            found.update(f"{node.module}.{alias.name}" for alias in node.names)
    return found


CORE_FILES = sorted(CORE.rglob("*.py"))
CORE_MODULES = {module_name(path): path for path in CORE_FILES}


def core_graph() -> dict[str, set[str]]:
    return {
        name: {m for m in imports_of(path) if m in CORE_MODULES and m != name}
        for name, path in CORE_MODULES.items()
    }


def find_cycle(graph: dict[str, set[str]]) -> list[str] | None:
    """Return a cycle of ``graph`` (its first node repeated at the end), or ``None``."""
    done: set[str] = set()
    path: list[str] = []

    def visit(name: str) -> list[str] | None:
        if name in path:
            return [*path[path.index(name) :], name]
        if name in done:
            return None
        path.append(name)
        for other in sorted(graph[name]):
            cycle = visit(other)
            if cycle:
                return cycle
        path.pop()
        done.add(name)
        return None

    for name in sorted(graph):
        cycle = visit(name)
        if cycle:
            return cycle
    return None


def test_the_core_modules_import_each_other_without_a_cycle() -> None:
    cycle = find_cycle(core_graph())
    assert cycle is None, "import cycle: " + " -> ".join(cycle or [])


def test_the_cycle_check_sees_lazy_and_type_only_imports(tmp_path: Path) -> None:
    # The check above must be able to fail: a function-level import one way and a type-only
    # import the other way make a cycle.
    (tmp_path / "a.py").write_text("def f():\n    from sagrada.core.b import g\n")
    (tmp_path / "b.py").write_text(
        "from typing import TYPE_CHECKING\nif TYPE_CHECKING:\n    from sagrada.core.a import f\n"
    )
    graph = {
        "sagrada.core.a": imports_of(tmp_path / "a.py") & {"sagrada.core.b"},
        "sagrada.core.b": imports_of(tmp_path / "b.py") & {"sagrada.core.a"},
    }
    assert find_cycle(graph) == ["sagrada.core.a", "sagrada.core.b", "sagrada.core.a"]


#: The one import outside the standard library the core may name, for the type checker only
#: (never run): the marks mypyc reads for the compiled build (docs/compiled.md).
TYPE_CHECKING_ONLY = {"compiled.py": {"mypy_extensions"}}


def imports_when_run(path: Path) -> set[str]:
    """The modules ``path`` imports outside ``if TYPE_CHECKING:`` blocks."""

    def visit(node: ast.AST) -> Iterator[str]:
        if isinstance(node, ast.If) and ast.unparse(node.test) == "TYPE_CHECKING":
            for inner in node.orelse:
                yield from visit(inner)
            return
        if isinstance(node, ast.Import):
            yield from (alias.name for alias in node.names)
        elif isinstance(node, ast.ImportFrom) and node.module and node.level == 0:
            yield node.module
        for child in ast.iter_child_nodes(node):
            yield from visit(child)

    return set(visit(ast.parse(path.read_text(encoding="utf-8"))))


def test_the_core_imports_only_the_standard_library() -> None:
    allowed = set(sys.stdlib_module_names) | {"__future__"}
    for path in CORE_FILES:
        run = imports_when_run(path)
        for name in imports_of(path):
            top = name.split(".")[0]
            if top == "sagrada":
                assert name.startswith("sagrada.core"), f"{path.name} imports {name}"
            elif top not in allowed:
                type_only = TYPE_CHECKING_ONLY.get(path.name, set())
                assert top in type_only and name not in run, f"{path.name} imports {name}"


#: Names of rule modules, content packs and module options that only the modules themselves
#: (and the option declarations, cards and notation) may mention.
MODULE_WORDS = ("private_pools", "private-pools", "five-six", "five_six", "full_bag", "solo")
#: The engine around the modules: these files must work for any set of modules.
ENGINE = ("state.py", "table.py", "setup.py", "explain.py", "outcome.py", "hooks.py", "rules.py")


@pytest.mark.parametrize("filename", ENGINE)
def test_the_engine_never_asks_which_module_is_in_play(filename: str) -> None:
    tree = ast.parse((CORE / filename).read_text(encoding="utf-8"))
    for node in ast.walk(tree):
        if isinstance(node, ast.Attribute):
            assert node.attr not in MODULE_WORDS, f"{filename}: .{node.attr}"
        if isinstance(node, ast.Constant) and isinstance(node.value, str):
            assert node.value not in MODULE_WORDS and node.value != "base", (
                f"{filename}: {node.value!r}"
            )
        if isinstance(node, ast.Compare):
            sides = (node.left, *node.comparators)
            names_a_card_or_module = any(
                isinstance(side, ast.Attribute) and side.attr in ("pack", "module", "name")
                for side in sides
            )
            with_a_literal = any(isinstance(side, ast.Constant) for side in sides)
            assert not (names_a_card_or_module and with_a_literal), (
                f"{filename}: line {node.lineno} compares a pack or module with a name"
            )


def layers(graph: dict[str, set[str]]) -> dict[str, int]:
    """Each module's layer: 0 for a module importing no other, else one above its highest
    import (the core package and the namespace packages ``modules`` and ``tools`` left out)."""
    depth: dict[str, int] = {}

    def layer(name: str) -> int:
        if name not in depth:
            below = [layer(other) for other in graph[name] if other in wanted]
            depth[name] = 1 + max(below) if below else 0
        return depth[name]

    wanted = {n for n in graph if n not in PACKAGES}
    for name in wanted:
        layer(name)
    return depth


PACKAGES = ("sagrada.core", "sagrada.core.modules", "sagrada.core.tools")


def test_the_architecture_document_shows_the_import_layers() -> None:
    # docs/architecture.md has a table "| Layer | Modules |"; it must match the real graph.
    text = (CORE.parent.parent.parent / "docs" / "architecture.md").read_text(encoding="utf-8")
    documented: dict[str, int] = {}
    for line in text.splitlines():
        cells = [cell.strip() for cell in line.strip().strip("|").split("|")]
        if len(cells) == 2 and cells[0].isdigit():
            for name in cells[1].replace("`", "").split(","):
                name = name.strip()
                if name:
                    documented["sagrada.core." + name] = int(cells[0])
    assert documented == layers(core_graph())


# -- the games and the search platform below them (DESIGN.md, "A game is a package") --------

SAGRADA = CORE.parent
#: The adapters and the registry: above every game, so below none of them.
ABOVE_THE_GAMES = ("sagrada.web", "sagrada.cli", "sagrada.rl", "sagrada.registry")


def package_graph(*packages: str) -> dict[str, set[str]]:
    """The imports among the modules of ``packages`` (folders of ``src/sagrada``)."""
    paths = {module_name(p): p for package in packages for p in (SAGRADA / package).rglob("*.py")}
    return {
        name: {m for m in imports_of(path) if m in paths and m != name}
        for name, path in paths.items()
    }


def test_the_search_platform_imports_no_game_and_no_adapter() -> None:
    for path in sorted((SAGRADA / "search").rglob("*.py")):
        for name in imports_of(path):
            assert not name.startswith(("sagrada.games", *ABOVE_THE_GAMES)), (
                f"search/{path.name} imports {name}"
            )


@pytest.mark.parametrize("game", ["dice", "cards"])
def test_a_game_imports_no_other_game(game: str) -> None:
    for path in sorted((SAGRADA / "games" / game).rglob("*.py")):
        for name in imports_of(path):
            if name.startswith("sagrada.games."):
                assert name.split(".")[2] == game, f"{path.relative_to(SAGRADA)} imports {name}"


def test_the_games_and_the_search_import_each_other_without_a_cycle() -> None:
    cycle = find_cycle(package_graph("games", "search"))
    assert cycle is None, "import cycle: " + " -> ".join(cycle or [])
