"""Ratings: the rating modes, one game's update with OpenSkill, the places a finished game gives
its seats, abandoned seats and the bots' fixed ratings (docs/ratings.md).

A rating is a skill belief, a mean ``mu`` and a deviation ``sigma``, updated once at the end
of a rated game by OpenSkill's Plackett-Luce model (every seat its own team, so 2 to 6 players
in one game). Each mode keeps its own rating: games of two players (``2p``) and of three to
six (``multi``). Bots take part at fixed ratings, measured from bot-against-bot games by
``scripts/bot_ratings.py`` and kept in ``bot_ratings.json`` beside this module; a bot's seat
never moves. This module is pure: the server reads and writes the ratings and calls
:func:`rate` in the transaction that ends the game.

>>> mode_of(2), mode_of(4), mode_of(1)
('2p', 'multi', None)
>>> winner, loser = rate("2p", [START, START], [False, False], [1, 2])
>>> winner.mu > START.mu > loser.mu
True
"""

from __future__ import annotations

import json
from collections.abc import Collection, Iterable, Mapping, Sequence
from dataclasses import dataclass
from functools import cache
from importlib import resources
from typing import Any, Final, Protocol

from openskill.models import PlackettLuce

from sagrada.entry import GameState


@dataclass(frozen=True, slots=True)
class RatingMode:
    """A kind of game that keeps its own rating.

    Attributes:
        name: the mode's name in the API and the data (``"2p"``).
        message: the message id of its words for people.
        least: the fewest players of a game of this mode.
        most: the most players of a game of this mode.
    """

    name: str
    message: str
    least: int
    most: int

    def covers(self, players: int) -> bool:
        """Whether a game of ``players`` players is of this mode."""
        return self.least <= players <= self.most


#: The rating modes: games of two players, and games of three to six.
MODES: Final = (
    RatingMode("2p", "players.mode.2p", 2, 2),
    RatingMode("multi", "players.mode.multi", 3, 6),
)
#: The modes by name.
MODES_BY_NAME: Final = {mode.name: mode for mode in MODES}

#: The model of every mode: OpenSkill's Plackett-Luce with its own defaults (a new player at
#: mu 25, sigma 25/3; beta 25/6, the spread of one game's performance; tau 25/300, the
#: uncertainty every game adds back so that a rating never freezes).
MODEL: Final = PlackettLuce()
#: How many deviations the displayed rating stands below the mean.
DISPLAY_SIGMAS: Final = 3.0
#: How many of a person's turns in a row a bot must have played for them, their time having
#: run out, for their seat to count as abandoned.
ABANDON_TURNS: Final = 3
#: The data file of the bots' fixed ratings, beside this module.
BOT_RATINGS_FILE: Final = "bot_ratings.json"


@dataclass(frozen=True, slots=True)
class Rating:
    """A player's rating in one mode: the belief about their skill.

    Attributes:
        mu: the mean of the belief.
        sigma: its standard deviation (how unsure it is).
    """

    mu: float
    sigma: float

    @property
    def display(self) -> float:
        """The rating people see: the conservative ``mu - 3 * sigma`` to a tenth (the skill
        the player has almost surely reached), 0 for a new account, rising as games make the
        belief surer."""
        return round(self.mu - DISPLAY_SIGMAS * self.sigma, 1)

    def to_json(self) -> dict[str, float]:
        """The rating as JSON-ready data: ``mu``, ``sigma`` and ``display``."""
        return {"mu": self.mu, "sigma": self.sigma, "display": self.display}


#: The rating of a new account in every mode: the model's prior.
START: Final = Rating(MODEL.mu, MODEL.sigma)


def mode_of(players: int) -> str | None:
    """The name of the mode of a game of ``players`` players (``None``: solo, or a number no
    mode covers)."""
    return next((mode.name for mode in MODES if mode.covers(players)), None)


def rate(
    mode: str, ratings: Sequence[Rating], fixed: Sequence[bool], ranks: Sequence[int]
) -> list[Rating]:
    """One game's update: each seat's rating after a game of ``mode``.

    Every seat is its own team; seats of equal rank tie (they share the place and the mean
    change of their ratings). A fixed seat (a bot's) takes part with its rating and keeps it.

    Args:
        mode: the game's mode (:data:`MODES`).
        ratings: each seat's rating before the game, by seat.
        fixed: by seat, whether the seat keeps its rating.
        ranks: each seat's place, lower is better (:func:`ranks_of`).

    Returns:
        Each seat's rating after the game, by seat.

    Raises:
        ValueError: for an unknown mode, a number of seats the mode does not cover, or lists
            of different lengths.
    """
    if mode not in MODES_BY_NAME:
        raise ValueError(f"no rating mode {mode!r} (there is {', '.join(MODES_BY_NAME)})")
    seats = len(ratings)
    if not MODES_BY_NAME[mode].covers(seats):
        raise ValueError(f"a game of {seats} players is not of the mode {mode!r}")
    if len(fixed) != seats or len(ranks) != seats:
        raise ValueError(
            f"{seats} ratings need as many fixed marks and ranks, not {len(fixed)} and {len(ranks)}"
        )
    teams = [[MODEL.rating(r.mu, r.sigma)] for r in ratings]
    after = MODEL.rate(teams, ranks=[float(rank) for rank in ranks])
    return [
        old if keep else Rating(team[0].mu, team[0].sigma)
        for old, keep, team in zip(ratings, fixed, after, strict=True)
    ]


