"""Browser tests of the pieces and their motion (issue 28: the face of the game).

In the headless Chromium of ``tests/test_e2e.py`` (its server, browser and page fixtures):

- colour-blind mode's shapes are at least 14 px on a Draft Pool die and in your window, on a
  desktop and on a phone;
- a drafted die travels from the Draft Pool to its cell (an animation of the die's transform
  as the page draws it there), a new round's dice tumble into the Draft Pool, and nothing
  moves under prefers-reduced-motion;
- a house card carries a small badge whose tooltip and accessible name are the catalogue's
  words for it, in English and in German, in place of the long line of text.
"""

from __future__ import annotations

import time
from typing import Any

import httpx
from playwright.sync_api import Browser, Page, expect

import test_e2e as e2e

# The server, browser and page of the browser tests, and their helpers.
server, browser, page = e2e.server, e2e.browser, e2e.page
create, view, my_window = e2e.create, e2e.view, e2e.my_window
wait_for_my_turn = e2e.wait_for_my_turn

#: The box of the colour-blind shape on each face matched.
GLYPHS = """faces => faces.map(face => {
  const glyph = face.querySelector(':scope > .glyph');
  const box = glyph.getBoundingClientRect();
  return {shown: getComputedStyle(glyph).display !== 'none', w: box.width, h: box.height,
          text: glyph.textContent};
})"""

#: Watch one cell until a die lies on it: then note the animations running on that die and
#: on the whole page (read in the same turn of the page's work that drew the die).
WATCH_CELL = """selector => {
  window.__drawn = null;
  const observer = new MutationObserver(() => {
    const cell = document.querySelector(selector);
    if (!cell || !cell.dataset.die) return;
    observer.disconnect();
    const die = cell.querySelector('.face.die');
    const onDie = die ? die.getAnimations() : [];
    window.__drawn = {
      onDie: onDie.length,
      page: document.getAnimations().length,
      from: onDie.length ? String(onDie[0].effect.getKeyframes()[0].transform) : null,
    };
  });
  observer.observe(document.body, {subtree: true, childList: true, attributes: true});
}"""


#: Watch the Round Track until round 1's leftover dice lie on it: then note how many dice the
#: Draft Pool holds and how many of them are moving.
WATCH_ROLL = """() => {
  window.__rolled = null;
  const observer = new MutationObserver(() => {
    if (!document.querySelector('[data-round="1"] [data-testid="track-die"]')) return;
    observer.disconnect();
    const faces = [...document.querySelectorAll('[data-testid="pool-die"] .face.die')];
    const moving = face => face.getAnimations().some(a => !(a instanceof CSSAnimation));
    window.__rolled = {dice: faces.length, tumbling: faces.filter(moving).length};
  });
  observer.observe(document.body, {subtree: true, childList: true});
}"""


def new_page(browser: Browser, **options: Any) -> Page:
    """A page of its own context (``options``: the context's), sending each action at once."""
    context = browser.new_context(**{"viewport": {"width": 1280, "height": 1000}, **options})
    context.add_init_script(e2e.ONCE_PER_TAB % "localStorage.setItem('sagrada.confirmTurn', '0')")
    tab = context.new_page()
    tab.set_default_timeout(15_000)
    return tab


def noted(tab: Page, name: str, timeout: float = 20) -> Any:
    """What the page noted in window[name], once it has (polled from here: the page's
    Content-Security-Policy forbids the evaluated strings of Playwright's own waiting)."""
    deadline = time.monotonic() + timeout
    while (note := tab.evaluate(f"window.{name}")) is None:
        assert time.monotonic() < deadline, f"the page noted no {name}"
        time.sleep(0.05)
    return note


def start_game(tab: Page, server: str) -> tuple[str, str]:
    """A game against a bot, seat 0's page open on its first window; answer (id, token)."""
    game = create(server, players=2, bots=[None, "easy"])
    game_id, token = game["id"], game["seats"][0]["token"]
    tab.goto(f"{server}/game/{game_id}#token={token}")
    tab.get_by_test_id("window-option-1").click()
    wait_for_my_turn(tab)
    return game_id, token


