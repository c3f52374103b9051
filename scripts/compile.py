"""Compile the rules core and the search bots with mypyc (``make fast``; ``docs/compiled.md``).

    python scripts/compile.py build/fast    a copy of the package in build/fast, compiled
    python scripts/compile.py --in-place    that, and its compiled modules put beside the
                                            sources in src/ (make fast)
    python scripts/compile.py --remove      take the compiled modules out of src/ (make pure)

What is compiled is :data:`sagrada.compiled_build.COMPILED`. The copy is brought up to date
with src/ every time, and compiled again only when something mypyc reads changed: a compiled
module, a module of the package it imports (at any depth), the list, the Python or the mypy
version. Nothing changed: the script takes a second. It needs mypy (with mypyc), setuptools
and a C compiler: ``pip install -e '.[fast]'``.
"""

from __future__ import annotations

import argparse
import ast
import hashlib
import importlib.machinery
import json
import os
import shutil
import subprocess
import sys
import time
import tomllib
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
SRC = ROOT / "src"
PACKAGE = SRC / "sagrada"
DEFAULT_BUILD = ROOT / "build" / "fast"
#: The shared library of the compiled modules (mypyc's group), beside the package.
GROUP = "sagrada"
#: Beside the package in the build: what the compiled modules were made from (the key).
KEY_FILE = "compiled-key"

sys.path.insert(0, str(SRC))
from sagrada.compiled_build import (  # noqa: E402
    COMPILED,
    INTERPRETED,
    SOURCES_FILE,
    compiled_sources,
    source_hash,
)

SUFFIXES = tuple(importlib.machinery.EXTENSION_SUFFIXES)

# Run in the build folder: mypyc's setuptools extension, built in place there, one C file per
# module compiled on every core (72 s instead of 99 s for one file on 2 busy cores).
SETUP = """
import os
import sys
from mypyc.build import mypycify
from setuptools import setup

setup(
    name="sagrada-compiled",
    ext_modules=mypycify(sys.argv[1:], group_name="sagrada", multi_file=True),
    script_args=["--quiet", "build_ext", "--inplace", "--parallel", str(os.cpu_count() or 1)],
)
"""


def is_extension(path: Path) -> bool:
    return path.name.endswith(SUFFIXES)


def sync(build: Path) -> None:
    """Make ``build``/sagrada a copy of the package's files (sources and data), keeping the
    compiled modules that are there."""
    target = build / "sagrada"
    wanted: set[Path] = set()
    for source in PACKAGE.rglob("*"):
        relative = source.relative_to(PACKAGE)
        if "__pycache__" in relative.parts or source.is_dir() or is_extension(source):
            continue
        if relative.as_posix() == SOURCES_FILE:
            continue
        wanted.add(relative)
        copy = target / relative
        if not copy.exists() or copy.read_bytes() != source.read_bytes():
            copy.parent.mkdir(parents=True, exist_ok=True)
            shutil.copyfile(source, copy)
    for copy in list(target.rglob("*")):
        relative = copy.relative_to(target)
        kept = relative in wanted or relative.as_posix() == SOURCES_FILE
        made = is_extension(copy) or "__pycache__" in relative.parts
        if copy.is_file() and not kept and not made:
            copy.unlink()


def package_module(package: Path, name: str) -> Path | None:
    """The file of ``package`` holding module ``name`` (``sagrada.games.dice.rules.state``), if
    any."""
    if name != "sagrada" and not name.startswith("sagrada."):
        return None
    base = package.joinpath(*name.split(".")[1:])
    for candidate in (base.with_suffix(".py"), base / "__init__.py"):
        if candidate.is_file():
            return candidate
    return None


def inputs(package: Path) -> list[Path]:
    """Every file of ``package`` mypyc reads: the compiled modules, what they import from the
    package at any depth (type-only imports too), and the packages they are in."""
    todo = [package / relative for relative in compiled_sources(package)]
    seen: set[Path] = set()
    while todo:
        path = todo.pop()
        if path in seen:
            continue
        seen.add(path)
        for parent in path.relative_to(package).parents:
            init = package / parent / "__init__.py"
            if init.is_file():
                todo.append(init)
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            names: list[str] = []
            if isinstance(node, ast.Import):
                names = [alias.name for alias in node.names]
            elif isinstance(node, ast.ImportFrom) and node.module and node.level == 0:
                names = [node.module] + [f"{node.module}.{alias.name}" for alias in node.names]
            for name in names:
                found = package_module(package, name)
                if found is not None:
                    todo.append(found)
    return sorted(seen)


