// A player's profile (/players/NAME): who they are and since when, their streaks, their rating
// in each mode with its history as a line, their solo scores by ladder, and the games they
// finished, newest first, a page at a time (?page=N). Everything is the server's answer
// (GET /api/players/NAME), shown as it is: the page works nothing out.

import { api, el, gameInfo, startPage } from "/static/common.js";
import { formatDate, tr } from "/static/i18n.js";
import { setupAccount } from "/static/account/menu.js";
import { setupHelp } from "/static/help.js";
import { said } from "/static/players/words.js";
import { ratingLine } from "/static/players/spark.js";

const $ = (id) => document.getElementById(id);

/** The account's name, from the page's address (/players/NAME). */
function askedName() {
  return decodeURIComponent(location.pathname.split("/").filter(Boolean).slice(1).join("/"));
}

/** The page of games asked for (?page=N), 1 by default. */
function askedPage() {
  const page = Number(new URLSearchParams(location.search).get("page"));
  return Number.isInteger(page) && page >= 1 ? page : 1;
}

/** A date from seconds since the epoch. */
function dateOf(seconds) {
  return formatDate(new Date(seconds * 1000));
}

async function init() {
  const name = askedName();
  // Asked at once, beside the catalogue.
  const asked = api("GET", `/api/players/${encodeURIComponent(name)}?page=${askedPage()}`).then(
    (profile) => ({ profile }),
    (error) => ({ error }),
  );
  try {
    await startPage();
  } catch (err) {
    missing(tr("page.profile.failed", { problem: err.message }), "");
    return;
  }
  setupAccount($("account"));
  const { profile, error } = await asked;
  if (error) {
    if (error.status === 404) missing(tr("page.profile.missing", { name }), tr("page.profile.missing.why"));
    else missing(tr("page.profile.failed", { problem: error.message }), "");
    return;
  }
  show(profile);
}

/** Say that there is no profile to show, and why. */
function missing(title, why) {
  for (const part of $("profile").children) part.hidden = part.id !== "profile-missing";
  $("missing-title").textContent = title;
  $("missing-why").textContent = why;
  $("missing-why").hidden = !why;
  document.title = title;
  $("profile").removeAttribute("aria-busy");
}

function show(profile) {
  document.title = tr("page.profile.title", { name: profile.name });
  $("profile-name").textContent = profile.name;
  $("profile-since").textContent = tr("page.profile.since", { date: dateOf(profile.created) });
  for (const [kind, streak] of Object.entries(profile.streaks)) {
    const value = document.querySelector(`[data-streak="${kind}"]`);
    if (value) value.textContent = tr("page.profile.streak.value", { current: streak.current, best: streak.best });
  }
  $("ratings").replaceChildren(...profile.ratings.map(ratingItem));
  const played = profile.solo.filter((ladder) => ladder.games > 0);
  $("solo").replaceChildren(...played.map(soloRow));
  $("solo-none").hidden = played.length > 0;
  $("solo").closest("table").hidden = !played.length;
  const modes = Object.fromEntries(profile.ratings.map((rating) => [rating.mode, rating.label]));
  showGames(profile.games, modes);
  $("profile").removeAttribute("aria-busy");
}

/** A mode's rating: its words, the rating people see and its games, and its history's line. */
function ratingItem(rating) {
  const now = rating.rating;
  return el(
    "li",
    { class: "rating", "data-testid": "rating", "data-mode": rating.mode },
    el("h3", { class: "rating-mode", text: said(rating.label) }),
    el(
      "p",
      { class: "rating-value" },
      now
        ? el("strong", { "data-testid": "rating-value", text: String(now.display) })
        : el("span", { class: "hint", "data-testid": "rating-value", text: tr("page.profile.rating.none") }),
      now && el("span", { class: "hint", text: ` · ${tr("page.profile.rating.games", { n: rating.games })}` }),
    ),
    el("div", { class: "rating-chart" }, ratingLine(rating.history)),
  );
}

/** A ladder's row: its words, its games, the best and the mean solo score. */
function soloRow(ladder) {
  return el(
    "tr",
    { "data-testid": "solo-ladder", "data-ladder": ladder.ladder },
    el("th", { scope: "row", text: said(ladder.label) }),
    el("td", { class: "number", text: String(ladder.games) }),
    el("td", { class: "number", text: String(ladder.best) }),
    el("td", { class: "number", text: String(ladder.mean) }),
  );
}

/** A page of the finished games, and the links to the pages beside it. */
function showGames(games, modes) {
  $("games").replaceChildren(...games.list.map((game) => gameItem(game, modes)));
  $("games-none").hidden = games.total > 0;
  const pager = $("games-pager");
  pager.hidden = games.pages <= 1;
  $("games-page").textContent = tr("page.profile.page", { page: games.page, pages: games.pages });
  pagerLink($("games-previous"), games.page > 1 ? games.page - 1 : null);
  pagerLink($("games-next"), games.page < games.pages ? games.page + 1 : null);
}

function pagerLink(link, page) {
  if (page === null) {
    link.removeAttribute("href");
    link.setAttribute("aria-disabled", "true");
  } else {
    link.href = `?page=${page}`;
    link.removeAttribute("aria-disabled");
  }
}

/** A finished game: its kind, the place and points, whether it was rated (and in which mode),
 * abandoned or a daily challenge's attempt, when it ended, and its replay. */
function gameItem(game, modes) {
  const result = game.target === null
    ? tr("page.profile.points", { n: game.points })
    : tr("page.profile.points_target", { n: game.points, target: game.target });
  const place = game.players > 1 ? tr("page.profile.place", { place: game.place, players: game.players }) : tr("page.profile.solo_game");
  const marks = [
    game.mode && el("span", { class: "badge result-rated", "data-testid": "rated-mark", text: tr("page.profile.rated", { mode: said(modes[game.mode] || game.mode) }) }),
    game.abandoned && el("span", { class: "badge abandoned", "data-testid": "abandoned-mark", text: tr("page.profile.abandoned") }),
    game.daily && el("span", { class: "badge", text: tr("page.profile.daily", { day: game.daily }) }),
  ];
  const replay = game.replay
    ? el("a", { class: "button", href: game.replay, "data-testid": "replay-game", text: tr("page.lobby.replay") })
    : el("span", { class: "hint", text: tr("page.profile.replay_later") });
  return el(
    "li",
    { class: `game-item result${game.won ? " won" : ""}`, "data-testid": "profile-game", "data-game": game.id },
    el(
      "div",
      { class: "game-head" },
      el("strong", { text: said(game.list_label || gameInfo(game.game).list_label) }),
      ` · ${place} · `,
      el("span", { "data-testid": "game-points", text: result }),
      el("span", { class: "hint", text: ` · ${dateOf(game.finished)}` }),
    ),
    el("div", { class: "result-marks" }, marks),
    el("div", { class: "game-buttons" }, replay),
  );
}

init();
// The header's "Rules" button and the "?" key.
setupHelp();
