"""The toy game's observation encoder: the vector a seat's view is to the RL adapters.

The entry names it (``GameEntry.encoder``: ``"toy_game.encoder:ToyEncoder"``); only
:mod:`sagrada.rl` loads it. It reads a view (:func:`toy_game.views.make_toy_view`): the other
seat's die is never in it while the game runs. Every entry is a float in ``[0, 1]``:

====  =====  ==========  ===================================================
Size  Slice  Name        Meaning
====  =====  ==========  ===================================================
2     0-1    round       the round 1-2 (one-hot; none once over)
1     2      deciding    1 when the viewer decides now
6     3-8    my_die      the viewer's secret die 1-6 (one-hot)
2     9-10   points      the viewer's points, then the other seat's, / 4
2     11-12  rolls_left  the viewer's rolls left, then the other seat's, / 2
1     13     over        1 once the game is over
====  =====  ==========  ===================================================
"""

from __future__ import annotations

from typing import Final

import numpy as np

from sagrada.encoding_kit import Layout, Vector
from toy_game.options import MAX_ROLLS, MAX_TAKE_POINTS, ToyOptions
from toy_game.state import PLAYERS, ROUNDS
from toy_game.views import HIDDEN, ToyView

#: The most points a seat can have.
MOST_POINTS: Final = ROUNDS * MAX_TAKE_POINTS


class ToyEncoder:
    """Encodes the toy game's views (the module's table).

    Args:
        options: the game's options; the layout is the same whatever they are.
    """

    def __init__(self, options: ToyOptions | None = None) -> None:
        layout = self.layout = Layout()
        self.o_round = layout.add("round", ROUNDS, "the round 1-2 (one-hot; none once over)")
        self.o_deciding = layout.add("deciding", 1, "1 when the viewer decides now")
        self.o_die = layout.add("my_die", 6, "the viewer's secret die 1-6 (one-hot)")
        self.o_points = layout.add(
            "points", PLAYERS, f"the viewer's points, then the other seat's, / {MOST_POINTS}"
        )
        self.o_rolls = layout.add(
            "rolls_left", PLAYERS, f"the viewer's rolls left, then the other seat's, / {MAX_ROLLS}"
        )
        self.o_over = layout.add("over", 1, "1 once the game is over")

    @property
    def size(self) -> int:
        """The length of an observation."""
        return self.layout.size

    def encode(self, view: ToyView) -> Vector:
        """The observation of the view's seat (a spectator's: as seat 0's, without a die)."""
        out = np.zeros(self.size, dtype=np.float32)
        s = view.state
        me = max(view.player, 0)
        seats = (me, 1 - me)
        if s.is_over:
            out[self.o_over] = 1
        else:
            out[self.o_round + s.round] = 1
        out[self.o_deciding] = float(view.player >= 0 and s.current_player == view.player)
        if view.player >= 0 and s.dice[me] != HIDDEN:
            out[self.o_die + s.dice[me] - 1] = 1
        for index, seat in enumerate(seats):
            out[self.o_points + index] = s.points[seat] / MOST_POINTS
            out[self.o_rolls + index] = s.rolls_left[seat] / MAX_ROLLS
        return out
