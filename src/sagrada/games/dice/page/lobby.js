// The lobby's form for the dice game ("More options"): create a game (POST /api/games), with its
// options drawn from the option schema, grouped as the schema groups them (the base game, the
// 5 & 6 Player Expansion, Life), with the presets the registry lists for the game, and its
// table's options from those the server offers (the shell's lobby/table.js). Server errors
// are shown next to the form. Creating a game takes the creator into their seat, or first
// shows the invite links (the shell's lobby/created.js). The lobby (the shell's lobby.js)
// gives it its panel.

import { api, el } from "/static/common.js";
import { cardWords, t, tr } from "/static/i18n.js";
import { refreshGames } from "/static/lobby/games.js";
import { tableControls } from "/static/lobby/table.js";
import { showCreated } from "/static/lobby/created.js";

/** Seat kinds offered: a person, or a bot at one of the three difficulties (with their words). */
const SEAT_KINDS = [
  ["person", "page.lobby.seat.person"],
  ["easy", "page.lobby.seat.easy"],
  ["medium", "page.lobby.seat.medium"],
  ["hard", "page.lobby.seat.hard"],
];

const $ = (id) => document.getElementById(id);
let form = null;
let errorBox = null;
let gameName = null;

// -- the form ------------------------------------------------------------------------------

/** Seat rows are kept while the player count changes, so names typed are not lost. */
const seatRows = [];

function seatRow(index) {
  const kind = el(
    "select",
    { id: `seat-kind-${index}`, "data-testid": `seat-kind-${index}`, "aria-label": tr("page.lobby.seat.kind", { n: index + 1 }) },
    SEAT_KINDS.map(([value, label]) => el("option", { value, text: tr(label) })),
  );
  // Seat 1 is you by default; the others are medium bots, the quickest way to a game.
  kind.value = index === 0 ? "person" : "medium";
  const name = el("input", {
    type: "text",
    id: `seat-name-${index}`,
    "data-testid": `seat-name-${index}`,
    maxlength: "40",
    placeholder: defaultName(index, null),
    "aria-label": tr("page.lobby.seat.name", { n: index + 1 }),
  });
  const row = el("div", { class: "seat-row" }, el("span", { class: "seat-no", text: `${index + 1}` }), kind, name);
  return { row, kind, name };
}

function players() {
  return Number(controls.players.read());
}

/** Show the first `players()` seat rows. Rows already shown stay where they are: moving a row
 * would take the keyboard focus from a name being typed (the form is drawn again each time
 * the engine answers a check of the options). */
function renderSeats() {
  const n = players();
  while (seatRows.length < n) seatRows.push(seatRow(seatRows.length));
  const box = $("seats");
  seatRows.forEach((seat, index) => {
    if (index >= n) seat.row.remove();
    else if (seat.row.parentNode !== box) box.append(seat.row);
  });
}

// -- the game options, drawn from the option schema (GET /api/options) ------------------------

/** The option schema, the cards, and the engine's last word on the values being filled in. */
let SCHEMA = [];
let CARDS = { tools: [], public_objectives: [] };
let CHECK = null;
/** The table's options (GET /api/options/table): their controls. */
let TABLE = tableControls([]);
/** For each option: its row, and how to read its value from the form. */
const controls = {};

/** The test id and element id of an option: its name with dashes, as on the command line. */
function dashed(name) {
  return name.replaceAll("_", "-");
}

/** The cards a list option holds, as [value, label] pairs. */
function cardsOf(spec) {
  if (spec.items === "tool") return CARDS.tools.map((t) => [t.number, `${t.number} ${cardWords(t, "name")}`]);
  if (spec.items === "public_objective") return CARDS.public_objectives.map((o) => [o.id, cardWords(o, "name")]);
  return [];
}

