// The pictures of the rules help: a die, a window with dice and arrows, drawn as SVG from
// the data of GET /api/rules (its "illustration" entries). One renderer: illustration().
// The colours a picture shows are its game's: a game whose pieces have other colours than the
// dice passes its palette (its colour letters' glyphs and names).

import { CELLS, COLOURS, el } from "/static/common.js";
import { tr } from "/static/i18n.js";

const SVG = "http://www.w3.org/2000/svg";
/** The dice's palette: each colour letter's glyph, and its name as a message to render
 * (colour.R …). A game with other colours passes its own `{inks, colour}`. */
export const DICE_PALETTE = {
  inks: COLOURS,
  colour: (letter) => ({ id: `colour.${letter}`, params: {} }),
};
/** Where the pips of each value sit on a 3×3 grid (column, row). */
const PIP_SPOTS = {
  1: [[1, 1]],
  2: [[2, 0], [0, 2]],
  3: [[2, 0], [1, 1], [0, 2]],
  4: [[0, 0], [2, 0], [0, 2], [2, 2]],
  5: [[0, 0], [2, 0], [1, 1], [0, 2], [2, 2]],
  6: [[0, 0], [2, 0], [0, 1], [2, 1], [0, 2], [2, 2]],
};
/** The size of a cell of a pictured window, and the gap between cells (SVG units). */
const CELL = 24;
const GAP = 3;

function svg(tag, attrs = {}, ...children) {
  const node = document.createElementNS(SVG, tag);
  for (const [key, value] of Object.entries(attrs)) node.setAttribute(key, String(value));
  for (const child of children) if (child) node.append(child);
  return node;
}

/** Words for a token of a pictured window: "red 3", "a space needing green", "open". */
export function tokenWords(token, palette = DICE_PALETTE) {
  if (token === ".") return tr("page.help.picture.open");
  if (/^[a-z]$/.test(token)) return tr("page.help.picture.needs_colour", { colour: palette.colour(token.toUpperCase()) });
  if (/^[1-6]$/.test(token)) return tr("page.help.picture.needs_value", { value: Number(token) });
  return dieWords(token, palette);
}

/** Words for a die ("R3", "R?"): "red 3", "red, value not known yet". */
export function dieWords(die, palette = DICE_PALETTE) {
  const value = die.slice(1);
  const colour = palette.colour(die[0]);
  return value === "?" ? tr("page.help.picture.die.unknown", { colour }) : tr("page.help.picture.die", { colour, value: Number(value) });
}

/** Pips (or a "?") of a value inside the square at (x, y) of side `size`. */
function pips(value, x, y, size, cls) {
  if (value === "?") {
    return [svg("text", { x: x + size / 2, y: y + size * 0.7, class: `${cls} help-unknown`, "text-anchor": "middle", "font-size": size * 0.6 }, document.createTextNode("?"))];
  }
  const step = size / 4;
  return (PIP_SPOTS[value] || []).map(([col, row]) =>
    svg("circle", { cx: x + step * (col + 1), cy: y + step * (row + 1), r: size * 0.09, class: cls }),
  );
}

/** A die ("R3", "Y?") as SVG at (x, y). */
function die(token, x, y, size, palette) {
  const colour = token[0];
  const group = svg("g", { class: "help-die" });
  group.append(svg("rect", { x, y, width: size, height: size, rx: size * 0.18, class: `help-ink-${colour}` }));
  for (const pip of pips(token.slice(1), x, y, size, "help-pip")) group.append(pip);
  const glyph = svg("text", { x: x + size - 2, y: y + size * 0.32, class: "help-glyph", "text-anchor": "end", "font-size": size * 0.3 });
  glyph.textContent = palette.inks[colour].glyph;
  group.append(glyph);
  return group;
}

/** An open space: blank, needing a colour (lower-case letter) or a value (a digit). */
function space(token, x, y, size) {
  const group = svg("g", { class: "help-space" });
  const colour = /^[a-z]$/.test(token) ? token.toUpperCase() : null;
  group.append(svg("rect", { x, y, width: size, height: size, rx: 3, class: colour ? `help-space-${colour}` : "help-space-blank" }));
  if (/^[1-6]$/.test(token)) for (const pip of pips(token, x, y, size, "help-space-pip")) group.append(pip);
  return group;
}

function cellOrigin(cell) {
  const index = CELLS.indexOf(cell);
  return [GAP + (index % 5) * (CELL + GAP), GAP + Math.floor(index / 5) * (CELL + GAP)];
}

