"""Where a tournament's games are played: the one seam both games' tournaments go through.

A tournament is a list of independent tasks (a config, a seed, a seating) and a module-level
function that plays one (``play_game``, ``play_card_game``). A :class:`Backend` maps that
function over the tasks and yields the results as they finish, in any order; the tournament
sorts them, so its summary does not depend on the backend. Two backends exist:

* :class:`LocalBackend`: this process (one worker) or a pool of worker processes (the default).
* ``sagrada.cluster.RayBackend``: the tasks of a Ray cluster (the ``cluster`` extra).
"""

from __future__ import annotations

import multiprocessing
import sys
import time
from collections.abc import Callable, Iterator, Sequence
from typing import Protocol, TypeVar

from sagrada.core.content_files import install_files, installed_files

T = TypeVar("T")
R = TypeVar("R")


class Backend(Protocol):
    """Plays a tournament's games somewhere."""

    def start(self) -> None:
        """Get ready to play (connect to a cluster, say): called once the tournament's input is
        checked, before its clock starts, so that games per second count games only."""
        ...

    def map_unordered(self, play: Callable[[T], R], tasks: Sequence[T]) -> Iterator[R]:
        """Yield ``play(task)`` for every task, each as soon as it is done, in any order.

        ``play`` is a module-level function and the tasks are picklable, so that both can
        travel to another process or machine.
        """
        ...


class LocalBackend:
    """This machine: the games one after another (``workers`` 1) or in worker processes."""

    def __init__(self, workers: int = 1) -> None:
        self.workers = workers

    def start(self) -> None:
        """Nothing to prepare: the worker processes start with the games."""

    def map_unordered(self, play: Callable[[T], R], tasks: Sequence[T]) -> Iterator[R]:
        """Yield ``play(task)`` for every task (see :class:`Backend`)."""
        if self.workers <= 1:
            yield from map(play, tasks)
            return
        context = multiprocessing.get_context("spawn" if sys.platform == "darwin" else "fork")
        # Each worker uses the content files this process uses (--content).
        with context.Pool(self.workers, install_files, (installed_files(),)) as pool:
            yield from pool.imap_unordered(play, tasks)


def play_all(
    play: Callable[[T], R],
    tasks: Sequence[T],
    backend: Backend,
    progress: Callable[[int, int, float], None] | None = None,
) -> tuple[list[R], float]:
    """Play every task on ``backend``; return the results (in the order they finished) and the
    wall-clock seconds the games took (the backend's :meth:`~Backend.start` not counted).

    Args:
        progress: called as ``progress(done, total, elapsed_seconds)`` after each game.
    """
    backend.start()
    results: list[R] = []
    start = time.perf_counter()
    for result in backend.map_unordered(play, tasks):
        results.append(result)
        if progress:
            progress(len(results), len(tasks), time.perf_counter() - start)
    return results, time.perf_counter() - start
