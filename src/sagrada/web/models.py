"""The bodies of the server's requests and answers (pydantic models), made from the option
schemas so that the REST contract and the games' options are one declaration."""

from __future__ import annotations

from typing import Annotated, Any, Final, Literal

from pydantic import BaseModel, BeforeValidator, ConfigDict, Field, create_model

from sagrada.core.options import OptionSpec
from sagrada.entry import GameEntry
from sagrada.registry import default_game, entries
from sagrada.search.advice import Basis, Scale
from sagrada.table_options import TableOption
from sagrada.web.seat_names import NAME_MAX
from sagrada.web.session import GameError

#: Actions one request may carry.
MAX_ACTIONS_PER_REQUEST: Final = 12


def _whole_number(value: Any) -> Any:
    """A number without a fraction written with one (``2.0``) is that integer.

    JSON has one kind of number (``2.0`` and ``2`` are the same to JavaScript's
    ``JSON.stringify``), and JSON Schema's ``integer``, which the OpenAPI document promises,
    is any number without a fraction: so the models accept ``2.0`` as 2 and refuse ``2.5``,
    ``"2"`` and ``true`` (strict mode).
    """
    if isinstance(value, float) and value.is_integer():
        return int(value)
    return value


#: An integer in a request: ``2`` or ``2.0``, not ``2.5``, ``"2"`` or ``true``. (In a union,
#: its bounds go before the validator, ``Annotated[int, Field(ge=0), BeforeValidator(...)]``,
#: else the OpenAPI document shows pydantic's ``ge`` where JSON Schema has ``minimum``.)
WholeNumber = Annotated[int, BeforeValidator(_whole_number)]
Token = Annotated[str, Field(min_length=8, max_length=64)]
ActionText = Annotated[str, Field(min_length=1, max_length=16)]
Name = Annotated[str, Field(min_length=1, max_length=NAME_MAX)]


#: The answer (400) to a JSON body that is not an object.
NOT_AN_OBJECT: Final = "the request body must be a JSON object"


def _option_field(spec: OptionSpec, required: bool) -> tuple[Any, Any]:
    """The request field of a game option, from the option schema."""
    default: Any = ... if required else spec.default
    if spec.type == "bool":
        return bool, Field(default, description=spec.help)
    if spec.type == "list":
        kind: Any = list[WholeNumber | str] | None
        return kind, Field(default, max_length=spec.max_items, description=spec.help)
    if spec.choices is not None:
        choice: Any = Literal[spec.choices]
        if spec.type == "int":
            choice = Annotated[choice, BeforeValidator(_whole_number)]
        return choice, Field(default, description=spec.help)
    if spec.type == "int":
        return WholeNumber, Field(default, ge=spec.minimum, le=spec.maximum, description=spec.help)
    text: Any = str | None if spec.nullable else str
    return text, Field(default, max_length=40, description=spec.help)


def _table_field(option: TableOption) -> tuple[Any, Any]:
    """The request field of a table option, from its declaration."""
    if option.type == "bool":
        return bool, Field(option.default, description=option.help)
    number: Any = Annotated[
        int, Field(ge=option.minimum, le=option.maximum), BeforeValidator(_whole_number)
    ]
    kind: Any = number | None if option.nullable else number
    return kind, Field(option.default, description=option.help)


def _create_model(entry: GameEntry[Any, Any, Any], default: bool) -> type[BaseModel]:
    """The body of POST /api/games for one game: its name (which the default game's body may
    leave out), every option of its schema, its seats and the options of its table."""
    seats = entry.seats
    game_field: Any = Field(entry.name if default else ..., description=entry.game.title)
    fields: dict[str, Any] = {
        "game": (Literal[entry.name], game_field),
        **{
            spec.name: _option_field(spec, spec.name in seats.required_options)
            for spec in entry.game.options()
        },
        "bots": (
            list[str | None] | None,
            Field(
                None,
                min_length=seats.least,
                max_length=seats.most,
                description="a bot per seat (null: a person)",
            ),
        ),
        "names": (
            list[Name] | None,
            Field(
                None, min_length=seats.least, max_length=seats.most, description="a name per seat"
            ),
        ),
        "language": (
            str | None,
            Field(
                None,
                max_length=16,
                description="the language of the seats' default names (a language with a "
                "message catalogue: en, de); without it, the request's Accept-Language",
            ),
        ),
        "offers": (
            list[str | None] | None,
            Field(
                None,
                min_length=seats.least,
                max_length=seats.most,
                description="by seat, the name of an account the seat is offered to (null: "
                "none): the invitation appears in its games (docs/players.md)",
            ),
        ),
        "open_seats": (
            bool,
            Field(
                False, description="may strangers take free seats from the lobby (else: invites)"
            ),
        ),
        **{option.name: _table_field(option) for option in entry.bots.table},
    }
    name, doc = entry.request
    return create_model(
        name, __config__=ConfigDict(extra="forbid", strict=True), __doc__=doc, **fields
    )


