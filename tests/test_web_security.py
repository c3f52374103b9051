"""Tokens out of addresses, and strict security headers (docs/web-api.md, "Tokens").

A seat's token is a password: an address is logged by proxies and servers, sent on in a
Referer and handed over with a copied address bar. So the view takes the token in the
``Authorization`` header, the WebSocket in its first message (``hello``), and a token in an
address is refused, never echoed; every answer carries a Content-Security-Policy without
inline script, ``frame-ancestors 'none'``, ``nosniff`` and ``no-referrer``; and nothing is
loaded from another origin (FastAPI's ``/docs`` and ``/redoc`` would load a CDN's scripts).
"""

from __future__ import annotations

import logging
import re
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from starlette.websockets import WebSocketDisconnect

from sagrada.registry import entries
from sagrada.web.routes.pages import static_dir
from sagrada.web.security import CONTENT_SECURITY_POLICY, REDACT_SECRETS, redact
from web_helpers import (
    TestClient,
    act_ok,
    create_game,
    get_view,
    new_client,
    open_socket,
    receive,
    tokens_of,
)


@pytest.fixture
def client(tmp_path: Path) -> Iterator[TestClient]:
    with new_client(tmp_path) as test_client:
        yield test_client


# -- REST: the token in the Authorization header -------------------------------------------


def test_the_view_takes_the_seats_token_in_the_authorization_header(client: TestClient) -> None:
    created = create_game(client, players=2)
    game_id, tokens = created["id"], tokens_of(created)
    mine = get_view(client, game_id, tokens[0])
    assert mine["seat"] == 0 and mine["legal_actions"]  # the first to choose a window
    # The scheme's name is read in any case, as HTTP's are.
    lower = client.get(
        f"/api/games/{game_id}/view", headers={"authorization": f"bearer {tokens[1]}"}
    )
    assert lower.status_code == 200 and lower.json()["seat"] == 1
    assert get_view(client, game_id)["seat"] == -1  # no header: the spectator's


def test_a_token_in_the_views_address_is_refused_and_not_echoed(client: TestClient) -> None:
    created = create_game(client, players=2)
    game_id, token = created["id"], tokens_of(created)[0]
    answer = client.get(f"/api/games/{game_id}/view", params={"token": token})
    assert answer.status_code == 400
    assert "Authorization" in answer.json()["detail"] and token not in answer.text


@pytest.mark.parametrize(
    ("header", "status"),
    [("Basic dXNlcjpwYXNz", 400), ("Bearer", 400), ("TOKEN", 400), ("Bearer " + "x" * 65, 403)],
)
def test_an_authorization_header_not_of_a_seat_is_refused(
    client: TestClient, header: str, status: int
) -> None:
    game_id = create_game(client, players=2)["id"]
    answer = client.get(f"/api/games/{game_id}/view", headers={"Authorization": header})
    assert answer.status_code == status, answer.text


def test_the_openapi_document_names_the_bearer_header_and_no_token_parameter(
    client: TestClient,
) -> None:
    document = client.get("/openapi.json").json()
    assert document["components"]["securitySchemes"]["SeatToken"]["scheme"] == "bearer"
    for path, operations in document["paths"].items():
        for operation in operations.values():
            names = [p["name"] for p in operation.get("parameters", [])]
            assert "token" not in names, path


# -- the WebSocket: a spectator's until its hello ------------------------------------------


def test_a_socket_is_a_spectators_until_its_hello_makes_it_the_seats(client: TestClient) -> None:
    created = create_game(client, players=2)
    game_id, token = created["id"], tokens_of(created)[0]
    with client.websocket_connect(f"/api/games/{game_id}/ws") as ws:
        first = receive(ws)
        assert first["view"]["seat"] == -1 and first["view"]["legal_actions"] == []
        ws.send_json({"type": "hello", "token": token})
        assert receive(ws) == {"type": "hello", "seat": 0}
        mine = receive(ws)
        assert mine["type"] == "view" and mine["view"]["seat"] == 0
        assert mine["view"]["legal_actions"]
        ws.send_json({"type": "action", "action": "W1", "seq": 0})
        assert receive(ws)["seq"] == 1
        # Once: a second hello is refused, and the socket stays the seat's.
        ws.send_json({"type": "hello", "token": token})
        error = receive(ws)
        assert (error["type"], error["status"]) == ("error", 400)
    assert get_view(client, game_id)["history"] == ["W1"]


def test_a_hello_comes_first_or_not_at_all(client: TestClient) -> None:
    created = create_game(client, players=2)
    game_id, token = created["id"], tokens_of(created)[0]
    with client.websocket_connect(f"/api/games/{game_id}/ws") as ws:
        receive(ws)
        ws.send_json({"type": "action", "action": "W1"})
        assert receive(ws)["status"] == 403  # a spectator cannot act
        ws.send_json({"type": "hello", "token": token})
        assert receive(ws)["status"] == 400
        ws.send_json({"type": "action", "action": "W1"})
        assert receive(ws)["status"] == 403  # still a spectator
    assert get_view(client, game_id)["history"] == []


def test_a_hello_without_a_token_is_a_spectators(client: TestClient) -> None:
    game_id = create_game(client, players=2)["id"]
    with client.websocket_connect(f"/api/games/{game_id}/ws") as ws:
        receive(ws)
        ws.send_json({"type": "hello", "token": None})
        assert receive(ws) == {"type": "hello", "seat": -1}
        assert receive(ws)["view"]["seat"] == -1