/** The form row of one option. */
function optionRow(spec) {
  const id = dashed(spec.name);
  const hint = el("div", { class: "hint option-help", text: tr(spec.help_id) });
  const label = tr(spec.label_id);
  if (spec.type === "bool") {
    const box = el("input", { type: "checkbox", id, "data-testid": id });
    box.checked = spec.default;
    const row = el("div", { class: "option-row" }, el("label", { class: "check" }, box, el("span", { text: label })), hint);
    return { row, read: () => box.checked, set: (value) => (box.checked = value) };
  }
  if (spec.type === "list") {
    const name = `${id}-mode`;
    const random = el("input", { type: "radio", name, value: "random", checked: true, "data-testid": `${id}-random` });
    const chosen = el("input", { type: "radio", name, value: "chosen", "data-testid": `${id}-chosen` });
    const count = el("span", { class: "hint", id: `${id}-count` });
    const list = el(
      "div",
      { class: "check-list", id: `${id}-list`, hidden: true },
      cardsOf(spec).map(([value, label]) =>
        el(
          "label",
          { class: "check" },
          el("input", { type: "checkbox", value: String(value), "data-testid": `${spec.items === "tool" ? "tool" : "public"}-${value}` }),
          el("span", { text: label }),
        ),
      ),
    );
    const note = el("p", { class: "hint", hidden: true, text: tr("page.lobby.cards.greyed") });
    list.prepend(note);
    const row = el(
      "div",
      { class: "option-row list-option" },
      el("div", { class: "option-title", text: label }),
      hint,
      el("label", { class: "check" }, random, el("span", { text: tr("page.lobby.cards.random") })),
      el("label", { class: "check" }, chosen, el("span", {}, tr("page.lobby.cards.chosen"), " ", count)),
      list,
    );
    const read = () => {
      if (!chosen.checked) return null;
      return [...list.querySelectorAll("input:checked")].map((b) => (spec.items === "tool" ? Number(b.value) : b.value));
    };
    const set = (value) => {
      (value === null ? random : chosen).checked = true;
      const wanted = new Set((value || []).map(String));
      for (const box of list.querySelectorAll("input")) box.checked = wanted.has(box.value);
    };
    return { row, read, set, list, count, chosen, note };
  }
  const values = spec.choices || range(spec.minimum, spec.maximum);
  const select = el(
    "select",
    { id, "data-testid": id, title: tr(spec.help_id) },
    // A choice that is a word is shown by its label (the schema's choice_ids), never its value.
    values.map((value, i) => el("option", { value: String(value), text: spec.choice_ids ? tr(spec.choice_ids[i]) : String(value) })),
  );
  select.value = String(spec.default);
  const row = el(
    "div",
    { class: "option-row" },
    el("div", { class: "form-row" }, el("label", { for: id, text: label }), select),
    hint,
  );
  const read = () => (spec.type === "int" ? Number(select.value) : select.value);
  return { row, read, set: (value) => (select.value = String(value)) };
}

function range(low, high) {
  return Array.from({ length: high - low + 1 }, (_, i) => low + i);
}

/** Every option's value as the form shows it now. */
function optionValues() {
  const values = {};
  for (const spec of SCHEMA) values[spec.name] = controls[spec.name].read();
  return values;
}

/** Whether an option applies to these values (its schema's "needs"). */
function applies(spec, values) {
  return Object.entries(spec.needs || {}).every(([name, allowed]) => allowed.includes(values[name]));
}

/** The values that differ from the defaults, as POST /api/games takes them (players always). */
function changedOptions(values) {
  const body = { players: values.players };
  for (const spec of SCHEMA) {
    const value = values[spec.name];
    if (!applies(spec, values)) continue;
    if (JSON.stringify(value) !== JSON.stringify(spec.default)) body[spec.name] = value;
  }
  return body;
}

let checking = 0;

/** Ask the engine what it makes of the values: the tool deck, how many cards, any error. */
async function checkOptions() {
  const ticket = ++checking;
  try {
    const answer = await api("POST", `/api/options/check?game=${gameName}`, changedOptions(optionValues()));
    if (ticket !== checking) return; // a newer question is on its way
    CHECK = answer;
  } catch (err) {
    CHECK = null;
  }
  updateForm();
}

