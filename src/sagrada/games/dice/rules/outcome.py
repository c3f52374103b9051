"""The result of a finished game: the scores, the ranking with its tie-breaks, the winners.

The base game's END GAME SCORING decides ties by private objective points, then unspent favor
tokens, then (English rules) the reverse of the final round's turn order, or (German rules,
option ``tie_break="shared"``) leaves the tied players sharing the place.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from sagrada.core.compiled import reduce_by_init
from sagrada.core.scoring import ScoreBreakdown
from sagrada.games.dice.rules.table import Table


@dataclass(frozen=True, slots=True)
class Outcome:
    """The result of a finished game.

    Attributes:
        scores: each player's score breakdown, by seat.
        ranking: seats grouped by place, best first; a group of several seats shares a place
            (only possible with the ``"shared"`` tie-break).
        winners: the seats that won (solo: ``(0,)`` if the score beat the target, else empty).
        target: solo only: the target score (sum of the Round Track dice), else ``None``.
    """

    scores: tuple[ScoreBreakdown, ...]
    ranking: tuple[tuple[int, ...], ...]
    winners: tuple[int, ...]
    target: int | None = None

    def __reduce__(self) -> tuple[Any, tuple[Any, ...]]:
        """Pickled and copied through the constructor (``compiled.reduce_by_init``)."""
        return reduce_by_init(self)


def rank(
    scores: Sequence[ScoreBreakdown], last_start: int = 0, *, shared: bool = False
) -> tuple[tuple[int, ...], ...]:
    """Rank players by their scores: total, then private objective points, then favor tokens,
    then the English or German last tie-break.

    Args:
        scores: each player's score breakdown, by seat.
        last_start: the seat that started the final round.
        shared: the German tie-break (option ``tie_break="shared"``): players still tied share
            their place; otherwise (English rules) the later a player sits in the final
            round's turn order, the better.

    Returns:
        The seats grouped by place, best first, each group in seat order.
    """
    n = len(scores)

    def key(seat: int) -> tuple[int, ...]:
        s = scores[seat]
        base = (s.total, s.private_points, s.favor_tokens)
        return base if shared else (*base, (seat - last_start) % n)

    ranking: list[list[int]] = []
    for seat in sorted(range(n), key=key, reverse=True):
        if ranking and key(ranking[-1][0]) == key(seat):
            ranking[-1].append(seat)
        else:
            ranking.append([seat])
    return tuple(tuple(sorted(group)) for group in ranking)


def ranked_outcome(table: Table, scores: tuple[ScoreBreakdown, ...]) -> Outcome:
    """Rank the players of a multiplayer game (:func:`rank`) and name the winners."""
    n = table.config.players
    groups = rank(scores[:n], table.start_player % n, shared=table.config.tie_break == "shared")
    return Outcome(scores, groups, groups[0])
