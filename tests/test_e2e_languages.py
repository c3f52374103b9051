"""The pages in the reader's language (issue 15, German), in a real Chromium.

* A browser that prefers German gets German pages: the lobby, a game, the card game, the
  rules help, with the German rulebook's words.
* The switch in the top bar changes the language, and the choice is remembered (it wins over
  the browser's languages, on every page).
* No page shows a word of its own: rendered in a test language whose every message is marked
  ``⟦…⟧``, every word a person can read (text and the attributes a screen reader says) is inside
  a mark, or is a name (a window, a player, the game's): a text written into a script instead
  of the catalogue would stand unmarked, untranslated in every other language. The cards' names
  and texts are the catalogue's too (``card.*``): one shown as the content says it (English)
  stands unmarked.

The server, browser and page fixtures are ``tests/test_e2e.py``'s.
"""

from __future__ import annotations

import re
import time
from collections.abc import Iterator
from typing import Any

import httpx
import pytest
from playwright.sync_api import Browser, Page, expect

import sagrada.web.routes.reference as reference
import test_e2e as e2e
from sagrada.i18n import catalogue_json

server, browser, page = e2e.server, e2e.browser, e2e.page
create = e2e.create

#: The test language: every message marked, so what is not marked did not come from it.
MARKED = "qps"
OPEN, CLOSE = "⟦", "⟧"
#: Every text node a person can see, and the attributes read out, of the page.
VISIBLE_WORDS = """() => {
  const words = [];
  const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
  for (let node = walker.nextNode(); node; node = walker.nextNode()) {
    const owner = node.parentElement;
    if (!owner || !node.textContent.trim()) continue;
    if (owner.closest('script, style, [hidden]')) continue;
    if (!owner.checkVisibility({visibilityProperty: true})) continue;
    words.push(node.textContent);
  }
  for (const node of document.querySelectorAll('[title], [aria-label], [placeholder], [alt]')) {
    if (node.closest('[hidden]')) continue;
    for (const name of ['title', 'aria-label', 'placeholder', 'alt']) {
      const value = node.getAttribute(name);
      if (value && value.trim()) words.push(value);
    }
  }
  words.push(document.title);
  return words;
}"""


def marked_catalogue() -> dict[str, Any]:
    """The English catalogue with every text (each plural form) marked."""
    english = catalogue_json("en")

    def mark(text: str) -> str:
        return f"{OPEN}{text}{CLOSE}"

    messages = {
        key: [mark(form) for form in text] if isinstance(text, list) else mark(text)
        for key, text in english["messages"].items()
    }
    languages = [*english["languages"], {"code": MARKED, "name": "Marked"}]
    return {**english, "language": MARKED, "languages": languages, "messages": messages}


@pytest.fixture
def marked(monkeypatch: pytest.MonkeyPatch) -> Iterator[None]:
    """Serve the marked test language too (the server runs in this process's thread)."""
    catalogue = marked_catalogue()
    served_languages = reference.languages
    served_catalogue = reference.catalogue_json
    monkeypatch.setattr(reference, "languages", lambda: [*served_languages(), MARKED])
    monkeypatch.setattr(
        reference,
        "catalogue_json",
        lambda language: catalogue if language == MARKED else served_catalogue(language),
    )
    yield


def speak(page: Page, language: str) -> None:
    """Let the page remember `language` as its reader's choice, from its first load on."""
    page.context.add_init_script(f"localStorage.setItem('sagrada.language', '{language}')")


def unmarked(words: list[str], names: set[str]) -> list[str]:
    """The words outside every mark that are not names (nor numbers, cells, symbols)."""
    found = []
    for text in words:
        rest = text
        while True:  # marks nest (a message inside a message): innermost first
            shorter = re.sub(f"{OPEN}[^{OPEN}{CLOSE}]*{CLOSE}", " ", rest)
            if shorter == rest:
                break
            rest = shorter
        for name in sorted(names, key=len, reverse=True):
            rest = rest.replace(name, " ")
        # Cells (B4) and a die's notation in a tool's picture are no words to translate.
        rest = re.sub(r"\b[A-D][1-5]\b", " ", rest)
        if re.search(r"[A-Za-zÄÖÜäöüß]{2,}", rest):
            found.append(text.strip())
    return found


