"""A game's log sent by parts: each seat's log built once per action and kept on the room, and
the part of it a client lacks cut out for each view (docs/web-api.md, "The log by parts").

A view's log is its columns (``history`` and the game's other ``history_*`` lists, one entry
per action) with the room's ``timed_out`` and ``hinted`` (action numbers). A client that holds
the first ``since`` entries of a seat's log gets a view with ``history_from`` (the number of the
first entry it carries) and only the entries from there: its own below ``history_from``, and
the view's, make the whole log. ``history_from`` is ``since`` unless the entries the client
holds may have changed since it took them (then 0, the whole log).

A game's view may offer ``history_json(start)`` (the columns from action ``start`` on),
``to_json(history=False)`` (the view without them) and ``history_revised_at`` (how many actions
the game had when entries of its log last changed, as a window chosen at setup is named to
the others once setup is over); a view without them has its log taken from ``to_json()``.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any, Final

#: The room's lists of action numbers that a view carries with the log.
NUMBERED: Final = ("timed_out", "hinted")


@dataclass(frozen=True, slots=True)
class LogPart:
    """A seat's log as it stood for one view: ``length`` entries of ``columns`` (lists that
    only grow: a rebuilt log has new ones), the action numbers of the room's ``timed_out`` and
    ``hinted``, and ``revised_at``: a client holding fewer entries than this took them before
    they last changed."""

    columns: dict[str, list[Any]]
    length: int
    revised_at: int
    timed_out: tuple[int, ...]
    hinted: tuple[int, ...]

    def start_for(self, since: int | None) -> int:
        """The first entry to send a client that holds ``since`` entries (``None``: none)."""
        if since is None or not self.revised_at <= since <= self.length:
            return 0
        return since

    def fields(self, since: int | None) -> dict[str, Any]:
        """The view's log fields for a client that holds ``since`` entries: ``history_from``,
        the columns from there, and the numbers of ``timed_out`` and ``hinted`` from there."""
        start = self.start_for(since)
        out: dict[str, Any] = {"history_from": start}
        for key, column in self.columns.items():
            out[key] = column[start : self.length]
        out["timed_out"] = [n for n in self.timed_out if n >= start]
        out["hinted"] = [n for n in self.hinted if n >= start]
        return out


class SeatLog:
    """One seat's log, kept on the room and extended as actions are applied."""

    __slots__ = ("actions", "columns", "revised", "revised_at")

    def __init__(self) -> None:
        self.actions: list[int] = []
        self.columns: dict[str, list[Any]] = {}
        #: The game's ``history_revised_at`` when the log was built, and the log's own: the
        #: game's, or later if the log was built again for another reason.
        self.revised = 0
        self.revised_at = 0

    def update(self, view: Any, history: Sequence[int], common: dict[str, list[Any]]) -> None:
        """Bring the log in step with ``view`` of the game whose actions are ``history``: new
        entries appended; the whole log built again (in new lists) if the game says its
        entries changed, or if the actions are not those it was built from (a copy of the game
        from elsewhere that went another way). An entry equal to the one at its place in
        ``common`` (the room's) is kept as that one, so the seats' equal entries are held once."""
        revised = getattr(view, "history_revised_at", 0)
        held = len(self.actions)
        if not self.columns or revised != self.revised or list(history[:held]) != self.actions:
            # A first log, or one the game revised, is the game's to vouch for; a log built
            # again because the actions differ may differ anywhere: clients holding part of
            # it take it whole.
            diverged = bool(self.columns) and revised == self.revised
            self.revised_at = len(history) if diverged else revised
            self.revised = revised
            self.columns = {key: [] for key in columns_of(view, len(history))}
            self.actions = []
            held = 0
        if held == len(history):
            return
        for key, entries in columns_of(view, held).items():
            shared = common.setdefault(key, [])
            column = self.columns.setdefault(key, [])
            for index, entry in enumerate(entries, held):
                if index < len(shared):
                    column.append(shared[index] if shared[index] == entry else entry)
                else:
                    shared.append(entry)
                    column.append(entry)
        self.actions.extend(history[held:])

    def part(self, timed_out: list[int], hinted: list[int]) -> LogPart:
        """The log as it stands now, with the room's numbered lists."""
        return LogPart(
            self.columns, len(self.actions), self.revised_at, tuple(timed_out), tuple(hinted)
        )


class RoomLog:
    """Every seat's log of a room, the entries equal in several held once."""

    __slots__ = ("common", "seats")

    def __init__(self) -> None:
        self.seats: dict[int, SeatLog] = {}
        #: Each column's entries as the first seat to log each action had it.
        self.common: dict[str, list[Any]] = {}

    def part(
        self, seat: int, view: Any, history: Sequence[int], timed_out: list[int], hinted: list[int]
    ) -> LogPart:
        """The log of ``seat`` as it stands with ``view`` of the game whose actions are
        ``history``, with the room's numbered lists."""
        log = self.seats.get(seat)
        if log is None:
            log = self.seats[seat] = SeatLog()
        log.update(view, history, self.common)
        return log.part(timed_out, hinted)


def columns_of(view: Any, start: int) -> dict[str, list[Any]]:
    """The log's columns of ``view`` from action ``start`` on."""
    build = getattr(view, "history_json", None)
    if build is not None:
        columns: dict[str, list[Any]] = build(start)
        return columns
    data = view.to_json()
    return {key: value[start:] for key, value in data.items() if is_column(key, value)}


def is_column(key: str, value: Any) -> bool:
    """Whether a view's field ``key`` is a column of its log."""
    return key.startswith("history") and isinstance(value, list)


def view_without_log(view: Any) -> dict[str, Any]:
    """``view`` as JSON-ready data without its log's columns."""
    if getattr(view, "history_json", None) is not None:
        data: dict[str, Any] = view.to_json(history=False)
        return data
    data = view.to_json()
    for key in [key for key, value in data.items() if is_column(key, value)]:
        del data[key]
    return data
