"""Tournaments on a Ray cluster (the ``cluster`` extra: ``pip install 'sagrada[cluster]'``).

:class:`RayBackend` is a tournament backend (:mod:`sagrada.search.backends`) that plays each game
as a Ray task: on a local Ray it starts itself (and stops at the end), or on an existing cluster
given by its address (``host:port`` of the head node, ``ray://host:port`` for Ray Client, or
``auto`` for the cluster ``ray start`` started on this machine). The games and their seeds are
the tasks of the local backend, so the results are the same game by game.

Ray is imported here only, when a backend is opened; the rest of the package never needs it.
"""

from __future__ import annotations

import logging
import os
import socket
import sys
from collections.abc import Callable, Iterator, Sequence
from contextlib import contextmanager
from types import TracebackType
from typing import Any, Final, TypeVar

from sagrada.core.content_files import install_files, installed_files

T = TypeVar("T")
R = TypeVar("R")

#: Seconds to wait for the head node of a cluster given by address to answer.
CONNECT_TIMEOUT: Final = 5.0
#: Seconds between two looks at the finished games (for the progress bar).
POLL_SECONDS: Final = 0.2


class ClusterError(Exception):
    """Ray is missing, or the cluster cannot be started or reached; the message says which."""


def _play_with_content(play: Callable[[T], R], files: list[tuple[str, str]], task: T) -> R:
    """Play one task in a Ray worker, with the content files of the process that sent it."""
    install_files(files)
    return play(task)


def check_reachable(address: str, timeout: float = CONNECT_TIMEOUT) -> None:
    """Refuse at once an address whose host does not answer on its port (Ray itself would retry
    for minutes, printing warnings).

    Raises:
        ClusterError: naming the address and why it cannot be reached.
    """
    host, _, port = address.split("://", 1)[-1].rpartition(":")
    if not host or not port.isdigit():
        raise ClusterError(f"--address {address}: expected HOST:PORT (or ray://HOST:PORT, auto)")
    try:
        socket.create_connection((host.strip("[]"), int(port)), timeout=timeout).close()
    except OSError as exc:
        reason = exc.strerror or str(exc) or type(exc).__name__
        raise ClusterError(f"cannot reach a Ray cluster at {address}: {reason}") from None


@contextmanager
def _quiet_stderr() -> Iterator[None]:
    """Send what is written to file descriptor 2 (by C++ code too) to nowhere, for a while."""
    sys.stderr.flush()
    saved = os.dup(2)
    try:
        with open(os.devnull, "w") as nowhere:
            os.dup2(nowhere.fileno(), 2)
        yield
    finally:
        os.dup2(saved, 2)
        os.close(saved)


class RayBackend:
    """The games as Ray tasks, on a local Ray started for the tournament or on a cluster.

    Use it as a context manager: entering imports Ray, :meth:`start` (called by the tournament
    once its input is checked, so that no cluster starts for a bad bot) connects or starts a
    local Ray with ``cpus`` CPUs, and leaving disconnects, and stops a local Ray it started. A Ray
    already initialised in this process (by the caller) is used as it is and left running.

    Args:
        address: the cluster's address; ``None`` starts a local Ray.
        cpus: the local Ray's CPUs (by default Ray counts the machine's); not for a cluster,
            which has its own.
    """

    def __init__(self, address: str | None = None, cpus: int | None = None) -> None:
        if address is not None and cpus is not None:
            raise ClusterError("a cluster given by address has its own CPUs; give one or other")
        self.address = address
        self.cpus = cpus
        self._ray: Any = None
        self._initialised_here = False

    def __enter__(self) -> RayBackend:
        try:
            import ray
        except ImportError:
            raise ClusterError(
                "the Ray backend needs Ray: pip install 'sagrada[cluster]'"
            ) from None
        self._ray = ray
        return self

    def start(self) -> None:
        """Connect to the cluster, or start the local Ray, unless Ray runs in this process.

        Raises:
            ClusterError: if the backend was not entered, the cluster cannot be reached or Ray
                cannot start.
        """
        ray = self._ray
        if ray is None:
            raise ClusterError("use the Ray backend in a with statement (it imports Ray there)")
        if ray.is_initialized():
            return
        if self.address not in (None, "auto"):
            check_reachable(self.address)
        options: dict[str, Any] = {
            "include_dashboard": False,
            "log_to_driver": False,
            "logging_level": logging.ERROR,
        }
        if self.address is None:
            # "local": a new Ray of our own, even if `ray start` left one running here.
            options.update(address="local", num_cpus=self.cpus)
        else:
            import sagrada

            # The cluster's workers get this package with the job (they need not install it).
            options.update(address=self.address, runtime_env={"py_modules": [sagrada]})
        try:
            if self.address is None:
                ray.init(**options)
            else:
                # Ray's C++ client writes a warning a second to the terminal while it retries
                # a host that answers but is no Ray head; the error that follows says enough.
                with _quiet_stderr():
                    ray.init(**options)
        except (ConnectionError, ValueError, RuntimeError) as exc:
            where = "start a local Ray" if self.address is None else f"connect to {self.address}"
            hint = ""
            if self.address is not None and "RAY_AUTH_MODE" not in os.environ:
                # Ray asks for token authentication only when told to, for a given address.
                hint = " (a cluster with token authentication needs RAY_AUTH_MODE=token)"
            raise ClusterError(f"cannot {where}: {str(exc).splitlines()[0]}{hint}") from None
        self._initialised_here = True

    def __exit__(
        self,
        kind: type[BaseException] | None,
        error: BaseException | None,
        traceback: TracebackType | None,
    ) -> None:
        if self._initialised_here:
            self._ray.shutdown()
            self._initialised_here = False

    def map_unordered(self, play: Callable[[T], R], tasks: Sequence[T]) -> Iterator[R]:
        """Yield ``play(task)`` for every task, as the cluster finishes them (see
        :class:`sagrada.search.backends.Backend`).

        Raises:
            ClusterError: as :meth:`start`, which it calls.
        """
        self.start()
        ray = self._ray
        remote = ray.remote(num_cpus=1)(_play_with_content)
        files = ray.put(installed_files())
        pending = [remote.remote(play, files, task) for task in tasks]
        try:
            while pending:
                # Every finished game at each look, so that a long tournament costs one pass
                # over the pending games per look, not one per game.
                done, pending = ray.wait(pending, num_returns=len(pending), timeout=POLL_SECONDS)
                yield from ray.get(done)
        finally:
            for ref in pending:  # stopped early (an error, Ctrl-C): drop the rest
                ray.cancel(ref)