def names_of(server: str, *views: dict[str, Any]) -> set[str]:
    """The names a page may show as they are: windows, players, the game's, and the words of
    a card that no catalogue translates (none in the shipped content)."""
    cards = httpx.get(server + "/api/cards").json()
    names = {"Sagrada", "English", "Deutsch", "Marked"}
    for kind in ("tools", "public_objectives", "private_objectives", "apprentice_cards"):
        names |= {card["name"] for card in cards[kind] if "name_message" not in card}
    names |= content_words(views)
    return names


#: The keys under which a view holds content: names of windows and cards, and cards' texts.
CONTENT_KEYS = {"name", "window", "pattern", "text", "restriction", "effect"}


def content_words(data: Any) -> set[str]:
    """Every content string under :data:`CONTENT_KEYS` anywhere in ``data``, but a card's
    words that come with their message (``name_message``...): the page says those from the
    catalogue."""
    if isinstance(data, dict):
        found = {
            v
            for k, v in data.items()
            if k in CONTENT_KEYS and isinstance(v, str) and f"{k}_message" not in data
        }
        return found.union(*(content_words(v) for v in data.values()))
    if isinstance(data, list | tuple):
        return set().union(*(content_words(v) for v in data))
    return set()


def assert_all_marked(page: Page, names: set[str], where: str) -> None:
    words = page.evaluate(VISIBLE_WORDS)
    assert words, where
    left = unmarked(words, names)
    assert not left, f"{where}: words that are not the catalogue's: {left}"


def finished_game(server: str) -> str:
    """A 2-player game two bots played to the end."""
    game = create(server, players=2, bots=["easy", "easy"])
    deadline = time.monotonic() + 60
    while httpx.get(f"{server}/api/games/{game['id']}").json()["status"] != "over":
        assert time.monotonic() < deadline, "the bots did not finish"
        time.sleep(0.2)
    return str(game["id"])


# -- German ------------------------------------------------------------------------------------


@pytest.fixture
def german_page(browser: Browser) -> Iterator[Page]:
    """A page in a browser whose language is German."""
    context = browser.new_context(locale="de-DE", viewport={"width": 1280, "height": 1000})
    context.add_init_script(e2e.ONCE_PER_TAB % "localStorage.setItem('sagrada.confirmTurn', '0')")
    page = context.new_page()
    page.set_default_timeout(15_000)
    errors: list[str] = []
    page.on("pageerror", lambda error: errors.append(str(error)))
    yield page
    context.close()
    assert not errors, f"the page threw: {errors}"


def test_a_browser_that_prefers_german_gets_the_lobby_in_german(
    server: str, german_page: Page
) -> None:
    german_page.goto(server + "/")
    expect(german_page.locator("html")).to_have_attribute("lang", "de")
    expect(german_page.get_by_test_id("start-bots")).to_contain_text("Gegen Bots spielen")
    e2e.open_more_options(german_page)
    expect(german_page.get_by_test_id("create-game")).to_have_text("Spiel erstellen")
    expect(german_page.locator("#new-game-title")).to_have_text("Neues Spiel")
    # The options' words are the catalogue's German, in the German rulebook's terms.
    expect(german_page.locator("label[for=players]")).to_have_text("Spieler")
    expect(german_page.get_by_test_id("language")).to_have_value("de")
    german_page.get_by_test_id("players").select_option("3")
    expect(german_page.get_by_test_id("seat-kind-2")).to_contain_text("Mittlerer Bot")


def test_a_german_game_page_speaks_the_rulebooks_words(server: str, german_page: Page) -> None:
    game = create(server, players=2, bots=[None, "easy"])
    german_page.goto(f"{server}/game/{game['id']}#token={game['seats'][0]['token']}")
    expect(german_page.get_by_test_id("decision")).to_contain_text("Muster")
    e2e.choose_window(german_page, 1)
    expect(german_page.get_by_test_id("pass-button")).to_have_text("Passen")
    expect(german_page.locator("body")).to_contain_text("Fundus")
    expect(german_page.locator("body")).to_contain_text("Rundenanzeiger")


