"""The scoring page installs and opens offline (issue 30, "Installable"): its web app manifest,
its icons and the service worker that keeps its files (docs/scoring-page.md, "Offline").

The worker's behaviour in a browser (the page opening without the server) is pinned in
tests/test_e2e_score_offline.py; these tests pin what the server hands it.
"""

from __future__ import annotations

import json
import re
import struct
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from fastapi.testclient import TestClient

from web_helpers import new_client


@pytest.fixture(scope="module")
def client(tmp_path_factory: pytest.TempPathFactory) -> Iterator[TestClient]:
    with new_client(tmp_path_factory.mktemp("installable")) as client:
        yield client


def worker_lines(client: TestClient) -> dict[str, Any]:
    """The values the server writes at the top of the worker: VERSION, FILES, ANSWERS."""
    answer = client.get("/score-worker.js")
    assert answer.status_code == 200
    assert answer.headers["content-type"].startswith("text/javascript")
    found = dict(re.findall(r"^const (VERSION|FILES|ANSWERS) = (.*);$", answer.text, re.M))
    return {name: json.loads(value) for name, value in found.items()}


def png_size(data: bytes) -> tuple[int, int]:
    """A PNG file's width and height, from its header."""
    assert data[:8] == b"\x89PNG\r\n\x1a\n"
    width, height = struct.unpack(">II", data[16:24])
    return width, height


def test_manifest_makes_the_scoring_page_an_app(client: TestClient) -> None:
    answer = client.get("/score.webmanifest")
    assert answer.status_code == 200
    assert answer.headers["content-type"].startswith("application/manifest+json")
    manifest = answer.json()
    # What a browser needs to offer the install: a name, a start inside the scope, a window
    # of its own and icons of 192 and 512 pixels, one of them maskable.
    assert manifest["name"] == "Sagrada: score a game"
    assert manifest["start_url"] == manifest["scope"] == "/score"
    assert manifest["display"] == "standalone"
    assert re.fullmatch(r"#[0-9a-f]{6}", manifest["theme_color"], re.I)
    sizes = {icon["sizes"] for icon in manifest["icons"]}
    assert {"192x192", "512x512"} <= sizes
    assert any(icon["purpose"] == "maskable" for icon in manifest["icons"])


def test_each_icon_is_a_png_of_its_declared_size(client: TestClient) -> None:
    for icon in client.get("/score.webmanifest").json()["icons"]:
        answer = client.get(icon["src"])
        assert answer.status_code == 200, icon["src"]
        width, height = png_size(answer.content)
        assert f"{width}x{height}" == icon["sizes"], icon["src"]


def test_manifest_speaks_the_browsers_language(client: TestClient) -> None:
    german = client.get("/score.webmanifest", headers={"Accept-Language": "de-AT, en;q=0.5"})
    assert german.json()["lang"] == "de"
    assert german.json()["name"] == "Sagrada: Partie werten"
    assert client.get("/score.webmanifest?language=de").json()["lang"] == "de"
    # A language without a catalogue gets English.
    assert client.get("/score.webmanifest?language=fr").json()["lang"] == "en"


def test_worker_keeps_the_page_and_every_file_it_loads(client: TestClient) -> None:
    lines = worker_lines(client)
    files = lines["FILES"]
    assert files[0] == "/score"
    page = client.get("/score").text
    # Every module and style sheet the page names is kept, and so is each game's scoring
    # form: the page opens without the server whichever game it scores.
    named = re.findall(r'<script type="module" src="([^"]+)"', page)
    named += re.findall(r'<link rel="(?:stylesheet|modulepreload)" href="([^"]+)"', page)
    assert named and set(named) <= set(files)
    forms = [game["scoring"] for game in client.get("/api/registry").json() if game["scoring"]]
    assert forms and set(forms) <= set(files)
    # Every kept address answers: the worker's install fails on one that does not.
    for address in files:
        assert client.get(address).status_code == 200, address


def test_worker_keeps_the_answers_the_form_reads_and_nothing_private(client: TestClient) -> None:
    answers = worker_lines(client)["ANSWERS"]
    assert "/api/score/form" in answers
    assert "/api/messages" in answers
    # Scoring needs the server, and no account's answer is kept on the device.
    assert not {"/api/score", "/api/me", "/api/session", "/api/me/games"} & set(answers)


def test_worker_version_follows_the_pages_files(client: TestClient, tmp_path: Path) -> None:
    from sagrada.web.routes import installable

    files = worker_lines(client)["FILES"]
    served = installable.static_files()
    before = installable.version(files, served)
    assert worker_lines(client)["VERSION"] == before
    # One module of the page changed: a new version, so browsers replace their copies.
    module = files[1]
    original = served(module)
    assert original is not None
    changed = tmp_path / "changed.js"
    changed.write_text(original.read_text(encoding="utf-8") + "\n// changed\n", encoding="utf-8")
    assert installable.version(files, lambda a: changed if a == module else served(a)) != before
