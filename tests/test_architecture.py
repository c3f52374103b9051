"""The shape of the code that the design relies on (DESIGN.md, "Layers"; issues 11 and 27).

* The rules core (the kit every game shares, ``sagrada/core``, and the dice game's rules,
  ``sagrada/games/dice/rules``) imports nothing but the standard library and itself (but for
  the type checker's view of mypyc's marks, never imported when the code runs); the kit
  imports none of the dice game's rules.
* No import cycle anywhere in the package, counting imports inside functions and those made
  only for type checking.
* The turn machine and the modules around it never ask which rule module or content pack is
  in play: only the rule modules (``sagrada/games/dice/rules/modules``) and the card effects
  (``sagrada/games/dice/rules/tools``) name them.
"""

from __future__ import annotations

import ast
import sys
from collections.abc import Iterator
from pathlib import Path

import pytest

CORE = Path(__file__).resolve().parent.parent / "src" / "sagrada" / "core"
#: The dice game's rules, which stand on the kit (``sagrada/core``).
RULES = CORE.parent / "games" / "dice" / "rules"
RULES_PACKAGE = "sagrada.games.dice.rules"


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
            # "from sagrada.games.dice.rules import actions" imports the module
            # sagrada.games.dice.rules.actions.
            found.update(f"{node.module}.{alias.name}" for alias in node.names)
    return found


CORE_FILES = sorted([*CORE.rglob("*.py"), *RULES.rglob("*.py")])
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
                own = (
                    ("sagrada.core",)
                    if path.is_relative_to(CORE)
                    else (
                        "sagrada.core",
                        "sagrada.games.dice.rules",
                    )
                )
                assert name.startswith(own), f"{path.name} imports {name}"
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
    tree = ast.parse((RULES / filename).read_text(encoding="utf-8"))
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


PACKAGES = (
    "sagrada.core",
    "sagrada.games.dice.rules",
    "sagrada.games.dice.rules.modules",
    "sagrada.games.dice.rules.tools",
)
#: The two tables of docs/architecture.md, by their header: the package whose layers each shows.
LAYER_TABLES = {
    "| Layer | Kit modules |": "sagrada.core",
    "| Layer | Rules modules |": RULES_PACKAGE,
}


def test_the_architecture_document_shows_the_import_layers() -> None:
    # docs/architecture.md has a table of the kit's layers and one of the dice game's rules'
    # (the kit below them all); they must match the real graph.
    text = (CORE.parent.parent.parent / "docs" / "architecture.md").read_text(encoding="utf-8")
    documented: dict[str, int] = {}
    package = None
    for line in text.splitlines():
        package = LAYER_TABLES.get(line.strip(), package)
        cells = [cell.strip() for cell in line.strip().strip("|").split("|")]
        if package and len(cells) == 2 and cells[0].isdigit():
            for name in cells[1].replace("`", "").split(","):
                name = name.strip()
                if name:
                    documented[f"{package}.{name}"] = int(cells[0])
    graph = core_graph()
    kit = {n: {m for m in others if within(m, "sagrada.core")} for n, others in graph.items()}
    rules = {n: {m for m in others if within(m, RULES_PACKAGE)} for n, others in graph.items()}
    expected = {n: d for n, d in layers(kit).items() if within(n, "sagrada.core")}
    expected |= {n: d for n, d in layers(rules).items() if within(n, RULES_PACKAGE)}
    assert documented == expected


PACKAGE = CORE.parent
#: The adapters: they know a game only through its entry in the registry (``sagrada.__main__``
#: is the command line's, ``python -m sagrada``; ``sagrada.players``, the players' layer under
#: the server, knows games as the adapters do).
ADAPTERS = ("sagrada.rl", "sagrada.cli", "sagrada.web", "sagrada.__main__", "sagrada.players")
#: The games' packages, one a game.
GAMES = "sagrada.games"
#: What every game shares of ``sagrada.core`` (the kit), which an adapter may import: the
#: messages and errors, the option schema, the record format, the seeded generator, and the
#: content files. The rest of the core is the dice game's rules, which an adapter reaches
#: only through the dice game's entry.
KIT = (
    "sagrada.core.messages",
    "sagrada.core.errors",
    "sagrada.core.options",
    "sagrada.core.record",
    "sagrada.core.rng",
    "sagrada.core.content_files",
)


def package_modules() -> Iterator[tuple[str, Path]]:
    """Every module of the package, by name."""
    for path in sorted(PACKAGE.rglob("*.py")):
        parts = path.relative_to(PACKAGE.parent).with_suffix("").parts
        yield ".".join(parts[:-1] if parts[-1] == "__init__" else parts), path


MODULES = dict(package_modules())


def within(name: str, package: str) -> bool:
    return name == package or name.startswith(package + ".")


def package_graph() -> dict[str, set[str]]:
    """Which modules of the package each module imports (wherever the import stands)."""
    return {
        name: {m for m in imports_of(path) if m in MODULES and m != name}
        for name, path in MODULES.items()
    }


