"""A cheap rules-based policy for Monte Carlo playouts.

Each turn it drafts the die and space that a one-line rule likes best (dice of the private
objective's colour with high values, restricted spaces filled while they still can be, a bit
of randomness to break ties), places a die from its own pool the same way under the Private
Dice Pool rules, never uses a tool, and passes. Inside a tool or a rule module's step (only
when a search starts there) it acts at random.
"""

from __future__ import annotations

import random

from sagrada.core.dice import DIE_COLOUR, DIE_PIPS
from sagrada.games.dice.rules import actions as A
from sagrada.games.dice.rules.actions import Action
from sagrada.games.dice.rules.state import Phase, State

_ARG1 = A.ARG1
_ARG2 = A.ARG2
#: The turn's parts the policy does: the draft, and placing a die of one's own.
_PLACEMENTS = (int(A.Kind.DRAFT), int(A.Kind.OWN_DRAFT))


def policy_action(state: State, rng: random.Random) -> Action:
    """Return the playout policy's action at the current decision.

    ``rng`` is used through its methods written in C only (``random``; ``choice`` is Python).
    """
    rand = rng.random
    if state.phase != Phase.PLAY or state.tool_slot >= 0 or state.step:
        legal = state.legal_actions()
        return legal[int(rand() * len(legal))]
    player = state.players[state.current]
    window = player.window
    assert window is not None
    colours = 0  # the private objectives' colours, a bit each
    spaces = 0
    for objective in player.privates:
        if objective.colour is not None:
            colours |= 1 << objective.colour
        spaces |= objective.spaces
    restricted = window.pattern.colour_restricted | window.pattern.value_restricted
    best = A.PASS
    best_score = -1.0
    # Only the placements are rated, so only they are listed (not which tools could start).
    for kind in _PLACEMENTS:
        for action in state.turn_part_actions(kind):
            die = _ARG1[action]
            cell = _ARG2[action]
            score = 1.0 + rand()
            if colours >> DIE_COLOUR[die] & 1:
                score += DIE_PIPS[die] * 0.5
            if spaces >> cell & 1:
                score += DIE_PIPS[die] * 0.5
            if restricted >> cell & 1:
                score += 1.5
            if score > best_score:
                best_score = score
                best = action
    return best


def play_out(state: State, rng: random.Random) -> None:
    """Play ``state`` to the end of the game with the playout policy (in place)."""
    while not state.is_over:
        state.apply(policy_action(state, rng))
