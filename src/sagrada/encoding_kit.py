"""What the games' observation encoders share: the layout of an observation vector, the
protocol an encoder meets, and the helpers both games' encoders use.

A game's RL observation encoder is the game's own part (``sagrada/games/<game>/encoder.py``),
named by its entry (:attr:`sagrada.entry.GameEntry.encoder`, ``"module:attribute"``) and
imported only by the RL adapters (:mod:`sagrada.rl`), which know a game only through its entry.
What the encoders share lives here, below the games and the adapters, and not in
``sagrada.rl``: a game may not import an adapter (the adapters sit above the games), nor one
game another's modules. Like the encoders, this module needs NumPy (the ``rl`` extra): only the
encoders and :mod:`sagrada.rl` import it.

An encoder reads a view (what one seat may know), never the game state: another player's
private objective, the bag's or the pile's order cannot leak into an observation. Every entry
of an observation is a float in ``[0, 1]``; its :class:`Layout`, a list of named segments,
depends only on the game's configuration, and :meth:`Layout.table` prints it from the code
(each encoder's module docstring shows its table).
"""

from __future__ import annotations

import textwrap
from dataclasses import dataclass, field
from typing import Any, Final, Protocol

import numpy as np
import numpy.typing as npt

from sagrada.core.content import WindowPattern
from sagrada.core.dice import COLOUR_LETTERS

Vector = npt.NDArray[np.float32]

#: Tool steps told apart (the payment step, then steps 0-8): both games' tool cards.
TOOL_STAGES: Final = 10


@dataclass(frozen=True, slots=True)
class Segment:
    """A named slice of an observation vector."""

    name: str
    start: int
    size: int
    meaning: str

    @property
    def stop(self) -> int:
        """The end of the slice (exclusive)."""
        return self.start + self.size


@dataclass(slots=True)
class Layout:
    """The segments of an observation vector, in order."""

    segments: list[Segment] = field(default_factory=list)
    size: int = 0

    def add(self, name: str, size: int, meaning: str) -> int:
        """Append a segment; return its start."""
        self.segments.append(Segment(name, self.size, size, meaning))
        self.size += size
        return self.size - size

    def slices(self) -> dict[str, slice]:
        """Each segment's slice, by name."""
        return {s.name: slice(s.start, s.stop) for s in self.segments}

    def table(self, width: int = 61) -> str:
        """The layout as a reStructuredText table (the encoders' docstrings show it)."""
        head = ("Size", "Slice", "Name", "Meaning")
        rows = []
        for s in self.segments:
            where = str(s.start) if s.size == 1 else f"{s.start}-{s.stop - 1}"
            lines = textwrap.wrap(s.meaning, width)
            rows.append((str(s.size), where, s.name, lines[0]))
            rows += [("", "", "", line) for line in lines[1:]]
        widths = [max(len(r[i]) for r in [*rows, head]) for i in range(4)]
        rule = "  ".join("=" * w for w in widths)

        def line(cells: tuple[str, ...]) -> str:
            return "  ".join(c.ljust(w) for c, w in zip(cells, widths, strict=True)).rstrip()

        return "\n".join([rule, line(head), rule, *(line(r) for r in rows), rule])


class Encoder(Protocol):
    """A game's observation encoder for one configuration (what
    :attr:`sagrada.entry.GameEntry.encoder` names makes one from the configuration)."""

    @property
    def layout(self) -> Layout:
        """The segments of an observation."""
        ...

    @property
    def size(self) -> int:
        """The length of an observation."""
        ...

    def encode(self, view: Any) -> Vector:
        """The observation of ``view``'s seat."""
        ...


def ids(items: tuple[str, ...] | list[str]) -> dict[str, int]:
    """Each item's position in ``items`` (a card's index in its catalogue's order)."""
    return {key: i for i, key in enumerate(items)}


def pattern_asks(pattern: WindowPattern) -> list[tuple[int, int]]:
    """Each cell's restriction: (colour index or -1, value or 0)."""
    out = []
    for row in pattern.grid:
        for char in row:
            colour = COLOUR_LETTERS.find(char.upper()) if char.isalpha() else -1
            out.append((colour, int(char) if char.isdigit() else 0))
    return out
