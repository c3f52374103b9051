"""The server's routes, in routers by job: games (create, the lobby, join, rematch, record,
replay), play (a seat's view, actions, preview, WebSocket), chat, hints, reference answers,
the rules help, and the pages."""
