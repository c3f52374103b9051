"""``sagrada serve``: the game server (web pages, REST and WebSocket API)."""

from __future__ import annotations

import argparse
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

        from sagrada.web.app import create_app
    except ImportError:
        raise CliError("the server needs the web extra: pip install 'sagrada[web]'") from None
    if not 0 < args.port < 65536:
        raise CliError("--port must be 1-65535")
    if args.bot_delay < 0:
        raise CliError("--bot-delay must not be negative")
    if not args.games_per_minute > 0:
        raise CliError("--games-per-minute must be positive")
    if args.db.startswith("sqlite:///") and not args.db.startswith("sqlite:////"):
        folder = Path(args.db.removeprefix("sqlite:///")).parent
        folder.mkdir(parents=True, exist_ok=True)
    try:
        app = create_app(args.db, bot_delay=args.bot_delay, games_per_minute=args.games_per_minute)
    except Exception as exc:  # a bad URL or an unreachable database: one line, no traceback
        raise CliError(f"cannot open the database {args.db!r}: {exc}") from None
    host = f"[{args.host}]" if ":" in args.host else args.host
    print(f"Sagrada is running at http://{host}:{args.port}/  (database: {args.db}; Ctrl+C stops)")
    # WebSocket frames larger than this are refused by uvicorn before they are read whole.
    uvicorn.run(app, host=args.host, port=args.port, log_level="warning", ws_max_size=16 * 1024)
    return 0