class Score(Protocol):
    """A seat's score, of which the places read the total."""

    @property
    def total(self) -> int:
        """The seat's points."""
        ...


class Placed(Protocol):
    """What the places read of a finished game's result where it gives no ``ranking``: the
    winners and the scores (as ``sagrada.rl.games.Result`` names them)."""

    @property
    def winners(self) -> Sequence[int]:
        """The seats that won."""
        ...

    @property
    def scores(self) -> Sequence[Score]:
        """Each seat's score."""
        ...


def places(outcome: Any) -> tuple[tuple[int, ...], ...]:
    """The seats of a finished game grouped by place, best first (a group shares its place).

    A result with a ``ranking`` (the dice game's, its tie-breaks applied) gives it; another
    (:class:`Placed`) places its winners first, together, then the other seats by points.
    """
    ranking = getattr(outcome, "ranking", None)
    if ranking is not None:
        return tuple(tuple(group) for group in ranking)
    result: Placed = outcome
    winners = tuple(sorted(result.winners))
    totals = {seat: score.total for seat, score in enumerate(result.scores)}
    groups: list[tuple[int, ...]] = [winners] if winners else []
    for total in sorted({totals[s] for s in totals if s not in winners}, reverse=True):
        groups.append(tuple(s for s in sorted(totals) if s not in winners and totals[s] == total))
    return tuple(groups)


def ranks_of(outcome: Any, abandoned: Collection[int] = frozenset()) -> list[int]:
    """Each seat's place (1 the best; seats sharing a place have the same) in a finished game.

    The places are the result's (:func:`places`), but an abandoned seat (:func:`abandoned_seats`)
    is placed last whatever its points, tied with the other abandoned seats: the others keep
    their order, closing up.

    Raises:
        ValueError: if ``abandoned`` names a seat the game does not have.
    """
    groups = places(outcome)
    seats = sum(len(group) for group in groups)
    strangers = sorted(s for s in abandoned if not 0 <= s < seats)
    if strangers:
        raise ValueError(f"abandoned seats {strangers} are not seats of a {seats}-seat game")
    ranks = [0] * seats
    place = 1
    for group in groups:
        kept = [seat for seat in group if seat not in abandoned]
        for seat in kept:
            ranks[seat] = place
        place += len(kept)
    for seat in abandoned:
        ranks[seat] = place
    return ranks


@dataclass(frozen=True, slots=True)
class Turn:
    """One turn of a game as the clock sees it: who played it, and whether a bot played any
    of it for them because their time ran out.

    Attributes:
        seat: the seat whose turn it was.
        timed_out: whether a bot played (the rest of) it for the person.
    """

    seat: int
    timed_out: bool


def turns_of(start: GameState, actions: Iterable[int], timed_out: Collection[int]) -> list[Turn]:
    """The turns of a game, replayed from its start.

    A turn is a run of actions played in one round and turn by one seat (as the server's
    clock counts them: ``state.round``, ``state.turn``, ``state.current_player``).

    Args:
        start: the game's first state (``game.new_state(config, seed)``; a copy is played
            on, it is left as it is).
        actions: the game's actions, in order (``state.history``).
        timed_out: the numbers (from 0) of the actions a bot played for a person whose time
            ran out.
    """
    state: GameState = start.clone()
    turns: list[Turn] = []
    last: tuple[int, int, int] | None = None
    for number, action in enumerate(actions):
        key = (state.round, state.turn, state.current_player)
        out = number in timed_out
        if key != last:
            turns.append(Turn(state.current_player, out))
        elif out and not turns[-1].timed_out:
            turns[-1] = Turn(turns[-1].seat, True)
        last = key
        state.apply(action)
    return turns


def abandoned_seats(turns: Iterable[Turn], run: int = ABANDON_TURNS) -> set[int]:
    """The seats that abandoned the game: those of which ``run`` turns in a row (their own
    turns, in order) were played by a bot because their time ran out, at any point of it."""
    streaks: dict[int, int] = {}
    abandoned: set[int] = set()
    for turn in turns:
        streaks[turn.seat] = streaks.get(turn.seat, 0) + 1 if turn.timed_out else 0
        if streaks[turn.seat] >= run:
            abandoned.add(turn.seat)
    return abandoned


@cache
def bot_ratings() -> Mapping[str, Any]:
    """The data file of the bots' fixed ratings (:data:`BOT_RATINGS_FILE`): its ``header``
    (the command that measured them, the date, the games) and its ``ratings``, by game name,
    then mode, then bot: ``{"mu", "sigma"}``."""
    text = resources.files(__package__).joinpath(BOT_RATINGS_FILE).read_text(encoding="utf-8")
    data: Mapping[str, Any] = json.loads(text)
    return data


def bot_rating(game_name: str, mode: str, bot: str) -> Rating | None:
    """The fixed rating of the bot ``bot`` in games of ``game_name`` of ``mode``, or ``None``
    if it was not measured (a game with such a bot is not rated)."""
    measured = bot_ratings()["ratings"].get(game_name, {}).get(mode, {}).get(bot)
    if measured is None:
        return None
    return Rating(float(measured["mu"]), float(measured["sigma"]))
