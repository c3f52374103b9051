"""The games with a chance model as OpenSpiel games: ``import sagrada.rl.openspiel``
registers ``python_<name>`` for each game of the registry whose entry names a chance model and
an encoder (the dice game: ``python_sagrada``), then ``pyspiel.load_game("python_sagrada")``
(or ``"python_sagrada(players=3,apprentice=True)"``) loads it.

The adapter knows a game only through its entry (:mod:`sagrada.rl.games`): the rules
(``entry.game``), the observation encoder and the chance model
(:class:`sagrada.entry.ChanceModel`; the dice game's is :mod:`sagrada.games.dice.chance`).
A sequential game of imperfect information with explicit chance (``EXPLICIT_STOCHASTIC``):

* **Chance nodes.** Every random event of the engine is a chance node of its own, with its
  outcomes equally likely. For the dice game: each step of a shuffle of the deal (private
  objectives, window cards, tools, public objectives), the start player, and for each die
  drawn from the bag the die taken (one of the dice left in the bag, so a colour comes up as
  often as it has dice there) then its roll (1-6). A player's action that draws or rolls (the
  last window choice, the turn that ends a round, Flux Brush, Glazing Hammer...) is followed
  by the chance nodes it needs; the engine applies it once they are all chosen. The engine
  plays through an :class:`~sagrada.core.rng.Rng` that answers with the chosen outcomes
  (:class:`ChosenChance`, given to the chance model's ``deal`` and ``use``), so a game is
  exactly the engine's game.
* **Players' actions** are the engine's codes (the dice game: ``docs/notation.md``),
  ``num_distinct_actions`` of the configuration.
* **Information states.** A player's information-state string is their view (the game's
  ``view(state, seat)``; the dice game's: their own private objective, the bag's counts)
  with the public history of actions, as canonical JSON (the chance model's
  ``information``); the observation string is the same without the history. The
  observation tensor is the game's encoder's, from the same view. Nothing the player may not
  know is in either.
* **Returns**: +1 for each winner (solo: the score beats the target), -1 for every other
  player, at the end (general-sum: with the shared tie-break several players may win).

Parameters: ``players`` and every option of the game's schema whose default is a number, a
flag or a word (the dice game's ``solo_tools``, ``private_pools``, ``apprentice``,
``tie_break``...); the list options (``tools``, ``public_objectives``) as words separated by
``;`` (``"python_sagrada(tools=1;4;7)"``), empty for a random deal.
"""

from __future__ import annotations

import json
from typing import Any, Final, TypeVar

import numpy as np
import pyspiel

from sagrada.core.rng import Rng
from sagrada.encoding_kit import Encoder
from sagrada.entry import ChanceModel, GameEntry, load
from sagrada.registry import default_game, entries
from sagrada.rl.games import PlayedState, Result, encoder_for, entry_of

_T = TypeVar("_T")


def short_name(game: str) -> str:
    """The OpenSpiel name of the registry's game called ``game``."""
    return f"python_{game}"


def parameters(game: str) -> dict[str, Any]:
    """The OpenSpiel parameters of the game called ``game``: its options with a scalar
    default, and its list options as text (empty: the default)."""
    options = entry_of(game).game.options()
    lists = [o.name for o in options if o.type == "list"]
    scalars = {o.name: o.default for o in options if o.type in ("int", "bool", "str")}
    return scalars | dict.fromkeys(lists, "")


#: The default game's name in OpenSpiel's registry.
SHORT_NAME: Final = short_name(default_game())
#: The default game's parameters: players and the options with a scalar default; lists as text.
PARAMETERS: Final[dict[str, Any]] = parameters(default_game())


class _NeedChance(Exception):
    """The engine asks for a chance outcome that is not chosen yet: ``n`` outcomes."""

    def __init__(self, n: int) -> None:
        super().__init__(n)
        self.n = n


