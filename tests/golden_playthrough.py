"""Golden playthroughs: seeded random games written out as text, decision by decision.

Each file in ``tests/golden/`` is one game of uniformly random legal actions (chosen with a
seeded ``random.Random``), rendered by :func:`render_playthrough`: the cards in play, then one
line per decision (round, player, draft pool, held die, favor tokens, the deciding player's
window rows, the number of legal actions and the action chosen), then each player's final
score breakdown. ``tests/test_golden.py`` regenerates every file and compares it exactly.

The files are not a specification (the rule tests are): they catch *unintended* changes of
behaviour. When a change is intended, rewrite them and review the diff::

    .venv/bin/python tests/golden_playthrough.py --update

Without ``--update`` the script prints the name of every file that is out of date and exits
with status 1 if there is any.

Line format, for example::

    0031 r2 p1 fav 3 | pool R3 Y5 G1 | held -- | .R .. R3 .3 ../.. ../../.. | 23 legal > G1@B4

The window rows (A to D, separated by ``/``) show a die as ``R3`` and an empty space as ``.``
followed by its restriction (``..`` white, ``.R`` red, ``.3`` value 3). During setup the
player's four window options are shown instead. ``tool T5`` marks a decision inside a tool.
Under the Private Dice Pool rules, ``own`` lists the deciding player's own dice after the pool;
with Life's Apprentice module, ``cards`` the deciding player's apprentice cards by number.
"""

from __future__ import annotations

import json
import random
import sys
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from sagrada.core.dice import COLOUR_LETTERS, DIE_NAMES
from sagrada.games.dice.rules.actions import action_to_str
from sagrada.games.dice.rules.config import GameConfig
from sagrada.games.dice.rules.state import Phase, State, new_game

GOLDEN_DIR = Path(__file__).parent / "golden"


@dataclass(frozen=True)
class GoldenGame:
    """One committed playthrough: its file name and how to play it again."""

    filename: str
    players: int
    seed: int
    tools: tuple[int, ...]
    expansion: bool = False
    private_pools: bool = False
    #: More options of the game (the Life modules, chosen public objectives).
    more: tuple[tuple[str, Any], ...] = ()

    @property
    def config(self) -> GameConfig:
        """The game's configuration."""
        return golden_config(
            self.players, self.tools, self.expansion, self.private_pools, **dict(self.more)
        )

    def render(self) -> str:
        """Play the game again and return its text."""
        return render_playthrough(
            self.players,
            self.seed,
            self.tools,
            expansion=self.expansion,
            private_pools=self.private_pools,
            more=dict(self.more),
        )


#: The committed games. Together they play every combination of the base game's and the 5 & 6
#: Player Expansion's rule modules that the options can switch on, and each of Life's modules;
#: their tools cover all fourteen cards; each seed was picked among 1-40 so that random play
#: uses every tool in play at least once.
GOLDEN_GAMES = (
    GoldenGame("2p_tools_1_5_8.txt", players=2, seed=4, tools=(1, 5, 8)),
    GoldenGame("3p_tools_2_6_9.txt", players=3, seed=4, tools=(2, 6, 9)),
    GoldenGame("4p_tools_3_7_10.txt", players=4, seed=19, tools=(3, 7, 10)),
    GoldenGame("solo_tools_1_4_5_11_12.txt", players=1, seed=31, tools=(1, 4, 5, 11, 12)),
    GoldenGame("5p_tools_6_7_8.txt", players=5, seed=1, tools=(6, 7, 8)),
    GoldenGame(
        "3p_private_pools_tools_4_13_14.txt",
        players=3,
        seed=1,
        tools=(4, 13, 14),
        private_pools=True,
    ),
    GoldenGame(
        "solo_expansion_tools_2_3_6_9_10.txt",
        players=1,
        seed=1,
        tools=(2, 3, 6, 9, 10),
        expansion=True,
    ),
    GoldenGame(
        "3p_toil_tools_1_9_12.txt",
        players=3,
        seed=1,
        tools=(1, 9, 12),
        more=(
            ("toil", True),
            ("public_objectives", ("perfect_pairs", "tallest_column", "alternating_shades")),
        ),
    ),
    GoldenGame(
        "4p_masterwork_tools_2_15_16.txt",
        players=4,
        seed=3,
        tools=(2, 15, 16),
        more=(
            ("masterwork", True),
            ("toil", True),
            ("public_objectives", ("orange_adjacency", "alternating_colours", "color_diagonals")),
        ),
    ),
    GoldenGame(
        "4p_life_all_modules_tools_5_10_16.txt",
        players=4,
        seed=1,
        tools=(5, 10, 16),
        more=(("apprentice", True), ("masterwork", True), ("toil", True)),
    ),
)


def golden_config(
    players: int,
    tools: tuple[int, ...],
    expansion: bool = False,
    private_pools: bool = False,
    full_bag: bool = False,
    **more: Any,
) -> GameConfig:
    """Return the configuration of a golden game (in solo, as many tools as given)."""
    return GameConfig(
        players=players,
        tools=tools,
        solo_tools=len(tools) if players == 1 else 3,
        full_bag=full_bag,
        expansion=expansion,
        private_pools=private_pools,
        **more,
    )


