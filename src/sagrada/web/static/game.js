// The game page: shows the seat's view (from the WebSocket, or GET /view) and plays by
// clicking. Everything playable comes from `legal_actions` (notation strings), so the page
// needs no rules of its own: it only groups the legal actions by what the player clicks.

import {
  api,
  el,
  dieButton,
  dieFace,
  dieLabel,
  spaceFace,
  restrictionLabel,
  restrictionAt,
  glyph,
  CELLS,
  COLOURS,
  setupColourBlindToggle,
  rememberToken,
  rememberedTokens,
  gameUrl,
} from "./common.js";

// -- where we are ------------------------------------------------------------------------------

const gameId = decodeURIComponent(location.pathname.replace(/\/+$/, "").split("/").pop());
const token = new URLSearchParams(location.search).get("token");
// An invite link carries a one-time code: it is exchanged for this seat's own secret token.
const invite = new URLSearchParams(location.search).get("invite");
const API = `/api/games/${encodeURIComponent(gameId)}`;

/** Everything the page knows; render() draws it. */
const S = {
  view: null, // the latest live view from the server
  replay: null, // {n, view} while looking at an earlier step of a finished game
  gather: null, // {steps, preview, base}: tool steps gathered but not committed
  selection: null, // {kind: "pool"|"own", die} or {kind: "move", cell}: first click of two
  busy: false, // a request is in flight: ignore clicks meanwhile
  scorePin: null, // {seat, part} pinned score highlight (clicked)
};

/** Every card the server knows (GET /api/cards), loaded at start: private objectives carry
 * their colour or the spaces they score. */
let CARDS = { tools: [], public_objectives: [], private_objectives: [] };

const $ = (id) => document.getElementById(id);
const byTestId = (id) => document.querySelector(`[data-testid="${id}"]`);

// -- reading the view --------------------------------------------------------------------------

/** The seat this page plays, or null for a spectator. */
function mySeat(view = S.view) {
  if (!view) return null;
  const seat = view.seat ?? view.player;
  return typeof seat === "number" && seat >= 0 ? seat : null;
}

function playerName(seat, view = S.view) {
  const seats = view && view.game && view.game.seats;
  const entry = seats && seats.find((s) => s.seat === seat);
  return (entry && entry.name) || `Player ${seat + 1}`;
}

/** The engine's sentences name seats from 0 ("player 0: ..."); show the players' names. */
function namePlayers(sentence, view) {
  return sentence.replace(/\bplayer (\d+)\b/g, (_, seat) => playerName(Number(seat), view));
}

/** The view on screen: a replay step, the server's provisional view of the gathered tool
 * steps (from the preview), or the live view. */
function shownView() {
  if (S.replay) return S.replay.view;
  if (S.gather && S.gather.preview && S.gather.preview.view) return S.gather.preview.view;
  return S.view;
}

/** The actions the player can click now, as the engine lists them (objects with `notation`,
 * `kind` and the kind's fields): the preview's while gathering, none in a replay. */
function currentActions() {
  if (S.replay || !S.view) return [];
  if (S.gather) return (S.gather.preview && S.gather.preview.actions) || [];
  return S.view.actions || [];
}

/** Group legal actions by what is clicked to take them. */
function actionModel(actions) {
  const m = {
    windows: new Map(), // option number → "W2"
    tools: new Map(), // card number → "T7"
    pass: null,
    buttons: [], // action objects: +1, -1, =n, stop, return, and kinds this page does not know
    poolPick: new Map(), // "R3" → "R3" or "$R3" (take or pay with a Draft Pool die)
    poolPlace: new Map(), // "R3" → Map(cell → "R3@B4")
    ownPick: new Map(), // "R3" → "*R3"
    ownPlace: new Map(), // "R3" → Map(cell → "*R3@B4")
    put: new Map(), // cell → "@B4"
    moves: new Map(), // from cell → Map(to cell → "B4>C5")
    track: new Map(), // "r3:R5" → action
  };
  const addTo = (map, key, cell, action) => {
    if (!map.has(key)) map.set(key, new Map());
    map.get(key).set(cell, action);
  };
  for (const action of actions) {
    const text = action.notation;
    switch (action.kind) {
      case "pattern": m.windows.set(action.option, text); break;
      case "tool": m.tools.set(action.tool, text); break;
      case "pass": m.pass = text; break;
      case "pay": case "choose": m.poolPick.set(action.die, text); break;
      case "draft": addTo(m.poolPlace, action.die, action.cell, text); break;
      case "own_draft": addTo(m.ownPlace, action.die, action.cell, text); break;
      case "own_choose": m.ownPick.set(action.die, text); break;
      case "put": m.put.set(action.cell, text); break;
      case "move": addTo(m.moves, action.from, action.to, text); break;
      case "track": m.track.set(text, text); break;
      default: m.buttons.push(action); // +1, -1, =n, stop, return, and kinds this page does not know
    }
  }
  return m;
}

// -- talking to the server ---------------------------------------------------------------------

function showError(message) {
  byTestId("error").textContent = message || "";
}

