"""Plan following: a bot that planned its whole turn plays the plan's steps without thinking
again while the game goes as planned.

Both games' planners (:class:`~sagrada.games.dice.bots.planner.PlannerBot`,
:class:`~sagrada.games.cards.planner.PlannerCardBot`) choose a plan's first action and keep the
rest in a :class:`PlanFollower`; the server's bot runner (:mod:`sagrada.web.botrunner`) keeps
the rest of the plan a bot's worker process returned the same way. A plan is played on only
while the history is the one it expects and its next action is legal: anything else (another
player's move, chance that changed the position) drops it.
"""

from __future__ import annotations

from collections.abc import Sequence


class PlanFollower:
    """Keeps the rest of a chosen plan, and gives its next action while the game goes as
    planned (the history is what the plan expects and the action is legal)."""

    def __init__(self) -> None:
        self._expected: list[int] = []
        self._pending: list[int] = []

    def start(self, history: Sequence[int], actions: Sequence[int]) -> int:
        """Follow ``actions`` from the position reached by ``history``; return the first."""
        self._expected = [*history, actions[0]]
        self._pending = list(actions[1:])
        return actions[0]

    @property
    def pending(self) -> tuple[int, ...]:
        """The plan's actions still to play, in order (none once it is played or dropped)."""
        return tuple(self._pending)

    def next(self, history: Sequence[int], legal: Sequence[int]) -> int | None:
        """The plan's next action, or ``None`` (and the plan dropped) if the game left it."""
        if not self._pending or len(history) != len(self._expected):
            self._pending = []
            return None
        action = self._pending[0]
        if list(history) != self._expected or action not in legal:
            self._pending = []
            return None
        del self._pending[0]
        self._expected.append(action)
        return action
