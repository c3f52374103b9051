"""A search's budget per decision: a number of iterations (repeatable for a seed), a number of
seconds (as strong as the machine is fast), or both, whichever runs out first.

A bot spec writes it after a colon (:meth:`Budget.parse`: ``mcts:500``, ``planner:0.5s``); a
search spends it through a :class:`Spending`, started when the decision starts.

>>> Budget.parse("planner", "500")
Budget(iterations=500, seconds=None)
>>> Budget.parse("planner", "")
Budget(iterations=None, seconds=1.0)
"""

from __future__ import annotations

import math
import time
from dataclasses import dataclass
from typing import Final

#: The seconds a decision takes when a spec names no budget.
DEFAULT_SECONDS: Final = 1.0
#: The iterations of a budget of seconds only: more than any decision reaches.
NO_LIMIT: Final = 1 << 62


@dataclass(frozen=True, slots=True)
class Budget:
    """The most iterations and the most seconds a decision may take (at least one of them).

    Raises:
        ValueError: if neither is given.
    """

    iterations: int | None = None
    seconds: float | None = None

    def __post_init__(self) -> None:
        if self.iterations is None and self.seconds is None:
            raise ValueError("a search needs a budget: iterations, seconds or both")

    @classmethod
    def parse(cls, name: str, text: str) -> Budget:
        """The budget written ``text`` after the bot ``name`` in a spec: ``"500"`` iterations,
        ``"0.5s"`` seconds, or ``""`` (:data:`DEFAULT_SECONDS`).

        Raises:
            ValueError: for anything else, naming the bot.
        """
        if not text:
            return cls(seconds=DEFAULT_SECONDS)
        try:
            if text.endswith("s"):
                seconds = float(text[:-1])
                if not 0 < seconds < math.inf:
                    raise ValueError
                return cls(seconds=seconds)
            iterations = int(text)
            if iterations < 1:
                raise ValueError
            return cls(iterations=iterations)
        except ValueError:
            raise ValueError(
                f"bad {name} budget {text!r}: a number of iterations ({name}:500) or seconds "
                f"({name}:0.5s)"
            ) from None

    def start(self) -> Spending:
        """Start spending the budget now (a decision's search begins)."""
        return Spending(self)


class Spending:
    """A budget being spent: the iterations it allows, and the moment its time is up.

    Attributes:
        limit: the most iterations (:data:`NO_LIMIT` for a budget of seconds only).
        deadline: the :func:`time.perf_counter` reading at which the time is up (infinite for
            a budget of iterations only).
    """

    __slots__ = ("deadline", "limit")

    def __init__(self, budget: Budget) -> None:
        self.limit: int = budget.iterations if budget.iterations is not None else NO_LIMIT
        seconds = budget.seconds
        self.deadline: float = time.perf_counter() + seconds if seconds is not None else math.inf

    def time_is_up(self) -> bool:
        """Whether the budget's seconds are spent."""
        return time.perf_counter() >= self.deadline
