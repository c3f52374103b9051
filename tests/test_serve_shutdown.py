"""``sagrada serve`` stopped by SIGTERM (a service manager's stop, a deployment's restart): it
stops accepting, lets the requests under way finish, closes every WebSocket with 1012
("service restart", which the pages reconnect after), stops its bots and exits 0, every
acknowledged action committed. A real server process on a SQLite file."""

from __future__ import annotations

import json
import signal
from pathlib import Path

import pytest
from websockets.exceptions import ConnectionClosed
from websockets.sync.client import connect

from test_web_processes import Server, new_game, play_one, view

#: The close code of a server going away to come back (RFC 6455's registry: service restart).
SERVICE_RESTART = 1012
#: ``sagrada serve --grace-seconds``' default, and a margin for the process to end.
GRACE = 10 + 5


def test_sigterm_closes_sockets_for_a_reconnect_and_exits_0_keeping_acknowledged_moves(
    tmp_path: Path,
) -> None:
    server = Server(f"sqlite:///{tmp_path / 'served.db'}").start()
    try:
        game_id, tokens = new_game(server)
        address = f"ws://127.0.0.1:{server.port}/api/games/{game_id}/ws"
        with connect(address, open_timeout=5) as socket:
            socket.send(json.dumps({"type": "hello", "token": tokens[0]}))
            while json.loads(socket.recv(timeout=5))["type"] != "hello":
                pass  # a spectator's view before the hello's answer
            assert play_one(server, game_id, tokens, 0).status_code == 200
            assert server.process is not None
            server.process.send_signal(signal.SIGTERM)
            with pytest.raises(ConnectionClosed) as closed:
                while True:
                    socket.recv(timeout=GRACE)
            assert closed.value.rcvd is not None
            assert closed.value.rcvd.code == SERVICE_RESTART
            assert server.process.wait(timeout=GRACE) == 0
        server = Server(server.database, port=server.port).start()
        assert len(view(server, game_id)["history"]) == 1
    finally:
        server.stop()
