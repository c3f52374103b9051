// The toy game's page: a seat's view drawn from the shell's state, its legal actions as
// buttons (each names an action of the view's `actions`, sent by the shell's flow), and at the
// end the scores, the winners and the replay. What the page shares with every game's page is
// the shell's (/static/shell/); the words are the game's own messages.

import { el, startPage } from "/static/common.js";
import { tr } from "/static/i18n.js";
import { gameId, S, byTestId, shownView, currentActions, mySeat, myTurn, playerName, $ } from "/static/shell/state.js";
import { setRenderer } from "/static/shell/render.js";
import { showError, loadView, connect } from "/static/shell/socket.js";
import { choose } from "/static/shell/flow.js";
import { replayControls, showReplayPosition } from "/static/shell/replay.js";
import { setupHelp } from "/static/help.js";

function render() {
  const view = shownView();
  if (!view) return;
  // How many actions the page has taken in (tests wait on it before the next click).
  document.body.dataset.seen = String(S.view.history.length);
  $("game-title").textContent = tr("toy.page.game_title", { game: gameId, round: view.round, rounds: view.rounds });
  renderDecision(view);
  renderSeats(view);
  renderEnd(view);
}

function renderDecision(view) {
  let words = "";
  if (view.phase === "over") words = tr("page.common.game_over");
  else if (myTurn(view)) words = tr("toy.page.your_turn");
  else words = tr("toy.page.waiting", { name: playerName(view.current_player, view) });
  byTestId("decision").textContent = words;
  $("choices").replaceChildren(
    ...currentActions().map((action) =>
      el("button", {
        type: "button",
        class: "choice primary",
        "data-testid": "toy-action",
        "data-action": action.notation,
        text: tr(`toy.page.action.${action.kind}`),
        onclick: () => choose(action.notation),
      }),
    ),
  );
}

function renderSeats(view) {
  const me = mySeat(view);
  $("seats").replaceChildren(
    ...view.points.map((points, seat) => {
      const die = view.dice[seat];
      const name = seat === me ? `${playerName(seat, view)} (${tr("toy.page.you")})` : playerName(seat, view);
      return el(
        "tr",
        { "data-testid": "seat", "data-seat": String(seat), class: seat === view.current_player ? "current" : "" },
        el("th", { text: name }),
        el("td", { "data-testid": "points", text: String(points) }),
        el("td", { "data-testid": "die", text: die === null ? tr("toy.page.hidden") : String(die) }),
        el("td", { "data-testid": "rolls-left", text: String(view.rolls_left[seat]) }),
      );
    }),
  );
}

function renderEnd(view) {
  const box = $("end");
  const live = S.view;
  box.hidden = live.phase !== "over";
  if (box.hidden) return;
  if (!box.querySelector('[data-testid="replay"]')) {
    const names = live.winners.map((seat) => playerName(seat, live)).join(", ");
    box.replaceChildren(
      ...live.scores.map((score, seat) =>
        el("p", { "data-testid": "final-score", "data-seat": String(seat), text: tr("toy.page.score", { name: playerName(seat, live), ...score }) }),
      ),
      el("p", { "data-testid": "winners", text: tr(live.winners.length > 1 ? "toy.page.tie" : "toy.page.won", { names }) }),
      replayControls(live),
    );
  }
  showReplayPosition(view);
}

async function init() {
  try {
    await startPage();
  } catch (err) {
    showError(err.message);
  }
  if (await loadView()) connect();
}

setRenderer(render);
init();
// The header's "Rules" button and the "?" key.
setupHelp();
