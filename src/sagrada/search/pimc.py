"""Perfect-information Monte Carlo, for any game whose states can be cloned and played on.

The parts every planner shares, whatever the game:

* :func:`turn_plans`: every way of playing from a position to the end of the turn (a tool
  through its steps), each rated by an evaluation, the best few kept. A plan stops after an
  action that draws or rolls (its result differs from one guess to the next).
* :func:`race`: the candidates played out on the same guesses of the hidden information, one
  guess after the other, a candidate dropped once it is clearly worse than the leader (paired
  differences on the shared guesses), until the budget, a number of playouts or of seconds
  (:class:`~sagrada.search.budget.Budget`), is spent. The best mean wins.

What a game brings: its states (:class:`PlanState`), how its turn ends, its evaluation, and
the value of one candidate on one guess (usually a playout to the end of the game).
"""

from __future__ import annotations

import math
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Protocol, TypeVar

from sagrada.core.rng import Rng
from sagrada.search.budget import Budget


class PlanState(Protocol):
    """A game position a planner can copy and play on."""

    rng: Rng

    @property
    def is_over(self) -> bool: ...

    def clone(self) -> PlanState: ...

    def apply(self, action: int) -> None: ...

    def legal_actions(self) -> list[int]: ...


S = TypeVar("S", bound=PlanState)

#: The guesses every candidate of a race is played on before any is dropped.
MIN_SAMPLES = 4
#: How many standard errors behind the leader drop a candidate.
DROP_Z = 2.0

#: A way of playing to the end of a turn: its actions and the evaluation of where it ends.
Plan = tuple[tuple[int, ...], float]


def turn_plans(
    state: S,
    turn_over: Callable[[S, S], bool],
    rate: Callable[[S], float],
    width: int,
    node_budget: int,
    firsts: int = 0,
) -> list[Plan]:
    """The ``width`` best ways of playing from ``state`` to the end of the turn.

    Args:
        state: the position (a guess of the hidden information).
        turn_over: ``turn_over(start, position)``: whether the turn that was being played at
            ``start`` is over at ``position``.
        rate: the evaluation of a position where a plan stops.
        width: how many plans to keep, the best rated first.
        node_budget: the most positions to look at; when it runs out, the plans being looked
            at stop where they are (a planner finishes them its own way).
        firsts: at least this many different first actions among the plans (where there are
            as many): the best plan of each first action the ``width`` best lack is added, the
            best rated first (for a ranking of the actions, not only a choice).

    Returns:
        ``(actions, rating)`` pairs, best first; a plan stops after an action that used the
        game's chance, and at the end of the turn.
    """
    plans: list[Plan] = []
    budget = [node_budget]
    _extend(state, state, (), turn_over, rate, budget, plans)
    plans.sort(key=_rating, reverse=True)
    kept = plans[:width]
    covered = {actions[0] for actions, _ in kept}
    for plan in plans[width:]:
        if len(covered) >= firsts:
            break
        if plan[0][0] not in covered:
            covered.add(plan[0][0])
            kept.append(plan)
    return kept


def _rating(plan: Plan) -> float:
    return plan[1]


def _extend(
    start: S,
    state: S,
    prefix: tuple[int, ...],
    turn_over: Callable[[S, S], bool],
    rate: Callable[[S], float],
    budget: list[int],
    plans: list[Plan],
) -> None:
    for action in state.legal_actions():
        child: S = state.clone()  # type: ignore[assignment]
        child.apply(action)
        budget[0] -= 1
        actions = (*prefix, action)
        chance = child.rng.state != state.rng.state
        if chance or child.is_over or turn_over(start, child) or budget[0] <= 0:
            plans.append((actions, rate(child)))
        else:
            _extend(start, child, actions, turn_over, rate, budget, plans)


@dataclass(frozen=True, slots=True)
class RaceResult:
    """The outcome of a race: each candidate's mean value and number of playouts, the
    winner's index, the playouts spent in all, and each candidate's value on each guess it
    was played on (guess ``g`` the same for every candidate)."""

    means: tuple[float, ...]
    samples: tuple[int, ...]
    best: int
    playouts: int
    values: tuple[tuple[float, ...], ...] = ()

    def against_best(self, candidate: int) -> float:
        """The mean of ``candidate``'s value less the winner's over the guesses both were
        played on (paired: the same dice for both); 0 for the winner, ``-inf`` for a
        candidate never played."""
        own = self.values[candidate]
        best = self.values[self.best]
        shared = min(len(own), len(best))
        if candidate == self.best:
            return 0.0
        if shared == 0:
            return -math.inf
        return math.fsum(own[g] - best[g] for g in range(shared)) / shared