def render_playthrough(
    players: int,
    seed: int,
    tools: tuple[int, ...],
    *,
    full_bag: bool = False,
    expansion: bool = False,
    private_pools: bool = False,
    choice_seed: int | None = None,
    more: dict[str, Any] | None = None,
) -> str:
    """Play a seeded random game and return its text rendering.

    Args:
        players: 1 (solo, with as many tools as given) to 6.
        seed: the game's seed (its chance), also the seed of the random choices by default.
        tools: the tool card numbers in play (3, or 1-5 in solo).
        full_bag: the ``GameConfig.full_bag`` option.
        expansion: the ``GameConfig.expansion`` option.
        private_pools: the ``GameConfig.private_pools`` option.
        choice_seed: the seed of the ``random.Random`` that picks the actions, if not ``seed``.
        more: more options of the game.

    Returns:
        The playthrough, one line per decision, ending with a newline.
    """
    config = golden_config(players, tools, expansion, private_pools, full_bag, **(more or {}))
    state = new_game(config, seed)
    chooser = random.Random(seed if choice_seed is None else choice_seed)
    lines = _header(state, seed)
    round_shown = -1
    while not state.is_over:
        if state.phase == Phase.PLAY and state.round != round_shown:
            round_shown = state.round
            lines.append(_round_line(state))
        legal = state.legal_actions()
        action = chooser.choice(legal)
        lines.append(f"{_decision_line(state)} | {len(legal)} legal > {action_to_str(action)}")
        state.apply(action)
    lines.extend(_footer(state))
    return "\n".join(lines) + "\n"


def _header(state: State, seed: int) -> list[str]:
    config = state.config
    lines = [
        f"Sagrada golden playthrough: {config.players} player(s), seed {seed}",
        f"config: {json.dumps(config.to_json(), sort_keys=True)}",
        "tools: "
        + ", ".join(f"T{t.id} {t.name} ({COLOUR_LETTERS[t.colour]})" for t in state.tools),
        "public objectives: " + ", ".join(o.name for o in state.publics),
    ]
    for seat, player in enumerate(state.players):
        privates = ", ".join(o.name for o in player.privates)
        options = " / ".join(f"{o.name} ({o.difficulty})" for o in player.options)
        lines.append(f"player {seat}: private {privates}; options {options}")
    lines.append("")
    return lines


def _round_line(state: State) -> str:
    track = " ".join(
        f"r{i + 1}:" + "".join(DIE_NAMES[d] for d in dice)
        for i, dice in enumerate(state.track)
        if dice
    )
    order = "".join(str(seat) for seat in state.order)
    return f"== round {state.round + 1}, order {order}, track {track or '-'}"


def _decision_line(state: State) -> str:
    seat = state.current
    player = state.players[seat]
    number = f"{len(state.history):04d}"
    if state.phase == Phase.SETUP:
        options = " / ".join(o.name for o in player.options)
        return f"{number} setup p{seat} | options {options}"
    pool = " ".join(DIE_NAMES[d] for d in state.pool) or "-"
    held = DIE_NAMES[state.held] if state.held >= 0 else "--"
    # Under the Private Dice Pool rules, the deciding player's own dice follow the pool.
    own = ""
    if state.config.private_pools:
        own = " | own " + (" ".join(DIE_NAMES[d] for d in player.own_pool) or "-")
    window = "/".join(state.window(seat).rows())
    tool = f" | tool T{state.tool_number}" if state.tool_slot >= 0 else ""
    # With Life's Apprentice module, the deciding player's apprentice cards (by number).
    cards = ""
    if "apprentice" in state.components:
        hand = state.components["apprentice"].snapshot()["hands"][seat]
        cards = " | cards " + (" ".join(map(str, hand)) or "-")
    return (
        f"{number} r{state.round + 1} p{seat} fav {player.favor} | pool {pool}{own} | held {held}"
        f"{tool}{cards} | {window}"
    )


def _footer(state: State) -> list[str]:
    outcome = state.outcome()
    lines = ["", f"== game over after {len(state.history)} decisions"]
    for seat, score in enumerate(outcome.scores):
        window = state.window(seat)
        lines.append(f"player {seat} ({window.pattern.name}): {score.total} VP")
        lines.extend(f"  {row}" for row in window.rows())
        for part in score.parts:
            counted = "" if part.counted else " (not counted)"
            cells = " ".join(part.cells) or "-"
            lines.append(f"  {part.name}: {part.points} = {part.formula}{counted} [{cells}]")
    ranking = " ; ".join(",".join(str(s) for s in group) for group in outcome.ranking)
    winners = ",".join(str(s) for s in outcome.winners) or "none"
    target = "" if outcome.target is None else f", target {outcome.target}"
    lines.append(f"ranking {ranking}, winners {winners}{target}")
    return lines


def main(argv: list[str]) -> int:
    """Check (or with ``--update`` rewrite) the committed golden files."""
    update = "--update" in argv
    stale = []
    GOLDEN_DIR.mkdir(exist_ok=True)
    for game in GOLDEN_GAMES:
        path = GOLDEN_DIR / game.filename
        text = game.render()
        if path.exists() and path.read_text(encoding="utf-8") == text:
            continue
        stale.append(game.filename)
        if update:
            path.write_text(text, encoding="utf-8")
    verb = "rewrote" if update else "out of date:"
    for name in stale:
        print(f"{verb} {GOLDEN_DIR / name}")
    return 1 if stale and not update else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
