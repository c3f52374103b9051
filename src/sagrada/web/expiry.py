"""When the server forgets a game nobody plays: the lobby keeps only games people play.

* A game still waiting for a person (a human seat nobody has taken) expires after a day in
  which nothing was played.
* Any unfinished game expires after a week in which no person played (the bots' moves do not
  count: a game abandoned by every human).

An expired game keeps its rows (status ``expired``) but leaves the lobby; asking for it answers
410. The server sweeps every few minutes (:func:`sagrada.web.app.create_app`).
"""

from __future__ import annotations

from typing import Final

from sagrada.web.store import Activity

#: Seconds without an action after which a game still waiting for a person expires.
EXPIRE_WAITING: Final = 24 * 3600.0
#: Seconds without a person's action after which an unfinished game expires.
EXPIRE_ABANDONED: Final = 7 * 24 * 3600.0
#: Seconds between two sweeps.
SWEEP_EVERY: Final = 600.0
#: The status of an expired game.
EXPIRED: Final = "expired"


def is_stale(game: Activity, now: float) -> bool:
    """Whether the unfinished ``game`` has expired at time ``now`` (seconds since the epoch)."""
    humans = [seat for seat in game.seats if seat["kind"] == "human"]
    last_any = max(game.last_action.values(), default=game.created)
    last_person = max([game.created, *(game.last_action.get(seat["seat"], 0.0) for seat in humans)])
    waiting = any(not seat["claimed"] for seat in humans)
    if waiting and now - max(last_any, game.created) > EXPIRE_WAITING:
        return True
    return now - last_person > EXPIRE_ABANDONED
