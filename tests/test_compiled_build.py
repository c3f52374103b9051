"""Which build the tests run (docs/compiled.md): the compiled modules are the ones imported
exactly when they should be, and none is older than its source.

``make test`` runs the whole suite on the pure build (``SAGRADA_EXPECT_BUILD=pure``), then
this file, the fuzzer and the golden games on the compiled copy in build/fast
(``SAGRADA_EXPECT_BUILD=compiled``, that copy first on the path): without this check a build
that failed to load would pass as the other.
"""

from __future__ import annotations

import json
import os
from pathlib import Path

import pytest

from sagrada.compiled_build import (
    COMPILED,
    INTERPRETED,
    PACKAGE_DIR,
    SOURCES_FILE,
    BuildState,
    build_state,
    compiled_sources,
    module_name,
)
from sagrada.core.errors import (
    ConfigError,
    ContentError,
    InvalidNotationError,
    RecordError,
    SagradaError,
)

DOCS = Path(__file__).resolve().parent.parent / "docs" / "compiled.md"


def test_the_build_running_is_the_one_expected_and_none_is_stale() -> None:
    state = build_state()
    assert not state.stale, state.describe()
    expected = os.environ.get("SAGRADA_EXPECT_BUILD")
    if expected is not None:
        assert state.name == expected, state.describe()


def test_a_compiled_build_is_made_of_every_listed_module_and_records_their_sources() -> None:
    state = build_state()
    if state.name == "pure":
        pytest.skip("the pure build is running")
    assert set(state.compiled) == {module_name(s) for s in compiled_sources()}
    records = json.loads((PACKAGE_DIR / SOURCES_FILE).read_text(encoding="utf-8"))
    assert sorted(records) == compiled_sources()


def test_the_list_names_sources_that_exist() -> None:
    for entry in (*COMPILED, *INTERPRETED):
        assert (PACKAGE_DIR / entry).exists(), entry
    assert all(any(i.startswith(c) for c in COMPILED) for i in INTERPRETED)
    sources = compiled_sources()
    assert "games/dice/rules/state.py" in sources and "games/dice/bots/mcts.py" in sources
    assert not any(s.endswith("__init__.py") or s in INTERPRETED for s in sources)


def test_the_document_says_why_each_interpreted_module_stays_plain_python() -> None:
    text = DOCS.read_text(encoding="utf-8")
    for entry in INTERPRETED:
        assert f"`{entry}`" in text, entry


# -- what once differed between the builds (this file runs on both) --------------------------


@pytest.mark.parametrize("error", [ConfigError, ContentError, RecordError, InvalidNotationError])
def test_an_error_made_from_text_alone_has_no_message(error: type[SagradaError]) -> None:
    # The server answers every SagradaError with its message when it has one: compiled, the
    # class default (None) was lost and reading it failed.
    assert error("some reason").message is None


def test_a_stale_compiled_module_is_named_in_the_warning() -> None:
    state = BuildState(
        ("sagrada.games.dice.rules.state", "sagrada.core.window"),
        (),
        ("sagrada.games.dice.rules.state",),
    )
    assert state.name == "compiled"
    assert "WARNING: 1 compiled modules are older than their source" in state.describe()
    assert "sagrada.games.dice.rules.state" in state.describe()
    assert BuildState((), ("sagrada.games.dice.rules.state",), ()).describe() == "pure Python"
    assert BuildState(("a",), ("b",), ()).name == "mixed"
