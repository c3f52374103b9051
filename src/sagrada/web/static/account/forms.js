// The forms to log in and to sign up, side by side as two tabs: a name and a password each,
// labelled for people and for password managers (autocomplete), the rules of a name and a
// password as help under the sign-up fields, and the server's reason when it refuses. Used by
// the top bar's dialog (account/menu.js) and by "My games" for a guest (me.js).

import { el } from "/static/common.js";
import { tr } from "/static/i18n.js";
import { enter } from "/static/account/state.js";

/** The two forms, each with its tab: how the form is called (its test id and its ids' part),
 * its title, the autocomplete of its password, its submit button and what a refusal says. */
const FORMS = [
  { how: "log-in", tab: "page.account.log_in", password: "current-password", submit: "page.account.log_in.submit", refused: "page.account.log_in.refused" },
  { how: "sign-up", tab: "page.account.sign_up", password: "new-password", submit: "page.account.sign_up.submit", refused: "page.account.sign_up.refused" },
];

/** The forms, ids made unique with `prefix` (a page may hold them twice); `entered(answer)`
 * runs once the server has logged this browser in. */
export function accountForms(prefix, entered) {
  const tabs = [];
  const panels = [];
  const show = (index, focus = false) => {
    tabs.forEach((tab, i) => {
      tab.setAttribute("aria-selected", String(i === index));
      tab.tabIndex = i === index ? 0 : -1;
      panels[i].hidden = i !== index;
    });
    if (focus) tabs[index].focus();
  };
  FORMS.forEach((spec, index) => {
    const id = `${prefix}-${spec.how}`;
    tabs.push(
      el("button", {
        type: "button",
        role: "tab",
        id: `${id}-tab`,
        "aria-controls": id,
        "data-testid": `account-tab-${spec.how}`,
        text: tr(spec.tab),
        onclick: () => show(index),
        onkeydown: (event) => {
          const step = { ArrowLeft: -1, ArrowRight: 1 }[event.key];
          if (step) show((index + step + FORMS.length) % FORMS.length, true);
        },
      }),
    );
    panels.push(accountForm(spec, id, entered));
  });
  show(0);
  return el(
    "div",
    { class: "account-forms" },
    el("div", { class: "tabs", role: "tablist", "aria-label": tr("page.account.forms") }, tabs),
    panels,
  );
}

/** One form (`spec`: one of FORMS), in its tab's panel. */
function accountForm(spec, id, entered) {
  const signUp = spec.how === "sign-up";
  const name = el("input", {
    type: "text",
    id: `${id}-name`,
    name: "username",
    autocomplete: "username",
    autocapitalize: "none",
    spellcheck: "false",
    "aria-describedby": signUp ? `${id}-name-help` : null,
    "data-testid": "account-name",
  });
  const password = el("input", {
    type: "password",
    id: `${id}-password`,
    name: "password",
    autocomplete: spec.password,
    "aria-describedby": signUp ? `${id}-password-help` : null,
    "data-testid": "account-password",
  });
  const error = el("p", { class: "error", role: "alert", "data-testid": "account-error" });
  const submit = el("button", { type: "submit", class: "primary", "data-testid": "account-submit", text: tr(spec.submit) });
  // POST, so that a form sent before its script runs never puts a password in an address.
  const form = el(
    "form",
    { method: "post", class: "account-form", "data-testid": `${spec.how}-form`, novalidate: true },
    el("div", { class: "field" }, el("label", { for: name.id, text: tr("page.account.name") }), name, signUp && el("p", { class: "hint", id: `${id}-name-help`, text: tr("page.account.name.help") })),
    el("div", { class: "field" }, el("label", { for: password.id, text: tr("page.account.password") }), password, signUp && el("p", { class: "hint", id: `${id}-password-help`, text: tr("page.account.password.help") })),
    error,
    el("div", { class: "form-actions" }, submit),
  );
  form.addEventListener("submit", async (event) => {
    event.preventDefault();
    error.textContent = "";
    submit.disabled = true;
    try {
      const answer = await enter(spec.how, name.value.trim(), password.value);
      password.value = "";
      entered(answer);
    } catch (err) {
      error.textContent = tr(spec.refused, { problem: err.message });
    } finally {
      submit.disabled = false;
    }
  });
  return el("div", { id, role: "tabpanel", "aria-labelledby": `${id}-tab` }, form);
}
