"""Strict security headers (docs/web-api.md): every answer carries a Content-Security-Policy
without inline script, ``frame-ancestors 'none'``, ``nosniff`` and ``no-referrer``; and nothing
is loaded from another origin (FastAPI's ``/docs`` and ``/redoc`` would load a CDN's scripts,
on the origin whose storage holds every seat's token).
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from sagrada.registry import entries
from sagrada.web.routes.pages import static_dir
from sagrada.web.security import CONTENT_SECURITY_POLICY
from web_helpers import (
    TestClient,
    create_game,
    new_client,
)


@pytest.fixture
def client(tmp_path: Path) -> Iterator[TestClient]:
    with new_client(tmp_path) as test_client:
        yield test_client


# -- headers on every answer -----------------------------------------------------------------


def assert_secure(answer: Any) -> None:
    headers = answer.headers
    policy = headers["content-security-policy"]
    assert policy == CONTENT_SECURITY_POLICY
    directives = dict(part.strip().split(" ", 1) for part in policy.split(";"))
    assert directives["frame-ancestors"] == "'none'"
    assert directives["script-src"] == "'self'" and directives["default-src"] == "'self'"
    assert "unsafe" not in policy and "http" not in policy
    assert headers["x-content-type-options"] == "nosniff"
    assert headers["referrer-policy"] == "no-referrer"
    assert headers["x-frame-options"] == "DENY"


def test_every_kind_of_answer_carries_the_security_headers(client: TestClient) -> None:
    created = create_game(client, players=2)
    cards = create_game(client, game="cards")
    for path in (
        "/",
        f"/game/{created['id']}",
        f"/cards/{cards['id']}",
        "/static/common.js",
        "/static/app.css",
        "/static/games/sagrada/main.js",
        "/api/games",
        f"/api/games/{created['id']}/view",
        "/api/games/nosuchgame",  # a refusal too
        "/openapi.json",
        "/no/such/page",
    ):
        answer = client.get(path)
        assert answer.status_code < 500, path
        assert_secure(answer)
    assert_secure(client.post("/api/games", content=b"x" * 9000))  # the body limit's 413


def test_scripts_and_styles_are_served_with_their_types(client: TestClient) -> None:
    # nosniff: a browser runs a script only when it is served as one.
    for path, kind in (
        ("/static/common.js", "javascript"),
        ("/static/games/sagrada/main.js", "javascript"),
        ("/static/app.css", "text/css"),
    ):
        assert kind in client.get(path).headers["content-type"], path


def test_no_browsable_docs_but_the_openapi_document(client: TestClient) -> None:
    assert client.get("/docs").status_code == 404
    assert client.get("/redoc").status_code == 404
    assert client.get("/docs/oauth2-redirect").status_code == 404
    assert client.get("/openapi.json").status_code == 200


def pages() -> list[Path]:
    """Every page's HTML: the lobby and each registered game's seat page."""
    return [static_dir() / "index.html"] + [
        Path(str(entry.page.folder)) / "index.html" for entry in entries()
    ]


@pytest.mark.parametrize("html", pages(), ids=lambda path: path.parent.name)
def test_a_page_has_no_inline_script_or_style_and_nothing_from_another_origin(html: Path) -> None:
    text = html.read_text(encoding="utf-8")
    scripts = re.findall(r"<script\b[^>]*>", text)
    assert scripts and all("src=" in tag for tag in scripts), scripts
    assert "<style" not in text and " style=" not in text
    assert not re.search(r"\son[a-z]+=", text)  # no inline event handler
    assert not re.search(r"(src|href)=\"(https?:)?//", text)
    assert '<meta name="referrer" content="no-referrer">' in text


def test_the_page_scripts_load_nothing_from_another_origin_or_by_eval() -> None:
    folders = [static_dir(), *(Path(str(entry.page.folder)) for entry in entries())]
    for folder in folders:
        for script in folder.rglob("*.js"):
            text = script.read_text(encoding="utf-8")
            assert "new Function" not in text and "eval(" not in text, script
            assert not re.search(r"(import|fetch)\s*\(?\s*[\"'`]https?://", text), script
