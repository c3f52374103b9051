"""The access log (``sagrada.web.access_log``): one line per request and per WebSocket session,
naming the route's template, its status and the client, and never a secret: no id of the
path, no query string, no header, no cookie, in either of ``sagrada serve --log-format``'s
formats."""

from __future__ import annotations

import json
import logging
import logging.config
from pathlib import Path
from typing import Any

import pytest

from sagrada.players.sessions import COOKIE
from sagrada.web.access_log import LOG_FORMATS, UNMATCHED, logging_config
from web_helpers import bearer, create_game, new_client, open_socket, tokens_of


def access_lines(caplog: pytest.LogCaptureFixture) -> list[logging.LogRecord]:
    return [r for r in caplog.records if r.name == "sagrada.access"]


def written(record: logging.LogRecord) -> dict[str, str]:
    """The record as each log format writes it."""
    lines = {}
    for log_format in LOG_FORMATS:
        setting = logging_config(log_format)["formatters"]["lines"]
        formatter: Any = logging.config.DictConfigurator({}).configure_formatter(setting)
        lines[log_format] = formatter.format(record)
    return lines


def test_a_request_is_logged_by_its_route_template_without_ids_or_secrets(
    tmp_path: Path, caplog: pytest.LogCaptureFixture
) -> None:
    with new_client(tmp_path) as client:
        created = create_game(client, players=2, bots=[None, "random"])
        game_id, token = created["id"], tokens_of(created)[0]
        caplog.set_level(logging.INFO, logger="sagrada.access")
        client.cookies.set(COOKIE, "cookie-secret")
        headers = bearer(token) | {"X-Forwarded-For": "203.0.113.9"}
        assert client.get(f"/api/games/{game_id}/view", headers=headers).status_code == 200
    (record,) = access_lines(caplog)
    lines = written(record)
    assert "GET /api/games/{game_id}/view 200" in lines["text"]
    fields = json.loads(lines["json"])
    assert fields["route"] == "/api/games/{game_id}/view"
    assert (fields["method"], fields["status"], fields["client"]) == ("GET", 200, "testclient")
    assert isinstance(fields["ms"], float)
    for line in lines.values():
        for secret in (game_id, token, "cookie-secret", "203.0.113.9"):
            assert secret not in line


def test_a_path_no_route_matches_is_logged_as_unmatched_and_a_page_file_by_its_folder(
    tmp_path: Path, caplog: pytest.LogCaptureFixture
) -> None:
    with new_client(tmp_path) as client:
        caplog.set_level(logging.INFO, logger="sagrada.access")
        assert client.get("/nowhere/seat-secret?invite=invite-secret").status_code == 404
        assert client.get("/static/shell/socket.js").status_code == 200
    unmatched, page_file = (json.loads(written(r)["json"]) for r in access_lines(caplog))
    assert (unmatched["route"], unmatched["status"]) == (UNMATCHED, 404)
    assert "secret" not in str(unmatched)
    assert (page_file["route"], page_file["status"]) == ("/static/{path}", 200)


def test_a_websocket_session_is_logged_when_it_ends_with_its_close_code(
    tmp_path: Path, caplog: pytest.LogCaptureFixture
) -> None:
    with new_client(tmp_path) as client:
        created = create_game(client, players=2, bots=[None, "random"])
        caplog.set_level(logging.INFO, logger="sagrada.access")
        with open_socket(client, created["id"], tokens_of(created)[0]):
            pass
    (record,) = access_lines(caplog)
    fields = json.loads(written(record)["json"])
    assert (fields["kind"], fields["route"]) == ("websocket", "/api/games/{game_id}/ws")
    assert fields["code"] == 1000 and isinstance(fields["seconds"], float)
    assert created["id"] not in written(record)["text"]
