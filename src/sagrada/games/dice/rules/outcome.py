"""The result of a finished game: the scores, the ranking with its tie-breaks, the winners.

The base game's END GAME SCORING decides ties by private objective points, then unspent favor
tokens, then (English rules) the reverse of the final round's turn order, or (German rules,
option ``tie_break="shared"``) leaves the tied players sharing the place.
"""

from __future__ import annotations

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


def ranked_outcome(table: Table, scores: tuple[ScoreBreakdown, ...]) -> Outcome:
    """Rank the players of a multiplayer game: total, then private objective points, then
    favor tokens, then the English or German last tie-break."""
    n = table.config.players
    last_start = table.start_player % n
    shared = table.config.tie_break == "shared"

    def key(seat: int) -> tuple[int, ...]:
        s = scores[seat]
        base = (s.total, s.private_points, s.favor_tokens)
        # English tie-break: the later a player sits in the final round's order, the better.
        return base if shared else (*base, (seat - last_start) % n)

    seats = sorted(range(n), key=key, reverse=True)
    ranking: list[list[int]] = []
    for seat in seats:
        if ranking and key(ranking[-1][0]) == key(seat):
            ranking[-1].append(seat)
        else:
            ranking.append([seat])
    groups = tuple(tuple(sorted(g)) for g in ranking)
    return Outcome(scores, groups, groups[0])