def test_the_language_switch_is_remembered_on_every_page(server: str, page: Page) -> None:
    page.goto(server + "/")
    expect(page.get_by_test_id("start-bots")).to_contain_text("Play against bots")
    with page.expect_navigation():
        page.get_by_test_id("language").select_option("de")
    expect(page.get_by_test_id("start-bots")).to_contain_text("Gegen Bots spielen")
    game = create(server, game="cards", tools=3)
    page.goto(f"{server}/cards/{game['id']}#token={game['seats'][0]['token']}")
    expect(page.locator("html")).to_have_attribute("lang", "de")
    expect(page.get_by_test_id("language")).to_have_value("de")
    # And back: English again, remembered too.
    with page.expect_navigation():
        page.get_by_test_id("language").select_option("en")
    page.goto(server + "/")
    expect(page.get_by_test_id("start-bots")).to_contain_text("Play against bots")


# -- no word of the pages' own -----------------------------------------------------------------


def test_the_lobby_shows_no_word_of_its_own(server: str, page: Page, marked: None) -> None:
    finished_game(server)  # each list has a game to show
    create(server, players=3, bots=[None, None, "hard"])
    speak(page, MARKED)
    page.goto(server + "/")
    expect(page.get_by_test_id("game-item").first).to_be_visible()
    # Every option shown: a game created (with a person invited, so the lobby stays and shows
    # the invite links), the card lists opened, solo options at 1 player.
    e2e.open_more_options(page)
    page.get_by_test_id("seat-kind-1").select_option("person")
    page.get_by_test_id("create-game").click()
    expect(page.get_by_test_id("created-game")).to_be_visible()
    page.get_by_test_id("tools-chosen").check()
    names = names_of(server)
    assert_all_marked(page, names, "the lobby")
    page.get_by_test_id("players").select_option("1")
    assert_all_marked(page, names, "the lobby, solo")
    page.get_by_test_id("list-finished").click()
    expect(page.get_by_test_id("watch-game").first).to_be_visible()
    assert_all_marked(page, names, "the lobby's finished games")


def test_a_game_page_shows_no_word_of_its_own(server: str, page: Page, marked: None) -> None:
    speak(page, MARKED)
    game = create(server, players=2, bots=[None, "easy"], names=["Ada", "Bo"])
    token = game["seats"][0]["token"]
    page.goto(f"{server}/game/{game['id']}#token={token}")
    expect(page.get_by_test_id("window-option-1")).to_be_visible()
    names = names_of(server, e2e.view(server, game["id"], token))
    assert_all_marked(page, names, "choosing a window")
    e2e.choose_window(page, 1)
    expect(page.get_by_test_id("pass-button")).to_be_enabled(timeout=20_000)
    names = names_of(server, e2e.view(server, game["id"], token))
    assert_all_marked(page, names, "a turn")
    page.locator('[data-testid="pool-die"]').first.click()
    assert_all_marked(page, names, "a die selected")


def test_a_finished_game_shows_no_word_of_its_own(server: str, page: Page, marked: None) -> None:
    game_id = finished_game(server)
    speak(page, MARKED)
    page.goto(f"{server}/game/{game_id}")
    expect(page.locator("#end")).to_be_visible()
    spectator = httpx.get(f"{server}/api/games/{game_id}/view").json()
    assert_all_marked(page, names_of(server, spectator), "the final scores")


def test_the_card_game_shows_no_word_of_its_own(server: str, page: Page, marked: None) -> None:
    speak(page, MARKED)
    game = create(server, game="cards", tools=3)
    token = game["seats"][0]["token"]
    page.goto(f"{server}/cards/{game['id']}#token={token}")
    expect(page.get_by_test_id("window")).to_be_visible()
    view = e2e.view(server, game["id"], token)
    expect(page.get_by_test_id("decision")).not_to_be_empty()
    assert_all_marked(page, names_of(server, view), "the card game")
