"""The OpenAPI document tells the truth: Schemathesis against ``/openapi.json``.

Schemathesis reads the server's own document and sends requests made from it to every
operation (its coverage phase: boundary and invalid values of every parameter and body field,
and methods the path does not serve; then its fuzzing phase: a bounded number of generated
requests), through the ASGI application in this process. Every answer must be no server
error (5xx) and must be what the document promises: a declared status, its content type, a
body matching its schema (refusals: ``{"detail", "message"?}``); a request the document
calls valid must not be refused as invalid, and an ``Allow`` header must name every method
of its path. The run is bounded (``EXAMPLES`` an operation) and repeatable (a fixed seed,
deterministic generation, no example database).
"""

from __future__ import annotations

import tempfile
from pathlib import Path
from typing import Any

import pytest

schemathesis = pytest.importorskip("schemathesis")

from schemathesis.checks import not_a_server_error  # noqa: E402
from schemathesis.specs.openapi.checks import (  # noqa: E402
    allow_header_conformance,
    content_type_conformance,
    response_schema_conformance,
    status_code_conformance,
    unsupported_method,
)

from sagrada.web.app import create_app  # noqa: E402
from sagrada.web.limits import Limits  # noqa: E402

#: Generated requests an operation in the fuzzing phase (the coverage phase adds its own).
EXAMPLES = 25
#: The checks every answer must pass. Not Schemathesis' ``positive_data_acceptance``: a
#: request of the right form that the rules refuse is answered 422 by design (an illegal
#: action, names not one per seat, a deal the cards cannot make), which JSON Schema cannot say.
CHECKS = [
    not_a_server_error,
    status_code_conformance,
    content_type_conformance,
    response_schema_conformance,
    unsupported_method,
    allow_header_conformance,
]


#: The servers' databases; the directory goes when the run ends.
DATABASES = tempfile.TemporaryDirectory(prefix="sagrada-openapi-")


class FreshServer:
    """An ASGI application that is a new server, on a new database, at each start.

    Schemathesis' pytest plugin starts the application (its lifespan) for each operation's
    test and ends it after, and a server that has ended has closed its database.
    """

    def __init__(self) -> None:
        self.started = 0
        self.server: Any = None

    async def __call__(self, scope: Any, receive: Any, send: Any) -> None:
        if scope["type"] == "lifespan" or self.server is None:
            self.started += 1
            # Bots wait a minute (the games made here are never played), and a client may make
            # games freely, so the run reaches past the rate limit (its 429 is declared).
            self.server = create_app(
                f"sqlite:///{Path(DATABASES.name) / f'api-{self.started}.db'}",
                bot_delay=60,
                resume=False,
                limits=Limits(games_per_minute=100_000, thinking_games_per_address=100_000),
            )
        await self.server(scope, receive, send)


config = schemathesis.Config.from_dict(
    {
        "seed": 20240601,
        "generation": {"max-examples": EXAMPLES, "deterministic": True, "database": "none"},
        "phases": {"examples": {"enabled": False}},
    }
)
schema = schemathesis.openapi.from_asgi("/openapi.json", FreshServer(), config=config)


@schema.parametrize()
def test_every_answer_is_the_one_the_openapi_document_promises(case: Any) -> None:
    case.call_and_validate(checks=CHECKS)


def test_an_integer_may_be_written_with_a_zero_fraction(tmp_path: Path) -> None:
    """JSON Schema's ``integer`` is any number without a fraction: ``2.0`` is 2 (a client's
    JSON library may write it so), while ``2.5``, ``"2"`` and ``true`` are refused."""
    from web_helpers import new_client

    with new_client(tmp_path) as client:
        assert client.post("/api/games", json={"players": 2.0}).status_code == 201
        for wrong in (2.5, "2", True):
            answer = client.post("/api/games", json={"players": wrong})
            assert answer.status_code == 422, wrong
            assert answer.json()["detail"].startswith("players: ")
