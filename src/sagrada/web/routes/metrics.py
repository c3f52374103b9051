"""The server's metrics for Prometheus (``GET /metrics``, :mod:`sagrada.web.metrics`): counts
and times only, so the answer may be public; docs/operating.md says how to keep it to the
monitor at the proxy all the same."""

from __future__ import annotations

import asyncio

from fastapi import APIRouter, Request
from fastapi.responses import Response

from sagrada.web.metrics import CONTENT_TYPE, Metrics

router = APIRouter(include_in_schema=False)


@router.get("/metrics")
async def metrics(request: Request) -> Response:
    """Every metric of this process in Prometheus' text format (asked in a thread: the count
    of games by state may ask the database)."""
    kept: Metrics = request.app.state.metrics
    return Response(await asyncio.to_thread(kept.exposition), media_type=CONTENT_TYPE)
