"""A request the players' layer refuses, with its HTTP status and its reason as a message of
the catalogue (the server answers it as it answers a game's refusal: ``{"detail",
"message"}``)."""

from __future__ import annotations

from typing import Any

from sagrada.core.messages import Message


class Refusal(Exception):
    """A refused request of the players' layer.

    Args:
        status: the HTTP status (a 4xx).
        message: the reason, as a message a page shows in its language (its English text is
            the answer's ``detail``).
    """

    def __init__(self, status: int, message: Message) -> None:
        super().__init__(str(message))
        self.status = status
        self.message = message

    def body(self) -> dict[str, Any]:
        """The JSON answer: the reason in English and as a message."""
        return {"detail": str(self.message), "message": self.message.to_json()}
