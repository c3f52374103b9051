"""Turn notifications (issue 29, item 6): "your turn" by Web Push, and its words.

* the server's VAPID keys survive being kept as text, and give the browser its key;
* a push message reaches a local push service that checks its VAPID token as a real one does
  and decrypts it to the payload, in the account's language; a token of other keys, of
  another origin or expired is refused; 404 and 410 mean the subscription is gone; nothing
  raises for what a push service answers;
* a browser's subscription is checked before the server keeps it, each refusal with its
  reason, and no post goes to this machine or a private network.

The push service is in ``tests/notify_servers.py``; the turn e-mails are
``tests/test_players_mail.py``, the pages' part ``tests/test_e2e_push.py``.
"""

from __future__ import annotations

import socket
import time
from typing import Any

import pytest
import requests
from cryptography.hazmat.primitives import serialization
from cryptography.hazmat.primitives.asymmetric import ec
from py_vapid import Vapid

from notify_servers import PushService, b64url_decode, b64url_encode, free_port
from sagrada.players.notices import game_words, turn_notice
from sagrada.players.push import (
    PushOutcome,
    PushResult,
    VapidKeys,
    check_subscription,
    send_push,
    turn_payload,
)

SUBJECT = "mailto:operator@sagrada.example"
#: A turn notice in English with one person waiting, its words written out by hand.
ENGLISH_PAYLOAD = {
    "title": "Your turn in Sagrada",
    "body": "Ada is waiting for your move.",
    "url": "/game/ab12cd",
}


def push_to(
    service: PushService, keys: VapidKeys, payload: dict[str, Any] | None = None
) -> PushResult:
    """Send a message (the English payload unless told) to a local push service."""
    message = ENGLISH_PAYLOAD if payload is None else payload
    return send_push(service.subscription, message, keys, SUBJECT, 60, allow_local=True)


@pytest.fixture(scope="module")
def keys() -> VapidKeys:
    return VapidKeys.generate()


# -- The VAPID keys ---------------------------------------------------------------------------


def test_vapid_keys_kept_as_text_read_back_the_same_key(keys: VapidKeys) -> None:
    again = VapidKeys.from_text(keys.to_text())
    assert again.application_server_key == keys.application_server_key
    assert VapidKeys.generate().application_server_key != keys.application_server_key


def test_the_application_server_key_is_an_uncompressed_p256_point_in_base64url(
    keys: VapidKeys,
) -> None:
    key = keys.application_server_key
    assert "=" not in key and "+" not in key and "/" not in key
    point = b64url_decode(key)
    assert len(point) == 65 and point[0] == 4  # 0x04, then x and y of 32 bytes each
    public = ec.EllipticCurvePublicKey.from_encoded_point(ec.SECP256R1(), point)
    assert public.public_numbers() == keys.private_key.public_key().public_numbers()


def test_vapid_keys_refuse_text_that_is_no_p256_key() -> None:
    with pytest.raises(ValueError, match="PEM"):
        VapidKeys.from_text("not a key")
    other_curve = ec.generate_private_key(ec.SECP384R1()).private_bytes(
        serialization.Encoding.PEM,
        serialization.PrivateFormat.PKCS8,
        serialization.NoEncryption(),
    )
    with pytest.raises(ValueError, match="P-256"):
        VapidKeys.from_text(other_curve.decode())


def test_the_private_key_is_not_in_the_keys_repr(keys: VapidKeys) -> None:
    assert "PRIVATE" not in repr(keys) and keys.to_text() not in repr(keys)


# -- Sending a push message -------------------------------------------------------------------


def test_a_push_arrives_at_the_push_service_and_decrypts_to_the_payload(keys: VapidKeys) -> None:
    payload = turn_payload(turn_notice("en", "Sagrada", ["Ada"]), "/game/ab12cd")
    assert payload == ENGLISH_PAYLOAD
    with PushService(keys.application_server_key) as service:
        result = send_push(service.subscription, payload, keys, SUBJECT, ttl=3600, allow_local=True)
    assert (result.outcome, result.status) == (PushOutcome.DELIVERED, 201)
    assert service.refused == []
    assert [(d.payload, d.ttl) for d in service.received] == [(ENGLISH_PAYLOAD, 3600)]


def test_a_push_speaks_the_accounts_language(keys: VapidKeys) -> None:
    notice = turn_notice("de", game_words("cards", "de"), ["Ada", "Ben", "Cleo"])
    with PushService(keys.application_server_key) as service:
        result = push_to(service, keys, turn_payload(notice, "/cards/x1"))
    assert result.outcome is PushOutcome.DELIVERED
    assert service.received[0].payload == {
        "title": "Du bist am Zug: Solo-Kartenspiel",
        "body": "Ada, Ben und Cleo warten auf deinen Zug.",
        "url": "/cards/x1",
    }


