"""A page's ES modules, announced at once: ``<link rel="modulepreload">`` for every module its
entry scripts import, directly or not, found by reading the files.

A browser learns of a module's imports only once it has that module, so a page whose entry
imports a module that imports another waits a round trip per level before it can run
(Lighthouse's "critical request chains"). The preloads let it fetch the whole graph at once.
The graph is read from the files: it is never a list kept by hand. :class:`Preloads` keeps
each page's graph while none of its files has changed (a changed page's new imports are
preloaded at once).
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterable
from pathlib import Path
from typing import Final
from urllib.parse import urljoin

#: A static import or re-export (``import {a} from "./x.js"``, ``export * from "/y.js"``,
#: ``import "./z.js"``); a dynamic ``import(...)`` is not (the page decides when to load it).
IMPORT: Final = re.compile(
    r"""^\s*(?:import|export)\b[^;'"()]*?\bfrom\s*["']([^"']+)["']"""
    r"""|^\s*import\s*["']([^"']+)["']""",
    re.MULTILINE,
)
#: A page's entry scripts: ``<script type="module" src="...">``.
ENTRY: Final = re.compile(r"""<script\s+type="module"\s+src="([^"]+)"\s*>""")

#: Where a module's address leads: its file, or None for an address no file answers.
Locate = Callable[[str], "Path | None"]
#: A module graph's finder: :func:`module_graph`, or a :class:`Preloads`' cached one.
Graph = Callable[[list[str], Locate], list[str]]


def module_graph(entries: Iterable[str], locate: Locate) -> list[str]:
    """The addresses of every module the ``entries`` import, directly or not, each once,
    nearest first (the entries themselves not included, unless another imports them).

    Args:
        entries: the entry modules' absolute paths (``/static/lobby.js``).
        locate: the file of a module's path, or None (a module not served is skipped).
    """
    starts = list(dict.fromkeys(entries))
    seen = set(starts)
    found: list[str] = []
    queue = list(starts)
    while queue:
        address = queue.pop(0)
        file = locate(address)
        if file is None:
            continue
        for match in IMPORT.finditer(file.read_text(encoding="utf-8")):
            imported = urljoin(address, match.group(1) or match.group(2))
            if imported not in seen and locate(imported) is not None:
                seen.add(imported)
                found.append(imported)
                queue.append(imported)
    return found


def with_preloads(
    html: str, locate: Locate, more: Iterable[str] = (), graph: Graph | None = None
) -> str:
    """``html`` with a ``modulepreload`` link, before its ``</head>``, for each module of the
    graph of its entry scripts and of the ``more`` modules it will import itself (and for
    those).

    Args:
        html: a page.
        locate: the file of a module's path, or None.
        more: modules the page imports dynamically, known to be needed at once.
        graph: how to find a graph (:func:`module_graph` by default).
    """
    entries = ENTRY.findall(html)
    extra = [address for address in more if address not in entries]
    found = (graph or module_graph)([*entries, *extra], locate)
    modules = [*extra, *(m for m in found if m not in extra)]
    if not modules:
        return html
    links = "".join(f'  <link rel="modulepreload" href="{m}">\n' for m in modules)
    head, end, rest = html.partition("</head>")
    return f"{head}{links}{end}{rest}" if end else html


class Preloads:
    """The preloads of one server's pages: each page's graph read once and kept while every
    file in it keeps its modification time (reading it costs milliseconds; checking, a stat
    a file)."""

    def __init__(self, locate: Locate) -> None:
        self.locate = locate
        self.graphs: dict[tuple[str, ...], tuple[list[str], list[tuple[Path, int | None]]]] = {}

    def graph(self, entries: list[str], locate: Locate) -> list[str]:
        """:func:`module_graph` of ``entries``, read again only when one of its files changed."""
        key = tuple(entries)
        kept = self.graphs.get(key)
        if kept is not None and all(modified(file) == when for file, when in kept[1]):
            return kept[0]
        found = module_graph(entries, locate)
        files = [file for file in map(locate, [*entries, *found]) if file is not None]
        self.graphs[key] = (found, [(file, modified(file)) for file in files])
        return found

    def add_to(self, html: str, more: Iterable[str] = ()) -> str:
        """:func:`with_preloads` of ``html`` with this server's files."""
        return with_preloads(html, self.locate, more, self.graph)


def modified(file: Path) -> int | None:
    """When ``file`` was last changed (None: it is gone)."""
    try:
        return file.stat().st_mtime_ns
    except OSError:
        return None
