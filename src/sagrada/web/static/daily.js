// The daily challenge (/daily): the day's games as GET /api/daily sends them, each with its
// level, how many started it today and the day's board (daily/board.js); when the day ends,
// as a local time and the time left; for an account its streak and, for each game, "Play"
// (POST /api/daily/{game}, then into the seat), "Continue" for an attempt not finished, or its
// score; for a guest, what an account is for and the forms to log in or sign up. The page holds
// no rule: what may be played, and the scores, are the server's.

import { api, el, gameUrl, rememberToken, startPage } from "/static/common.js";
import { pageLanguage, t, tr } from "/static/i18n.js";
import { accountForms } from "/static/account/forms.js";
import { entered, setupAccount } from "/static/account/menu.js";
import { currentAccount } from "/static/account/state.js";
import { setupHelp } from "/static/help.js";
import { boardPart } from "/static/daily/board.js";

const $ = (id) => document.getElementById(id);
/** How often the time left is counted again. */
const TICK_MS = 30_000;

async function init() {
  // Asked at once, beside the catalogue.
  const account = currentAccount();
  let day;
  try {
    await startPage();
    day = await api("GET", "/api/daily");
  } catch (err) {
    $("daily-error").textContent = tr("page.daily.failed", { problem: err.message });
    return;
  }
  setupAccount($("account"), () => location.reload());
  const me = await account;
  document.body.dataset.account = me ? "account" : "guest";
  // Every board is asked at once; a board that cannot be shown says why in its place.
  const boards = await Promise.all(day.games.map((game) => api("GET", game.board).catch((err) => ({ failed: err }))));
  showEnds(day.ends);
  if (day.streak) {
    $("daily-streak").textContent = tr("page.daily.streak", { n: day.streak.current, best: day.streak.best });
    $("daily-streak").hidden = false;
  }
  if (!me) {
    $("guest-forms").replaceChildren(accountForms("daily", entered));
    $("daily-guest").hidden = false;
  }
  $("daily-games").replaceChildren(...day.games.map((game, index) => gamePart(game, boards[index], me)));
}

/** When the day ends (`ends`: seconds since the epoch), in the reader's time, and how long is
 * left, counted again every little while. A page shown before the end is shown again after it,
 * with the new day's games (once: a page shown after the end, by a clock ahead of the
 * server's, waits for the server's next answer). */
function showEnds(ends) {
  const end = new Date(ends * 1000);
  const shownBefore = Date.now() < end.getTime();
  const time = end.toLocaleTimeString(pageLanguage(), { hour: "2-digit", minute: "2-digit", hourCycle: "h23" });
  const tick = () => {
    if (shownBefore && Date.now() >= end.getTime() + TICK_MS) location.reload();
    const minutes = Math.max(0, Math.ceil((end.getTime() - Date.now()) / 60_000));
    const left = tr("page.daily.left", { hours: Math.floor(minutes / 60), minutes: minutes % 60 });
    $("daily-ends").textContent = tr("page.daily.ends", { time, left });
  };
  tick();
  setInterval(tick, TICK_MS);
}

/** One daily game's part: its kind and level, how many started it, my attempt, its board. */
function gamePart(game, board, account) {
  const title = `daily-${game.game}-title`;
  return el(
    "section",
    { class: "panel daily-game", "aria-labelledby": title, "data-testid": "daily-game", "data-game": game.game },
    el("h2", { id: title, text: tr(game.list_label) }),
    el("p", { class: "hint daily-level", "data-testid": "daily-level" }, [t(game.label), tr("page.daily.attempts", { n: game.attempts })].join(" · ")),
    account && attemptPart(game),
    boardPart(game.game, board.failed ? null : board, board.failed || null),
  );
}

/** What the account can do with the day's `game`: start it, continue it, or see its score. */
function attemptPart(game) {
  const mine = game.mine;
  const part = el("div", { class: "daily-attempt", "data-testid": "daily-attempt" });
  if (!mine) {
    const error = el("p", { class: "error", role: "alert", "data-testid": "daily-play-error" });
    const play = el("button", { type: "button", class: "primary", "data-testid": "daily-play", text: tr("page.daily.play") });
    play.addEventListener("click", () => start(game, play, error));
    part.append(play, error);
  } else if (mine.token) {
    const remember = () => rememberToken(mine.id, mine.seat, mine.token);
    part.append(
      el("p", { class: "hint", text: tr("page.daily.playing") }),
      el("a", { class: "button primary", href: gameUrl(mine.id, mine.token, game.game), "data-testid": "daily-continue", text: tr("page.daily.continue"), onclick: remember, onauxclick: remember }),
    );
  } else if (mine.score !== null) {
    part.append(el("p", { class: "daily-score", "data-testid": "daily-score", text: tr("page.daily.score", { score: mine.score, points: mine.points, target: mine.target }) }));
  } else {
    part.append(el("p", { class: "hint", "data-testid": "daily-expired", text: tr("page.daily.expired") }));
  }
  return part;
}

/** Start (or find again) the account's attempt of the day's `game`, and go to its seat. */
async function start(game, button, error) {
  error.textContent = "";
  button.disabled = true;
  try {
    const seat = await api("POST", `/api/daily/${encodeURIComponent(game.game)}`);
    rememberToken(seat.id, seat.seat, seat.token);
    location.href = gameUrl(seat.id, seat.token, game.game);
  } catch (err) {
    error.textContent = tr("page.daily.cannot_start", { problem: err.message });
    button.disabled = false;
  }
}

init();
// The header's "Rules" button and the "?" key.
setupHelp();
