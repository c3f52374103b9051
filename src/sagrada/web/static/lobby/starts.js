// The lobby's first screen: a large button for each one-click start the games declare (their
// entries' `starts`, served by GET /api/registry). One click creates the game the start names
// and takes the creator into their seat; a start that invites other people first shows the
// invite links (lobby/created.js).

import { api, el } from "/static/common.js";
import { pageLanguage, tr } from "/static/i18n.js";
import { enterGame, showCreated } from "/static/lobby/created.js";

/** Every game's starts, those that play at once first (in the registry's order), then those
 * that invite others: `[{game, start}]`. */
function startsOf(games) {
  const all = games.flatMap((game) => (game.starts || []).map((start) => ({ game, start })));
  return [...all.filter(({ start }) => !start.invite), ...all.filter(({ start }) => start.invite)];
}

/** Draw the start buttons of `games` into `box` (in place of its placeholders); `created`
 * shows the invite links of a start that invites, `error` what went wrong. */
export function drawStarts(box, games, created, error) {
  const buttons = startsOf(games).map(({ game, start }) => {
    const button = el(
      "button",
      { type: "button", class: "quick-start", "data-testid": `start-${start.name}`, "data-game": game.name },
      el("span", { class: "quick-start-label", text: tr(start.label) }),
      el("span", { class: "quick-start-about", text: tr(start.about) }),
    );
    button.addEventListener("click", () => begin(game, start, buttons, created, error));
    return button;
  });
  box.replaceChildren(...buttons);
}

/** Create the game of `start` and go on: into the seat, or the invite links first. */
async function begin(game, start, buttons, created, error) {
  error.textContent = "";
  for (const button of buttons) button.disabled = true;
  try {
    // The seats' default names are the server's, in the page's language.
    const body = { ...start.request, game: game.name, language: pageLanguage() };
    const answer = await api("POST", "/api/games", body);
    if (!start.invite) {
      enterGame(answer, game.name);
      return;
    }
    const summary = await api("GET", `/api/games/${encodeURIComponent(answer.id)}`);
    showCreated(created, answer, summary.seats.map((seat) => seat.name), game.name);
    created.focus();
  } catch (err) {
    error.textContent = tr("page.lobby.start.failed", { problem: err.message });
  }
  for (const button of buttons) button.disabled = false;
}
