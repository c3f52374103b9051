"""The scoring page as an app a phone installs and opens without the server: its web app
manifest (``/score.webmanifest``, in the browser's language), its icons, and its service
worker (``/score-worker.js``, scope ``/score``), which keeps the page's files and the answers
its form reads, so the page opens at a table without a network (docs/scoring-page.md,
"Offline"). Scoring itself needs the server: the page says so when it cannot reach it.

The worker is ``static/score-worker.js`` behind three lines this module writes: the files to
keep at once (the page, every module it imports, its style sheets, each game's scoring form
and the icons, read from the files: never a list kept by hand), the answers it keeps as the
page reads them, and a version made from those files' contents, so that a new server's pages
replace the kept ones.
"""

from __future__ import annotations

import hashlib
import json
import re
from functools import cache
from typing import Any, Final

from fastapi import APIRouter, Request
from fastapi.responses import JSONResponse, Response

from sagrada.core.messages import DEFAULT_LANGUAGE, msg, render
from sagrada.i18n import negotiate
from sagrada.registry import entries
from sagrada.web.preload import ENTRY, Locate, module_graph
from sagrada.web.routes.pages import (
    CACHE_CONTROL,
    game_static,
    static_dir,
    static_files,
    with_parts,
)

router = APIRouter(include_in_schema=False)

#: The installed app's address: its start and its scope.
START: Final = "/score"
#: The page's file in the shell's folder.
PAGE: Final = "score.html"
#: Each icon in ``static/icons/``: its file, its size in pixels and its purpose (``maskable``:
#: drawn on a full square, the picture inside the safe circle a launcher's mask keeps).
#: ``scripts/make_icons.py`` draws them.
ICONS: Final = (
    ("score-192.png", 192, "any"),
    ("score-512.png", 512, "any"),
    ("score-maskable-512.png", 512, "maskable"),
    ("score-180.png", 180, "any"),
)
ICON_FOLDER: Final = "/static/icons/"
#: The answers the page's form reads (its games, its words, each game's cards and windows),
#: which the worker keeps as the page fetches them (any query: a language, a game).
ANSWERS: Final = ("/api/registry", "/api/messages", "/api/score/form")
#: The colours the manifest names, from the design system: the splash screen's background and
#: the title bar's.
BACKGROUND: Final = "bg"
THEME: Final = "chrome"
#: A style sheet the page links.
STYLESHEET: Final = re.compile(r"""<link\s+rel="stylesheet"\s+href="([^"]+)"\s*>""")
WORKER: Final = "score-worker.js"


@cache
def theme_colour(name: str) -> str:
    """The light theme's colour ``--name`` in ``static/theme.css`` (``#rrggbb``).

    Raises:
        KeyError: if the design system has no such colour.
    """
    text = (static_dir() / "theme.css").read_text(encoding="utf-8")
    found = re.search(rf"--{re.escape(name)}:\s*(#[0-9a-fA-F]{{6}})\b", text)
    if found is None:
        raise KeyError(f"theme.css has no colour --{name}")
    return found[1]


def manifest(language: str) -> dict[str, Any]:
    """The web app manifest, its words in ``language``."""
    return {
        "id": START,
        "name": render(msg("score.app.name"), language),
        "short_name": render(msg("score.app.short_name"), language),
        "description": render(msg("score.app.description"), language),
        "lang": language,
        "start_url": START,
        "scope": START,
        "display": "standalone",
        "background_color": theme_colour(BACKGROUND),
        "theme_color": theme_colour(THEME),
        "icons": [
            {
                "src": ICON_FOLDER + file,
                "sizes": f"{size}x{size}",
                "type": "image/png",
                "purpose": purpose,
            }
            for file, size, purpose in ICONS
        ],
    }


def kept_files() -> list[str]:
    """The addresses the worker keeps at once: the page, the modules it and each game's
    scoring form import, its style sheets, the icons and the manifest."""
    locate = static_files()
    html = with_parts((static_dir() / PAGE).read_text(encoding="utf-8"))
    forms = [game_static(e) + e.page.scoring for e in entries() if e.page.scoring]
    starts = [*ENTRY.findall(html), *forms]
    modules = [*starts, *module_graph(starts, locate)]
    icons = [ICON_FOLDER + file for file, _, _ in ICONS]
    files = [START, *STYLESHEET.findall(html), *modules, *icons, "/score.webmanifest"]
    return list(dict.fromkeys(files))


def version(files: list[str], locate: Locate) -> str:
    """A digest of the kept files' contents (``locate`` finds each address's file): it changes
    when a file does."""
    digest = hashlib.sha256()
    digest.update((static_dir() / PAGE).read_bytes())
    digest.update((static_dir() / WORKER).read_bytes())
    for address in files:
        file = locate(address)
        if file is not None:
            digest.update(address.encode() + b"\0" + file.read_bytes())
    return digest.hexdigest()[:16]


def worker_script() -> str:
    """The service worker: :data:`WORKER` behind the lines naming what it keeps."""
    files = kept_files()
    head = (
        "// Written by the server (sagrada/web/routes/installable.py).\n"
        f"const VERSION = {json.dumps(version(files, static_files()))};\n"
        f"const FILES = {json.dumps(files)};\n"
        f"const ANSWERS = {json.dumps(list(ANSWERS))};\n"
    )
    return head + (static_dir() / WORKER).read_text(encoding="utf-8")


@router.get("/score.webmanifest")
async def web_app_manifest(request: Request, language: str | None = None) -> Response:
    """The scoring page's manifest, in ``?language=`` or the browser's language."""
    chosen = negotiate(language or request.headers.get("accept-language", ""), DEFAULT_LANGUAGE)
    return JSONResponse(
        manifest(chosen),
        media_type="application/manifest+json",
        headers={"Cache-Control": CACHE_CONTROL, "Vary": "Accept-Language"},
    )


@router.get("/score-worker.js")
async def score_worker() -> Response:
    """The scoring page's service worker, served beside the page so it may take its scope."""
    return Response(
        worker_script(),
        media_type="text/javascript",
        headers={"Cache-Control": CACHE_CONTROL},
    )
