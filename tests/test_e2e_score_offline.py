"""The scoring page opens without the server (issue 30, "Installable"), in a real headless
Chromium: a first visit lets its service worker keep the page (docs/scoring-page.md,
"Offline"); with the server gone, the page opens again from that copy, shows its form and the
window entered, and says plainly that scoring needs the server.
"""

from __future__ import annotations

import time
from pathlib import Path

import httpx
import pytest

pytest.importorskip("playwright")

from playwright.sync_api import Browser, expect

from sagrada.web.app import create_app

# The browser made for this module; the server is this test's own, which it stops.
from test_e2e import browser, serving  # noqa: F401

PHONE = {"width": 390, "height": 844}

#: Whether the worker keeps the page and its form's answer (the names the worker's cache
#: holds; the worker answers the page's hand-over once it has kept them).
KEPT = """async () => {
  const names = await caches.keys();
  for (const name of names) {
    const paths = (await (await caches.open(name)).keys()).map((r) => new URL(r.url).pathname);
    if (paths.includes("/score") && paths.includes("/api/score/form")) return true;
  }
  return false;
}"""


def test_the_page_opens_without_the_server_and_says_scoring_needs_it(
    browser: Browser,  # noqa: F811
    tmp_path: Path,
) -> None:
    app = create_app(f"sqlite:///{tmp_path / 'offline.db'}")
    context = browser.new_context(viewport=PHONE, service_workers="allow")
    page = context.new_page()
    errors: list[str] = []
    page.on("pageerror", lambda error: errors.append(str(error)))
    try:
        with serving(app) as url:
            page.goto(url + "/score")
            # The rulebook's example, scored by the server: 40.
            page.get_by_test_id("score-example").click()
            expect(page.get_by_test_id("score-total")).to_have_text("40")
            deadline = time.monotonic() + 15
            while not page.evaluate(KEPT):
                assert time.monotonic() < deadline, "the service worker kept nothing"
                page.wait_for_timeout(100)
        with pytest.raises(httpx.TransportError):
            httpx.get(url + "/api/health")
        # The server is gone: the page opens from the worker's copy, with the window as it
        # was entered (the address keeps it), and says that scoring needs the server.
        page.reload()
        expect(page.get_by_test_id("score-offline")).to_be_visible()
        expect(page.get_by_test_id("score-form-window").locator(".die").first).to_be_visible()
        assert page.get_by_test_id("score-problem").text_content() == ""
        assert not errors, errors
    finally:
        context.close()
