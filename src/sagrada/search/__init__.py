"""What every game's bots share: the search platform below the games.

A game's bots (``sagrada.games.<game>``) build on these; nothing here imports a game.

* :mod:`~sagrada.search.advice`: the hint protocol (:class:`~sagrada.search.advice.Adviser`,
  :class:`~sagrada.search.advice.RatedAction`).
* :mod:`~sagrada.search.budget`: a search's budget per decision, iterations or seconds.
* :mod:`~sagrada.search.pimc`: perfect-information Monte Carlo: a turn's plans and the race
  that compares candidates on shared guesses.
* :mod:`~sagrada.search.plans`: plan following (a planned turn played step by step).
* :mod:`~sagrada.search.window_summary`, :mod:`~sagrada.search.playout_policy`,
  :mod:`~sagrada.search.window_playout`: the fast playouts of a window that both games'
  planners race.
* :mod:`~sagrada.search.tournament`: the one tournament runner both games' tournaments go
  through; :mod:`~sagrada.search.backends`: where its games are played;
  :mod:`~sagrada.search.stats`: the intervals its summaries give.
"""
