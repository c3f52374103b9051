// The account's settings on "My games": its language (the pages' and the e-mails'), its e-mail
// address and whether it is told by e-mail when it is its turn (PATCH /api/me), and where it
// is logged in (GET /api/me/sessions): each browser by its name and when it was last used, this
// one marked, each other one with "Log out" (DELETE /api/me/sessions/{id}), and "Log out
// everywhere else" (DELETE /api/me/sessions).

import { api, el } from "/static/common.js";
import { fillLanguages, formatDate, pageLanguage, switchLanguage, tr } from "/static/i18n.js";

const $ = (id) => document.getElementById(id);

/** Browsers and systems by a word of their user agent, the first found naming it: product
 * names, the same in every language. */
const BROWSERS = [["Edg/", "Edge"], ["OPR/", "Opera"], ["Firefox/", "Firefox"], ["Chrome/", "Chrome"], ["Safari/", "Safari"]];
const SYSTEMS = [["Android", "Android"], ["iPhone", "iPhone"], ["iPad", "iPad"], ["Windows", "Windows"], ["Mac OS X", "macOS"], ["CrOS", "ChromeOS"], ["Linux", "Linux"]];

/** Draw the settings of `account` (GET /api/me's) and its sessions; resolves once the
 * sessions are drawn. */
export function showSettings(account) {
  $("settings").querySelector('[data-testid="settings-name"]').textContent = tr("page.me.settings.name", { name: account.name });
  const language = $("account-language");
  fillLanguages(language, account.language);
  language.addEventListener("change", async () => {
    if (await save({ language: language.value }) && language.value !== pageLanguage()) {
      // The account's language is the pages' too: this page is shown again in it.
      switchLanguage(language.value);
    }
  });
  const email = $("account-email");
  email.value = account.email || "";
  $("email-form").addEventListener("submit", async (event) => {
    event.preventDefault();
    const saved = await save({ email: email.value.trim() });
    if (saved) email.value = saved.email || "";
  });
  const turns = $("account-email-turns");
  turns.checked = account.email_turns;
  turns.addEventListener("change", async () => {
    const saved = await save({ email_turns: turns.checked });
    if (!saved) turns.checked = !turns.checked;
  });
  $("end-others").addEventListener("click", endOthers);
  return showSessions();
}

/** Change settings; resolves to the account as saved, or null (the reason shown). */
async function save(values) {
  const status = $("settings-status");
  status.textContent = "";
  status.classList.remove("error");
  try {
    const answer = await api("PATCH", "/api/me", values);
    status.textContent = tr("page.me.saved");
    return answer.account;
  } catch (err) {
    status.classList.add("error");
    status.textContent = tr("page.me.not_saved", { problem: err.message });
    return null;
  }
}

// -- sessions --------------------------------------------------------------------------------

/** A browser's words from its user agent: "Firefox on Linux", or that it did not say. */
function agentWords(agent) {
  const find = (names) => (names.find(([word]) => agent.includes(word)) || [])[1];
  const browser = find(BROWSERS);
  const system = find(SYSTEMS);
  if (browser && system) return tr("page.me.sessions.agent", { browser, system });
  return browser || system || tr("page.me.sessions.unknown");
}

async function showSessions() {
  const list = $("sessions");
  let sessions;
  try {
    sessions = (await api("GET", "/api/me/sessions")).sessions;
  } catch (err) {
    list.replaceChildren(el("li", { class: "error", text: tr("page.me.sessions.failed", { problem: err.message }) }));
    return;
  }
  list.replaceChildren(...sessions.map(sessionRow));
  $("end-others").hidden = sessions.length < 2;
}

function sessionRow(session) {
  const seen = formatDate(new Date(session.seen * 1000));
  const item = el(
    "li",
    { class: `session${session.current ? " current" : ""}`, "data-testid": "session", "data-current": String(session.current) },
    el(
      "span",
      { class: "session-what" },
      el("strong", { title: session.agent, text: agentWords(session.agent) }),
      session.current && el("span", { class: "badge", "data-testid": "this-session", text: tr("page.me.sessions.this") }),
      el("span", { class: "hint", text: tr("page.me.sessions.seen", { when: seen }) }),
    ),
  );
  if (!session.current) {
    const end = el("button", { type: "button", "data-testid": "end-session", text: tr("page.me.sessions.end") });
    end.addEventListener("click", () => endSession(session, end));
    item.append(end);
  }
  return item;
}

async function endSession(session, button) {
  button.disabled = true;
  try {
    await api("DELETE", `/api/me/sessions/${encodeURIComponent(session.id)}`);
  } catch {
    // Ended already (elsewhere): the list says so now.
  }
  showSessions();
}

async function endOthers() {
  const status = $("settings-status");
  status.classList.remove("error");
  try {
    const { ended } = await api("DELETE", "/api/me/sessions");
    status.textContent = tr("page.me.sessions.ended", { n: ended });
  } catch (err) {
    status.classList.add("error");
    status.textContent = tr("page.me.sessions.not_ended", { problem: err.message });
  }
  showSessions();
}
