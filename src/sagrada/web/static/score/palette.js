// What a pane may be given: a colour, a value, or nothing (cleared), as large buttons drawn in
// the game's own pieces (a die of each colour, a face of each value). The colours and values
// are the server's (GET /api/score/form's palette); the drawing is the game's.

import { el } from "/static/common.js";
import { t, tr } from "/static/i18n.js";

/**
 * The palette.
 *
 * @param {object} how
 * @param {{letter: string, name_message: object}[]} how.colours the colours, in the engine's
 *   order.
 * @param {number[]} how.values the values.
 * @param {(colour: string|null, value: number|null) => Node} how.face a piece to show.
 * @param {() => {colour: string|null, value: number|null}} how.now what the chosen pane holds.
 * @param {(colour: string) => void} how.colour a colour was chosen.
 * @param {(value: number) => void} how.value a value was chosen.
 * @param {() => void} how.clear the pane was cleared.
 * @param {Node[]} [how.more] more buttons (Life's masterwork die).
 */
export function palette({ colours, values, face, now, colour, value, clear, more = [] }) {
  const box = el("div", { class: "score-palette", "data-testid": "score-palette" });

  function redraw() {
    const held = now();
    box.replaceChildren(
      el(
        "div",
        { class: "palette-row", role: "group", "aria-label": tr("page.score.palette.colours") },
        colours.map((entry) =>
          el(
            "button",
            {
              type: "button",
              class: "piece-button",
              "data-testid": "score-colour",
              "data-colour": entry.letter,
              "aria-pressed": held.colour === entry.letter ? "true" : "false",
              "aria-label": t(entry.name_message),
              title: t(entry.name_message),
              onclick: () => colour(entry.letter),
            },
            face(entry.letter, held.value),
          ),
        ),
      ),
      el(
        "div",
        { class: "palette-row", role: "group", "aria-label": tr("page.score.palette.values") },
        values.map((n) =>
          el(
            "button",
            {
              type: "button",
              class: "piece-button",
              "data-testid": "score-value",
              "data-value": String(n),
              "aria-pressed": held.value === n ? "true" : "false",
              "aria-label": tr("page.score.palette.value", { value: n }),
              onclick: () => value(n),
            },
            face(held.colour, n),
          ),
        ),
      ),
      el(
        "div",
        { class: "palette-row" },
        el("button", { type: "button", class: "clear-button", "data-testid": "score-clear", text: tr("page.score.palette.clear"), onclick: () => clear() }),
        ...more,
      ),
    );
  }

  redraw();
  return { element: box, redraw };
}