/** Take a view from anywhere (WebSocket, REST answer); older views than the one shown are dropped. */
function applyView(view) {
  if (!view || !Array.isArray(view.history)) return;
  if (S.view && view.history.length < S.view.history.length) return;
  const changed = !S.view || view.history.length !== S.view.history.length;
  // Anything new happened: gathered tool steps and half-made selections no longer apply.
  if (changed) {
    if (S.gather && S.gather.base !== view.history.length) S.gather = null;
    S.selection = null;
  }
  S.view = view;
  if (token && mySeat(view) !== null) rememberToken(gameId, mySeat(view), token);
  render();
}

/** GET the view once. Answers false when retrying is pointless (no such game, bad token). */
async function loadView() {
  try {
    const query = token ? `?token=${encodeURIComponent(token)}` : "";
    applyView(await api("GET", `${API}/view${query}`));
  } catch (err) {
    // A dropped connection is shown by the connection badge; say it here only at first load.
    if (err.status !== 0 || !S.view) showError(err.message);
    if (err.status === 403 || err.status === 404) {
      socket.refused = true;
      setConnection("not connected", "down");
      return false;
    }
  }
  return true;
}

/** WebSocket with reconnection: 1 s, 2 s, 4 s … up to 15 s between tries. */
const socket = { ws: null, attempt: 0, timer: null, refused: false };

function connect() {
  const scheme = location.protocol === "https:" ? "wss" : "ws";
  const query = token ? `?token=${encodeURIComponent(token)}` : "";
  const ws = new WebSocket(`${scheme}://${location.host}${API}/ws${query}`);
  socket.ws = ws;
  setConnection("connecting…", "connecting");
  ws.addEventListener("open", () => {
    socket.attempt = 0;
    setConnection("live", "live");
  });
  ws.addEventListener("message", (event) => {
    let message;
    try {
      message = JSON.parse(event.data);
    } catch {
      return;
    }
    if (message.type === "view") applyView(message.view);
    else if (message.type === "error") showError(message.detail);
  });
  ws.addEventListener("close", (event) => {
    if (socket.ws !== ws || socket.refused) return;
    // 4000 + an HTTP status: the server refused (no such game, wrong token): do not retry.
    if (event.code >= 4000 && event.code < 5000) {
      setConnection("not connected", "down");
      showError(event.reason || `the server refused the connection (${event.code - 4000})`);
      return;
    }
    const delay = Math.min(15000, 1000 * 2 ** socket.attempt);
    socket.attempt += 1;
    setConnection(`reconnecting in ${Math.round(delay / 1000)} s…`, "down");
    clearTimeout(socket.timer);
    socket.timer = setTimeout(async () => {
      // While the socket was down we may have missed views: ask once, then reconnect.
      await loadView();
      if (!socket.refused) connect();
    }, delay);
  });
}

function setConnection(text, state) {
  const box = $("connection");
  box.textContent = text;
  box.dataset.state = state;
}

/** Commit actions: one, or a whole tool sequence applied together or not at all. */
async function commit(actions) {
  S.busy = true;
  document.body.classList.add("busy");
  try {
    // seq: the actions seen; the server refuses the request if the game has moved on (or if
    // this is a repeat, say a double click), so a turn is never played twice.
    const seq = S.view.history.length;
    const body = actions.length === 1 ? { token, action: actions[0], seq } : { token, actions, seq };
    const view = await api("POST", `${API}/actions`, body);
    S.gather = null;
    S.selection = null;
    showError("");
    applyView(view);
  } catch (err) {
    S.gather = null;
    showError(err.message);
  } finally {
    S.busy = false;
    document.body.classList.remove("busy");
    render();
  }
}

/**
 * Ask the server what may follow the gathered steps. The tool is committed as a whole when it
 * is complete, or when the last step rolls or draws dice (`chance`): the server will not
 * preview past such a step, as its result must not be seen before it is committed.
 */
async function runPreview() {
  S.busy = true;
  document.body.classList.add("busy");
  let preview;
  try {
    preview = await api("POST", `${API}/preview`, { token, actions: S.gather.steps });
  } catch (err) {
    showError(err.message);
    // Forget the refused step; if it was the card itself, there is nothing left to gather.
    S.gather.steps.pop();
    if (!S.gather.steps.length) S.gather = null;
    S.busy = false;
    document.body.classList.remove("busy");
    render();
    return;
  }
  S.busy = false;
  document.body.classList.remove("busy");
  showError("");
  if (preview.complete || preview.chance) {
    await commit(S.gather.steps);
    return;
  }
  S.gather.preview = preview;
  render();
}

/** The player chose an action (any click that names a full legal action ends up here). */
async function choose(action) {
  if (S.busy || S.replay) return;
  S.selection = null;
  if (S.gather) {
    S.gather.steps.push(action);
    await runPreview();
    return;
  }
  const chosen = currentActions().find((a) => a.notation === action);
  if (chosen && chosen.kind === "tool") {
    // A tool is gathered step by step and previewed; nothing is sent until it is whole.
    S.gather = { steps: [action], preview: null, base: S.view.history.length };
    await runPreview();
    return;
  }
  // Ordinary actions, and the steps of a tool already committed (after a chance step), are
  // sent one by one.
  await commit([action]);
}

function cancelTool() {
  if (!S.gather) return;
  S.gather = null;
  S.selection = null;
  showError("");
  render();
}

// -- click handlers ------------------------------------------------------------------------------

