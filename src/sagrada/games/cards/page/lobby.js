// The lobby's form for the solo card game: how many tool cards (the rulebook's hint beside),
// optionally the glass window by name, and the table options the server offers the card game
// (hints, docs/web-api.md; the shell's lobby/table.js). Creating the game opens its page at
// once. The lobby (the shell's lobby.js) gives it its panel.

import { api, el, gameUrl, rememberToken } from "/static/common.js";
import { pageLanguage, tr } from "/static/i18n.js";
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
      el("p", { class: "hint", id: "card-tools-curve", "data-testid": "card-tools-curve", hidden: true }),
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
  // The measured difficulty beside the choice (docs/card-game.md): how often the strongest bot
  // beats the target with that many tools.
  let curve = null;
  try {
    curve = await api("GET", `/api/data/difficulty?game=${game.name}`);
  } catch (err) {
    curve = null; // not measured: the rulebook's hint stays alone
  }
  const showCurve = () => {
    const pct = (x) => Math.round(x * 100);
    const lines = ((curve && curve.bots) || []).flatMap((bot) => {
      const point = bot.points.find((p) => p.tools === Number(tools.value));
      if (!point) return [];
      const [low, high] = point.win_rate_ci95;
      const margin = point.mean_margin.toLocaleString(pageLanguage(), { minimumFractionDigits: 1, maximumFractionDigits: 1 });
      return [
        tr("page.lobby.curve.bot", { bot: bot.bot, rate: pct(point.win_rate), n: bot.games, low: pct(low), high: pct(high), margin }),
      ];
    });
    const line = $("card-tools-curve");
    line.hidden = !lines.length;
    line.textContent = lines.length ? tr("page.lobby.curve", { lines: lines.join("; ") }) : "";
  };
  tools.addEventListener("change", showCurve);
  showCurve();
  form.addEventListener("submit", async (event) => {
    event.preventDefault();
    errorBox.textContent = "";
    const body = { game: game.name, tools: Number(tools.value), bots: [null], names: [tr("page.lobby.card_game.you")], open_seats: false };
    const windowName = $("card-window").value.trim();
    if (windowName) body.window = windowName;
    Object.assign(body, table.fields());
    const button = form.querySelector('[data-testid="create-card-game"]');
    button.disabled = true;
    try {
      const created = await api("POST", "/api/games", body);
      const mine = created.seats[0];
      rememberToken(created.id, mine.seat, mine.token);
      location.href = gameUrl(created.id, mine.token, game.name);
    } catch (err) {
      errorBox.textContent = err.message;
      button.disabled = false;
    }
  });
}
