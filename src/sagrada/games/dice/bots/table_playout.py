"""Fast playouts of a game to its end, solo or at a table of 2-4 players, for the planner
(:mod:`sagrada.games.dice.bots.planner`).

A playout plays the turns that are left without the engine's turn machine: each player keeps
summaries of their own window (:class:`~sagrada.search.window_summary.Tables`) and, at their
turn, drafts the die and space the policy rates best
(:func:`~sagrada.search.playout_policy.best_placement`), never using a tool. The dice to come
are given (the planner draws them from a guess of the bag), so every candidate the planner
compares meets the same dice.

* Solo (:func:`play_out`): two turns a round; the dice left in the pool go to the Round Track
  and make the target.
* At a table (:func:`play_table`): one Draft Pool for everyone, drafted in the order of the
  round (the base game's snake order, the first player moving on each round); an opponent is
  played by the same policy on its window and (guessed) private objective. Only games whose
  rules these playouts model are played this way (:func:`plays_at_table`).

The final score (:func:`final_score`) is the engine's: the public objectives' rules, the
private objective(s), unspent favor tokens, and a penalty per open space (-3 solo, -1 at a
table).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Final

from sagrada.core.dice import DIE_PIPS
from sagrada.core.hooks import Rules
from sagrada.core.modules.base import DraftFromPool
from sagrada.core.objectives import PUBLIC_RULES
from sagrada.core.outcome import ranked_outcome
from sagrada.core.scoring import OPEN_SPACE_PENALTY, SOLO_OPEN_SPACE_PENALTY
from sagrada.core.window import Window
from sagrada.search.playout_policy import best_pair, best_placement
from sagrada.search.window_summary import (
    RATED_RULES,
    TURNS_PER_ROUND,
    SoloModel,
    Tables,
    private_sums,
)

#: The player counts a table playout models (the 5 & 6 Player Expansion's tables play by
#: other rules).
MIN_PLAYERS: Final = 2
MAX_PLAYERS: Final = 4


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


# -- solo ------------------------------------------------------------------------------------


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


# -- at a table ------------------------------------------------------------------------------


def _snake(players: int, start: int) -> tuple[int, ...]:
    first = [(start + i) % players for i in range(players)]
    return tuple(first + first[::-1])


def plays_at_table(rules: Rules) -> bool:
    """Whether :func:`play_table` plays games with ``rules`` by their rules: 2-4 players, a
    turn is drafting a die from the common Draft Pool (or a tool), the rounds go in the snake
    order, the score is the windows' own (no module adds points or acts between turns), the
    ranking is the base game's, and the policy rates every public objective that may be dealt."""
    players = rules.options.players
    if not MIN_PLAYERS <= players <= MAX_PLAYERS or rules.solo_scoring:
        return False
    if len(rules.turn_actions) != 1 or not isinstance(rules.turn_actions[0], DraftFromPool):
        return False
    if rules.after_action or rules.steps or rules.score_parts or rules.hold_turn:
        return False
    if rules.turn_end or rules.round_end or rules.outcome is not ranked_outcome:
        return False
    if not all(rule in RATED_RULES for rule in rules.public_deck):
        return False
    return all(rules.round_order(players, s) == _snake(players, s) for s in range(players))


def round_turns(order: Sequence[int], turn: int, players: int, skip: int) -> list[int]:
    """The seats still to play this round from turn ``turn`` on (that turn included), as the
    engine goes through ``order``: a seat whose bit is set in ``skip`` misses its second turn
    (Running Pliers)."""
    return [
        order[t] for t in range(turn, len(order)) if not (t >= players and skip >> order[t] & 1)
    ]


def play_table(
    models: Sequence[SoloModel],
    windows: Sequence[Window],
    favors: Sequence[int],
    pool: list[int],
    turns: Sequence[int],
    futures: Sequence[Sequence[int]],
    orders: Sequence[Sequence[int]],
) -> list[int]:
    """Play a game of several players to its end by the policy, changing ``windows`` and
    ``pool``.

    Args:
        models: each seat's game (its window pattern, the objectives it scores, the policy);
            the policy's ``target_weight`` should be 0 (there is no target).
        windows: each seat's window as it stands.
        favors: each seat's unspent favor tokens (playouts never spend them).
        pool: the Draft Pool now.
        turns: the seats still to play this round, in order (:func:`round_turns`).
        futures: the Draft Pools of the rounds to come.
        orders: the order of each round to come.

    Returns:
        Each seat's final score.
    """
    players = len(models)
    counts = [0] * players
    for seat in turns:
        counts[seat] += 1
    for order in orders:
        for seat in order:
            counts[seat] += 1
    tables = [Tables(models[s], windows[s], counts[s]) for s in range(players)]
    _play_table_round(tables, pool, turns)
    for index in range(len(futures)):
        _play_table_round(tables, list(futures[index]), orders[index])
    return [
        final_score(models[s], windows[s], OPEN_SPACE_PENALTY, favors[s], best_private=False)
        for s in range(players)
    ]


def _play_table_round(tables: list[Tables], pool: list[int], turns: Sequence[int]) -> None:
    """Play the turns ``turns`` (seats) from ``pool``."""
    for seat in turns:
        own = tables[seat]
        index, cell = best_placement(own, pool)
        if index >= 0:
            own.place(pool[index], cell)
            del pool[index]
        own.turns_after = max(own.turns_after - 1, 0)
