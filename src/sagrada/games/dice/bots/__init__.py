"""Players that decide from a view: the bot protocol and the bots that ship with the engine.

A bot sees only a :class:`~sagrada.games.dice.rules.views.PlayerView` and the legal actions, never
the game state itself, so it cannot read another player's private objective or the bag. Search
bots guess the hidden parts with :func:`sagrada.games.dice.rules.views.determinize`.

Bots are named by a *spec*: a bot name, optionally with a budget after a colon:

========================  =============================================================
``random``                a uniformly random legal action
``greedy``                the best immediate result by the heuristic estimate
``mcts`` / ``mcts:500``   Monte Carlo tree search, 1 s per decision / 500 iterations
``mcts:0.5s``             Monte Carlo tree search, 0.5 s per decision
``easy``                  greedy with noise (picks among the near-best actions)
``medium``                greedy
``hard``                  the planner, 1 s per decision
``planner``               plans each turn by playouts to the end of the game on guesses of the
``planner:2000``          hidden information, 1 s per decision / 2000 playouts
``planner:0.5s``          (:mod:`sagrada.games.dice.bots.planner`; in games its playouts
                          cannot model, such as Life's or the Private Dice Pools, it searches
                          as ``mcts``)
``openspiel-ismcts:1``    OpenSpiel's information-set MCTS, 1 s per decision (the ``rl``
                          extra; :mod:`sagrada.rl.ismcts`)
========================  =============================================================

The OpenSpiel bot is made only from its spec (it takes no seat on the server: it needs the
``rl`` extra); the others are :data:`BOT_NAMES`.

The strongest, ``hard``, is also the hint bot (:func:`hint_bot`): besides choosing, it ranks the
best actions with their values (:mod:`sagrada.search.advice`).
"""

from __future__ import annotations

import math
import random
from collections.abc import Sequence
from typing import TYPE_CHECKING, Final, Protocol

from sagrada.games.dice.rules.actions import Action
from sagrada.games.dice.rules.views import PlayerView
from sagrada.search.budget import Budget

if TYPE_CHECKING:
    from sagrada.games.dice.bots.planner import PlannerBot


class Bot(Protocol):
    """Anything that chooses an action from a view."""

    name: str

    def choose(self, view: PlayerView, legal: Sequence[Action]) -> Action:
        """Return one of ``legal``, the legal actions at the view's decision."""
        ...


class RandomBot:
    """Chooses a uniformly random legal action (the baseline, and the benchmark's player)."""

    def __init__(self, seed: int = 0, name: str = "random") -> None:
        self.name = name
        self._rng = random.Random(seed)

    def choose(self, view: PlayerView, legal: Sequence[Action]) -> Action:
        """Return a uniformly random legal action."""
        return self._rng.choice(legal)


#: The names a bot spec may start with.
BOT_NAMES: Final = ("random", "greedy", "mcts", "easy", "medium", "hard", "planner")
#: The bots that take a budget (``NAME:ITERATIONS`` or ``NAME:SECONDSs``; 1 s by default).
BUDGETED: Final = ("mcts", "planner")
#: OpenSpiel's ISMCTS (``openspiel-ismcts:SECONDS``), when the ``rl`` extra is installed.
OPENSPIEL_ISMCTS: Final = "openspiel-ismcts"
#: Where that bot lives: in the RL adapter (``sagrada.rl``, above the bots, which no bot
#: imports), named here and loaded only when its spec is asked for.
OPENSPIEL_ISMCTS_BOT: Final = "sagrada.rl.ismcts:OpenSpielIsmctsBot"
#: The difficulty levels offered to players, weakest first.
DIFFICULTIES: Final = ("easy", "medium", "hard")


def make_bot(spec: str, seed: int = 0) -> Bot:
    """Return a new bot from a spec such as ``"greedy"``, ``"mcts:500"`` or ``"hard"``.

    Raises:
        ValueError: naming the problem if the spec is not valid.
    """
    from sagrada.games.dice.bots.greedy import GreedyBot
    from sagrada.games.dice.bots.mcts import MctsBot
    from sagrada.games.dice.bots.planner import PlannerBot

    name, _, budget = spec.strip().lower().partition(":")
    if name == OPENSPIEL_ISMCTS:
        return _openspiel_ismcts(budget, seed, spec.strip().lower())
    if name not in BOT_NAMES:
        raise ValueError(f"no bot named {name!r} (known: {', '.join(BOT_NAMES)})")
    if budget and name not in BUDGETED:
        raise ValueError(f"only {' and '.join(BUDGETED)} take a budget, not {name!r}")
    label = spec.strip().lower()
    if name == "random":
        return RandomBot(seed, label)
    if name == "greedy" or name == "medium":
        return GreedyBot(seed, name=label)
    if name == "easy":
        return GreedyBot(seed, noise=1.0, name=label)
    if name == "hard":
        return hint_bot(seed)
    limits = Budget.parse(name, budget)
    if name == "planner":
        return PlannerBot(seed, iterations=limits.iterations, seconds=limits.seconds, name=label)
    return MctsBot(seed, iterations=limits.iterations, seconds=limits.seconds, name=label)


#: The seconds a decision of ``hard`` may take.
HARD_SECONDS: Final = 1.0


def hint_bot(
    seed: int = 0, seconds: float | None = HARD_SECONDS, iterations: int | None = None
) -> PlannerBot:
    """Return ``hard``, the strongest bot and the hint bot: the planner with ``seconds`` a
    decision, or ``iterations`` playouts of it when given (repeatable for a seed)."""
    from sagrada.games.dice.bots.planner import PlannerBot

    if iterations is not None:
        return PlannerBot(seed, iterations=iterations, seconds=None, name="hard")
    return PlannerBot(seed, seconds=seconds if seconds is not None else HARD_SECONDS, name="hard")


def _openspiel_ismcts(budget: str, seed: int, label: str) -> Bot:
    """OpenSpiel's ISMCTS with ``budget`` seconds a decision (default 1).

    Raises:
        ValueError: for a budget that is not a number of seconds, or without the ``rl`` extra.
    """
    try:
        seconds = float(budget.removesuffix("s")) if budget else 1.0
        if not 0 < seconds < math.inf:
            raise ValueError
    except ValueError:
        raise ValueError(
            f"bad {OPENSPIEL_ISMCTS} budget {budget!r}: seconds per decision ({OPENSPIEL_ISMCTS}:1)"
        ) from None
    from sagrada.entry import load
    from sagrada.games.dice.rules.record import GAME_NAME

    try:
        bot_class = load(OPENSPIEL_ISMCTS_BOT)
    except ImportError as exc:
        raise ValueError(
            f"{OPENSPIEL_ISMCTS} needs the rl extra (pip install -e '.[rl]'): {exc}"
        ) from None
    bot: Bot = bot_class(seed, seconds, name=label, game=GAME_NAME)
    return bot
