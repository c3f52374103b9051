"""Turn e-mails: the mail server the operator names (``serve --smtp URL``) and the plain-text
e-mail telling a player that a correspondence game waits for their move.

The server is named by a URL: ``smtp://host:port`` (port 25 by default), with
``?starttls=1`` to turn the connection into TLS before anything is said (port 587 by
default), or ``smtps://host:port`` for TLS from the start (port 465 by default); a user and
password, percent-encoded, before the host (``smtp://user:pass@host:587?starttls=1``). A
password never goes over a connection without TLS, except to this machine.

>>> MailServer.from_url("smtps://robot:se%40cret@mail.example.org")
MailServer(host='mail.example.org', port=465, security='tls', user='robot')
"""

from __future__ import annotations

import re
import smtplib
import ssl
from dataclasses import dataclass, field
from email.message import EmailMessage
from email.utils import formatdate, make_msgid
from typing import Final, Literal
from urllib.parse import parse_qsl, unquote, urlsplit

from sagrada.core.messages import msg, render
from sagrada.players.notices import notice_language, turn_title

#: How long the mail server has to answer each step, in seconds.
MAIL_TIMEOUT: Final = 10.0
#: The port of each kind of connection when the URL names none.
DEFAULT_PORTS: Final = {"plain": 25, "starttls": 587, "tls": 465}
#: The values the query's ``starttls`` may have.
STARTTLS_VALUES: Final = {"0": False, "1": True}
#: The hosts a password may be sent to without TLS: this machine.
LOCAL_HOSTS: Final = frozenset({"localhost", "127.0.0.1", "::1"})
#: An e-mail address as this module takes one: a local part and a domain, nothing that could
#: end a header or add a recipient.
ADDRESS: Final = re.compile(r"[^@\s,;:<>()\"]+@[^@\s,;:<>()\"]+")

Security = Literal["plain", "starttls", "tls"]


class MailError(Exception):
    """An e-mail could not be sent: the mail server could not be reached, refused it or
    refused the login. The message says which server and what it answered."""


@dataclass(frozen=True, slots=True)
class MailServer:
    """Where turn e-mails are handed over.

    Attributes:
        host: the mail server's name or address.
        port: its port.
        security: ``plain`` (no TLS), ``starttls`` (TLS after the greeting) or ``tls``.
        user: the login's name, or None to send without logging in.
        password: the login's password (never shown in the server's repr).
        timeout: how long each step may take, in seconds.
    """

    host: str
    port: int
    security: Security = "plain"
    user: str | None = None
    password: str | None = field(default=None, repr=False)
    timeout: float = field(default=MAIL_TIMEOUT, repr=False)

    @classmethod
    def from_url(cls, url: str) -> MailServer:
        """Read a mail server's URL (the module's docstring says its forms).

        Raises:
            ValueError: saying what is wrong with the URL: its scheme, host, port, login,
                query, or a password that would go over a connection without TLS.
        """
        try:
            parts = urlsplit(url.strip())
            port = parts.port
        except ValueError as error:
            raise ValueError(f"the mail server's URL is not valid: {error}") from None
        if parts.scheme not in ("smtp", "smtps"):
            raise ValueError("the mail server's URL starts with smtp:// or smtps://")
        if not parts.hostname:
            raise ValueError("the mail server's URL names no host")
        if parts.path not in ("", "/") or parts.fragment:
            raise ValueError("the mail server's URL has no path: smtp://host:port?starttls=1")
        starttls = query_starttls(parts.query)
        if parts.scheme == "smtps" and starttls:
            raise ValueError("smtps:// is TLS from the start: starttls=1 is for smtp://")
        security: Security = "tls" if parts.scheme == "smtps" else "plain"
        if starttls:
            security = "starttls"
        user = unquote(parts.username) if parts.username is not None else None
        password = unquote(parts.password) if parts.password is not None else None
        if (user is None) != (password is None) or user == "":
            raise ValueError("the mail server's URL gives a user and a password, or neither")
        host = parts.hostname
        if password is not None and security == "plain" and host not in LOCAL_HOSTS:
            raise ValueError(
                "a password goes to a mail server only over TLS: add ?starttls=1 or use smtps://"
            )
        return cls(host, port or DEFAULT_PORTS[security], security, user, password)


def query_starttls(query: str) -> bool:
    """Return whether a mail server's URL asks for STARTTLS (its query's ``starttls``).

    Raises:
        ValueError: if the query has another field, or ``starttls`` twice or of another
            value than 0 or 1.
    """
    try:
        fields = parse_qsl(query, keep_blank_values=True, strict_parsing=bool(query))
    except ValueError:
        raise ValueError(f"the mail server's URL has a malformed query {query!r}") from None
    names = [name for name, _ in fields]
    if set(names) - {"starttls"}:
        raise ValueError("the mail server's URL takes only starttls=0|1 in its query")
    if len(names) > 1:
        raise ValueError("the mail server's URL gives starttls once")
    if not fields:
        return False
    value = fields[0][1]
    if value not in STARTTLS_VALUES:
        raise ValueError(f"starttls is 0 or 1, got {value!r}")
    return STARTTLS_VALUES[value]


