// The lobby's lists of games (GET /api/games?list=live|finished&page=N, refreshed every few
// seconds): the open and running games, to resume a seat remembered in this browser, join
// (POST /api/games/{id}/join) or watch; the finished ones, to replay. A page at a time. Each
// game's row is lobby/row.js's.

import { api, el, gameUrl, rememberToken, rememberedTokens } from "/static/common.js";
import { tr } from "/static/i18n.js";
import { gameRow } from "/static/lobby/row.js";

const $ = (id) => document.getElementById(id);

let lastListing = "";
/** Which list is shown ("live" or "finished") and its page. */
const shown = { list: "live", page: 1, pages: 1 };

/** Wire the list tabs and the pager (once, at start-up). */
export function setupGameLists() {
  for (const list of ["live", "finished"]) {
    $(`list-${list}`).addEventListener("click", () => showList(list, 1));
  }
  $("page-prev").addEventListener("click", () => showList(shown.list, shown.page - 1));
  $("page-next").addEventListener("click", () => showList(shown.list, shown.page + 1));
}

function showList(list, page) {
  shown.list = list;
  shown.page = Math.max(1, page);
  for (const name of ["live", "finished"]) {
    $(`list-${name}`).setAttribute("aria-selected", String(name === list));
  }
  refreshGames();
}

export async function refreshGames() {
  const status = $("games-status");
  try {
    const data = await api("GET", `/api/games?list=${shown.list}&page=${shown.page}`);
    if (data.page > data.pages && data.pages >= 1 && shown.page > 1) {
      // The last page emptied (games finished or expired): show the last one there is.
      shown.page = data.pages;
      return refreshGames();
    }
    shown.pages = data.pages;
    const listing = JSON.stringify([shown.list, data.page, data.pages, data.games]);
    status.textContent = "";
    // Re-render only on change, so keyboard focus is not lost every few seconds.
    if (listing !== lastListing) {
      lastListing = listing;
      renderGames(data.games || []);
      renderPager(data);
    }
  } catch (err) {
    status.textContent = tr("page.lobby.no_games_list", { problem: err.message });
  }
}

function renderPager(data) {
  $("page-of").textContent =
    data.pages > 1 ? tr("page.lobby.page_of", { page: data.page, pages: data.pages, n: data.total }) : "";
  $("page-prev").hidden = data.page <= 1;
  $("page-next").hidden = data.page >= data.pages;
}

function renderGames(games) {
  const box = $("games");
  if (!games.length) {
    const none = shown.list === "finished" ? "page.lobby.no_finished" : "page.lobby.no_live";
    box.replaceChildren(el("p", { class: "hint", text: tr(none) }));
    return;
  }
  const tokens = rememberedTokens();
  box.replaceChildren(el("ul", { class: "game-list" }, games.map((g) => gameItem(g, tokens[g.id]))));
}

function gameItem(game, mine) {
  const buttons = [];
  if (mine) {
    buttons.push(el("a", { class: "button primary", href: gameUrl(game.id, mine.token, game.game), "data-testid": "resume-game", text: tr("page.lobby.resume") }));
  }
  if (game.status === "open") {
    buttons.push(
      el("button", { type: "button", class: mine ? "" : "primary", "data-testid": "join-game", "data-game": game.id, text: tr("page.lobby.join"), onclick: () => joinGame(game.id, game.game) }),
    );
  }
  const watch = game.status === "over" ? "page.lobby.replay" : "page.lobby.watch";
  buttons.push(el("a", { class: "button", href: gameUrl(game.id, null, game.game), "data-testid": "watch-game", text: tr(watch) }));
  return gameRow(game, buttons);
}

async function joinGame(id, game) {
  const status = $("games-status");
  const name = $("join-name").value.trim();
  try {
    const seat = await api("POST", `/api/games/${encodeURIComponent(id)}/join`, name ? { name } : {});
    rememberToken(id, seat.seat, seat.token);
    location.href = gameUrl(id, seat.token, game);
  } catch (err) {
    status.textContent = tr("page.lobby.cannot_join", { problem: err.message });
    if (err.status === 409) {
      // Every seat is taken: the game can still be watched.
      status.append(" ", el("a", { class: "button", href: gameUrl(id, null, game), "data-testid": "watch-full-game", text: tr("page.lobby.watch_full") }));
    }
    refreshGames();
  }
}