def draft_watching(tab: Page, server: str, game_id: str, token: str) -> dict[str, Any]:
    """Draft and place a die by clicking; answer what animated as the die came to its cell."""
    draft = next(a for a in view(server, game_id, token)["actions"] if a["kind"] == "draft")
    cell = f'[data-testid="window"][data-seat="0"] [data-cell="{draft["cell"]}"]'
    tab.evaluate(WATCH_CELL, cell)
    tab.locator(f'[data-testid="pool-die"][data-die="{draft["die"]}"]').first.click()
    tab.locator(cell).click()
    return dict(noted(tab, "__drawn"))


# -- colour-blind shapes ----------------------------------------------------------------------


def test_colour_blind_shapes_are_at_least_14_px_in_the_pool_and_in_my_window(
    server: str, browser: Browser
) -> None:
    for viewport in ({"width": 1280, "height": 1000}, {"width": 390, "height": 844}):
        tab = new_page(browser, viewport=viewport)
        try:
            game_id, token = start_game(tab, server)
            draft_watching(tab, server, game_id, token)
            if viewport["width"] < 768:  # a phone's top bar keeps the toggle in its menu
                tab.get_by_test_id("menu-button").click()
            tab.get_by_test_id("colour-blind-toggle").click()
            wait_for_my_turn(tab)
            pool = tab.locator('[data-testid="pool-die"] .face.die').evaluate_all(GLYPHS)
            placed = my_window(tab).locator(".face.die").evaluate_all(GLYPHS)
            panes = my_window(tab).locator('.face.space[class*="colour-"]').evaluate_all(GLYPHS)
            assert pool and placed and panes, viewport
            for glyph in pool + placed + panes:
                assert glyph["shown"], (viewport, glyph)
                assert glyph["h"] >= 14 and glyph["w"] >= 10, (viewport, glyph)
        finally:
            tab.context.close()


# -- motion -----------------------------------------------------------------------------------


def test_the_drafted_die_travels_from_the_pool_to_its_cell(server: str, browser: Browser) -> None:
    tab = new_page(browser)
    try:
        game_id, token = start_game(tab, server)
        drawn = draft_watching(tab, server, game_id, token)
        assert drawn["onDie"] >= 1, drawn
        # It starts where the pool die was: moved away from its cell.
        assert drawn["from"] and "translate" in drawn["from"], drawn
    finally:
        tab.context.close()


def test_a_new_rounds_dice_tumble_into_the_pool(server: str, browser: Browser) -> None:
    tab = new_page(browser)
    try:
        start_game(tab, server)
        tab.evaluate(WATCH_ROLL)
        # Round 1 ends after my second turn: pass both; the next round's dice are rolled.
        tab.get_by_test_id("pass-button").click()
        wait_for_my_turn(tab)
        tab.get_by_test_id("pass-button").click()
        rolled = noted(tab, "__rolled")
        assert rolled["dice"] >= 5 and rolled["tumbling"] == rolled["dice"], rolled
    finally:
        tab.context.close()


#: Watch the die in hand until it shows another face: then note whether that face is moving.
WATCH_HAND = """() => {
  window.__changed = null;
  const before = document.querySelector('[data-testid="held-die"]').dataset.die;
  const observer = new MutationObserver(() => {
    const held = document.querySelector('[data-testid="held-die"]');
    if (!held || held.dataset.die === before) return;
    observer.disconnect();
    const face = held.querySelector(':scope > .face');
    window.__changed = {die: held.dataset.die, moving: face.getAnimations().length};
  });
  observer.observe(document.body, {subtree: true, childList: true, attributes: true});
}"""


