"""The server's metrics, answered at ``GET /metrics`` in Prometheus' text format
(docs/operating.md says what each one means and what a healthy value looks like).

Each application keeps its own :class:`Metrics` (its own registry), so that two servers in one
process (the tests') never add to each other's counts. What the server counts as it goes:

- ``sagrada_actions_total{game}``: actions played (by people and bots), by game;
- ``sagrada_request_seconds{method,route,status}``: the time each HTTP request took, by route
  template and status class (``2xx``…), fed by the access log;
- ``sagrada_hints_total{outcome}``: hints asked: ``given``, ``refused`` (4xx) or ``failed``;
- ``sagrada_database_errors_total``: times the database could not be reached;
- ``sagrada_thinking_jobs{state}`` and ``sagrada_thinking_wait_seconds{kind}``: bot moves and
  hints ``waiting`` for a worker process or ``running`` in one, and how long each waited
  (:class:`Thinking`);

and what it reads when asked: ``sagrada_websockets_open``, ``sagrada_rooms_in_memory``,
``sagrada_games{game,state}`` (one grouped query, kept :data:`GAMES_EVERY` seconds) and the
process's own figures (``process_start_time_seconds``, its CPU time, memory and open files,
where the system tells them: Linux).

Nothing here holds a game's id, a token, an invite code, a name or an address: every label's
value is a game's registry name, a route's template, a status class or a word of this module.
"""

from __future__ import annotations

import logging
import threading
import time
from collections.abc import Callable, Iterable, Iterator
from typing import Final

from prometheus_client import (
    CONTENT_TYPE_LATEST,
    CollectorRegistry,
    Counter,
    Gauge,
    Histogram,
    ProcessCollector,
    disable_created_metrics,
    generate_latest,
)
from prometheus_client.metrics_core import GaugeMetricFamily, Metric
from sqlalchemy.exc import SQLAlchemyError

log = logging.getLogger("sagrada.web")

#: The media type of the answer of ``GET /metrics``.
CONTENT_TYPE: Final = CONTENT_TYPE_LATEST
#: The route template of a hint (``POST``): its answers are counted as hints asked.
HINT_ROUTE: Final = "/api/games/{game_id}/hint"
#: Seconds the count of games by state is kept before it is asked of the database again.
GAMES_EVERY: Final = 5.0
#: The upper bounds (seconds) of the request time histogram's buckets: an action takes a few
#: milliseconds, a page from the disk less, a hint or a slow database up to seconds.
REQUEST_BUCKETS: Final = (0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10)
#: The methods a request's series is labelled with; any other a client sends is ``other``, so
#: that no client can make new series at will.
METHODS: Final = frozenset({"GET", "HEAD", "POST", "PUT", "PATCH", "DELETE", "OPTIONS"})
#: The kinds of jobs that think in worker processes: a bot's move, a hint.
KINDS: Final = ("bot", "hint")
#: What became of a hint asked: its answer's status class (2xx, 4xx, 5xx) in a word.
HINT_OUTCOMES: Final = ("given", "refused", "failed")
#: The upper bounds (seconds) of the thinking wait histogram's buckets.
WAIT_BUCKETS: Final = (0.01, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30, 60)


class Thinking:
    """The metrics of the bots' and hints' thinking in worker processes: what their scheduler
    tells (:class:`~sagrada.web.botrunner.BotRunner` today).

    The scheduler gives :meth:`count_with` two functions, read at each scrape, and reports
    each job's wait with :meth:`waited` when it starts.
    """

    def __init__(self, registry: CollectorRegistry) -> None:
        self._jobs = Gauge(
            "sagrada_thinking_jobs",
            "Bot moves and hints waiting for a worker process or running in one.",
            ["state"],
            registry=registry,
        )
        self._wait = Histogram(
            "sagrada_thinking_wait_seconds",
            "How long a bot move or a hint waited for a worker process.",
            ["kind"],
            buckets=WAIT_BUCKETS,
            registry=registry,
        )
        for kind in KINDS:
            self._wait.labels(kind)  # each series there from the start, at zero
        self.count_with(waiting=lambda: 0, running=lambda: 0)

    def count_with(self, *, waiting: Callable[[], int], running: Callable[[], int]) -> None:
        """Read the number of jobs ``waiting`` and ``running`` from these functions (called
        at each scrape, from any thread)."""
        self._jobs.labels("waiting").set_function(waiting)
        self._jobs.labels("running").set_function(running)

    def waited(self, kind: str, seconds: float) -> None:
        """Note that a job of ``kind`` (one of :data:`KINDS`) waited ``seconds`` before it
        started."""
        self._wait.labels(kind).observe(max(0.0, seconds))


