// The lobby's form for the solo card game: how many tool cards (the rulebook's hint beside),
// optionally the glass window by name, and the table options the server offers the card game
// (hints, docs/web-api.md; lobby/table.js). Creating the game opens its page at once.

import { api, el, gameUrl, rememberToken } from "../common.js";
import { pageLanguage, tr } from "../i18n.js";
import { tableControls } from "./table.js";

const $ = (id) => document.getElementById(id);

export async function setupCardGameForm() {
  const form = $("card-game");
  const errorBox = form.querySelector('[data-testid="card-error"]');
  const tools = $("card-tools");
  let spec = { minimum: 1, maximum: 9, default: 3 };
  try {
    const schema = await api("GET", "/api/options?game=cards");
    spec = schema.find((option) => option.name === "tools") || spec;
    if (spec.help_id) $("card-tools-help").textContent = tr(spec.help_id);
  } catch (err) {
    // The defaults above are the rulebook's: the form still works.
  }
  let table = tableControls([]);
  try {
    table = tableControls(await api("GET", "/api/options/table?game=cards"), "card-");
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
    curve = await api("GET", "/api/cards/difficulty");
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
    const body = { game: "cards", tools: Number(tools.value), bots: [null], names: [tr("page.lobby.card_game.you")], open_seats: false };
    const windowName = $("card-window").value.trim();
    if (windowName) body.window = windowName;
    Object.assign(body, table.fields());
    const button = form.querySelector('[data-testid="create-card-game"]');
    button.disabled = true;
    try {
      const game = await api("POST", "/api/games", body);
      const mine = game.seats[0];
      rememberToken(game.id, mine.seat, mine.token);
      location.href = gameUrl(game.id, mine.token, "cards");
    } catch (err) {
      errorBox.textContent = err.message;
      button.disabled = false;
    }
  });
}
