"""Fan-out: every WebSocket (or other subscriber) of a game gets its own seat's view after
each change. A slow client keeps only the newest view."""

from __future__ import annotations

import asyncio
import contextlib
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any


@dataclass(eq=False)
class Listener:
    """A WebSocket (or any subscriber) watching a room as one seat (-1: spectator)."""

    seat: int
    queue: asyncio.Queue[dict[str, Any]] = field(default_factory=lambda: asyncio.Queue(maxsize=64))


def announce(listeners: set[Listener], seq: int, view_of: Callable[[int], dict[str, Any]]) -> None:
    """Queue ``{"type": "view", "seq", "view"}`` for every listener, each seat's view made once."""
    views: dict[int, dict[str, Any]] = {}
    for listener in list(listeners):
        if listener.seat not in views:
            views[listener.seat] = view_of(listener.seat)
        message = {"type": "view", "seq": seq, "view": views[listener.seat]}
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


def subscribe(listeners: set[Listener], seat: int, seq: int, view: dict[str, Any]) -> Listener:
    """Add a listener for ``seat`` and give it the current view at once."""
    listener = Listener(seat)
    listeners.add(listener)
    listener.queue.put_nowait({"type": "view", "seq": seq, "view": view})
    return listener


def greet(listener: Listener, seat: int, seq: int, view: dict[str, Any]) -> None:
    """Make ``listener`` watch as ``seat`` from now on (a WebSocket's hello): the views queued
    for its old seat are dropped, then it gets ``{"type": "hello", "seat"}`` and the seat's
    current view, so every view after the hello is the seat's."""
    kept: list[dict[str, Any]] = []
    while not listener.queue.empty():
        message = listener.queue.get_nowait()
        if message.get("type") != "view":
            kept.append(message)  # a chat line is the same for every seat
    listener.seat = seat
    greeting = [{"type": "hello", "seat": seat}, {"type": "view", "seq": seq, "view": view}]
    for message in kept + greeting:
        if listener.queue.full():
            listener.queue.get_nowait()
        listener.queue.put_nowait(message)
