"""What a game is to the platform: the protocols its parts meet and its typed entry.

A game is one package under ``sagrada/games/`` (or in another distribution). It declares one
:class:`GameEntry`: the game (:class:`Game`: options, states, notation, records, results), its
bots (:class:`GameBots`), its command-line parts (:class:`GameCommands`, imported only when a
command needs them), its page (:class:`GamePage`) and what the server's create request and
the RL wrappers need (its observation encoder, its Gymnasium environments, its
:class:`ChanceModel`). The registry (:mod:`sagrada.registry`) holds the entries; the adapters
(``sagrada.cli``, ``sagrada.web``, ``sagrada.rl``) know a game only through its entry.

This module sits below the games and the adapters and imports neither: the parts an adapter
needs from a game that would pull in an optional dependency (Rich for the terminal game, for
instance) are named here as ``"module:attribute"`` and imported by :func:`load`.
"""

from __future__ import annotations

import argparse
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from importlib import import_module
from importlib.resources.abc import Traversable
from typing import TYPE_CHECKING, Any, Generic, Protocol, TypeVar

from sagrada.core.options import OptionPreset
from sagrada.search.advice import Adviser
from sagrada.table_options import TableOption

if TYPE_CHECKING:
    from sagrada.core.rng import Rng

C = TypeVar("C")
S = TypeVar("S", bound="GameState")
V = TypeVar("V", bound="GameView")
V_co = TypeVar("V_co", bound="GameView", covariant=True)


class GameState(Protocol):
    """What every game's state offers the platform: one decision at a time, and what the
    server shows of the game's progress."""

    @property
    def current_player(self) -> int:
        """The seat that decides now (negative once the game is over)."""
        ...

    @property
    def is_over(self) -> bool:
        """Whether the game has ended."""
        ...

    @property
    def history(self) -> Sequence[int]:
        """The actions played so far, in order."""
        ...

    @property
    def round(self) -> int:
        """The round being played, from 0 (the number of rounds once the game is over)."""
        ...

    @property
    def turn(self) -> int:
        """The turn being played within the round, from 0."""
        ...

    @property
    def phase_name(self) -> str:
        """A short name of the stage the game is at (``"setup"``, ``"play"``, ``"over"``)."""
        ...

    def is_chance(self, action: int) -> bool:
        """Whether ``action`` (a legal one) reveals chance (dice rolled, cards drawn): such an
        action commits at once, as it cannot be taken back unseen."""
        ...

    def legal_actions(self) -> list[int]:
        """The legal actions now, in increasing code order."""
        ...

    def apply(self, action: int) -> None:
        """Apply a legal action (an illegal one raises and changes nothing)."""
        ...

    def clone(self) -> Any:
        """An independent copy of the state."""
        ...


class GameView(Protocol):
    """What one seat may know of a state: no hidden information of others.

    A view may also offer its log apart (``history_json(start)``, ``to_json(history=False)``
    and ``history_revised_at``), so the server builds each entry once
    (:mod:`sagrada.web.history`); without them the server takes the log from ``to_json()``.
    """

    def to_json(self) -> dict[str, Any]:
        """The view as JSON-ready data, as the pages receive it."""
        ...

    def legal_actions(self) -> list[int]:
        """The legal actions of the viewer now (empty when it is not their decision)."""
        ...


class Record(Protocol):
    """A game record: configuration, seed and actions."""

    @property
    def actions(self) -> Sequence[int]:
        """The record's actions, in order."""
        ...

    def to_json(self) -> dict[str, Any]:
        """The record as a JSON-ready dict, naming its game and format."""
        ...

    def replay(self, upto: int | None = None) -> Any:
        """Play the record through (or its first ``upto`` actions) and return the state."""
        ...