function onPoolDie(die) {
  const m = actionModel(currentActions());
  if (m.poolPick.has(die)) return choose(m.poolPick.get(die));
  toggleSelection({ kind: "pool", die });
}

function onOwnDie(die) {
  const m = actionModel(currentActions());
  if (m.ownPick.has(die)) return choose(m.ownPick.get(die));
  toggleSelection({ kind: "own", die });
}

function toggleSelection(selection) {
  const same =
    S.selection && S.selection.kind === selection.kind && S.selection.die === selection.die && S.selection.cell === selection.cell;
  S.selection = same ? null : selection;
  render();
}

function onCell(cell) {
  const m = actionModel(currentActions());
  const sel = S.selection;
  if (sel && sel.kind === "pool" && m.poolPlace.get(sel.die)?.has(cell)) return choose(m.poolPlace.get(sel.die).get(cell));
  if (sel && sel.kind === "own" && m.ownPlace.get(sel.die)?.has(cell)) return choose(m.ownPlace.get(sel.die).get(cell));
  if (sel && sel.kind === "move" && m.moves.get(sel.cell)?.has(cell)) return choose(m.moves.get(sel.cell).get(cell));
  if (m.put.has(cell)) return choose(m.put.get(cell));
  if (m.moves.has(cell)) return toggleSelection({ kind: "move", cell });
  if (sel) {
    S.selection = null;
    render();
  }
}

// -- rendering -------------------------------------------------------------------------------------

/** Re-render everything, keeping keyboard focus on the "same" element (by data-key). */
function render() {
  const focusKey = document.activeElement && document.activeElement.dataset ? document.activeElement.dataset.key : null;
  const view = shownView();
  document.body.classList.toggle("replaying", Boolean(S.replay));
  if (!view) return;
  const model = actionModel(currentActions());
  renderHeader(view);
  renderActionBar(view, model);
  renderSetup(view, model);
  renderPlayers(view, model);
  renderPool(view, model);
  renderTrack(view, model);
  renderTools(view, model);
  renderPublics(view);
  renderBag(view);
  renderLog();
  renderEnd();
  renderReplayBanner();
  if (focusKey) {
    const again = document.querySelector(`[data-key="${CSS.escape(focusKey)}"]`);
    if (again && !again.disabled) again.focus();
  }
}

function renderHeader(view) {
  const seat = mySeat(S.view);
  $("game-title").textContent = `Game ${gameId} · ${seat === null ? "watching" : playerName(seat)} · round ${view.round}`;
  document.title = `Sagrada — game ${gameId}`;
  const turn = byTestId("turn-indicator");
  let text;
  let mine = false;
  if (view.phase === "over") text = "Game over";
  else if (S.replay) text = `${playerName(view.current_player)} to play`;
  else if (view.phase === "setup") {
    mine = view.current_player === seat;
    text = mine ? "Your turn: choose a window" : `${playerName(view.current_player)} is choosing a window`;
  } else {
    mine = view.current_player === seat;
    text = mine ? "Your turn" : `${playerName(view.current_player)}'s turn`;
  }
  if (S.replay) text = `Replay · ${text}`;
  turn.textContent = text;
  turn.classList.toggle("mine", mine && !S.replay);
  turn.dataset.seat = String(view.current_player);
}

function renderActionBar(view, model) {
  const decision = S.gather && S.gather.preview ? S.gather.preview.decision : view.decision;
  const text = S.replay ? `Replay: ${namePlayers(view.decision, view)}` : namePlayers(decision || "", view);
  byTestId("decision").textContent = text;
  $("hint").textContent = hintText(view, model);

  const hand = $("hand");
  hand.replaceChildren();
  if (view.held_die) {
    hand.append(el("span", { class: "hand-label", text: "In hand:" }), el("span", { class: "die-static", role: "img", "aria-label": `in hand: ${dieLabel(view.held_die)}`, "data-testid": "held-die", "data-die": view.held_die }, dieFace(view.held_die)));
  }

  $("choices").replaceChildren(
    ...model.buttons.map((action) =>
      el("button", {
        type: "button",
        class: "choice",
        "data-testid": "choice-button",
        "data-action": action.notation,
        "data-key": `choice:${action.notation}`,
        "aria-label": choiceLabel(action),
        text: choiceText(action),
        onclick: () => choose(action.notation),
      }),
    ),
  );

  const pass = byTestId("pass-button");
  pass.disabled = !model.pass || S.busy;
  pass.hidden = Boolean(S.gather) || Boolean(S.replay) || view.phase !== "play" || mySeat(S.view) === null;
  byTestId("cancel-tool").hidden = !S.gather;
}

/** The text of a choice button, from the action's kind. */
function choiceText(action) {
  return { increase: "+1", decrease: "−1", stop: "Stop", return: "Return to pool" }[action.kind] || action.notation;
}

function choiceLabel(action) {
  switch (action.kind) {
    case "increase": return "raise the die by 1";
    case "decrease": return "lower the die by 1";
    case "value": return `give the die the value ${action.value}`;
    case "stop": return "stop the tool";
    case "return": return "put the die back in the Draft Pool";
    default: return action.notation;
  }
}

