"""The ceiling of solo play: the best game a beam search finds knowing every die to come.

A solo game's chance is its own seeded generator: the bag's order, and every die a tool card
re-rolls or draws, follow from the seed and the actions. With that chance known, solo Sagrada
is a deterministic optimisation over 20 turns, and :func:`solve` searches it with a beam over
whole turns (:func:`sagrada.search.turn_beam.beam_search`), tool cards included:

* a layer is every way of playing each position's turn (the window at setup; a die and its
  space, a tool card through its payment and its steps, in either order), listed on clones of
  the true game, so a re-roll or a die drawn from the bag is the one the game would give;
* equal positions are kept once (:func:`position_key`: the window, the Draft Pool, the Round
  Track, the bag, the chance's state, the tool cards spent, the round and turn);
* the ``shortlist`` best by the heuristic (:func:`~sagrada.games.dice.bots.heuristic.evaluate`)
  are played on to the end of the game by the planner's playout policy on the true dice to
  come (:func:`~sagrada.games.dice.bots.playout_values.solo_plan_result`: the final score less
  ``target_share`` of the target, plus what the tools not used yet are worth, since the policy
  never uses one), and the ``width`` best of them are the next beam; a finished game is rated
  by its exact score less ``target_share`` of its target.

With ``nested`` settings, a shortlisted position is rated instead by the best game a narrower
beam finds from it (a nested search: slower, and about a point better in docs/bots.md), and
the best finished game any beam met is the result.

This reads the game's hidden chance. It measures the room a game leaves (a ceiling, as
``scripts/solo_ceiling.py`` does) and must never choose for a player, bot or person, who does not
know the bag: no bot of :func:`sagrada.games.dice.bots.make_bot` uses it.
"""

from __future__ import annotations

from collections.abc import Callable, Hashable, Sequence
from dataclasses import dataclass, replace

from sagrada.core.dice import DIE_VALUE
from sagrada.games.dice.bots.heuristic import evaluate
from sagrada.games.dice.bots.playout_values import solo_plan_result
from sagrada.games.dice.rules.actions import Action
from sagrada.games.dice.rules.state import State
from sagrada.search.turn_beam import beam_search
from sagrada.search.window_playout import TOOL_RESERVE
from sagrada.search.window_summary import PolicyWeights, SoloModel

#: The beam's width, its shortlist and the positions a turn's listing may look at, as measured
#: in docs/bots.md ("The ceiling: every die known").
DEFAULT_WIDTH = 8
DEFAULT_SHORTLIST = 48
DEFAULT_TURN_NODES = 1500


@dataclass(frozen=True, slots=True)
class CeilingSettings:
    """How hard :func:`solve` searches and what it plays for.

    Attributes:
        width: the positions the beam keeps from one turn to the next.
        shortlist: the positions of a layer rated by a playout.
        turn_nodes: the most positions looked at while listing one position's turn.
        target_share: how much each pip of the target counts against the score (0: the score
            alone; 1: the margin the solo game is won by).
        tool_reserve: what a tool card not used yet is worth at the start of the game.
        nested: the settings of a beam that rates each shortlisted position by the best game
            it finds from there (a nested search, playing for this one's ``target_share``);
            ``None``: one playout rates it.
    """

    width: int = DEFAULT_WIDTH
    shortlist: int = DEFAULT_SHORTLIST
    turn_nodes: int = DEFAULT_TURN_NODES
    target_share: float = 0.0
    tool_reserve: float = TOOL_RESERVE
    nested: CeilingSettings | None = None


@dataclass(frozen=True, slots=True)
class KnownGame:
    """A solo game played to its end by :func:`solve`: its actions from the position solved,
    the final score and target, and the positions the search looked at."""

    actions: tuple[Action, ...]
    score: int
    target: int
    positions: int


def turn_over(start: State, state: State) -> bool:
    """Whether the turn (or the setup) played at ``start`` is over at ``state``."""
    return state.phase != start.phase or state.round != start.round or state.turn != start.turn


