"""Fan-out: every WebSocket (or other subscriber) of a game gets its own seat's view after
each change. A slow client keeps only the newest view.

A view is queued without its log, with the seat's log as it stood (a
:class:`~sagrada.web.history.LogPart`); :meth:`Listener.wire` cuts out the entries the client
lacks as the message goes out, so a view dropped for a slow client leaves no gap in its log."""

from __future__ import annotations

import asyncio
import contextlib
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from sagrada.web.history import LogPart

#: A seat's view without its log, and its log: what :func:`announce` is given per seat.
SeatView = tuple[dict[str, Any], LogPart]


@dataclass(eq=False)
class Listener:
    """A WebSocket (or any subscriber) watching a room as one seat (-1: spectator)."""

    seat: int
    queue: asyncio.Queue[dict[str, Any]] = field(default_factory=lambda: asyncio.Queue(maxsize=64))
    #: How many entries of the seat's log the client holds (``None``: none, or not known).
    held: int | None = None

    def wire(self, message: dict[str, Any]) -> dict[str, Any]:
        """The queued ``message`` as it goes out: a view gets the entries of its log that the
        client lacks (``history_from`` and the columns from there), which it then holds."""
        log = message.get("log")
        if not isinstance(log, LogPart):
            return message
        view = {**message["view"], **log.fields(self.held)}
        self.held = log.length
        return {"type": "view", "seq": message["seq"], "view": view}


def view_message(seq: int, seat_view: SeatView) -> dict[str, Any]:
    """A queued view: ``{"type": "view", "seq", "view", "log"}`` (:meth:`Listener.wire`)."""
    return {"type": "view", "seq": seq, "view": seat_view[0], "log": seat_view[1]}


def announce(listeners: set[Listener], seq: int, view_of: Callable[[int], SeatView]) -> None:
    """Queue a view for every listener, each seat's view made once."""
    views: dict[int, SeatView] = {}
    for listener in list(listeners):
        if listener.seat not in views:
            views[listener.seat] = view_of(listener.seat)
        message = view_message(seq, views[listener.seat])
        if listener.queue.full():
            with contextlib.suppress(asyncio.QueueEmpty):
                listener.queue.get_nowait()  # a slow client only needs the newest view
        listener.queue.put_nowait(message)


def send_all(listeners: set[Listener], message: dict[str, Any]) -> None:
    """Queue the same ``message`` for every listener (a chat line: for everyone alike)."""
    for listener in list(listeners):
        if listener.queue.full():
            with contextlib.suppress(asyncio.QueueEmpty):
                listener.queue.get_nowait()
        listener.queue.put_nowait(message)


def subscribe(listeners: set[Listener], seat: int, seq: int, view: SeatView) -> Listener:
    """Add a listener for ``seat`` and give it the current view (its whole log) at once."""
    listener = Listener(seat)
    listeners.add(listener)
    listener.queue.put_nowait(view_message(seq, view))
    return listener


def greet(listener: Listener, seat: int, seq: int, view: SeatView, held: int | None = None) -> None:
    """Make ``listener`` watch as ``seat`` from now on (a WebSocket's hello): the views queued
    for its old seat are dropped, then it gets ``{"type": "hello", "seat"}`` and the seat's
    current view, so every view after the hello is the seat's. The client holds the first
    ``held`` entries of the seat's log (the hello's ``since``; ``None``: none)."""
    kept: list[dict[str, Any]] = []
    while not listener.queue.empty():
        message = listener.queue.get_nowait()
        if message.get("type") != "view":
            kept.append(message)  # a chat line is the same for every seat
    listener.seat = seat
    listener.held = held
    greeting = [{"type": "hello", "seat": seat}, view_message(seq, view)]
    for message in kept + greeting:
        if listener.queue.full():
            listener.queue.get_nowait()
        listener.queue.put_nowait(message)