/** One line telling the player what to click, derived from the clickable actions. */
function hintText(view, m) {
  if (S.replay) return "Use the replay controls below the scores to step through the game.";
  const seat = mySeat(S.view);
  if (seat === null) return "You are watching this game.";
  if (view.phase === "over") return "";
  if (!currentActions().length) {
    return view.phase === "play" ? "Waiting for the other players. Click a Draft Pool die to see where it could go." : "Waiting for the other players.";
  }
  const parts = [];
  if (m.windows.size) parts.push("choose one of your window patterns");
  if (S.selection && S.selection.kind === "move") parts.push(`click where the die on ${S.selection.cell} goes`);
  else if (S.selection && (S.selection.kind === "pool" || S.selection.kind === "own")) parts.push(`click a highlighted space for the ${dieLabel(S.selection.die)}`);
  else {
    if (m.poolPlace.size) parts.push("click a Draft Pool die, then a highlighted space");
    if (m.ownPlace.size) parts.push("click a die of your own pool, then a highlighted space");
    if (m.poolPick.size) parts.push("click a highlighted Draft Pool die");
    if (m.ownPick.size) parts.push("click a highlighted die of your own pool");
    if (m.put.size) parts.push("click a highlighted space");
    if (m.moves.size) parts.push("click a highlighted die of your window, then where it goes");
    if (m.track.size) parts.push("click a highlighted Round Track die");
    if (m.tools.size) parts.push("use a tool card");
    if (m.buttons.length) parts.push("use a button");
    if (m.pass) parts.push("pass");
  }
  if (S.gather) parts.push("or Cancel (Esc)");
  const text = parts.join(", ");
  return text ? text[0].toUpperCase() + text.slice(1) + "." : "";
}

/** Setup: the four window patterns dealt to this seat, as buttons. */
function renderSetup(view, model) {
  const box = $("setup");
  const seat = mySeat(S.view);
  const me = seat === null ? null : view.players[seat];
  const options = me && me.window_options;
  if (!options || view.phase !== "setup" || S.replay) {
    box.hidden = true;
    box.replaceChildren();
    return;
  }
  box.hidden = false;
  box.replaceChildren(
    el("h2", { text: model.windows.size ? "Choose your window" : "Your window options" }),
    el(
      "div",
      { class: "options" },
      options.map((option, i) => {
        const n = i + 1;
        const action = model.windows.get(n);
        return el(
          "button",
          {
            type: "button",
            class: `window-option${action ? " legal" : ""}`,
            "data-testid": `window-option-${n}`,
            "data-key": `option:${n}`,
            disabled: !action,
            "aria-label": `window option ${n}: ${option.name}, difficulty ${option.difficulty}`,
            onclick: () => action && choose(action),
          },
          el("span", { class: "option-name", text: option.name }),
          el("span", { class: "difficulty", text: `${"●".repeat(option.difficulty)} ${option.difficulty} favor tokens` }),
          patternGrid(option.grid),
        );
      }),
    ),
  );
}

/** A pattern grid without dice (window options), not interactive. */
function patternGrid(grid) {
  return el(
    "span",
    { class: "window small", "aria-hidden": "true" },
    CELLS.map((cell) => el("span", { class: "cell" }, spaceFace(restrictionAt(grid, cell)))),
  );
}

/** The windows: this seat's (larger) on its own, then the others in seat order. */
function renderPlayers(view, model) {
  const seat = mySeat(S.view);
  const me = view.players.find((p) => p.seat === seat);
  $("me").hidden = !me;
  $("me").replaceChildren(...(me ? [playerPanel(view, me, true, model)] : []));
  $("others").replaceChildren(...view.players.filter((p) => p.seat !== seat).map((p) => playerPanel(view, p, false, model)));
  applyScoreHighlight();
}

function playerPanel(view, player, mine, model) {
  const seat = player.seat;
  const current = view.phase !== "over" && view.current_player === seat;
  const winner = view.phase === "over" && (view.winners || []).includes(seat);
  const head = el(
    "div",
    { class: "player-head" },
    el("span", { class: "player-name", text: playerName(seat, S.view) + (mine ? " (you)" : "") }),
    view.start_player === seat ? el("span", { class: "badge", title: "start player this round", text: "start" }) : null,
    current ? el("span", { class: "badge turn", text: "to play" }) : null,
    winner ? el("span", { class: "badge win", text: "winner" }) : null,
    view.solo ? null : el("span", { class: "favor", title: "favor tokens", "data-testid": "favor-tokens", text: `◉ ${player.favor_tokens}` }),
  );
  const body = [head];
  if (player.window) {
    body.push(el("div", { class: "window-name", text: `${player.window.name} · difficulty ${player.window.difficulty}` }));
    body.push(windowGrid(view, player, mine, model));
  } else {
    body.push(el("p", { class: "hint", text: view.phase === "setup" ? "choosing a window…" : "no window" }));
  }
  if (player.private_objectives) body.push(privateObjectives(player.private_objectives));
  if (player.private_dice_pool) body.push(ownPool(view, player, mine, model));
  return el(
    "article",
    { class: `player${mine ? " mine" : ""}${current ? " current" : ""}`, "data-testid": "player", "data-seat": String(seat) },
    body,
  );
}

