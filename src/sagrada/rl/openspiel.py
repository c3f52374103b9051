"""The dice game as an OpenSpiel game: ``import sagrada.rl.openspiel`` registers
``python_sagrada``, then ``pyspiel.load_game("python_sagrada")`` (or
``"python_sagrada(players=3,apprentice=True)"``) loads it.

A sequential game of imperfect information with explicit chance (``EXPLICIT_STOCHASTIC``):

* **Chance nodes.** Every random event of the engine is a chance node of its own, with its
  outcomes equally likely: each step of a shuffle of the deal (private objectives, window
  cards, tools, public objectives), the start player, and for each die drawn from the bag the
  die taken (one of the dice left in the bag, so a colour comes up as often as it has dice
  there) then its roll (1-6). A player's action that draws or rolls (the last window choice,
  the turn that ends a round, Flux Brush, Glazing Hammer...) is followed by the chance nodes
  it needs; the engine applies it once they are all chosen. The engine plays through an
  :class:`~sagrada.core.rng.Rng` that answers with the chosen outcomes
  (``new_game(chance=...)``), so a game is exactly the engine's game.
* **Players' actions** are the engine's codes (``docs/notation.md``), ``num_distinct_actions``
  of the configuration.
* **Information states.** A player's information-state string is their view
  (:func:`sagrada.core.views.make_view`: their own private objective, the bag's counts, the
  public history of actions) as canonical JSON; the observation string is the same without
  the history. The observation tensor is the layout of :mod:`sagrada.rl.aec`, from the same
  view. Nothing the player may not know is in either.
* **Returns**: +1 for each winner (solo: the score beats the target), -1 for every other
  player, at the end (general-sum: with the shared tie-break several players may win).

Parameters: ``players`` (1-6) and every option of the game's schema whose default is a
number, a flag or a word (``solo_tools``, ``private_pools``, ``apprentice``, ``tie_break``...);
the lists ``tools`` and ``public_objectives`` as words separated by ``;``
(``"python_sagrada(tools=1;4;7)"``), empty for a random deal.
"""

from __future__ import annotations

import json
from typing import Any, Final, TypeVar

import numpy as np
import pyspiel

from sagrada.core.actions import action_to_str
from sagrada.core.config import GameConfig
from sagrada.core.options import OPTIONS
from sagrada.core.rng import Rng
from sagrada.core.state import State, new_game
from sagrada.core.views import PlayerView, determinize, make_view
from sagrada.games.dice.encoder import DiceEncoder

#: The game's name in OpenSpiel's registry.
SHORT_NAME: Final = "python_sagrada"
_T = TypeVar("_T")

#: The parameters: players and the options with a scalar default; list options as text.
_LISTS: Final = tuple(o.name for o in OPTIONS if o.type == "list")
PARAMETERS: Final[dict[str, Any]] = {
    o.name: o.default for o in OPTIONS if o.type in ("int", "bool", "str")
} | dict.fromkeys(_LISTS, "")


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


def config_from_params(params: dict[str, Any]) -> GameConfig:
    """The configuration an OpenSpiel parameter dict describes."""
    data: dict[str, Any] = {}
    for name, value in params.items():
        if name in _LISTS:
            if value:
                items = [v.strip() for v in str(value).split(";")]
                data[name] = [int(v) if v.isdigit() else v for v in items]
        else:
            data[name] = value
    return GameConfig.from_json(data)


def _game_type() -> Any:
    return pyspiel.GameType(
        short_name=SHORT_NAME,
        long_name="Sagrada (python)",
        dynamics=pyspiel.GameType.Dynamics.SEQUENTIAL,
        chance_mode=pyspiel.GameType.ChanceMode.EXPLICIT_STOCHASTIC,
        information=pyspiel.GameType.Information.IMPERFECT_INFORMATION,
        utility=pyspiel.GameType.Utility.GENERAL_SUM,
        reward_model=pyspiel.GameType.RewardModel.TERMINAL,
        max_num_players=6,
        min_num_players=1,
        provides_information_state_string=True,
        provides_information_state_tensor=False,
        provides_observation_string=True,
        provides_observation_tensor=True,
        parameter_specification=PARAMETERS,
    )


def max_chance_outcomes(config: GameConfig) -> int:
    """The most outcomes a chance node of a game with ``config`` can have: the dice of the
    bag, the longest deck shuffled, the seats, a die's six faces."""
    rules = config.rules
    decks = (rules.private_deck, rules.window_cards, rules.tool_deck, rules.public_deck)
    return max(5 * rules.dice_per_colour, config.players, 6, *(len(d) for d in decks))