class Game(Protocol[C, S, V_co]):
    """A game the platform plays (see :class:`sagrada.games.dice.rules.game.DiceGame`)."""

    @property
    def name(self) -> str:
        """The game's name in the registry and in records."""
        ...

    @property
    def title(self) -> str:
        """The game's name for people."""
        ...

    def options(self) -> Sequence[Any]:
        """The option schema: one entry per option (name, type, default, ...)."""
        ...

    def config_from_json(self, data: Any) -> C:
        """A configuration from its JSON form."""
        ...

    def new_state(self, config: C, seed: int) -> S:
        """A new game."""
        ...

    def num_players(self, config: C) -> int:
        """The number of seats."""
        ...

    def num_distinct_actions(self, config: C) -> int:
        """The size of the action space."""
        ...

    def max_game_length(self, config: C) -> int:
        """An upper bound on the decisions of a game."""
        ...

    def parse_action(self, text: str) -> int:
        """The action written ``text``."""
        ...

    def action_to_str(self, action: int) -> str:
        """The notation of an action."""
        ...

    def read_record(self, data: Any) -> Record:
        """A record of this game from parsed JSON."""
        ...

    def outcome(self, state: S) -> Any:
        """The result of a finished position."""
        ...

    def view(self, state: S, seat: int) -> V_co:
        """What ``seat`` may know of ``state`` (-1: a spectator)."""
        ...

    def record_of(self, state: S, seed: int) -> Record:
        """The record of ``state``, a game started with ``seed``."""
        ...


class Player(Protocol):
    """A bot of some game: it chooses among the legal actions from a view."""

    name: str

    def choose(self, view: Any, legal: Sequence[int]) -> int:
        """Return one of ``legal``."""
        ...


@dataclass(frozen=True, slots=True)
class GameBots:
    """A game's bots.

    Attributes:
        make: makes a bot from its spec (``"greedy"``, ``"mcts:400"``) and a seed; raises
            ``ValueError`` naming the bots there are.
        names: the bots that may take a seat.
        default: the bot a command line seats when none is named.
        searching: the bots (by the name before any ``:budget``) that search, whatever their
            budget: the server lets them think in worker processes.
        stand_in: the bot that plays a person's turn when their time runs out (strong, and
            quick to decide).
        adviser: makes the hint bot (the strongest) from a seed and a budget (seconds, or
            iterations for repeatable answers; a bot without such a budget ignores it).
        table: the options of the table the game is offered with on the server
            (:mod:`sagrada.table_options`), which these bots serve.
    """

    make: Callable[[str, int], Player]
    names: tuple[str, ...]
    default: str
    searching: frozenset[str]
    stand_in: str
    adviser: Callable[[int, float | None, int | None], Adviser]
    table: tuple[TableOption, ...] = ()

    @property
    def hint(self) -> str:
        """The hint bot's name."""
        return self.adviser(0, None, None).name

    def searches(self, spec: str) -> bool:
        """Whether the bot ``spec`` searches (:attr:`searching`), whatever its budget."""
        return spec.partition(":")[0] in self.searching


class TournamentResult(Protocol):
    """The result of a tournament: JSON for ``--json``, a table for people."""

    def to_json(self) -> dict[str, Any]:
        """The summary as JSON-ready data."""
        ...


class GameCommands(Protocol):
    """A game's own parts of the command line (``sagrada play``, ``score``, ``replay``,
    ``simulate``, ``bench``): the adapter parses the common flags and the game's option flags,
    then hands over to these. Bad input raises ``sagrada.cli.common.CliError`` (or a
    ``SagradaError``)."""

    #: Help on the input of ``sagrada score --game NAME`` (shown under ``--help``).
    score_help: str

    def check(self, args: argparse.Namespace) -> None:
        """Refuse the flags of ``play``, ``simulate`` or ``bench`` this game cannot take (one
        line each), before the configuration is made."""
        ...

    def play(self, args: argparse.Namespace, config: Any, seed: int) -> int:
        """Play a game in the terminal (``args``: seat, bot, lang, hint budget); the exit code."""
        ...

    def score(self, text: str, as_json: bool, language: str) -> tuple[str, list[str]]:
        """Score a physical game described in ``text``: what to print (a table in
        ``language``, a language with a message catalogue; JSON the same in every language),
        and the warnings."""
        ...

    def replay(self, record: Any, as_json: bool) -> str:
        """What ``sagrada replay`` prints of a record of this game."""
        ...

    def tournament(
        self,
        config: Any,
        bots: Sequence[str],
        games: int,
        seed: int,
        workers: int,
        progress: Callable[[int, int, float], None] | None,
        backend: Any,
    ) -> TournamentResult:
        """Play a tournament between ``bots`` (``backend``: None for ``workers`` processes)."""
        ...

    def tournament_seeds(self, config: Any, bots: Sequence[str], games: int) -> int:
        """How many seeds from the first the tournament uses."""
        ...

    def tournament_text(self, result: Any) -> str:
        """The tournament's summary as a table."""
        ...

    def plot(self, result: Any, path: str) -> None:
        """Draw the tournament's scores into ``path`` (raises ``CliError`` if it cannot)."""
        ...

    def bench_extra(self, args: argparse.Namespace) -> dict[str, float]:
        """Measurements of this game's own beside the random games' (the search's speed)."""
        ...