def race(
    count: int,
    value: Callable[[int, int], float],
    budget: Budget,
    min_samples: int = MIN_SAMPLES,
    z: float = DROP_Z,
) -> RaceResult:
    """Compare ``count`` candidates by their mean value over shared guesses.

    Args:
        count: the number of candidates (at least 1).
        value: ``value(candidate, guess)``: the candidate's result on guess number ``guess``
            (guesses 0, 1, 2, ... are the same for every candidate).
        budget: the most calls of ``value`` and the most time (checked after each call, so
            the first guess is always complete).
        min_samples: the guesses before any candidate may be dropped.
        z: how many standard errors of the paired difference behind the leader drop a
            candidate; two candidates whose values have been equal on every guess are one.

    Returns:
        The means, the playouts per candidate and the best candidate (the first of equals).
    """
    if count < 1:
        raise ValueError("a race needs a candidate")
    spending = budget.start()
    values: list[list[float]] = [[] for _ in range(count)]
    alive = list(range(count))
    spent = 0
    guess = 0
    out_of_time = False
    while (len(alive) > 1 or guess == 0) and not out_of_time:
        if guess > 0 and spent + len(alive) > spending.limit:
            break
        for candidate in alive:
            values[candidate].append(value(candidate, guess))
            spent += 1
            if guess > 0 and spending.time_is_up():
                out_of_time = True
                break
        if out_of_time:
            break  # a guess not played by every candidate drops none of them
        guess += 1
        if guess >= min_samples and len(alive) > 1:
            alive = _survivors(values, alive, guess, z)
    means = tuple(math.fsum(v) / len(v) if v else -math.inf for v in values)
    best = max(alive, key=lambda c: (means[c], -c))
    return RaceResult(
        means, tuple(len(v) for v in values), best, spent, tuple(tuple(v) for v in values)
    )


def _survivors(values: list[list[float]], alive: list[int], guesses: int, z: float) -> list[int]:
    """The candidates not clearly worse than the leader on the ``guesses`` shared guesses."""
    leader = max(alive, key=lambda c: (math.fsum(values[c]), -c))
    ahead = values[leader]
    kept = []
    for candidate in alive:
        if candidate == leader:
            kept.append(candidate)
            continue
        own = values[candidate]
        diffs = [own[g] - ahead[g] for g in range(guesses)]
        mean = math.fsum(diffs) / guesses
        variance = math.fsum((d - mean) ** 2 for d in diffs) / (guesses - 1)
        if variance == 0.0 and mean == 0.0:
            continue  # the same as the leader on every guess: one of them is enough
        if mean + z * math.sqrt(variance / guesses) < 0.0:
            continue
        kept.append(candidate)
    return kept


def race_plans(
    first: S,
    guess: Callable[[int], S],
    turn_over: Callable[[S, S], bool],
    rate: Callable[[S], float],
    finish: Callable[[S, S], None],
    result: Callable[[S], float],
    width: int,
    node_budget: int,
    budget: Budget,
    min_samples: int = MIN_SAMPLES,
    z: float = DROP_Z,
    firsts: int = 0,
) -> tuple[list[Plan], RaceResult]:
    """Race the ``width`` best rated ways of playing the turn, listed on the guess ``first``,
    on shared guesses.

    Args:
        first: the first guess of the hidden information (the plans are listed on it).
        guess: ``guess(k)``: guess number ``k`` (1, 2, ...), a state like ``first``.
        turn_over: whether the turn begun at a position is over at another.
        rate: the evaluation that picks the plans worth racing.
        finish: ``finish(start, position)``: play the turn begun at ``start`` to its end at
            ``position``, after a plan that stopped early (chance, or the node budget).
        result: the value of a position at the start of a turn (a playout to the end).
        width, node_budget, firsts: see :func:`turn_plans`.
        budget, min_samples, z: the race's budget and how soon it drops a candidate (see
            :func:`race`).

    Returns:
        The plans and the race (candidate ``k`` is plan ``k``).
    """
    plans = turn_plans(first, turn_over, rate, width, node_budget, firsts)
    guesses: list[S] = [first]

    def value(candidate: int, number: int) -> float:
        while number >= len(guesses):
            guesses.append(guess(len(guesses)))
        start = guesses[number]
        position: S = start.clone()  # type: ignore[assignment]
        for action in plans[candidate][0]:
            if action not in position.legal_actions():
                break  # chance made the plan's next step impossible in this guess
            position.apply(action)
        finish(start, position)
        return result(position)

    return plans, race(len(plans), value, budget, min_samples, z)


def ranked_first_actions(
    plans: Sequence[Plan], outcome: RaceResult
) -> list[tuple[int, float, int]]:
    """The first actions of raced plans, best first: ``(action, value, playouts)``.

    The winner's first action, the one the planner plays, comes first at 0; each other
    action's value is its best plan's against the winner over the guesses both were played
    on (paired, :meth:`RaceResult.against_best`), at most 0: a plan dropped early, behind
    the leader of the time, may look as good as the winner on its few guesses, but the race
    has preferred the winner. An action's playouts are those of every plan that begins with
    it. Ties: more playouts, then the lower code.
    """
    chosen = plans[outcome.best][0][0]
    firsts: dict[int, tuple[float, int]] = {}
    for index, (actions, _) in enumerate(plans):
        samples = outcome.samples[index]
        if samples == 0:
            continue
        value = min(outcome.against_best(index), 0.0)
        best, count = firsts.get(actions[0], (-math.inf, 0))
        firsts[actions[0]] = (max(best, value), count + samples)
    ranked = [(action, value, count) for action, (value, count) in firsts.items()]
    ranked.sort(key=lambda r: (r[0] != chosen, -r[1], -r[2], r[0]))
    return ranked
