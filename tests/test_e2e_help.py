"""The rules help in Chromium (issue 15, "Rules help"): opened from anywhere by the header's
"Rules" button or by "?" (not while typing), closed by Escape; its search finds a card by name
with its text and its picture; a house card says so; in a German browser it speaks German
(issue 15, German), the cards' names and texts too (issue 28). Its own server (the fixtures
of test_e2e)."""

from __future__ import annotations

from playwright.sync_api import Browser, Page, expect

from test_e2e import browser, choose_window, create, page, server  # noqa: F401  (fixtures)


def test_question_mark_opens_the_help_on_the_lobby_and_escape_closes_it(
    server: str,  # noqa: F811
    page: Page,  # noqa: F811
) -> None:
    page.goto(server + "/")
    expect(page.get_by_test_id("game-list")).to_be_attached()
    dialog = page.get_by_test_id("help-dialog")
    expect(dialog).to_have_count(0)
    page.locator("body").press("?")
    expect(dialog).to_be_visible()
    expect(dialog).to_have_attribute("role", "dialog")
    expect(dialog).to_have_attribute("aria-modal", "true")
    # Every game's tabs, from each game's own help module, in the registry's order; the lobby
    # has no game of its own: the help opens on the default game's first tab.
    tabs = dialog.get_by_role("tab")
    expect(tabs).to_have_count(5)
    ids = [tab.get_attribute("data-testid") for tab in tabs.all()]
    assert ids == [f"help-tab-{t}" for t in ("rules", "tools", "objectives", "options", "cardgame")]
    expect(page.get_by_test_id("help-tab-rules")).to_have_attribute("aria-selected", "true")
    # The rules in short, from the server's help file, with the rulebook cited.
    sections = dialog.get_by_test_id("help-section")
    expect(sections.filter(has_text="Placing dice")).to_contain_text("edge or in a corner")
    expect(sections.first).to_contain_text("Rulebook: Sagrada, English edition, Overview")
    page.keyboard.press("Escape")
    expect(dialog).to_be_hidden()
    # The Rules button opens it too, and focus comes back to the button when it closes.
    page.get_by_test_id("help-button").click()
    expect(dialog).to_be_visible()
    page.keyboard.press("Escape")
    expect(dialog).to_be_hidden()
    expect(page.get_by_test_id("help-button")).to_be_focused()


def test_typing_a_question_mark_in_an_input_does_not_open_the_help(
    server: str,  # noqa: F811
    page: Page,  # noqa: F811
) -> None:
    page.goto(server + "/")
    name = page.get_by_test_id("join-name")
    name.click()
    name.press_sequentially("Who? Me?")
    expect(name).to_have_value("Who? Me?")
    expect(page.get_by_test_id("help-dialog")).to_have_count(0)
    # Out of the input, the same key opens it.
    page.locator("h1").click()
    page.keyboard.press("?")
    expect(page.get_by_test_id("help-dialog")).to_be_visible()


def test_the_help_opens_on_a_game_page_and_keeps_focus_inside(
    server: str,  # noqa: F811
    page: Page,  # noqa: F811
) -> None:
    game = create(server, players=2, bots=[None, "easy"], tools=[1, 2, 3])
    page.goto(f"{server}/game/{game['id']}#token={game['seats'][0]['token']}")
    expect(page.get_by_test_id("window-option-1")).to_be_visible()
    page.locator("body").press("?")
    dialog = page.get_by_test_id("help-dialog")
    expect(dialog).to_be_visible()
    expect(dialog.get_by_test_id("help-search")).to_be_focused()
    # The dice game's page opens the help on the dice game's rules.
    expect(page.get_by_test_id("help-tab-rules")).to_have_attribute("aria-selected", "true")
    expect(dialog.get_by_test_id("help-section").first).to_contain_text("The goal")
    # Tab and Shift+Tab never leave the dialog, however often they are pressed: from the
    # first control back to the last, and on round to the first again.
    inside = (
        "() => document.querySelector('[data-testid=\"help-dialog\"]')"
        ".contains(document.activeElement)"
    )
    for key in ["Shift+Tab"] * 3 + ["Tab"] * 30:
        page.keyboard.press(key)
        assert page.evaluate(inside), f"{key} left the dialog"
    page.keyboard.press("Escape")
    expect(dialog).to_be_hidden()
    # The page under it still works: its window options are there to choose.
    choose_window(page, 1)
    expect(
        page.locator('[data-testid="window"][data-seat="0"] [data-testid="cell"]')
    ).to_have_count(20)