/** Draw the options: the player count first, then a group of fields for each of the schema's
 * groups (in the order the schema declares them), each with its name. */
function renderOptions() {
  const first = $("first-options");
  const rest = $("options");
  first.replaceChildren();
  const groups = new Map();
  for (const spec of SCHEMA) {
    controls[spec.name] = optionRow(spec);
    if (spec.name === "players") {
      first.append(controls[spec.name].row);
      continue;
    }
    const key = spec.group_id || "";
    if (!groups.has(key)) {
      const legend = key ? el("legend", { text: tr(key) }) : null;
      groups.set(key, el("fieldset", { class: "option-group", "data-group": spec.group || "" }, legend));
    }
    groups.get(key).append(controls[spec.name].row);
  }
  rest.replaceChildren(...groups.values());
}

// -- presets (GET /api/registry: this game's `presets`) ---------------------------------------

/** Fill the form with a preset: the options it names take its values, every option outside the
 * base game goes back to its default (core/options.py, OptionPreset). */
function applyPreset(preset) {
  for (const spec of SCHEMA) {
    if (spec.name in preset.values) controls[spec.name].set(preset.values[spec.name]);
    else if (spec.group && spec.group !== "base") controls[spec.name].set(spec.default);
  }
  updateForm();
  checkOptions();
}

/** A button for each preset (`presets`: this game's, as GET /api/registry lists them). */
function presetButtons(presets) {
  return presets.map((preset) =>
    el("button", {
      type: "button",
      class: "preset",
      "data-testid": `preset-${preset.name}`,
      text: tr(preset.label_id),
      onclick: () => applyPreset(preset),
    }),
  );
}

/** Show the options that apply, the cards the engine deals from, and the counts. */
function updateForm() {
  renderSeats();
  const values = optionValues();
  for (const spec of SCHEMA) {
    const control = controls[spec.name];
    control.row.hidden = !applies(spec, values);
    if (spec.type !== "list") continue;
    control.list.hidden = !control.chosen.checked;
    const needed = CHECK ? (spec.items === "tool" ? CHECK.num_tools : CHECK.num_public_objectives) : null;
    if (CHECK) {
      // Only the cards of this game's deck can be chosen (modules add and take out cards).
      const deck = (spec.items === "tool" ? CHECK.tool_deck : CHECK.public_deck).map(String);
      for (const box of control.list.querySelectorAll("input")) {
        const inDeck = deck.includes(box.value);
        box.disabled = !inDeck;
        if (!inDeck) box.checked = false;
        box.parentElement.title = inDeck ? "" : tr("page.lobby.cards.not_in_deck");
      }
      control.note.hidden = deck.length >= control.list.querySelectorAll("input").length;
    }
    const ticked = control.list.querySelectorAll("input:checked").length;
    control.count.textContent =
      needed === null ? tr("page.lobby.cards.ticked", { n: ticked }) : tr("page.lobby.cards.ticked_of", { n: ticked, needed });
  }
}

/** Build the POST /api/games body: the options that differ from their defaults, and the seats. */
function gameOptions() {
  const n = players();
  const seats = seatRows.slice(0, n);
  const body = changedOptions(optionValues());
  const bots = seats.map((s) => (s.kind.value === "person" ? null : s.kind.value));
  if (bots.some((b) => b !== null)) body.bots = bots;
  body.names = seats.map((s, i) => s.name.value.trim() || defaultName(i, bots[i]));
  if ($("open-seats").checked) body.open_seats = true;
  // The table's options (docs/web-api.md), sent only when not the default.
  Object.assign(body, TABLE.fields());
  return body;
}

function defaultName(index, bot) {
  return tr(bot ? "page.lobby.bot_name" : "page.lobby.player_name", { n: index + 1 });
}

