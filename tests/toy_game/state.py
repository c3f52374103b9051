"""The toy game's rules: its actions and their notation, its state, its result.

====  ========  ==========================================================
Code  Text      Meaning
====  ========  ==========================================================
0     ``take``  gain the game's ``take_points`` points
1     ``roll``  roll one's secret die again (chance: the game's generator)
====  ========  ==========================================================

Two rounds; in each, seat 0 decides, then seat 1 (one decision a turn). The secret dice are
rolled at the start, seat 0's first, from the game's seeded generator
(:class:`~sagrada.core.rng.Rng`), so ``(options, seed, actions)`` replays to the same game.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Final

from sagrada.core.errors import IllegalActionError, InvalidNotationError
from sagrada.core.messages import Message, msg
from sagrada.core.rng import Rng
from toy_game.options import ToyOptions

PLAYERS: Final = 2
ROUNDS: Final = 2
TAKE: Final = 0
ROLL: Final = 1
NUM_ACTIONS: Final = 2
#: Each action's notation and kind, by code.
NOTATION: Final = ("take", "roll")


def parse_action(text: str) -> int:
    """The action written ``text`` (``take`` or ``roll``, in any case).

    Raises:
        InvalidNotationError: for any other text.
    """
    word = text.strip().lower()
    if word not in NOTATION:
        raise InvalidNotationError(msg("toy.notation", text=text))
    return NOTATION.index(word)


def action_to_str(action: int) -> str:
    """The notation of an action code.

    Raises:
        InvalidNotationError: for a code that is no action.
    """
    if not 0 <= action < NUM_ACTIONS:
        raise InvalidNotationError(msg("notation.code", code=action, last=NUM_ACTIONS - 1))
    return NOTATION[action]


@dataclass(frozen=True, slots=True)
class ToyScore:
    """A player's score: their points and their die."""

    points: int
    die: int

    @property
    def total(self) -> int:
        """The points plus the die."""
        return self.points + self.die

    def to_json(self) -> dict[str, int]:
        return {"points": self.points, "die": self.die, "total": self.total}


@dataclass(frozen=True, slots=True)
class ToyOutcome:
    """The result of a finished game: each seat's score, and the winners (every seat with
    the highest total: both, on a tie)."""

    scores: tuple[ToyScore, ...]
    winners: tuple[int, ...]
    target: int | None = None

    @classmethod
    def of(cls, scores: tuple[ToyScore, ...]) -> ToyOutcome:
        best = max(score.total for score in scores)
        return cls(scores, tuple(s for s, score in enumerate(scores) if score.total == best))

    def to_json(self) -> dict[str, Any]:
        return {"scores": [s.to_json() for s in self.scores], "winners": list(self.winners)}


class ToyState:
    """A toy game in progress.

    Attributes:
        config: the game's options.
        rng: the game's generator (every roll comes from it).
        dice: each seat's secret die, 1-6 (0 in a view: a die the viewer cannot see).
        points: each seat's points.
        rolls_left: how often each seat may still roll.
        history: the actions played, in order.
    """

    __slots__ = ("config", "dice", "history", "points", "rng", "rolls_left", "round", "turn")

    def __init__(self, config: ToyOptions, rng: Rng) -> None:
        self.config = config
        self.rng = rng
        self.dice = [0] * PLAYERS
        self.points = [0] * PLAYERS
        self.rolls_left = [config.rolls] * PLAYERS
        self.history: list[int] = []
        self.round = 0
        self.turn = 0

    @property
    def is_over(self) -> bool:
        return self.round >= ROUNDS

    @property
    def current_player(self) -> int:
        """The seat that decides (-1 once the game is over)."""
        return -1 if self.is_over else self.turn

    @property
    def phase_name(self) -> str:
        return "over" if self.is_over else "play"

    def legal_actions(self) -> list[int]:
        if self.is_over:
            return []
        return [TAKE, ROLL] if self.rolls_left[self.turn] > 0 else [TAKE]

    def is_chance(self, action: int) -> bool:
        """A roll draws from the game's generator."""
        return action == ROLL

    def apply(self, action: int) -> None:
        """Apply a legal action.

        Raises:
            IllegalActionError: naming the rule (the game is over, or no roll is left); the
                state is unchanged.
        """
        if not 0 <= action < NUM_ACTIONS:
            raise IllegalActionError(
                str(action), msg("notation.code", code=action, last=NUM_ACTIONS - 1)
            )
        if self.is_over:
            raise IllegalActionError(NOTATION[action], msg("game.over"))
        seat = self.turn
        if action == ROLL:
            if self.rolls_left[seat] <= 0:
                raise IllegalActionError("roll", msg("toy.refuse.no_roll", player=seat))
            # Drawn before anything changes: a generator that cannot answer yet (OpenSpiel's
            # chosen chance) leaves the state as it was.
            value = self.rng.roll()
            self.dice[seat] = value
            self.rolls_left[seat] -= 1
        else:
            self.points[seat] += self.config.take_points
        self.history.append(action)
        self.turn += 1
        if self.turn == PLAYERS:
            self.turn = 0
            self.round += 1

    def clone(self) -> ToyState:
        other = ToyState.__new__(ToyState)
        other.config = self.config
        other.rng = self.rng.copy()
        other.dice = self.dice[:]
        other.points = self.points[:]
        other.rolls_left = self.rolls_left[:]
        other.history = self.history[:]
        other.round = self.round
        other.turn = self.turn
        return other

    def describe_decision(self) -> Message:
        """The decision to take now, as a message."""
        if self.is_over:
            return msg("game.over")
        if self.rolls_left[self.turn] > 0:
            return msg("toy.decision.turn", player=self.turn)
        return msg("toy.decision.take", player=self.turn)

    def score(self, seat: int) -> ToyScore:
        return ToyScore(self.points[seat], self.dice[seat])

    def outcome(self) -> ToyOutcome:
        """The result (of the position as it stands, if the game is not over)."""
        return ToyOutcome.of(tuple(self.score(seat) for seat in range(PLAYERS)))


def new_toy_game(config: ToyOptions, seed: int, chance: Rng | None = None) -> ToyState:
    """A new game: each seat's secret die rolled, seat 0's first, from ``Rng(seed)`` (or
    from ``chance``, a generator that chooses the outcomes itself)."""
    state = ToyState(config, chance if chance is not None else Rng(seed))
    for seat in range(PLAYERS):
        state.dice[seat] = state.rng.roll()
    return state