class ChosenChance(Rng):
    """The game's chance as explicit chance nodes: every draw answers with the next chosen
    outcome, or raises :class:`_NeedChance` naming how many outcomes the draw has."""

    __slots__ = ("outcomes",)

    def __init__(self, outcomes: list[int]) -> None:
        super().__init__(0)
        self.outcomes = outcomes

    def below(self, n: int) -> int:
        """The next chosen outcome, in ``range(n)``."""
        if self.state >= len(self.outcomes):
            raise _NeedChance(n)
        outcome = self.outcomes[self.state]
        self.state += 1  # the engine sees its chance used (State.is_chance)
        return outcome

    def next64(self) -> int:
        raise TypeError("the engine draws through below, roll and shuffle only")

    def roll(self) -> int:
        """A die value 1-6: a chance node of 6 outcomes."""
        return self.below(6) + 1

    def shuffle(self, items: list[_T]) -> None:
        """Fisher-Yates, each swap a chance node (as :meth:`Rng.shuffle` draws)."""
        for i in range(len(items) - 1, 0, -1):
            j = self.below(i + 1)
            items[i], items[j] = items[j], items[i]

    def copy(self) -> ChosenChance:
        chance = ChosenChance(self.outcomes)
        chance.state = self.state
        return chance

    def __reduce__(self) -> tuple[Any, tuple[list[int], int]]:
        # Pickled and deep-copied with its outcomes: the compiled engine's Rng would pickle
        # only the fields it declares itself (docs/compiled.md).
        return _chosen_chance, (self.outcomes, self.state)


def _chosen_chance(outcomes: list[int], used: int) -> ChosenChance:
    """A :class:`ChosenChance` with ``outcomes`` of which ``used`` are used (unpickling)."""
    chance = ChosenChance(outcomes)
    chance.state = used
    return chance


def config_from_params(params: dict[str, Any], game: str | None = None) -> Any:
    """The configuration an OpenSpiel parameter dict describes (of the default game unless
    ``game`` names another)."""
    rules = entry_of(game).game
    lists = {o.name for o in rules.options() if o.type == "list"}
    data: dict[str, Any] = {}
    for name, value in params.items():
        if name in lists:
            if value:
                items = [v.strip() for v in str(value).split(";")]
                data[name] = [int(v) if v.isdigit() else v for v in items]
        else:
            data[name] = value
    return rules.config_from_json(data)


def _game_type(game: GameEntry[Any, Any, Any]) -> Any:
    return pyspiel.GameType(
        short_name=short_name(game.name),
        long_name=f"{game.game.title} (python)",
        dynamics=pyspiel.GameType.Dynamics.SEQUENTIAL,
        chance_mode=pyspiel.GameType.ChanceMode.EXPLICIT_STOCHASTIC,
        information=pyspiel.GameType.Information.IMPERFECT_INFORMATION,
        utility=pyspiel.GameType.Utility.GENERAL_SUM,
        reward_model=pyspiel.GameType.RewardModel.TERMINAL,
        max_num_players=game.seats.most,
        min_num_players=game.seats.least,
        provides_information_state_string=True,
        provides_information_state_tensor=False,
        provides_observation_string=True,
        provides_observation_tensor=True,
        parameter_specification=parameters(game.name),
    )


