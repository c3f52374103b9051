"""The exceptions of the rules core, one class per kind of failure."""

from __future__ import annotations


class SagradaError(Exception):
    """Base class of every error the rules core raises on purpose."""


class InvalidNotationError(SagradaError, ValueError):
    """Text that does not parse as an action, a die, a cell or a card name."""


class IllegalActionError(SagradaError, ValueError):
    """An action that the rules do not allow at this decision.

    Attributes:
        action: the text form of the refused action.
        rule: a short sentence naming the rule that forbids it.
    """

    def __init__(self, action: str, rule: str) -> None:
        super().__init__(f"illegal action {action!r}: {rule}")
        self.action = action
        self.rule = rule


class ContentError(SagradaError, ValueError):
    """A malformed content file (cards, windows), naming the file and the entry at fault."""


class ConfigError(SagradaError, ValueError):
    """A game configuration the rules do not allow (player count, unknown card, ...)."""


class RecordError(SagradaError, ValueError):
    """A malformed or inconsistent game record."""
