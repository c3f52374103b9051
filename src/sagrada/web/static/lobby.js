// The lobby: create a game (POST /api/games), list open and running games (GET /api/games),
// join (POST /api/games/{id}/join) or watch. Server errors are shown next to the form.

import {
  api,
  el,
  copyText,
  gameUrl,
  rememberToken,
  rememberedTokens,
  setupColourBlindToggle,
} from "./common.js";

/** Tool cards by number (13 and 14 are the expansion's, used only with private pools). */
const TOOLS = [
  [1, "Grozing Pliers"],
  [2, "Eglomise Brush"],
  [3, "Copper Foil Burnisher"],
  [4, "Lathekin"],
  [5, "Lens Cutter"],
  [6, "Flux Brush"],
  [7, "Glazing Hammer"],
  [8, "Running Pliers"],
  [9, "Cork-backed Straightedge"],
  [10, "Grinding Stone"],
  [11, "Flux Remover"],
  [12, "Tap Wheel"],
  [13, "Strip Cutter"],
  [14, "Lead Came Nippers"],
];
const NOT_WITH_PRIVATE_POOLS = new Set([7, 8]);
const ONLY_WITH_PRIVATE_POOLS = new Set([13, 14]);

const PUBLIC_OBJECTIVES = [
  "Row Color Variety",
  "Column Color Variety",
  "Row Shade Variety",
  "Column Shade Variety",
  "Light Shades",
  "Medium Shades",
  "Deep Shades",
  "Shade Variety",
  "Color Diagonals",
  "Color Variety",
];

/** Seat kinds offered: a person, or a bot at one of the three difficulties. */
const SEAT_KINDS = [
  ["person", "Person"],
  ["easy", "Easy bot"],
  ["medium", "Medium bot"],
  ["hard", "Hard bot"],
];

const REFRESH_MS = 4000;

const $ = (id) => document.getElementById(id);
const form = $("new-game");
const errorBox = form.querySelector('[data-testid="error"]');

// -- the form ------------------------------------------------------------------------------

/** Seat rows are kept while the player count changes, so names typed are not lost. */
const seatRows = [];

function seatRow(index) {
  const kind = el(
    "select",
    { id: `seat-kind-${index}`, "data-testid": `seat-kind-${index}`, "aria-label": `Seat ${index + 1} player` },
    SEAT_KINDS.map(([value, label]) => el("option", { value, text: label })),
  );
  // Seat 1 is you by default; the others are medium bots, the quickest way to a game.
  kind.value = index === 0 ? "person" : "medium";
  const name = el("input", {
    type: "text",
    id: `seat-name-${index}`,
    "data-testid": `seat-name-${index}`,
    maxlength: "40",
    placeholder: `Player ${index + 1}`,
    "aria-label": `Seat ${index + 1} name`,
  });
  const row = el("div", { class: "seat-row" }, el("span", { class: "seat-no", text: `${index + 1}` }), kind, name);
  return { row, kind, name };
}

function players() {
  return Number($("players").value);
}

function privatePools() {
  return $("private-pools").checked && players() >= 2;
}

/** Number of tool cards and public objectives the game will use (the engine insists). */
function toolsNeeded() {
  return players() === 1 ? Number($("solo-tools").value) : 3;
}
function publicsNeeded() {
  return players() === 1 ? 2 : 3;
}

function renderSeats() {
  const n = players();
  while (seatRows.length < n) seatRows.push(seatRow(seatRows.length));
  const box = $("seats");
  box.replaceChildren(...seatRows.slice(0, n).map((s) => s.row));
}

function renderCheckList(box, items, name) {
  box.replaceChildren(
    ...items.map(([value, label]) =>
      el(
        "label",
        { class: "check" },
        el("input", { type: "checkbox", name, value: String(value), "data-testid": `${name}-${value}` }),
        ` ${label}`,
      ),
    ),
  );
}

/** Enable, disable and show the options that depend on the player count and rules. */
function updateForm() {
  const n = players();
  const solo = n === 1;
  renderSeats();
  $("solo-row").hidden = !solo;
  $("solo-privates-row").hidden = !solo;

  const pools = $("private-pools");
  pools.disabled = solo;
  if (solo) pools.checked = false;

  // The expansion's cards are always in with 5-6 players or with private pools.
  const autoExpansion = n >= 5 || pools.checked;
  const expansion = $("expansion");
  expansion.disabled = autoExpansion;
  if (autoExpansion) expansion.checked = true;
  else if (expansion.dataset.auto === "1") expansion.checked = false;
  expansion.dataset.auto = autoExpansion ? "1" : "0";

  const fullBag = $("full-bag");
  fullBag.disabled = !(n === 2 || n === 3) || pools.checked;
  if (fullBag.disabled) fullBag.checked = false;

  const toolsChosen = form.querySelector('input[name="tools-mode"]:checked').value === "chosen";
  $("tool-list").hidden = !toolsChosen;
  for (const box of $("tool-list").querySelectorAll("input")) {
    const number = Number(box.value);
    const allowed = pools.checked ? !NOT_WITH_PRIVATE_POOLS.has(number) : !ONLY_WITH_PRIVATE_POOLS.has(number);
    box.disabled = !allowed;
    if (!allowed) box.checked = false;
  }
  const toolCount = $("tool-list").querySelectorAll("input:checked").length;
  $("tools-count").textContent = `${toolCount} of ${toolsNeeded()} ticked`;

  const publicsChosen = form.querySelector('input[name="publics-mode"]:checked').value === "chosen";
  $("public-list").hidden = !publicsChosen;
  const publicCount = $("public-list").querySelectorAll("input:checked").length;
  $("publics-count").textContent = `${publicCount} of ${publicsNeeded()} ticked`;
}

