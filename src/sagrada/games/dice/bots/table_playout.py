"""Fast playouts of a game of 2-4 players to its end, for the planner
(:mod:`sagrada.games.dice.bots.planner`); solo games are played out by
:func:`sagrada.search.window_playout.play_out`, the same loop for one player.

A playout plays the turns that are left without the engine's turn machine: each player keeps
summaries of their own window (:class:`~sagrada.search.window_summary.Tables`) and, at their
turn, drafts the die and space the policy rates best
(:func:`~sagrada.search.playout_policy.best_placement`), never using a tool. The dice to come
are given (the planner draws them from a guess of the bag), so every candidate the planner
compares meets the same dice.

At a table (:func:`play_table`) there is one Draft Pool for everyone, drafted in the order of
the round (the base game's snake order, the first player moving on each round); an opponent is
played by the same policy on its window and (guessed) private objective. Only games whose rules
these playouts model are played this way (:func:`plays_at_table`). The final score is the
engine's (:func:`~sagrada.search.window_playout.final_score`: the public objectives' rules, the
private objectives, unspent favor tokens, -1 per open space).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Final

from sagrada.core.scoring import OPEN_SPACE_PENALTY
from sagrada.core.window import Window
from sagrada.games.dice.rules.hooks import Rules
from sagrada.games.dice.rules.modules.base import DraftFromPool
from sagrada.games.dice.rules.outcome import ranked_outcome
from sagrada.search.playout_policy import best_placement
from sagrada.search.window_playout import final_score
from sagrada.search.window_summary import RATED_RULES, SoloModel, Tables

#: The player counts a table playout models (the 5 & 6 Player Expansion's tables play by
#: other rules).
MIN_PLAYERS: Final = 2
MAX_PLAYERS: Final = 4


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
