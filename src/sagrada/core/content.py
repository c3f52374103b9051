"""Cards and window patterns: the game's content, loaded from data files and validated.

Content comes in *packs* (``base``; expansions add their own), each a JSON file in
``sagrada/content``. Loading checks every entry and raises :class:`ContentError` naming the
file and the entry at fault, so a typo in a data file never reaches a game.
"""

from __future__ import annotations

import json
from collections.abc import Callable
from dataclasses import dataclass, field, replace
from functools import cache
from importlib import resources
from typing import Any, Final, Protocol, TypeVar

from sagrada.core.cells import CELL_NAMES, COLUMNS, NUM_CELLS, ROWS, Mask
from sagrada.core.compiled import reduce_by_init
from sagrada.core.dice import COLOUR_LETTERS, NUM_VALUE_CLASSES
from sagrada.core.errors import ContentError
from sagrada.core.messages import content_text, register_param_kind

#: Packs that ship with the engine, in load order.
PACKS: Final = ("base", "five-six", "life")
FORMAT_VERSION: Final = 1
_GRID_CHARS: Final = ".RYGBP123456"


@dataclass(frozen=True, slots=True)
class WindowPattern:
    """One side of a window pattern card.

    Attributes:
        name: the name printed on the card.
        difficulty: 3-6; also the number of favor tokens it gives.
        card: the card (two sides share one) within its pack, our own numbering.
        grid: four rows of five characters: ``.`` free, ``R Y G B P`` colour, ``1``-``6`` value.
        pack: the content pack it comes from.
        apprentice: the apprentice spaces of an apprentice window (Life's Apprentice module:
            covering one gains an apprentice card), or 0.
    """

    name: str
    difficulty: int
    card: int
    grid: tuple[str, str, str, str]
    pack: str = "base"
    apprentice: Mask = 0
    #: For each colour (orange last), the cells whose restriction a die of that colour
    #: satisfies: orange satisfies no colour restriction.
    colour_ok: tuple[Mask, ...] = field(init=False, repr=False, compare=False)
    #: For each value class (1-6, then the masterwork symbols 7-12; index 0 unused), the cells
    #: whose restriction it satisfies: a masterwork die may lie on any value restriction.
    value_ok: tuple[Mask, ...] = field(init=False, repr=False, compare=False)
    #: Cells with a colour restriction, and cells with a value restriction.
    colour_restricted: Mask = field(init=False, repr=False, compare=False)
    value_restricted: Mask = field(init=False, repr=False, compare=False)

    def __post_init__(self) -> None:
        chars = "".join(self.grid)
        colour_ok = []
        for letter in COLOUR_LETTERS:
            colour_ok.append(
                sum(
                    1 << c for c, ch in enumerate(chars) if ch not in COLOUR_LETTERS or ch == letter
                )
            )
        colour_ok.append(sum(1 << c for c, ch in enumerate(chars) if ch not in COLOUR_LETTERS))
        value_ok = [0]
        for value in range(1, 7):
            digit = str(value)
            value_ok.append(
                sum(1 << c for c, ch in enumerate(chars) if not ch.isdigit() or ch == digit)
            )
        value_ok.extend([(1 << len(chars)) - 1] * (NUM_VALUE_CLASSES - 7))
        object.__setattr__(self, "colour_ok", tuple(colour_ok))
        object.__setattr__(self, "value_ok", tuple(value_ok))
        object.__setattr__(
            self,
            "colour_restricted",
            sum(1 << c for c, ch in enumerate(chars) if ch in COLOUR_LETTERS),
        )
        object.__setattr__(
            self, "value_restricted", sum(1 << c for c, ch in enumerate(chars) if ch.isdigit())
        )

    def restriction(self, cell: int) -> str:
        """Return the restriction of ``cell``: ``"."``, a colour letter or a value digit."""
        return self.grid[cell // COLUMNS][cell % COLUMNS]

    def __reduce__(self) -> tuple[Any, tuple[Any, ...]]:
        """Pickled and copied through the constructor (``compiled.reduce_by_init``)."""
        return reduce_by_init(self)


@dataclass(frozen=True, slots=True)
class ToolCard:
    """A tool card: its number, name, colour (the solo payment colour) and text.

    ``house`` marks a card whose printed text is not available: the project defined it
    (``HOUSE-CONTENT.md``), and players are told so.
    """

    id: int
    name: str
    colour: int
    text: str
    restriction: str
    pack: str = "base"
    house: bool = False

    @property
    def key(self) -> str:
        """The card's key in the message catalogues (``card.tool.1``: its name is
        ``card.tool.1.name``; :func:`sagrada.core.messages.content_json`)."""
        return f"card.tool.{self.id}"

    def words(self) -> dict[str, str]:
        """The card's words by field, in English: what the catalogues translate."""
        return {"name": self.name, "text": self.text, "restriction": self.restriction}

    def __reduce__(self) -> tuple[Any, tuple[Any, ...]]:
        """Pickled and copied through the constructor (``compiled.reduce_by_init``)."""
        return reduce_by_init(self)


@dataclass(frozen=True, slots=True)
class PublicObjective:
    """A public objective card: ``vp`` points per unit of its scoring ``rule``.

    Attributes:
        id: the card's id.
        rule: the id of its scoring rule (``sagrada.core.scoring.PUBLIC_RULES``); the card's
            id unless the content names another, so a content file can give a card any rule
            of the vocabulary.
        needs: a rule module the card is only used with (``"masterwork"``), or ``""``.
        house: the card is the project's (``HOUSE-CONTENT.md``): its printed text is not
            available.
    """

    id: str
    name: str
    text: str
    vp: int
    pack: str = "base"
    rule: str = ""
    needs: str = ""
    house: bool = False

    def __post_init__(self) -> None:
        if not self.rule:
            object.__setattr__(self, "rule", self.id)

    @property
    def key(self) -> str:
        """The card's key in the message catalogues (``card.public.<id>``)."""
        return f"card.public.{self.id}"

    def words(self) -> dict[str, str]:
        """The card's words by field, in English: what the catalogues translate."""
        return {"name": self.name, "text": self.text}

    def __reduce__(self) -> tuple[Any, tuple[Any, ...]]:
        """Pickled and copied through the constructor (``compiled.reduce_by_init``)."""
        return reduce_by_init(self)


@dataclass(frozen=True, slots=True)
class PrivateObjective:
    """A private objective: the sum of the values of one colour, or of some spaces.

    Exactly one of ``colour`` (0-4) and ``spaces`` (a non-empty cell mask) is set.
    """

    id: str
    name: str
    colour: int | None
    spaces: Mask = 0
    pack: str = "base"

    @property
    def key(self) -> str:
        """The card's key in the message catalogues (``card.private.<id>``)."""
        return f"card.private.{self.id}"

    def words(self) -> dict[str, str]:
        """The card's words by field, in English: what the catalogues translate."""
        return {"name": self.name}

    def __reduce__(self) -> tuple[Any, tuple[Any, ...]]:
        """Pickled and copied through the constructor (``compiled.reduce_by_init``)."""
        return reduce_by_init(self)


@dataclass(frozen=True, slots=True)
class Catalog:
    """Every card of the loaded packs, looked up by id or by name."""

    windows: tuple[WindowPattern, ...]
    tools: tuple[ToolCard, ...]
    publics: tuple[PublicObjective, ...]
    privates: tuple[PrivateObjective, ...]

    def window(self, name: str) -> WindowPattern:
        """Return the window pattern called ``name`` (case-insensitive)."""
        return _find(self.windows, name, "window pattern")

    def tool(self, key: int | str) -> ToolCard:
        """Return the tool card with this number or name (case-insensitive)."""
        if isinstance(key, int) or key.strip().isdigit():
            number = int(key)
            for tool in self.tools:
                if tool.id == number:
                    return tool
            raise KeyError(f"no tool card number {number}")
        return _find(self.tools, key, "tool card")

    def public(self, key: str) -> PublicObjective:
        """Return the public objective with this id or name (case-insensitive)."""
        return _find(self.publics, key, "public objective")

    def private(self, key: str) -> PrivateObjective:
        """Return the private objective with this id or name (case-insensitive)."""
        return _find(self.privates, key, "private objective")

    def card_words(self) -> dict[str, str]:
        """Every card's words in English by their id in the message catalogues
        (``card.tool.1.name``: ``"Grozing Pliers"``): the tools', the public objectives' and
        the private objectives' (the windows' names are proper names, in every language)."""
        cards: list[ToolCard | PublicObjective | PrivateObjective] = [
            *self.tools,
            *self.publics,
            *self.privates,
        ]
        return {
            f"{card.key}.{field}": english
            for card in cards
            for field, english in card.words().items()
            if english
        }

    def window_cards(
        self, pack: str | None = None
    ) -> tuple[tuple[WindowPattern, WindowPattern], ...]:
        """Return the window pattern cards as pairs of sides, optionally of one pack."""
        sides: dict[tuple[str, int], list[WindowPattern]] = {}
        for window in self.windows:
            if pack is None or window.pack == pack:
                sides.setdefault((window.pack, window.card), []).append(window)
        return tuple((pair[0], pair[1]) for pair in sides.values())

    def __reduce__(self) -> tuple[Any, tuple[Any, ...]]:
        """Pickled and copied through the constructor (``compiled.reduce_by_init``)."""
        return reduce_by_init(self)


class _Named(Protocol):
    @property
    def name(self) -> str: ...


_N = TypeVar("_N", bound=_Named)


def _normalise(name: str) -> str:
    return " ".join(name.replace("_", " ").replace("•", " ").lower().split())


def _find(items: tuple[_N, ...], key: str, kind: str) -> _N:
    wanted = _normalise(key)
    if kind == "private objective" and wanted.endswith(" private"):
        # Private objective cards are printed "Shades of Red • Private": accept the suffix.
        wanted = wanted[: -len(" private")].strip()
    if wanted:
        for item in items:
            ident = str(getattr(item, "id", ""))
            if _normalise(item.name) == wanted or (ident and _normalise(ident) == wanted):
                return item
    raise KeyError(f"no {kind} named {key!r}")


class ContentChecker:
    """Validates one content file, naming the file and entry in every error (``fail`` makes
    the error; ``get`` and ``optional`` read a field of the expected type)."""

    def __init__(self, filename: str) -> None:
        self.filename = filename

    def fail(self, where: str, problem: str) -> ContentError:
        return ContentError(f"{self.filename}: {where}: {problem}")

    def entries(self, data: dict[str, Any], key: str) -> list[dict[str, Any]]:
        value = data.get(key, [])
        if not isinstance(value, list) or not all(isinstance(e, dict) for e in value):
            raise self.fail(key, "must be a list of objects")
        return value

    def get(self, entry: dict[str, Any], where: str, key: str, kind: type) -> Any:
        if key not in entry:
            raise self.fail(where, f"missing field {key!r}")
        value = entry[key]
        if not isinstance(value, kind) or (kind is int and isinstance(value, bool)):
            raise self.fail(where, f"field {key!r} must be {kind.__name__}, got {value!r}")
        return value

    def optional(
        self, entry: dict[str, Any], where: str, key: str, kind: type, default: Any
    ) -> Any:
        return self.get(entry, where, key, kind) if key in entry else default


def _where(key: str, index: int, entry: dict[str, Any]) -> str:
    name = entry.get("name")
    return f"{key}[{index}]" + (f" {name!r}" if isinstance(name, str) else "")


def parse_pack(filename: str, text: str) -> Catalog:
    """Parse and validate one content file's text.

    Raises:
        ContentError: naming ``filename`` and the entry at fault.
    """
    check = ContentChecker(filename)
    try:
        data = json.loads(text)
    except json.JSONDecodeError as exc:
        raise ContentError(f"{filename}: not valid JSON: {exc}") from None
    if not isinstance(data, dict):
        raise ContentError(f"{filename}: the top level must be an object")
    if data.get("format") != FORMAT_VERSION:
        raise ContentError(
            f"{filename}: format must be {FORMAT_VERSION}, got {data.get('format')!r}"
        )
    pack = data.get("pack")
    if not isinstance(pack, str) or not pack:
        raise ContentError(f"{filename}: missing the pack name")

    windows = []
    for i, entry in enumerate(check.entries(data, "windows")):
        where = _where("windows", i, entry)
        name = check.get(entry, where, "name", str)
        difficulty = check.get(entry, where, "difficulty", int)
        if not 1 <= difficulty <= 6:
            raise check.fail(where, f"difficulty must be 1-6, got {difficulty}")
        card = check.get(entry, where, "card", int)
        grid = check.get(entry, where, "grid", list)
        if len(grid) != ROWS:
            raise check.fail(where, f"grid must have {ROWS} rows, got {len(grid)}")
        for r, row in enumerate(grid):
            if not isinstance(row, str) or len(row) != COLUMNS:
                raise check.fail(
                    where, f"grid row {'ABCD'[r]} must be {COLUMNS} characters: {row!r}"
                )
            bad = [ch for ch in row if ch not in _GRID_CHARS]
            if bad:
                raise check.fail(where, f"grid row {'ABCD'[r]} has unknown restriction {bad[0]!r}")
        windows.append(
            WindowPattern(name, difficulty, card, (grid[0], grid[1], grid[2], grid[3]), pack)
        )
    by_card: dict[int, list[int]] = {}
    for index, window in enumerate(windows):
        by_card.setdefault(window.card, []).append(index)
    for card, indices in sorted(by_card.items()):
        if len(indices) != 2:
            names = ", ".join(f"windows[{i}] {windows[i].name!r}" for i in indices)
            raise ContentError(
                f"{filename}: {names}: card {card} has {len(indices)} sides, expected 2"
            )

    tools = []
    for i, entry in enumerate(check.entries(data, "tools")):
        where = _where("tools", i, entry)
        number = check.get(entry, where, "id", int)
        colour = check.get(entry, where, "colour", str)
        if len(colour) != 1 or colour not in COLOUR_LETTERS:
            raise check.fail(where, f"colour must be one of R Y G B P, got {colour!r}")
        tools.append(
            ToolCard(
                number,
                check.get(entry, where, "name", str),
                COLOUR_LETTERS.index(colour),
                check.get(entry, where, "text", str),
                check.get(entry, where, "restriction", str),
                pack,
                check.optional(entry, where, "house", bool, False),
            )
        )

    publics = []
    for i, entry in enumerate(check.entries(data, "public_objectives")):
        where = _where("public_objectives", i, entry)
        vp = check.get(entry, where, "vp", int)
        if vp < 1:
            raise check.fail(where, f"vp must be positive, got {vp}")
        publics.append(
            PublicObjective(
                check.get(entry, where, "id", str),
                check.get(entry, where, "name", str),
                check.get(entry, where, "text", str),
                vp,
                pack,
                check.optional(entry, where, "rule", str, ""),
                check.optional(entry, where, "needs", str, ""),
                check.optional(entry, where, "house", bool, False),
            )
        )

    privates = []
    for i, entry in enumerate(check.entries(data, "private_objectives")):
        where = _where("private_objectives", i, entry)
        ident = check.get(entry, where, "id", str)
        name = check.get(entry, where, "name", str)
        if ("colour" in entry) == ("spaces" in entry):
            raise check.fail(where, "needs exactly one of 'colour' and 'spaces'")
        if "colour" in entry:
            colour = check.get(entry, where, "colour", str)
            if len(colour) != 1 or colour not in COLOUR_LETTERS:
                raise check.fail(where, f"colour must be one of R Y G B P, got {colour!r}")
            privates.append(PrivateObjective(ident, name, COLOUR_LETTERS.index(colour), 0, pack))
        else:
            spaces = check.get(entry, where, "spaces", list)
            mask = 0
            for space in spaces:
                if not isinstance(space, str) or space.upper() not in CELL_NAMES:
                    raise check.fail(where, f"{space!r} is not a cell A1-D5")
                mask |= 1 << CELL_NAMES.index(space.upper())
            if not mask:
                raise check.fail(where, "spaces must not be empty")
            privates.append(PrivateObjective(ident, name, None, mask, pack))

    catalog = Catalog(tuple(windows), tuple(tools), tuple(publics), tuple(privates))
    _check_unique(filename, catalog)
    return catalog


def _check_unique(filename: str, catalog: Catalog) -> None:
    for kind, items in (
        ("windows", catalog.windows),
        ("tools", catalog.tools),
        ("public_objectives", catalog.publics),
        ("private_objectives", catalog.privates),
    ):
        seen: set[str] = set()
        for item in items:
            for key in {_normalise(item.name), _normalise(str(getattr(item, "id", item.name)))}:
                if key in seen:
                    raise ContentError(f"{filename}: {kind}: {item.name!r} appears twice")
                seen.add(key)


def merge(*catalogs: Catalog) -> Catalog:
    """Combine packs into one catalog, refusing duplicate names."""
    merged = Catalog(
        tuple(w for c in catalogs for w in c.windows),
        tuple(t for c in catalogs for t in c.tools),
        tuple(p for c in catalogs for p in c.publics),
        tuple(p for c in catalogs for p in c.privates),
    )
    _check_unique("content", merged)
    return merged


def _pack_text(pack: str) -> tuple[str, str]:
    filename = f"{pack}.json"
    try:
        text = resources.files("sagrada.content").joinpath(filename).read_text(encoding="utf-8")
    except FileNotFoundError:
        raise ContentError(f"{filename}: no such content pack") from None
    return filename, text


def load_pack(pack: str) -> Catalog:
    """Load and validate a content pack shipped with the engine."""
    return parse_pack(*_pack_text(pack))


#: Content files given by the user (an owner's printed cards in place of house cards): their
#: file names and parsed contents, applied over the shipped packs in the order given
#: (:mod:`sagrada.core.content_files` checks and installs them).
USER_FILES: list[tuple[str, dict[str, Any]]] = []
#: What forgets the content read so far when a content file is installed.
_CACHE_CLEARS: list[Callable[[], None]] = []

_F = TypeVar("_F", bound=Callable[..., Any])


def content_cache(function: _F) -> _F:
    """Cache ``function`` until the content changes (a content file is installed)."""
    cached = cache(function)
    _CACHE_CLEARS.append(cached.cache_clear)
    return cached  # type: ignore[return-value]


def on_content_change(clear: Callable[[], None]) -> None:
    """Call ``clear`` whenever the content changes (for caches kept elsewhere)."""
    _CACHE_CLEARS.append(clear)


#: The checks a rule module adds for a content file: of its own top-level section (by key),
#: and of the cards (a public objective's rule must be a registered one).
SECTION_CHECKS: dict[str, Callable[[str, Any], object]] = {}
CARD_CHECKS: list[Callable[[str, Catalog], None]] = []


def register_section(key: str, check: Callable[[str, Any], object]) -> None:
    """Declare a top-level section a content file may hold (``"masterwork"``) and the check
    that validates it (raising :class:`ContentError` naming the field)."""
    SECTION_CHECKS[key] = check


def register_card_check(check: Callable[[str, Catalog], None]) -> None:
    """Add a check of the cards of a content file (raising :class:`ContentError`)."""
    CARD_CHECKS.append(check)


def content_changed() -> None:
    """Forget every cache of content (called after a content file is installed)."""
    for clear in _CACHE_CLEARS:
        clear()


@content_cache
def pack_section(pack: str, key: str) -> tuple[str, Any]:
    """Return the file name and the top-level entry ``key`` (``None`` if none) of a content
    pack: a rule module's own content, which the module validates with a
    :class:`ContentChecker` (Life's masterwork board, for example). A content file given by
    the user that has the entry replaces the pack's."""
    for filename, data in USER_FILES[::-1]:  # (reversed() crashes mypyc 2.4 here)
        if data.get(key) is not None:
            return filename, data[key]
    filename, text = _pack_text(pack)
    try:
        data = json.loads(text)
    except json.JSONDecodeError as exc:
        raise ContentError(f"{filename}: not valid JSON: {exc}") from None
    return filename, data.get(key) if isinstance(data, dict) else None


def card_key(card: WindowPattern | ToolCard | PublicObjective | PrivateObjective) -> str:
    """What a card of a content file is matched by: a window's name, a card's id."""
    return _normalise(card.name if isinstance(card, WindowPattern) else str(card.id))


def replace_cards(base: Catalog, other: Catalog) -> Catalog:
    """Return ``base`` with each card of ``other`` in place of the card with its key (the
    replacement keeps the replaced card's pack, so it stays in the same decks)."""

    def swap(items: tuple[Any, ...], new: tuple[Any, ...]) -> tuple[Any, ...]:
        by_key = {card_key(card): card for card in new}
        return tuple(
            replace(by_key[card_key(card)], pack=card.pack) if card_key(card) in by_key else card
            for card in items
        )

    return Catalog(
        swap(base.windows, other.windows),
        swap(base.tools, other.tools),
        swap(base.publics, other.publics),
        swap(base.privates, other.privates),
    )


def shipped_catalog() -> Catalog:
    """Return every card of every pack that ships with the engine."""
    return merge(*(load_pack(pack) for pack in PACKS))


@content_cache
def catalog() -> Catalog:
    """Return every card in use: the shipped packs', with the cards of the content files given
    by the user in place of the cards they replace (loaded once per change)."""
    cards = shipped_catalog()
    for filename, data in USER_FILES:
        cards = replace_cards(cards, parse_pack(filename, json.dumps(data)))
    return cards


def _tool_name(number: int, language: str) -> str:
    """A tool card's name in ``language`` (a content file's own name as it is)."""
    tool = catalog().tool(number)
    return content_text(f"{tool.key}.name", tool.name, language)


# A message's ``tool`` parameter is a tool card's number, shown as the card's name.
register_param_kind("tool", _tool_name)

assert NUM_CELLS == ROWS * COLUMNS
