"""The toy game's options, declared once with :func:`sagrada.core.options.option` (as the
card game's are): :func:`toy_options` is their schema for the command line, the server and
the lobby. Label and help are the game's messages ``toy.option.<name>``
(:mod:`toy_game.messages`), in the catalogue while the game is registered: the schema is
made when asked for, not when this module is imported."""

from __future__ import annotations

from dataclasses import asdict, dataclass, fields
from typing import Any, Final

from sagrada.core.options import OptionSpec, check_option, option, option_specs, option_values

#: The most rolls a player may be allowed.
MAX_ROLLS: Final = 2
#: The most points a take may give.
MAX_TAKE_POINTS: Final = 2


@dataclass(frozen=True, slots=True)
class ToyOptions:
    """The options of a toy game (see :func:`toy_options` for each one's meaning)."""

    take_points: int = option(1, choices=(1, MAX_TAKE_POINTS))
    rolls: int = option(1, minimum=0, maximum=MAX_ROLLS)

    def __post_init__(self) -> None:
        for spec in toy_options():
            check_option(spec, getattr(self, spec.name))

    def to_json(self) -> dict[str, Any]:
        """The options as JSON."""
        return asdict(self)

    @classmethod
    def from_json(cls, data: Any) -> ToyOptions:
        """Options from their JSON form.

        Raises:
            ConfigError: naming the field at fault.
        """
        return cls(**option_values(cls, data))


def toy_options() -> tuple[OptionSpec, ...]:
    """The schema of every option of the toy game, in declaration order."""
    return option_specs(ToyOptions, "toy.option")


#: The options' names, in declaration order.
OPTION_NAMES: Final = tuple(f.name for f in fields(ToyOptions))
