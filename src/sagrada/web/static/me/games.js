// The account's games on "My games" (GET /api/me/games, asked again every few seconds): those
// where it is its turn first, marked; the seats offered to it, each with "Join"; the others
// it plays; its newest finished ones, each with its replay. Each game's row is the lobby's
// (lobby/row.js). A seat's link carries its token, which this browser remembers when it is
// opened, so the game's page, the lobby's "Continue" and a reload all find the seat.

import { api, el, gameUrl, rememberToken } from "/static/common.js";
import { tr } from "/static/i18n.js";
import { gameRow } from "/static/lobby/row.js";

const REFRESH_MS = 8000;
/** The lists, in the order they are shown (each a key of GET /api/me/games's answer). */
const LISTS = ["turn", "offered", "playing", "finished"];

const $ = (id) => document.getElementById(id);
let lastListing = "";
let timer = null;

/** Show the account's games, and keep them current; resolves once they are first drawn (or
 * the reason they are not is shown). */
export function showMyGames() {
  if (!timer) timer = setInterval(refresh, REFRESH_MS);
  return refresh();
}

async function refresh() {
  const error = $("me-games-error");
  let games;
  try {
    games = await api("GET", "/api/me/games");
  } catch (err) {
    // Logged out meanwhile (elsewhere, or the session ended): the page is a guest's now.
    if (err.status === 401) location.reload();
    else error.textContent = tr("page.me.games.failed", { problem: err.message });
    return;
  }
  error.textContent = "";
  // Drawn again only when something changed, so the focus stays where it is.
  const listing = JSON.stringify(games);
  if (listing === lastListing) return;
  lastListing = listing;
  for (const list of LISTS) {
    const rows = (games[list] || []).map((game) => row(list, game));
    document.querySelector(`[data-list="${list}"]`).replaceChildren(...rows);
    const section = document.querySelector(`[data-section="${list}"]`);
    if (section) section.hidden = !rows.length;
  }
  const none = (list) => !(games[list] || []).length;
  document.querySelector('[data-none="turn"]').hidden = !none("turn");
  document.querySelector('[data-none="all"]').hidden = !LISTS.every(none);
}

/** A game's row in `list`, with what can be done with it there. */
function row(list, game) {
  const options = { mySeat: game.my_seat, "data-testid": "me-game" };
  if (list === "turn") {
    const play = seatLink(game, "page.me.play", "play-game");
    play.classList.add("primary");
    return gameRow(game, [play], { ...options, mark: tr("page.me.your_turn"), class: "my-turn" });
  }
  if (list === "offered") {
    const join = el("button", { type: "button", class: "primary", "data-testid": "join-offered", text: tr("page.lobby.join") });
    join.addEventListener("click", () => joinOffered(game, join));
    return gameRow(game, [join], options);
  }
  if (list === "playing") return gameRow(game, [seatLink(game, "page.lobby.resume", "open-game")], options);
  const replay = el("a", { class: "button", href: gameUrl(game.id, null, game.game), "data-testid": "replay-game", text: tr("page.lobby.replay") });
  return gameRow(game, [replay], options);
}

/** A link into the account's seat of `game`, which remembers the seat in this browser. */
function seatLink(game, words, testId) {
  const remember = () => {
    if (game.token) rememberToken(game.id, game.my_seat, game.token);
  };
  return el("a", {
    class: "button",
    href: gameUrl(game.id, game.token, game.game),
    "data-testid": testId,
    text: tr(words),
    onclick: remember,
    onauxclick: remember,
  });
}

/** Take a seat offered to the account (POST /join, logged in: no body needed) and go to it. */
async function joinOffered(game, button) {
  const error = $("me-games-error");
  button.disabled = true;
  try {
    const seat = await api("POST", `/api/games/${encodeURIComponent(game.id)}/join`, {});
    rememberToken(game.id, seat.seat, seat.token);
    location.href = gameUrl(game.id, seat.token, game.game);
  } catch (err) {
    error.textContent = tr("page.lobby.cannot_join", { problem: err.message });
    button.disabled = false;
    lastListing = "";
    refresh();
  }
}