/** The engine's objection to the options, if it has one (the server checks again anyway), in
 * the page's language when the engine said it as a message. */
function formProblem() {
  if (!CHECK || !CHECK.error) return null;
  return CHECK.error_message ? t(CHECK.error_message) : CHECK.error;
}

function showError(message) {
  errorBox.textContent = message || "";
}

async function createGame(event) {
  event.preventDefault();
  showError("");
  await checkOptions();
  const body = gameOptions();
  const problem = formProblem();
  if (problem) {
    showError(problem);
    return;
  }
  const button = form.querySelector('[data-testid="create-game"]');
  button.disabled = true;
  try {
    const game = await api("POST", "/api/games", body);
    showCreated($("new-game-created"), game, body.names, gameName);
    refreshGames();
  } catch (err) {
    showError(err.message);
  } finally {
    button.disabled = false;
  }
}

// -- start -------------------------------------------------------------------------------------

/** The form's markup, in the lobby's panel for this game. */
function drawForm(panel) {
  panel.setAttribute("aria-labelledby", "new-game-title");
  const fieldset = (legend, ...children) => el("fieldset", {}, el("legend", { text: tr(legend) }), ...children);
  panel.replaceChildren(
    el("h2", { id: "new-game-title", text: tr("page.lobby.new_game") }),
    el(
      "form",
      { id: "new-game", "data-testid": "new-game-form", novalidate: true },
      // The game options are drawn from GET /api/options.
      el("div", { id: "first-options" }),
      fieldset(
        "page.lobby.seats",
        el("div", { id: "seats", class: "seats" }),
        el(
          "label",
          { class: "check" },
          el("input", { type: "checkbox", id: "open-seats", "data-testid": "open-seats" }),
          " ",
          el("span", { text: tr("page.lobby.open_seats") }),
        ),
      ),
      // The presets the registry lists for this game (drawn by setupForm).
      el(
        "div",
        { class: "presets", role: "group", "aria-labelledby": "presets-title" },
        el("span", { id: "presets-title", class: "presets-title", text: tr("page.lobby.presets") }),
        el("span", { id: "presets", class: "preset-buttons" }),
      ),
      el("div", { id: "options", class: "options" }),
      // The table's options are drawn from GET /api/options/table (the shell's lobby/table.js).
      fieldset("page.lobby.at_the_table", el("div", { id: "table-options" })),
      el(
        "div",
        { class: "form-actions" },
        el("button", { type: "submit", class: "primary", "data-testid": "create-game", text: tr("page.lobby.create") }),
        el("p", { class: "error", "data-testid": "error", role: "alert", "aria-live": "assertive" }),
      ),
    ),
    el("div", { id: "new-game-created", class: "created", "data-testid": "created-game", tabindex: "-1", hidden: true }),
  );
  form = $("new-game");
  errorBox = form.querySelector('[data-testid="error"]');
}

/** Draw the dice game's form into its lobby panel and make it work (`game`: this game, as
 * GET /api/registry lists it). */
export async function setupForm(panel, game) {
  gameName = game.name;
  drawForm(panel);
  try {
    let table;
    [SCHEMA, CARDS, table] = await Promise.all([
      api("GET", `/api/options?game=${game.name}`),
      api("GET", `/api/cards?game=${game.name}`),
      api("GET", `/api/options/table?game=${game.name}`),
    ]);
    TABLE = tableControls(table);
  } catch (err) {
    showError(tr("page.lobby.no_options", { problem: err.message }));
    return;
  }
  renderOptions();
  const presets = game.presets || [];
  $("presets").replaceChildren(...presetButtons(presets));
  $("presets").parentElement.hidden = !presets.length;
  $("table-options").replaceChildren(...TABLE.rows);
  form.addEventListener("change", (event) => {
    if (event.target.closest(".seat-row")) return; // seats are not options: nothing to check
    updateForm();
    checkOptions();
  });
  form.addEventListener("submit", createGame);
  updateForm();
  checkOptions();
}
