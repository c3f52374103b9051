// The table of players: each player's window, in the final round's turn order (its start
// player first, which the tie-break reads), to rename, remove, move up or down and open for
// entering; each one's total and place, and the ranking, as the server answered them (a table
// is ranked by the engine, with the tie-break chosen here from the game's option).

import { el } from "/static/common.js";
import { t, tr } from "/static/i18n.js";

const $ = (id) => document.getElementById(id);

/**
 * Draw the table.
 *
 * @param {object} table
 * @param {{name: string}[]} table.players the players, in turn order.
 * @param {number} table.current the player whose window is being entered.
 * @param {object|null} table.answer the server's answer for the table (null: none yet, or a
 *   single window).
 * @param {number} table.most the most players a table may have (the game's).
 * @param {{value: string, label: object}[]} table.tieBreaks the tie-break's values.
 * @param {string} table.tieBreak the one chosen.
 * @param {object} on what the buttons do: add(), rename(i, name), remove(i), move(i, by),
 *   open(i), tieBreak(value).
 */
export function showPlayers({ players, current, answer, most, tieBreaks, tieBreak }, on) {
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
          maxlength: "24",
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
            text: "✎",
            onclick: () => on.open(i),
          }),
          el("button", {
            type: "button",
            class: "icon-button",
            "data-testid": "score-player-up",
            disabled: i === 0,
            "aria-label": tr("page.score.player.up", { name: player.name }),
            title: tr("page.score.player.up", { name: player.name }),
            text: "↑",
            onclick: () => on.move(i, -1),
          }),
          el("button", {
            type: "button",
            class: "icon-button",
            "data-testid": "score-player-down",
            disabled: i === players.length - 1,
            "aria-label": tr("page.score.player.down", { name: player.name }),
            title: tr("page.score.player.down", { name: player.name }),
            text: "↓",
            onclick: () => on.move(i, 1),
          }),
          el("button", {
            type: "button",
            class: "icon-button",
            "data-testid": "score-player-remove",
            disabled: !several,
            "aria-label": tr("page.score.player.remove", { name: player.name }),
            title: tr("page.score.player.remove", { name: player.name }),
            text: "✕",
            onclick: () => on.remove(i),
          }),
        ),
      );
    }),
  );
  $("score-player-add").disabled = players.length >= most;
  $("score-player-add").onclick = () => on.add();
  const select = $("score-tie-break");
  select.replaceChildren(...tieBreaks.map((choice) => el("option", { value: choice.value, text: t(choice.label) })));
  select.value = tieBreak;
  select.onchange = () => on.tieBreak(select.value);
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
