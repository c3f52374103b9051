"""The game's own random number generator (SplitMix64).

A tiny generator whose whole state is one integer: copying a game copies its chance in
nanoseconds, and a seed gives the same dice on every Python version and platform.
"""

from __future__ import annotations

from typing import Final, TypeVar

T = TypeVar("T")

_MASK: Final = (1 << 64) - 1
_GOLDEN: Final = 0x9E3779B97F4A7C15


class Rng:
    """A seeded SplitMix64 stream."""

    __slots__ = ("state",)

    def __init__(self, seed: int) -> None:
        self.state = seed & _MASK

    def next64(self) -> int:
        """Return the next 64-bit output."""
        self.state = z = (self.state + _GOLDEN) & _MASK
        z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & _MASK
        z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & _MASK
        return z ^ (z >> 31)

    def below(self, n: int) -> int:
        """Return an integer in ``range(n)``; the bias for small ``n`` is below 2**-58."""
        return self.next64() % n

    def roll(self) -> int:
        """Return a die value 1-6."""
        return self.next64() % 6 + 1

    def shuffle(self, items: list[T]) -> None:
        """Shuffle ``items`` in place (Fisher-Yates)."""
        for i in range(len(items) - 1, 0, -1):
            j = self.next64() % (i + 1)
            items[i], items[j] = items[j], items[i]

    def copy(self) -> Rng:
        """Return an independent generator in the same state."""
        return Rng(self.state)
