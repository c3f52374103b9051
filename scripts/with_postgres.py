"""Run a command with a throw-away local PostgreSQL: ``with_postgres.py -- COMMAND ...``.

The server binaries come from Debian's ``postgresql`` package, installed with apt-get when they
are missing (as Chromium is for the browser tests). A fresh cluster is made in a temporary
directory, listening on a free loopback port and on a unix socket in that directory, with a
role and a database ``sagrada_test`` (trust authentication, loopback and socket only). The
command runs with ``SAGRADA_TEST_DATABASE_URL`` naming that database; then the cluster is
stopped and its directory removed, whatever the command's outcome, and the command's exit
status is this script's. Exit status 2 and one line on stderr when PostgreSQL cannot start.

As root (CI runs as root), initdb and postgres refuse to run: they run as the ``postgres``
system user the package creates, which is given the temporary directory.

Standard library only, so that it runs before anything is installed in the venv.
"""

from __future__ import annotations

import glob
import os
import pwd
import shutil
import signal
import socket
import subprocess
import sys
import tempfile
from pathlib import Path
from types import FrameType

NAME = "sagrada_test"
#: Settings of the throw-away cluster. fsync, full-page writes and synchronous commits only
#: protect data against a crash of the machine; this database lives for one test run, so they
#: are off, which makes the many small commits of the tests cheaper.
SETTINGS = {
    "listen_addresses": "'127.0.0.1'",
    "fsync": "off",
    "synchronous_commit": "off",
    "full_page_writes": "off",
    "max_connections": "200",
    "shared_buffers": "64MB",
    "log_min_messages": "warning",
}
#: Seconds to wait for the server to start or stop.
PATIENCE = 60


class CannotStart(Exception):
    """PostgreSQL could not be installed or started; the message says why, in one line."""


def server_binaries() -> Path | None:
    """Return the newest of Debian's PostgreSQL ``bin`` directories with initdb and pg_ctl."""
    found = [
        Path(d)
        for d in glob.glob("/usr/lib/postgresql/*/bin")
        if os.access(Path(d) / "initdb", os.X_OK) and os.access(Path(d) / "pg_ctl", os.X_OK)
    ]

    def version(path: Path) -> tuple[int, ...]:
        return tuple(int(p) for p in path.parent.name.split(".") if p.isdigit())

    return max(found, key=version, default=None)


def install() -> Path:
    """Install Debian's ``postgresql`` package and return its ``bin`` directory.

    The package starts a system cluster of its own; it is stopped again (this script does not
    use it, and leaves no server running that it started).
    """
    sudo = [] if os.geteuid() == 0 else ["sudo"]
    if sudo and shutil.which("sudo") is None:
        raise CannotStart("PostgreSQL is not installed and installing it needs root or sudo")
    print("Installing Debian's postgresql for the database tests...", file=sys.stderr)
    env = dict(os.environ, DEBIAN_FRONTEND="noninteractive")
    for command in (
        ["apt-get", "update", "-qq"],
        ["apt-get", "install", "-y", "-qq", "postgresql"],
    ):
        done = subprocess.run(
            sudo + command, env=env, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, text=True
        )
        if done.returncode != 0:
            last = (done.stderr.strip().splitlines() or ["no message"])[-1]
            raise CannotStart(f"{' '.join(command)} failed: {last}")
    stop_system_clusters(sudo)
    binaries = server_binaries()
    if binaries is None:
        raise CannotStart("the postgresql package is installed but initdb/pg_ctl are missing")
    return binaries


def stop_system_clusters(sudo: list[str]) -> None:
    """Stop the clusters that installing the package started (Debian's ``main``)."""
    if shutil.which("pg_lsclusters") is None:
        return
    listing = subprocess.run(["pg_lsclusters", "-h"], capture_output=True, text=True)
    for line in listing.stdout.splitlines():
        fields = line.split()
        if len(fields) >= 4 and fields[3] == "online":
            subprocess.run(
                [*sudo, "pg_ctlcluster", fields[0], fields[1], "stop"],
                stdout=subprocess.DEVNULL,
                stderr=subprocess.DEVNULL,
            )


def free_port() -> int:
    """Return a loopback TCP port nobody listens on now."""
    with socket.socket(socket.AF_INET, socket.SOCK_STREAM) as probe:
        probe.bind(("127.0.0.1", 0))
        return int(probe.getsockname()[1])


