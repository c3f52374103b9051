"""Web Push: the server's VAPID keys, the browsers' subscriptions and sending a message.

A browser that lets the site notify it subscribes at its push service with the server's
public key (``applicationServerKey``) and hands the server its subscription: the push
service's address for it (``endpoint``) and the keys to encrypt for it (``p256dh``, its
P-256 public key, and ``auth``, a shared secret). The server sends a message by POSTing it,
encrypted for that browser (RFC 8291, content encoding ``aes128gcm``: RFC 8188), to the
endpoint with a signed token that says which server sends it (VAPID, RFC 8292); pywebpush
encrypts and sends, py-vapid signs.

The push service answers 201 when it took the message, and 404 or 410 when the subscription
is no more (the browser unsubscribed, or its permission was taken back): the server then
forgets the subscription. :func:`send_push` never raises for the push service's answer or
for a network that fails: it says what became of the message (:class:`PushResult`).
"""

from __future__ import annotations

import base64
import binascii
import ipaddress
import json
import re
import socket
import time
from dataclasses import dataclass, field
from enum import StrEnum
from typing import Any, Final
from urllib.parse import urlsplit

import requests
from cryptography.hazmat.primitives import serialization
from cryptography.hazmat.primitives.asymmetric import ec
from py_vapid import Vapid, VapidException
from pywebpush import WebPusher

from sagrada.players.notices import TurnNotice

#: How long a send waits for the push service, in seconds (connecting, then its answer).
PUSH_TIMEOUT: Final = 5.0
#: How long a VAPID token stays valid (RFC 8292 allows at most 24 hours).
TOKEN_LIFETIME: Final = 12 * 60 * 60
#: The most bytes a message may have before it is encrypted: push services take at least
#: 4096 bytes of encrypted body, which is the message, a 86-byte header, a padding
#: delimiter and a 16-byte tag.
MOST_PAYLOAD: Final = 4096 - 86 - 1 - 16
#: The longest endpoint address a subscription may give.
MOST_ENDPOINT: Final = 2048
#: The size of a subscription's keys, decoded: an uncompressed P-256 point and the secret.
P256DH_BYTES: Final = 65
AUTH_BYTES: Final = 16
#: The names of this machine, the only host a subscription may reach over plain HTTP (tests).
LOCAL_HOSTS: Final = frozenset({"localhost", "127.0.0.1", "::1"})
#: Base64url text, with or without its padding.
BASE64URL: Final = re.compile(r"[A-Za-z0-9_-]*={0,2}")


def b64url_encode(data: bytes) -> str:
    """Return ``data`` in base64url without padding, as the Push API writes keys."""
    return base64.urlsafe_b64encode(data).rstrip(b"=").decode("ascii")


def b64url_decode(text: str) -> bytes:
    """Return the bytes of base64url text, with or without its padding.

    Raises:
        ValueError: if the text is not base64url.
    """
    if not BASE64URL.fullmatch(text):
        raise ValueError("not base64url text")
    try:
        return base64.urlsafe_b64decode(text.rstrip("=") + "=" * (-len(text.rstrip("=")) % 4))
    except (binascii.Error, ValueError):
        raise ValueError("not base64url text") from None


@dataclass(frozen=True, slots=True)
class VapidKeys:
    """The server's VAPID key pair (P-256), which signs every message it pushes.

    Made once, at the server's first start, and kept in the database as text
    (:meth:`to_text`): a browser's subscription is bound to the public key it was made with,
    so new keys would silence every subscription.
    """

    private_key: ec.EllipticCurvePrivateKey = field(repr=False)

    @classmethod
    def generate(cls) -> VapidKeys:
        """Return a new key pair."""
        return cls(ec.generate_private_key(ec.SECP256R1()))

    @classmethod
    def from_text(cls, text: str) -> VapidKeys:
        """Read keys written by :meth:`to_text`.

        Raises:
            ValueError: if the text is not a P-256 private key in PEM.
        """
        try:
            key = serialization.load_pem_private_key(text.encode("ascii"), password=None)
        except (ValueError, TypeError, UnicodeEncodeError):
            raise ValueError("the VAPID keys are not a private key in PEM") from None
        if not isinstance(key, ec.EllipticCurvePrivateKey) or key.curve.name != "secp256r1":
            raise ValueError("the VAPID keys must be a P-256 (secp256r1) key")
        return cls(key)

    def to_text(self) -> str:
        """Return the private key as text to keep (PEM, PKCS #8, not encrypted)."""
        return self.private_key.private_bytes(
            serialization.Encoding.PEM,
            serialization.PrivateFormat.PKCS8,
            serialization.NoEncryption(),
        ).decode("ascii")

    @property
    def application_server_key(self) -> str:
        """The public key as a browser's ``applicationServerKey``: the uncompressed P-256
        point (65 bytes) in base64url."""
        point = self.private_key.public_key().public_bytes(
            serialization.Encoding.X962, serialization.PublicFormat.UncompressedPoint
        )
        return b64url_encode(point)


