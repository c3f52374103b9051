"""The players' layer of one database, as the server holds it: its accounts and sessions,
and the turn notices of correspondence games."""

from __future__ import annotations

from sqlalchemy.engine import Engine

from sagrada.players.accounts import Accounts
from sagrada.players.sessions import Sessions
from sagrada.players.turn_notices import NoticeSettings, TurnNotices


class Players:
    """Every part of the players' layer, on the server's database engine (whose tables the
    games' store makes: :data:`sagrada.players.schema.metadata`)."""

    def __init__(self, engine: Engine, notices: NoticeSettings) -> None:
        self.engine = engine
        self.accounts = Accounts(engine)
        self.sessions = Sessions(engine)
        self.notices = TurnNotices(engine, notices)