/** Which of my cells to highlight, and whether clicking them does anything. */
function highlightedCells(view, model) {
  const sel = S.selection;
  if (sel && sel.kind === "pool") {
    if (model.poolPlace.has(sel.die)) return { cells: new Set(model.poolPlace.get(sel.die).keys()), readonly: false };
    return { cells: new Set((view.placements || {})[sel.die] || []), readonly: true };
  }
  if (sel && sel.kind === "own") {
    if (model.ownPlace.has(sel.die)) return { cells: new Set(model.ownPlace.get(sel.die).keys()), readonly: false };
    return { cells: new Set((view.own_placements || {})[sel.die] || []), readonly: true };
  }
  if (sel && sel.kind === "move") return { cells: new Set(model.moves.get(sel.cell)?.keys() || []), readonly: false };
  return { cells: new Set([...model.put.keys(), ...model.moves.keys()]), readonly: false };
}

function windowGrid(view, player, mine, model) {
  const seat = player.seat;
  const { cells: legal, readonly } = mine ? highlightedCells(view, model) : { cells: new Set(), readonly: true };
  const grid = el("div", { class: "window", "data-testid": "window", "data-seat": String(seat), role: "group", "aria-label": `${playerName(seat, S.view)}'s window` });
  player.window.dice.forEach((die, i) => {
    const cell = CELLS[i];
    const restriction = restrictionAt(player.window.grid, cell);
    const classes = ["cell"];
    if (legal.has(cell)) classes.push("legal");
    if (legal.has(cell) && readonly) classes.push("readonly");
    if (mine && S.selection && S.selection.kind === "move" && S.selection.cell === cell) classes.push("selected");
    const label = `cell ${cell}, ${die ? dieLabel(die) : "empty"}, ${restrictionLabel(restriction)}`.replace("empty, ", "");
    grid.append(
      el(
        "button",
        {
          type: "button",
          class: classes.join(" "),
          "data-testid": "cell",
          "data-cell": cell,
          "data-seat": String(seat),
          "data-key": `cell:${seat}:${cell}`,
          "data-die": die || undefined,
          tabindex: mine ? undefined : "-1",
          "aria-label": die ? `cell ${cell}, ${dieLabel(die)}` : `cell ${cell}, ${restrictionLabel(restriction)}`,
          onclick: mine ? () => onCell(cell) : undefined,
          title: label,
        },
        die ? dieFace(die) : spaceFace(restriction),
      ),
    );
  });
  return grid;
}

function privateObjectives(names) {
  return el(
    "div",
    { class: "privates", "data-testid": "private-objectives" },
    el("span", { class: "label", text: names.length > 1 ? "Private objectives:" : "Private objective:" }),
    names.map((name) => {
      const card = CARDS.private_objectives.find((o) => o.name === name) || {};
      const colour = card.colour || null;
      const mask = card.spaces && card.spaces.length ? card.spaces : null;
      return el(
        "span",
        { class: "private", "data-testid": "private-objective", title: mask ? `sum of the dice on the marked spaces (${mask.join(" ")})` : `sum of the ${colour ? COLOURS[colour].name : ""} dice` },
        colour ? el("span", { class: `swatch colour-${colour}` }, glyph(colour)) : null,
        mask ? maskMap(mask) : null,
        name,
      );
    }),
  );
}

function maskMap(mask) {
  const on = new Set(mask);
  return el("span", { class: "mask", "aria-hidden": "true" }, CELLS.map((c) => el("span", { class: on.has(c) ? "on" : "" })));
}

function ownPool(view, player, mine, model) {
  const dice = player.private_dice_pool;
  const sel = S.selection;
  return el(
    "div",
    { class: "own-pool" },
    el("span", { class: "label", text: mine ? "Your dice:" : "Own dice:" }),
    dice.length
      ? dice.map((die, i) =>
          mine
            ? dieButton(die, {
                class: `die-button${model.ownPick.has(die) || model.ownPlace.has(die) ? " legal" : ""}${sel && sel.kind === "own" && sel.die === die ? " selected" : ""}`,
                "data-testid": "own-die",
                "data-die": die,
                "data-key": `own:${die}:${i}`,
                onclick: () => onOwnDie(die),
              })
            : el("span", { class: "die-static", role: "img", "aria-label": dieLabel(die), "data-testid": "other-own-die", "data-die": die }, dieFace(die)),
        )
      : el("span", { class: "hint", text: "none" }),
  );
}

function renderPool(view, model) {
  const sel = S.selection;
  const dice = view.draft_pool || [];
  $("draft-pool").replaceChildren(
    ...(dice.length
      ? dice.map((die, i) =>
          dieButton(die, {
            class: `die-button${model.poolPick.has(die) || model.poolPlace.has(die) ? " legal" : ""}${sel && sel.kind === "pool" && sel.die === die ? " selected" : ""}`,
            "data-testid": "pool-die",
            "data-die": die,
            "data-key": `pool:${die}:${i}`,
            "aria-pressed": sel && sel.kind === "pool" && sel.die === die ? "true" : "false",
            onclick: () => onPoolDie(die),
          }),
        )
      : [el("span", { class: "hint", text: view.phase === "setup" ? "dice are drawn once every window is chosen" : "empty" })]),
  );
}

