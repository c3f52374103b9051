// After a game is created in the lobby (by a one-click start or any game's form): straight into
// the creator's seat, or, when the game waits for other people, first the invite link of every
// other person's seat, each with a copy button and a form to offer the seat to an account by
// its name, and a button into the creator's own seat.

import { api, copyText, el, gameInfo, gameUrl, rememberToken } from "/static/common.js";
import { tr } from "/static/i18n.js";

/** The invite link of a seat: the game page with the seat's one-time invite code in the
 * fragment, which no server sees (the page exchanges it by POST /join). */
function inviteUrl(gameId, invite, game) {
  return `${gameInfo(game).page}/${encodeURIComponent(gameId)}#invite=${encodeURIComponent(invite)}`;
}

/** Go to the page of a game just created (`game`: the answer of POST /api/games, a game of
 * `gameName`): the creator's seat (its token remembered in this browser), or, where every seat
 * is a bot's, the game to watch. */
export function enterGame(game, gameName) {
  const mine = game.seats.find((s) => s.token);
  if (mine) rememberToken(game.id, mine.seat, mine.token);
  location.href = gameUrl(game.id, mine ? mine.token : null, gameName);
}

/** After creating a game of `gameName` (the answer of POST /api/games, with the seats'
 * `names`): into the creator's seat at once when no other person is invited; else every
 * invited seat's link with a copy button, and "open my seat", in `box`. */
export function showCreated(box, game, names, gameName) {
  // The creator's seat comes with its token ("Open my seat"); every other person's seat with a
  // one-time invite code, which the invited player exchanges for a token of their own.
  const humans = game.seats.filter((s) => s.invite);
  if (!humans.length) {
    enterGame(game, gameName);
    return;
  }
  const mine = game.seats.find((s) => s.token);
  const rows = humans.map((seat) => {
    const url = new URL(inviteUrl(game.id, seat.invite, gameName), location.href).href;
    const input = el("input", {
      type: "text",
      readonly: true,
      value: url,
      class: "invite-link",
      "data-testid": "invite-link",
      "data-seat": String(seat.seat),
      "aria-label": tr("page.lobby.invite_link", { n: seat.seat + 1 }),
    });
    const copy = el("button", {
      type: "button",
      "data-testid": "copy-link",
      "data-seat": String(seat.seat),
      text: tr("page.lobby.copy"),
      onclick: async () => {
        const ok = await copyText(url);
        copy.textContent = tr(ok ? "page.lobby.copied" : "page.lobby.copy_by_hand");
        if (!ok) input.select();
        setTimeout(() => (copy.textContent = tr("page.lobby.copy")), 2000);
      },
    });
    return el(
      "div",
      { class: "invite" },
      el("span", { class: "invite-name", id: `invite-name-${seat.seat}`, text: tr("page.lobby.invite_name", { name: names[seat.seat], n: seat.seat + 1 }) }),
      input,
      copy,
      mine && offerForm(game.id, mine.token, seat.seat),
    );
  });
  let open;
  if (mine) {
    rememberToken(game.id, mine.seat, mine.token);
    open = el("a", {
      class: "button primary",
      href: gameUrl(game.id, mine.token, gameName),
      "data-testid": "open-seat",
      text: tr("page.lobby.open_my_seat", { name: names[mine.seat] }),
    });
  } else {
    open = el("a", { class: "button", href: gameUrl(game.id, null, gameName), "data-testid": "watch-created", text: tr("page.lobby.watch_created") });
  }
  box.replaceChildren(
    el("h3", { text: tr("page.lobby.created") }),
    el("p", { class: "hint", text: tr("page.lobby.created.invite") }),
    ...rows,
    el("p", { class: "created-open" }, open),
  );
  box.hidden = false;
  box.scrollIntoView({ block: "nearest" });
}

/** "Or offer this seat to an account": the seat `seat` of game `gameId` offered by name with
 * the creator's `token` (POST /api/games/{id}/offers); the server's refusal, or that it is
 * done, below it. Its field is described by its invite's name (`invite-name-SEAT`). */
function offerForm(gameId, token, seat) {
  const id = `offer-${seat}`;
  const name = el("input", { type: "text", id, name: "account", maxlength: "20", autocomplete: "off", autocapitalize: "none", spellcheck: "false", "data-testid": "offer-name", "aria-describedby": `invite-name-${seat}` });
  const submit = el("button", { type: "submit", "data-testid": "offer-submit", text: tr("page.lobby.offer.submit") });
  const status = el("p", { class: "offer-status", role: "status", "data-testid": "offer-status" });
  const form = el(
    "form",
    { class: "offer", method: "post", novalidate: true, "data-testid": "offer-form", "data-seat": String(seat) },
    el("label", { for: id, class: "offer-label", text: tr("page.lobby.offer") }),
    name,
    submit,
    status,
  );
  form.addEventListener("submit", async (event) => {
    event.preventDefault();
    const who = name.value.trim();
    if (!who) return;
    status.textContent = "";
    status.classList.remove("error");
    submit.disabled = true;
    try {
      await api("POST", `/api/games/${encodeURIComponent(gameId)}/offers`, { token, seat, name: who });
      status.textContent = tr("page.lobby.offer.done", { name: who });
    } catch (err) {
      status.classList.add("error");
      status.textContent = tr("page.lobby.offer.refused", { problem: err.message });
    }
    submit.disabled = false;
  });
  return form;
}
