"""``sagrada play --game toy``: the toy game in the terminal, one person against a bot,
typing ``take`` or ``roll`` (``?`` lists the choices, ``hint`` asks the hint bot, ``quit``
ends). The text is in English."""

from __future__ import annotations

from sagrada.core.errors import IllegalActionError, InvalidNotationError
from sagrada.core.messages import DEFAULT_LANGUAGE
from sagrada.entry import Player
from sagrada.search.advice import Adviser
from sagrada.textui import hint_text, read_command
from toy_game.options import ToyOptions
from toy_game.state import (
    NOTATION,
    PLAYERS,
    ROUNDS,
    ToyOutcome,
    action_to_str,
    new_toy_game,
    parse_action,
)
from toy_game.views import ToyView, make_toy_view

HELP = """Type take (gain points) or roll (roll your secret die again).
Commands: ? (the choices), hint, help, quit."""

#: What a seat did, by action, as the terminal says it.
DONE = ("takes {points} point(s)", "rolls the secret die again")


def position_text(view: ToyView) -> str:
    """What the seat sees before deciding, in one line."""
    s = view.state
    points = ", ".join(f"player {seat}: {s.points[seat]}" for seat in range(PLAYERS))
    return (
        f"Round {s.round + 1} of {ROUNDS}. Points: {points}. Your secret die: "
        f"{s.dice[view.player]} ({s.rolls_left[view.player]} roll(s) left)."
    )


def result_text(outcome: ToyOutcome) -> str:
    """Each seat's score, then the winners."""
    lines = [
        f"player {seat}: {score.points} points + die {score.die} = {score.total}"
        for seat, score in enumerate(outcome.scores)
    ]
    winners = " and ".join(f"player {seat}" for seat in outcome.winners)
    lines.append(
        f"A tie: {winners} share the win." if len(outcome.winners) > 1 else f"{winners} wins."
    )
    return "\n".join(lines)


def play_toy(config: ToyOptions, seed: int, seat: int, bot: Player, adviser: Adviser) -> int:
    """Play one game as ``seat`` against ``bot``; return 0 when it ends or the player quits."""
    state = new_toy_game(config, seed)
    print(
        f"Secret dice: {ROUNDS} rounds; a take gives {config.take_points} point(s), and each "
        f"player may roll again {config.rolls} time(s). You are player {seat}."
    )
    print(HELP)
    while not state.is_over:
        current = state.current_player
        if current != seat:
            action = bot.choose(make_toy_view(state, current), state.legal_actions())
            state.apply(action)
            print(f"player {current} {DONE[action].format(points=config.take_points)}.")
            continue
        view = make_toy_view(state, seat)
        print(position_text(view))
        print(state.describe_decision())
        line = read_command(lambda: [NOTATION[a] for a in state.legal_actions()], HELP)
        if line is None:
            return 0
        if line == "hint":
            ranked = adviser.rank(view, view.legal_actions())
            print(hint_text(ranked, adviser.name, action_to_str, None, DEFAULT_LANGUAGE))
            continue
        if not line:
            continue
        try:
            state.apply(parse_action(line))
        except (InvalidNotationError, IllegalActionError) as exc:
            print(f"  {exc}")
    print(result_text(state.outcome()))
    print(f"(The game's seed was {seed}: `--seed {seed}` deals the same game again.)")
    return 0