def test_after_the_hello_every_view_is_the_seats(client: TestClient) -> None:
    created = create_game(client, players=2)
    game_id, tokens = created["id"], tokens_of(created)
    with open_socket(client, game_id, tokens[1]) as ws:
        assert receive(ws)["view"]["seat"] == 1
        act_ok(client, game_id, tokens[0], "W1")
        update = receive(ws)
        assert update["seq"] == 1 and update["view"]["seat"] == 1


def test_a_token_in_the_sockets_address_is_refused_with_4400(client: TestClient) -> None:
    created = create_game(client, players=2)
    game_id, token = created["id"], tokens_of(created)[0]
    with (
        client.websocket_connect(f"/api/games/{game_id}/ws?token={token}") as ws,
        pytest.raises(WebSocketDisconnect) as closed,
    ):
        receive(ws)
    assert closed.value.code == 4400 and token not in closed.value.reason
    assert "hello" in closed.value.reason and len(closed.value.reason.encode()) <= 123


# -- pages: an old link's token is never echoed --------------------------------------------


def test_an_old_links_token_is_not_echoed_by_the_seat_page(client: TestClient) -> None:
    created = create_game(client, players=2)
    token = tokens_of(created)[0]
    answer = client.get(f"/game/{created['id']}?token={token}", follow_redirects=False)
    assert answer.status_code == 200 and token not in answer.text
    assert all(token not in value for value in answer.headers.values())


def test_the_logs_never_show_a_token_or_invite_code_of_an_address() -> None:
    assert (
        redact("GET /game/ab12?token=SECRET&lang=de#x")
        == "GET /game/ab12?token=[redacted]&lang=de#x"
    )
    assert redact("/game/ab12#invite=CODE") == "/game/ab12#invite=[redacted]"
    # uvicorn's access log line: the address is one of the record's arguments.
    record = logging.LogRecord(
        "uvicorn.access",
        logging.INFO,
        __file__,
        1,
        '%s - "%s %s HTTP/%s" %d',
        ("127.0.0.1:5", "GET", "/api/games/ab/view?token=SECRET", "1.1", 400),
        None,
    )
    assert REDACT_SECRETS.filter(record)
    assert "SECRET" not in record.getMessage() and "token=[redacted]" in record.getMessage()
    assert REDACT_SECRETS in logging.getLogger("uvicorn.access").filters


# -- headers on every answer -----------------------------------------------------------------


def assert_secure(answer: Any) -> None:
    headers = answer.headers
    policy = headers["content-security-policy"]
    assert policy == CONTENT_SECURITY_POLICY
    directives = dict(part.strip().split(" ", 1) for part in policy.split(";"))
    assert directives["frame-ancestors"] == "'none'"
    assert directives["script-src"] == "'self'" and directives["default-src"] == "'self'"
    assert "unsafe" not in policy and "http" not in policy
    assert headers["x-content-type-options"] == "nosniff"
    assert headers["referrer-policy"] == "no-referrer"
    assert headers["x-frame-options"] == "DENY"


def test_every_kind_of_answer_carries_the_security_headers(client: TestClient) -> None:
    created = create_game(client, players=2)
    cards = create_game(client, game="cards")
    for path in (
        "/",
        f"/game/{created['id']}",
        f"/cards/{cards['id']}",
        "/static/common.js",
        "/static/app.css",
        "/static/games/sagrada/main.js",
        "/api/games",
        f"/api/games/{created['id']}/view",
        "/api/games/nosuchgame",  # a refusal too
        "/openapi.json",
        "/no/such/page",
    ):
        answer = client.get(path)
        assert answer.status_code < 500, path
        assert_secure(answer)
    assert_secure(client.post("/api/games", content=b"x" * 9000))  # the body limit's 413


def test_scripts_and_styles_are_served_with_their_types(client: TestClient) -> None:
    # nosniff: a browser runs a script only when it is served as one.
    for path, kind in (
        ("/static/common.js", "javascript"),
        ("/static/games/sagrada/main.js", "javascript"),
        ("/static/app.css", "text/css"),
    ):
        assert kind in client.get(path).headers["content-type"], path


def test_no_browsable_docs_but_the_openapi_document(client: TestClient) -> None:
    assert client.get("/docs").status_code == 404
    assert client.get("/redoc").status_code == 404
    assert client.get("/docs/oauth2-redirect").status_code == 404
    assert client.get("/openapi.json").status_code == 200


def pages() -> list[Path]:
    """Every page's HTML and every part of one: the shell's (the lobby, the players' pages,
    their shared parts) and each registered game's seat page."""
    return sorted(static_dir().rglob("*.html")) + [
        Path(str(entry.page.folder)) / "index.html" for entry in entries()
    ]


@pytest.mark.parametrize("html", pages(), ids=lambda path: f"{path.parent.name}/{path.name}")
def test_a_page_has_no_inline_script_or_style_and_nothing_from_another_origin(html: Path) -> None:
    text = html.read_text(encoding="utf-8")
    scripts = re.findall(r"<script\b[^>]*>", text)
    assert all("src=" in tag for tag in scripts), scripts
    assert "<style" not in text and " style=" not in text
    assert not re.search(r"\son[a-z]+=", text)  # no inline event handler
    assert not re.search(r"(src|href)=\"(https?:)?//", text)
    if html.parent.name != "parts":  # a whole page, not a part of one
        assert scripts
        assert '<meta name="referrer" content="no-referrer">' in text


def test_the_page_scripts_load_nothing_from_another_origin_or_by_eval() -> None:
    folders = [static_dir(), *(Path(str(entry.page.folder)) for entry in entries())]
    for folder in folders:
        for script in folder.rglob("*.js"):
            text = script.read_text(encoding="utf-8")
            assert "new Function" not in text and "eval(" not in text, script
            assert not re.search(r"(import|fetch)\s*\(?\s*[\"'`]https?://", text), script
