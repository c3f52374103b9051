// Drawing the table: the window options at setup, the players (windows, private objectives,
// own dice), the Draft Pool, the Round Track, the tool cards, the public objectives and the bag.
// (The masterwork board is drawn by masterwork.js, the orange masterwork dice by orange.js, the
// apprentice cards and the mark of the apprentice spaces by apprentice.js.)

import { COLOURS, CELLS, dieLabel, el, gems, glyph, dieFace, dieButton, spaceFace, restrictionLabel, restrictionAt, houseNote, cellWords, spacesMap } from "/static/common.js";
import { S, mySeat, playerName, $ } from "/static/shell/state.js";
import { CARDS } from "./model.js";
import { choose, stagedChoice } from "/static/shell/flow.js";
import { onPoolDie, onOwnDie, onCell } from "./clicks.js";
import { applyScoreHighlight } from "./end.js";
import { previewedAt, hoverPlacement } from "./masterwork.js";
import { masterworkFace, masterworkLabel } from "./orange.js";
import { apprenticeSpaces, apprenticeMark, playerApprentice } from "./apprentice.js";
import { lastMoves } from "./log.js";
import { clockBadge } from "/static/shell/clock.js";
import { cardPicture } from "/static/shell/pictures.js";
import { cardWords, tr } from "/static/i18n.js";

/** What one unit of a public objective is (the view's `unit`), in words with its points. */
const VP_UNITS = {
  row: "page.game.vp.row",
  column: "page.game.vp.column",
  set: "page.game.vp.set",
  die: "page.game.vp.die",
};

/** Setup: the four window patterns dealt to this seat, as buttons. */
export function renderSetup(view, model) {
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
  const spaces = apprenticeSpaces(view);
  box.replaceChildren(
    el("h2", { text: model.windows.size ? tr("page.game.choose_window") : tr("page.game.window_options") }),
    el(
      "div",
      { class: "options" },
      options.map((option, i) => {
        const n = i + 1;
        const action = model.windows.get(n);
        // What the choice gives, said one way: the favor tokens the engine gives for it (Life's
        // apprentice windows one fewer than their printed difficulty), drawn as as many dots;
        // in solo play, where there are none, the difficulty.
        const dots = view.solo ? option.difficulty : option.favor_tokens;
        const worth = view.solo ? tr("page.game.difficulty", { difficulty: option.difficulty }) : tr("page.game.favor_tokens", { n: option.favor_tokens });
        // A choice staged (Confirm each turn) waits for Confirm: it is marked as chosen.
        const staged = Boolean(action) && stagedChoice() === action;
        return el(
          "button",
          {
            type: "button",
            class: `window-option${action ? " legal" : ""}${staged ? " chosen" : ""}`,
            "data-testid": `window-option-${n}`,
            "data-key": `option:${n}`,
            disabled: !action,
            "aria-label": tr("page.game.window_option.label", { name: option.name, worth }),
            "aria-pressed": staged ? "true" : "false",
            onclick: () => action && choose(action),
          },
          el("span", { class: "option-name", text: option.name }),
          el("span", { class: "difficulty", "data-testid": "window-option-worth", "data-dots": String(dots), text: `${"●".repeat(dots)} ${worth}` }),
          patternGrid(option.grid, spaces),
        );
      }),
    ),
  );
}

/** A pattern grid without dice (window options), not interactive; `spaces` are marked as
 * apprentice spaces. */
function patternGrid(grid, spaces) {
  return el(
    "span",
    { class: "window small", "aria-hidden": "true" },
    CELLS.map((cell) =>
      el(
        "span",
        { class: `cell${spaces.has(cell) ? " apprentice-space" : ""}` },
        spaceFace(restrictionAt(grid, cell)),
        spaces.has(cell) ? apprenticeMark() : null,
      ),
    ),
  );
}

