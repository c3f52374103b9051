// The score of one window as the server answered it (POST /api/score): the total, each part
// with its points and its formula in the page's language, the warnings in words, and a card
// game's target and whether it was reached. Choosing a part lights the dice that earned it
// (its cells); the warned panes stay marked while the score still shows. Nothing is counted
// here: every number is the answer's.

import { el } from "/static/common.js";
import { t, tr } from "/static/i18n.js";

const $ = (id) => document.getElementById(id);

/** The part chosen (its index in the answer's parts), kept across answers while it exists. */
let chosenPart = null;

/** Bring the window into view, where the chosen part's dice are lit (a phone shows the score
 * far under it): smoothly, or at once under prefers-reduced-motion. */
function bringWindowIntoView() {
  const grid = document.querySelector('[data-testid="score-window"]');
  if (!grid) return;
  const still = matchMedia("(prefers-reduced-motion: reduce)").matches;
  grid.scrollIntoView({ behavior: still ? "auto" : "smooth", block: "nearest" });
}

/** A part's name in the page's language: the catalogue's where it has one, else the content's. */
function partName(part) {
  return part.name_message ? t(part.name_message) : part.name;
}

/**
 * Show `answer` (null: nothing to show yet); `light(scored, warned)` marks the window's panes:
 * those the chosen part counts, and those the warnings name.
 */
export function showScore(answer, light) {
  const warned = answer ? answer.warnings.flatMap((warning) => warning.cells || []) : [];
  $("score-total").textContent = answer ? String(answer.total) : "–";
  const target = $("score-target");
  target.textContent = answer && typeof answer.target === "number" ? tr(answer.won ? "page.score.target.won" : "page.score.target.lost", { target: answer.target }) : "";
  if (!answer) {
    $("score-parts").replaceChildren();
    $("score-warnings").replaceChildren();
    $("score-warned").hidden = true;
    light([], []);
    return;
  }
  if (chosenPart !== null && chosenPart >= answer.parts.length) chosenPart = null;
  const choose = (index) => {
    chosenPart = chosenPart === index ? null : index;
    showScore(answer, light);
    if (chosenPart !== null) bringWindowIntoView();
  };
  $("score-parts").replaceChildren(
    ...answer.parts.map((part, index) => {
      const counted = part.counted !== false;
      const formula = part.formula_message ? t(part.formula_message) : part.formula || "";
      return el(
        "li",
        {},
        el(
          "button",
          {
            type: "button",
            class: `score-part${counted ? "" : " not-counted"}`,
            "data-testid": "score-part",
            "data-kind": part.kind || undefined,
            "aria-pressed": chosenPart === index ? "true" : "false",
            disabled: (part.cells || []).length === 0 ? true : undefined,
            onclick: () => choose(index),
          },
          el("span", { class: "part-name", text: counted ? partName(part) : tr("page.score.not_counted", { name: partName(part) }) }),
          el("span", { class: "part-points", "data-testid": "score-part-points", text: String(part.points) }),
          el("span", { class: "part-formula", text: formula }),
        ),
      );
    }),
  );
  $("score-warnings").replaceChildren(
    ...answer.warnings.map((warning) => el("li", { "data-testid": "score-warning", text: warning.message ? t(warning.message) : warning.text })),
  );
  $("score-warned").hidden = answer.warnings.length === 0;
  const scored = chosenPart === null ? [] : answer.parts[chosenPart].cells || [];
  light(scored, warned);
}