class Metrics:
    """One application's metrics and their registry.

    Args:
        process: a label given to every series (``process="…"``), telling the processes of
            ``sagrada serve --workers N`` apart; ``None``: no such label.
    """

    def __init__(self, process: str | None = None) -> None:
        # No ``…_created`` series beside each counter and histogram (the time each began,
        # which Prometheus does not need): a setting of the library's, for the whole process.
        # The library leaves this one function without annotations.
        disable_created_metrics()  # type: ignore[no-untyped-call]
        self.registry = CollectorRegistry()
        self._process = process
        # Collected first, so that a database error it meets is in the same answer's count.
        self._games = GamesByState(self.database_error)
        self.registry.register(self._games)
        self._actions = Counter(
            "sagrada_actions",
            "Actions played, by people and bots.",
            ["game"],
            registry=self.registry,
        )
        # Each series once found, by its labels (the library's own lookup takes a lock and
        # checks the labels: a few microseconds a request).
        self._action_series: dict[str, Counter] = {}
        self._request_series: dict[tuple[str, str, str], Histogram] = {}
        self._requests = Histogram(
            "sagrada_request_seconds",
            "The time an HTTP request took, by route template and status class.",
            ["method", "route", "status"],
            buckets=REQUEST_BUCKETS,
            registry=self.registry,
        )
        self._hints = Counter(
            "sagrada_hints",
            "Hints asked: given, refused (4xx) or failed (5xx).",
            ["outcome"],
            registry=self.registry,
        )
        for outcome in HINT_OUTCOMES:
            self._hints.labels(outcome)
        self._database_errors = Counter(
            "sagrada_database_errors",
            "Times the database could not be reached.",
            registry=self.registry,
        )
        self._sockets = Gauge(
            "sagrada_websockets_open", "WebSockets open now.", registry=self.registry
        )
        self._rooms = Gauge(
            "sagrada_rooms_in_memory", "Games this process keeps in memory.", registry=self.registry
        )
        self.thinking = Thinking(self.registry)
        ProcessCollector(registry=self.registry)

    def watch(
        self,
        *,
        sockets: Callable[[], int],
        rooms: Callable[[], int],
        games: Callable[[], Iterable[tuple[str, str, int]]],
    ) -> None:
        """Read, at each scrape, the WebSockets open, the rooms in memory, and the games by
        game and state (``(game, state, count)``; from the database, so kept
        :data:`GAMES_EVERY` seconds)."""
        self._sockets.set_function(sockets)
        self._rooms.set_function(rooms)
        self._games.count = games

    def played(self, game: str, count: int = 1) -> None:
        """Count ``count`` actions played in a game of ``game`` (its registry name)."""
        series = self._action_series.get(game)
        if series is None:
            series = self._action_series[game] = self._actions.labels(game)
        series.inc(count)

    def request(self, method: str, route: str, status: int, seconds: float) -> None:
        """Note an HTTP request that took ``seconds`` (the access log's observer): ``route`` is
        its route's template, never its path, and a method not in :data:`METHODS` is
        ``other``."""
        key = (method if method in METHODS else "other", route, f"{status // 100}xx")
        series = self._request_series.get(key)
        if series is None:
            series = self._request_series[key] = self._requests.labels(*key)
        series.observe(seconds)
        if route == HINT_ROUTE and method == "POST":
            given, refused, failed = HINT_OUTCOMES
            outcome = given if status < 400 else refused if status < 500 else failed
            self._hints.labels(outcome).inc()

    def database_error(self) -> None:
        """Count a time the database could not be reached."""
        self._database_errors.inc()

    def exposition(self) -> bytes:
        """The answer of ``GET /metrics``: every metric in Prometheus' text format (it may ask
        the database: call it in a thread)."""
        if self._process is None:
            return generate_latest(self.registry)
        return generate_latest(Labelled(self.registry, "process", self._process))


class GamesByState:
    """A collector of ``sagrada_games{game,state}``: how many games the database holds, by
    game and state, asked with one grouped query and kept :data:`GAMES_EVERY` seconds (a
    database that does not answer leaves the metric out of that scrape, counted as a
    database error: ``failed`` is called)."""

    def __init__(self, failed: Callable[[], None]) -> None:
        #: Asks the database for ``(game, state, count)`` (none until set).
        self.count: Callable[[], Iterable[tuple[str, str, int]]] = list
        self._failed = failed
        self._lock = threading.Lock()
        self._counted: list[tuple[str, str, int]] = []
        self._until = 0.0

    def collect(self) -> Iterator[Metric]:
        with self._lock:
            if time.monotonic() >= self._until:
                try:
                    self._counted = list(self.count())
                except SQLAlchemyError as exc:  # logged and counted; the rest is answered
                    log.warning("cannot count the games for the metrics: %s", exc)
                    self._failed()
                    return
                self._until = time.monotonic() + GAMES_EVERY
            counted = self._counted
        family = GaugeMetricFamily(
            "sagrada_games",
            "Games the database holds, by game and state.",
            labels=["game", "state"],
        )
        for game, state, count in counted:
            family.add_metric([game, state], count)
        yield family


class Labelled:
    """A registry's metrics with one more label on every series (``process="…"``)."""

    def __init__(self, registry: CollectorRegistry, name: str, value: str) -> None:
        self._registry = registry
        self._label = {name: value}

    def collect(self) -> Iterator[Metric]:
        for metric in self._registry.collect():
            labelled = Metric(metric.name, metric.documentation, metric.type, metric.unit)
            labelled.samples = [
                sample._replace(labels=sample.labels | self._label) for sample in metric.samples
            ]
            yield labelled
