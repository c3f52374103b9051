"""The players' layer of one database, as the server holds it: its accounts and sessions
(more parts join it as they are built: results and ratings, the daily challenge, turn
notifications)."""

from __future__ import annotations

from sqlalchemy.engine import Engine

from sagrada.players.accounts import Accounts
from sagrada.players.sessions import Sessions


class Players:
    """Every part of the players' layer, on the server's database engine (whose tables the
    games' store makes: :data:`sagrada.players.schema.metadata`)."""

    def __init__(self, engine: Engine) -> None:
        self.engine = engine
        self.accounts = Accounts(engine)
        self.sessions = Sessions(engine)
