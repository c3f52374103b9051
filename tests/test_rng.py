"""The game's random number generator: the range of a seed (:func:`check_seed`).

A seed is a whole number from 0 to 2**64 - 1 (SplitMix64 keeps 64 bits of state). Anything
else is refused rather than folded onto 64 bits, which would give two seeds the same game.
"""

from __future__ import annotations

from typing import Any

import pytest

from sagrada.core.errors import ConfigError
from sagrada.core.rng import SEED_LIMIT, check_seed
from sagrada.games.dice.rules.config import GameConfig
from sagrada.games.dice.rules.state import Phase, new_game

#: What a refused seed's message begins with, as a regular expression.
RULE = r"^seed must be a whole number from 0 to 2\*\*64 - 1, got "


def test_the_seed_limit_is_two_to_the_64() -> None:
    # 2**64 written out: 18446744073709551616.
    assert SEED_LIMIT == 18446744073709551616


@pytest.mark.parametrize(
    "seed",
    [0, 1, 7, 2**32, 2**63, 18446744073709551615],  # the last is 2**64 - 1
)
def test_a_seed_in_range_is_returned_as_given(seed: int) -> None:
    assert check_seed(seed) == seed
    assert type(check_seed(seed)) is int


@pytest.mark.parametrize(
    ("seed", "shown"),
    [
        (-1, "-1"),
        (18446744073709551616, "18446744073709551616"),  # 2**64
        (36893488147419103232, "36893488147419103232"),  # 2**65
        (-18446744073709551616, "-18446744073709551616"),  # -2**64
        (True, "True"),
        (False, "False"),
        (1.0, "1.0"),
        ("7", "'7'"),
        (None, "None"),
        ([7], r"\[7\]"),
    ],
)
def test_anything_else_is_a_config_error_naming_it(seed: object, shown: str) -> None:
    with pytest.raises(ConfigError, match=RULE + shown + "$"):
        check_seed(seed)


def test_a_number_too_long_to_print_is_named_by_its_size() -> None:
    # 10**5000 has 5000 decimal digits, more than Python prints by default; it needs 16610
    # bits (5000 × log2(10) = 16609.6, rounded up).
    with pytest.raises(ConfigError, match=RULE + "a 16610-bit number$"):
        check_seed(10**5000)
    with pytest.raises(ConfigError, match=RULE + "a negative 16610-bit number$"):
        check_seed(-(10**5000))


@pytest.mark.parametrize("seed", [-1, 2**64, 2**70, True, 1.0], ids=repr)
def test_a_new_game_refuses_a_seed_out_of_range(seed: Any) -> None:
    # Review defect 4: seeds at or above 2**64 (or negative) used to wrap silently, so two
    # seeds dealt the same game.
    with pytest.raises(ConfigError, match="seed must be a whole number from 0 to 2"):
        new_game(GameConfig(players=2), seed)


def test_a_new_game_takes_the_largest_seed() -> None:
    assert new_game(GameConfig(players=2), 2**64 - 1).phase == Phase.SETUP