/** Build the POST /api/games body, sending only what differs from the server's defaults. */
function gameOptions() {
  const n = players();
  const seats = seatRows.slice(0, n);
  const body = { players: n };
  const bots = seats.map((s) => (s.kind.value === "person" ? null : s.kind.value));
  if (bots.some((b) => b !== null)) body.bots = bots;
  body.names = seats.map((s, i) => s.name.value.trim() || defaultName(i, bots[i]));
  if (n === 1) {
    body.solo_tools = Number($("solo-tools").value);
    if ($("solo-privates").value === "1") body.solo_private_objectives = 1;
  }
  if (!$("open-seats").checked) body.open_seats = false;
  if (privatePools()) body.private_pools = true;
  if ($("expansion").checked && !$("expansion").disabled) body.expansion = true;
  if ($("private-deck").value !== "all") body.private_objectives = $("private-deck").value;
  if ($("full-bag").checked && !$("full-bag").disabled) body.full_bag = true;
  if ($("tie-break").value !== "reverse-order") body.tie_break = $("tie-break").value;
  if (form.querySelector('input[name="tools-mode"]:checked').value === "chosen") {
    body.tools = [...$("tool-list").querySelectorAll("input:checked")].map((b) => Number(b.value));
  }
  if (form.querySelector('input[name="publics-mode"]:checked').value === "chosen") {
    body.public_objectives = [...$("public-list").querySelectorAll("input:checked")].map((b) => b.value);
  }
  return body;
}

function defaultName(index, bot) {
  return bot ? `Bot ${index + 1}` : `Player ${index + 1}`;
}

/** Problems the form can see before asking the server (the server checks everything again). */
function formProblem(body) {
  if (body.tools && body.tools.length !== toolsNeeded()) {
    return `Tick exactly ${toolsNeeded()} tool cards (or choose random).`;
  }
  if (body.public_objectives && body.public_objectives.length !== publicsNeeded()) {
    return `Tick exactly ${publicsNeeded()} public objectives (or choose random).`;
  }
  return null;
}

function showError(message) {
  errorBox.textContent = message || "";
}

async function createGame(event) {
  event.preventDefault();
  showError("");
  const body = gameOptions();
  const problem = formProblem(body);
  if (problem) {
    showError(problem);
    return;
  }
  const button = form.querySelector('[data-testid="create-game"]');
  button.disabled = true;
  try {
    const game = await api("POST", "/api/games", body);
    showCreated(game, body.names);
    refreshGames();
  } catch (err) {
    showError(err.message);
  } finally {
    button.disabled = false;
  }
}

/** The invite link of a seat: the game page with the seat's one-time invite code. */
function inviteUrl(gameId, invite) {
  return `/game/${encodeURIComponent(gameId)}?invite=${encodeURIComponent(invite)}`;
}

/** After creating: every invited seat's link with a copy button, and "open my seat". */
function showCreated(game, names) {
  const box = $("created");
  // The creator's seat comes with its token ("Open my seat"); every other person's seat with a
  // one-time invite code, which the invited player exchanges for a token of their own.
  const humans = game.seats.filter((s) => s.invite);
  const rows = humans.map((seat) => {
    const url = new URL(inviteUrl(game.id, seat.invite), location.href).href;
    const input = el("input", {
      type: "text",
      readonly: true,
      value: url,
      class: "invite-link",
      "data-testid": "invite-link",
      "data-seat": String(seat.seat),
      "aria-label": `Invite link for seat ${seat.seat + 1}`,
    });
    const copy = el("button", {
      type: "button",
      "data-testid": "copy-link",
      "data-seat": String(seat.seat),
      text: "Copy",
      onclick: async () => {
        const ok = await copyText(url);
        copy.textContent = ok ? "Copied" : "Select and copy";
        if (!ok) input.select();
        setTimeout(() => (copy.textContent = "Copy"), 2000);
      },
    });
    return el(
      "div",
      { class: "invite" },
      el("span", { class: "invite-name", text: `${names[seat.seat]} (seat ${seat.seat + 1})` }),
      input,
      copy,
    );
  });
  const mine = game.seats.find((s) => s.token);
  let open;
  if (mine) {
    rememberToken(game.id, mine.seat, mine.token);
    open = el("a", {
      class: "button primary",
      href: gameUrl(game.id, mine.token),
      "data-testid": "open-seat",
      text: `Open my seat (${names[mine.seat]})`,
    });
  } else {
    open = el("a", { class: "button", href: gameUrl(game.id), "data-testid": "watch-created", text: "Watch the game" });
  }
  box.replaceChildren(
    el("h3", { text: `Game ${game.id} created` }),
    humans.length
      ? el("p", { class: "hint", text: "Send each person their own link: whoever holds a link plays that seat." })
      : el("p", { class: "hint", text: "Only bots play this game." }),
    ...rows,
    el("p", {}, open),
  );
  box.hidden = false;
}

