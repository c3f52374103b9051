"""The games, one package each: its rules, its bots, its command-line parts, its page and its
typed entry (:class:`sagrada.entry.GameEntry`), which the registry (:mod:`sagrada.registry`)
lists. Nothing outside a game's folder names it."""
