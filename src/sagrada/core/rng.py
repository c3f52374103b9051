"""The game's own random number generator (SplitMix64).

A tiny generator whose whole state is one integer: copying a game copies its chance in
nanoseconds, and a seed gives the same dice on every Python version and platform.

A game's seed is a whole number from 0 to ``2**64 - 1``: :func:`check_seed` refuses any
other, wherever a seed comes from outside (command line, game records), instead of letting
:class:`Rng` silently fold it onto 64 bits (which would give two seeds the same game).
"""

from __future__ import annotations

from typing import Final, TypeVar

from sagrada.core.compiled import mypyc_attr
from sagrada.core.errors import ConfigError

T = TypeVar("T")

#: Seeds are the whole numbers ``0 <= seed < SEED_LIMIT``.
SEED_LIMIT: Final = 2**64
_MASK: Final = SEED_LIMIT - 1
_GOLDEN: Final = 0x9E3779B97F4A7C15


def check_seed(seed: object) -> int:
    """Return ``seed`` if it is a game seed: an ``int`` (not a ``bool``) in ``[0, 2**64)``.

    Raises:
        ConfigError: for anything else, saying what a seed must be and what was given.
    """
    if isinstance(seed, bool) or not isinstance(seed, int) or not 0 <= seed < SEED_LIMIT:
        raise ConfigError(f"seed must be a whole number from 0 to 2**64 - 1, got {_shown(seed)}")
    return seed


def _shown(value: object) -> str:
    """``repr(value)``, but a huge integer (too long to print) by its size."""
    if isinstance(value, int) and not isinstance(value, bool) and value.bit_length() > 256:
        return f"a {'negative ' if value < 0 else ''}{value.bit_length()}-bit number"
    return repr(value)


@mypyc_attr(allow_interpreted_subclasses=True, serializable=True)
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
