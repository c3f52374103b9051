"""The pages load fast (docs/measuring.md): text answers are compressed
when the browser takes gzip, the pages' files are revalidated at each use (a file not changed
since costs a 304, a changed one is sent afresh), and a page names every module it imports, so
the browser fetches the whole graph at once instead of one level of imports per round trip.
"""

from __future__ import annotations

import os
import re
from collections.abc import Iterator
from pathlib import Path
from urllib.parse import urljoin

import pytest
from starlette.applications import Starlette

from sagrada.registry import entries
from sagrada.web.preload import Preloads, module_graph, with_preloads
from sagrada.web.routes.pages import PageFiles
from sagrada.web.security import SECURITY_HEADERS
from web_helpers import TestClient, create_game, new_client

GZIP = {"Accept-Encoding": "gzip"}
IDENTITY = {"Accept-Encoding": "identity"}


@pytest.fixture
def client(tmp_path: Path) -> Iterator[TestClient]:
    with new_client(tmp_path) as test_client:
        yield test_client


def preloads(html: str) -> list[str]:
    return re.findall(r'<link rel="modulepreload" href="([^"]+)">', html)


def test_text_answers_are_compressed_only_when_the_browser_takes_gzip(client: TestClient) -> None:
    created = create_game(client, players=2)
    for path in ("/", f"/game/{created['id']}", "/static/common.js", "/static/app.css"):
        packed = client.get(path, headers=GZIP)
        plain = client.get(path, headers=IDENTITY)
        assert packed.headers["content-encoding"] == "gzip", path
        assert "accept-encoding" in packed.headers["vary"].lower(), path
        assert "content-encoding" not in plain.headers, path
        assert packed.content == plain.content, path  # httpx undoes the gzip
        for name, value in SECURITY_HEADERS.items():
            assert packed.headers[name] == value, (path, name)


def test_a_tiny_answer_is_not_compressed(client: TestClient) -> None:
    answer = client.get("/api/health", headers=GZIP)
    assert len(answer.content) < 500
    assert "content-encoding" not in answer.headers


def test_page_files_are_revalidated_and_a_revisit_of_an_unchanged_file_costs_a_304(
    client: TestClient,
) -> None:
    for path in ("/static/common.js", "/static/app.css", "/static/games/sagrada/main.js"):
        first = client.get(path)
        assert first.headers["cache-control"] == "no-cache", path
        again = client.get(path, headers={"If-None-Match": first.headers["etag"]})
        assert again.status_code == 304 and again.content == b"", path
        assert again.headers["etag"] == first.headers["etag"]
        assert again.headers["cache-control"] == "no-cache"
        for name, value in SECURITY_HEADERS.items():
            assert again.headers[name] == value, (path, name)
        stale = client.get(path, headers={"If-None-Match": '"not-this-version"'})
        assert stale.status_code == 200 and stale.content == first.content


def test_a_changed_page_file_is_sent_afresh_with_a_new_etag(tmp_path: Path) -> None:
    script = tmp_path / "x.js"
    script.write_text("export const x = 1;\n")
    app = Starlette()
    app.mount("/static", PageFiles(directory=tmp_path))
    with TestClient(app) as plain:
        first = plain.get("/static/x.js")
        script.write_text("export const x = 22;\n")
        os.utime(script, (1, 1))  # a new modification time, as an edit or an update gives
        again = plain.get("/static/x.js", headers={"If-None-Match": first.headers["etag"]})
    assert again.status_code == 200
    assert again.text == "export const x = 22;\n"
    assert again.headers["etag"] != first.headers["etag"]


def test_the_html_pages_are_never_cached_without_asking(client: TestClient) -> None:
    created = create_game(client, players=2)
    for path in ("/", "/me", "/daily", "/players/A", "/leaderboard", f"/game/{created['id']}"):
        assert client.get(path).headers["cache-control"] == "no-cache"


def test_a_seat_page_preloads_every_module_of_its_graph_and_each_is_served(
    client: TestClient,
) -> None:
    dice = create_game(client, players=2)
    cards = create_game(client, game="cards")
    for path in (
        f"/game/{dice['id']}",
        f"/cards/{cards['id']}",
        "/me",
        "/daily",
        "/players/A",
        "/leaderboard",
    ):
        html = client.get(path).text
        listed = preloads(html)
        entry = re.findall(r'<script type="module" src="([^"]+)">', html)
        assert listed and "/static/common.js" in listed, path
        assert len(listed) == len(set(listed)) and not set(entry) & set(listed)
        assert html.index("modulepreload") < html.index("</head>")
        for module in entry + listed:
            served = client.get(module)
            assert served.status_code == 200 and "javascript" in served.headers["content-type"]
            # Every module an entry or a listed one imports is listed too (or is an entry).
            for imported in re.findall(r'^import[^;(]*?from\s*"([^"]+)"', served.text, re.M):
                assert urljoin(module, imported) in listed + entry, (module, imported)


def test_the_lobby_preloads_each_games_form(client: TestClient) -> None:
    listed = preloads(client.get("/").text)
    for entry in entries():
        assert f"/static/games/{entry.name}/lobby.js" in listed


def write(folder: Path, files: dict[str, str]) -> None:
    for name, text in files.items():
        (folder / name).parent.mkdir(parents=True, exist_ok=True)
        (folder / name).write_text(text)


def test_the_module_graph_follows_static_imports_only(tmp_path: Path) -> None:
    write(
        tmp_path,
        {
            "main.js": 'import {\n  a,\n  b,\n} from "./a.js";\nimport "/static/side.js";\n',
            "a.js": 'export * from "./lib/b.js";\nconst later = () => import("./lazy.js");\n',
            "lib/b.js": 'import { a } from "../a.js";\nimport { gone } from "./missing.js";\n',
            "side.js": "export const side = 1;\n",
            "lazy.js": "export const lazy = 1;\n",
        },
    )

    def locate(address: str) -> Path | None:
        file = tmp_path / address.removeprefix("/static/")
        return file if file.is_file() else None

    # A multi-line import, a bare import, a re-export, a cycle back to a.js; not the dynamic
    # import, not a file no one serves.
    assert module_graph(["/static/main.js"], locate) == [
        "/static/a.js",
        "/static/side.js",
        "/static/lib/b.js",
    ]
    page = '<head>\n<script type="module" src="/static/main.js"></script>\n</head><body></body>'
    preloaded = with_preloads(page, locate, ["/static/lazy.js"])
    assert preloads(preloaded) == [
        "/static/lazy.js",
        "/static/a.js",
        "/static/side.js",
        "/static/lib/b.js",
    ]
    assert preloaded.endswith("</head><body></body>")


def test_a_kept_graph_is_read_again_once_a_file_of_it_changes(tmp_path: Path) -> None:
    write(tmp_path, {"main.js": 'import "./a.js";\n', "a.js": "", "b.js": ""})

    def locate(address: str) -> Path | None:
        file = tmp_path / address.removeprefix("/static/")
        return file if file.is_file() else None

    page = '<head><script type="module" src="/static/main.js"></script></head>'
    kept = Preloads(locate)
    assert preloads(kept.add_to(page)) == ["/static/a.js"]
    (tmp_path / "a.js").write_text('import "./b.js";\n')
    os.utime(tmp_path / "a.js", ns=(1, 1))
    assert preloads(kept.add_to(page)) == ["/static/a.js", "/static/b.js"]
    (tmp_path / "b.js").unlink()
    assert preloads(kept.add_to(page)) == ["/static/a.js"]
