"""Helpers shared by the test files: actions in notation, games, positions and module sets.

Positions are set up only through the public API of :mod:`sagrada.core.position`
(:func:`~sagrada.games.dice.rules.position.arrange`, :func:`~sagrada.core.position.make_window`,
:func:`~sagrada.core.position.dice`), never by writing a game's fields: every die of the game
stays conserved (dice put on the table come out of the bag) and the arranged turn starts afresh.

Windows are drawn as four rows A-D of five columns 1-5; in a grid such as :data:`BLANK`, ``.``
is a white space, ``R Y G B P`` a colour and ``1``-``6`` a value (see
:func:`~sagrada.core.position.make_window`).
"""

from __future__ import annotations

import itertools
import json
import random
from collections.abc import Iterable, Mapping
from dataclasses import fields
from pathlib import Path
from typing import Any, Final

import pytest

from sagrada.core.cells import mask_names
from sagrada.core.dice import DIE_NAMES, Die
from sagrada.core.errors import ConfigError, IllegalActionError
from sagrada.core.options import MAX_PLAYERS, MIN_PLAYERS, PRIVATE_OBJECTIVE_DECKS, Options
from sagrada.core.position import make_window
from sagrada.games.dice.rules.actions import action_to_str, parse_action
from sagrada.games.dice.rules.config import GameConfig
from sagrada.games.dice.rules.position import arrange
from sagrada.games.dice.rules.state import Phase, State, new_game

#: A grid of white spaces only: a window with no restriction.
BLANK: Final = "..... ..... ..... ....."


# -- actions in notation ---------------------------------------------------------------------


def act(state: State, *texts: str) -> None:
    """Apply the actions written in notation (``"R3@A1"``, ``"T10"``, ``"pass"``) in turn."""
    for text in texts:
        state.apply(parse_action(text))


def legal(state: State) -> set[str]:
    """Return the legal actions, in notation."""
    return {action_to_str(action) for action in state.legal_actions()}


def why(state: State, text: str) -> str:
    """Return the rule that forbids the action ``text`` now, in English (``"legal"`` if none
    does)."""
    rule = state.why_illegal(parse_action(text))
    return "legal" if rule is None else str(rule)


def fingerprint(state: State) -> tuple[Any, ...]:
    """Return the whole state, hidden parts included, and its legal actions: two states are
    the same position exactly when their fingerprints are equal."""
    return (state.snapshot(), tuple(state.legal_actions()))


def refused(state: State, text: str, *fragments: str) -> str:
    """Check that the action ``text`` is refused, and return the rule that refuses it.

    The action must be illegal (``is_legal``), applying it must raise
    :class:`~sagrada.core.errors.IllegalActionError` whose rule contains every one of
    ``fragments``, and the refusal must leave the state exactly as it was.
    """
    action = parse_action(text)
    assert not state.is_legal(action), f"{text} is legal"
    before = fingerprint(state)
    with pytest.raises(IllegalActionError) as info:
        state.apply(action)
    assert fingerprint(state) == before, f"refusing {text} changed the state"
    rule = info.value.rule
    for fragment in fragments:
        assert fragment in rule, rule
    return rule


# -- dice and cells --------------------------------------------------------------------------


def names(dice: Iterable[Die]) -> list[str]:
    """Return the names of ``dice`` (``"R3"``), sorted, for order-free comparison."""
    return sorted(DIE_NAMES[die] for die in dice)


def cell_set(mask: int) -> set[str]:
    """Return the names of the cells of ``mask`` (``{"A1", "B2"}``), as a set."""
    return set(mask_names(mask))


# -- games -----------------------------------------------------------------------------------


def start(config: GameConfig, seed: int) -> State:
    """Return a new game past setup: every player, in seat order, took window option W1."""
    state = new_game(config, seed)
    while state.phase == Phase.SETUP:
        act(state, "W1")
    return state


def play_out(state: State) -> None:
    """Pass every remaining turn, to the end of the game."""
    while not state.is_over:
        act(state, "pass")


def play_random(config: GameConfig, seed: int, *, stop_after: int | None = None) -> State:
    """Return a game of ``seed`` in which every decision, setup included, was a uniformly
    random legal action of ``random.Random(seed)``: played to the end, or for ``stop_after``
    decisions."""
    state = new_game(config, seed)
    choose = random.Random(seed).choice
    while not state.is_over and (stop_after is None or len(state.history) < stop_after):
        state.apply(choose(state.legal_actions()))
    return state


# -- positions -------------------------------------------------------------------------------


