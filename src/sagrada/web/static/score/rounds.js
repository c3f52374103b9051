// A solo game's rounds, each with the values put aside in it (the dice game's Round Track,
// the card game's turn bar), entered by tapping: choose a round, then tap values onto it or
// take its last one off; by keyboard, left and right choose the round, a digit adds a value,
// Backspace (or Delete, 0, _) takes the last off. What the values are worth (their sum is the
// target) is the server's answer; this only keeps them.

import { el } from "/static/common.js";
import { tr } from "/static/i18n.js";

/** The keys that take the chosen round's last value off. */
const CLEARING = new Set(["Delete", "Backspace", "0", "_"]);

/**
 * The rounds' entry.
 * @param {object} o
 * @param {number} o.rounds how many rounds (the server's)
 * @param {number[]} o.values the values a die or card may show (the server's)
 * @param {string} o.label the message id of the rounds' name, for their group
 * @param {() => number[][]} o.stacks the values of each round, kept by the form (changed here)
 * @param {(step: object) => void} o.changed called after each change: a step of the history
 * @returns {{elements: Element[], redraw: () => void}}
 */
export function roundsEntry({ rounds, values, label, stacks, changed }) {
  let round = 0;
  const bar = el("div", { class: "turn-bar-entry", role: "group", "aria-label": tr(label), "data-testid": "score-turn-bar" });
  const barValues = el("div", { class: "palette-row", role: "group", "aria-label": tr("page.score.turn_bar.values") });

  function addValue(n) {
    stacks()[round].push(n);
    redraw();
    changed({ push: true });
  }

  function dropValue() {
    stacks()[round].pop();
    redraw();
    changed({ push: true });
  }

  function redraw() {
    const focused = bar.contains(document.activeElement);
    bar.replaceChildren(
      ...stacks().map((stack, i) =>
        el(
          "button",
          {
            type: "button",
            class: `bar-round${i === round ? " chosen" : ""}`,
            "data-testid": "score-round",
            tabindex: i === round ? "0" : "-1",
            "aria-pressed": i === round ? "true" : "false",
            "aria-label": tr("page.score.round", { round: i + 1, values: stack.join(" + ") || "–" }),
            onclick: () => {
              round = i;
              redraw();
            },
            onkeydown: onKey,
          },
          el("span", { class: "round-no", text: String(i + 1) }),
          el("span", { class: "bar-values" }, stack.map((n) => el("span", { class: "bar-value", text: String(n) }))),
        ),
      ),
    );
    if (focused) bar.querySelector('[tabindex="0"]').focus();
    barValues.replaceChildren(
      ...values.map((n) => el("button", { type: "button", class: "icon-button", "data-testid": "score-bar-value", "aria-label": tr("page.score.turn_bar.add", { value: n, round: round + 1 }), text: String(n), onclick: () => addValue(n) })),
      el("button", { type: "button", class: "icon-button", "data-testid": "score-bar-drop", "aria-label": tr("page.score.turn_bar.drop", { round: round + 1 }), text: "⌫", onclick: () => dropValue() }),
    );
  }

  function onKey(event) {
    if (event.ctrlKey || event.metaKey || event.altKey) return;
    if (event.key === "ArrowLeft" || event.key === "ArrowRight") {
      round = Math.max(0, Math.min(rounds - 1, round + (event.key === "ArrowLeft" ? -1 : 1)));
      redraw();
    } else if (/^[1-9]$/.test(event.key) && values.includes(Number(event.key))) addValue(Number(event.key));
    else if (CLEARING.has(event.key)) dropValue();
    else return;
    event.preventDefault();
  }

  return { elements: [bar, barValues], redraw };
}
