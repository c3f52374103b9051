"""``sagrada serve``: the game server (web pages, REST and WebSocket API)."""

from __future__ import annotations

import argparse
import os
import signal
from dataclasses import MISSING, fields
from pathlib import Path
from typing import Any

from sagrada.cli.common import CliError

DEFAULT_DB = "sqlite:///data/sagrada.db"


def register(subparsers: Any) -> None:
    """Add the ``serve`` subcommand."""
    parser = subparsers.add_parser(
        "serve",
        help="run the game server for browser play",
        description="Run the game server: the lobby and game pages, the REST and WebSocket API.",
    )
    parser.add_argument(
        "--host", default="127.0.0.1", help="address to listen on (default 127.0.0.1)"
    )
    parser.add_argument("--port", type=int, default=8000, help="port (default 8000)")
    parser.add_argument(
        "--db",
        default=DEFAULT_DB,
        help=f"SQLAlchemy database URL (default {DEFAULT_DB}, a file under ./data)",
    )
    parser.add_argument(
        "--bot-delay",
        type=float,
        default=0.8,
        help="seconds a bot waits before moving (default 0.8)",
    )
    parser.add_argument(
        "--sqlite-synchronous",
        choices=("full", "normal"),
        default="full",
        help="on a SQLite --db, when a move counts as stored: full (default) once it is on the "
        "disk, so an acknowledged move survives a power loss; normal once the operating system "
        "has it, faster, but a power loss may lose the last moves acknowledged before it "
        "(docs/measuring.md)",
    )
    parser.add_argument(
        "--workers",
        type=int,
        default=1,
        help="server processes behind the one port (default 1); more than one needs a "
        "PostgreSQL --db, which every process serves every game from",
    )
    add_limits(parser)
    parser.add_argument(
        "--public-url",
        default=None,
        help="the server's address as its players reach it, for the links in turn e-mails "
        "(default http://HOST:PORT/)",
    )
    parser.add_argument(
        "--smtp",
        default=None,
        help="the mail server for 'your turn' e-mails of correspondence games: "
        "smtp://user:password@host:587?starttls=1 or smtps://... (default: the environment's "
        "SAGRADA_SMTP, which keeps a password out of the list of processes; else no e-mail)",
    )
    parser.add_argument(
        "--mail-from",
        default="sagrada@localhost",
        help="the address turn e-mails come from (default sagrada@localhost)",
    )
    parser.add_argument(
        "--forwarded-allow-ips",
        default=None,
        metavar="IPS",
        help="the reverse proxies (comma-separated addresses or networks, * for any) whose "
        "X-Forwarded-For and X-Forwarded-Proto are believed: the client's address, which the "
        "per-address limits count, is then the one the proxy names (default: trust no proxy; "
        "the address is the connection's; docs/reverse-proxy.md)",
    )
    parser.add_argument(
        "--log-format",
        choices=("text", "json"),
        default="text",
        help="the log's lines: plain text, or one JSON object a line (default text); one line "
        "a request and one a WebSocket session, naming the route, never an address's ids or "
        "a token (docs/reverse-proxy.md)",
    )
    parser.add_argument(
        "--grace-seconds",
        type=int,
        default=10,
        help="on SIGTERM (or Ctrl+C), how long requests under way may take to finish before "
        "they are cut; WebSockets are closed at once with 1012, which the pages reconnect "
        "after (default 10)",
    )
    parser.set_defaults(func=run)


def add_limits(parser: argparse.ArgumentParser) -> None:
    """Add an option for each of the server's limits (:class:`sagrada.web.limits.Limits`):
    ``--games-per-minute`` and the others, each with its default. The limits' module needs
    no web extra, so ``sagrada serve --help`` names them without it."""
    from sagrada.web.limits import Limits, limit_type, option_of

    for limit in fields(Limits):
        assert limit.default is not MISSING
        parser.add_argument(
            option_of(limit),
            type=limit_type(limit),
            default=limit.default,
            metavar="N",
            help=f"{limit.metadata['help']} (default {limit.default:g}; docs/web-api.md)",
        )


def limits_of(args: argparse.Namespace) -> Any:
    """The limits the options give (:class:`sagrada.web.limits.Limits`), each process's
    share of them with ``--workers`` above 1 (:meth:`~sagrada.web.limits.Limits.per_process`).

    Raises:
        CliError: for a limit that is not positive.
    """
    from sagrada.web.limits import Limits

    try:
        limits = Limits(**{limit.name: getattr(args, limit.name) for limit in fields(Limits)})
    except ValueError as exc:
        raise CliError(str(exc)) from None
    return limits.per_process(args.workers)


