"""``sagrada serve``: the game server (web pages, REST and WebSocket API)."""

from __future__ import annotations

import argparse
import os
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
        "--workers",
        type=int,
        default=1,
        help="server processes behind the one port (default 1); more than one needs a "
        "PostgreSQL --db, which every process serves every game from",
    )
    parser.add_argument(
        "--games-per-minute",
        type=float,
        default=30,
        help="new games (and seat claims) one client address may make per minute (default 30)",
    )
    parser.set_defaults(func=run)


def run(args: argparse.Namespace) -> int:
    """Start the server and serve until interrupted."""
    try:
        import uvicorn

        from sagrada.web.app import ENVIRONMENT, create_app
        from sagrada.web.store import Store
    except ImportError:
        raise CliError("the server needs the web extra: pip install 'sagrada[web]'") from None
    if not 0 < args.port < 65536:
        raise CliError("--port must be 1-65535")
    if args.bot_delay < 0:
        raise CliError("--bot-delay must not be negative")
    if not args.games_per_minute > 0:
        raise CliError("--games-per-minute must be positive")
    if args.workers < 1:
        raise CliError("--workers must be 1 or more")
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
        "games_per_minute": args.games_per_minute,
    }
    try:
        if args.workers == 1:
            app: Any = create_app(**settings)
        else:
            # The database is checked (and its tables made) once, before any worker starts;
            # each worker process starts afresh and reads its settings from the environment.
            Store(args.db).close()
            for name, variable in ENVIRONMENT.items():
                os.environ[variable] = str(settings[name])
            app = "sagrada.web.app:app_from_environment"
    except Exception as exc:  # a bad URL or an unreachable database: one line, no traceback
        raise CliError(f"cannot open the database {args.db!r}: {exc}") from None
    host = f"[{args.host}]" if ":" in args.host else args.host
    processes = f"{args.workers} processes, " if args.workers > 1 else ""
    print(
        f"Sagrada is running at http://{host}:{args.port}/  "
        f"({processes}database: {args.db}; Ctrl+C stops)"
    )
    uvicorn.run(
        app,
        factory=args.workers > 1,
        workers=args.workers,
        host=args.host,
        port=args.port,
        log_level="warning",
        # WebSocket frames larger than this are refused by uvicorn before they are read whole.
        ws_max_size=16 * 1024,
    )
    return 0