class ScoreInputError(ValueError):
    """A physical game's window to score (``POST /api/score``) is not one the game can
    score: the message is one line naming the field at fault, the command line's
    (``sagrada score``)."""


class GameReference(Protocol):
    """What the server tells of a game apart from any play of it (JSON-ready answers)."""

    def cards(self, language: str) -> dict[str, Any]:
        """The game's cards, for its page and the lobby (``GET /api/cards?game=NAME``): their
        names and texts in ``language`` (a language with a message catalogue), each with its
        message (``name_message``...) where the catalogues translate it
        (:func:`sagrada.core.messages.content_json`)."""
        ...

    def check_options(self, values: dict[str, Any]) -> dict[str, Any]:
        """What the rules make of some option values, for a form to follow as it is filled in
        (``POST /api/options/check?game=NAME``): at least ``error`` and ``error_message``,
        null when the values make a game."""
        ...

    def data(self, name: str) -> Any:
        """A measured data set the game publishes (``GET /api/data/NAME?game=NAME``), or None
        if it has none of that name."""
        ...

    def help(self, language: str) -> dict[str, Any]:
        """The game's part of the rules help (``GET /api/rules``) in ``language``, one of
        :meth:`help_languages`: at least ``sections`` (the rules in short: ``id``, ``group``,
        ``title``, ``text`` paragraphs, ``source``) and ``options`` (its option schema, each
        with a ``note`` or None), and whatever else its page's help shows (its cards with
        their texts and pictures). The words come from the help files in the game's package
        (:mod:`sagrada.rules_help`); the page's ``help.js`` draws them.

        Raises:
            FileNotFoundError: if the help has no prose in ``language``.
        """
        ...

    def help_languages(self) -> tuple[str, ...]:
        """The languages the game's rules help has prose for, English first."""
        ...

    def score(self, data: Any) -> dict[str, Any]:
        """Score a finished window of a physical game (``POST /api/score?game=NAME``):
        ``data`` is the parsed JSON that ``sagrada score --game NAME`` reads. The answer has
        the total, ``private_points``, ``favor_tokens``, every part with its formula and
        cells, the ``warnings`` (each with its ``text``, ``message`` and ``cells``) and the
        ``window`` read back (``name``, ``grid``, ``cells``); a game with a table of players
        answers ``players`` (each one such answer with a ``name`` and ``place``),
        ``ranking`` and ``tie_break`` (docs/web-api.md).

        Raises:
            ScoreInputError: if ``data`` is not a window the game can score.
        """
        ...

    def read_score_input(self, data: Any) -> dict[str, Any]:
        """Read back the windows of a scoring input that may not be complete yet (``POST
        /api/score/read?game=NAME``: a page restores a shared link from it): each window's
        ``window`` as :meth:`score` gives it, or None where its dice cannot be read; a table's
        as ``players`` (each ``name`` and ``window``). Nothing but the windows is checked.

        Raises:
            ScoreInputError: if ``data`` is not a JSON object.
        """
        ...

    def score_form(self, language: str) -> dict[str, Any]:
        """What the game's scoring form needs (``GET /api/score/form?game=NAME``), its words
        in ``language`` or as message ids: the colours and values of its dice or cards, its
        window patterns, its cards, its limits and whatever else its form offers
        (docs/web-api.md)."""
        ...


