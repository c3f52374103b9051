// A daily game's board on the daily challenge's page (GET /api/leaderboard?mode=daily&game=...,
// the address GET /api/daily names): the first places by the attempt's solo score (its points
// less the game's target), my row marked, and my place, also when it is below the rows shown.

import { el } from "/static/common.js";
import { tr } from "/static/i18n.js";
import { profileLink } from "/static/players/links.js";

/** How many of the board's first places are shown. */
const SHOWN = 10;
/** The columns: each one's words and what it shows of an entry (a node, or words). */
const COLUMNS = [
  { words: "page.daily.board.place", value: (entry) => entry.place, number: true },
  { words: "page.daily.board.name", value: (entry) => profileLink(entry.name) },
  { words: "page.daily.board.score", value: (entry) => entry.value, number: true },
  { words: "page.daily.board.points", value: (entry) => entry.points, number: true },
];

/** The board of the day's game `game` (the server's answer `board`), or why it cannot be
 * shown (`failure`, an ApiError). The game's heading is `daily-GAME-title` (daily.js). */
export function boardPart(game, board, failure) {
  const title = `daily-${game}-board`;
  // Not a region of its own (every game's board has the same heading): its table is named by
  // its game's heading and its own.
  const part = el("div", { class: "daily-board", "data-testid": "daily-board" }, el("h3", { id: title, text: tr("page.daily.board") }));
  if (failure) {
    part.append(el("p", { class: "error", text: tr("page.daily.board.failed", { problem: failure.message }) }));
    return part;
  }
  const me = board.me;
  const entries = board.entries.slice(0, SHOWN);
  if (!entries.length) {
    part.append(el("p", { class: "hint", "data-testid": "daily-board-none", text: tr("page.daily.board.none") }));
    return part;
  }
  // My row is shown below the first places when it is not among them.
  const rows = me && !entries.some((entry) => entry.place === me.place) ? [...entries, me] : entries;
  part.append(
    el(
      "table",
      { class: "daily-table", "aria-labelledby": `daily-${game}-title ${title}` },
      el("thead", {}, el("tr", {}, COLUMNS.map((column) => el("th", { scope: "col", class: column.number ? "number" : null, text: tr(column.words) })))),
      el(
        "tbody",
        {},
        rows.map((entry) => {
          const mine = me !== null && entry.place === me.place;
          return el(
            "tr",
            { class: mine ? "mine" : null, "data-testid": "daily-entry", "aria-current": mine ? "true" : null },
            COLUMNS.map((column) => el("td", { class: column.number ? "number" : null }, column.value(entry))),
          );
        }),
      ),
    ),
  );
  if (me) part.append(el("p", { class: "daily-my-place", "data-testid": "daily-my-place", text: tr("page.daily.board.me", { place: me.place }) }));
  return part;
}