// -- the list of games ------------------------------------------------------------------------

let lastListing = "";

async function refreshGames() {
  const status = $("games-status");
  try {
    const data = await api("GET", "/api/games");
    const listing = JSON.stringify(data.games);
    status.textContent = "";
    // Re-render only on change, so keyboard focus is not lost every few seconds.
    if (listing !== lastListing) {
      lastListing = listing;
      renderGames(data.games || []);
    }
  } catch (err) {
    status.textContent = `Cannot load the games: ${err.message}`;
  }
}

function renderGames(games) {
  const box = $("games");
  if (!games.length) {
    box.replaceChildren(el("p", { class: "hint", text: "No open or running games. Create one!" }));
    return;
  }
  const tokens = rememberedTokens();
  box.replaceChildren(el("ul", { class: "game-list" }, games.map((g) => gameItem(g, tokens[g.id]))));
}

function gameItem(game, mine) {
  const seats = (game.seats || []).map((s) => {
    const who = s.kind === "bot" ? `bot ${s.bot || ""}`.trim() : s.claimed ? "person" : "open seat";
    return el("li", { class: s.kind === "human" && !s.claimed ? "open-seat" : "" }, `${s.name} — ${who}`);
  });
  const state =
    game.status === "open" ? "waiting for players" : game.status === "running" ? `round ${game.round}` : "over";
  const buttons = [];
  if (mine) {
    buttons.push(el("a", { class: "button primary", href: gameUrl(game.id, mine.token), "data-testid": "resume-game", text: "Resume" }));
  }
  if (game.status === "open") {
    buttons.push(
      el("button", { type: "button", class: mine ? "" : "primary", "data-testid": "join-game", "data-game": game.id, text: "Join", onclick: () => joinGame(game.id) }),
    );
  }
  buttons.push(el("a", { class: "button", href: gameUrl(game.id), "data-testid": "watch-game", text: "Watch" }));
  return el(
    "li",
    { class: `game-item status-${game.status}`, "data-testid": "game-item", "data-game": game.id },
    el("div", { class: "game-head" }, el("strong", { text: `Game ${game.id}` }), ` · ${game.players} player${game.players === 1 ? "" : "s"} · ${state}`, el("span", { class: "hint", text: ` · ${when(game.created)}` })),
    el("ul", { class: "seat-list" }, seats),
    el("div", { class: "game-buttons" }, buttons),
  );
}

/** The creation time, whether the server sends epoch seconds, milliseconds or ISO text. */
function when(created) {
  if (created === undefined || created === null) return "";
  let date;
  if (typeof created === "number") date = new Date(created < 1e12 ? created * 1000 : created);
  else date = new Date(created);
  if (Number.isNaN(date.getTime())) return String(created);
  return date.toLocaleString();
}

async function joinGame(id) {
  const status = $("games-status");
  const name = $("join-name").value.trim();
  try {
    const seat = await api("POST", `/api/games/${encodeURIComponent(id)}/join`, name ? { name } : {});
    rememberToken(id, seat.seat, seat.token);
    location.href = gameUrl(id, seat.token);
  } catch (err) {
    status.textContent = `Cannot join game ${id}: ${err.message}`;
    refreshGames();
  }
}

// -- start -------------------------------------------------------------------------------------

function init() {
  setupColourBlindToggle(document.querySelector('[data-testid="colour-blind-toggle"]'));
  renderCheckList($("tool-list"), TOOLS.map(([n, name]) => [n, `${n} ${name}`]), "tool");
  renderCheckList($("public-list"), PUBLIC_OBJECTIVES.map((name) => [name, name]), "public");
  // Public objective checkboxes carry the name as value; give them simpler test ids too.
  $("public-list")
    .querySelectorAll("input")
    .forEach((box, i) => box.setAttribute("data-testid", `public-${i + 1}`));
  form.addEventListener("change", updateForm);
  form.addEventListener("submit", createGame);
  updateForm();
  refreshGames();
  setInterval(refreshGames, REFRESH_MS);
}

init();