class SagradaGame(pyspiel.Game):
    """A game's description for OpenSpiel: sizes, players, parameters.

    Args:
        params: OpenSpiel's parameters (the game's options; :func:`parameters`).
        game: the game's name in the registry (``None``: the default game, the dice game).

    Raises:
        ValueError: if the game has no chance model or no encoder.
    """

    #: The game a subclass registered with OpenSpiel plays (:func:`register`).
    game_name: str | None = None

    def __init__(self, params: dict[str, Any] | None = None, game: str | None = None) -> None:
        self.entry = entry_of(game if game is not None else self.game_name)
        if not self.entry.chance:
            raise ValueError(f"the game {self.entry.name!r} has no chance model")
        self.rules = self.entry.game
        self.model: ChanceModel = load(self.entry.chance)
        defaults = parameters(self.entry.name)
        self.config = config_from_params({**defaults, **(params or {})}, self.entry.name)
        self.encoder = encoder_for(self.entry, self.config)
        self.chance_outcomes_bound = self.model.max_outcomes(self.config)
        self.seats: int = self.rules.num_players(self.config)
        info = pyspiel.GameInfo(
            num_distinct_actions=self.rules.num_distinct_actions(self.config),
            max_chance_outcomes=self.chance_outcomes_bound,
            num_players=self.seats,
            min_utility=-1.0,
            max_utility=1.0,
            max_game_length=self.rules.max_game_length(self.config),
        )
        super().__init__(_game_type(self.entry), info, params or {})

    def new_initial_state(self) -> SagradaState:
        """A game before the deal (a chance node)."""
        return SagradaState(self)

    def state_from_view(self, view: Any, seed: int) -> SagradaState:
        """A state consistent with ``view``, its hidden parts guessed (the chance model's
        ``guess`` with ``seed``): what a bot that sees only a view gives a search."""
        state = SagradaState(self)
        state.set_engine(self.model.guess(view, seed))
        return state

    def make_py_observer(
        self, iig_obs_type: Any = None, params: dict[str, Any] | None = None
    ) -> SagradaObserver:
        """An observer: the information state (perfect recall) or the observation."""
        if params:
            raise ValueError(f"observation parameters not supported: {params}")
        perfect_recall = iig_obs_type is not None and iig_obs_type.perfect_recall
        return SagradaObserver(self, perfect_recall)


class SagradaState(pyspiel.State):
    """A game in progress: the engine's state, and a player's action waiting for chance."""

    def __init__(self, game: SagradaGame) -> None:
        super().__init__(game)
        self.config = game.config
        self.rules = game.rules
        self.model = game.model
        self.seats = game.seats
        self.engine: PlayedState | None = None  # None until the deal is done
        self.pending = -1  # the player's action that waits for chance outcomes
        self.outcomes: list[int] = []  # those chosen so far (for the deal or the action)
        self.chance_size = 0  # the outcomes of the chance node now (0: not a chance node)
        self._resolve()

    def set_engine(self, engine: PlayedState) -> None:
        """Make this state the engine's state ``engine`` (between two decisions)."""
        self.model.use(engine, ChosenChance([]))
        self.engine = engine
        self.pending = -1
        self.outcomes = []
        self.chance_size = 0

    def _resolve(self) -> None:
        """Play the deal or the waiting action with the outcomes chosen so far: done, or a
        chance node asking for one more."""
        chance = ChosenChance(self.outcomes)
        try:
            if self.engine is None:
                engine: PlayedState = self.model.deal(self.config, chance)
            else:
                engine = self.engine.clone()
                self.model.use(engine, chance)
                engine.apply(self.pending)
        except _NeedChance as need:
            self.chance_size = need.n
            return
        self.set_engine(engine)

    # -- OpenSpiel's API -----------------------------------------------------------------------

    def current_player(self) -> int:
        """The seat deciding, ``CHANCE`` or ``TERMINAL``."""
        if self.chance_size:
            return int(pyspiel.PlayerId.CHANCE)
        assert self.engine is not None
        if self.engine.is_over:
            return int(pyspiel.PlayerId.TERMINAL)
        return self.engine.current_player

    def _legal_actions(self, player: int) -> list[int]:
        assert self.engine is not None and player == self.engine.current_player
        return list(self.engine.legal_actions())

    def chance_outcomes(self) -> list[tuple[int, float]]:
        """Every outcome of the chance node, equally likely."""
        n = self.chance_size
        if n > self.get_game().chance_outcomes_bound:
            raise ValueError(f"a chance node with {n} outcomes, more than max_chance_outcomes")
        return [(outcome, 1.0 / n) for outcome in range(n)]

    def _apply_action(self, action: int) -> None:
        if self.chance_size:
            self.outcomes = [*self.outcomes, int(action)]
        else:
            self.pending = int(action)
            self.outcomes = []
        self._resolve()

    def _action_to_string(self, player: int, action: int) -> str:
        if player == pyspiel.PlayerId.CHANCE:
            return f"chance {action}"
        return self.rules.action_to_str(action)

    def is_terminal(self) -> bool:
        """Whether the game is over."""
        return not self.chance_size and self.engine is not None and self.engine.is_over

    def returns(self) -> list[float]:
        """+1 for each winner and -1 for the others at the end; 0 before."""
        if not self.is_terminal():
            return [0.0] * self.seats
        assert self.engine is not None
        outcome: Result = self.rules.outcome(self.engine)
        return [1.0 if seat in outcome.winners else -1.0 for seat in range(self.seats)]

    def resample_from_infostate(self, player: int, sampler: Any = None) -> SagradaState:
        """A state with the same information state for ``player``, the rest guessed (for
        ISMCTS): the hidden parts drawn with the chance model's ``guess``, seeded by
        ``sampler()`` (a number in [0, 1), as OpenSpiel's samplers give) or at random."""
        assert self.engine is not None and not self.chance_size
        if sampler is not None:
            seed = int(float(sampler()) * 2**63)
        else:
            seed = int(np.random.default_rng().integers(2**63))
        game: SagradaGame = self.get_game()
        return game.state_from_view(self.rules.view(self.engine, player), seed)

    def __deepcopy__(self, memo: dict[int, Any]) -> SagradaState:
        # OpenSpiel clones a python state with copy.deepcopy: the engine's clone is the copy.
        other = SagradaState.__new__(SagradaState)
        pyspiel.State.__init__(other, self.get_game())
        other.config = self.config
        other.rules = self.rules
        other.model = self.model
        other.seats = self.seats
        other.engine = None if self.engine is None else self.engine.clone()
        other.pending = self.pending
        other.outcomes = self.outcomes
        other.chance_size = self.chance_size
        return other

    def __str__(self) -> str:
        if self.engine is None:
            return "dealing"
        return " ".join(self.rules.action_to_str(a) for a in self.engine.history) or "start"


