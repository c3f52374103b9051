"""A seat's token never in an address, in a real headless Chromium (docs/web-api.md, "Tokens").

A seat's page carries its token in the fragment of its link (``#token=``), which no server
sees, and moves it at once into the tab's storage, out of the address bar; it asks for its
view with the token in the ``Authorization`` header and says it to the WebSocket in its first
message. Old links (``?token=``, ``?invite=``) still work and end with the secret out of the
address. Every request the page makes is recorded here: none names the token, none carries a
Referer.
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from typing import Any

import httpx
import pytest
from playwright.sync_api import Browser, Page, Request, WebSocket, expect

from test_e2e import (  # noqa: F401  (fixtures)
    browser,
    choose_window,
    create,
    my_window,
    open_more_options,
    page,
    seat_address,
    seat_of,
    server,
    view,
    wait_for_my_turn,
)


class Requests:
    """Every request a page makes (its address and Referer) and every WebSocket it opens."""

    def __init__(self, tab: Page) -> None:
        self.seen: list[tuple[str, str | None]] = []
        self.sockets: list[str] = []
        self.frames: list[str] = []
        tab.on("request", self.request)
        tab.on("websocket", self.socket)

    def request(self, request: Request) -> None:
        self.seen.append((request.url, request.headers.get("referer")))

    def socket(self, socket: WebSocket) -> None:
        self.sockets.append(socket.url)
        socket.on("framesent", lambda payload: self.frames.append(str(payload)))

    def assert_no_secret(self, *secrets: str, first: int = 0) -> None:
        """No request from the ``first`` on (and no socket) names a secret or has a Referer."""
        assert self.seen[first:], "the page made no request"
        for url, referer in self.seen[first:]:
            assert not referer, (url, referer)
            for secret in secrets:
                assert secret not in url, url
        for url in self.sockets:
            assert "?" not in url and all(secret not in url for secret in secrets), url


@pytest.fixture
def second_tab(browser: Browser) -> Iterator[Page]:  # noqa: F811
    context = browser.new_context(viewport={"width": 1280, "height": 1000})
    context.add_init_script("localStorage.setItem('sagrada.confirmTurn', '0')")
    tab = context.new_page()
    tab.set_default_timeout(15_000)
    yield tab
    context.close()


def test_no_address_a_played_turn_asks_for_holds_the_token(server: str, page: Page) -> None:  # noqa: F811
    game = create(server, players=2, bots=[None, "medium"], tools=[1, 2, 3], names=["Ada", "Bot"])
    game_id, token = game["id"], game["seats"][0]["token"]
    requests = Requests(page)
    page.goto(f"{server}/game/{game_id}#token={token}")
    # The token leaves the address bar at once, into the tab's storage.
    expect(page).to_have_url(f"{server}/game/{game_id}")
    choose_window(page, 1)
    wait_for_my_turn(page)
    placements = view(server, game_id, token)["placements"]
    die, cells = next((d, c) for d, c in placements.items() if c)
    page.locator(f'[data-testid="pool-die"][data-die="{die}"]').first.click()
    my_window(page).locator(f'[data-cell="{cells[0]}"]').click()
    expect(my_window(page).locator(f'[data-cell="{cells[0]}"]')).to_have_attribute("data-die", die)
    page.get_by_test_id("chat-input").fill("hello")
    page.get_by_test_id("chat-send").click()
    expect(page.get_by_test_id("chat-messages")).to_contain_text("hello")
    page.get_by_test_id("pass-button").click()
    wait_for_my_turn(page)  # the bot has played its turns: views came over the socket

    requests.assert_no_secret(token)
    assert any("/view" in url for url, _ in requests.seen)
    # The socket heard the token in its first message, not in its address.
    assert requests.sockets == [f"{server.replace('http', 'ws')}/api/games/{game_id}/ws"]
    assert '"type":"hello"' in requests.frames[0] and token in requests.frames[0]
    expect(page).to_have_url(f"{server}/game/{game_id}")
    assert seat_of(page) == (game_id, token)


def test_an_old_token_link_ends_with_the_token_out_of_the_address_bar(
    server: str,  # noqa: F811
    page: Page,  # noqa: F811
) -> None:
    game = create(server, players=2, bots=[None, "easy"])
    game_id, token = game["id"], game["seats"][0]["token"]
    requests = Requests(page)
    page.goto(f"{server}/game/{game_id}?token={token}&lang=en")
    expect(page).to_have_url(f"{server}/game/{game_id}?lang=en")
    expect(page.get_by_test_id("window-option-1")).to_be_visible()  # the seat's own choice
    # Only the old link's own request named it: nothing the page asked for after.
    assert token in requests.seen[0][0]
    requests.assert_no_secret(token, first=1)
    # A reload keeps the seat: the tab holds the token.
    page.reload()
    expect(page.get_by_test_id("window-option-1")).to_be_visible()
    assert token not in page.url
    choose_window(page, 1)
    expect(my_window(page).locator('[data-testid="cell"]')).to_have_count(20)


def test_an_old_token_link_by_another_games_address_plays_the_seat(
    server: str,  # noqa: F811
    page: Page,  # noqa: F811
) -> None:
    game = create(server, game="cards")
    game_id, token = game["id"], game["seats"][0]["token"]
    page.goto(f"{server}/game/{game_id}?token={token}")
    expect(page).to_have_url(f"{server}/game/{game_id}")
    expect(page.locator("body")).to_have_attribute("data-game", "cards")
    expect(page.get_by_test_id("drawn-card").first).to_be_visible()
    assert seat_of(page) == (game_id, token)
    # Loaded again (no secret in the address), the card game's own address, still the seat.
    page.reload()
    expect(page).to_have_url(seat_address("cards"))
    expect(page.get_by_test_id("drawn-card").first).to_be_visible()


def test_an_invite_link_of_the_lobby_keeps_its_code_in_the_fragment(
    server: str,  # noqa: F811
    page: Page,  # noqa: F811
    second_tab: Page,
) -> None:
    page.goto(server + "/")
    open_more_options(page)
    page.get_by_test_id("players").select_option("2")
    page.get_by_test_id("seat-kind-1").select_option("person")
    page.get_by_test_id("create-game").click()
    link = page.get_by_test_id("invite-link").input_value()
    assert re.search(r"/game/[^/?#]+#invite=[\w-]+$", link), link
    invite = link.split("#invite=")[1]
    requests = Requests(second_tab)
    second_tab.goto(link)
    # The code is exchanged for the seat's own token, which never shows in the address.
    expect(second_tab.get_by_test_id("window-option-1")).to_be_visible()
    expect(second_tab).to_have_url(seat_address("game"))
    game_id, token = seat_of(second_tab)
    assert view(server, game_id, token)["seat"] == 1
    requests.assert_no_secret(invite, token)


def test_an_old_invite_link_ends_with_no_secret_in_the_address(
    server: str,  # noqa: F811
    page: Page,  # noqa: F811
) -> None:
    game = create(server, players=2)
    game_id, invite = game["id"], game["seats"][1]["invite"]
    requests = Requests(page)
    page.goto(f"{server}/game/{game_id}?invite={invite}")
    expect(page.get_by_test_id("window-option-1")).to_be_visible()
    expect(page).to_have_url(f"{server}/game/{game_id}")
    _, token = seat_of(page)
    assert view(server, game_id, token)["seat"] == 1
    requests.assert_no_secret(invite, token, first=1)
    seats = httpx.get(f"{server}/api/games/{game_id}").json()["seats"]
    assert [s["claimed"] for s in seats] == [True, True]


def test_the_pages_run_under_the_content_security_policy(server: str, page: Page) -> None:  # noqa: F811
    # The page fixture fails a test on any report of the policy; here the lobby and a game's
    # page open their rules help (once an inline script) under it.
    answer: Any = page.goto(server + "/")
    assert "frame-ancestors 'none'" in answer.headers["content-security-policy"]
    page.get_by_test_id("help-button").click()
    expect(page.get_by_test_id("help-dialog")).to_be_visible()
    game = create(server, players=2, bots=[None, "easy"])
    page.goto(f"{server}/game/{game['id']}#token={game['seats'][0]['token']}")
    page.get_by_test_id("help-button").click()
    expect(page.get_by_test_id("help-dialog")).to_be_visible()
