"""End-to-end tests in a real headless Chromium (Debian's, driven by Playwright).

A real server (uvicorn, in a thread, on a free loopback port, a fresh SQLite file) serves the
pages; the tests click through them as a person would: create a game against a bot in the
lobby, choose a window, draft and place dice by clicking (seeing the legal cells highlighted),
use a tool step by step, and reach the final score screen. A failing test leaves a screenshot
in ``test-artifacts/``.

``make test`` installs Debian's chromium when it is missing. Set ``SAGRADA_CHROMIUM`` to use
another Chromium binary.
"""

from __future__ import annotations

import os
import re
import shutil
import socket
import threading
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import httpx
import pytest
import uvicorn
from playwright.sync_api import Browser, Page, expect, sync_playwright

from sagrada.web.app import create_app

CHROMIUM = os.environ.get("SAGRADA_CHROMIUM") or shutil.which("chromium") or "/usr/bin/chromium"
ARTIFACTS = Path(__file__).resolve().parent.parent / "test-artifacts"
FLAGS = [
    "--headless",
    "--no-sandbox",
    "--disable-gpu",
    "--disable-quic",
    "--no-first-run",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
]


def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    database = tmp_path_factory.mktemp("e2e") / "e2e.db"
    app = create_app(f"sqlite:///{database}", bot_delay=0.02, games_per_minute=600)
    port = _free_port()
    config = uvicorn.Config(app, host="127.0.0.1", port=port, log_level="warning")
    runner = uvicorn.Server(config)
    thread = threading.Thread(target=runner.run, daemon=True)
    thread.start()
    url = f"http://127.0.0.1:{port}"
    deadline = time.monotonic() + 20
    while time.monotonic() < deadline:
        try:
            if httpx.get(url + "/api/health").status_code == 200:
                break
        except httpx.TransportError:
            time.sleep(0.05)
    else:  # pragma: no cover - the server did not start
        raise RuntimeError("the test server did not start")
    yield url
    runner.should_exit = True
    thread.join(timeout=10)


@pytest.fixture(scope="module")
def browser() -> Iterator[Browser]:
    if not Path(CHROMIUM).exists():
        pytest.fail(f"no Chromium at {CHROMIUM}: run `make test`, which installs Debian's chromium")
    with sync_playwright() as playwright:
        launched = playwright.chromium.launch(executable_path=CHROMIUM, args=FLAGS)
        yield launched
        launched.close()


@pytest.fixture
def page(browser: Browser, request: pytest.FixtureRequest) -> Iterator[Page]:
    context = browser.new_context(viewport={"width": 1280, "height": 1000})
    page = context.new_page()
    page.set_default_timeout(15_000)
    # An error thrown in the page (say a click handler naming something its module does not
    # import) fails the test, even when what the test looks at still came out right.
    errors: list[str] = []
    page.on("pageerror", lambda error: errors.append(str(error)))
    yield page
    report = getattr(request.node, "rep_call", None)
    if report is not None and report.failed:
        ARTIFACTS.mkdir(exist_ok=True)
        page.screenshot(path=str(ARTIFACTS / f"{request.node.name}.png"), full_page=True)
    context.close()
    assert not errors, f"the page threw: {errors}"


def create(server: str, **options: Any) -> dict[str, Any]:
    answer = httpx.post(server + "/api/games", json=options)
    assert answer.status_code == 201, answer.text
    return dict(answer.json())


def view(server: str, game_id: str, token: str) -> dict[str, Any]:
    return dict(httpx.get(f"{server}/api/games/{game_id}/view", params={"token": token}).json())


def my_window(page: Page, seat: int = 0) -> Any:
    return page.locator(f'[data-testid="window"][data-seat="{seat}"]')


def wait_for_my_turn(page: Page) -> None:
    expect(page.get_by_test_id("pass-button")).to_be_enabled(timeout=20_000)
    expect(page.get_by_test_id("turn-indicator")).to_contain_text("Your turn", timeout=20_000)