/** An arrow from the centre of one cell to the centre of another, its head drawn by hand. */
function arrow(from, to, number) {
  const [x1, y1] = cellOrigin(from).map((v) => v + CELL / 2);
  const [x2, y2] = cellOrigin(to).map((v) => v + CELL / 2);
  const angle = Math.atan2(y2 - y1, x2 - x1);
  const tipX = x2 - Math.cos(angle) * 5;
  const tipY = y2 - Math.sin(angle) * 5;
  const wing = (turn) => `${tipX - Math.cos(angle + turn) * 8},${tipY - Math.sin(angle + turn) * 8}`;
  const group = svg("g", { class: "help-arrow-line" });
  // A pale halo under the line keeps it visible over dark dice and the frame.
  group.append(svg("line", { x1, y1, x2: tipX, y2: tipY, class: "help-halo" }));
  group.append(svg("line", { x1, y1, x2: tipX, y2: tipY }));
  group.append(svg("polygon", { points: `${tipX},${tipY} ${wing(0.45)} ${wing(-0.45)}` }));
  if (number) {
    const label = svg("text", { x: x1, y: y1 - 6, "text-anchor": "middle", "font-size": 10, class: "help-arrow-number" });
    label.textContent = String(number);
    group.append(label);
  }
  return group;
}

/** A pictured window: four rows of five tokens, with marked cells and arrows. */
function windowPicture(part, palette) {
  const tokens = part.window.flatMap((row) => row.trim().split(/\s+/));
  const size = 5 * (CELL + GAP) + GAP;
  const height = 4 * (CELL + GAP) + GAP;
  const marks = new Set(part.marks || []);
  const arrows = part.arrows || [];
  const words = tokens.map((token, i) => (token === "." ? null : `${CELLS[i]} ${tokenWords(token, palette)}`)).filter(Boolean);
  if (marks.size) words.push(tr("page.help.picture.marked", { cells: [...marks].join(", ") }));
  for (const [from, to] of arrows) words.push(tr("page.help.picture.moves", { from, to }));
  const picture = svg("svg", {
    viewBox: `0 0 ${size} ${height}`,
    width: size * 1.5,
    height: height * 1.5,
    class: "help-window",
    role: "img",
    "aria-label": tr("page.help.picture.window", { words: words.join("; ") || tr("page.help.picture.empty") }),
  });
  picture.append(svg("rect", { x: 0, y: 0, width: size, height, rx: 4, class: "help-frame" }));
  tokens.forEach((token, i) => {
    const [x, y] = cellOrigin(CELLS[i]);
    picture.append(/^[A-Z]/.test(token) ? die(token, x, y, CELL, palette) : space(token, x, y, CELL));
    if (marks.has(CELLS[i])) {
      picture.append(svg("rect", { x: x - 1.5, y: y - 1.5, width: CELL + 3, height: CELL + 3, rx: 4, class: "help-mark" }));
    }
  });
  arrows.forEach(([from, to], i) => picture.append(arrow(from, to, arrows.length > 1 ? i + 1 : 0)));
  return picture;
}

/** A row of dice with a label under it. */
function dicePicture(part, palette) {
  const size = 30;
  const width = part.dice.length * (size + 6) + 2;
  const words = part.dice.map((token) => dieWords(token, palette)).join(", ");
  const picture = svg("svg", {
    viewBox: `0 0 ${width} ${size + 4}`,
    width,
    height: size + 4,
    class: "help-dice",
    role: "img",
    "aria-label": part.label ? tr("page.help.picture.dice", { label: part.label, dice: words }) : words,
  });
  part.dice.forEach((token, i) => picture.append(die(token, 2 + i * (size + 6), 2, size, palette)));
  return el("span", { class: "help-part" }, picture, part.label ? el("span", { class: "help-label", text: part.label }) : null);
}

/** The picture of what a card does, from its data (`{parts, note}`): the one renderer; its
 * colours are `palette`'s (by default the dice's). */
export function illustration(picture, palette = DICE_PALETTE) {
  const parts = picture.parts.map((part) => {
    if (part.window) return el("span", { class: "help-part" }, windowPicture(part, palette));
    if (part.dice) return dicePicture(part, palette);
    if (part.arrow !== undefined) return el("span", { class: "help-arrow", text: part.arrow });
    return el("span", { class: "help-text", text: part.text });
  });
  return el(
    "figure",
    { class: "help-figure", "data-testid": "help-illustration" },
    el("div", { class: "help-parts" }, parts),
    picture.note ? el("figcaption", { text: picture.note }) : null,
  );
}
