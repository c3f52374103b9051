"""The game server: FastAPI over HTTP and WebSockets, games persisted with SQLAlchemy Core.

Install with the ``web`` extra (``pip install 'sagrada[web]'``); the rules core does not need it.
"""
