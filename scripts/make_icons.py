"""Draw the scoring page's icons (its web app manifest's and the home screen's): a small
stained-glass window, nine panes of the dice's glass in a lead frame, in the colours of the
design system (``static/theme.css``), so the icons change with it. The files and sizes are
the manifest's (:data:`sagrada.web.routes.installable.ICONS`). The PNG files are written
with the standard library and kept in the repository; run this again after a change of those
colours::

    .venv/bin/python scripts/make_icons.py

Each size is drawn at four times its size and averaged down, so the lead lines' edges are
smooth.
"""

from __future__ import annotations

import struct
import zlib
from pathlib import Path
from typing import Final

from sagrada.web.routes.installable import ICONS, theme_colour

OUT: Final = Path(__file__).resolve().parent.parent / "src" / "sagrada" / "web" / "static" / "icons"
#: The panes, row by row: a die colour's custom property (``--R``) or the clear glass.
PANES: Final = (("R", "Y", "B"), ("G", "glass-clear", "P"), ("Y", "B", "R"))
#: The colours the drawing takes from the design system.
COLOURS: Final = ("lead", "lead-edge", *{name for row in PANES for name in row})
SUPERSAMPLE: Final = 4

Colour = tuple[int, int, int, int]


def theme_colours() -> dict[str, Colour]:
    """The light theme's colours that the drawing uses, opaque."""
    colours = {}
    for name in COLOURS:
        r, g, b = bytes.fromhex(theme_colour(name).removeprefix("#"))
        colours[name] = (r, g, b, 255)
    return colours


def draw(size: int, maskable: bool, colours: dict[str, Colour]) -> list[list[Colour]]:
    """The icon's pixels at ``size``, averaged from a drawing :data:`SUPERSAMPLE` times larger."""
    big = size * SUPERSAMPLE
    lead, edge = colours["lead"], colours["lead-edge"]
    clear: Colour = (0, 0, 0, 0)
    # A maskable icon keeps its window inside the middle 80 % (the safe zone); a plain icon
    # is the window itself, with rounded corners.
    inset = big * 0.16 if maskable else 0.0
    frame = big - 2 * inset
    radius = frame * 0.16
    lead_line = frame * 0.07
    pane = (frame - 4 * lead_line) / 3
    rows: list[list[Colour]] = []
    for y in range(big):
        row: list[Colour] = []
        for x in range(big):
            fx, fy = x + 0.5 - inset, y + 0.5 - inset
            if not (0 <= fx < frame and 0 <= fy < frame) or _outside_corner(fx, fy, frame, radius):
                row.append(lead if maskable else clear)
                continue
            column = _pane_at(fx, pane, lead_line)
            line = _pane_at(fy, pane, lead_line)
            if column is None or line is None:
                # The lead: lighter along the frame's top and left edges.
                row.append(edge if not maskable and min(fx, fy) < lead_line * 0.35 else lead)
                continue
            glass = colours[PANES[line][column]]
            # A soft sheen in each pane's upper left, like light through glass.
            step = pane + lead_line
            within = (fx - lead_line) % step + (fy - lead_line) % step
            row.append(_lighter(glass, 0.22) if within < pane * 0.45 else glass)
        rows.append(row)
    return _shrink(rows, SUPERSAMPLE)


def _outside_corner(x: float, y: float, frame: float, radius: float) -> bool:
    """Whether (x, y) lies in a corner that the frame's rounding cuts off."""
    cx = radius if x < radius else frame - radius if x > frame - radius else x
    cy = radius if y < radius else frame - radius if y > frame - radius else y
    return (x - cx) ** 2 + (y - cy) ** 2 > radius**2


def _pane_at(offset: float, pane: float, lead_line: float) -> int | None:
    """The pane (0-2) that ``offset`` along a side falls in, or None on a lead line."""
    step = pane + lead_line
    index = int((offset - lead_line) // step)
    within = (offset - lead_line) - index * step
    return index if 0 <= index < 3 and 0 <= within < pane else None


def _lighter(colour: Colour, amount: float) -> Colour:
    r, g, b, a = colour
    return (
        round(r + (255 - r) * amount),
        round(g + (255 - g) * amount),
        round(b + (255 - b) * amount),
        a,
    )


def _shrink(rows: list[list[Colour]], factor: int) -> list[list[Colour]]:
    """Average each ``factor`` x ``factor`` block into one pixel (weighted by alpha)."""
    out = []
    for y in range(0, len(rows), factor):
        line = []
        for x in range(0, len(rows[0]), factor):
            block = [rows[y + j][x + i] for j in range(factor) for i in range(factor)]
            alpha = sum(p[3] for p in block)
            if alpha == 0:
                line.append((0, 0, 0, 0))
                continue
            r, g, b = (round(sum(p[k] * p[3] for p in block) / alpha) for k in range(3))
            line.append((r, g, b, round(alpha / len(block))))
        out.append(line)
    return out


def png(pixels: list[list[Colour]]) -> bytes:
    """The pixels as an RGBA PNG file."""

    def chunk(kind: bytes, data: bytes) -> bytes:
        body = kind + data
        return struct.pack(">I", len(data)) + body + struct.pack(">I", zlib.crc32(body))

    height, width = len(pixels), len(pixels[0])
    raw = b"".join(b"\x00" + bytes(v for p in row for v in p) for row in pixels)
    header = struct.pack(">IIBBBBB", width, height, 8, 6, 0, 0, 0)
    return (
        b"\x89PNG\r\n\x1a\n"
        + chunk(b"IHDR", header)
        + chunk(b"IDAT", zlib.compress(raw, 9))
        + chunk(b"IEND", b"")
    )


def main() -> None:
    colours = theme_colours()
    OUT.mkdir(exist_ok=True)
    for name, size, purpose in ICONS:
        (OUT / name).write_bytes(png(draw(size, purpose == "maskable", colours)))
        print(f"wrote {OUT / name}")


if __name__ == "__main__":
    main()
