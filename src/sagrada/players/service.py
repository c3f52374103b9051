"""The players' layer of one database, as the server holds it: its accounts and sessions,
profiles, leaderboards and the daily challenge (more parts join it as they are built: turn
notifications)."""

from __future__ import annotations

from sqlalchemy.engine import Engine

from sagrada.players.accounts import Accounts
from sagrada.players.daily import SECRET, DailyChallenge
from sagrada.players.leaderboards import Leaderboards
from sagrada.players.profiles import Profiles
from sagrada.players.secrets import server_secret
from sagrada.players.sessions import Sessions


class Players:
    """Every part of the players' layer, on the server's database engine (whose tables the
    games' store makes: :data:`sagrada.players.schema.metadata`)."""

    def __init__(self, engine: Engine) -> None:
        self.engine = engine
        self.accounts = Accounts(engine)
        self.sessions = Sessions(engine)
        self.profiles = Profiles(engine)
        self.leaderboards = Leaderboards(engine)
        self.daily = DailyChallenge(engine)
        #: The key of the daily games' seeds (:func:`sagrada.players.daily.daily_seed`).
        self.daily_secret = server_secret(engine, SECRET)