function renderTrack(view, model) {
  const slots = (view.round_track || []).map((dice, i) => {
    const round = i + 1;
    return el(
      "div",
      { class: `track-slot${round === view.round && view.phase === "play" ? " now" : ""}`, "data-round": String(round) },
      el("span", { class: "round-no", text: String(round) }),
      dice.map((die, j) => {
        const key = `r${round}:${die}`;
        const action = model.track.get(key);
        return dieButton(die, {
          class: `die-button small${action ? " legal" : ""}`,
          "data-testid": "track-die",
          "data-action": key,
          "data-die": die,
          "data-key": `track:${round}:${j}`,
          "aria-label": `round ${round}: ${dieLabel(die)}`,
          tabindex: action ? undefined : "-1",
          onclick: () => action && choose(action),
        });
      }),
    );
  });
  $("round-track").replaceChildren(...slots);
}

function renderTools(view, model) {
  $("tools").replaceChildren(
    ...(view.tools || []).map((tool) => {
      const action = model.tools.get(tool.number);
      const inUse = view.tool_in_use === tool.number;
      const cost = tool.favor_tokens > 0 ? 2 : 1;
      return el(
        "button",
        {
          type: "button",
          class: `card tool colour-edge-${tool.colour}${action ? " legal" : ""}${inUse ? " in-use" : ""}${tool.used ? " used" : ""}`,
          "data-testid": "tool-card",
          "data-tool": String(tool.number),
          "data-key": `tool:${tool.number}`,
          "aria-disabled": action ? "false" : "true",
          "aria-label": `tool ${tool.number}, ${tool.name}${action ? ", usable" : ""}: ${tool.text} ${tool.restriction || ""}`,
          onclick: () => action && choose(action),
        },
        el("span", { class: "card-title" }, el("span", { class: `swatch colour-${tool.colour}` }, glyph(tool.colour)), `${tool.number}. ${tool.name}`),
        el("span", { class: "card-text", text: tool.text }),
        tool.restriction ? el("span", { class: "card-restriction", text: tool.restriction }) : null,
        el(
          "span",
          { class: "card-foot" },
          view.solo
            ? tool.used
              ? el("span", { class: "badge used", text: "used" })
              : el("span", { class: "hint", text: `pay with a ${COLOURS[tool.colour].name} die` })
            : el("span", { class: "tokens", "data-testid": "tool-tokens", text: `◉ ${tool.favor_tokens} on card · costs ${cost}` }),
          inUse ? el("span", { class: "badge turn", text: "in use" }) : null,
        ),
      );
    }),
  );
}

function renderPublics(view) {
  $("publics").replaceChildren(
    ...(view.public_objectives || []).map((o) =>
      el(
        "div",
        { class: "card public", "data-testid": "public-objective", "data-id": o.id },
        el("span", { class: "card-title", text: o.name }),
        el("span", { class: "card-text", text: o.text }),
        el("span", { class: "vp", text: `${o.vp} VP per ${o.unit}` }),
      ),
    ),
  );
}

function renderBag(view) {
  const bag = view.bag || {};
  $("bag").replaceChildren(
    ...Object.keys(COLOURS).map((c) =>
      el(
        "span",
        { class: "bag-count", "data-colour": c, "aria-label": `${bag[c] ?? 0} ${COLOURS[c].name} dice in the bag` },
        el("span", { class: `swatch colour-${c}` }, glyph(c)),
        String(bag[c] ?? 0),
      ),
    ),
    el("span", { class: "hint", text: ` ${Object.values(bag).reduce((a, b) => a + b, 0)} dice` }),
  );
}

/** A few words saying what an action did, next to its notation in the log (the action as
 * the engine describes it: kind and fields). */
function describe(action) {
  switch (action.kind) {
    case "pattern": return `chose window option ${action.option}`;
    case "tool": {
      const tool = (S.view.tools || []).find((t) => t.number === action.tool);
      return `used ${tool ? tool.name : `tool ${action.tool}`}`;
    }
    case "pass": return "ended the turn";
    case "stop": return "stopped the tool";
    case "return": return "put the die back in the Draft Pool";
    case "increase": return "raised the die";
    case "decrease": return "lowered the die";
    case "value": return `set the die to ${action.value}`;
    case "pay": return `paid with the ${dieLabel(action.die)}`;
    case "own_draft": return `placed the own ${dieLabel(action.die)} on ${action.cell}`;
    case "own_choose": return `took the own ${dieLabel(action.die)}`;
    case "draft": return `placed the ${dieLabel(action.die)} on ${action.cell}`;
    case "choose": return `took the ${dieLabel(action.die)}`;
    case "put": return `placed the die on ${action.cell}`;
    case "move": return `moved the die on ${action.from} to ${action.to}`;
    case "track": return `took the ${dieLabel(action.die)} from round ${action.round}`;
    default: return "";
  }
}

function renderLog() {
  // The log is the live history; in a replay, the steps not yet replayed are dimmed.
  const history = (S.view && S.view.history_actions) || [];
  const upTo = S.replay ? S.replay.n : history.length;
  const log = $("log");
  const atBottom = log.scrollHeight - log.scrollTop - log.clientHeight < 30;
  log.replaceChildren(
    ...history.map((action, i) =>
      el(
        "li",
        { class: i >= upTo ? "future" : i === upTo - 1 && S.replay ? "here" : "", "data-index": String(i + 1) },
        el("code", { text: action.notation }),
        " ",
        el("span", { class: "hint", text: describe(action) }),
      ),
    ),
  );
  if (S.gather) {
    log.append(el("li", { class: "pending" }, el("code", { text: S.gather.steps.join(" ") }), " ", el("span", { class: "hint", text: "(not sent yet)" })));
  }
  // Newest at the bottom: keep the log scrolled there unless the reader scrolled up; in a
  // replay, keep the replayed step in sight (without scrolling the page itself).
  const here = log.querySelector("li.here");
  if (S.replay && here) log.scrollTop = here.offsetTop - log.clientHeight / 2;
  else if (S.replay && upTo === 0) log.scrollTop = 0;
  else if (atBottom || !log.dataset.rendered) log.scrollTop = log.scrollHeight;
  log.dataset.rendered = "1";
}

