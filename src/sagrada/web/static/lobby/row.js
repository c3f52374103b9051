// A game's row in a list of games (the lobby's lists, "My games"): the game's kind, how many
// play, where it stands and when it was made, then each seat by its name and who plays it, then
// the buttons the list gives it. Every list names a game the same way.

import { el, gameInfo } from "/static/common.js";
import { formatDate, tr } from "/static/i18n.js";
import { profileLink } from "/static/players/links.js";

/** A bot seat's words, by its difficulty. */
const BOT_LEVELS = { easy: "page.lobby.seat.easy", medium: "page.lobby.seat.medium", hard: "page.lobby.seat.hard" };

/** Where a game stands, in words: waiting for players, its round, or over. */
export function gameState(game) {
  if (game.status === "open") return tr("page.lobby.list.waiting");
  if (game.status === "running") return tr("page.lobby.list.round", { round: game.round });
  return tr("page.lobby.list.over");
}

/** The row (an `li`) of `game` (a summary, GET /api/games), with `buttons` below its seats.
 * Options: `mark`, words that stand out before the game's kind ("Your turn"); `mySeat`, the
 * seat of the reader, shown as theirs; the rest are the row's own attributes (its test id, a
 * class added to its own). */
export function gameRow(game, buttons, { mark = null, mySeat = null, ...attrs } = {}) {
  const seats = (game.seats || []).map((s, index) => {
    const who = s.kind === "bot" ? tr(BOT_LEVELS[s.bot] || "page.lobby.list.bot") : tr(s.claimed ? "page.lobby.list.person" : "page.lobby.list.open_seat");
    const open = s.kind === "human" && !s.claimed;
    return el("li", { class: [open && "open-seat", index === mySeat && "my-seat"].filter(Boolean).join(" ") }, seatWords(s, who));
  });
  const { class: more = "", ...rest } = attrs;
  return el(
    "li",
    { "data-testid": "game-item", ...rest, class: `game-item status-${game.status} ${more}`.trim(), "data-game": game.id },
    el(
      "div",
      { class: "game-head" },
      mark && el("span", { class: "badge turn", text: mark }),
      el("strong", { text: tr(gameInfo(game.game).list_label) }),
      game.rated && el("span", { class: "badge rated", "data-testid": "rated-badge", text: tr("page.lobby.list.rated", { mode: { id: `players.mode.${game.rated}` } }) }),
      !game.rated && game.rateable && el("span", { class: "badge rated", "data-testid": "rateable-badge", text: tr("page.lobby.list.rateable", { mode: { id: `players.mode.${game.rateable}` } }) }),
      ` · ${tr("page.lobby.list.players", { n: game.players })} · ${gameState(game)}`,
      el("span", { class: "hint", text: ` · ${when(game.created)}` }),
    ),
    el("ul", { class: "seat-list" }, seats),
    el("div", { class: "game-buttons" }, buttons),
  );
}

/** A stand-in for a seat's name in its words, where the link to its profile goes. */
const NAME_SLOT = "\u0000";

/** A seat's words (its name and who plays it); the name of a seat an account plays is a link
 * to its profile. */
function seatWords(seat, who) {
  if (!seat.account) return tr("page.lobby.list.seat", { name: seat.name, who });
  const [before, after = ""] = tr("page.lobby.list.seat", { name: NAME_SLOT, who }).split(NAME_SLOT);
  return [before, profileLink(seat.name, { "data-testid": "seat-profile" }), after];
}

/** The creation time, whether the server sends epoch seconds, milliseconds or ISO text. */
function when(created) {
  if (created === undefined || created === null) return "";
  let date;
  if (typeof created === "number") date = new Date(created < 1e12 ? created * 1000 : created);
  else date = new Date(created);
  if (Number.isNaN(date.getTime())) return String(created);
  return formatDate(date);
}
