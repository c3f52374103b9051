// The card game's legal actions grouped by what is clicked to take them, and the faces of its
// glass cards and window spaces. Nothing here talks to the server.

import { COLOURS, el, glyph } from "/static/common.js";
import { tr } from "/static/i18n.js";

/** The card game's colours: the dice game's four, and black (K) for its purple; its glyph a
 * spade (forced to text, not an emoji), no shape that could pass for a pip either. Their
 * names are the catalogue's (cardColour). */
export const CARD_COLOURS = {
  R: COLOURS.R,
  Y: COLOURS.Y,
  G: COLOURS.G,
  B: COLOURS.B,
  K: { glyph: "\u2660\uFE0E" },
};

/** A colour letter as a message to render: the engine's colour.R …, and the card game's
 * black (cards.colour.black); passed as a {colour} parameter, it shows the colour's name. */
export function cardColour(letter) {
  return { id: letter === "K" ? "cards.colour.black" : `colour.${letter}`, params: {} };
}

/** "R3" → "red 3". */
export function cardLabel(card) {
  if (!(card[0] in CARD_COLOURS)) return card;
  return tr("page.cards.card", { colour: cardColour(card[0]), value: card.slice(1) });
}

/** A glass card: its colour, its value large and its colour letter in a corner (so the colour
 * never rests on the hue alone), and in colour-blind mode its glyph in the other corner. */
export function cardFace(card) {
  return el(
    "span",
    { class: `face glass-card colour-${card[0]}` },
    el("span", { class: "glass-value", text: card.slice(1) }),
    el("span", { class: "glass-letter", text: card[0] }),
    card[0] in CARD_COLOURS ? glyph(card[0], CARD_COLOURS) : null,
  );
}

/** An open window space: its colour (tinted, with the letter and, in colour-blind mode, the
 * glyph in a corner) or value restriction, or blank. */
export function restrictionFace(restriction) {
  if (restriction in CARD_COLOURS) {
    return el(
      "span",
      { class: `face glass-space colour-${restriction}` },
      el("span", { class: "glass-letter", text: restriction }),
      glyph(restriction, CARD_COLOURS),
    );
  }
  if (/^[1-6]$/.test(restriction)) return el("span", { class: "face glass-space shade" }, el("span", { class: "glass-value", text: restriction }));
  return el("span", { class: "face glass-space blank" });
}

export function restrictionText(restriction) {
  if (restriction in CARD_COLOURS) return tr("page.common.requires_colour", { colour: cardColour(restriction) });
  if (/^[1-6]$/.test(restriction)) return tr("page.common.requires_value", { value: Number(restriction) });
  return tr("page.common.no_restriction");
}

/** Group the engine's action objects by the click that takes them. */
export function cardActionModel(actions) {
  const m = {
    place: new Map(), // "R3" → Map(cell → "R3@B4")
    tools: new Map(), // tool number → "T5"
    pay: new Map(), // "R5" → "$R5"
    pick: new Map(), // "R3" → "R3" (choose a drawn card)
    moves: new Map(), // from cell → Map(to cell → "B4>C5")
    bar: new Map(), // "3 K5" (round and card) → "r3:K5"
    stop: null,
    pass: null,
    other: [], // kinds this page does not know: shown as buttons
  };
  const addTo = (map, key, sub, text) => {
    if (!map.has(key)) map.set(key, new Map());
    map.get(key).set(sub, text);
  };
  for (const action of actions) {
    const text = action.notation;
    switch (action.kind) {
      case "place": addTo(m.place, action.card, action.cell, text); break;
      case "tool": m.tools.set(action.tool, text); break;
      case "pay": m.pay.set(action.card, text); break;
      case "choose": m.pick.set(action.card, text); break;
      case "move": addTo(m.moves, action.from, action.to, text); break;
      case "bar": m.bar.set(`${action.round} ${action.card}`, text); break;
      case "stop": m.stop = text; break;
      case "pass": m.pass = text; break;
      default: m.other.push(action);
    }
  }
  return m;
}
