// The leaderboards (/leaderboard?mode=M): a choice of board (the server's list of boards, with
// their words: every answer of GET /api/leaderboard carries it), a daily board's game (the
// games of GET /api/daily), then the board's top 100, each name a link to its profile, and
// my place, marked, wherever it is. A rating board also shows where the bots stand. The page
// ranks nothing: it shows the server's places.

import { api, el, gameInfo, startPage } from "/static/common.js";
import { tr } from "/static/i18n.js";
import { setupAccount } from "/static/account/menu.js";
import { currentAccount } from "/static/account/state.js";
import { setupHelp } from "/static/help.js";
import { said } from "/static/players/words.js";
import { profileLink } from "/static/players/links.js";

/** The words of a board's value column and how it ranks, by what it ranks by (the answer's
 * `ranks_by`). */
const RANKS_BY = {
  rating: { value: "page.leaderboard.rating", about: "page.leaderboard.about.rating" },
  best_score: { value: "page.leaderboard.best_score", about: "page.leaderboard.about.best_score" },
  score: { value: "page.leaderboard.score", about: "page.leaderboard.about.score" },
};
/** A bot's words, by its difficulty: the bots the lobby offers, which a board shows. */
const BOT_WORDS = { easy: "page.lobby.seat.easy", medium: "page.lobby.seat.medium", hard: "page.lobby.seat.hard" };

const $ = (id) => document.getElementById(id);
let account = null;
let dailyGames = null;
/** The newest request: an older answer that comes late is not shown. */
let asking = 0;

/** The board the address asks for: `{mode, game, day}` (null where it names none). */
function asked() {
  const query = new URLSearchParams(location.search);
  return { mode: query.get("mode"), game: query.get("game"), day: query.get("day") };
}

async function init() {
  const who = currentAccount();
  try {
    await startPage();
  } catch (err) {
    $("leaderboard").removeAttribute("aria-busy");
    $("board-error").textContent = tr("page.leaderboard.failed", { problem: err.message });
    return;
  }
  setupAccount($("account"), () => location.reload());
  account = await who;
  $("board-mode").addEventListener("change", () => go({ mode: $("board-mode").value }));
  $("board-game").addEventListener("change", () => go({ mode: $("board-mode").value, game: $("board-game").value }));
  window.addEventListener("popstate", () => load(asked()));
  await load(asked());
}

/** Show the board `wanted`, and name it in the address (a new step of the history). */
function go(wanted) {
  const query = new URLSearchParams({ mode: wanted.mode });
  if (wanted.game) query.set("game", wanted.game);
  history.pushState(null, "", `?${query}`);
  load(wanted);
}

async function load({ mode, game, day }) {
  const mine = ++asking;
  // Without a mode the server answers its first board.
  const query = new URLSearchParams();
  if (mode) query.set("mode", mode);
  if (game) query.set("game", game);
  if (day) query.set("day", day);
  let board;
  try {
    board = await api("GET", `/api/leaderboard?${query}`);
    if (board.day && !dailyGames) dailyGames = (await api("GET", "/api/daily")).games;
  } catch (err) {
    if (mine !== asking) return;
    $("leaderboard").removeAttribute("aria-busy");
    $("board-error").textContent = tr("page.leaderboard.failed", { problem: err.message });
    return;
  }
  if (mine !== asking) return;
  $("board-error").textContent = "";
  show(board);
}

function show(board) {
  const select = $("board-mode");
  select.replaceChildren(...board.boards.map((b) => el("option", { value: b.mode, text: said(b.label) })));
  select.value = board.mode;
  const daily = Boolean(board.day);
  $("board-game-field").hidden = !daily;
  if (daily) {
    $("board-game").replaceChildren(...dailyGames.map((g) => el("option", { value: g.game, text: said(g.list_label) })));
    $("board-game").value = board.game;
  }
  document.title = tr("page.leaderboard.title.board", { board: said(board.label) });
  $("board").setAttribute("aria-label", said(board.label));
  $("board-about").textContent = about(board);
  const ranks = RANKS_BY[board.ranks_by];
  $("board-value").textContent = tr(ranks ? ranks.value : "page.leaderboard.value");
  showEntries(board);
  showBots(board.bots || []);
  $("leaderboard").removeAttribute("aria-busy");
}

/** How the board ranks, in words, and a daily board's game and day. */
function about(board) {
  const ranks = RANKS_BY[board.ranks_by];
  const how = ranks ? tr(ranks.about) : "";
  if (!board.day) return how;
  return `${tr("page.leaderboard.daily_about", { game: said(board.list_label), day: board.day })} ${how}`;
}

function showEntries(board) {
  const me = board.me;
  const rows = board.entries.map((entry) => entryRow(entry, me !== null && entry.place === me.place));
  if (me && !board.entries.some((entry) => entry.place === me.place)) {
    rows.push(el("tr", { class: "board-gap", "aria-hidden": "true" }, el("td", { colspan: "4", text: "⋯" })));
    rows.push(entryRow(me, true));
  }
  $("board-entries").replaceChildren(...rows);
  $("board-empty").hidden = board.entries.length > 0;
  const line = $("board-me");
  if (me) line.textContent = tr("page.leaderboard.my_place", { place: me.place });
  else line.textContent = tr(account ? "page.leaderboard.not_on" : "page.leaderboard.guest");
}

/** An entry's row: its place, the account's name (a link to its profile), the value and the
 * games; mine marked "You". */
function entryRow(entry, mine) {
  const name = el("td", { class: "board-name" }, profileLink(entry.name), mine && el("span", { class: "badge you", text: tr("page.leaderboard.you") }));
  return el(
    "tr",
    { class: mine ? "board-entry mine" : "board-entry", "data-testid": mine ? "board-me-entry" : "board-entry", "aria-current": mine ? "true" : null },
    el("td", { class: "number place", text: String(entry.place) }),
    name,
    el("td", { class: "number", text: String(entry.value) }),
    el("td", { class: "number", text: String(entry.games) }),
  );
}

/** Where the bots stand on a rating board (their fixed ratings, best first): those the lobby
 * offers by name. */
function showBots(all) {
  const marks = all.filter((mark) => mark.bot in BOT_WORDS);
  $("bots-panel").hidden = !marks.length;
  $("bot-marks").replaceChildren(
    ...marks.map((mark) =>
      el(
        "li",
        { class: "bot-mark" },
        el("span", { text: tr("page.leaderboard.bot", { game: tr(gameInfo(mark.game).list_label), bot: tr(BOT_WORDS[mark.bot]) }) }),
        el("strong", { class: "number", text: String(mark.rating.display) }),
      ),
    ),
  );
}

init();
// The header's "Rules" button and the "?" key.
setupHelp();
