// Hints (games created with them): on your turn, "Hint" asks the server for the strong bot's
// best actions in your place (POST /hint: up to three, each with the value the bot expects of
// it), says them in words with their values and marks the best on the table (the die to take
// and the space it goes to, the tool card, the button), by finding the suggested action among
// the view's structured legal actions; clicking another suggestion marks that one instead.
// The log marks the action played where a hint was asked for, whichever it is. The dice
// game's words and marks are here (DICE_ADVICE); another page gives its own to bindHint (the
// card game's: cards/advice.js).

import { api, dieLabel, el } from "../common.js";
import { token, API, S, CARDS, byTestId, myTurn, mySeat } from "./state.js";
import { render } from "./render.js";
import { showError } from "./socket.js";
import { pageLanguage, tr } from "../i18n.js";

let asking = false;

/** What the hint needs of the page's game: an action in words (`words(action, view)`), the
 * first click of a two-click action, made for the reader (`select(action, view)`, or null),
 * and what the action is taken with on the table (`marks(action, selection)`: selectors, the
 * first match of each marked; an element whose data-action is the action's is marked too). */
let pageAdvice = null;

export function bindHint(page = DICE_ADVICE) {
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

/** The first click of a two-click action, made for the player: the die to place, the die to
 * move. */
function selectionFor(action, view) {
  const me = view.players.find((p) => p.seat === mySeat(view));
  switch (action.kind) {
    case "draft":
    case "slot":
      return { kind: "pool", die: action.die, index: (view.draft_pool || []).indexOf(action.die) };
    case "own_draft":
      return { kind: "own", die: action.die, index: ((me && me.private_dice_pool) || []).indexOf(action.die) };
    case "move":
      return { kind: "move", cell: action.from };
    default:
      return null;
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

/** The dice game's table: what a hinted action is taken with. */
function diceMarks(action, selected) {
  const seat = mySeat();
  const mine = (cell) => `[data-testid="window"][data-seat="${seat}"] [data-cell="${cell}"]`;
  const selectors = [];
  switch (action.kind) {
    case "draft":
    case "slot":
    case "own_draft": {
      const pool = action.kind === "own_draft" ? "own" : "pool";
      if (selected && selected.index >= 0) selectors.push(`[data-key="${CSS.escape(`${pool}:${action.die}:${selected.index}`)}"]`);
      selectors.push(action.kind === "slot" ? `[data-testid="masterwork-slot"][data-slot="${CSS.escape(action.slot)}"]` : mine(action.cell));
      break;
    }
    case "choose":
    case "pay":
      selectors.push(`[data-testid="pool-die"][data-die="${CSS.escape(action.die)}"]`);
      break;
    case "own_choose":
      selectors.push(`[data-testid="own-die"][data-die="${CSS.escape(action.die)}"]`);
      break;
    case "put":
    case "masterwork":
      selectors.push(mine(action.cell));
      break;
    case "move":
      selectors.push(mine(action.from), mine(action.to));
      break;
    case "tool":
      selectors.push(`[data-testid="tool-card"][data-tool="${action.tool}"]`);
      break;
    case "pass":
      selectors.push('[data-testid="pass-button"]');
      break;
    case "pattern":
      selectors.push(`[data-testid="window-option-${action.option}"]`);
      break;
    case "gain":
      selectors.push(`[data-testid="apprentice-gain-${action.source}"]`);
      break;
  }
  return selectors;
}

/** What an action does, in words (imperative: "place the red 3 on B4"). */
export function actionWords(action, view) {
  const die = action.die ? dieLabel(action.die) : "";
  const tool = (number) => {
    const card = (view.tools || []).find((entry) => entry.number === number) || CARDS.tools.find((entry) => entry.number === number);
    return card ? card.name : tr("page.game.tool_card", { number });
  };
  const apprentice = (number) => {
    const card = (CARDS.apprentice_cards || []).find((entry) => entry.number === number);
    return card ? card.name : tr("page.game.apprentice_card", { number });
  };
  const { cell, from, to, round, rotation } = action;
  switch (action.kind) {
    case "pass": return tr("page.game.action.pass");
    case "tool": return tr("page.game.action.tool", { name: tool(action.tool) });
    case "draft": return tr("page.game.action.draft", { die, cell });
    case "own_draft": return tr("page.game.action.own_draft", { die, cell });
    case "choose": return tr("page.game.action.choose", { die });
    case "own_choose": return tr("page.game.action.own_choose", { die });
    case "pay": return tr("page.game.action.pay", { die });
    case "put": return tr("page.game.action.put", { cell });
    case "move": return tr("page.game.action.move", { from, to });
    case "track": return tr("page.game.action.track", { die, round });
    case "increase": return tr("page.game.action.increase");
    case "decrease": return tr("page.game.action.decrease");
    case "value": return tr("page.game.action.value", { value: action.value });
    case "stop": return tr("page.game.action.stop");
    case "return": return tr("page.game.action.return");
    case "pattern": {
      const me = view.players.find((p) => p.seat === mySeat(view));
      const option = me && me.window_options ? me.window_options[action.option - 1] : null;
      return option
        ? tr("page.game.action.pattern_named", { option: action.option, name: option.name })
        : tr("page.game.action.pattern", { option: action.option });
    }
    case "slot": {
      const space = action.slot.slice(0, -1);
      return action.slot.endsWith("c")
        ? tr("page.game.action.slot_colour", { die, space })
        : tr("page.game.action.slot_value", { die, space });
    }
    case "masterwork": return tr("page.game.action.masterwork", { rotation, cell });
    case "gain": return action.source === "deck" ? tr("page.game.action.gain_deck") : tr("page.game.action.gain_discard");
    case "keep": return action.choice === 1 ? tr("page.game.action.keep_first") : tr("page.game.action.keep_second");
    case "activate": return tr("page.game.action.activate", { name: apprentice(action.card) });
    case "discard": return tr("page.game.action.discard", { name: apprentice(action.card) });
    default: return tr("page.game.action.unknown");
  }
}

/** The dice game's words and marks for a hint (see bindHint). */
export const DICE_ADVICE = { words: actionWords, select: selectionFor, marks: diceMarks };
