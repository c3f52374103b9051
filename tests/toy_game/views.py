"""What one seat may know of a toy game: everything but the other seat's secret die (and
neither die for a spectator) while the game runs, and never the game's generator; once the
game is over both dice are shown, as the score reveals them. :func:`guess_state` deals the
unseen dice again, for adapters that search from a view."""

from __future__ import annotations

from typing import Any

from sagrada.core.rng import Rng
from toy_game.state import NOTATION, ROUNDS, ToyState

#: A die the viewer cannot see, in a view's state.
HIDDEN = 0


class ToyView:
    """A seat's view of a toy game (``player`` -1: a spectator)."""

    __slots__ = ("player", "state")

    def __init__(self, state: ToyState, player: int) -> None:
        self.state = state
        self.player = player

    def legal_actions(self) -> list[int]:
        """The viewer's legal actions (none when it is not their decision)."""
        if self.player != self.state.current_player:
            return []
        return self.state.legal_actions()

    def to_json(self) -> dict[str, Any]:
        """The view as JSON-ready data (the structured legal actions included)."""
        s = self.state
        legal = self.legal_actions()
        decision = s.describe_decision()
        data: dict[str, Any] = {
            "game": "toy",
            "player": self.player,
            "current_player": s.current_player,
            "phase": s.phase_name,
            "round": min(s.round + 1, ROUNDS),
            "rounds": ROUNDS,
            "turn": s.turn + 1,
            "decision": str(decision),
            "decision_message": decision.to_json(),
            "take_points": s.config.take_points,
            "points": s.points[:],
            "dice": [die if die != HIDDEN else None for die in s.dice],
            "rolls_left": s.rolls_left[:],
            "history": [NOTATION[a] for a in s.history],
            "legal_actions": [NOTATION[a] for a in legal],
            "actions": [
                {"notation": NOTATION[a], "kind": NOTATION[a], "chance": s.is_chance(a)}
                for a in legal
            ],
        }
        if s.is_over:
            outcome = s.outcome()
            data["scores"] = [score.to_json() for score in outcome.scores]
            data["winners"] = list(outcome.winners)
        return data


def make_toy_view(state: ToyState, player: int) -> ToyView:
    """The view of ``state`` for ``player`` (-1: a spectator): a copy without the dice the
    player cannot see and without the game's generator (which would tell the next rolls)."""
    copy = state.clone()
    copy.rng = Rng(0)
    if not state.is_over:
        copy.dice = [die if seat == player else HIDDEN for seat, die in enumerate(copy.dice)]
    return ToyView(copy, player)


def guess_state(view: ToyView, seed: int) -> ToyState:
    """A whole game consistent with ``view``: each unseen die rolled from ``Rng(seed)``,
    which then plays the game's chance."""
    state = view.state.clone()
    state.rng = Rng(seed)
    state.dice = [die if die != HIDDEN else state.rng.roll() for die in state.dice]
    return state