class SagradaGame(pyspiel.Game):
    """The dice game's description for OpenSpiel: sizes, players, parameters."""

    def __init__(self, params: dict[str, Any] | None = None) -> None:
        self.config = config_from_params({**PARAMETERS, **(params or {})})
        self.encoder = DiceEncoder(self.config)
        self.chance_outcomes_bound = max_chance_outcomes(self.config)
        info = pyspiel.GameInfo(
            num_distinct_actions=self.config.num_distinct_actions,
            max_chance_outcomes=self.chance_outcomes_bound,
            num_players=self.config.players,
            min_utility=-1.0,
            max_utility=1.0,
            max_game_length=self.config.max_game_length,
        )
        super().__init__(_game_type(), info, params or {})

    def new_initial_state(self) -> SagradaState:
        """A game before the deal (a chance node)."""
        return SagradaState(self)

    def state_from_view(self, view: PlayerView, seed: int) -> SagradaState:
        """A state consistent with ``view``, its hidden parts guessed
        (:func:`~sagrada.core.views.determinize` with ``seed``): what a bot that sees only a
        view gives a search."""
        state = SagradaState(self)
        state.set_engine(determinize(view, seed))
        return state

    def make_py_observer(
        self, iig_obs_type: Any = None, params: dict[str, Any] | None = None
    ) -> SagradaObserver:
        """An observer: the information state (perfect recall) or the observation."""
        if params:
            raise ValueError(f"observation parameters not supported: {params}")
        perfect_recall = iig_obs_type is not None and iig_obs_type.perfect_recall
        return SagradaObserver(self.encoder, perfect_recall)


class SagradaState(pyspiel.State):
    """A game in progress: the engine's state, and a player's action waiting for chance."""

    def __init__(self, game: SagradaGame) -> None:
        super().__init__(game)
        self.config = game.config
        self.engine: State | None = None  # None until the deal is done
        self.pending = -1  # the player's action that waits for chance outcomes
        self.outcomes: list[int] = []  # those chosen so far (for the deal or the action)
        self.chance_size = 0  # the outcomes of the chance node now (0: not a chance node)
        self._resolve()

    def set_engine(self, engine: State) -> None:
        """Make this state the engine's state ``engine`` (between two decisions)."""
        engine.rng = ChosenChance([])
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
                engine = new_game(self.config, chance=chance)
            else:
                engine = self.engine.clone()
                engine.rng = chance
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
        return action_to_str(action)

    def is_terminal(self) -> bool:
        """Whether the game is over."""
        return not self.chance_size and self.engine is not None and self.engine.is_over

    def returns(self) -> list[float]:
        """+1 for each winner and -1 for the others at the end; 0 before."""
        if not self.is_terminal():
            return [0.0] * self.config.players
        assert self.engine is not None
        winners = self.engine.outcome().winners
        return [1.0 if seat in winners else -1.0 for seat in range(self.config.players)]

    def resample_from_infostate(self, player: int, sampler: Any = None) -> SagradaState:
        """A state with the same information state for ``player``, the rest guessed (for
        ISMCTS): the hidden parts drawn with :func:`~sagrada.core.views.determinize`, seeded
        by ``sampler()`` (a number in [0, 1), as OpenSpiel's samplers give) or at random."""
        assert self.engine is not None and not self.chance_size
        if sampler is not None:
            seed = int(float(sampler()) * 2**63)
        else:
            seed = int(np.random.default_rng().integers(2**63))
        game: SagradaGame = self.get_game()
        return game.state_from_view(make_view(self.engine, player), seed)

    def __deepcopy__(self, memo: dict[int, Any]) -> SagradaState:
        # OpenSpiel clones a python state with copy.deepcopy: the engine's clone is the copy.
        other = SagradaState.__new__(SagradaState)
        pyspiel.State.__init__(other, self.get_game())
        other.config = self.config
        other.engine = None if self.engine is None else self.engine.clone()
        other.pending = self.pending
        other.outcomes = self.outcomes
        other.chance_size = self.chance_size
        return other

    def __str__(self) -> str:
        if self.engine is None:
            return "dealing"
        return " ".join(action_to_str(a) for a in self.engine.history) or "start"


class SagradaObserver:
    """What a player knows, as OpenSpiel's python observers give it: ``tensor`` (the layout
    of :mod:`sagrada.rl.aec`), ``dict`` (its segments) and a string."""

    def __init__(self, encoder: DiceEncoder, perfect_recall: bool) -> None:
        self.encoder = encoder
        self.perfect_recall = perfect_recall
        self.tensor = np.zeros(encoder.size, np.float32)
        self.dict = {name: self.tensor[part] for name, part in encoder.layout.slices().items()}

    def set_from(self, state: SagradaState, player: int) -> None:
        """Fill ``tensor`` with ``state`` as ``player`` sees it."""
        if state.engine is None:
            self.tensor.fill(0)
        else:
            self.tensor[:] = self.encoder.encode(make_view(state.engine, player))

    def string_from(self, state: SagradaState, player: int) -> str:
        """The information state (with the public history) or the observation, as JSON."""
        if state.engine is None:
            return f"p{player} dealing"
        data = make_view(state.engine, player).state.snapshot()
        if not self.perfect_recall:
            for key in ("history", "actors", "rounds"):
                data.pop(key)
        text = json.dumps(data, sort_keys=True, separators=(",", ":"))
        waiting = f" then {action_to_str(state.pending)}" if state.pending >= 0 else ""
        return f"p{player}{waiting} {text}"


pyspiel.register_game(_game_type(), SagradaGame)
