"""Fast solo playouts of a window to the end of the game, for both games' planners
(:mod:`sagrada.games.dice.bots.planner`, :mod:`sagrada.games.cards.planner`).

A playout plays the turns that are left without the engine's turn machine: the player keeps
summaries of their window (:class:`~sagrada.search.window_summary.Tables`) and, each turn,
drafts the die and space the policy rates best
(:func:`~sagrada.search.playout_policy.best_placement`), never using a tool. The dice to come
are given (a planner draws them from a guess of the bag, or of the pile), so every candidate
the planner compares meets the same dice. Two turns a round; the dice left in the pool go to
the Round Track (the card game's turn bar) and make the target.

The final score (:func:`final_score`) is the engine's: the public objectives' rules, the
private objective(s), unspent favor tokens, and a penalty per open space (-3 solo, -1 at a
table); the dice game's table playouts (:mod:`sagrada.games.dice.bots.table_playout`) score
with it too. What a tool not used yet is worth to a planner is :func:`kept_tools_worth`.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Final

from sagrada.core.dice import DIE_PIPS
from sagrada.core.objectives import PUBLIC_RULES
from sagrada.core.scoring import SOLO_OPEN_SPACE_PENALTY
from sagrada.core.window import Window
from sagrada.search.playout_policy import best_pair, best_placement
from sagrada.search.window_summary import (
    MAX_TURNS,
    TURNS_PER_ROUND,
    SoloModel,
    Tables,
    private_sums,
)

#: What an unused tool card is worth to a planner at the start of the game, in points: the
#: playouts never use one, so without it a tool would be spent as soon as it gains anything.
TOOL_RESERVE: Final = 4.0


def kept_tools_worth(unused: int, turns_left: int, reserve: float = TOOL_RESERVE) -> float:
    """The worth of ``unused`` tool cards with ``turns_left`` turns of the game to come:
    ``reserve`` each at the start, nothing at the end."""
    return reserve * unused * turns_left / MAX_TURNS


def final_score(
    model: SoloModel,
    window: Window,
    open_penalty: int = SOLO_OPEN_SPACE_PENALTY,
    favor: int = 0,
    best_private: bool = True,
) -> int:
    """The window's score by the engine's rules: the public objectives, the private
    objectives, ``favor`` tokens, ``open_penalty`` per open space.

    Args:
        model: the player's game (window, objectives).
        window: the finished window.
        open_penalty: the points lost per open space (3 solo, 1 at a table).
        favor: the unspent favor tokens (none in solo play).
        best_private: count only the best private objective (solo), else every one.
    """
    total = 0
    for objective in model.publics:
        count, _ = PUBLIC_RULES[objective.rule](window)
        total += count * objective.vp
    sums = private_sums(model, window)
    privates = (max(sums) if sums else 0) if best_private else sum(sums)
    return total + privates + favor - open_penalty * window.open_spaces


def play_out(
    model: SoloModel,
    window: Window,
    pool: list[int],
    turns_left: int,
    futures: Sequence[Sequence[int]],
    track: int,
) -> tuple[int, int]:
    """Play a solo game to its end by the policy, changing ``window`` and ``pool``.

    Args:
        model: the game's constants and the policy.
        window: the window as it stands.
        pool: the dice in the Draft Pool now.
        turns_left: the turns left in the current round (0: the round is over).
        futures: the Draft Pools of the rounds still to come, in order.
        track: the pips on the Round Track so far.

    Returns:
        ``(score, target)`` at the end of the game.
    """
    tables = Tables(model, window, turns_left + TURNS_PER_ROUND * len(futures))
    track += _play_solo_round(tables, pool, turns_left)
    for dice in futures:
        track += _play_solo_round(tables, list(dice), TURNS_PER_ROUND)
    return final_score(model, window), track


def _play_solo_round(tables: Tables, pool: list[int], turns: int) -> int:
    """Play ``turns`` turns from ``pool``; return the pips it leaves on the Round Track."""
    for turn in range(turns):
        if turn + 1 < turns and tables.turns_after < tables.model.weights.pair_turns:
            index, cell = best_pair(tables, pool)
        else:
            index, cell = best_placement(tables, pool)
        if index >= 0:
            tables.place(pool[index], cell)
            del pool[index]
        tables.turns_after = max(tables.turns_after - 1, 0)
    left = 0
    for die in pool:
        left += DIE_PIPS[die]
    return left
