"""The narrow interface through which tool effects act on a turn.

A tool effect sees the current player's turn, not the game: the die in hand, the Draft Pool,
the Round Track, the player's window, own dice and favor tokens, the turn's progress, the rule
modules' components (a tool of an expansion acts on its module's board), and the game's
chance.
It never touches other players, the decks or the turn order. The game state implements this
protocol; the effects are typed against it, so they cannot reach anything else.
"""

from __future__ import annotations

from typing import Any, Protocol

from sagrada.core.dice import Die
from sagrada.core.window import Window


class TurnContext(Protocol):
    """What a tool effect may see and change during the current player's turn.

    Attributes:
        held: the die in hand (taken by the tool), or -1.
        stage: the step within the tool card (0 when it starts; the effect's own numbering).
        memo: one integer of scratch memory for the effect (a cell, a mask, a position).
        pool: the Draft Pool (the effect may take, add and re-roll dice).
        track: the Round Track, a list of dice per round.
        drafted: whether this turn's draft from the Draft Pool is used (a tool that takes its
            die "after drafting" sets it).
    """

    held: int
    stage: int
    memo: int
    pool: list[Die]
    track: list[list[Die]]
    drafted: bool

    @property
    def components(self) -> dict[str, Any]:
        """What rule modules keep on the table, by module name (Life's masterwork board)."""
        ...

    @property
    def first_turn(self) -> bool:
        """Whether this is the player's first turn of the round."""
        ...

    @property
    def own_pool(self) -> list[Die]:
        """The current player's own dice (Private Dice Pool rules; otherwise empty)."""
        ...

    def window(self) -> Window:
        """The current player's window."""
        ...

    def roll(self, die: Die) -> Die:
        """Re-roll ``die`` with the game's chance: same colour, a random value."""
        ...

    def draw_die(self) -> Die:
        """Draw a random die from the bag and roll it."""
        ...

    def return_to_bag(self, die: Die) -> None:
        """Put ``die`` back in the bag."""
        ...

    def skip_second_turn(self) -> None:
        """Make the current player miss their second turn of this round."""
        ...

    def gain_favor(self, tokens: int) -> None:
        """Give the current player ``tokens`` favor tokens."""
        ...

    def random_below(self, n: int) -> int:
        """Return a random integer in ``range(n)`` from the game's chance."""
        ...
