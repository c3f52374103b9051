"""What the OpenAPI document (``/openapi.json``) says about the server's answers, kept true.

Every refusal the server makes has one body, :class:`ErrorBody` (``{"detail", "message"?}``,
:meth:`sagrada.web.session.GameError.body`): the endpoints declare the statuses they may refuse
with through :func:`errors`, and :func:`document_openapi` replaces FastAPI's default 422 (a list
of validation errors, which this server never sends: its validation handler answers a
sentence) by this body. A request with a method a path does not serve is answered 405 with
every method the path serves in ``Allow`` (:func:`method_not_allowed`). ``tests/test_openapi.py``
runs Schemathesis against the document to hold the server to it.
"""

from __future__ import annotations

from typing import Any, Final, NotRequired

from fastapi import FastAPI, Request
from fastapi.responses import JSONResponse
from pydantic import BaseModel
from starlette.routing import Match
from typing_extensions import TypedDict  # pydantic reads TypedDicts of typing only from 3.12


class MessageBody(TypedDict):
    """A message of the catalogue: its id and its parameters (docs/web-api.md, Messages)."""

    id: str
    params: dict[str, Any]


class ErrorBody(TypedDict):
    """Every refusal: the reason in English and, for a reason a person may meet in a page,
    the same as a message of the catalogue."""

    detail: str
    message: NotRequired[MessageBody]


#: What each refusal status means, as the OpenAPI document describes it.
ERROR_STATUSES: Final[dict[int, str]] = {
    400: "Malformed request: a body that is not JSON, or not an object",
    401: "Not logged in, or a wrong name or password",
    403: "Wrong token or invite code, a spectator asking what only a player may, or a "
    "logged-in request from another site",
    404: "No such game (or language, or step)",
    409: "Not now: not your turn, a stale request, the game not over, no free seat",
    410: "The game expired",
    413: "The request body is too large",
    422: "Invalid or illegal: a wrong field, an illegal or unparsable action (the reason says)",
    429: "Too many requests: wait and try again",
    503: "The database is unavailable for a moment: try again",
}


def errors(*statuses: int) -> dict[int | str, dict[str, Any]]:
    """The ``responses`` of an endpoint that may refuse with ``statuses``, each with
    :class:`ErrorBody`."""
    return {
        status: {"model": ErrorBody, "description": ERROR_STATUSES[status]} for status in statuses
    }


async def method_not_allowed(request: Request, _exc: Exception) -> JSONResponse:
    """Answer 405 with every method the path serves in ``Allow``.

    Starlette answers with the methods of the first route of the path alone, so
    ``OPTIONS /api/games`` would name POST but not GET.
    """
    allowed: set[str] = set()
    for route in request.app.router.routes:
        match, _scope = route.matches(request.scope)
        if match is not Match.NONE:
            allowed |= getattr(route, "methods", None) or set()
    methods = ", ".join(sorted(allowed))
    return JSONResponse(
        {"detail": f"{request.method} is not served here: use {methods}"},
        status_code=405,
        headers={"Allow": methods},
    )


def document_openapi(app: FastAPI, create_models: dict[str, type[BaseModel]]) -> None:
    """Make ``app``'s OpenAPI document say what the server does: each game's body of POST
    /api/games (``create_models``, by game), and the server's own error body where FastAPI
    would promise its list of validation errors."""
    plain = app.openapi

    def openapi() -> dict[str, Any]:
        if app.openapi_schema is None:
            schema = plain()
            components = schema.setdefault("components", {}).setdefault("schemas", {})
            _document_create_bodies(schema, components, create_models)
            _document_validation_errors(schema, components)
            app.openapi_schema = schema
        return app.openapi_schema

    app.openapi = openapi  # type: ignore[method-assign]  # FastAPI's documented customisation


def _document_create_bodies(
    schema: dict[str, Any], components: dict[str, Any], models: dict[str, type[BaseModel]]
) -> None:
    """Show each game's body of POST /api/games (the endpoint reads the body itself, to
    choose the model by its ``game``)."""
    refs = []
    for model in models.values():
        body = model.model_json_schema(ref_template="#/components/schemas/{model}")
        components.update(body.pop("$defs", {}))
        components[model.__name__] = body
        refs.append({"$ref": f"#/components/schemas/{model.__name__}"})
    schema["paths"]["/api/games"]["post"]["requestBody"] = {
        "required": True,
        "content": {"application/json": {"schema": {"oneOf": refs}}},
    }


def _document_validation_errors(schema: dict[str, Any], components: dict[str, Any]) -> None:
    """Replace FastAPI's default 422 answer (``HTTPValidationError``) by :class:`ErrorBody`:
    the server's validation handler answers a sentence, never FastAPI's list."""
    default = "#/components/schemas/HTTPValidationError"
    ours = {"$ref": "#/components/schemas/ErrorBody"}
    for operations in schema["paths"].values():
        for operation in operations.values():
            answer = operation.get("responses", {}).get("422")
            if answer is None:
                continue
            content = answer.get("content", {}).get("application/json", {})
            if content.get("schema", {}).get("$ref") == default:
                answer["description"] = ERROR_STATUSES[422]
                content["schema"] = ours
    components.pop("HTTPValidationError", None)
    components.pop("ValidationError", None)
    if "ErrorBody" not in components:  # pragma: no cover - every endpoint declares errors
        raise RuntimeError("no endpoint declares ErrorBody")