def test_a_notice_with_nobody_waiting_and_a_language_without_catalogue() -> None:
    # A language no catalogue speaks gets English.
    notice = turn_notice("xx", "Sagrada", [])
    assert (notice.title, notice.body) == (
        "Your turn in Sagrada",
        "The game is waiting for your move.",
    )
    assert (
        turn_notice("en", "Sagrada", ["Ada", "Ben"]).body
        == "Ada and Ben are waiting for your move."
    )


def test_a_push_signed_with_other_keys_is_refused_by_the_push_service(keys: VapidKeys) -> None:
    # The subscription was made with `keys`; a server with other keys cannot push to it.
    with PushService(keys.application_server_key) as service:
        result = push_to(service, VapidKeys.generate())
    assert (result.outcome, result.status) == (PushOutcome.FAILED, 403)
    assert "403" in result.reason
    assert service.received == []
    assert [status for status, _ in service.refused] == [403]


def vapid_header(keys: VapidKeys, claims: dict[str, Any]) -> str:
    """An Authorization header signed by `keys` for the claims as they are."""
    return str(Vapid(keys.private_key).sign(claims)["Authorization"])


@pytest.mark.parametrize(
    "claims, reason",
    [
        ({"aud": "http://127.0.0.1:1", "sub": SUBJECT}, "is for"),
        ({"sub": SUBJECT, "exp": int(time.time()) - 10}, "expired"),
        ({"sub": SUBJECT, "exp": int(time.time()) + 25 * 3600}, "24 hours"),
    ],
)
def test_the_push_service_refuses_a_token_of_another_origin_or_out_of_date(
    keys: VapidKeys, claims: dict[str, Any], reason: str
) -> None:
    with PushService(keys.application_server_key) as service:
        header = vapid_header(keys, {"aud": service.origin, **claims})
        answer = requests.post(
            service.subscription["endpoint"],
            data=b"\0" * 100,
            headers={"Authorization": header, "TTL": "60", "Content-Encoding": "aes128gcm"},
            timeout=5,
        )
    assert answer.status_code == 401
    assert reason in service.refused[0][1]


def test_the_push_service_refuses_a_token_whose_signature_was_changed(keys: VapidKeys) -> None:
    with PushService(keys.application_server_key) as service:
        header = vapid_header(keys, {"aud": service.origin, "sub": SUBJECT})
        token = header.split("t=", 1)[1].split(",", 1)[0]
        signature = bytearray(b64url_decode(token.rsplit(".", 1)[1]))
        signature[5] ^= 1
        forged = header.replace(token, token.rsplit(".", 1)[0] + "." + b64url_encode(signature))
        answer = requests.post(
            service.subscription["endpoint"], headers={"Authorization": forged}, timeout=5
        )
    assert answer.status_code == 401
    assert "signature" in service.refused[0][1]


@pytest.mark.parametrize(
    "status, outcome",
    [
        (404, PushOutcome.GONE),
        (410, PushOutcome.GONE),
        (413, PushOutcome.FAILED),
        (429, PushOutcome.FAILED),
        (500, PushOutcome.FAILED),
    ],
)
def test_404_and_410_say_the_subscription_is_gone_other_refusals_failed(
    keys: VapidKeys, status: int, outcome: PushOutcome
) -> None:
    with PushService(keys.application_server_key, status=status) as service:
        result = push_to(service, keys)
    assert (result.outcome, result.status) == (outcome, status)
    assert str(status) in result.reason


def test_an_unreachable_push_service_fails_without_raising(keys: VapidKeys) -> None:
    with PushService(keys.application_server_key) as service:
        subscription = service.subscription
    subscription["endpoint"] = f"http://127.0.0.1:{free_port()}/push/x"
    result = send_push(subscription, ENGLISH_PAYLOAD, keys, SUBJECT, 60, allow_local=True)
    assert (result.outcome, result.status) == (PushOutcome.FAILED, None)
    assert "no answer" in result.reason


def test_a_push_service_that_redirects_is_not_followed(keys: VapidKeys) -> None:
    with (
        PushService(keys.application_server_key) as elsewhere,
        PushService(keys.application_server_key) as service,
    ):
        service.redirect = elsewhere.subscription["endpoint"]
        result = push_to(service, keys)
    assert result.outcome is PushOutcome.FAILED
    assert elsewhere.received == [] and elsewhere.refused == []


def test_a_push_to_this_machine_is_refused_unless_tests_allow_it(keys: VapidKeys) -> None:
    with (
        PushService(keys.application_server_key) as service,
        pytest.raises(ValueError, match="https"),
    ):
        send_push(service.subscription, ENGLISH_PAYLOAD, keys, SUBJECT, 60)
    assert service.received == [] and service.refused == []


