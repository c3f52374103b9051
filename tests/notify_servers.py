"""Local servers for the turn notifications' tests: a push service and a mail server.

* :class:`PushService` stands for a browser's push service (RFC 8030) on a free port of this
  machine. It holds one subscription, made as a browser makes it (a P-256 key pair and a
  16-byte auth secret, bound to the server's ``applicationServerKey``), and takes a message
  only as a real push service does: with a VAPID token (RFC 8292) signed with ES256 by the
  key it names, for this service's origin, not expired and valid for at most 24 hours, with
  a ``sub``, and named by the key the subscription was made with (401 or 403 otherwise). It
  decrypts the body (``aes128gcm``, RFC 8291) with the browser's keys and keeps the payloads.
  The token is checked here with cryptography alone, not with the library that signs it.
* :class:`MailCatcher` is an SMTP server (aiosmtpd's ``Controller``) that keeps what it is
  sent, and may ask for a login, refuse recipients, or speak TLS (from the start, or after
  STARTTLS) with a certificate of its own (:func:`self_signed`), which a test makes the
  client trust through ``SSL_CERT_FILE``.
"""

from __future__ import annotations

import base64
import datetime
import ipaddress
import json
import os
import socket
import ssl
import threading
import time
from dataclasses import dataclass, field
from email import message_from_bytes, policy
from email.message import EmailMessage
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path
from typing import Any

import http_ece
from aiosmtpd.controller import Controller
from aiosmtpd.smtp import AuthResult, LoginPassword
from cryptography import x509
from cryptography.exceptions import InvalidSignature
from cryptography.hazmat.primitives import hashes, serialization
from cryptography.hazmat.primitives.asymmetric import ec
from cryptography.hazmat.primitives.asymmetric.utils import encode_dss_signature
from cryptography.x509.oid import NameOID

#: The longest a VAPID token may be valid for (RFC 8292, section 2).
LONGEST_TOKEN = 24 * 60 * 60


def free_port() -> int:
    """A port of this machine that nothing listens on (a moment ago)."""
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


def b64url_decode(text: str) -> bytes:
    return base64.urlsafe_b64decode(text + "=" * (-len(text) % 4))


def b64url_encode(data: bytes) -> str:
    return base64.urlsafe_b64encode(data).rstrip(b"=").decode("ascii")


def vapid_refusal(authorization: str, origin: str, server_key: str) -> tuple[int, str] | None:
    """Why a push service refuses a request's ``Authorization`` header, as its status and a
    reason, or None when it takes it.

    Args:
        authorization: the header (``vapid t=<JWT>, k=<public key>``).
        origin: the push service's origin, which the token's ``aud`` must be.
        server_key: the ``applicationServerKey`` the subscription was made with.
    """
    scheme, _, rest = authorization.strip().partition(" ")
    if scheme.lower() != "vapid":
        return 401, "no vapid authorization"
    fields = {}
    for part in rest.split(","):
        name, _, value = part.strip().partition("=")
        fields[name] = value
    token, key = fields.get("t", ""), fields.get("k", "")
    pieces = token.split(".")
    if len(pieces) != 3 or not key:
        return 401, "the authorization needs a token t and a key k"
    header, claims, signature = pieces
    try:
        if json.loads(b64url_decode(header)).get("alg") != "ES256":
            return 401, "the token is not signed with ES256"
        public = ec.EllipticCurvePublicKey.from_encoded_point(ec.SECP256R1(), b64url_decode(key))
        raw = b64url_decode(signature)
        if len(raw) != 64:
            return 401, "an ES256 signature is 64 bytes"
        der = encode_dss_signature(int.from_bytes(raw[:32], "big"), int.from_bytes(raw[32:], "big"))
        public.verify(der, f"{header}.{claims}".encode("ascii"), ec.ECDSA(hashes.SHA256()))
        said = json.loads(b64url_decode(claims))
    except InvalidSignature:
        return 401, "the token's signature is not valid for its key"
    except ValueError:
        return 401, "the token or the key is malformed"
    if key != server_key:
        return 403, "the token is signed by another key than the subscription's"
    now = time.time()
    if said.get("aud") != origin:
        return 401, f"the token is for {said.get('aud')!r}, not {origin!r}"
    exp = said.get("exp")
    if not isinstance(exp, int) or exp <= now:
        return 401, "the token has expired"
    if exp > now + LONGEST_TOKEN:
        return 401, "the token is valid for more than 24 hours"
    if not isinstance(said.get("sub"), str) or not said["sub"]:
        return 401, "the token has no sub"
    return None