class ChanceModel(Protocol):
    """How an adapter that chooses a game's chance itself plays it (OpenSpiel's explicit
    chance nodes): it gives the game a generator of its own, an
    :class:`~sagrada.core.rng.Rng` subclass that answers each draw (``below(n)``: one of ``n``
    equally likely outcomes, ``roll``, ``shuffle``) with the outcome it chose. Such an adapter
    searches from views too, so the model also guesses a state from a view and tells what a
    view's information state is. A game's entry names its model (:attr:`GameEntry.chance`)."""

    def deal(self, config: Any, chance: Rng) -> Any:
        """A new game whose deal draws through ``chance``."""
        ...

    def use(self, state: Any, chance: Rng) -> None:
        """Make ``chance`` the generator of ``state``'s next draws."""
        ...

    def max_outcomes(self, config: Any) -> int:
        """The most outcomes one draw of a game with ``config`` can have."""
        ...

    def config_of(self, view: Any) -> Any:
        """The configuration of the game a view shows."""
        ...

    def guess(self, view: Any, seed: int) -> Any:
        """A state consistent with ``view``, its hidden parts guessed with ``seed``."""
        ...

    def information(self, view: Any, perfect_recall: bool) -> dict[str, Any]:
        """What ``view`` shows as JSON-ready data, with the public history of the game when
        ``perfect_recall`` (an information state), else without it (an observation)."""
        ...


@dataclass(frozen=True, slots=True)
class QuickStart:
    """A start the lobby offers as one large button: one click creates a game with
    :attr:`request` and takes the creator to their seat (seat 0).

    Attributes:
        name: a short name, unique among the server's starts (the button's test id is
            ``start-<name>``).
        label: the message id of the button's words ("Play against bots").
        about: the message id of its short description under them.
        request: the fields of the create request (``POST /api/games``) it sends besides the
            game's name, the seats' names and the page's language: its options, and
            ``bots`` (null for a person; seat 0 is the creator's).
        invite: whether the game waits for other people: the lobby first shows the invite
            links of their seats, with a button into the creator's own. The lobby offers the
            starts that play at once first, in the registry's order, then those that invite.
    """

    name: str
    label: str
    about: str
    request: Mapping[str, Any]
    invite: bool = False

    def to_json(self) -> dict[str, Any]:
        """The start as the lobby reads it (``GET /api/registry``)."""
        return {
            "name": self.name,
            "label": self.label,
            "about": self.about,
            "request": dict(self.request),
            "invite": self.invite,
        }


@dataclass(frozen=True, slots=True)
class GamePage:
    """A game's page: a seat's page at ``/<path>/<game id>``, its files served under
    ``/static/games/<game name>/``.

    Attributes:
        path: the first part of a seat page's address (``"game"``: ``/game/ab12cd``).
        folder: the page's files: its HTML page ``index.html``, its ES modules (which import
            the page shell's from ``/static/``), ``lobby.js`` (its form in the lobby) and
            ``help.js`` (its part of the rules help).
        list_label: the message id of the name of a game of this kind in the lobby's lists
            (words, never the game's id).
        starts: the lobby's one-click starts of this game (:class:`QuickStart`), if any.
        presets: the sets of option values its form in the lobby offers to fill in at once
            (:class:`sagrada.core.options.OptionPreset`), if any.
        scoring: the ES module in ``folder`` that builds the game's form on the scoring page
            (``/score?game=NAME``: a physical game's window scored by ``POST /api/score``),
            ``"scoring.js"``; empty where the game has none (the server then scores none of
            its windows).
    """

    path: str
    folder: Traversable
    list_label: str
    starts: tuple[QuickStart, ...] = ()
    presets: tuple[OptionPreset, ...] = ()
    scoring: str = ""


@dataclass(frozen=True, slots=True)
class Seats:
    """How many seats a game created on the server may have, and which options must be
    given (the others have their defaults)."""

    most: int
    least: int = 1
    required_options: tuple[str, ...] = ()


@dataclass(frozen=True, slots=True)
class OptionsDoc:
    """A game's options document in ``docs/``: its file and the text above its table."""

    file: str
    header: str


