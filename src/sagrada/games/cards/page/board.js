// Drawing the card game's table (glass window, drawn cards, turn bar, pile, tools, orders,
// score, and the result with its rematch) and the clicks on it. Every click names a legal
// action of the view (or the first half of one: a drawn card, then its cell; a card to move,
// then where to).

import { el, CELLS, restrictionAt, houseNote } from "/static/common.js";
import { S, byTestId, $ } from "/static/shell/state.js";
import { render } from "/static/shell/render.js";
import { choose } from "/static/shell/flow.js";
import { cardWords, t, tr } from "/static/i18n.js";
import { replayControls, showReplayPosition } from "/static/shell/replay.js";
import { renderRematch } from "/static/shell/rematch.js";
import { cardFace, cardLabel, restrictionFace, restrictionText } from "./model.js";

// -- clicks -------------------------------------------------------------------------------------

// A drawn card is selected by its place among the drawn cards (`index`): two equal cards are
// two cards.
function onDrawn(card, index, model) {
  if (model.pay.has(card)) return choose(model.pay.get(card));
  if (model.pick.has(card)) return choose(model.pick.get(card));
  const same = S.selection && S.selection.kind === "hand" && S.selection.card === card && S.selection.index === index;
  S.selection = same || !model.place.has(card) ? null : { kind: "hand", card, index };
  render();
}

function onCell(cell, model) {
  const sel = S.selection;
  if (sel && sel.kind === "hand" && model.place.get(sel.card)?.has(cell)) return choose(model.place.get(sel.card).get(cell));
  if (sel && sel.kind === "move" && model.moves.get(sel.cell)?.has(cell)) return choose(model.moves.get(sel.cell).get(cell));
  const same = sel && sel.kind === "move" && sel.cell === cell;
  S.selection = model.moves.has(cell) && !same ? { kind: "move", cell } : null;
  render();
}

/** The cells a click on the window may take now (Map cell → action), given the selection. */
function targets(model) {
  const sel = S.selection;
  if (sel && sel.kind === "hand") return model.place.get(sel.card) || new Map();
  if (sel && sel.kind === "move") return model.moves.get(sel.cell) || new Map();
  return new Map();
}

// -- drawing ------------------------------------------------------------------------------------

export function renderWindow(view, model) {
  const win = view.window;
  $("window-name").textContent = tr("page.cards.window_name", { name: win.name, difficulty: win.difficulty });
  const reachable = targets(model);
  const pinned = S.scorePin !== null ? new Set((view.score.parts[S.scorePin] || {}).cells || []) : new Set();
  $("glass").replaceChildren(
    ...CELLS.map((cell, i) => {
      const card = win.cards[i];
      const restriction = restrictionAt(win.grid, cell);
      const classes = ["cell"];
      if (reachable.has(cell) || (!S.selection && model.moves.has(cell))) classes.push("legal");
      if (S.selection && S.selection.kind === "move" && S.selection.cell === cell) classes.push("selected");
      if (pinned.has(cell)) classes.push("scored");
      return el(
        "button",
        {
          type: "button",
          class: classes.join(" "),
          "data-testid": "cell",
          "data-cell": cell,
          "data-card": card || null,
          "aria-label": tr("page.cards.cell", { cell, what: card ? cardLabel(card) : tr("page.cards.cell.open", { restriction: restrictionText(restriction) }) }),
          onclick: () => onCell(cell, model),
        },
        card ? cardFace(card) : restrictionFace(restriction),
      );
    }),
  );
}

export function renderDrawn(view, model) {
  const sel = S.selection;
  $("drawn").replaceChildren(
    ...view.hand.map((card, index) => {
      const legal = model.pay.has(card) || model.pick.has(card) || (!sel && model.place.has(card));
      const selected = sel && sel.kind === "hand" && sel.card === card && sel.index === index;
      return el(
        "button",
        {
          type: "button",
          class: `glass-button${legal ? " legal" : ""}`,
          "data-testid": "drawn-card",
          "data-card": card,
          "aria-pressed": selected ? "true" : "false",
          "aria-label": cardLabel(card),
          onclick: () => onDrawn(card, index, model),
        },
        cardFace(card),
      );
    }),
  );
  if (!view.hand.length) $("drawn").append(el("span", { class: "hint", text: tr("page.cards.no_cards_drawn") }));
}

