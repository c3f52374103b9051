"""The card game's options, declared once (as the dice game's are): each field of
:class:`CardOptions` with its schema; :data:`CARD_OPTIONS` serves the command line, the server
and the lobby. Label and help are the messages ``cards.option.<name>``."""

from __future__ import annotations

from dataclasses import asdict, dataclass
from typing import Any, Final

from sagrada.core.errors import ConfigError
from sagrada.core.options import OptionSpec, check_option, option, option_specs, option_values
from sagrada.games.cards.content import BASIC, UNIQUE, content

#: Tool cards in play by default ("New players are recommended to start with 3").
DEFAULT_TOOLS: Final = 3


@dataclass(frozen=True, slots=True)
class CardOptions:
    """The options of a card game (see :data:`CARD_OPTIONS` for each one's meaning)."""

    tools: int = option(DEFAULT_TOOLS, minimum=1, maximum=9)
    tool_cards: tuple[int, ...] | None = option(None, items="card_tool", max_items=9)
    window: str | None = option(None)
    orders: tuple[str, ...] | None = option(None, items="order", max_items=3)

    def __post_init__(self) -> None:
        for spec in CARD_OPTIONS:
            value = getattr(self, spec.name)
            if value is not None and spec.type != "list":
                check_option(spec, value)
        cards = content()
        if self.tool_cards is not None:
            numbers = []
            for key in self.tool_cards:
                if isinstance(key, bool) or not isinstance(key, int | str):
                    raise ConfigError(f"tool_cards: {key!r} is not a tool card number or name")
                try:
                    numbers.append(cards.tool(key).number)
                except KeyError:
                    raise ConfigError(f"tool_cards: no tool card {key!r}") from None
            if len(set(numbers)) != len(numbers):
                raise ConfigError("tool_cards: a tool card is listed twice")
            if not numbers:
                raise ConfigError("tool_cards: name at least one tool card")
            object.__setattr__(self, "tool_cards", tuple(numbers))
            object.__setattr__(self, "tools", len(numbers))
        if self.window is not None:
            try:
                object.__setattr__(self, "window", cards.window(self.window).name)
            except KeyError:
                raise ConfigError(f"window: no glass window {self.window!r}") from None
        if self.orders is not None:
            try:
                orders = [cards.order(name) for name in self.orders]
            except KeyError as exc:
                raise ConfigError(f"orders: no order card {exc.args[0]!r}") from None
            kinds = sorted(o.kind for o in orders)
            if kinds != [BASIC, BASIC, UNIQUE]:
                raise ConfigError("orders: name 1 unique order and 2 basic orders")
            if len({o.id for o in orders}) != 3:
                raise ConfigError("orders: an order is listed twice")
            object.__setattr__(self, "orders", tuple(o.id for o in orders))

    def to_json(self) -> dict[str, Any]:
        """The options as JSON."""
        return {k: list(v) if isinstance(v, tuple) else v for k, v in asdict(self).items()}

    @classmethod
    def from_json(cls, data: Any) -> CardOptions:
        """Options from their JSON form.

        Raises:
            ConfigError: naming the field at fault.
        """
        return cls(**option_values(cls, data))


#: The schema of every option of the card game, in declaration order.
CARD_OPTIONS: Final[tuple[OptionSpec, ...]] = option_specs(CardOptions, "cards.option")