def proxy_settings(forwarded_allow_ips: str | None) -> dict[str, Any]:
    """Uvicorn's settings for the proxy headers: none believed without ``forwarded_allow_ips``
    (uvicorn would otherwise believe them from the loopback, so that any local client could
    name itself another address), else believed from those addresses only."""
    if forwarded_allow_ips is None:
        return {"proxy_headers": False}
    return {"proxy_headers": True, "forwarded_allow_ips": forwarded_allow_ips}


def run(args: argparse.Namespace) -> int:
    """Start the server and serve until interrupted."""
    try:
        import uvicorn

        from sagrada.players.mail import MailServer
        from sagrada.web.access_log import logging_config
        from sagrada.web.app import (
            ENVIRONMENT,
            LIMIT_ENVIRONMENT,
            NOTICE_ENVIRONMENT,
            create_app,
            notice_settings,
        )
        from sagrada.web.store import Store
    except ImportError:
        raise CliError("the server needs the web extra: pip install 'sagrada[web]'") from None
    if not 0 < args.port < 65536:
        raise CliError("--port must be 1-65535")
    if args.bot_delay < 0:
        raise CliError("--bot-delay must not be negative")
    if not args.grace_seconds >= 0:
        raise CliError("--grace-seconds must not be negative")
    if args.workers < 1:
        raise CliError("--workers must be 1 or more")
    limits = limits_of(args)
    if args.workers > 1 and not args.db.startswith("postgresql"):
        raise CliError(
            "--workers above 1 needs a PostgreSQL database (--db postgresql+psycopg://...): "
            "SQLite is served by one process"
        )
    if args.db.startswith("sqlite:///") and not args.db.startswith("sqlite:////"):
        folder = Path(args.db.removeprefix("sqlite:///")).parent
        folder.mkdir(parents=True, exist_ok=True)
    settings: dict[str, Any] = {
        "database_url": args.db,
        "bot_delay": args.bot_delay,
        # SQLite is served by one process, so the worker processes' environment needs no copy.
        "sqlite_synchronous": args.sqlite_synchronous.upper(),
    }
    host = f"[{args.host}]" if ":" in args.host else args.host
    notices = {
        "public_url": args.public_url or f"http://{host}:{args.port}/",
        "smtp": args.smtp or os.environ.get(NOTICE_ENVIRONMENT["smtp"]) or "",
        "sender": args.mail_from,
    }
    if notices["smtp"]:
        try:
            MailServer.from_url(notices["smtp"])
        except ValueError as exc:
            raise CliError(f"--smtp: {exc}") from None
    for name, variable in NOTICE_ENVIRONMENT.items():
        os.environ[variable] = notices[name]
    try:
        if args.workers == 1:
            app: Any = create_app(**settings, limits=limits, notices=notice_settings(os.environ))
        else:
            # The database is checked (and its tables made) once, before any worker starts;
            # each worker process starts afresh and reads its settings from the environment.
            Store(args.db).close()
            for name, variable in ENVIRONMENT.items():
                os.environ[variable] = str(settings[name])
            for name, variable in LIMIT_ENVIRONMENT.items():
                os.environ[variable] = str(getattr(limits, name))
            app = "sagrada.web.app:app_from_environment"
    except Exception as exc:  # a bad URL or an unreachable database: one line, no traceback
        raise CliError(f"cannot open the database {args.db!r}: {exc}") from None
    processes = f"{args.workers} processes, " if args.workers > 1 else ""
    print(
        f"Sagrada is running at http://{host}:{args.port}/  "
        f"({processes}database: {args.db}; Ctrl+C stops)"
    )
    # Uvicorn raises the signal it stopped for again once it has stopped, to end the process
    # as the signal would: a server stopped gracefully by SIGTERM exits 0 instead (the
    # process's own handler is back once the server has stopped).
    previous = signal.signal(signal.SIGTERM, lambda _signal, _frame: None)
    try:
        uvicorn.run(
            app,
            factory=args.workers > 1,
            workers=args.workers,
            host=args.host,
            port=args.port,
            log_level="warning",
            # The server writes its own access lines (sagrada.web.access_log), without ids.
            access_log=False,
            log_config=logging_config(args.log_format),
            # On SIGTERM uvicorn stops accepting, closes WebSockets with 1012 (service restart)
            # and waits for requests under way this long before cutting them; then the
            # application's shutdown stops the bots, and every acknowledged action is committed.
            timeout_graceful_shutdown=args.grace_seconds,
            # WebSocket frames larger than this are refused by uvicorn before they are read whole.
            ws_max_size=16 * 1024,
            # Uvicorn hands its settings to each worker process, these among them.
            **proxy_settings(args.forwarded_allow_ips),
        )
    finally:
        signal.signal(signal.SIGTERM, previous)
    return 0