@dataclass(frozen=True, slots=True)
class SoloLadder:
    """A game's solo play as the players' layer ranks it (docs/players.md): a leaderboard for
    each level (the value of one of its options, such as the number of tool cards), and the
    daily challenge's game.

    Attributes:
        key: the leaderboards' name: ``<key>-<level>`` (``solo-3``).
        option: the option whose value is a solo game's level.
        levels: the levels there are, easiest first.
        label_id: the message id of a ladder's words (with ``n``, the level).
        daily: the create request (``POST /api/games``, besides the game's name) of the
            daily challenge's game: one person, the level of the day.
    """

    key: str
    option: str
    levels: tuple[int, ...]
    label_id: str
    daily: Mapping[str, Any]

    def level(self, config: Any, players: int) -> int | None:
        """The level of a game of ``config`` for ``players`` (``None``: not solo)."""
        if players != 1:
            return None
        value = config.to_json().get(self.option)
        return value if isinstance(value, int) and value in self.levels else None

    def name(self, level: int) -> str:
        """The leaderboard of ``level`` (``solo-3``)."""
        return f"{self.key}-{level}"


@dataclass(frozen=True, slots=True)
class GameEntry(Generic[C, S, V]):
    """Everything the platform knows of one game.

    Attributes:
        game: the rules (:class:`Game`).
        bots: its bots (:class:`GameBots`).
        commands: ``"module:attribute"`` of its :class:`GameCommands` (:func:`load`).
        reference: ``"module:attribute"`` of its :class:`GameReference`.
        page: its page (:class:`GamePage`).
        seats: the seats of a game created on the server.
        request: the name and description of its create request's model on the server.
        options_doc: its options document.
        rounds: how many rounds a game has (what the pages and the server show).
        encoder: ``"module:attribute"`` of its RL observation encoder: a callable taking
            the configuration and returning an :class:`sagrada.encoding_kit.Encoder` (its
            ``layout``, ``size`` and ``encode(view)``; the module needs NumPy, and only
            ``sagrada.rl`` imports it), or ``""`` where the game has none.
        gym_envs: the Gymnasium environments ``sagrada.rl`` registers for the game, by id
            (``"Sagrada/Solo-v0"``), each with the options it fixes (``{"players": 1}``): one
            agent plays seat 0 (the game needs an encoder, and its result's ``winners``,
            ``scores`` and ``target``: ``sagrada.rl.games.Result``).
        chance: ``"module:attribute"`` of its :class:`ChanceModel`, for adapters that choose
            the game's chance themselves (OpenSpiel's explicit chance nodes:
            ``sagrada.rl.openspiel`` registers ``python_<name>`` for each game with a chance
            model and an encoder), or ``""`` where the game has none.
        summary: what the lobby's list shows of a game's configuration besides its options
            (JSON-ready, merged into the game's summary).
        ladder: its solo leaderboards and daily challenge (:class:`SoloLadder`), or ``None``
            where it has no solo play to rank.
        messages: the game's own messages, by language
            (``{"en": {"mygame.list": "My game {game}"}}``), added to the catalogues while
            the game is registered (:func:`sagrada.core.messages.add_messages`): a game of
            another distribution cannot add to the project's catalogues, yet its option
            labels, its decisions, its page's words and its :attr:`GamePage.list_label` are
            message ids.
    """

    game: Game[C, S, V]
    bots: GameBots
    commands: str
    reference: str
    page: GamePage
    seats: Seats
    request: tuple[str, str]
    options_doc: OptionsDoc
    rounds: int
    encoder: str = ""
    gym_envs: Mapping[str, Mapping[str, Any]] = field(default_factory=dict)
    chance: str = ""
    summary: Callable[[C], Mapping[str, Any]] = lambda config: {}
    ladder: SoloLadder | None = None
    messages: Mapping[str, Mapping[str, str]] = field(default_factory=dict)

    @property
    def name(self) -> str:
        """The game's name in the registry, in records and on the command line."""
        return self.game.name

    def cli(self) -> GameCommands:
        """The game's command-line parts (imported now)."""
        commands: GameCommands = load(self.commands)
        return commands

    def answers(self) -> GameReference:
        """The game's reference answers (imported now)."""
        reference: GameReference = load(self.reference)
        return reference


def load(reference: str) -> Any:
    """The object a ``"module:attribute"`` reference names, imported now.

    Raises:
        ModuleNotFoundError: if the module (or an optional dependency of it) is missing.
    """
    module, _, attribute = reference.partition(":")
    return getattr(import_module(module), attribute)
