"""Setting up a game: dealing private objectives, window pattern cards, tool cards and public
objectives, filling the bag and choosing the start player (rulebook, SETUP), then the active
modules' own setup steps.

The order of the dealing is fixed (privates, windows, tools, publics, start player, module
steps): the game's chance is consumed in that order, so a seed always deals the same game.
"""

from __future__ import annotations

from sagrada.core.content import catalog
from sagrada.core.dice import NUM_COLOURS
from sagrada.core.errors import ConfigError
from sagrada.core.rng import Rng
from sagrada.games.dice.rules.hooks import Rules
from sagrada.games.dice.rules.table import Phase, PlayerState, Table


def deal(table: Table, rules: Rules, rng: Rng) -> None:
    """Fill every field of ``table`` for a new game with ``rules``, using ``rng`` as its chance.

    Raises:
        ConfigError: if the decks are too small for the player count.
    """
    options = rules.options
    cards = catalog()
    n = options.players

    deck = rules.private_deck
    per_player = rules.num_privates
    if len(deck) < n * per_player:
        raise ConfigError(
            f"{n} players need {n * per_player} private objectives and the deck has {len(deck)}"
        )
    order = list(range(len(deck)))
    rng.shuffle(order)
    privates = [tuple(deck[order[p * per_player + k]] for k in range(per_player)) for p in range(n)]

    window_cards = rules.window_cards
    card_order = list(range(len(window_cards)))
    rng.shuffle(card_order)
    options_dealt = []
    for p in range(n):
        first, second = window_cards[card_order[2 * p]], window_cards[card_order[2 * p + 1]]
        options_dealt.append((first[0], first[1], second[0], second[1]))

    if options.tools is None:
        numbers = list(rules.tool_deck)
        rng.shuffle(numbers)
        tool_numbers = sorted(numbers[: rules.num_tools])
    else:
        tool_numbers = list(options.tools)
    if options.public_objectives is None:
        ids = list(rules.public_deck)
        rng.shuffle(ids)
        public_ids = ids[: rules.num_publics]
    else:
        public_ids = list(options.public_objectives)

    table.config = options
    table.phase = Phase.SETUP
    table.players = [PlayerState(options_dealt[p], privates[p]) for p in range(n)]
    table.tools = tuple(cards.tool(number) for number in tool_numbers)
    table.tool_tokens = [0] * len(table.tools)
    table.tool_spent = [False] * len(table.tools)
    table.publics = tuple(cards.public(i) for i in public_ids)
    table.private_deck = deck
    table.bag = [rules.dice_per_colour] * NUM_COLOURS
    table.pool = []
    table.track = [[] for _ in range(rules.rounds)]
    table.removed = []
    table.round = 0
    table.start_player = rng.below(n)
    table.order = ()
    table.turn = 0
    table.current = 0
    table.used = 0
    table.skip = 0
    table.tool_slot = -1
    table.free_tool = 0
    table.stage = 0
    table.held = -1
    table.memo = 0
    table.step = ""
    table.components = {}
    table.history = []
    table.actors = []
    table.rounds = []
    table.rng = rng
    for step in rules.setup_steps:
        step(table)
