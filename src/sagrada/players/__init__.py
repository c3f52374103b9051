"""The players' layer of the server: accounts and their sessions, ratings, results and
profiles, leaderboards, the daily challenge and turn notifications (docs/players.md).

It stands between the server (:mod:`sagrada.web`) and the games: like the server it knows a
game only through its entry in the registry, and it needs the ``web`` extra (SQLAlchemy,
argon2-cffi, OpenSkill, pywebpush).
"""
