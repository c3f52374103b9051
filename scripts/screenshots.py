"""The screenshot set (``make screenshots``; issue 28, item 9): the lobby, the window choice, a
turn with a tool card taken, a Life game (masterwork board and apprentice cards), the card game,
the end screen, the lobby's dialog to log in or sign up, "My games" of an account and its daily
challenge, a player's profile, a leaderboard and the scoring page (the rulebook's example), at
phone, tablet and desktop sizes, into docs/screenshots/ (``lobby-phone.png``; ``--lang de``:
docs/screenshots/de/).

A server of its own on a throw-away database; every game created through the REST API with a
fixed seed and played to the wanted moment through it (bots without delay), then the seat's page
opened in Debian's Chromium (the token in the fragment), with motion off, and saved once drawn.
"""

from __future__ import annotations

import argparse
import contextlib
import re
import time
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import httpx
from local_server import act, create, local_server, score_page, seat_page, seeded, view
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


def two_players() -> dict[str, Any]:
    return {"players": 2, "bots": [None, "easy"], "names": ["Ada", "Bruno"]}


def lobby(url: str) -> Scene:
    return Scene(f"{url}/", "game-list")


def window_choice(url: str) -> Scene:
    return Scene(seat_page(url, create(url, seed=SEED, **two_players())), "window-option-1")


def tool(url: str) -> Scene:
    turn = create(
        url,
        seed=SEED,
        players=3,
        bots=[None, "easy", "easy"],
        names=["Ada", "Bruno", "Chiara"],
        tools=[1, 5, 6],
    )
    play(url, turn, in_round(3))
    return Scene(seat_page(url, turn), "pool-die", take_a_tool)


def life(url: str) -> Scene:
    game = create(url, seed=SEED, **two_players(), masterwork=True, apprentice=True)
    play(url, game, in_round(3))
    return Scene(seat_page(url, game), "masterwork-board")


def card_game(url: str) -> Scene:
    cards = create(url, seed=SEED, game="cards")
    play(url, cards, lambda mine: len(mine["history"]) >= 6)
    return Scene(seat_page(url, cards), "tool-card")


def end(url: str) -> Scene:
    game = create(url, seed=SEED, **two_players())
    play(url, game, lambda mine: False)
    return Scene(seat_page(url, game), "score-table")


def log_in_dialog(url: str) -> Scene:
    """The lobby's dialog to log in or sign up, a guest's."""

    def open_dialog(page: Page) -> None:
        page.get_by_test_id("account-button").click()
        page.get_by_test_id("account-tab-sign-up").click()

    return Scene(f"{url}/", "game-list", open_dialog)


def my_games(url: str) -> Scene:
    """ "My games" of an account (logged in through the page's own form): a game where it is
    its turn, a seat offered to it, a game waiting for another player, a finished one."""
    with account(url, "Ada") as ada:
        for options in (two_players(), {"players": 2, "names": ["Ada", "Chiara"]}):
            ada.post("/api/games", json=options).raise_for_status()
        finished = ada.post("/api/games", json=two_players()).json()
        play(url, finished, lambda mine: False)
    with account(url, "Bruno") as bruno:
        offer = {"players": 2, "names": ["Bruno", "Ada"], "offers": [None, "Ada"]}
        bruno.post("/api/games", json=offer).raise_for_status()

    def log_in(page: Page) -> None:
        form = page.get_by_test_id("log-in-form")
        form.get_by_test_id("account-name").fill("Ada")
        form.get_by_test_id("account-password").fill(PASSWORD)
        form.get_by_test_id("account-submit").click()
        expect(page.get_by_test_id("me-game").first).to_be_visible(timeout=20_000)

    return Scene(f"{url}/me", "me-guest", log_in)


def daily(url: str) -> Scene:
    """The daily challenge of an account (logged in through the page's own form): the day's
    first game finished (its score, its place on the day's board beside another account's),
    the other started and not finished ("Continue")."""
    games = httpx.get(f"{url}/api/daily").json()["games"]
    for name in ("Bruno", "Ada"):
        with account(url, name) as client:
            started = client.post(f"/api/daily/{games[0]['game']}").json()
            attempt = {"id": started["id"], "seats": [{"token": started["token"]}]}
            play(url, attempt, lambda mine: False)
    with account(url, "Ada") as ada:
        ada.post(f"/api/daily/{games[-1]['game']}").raise_for_status()

    def log_in(page: Page) -> None:
        form = page.get_by_test_id("daily-guest").get_by_test_id("log-in-form")
        form.get_by_test_id("account-name").fill("Ada")
        form.get_by_test_id("account-password").fill(PASSWORD)
        form.get_by_test_id("account-submit").click()
        expect(page.get_by_test_id("daily-continue")).to_be_visible(timeout=20_000)

    return Scene(f"{url}/daily", "daily-guest", log_in)