/** The windows: this seat's (larger) on its own, then the others in seat order. */
export function renderPlayers(view, model) {
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
    el("span", { class: "player-name", text: mine ? tr("page.game.you", { name: playerName(seat, S.view) }) : playerName(seat, S.view) }),
    view.start_player === seat ? el("span", { class: "badge", title: tr("page.game.badge.start.title"), text: tr("page.game.badge.start") }) : null,
    current ? el("span", { class: "badge turn", text: tr("page.game.badge.to_play") }) : null,
    current ? clockBadge(seat) : null,
    winner ? el("span", { class: "badge win", text: tr("page.game.badge.winner") }) : null,
    view.solo ? null : el("span", { class: "favor", title: tr("page.game.favor.title"), "data-testid": "favor-tokens" }, gems(player.favor_tokens), el("span", { class: "token-mark", text: "◉ " }), String(player.favor_tokens)),
  );
  const body = [head];
  if (player.window) {
    // The window by its name (a proper name, the same in every language); what its difficulty
    // gave is the favor tokens beside the player's name, said one way (Life's apprentice
    // windows give one fewer than their printed difficulty).
    body.push(el("div", { class: "window-name", text: player.window.name }));
    body.push(windowGrid(view, player, mine, model));
  } else {
    body.push(el("p", { class: "hint", text: view.phase === "setup" ? tr("page.game.choosing_window") : tr("page.game.no_window") }));
  }
  if (player.private_objectives) body.push(privateObjectives(player.private_objectives, player.private_objective_messages || []));
  if (player.private_dice_pool) body.push(ownPool(view, player, mine, model));
  body.push(playerApprentice(view, player));
  return el(
    "article",
    { class: `player${mine ? " mine" : ""}${current ? " current" : ""}`, "data-testid": "player", "data-seat": String(seat) },
    body,
  );
}

/** Which of my cells to highlight, and whether clicking them does anything. */
function highlightedCells(view, model) {
  const sel = S.selection;
  if (model.masterwork.size) return { cells: new Set(model.masterwork.keys()), readonly: false };
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
  const masterwork = new Map((player.masterwork_dice || []).map((entry) => [entry.cell, entry]));
  const apprentice = apprenticeSpaces(view);
  const moved = lastMoves(view).get(seat) || { placed: new Set(), left: new Set() };
  const grid = el("div", { class: "window", "data-testid": "window", "data-seat": String(seat), role: "group", "aria-label": tr("page.game.window.label", { name: playerName(seat, S.view) }) });
  player.window.dice.forEach((die, i) => {
    const cell = CELLS[i];
    const restriction = restrictionAt(player.window.grid, cell);
    const classes = ["cell"];
    if (legal.has(cell)) classes.push("legal");
    if (legal.has(cell) && readonly) classes.push("readonly");
    if (mine && S.selection && S.selection.kind === "move" && S.selection.cell === cell) classes.push("selected");
    if (apprentice.has(cell)) classes.push("apprentice-space");
    const placedLast = Boolean(die) && moved.placed.has(cell);
    const leftLast = !placedLast && moved.left.has(cell);
    if (placedLast) classes.push("last-move");
    if (leftLast) classes.push("last-move-from");
    // What else is said of the space: an apprentice space, the last move.
    const notes = [
      apprentice.has(cell) ? tr("page.game.cell.apprentice") : null,
      placedLast ? tr("page.game.cell.last_move") : leftLast ? tr("page.game.cell.moved_away") : null,
    ].filter(Boolean);
    const words = (...parts) => [...parts, ...notes].join(", ");
    const label = words(tr("page.game.cell", { cell }), ...(die ? [dieLabel(die)] : []), restrictionLabel(restriction));
    // A masterwork die is drawn from the view's entry for it (symbol, arrows, met); the die in
    // hand may be previewed on the legal cell under the pointer or focus, and a die turned
    // where it lies (by a tool) is previewed with the rotation chosen.
    const orange = masterwork.get(cell);
    const placing = mine && model.masterwork.has(cell);
    const previewed = placing && (!die || orange) ? previewedAt(model, cell, Boolean(orange)) : null;
    // The pane of glass, and the die lying on it (if any).
    let piece = null;
    if (previewed) piece = masterworkFace(previewed, { ghost: true });
    else if (orange) piece = masterworkFace(orange, { compact: !mine });
    else if (die) piece = dieFace(die);
    const orangeLabel = previewed ? tr("page.game.masterwork.if_placed", { die: masterworkLabel(previewed) }) : orange ? masterworkLabel(orange) : null;
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
          "data-met": orange ? String(orange.met) : undefined,
          tabindex: mine ? undefined : "-1",
          "aria-label": words(tr("page.game.cell", { cell }), orangeLabel || (die ? dieLabel(die) : restrictionLabel(restriction))),
          onclick: mine ? () => onCell(cell) : undefined,
          onmouseenter: placing ? () => hoverPlacement(cell) : undefined,
          onfocus: placing ? () => hoverPlacement(cell) : undefined,
          onmouseleave: placing ? () => hoverPlacement(null) : undefined,
          onblur: placing ? () => hoverPlacement(null) : undefined,
          title: orangeLabel ? `${cellWords(cell)}: ${words(orangeLabel)}` : label,
        },
        spaceFace(restriction),
        piece,
        apprentice.has(cell) ? apprenticeMark() : null,
      ),
    );
  });
  return grid;
}

