"""Golden playthroughs: replaying each committed seeded game must give exactly the same text.

The files in ``tests/golden/`` are written by ``tests/golden_playthrough.py`` (see its docstring).
A mismatch means the engine now behaves differently on that game: if the change is intended,
rewrite the files with ``.venv/bin/python tests/golden_playthrough.py --update`` and review the
diff; if not, the diff shows the first decision that changed.
"""

from __future__ import annotations

import difflib

import pytest

from golden_playthrough import GOLDEN_DIR, GOLDEN_GAMES, GoldenGame, render_playthrough
from helpers import reachable_module_sets

#: Lines of context and the most lines of diff shown on a mismatch.
CONTEXT = 3
MAX_DIFF_LINES = 80


@pytest.mark.parametrize("game", GOLDEN_GAMES, ids=[g.filename for g in GOLDEN_GAMES])
def test_playthrough_matches_golden_file(game: GoldenGame) -> None:
    path = GOLDEN_DIR / game.filename
    assert path.exists(), f"{path} is missing: run tests/golden_playthrough.py --update"
    expected = path.read_text(encoding="utf-8")
    actual = game.render()
    if actual != expected:
        diff = list(
            difflib.unified_diff(
                expected.splitlines(),
                actual.splitlines(),
                fromfile=f"golden/{game.filename}",
                tofile="regenerated",
                n=CONTEXT,
                lineterm="",
            )
        )
        shown = "\n".join(diff[:MAX_DIFF_LINES])
        hidden = len(diff) - MAX_DIFF_LINES
        more = f"\n... {hidden} more diff lines" if hidden > 0 else ""
        pytest.fail(
            f"{game.filename} changed (intended? run tests/golden_playthrough.py --update):\n"
            f"{shown}{more}",
            pytrace=False,
        )


def test_golden_games_cover_every_player_count_and_tool() -> None:
    assert set(range(1, 6)) <= {g.players for g in GOLDEN_GAMES}
    assert {t for g in GOLDEN_GAMES for t in g.tools} == set(range(1, 17))


#: The Life expansion's modules: each needs a golden game, not each of their combinations with
#: the others (the fuzzer plays those).
LIFE_MODULES = {"apprentice", "masterwork", "toil"}


def test_golden_games_cover_every_reachable_combination_of_rule_modules() -> None:
    # The combinations are found by trying option values (helpers.reachable_module_sets), so a
    # rule module registered later, or a new way to switch one on, needs a golden game here.
    played = {g.config.modules for g in GOLDEN_GAMES}
    reachable = set(reachable_module_sets())
    assert {m for m in played if not LIFE_MODULES & set(m)} == {
        m for m in reachable if not LIFE_MODULES & set(m)
    }
    every_module = {name for modules in reachable for name in modules}
    assert {name for modules in played for name in modules} == every_module
    assert every_module >= LIFE_MODULES


@pytest.mark.parametrize("game", GOLDEN_GAMES, ids=[g.filename for g in GOLDEN_GAMES])
def test_every_tool_of_a_golden_game_is_used(game: GoldenGame) -> None:
    # The seeds were picked for this; a golden game that never uses a tool pins nothing about it.
    text = (GOLDEN_DIR / game.filename).read_text(encoding="utf-8")
    for tool in game.tools:
        assert f"> T{tool}\n" in text, f"T{tool} is never used in {game.filename}"


def test_render_playthrough_depends_only_on_its_arguments() -> None:
    first = render_playthrough(2, 99, (1, 2, 3))
    assert render_playthrough(2, 99, (1, 2, 3)) == first
    assert render_playthrough(2, 99, (1, 2, 3), choice_seed=100) != first