def play_every_seat(url: str, game: dict[str, Any]) -> None:
    """Play every person's seat of ``game`` (its tokens in ``game["seats"]``) to the end, as
    :func:`play` plays one."""
    deadline = time.monotonic() + 120
    while time.monotonic() < deadline:
        now = view(url, game)
        if now["phase"] == "over":
            return
        seat = now["current_player"]
        legal = view(url, game, seat)["legal_actions"]
        drafts = [action for action in legal if DRAFT.match(action)]
        act(url, game, drafts[0] if drafts else "pass" if "pass" in legal else legal[0], seat=seat)
    raise RuntimeError("the game did not end in time")


def rated_game(url: str, first: str, second: str, seed: int) -> None:
    """A rated game of two players, played to its end: ``first`` makes it (a turn limit, no
    hints) and offers the other seat to ``second``, who takes it."""
    with account(url, first) as one, account(url, second) as two:
        options = {"players": 2, "turn_seconds": 600, "offers": [None, second]}
        with seeded(seed):
            made = one.post("/api/games", json=options)
        made.raise_for_status()
        game = made.json()
        joined = two.post(f"/api/games/{game['id']}/join", json={})
        joined.raise_for_status()
        game["seats"][1]["token"] = joined.json()["token"]
    play_every_seat(url, game)


def log_in_as(name: str) -> Callable[[Page], None]:
    """Log the page's browser in as ``name`` (through the API, its cookie kept) and load the
    page again."""

    def log_in(page: Page) -> None:
        origin = "/".join(page.url.split("/")[:3])
        answer = page.request.post(
            f"{origin}/api/session",
            data={"name": name, "password": PASSWORD},
            headers={"origin": origin},
        )
        assert answer.ok, answer.text()
        page.reload()
        expect(page.get_by_test_id("account-button")).to_have_attribute("data-state", "account")

    return log_in


def profile(url: str) -> Scene:
    """Ada's profile: three rated games against Bruno (a line of three points), a daily
    challenge (a solo score, a streak)."""
    for seed in (SEED, SEED + 1, SEED + 2):
        rated_game(url, "Ada", "Bruno", seed)
    with account(url, "Ada") as ada:
        # A day's game Ada has not started (the scene "daily" may have played them).
        fresh = [g["game"] for g in ada.get("/api/daily").json()["games"] if g["mine"] is None]
        started = ada.post(f"/api/daily/{fresh[0]}") if fresh else None
    if started is not None:
        started.raise_for_status()
        attempt = started.json()
        solo = {"id": attempt["id"], "seats": {attempt["seat"]: {"token": attempt["token"]}}}
        play_every_seat(url, solo)
    return Scene(f"{url}/players/Ada", "rating-line")


def leaderboard(url: str) -> Scene:
    """The two players' board, seen by Bruno (his place marked), with where the bots
    stand."""
    if not httpx.get(f"{url}/api/players/Ada").is_success:
        rated_game(url, "Ada", "Bruno", SEED)
    rated_game(url, "Chiara", "Bruno", SEED + 3)
    return Scene(f"{url}/leaderboard?mode=2p", "board-entry", log_in_as("Bruno"))


def scoring(url: str) -> Scene:
    """The scoring page with the rulebook's SCORING EXAMPLE entered (from its fragment)."""
    return Scene(score_page(url), "score-part")


#: A password of the accounts the pictures show.
PASSWORD = "stained glass window"


@contextlib.contextmanager
def account(url: str, name: str) -> Iterator[httpx.Client]:
    """A client logged in as the account ``name`` (made the first time), sending the pages'
    ``Origin``."""
    with httpx.Client(base_url=url, headers={"origin": url}, timeout=30) as client:
        made = client.post("/api/accounts", json={"name": name, "password": PASSWORD})
        if made.status_code == 409:
            client.post(
                "/api/session", json={"name": name, "password": PASSWORD}
            ).raise_for_status()
        else:
            made.raise_for_status()
        yield client


#: Each picture's name, with what makes its game and says what to show.
SCENES: dict[str, Callable[[str], Scene]] = {
    "lobby": lobby,
    "window-choice": window_choice,
    "tool": tool,
    "life": life,
    "card-game": card_game,
    "end": end,
    "log-in": log_in_dialog,
    "me": my_games,
    "daily": daily,
    "profile": profile,
    "leaderboard": leaderboard,
    "score": scoring,
}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--lang", default="en", help="the pages' language (en, de)")
    parser.add_argument("--out", type=Path, default=ROOT / "docs" / "screenshots")
    parser.add_argument("--chromium", default="/usr/bin/chromium")
    parser.add_argument("--only", nargs="*", choices=SCENES, help="these pictures alone")
    args = parser.parse_args()
    out = args.out if args.lang == "en" else args.out / args.lang
    out.mkdir(parents=True, exist_ok=True)
    with local_server() as url, sync_playwright() as playwright:
        browser = playwright.chromium.launch(
            executable_path=args.chromium, args=["--no-sandbox", "--disable-gpu"]
        )
        for name in args.only or SCENES:
            scene = SCENES[name](url)
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