class Cluster:
    """A PostgreSQL cluster in a temporary directory, for one run."""

    def __init__(self, binaries: Path) -> None:
        self.binaries = binaries
        self.root = Path(tempfile.mkdtemp(prefix="sagrada-postgres-"))
        self.data = self.root / "data"
        self.log = self.root / "server.log"
        self.port = free_port()
        self.started = False
        # As root, the server runs as the package's system user, owner of the directory.
        self.as_owner: list[str] = []
        if os.geteuid() == 0:
            try:
                owner = pwd.getpwnam("postgres")
            except KeyError:
                shutil.rmtree(self.root)
                raise CannotStart("running as root and there is no 'postgres' user") from None
            os.chown(self.root, owner.pw_uid, owner.pw_gid)
            self.as_owner = ["runuser", "-u", "postgres", "--"]

    def run(self, *command: str) -> None:
        """Run one of the server's programs as the cluster's owner; raise if it fails."""
        done = subprocess.run(
            [*self.as_owner, str(self.binaries / command[0]), *command[1:]],
            stdout=subprocess.PIPE,
            stderr=subprocess.STDOUT,
            text=True,
            cwd=self.root,  # a directory the owner may enter
        )
        if done.returncode != 0:
            raise CannotStart(f"{command[0]} failed: {self._last_words(done.stdout)}")

    def _last_words(self, output: str) -> str:
        """The last line of the server's log (where a failed start says why), else of
        ``output``, for a one-line error."""
        for text in (self.log.read_text(errors="replace") if self.log.exists() else "", output):
            lines = text.strip().splitlines()
            if lines:
                return lines[-1]
        return "no message"

    def start(self) -> str:
        """Create and start the cluster with its role and database; return the database's URL."""
        self.run(
            "initdb", "-D", str(self.data), "-U", "postgres", "-E", "UTF8", "--locale=C",
            "--auth=trust", "--no-sync", "--no-instructions",
        )  # fmt: skip
        with (self.data / "postgresql.conf").open("a") as conf:
            conf.write("\n# with_postgres.py: a throw-away cluster for tests\n")
            conf.write(f"port = {self.port}\n")
            conf.write(f"unix_socket_directories = '{self.root}'\n")
            conf.writelines(f"{key} = {value}\n" for key, value in SETTINGS.items())
        # Trust, but only on the socket in the private directory and on loopback.
        (self.data / "pg_hba.conf").write_text(
            "local all all trust\n"
            "host all all 127.0.0.1/32 trust\n"
        )  # fmt: skip
        self.started = True  # from here on, stop() must run even if the start fails half-way
        self.run(
            "pg_ctl", "start", "-D", str(self.data), "-l", str(self.log), "-w",
            "-t", str(PATIENCE),
        )  # fmt: skip
        socket_args = ("-h", str(self.root), "-p", str(self.port), "-U", "postgres")
        self.run("createuser", *socket_args, NAME)
        self.run("createdb", *socket_args, "-O", NAME, NAME)
        return f"postgresql+psycopg://{NAME}@127.0.0.1:{self.port}/{NAME}"

    def stop(self) -> None:
        """Stop the server (if it was started) and remove the directory."""
        if self.started:
            pg_ctl = [*self.as_owner, str(self.binaries / "pg_ctl")]
            for mode in ("fast", "immediate"):  # immediate: only if a fast stop failed
                stopped = subprocess.run(
                    [*pg_ctl, "stop", "-D", str(self.data), "-w", "-t", str(PATIENCE), "-m", mode],
                    stdout=subprocess.DEVNULL,
                    stderr=subprocess.DEVNULL,
                )
                if stopped.returncode == 0:
                    break
        shutil.rmtree(self.root, ignore_errors=True)


class Interrupted(Exception):
    """The script was sent SIGTERM or SIGHUP (``signum``); the cluster is still cleaned up."""

    def __init__(self, signum: int) -> None:
        super().__init__(signal.Signals(signum).name)
        self.signum = signum


def _interrupted(signum: int, _frame: FrameType | None) -> None:
    raise Interrupted(signum)


def main(argv: list[str]) -> int:
    """Start a cluster, run the command after ``--`` against it, clean up; return its status."""
    if "--" not in argv or argv.index("--") == len(argv) - 1:
        print("usage: with_postgres.py -- COMMAND [ARGUMENT ...]", file=sys.stderr)
        return 2
    command = argv[argv.index("--") + 1 :]
    for signum in (signal.SIGTERM, signal.SIGHUP):
        signal.signal(signum, _interrupted)
    cluster: Cluster | None = None
    try:
        try:
            binaries = server_binaries() or install()
            cluster = Cluster(binaries)
            url = cluster.start()
        except (CannotStart, OSError) as error:
            print(f"with_postgres: cannot start PostgreSQL: {error}", file=sys.stderr)
            return 2
        env = dict(os.environ, SAGRADA_TEST_DATABASE_URL=url)
        status = subprocess.run(command, env=env).returncode
        # A command killed by a signal: report it as a shell does.
        return status if status >= 0 else 128 - status
    except KeyboardInterrupt:
        return 128 + signal.SIGINT
    except Interrupted as signalled:
        return 128 + signalled.signum
    finally:
        if cluster is not None:
            cluster.stop()


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