@dataclass
class Delivery:
    """A message the push service took: its decrypted payload and its TTL."""

    payload: dict[str, Any]
    ttl: int


@dataclass
class PushService:
    """A push service on this machine with one browser's subscription (module docstring).

    Attributes:
        server_key: the ``applicationServerKey`` the browser subscribed with.
        status: what it answers a message it takes (201; 404 or 410: gone; anything else).
        redirect: where it sends the poster instead (a ``Location``, with a 308), if set.
        received: the messages it took, decrypted.
        refused: the status and reason of each request it refused.
    """

    server_key: str
    status: int = 201
    redirect: str | None = None
    received: list[Delivery] = field(default_factory=list)
    refused: list[tuple[int, str]] = field(default_factory=list)

    def __post_init__(self) -> None:
        self.browser_key = ec.generate_private_key(ec.SECP256R1())
        self.auth = os.urandom(16)
        self.path = "/push/" + b64url_encode(os.urandom(12))
        self.server = ThreadingHTTPServer(("127.0.0.1", 0), self.handler())
        self.thread = threading.Thread(target=self.server.serve_forever, args=(0.05,), daemon=True)

    @property
    def origin(self) -> str:
        return f"http://127.0.0.1:{self.server.server_address[1]}"

    @property
    def subscription(self) -> dict[str, Any]:
        """The subscription as a browser's ``PushSubscription.toJSON()`` gives it."""
        point = self.browser_key.public_key().public_bytes(
            serialization.Encoding.X962, serialization.PublicFormat.UncompressedPoint
        )
        return {
            "endpoint": self.origin + self.path,
            "expirationTime": None,
            "keys": {"p256dh": b64url_encode(point), "auth": b64url_encode(self.auth)},
        }

    def __enter__(self) -> PushService:
        self.thread.start()
        return self

    def __exit__(self, *exc: object) -> None:
        self.server.shutdown()
        self.server.server_close()
        self.thread.join()

    def take(self, path: str, headers: Any, body: bytes) -> tuple[int, dict[str, str]]:
        """Answer a POST: its status and headers."""
        if path != self.path:
            return 404, {}
        refusal = vapid_refusal(headers.get("Authorization", ""), self.origin, self.server_key)
        if refusal is not None:
            self.refused.append(refusal)
            return refusal[0], {}
        if self.redirect is not None:
            return 308, {"Location": self.redirect}
        if headers.get("Content-Encoding") != "aes128gcm" or headers.get("TTL") is None:
            self.refused.append((400, "not aes128gcm, or no TTL"))
            return 400, {}
        if self.status in (201, 200, 202):
            plain = http_ece.decrypt(
                body, private_key=self.browser_key, auth_secret=self.auth, version="aes128gcm"
            )
            self.received.append(Delivery(json.loads(plain), int(headers["TTL"])))
            return self.status, {"Location": self.path + "/message"}
        return self.status, {}

    def handler(self) -> type[BaseHTTPRequestHandler]:
        service = self

        class Handler(BaseHTTPRequestHandler):
            def do_POST(self) -> None:
                body = self.rfile.read(int(self.headers.get("Content-Length", 0)))
                status, headers = service.take(self.path, self.headers, body)
                self.send_response(status)
                for name, value in headers.items():
                    self.send_header(name, value)
                self.send_header("Content-Length", "0")
                self.end_headers()

            def log_message(self, format: str, *args: Any) -> None:
                pass  # the tests read what the service kept, not its log

        return Handler


