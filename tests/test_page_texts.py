"""The pages' words come from the catalogues (issue 15, German; docs/translations.md).

Read from the pages' sources, without a browser:

* every message id a page names (``data-i18n`` in the markup, a ``"page.…"`` literal in a
  script) is in the catalogue of every language, and every ``page.*`` entry of the catalogue is
  named by some page, so a word is neither missing nor left behind;
* the markup holds no words of its own: text and the attributes a person reads (``title``,
  ``placeholder``, ``aria-label``, ``alt``) are named by id, except the game's name.

``tests/test_e2e_languages.py`` looks at the rendered pages.
"""

from __future__ import annotations

import re
from html.parser import HTMLParser
from pathlib import Path

import pytest

from sagrada.i18n import languages
from sagrada.registry import entries
from test_messages import catalogue_texts

STATIC = Path(__file__).resolve().parent.parent / "src" / "sagrada" / "web" / "static"
#: Where the pages are: the shell's (the lobby, the help, what every game's page shares), and
#: each game's page, by the name it is read under here.
FOLDERS = {"": STATIC, **{f"{e.name}:": Path(str(e.page.folder)) for e in entries()}}
#: The pages' sources: markup and scripts, each with its name here.
SOURCES = sorted(
    (prefix + str(p.relative_to(folder)), p)
    for prefix, folder in FOLDERS.items()
    for p in folder.rglob("*")
    if p.suffix in (".html", ".js")
)
#: A message id written whole in a page's source: an attribute value or a string literal.
PAGE_ID = re.compile(r"""(?:data-i18n(?:-[a-z-]+)?=|["'`])(page\.[a-z0-9_.]+)["'`]""")
#: Attributes a person reads (or hears, from a screen reader).
READ_ATTRIBUTES = ("title", "placeholder", "aria-label", "alt")
#: Words the markup may hold as they are: the game's name is the same in every language.
NAMES = {"Sagrada"}


def page_ids() -> dict[str, str]:
    """Every ``page.*`` id the pages name, with the first file naming it."""
    found: dict[str, str] = {}
    for name, path in SOURCES:
        for match in PAGE_ID.finditer(path.read_text(encoding="utf-8")):
            found.setdefault(match.group(1), name)
    return found


def test_the_pages_name_their_words_by_id() -> None:
    # The lobby, and every game's page and lobby form at least.
    named = {where.split("/")[0] for where in page_ids().values()}
    pages = {f"{e.name}:{file}" for e in entries() for file in ("index.html", "lobby.js")}
    assert {"index.html", *pages} <= named


@pytest.mark.parametrize("language", languages())
def test_every_word_a_page_names_is_in_the_catalogue(language: str) -> None:
    texts = catalogue_texts(language, "po")
    missing = {name: where for name, where in page_ids().items() if name not in texts}
    assert not missing, f"{language}: no message for {missing}"


def test_every_page_word_of_the_catalogue_is_named_by_a_page() -> None:
    english = {name for name in catalogue_texts("en", "po") if name.startswith("page.")}
    # A game's entry names the words of a game of its kind in the lobby's list, and those of
    # its one-click starts.
    named_by_entries = {e.page.list_label for e in entries()} | {
        words for e in entries() for start in e.page.starts for words in (start.label, start.about)
    }
    assert english - set(page_ids()) - named_by_entries == set()


class _MarkupWords(HTMLParser):
    """The words a page's markup holds itself (text, read attributes), with their lines."""

    def __init__(self) -> None:
        super().__init__()
        self.words: list[str] = []
        self._skip = 0

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        if tag in ("script", "style"):
            self._skip += 1
        for name, value in attrs:
            if name in READ_ATTRIBUTES and value and re.search(r"[A-Za-z]", value):
                self.words.append(f"line {self.getpos()[0]}: {name}={value!r}")

    def handle_endtag(self, tag: str) -> None:
        if tag in ("script", "style"):
            self._skip -= 1

    def handle_data(self, data: str) -> None:
        text = data.strip()
        if not self._skip and re.search(r"[A-Za-z]", text) and text not in NAMES:
            self.words.append(f"line {self.getpos()[0]}: {text!r}")


MARKUP = {name: path for name, path in SOURCES if path.suffix == ".html"}


@pytest.mark.parametrize("page", sorted(MARKUP))
def test_the_markup_holds_no_words_of_its_own(page: str) -> None:
    parser = _MarkupWords()
    parser.feed(MARKUP[page].read_text(encoding="utf-8"))
    assert not parser.words, f"{page}: words not named by id: {parser.words}"
