"""Setting up a position of the dice game by hand: for puzzles, analysis, teaching and tests.

:func:`arrange` puts a game that is in play into a described position (windows, favor tokens,
own dice, the Draft Pool, the Round Track, the round and the turn) and keeps the game whole:
every die still exists exactly once (dice put on the table come out of the bag, dice taken off
go back into it), the turn starts afresh, and the legal actions follow from the new position.
The placement rules are not checked: a position may be anything a table can show.

>>> from sagrada.games.dice.rules.actions import action_to_str
>>> from sagrada.games.dice.rules.config import GameConfig
>>> from sagrada.games.dice.rules.state import new_game
>>> state = new_game(GameConfig(players=2, tools=(1, 2, 3)), seed=1)
>>> for _ in range(2):
...     state.apply(state.legal_actions()[0])  # both players choose their first window
>>> arrange(state, windows={state.current: make_window("44444 44444 44444 44444")}, pool="G3")
>>> [action_to_str(action) for action in state.legal_actions()]  # only Grozing Pliers fits it
['pass', 'T1']
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping

from sagrada.core.dice import COLOUR_NAMES, NUM_COLOURS, Die
from sagrada.core.errors import ConfigError
from sagrada.core.position import dice, make_window
from sagrada.core.window import Window
from sagrada.games.dice.rules.state import Phase, PlayerState, State

__all__ = ["arrange", "dice", "make_window"]


def arrange(
    state: State,
    *,
    windows: Mapping[int, Window] | None = None,
    favor: Mapping[int, int] | None = None,
    own_dice: Mapping[int, str | Iterable[Die]] | None = None,
    pool: str | Iterable[Die] | None = None,
    track: Mapping[int, str | Iterable[Die]] | None = None,
    round_number: int | None = None,
    turn: int | None = None,
    tool_tokens: Mapping[int, int] | None = None,
) -> None:
    """Put a game in play into a described position; anything not given stays as it is.

    Args:
        state: a game past setup, with no tool card in use.
        windows: a new window for some seats (copied).
        favor: favor tokens for some seats.
        own_dice: the dice of some seats' own pools (Private Dice Pool rules).
        pool: the Draft Pool.
        track: the dice left on the Round Track by some rounds (1-10).
        round_number: the round now (1-10); the start player moves on one seat per round.
            Default: the round after the last one ``track`` lists, else the current round.
        turn: the turn within the round's order (0: its first turn). Default: the current
            turn, or the first one if the round changes. The turn starts afresh.
        tool_tokens: favor tokens on some tool cards in play, by card number.

    Raises:
        ValueError: during setup, at the end of the game, or while a tool card or a rule
            module's step is in progress.
        ConfigError: if the position needs more dice of a colour than the game has, names a
            seat, round, turn or tool card the game does not have, or a negative number.
    """
    if state.phase != Phase.PLAY or state.tool_slot >= 0 or state.step:
        raise ValueError("a position can be arranged only between turns of a game in play")
    trial = state.clone()  # arranged aside, so that a refusal leaves the game as it was
    _arrange(trial, windows, favor, own_dice, pool, track, round_number, turn, tool_tokens)
    for name, _ in State.FIELDS:
        setattr(state, name, getattr(trial, name))
    state._legal = None


def _arrange(
    state: State,
    windows: Mapping[int, Window] | None,
    favor: Mapping[int, int] | None,
    own_dice: Mapping[int, str | Iterable[Die]] | None,
    pool: str | Iterable[Die] | None,
    track: Mapping[int, str | Iterable[Die]] | None,
    round_number: int | None,
    turn: int | None,
    tool_tokens: Mapping[int, int] | None,
) -> None:
    n = len(state.players)
    total = state.dice_counts()
    for seat, window in (windows or {}).items():
        _player(state, seat).window = window.copy()
    for seat, tokens in (favor or {}).items():
        _player(state, seat).favor = _count(tokens, "favor tokens")
    for seat, own in (own_dice or {}).items():
        _player(state, seat).own_pool = dice(own)
    if pool is not None:
        state.pool = dice(pool)
    rounds = len(state.track)
    for number, round_dice in (track or {}).items():
        if not 1 <= number <= rounds:
            raise ConfigError(f"the Round Track has rounds 1 to {rounds}, not {number}")
        state.track[number - 1] = dice(round_dice)
    if round_number is None and track:
        round_number = max(track) + 1
    if turn is None:
        turn = state.turn if round_number is None else 0
    if round_number is not None:
        if not 1 <= round_number <= rounds:
            raise ConfigError(f"a game has rounds 1 to {rounds}, not {round_number}")
        first_start = state.start_player - state.round
        state.round = round_number - 1
        state.start_player = (first_start + state.round) % n
        state.order = state.rules.round_order(n, state.start_player)
    if not 0 <= turn < len(state.order):
        raise ConfigError(f"this round has turns 0 to {len(state.order) - 1}, not {turn}")
    for number, tokens in (tool_tokens or {}).items():
        slots = [slot for slot, card in enumerate(state.tools) if card.id == number]
        if not slots:
            raise ConfigError(f"tool card {number} is not in play")
        state.tool_tokens[slots[0]] = _count(tokens, "favor tokens")
    state.turn = turn
    state.current = state.order[turn]
    state.used = 0
    state.skip = 0
    state.held = -1
    state.stage = 0
    state.memo = 0
    _refill_bag(state, total)


def _player(state: State, seat: int) -> PlayerState:
    if not 0 <= seat < len(state.players):
        raise ConfigError(f"no seat {seat} in a {len(state.players)}-player game")
    return state.players[seat]


def _count(value: int, what: str) -> int:
    if isinstance(value, bool) or not isinstance(value, int) or value < 0:
        raise ConfigError(f"{what} must be a whole number 0 or more, got {value!r}")
    return value


def _refill_bag(state: State, total: list[int]) -> None:
    """Put back in the bag every die of the game that is not on the table any more."""
    state.bag = [0] * NUM_COLOURS
    on_table = state.dice_counts()
    for colour in range(NUM_COLOURS):
        left = total[colour] - on_table[colour]
        if left < 0:
            raise ConfigError(
                f"the position has {on_table[colour]} {COLOUR_NAMES[colour]} dice and the game "
                f"only {total[colour]}"
            )
        state.bag[colour] = left
