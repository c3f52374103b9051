"""Telling a player of a correspondence game that it is their turn: by e-mail (an account's
setting, when the server has a mail server: ``sagrada serve --smtp URL``) and by Web Push to
every browser the account subscribed (docs/players.md, "Correspondence games").

A correspondence game is one whose turn limit is :data:`CORRESPONDENCE_SECONDS` or more (hours
or days). When a turn of one begins for a seat an account plays, and nobody watches that seat
from a page (whose own alert then says it), the server tells the account once: the turn is
written down in ``turn_notices`` first, so of several processes that see it begin, one tells.
The server's VAPID keys are made at its first start and kept in its database
(:func:`sagrada.players.secrets.server_secret`).
"""

from __future__ import annotations

import logging
import time
from dataclasses import dataclass
from typing import Any, Final

from sqlalchemy import delete, insert, select, update
from sqlalchemy.engine import Engine
from sqlalchemy.exc import IntegrityError

from sagrada.core.messages import msg
from sagrada.players.mail import MailError, MailServer, send_turn_mail
from sagrada.players.notices import game_words, turn_notice
from sagrada.players.push import PushOutcome, VapidKeys, check_subscription, send_push, turn_payload
from sagrada.players.refusal import Refusal
from sagrada.players.schema import accounts_table, push_subscriptions_table, turn_notices_table
from sagrada.players.secrets import server_secret

log = logging.getLogger("sagrada.players")

#: The shortest turn limit of a correspondence game (an hour): its players are told of
#: their turns.
CORRESPONDENCE_SECONDS: Final = 3600
#: How long a push service keeps a "your turn" message for a browser that is offline.
PUSH_TTL: Final = 24 * 3600
#: The most browsers an account may subscribe.
MOST_SUBSCRIPTIONS: Final = 20


@dataclass(frozen=True, slots=True)
class NoticeSettings:
    """How the server tells players of their turns.

    Attributes:
        public_url: the server's address as its players reach it (links in e-mails).
        smtp: the mail server's URL (``smtp://user:password@host:587?starttls=1``,
            ``smtps://…``), or ``None``: no e-mail.
        sender: the address e-mails come from; also the VAPID contact (``mailto:``).
        allow_local_push: whether a push endpoint on this machine is taken (tests only).
    """

    public_url: str = "http://localhost:8000"
    smtp: str | None = None
    sender: str = "sagrada@localhost"
    allow_local_push: bool = False


@dataclass(frozen=True, slots=True)
class Turn:
    """A turn that began: the game, the seat, the game's count of actions then, the account
    playing the seat, its game's registry name, its page's path and who waits for it."""

    game_id: str
    seat: int
    number: int
    account: int
    game: str
    path: str
    waiting: tuple[str, ...]


