"""The pages' part of turn notifications in a real headless Chromium: the service worker
(``static/push-worker.js``) and the account's module (``static/account/push.js``).

A small local site serves the shell's files, the worker at the site's root, and the two
answers the module needs (``GET /api/push/key``, ``POST`` and ``DELETE
/api/push/subscriptions``), keeping what it is sent. Chromium cannot reach a push service
here, so the browser's ``PushManager`` is stood in for in the page (it hands out a
subscription and keeps the key it was given); a push message is delivered to the worker
through the DevTools protocol (``ServiceWorker.deliverPushMessage``), as the browser does
once it has decrypted one.
"""

from __future__ import annotations

import json
import threading
import time
from collections.abc import Iterator
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path
from typing import Any

import pytest
from playwright.sync_api import Browser, Page

from notify_servers import b64url_decode
from sagrada.players.push import VapidKeys
from test_e2e import browser  # noqa: F401  (a fixture)

STATIC = Path(__file__).resolve().parent.parent / "src" / "sagrada" / "web" / "static"
#: How long a test waits for the browser before failing instead of hanging, in seconds.
PATIENCE = 10.0
#: The page the tests act in: nothing but a document of the site's origin.
BLANK = b"<!doctype html><html lang='en'><head><meta charset='utf-8'><title>t</title></head></html>"

#: The browser's PushManager, stood in for: a subscription to a made-up push service.
FAKE_PUSH_MANAGER = """
(() => {
  let held = null;
  PushManager.prototype.getSubscription = async function () { return held; };
  PushManager.prototype.subscribe = async function (options) {
    const key = new Uint8Array(options.applicationServerKey);
    window.subscribedWithKey = Array.from(key);
    const json = {
      endpoint: "https://push.example.net/wpush/v2/abc",
      expirationTime: null,
      keys: { p256dh: "BAAA", auth: "AAAA" },
    };
    held = {
      endpoint: json.endpoint,
      options: { applicationServerKey: key.buffer, userVisibleOnly: options.userVisibleOnly },
      toJSON: () => json,
      unsubscribe: async () => { held = null; return true; },
    };
    return held;
  };
})();
"""


class Site:
    """The local site: static files, the worker at the root, and the push answers."""

    def __init__(self) -> None:
        self.keys = VapidKeys.generate()
        self.requests: list[tuple[str, str, Any]] = []
        self.server = ThreadingHTTPServer(("127.0.0.1", 0), self.handler())
        self.thread = threading.Thread(target=self.server.serve_forever, args=(0.05,), daemon=True)

    @property
    def url(self) -> str:
        return f"http://127.0.0.1:{self.server.server_address[1]}"

    def answer(self, method: str, path: str, body: Any) -> tuple[int, str, bytes]:
        if path == "/":
            return 200, "text/html", BLANK
        if path == "/push-worker.js":
            return 200, "text/javascript", (STATIC / "push-worker.js").read_bytes()
        if path.startswith("/static/") and ".." not in path:
            file = STATIC / path.removeprefix("/static/")
            if file.is_file():
                return 200, "text/javascript", file.read_bytes()
        if (method, path) == ("GET", "/api/push/key"):
            return (
                200,
                "application/json",
                json.dumps({"key": self.keys.application_server_key}).encode(),
            )
        if path == "/api/push/subscriptions" and method in ("POST", "DELETE"):
            self.requests.append((method, path, body))
            return (201 if method == "POST" else 204), "application/json", b""
        return 404, "text/plain", b""

    def handler(self) -> type[BaseHTTPRequestHandler]:
        site = self

        class Handler(BaseHTTPRequestHandler):
            def respond(self, method: str) -> None:
                length = int(self.headers.get("Content-Length", 0))
                body = json.loads(self.rfile.read(length)) if length else None
                status, kind, data = site.answer(method, self.path, body)
                self.send_response(status)
                self.send_header("Content-Type", kind)
                self.send_header("Content-Length", str(len(data)))
                self.end_headers()
                self.wfile.write(data)

            def do_GET(self) -> None:
                self.respond("GET")

            def do_POST(self) -> None:
                self.respond("POST")

            def do_DELETE(self) -> None:
                self.respond("DELETE")

            def log_message(self, format: str, *args: Any) -> None:
                pass

        return Handler


@pytest.fixture
def site() -> Iterator[Site]:
    site = Site()
    site.thread.start()
    yield site
    site.server.shutdown()
    site.server.server_close()


@pytest.fixture
def page(browser: Browser, site: Site) -> Iterator[Page]:  # noqa: F811
    context = browser.new_context()
    context.grant_permissions(["notifications"], origin=site.url)
    context.add_init_script(FAKE_PUSH_MANAGER)
    page = context.new_page()
    page.set_default_timeout(15_000)
    errors: list[str] = []
    page.on("pageerror", lambda error: errors.append(str(error)))
    page.goto(site.url + "/")
    yield page
    context.close()
    assert not errors, f"the page threw: {errors}"


