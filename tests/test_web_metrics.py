"""``GET /metrics`` (docs/operating.md, "What to watch"): the server's counts and times in
Prometheus' text format, moving with what the server does, and nothing in them that names a
game, a seat, a person or an address, so the answer may be public."""

from __future__ import annotations

from pathlib import Path

from prometheus_client.parser import text_string_to_metric_families
from sqlalchemy import create_engine, text

from sagrada.web.metrics import Metrics
from web_helpers import (
    SpyPool,
    TestClient,
    create_game,
    database_url,
    new_client,
    open_socket,
    start_play,
    tokens_of,
)

#: A sample's name and labels (sorted), as a key of :func:`scrape`'s answer.
Key = tuple[str, tuple[tuple[str, str], ...]]


def scrape(client: TestClient) -> dict[Key, float]:
    """Every sample of ``GET /metrics``, which must parse as Prometheus' text format."""
    answer = client.get("/metrics")
    assert answer.status_code == 200
    assert answer.headers["content-type"].startswith("text/plain")
    return {
        (sample.name, tuple(sorted(sample.labels.items()))): sample.value
        for family in text_string_to_metric_families(answer.text)
        for sample in family.samples
    }


def value(samples: dict[Key, float], name: str, **labels: str) -> float:
    """The value of the sample ``name`` with exactly ``labels`` (0 where there is none)."""
    return samples.get((name, tuple(sorted(labels.items()))), 0.0)


def test_actions_hints_sockets_requests_and_games_are_counted(tmp_path: Path) -> None:
    with new_client(tmp_path) as client:
        created = create_game(client, players=2)
        game_id, tokens = created["id"], tokens_of(created)
        start_play(client, game_id, tokens)  # each seat chooses its window: two actions
        refused = client.post(f"/api/games/{game_id}/hint", json={"token": tokens[0]})
        assert refused.status_code == 409  # hints are off in this game
        with open_socket(client, game_id, tokens[0]):
            during = scrape(client)
        after = scrape(client)
    assert value(during, "sagrada_actions_total", game="sagrada") == 2
    assert value(during, "sagrada_hints_total", outcome="refused") == 1
    assert value(during, "sagrada_hints_total", outcome="given") == 0
    assert value(during, "sagrada_websockets_open") == 1
    assert value(after, "sagrada_websockets_open") == 0
    assert value(during, "sagrada_rooms_in_memory") == 1
    assert value(during, "sagrada_games", game="sagrada", state="running") == 1
    action = {"method": "POST", "route": "/api/games/{game_id}/actions", "status": "2xx"}
    assert value(during, "sagrada_request_seconds_count", **action) == 2
    assert value(during, "sagrada_request_seconds_bucket", le="+Inf", **action) == 2
    assert value(during, "process_start_time_seconds") > 0


def test_a_hint_given_and_its_wait_for_a_worker_are_counted(tmp_path: Path, pool: SpyPool) -> None:
    # The worker processes are threads here (the fixture): the count is the same.
    with new_client(tmp_path) as client:
        created = create_game(client, game="cards", tools=3, hints=True)
        game_id, token = created["id"], tokens_of(created)[0]
        answer = client.post(f"/api/games/{game_id}/hint", json={"token": token})
        assert answer.status_code == 200
        samples = scrape(client)
    assert value(samples, "sagrada_hints_total", outcome="given") == 1
    assert value(samples, "sagrada_thinking_wait_seconds_count", kind="hint") == 1
    assert value(samples, "sagrada_thinking_jobs", state="running") == 0


def test_a_database_that_fails_the_games_count_is_counted_and_the_rest_answered(
    tmp_path: Path,
) -> None:
    engine = create_engine(database_url(tmp_path, "t.db"))
    with new_client(tmp_path) as client:
        with engine.begin() as conn:
            conn.execute(text("ALTER TABLE games RENAME TO games_away"))
        try:
            samples = scrape(client)
        finally:
            with engine.begin() as conn:
                conn.execute(text("ALTER TABLE games_away RENAME TO games"))
    engine.dispose()
    # The scrape's failed count is one error; the server's sweep of idle games may meet the
    # missing table meanwhile too, and count another.
    assert value(samples, "sagrada_database_errors_total") >= 1
    assert not any(name == "sagrada_games" for name, _labels in samples)
    assert value(samples, "sagrada_websockets_open") == 0


def test_the_metrics_name_no_game_seat_person_or_address(tmp_path: Path) -> None:
    with new_client(tmp_path) as client:
        created = create_game(client, players=3, names=["Ada Secret", "Bob Hidden", "Cy"])
        game_id, tokens = created["id"], tokens_of(created)
        start_play(client, game_id, tokens)
        client.get(f"/api/games/{game_id}/view?token={tokens[0]}")  # a token in a query
        client.get(f"/no/such/page/{tokens[1]}")  # and in a path no route matches
        method = "X" + tokens[2][:8].upper().replace("-", "A").replace("_", "B")
        client.request(method, "/")  # a method of the client's making
        with open_socket(client, game_id, tokens[0]):
            answer = client.get("/metrics").text
    secrets = [game_id, *tokens.values(), "Ada Secret", "Bob Hidden", "testclient", method]
    secrets += [seat["invite"] for seat in created["seats"] if seat.get("invite")]
    assert len(secrets) == 10  # three tokens and two invite codes among them
    assert [secret for secret in secrets if secret in answer] == []


def test_each_process_of_several_labels_its_series() -> None:
    metrics = Metrics(process="4242")
    metrics.played("sagrada")
    families = text_string_to_metric_families(metrics.exposition().decode())
    samples = [sample for family in families for sample in family.samples]
    assert samples and all(sample.labels["process"] == "4242" for sample in samples)
