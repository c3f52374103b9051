// The lobby's form for the solo card game ("More options"): how many tool cards (the rulebook's
// hint beside; how often the bots win with each number is in the rules help), optionally the
// glass window by name, and the table options the server offers the card game (hints,
// docs/web-api.md; the shell's lobby/table.js). Creating the game opens its page at once. The
// lobby (the shell's lobby.js) gives it its panel.

import { api, el } from "/static/common.js";
import { pageLanguage, tr } from "/static/i18n.js";
import { enterGame } from "/static/lobby/created.js";
import { tableControls } from "/static/lobby/table.js";

const $ = (id) => document.getElementById(id);

/** The form's markup, in the lobby's panel for this game. */
function drawForm(panel, game) {
  panel.setAttribute("aria-labelledby", "cards-title");
  const label = (target, id) => el("label", { for: target, text: tr(id) });
  panel.replaceChildren(
    el("h2", { id: "cards-title", text: tr("page.lobby.card_game") }),
    el("p", { class: "hint", text: tr("page.lobby.card_game.about") }),
    el(
      "form",
      { id: "card-game", "data-testid": "card-game-form", novalidate: true },
      el("div", { class: "form-row" }, label("card-tools", "page.lobby.card_tools"), el("select", { id: "card-tools", "data-testid": "card-tools" })),
      el("p", { class: "hint", id: "card-tools-help" }),
      el(
        "div",
        { class: "form-row" },
        label("card-window", "page.lobby.card_window"),
        el("input", { id: "card-window", type: "text", maxlength: "40", placeholder: tr("page.lobby.card_window.random"), "data-testid": "card-window" }),
      ),
      el("p", { class: "hint", text: tr("page.lobby.card_window.help") }),
      el("div", { id: "card-table-options" }),
      el(
        "div",
        { class: "form-actions" },
        el("button", { type: "submit", class: "primary", "data-testid": "create-card-game", text: tr("page.lobby.card_game.create") }),
        el("p", { class: "error", "data-testid": "card-error", role: "alert", "aria-live": "assertive" }),
      ),
    ),
  );
}

/** Draw the card game's form into its lobby panel and make it work (`game`: this game, as
 * GET /api/registry lists it). */
export async function setupForm(panel, game) {
  drawForm(panel, game);
  const form = $("card-game");
  const errorBox = form.querySelector('[data-testid="card-error"]');
  const tools = $("card-tools");
  let spec = { minimum: 1, maximum: 9, default: 3 };
  try {
    const schema = await api("GET", `/api/options?game=${game.name}`);
    spec = schema.find((option) => option.name === "tools") || spec;
    if (spec.help_id) $("card-tools-help").textContent = tr(spec.help_id);
  } catch (err) {
    // The defaults above are the rulebook's: the form still works.
  }
  let table = tableControls([]);
  try {
    table = tableControls(await api("GET", `/api/options/table?game=${game.name}`), "card-");
  } catch (err) {
    // Without them the game is created with the table's defaults.
  }
  $("card-table-options").replaceChildren(...table.rows);
  for (let n = spec.minimum; n <= spec.maximum; n++) tools.append(el("option", { value: String(n), text: String(n) }));
  tools.value = String(spec.default);
  form.addEventListener("submit", async (event) => {
    event.preventDefault();
    errorBox.textContent = "";
    const body = { game: game.name, tools: Number(tools.value), bots: [null], names: [tr("page.lobby.card_game.you")], language: pageLanguage() };
    const windowName = $("card-window").value.trim();
    if (windowName) body.window = windowName;
    Object.assign(body, table.fields());
    const button = form.querySelector('[data-testid="create-card-game"]');
    button.disabled = true;
    try {
      enterGame(await api("POST", "/api/games", body), game.name);
    } catch (err) {
      errorBox.textContent = err.message;
      button.disabled = false;
    }
  });
}