def arrange_turn(
    state: State,
    *,
    window: str = BLANK,
    placements: str = "",
    pool: str | None = None,
    own: str | None = None,
    favor: int | None = None,
    turn: int = 0,
    track: Mapping[int, str] | None = None,
    tool_tokens: Mapping[int, int] | None = None,
) -> int:
    """Arrange a game in play at ``turn`` of a round; return the seat whose turn that is.

    The seat gets a new ``window`` holding ``placements``; every other seat an empty window
    on the :data:`BLANK` grid. Everything goes through
    :func:`sagrada.games.dice.rules.position.arrange`.

    Args:
        state: a game past setup, between turns.
        window: the seat's window pattern: a card's name (``"Sol"``) or a grid.
        placements: dice on the seat's window, like ``"A1=R3 B2=G4"``.
        pool: the Draft Pool, like ``"R3 G4"``; ``None`` leaves it as it is.
        own: the seat's own dice (Private Dice Pool rules); ``None`` leaves them.
        favor: every seat's favor tokens; ``None`` leaves them.
        turn: the turn within the round's order (0: the Start Player's first turn).
        track: the dice of the Round Track by round (1-10); the game is then in the round
            after the last one listed, and the Start Player has moved on one seat per round.
        tool_tokens: favor tokens on tool cards, by card number.
    """
    arrange(state, track=track, turn=turn)  # the round decides whose turn it is
    seat = state.current
    windows = {other: make_window(BLANK) for other in range(len(state.players))}
    windows[seat] = make_window(window, placements)
    arrange(
        state,
        windows=windows,
        favor=None if favor is None else dict.fromkeys(range(len(state.players)), favor),
        own_dice=None if own is None else {seat: own},
        pool=pool,
        turn=turn,
        tool_tokens=tool_tokens,
    )
    return seat


def arranged_game(config: GameConfig, seed: int, **arrangement: Any) -> State:
    """Return a game of ``config`` and ``seed`` past setup (:func:`start`), arranged by
    :func:`arrange_turn` with the keywords ``arrangement``."""
    state = start(config, seed)
    arrange_turn(state, **arrangement)
    return state


# -- rule modules ----------------------------------------------------------------------------


def reachable_module_sets() -> dict[tuple[str, ...], GameConfig]:
    """Return every combination of rule modules that some option values switch on, each with
    the first configuration found that has it.

    The options tried: every player count, both values of every true-or-false option, and
    every private objective deck; the combinations the configuration refuses are skipped.
    """
    flags = [f.name for f in fields(Options) if f.type == "bool"]
    choices: dict[str, Iterable[Any]] = {
        "players": range(MIN_PLAYERS, MAX_PLAYERS + 1),
        "private_objectives": PRIVATE_OBJECTIVE_DECKS,
        **{flag: (False, True) for flag in flags},
    }
    found: dict[tuple[str, ...], GameConfig] = {}
    for values in itertools.product(*choices.values()):
        try:
            config = GameConfig(**dict(zip(choices, values, strict=True)))
        except ConfigError:
            continue
        found.setdefault(config.modules, config)
    return found


# -- files -----------------------------------------------------------------------------------


def write_json(tmp_path: Path, data: Any, name: str = "input.json") -> str:
    """Write ``data`` (as it is if a string, else as JSON) to ``tmp_path / name``; return the
    path as a string, as a command line takes it."""
    path = tmp_path / name
    path.write_text(data if isinstance(data, str) else json.dumps(data), encoding="utf-8")
    return str(path)


# -- the solo card game ----------------------------------------------------------------------


def cards_of(text: str) -> list[int]:
    """Cards written ``"R3 K5"`` (the card game's notation: K is black)."""
    from sagrada.games.cards.cards import parse_card

    return [parse_card(word) for word in text.split()]


def arrange_cards(
    state: Any,
    *,
    grid: str = BLANK,
    placements: str = "",
    hand: str = "",
    bar: Iterable[str] = (),
    bottom: str = "",
    discard: str = "",
    round_number: int | None = None,
    turn: int = 0,
) -> None:
    """Put a card game (between decisions, no tool in use) into a described position: the
    window on ``grid`` (``K`` for black) holding ``placements`` (``"A1=R3 B2=K5"``), the drawn
    cards, the turn bar (a stack per round played, ``"R3 G4"``), the pile's known bottom
    (lowest first) and the discarded cards; every other card goes to the pile unseen. The round
    is the one after the turn bar's unless given."""
    from sagrada.games.cards.cards import NUM_CARDS

    state.window = make_window(grid.replace("K", "P"), placements.replace("K", "P"))
    state.hand = cards_of(hand)
    state.bar = [cards_of(stack) for stack in bar]
    state.bottom = cards_of(bottom)
    state.discard = cards_of(discard)
    used = [c for c in state.window.dice if c >= 0] + state.hand + state.bottom + state.discard
    used += [c for stack in state.bar for c in stack]
    assert len(set(used)) == len(used), "a card is in two places"
    state.pile = [c for c in range(NUM_CARDS) if c not in used]
    state.round = len(state.bar) if round_number is None else round_number - 1
    state.turn = turn
    state.placed = 0
    state.tool_used = False
    state._legal = None


# -- the cards' words --------------------------------------------------------------------------


def card_words() -> dict[str, str]:
    """Every card's words in the shipped content, in English, by their id in the message
    catalogues: the dice game's tools and objectives (``card.tool.1.name``), Life's apprentice
    cards (``card.apprentice.<n>``) and the card game's own cards (``cards.tool.<n>``,
    ``cards.order.<id>``)."""
    from sagrada.core.content import catalog
    from sagrada.games.cards.content import content as card_game
    from sagrada.games.dice.rules.apprentice_cards import content as apprentice

    return {**catalog().card_words(), **apprentice().card_words(), **card_game().card_words()}
