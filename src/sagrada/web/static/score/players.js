// The table of players: each player's window, in the final round's turn order (its start
// player first, which the tie-break reads), to rename, remove, move up or down and open for
// entering; each one's total and place, and the ranking, as the server answered them (a table
// is ranked by the engine, with the tie-break chosen here from the game's option).

import { el } from "/static/common.js";
import { t, tr } from "/static/i18n.js";

const $ = (id) => document.getElementById(id);

/** Where the focus goes once the list is drawn again ({index, testid}: a player's button), so
 * that moving or removing a player leaves it on the moved player or a neighbour. */
let refocus = null;

/** Remember the focus for after a redraw: the button `testid` of the player at `index`, or the
 * first of `fallbacks` of that player that can take it. */
function focusAfter(index, ...testids) {
  refocus = { index, testids };
}

/** Where the focus is in the list before it is drawn again (null: elsewhere). */
function focusNow() {
  const active = document.activeElement;
  const list = $("score-players-list");
  if (!active || !list.contains(active) || !active.dataset.testid) return null;
  // A name being typed keeps what was typed and where.
  const typing = active.tagName === "INPUT" ? { value: active.value, at: active.selectionStart } : null;
  return { index: [...list.children].indexOf(active.closest("li")), testids: [active.dataset.testid], typing };
}

function restoreFocus(wanted) {
  if (!wanted) return;
  const { index, testids } = wanted;
  const items = $("score-players-list").children;
  const item = items[Math.min(index, items.length - 1)];
  for (const testid of testids) {
    const target = item && item.querySelector(`[data-testid="${testid}"]`);
    if (target && !target.disabled) {
      if (wanted.typing) {
        target.value = wanted.typing.value;
        target.setSelectionRange(wanted.typing.at, wanted.typing.at);
      }
      return target.focus();
    }
  }
  $("score-player-add").focus();
}

/**
 * Draw the table.
 *
 * @param {object} table
 * @param {{name: string}[]} table.players the players, in turn order.
 * @param {number} table.current the player whose window is being entered.
 * @param {object|null} table.answer the server's answer for the table (null: none yet, or a
 *   single window).
 * @param {number} table.most the most players a table may have (the game's).
 * @param {number} table.nameLimit the most characters of a name (the game's).
 * @param {{value: string, label: object}[]} table.tieBreaks the tie-break's values.
 * @param {string} table.tieBreak the one chosen.
 * @param {object} on what the buttons do: add(), rename(i, name), remove(i), move(i, by),
 *   open(i), tieBreak(value).
 */
export function showPlayers({ players, current, answer, most, nameLimit, tieBreaks, tieBreak }, on) {
  // A button asked for the focus (a move, a removal), or the focus stays where it was.
  const wanted = refocus || focusNow();
  refocus = null;
  const several = players.length > 1;
  const scored = answer && Array.isArray(answer.players) ? answer.players : null;
  $("score-players-list").replaceChildren(
    ...players.map((player, i) => {
      const result = scored && scored[i];
      return el(
        "li",
        { class: `score-player${i === current ? " current" : ""}`, "data-testid": "score-player" },
        el("span", { class: "place", "data-testid": "score-player-place", text: result ? tr("page.score.place", { place: result.place }) : "" }),
        el("input", {
          type: "text",
          class: "player-name-field",
          value: player.name,
          maxlength: nameLimit ? String(nameLimit) : undefined,
          "aria-label": tr("page.score.player.name"),
          "data-testid": "score-player-name",
          onchange: (event) => on.rename(i, event.target.value),
        }),
        el("span", { class: "player-total", "data-testid": "score-player-total", text: result ? String(result.total) : "" }),
        el(
          "span",
          { class: "player-buttons" },
          el("button", {
            type: "button",
            class: "icon-button",
            "data-testid": "score-player-open",
            "aria-pressed": i === current ? "true" : "false",
            "aria-label": tr("page.score.player.open", { name: player.name }),
            title: tr("page.score.player.open", { name: player.name }),
            text: tr("page.score.player.window"),
            onclick: () => {
              focusAfter(i, "score-player-open");
              on.open(i);
            },
          }),
          el("button", {
            type: "button",
            class: "icon-button",
            "data-testid": "score-player-up",
            disabled: i === 0,
            "aria-label": tr("page.score.player.up", { name: player.name }),
            title: tr("page.score.player.up", { name: player.name }),
            text: "↑",
            onclick: () => {
              focusAfter(i - 1, "score-player-up", "score-player-down");
              on.move(i, -1);
            },
          }),
          el("button", {
            type: "button",
            class: "icon-button",
            "data-testid": "score-player-down",
            disabled: i === players.length - 1,
            "aria-label": tr("page.score.player.down", { name: player.name }),
            title: tr("page.score.player.down", { name: player.name }),
            text: "↓",
            onclick: () => {
              focusAfter(i + 1, "score-player-down", "score-player-up");
              on.move(i, 1);
            },
          }),
          el("button", {
            type: "button",
            class: "icon-button",
            "data-testid": "score-player-remove",
            disabled: !several,
            "aria-label": tr("page.score.player.remove", { name: player.name }),
            title: tr("page.score.player.remove", { name: player.name }),
            text: "✕",
            onclick: () => {
              focusAfter(i, "score-player-remove", "score-player-open");
              on.remove(i);
            },
          }),
        ),
      );
    }),
  );
  $("score-player-add").disabled = players.length >= most;
  restoreFocus(wanted);
  $("score-player-add").onclick = () => on.add();
  // The tie-break's values as buttons, whose words wrap (a select cut them on a phone).
  const focused = $("score-tie-break").contains(document.activeElement) ? document.activeElement.dataset.value : null;
  $("score-tie-break").replaceChildren(
    ...tieBreaks.map((choice) =>
      el("button", {
        type: "button",
        class: "segment",
        "data-testid": `score-tie-break-${choice.value}`,
        "data-value": choice.value,
        "aria-pressed": choice.value === tieBreak ? "true" : "false",
        text: t(choice.label),
        onclick: () => on.tieBreak(choice.value),
      }),
    ),
  );
  if (focused) $("score-tie-break").querySelector(`[data-value="${focused}"]`).focus();
  $("score-tie-break-field").hidden = !several;
  $("score-ranking").replaceChildren(...(scored && answer.ranking ? ranking(answer) : []));
}

/** The ranking, best first: each place with the names that share it. */
function ranking(answer) {
  return answer.ranking.map((group) => {
    const first = answer.players[group[0]];
    const names = group.map((index) => answer.players[index].name).join(", ");
    return el("li", { "data-testid": "score-rank", text: tr("page.score.rank", { place: first.place, names, total: first.total }) });
  });
}
