// The lobby: a panel for each game the server plays, the default game first, whose form is the
// game's own (its page's lobby.js: setupForm(panel, game)); then the list of open and running
// games, to join or watch (lobby/games.js).

import { GAMES, el, startPage } from "./common.js";
import { tr } from "./i18n.js";
import { refreshGames, setupGameLists } from "/static/lobby/games.js";
import { setupHelp } from "/static/help.js";

const REFRESH_MS = 4000;

async function init() {
  const forms = document.getElementById("game-forms");
  try {
    await startPage();
  } catch (err) {
    forms.replaceChildren(el("p", { class: "error", role: "alert", text: tr("page.lobby.no_options", { problem: err.message }) }));
    return;
  }
  const panels = GAMES.map((game) => el("section", { class: "panel", "data-game": game.name }));
  forms.replaceChildren(...panels);
  await Promise.all(
    GAMES.map(async (game, index) => {
      const { setupForm } = await import(`${game.static}lobby.js`);
      await setupForm(panels[index], game);
    }),
  );
  setupGameLists();
  refreshGames();
  setInterval(refreshGames, REFRESH_MS);
}

init();
// The header's "Rules" button and the "?" key.
setupHelp();
