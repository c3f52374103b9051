"""Web Push for an account's browsers (docs/web-api.md, "Turn notices"): the server's key to
subscribe with, keeping and forgetting a browser's subscription, and the service worker that
shows the messages, served at the site's root so that its scope is the whole site."""

from __future__ import annotations

import asyncio
from typing import Annotated, Any

from fastapi import APIRouter, Body, Request, Response
from fastapi.responses import FileResponse
from pydantic import BaseModel, ConfigDict, Field

from sagrada.core.messages import msg
from sagrada.players.refusal import Refusal
from sagrada.web.openapi import errors
from sagrada.web.routes.accounts import SessionDep, players_of
from sagrada.web.routes.pages import CACHE_CONTROL, static_dir

router = APIRouter()


class Unsubscribe(BaseModel):
    """The subscription to forget, by its endpoint."""

    model_config = ConfigDict(extra="forbid", strict=True)

    endpoint: Annotated[str, Field(min_length=1, max_length=2000)]


@router.get("/api/push/key", responses=errors(503))
async def push_key(request: Request) -> dict[str, Any]:
    """The server's ``applicationServerKey`` (base64url), to subscribe a browser with."""
    return {"key": players_of(request).notices.public_key}


@router.post(
    "/api/push/subscriptions", status_code=201, responses=errors(400, 401, 403, 409, 413, 422)
)
async def subscribe(
    request: Request, session: SessionDep, body: Annotated[Any, Body()]
) -> dict[str, Any]:
    """Keep this browser's push subscription (its ``PushSubscription`` JSON): the account's
    turns of correspondence games are pushed to it."""
    notices = players_of(request).notices
    await asyncio.to_thread(notices.subscribe, session[0].id, body)
    return {"subscriptions": await asyncio.to_thread(notices.subscriptions, session[0].id)}


@router.delete("/api/push/subscriptions", status_code=204, responses=errors(400, 401, 403, 404))
async def unsubscribe(request: Request, session: SessionDep, body: Unsubscribe) -> Response:
    """Forget one of the account's subscriptions (this browser's, by its endpoint)."""
    notices = players_of(request).notices
    if not await asyncio.to_thread(notices.unsubscribe, session[0].id, body.endpoint):
        raise Refusal(404, msg("players.no_such_subscription"))
    return Response(status_code=204)


@router.get("/push-worker.js", include_in_schema=False)
async def push_worker() -> FileResponse:
    """The service worker of push messages, at the root: its scope is every page."""
    return FileResponse(
        static_dir() / "push-worker.js",
        media_type="text/javascript",
        headers={"Cache-Control": CACHE_CONTROL},
    )
