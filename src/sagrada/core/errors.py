"""The exceptions of the rules core, one class per kind of failure.

An error about something a player or a client sent (notation that does not parse, an action
the rules refuse) carries the engine's :class:`~sagrada.core.messages.Message` saying why, so
that an adapter can render it in the reader's language; its text is the English rendering.
"""

from __future__ import annotations

from sagrada.core.messages import Message


class SagradaError(Exception):
    """Base class of every error the rules core raises on purpose.

    Attributes:
        message: the reason as a message, or ``None`` where the text is all there is.
    """

    message: Message | None = None


class InvalidNotationError(SagradaError, ValueError):
    """Text that does not parse as an action, a die, a cell or a card name."""

    def __init__(self, reason: Message | str) -> None:
        super().__init__(str(reason))
        if isinstance(reason, Message):
            self.message = reason


class IllegalActionError(SagradaError, ValueError):
    """An action that the rules do not allow at this decision.

    Attributes:
        action: the text form of the refused action.
        rule: a short sentence naming the rule that forbids it (the English of ``message``).
        message: the rule as a message.
    """

    def __init__(self, action: str, rule: Message) -> None:
        super().__init__(f"illegal action {action!r}: {rule}")
        self.action = action
        self.rule = str(rule)
        self.message = rule


class ContentError(SagradaError, ValueError):
    """A malformed content file (cards, windows), naming the file and the entry at fault."""


class ConfigError(SagradaError, ValueError):
    """A game configuration the rules do not allow (player count, unknown card, ...).

    The reason is a message where a person choosing options in a form can meet it (a
    number of cards, options that do not go together), else English text.
    """

    def __init__(self, reason: Message | str) -> None:
        super().__init__(str(reason))
        if isinstance(reason, Message):
            self.message = reason


class RecordError(SagradaError, ValueError):
    """A malformed or inconsistent game record."""