def position_key(state: State) -> Hashable:
    """What makes two positions of a solo game between turns play on the same: everything the
    rest of the game depends on, the chance's state included."""
    window = state.players[0].window
    return (
        state.phase,
        state.round,
        state.turn,
        state.skip,
        state.rng.state,
        tuple(state.bag),
        window.pattern.name if window is not None else "",
        tuple(window.dice) if window is not None else (),
        tuple(sorted(state.pool)),
        tuple(tuple(sorted(dice)) for dice in state.track),
        tuple(state.tool_spent),
    )


def tools_last(state: State, actions: list[Action]) -> Sequence[Action]:
    """A decision's actions from the highest code down: the tool cards' codes are below the
    drafts', so the drafts are listed first and the tools get what they leave."""
    return actions[::-1]


def solve(state: State, settings: CeilingSettings | None = None) -> KnownGame:
    """Play the solo game ``state`` (at setup or between turns) to its end as well as the beam
    finds, knowing its chance; ``state`` is not changed.

    Raises:
        ValueError: if the game is not a solo game.
    """
    if not state.config.solo:
        raise ValueError("the ceiling is measured on solo games")
    settings = settings or CeilingSettings()
    final, positions = _Search(state).best_game(state.clone(), settings)
    outcome = final.outcome()
    return KnownGame(
        tuple(final.history[len(state.history) :]),
        outcome.scores[0].total,
        outcome.target or 0,
        positions,
    )


class _Search:
    """The beam (and the beams nested in it) of one solo game: the playouts' models of its
    windows, the best finished game any beam has met, the positions looked at."""

    def __init__(self, state: State) -> None:
        self.publics = state.publics
        self.privates = state.players[0].privates
        self.playouts: dict[tuple[str, float, float], Callable[[State], float]] = {}
        self.best: tuple[float, State] | None = None
        self.positions = 0

    def best_game(self, start: State, settings: CeilingSettings) -> tuple[State, int]:
        """The best finished game found from ``start`` (a clone the search may keep) by the
        beam of ``settings`` and the beams nested in it, and the positions looked at."""
        found = self._beam(start, settings)
        assert self.best is not None
        return (found if found[0] >= self.best[0] else self.best)[1], self.positions

    def _beam(self, start: State, settings: CeilingSettings) -> tuple[float, State]:
        share = settings.target_share
        # A nested beam plays for what this one does, so that their games compare.
        inner = None if settings.nested is None else replace(settings.nested, target_share=share)

        def value(position: State) -> float:
            if position.is_over:
                return self._final(position, share)
            if inner is not None:
                return self._beam(position.clone(), inner)[0]
            return self._playout(position, settings)

        def estimate(position: State) -> float:
            # The heuristic counts the whole target and the Draft Pool's pips against the score.
            left = position.target_score() + sum(DIE_VALUE[d] for d in position.pool)
            return evaluate(position, 0) + (1.0 - share) * left

        found = beam_search(
            start,
            turn_over,
            position_key,
            estimate,
            value,
            settings.width,
            settings.shortlist,
            settings.turn_nodes,
            tools_last,
        )
        self.positions += found.positions
        return self._final(found.final, share), found.final

    def _final(self, position: State, share: float) -> float:
        """A finished game's value, kept if it is the best met yet."""
        outcome = position.outcome()
        worth = outcome.scores[0].total - share * (outcome.target or 0)
        if self.best is None or worth > self.best[0]:
            self.best = (worth, position)
        return worth

    def _playout(self, position: State, settings: CeilingSettings) -> float:
        """The playout policy's result from ``position`` on the dice to come."""
        window = position.players[0].window
        if window is None:
            return 0.0
        key = (window.pattern.name, settings.target_share, settings.tool_reserve)
        result = self.playouts.get(key)
        if result is None:
            share = settings.target_share
            weights = replace(PolicyWeights(), target_weight=share)
            model = SoloModel(window.pattern, self.publics, self.privates, weights)
            result = self.playouts[key] = solo_plan_result(model, share, settings.tool_reserve)
        return result(position)
