// Hints (games created with them): on your turn, "Hint" asks the server for the strong bot's
// best actions in your place (POST /hint: up to three, each with the value the bot expects of
// it), says them in words with their values and marks the best on the table (the die to take
// and the space it goes to, the tool card, the button), by finding the suggested action among
// the view's structured legal actions; clicking another suggestion marks that one instead.
// The log marks the action played where a hint was asked for, whichever it is. Each game's page
// gives its own words and marks to bindHint (the dice game's advice.js, the card game's).

import { api, el } from "/static/common.js";
import { token, API, S, byTestId, myTurn } from "./state.js";
import { render } from "./render.js";
import { showError } from "./socket.js";
import { pageLanguage, tr } from "/static/i18n.js";

let asking = false;

/** What the hint needs of the page's game: an action in words (`words(action, view)`), the
 * first click of a two-click action, made for the reader (`select(action, view)`, or null),
 * and what the action is taken with on the table (`marks(action, selection)`: selectors, the
 * first match of each marked; an element whose data-action is the action's is marked too). */
let pageAdvice = null;

export function bindHint(page) {
  pageAdvice = page;
  byTestId("hint-button").addEventListener("click", askHint);
}

/** The Hint button (your turn, hints on, nothing staged) and what the strong bot would do. */
export function renderHint() {
  const view = S.view;
  const button = byTestId("hint-button");
  // Asked for the position the server knows: not while actions wait to be sent.
  button.hidden = !(view && view.game && view.game.hints) || Boolean(S.replay) || Boolean(S.gather) || !myTurn(view);
  button.disabled = S.busy || asking;
  button.textContent = asking ? tr("page.game.hint.thinking") : tr("page.game.hint");
  const advice = byTestId("hint-advice");
  advice.hidden = !S.hint || Boolean(S.replay);
  advice.replaceChildren(...(S.hint ? adviceParts(S.hint) : []));
  // The best action itself, for tests and tools (people read the words).
  if (S.hint) advice.dataset.notation = S.hint.top[0].notation;
  else delete advice.dataset.notation;
  markHint();
}

/** The best action in words, what the values mean, and the suggestions with their values (a
 * button each: it marks that action on the table). */
function adviceParts(hint) {
  const best = hint.top[0];
  const scale = best.scale === "margin" ? tr("page.game.advice.margin") : tr("page.game.advice.relative");
  const items = hint.top.map((entry, index) =>
    el(
      "li",
      {},
      el("button", {
        type: "button",
        "data-testid": "hint-choice",
        "data-notation": entry.notation,
        "aria-pressed": String(index === hint.shown),
        title: tr("page.game.advice.show"),
        text: entry.basis === "positions"
          ? tr("page.game.advice.positions", { action: entry.words, value: points(entry.value), n: entry.samples })
          : tr("page.game.advice.simulations", { action: entry.words, value: points(entry.value), n: entry.samples }),
        onclick: () => showSuggestion(index),
      }),
    ),
  );
  return [
    el("p", { "data-testid": "hint-best", text: tr("page.game.hint.advice", { action: best.words }) }),
    el("p", { class: "advice-scale", text: scale }),
    el("ol", { class: "advice-top", "data-testid": "hint-top" }, items),
  ];
}

/** A value in points, to a tenth, signed unless 0, in the page's language. */
function points(value) {
  return value.toLocaleString(pageLanguage(), { minimumFractionDigits: 1, maximumFractionDigits: 1, signDisplay: "exceptZero" });
}

/** Mark suggestion `index` on the table instead of the one marked. */
function showSuggestion(index) {
  if (!S.hint || S.busy || S.gather) return;
  S.hint.shown = index;
  const entry = S.hint.top[index];
  S.selection = entry.action ? pageAdvice.select(entry.action, S.view) : null;
  render();
}

async function askHint() {
  if (S.busy || asking || S.gather) return;
  const seen = S.view.history.length;
  asking = true;
  render();
  try {
    const answer = await api("POST", `${API}/hint`, { token });
    if (S.view.history.length !== seen || S.gather) return; // the game moved on meanwhile
    const top = answer.top.map((entry) => {
      const action = (S.view.actions || []).find((a) => a.notation === entry.action) || null;
      const words = action ? pageAdvice.words(action, S.view) : tr("page.game.action.unshown");
      return { ...entry, notation: entry.action, action, words };
    });
    S.hint = { top, shown: 0 };
    if (top[0].action) S.selection = pageAdvice.select(top[0].action, S.view);
    showError("");
  } catch (err) {
    showError(err.message, err.reason);
  } finally {
    asking = false;
    render();
  }
}

/** Mark what the hinted action is taken with (after each render, which redraws the table). */
function markHint() {
  document.querySelectorAll(".hinted").forEach((node) => node.classList.remove("hinted"));
  const action = S.hint && !S.replay && !S.gather ? S.hint.top[S.hint.shown].action : null;
  if (!action) return;
  const selectors = [`[data-action="${CSS.escape(action.notation)}"]`, ...pageAdvice.marks(action, S.selection)];
  for (const selector of selectors) {
    // The first match only: of two equal dice, the one selected (its key names its place).
    const node = document.querySelector(selector);
    if (node) node.classList.add("hinted");
  }
}