def build_key(package: Path) -> str:
    """What the compiled modules of ``package`` depend on, hashed."""
    try:
        import mypy.version
    except ImportError:
        raise SystemExit("compile.py needs mypy (with mypyc): pip install -e '.[fast]'") from None

    digest = hashlib.sha256()
    project = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))
    settings = project.get("tool", {}).get("mypy")  # mypy's settings (strict, ...)
    versions = [sys.version, mypy.version.__version__, SETUP, settings, COMPILED, INTERPRETED]
    digest.update(json.dumps(versions).encode())
    for path in inputs(package):
        digest.update(path.relative_to(package).as_posix().encode())
        digest.update(source_hash(path).encode())
    return digest.hexdigest()


def compiled_file(build: Path, relative: str) -> Path | None:
    """The compiled module of the source ``relative`` in ``build``, if it is there."""
    folder = (build / "sagrada" / relative).parent
    stem = Path(relative).stem
    for suffix in SUFFIXES:
        candidate = folder / f"{stem}{suffix}"
        if candidate.exists():
            return candidate
    return None


def group_library(folder: Path) -> list[Path]:
    """The shared library of the compiled modules in ``folder`` (one, or none)."""
    return [p for p in folder.glob(f"{GROUP}__mypyc*") if is_extension(p)]


def compile_into(build: Path) -> bool:
    """Bring the compiled copy in ``build`` up to date; return whether it was compiled."""
    build.mkdir(parents=True, exist_ok=True)
    sync(build)
    sources = compiled_sources(build / "sagrada")
    key = build_key(build / "sagrada")  # of the copy, as it is compiled
    key_file = build / KEY_FILE
    have = key_file.read_text(encoding="utf-8") if key_file.exists() else ""
    complete = all(compiled_file(build, s) for s in sources) and group_library(build)
    if have == key and complete:
        return False
    for old in (build / "sagrada").rglob("*"):  # none may shadow a source no longer compiled
        if is_extension(old):
            old.unlink()
    start = time.perf_counter()
    # The project's mypy settings (strict; the untyped RL libraries), wherever the build is.
    config = ["--config-file", str(ROOT / "pyproject.toml")]
    paths = [f"sagrada/{relative}" for relative in sources]
    result = subprocess.run(
        [sys.executable, "-c", SETUP, *config, *paths], cwd=build, capture_output=True, text=True
    )
    if result.returncode != 0:
        sys.stderr.write(result.stdout[-6000:] + result.stderr[-6000:])
        raise SystemExit(f"compile.py: mypyc failed (exit {result.returncode})")
    missing = [s for s in sources if compiled_file(build, s) is None]
    if missing:
        raise SystemExit(f"compile.py: no compiled module for {', '.join(missing)}")
    hashes = {relative: source_hash(build / "sagrada" / relative) for relative in sources}
    (build / "sagrada" / SOURCES_FILE).write_text(json.dumps(hashes, indent=1), encoding="utf-8")
    key_file.write_text(key, encoding="utf-8")
    print(f"compiled {len(sources)} modules in {time.perf_counter() - start:.0f} s into {build}")
    return True


def remove_in_place() -> int:
    """Take the compiled modules (and their records) out of src/; return how many files."""
    removed = 0
    for path in [p for p in PACKAGE.rglob("*") if is_extension(p)] + group_library(SRC):
        path.unlink()
        removed += 1
    record = PACKAGE / SOURCES_FILE
    if record.exists():
        record.unlink()
        removed += 1
    return removed


def replace_file(source: Path, target: Path) -> None:
    """Copy ``source`` to ``target`` by renaming a new file over it (a running process that
    loaded the old one keeps its copy)."""
    temporary = target.with_name(target.name + ".new")
    shutil.copyfile(source, temporary)
    os.replace(temporary, target)


def install_in_place(build: Path) -> None:
    """Put the compiled modules of ``build`` beside the sources in src/."""
    compile_into(build)
    remove_in_place()
    count = 0
    for relative in compiled_sources(PACKAGE):
        made = compiled_file(build, relative)
        assert made is not None
        replace_file(made, PACKAGE / Path(relative).parent / made.name)
        count += 1
    for library in group_library(build):
        replace_file(library, SRC / library.name)
    replace_file(build / "sagrada" / SOURCES_FILE, PACKAGE / SOURCES_FILE)
    print(f"{count} compiled modules in src/sagrada (make pure takes them out)")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("build", nargs="?", type=Path, default=DEFAULT_BUILD)
    action = parser.add_mutually_exclusive_group()
    action.add_argument("--in-place", action="store_true", help="also put them in src/")
    action.add_argument("--remove", action="store_true", help="take them out of src/")
    args = parser.parse_args()
    if args.remove:
        print(f"removed {remove_in_place()} compiled files from src/")
    elif args.in_place:
        install_in_place(args.build.resolve())
    elif not compile_into(args.build.resolve()):
        print(f"{args.build}: the compiled modules are up to date")


if __name__ == "__main__":
    main()