def test_a_push_service_name_that_resolves_to_a_private_address_gets_no_post(
    keys: VapidKeys, monkeypatch: pytest.MonkeyPatch
) -> None:
    # As a resolver would answer for a name an attacker points at the server's network.
    found = [(socket.AF_INET, socket.SOCK_STREAM, socket.IPPROTO_TCP, "", ("10.0.0.7", 0))]
    monkeypatch.setattr(socket, "getaddrinfo", lambda *args, **kwargs: found)
    result = send_push(valid_subscription(), ENGLISH_PAYLOAD, keys, SUBJECT, 60)
    assert (result.outcome, result.status) == (PushOutcome.FAILED, None)
    assert "resolves to 10.0.0.7" in result.reason


def test_send_push_refuses_a_subject_that_is_no_address(keys: VapidKeys) -> None:
    with pytest.raises(ValueError, match="subject"):
        send_push(valid_subscription(), ENGLISH_PAYLOAD, keys, "operator", 60)


def test_a_push_message_links_only_to_a_path_of_this_server() -> None:
    notice = turn_notice("en", "Sagrada", [])
    for elsewhere in ("https://evil.example/game/1", "//evil.example/game/1", "game/1"):
        with pytest.raises(ValueError, match="path on this server"):
            turn_payload(notice, elsewhere)


# -- Checking a subscription ------------------------------------------------------------------


def valid_subscription(endpoint: str = "https://push.example.net/wpush/v2/abc") -> dict[str, Any]:
    point = (
        ec.generate_private_key(ec.SECP256R1())
        .public_key()
        .public_bytes(serialization.Encoding.X962, serialization.PublicFormat.UncompressedPoint)
    )
    return {
        "endpoint": endpoint,
        "expirationTime": None,
        "keys": {"p256dh": b64url_encode(point), "auth": b64url_encode(b"sixteen bytes!!!")},
    }


def test_a_valid_subscription_is_kept_without_its_other_fields() -> None:
    subscription = valid_subscription()
    assert check_subscription(subscription) == {
        "endpoint": subscription["endpoint"],
        "keys": subscription["keys"],
    }


def with_keys(**keys: str) -> dict[str, Any]:
    subscription = valid_subscription()
    subscription["keys"] = {**subscription["keys"], **keys}
    return subscription


def with_endpoint(endpoint: Any) -> dict[str, Any]:
    return {**valid_subscription(), "endpoint": endpoint}


# An uncompressed point that is no point of P-256: x = y = 0.
NOT_ON_THE_CURVE = b64url_encode(b"\x04" + bytes(64))


@pytest.mark.parametrize(
    "data, reason",
    [
        ([], "a JSON object"),
        ({"keys": {}}, "needs its endpoint"),
        (with_endpoint(7), "needs its endpoint"),
        (with_endpoint("ftp://push.example.net/x"), "must be an https address"),
        (with_endpoint("http://push.example.net/x"), "must be an https address"),
        (with_endpoint("https:///x"), "name its host"),
        (with_endpoint("https://me:pw@push.example.net/x"), "no user"),
        (with_endpoint("https://push.example.net:99999/x"), "not an address"),
        (with_endpoint("https://localhost/x"), "not this machine's"),
        (with_endpoint("https://push.localhost./x"), "not this machine's"),
        (with_endpoint("https://2130706433/x"), "a name or an IP address"),
        (with_endpoint("https://127.1/x"), "a name or an IP address"),
        (with_endpoint("https://0x7f.0.0.1/x"), "a name or an IP address"),
        (with_endpoint("https://[::1]/x"), "not this machine's"),
        (with_endpoint("https://[fd00::1]/x"), "private network"),
        (with_endpoint("http://127.0.0.1:8000/x"), "must be an https address"),
        (with_endpoint("https://10.1.2.3/x"), "private network"),
        (with_endpoint("https://169.254.169.254/latest"), "private network"),
        (with_endpoint("https://push.example.net/" + "x" * 2100), "longer than 2048"),
        ({"endpoint": "https://push.example.net/x"}, "needs its keys"),
        (with_keys(p256dh=""), "needs its key p256dh"),
        (with_keys(auth="***"), "auth is not base64url"),
        (with_keys(p256dh=b64url_encode(bytes(64))), "p256dh must be 65 bytes, got 64"),
        (with_keys(p256dh=NOT_ON_THE_CURVE), "not a point of the curve P-256"),
        (with_keys(auth=b64url_encode(bytes(15))), "auth must be 16 bytes, got 15"),
    ],
)
def test_a_malformed_subscription_is_refused_with_its_reason(data: Any, reason: str) -> None:
    with pytest.raises(ValueError, match=reason):
        check_subscription(data)


def test_a_push_service_on_this_machine_is_taken_only_when_tests_allow_it() -> None:
    local = valid_subscription("http://127.0.0.1:8000/push/1")
    assert check_subscription(local, allow_local=True)["endpoint"] == local["endpoint"]
    with pytest.raises(ValueError, match="https"):
        check_subscription(valid_subscription("http://push.example.net/1"), allow_local=True)
