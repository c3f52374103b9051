"""The floor of a game action's cost: a bare FastAPI application answering a fixed view.

``scripts/load_test.py --floor`` starts it (``floor_server.py PORT VIEW_FILE``) in place of
``sagrada serve`` and drives it with the same client: it takes the action request the game
server takes (a token, an action, the numbers of actions seen and of log entries held, checked
by a Pydantic model as the server's is) at the same address, and answers the view in
``VIEW_FILE`` (a view the game server answered in the same run, so of the same size) as
FastAPI's ``JSONResponse`` does by default, through uvicorn with the game server's settings,
without a database, a game, a middleware or a log: what any FastAPI server answering that
view must spend.
"""

from __future__ import annotations

import json
import sys
from pathlib import Path
from typing import Any

import uvicorn
from fastapi import FastAPI
from fastapi.responses import JSONResponse
from pydantic import BaseModel, ConfigDict


class ActionRequest(BaseModel):
    """The fields of the game server's action request the load test sends."""

    model_config = ConfigDict(extra="forbid", strict=True)

    token: str
    action: str | None = None
    seq: int | None = None
    since: int | None = None


def floor_app(view: dict[str, Any]) -> FastAPI:
    """The application: ``POST /api/games/{game_id}/actions`` answers ``view``, and
    ``GET /api/health`` says it is up."""
    app = FastAPI(docs_url=None, redoc_url=None)

    @app.post("/api/games/{game_id}/actions")
    async def act(game_id: str, body: ActionRequest) -> JSONResponse:
        return JSONResponse(view)

    @app.get("/api/health")
    async def health() -> dict[str, str]:
        return {"status": "ok"}

    return app


def main() -> None:
    port, view_file = int(sys.argv[1]), Path(sys.argv[2])
    app = floor_app(json.loads(view_file.read_text()))
    uvicorn.run(app, host="127.0.0.1", port=port, log_level="warning", access_log=False)


if __name__ == "__main__":
    main()