class SagradaObserver:
    """What a player knows, as OpenSpiel's python observers give it: ``tensor`` (the game's
    encoder's layout), ``dict`` (its segments) and a string."""

    def __init__(self, game: SagradaGame, perfect_recall: bool) -> None:
        self.rules = game.rules
        self.model = game.model
        self.encoder: Encoder = game.encoder
        self.perfect_recall = perfect_recall
        self.tensor = np.zeros(self.encoder.size, np.float32)
        self.dict = {name: self.tensor[part] for name, part in self.encoder.layout.slices().items()}

    def set_from(self, state: SagradaState, player: int) -> None:
        """Fill ``tensor`` with ``state`` as ``player`` sees it."""
        if state.engine is None:
            self.tensor.fill(0)
        else:
            self.tensor[:] = self.encoder.encode(self.rules.view(state.engine, player))

    def string_from(self, state: SagradaState, player: int) -> str:
        """The information state (with the public history) or the observation, as JSON."""
        if state.engine is None:
            return f"p{player} dealing"
        view = self.rules.view(state.engine, player)
        data = self.model.information(view, self.perfect_recall)
        text = json.dumps(data, sort_keys=True, separators=(",", ":"))
        waiting = f" then {self.rules.action_to_str(state.pending)}" if state.pending >= 0 else ""
        return f"p{player}{waiting} {text}"


def register() -> None:
    """Register ``python_<name>`` with OpenSpiel for every game with a chance model and an
    encoder (once each), as a subclass of :class:`SagradaGame` bound to the game (a class,
    as OpenSpiel's own python games register: OpenSpiel holds it until the interpreter
    ends)."""
    known = set(pyspiel.registered_names())
    for game in entries():
        if game.chance and game.encoder and short_name(game.name) not in known:
            bound = type(f"SagradaGame_{game.name}", (SagradaGame,), {"game_name": game.name})
            pyspiel.register_game(_game_type(game), bound)


register()