def create_models() -> dict[str, type[BaseModel]]:
    """Each registered game's request model, by name (the default game's first). A server
    makes them when it is made, from the registry as it is then: a game registered after
    this module was imported (a distribution installed since, read by
    :func:`sagrada.registry.register_plugins`) has its model too."""
    return {entry.name: _create_model(entry, entry.name == default_game()) for entry in entries()}


class SeatToken(BaseModel):
    """A seat: the creator's has its secret token, every other person's an invite code."""

    seat: int
    kind: str
    bot: str | None
    token: str | None
    invite: str | None


class Created(BaseModel):
    """The answer to creating a game."""

    id: str
    seats: list[SeatToken]


class JoinRequest(BaseModel):
    """Take the seat of an invite code, or the first free seat; optionally with a name."""

    model_config = ConfigDict(extra="forbid", strict=True)

    name: Name | None = None
    invite: Annotated[str, Field(min_length=8, max_length=32)] | None = None


class Joined(BaseModel):
    """The seat given to a newcomer and its token."""

    seat: int
    token: str


class ChatRequest(BaseModel):
    """A player writes in the game's chat."""

    model_config = ConfigDict(extra="forbid", strict=True)

    token: Token
    text: Annotated[str, Field(min_length=1, max_length=1000)]


class SeatRequest(BaseModel):
    """A request a player makes with their token alone (a hint, a rematch)."""

    model_config = ConfigDict(extra="forbid", strict=True)

    token: Token


class Rematch(BaseModel):
    """The game played again, and the asking player's seat and token in it."""

    id: str
    game: str
    seat: int
    token: str


class RatedHint(BaseModel):
    """An action the hint bot rates, with the value it expects of it (docs/bots.md, Hints)."""

    action: str = Field(description="the action, in notation")
    value: float = Field(
        description="the points the bot expects of the action, on the scale, to a hundredth"
    )
    scale: Scale = Field(
        description=(
            "margin: the final score less the target; relative: against the best action "
            "(0 for the best, negative for the others)"
        )
    )
    samples: int = Field(ge=1, description="how many of the basis back the value")
    basis: Basis = Field(
        description=(
            "simulations: the search's continuations that began with the action; positions: "
            "the positions the planner looked at after it"
        )
    )


class Hint(BaseModel):
    """What the strong bot would do in the asking player's place: its best actions."""

    action: str = Field(description="the best-rated action, in notation (the first of top)")
    bot: str = Field(description="the bot asked")
    top: list[RatedHint] = Field(
        description="the bot's best actions (3, or fewer if fewer are legal), best first"
    )


class ChatLine(BaseModel):
    """A message of a game's chat, as kept."""

    seq: int
    seat: int
    name: str
    text: str
    created: float = Field(description="seconds since the epoch")


class ChatLog(BaseModel):
    """The newest messages of a game's chat, oldest first."""

    messages: list[ChatLine]


class Lobby(BaseModel):
    """A page of the lobby's list of games, newest first."""

    shown: Literal["live", "finished"] = Field(alias="list", description="which list")
    games: list[dict[str, Any]] = Field(description="the games' summaries")
    page: int
    pages: int
    total: int


#: What a view's ``since`` means, asked with the view or with actions (docs/web-api.md, "The
#: log by parts").
SINCE: Final = (
    "the number of entries of the seat's log the client holds: the view carries the entries "
    "from its history_from on (since, or 0 for the whole log)"
)


class ActionRequest(BaseModel):
    """One action, or several applied together (a whole tool use)."""

    model_config = ConfigDict(extra="forbid", strict=True)

    token: Token
    action: ActionText | None = None
    actions: list[ActionText] | None = Field(default=None, max_length=MAX_ACTIONS_PER_REQUEST)
    seq: Annotated[int, Field(ge=0), BeforeValidator(_whole_number)] | None = Field(
        default=None,
        description=(
            "the number of actions of the game the client has seen; a request made on another "
            "count is refused with 409 (a stale or repeated request) and changes nothing"
        ),
    )
    since: Annotated[int, Field(ge=0), BeforeValidator(_whole_number)] | None = Field(
        default=None, description=SINCE
    )

    def texts(self) -> list[str]:
        if (self.action is None) == (self.actions is None):
            raise GameError(400, "give either 'action' or 'actions'")
        return [self.action] if self.action is not None else list(self.actions or [])


class PreviewRequest(BaseModel):
    """Actions to try without committing them."""

    model_config = ConfigDict(extra="forbid", strict=True)

    token: Token
    actions: list[ActionText] = Field(max_length=MAX_ACTIONS_PER_REQUEST)