def test_searching_grozing_shows_the_pliers_with_their_text_and_picture(
    server: str,  # noqa: F811
    page: Page,  # noqa: F811
) -> None:
    page.goto(server + "/")
    page.get_by_test_id("help-button").click()
    page.get_by_test_id("help-search").fill("Grozing")
    results = page.get_by_test_id("help-results")
    pliers = results.locator('[data-card="tool-1"]')
    expect(pliers).to_contain_text("Grozing Pliers")
    expect(pliers).to_contain_text("raise or lower the drafted die's value by 1")
    expect(pliers.get_by_test_id("help-illustration").locator("svg")).to_have_count(2)
    expect(pliers.get_by_test_id("help-house")).to_have_count(0)
    # Only cards named so are listed (the Life apprentice card is named after the tool).
    names = results.get_by_test_id("help-card").locator("h4").all_inner_texts()
    assert names and all("Grozing" in name for name in names), names
    page.get_by_test_id("help-search").fill("")
    expect(results).to_be_hidden()
    expect(page.get_by_test_id("help-tab-rules")).to_be_visible()


def test_an_objective_picture_marks_the_cells_that_score(
    server: str,  # noqa: F811
    page: Page,  # noqa: F811
) -> None:
    page.goto(server + "/")
    page.get_by_test_id("help-button").click()
    page.get_by_test_id("help-tab-objectives").click()
    card = page.locator('[data-card="public-row_color_variety"]')
    expect(card).to_contain_text("This window scores 6 VP")
    picture = card.locator("svg.help-window")
    expect(picture).to_have_attribute(
        "aria-label",
        "A window: A1 red 3; A2 yellow 1; A3 green 5; A4 blue 2; A5 purple 4; "
        "marked: A1, A2, A3, A4, A5",
    )
    expect(picture.locator("rect.help-mark")).to_have_count(5)


def test_a_house_card_shows_the_house_label(
    server: str,  # noqa: F811
    page: Page,  # noqa: F811
) -> None:
    page.goto(server + "/")
    page.get_by_test_id("help-button").click()
    page.get_by_test_id("help-search").fill("Soldering")
    iron = page.get_by_test_id("help-results").locator('[data-card="tool-15"]')
    expect(iron.get_by_test_id("help-house")).to_have_text(
        "house card (the project's text; the printed card is not available)"
    )
    # The card game's page opens the help on the card game: its tools are house cards.
    game = create(server, game="cards", tools=3)
    page.goto(f"{server}/cards/{game['id']}#token={game['seats'][0]['token']}")
    expect(page.get_by_test_id("help-button")).to_be_visible()
    page.keyboard.press("?")
    tab = page.get_by_test_id("help-tab-cardgame")
    expect(tab).to_have_attribute("aria-selected", "true")
    hammer = page.locator('[data-card="card-tool-3"]')
    expect(hammer).to_contain_text("Glazing Hammer")
    expect(hammer.get_by_test_id("help-house")).to_be_visible()


def test_the_help_speaks_german_in_a_german_browser(
    server: str,  # noqa: F811
    browser: Browser,  # noqa: F811
) -> None:
    context = browser.new_context(locale="de-DE", viewport={"width": 1280, "height": 1000})
    try:
        page = context.new_page()
        game = create(server, game="cards", tools=3)
        page.goto(f"{server}/cards/{game['id']}#token={game['seats'][0]['token']}")
        expect(page.get_by_test_id("drawn-card").first).to_be_visible()
        expect(page.get_by_test_id("help-button")).to_have_text("Regeln")
        page.keyboard.press("?")
        dialog = page.get_by_test_id("help-dialog")
        expect(dialog.locator("#help-title")).to_have_text("Regelhilfe")
        # The card game's tab: its rules in German, its cards by their German names.
        expect(page.get_by_test_id("help-tab-cardgame")).to_have_text("Kartenspiel")
        sections = dialog.get_by_test_id("help-section")
        expect(sections.first).to_contain_text("Glaskarten")
        expect(sections.first).to_contain_text("Spielregel: Solo-Kartenspiel, Introduction")
        hammer = dialog.locator('[data-card="card-tool-3"]')
        expect(hammer).to_contain_text("Glaserhammer")
        expect(hammer.get_by_test_id("help-house")).to_contain_text("Hauskarte")
        # A picture's words and its note in German, around the card's German words.
        page.get_by_test_id("help-search").fill("Krösel")
        pliers = page.get_by_test_id("help-results").locator('[data-card="tool-1"]')
        expect(pliers).to_contain_text("Kröselzange")
        expect(pliers).to_contain_text("Erhöhe oder verringere die Augenzahl")
        expect(pliers).to_contain_text("Werkzeug, Violett · Grundspiel")
        expect(pliers.get_by_test_id("help-illustration")).to_contain_text("eines von beiden")
        expect(pliers.get_by_test_id("help-illustration").locator("svg").first).to_have_attribute(
            "aria-label", "genommen: Rot 3"
        )
    finally:
        context.close()
