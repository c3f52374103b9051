"""Whether the server is ready to serve: its database answers (``GET /api/health``).

The health check is asked often (by a load balancer, a monitor, a container's probe), so it
costs one trivial query and nothing more: the question is asked in a thread, at most one at a
time (a caller that comes while one is under way waits for the same answer), and a database
that does not answer within :data:`TIMEOUT` seconds counts as down. A database that hangs
thus holds one thread, never one per request.
"""

from __future__ import annotations

import asyncio
from collections.abc import Callable

from sqlalchemy.exc import SQLAlchemyError

from sagrada.web.rooms import database_down

#: Seconds the database has to answer the health check.
TIMEOUT = 2.0


class Readiness:
    """Asks whether the database answers.

    Args:
        ping: asks the database something trivial, raising if it cannot answer
            (:meth:`~sagrada.web.store.Store.ping`); called in a thread.
        timeout: seconds the answer may take.
    """

    def __init__(self, ping: Callable[[], None], timeout: float = TIMEOUT) -> None:
        self._ping = ping
        self._timeout = timeout
        self._asking: asyncio.Future[None] | None = None

    async def check(self) -> None:
        """Return once the database has answered.

        Raises:
            GameError: 503 (``web.database_down``) when it failed or did not answer in time.
        """
        if self._asking is None or self._asking.done():
            self._asking = asyncio.ensure_future(asyncio.to_thread(self._ping))
            # Read the outcome even when every caller has stopped waiting for it.
            self._asking.add_done_callback(lambda done: done.cancelled() or done.exception())
        try:
            await asyncio.wait_for(asyncio.shield(self._asking), self._timeout)
        except TimeoutError:
            raise database_down(
                TimeoutError(f"no answer to the health check within {self._timeout:g} s")
            ) from None
        except SQLAlchemyError as exc:
            raise database_down(exc) from None