def check_subscription(data: Any, *, allow_local: bool = False) -> dict[str, Any]:
    """Check a browser's subscription (the JSON of its ``PushSubscription``) and return what
    the server keeps of it: ``{"endpoint", "keys": {"p256dh", "auth"}}``.

    The endpoint is an ``https`` address of a push service. A push service is never on this
    machine or in a private network, so an address there is refused: otherwise anyone could
    make the server post to a service that trusts its neighbours. Tests allow this machine
    (``allow_local``), over ``http`` too.

    Args:
        data: the subscription as the browser sent it.
        allow_local: whether an endpoint on this machine is taken (a test's push service).

    Raises:
        ValueError: saying what is wrong: not an object, no endpoint or one the server does
            not post to, keys missing, not base64url or not of their size, or a ``p256dh``
            that is no P-256 point.
    """
    if not isinstance(data, dict):
        raise ValueError("a push subscription is a JSON object")
    endpoint = data.get("endpoint")
    if not isinstance(endpoint, str) or not endpoint:
        raise ValueError("a push subscription needs its endpoint, an address")
    check_endpoint(endpoint, allow_local)
    keys = data.get("keys")
    if not isinstance(keys, dict):
        raise ValueError("a push subscription needs its keys (p256dh and auth)")
    p256dh = subscription_key(keys, "p256dh", P256DH_BYTES)
    try:
        ec.EllipticCurvePublicKey.from_encoded_point(ec.SECP256R1(), b64url_decode(p256dh))
    except ValueError:
        raise ValueError("the key p256dh is not a point of the curve P-256") from None
    auth = subscription_key(keys, "auth", AUTH_BYTES)
    return {"endpoint": endpoint, "keys": {"p256dh": p256dh, "auth": auth}}


def check_endpoint(endpoint: str, allow_local: bool) -> None:
    """Check that the server may post to ``endpoint`` (:func:`check_subscription`).

    Raises:
        ValueError: saying why not.
    """
    if len(endpoint) > MOST_ENDPOINT:
        raise ValueError(f"the endpoint is longer than {MOST_ENDPOINT} characters")
    if any(ch <= " " or ch == "\x7f" for ch in endpoint):
        raise ValueError("the endpoint has a space or a control character")
    try:
        parts = urlsplit(endpoint)
        parts.port  # noqa: B018 (reading the port checks it)
    except ValueError:
        raise ValueError("the endpoint is not an address") from None
    host = (parts.hostname or "").lower()
    if not host or parts.username is not None or parts.password is not None:
        raise ValueError("the endpoint must name its host, and no user")
    name = host.removesuffix(".")
    local = name in LOCAL_HOSTS or name.endswith(".localhost")
    if parts.scheme == "http" and local and allow_local:
        return
    if parts.scheme != "https":
        raise ValueError("the endpoint must be an https address")
    if local and not allow_local:
        raise ValueError("the endpoint must be a push service's, not this machine's")
    try:
        address = ipaddress.ip_address(host)
    except ValueError:
        # A name, as push services have, ending in a top-level domain's: not a number that
        # the resolver would read as an address (2130706433, 127.1).
        if not name.rpartition(".")[2].isalpha() and not local:
            raise ValueError("the endpoint's host must be a name or an IP address") from None
        return
    if not address.is_global and not (local and allow_local):
        raise ValueError("the endpoint must be a push service's, not a private network's")


def private_address(host: str) -> str | None:
    """Return an address that ``host`` resolves to outside the public internet (this
    machine, a private network), or None when it has none (or does not resolve: then the
    post fails by itself)."""
    try:
        found = socket.getaddrinfo(host, None, proto=socket.IPPROTO_TCP)
    except (OSError, UnicodeError):
        return None
    for *_, where in found:
        address = ipaddress.ip_address(str(where[0]).partition("%")[0])
        if not address.is_global:
            return str(address)
    return None


def subscription_key(keys: dict[Any, Any], name: str, size: int) -> str:
    """Return the subscription's key ``name``, checked to be base64url of ``size`` bytes.

    Raises:
        ValueError: saying which key is missing or wrong.
    """
    value = keys.get(name)
    if not isinstance(value, str) or not value:
        raise ValueError(f"a push subscription needs its key {name}")
    try:
        decoded = b64url_decode(value)
    except ValueError:
        raise ValueError(f"the key {name} is not base64url text") from None
    if len(decoded) != size:
        raise ValueError(f"the key {name} must be {size} bytes, got {len(decoded)}")
    return value


def turn_payload(notice: TurnNotice, path: str) -> dict[str, str]:
    """Return what a "your turn" push message carries: ``{"title", "body", "url"}``, where
    ``url`` is the game's page on this server (the service worker opens it on a click).

    Args:
        notice: the words (:func:`sagrada.players.notices.turn_notice`).
        path: the game's page, a path on this server (``/game/ab12cd``).

    Raises:
        ValueError: if ``path`` is not a path on this server.
    """
    if not path.startswith("/") or path.startswith("//") or "\\" in path:
        raise ValueError(f"a push message links to a path on this server, got {path!r}")
    return {"title": notice.title, "body": notice.body, "url": path}


