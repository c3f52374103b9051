"""How durable an acknowledged move is on SQLite: ``sagrada serve`` runs its store with
``PRAGMA synchronous=FULL`` (each commit on the disk before the move is acknowledged, so it
survives a power loss) unless ``--sqlite-synchronous normal`` trades that for speed.

Each test runs ``sagrada serve`` in process with uvicorn's ``run`` replaced by a recorder, and
asks the application's store what its connections run with (SQLite answers 2 for FULL and 1
for NORMAL)."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
import uvicorn

from sagrada.cli.main import main
from sagrada.web.app import NOTICE_ENVIRONMENT
from sagrada.web.store import Store

FULL, NORMAL = 2, 1


def synchronous(store: Store) -> int:
    """The ``synchronous`` level a connection of ``store`` runs with."""
    with store.engine.connect() as conn:
        return int(conn.exec_driver_sql("PRAGMA synchronous").scalar_one())


def served_store(monkeypatch: pytest.MonkeyPatch, tmp_path: Path, *options: str) -> Store:
    """The store of the application ``sagrada serve`` would run on a new SQLite file."""
    for variable in NOTICE_ENVIRONMENT.values():  # serve sets them; they are restored after
        monkeypatch.setenv(variable, "")
    recorded: dict[str, Any] = {}
    monkeypatch.setattr(uvicorn, "run", lambda app, **settings: recorded.update(app=app))
    url = f"sqlite:///{tmp_path / 'games.db'}"
    assert main(["serve", "--db", url, *options]) == 0
    store: Store = recorded["app"].state.store
    return store


def test_a_served_sqlite_store_writes_each_move_to_the_disk_by_default(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    store = served_store(monkeypatch, tmp_path)
    assert synchronous(store) == FULL
    store.close()
    alone = Store(f"sqlite:///{tmp_path / 'alone.db'}")  # a store made without serve, too
    assert synchronous(alone) == FULL
    alone.close()


def test_sqlite_synchronous_normal_is_chosen_by_an_option_of_serve(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    store = served_store(monkeypatch, tmp_path, "--sqlite-synchronous", "normal")
    assert synchronous(store) == NORMAL
    store.close()


def test_a_store_refuses_a_synchronous_level_it_does_not_offer(tmp_path: Path) -> None:
    with pytest.raises(ValueError, match="sqlite_synchronous"):
        Store(f"sqlite:///{tmp_path / 'games.db'}", sqlite_synchronous="OFF")
    assert not (tmp_path / "games.db").exists()  # refused before anything was made
