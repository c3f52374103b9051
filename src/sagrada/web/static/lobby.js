// The lobby: first the one-click starts the games declare (lobby/starts.js), then "More
// options" with each game's own form (its page's lobby.js: setupForm(panel, game)), drawn the
// first time it opens; "Continue" for the games this browser holds a seat in
// (lobby/continue.js); then the list of open and running games, to join or watch
// (lobby/games.js). The top bar's account control is account/menu.js's.

import { GAMES, el, startPage } from "./common.js";
import { tr } from "./i18n.js";
import { setupAccount } from "/static/account/menu.js";
import { currentAccount } from "/static/account/state.js";
import { fillContinue, rememberAccountGames, reserveContinue } from "/static/lobby/continue.js";
import { refreshGames, setupGameLists } from "/static/lobby/games.js";
import { drawStarts } from "/static/lobby/starts.js";
import { setupHelp } from "/static/help.js";

const REFRESH_MS = 4000;
const $ = (id) => document.getElementById(id);

/** Draw every game's form into "More options" (once, when it first opens). */
async function drawForms() {
  const forms = $("game-forms");
  const panels = GAMES.map((game) => el("section", { class: "panel game-form", "data-game": game.name }));
  forms.replaceChildren(...panels);
  await Promise.all(
    GAMES.map(async (game, index) => {
      const { setupForm } = await import(`${game.static}lobby.js`);
      await setupForm(panels[index], game);
    }),
  );
  forms.dataset.ready = "true";
}

async function init() {
  reserveContinue();
  // Who is logged in, asked beside the catalogue.
  currentAccount();
  try {
    await startPage();
  } catch (err) {
    $("quick-starts").replaceChildren();
    $("start-error").textContent = tr("page.lobby.no_options", { problem: err.message });
    return;
  }
  setupAccount($("account"));
  drawStarts($("quick-starts"), GAMES, $("created"), $("start-error"));
  const more = $("more-options");
  let drawn = null;
  const openForms = () => {
    if (more.open && !drawn) drawn = drawForms();
  };
  more.addEventListener("toggle", openForms);
  openForms();
  fillContinue().then(async () => {
    // A logged-in account's games of other devices join "Continue" (then drawn again).
    if (await currentAccount()) {
      await rememberAccountGames();
      await fillContinue();
    }
  });
  setupGameLists();
  refreshGames();
  setInterval(refreshGames, REFRESH_MS);
}

init();
// The header's "Rules" button and the "?" key.
setupHelp();