def test_no_module_of_the_package_takes_part_in_an_import_cycle() -> None:
    cycle = find_cycle(package_graph())
    assert cycle is None, "import cycle: " + " -> ".join(cycle or [])


def test_nothing_below_the_adapters_imports_one() -> None:
    """The games, the search platform and the kit lie below the adapters: the registry finds
    a game's command-line parts, page and encoder by ``"module:attribute"``, and the dice
    game's bots name the OpenSpiel bot that way, loading it only when asked for."""
    found = [
        f"{name} imports {other}"
        for name, path in MODULES.items()
        if not any(within(name, adapter) for adapter in ADAPTERS)
        for other in sorted(imports_of(path))
        if any(within(other, adapter) for adapter in ADAPTERS)
    ]
    assert found == []


def test_the_search_platform_imports_no_game() -> None:
    """What every game's bots share lies below the games."""
    found = [
        f"{name} imports {other}"
        for name, path in MODULES.items()
        if within(name, "sagrada.search")
        for other in sorted(imports_of(path))
        if within(other, GAMES) or within(other, "sagrada.registry")
    ]
    assert found == []


def game_names() -> set[str]:
    from sagrada.registry import entries

    return {entry.name for entry in entries()}


def adapter_problems(name: str, source: str, games: set[str]) -> list[str]:
    """What an adapter's module does that only a game's entry may: import a game's modules
    (a game's package, or the dice game's rules beyond the kit), or name a game (a string
    that is a game's name; the command's own name, ``prog="sagrada"``, is not a game)."""
    tree = ast.parse(source)
    found = []
    for node in ast.walk(tree):
        modules: list[str] = []
        if isinstance(node, ast.Import):
            modules = [alias.name for alias in node.names]
        elif isinstance(node, ast.ImportFrom) and node.module and node.level == 0:
            modules = [node.module]
        for other in modules:
            if within(other, GAMES) or (
                within(other, "sagrada.core") and not any(within(other, k) for k in KIT)
            ):
                found.append(f"{name} imports {other}")
    programs = {
        id(node.value)
        for node in ast.walk(tree)
        if isinstance(node, ast.keyword) and node.arg == "prog"
    }
    for node in ast.walk(tree):
        if isinstance(node, ast.Constant) and node.value in games and id(node) not in programs:
            found.append(f"{name}: line {node.lineno} names the game {node.value!r}")
    return found


@pytest.mark.parametrize("adapter", ADAPTERS)
def test_an_adapter_knows_a_game_only_through_its_entry(adapter: str) -> None:
    games = game_names()
    found = [
        problem
        for name, path in MODULES.items()
        if within(name, adapter)
        for problem in adapter_problems(name, path.read_text(encoding="utf-8"), games)
    ]
    assert found == []


def test_the_adapter_check_sees_an_import_of_a_game_and_a_game_named() -> None:
    # The check above must be able to fail.
    source = (
        "from sagrada.games.cards.state import new_card_game\n"
        "from sagrada.games.dice.rules.state import new_game\n"
        "from sagrada.core.messages import msg\n"
        "def f(args):\n    return args.game == 'cards'\n"
        "parser = Parser(prog='sagrada')\n"
    )
    assert adapter_problems("sagrada.cli.x", source, {"sagrada", "cards"}) == [
        "sagrada.cli.x imports sagrada.games.cards.state",
        "sagrada.cli.x imports sagrada.games.dice.rules.state",
        "sagrada.cli.x: line 5 names the game 'cards'",
    ]


def test_a_game_imports_no_other_game() -> None:
    games = sorted(
        {name.split(".")[2] for name in MODULES if name.count(".") >= 2 and within(name, GAMES)}
    )
    found = [
        f"{name} imports {other}"
        for name, path in MODULES.items()
        if within(name, GAMES) and name != GAMES
        for other in sorted(imports_of(path))
        if within(other, GAMES)
        and other.split(".")[:3] != name.split(".")[:3]
        and other.split(".")[2] in games
    ]
    assert found == []


def test_the_page_shell_names_no_game() -> None:
    """The pages every game shares (the lobby, the help, the shell's modules) know the games
    from GET /api/registry: none names a game's page folder or compares a game's name."""
    static = PACKAGE / "web" / "static"
    found = []
    for path in sorted(static.rglob("*")):
        if path.suffix not in (".js", ".html"):
            continue
        text = path.read_text(encoding="utf-8")
        for game in game_names():
            for written in (f'"{game}"', f"'{game}'", f"/static/games/{game}/"):
                if written in text:
                    found.append(f"{path.relative_to(static)} names {written}")
    assert found == []


def test_the_players_layer_imports_no_adapter_above_it() -> None:
    """The players' layer lies below the server and the command line (DESIGN.md, "Layers"):
    it imports none of them."""
    above = ("sagrada.web", "sagrada.cli", "sagrada.rl", "sagrada.__main__")
    found = [
        f"{name} imports {other}"
        for name, path in MODULES.items()
        if within(name, "sagrada.players")
        for other in sorted(imports_of(path))
        if any(within(other, adapter) for adapter in above)
    ]
    assert found == []