// -- end of the game: scores, highlights, replay -------------------------------------------------

function renderEnd() {
  const box = $("end");
  const view = S.view;
  if (!view || view.phase !== "over" || !view.scores) {
    box.hidden = true;
    return;
  }
  box.hidden = false;
  // The table and the replay controls are built once; a re-render only refreshes the slider.
  if (box.dataset.built !== String(view.history.length)) {
    box.dataset.built = String(view.history.length);
    box.replaceChildren(el("h2", { text: "Final scores" }), outcomeLine(view), scoreTable(view), replayControls(view));
  }
  const slider = byTestId("replay-slider");
  if (slider) slider.value = String(S.replay ? S.replay.n : view.history.length);
  const label = $("replay-position");
  if (label) label.textContent = replayLabel();
}

function outcomeLine(view) {
  const winners = (view.winners || []).map((s) => playerName(s));
  let text;
  if (view.solo) {
    const total = view.scores[0].total;
    text = `Target score ${view.target}: ${total} points — ${total > view.target ? "you win!" : "the target wins."}`;
  } else {
    text = winners.length > 1 ? `Shared victory: ${winners.join(", ")}` : `Winner: ${winners[0] ?? "—"}`;
  }
  return el("p", { class: "outcome", "data-testid": "outcome", text });
}

/**
 * The parts of a score keyed by table row: public objectives, favor tokens and open spaces by
 * name; private objectives by position, as every player has their own card.
 */
function keyedParts(score) {
  let privates = 0;
  return score.parts.map((part) => {
    if (part.kind === "private") {
      privates += 1;
      return { key: `private:${privates}`, label: privates > 1 ? `Private objective ${privates}` : "Private objective", part };
    }
    return { key: part.name, label: part.name, part };
  });
}

function scoreTable(view) {
  // Rows in the server's order (publics, privates, favor tokens, open spaces).
  const rows = [];
  for (const score of view.scores) {
    for (const { key, label } of keyedParts(score)) if (!rows.some((r) => r.key === key)) rows.push({ key, label });
  }
  const head = el("tr", {}, el("th", { scope: "col", text: "" }), view.scores.map((_, seat) => el("th", { scope: "col", text: playerName(seat) })));
  const body = rows.map(({ key, label }) =>
    el(
      "tr",
      {},
      el("th", {
        scope: "row",
        text: label,
        tabindex: "0",
        class: "part-name",
        title: "highlight the dice that earned this, in every window",
        onmouseenter: () => highlightPart(null, key),
        onmouseleave: () => highlightPart(null, null),
        onfocus: () => highlightPart(null, key),
        onblur: () => highlightPart(null, null),
      }),
      view.scores.map((score, seat) => {
        const entry = keyedParts(score).find((p) => p.key === key);
        if (!entry) return el("td", { text: "" });
        const { part } = entry;
        const counted = part.counted !== false;
        const formula = (part.kind === "private" ? `${part.name}: ` : "") + part.formula + (counted ? "" : " · not counted");
        return el(
          "td",
          {},
          el(
            "button",
            {
              type: "button",
              class: `score-part${counted ? "" : " not-counted"}`,
              "data-testid": "score-part",
              "data-seat": String(seat),
              "data-part": part.name,
              "data-key": `score:${seat}:${key}`,
              "data-row": key,
              title: formula,
              "aria-label": `${playerName(seat)}, ${part.name}: ${counted ? part.points : 0} points, ${formula}`,
              onmouseenter: () => highlightPart(seat, key),
              onmouseleave: () => highlightPart(null, null),
              onfocus: () => highlightPart(seat, key),
              onblur: () => highlightPart(null, null),
              onclick: () => pinPart(seat, key),
            },
            el("span", { class: "points", text: String(counted ? part.points : 0) }),
            el("span", { class: "formula", text: formula }),
          ),
        );
      }),
    ),
  );
  const total = el("tr", { class: "total" }, el("th", { scope: "row", text: "Total" }), view.scores.map((s) => el("td", { "data-testid": "score-total", "data-seat": String(view.scores.indexOf(s)), text: String(s.total) })));
  return el("div", { class: "table-scroll" }, el("table", { class: "scores", "data-testid": "score-table" }, el("thead", {}, head), el("tbody", {}, body, total)));
}

let hovered = null; // {seat, part}: the score part under the pointer or focus

function highlightPart(seat, part) {
  hovered = part ? { seat, part } : null;
  applyScoreHighlight();
}

function pinPart(seat, part) {
  const same = S.scorePin && S.scorePin.seat === seat && S.scorePin.part === part;
  S.scorePin = same ? null : { seat, part };
  applyScoreHighlight();
}