def test_lobby_creates_a_game_against_a_bot_and_opens_my_seat(server: str, page: Page) -> None:
    page.goto(server + "/")
    page.get_by_test_id("players").select_option("2")
    page.get_by_test_id("seat-kind-1").select_option("easy")
    page.get_by_test_id("create-game").click()
    page.get_by_test_id("open-seat").click()
    expect(page).to_have_url(re.compile(r"/game/[^?]+\?token="))
    # Setup: the four window options of this seat are shown; choose the first.
    page.get_by_test_id("window-option-1").click()
    expect(my_window(page).locator('[data-testid="cell"]')).to_have_count(20)


def test_draft_and_place_by_clicking_with_legal_cells_highlighted(server: str, page: Page) -> None:
    game = create(server, players=2, bots=[None, "medium"], tools=[1, 2, 3], names=["Ada", "Bot"])
    game_id, token = game["id"], game["seats"][0]["token"]
    page.goto(f"{server}/game/{game_id}?token={token}")
    page.get_by_test_id("window-option-2").click()
    wait_for_my_turn(page)
    # The engine's decision, rendered from the message catalogue with the seat's name.
    expect(page.get_by_test_id("decision")).to_have_text(
        "Ada: draft and place a die, use a tool, or pass"
    )

    placements = view(server, game_id, token)["placements"]
    die, cells = next((d, c) for d, c in placements.items() if c)
    page.locator(f'[data-testid="pool-die"][data-die="{die}"]').first.click()
    # Every legal cell of the die is highlighted in my window, and only those.
    highlighted = my_window(page).locator('[data-testid="cell"].legal')
    expect(highlighted).to_have_count(len(cells))
    shown = sorted(highlighted.evaluate_all("cells => cells.map(c => c.dataset.cell)"))
    assert shown == sorted(cells)
    my_window(page).locator(f'[data-cell="{cells[0]}"]').click()
    expect(my_window(page).locator(f'[data-cell="{cells[0]}"]')).to_have_attribute("data-die", die)
    expect(page.get_by_test_id("game-log")).to_contain_text(f"{die}@{cells[0]}")
    expect(page.get_by_test_id("game-log")).to_contain_text(f"placed the {die} on {cells[0]}")


def test_a_tool_step_by_step_and_cancel(server: str, page: Page) -> None:
    # Grozing Pliers (1): choose a pool die, +1 or -1, then place it.
    game = create(server, players=2, bots=[None, "medium"], tools=[1, 2, 3])
    game_id, token = game["id"], game["seats"][0]["token"]
    page.goto(f"{server}/game/{game_id}?token={token}")
    page.get_by_test_id("window-option-1").click()
    wait_for_my_turn(page)
    before = view(server, game_id, token)
    favor = before["players"][0]["favor_tokens"]

    # Start the tool and take a die, then cancel: nothing was committed.
    page.locator('[data-testid="tool-card"][data-tool="1"]').click()
    page.locator('[data-testid="pool-die"]').first.click()
    page.get_by_test_id("cancel-tool").click()
    assert view(server, game_id, token)["history"] == before["history"]

    page.locator('[data-testid="tool-card"][data-tool="1"]').click()
    page.locator('[data-testid="pool-die"]').first.click()
    expect(page.get_by_test_id("decision")).to_contain_text(
        "Grozing Pliers: raise (+1) or lower (-1) the"
    )
    choice = page.locator(
        '[data-testid="choice-button"][data-action="+1"], '
        '[data-testid="choice-button"][data-action="-1"]'
    ).first
    choice.click()
    # The adjusted die goes on a highlighted cell, or (if it fits nowhere) back to the pool,
    # which completes the tool at once.
    legal = my_window(page).locator('[data-testid="cell"].legal')
    base = len(before["history"])
    deadline = time.monotonic() + 10
    while len(view(server, game_id, token)["history"]) == base and time.monotonic() < deadline:
        if legal.count():
            legal.first.click()
            break
        time.sleep(0.05)
    expect(page.get_by_test_id("decision")).not_to_contain_text("Grozing Pliers", timeout=10_000)
    after = view(server, game_id, token)
    assert after["history"][base] == "T1"
    # 1 favor token if the card had none on it (the bot may have used it first), else 2.
    tokens_on_card = next(t for t in before["tools"] if t["number"] == 1)["favor_tokens"]
    assert after["players"][0]["favor_tokens"] == favor - (1 if tokens_on_card == 0 else 2)