MODULE = "const push = await import('/static/account/push.js');"


def test_subscribing_sends_the_subscription_made_with_the_servers_key(
    page: Page, site: Site
) -> None:
    assert page.evaluate(f"async () => {{ {MODULE} return push.pushAvailable(); }}") is True
    assert page.evaluate(f"async () => {{ {MODULE} return push.pushSubscribed(); }}") is False
    answer = page.evaluate(f"async () => {{ {MODULE} return push.subscribePush(); }}")
    assert answer == "subscribed"
    # The browser was given the server's key as bytes: the 65 of its uncompressed point.
    given = bytes(page.evaluate("() => window.subscribedWithKey"))
    assert given == b64url_decode(site.keys.application_server_key)
    assert site.requests == [
        (
            "POST",
            "/api/push/subscriptions",
            {
                "endpoint": "https://push.example.net/wpush/v2/abc",
                "expirationTime": None,
                "keys": {"p256dh": "BAAA", "auth": "AAAA"},
            },
        )
    ]
    scope = page.evaluate("async () => (await navigator.serviceWorker.ready).scope")
    assert scope == site.url + "/"
    assert page.evaluate(f"async () => {{ {MODULE} return push.pushSubscribed(); }}") is True


def test_unsubscribing_has_the_server_forget_the_endpoint_then_drops_it(
    page: Page, site: Site
) -> None:
    page.evaluate(f"async () => {{ {MODULE} await push.subscribePush(); }}")
    page.evaluate(f"async () => {{ {MODULE} await push.unsubscribePush(); }}")
    assert site.requests[-1] == (
        "DELETE",
        "/api/push/subscriptions",
        {"endpoint": "https://push.example.net/wpush/v2/abc"},
    )
    assert page.evaluate(f"async () => {{ {MODULE} return push.pushSubscribed(); }}") is False


#: The notifications the page's worker shows, as data.
SHOWN = (
    "async () => (await (await navigator.serviceWorker.ready).getNotifications())"
    ".map((n) => ({title: n.title, body: n.body, tag: n.tag, data: n.data}))"
)


def deliver(page: Page, site: Site, *messages: dict[str, Any]) -> list[dict[str, Any]]:
    """Deliver push messages to the page's worker, in order, and return the notifications
    shown once it has handled the last (which the tests make one it shows)."""
    page.evaluate(
        "async () => { await navigator.serviceWorker.register('/push-worker.js', {scope: '/'});"
        " await navigator.serviceWorker.ready; }"
    )
    cdp = page.context.new_cdp_session(page)
    registrations: list[dict[str, Any]] = []
    cdp.on(
        "ServiceWorker.workerRegistrationUpdated",
        lambda event: registrations.extend(event["registrations"]),
    )
    cdp.send("ServiceWorker.enable")
    deadline = time.monotonic() + PATIENCE
    while not registrations and time.monotonic() < deadline:
        page.wait_for_timeout(20)  # the protocol's events arrive while the page is waited on
    [registration] = [r for r in registrations if not r["isDeleted"]]
    for message in messages:
        cdp.send(
            "ServiceWorker.deliverPushMessage",
            {
                "origin": site.url,
                "registrationId": registration["registrationId"],
                "data": json.dumps(message),
            },
        )
    # The worker handles its pushes in order: the last one's notice comes last.
    last = messages[-1]["title"]
    page.wait_for_function(
        f"async () => (await {SHOWN[len('async () => ') :]}).some((n) => n.title === {last!r})"
    )
    shown: list[dict[str, Any]] = page.evaluate(SHOWN)
    return shown


def test_a_push_message_shows_its_title_and_body_and_keeps_the_games_page(
    page: Page, site: Site
) -> None:
    message = {"title": "Your turn in Sagrada", "body": "Ada is waiting.", "url": "/game/ab12cd"}
    shown = deliver(page, site, message)
    assert shown == [
        {
            "title": "Your turn in Sagrada",
            "body": "Ada is waiting.",
            "tag": "/game/ab12cd",
            "data": {"url": "/game/ab12cd"},
        }
    ]


def test_a_push_message_leading_to_another_site_is_not_shown(page: Page, site: Site) -> None:
    elsewhere = {"title": "Win a prize", "body": "click", "url": "https://elsewhere.example/x"}
    ours = {"title": "Your turn in Sagrada", "body": "Ada is waiting.", "url": "/cards/x1"}
    shown = deliver(page, site, elsewhere, ours)
    assert [notice["title"] for notice in shown] == ["Your turn in Sagrada"]
