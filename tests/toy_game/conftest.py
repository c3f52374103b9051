"""The toy game's distribution, made for the tests: a ``*.dist-info`` folder whose
``entry_points.txt`` names the toy entry under ``[sagrada.games]``, put on ``sys.path`` (and
given to the tests' subprocesses on ``PYTHONPATH``), after which the registry reads the group
again (:func:`sagrada.registry.register_plugins`); the game is unregistered after the toy
game's tests."""

from __future__ import annotations

import importlib
import os
import sys
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from sagrada.registry import ENTRY_POINT_GROUP, entry, register_plugins, unregister_game

#: The folder holding the package ``toy_game`` (the tests' folder).
TESTS = Path(__file__).resolve().parent.parent
SRC = TESTS.parent / "src"
#: The distribution's name and the entry point it declares.
DISTRIBUTION = "sagrada_toy_game-0.1"
ENTRY_POINT = "toy = toy_game.entry:ENTRY"


def make_distribution(root: Path) -> Path:
    """Write the toy game's distribution metadata under ``root`` (a folder for ``sys.path``)
    and return ``root``."""
    info = root / f"{DISTRIBUTION}.dist-info"
    info.mkdir(parents=True)
    (info / "METADATA").write_text(
        "Metadata-Version: 2.1\nName: sagrada-toy-game\nVersion: 0.1\n"
        "Summary: Secret dice, a toy game for the Sagrada platform's tests\n",
        encoding="utf-8",
    )
    (info / "entry_points.txt").write_text(
        f"[{ENTRY_POINT_GROUP}]\n{ENTRY_POINT}\n", encoding="utf-8"
    )
    return root


@pytest.fixture(scope="session")
def toy_distribution(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """The folder of the toy game's distribution metadata."""
    return make_distribution(tmp_path_factory.mktemp("toy-distribution"))


@pytest.fixture(scope="package", autouse=True)
def toy_registered(toy_distribution: Path) -> Iterator[Any]:
    """The toy game registered through its entry point, for every test of this folder."""
    sys.path.insert(0, str(toy_distribution))
    importlib.invalidate_caches()
    try:
        register_plugins()
        yield entry("toy")
    finally:
        unregister_game("toy")
        sys.path.remove(str(toy_distribution))
        importlib.invalidate_caches()


@pytest.fixture
def subprocess_env(toy_distribution: Path) -> dict[str, str]:
    """The environment of a ``sagrada`` subprocess that finds the toy game's distribution
    (and its package) on its path."""
    path = os.pathsep.join([str(toy_distribution), str(TESTS), str(SRC)])
    return {**os.environ, "PYTHONPATH": path}
