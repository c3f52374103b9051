"""Shared pytest hooks and fixtures."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pytest


@pytest.hookimpl(hookwrapper=True)
def pytest_runtest_makereport(item: pytest.Item, call: Any) -> Iterator[None]:
    """Keep each phase's report on the test item (the browser tests screenshot failures)."""
    outcome = yield
    report = outcome.get_result()
    setattr(item, f"rep_{report.when}", report)


@pytest.fixture
def pool(monkeypatch: pytest.MonkeyPatch) -> Iterator[Any]:
    """A spy in place of the server's bot worker processes (``web_helpers.SpyPool``: threads
    that note what they are given), so no process is started."""
    from sagrada.web.botrunner import BotRunner
    from web_helpers import SpyPool

    spy = SpyPool()
    monkeypatch.setattr(BotRunner, "_thinkers", lambda _self: spy)
    yield spy
    spy.shutdown()
