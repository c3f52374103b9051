"""Turn e-mails (issue 29, item 6): "your turn" by e-mail through the operator's mail server.

* a turn e-mail reaches a local SMTP server (aiosmtpd) with its recipient, subject and link,
  in English and German, logging in where the URL gives a user, over STARTTLS or TLS from
  the start to a server whose certificate the client trusts (and not to one it does not);
* a mail server's URL is read, or refused with its reason (a password never goes over a
  connection without TLS, except to this machine);
* a refusing or unreachable mail server gives a clear error; a malformed address or link is
  refused before anything is sent.

The mail server is in ``tests/notify_servers.py``.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from notify_servers import MailCatcher, free_port, self_signed
from sagrada.players.mail import MailError, MailServer, send_turn_mail

LINK = "https://sagrada.example/game/ab12cd"
#: aiosmtpd warns of a login it takes without STARTTLS: on this machine, or over TLS from the
#: start, which it does not count as TLS.
LOGIN_WITHOUT_TLS = "ignore:Requiring AUTH while not requiring TLS"


@pytest.mark.parametrize(
    "language, subject, words",
    [
        ("en", "Your turn in Sagrada", ["It is your turn in Sagrada.", "Your game: " + LINK]),
        ("de", "Du bist am Zug: Sagrada", ["Du bist am Zug: Sagrada.", "Deine Partie: " + LINK]),
    ],
)
def test_a_turn_email_arrives_with_its_recipient_subject_and_link(
    language: str, subject: str, words: list[str]
) -> None:
    with MailCatcher() as catcher:
        server = MailServer.from_url(f"smtp://127.0.0.1:{catcher.port}")
        send_turn_mail(
            server, "turns@sagrada.example", "ada@example.org", language, "Sagrada", LINK
        )
    [mail] = catcher.mails
    assert mail["X-RcptTo"] == "ada@example.org" and mail["To"] == "ada@example.org"
    assert mail["X-MailFrom"] == "turns@sagrada.example"
    assert mail["Subject"] == subject
    assert mail.get_content_type() == "text/plain"
    body = mail.get_content()
    for line in words:
        assert line in body


@pytest.mark.filterwarnings(LOGIN_WITHOUT_TLS)
def test_a_turn_email_logs_in_with_the_urls_user() -> None:
    with MailCatcher(login=("robot", "s3cret@x")) as catcher:
        server = MailServer.from_url(f"smtp://robot:s3cret%40x@127.0.0.1:{catcher.port}")
        send_turn_mail(server, "turns@sagrada.example", "ada@example.org", "en", "Sagrada", LINK)
        assert len(catcher.mails) == 1
        wrong = MailServer.from_url(f"smtp://robot:guess@127.0.0.1:{catcher.port}")
        with pytest.raises(MailError, match="refused the login: 535"):
            send_turn_mail(wrong, "turns@sagrada.example", "ada@example.org", "en", "Sagrada", LINK)
    assert len(catcher.mails) == 1


@pytest.mark.parametrize(
    "tls, url",
    [
        ("starttls", "smtp://robot:pw@localhost:{port}?starttls=1"),
        ("tls", "smtps://robot:pw@localhost:{port}"),
    ],
)
@pytest.mark.filterwarnings(LOGIN_WITHOUT_TLS)
def test_a_turn_email_goes_over_tls_to_a_server_the_client_trusts(
    tls: str, url: str, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    certificate = self_signed(tmp_path)
    with MailCatcher(login=("robot", "pw"), tls=tls, certificate=certificate) as catcher:
        server = MailServer.from_url(url.format(port=catcher.port))
        # Not trusted: the certificate is no authority's.
        with pytest.raises(MailError, match=r"could not be reached: .*CERTIFICATE_VERIFY_FAILED"):
            send_turn_mail(
                server, "turns@sagrada.example", "ada@example.org", "en", "Sagrada", LINK
            )
        assert catcher.mails == []
        # Trusted, as a server's certificate is when an authority signed it.
        monkeypatch.setenv("SSL_CERT_FILE", str(certificate[0]))
        send_turn_mail(server, "turns@sagrada.example", "ada@example.org", "en", "Sagrada", LINK)
    [mail] = catcher.mails
    assert mail["Subject"] == "Your turn in Sagrada"


def test_a_refused_recipient_gives_a_clear_error() -> None:
    with MailCatcher(refuse_recipients=True) as catcher:
        server = MailServer.from_url(f"smtp://127.0.0.1:{catcher.port}")
        with pytest.raises(MailError, match=f"127.0.0.1:{catcher.port} refused the recipient: 550"):
            send_turn_mail(
                server, "turns@sagrada.example", "ada@example.org", "en", "Sagrada", LINK
            )
    assert catcher.mails == []


def test_an_unreachable_mail_server_gives_a_clear_error() -> None:
    port = free_port()
    server = MailServer.from_url(f"smtp://127.0.0.1:{port}")
    with pytest.raises(MailError, match=f"127.0.0.1:{port} could not be reached"):
        send_turn_mail(server, "turns@sagrada.example", "ada@example.org", "en", "Sagrada", LINK)


@pytest.mark.parametrize(
    "to, url",
    [
        ("ada@example.org\r\nBcc: eve@example.org", LINK),
        ("ada@example.org, eve@example.org", LINK),
        ("ada", LINK),
        ("ada@example.org", "/game/ab12cd"),
        ("ada@example.org", "javascript:alert(1)"),
    ],
)
def test_a_malformed_address_or_link_is_refused_before_anything_is_sent(to: str, url: str) -> None:
    server = MailServer.from_url(f"smtp://127.0.0.1:{free_port()}")
    with pytest.raises(ValueError):
        send_turn_mail(server, "turns@sagrada.example", to, "en", "Sagrada", url)


@pytest.mark.parametrize(
    "url, expected",
    [
        ("smtp://mail.example.org", ("mail.example.org", 25, "plain", None, None)),
        ("smtp://mail.example.org?starttls=1", ("mail.example.org", 587, "starttls", None, None)),
        (
            "smtp://mail.example.org:2525?starttls=0",
            ("mail.example.org", 2525, "plain", None, None),
        ),
        (
            "smtp://robot:p%40ss@mail.example.org:587?starttls=1",
            ("mail.example.org", 587, "starttls", "robot", "p@ss"),
        ),
        ("smtps://robot:pw@mail.example.org", ("mail.example.org", 465, "tls", "robot", "pw")),
        ("smtp://robot:pw@localhost:1025", ("localhost", 1025, "plain", "robot", "pw")),
    ],
)
def test_a_mail_servers_url_is_read(url: str, expected: tuple[Any, ...]) -> None:
    server = MailServer.from_url(url)
    assert (server.host, server.port, server.security, server.user, server.password) == expected


@pytest.mark.parametrize(
    "url, reason",
    [
        ("http://mail.example.org", "smtp:// or smtps://"),
        ("mail.example.org", "smtp:// or smtps://"),
        ("smtp://", "names no host"),
        ("smtp://mail.example.org:99999", "not valid"),
        ("smtp://mail.example.org:25x", "not valid"),
        ("smtp://mail.example.org/inbox", "has no path"),
        ("smtp://mail.example.org?tls=1", "only starttls"),
        ("smtp://mail.example.org?starttls=yes", "starttls is 0 or 1"),
        ("smtp://mail.example.org?starttls=1&starttls=0", "starttls once"),
        ("smtps://mail.example.org?starttls=1", "TLS from the start"),
        ("smtp://robot@mail.example.org?starttls=1", "a user and a password"),
        ("smtp://robot:pw@mail.example.org", "only over TLS"),
    ],
)
def test_a_malformed_mail_url_is_refused_with_its_reason(url: str, reason: str) -> None:
    with pytest.raises(ValueError, match=reason):
        MailServer.from_url(url)


def test_the_mail_password_is_not_in_the_servers_repr() -> None:
    server = MailServer.from_url("smtps://robot:hunter2secret@mail.example.org")
    assert "hunter2secret" not in repr(server)
