// The controls of a game's table options (a person's time for a turn, hints), drawn from what
// the server offers the game (GET /api/options/table?game=..., declared in
// sagrada/table_options.py): each form shows only its own game's, and sends the values that
// differ from the defaults.

import { el } from "/static/common.js";
import { tr } from "/static/i18n.js";

/** The controls of `options` (the server's answer), each with the test id `prefix` and its name
 * with dashes (`turn-seconds`, `card-hints`): their `rows`, and `fields()`, the request fields
 * of the values that differ from the defaults. */
export function tableControls(options, prefix = "") {
  const controls = options.map((spec) => tableControl(spec, prefix + spec.name.replaceAll("_", "-")));
  return {
    rows: controls.map((control) => control.row),
    fields() {
      const body = {};
      for (const { spec, read } of controls) {
        const value = read();
        if (value !== spec.default) body[spec.name] = value;
      }
      return body;
    },
  };
}

/** One option's row: a check box, a choice among the offered values, or a whole number. */
function tableControl(spec, id) {
  const help = el("div", { class: "hint option-help", text: tr(spec.help_id) });
  if (spec.type === "bool") {
    const box = el("input", { type: "checkbox", id, "data-testid": id });
    box.checked = spec.default;
    const row = el("div", { class: "option-row" }, el("label", { class: "check" }, box, el("span", { text: tr(spec.label_id) })), help);
    return { spec, row, read: () => box.checked };
  }
  // null is the empty value of a control.
  const shown = (value) => (value === null ? "" : String(value));
  let input;
  if (spec.presets) {
    input = el(
      "select",
      { id, "data-testid": id },
      spec.presets.map((preset) => el("option", { value: shown(preset.value), text: tr(preset.label_id) })),
    );
  } else {
    input = el("input", { type: "number", id, "data-testid": id, min: spec.minimum, max: spec.maximum, step: "1" });
  }
  input.value = shown(spec.default);
  const row = el(
    "div",
    { class: "option-row" },
    el("div", { class: "form-row" }, el("label", { for: id, text: tr(spec.label_id) }), input),
    help,
  );
  const read = () => (input.value === "" && spec.nullable ? null : Number(input.value));
  return { spec, row, read };
}
