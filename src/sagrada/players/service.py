"""The players' layer of one database, as the server holds it: its accounts and sessions,
the turn notices of correspondence games, profiles, leaderboards and the daily challenge."""

from __future__ import annotations

from sqlalchemy.engine import Engine

from sagrada.players.accounts import Accounts
from sagrada.players.daily import SECRET, DailyChallenge
from sagrada.players.leaderboards import Leaderboards
from sagrada.players.profiles import Profiles
from sagrada.players.secrets import server_secret
from sagrada.players.sessions import Sessions
from sagrada.players.turn_notices import NoticeSettings, TurnNotices


class Players:
    """Every part of the players' layer, on the server's database engine (whose tables the
    games' store makes: :data:`sagrada.players.schema.metadata`)."""

    def __init__(self, engine: Engine, notices: NoticeSettings) -> None:
        self.engine = engine
        self.accounts = Accounts(engine)
        self.sessions = Sessions(engine)
        self.profiles = Profiles(engine)
        self.leaderboards = Leaderboards(engine)
        self.daily = DailyChallenge(engine)
        #: The key of the daily games' seeds (:func:`sagrada.players.daily.daily_seed`).
        self.daily_secret = server_secret(engine, SECRET)
        self.notices = TurnNotices(engine, notices)
