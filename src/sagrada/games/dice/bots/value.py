"""A value function learned by self-play: the hand-written estimate plus a learned correction.

:func:`sagrada.games.dice.bots.heuristic.evaluate` counts a window's points as they stand with small
partial credits; it does not know what the rest of the game will add. This module adds, for a
2-player game of the base rules at the start of a round, a correction fitted to what games
actually ended with: for each round a linear model over features of the player's window that
say what it can still become (lines that can still meet a variety objective, by how many spaces
they still need; spaces still open to the private objective's colour; half-built sets; spaces
that can still make a colour diagonal; how free the open spaces are). One model per round keeps
a feature's value apart from the stage of the game it is seen at (the fault of the earlier
learned evaluation, docs/bots.md), and fitting the difference between the final score and the
hand-written estimate keeps the model close to the estimate where the data say little.

The weights live in ``value_weights.json`` beside this module, written by
``scripts/train_value.py`` (numpy, greedy self-play); playing needs plain Python only. Outside
the positions the model was fitted on (mid-round, other player counts, rule modules, solo) the
evaluation is the hand-written one.

The same model rates the window options at setup (:func:`choose_window`): each option's empty
window, with its favor tokens, under the first round's model.
"""

from __future__ import annotations

import json
from collections.abc import Sequence
from importlib import resources
from typing import Any, Final

from sagrada.core.cells import COLUMN_MASKS, FULL, ROW_MASKS, diagonal_spread, orthogonal_spread
from sagrada.core.content import PrivateObjective, PublicObjective
from sagrada.core.dice import NUM_COLOURS
from sagrada.core.window import Window
from sagrada.games.dice.bots.heuristic import (
    DEAD_SPACE_PENALTY,
    FILL_WEIGHT,
    dead_spaces,
    evaluate,
    fill_shortfall,
    private_points,
    public_estimate,
)
from sagrada.games.dice.rules import actions as A
from sagrada.games.dice.rules.actions import Action
from sagrada.games.dice.rules.state import Phase, State
from sagrada.games.dice.rules.views import PlayerView

#: The features, in the order of the weights (the data file names them too and must agree).
FEATURES: Final = (
    "bias",
    "open_spaces",
    "dead_spaces",
    "fill_shortfall",
    "favor",
    "private_open",
    "colour_lines_1",
    "colour_lines_2",
    "colour_lines_3",
    "colour_lines_4",
    "shade_lines_1",
    "shade_lines_2",
    "shade_lines_3",
    "shade_lines_4",
    "pairs_unmatched",
    "variety_sets",
    "diagonal_open",
    "colour_restricted_open",
    "value_restricted_open",
)
#: The line objectives: their lines, and whether they count colours (else values).
_LINES: Final = {
    "row_color_variety": (ROW_MASKS, True),
    "column_color_variety": (COLUMN_MASKS, True),
    "row_shade_variety": (ROW_MASKS, False),
    "column_shade_variety": (COLUMN_MASKS, False),
}
_PAIRS: Final = {"set_values_1_2": (1, 2), "set_values_3_4": (3, 4), "set_values_5_6": (5, 6)}
#: The file of weights, in this package.
WEIGHTS_FILE: Final = "value_weights.json"


_WEIGHTS: list[list[float]] = []


def use_weights(data: dict[str, Any]) -> None:
    """Play with the weights of ``data`` (a weights file's contents) from now on.

    Raises:
        ValueError: if its features are not this module's.
    """
    if tuple(data["features"]) != FEATURES:
        raise ValueError("the weights' features are not this module's")
    _WEIGHTS[:] = [[float(w) for w in row] for row in data["rounds"]]


def weights() -> list[list[float]]:
    """The weights of each round's model (read from the package's data file once)."""
    if not _WEIGHTS:
        path = resources.files("sagrada.games.dice.bots").joinpath(WEIGHTS_FILE)
        use_weights(json.loads(path.read_text(encoding="utf-8")))
    return _WEIGHTS


def _line_features(window: Window, rule: str, vp: int, out: list[float]) -> None:
    """Add ``vp`` for each line of a variety objective that can still be met, to the feature of
    how many open spaces it still needs (1, 2, 3, 4 or more)."""
    lines, by_colour = _LINES[rule]
    pattern = window.pattern
    empty = FULL & ~window.occupied
    if by_colour:
        marks = [
            window.by_colour[c] | (empty & pattern.colour_restricted & pattern.colour_ok[c])
            for c in range(NUM_COLOURS)
        ]
        base = 6
    else:
        marks = [
            window.by_value[v] | (empty & pattern.value_restricted & pattern.value_ok[v])
            for v in range(1, 7)
        ]
        base = 10
    for line in lines:
        open_count = (empty & line).bit_count()
        if open_count == 0:
            continue
        if any((mark & line).bit_count() > 1 for mark in marks):
            continue  # a repeat, on the window or forced by the spaces' restrictions
        out[base + min(open_count, 4) - 1] += vp