/** A player's private objectives: `names` as the content gives them (English), `messages`
 * their names in the catalogues, where they translate them (else null). */
function privateObjectives(names, messages) {
  return el(
    "div",
    { class: "privates", "data-testid": "private-objectives" },
    el("span", { class: "label", text: tr("page.game.private_objectives", { n: names.length }) }),
    names.map((name, i) => {
      const card = CARDS.private_objectives.find((o) => o.name === name) || {};
      const colour = card.colour || null;
      const mask = card.spaces && card.spaces.length ? card.spaces : null;
      return el(
        "span",
        {
          class: "private",
          "data-testid": "private-objective",
          title: mask ? tr("page.game.private.spaces", { spaces: mask.map(cellWords).join("; ") }) : colour ? tr("page.game.private.colour", { colour }) : undefined,
        },
        colour ? el("span", { class: `swatch colour-${colour}` }, glyph(colour)) : null,
        mask ? spacesMap(mask) : null,
        cardWords({ name, name_message: messages[i] }, "name"),
      );
    }),
  );
}

function ownPool(view, player, mine, model) {
  const dice = player.private_dice_pool;
  const sel = S.selection;
  return el(
    "div",
    { class: "own-pool" },
    el("span", { class: "label", text: mine ? tr("page.game.your_dice") : tr("page.game.own_dice") }),
    dice.length
      ? dice.map((die, i) =>
          mine
            ? dieButton(die, {
                class: `die-button${model.ownPick.has(die) || model.ownPlace.has(die) ? " legal" : ""}${isSelected(sel, "own", die, i) ? " selected" : ""}`,
                "data-testid": "own-die",
                "data-die": die,
                "data-key": `own:${die}:${i}`,
                "aria-pressed": isSelected(sel, "own", die, i) ? "true" : "false",
                onclick: () => onOwnDie(die, i),
              })
            : el("span", { class: "die-static", role: "img", "aria-label": dieLabel(die), "data-testid": "other-own-die", "data-die": die }, dieFace(die)),
        )
      : el("span", { class: "hint", text: tr("page.game.none") }),
  );
}

/** Whether the die at `index` of a pool (`kind`) is the one selected: by its place, as two
 * equal dice are two dice (the die too, in case the pool changed under the selection). */
function isSelected(sel, kind, die, index) {
  return Boolean(sel) && sel.kind === kind && sel.die === die && sel.index === index;
}

