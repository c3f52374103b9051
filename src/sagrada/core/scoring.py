"""End-game scoring of a window: public and private objectives, favor tokens, open spaces.

The rulebook's END GAME SCORING: each public objective may score several times (row and column
cards only for completely filled rows and columns); the private objective sums the values of the
dice of its colour (the 5 & 6 expansion's cards: of the dice on its spaces); each unspent favor
token is worth 1 VP; each open space costs 1 VP. Solo play (SOLO PLAY RULES): no favor tokens,
only the better of the two private objectives counts, and each open space costs 3 VP.

Every source of points becomes a :class:`ScorePart` carrying the points, how many rows, sets or
dice earned them, a short formula and the cells to highlight, so that a user interface can show
the reckoning and tests can pin it. Public objective rules are small functions over the window's
bitmasks, registered by id in :mod:`sagrada.core.objectives`.

>>> from sagrada.core.content import catalog
>>> from sagrada.core.window import Window
>>> window = Window(catalog().window("Fractal Drops"))
>>> score_window(window, [], [catalog().private("Shades of Red")], favor_tokens=3).total
-17
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, replace
from typing import Any, Final

from sagrada.core.cells import (
    FULL,
    cells_of,
    mask_names,
)
from sagrada.core.compiled import reduce_by_init
from sagrada.core.content import PrivateObjective, PublicObjective
from sagrada.core.dice import COLOUR_LETTERS, DIE_PIPS
from sagrada.core.errors import ConfigError
from sagrada.core.messages import Message, content_message, msg
from sagrada.core.objectives import PUBLIC_RULES, public_unit
from sagrada.core.window import Window

#: VP lost per open space, in multiplayer and in solo play.
OPEN_SPACE_PENALTY: Final = 1
SOLO_OPEN_SPACE_PENALTY: Final = 3


@dataclass(frozen=True, slots=True)
class ScorePart:
    """The points one source earned: a card, the favor tokens or the open spaces.

    Attributes:
        name: the card's name, or ``"Favor tokens"`` / ``"Open spaces"``.
        kind: ``"public"``, ``"private"``, ``"favor"`` or ``"open"``.
        points: the VP earned (negative for open spaces).
        count: how many complete rows, columns or sets, dice, tokens or open spaces scored.
        formula: the reckoning as a message, such as ``2 columns × 5 VP``.
        cells: names of the cells whose dice earned the points (the open cells for open
            spaces), in A1..D5 order.
        counted: ``False`` only for the solo private objective that is not the better one; its
            points then stay out of the total.
        name_message: the name as a message, for a page or terminal to show in its language:
            a card's name where the catalogues translate it (a content file's own name has
            none: ``name`` is shown), or the catalogue's word for the favor tokens, the open
            spaces...
    """

    name: str
    kind: str
    points: int
    count: int
    formula: Message
    cells: tuple[str, ...]
    counted: bool = True
    name_message: Message | None = None

    def detail_json(self) -> dict[str, Any]:
        """Return every field as a JSON-ready dict."""
        return {
            "name": self.name,
            "kind": self.kind,
            "points": self.points,
            "count": self.count,
            "formula": str(self.formula),
            "formula_message": self.formula.to_json(),
            "cells": list(self.cells),
            "counted": self.counted,
            **({"name_message": self.name_message.to_json()} if self.name_message else {}),
        }

    def __reduce__(self) -> tuple[Any, tuple[Any, ...]]:
        """Pickled and copied through the constructor (``compiled.reduce_by_init``)."""
        return reduce_by_init(self)


@dataclass(frozen=True, slots=True)
class ScoreBreakdown:
    """A window's final score and where it came from.

    Attributes:
        parts: public objectives, private objectives, favor tokens, open spaces, in that order.
        total: the sum of the points of the counted parts.
        private_points: points from the counted private objective(s); the first tie-break.
        favor_tokens: unspent favor tokens that scored; the second tie-break (0 in solo).
    """

    parts: tuple[ScorePart, ...]
    total: int
    private_points: int
    favor_tokens: int

    def to_json(self) -> dict[str, Any]:
        """Return ``{"total": N, "parts": [{"name": ..., "points": N}, ...]}``.

        Every part is listed and the parts add up to the total: the solo private objective
        that does not count shows 0 points (:meth:`detail_json` gives what it would have
        scored and says which parts count).
        """
        return {
            "total": self.total,
            "parts": [
                {"name": part.name, "points": part.points if part.counted else 0}
                for part in self.parts
            ],
        }

    def with_parts(self, parts: Sequence[ScorePart]) -> ScoreBreakdown:
        """Return the breakdown with more parts (a rule module's own sources of points) added
        before the favor tokens and open spaces, and counted in the total."""
        if not parts:
            return self
        split = next(
            (i for i, part in enumerate(self.parts) if part.kind in ("favor", "open")),
            len(self.parts),
        )
        return replace(
            self,
            parts=(*self.parts[:split], *parts, *self.parts[split:]),
            total=self.total + sum(part.points for part in parts if part.counted),
        )

    def detail_json(self) -> dict[str, Any]:
        """Return the total, the tie-break figures and every field of every part."""
        return {
            "total": self.total,
            "private_points": self.private_points,
            "favor_tokens": self.favor_tokens,
            "parts": [part.detail_json() for part in self.parts],
        }

    def __reduce__(self) -> tuple[Any, tuple[Any, ...]]:
        """Pickled and copied through the constructor (``compiled.reduce_by_init``)."""
        return reduce_by_init(self)


# -- scoring --------------------------------------------------------------------------------


def score_public(window: Window, objective: PublicObjective) -> ScorePart:
    """Score one public objective card: its rule's count times the card's VP.

    Raises:
        ConfigError: if no scoring rule is registered for the objective's id.
    """
    rule = PUBLIC_RULES.get(objective.rule)
    if rule is None:
        raise ConfigError(
            f"no scoring rule {objective.rule!r} for public objective {objective.name!r}"
        )
    count, cells = rule(window)
    unit = public_unit(objective.rule)
    return ScorePart(
        name=objective.name,
        kind="public",
        points=count * objective.vp,
        count=count,
        formula=msg(f"formula.{unit}", n=count, vp=objective.vp),
        cells=mask_names(cells),
        name_message=content_message(f"{objective.key}.name", objective.name),
    )


def score_private(window: Window, objective: PrivateObjective) -> ScorePart:
    """Score one private objective: the sum of the values of its colour's dice or its spaces' dice.

    A colour objective sums the dice of that colour anywhere; a spaces objective (5 & 6 Player
    Expansion) sums the dice on its spaces whatever their colour, an open space adding nothing.
    """
    if objective.colour is not None:
        cells = window.by_colour[objective.colour]
        nothing = msg("formula.no_colour", colour=COLOUR_LETTERS[objective.colour])
    else:
        cells = window.occupied & objective.spaces
        nothing = msg("formula.no_spaces")
    values = [DIE_PIPS[window.dice[cell]] for cell in cells_of(cells)]
    return ScorePart(
        name=objective.name,
        kind="private",
        points=sum(values),
        count=len(values),
        formula=msg("formula.values", values=" + ".join(map(str, values))) if values else nothing,
        cells=mask_names(cells),
        name_message=content_message(f"{objective.key}.name", objective.name),
    )


def open_spaces_part(window: Window, penalty: int) -> ScorePart:
    """The points lost for the window's open spaces, ``penalty`` each."""
    open_cells = FULL & ~window.occupied
    spaces = open_cells.bit_count()
    return ScorePart(
        name=str(msg("score.open")),
        name_message=msg("score.open"),
        kind="open",
        points=-penalty * spaces,
        count=spaces,
        formula=msg("formula.open", n=spaces, penalty=penalty),
        cells=mask_names(open_cells),
    )


def score_window(
    window: Window,
    publics: Sequence[PublicObjective],
    privates: Sequence[PrivateObjective],
    favor_tokens: int,
    *,
    solo: bool = False,
) -> ScoreBreakdown:
    """Score a finished window.

    Args:
        window: the player's window.
        publics: the public objectives in play, in the order their parts are listed.
        privates: the player's private objective(s). In solo play only the best one counts
            (the first of those that tie); otherwise every one counts.
        favor_tokens: the player's unspent favor tokens (ignored in solo play).
        solo: score by the solo rules: no favor tokens, -3 VP per open space.

    Returns:
        The breakdown: public parts, private parts, ``"Favor tokens"``, ``"Open spaces"``.

    Raises:
        ConfigError: if a public objective has no scoring rule.
    """
    if favor_tokens < 0:
        raise ValueError(f"favor tokens must not be negative, got {favor_tokens}")
    parts = [score_public(window, objective) for objective in publics]

    private_parts = [score_private(window, objective) for objective in privates]
    if solo and private_parts:
        best = max(range(len(private_parts)), key=lambda i: (private_parts[i].points, -i))
        private_parts = [
            part if i == best else replace(part, counted=False)
            for i, part in enumerate(private_parts)
        ]
    parts.extend(private_parts)

    tokens = 0 if solo else favor_tokens
    parts.append(
        ScorePart(
            name=str(msg("score.favor")),
            name_message=msg("score.favor"),
            kind="favor",
            points=tokens,
            count=tokens,
            formula=msg("formula.favor_solo") if solo else msg("formula.favor", n=tokens),
            cells=(),
        )
    )

    parts.append(open_spaces_part(window, SOLO_OPEN_SPACE_PENALTY if solo else OPEN_SPACE_PENALTY))

    return ScoreBreakdown(
        parts=tuple(parts),
        total=sum(part.points for part in parts if part.counted),
        private_points=sum(part.points for part in private_parts if part.counted),
        favor_tokens=tokens,
    )
