"""The tournament statistics: Student's t critical values, the t interval of a mean, and the
Wilson score interval of a proportion.

Every expected value is worked out by hand in the comments from the formulas in the module
docstring of :mod:`sagrada.search.stats`, with z = 1.959964 (so z² = 3.841459), and checked to
4 decimals. Reference t values: any Student's t table (two-sided 95%, i.e. the 0.975 quantile).
"""

from __future__ import annotations

import pytest

from sagrada.search.stats import Z95, Interval, mean_interval, t95, wilson_interval

# -- Wilson score interval -------------------------------------------------------------------


def test_z_is_the_normal_975_quantile() -> None:
    assert abs(Z95 - 1.959964) < 1e-6


def test_wilson_interval_of_8_successes_in_10() -> None:
    # p = 0.8, n = 10, z²/n = 0.384146, so the denominator is 1.384146.
    # centre = (0.8 + z²/20) / 1.384146 = (0.8 + 0.192073) / 1.384146 = 0.992073 / 1.384146
    #        = 0.716740
    # half   = z · √(0.8·0.2/10 + z²/400) / 1.384146 = 1.959964 · √(0.016 + 0.009604) / 1.384146
    #        = 1.959964 · 0.160011 / 1.384146 = 0.313617 / 1.384146 = 0.226578
    # interval: 0.716740 ∓ 0.226578 = [0.4902, 0.9433]; the estimate is p itself.
    interval = wilson_interval(8, 10)
    assert interval.estimate == pytest.approx(0.8, abs=1e-4)
    assert interval.low == pytest.approx(0.4902, abs=1e-4)
    assert interval.high == pytest.approx(0.9433, abs=1e-4)


def test_wilson_interval_of_no_successes_starts_at_zero() -> None:
    # p = 0: centre = (z²/20) / 1.384146 = 0.192073 / 1.384146 = 0.138766, and
    # half = z · √(z²/400) / 1.384146 = z · (z/20) / 1.384146 = the same 0.138766.
    # interval: [0, 0.2775] -- unlike the normal approximation, not a point at zero.
    interval = wilson_interval(0, 10)
    assert interval.estimate == 0.0
    assert interval.low == pytest.approx(0.0, abs=1e-4)
    assert interval.high == pytest.approx(0.2775, abs=1e-4)


def test_wilson_interval_of_all_successes_ends_at_one() -> None:
    # p = 1: centre = (1 + 0.192073) / 1.384146 = 0.861234, half = 0.138766 (as for 0 of 10).
    # interval: [0.7225, 1], the mirror image of 0 of 10.
    interval = wilson_interval(10, 10)
    assert interval.estimate == 1.0
    assert interval.low == pytest.approx(0.7225, abs=1e-4)
    assert interval.high == pytest.approx(1.0, abs=1e-4)


def test_wilson_interval_of_half_is_centred_on_half() -> None:
    # p = 0.5, n = 100: denominator 1 + z²/100 = 1.038415.
    # centre = (0.5 + z²/200) / 1.038415 = 0.519207 / 1.038415 = 0.5 exactly (p = ½ is the
    # fixed point of the shrinkage towards ½).
    # half = z · √(0.25/100 + z²/40000) / 1.038415 = 1.959964 · √(0.0025 + 0.0000960)
    #      / 1.038415 = 1.959964 · 0.050951 / 1.038415 = 0.099863 / 1.038415 = 0.096168
    # interval: [0.4038, 0.5962].
    interval = wilson_interval(50, 100)
    assert interval.estimate == pytest.approx(0.5, abs=1e-4)
    assert interval.low == pytest.approx(0.4038, abs=1e-4)
    assert interval.high == pytest.approx(0.5962, abs=1e-4)


@pytest.mark.parametrize(("successes", "trials"), [(0, 0), (1, 0), (0, -3), (-1, 10), (11, 10)])
def test_wilson_interval_rejects_bad_counts(successes: int, trials: int) -> None:
    with pytest.raises(ValueError, match="trials"):
        wilson_interval(successes, trials)


# -- the t interval of a mean ----------------------------------------------------------------


def test_mean_interval_of_a_tiny_sample() -> None:
    # [1, 2, 3, 4]: mean 2.5; squared deviations 2.25 + 0.25 + 0.25 + 2.25 = 5;
    # s² = 5 / 3 = 1.666667, s = 1.290994; standard error s / √4 = 0.645497;
    # t(3) = 3.182, so the half-width is 3.182 · 0.645497 = 2.053972 ≈ 2.0540.
    # interval: 2.5 ∓ 2.0540 = [0.4460, 4.5540].
    interval = mean_interval([1, 2, 3, 4])
    assert interval.estimate == pytest.approx(2.5, abs=1e-4)
    assert interval.low == pytest.approx(0.4460, abs=1e-4)
    assert interval.high == pytest.approx(4.5540, abs=1e-4)


def test_mean_interval_of_equal_values_has_no_width() -> None:
    # s = 0, so the half-width is 0 whatever t is.
    assert mean_interval([7, 7, 7]) == Interval(7.0, 7.0, 7.0)


def test_mean_interval_of_one_value_is_a_point() -> None:
    # One value gives no estimate of the spread (n - 1 = 0 degrees of freedom).
    assert mean_interval([3.5]) == Interval(3.5, 3.5, 3.5)


def test_mean_interval_of_nothing_is_an_error() -> None:
    with pytest.raises(ValueError, match="no values"):
        mean_interval([])


def test_interval_prints_two_decimals() -> None:
    assert str(Interval(2.5, 0.446, 4.554)) == "2.50 [0.45, 4.55]"


# -- Student's t critical values -------------------------------------------------------------


@pytest.mark.parametrize(
    ("df", "expected"),
    [(1, 12.706), (2, 4.303), (3, 3.182), (4, 2.776), (5, 2.571), (10, 2.228), (20, 2.086),
     (29, 2.045), (30, 2.042)],
)  # fmt: skip
def test_t95_table_values(df: int, expected: float) -> None:
    assert t95(df) == expected


@pytest.mark.parametrize(
    ("df", "expected"),
    # The published table values (0.975 quantile) beyond the exact table.
    [(31, 2.040), (40, 2.021), (60, 2.000), (120, 1.980), (10_000, 1.960)],
)
def test_t95_expansion_beyond_the_table(df: int, expected: float) -> None:
    assert t95(df) == pytest.approx(expected, abs=0.002)


def test_t95_falls_towards_z() -> None:
    values = [t95(df) for df in (1, 2, 5, 10, 30, 31, 40, 60, 120, 1000, 10_000)]
    assert values == sorted(values, reverse=True)
    assert all(v > Z95 for v in values)
    assert t95(10_000) == pytest.approx(Z95, abs=1e-3)


@pytest.mark.parametrize("df", [0, -1])
def test_t95_needs_a_degree_of_freedom(df: int) -> None:
    with pytest.raises(ValueError, match="degree of freedom"):
        t95(df)
