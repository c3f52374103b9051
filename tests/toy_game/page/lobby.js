// The lobby's form for the toy game (the lobby gives it its panel): its options as the server
// declares them (GET /api/options?game=toy), the opponent among the game's bots, and a create
// button; once created, the shell's "created" box offers the seat's page.

import { api, el } from "/static/common.js";
import { tr } from "/static/i18n.js";
import { showCreated } from "/static/lobby/created.js";

/** A select of `values` (each shown as it is), `value` chosen. */
function select(id, values, value) {
  const node = el("select", { id, "data-testid": id }, values.map((v) => el("option", { value: String(v), text: String(v) })));
  node.value = String(value);
  return node;
}

/** The values an option of the schema takes. */
function valuesOf(spec) {
  if (spec.choices) return spec.choices;
  const values = [];
  for (let v = spec.minimum; v <= spec.maximum; v++) values.push(v);
  return values;
}

/** Draw the toy game's form into its lobby panel (`game`: this game, as GET /api/registry
 * lists it) and make it work. */
export async function setupForm(panel, game) {
  const schema = await api("GET", `/api/options?game=${encodeURIComponent(game.name)}`);
  const inputs = schema.map((spec) => ({ spec, input: select(`toy-${spec.name.replaceAll("_", "-")}`, valuesOf(spec), spec.default) }));
  const opponent = select("toy-opponent", game.bots, game.bots.includes("greedy") ? "greedy" : game.bots[0]);
  const error = el("p", { class: "error", "data-testid": "toy-error", role: "alert" });
  const created = el("div", { class: "created", "data-testid": "toy-created", hidden: true });
  const row = (label, input) => el("div", { class: "form-row" }, el("label", { for: input.id, text: label }), input);
  const form = el(
    "form",
    { "data-testid": "toy-form", novalidate: true },
    ...inputs.map(({ spec, input }) => row(tr(spec.label_id), input)),
    row(tr("toy.page.opponent"), opponent),
    el("div", { class: "form-actions" }, el("button", { type: "submit", class: "primary", "data-testid": "create-toy-game", text: tr("toy.page.create") }), error),
  );
  panel.setAttribute("aria-labelledby", "toy-title");
  panel.replaceChildren(el("h2", { id: "toy-title", text: tr("toy.page.title") }), el("p", { class: "hint", text: tr("toy.page.about") }), form, created);
  form.addEventListener("submit", async (event) => {
    event.preventDefault();
    error.textContent = "";
    const names = [tr("page.common.player", { n: 1 }), opponent.value];
    const body = { game: game.name, bots: [null, opponent.value], names };
    for (const { spec, input } of inputs) body[spec.name] = Number(input.value);
    try {
      showCreated(created, await api("POST", "/api/games", body), names, game.name);
    } catch (err) {
      error.textContent = err.message;
    }
  });
}