class PushOutcome(StrEnum):
    """What became of a message sent to a push service."""

    #: The push service took it: the browser gets it when it is online (within the TTL).
    DELIVERED = "delivered"
    #: The subscription is no more (404 or 410): the server forgets it.
    GONE = "gone"
    #: Anything else: the push service refused it or could not be reached; try another time.
    FAILED = "failed"


@dataclass(frozen=True, slots=True)
class PushResult:
    """The outcome of :func:`send_push`.

    Attributes:
        outcome: delivered, gone or failed.
        status: the push service's HTTP status, or None where it gave no answer.
        reason: why it failed or is gone, in a few words for the log ("" when delivered).
    """

    outcome: PushOutcome
    status: int | None = None
    reason: str = ""


#: The push services' answers that mean the subscription is no more (RFC 8030, 7.3).
GONE_STATUSES: Final = frozenset({404, 410})


def send_push(
    subscription: dict[str, Any],
    payload: dict[str, Any],
    keys: VapidKeys,
    subject: str,
    ttl: int,
    timeout: float = PUSH_TIMEOUT,
    allow_local: bool = False,
) -> PushResult:
    """Encrypt ``payload`` for the browser of ``subscription`` and send it to its push
    service, signed with the server's VAPID keys.

    It waits for the network (at most ``timeout`` seconds to connect and as long for the
    answer): a server calls it from a worker thread, not in its event loop.

    Args:
        subscription: a subscription as :func:`check_subscription` returns it.
        payload: what the message carries (JSON; :func:`turn_payload`).
        keys: the server's VAPID keys.
        subject: how the push service may reach the server's operator, a ``mailto:`` or
            ``https:`` address (the token's ``sub``).
        ttl: how many seconds the push service keeps the message for a browser that is not
            online (0: only now).
        timeout: how long to wait for the push service, in seconds.
        allow_local: whether an endpoint on this machine is taken (a test's push service:
            :func:`check_subscription`).

    Returns:
        Delivered (2xx), gone (404, 410: forget the subscription) or failed, with the
        status and a reason; failed too, without a post, when the endpoint's name resolves
        to an address outside the public internet.

    Raises:
        ValueError: if the subscription, the subject, the TTL or the payload's size is wrong
            (a mistake of the caller's, not the push service's answer).
    """
    subscription = check_subscription(subscription, allow_local=allow_local)
    if not subject.startswith(("mailto:", "https://")):
        raise ValueError(f"the VAPID subject is a mailto: or https: address, got {subject!r}")
    if ttl < 0:
        raise ValueError(f"a push message's TTL is 0 or more seconds, got {ttl}")
    data = json.dumps(payload, ensure_ascii=False, separators=(",", ":")).encode("utf-8")
    if len(data) > MOST_PAYLOAD:
        raise ValueError(f"a push message holds at most {MOST_PAYLOAD} bytes, got {len(data)}")
    endpoint = urlsplit(subscription["endpoint"])
    # A name may lead where an address may not (check_endpoint): to this machine or a
    # private network. (The post resolves it again: a name whose answer changes in between
    # is beyond this check; a proxy that refuses private addresses is the whole answer.)
    private = None if allow_local else private_address(endpoint.hostname or "")
    if private is not None:
        reason = f"the endpoint's host resolves to {private}, outside the public internet"
        return PushResult(PushOutcome.FAILED, None, reason)
    claims = {
        "aud": f"{endpoint.scheme}://{endpoint.netloc}",
        "exp": int(time.time()) + TOKEN_LIFETIME,
        "sub": subject,
    }
    try:
        headers = Vapid(keys.private_key).sign(claims)
    except VapidException as error:
        raise ValueError(f"the VAPID claims cannot be signed: {error}") from None
    # A push service answers where it is asked: a redirect, which could lead the post to
    # an address the endpoint's check refuses, is a failure.
    session = requests.Session()
    session.max_redirects = 0
    try:
        with session:
            response = WebPusher(subscription, requests_session=session).send(
                data, headers, ttl=ttl, content_encoding="aes128gcm", timeout=timeout
            )
    except requests.RequestException as error:
        return PushResult(PushOutcome.FAILED, None, f"no answer from the push service: {error}")
    status = int(response.status_code)
    if 200 <= status < 300:
        return PushResult(PushOutcome.DELIVERED, status)
    said = f"{status} {response.reason or ''}".strip()
    text = (response.text or "").strip()[:200]
    reason = f"the push service answered {said}" + (f": {text}" if text else "")
    outcome = PushOutcome.GONE if status in GONE_STATUSES else PushOutcome.FAILED
    return PushResult(outcome, status, reason)