class TurnNotices:
    """The turn notices of one database (their sending waits for the network: call
    :meth:`tell` from a worker thread)."""

    def __init__(self, engine: Engine, settings: NoticeSettings) -> None:
        self.engine = engine
        self.settings = settings
        self.keys = VapidKeys.from_text(
            server_secret(engine, "vapid", lambda: VapidKeys.generate().to_text())
        )
        #: Raises ValueError for a malformed URL, when the server starts.
        self.mail = MailServer.from_url(settings.smtp) if settings.smtp else None

    @property
    def public_key(self) -> str:
        """The server's ``applicationServerKey`` (base64url)."""
        return self.keys.application_server_key

    def subscribe(self, account_id: int, data: Any) -> None:
        """Keep a browser's push subscription for ``account_id`` (a subscription another
        account held passes to this one: the browser is this account's now).

        Raises:
            Refusal: 422 for a malformed subscription, 409 over :data:`MOST_SUBSCRIPTIONS`.
        """
        try:
            checked = check_subscription(data, allow_local=self.settings.allow_local_push)
        except ValueError as error:
            raise Refusal(422, msg("players.bad_subscription", reason=str(error))) from None
        row = {
            "account_id": account_id,
            "endpoint": checked["endpoint"],
            "p256dh": checked["keys"]["p256dh"],
            "auth": checked["keys"]["auth"],
            "created": time.time(),
        }
        table = push_subscriptions_table
        with self.engine.begin() as conn:
            held = conn.execute(select(table.c.id).where(table.c.account_id == account_id)).all()
            known = conn.execute(
                select(table.c.id).where(table.c.endpoint == checked["endpoint"])
            ).first()
            if known is not None:
                conn.execute(update(table).where(table.c.id == known.id).values(**row))
                return
            if len(held) >= MOST_SUBSCRIPTIONS:
                raise Refusal(409, msg("players.too_many_subscriptions", n=MOST_SUBSCRIPTIONS))
            try:
                with conn.begin_nested():
                    conn.execute(insert(table).values(**row))
            except IntegrityError:
                pass  # the same browser subscribing twice at once: one row is enough

    def unsubscribe(self, account_id: int, endpoint: str) -> bool:
        """Forget one of the account's subscriptions; return whether there was one."""
        if "\x00" in endpoint:
            return False  # no subscription's (kept endpoints are checked), nor PostgreSQL text
        table = push_subscriptions_table
        with self.engine.begin() as conn:
            gone = conn.execute(
                delete(table).where(table.c.account_id == account_id, table.c.endpoint == endpoint)
            )
        return bool(gone.rowcount)

    def subscriptions(self, account_id: int) -> int:
        """How many browsers the account subscribed."""
        table = push_subscriptions_table
        with self.engine.connect() as conn:
            rows = conn.execute(select(table.c.id).where(table.c.account_id == account_id))
            return len(rows.all())

    def tell(self, turn: Turn) -> dict[str, int]:
        """Tell the account of a turn that began, once however many processes see it begin;
        return how many e-mails and push messages went (nothing raised: a failure is
        logged)."""
        sent = {"mail": 0, "push": 0}
        try:
            with self.engine.begin() as conn:
                conn.execute(
                    insert(turn_notices_table).values(
                        game_id=turn.game_id, seat=turn.seat, turn=turn.number, sent=time.time()
                    )
                )
        except IntegrityError:
            return sent  # told already (another process, or this one before)
        with self.engine.connect() as conn:
            account = conn.execute(
                select(accounts_table).where(accounts_table.c.id == turn.account)
            ).first()
            subscriptions = conn.execute(
                select(push_subscriptions_table).where(
                    push_subscriptions_table.c.account_id == turn.account
                )
            ).all()
        if account is None:
            return sent
        words = game_words(turn.game, account.language)
        if self.mail is not None and account.email and account.email_turns:
            url = self.settings.public_url.rstrip("/") + turn.path
            try:
                send_turn_mail(
                    self.mail, self.settings.sender, account.email, account.language, words, url
                )
                sent["mail"] += 1
            except (MailError, ValueError) as error:
                log.warning("cannot e-mail a turn of game %s: %s", turn.game_id, error)
        notice = turn_notice(account.language, words, turn.waiting)
        payload = turn_payload(notice, turn.path)
        for row in subscriptions:
            sent["push"] += self._push(row, payload)
        return sent

    def _push(self, row: Any, payload: dict[str, str]) -> int:
        subscription = {"endpoint": row.endpoint, "keys": {"p256dh": row.p256dh, "auth": row.auth}}
        subject = f"mailto:{self.settings.sender}"
        try:
            result = send_push(
                subscription,
                payload,
                self.keys,
                subject,
                PUSH_TTL,
                allow_local=self.settings.allow_local_push,
            )
        except ValueError as error:
            log.warning("cannot push a turn: %s", error)
            return 0
        if result.outcome is PushOutcome.GONE:
            with self.engine.begin() as conn:
                conn.execute(
                    delete(push_subscriptions_table).where(push_subscriptions_table.c.id == row.id)
                )
        elif result.outcome is PushOutcome.FAILED:
            log.warning("a push service refused a turn: %s %s", result.status, result.reason)
        return int(result.outcome is PushOutcome.DELIVERED)