def window_features(
    window: Window,
    favor: int,
    publics: Sequence[PublicObjective],
    privates: Sequence[PrivateObjective],
) -> list[float]:
    """Return the features of a window (in the order of :data:`FEATURES`)."""
    out = [0.0] * len(FEATURES)
    out[0] = 1.0
    pattern = window.pattern
    empty = FULL & ~window.occupied
    out[1] = float(empty.bit_count())
    out[2] = float(dead_spaces(window))
    out[3] = fill_shortfall(window)
    out[4] = float(favor)
    for private in privates:
        colour = private.colour
        if colour is not None:
            free = empty & pattern.colour_ok[colour]
            out[5] += (free & ~orthogonal_spread(window.by_colour[colour])).bit_count()
    for objective in publics:
        rule = objective.rule
        if rule in _LINES:
            _line_features(window, rule, objective.vp, out)
        elif rule in _PAIRS:
            low, high = _PAIRS[rule]
            a = window.by_value[low].bit_count()
            b = window.by_value[high].bit_count()
            out[14] += objective.vp * abs(a - b)
        elif rule == "set_all_values" or rule == "set_all_colors":
            masks = (
                window.by_value[1:7] if rule == "set_all_values" else window.by_colour[:NUM_COLOURS]
            )
            counts = [m.bit_count() for m in masks]
            least = min(counts)
            out[15] += objective.vp * sum(1 for c in counts if c > least) / len(counts)
        elif rule == "color_diagonals":
            near = 0
            for colour in range(NUM_COLOURS):
                by = window.by_colour[colour]
                near |= (
                    empty & pattern.colour_ok[colour] & diagonal_spread(by) & ~orthogonal_spread(by)
                )
            out[16] += objective.vp * near.bit_count()
    out[17] = float((empty & pattern.colour_restricted).bit_count())
    out[18] = float((empty & pattern.value_restricted).bit_count())
    return out


def fitted(state: State) -> bool:
    """Whether ``state`` is a position the model was fitted on: a 2-player game of the base
    rules, at the start of a round (or at setup, for the window choice)."""
    config = state.config
    if config.players != 2 or config.private_pools or config.expansion or config.full_bag:
        return False
    return not state.components and not state.rules.score_parts


def at_round_start(state: State) -> bool:
    """Whether no one has acted yet in the current round."""
    return (
        state.phase == Phase.PLAY
        and state.turn == 0
        and state.used == 0
        and state.tool_slot < 0
        and not state.step
    )


def _estimate(
    window: Window,
    favor: int,
    publics: Sequence[PublicObjective],
    privates: Sequence[PrivateObjective],
    x: list[float],
) -> float:
    """The hand-written estimate of a window in a game the model was fitted on (the terms of
    :func:`~sagrada.games.dice.bots.heuristic.evaluate` that such a game has), reusing its
    features."""
    value = float(favor) - x[1] - DEAD_SPACE_PENALTY * x[2] - FILL_WEIGHT * x[3]
    value += sum(public_estimate(window, objective) for objective in publics)
    value += sum(private_points(window, objective) for objective in privates)
    return value


def _learned(
    window: Window,
    favor: int,
    publics: Sequence[PublicObjective],
    privates: Sequence[PrivateObjective],
    round_: int,
) -> tuple[float, float]:
    """The hand-written estimate of a window and the learned correction of round ``round_``."""
    x = window_features(window, favor, publics, privates)
    w = weights()[round_]
    return _estimate(window, favor, publics, privates, x), sum(
        a * b for a, b in zip(w, x, strict=True)
    )


def correction(state: State, player: int) -> float:
    """The learned correction to the hand-written estimate for ``player`` at a round start."""
    seat = state.players[player]
    window = seat.window
    assert window is not None
    return _learned(window, seat.favor, state.publics, seat.privates, state.round)[1]


def learned_evaluate(state: State, player: int) -> float:
    """The hand-written estimate (:func:`~sagrada.games.dice.bots.heuristic.evaluate`), plus the
    learned correction at the start of a round of a game like those the model was fitted on."""
    seat = state.players[player]
    window = seat.window
    if window is None or not at_round_start(state) or not fitted(state):
        return evaluate(state, player)
    estimate, learned = _learned(window, seat.favor, state.publics, seat.privates, state.round)
    return estimate + learned


def option_value(state: State, player: int, option: int) -> float:
    """The learned value of window option ``option`` for ``player`` at setup: the hand-written
    estimate of its empty window with its favor tokens, plus the first round's correction."""
    seat = state.players[player]
    pattern = seat.options[option]
    estimate, learned = _learned(
        Window(pattern), state.rules.favor_for(pattern), state.publics, seat.privates, 0
    )
    return estimate + learned


def choose_window(view: PlayerView, legal: Sequence[Action]) -> Action:
    """The window option of the best learned value (ties: the first)."""
    state = view.state
    return max(legal, key=lambda a: option_value(state, view.player, A.ARG1[a]))