def test_the_game_reaches_the_final_score_screen(server: str, page: Page) -> None:
    game = create(server, players=2, bots=[None, "easy"])
    game_id, token = game["id"], game["seats"][0]["token"]
    page.goto(f"{server}/game/{game_id}?token={token}")
    page.get_by_test_id("window-option-3").click()
    # Play every turn by clicking: the first highlighted placement of the first pool die that
    # has one, else pass.
    deadline = time.monotonic() + 150
    while time.monotonic() < deadline:
        current = view(server, game_id, token)
        if current["phase"] == "over":
            break
        if current["current_player"] != 0 or not current["legal_actions"]:
            time.sleep(0.05)
            continue
        wait_for_my_turn(page)
        placements = current.get("placements", {})
        drafts = [a for a in current["legal_actions"] if "@" in a and not a.startswith("@")]
        if drafts:
            die, cell = drafts[0].split("@")
            assert cell in placements[die]
            page.locator(f'[data-testid="pool-die"][data-die="{die}"]').first.click()
            my_window(page).locator(f'[data-cell="{cell}"]').click()
            expect(my_window(page).locator(f'[data-cell="{cell}"]')).to_have_attribute(
                "data-die", die
            )
        after = view(server, game_id, token)
        if after["phase"] != "over" and after["current_player"] == 0:
            page.get_by_test_id("pass-button").click()
        # Wait until the page shows the next state before reading it again.
        time.sleep(0.05)
    else:
        pytest.fail("the game did not end in time")
    table = page.get_by_test_id("score-table")
    expect(table).to_be_visible(timeout=20_000)
    final = view(server, game_id, token)
    totals = [s["total"] for s in final["scores"]]
    shown = page.locator('[data-testid="score-total"]').all_text_contents()
    assert [int(t) for t in shown] == totals