/** Mark the cells that earned the hovered (or pinned) part: seat null means every player. */
function applyScoreHighlight() {
  document.querySelectorAll(".cell.scored").forEach((c) => c.classList.remove("scored"));
  document.querySelectorAll(".score-part.pinned").forEach((c) => c.classList.remove("pinned"));
  const view = S.view;
  if (!view || !view.scores) return;
  if (S.scorePin) {
    document.querySelector(`.score-part[data-seat="${S.scorePin.seat}"][data-row="${CSS.escape(S.scorePin.part)}"]`)?.classList.add("pinned");
  }
  const focus = hovered || S.scorePin;
  if (!focus) return;
  view.scores.forEach((score, seat) => {
    if (focus.seat !== null && focus.seat !== seat) return;
    const entry = keyedParts(score).find((p) => p.key === focus.part);
    for (const cell of (entry && entry.part.cells) || []) {
      document.querySelector(`[data-testid="window"][data-seat="${seat}"] [data-cell="${cell}"]`)?.classList.add("scored");
    }
  });
}

function replayControls(view) {
  const total = view.history.length;
  const slider = el("input", {
    type: "range",
    min: "0",
    max: String(total),
    value: String(total),
    step: "1",
    "data-testid": "replay-slider",
    "aria-label": "replay position (actions played)",
    oninput: (e) => scheduleReplay(Number(e.target.value)),
  });
  const step = (delta) => () => scheduleReplay((S.replay ? S.replay.n : total) + delta, 0);
  return el(
    "div",
    { class: "replay", "data-testid": "replay" },
    el("h3", { text: "Replay" }),
    el(
      "div",
      { class: "replay-row" },
      el("button", { type: "button", "data-testid": "replay-first", "aria-label": "first step", text: "«", onclick: () => scheduleReplay(0, 0) }),
      el("button", { type: "button", "data-testid": "replay-prev", "aria-label": "previous step", text: "◀", onclick: step(-1) }),
      slider,
      el("button", { type: "button", "data-testid": "replay-next", "aria-label": "next step", text: "▶", onclick: step(1) }),
      el("button", { type: "button", "data-testid": "replay-last", "aria-label": "last step", text: "»", onclick: () => scheduleReplay(total, 0) }),
      el("button", { type: "button", "data-testid": "replay-exit", text: "Final position", onclick: exitReplay }),
    ),
    el("p", { id: "replay-position", class: "hint", "aria-live": "polite", text: replayLabel() }),
  );
}

function replayLabel() {
  const total = S.view ? S.view.history.length : 0;
  if (!S.replay) return `Showing the final position (${total} actions). Move the slider to replay the game.`;
  const last = S.replay.n > 0 ? S.view.history_actions[S.replay.n - 1] : null;
  return `After ${S.replay.n} of ${total} actions${last ? `: ${last.notation} (${describe(last)})` : " (the start)"}.`;
}

let replayTimer = null;
let replayWanted = null;

/** Slider moves come fast: fetch only the position the slider rests on. */
function scheduleReplay(n, delay = 120) {
  const total = S.view.history.length;
  replayWanted = Math.max(0, Math.min(total, n));
  clearTimeout(replayTimer);
  replayTimer = setTimeout(() => loadReplay(replayWanted), delay);
}

async function loadReplay(n) {
  try {
    const view = await api("GET", `${API}/replay/${n}`);
    if (n !== replayWanted) return;
    S.replay = { n, view };
    S.selection = null;
    render();
  } catch (err) {
    showError(err.message);
  }
}

function exitReplay() {
  S.replay = null;
  render();
}

function renderReplayBanner() {
  const banner = $("replay-banner");
  banner.hidden = !S.replay;
  if (S.replay) banner.textContent = `Replay: ${replayLabel()}`;
}

// -- start --------------------------------------------------------------------------------------

function init() {
  setupColourBlindToggle(byTestId("colour-blind-toggle"));
  byTestId("pass-button").addEventListener("click", () => {
    const m = actionModel(currentActions());
    if (m.pass) choose(m.pass);
  });
  byTestId("cancel-tool").addEventListener("click", cancelTool);
  document.addEventListener("keydown", (event) => {
    if (event.key !== "Escape") return;
    if (S.gather) cancelTool();
    else if (S.selection) {
      S.selection = null;
      render();
    } else if (S.scorePin) pinPart(S.scorePin.seat, S.scorePin.part);
  });
  if (invite && !token) {
    redeemInvite();
    return;
  }
  // The cards first (names and spaces of the objectives); then the first view by REST (quick,
  // and it tells a bad link at once); then live updates.
  api("GET", "/api/cards")
    .then((cards) => (CARDS = cards))
    .catch(() => {})
    .then(() => loadView())
    .then((ok) => ok && connect());
}

/** Exchange the invite code for a seat token (once), then reload the page with the token. */
async function redeemInvite() {
  const remembered = rememberedTokens()[gameId];
  if (remembered && remembered.token) {
    location.replace(gameUrl(gameId, remembered.token));
    return;
  }
  try {
    const seat = await api("POST", `${API}/join`, { invite });
    rememberToken(gameId, seat.seat, seat.token);
    location.replace(gameUrl(gameId, seat.token));
  } catch (err) {
    showError(err.message);
  }
}

init();