export function renderBar(view, model) {
  byTestId("target").textContent = String(view.target);
  $("turn-bar").replaceChildren(
    ...view.turn_bar.map((stack, i) =>
      el(
        "div",
        { class: "bar-stack", "data-testid": "bar-stack", "data-round": String(i + 1) },
        el("span", { class: "round-no", text: tr("page.cards.bar.round", { round: i + 1 }) }),
        ...stack.map((card) => {
          const action = model.bar.get(`${i + 1} ${card}`);
          const legal = action !== undefined;
          return el(
            "button",
            {
              type: "button",
              class: `glass-button small${legal ? " legal" : ""}`,
              "data-testid": "bar-card",
              "data-card": card,
              "data-round": String(i + 1),
              "data-action": action || null,
              "aria-label": tr("page.cards.bar.card", { round: i + 1, label: cardLabel(card) }),
              disabled: !legal,
              onclick: () => choose(action),
            },
            cardFace(card),
          );
        }),
      ),
    ),
  );
  if (!view.turn_bar.length) $("turn-bar").append(el("span", { class: "hint", text: tr("page.cards.bar.empty") }));
  const pile = [tr("page.cards.pile", { n: view.pile })];
  if (view.pile_bottom.length) pile.push(tr("page.cards.pile.bottom", { cards: view.pile_bottom.map(cardLabel).join(", ") }));
  pile.push(tr("page.cards.pile.discarded", { n: view.discard.length }));
  $("pile").textContent = pile.join(" · ");
}

export function renderTools(view, model) {
  $("tools").replaceChildren(
    ...view.tools.map((tool) => {
      const legal = model.tools.has(tool.number);
      const inUse = view.tool_in_use === tool.number || (S.gather && S.gather.steps[0] === `T${tool.number}`);
      return el(
        "button",
        {
          type: "button",
          class: `card tool${legal ? " legal" : ""}${tool.used ? " used" : ""}${inUse ? " in-use" : ""}`,
          "data-testid": "tool-card",
          "data-tool": String(tool.number),
          "aria-disabled": legal ? "false" : "true",
          onclick: () => legal && choose(model.tools.get(tool.number)),
        },
        el("span", { class: "card-title" }, el("span", { text: `${tool.number}. ${cardWords(tool, "name")}` }), tool.house ? houseNote() : null),
        el("span", { text: cardWords(tool, "text") }),
        el(
          "span",
          { class: "card-foot" },
          el("span", { "data-testid": "tool-pay", text: tr("page.cards.tool.pay", { value: tool.pay }) }),
          tool.used ? el("span", { class: "badge used", text: tr("page.cards.tool.used") }) : null,
        ),
      );
    }),
  );
}

export function renderOrders(view) {
  $("orders").replaceChildren(
    ...view.orders.map((order) =>
      el(
        "div",
        { class: "card order", "data-testid": "order-card", "data-order": order.id },
        el("span", { class: "card-title" }, el("span", { text: cardWords(order, "name") }), order.house ? houseNote() : null),
        el("span", { class: "hint", text: order.kind === "unique" ? tr("page.cards.order.unique") : tr("page.cards.order.basic", { vp: order.vp }) }),
      ),
    ),
  );
  byTestId("score-total").textContent = String(view.score.total);
  $("score-parts").replaceChildren(
    ...view.score.parts.map((part, i) =>
      el(
        "tr",
        {
          class: `score-part${S.scorePin === i ? " pinned" : ""}`,
          "data-testid": "score-part",
          tabindex: "0",
          title: tr("page.cards.score.pin"),
          onclick: () => {
            S.scorePin = S.scorePin === i ? null : i;
            render();
          },
        },
        el("td", { text: part.name_message ? t(part.name_message) : part.name }),
        el("td", { class: "hint", text: part.formula_message ? t(part.formula_message) : part.formula }),
        el("td", { class: "num", "data-testid": "score-points", text: String(part.points) }),
      ),
    ),
  );
}

/** A message's text with elements in the places of its {name} fields left unfilled (the
 * message rendered with `{name}` for them): text and elements, in the language's order. */
function withElements(text, elements) {
  return text.split(/\{(\w+)\}/).map((part, i) => (i % 2 ? elements[part] || `{${part}}` : part)).filter((part) => part !== "");
}

/** The result, once the game is over: the score against the target. */
export function renderEnd() {
  // The final position (not a replayed one), its replay controls built once per game.
  const view = S.view;
  const box = $("end");
  box.hidden = !view || view.phase !== "over";
  if (box.hidden) return;
  if (box.dataset.built !== String(view.history.length)) {
    box.dataset.built = String(view.history.length);
    const won = Boolean(view.won);
    box.replaceChildren(
      el("h2", { "data-testid": "result", "data-won": String(won), text: won ? tr("page.cards.won") : tr("page.cards.lost") }),
      el(
        "p",
        {},
        ...withElements(tr("page.cards.final", { score: "{score}", target: "{target}", margin: `${view.margin >= 0 ? "+" : ""}${view.margin}` }), {
          score: el("strong", { "data-testid": "final-score", text: String(view.score.total) }),
          target: el("strong", { "data-testid": "final-target", text: String(view.target) }),
        }),
      ),
      el("div", { class: "rematch-row" }),
      el("p", { class: "hint", text: tr("page.cards.score.click") }),
      replayControls(view),
    );
  }
  renderRematch(box.querySelector(".rematch-row"), view);
  showReplayPosition(view);
}