def test_a_masterwork_die_is_taken_turned_and_placed_by_clicking(server: str, page: Page) -> None:
    # Life's Masterwork module (docs/rules-clarifications.md): a Draft Pool die goes into a
    # slot of the masterwork board instead of the window, the orange die below it is placed at
    # once with a rotation, and the space's favor tokens are gained.
    game = create(server, players=2, bots=[None, "easy"], masterwork=True)
    game_id, token = game["id"], game["seats"][0]["token"]
    page.goto(f"{server}/game/{game_id}?token={token}")
    page.get_by_test_id("window-option-1").click()
    board = page.get_by_test_id("masterwork-board")
    expect(board.get_by_test_id("masterwork-space")).to_have_count(6)
    expect(board.get_by_test_id("house-note")).to_be_visible()

    # The first turn on which a slot takes a die (one always may, unless the die below fits
    # nowhere in the window): pass the turns before it.
    deadline = time.monotonic() + 60
    while True:
        assert time.monotonic() < deadline, "no masterwork slot was legal in time"
        current = view(server, game_id, token)
        if current["phase"] != "play" or current["current_player"] != 0 or not current["actions"]:
            time.sleep(0.05)
            continue
        wait_for_my_turn(page)
        slots = [a for a in current["actions"] if a["kind"] == "slot"]
        if slots:
            break
        page.get_by_test_id("pass-button").click()
        played = len(current["history"])
        while len(view(server, game_id, token)["history"]) == played:
            time.sleep(0.05)

    def space_of(action: dict[str, Any]) -> dict[str, Any]:
        spaces: list[dict[str, Any]] = current["masterwork"]["spaces"]
        return spaces[int(action["slot"][:-1]) - 1]

    # A slot whose space gives favor tokens, if one is legal.
    action = max(slots, key=lambda a: space_of(a)["favor"])
    die, slot, space = action["die"], action["slot"], space_of(action)
    favor = current["players"][0]["favor_tokens"]
    page.locator(f'[data-testid="pool-die"][data-die="{die}"]').first.click()
    # The slots the selected die may go to are highlighted, and only those.
    highlighted = board.locator('[data-testid="masterwork-slot"].legal')
    expected = sorted(a["slot"] for a in slots if a["die"] == die)
    expect(highlighted).to_have_count(len(expected))
    assert sorted(highlighted.evaluate_all("slots => slots.map(s => s.dataset.slot)")) == expected
    board.locator(f'[data-slot="{slot}"]').click()
    expect(board.locator(f'[data-slot="{slot}"]')).to_have_attribute("data-die", die)

    # The die in hand: its symbol and the rotation chosen (by keyboard, then by clicking).
    page.get_by_test_id("rotation-180").focus()
    page.keyboard.press("Enter")
    expect(page.get_by_test_id("rotation-180")).to_have_attribute("aria-pressed", "true")
    page.get_by_test_id("rotation-90").click()
    expect(page.get_by_test_id("rotation-90")).to_have_attribute("aria-pressed", "true")
    expect(page.get_by_test_id("rotation-180")).to_have_attribute("aria-pressed", "false")
    symbol = space["symbol"]
    # Its label names the symbol, the rotation and what the symbol asks (the view's face).
    explanation = next(f for f in current["masterwork"]["faces"] if f["symbol"] == symbol)
    assert explanation["explanation"]["id"].startswith("masterwork.requirement.")
    expect(page.get_by_test_id("held-die")).to_have_attribute(
        "aria-label", re.compile(rf"^in hand: {symbol} masterwork die turned 90°; {symbol}: \w")
    )
    cells = view(server, game_id, token)["masterwork_placements"]
    legal = my_window(page).locator('[data-testid="cell"].legal')
    expect(legal).to_have_count(len(cells))
    assert sorted(legal.evaluate_all("cells => cells.map(c => c.dataset.cell)")) == sorted(cells)
    my_window(page).locator(f'[data-cell="{cells[0]}"]').click()

    placed = my_window(page).locator(f'[data-cell="{cells[0]}"]')
    expect(placed).to_have_attribute("data-die", f"O{symbol}90")
    entry = next(
        d for d in view(server, game_id, token)["players"][0]["masterwork_dice"]
        if d["cell"] == cells[0]
    )
    met = "met" if entry["met"] else "not met"
    expect(placed).to_have_attribute("data-met", "true" if entry["met"] else "false")
    label = rf"^cell {cells[0]}, {symbol} masterwork die turned 90°, requirement {met}\b"
    expect(placed).to_have_attribute("aria-label", re.compile(label))
    # An arrow is drawn for each direction, those off the window marked apart.
    expect(placed.locator(".arrow")).to_have_count(len(entry["arrows"]))
    expect(placed.locator(".arrow.off")).to_have_count(entry["targets"].count(None))
    directions = placed.locator(".arrow").evaluate_all("a => a.map(e => e.dataset.direction)")
    assert directions == entry["arrows"]
    mine = page.locator('[data-testid="player"][data-seat="0"] [data-testid="favor-tokens"]')
    expect(mine).to_have_text(f"◉ {favor + space['favor']}")
    expect(page.get_by_test_id("game-log")).to_contain_text(f"{die}/{slot}")


def test_colour_blind_mode_and_a_phone_screen(server: str, browser: Browser) -> None:
    game = create(server, players=2, bots=[None, "easy"])
    context = browser.new_context(viewport={"width": 390, "height": 844}, is_mobile=True)
    phone = context.new_page()
    try:
        phone.goto(f"{server}/game/{game['id']}?token={game['seats'][0]['token']}")
        phone.get_by_test_id("window-option-1").click()
        expect(phone.locator('[data-testid="pool-die"]').first).to_be_visible(timeout=20_000)
        # Nothing overflows the phone's width.
        width = phone.evaluate("document.documentElement.scrollWidth")
        assert width <= 390 + 1
        phone.get_by_test_id("colour-blind-toggle").click()
        assert phone.evaluate("document.body.classList.contains('colour-blind')") or phone.evaluate(
            "document.documentElement.classList.contains('colour-blind')"
        )
    finally:
        context.close()
