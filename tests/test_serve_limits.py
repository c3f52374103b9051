"""The server's limits as an operator sets them (``sagrada serve --games-per-minute`` and the
others, docs/web-api.md "Limits"): each option reaches the application, worker processes get
their share of the limits each process counts itself, and the documentation names every
option with its default."""

from __future__ import annotations

import os
from dataclasses import fields
from pathlib import Path
from typing import Any

import pytest
import uvicorn

from sagrada.cli.main import main
from sagrada.web.app import LIMIT_ENVIRONMENT, NOTICE_ENVIRONMENT
from sagrada.web.limits import Limits, option_of

DOCS = Path(__file__).resolve().parent.parent / "docs"


def serve(monkeypatch: pytest.MonkeyPatch, *options: str) -> dict[str, Any]:
    """Run ``sagrada serve`` with ``options`` and uvicorn's ``run`` replaced by a recorder;
    return what uvicorn would have been given."""
    for variable in (*NOTICE_ENVIRONMENT.values(), *LIMIT_ENVIRONMENT.values()):
        monkeypatch.setenv(variable, "")  # serve sets them; they are restored after
    recorded: dict[str, Any] = {}
    monkeypatch.setattr(uvicorn, "run", lambda app, **settings: recorded.update(settings, app=app))
    assert main(["serve", *options]) == 0
    return recorded


def test_the_limits_options_reach_the_application(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    options = ["--games-per-minute", "7", "--sockets-per-address", "3"]
    options += ["--thinking-games-per-address", "5", "--bot-only-games", "2"]
    app = serve(monkeypatch, "--db", f"sqlite:///{tmp_path / 's.db'}", *options)["app"]
    server = app.state.server
    assert server.create_limit.burst == 7 and server.sockets.limits.per_address == 3
    assert (server.thinking.per_address, server.thinking.bot_only) == (5, 2)
    assert server.thinking.in_total == Limits().thinking_games_in_total  # the default


def test_worker_processes_share_out_what_each_counts_itself(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    class NoDatabase:  # serve checks the database before the workers start
        def __init__(self, _url: str) -> None:
            pass

        def close(self) -> None:
            pass

    monkeypatch.setattr("sagrada.web.store.Store", NoDatabase)
    url = "postgresql+psycopg://nobody@localhost/none"
    options = ["--workers", "3", "--sockets-per-address", "16", "--thinking-games-in-total", "9"]
    assert serve(monkeypatch, "--db", url, *options)["workers"] == 3
    shared = Limits.from_text({name: os.environ[v] for name, v in LIMIT_ENVIRONMENT.items()})
    # Sockets are counted in each process: 16 // 3 each, never more than 16 together.
    assert shared.sockets_per_address == 5
    assert shared.sockets_in_total == Limits().sockets_in_total // 3
    # The database counts the rest: every process enforces the whole limit.
    assert shared.thinking_games_in_total == 9
    assert shared.games_per_minute == Limits().games_per_minute


def test_a_limit_that_is_not_positive_is_refused(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    database = f"sqlite:///{tmp_path / 's.db'}"
    assert main(["serve", "--db", database, "--thinking-games-per-address", "0"]) != 0
    assert "--thinking-games-per-address must be positive" in capsys.readouterr().err


def test_the_documentation_names_every_limit_with_its_default() -> None:
    text = (DOCS / "web-api.md").read_text(encoding="utf-8")
    for limit in fields(Limits):
        assert f"`{option_of(limit)}`" in text, limit.name
        assert f"{limit.default:,g}" in text, limit.name
