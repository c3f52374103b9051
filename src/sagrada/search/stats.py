"""Small, exact statistics for tournaments: means with confidence intervals, Wilson intervals.

Standard library only. The formulas:

* mean ± t(0.975, n−1) · s / √n, with ``s`` the sample standard deviation (Student's t);
* the Wilson score interval for a proportion: centre (p̂ + z²/2n) / (1 + z²/n), half-width
  z · √(p̂(1−p̂)/n + z²/4n²) / (1 + z²/n), with z = 1.959964 for 95%.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Final

Z95: Final = 1.959963984540054

#: Two-sided 95% critical values of Student's t, by degrees of freedom 1-30.
_T95: Final = (
    12.706, 4.303, 3.182, 2.776, 2.571, 2.447, 2.365, 2.306, 2.262, 2.228,
    2.201, 2.179, 2.160, 2.145, 2.131, 2.120, 2.110, 2.101, 2.093, 2.086,
    2.080, 2.074, 2.069, 2.064, 2.060, 2.056, 2.052, 2.048, 2.045, 2.042,
)  # fmt: skip


def t95(df: int) -> float:
    """Return the two-sided 95% critical value of Student's t with ``df`` degrees of freedom.

    Exact table values up to 30; beyond, the expansion z + (z³ + z)/4df + (5z⁵ + 16z³ + 3z)/96df²,
    accurate to about 0.001 there.
    """
    if df < 1:
        raise ValueError("t needs at least 1 degree of freedom")
    if df <= 30:
        return _T95[df - 1]
    z = Z95
    return z + (z**3 + z) / (4 * df) + (5 * z**5 + 16 * z**3 + 3 * z) / (96 * df**2)


@dataclass(frozen=True, slots=True)
class Interval:
    """An estimate with its 95% confidence interval."""

    estimate: float
    low: float
    high: float

    def __str__(self) -> str:
        return f"{self.estimate:.2f} [{self.low:.2f}, {self.high:.2f}]"


def mean_interval(values: Sequence[float]) -> Interval:
    """Return the mean of ``values`` with a 95% Student's t interval (a point for one value)."""
    n = len(values)
    if n == 0:
        raise ValueError("no values")
    mean = math.fsum(values) / n
    if n == 1:
        return Interval(mean, mean, mean)
    variance = math.fsum((v - mean) ** 2 for v in values) / (n - 1)
    half = t95(n - 1) * math.sqrt(variance / n)
    return Interval(mean, mean - half, mean + half)


def wilson_interval(successes: int, trials: int, z: float = Z95) -> Interval:
    """Return the proportion ``successes / trials`` with its Wilson score interval."""
    if trials <= 0:
        raise ValueError("no trials")
    if not 0 <= successes <= trials:
        raise ValueError("successes must be between 0 and the number of trials")
    p = successes / trials
    z2 = z * z
    denominator = 1 + z2 / trials
    centre = (p + z2 / (2 * trials)) / denominator
    half = z * math.sqrt(p * (1 - p) / trials + z2 / (4 * trials * trials)) / denominator
    return Interval(p, max(0.0, centre - half), min(1.0, centre + half))