def test_a_tools_change_to_the_die_in_hand_shows_on_that_die(server: str, browser: Browser) -> None:
    # FACE.md, "Motion": a tool's change (flip, +1/-1, swap) animates on the die it changes.
    tab = new_page(browser)
    try:
        game = create(
            server, players=2, bots=[None, "easy"], tools=[1, 5, 6]
        )  # Grozing Pliers first
        tab.goto(f"{server}/game/{game['id']}#token={game['seats'][0]['token']}")
        tab.get_by_test_id("window-option-1").click()
        wait_for_my_turn(tab)
        tab.get_by_test_id("tool-card").first.click()
        die = tab.get_by_test_id("pool-die").first
        value = int(die.get_attribute("data-die")[1])
        die.click()
        expect(tab.get_by_test_id("held-die")).to_be_visible()
        tab.evaluate(WATCH_HAND)
        # Up, unless a 6 (a 6 cannot become a 1): then down, the only button.
        buttons = tab.get_by_test_id("choice-button")
        (buttons.last if value == 6 else buttons.first).click()
        changed = noted(tab, "__changed")
        assert int(changed["die"][1]) == (5 if value == 6 else value + 1), changed
        assert changed["moving"] >= 1, changed
    finally:
        tab.context.close()


def test_nothing_moves_under_prefers_reduced_motion(server: str, browser: Browser) -> None:
    tab = new_page(browser, reduced_motion="reduce")
    try:
        game_id, token = start_game(tab, server)
        drawn = draft_watching(tab, server, game_id, token)
        assert drawn == {"onDie": 0, "page": 0, "from": None}
        # Nor later: the pool's legal dice and the cells do not pulse.
        assert tab.evaluate("document.getAnimations().length") == 0
    finally:
        tab.context.close()


def test_the_card_games_legal_spaces_glow_once_a_card_is_taken(
    server: str, browser: Browser
) -> None:
    # Found by a newcomer: "Click a highlighted space", and none looked different.
    game = create(server, game="cards")
    tab = new_page(browser)
    try:
        tab.goto(f"{server}/cards/{game['id']}#token={game['seats'][0]['token']}")
        tab.get_by_test_id("drawn-card").first.click()
        legal = tab.locator('[data-testid="cell"].legal > .face').first
        expect(legal).to_be_visible()
        # The theme's legal colour (as the browser writes a colour) rings the legal space only.
        ring = tab.evaluate(
            """() => { const probe = document.createElement('span');
              probe.style.color = 'var(--legal)'; document.body.append(probe);
              const colour = getComputedStyle(probe).color; probe.remove(); return colour; }"""
        )
        shadow = "f => getComputedStyle(f).boxShadow"
        assert ring in legal.evaluate(shadow)
        plain = tab.locator('[data-testid="cell"]:not(.legal) > .face')
        assert all(ring not in box for box in plain.evaluate_all(f"faces => faces.map({shadow})"))
    finally:
        tab.context.close()


# -- the house card's badge -------------------------------------------------------------------


def test_a_house_card_carries_a_badge_saying_what_it_means(server: str, browser: Browser) -> None:
    game = create(server, game="cards", tools=3)
    address = f"{server}/cards/{game['id']}#token={game['seats'][0]['token']}"
    for language in ("en", "de"):
        catalogue = httpx.get(f"{server}/api/messages?language={language}").json()
        meaning = catalogue["messages"]["card.house"]
        tab = new_page(browser)
        tab.context.add_init_script(f"localStorage.setItem('sagrada.language', '{language}')")
        try:
            tab.goto(address)
            tool = tab.get_by_test_id("tool-card").first
            badge = tool.get_by_test_id("house-note")
            expect(badge).to_be_visible()
            expect(badge).to_have_attribute("title", meaning)
            expect(tool.get_by_role("img", name=meaning)).to_be_visible()
            # A badge, not the long line: the card's visible text does not say it.
            assert meaning not in tool.inner_text()
            width = badge.evaluate("b => b.getBoundingClientRect().width")
            assert width <= 32
        finally:
            tab.context.close()
