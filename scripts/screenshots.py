"""The screenshot set (``make screenshots``; issue 28, item 9): the lobby, the window choice, a
turn with a tool card taken, a Life game (masterwork board and apprentice cards), the card game
and the end screen, at phone, tablet and desktop sizes, into docs/screenshots/
(``lobby-phone.png``; ``--lang de``: docs/screenshots/de/).

A server of its own on a throw-away database; every game created through the REST API with a
fixed seed and played to the wanted moment through it (bots without delay), then the seat's page
opened in Debian's Chromium (the token in the fragment), with motion off, and saved once drawn.
"""

from __future__ import annotations

import argparse
import re
import time
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from local_server import act, create, local_server, seat_page, view
from playwright.sync_api import Page, expect, sync_playwright

ROOT = Path(__file__).resolve().parent.parent
SIZES = {"phone": (390, 844), "tablet": (820, 1180), "desktop": (1366, 768)}
#: A draft-and-place action (``R3@B4``; the card game's too).
DRAFT = re.compile(r"^[RYGBP][1-6]@[A-D][1-5]$")
#: The seed every game is dealt from: the same pictures every run.
SEED = 7


@dataclass(frozen=True)
class Scene:
    """One screenshot: the page's address, what shows it is drawn, what to do on it first."""

    address: str
    ready: str
    then: Callable[[Page], None] = lambda page: None


def play(url: str, game: dict[str, Any], until: Callable[[dict[str, Any]], bool]) -> None:
    """Play seat 0 (a draft, else pass, else the first legal action) until ``until(its view)``
    holds on its turn, or the game is over; the bots play themselves."""
    deadline = time.monotonic() + 120
    while time.monotonic() < deadline:
        mine = view(url, game)
        if mine["phase"] == "over" or (mine["legal_actions"] and until(mine)):
            return
        legal = mine["legal_actions"]
        if not legal:
            time.sleep(0.01)  # a bot's turn
            continue
        drafts = [action for action in legal if DRAFT.match(action)]
        act(url, game, drafts[0] if drafts else "pass" if "pass" in legal else legal[0])
    raise RuntimeError("the game did not get there in time")


def in_round(number: int) -> Callable[[dict[str, Any]], bool]:
    """The first turn of the seat in round ``number`` (its window chosen)."""
    return lambda mine: mine["phase"] == "play" and mine["round"] >= number


def take_a_tool(page: Page) -> None:
    """Take the first tool card and a Draft Pool die for it (its next step shown)."""
    page.get_by_test_id("tool-card").first.click()
    page.get_by_test_id("pool-die").first.click()


def scenes(url: str) -> dict[str, Scene]:
    """Create and play each scene's game; return the scenes."""
    two = {"players": 2, "bots": [None, "easy"], "names": ["Ada", "Bruno"]}
    choice = create(url, seed=SEED, **two)
    turn = create(
        url,
        seed=SEED,
        players=3,
        bots=[None, "easy", "easy"],
        names=["Ada", "Bruno", "Chiara"],
        tools=[1, 5, 6],
    )
    play(url, turn, in_round(3))
    life = create(url, seed=SEED, **two, masterwork=True, apprentice=True)
    play(url, life, in_round(3))
    cards = create(url, seed=SEED, game="cards")
    play(url, cards, lambda mine: len(mine["history"]) >= 6)
    end = create(url, seed=SEED, **two)
    play(url, end, lambda mine: False)
    return {
        "lobby": Scene(f"{url}/", "game-list"),
        "window-choice": Scene(seat_page(url, choice), "window-option-1"),
        "tool": Scene(seat_page(url, turn), "pool-die", take_a_tool),
        "life": Scene(seat_page(url, life), "masterwork-board"),
        "card-game": Scene(seat_page(url, cards), "tool-card"),
        "end": Scene(seat_page(url, end), "score-table"),
    }


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--lang", default="en", help="the pages' language (en, de)")
    parser.add_argument("--out", type=Path, default=ROOT / "docs" / "screenshots")
    parser.add_argument("--chromium", default="/usr/bin/chromium")
    args = parser.parse_args()
    out = args.out if args.lang == "en" else args.out / args.lang
    out.mkdir(parents=True, exist_ok=True)
    with local_server() as url, sync_playwright() as playwright:
        browser = playwright.chromium.launch(
            executable_path=args.chromium, args=["--no-sandbox", "--disable-gpu"]
        )
        for name, scene in scenes(url).items():
            for size, (width, height) in SIZES.items():
                context = browser.new_context(
                    viewport={"width": width, "height": height},
                    reduced_motion="reduce",
                    locale=args.lang,
                )
                context.add_init_script(f"localStorage.setItem('sagrada.language', '{args.lang}')")
                page = context.new_page()
                page.goto(scene.address)
                expect(page.get_by_test_id(scene.ready).first).to_be_visible(timeout=20_000)
                scene.then(page)
                page.wait_for_load_state("networkidle")
                page.evaluate("document.fonts.ready")
                # A click may have scrolled the page: each picture starts at the page's top.
                page.evaluate("window.scrollTo(0, 0)")
                page.screenshot(path=out / f"{name}-{size}.png")
                context.close()
                print(out / f"{name}-{size}.png")
        browser.close()


if __name__ == "__main__":
    main()
