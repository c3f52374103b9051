// "Continue": the games in progress this browser holds a seat in (the tokens remembered in its
// storage, common.js), newest first, each with a button back into its seat. The section and
// its rows are reserved before the first paint (lobby/early.js), so the lists below do not
// move when the answers come; a game that is over or gone is forgotten.

import { api, el, forgetToken, gameInfo, gameUrl, rememberToken, rememberedTokens } from "/static/common.js";
import { tr } from "/static/i18n.js";

/** The most games the list shows (lobby/early.js reserves as many rows). */
const MOST = 6;

const $ = (id) => document.getElementById(id);

/** The remembered games, newest first: `[[gameId, {seat, token}]]`. */
function remembered() {
  return Object.entries(rememberedTokens()).reverse().slice(0, MOST);
}

/** An empty row for each remembered game (before the page's words are loaded: called first). */
export function reserveContinue() {
  const games = remembered();
  // What lobby/early.js found already (this again in case it could not run).
  document.documentElement.dataset.seats = String(games.length);
  $("continue").hidden = !games.length;
  $("continue-list").replaceChildren(
    ...games.map(([id]) => el("li", { class: "continue-item placeholder", "data-game": id, "aria-hidden": "true" })),
  );
}

/** Remember the seats of the account's unfinished games (GET /api/me/games gives each its
 * token, for any browser of the account), so that "Continue" offers them on a device that
 * never held them: their rows join the list once asked for. */
export async function rememberAccountGames() {
  let mine;
  try {
    mine = await api("GET", "/api/me/games");
  } catch {
    return; // logged out meanwhile, or the server cannot say: the remembered seats stay
  }
  const held = rememberedTokens();
  for (const game of [...mine.playing, ...mine.turn].reverse()) {
    if (game.token && !held[game.id]) rememberToken(game.id, game.my_seat, game.token);
  }
}

/** Fill each row from the game's summary (GET /api/games/{id}); forget a game over or gone. */
export async function fillContinue() {
  const games = remembered();
  const rows = await Promise.all(games.map(([id, seat]) => continueRow(id, seat)));
  const kept = rows.filter(Boolean);
  $("continue-list").replaceChildren(...kept);
  $("continue").hidden = !kept.length;
  document.documentElement.dataset.seats = String(kept.length);
}

/** The row of one remembered game, or null (forgotten) if it is over or gone. */
async function continueRow(id, mine) {
  let game;
  try {
    game = await api("GET", `/api/games/${encodeURIComponent(id)}`);
  } catch (err) {
    if (err.status === 404 || err.status === 410) forgetToken(id);
    return null;
  }
  if (game.status === "over") {
    forgetToken(id);
    return null;
  }
  const seat = (game.seats || [])[mine.seat];
  const state = game.status === "open" ? tr("page.lobby.list.waiting") : tr("page.lobby.list.round", { round: game.round });
  return el(
    "li",
    { class: "continue-item", "data-testid": "continue-item", "data-game": id },
    el(
      "span",
      { class: "continue-what" },
      el("strong", { text: tr(gameInfo(game.game).list_label) }),
      el("span", { class: "hint", text: [seat ? tr("page.lobby.continue.as", { name: seat.name }) : "", state].filter(Boolean).join(" · ") }),
    ),
    el("a", { class: "button primary", href: gameUrl(id, mine.token, game.game), "data-testid": "continue-game", text: tr("page.lobby.resume") }),
  );
}
