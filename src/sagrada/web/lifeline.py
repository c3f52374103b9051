"""Worker processes that end with the process that started them, even one killed by SIGKILL.

A server killed outright cannot stop its worker processes (the bots' worker pool, the processes
of ``sagrada serve --workers N``), and nothing else would: a spawned worker holds both ends of
the pipes it shares with its parent, so it never reads their end, and multiprocessing's
resource tracker lives on while any worker holds its pipe. So each worker watches its parent
itself: once the parent is gone (the worker has been handed to another parent), it ends, and
with the last worker gone the resource tracker sees its pipe close and ends too.

The watch asks ``os.getppid()`` twice a second in a thread, which works on every POSIX system.
Linux's ``prctl(PR_SET_PDEATHSIG)`` would signal at once, but it follows the thread that started
the worker rather than the process, so a worker started from a thread that has since ended
would be killed while its server lives.
"""

from __future__ import annotations

import os
import signal
import threading
import time

from sagrada.core.content_files import install_files

#: Seconds between two looks at the parent.
INTERVAL = 0.5
#: Seconds a worker told to stop (SIGTERM) has to finish before it is ended outright.
GRACE = 10.0


def end_with_parent(parent: int) -> None:
    """End this process when its parent, the process ``parent``, is gone: SIGTERM to itself
    (a server process finishes what it can), then, if it is still there after :data:`GRACE`
    seconds, an exit at once.

    Args:
        parent: the parent's process id, as the parent knew it (read before the worker
            started, so that a parent that died before this call is noticed too).
    """

    def watch() -> None:
        while os.getppid() == parent:
            time.sleep(INTERVAL)
        os.kill(os.getpid(), signal.SIGTERM)
        time.sleep(GRACE)
        os._exit(1)

    threading.Thread(target=watch, name="lifeline", daemon=True).start()


def start_bot_worker(parent: int, files: list[tuple[str, str]]) -> None:
    """Prepare a bot worker process (its pool's initializer): it ends with the server process
    ``parent``, and uses the content files ``files`` as the server does."""
    end_with_parent(parent)
    install_files(files)