def check_address(address: str, what: str) -> str:
    """Return ``address`` if it is one plain e-mail address (``name@example.org``).

    Raises:
        ValueError: naming ``what`` (the sender, the recipient) if it is not.
    """
    if not ADDRESS.fullmatch(address):
        raise ValueError(f"the {what} is not an e-mail address: {address!r}")
    return address


def turn_mail(sender: str, to: str, language: str, game_words: str, url: str) -> EmailMessage:
    """Return the plain-text e-mail telling ``to`` that a game waits for their move.

    Args:
        sender: the address the e-mail comes from.
        to: the player's address.
        language: the account's language (English where no catalogue speaks it).
        game_words: the game's words in that language
            (:func:`sagrada.players.notices.game_words`).
        url: the game's page, an absolute ``https://`` (or ``http://``) address.

    Raises:
        ValueError: if an address or the link is malformed.
    """
    check_address(sender, "sender")
    check_address(to, "recipient")
    link = urlsplit(url)
    if link.scheme not in ("http", "https") or not link.netloc or any(c.isspace() for c in url):
        raise ValueError(f"a turn e-mail links to an absolute http(s) address, got {url!r}")
    language = notice_language(language)
    mail = EmailMessage()
    mail["From"] = sender
    mail["To"] = to
    mail["Subject"] = turn_title(language, game_words)
    mail["Date"] = formatdate()
    mail["Message-ID"] = make_msgid(domain=sender.rpartition("@")[2])
    # An automatic notice (RFC 3834): no mail server answers it with an out-of-office reply.
    mail["Auto-Submitted"] = "auto-generated"
    mail["Content-Language"] = language
    mail.set_content(render(msg("players.notify.mail.body", game=game_words, link=url), language))
    return mail


def send_turn_mail(
    server: MailServer, sender: str, to: str, language: str, game_words: str, url: str
) -> None:
    """Send the turn e-mail (:func:`turn_mail`) through ``server``.

    It waits for the network (each step at most the server's timeout): a server calls it
    from a worker thread, not in its event loop.

    Raises:
        ValueError: if an address or the link is malformed (nothing was sent).
        MailError: if the mail server could not be reached, or refused the login, the
            sender or the recipient; the message says which server and what it answered.
    """
    mail = turn_mail(sender, to, language, game_words, url)
    where = f"the mail server {server.host}:{server.port}"
    try:
        with connect(server) as smtp:
            if server.user is not None and server.password is not None:
                smtp.login(server.user, server.password)
            smtp.send_message(mail)
    except smtplib.SMTPAuthenticationError as error:
        raise MailError(f"{where} refused the login: {answer(error)}") from error
    except smtplib.SMTPRecipientsRefused as error:
        said = "; ".join(answer(e) for e in error.recipients.values())
        raise MailError(f"{where} refused the recipient: {said}") from error
    except smtplib.SMTPSenderRefused as error:
        raise MailError(f"{where} refused the sender: {answer(error)}") from error
    except smtplib.SMTPResponseException as error:
        raise MailError(f"{where} refused the e-mail: {answer(error)}") from error
    except smtplib.SMTPException as error:  # before OSError, of which it is a kind
        raise MailError(f"{where} failed: {error}") from error
    except OSError as error:
        raise MailError(f"{where} could not be reached: {error}") from error


def connect(server: MailServer) -> smtplib.SMTP:
    """Open a connection to ``server``, in TLS where it asks for it.

    Raises:
        smtplib.SMTPException, OSError: if it cannot be reached or TLS fails.
    """
    if server.security == "tls":
        return smtplib.SMTP_SSL(
            server.host, server.port, timeout=server.timeout, context=ssl.create_default_context()
        )
    smtp = smtplib.SMTP(server.host, server.port, timeout=server.timeout)
    if server.security == "starttls":
        try:
            smtp.starttls(context=ssl.create_default_context())
        except BaseException:
            smtp.close()
            raise
    return smtp


def answer(error: smtplib.SMTPResponseException | tuple[int, bytes]) -> str:
    """Return a mail server's refusal as "550 no such user"."""
    code, text = (error.smtp_code, error.smtp_error) if isinstance(error, Exception) else error
    words = text.decode("utf-8", "replace") if isinstance(text, bytes) else str(text)
    return f"{code} {words}".strip()