export function renderPool(view, model) {
  const sel = S.selection;
  const dice = view.draft_pool || [];
  $("draft-pool").replaceChildren(
    ...(dice.length
      ? dice.map((die, i) =>
          dieButton(die, {
            class: `die-button${model.poolPick.has(die) || model.poolPlace.has(die) || model.slots.has(die) ? " legal" : ""}${isSelected(sel, "pool", die, i) ? " selected" : ""}`,
            "data-testid": "pool-die",
            "data-die": die,
            "data-key": `pool:${die}:${i}`,
            "aria-pressed": isSelected(sel, "pool", die, i) ? "true" : "false",
            onclick: () => onPoolDie(die, i),
          }),
        )
      : [el("span", { class: "hint", text: view.phase === "setup" ? tr("page.game.pool.setup") : tr("page.game.empty") })]),
  );
}

export function renderTrack(view, model) {
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
          "aria-label": tr("page.game.track_die", { round, die: dieLabel(die) }),
          tabindex: action ? undefined : "-1",
          onclick: () => action && choose(action),
        });
      }),
    );
  });
  $("round-track").replaceChildren(...slots);
}

export function renderTools(view, model) {
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
          "aria-label": tr(action ? "page.game.tool.label_usable" : "page.game.tool.label", {
            number: tool.number,
            name: cardWords(tool, "name"),
            text: `${cardWords(tool, "text")} ${cardWords(tool, "restriction")}`.trim(),
          }),
          onclick: () => action && choose(action),
        },
        el(
          "span",
          { class: "card-title" },
          el("span", { class: `swatch colour-${tool.colour}` }, glyph(tool.colour)),
          el("span", { text: `${tool.number}. ${cardWords(tool, "name")}` }),
          tool.house ? houseNote() : null,
          view.solo ? null : el("span", { class: "cost", "aria-hidden": "true", text: String(cost) }),
        ),
        el(
          "span",
          { class: "card-art" },
          cardPicture("tools", (card) => card.number === tool.number),
          // The favor tokens lying on the card (the foot says how many).
          !view.solo && tool.favor_tokens ? el("span", { class: "card-gems" }, gems(tool.favor_tokens)) : null,
        ),
        el("span", { class: "card-text", text: cardWords(tool, "text") }),
        tool.restriction ? el("span", { class: "card-restriction", text: cardWords(tool, "restriction") }) : null,
        el(
          "span",
          { class: "card-foot" },
          view.solo
            ? tool.used
              ? el("span", { class: "badge used", text: tr("page.game.tool.used") })
              : el("span", { class: "hint", text: tr("page.game.tool.pay_with", { colour: tool.colour }) })
            : el("span", { class: "tokens", "data-testid": "tool-tokens", text: tr("page.game.tool.tokens", { n: tool.favor_tokens, cost }) }),
          inUse ? el("span", { class: "badge turn", text: tr("page.game.tool.in_use") }) : null,
        ),
      );
    }),
  );
}

export function renderPublics(view) {
  $("publics").replaceChildren(
    ...(view.public_objectives || []).map((o) =>
      el(
        "div",
        { class: "card public", "data-testid": "public-objective", "data-id": o.id },
        el(
          "span",
          { class: "card-title" },
          el("span", { text: cardWords(o, "name") }),
          o.house ? houseNote() : null,
          el("span", { class: "vp", "aria-hidden": "true", text: String(o.vp) }),
        ),
        cardPicture("public_objectives", (card) => card.id === o.id),
        el("span", { class: "card-text", text: cardWords(o, "text") }),
        el("span", { class: "card-vp", text: o.unit in VP_UNITS ? tr(VP_UNITS[o.unit], { n: o.vp }) : tr("page.game.vp.other", { n: o.vp, unit: o.unit }) }),
      ),
    ),
  );
}

export function renderBag(view) {
  const bag = view.bag || {};
  $("bag").replaceChildren(
    ...Object.keys(COLOURS).map((c) =>
      el(
        "span",
        { class: "bag-count", "data-colour": c, "aria-label": tr("page.game.bag.colour", { n: bag[c] ?? 0, colour: c }) },
        el("span", { class: `swatch colour-${c}` }, glyph(c)),
        String(bag[c] ?? 0),
      ),
    ),
    el("span", { class: "hint", text: ` ${tr("page.game.bag.total", { n: Object.values(bag).reduce((a, b) => a + b, 0) })}` }),
  );
}