def self_signed(folder: Path) -> tuple[Path, Path]:
    """Write a certificate for this machine (``localhost`` and ``127.0.0.1``), signed by its
    own key, and that key: the files of a TLS server a client trusts only when told to."""
    key = ec.generate_private_key(ec.SECP256R1())
    name = x509.Name([x509.NameAttribute(NameOID.COMMON_NAME, "localhost")])
    now = datetime.datetime.now(datetime.UTC)
    names = [x509.DNSName("localhost"), x509.IPAddress(ipaddress.ip_address("127.0.0.1"))]
    certificate = (
        x509.CertificateBuilder()
        .subject_name(name)
        .issuer_name(name)
        .public_key(key.public_key())
        .serial_number(x509.random_serial_number())
        .not_valid_before(now - datetime.timedelta(minutes=5))
        .not_valid_after(now + datetime.timedelta(days=1))
        .add_extension(x509.SubjectAlternativeName(names), critical=False)
        .add_extension(x509.BasicConstraints(ca=True, path_length=None), critical=True)
        .sign(key, hashes.SHA256())
    )
    cert_file, key_file = folder / "mail-cert.pem", folder / "mail-key.pem"
    cert_file.write_bytes(certificate.public_bytes(serialization.Encoding.PEM))
    key_file.write_bytes(
        key.private_bytes(
            serialization.Encoding.PEM,
            serialization.PrivateFormat.PKCS8,
            serialization.NoEncryption(),
        )
    )
    return cert_file, key_file


@dataclass
class MailCatcher:
    """An SMTP server on a free port of this machine that keeps the e-mails it is sent.

    Attributes:
        login: the user and password it asks for, if any (without TLS: a test on this
            machine).
        refuse_recipients: whether it refuses every recipient (550).
        tls: ``"starttls"`` (it offers STARTTLS and takes nothing before it) or ``"tls"``
            (TLS from the start), with the certificate and key files ``certificate``.
        mails: each e-mail it took, parsed, with ``X-RcptTo`` the envelope's recipients.
    """

    login: tuple[str, str] | None = None
    refuse_recipients: bool = False
    tls: str | None = None
    certificate: tuple[Path, Path] | None = None
    mails: list[EmailMessage] = field(default_factory=list)

    def __post_init__(self) -> None:
        self.port = free_port()
        options: dict[str, Any] = {}
        if self.login is not None:
            options = {"authenticator": self.authenticate, "auth_required": True}
            # aiosmtpd asks for TLS before a login only after STARTTLS; TLS from the start
            # is TLS too.
            options["auth_require_tls"] = self.tls == "starttls"
        if self.tls is not None:
            assert self.certificate is not None, "a TLS server needs its certificate"
            context = ssl.SSLContext(ssl.PROTOCOL_TLS_SERVER)
            context.load_cert_chain(*self.certificate)
            if self.tls == "starttls":
                options.update(tls_context=context, require_starttls=True)
            else:
                options["ssl_context"] = context
        self.controller = Controller(self, hostname="127.0.0.1", port=self.port, **options)

    def __enter__(self) -> MailCatcher:
        self.controller.start()
        return self

    def __exit__(self, *exc: object) -> None:
        self.controller.stop()

    def authenticate(
        self, server: Any, session: Any, envelope: Any, mechanism: str, data: Any
    ) -> AuthResult:
        ok = isinstance(data, LoginPassword) and self.login == (
            data.login.decode(),
            data.password.decode(),
        )
        return AuthResult(success=ok, handled=False)

    async def handle_RCPT(
        self, server: Any, session: Any, envelope: Any, address: str, options: Any
    ) -> str:
        if self.refuse_recipients:
            return "550 5.1.1 no such mailbox here"
        envelope.rcpt_tos.append(address)
        return "250 OK"

    async def handle_DATA(self, server: Any, session: Any, envelope: Any) -> str:
        mail = message_from_bytes(envelope.content, policy=policy.default)
        assert isinstance(mail, EmailMessage)
        mail["X-RcptTo"] = ", ".join(envelope.rcpt_tos)
        mail["X-MailFrom"] = envelope.mail_from
        self.mails.append(mail)
        return "250 OK"
