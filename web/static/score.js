// The scorekeeper page, made for a phone: the same sheet as `hachi score`. The server asks the
// terminal's questions one by one; the page answers with taps. Counts are steppers bounded by the
// server, and the last player's count is worked out by it, so that they always add up.
"use strict";

const parts = location.pathname.split("/").filter(Boolean);
const sheetId = parts.length > 1 ? decodeURIComponent(parts[1]) : null;
let O = null;               // the sheet's overview
let answers = [];
let Q = null;               // the question now
let errorText = "";
let editing = null;         // index of the round being corrected
let picked = [];            // cards or roles picked for the question now
let showing = false;        // the hand question's card grid is open
let stepValue = 0;
let step = 0;               // counts the server's answers, for a test to wait on

async function start() {
  if (!sheetId) { await newSheetForm(); return; }
  await load();
}

async function load() {
  try {
    O = await (await fetch(`/api/sheets/${encodeURIComponent(sheetId)}?lang=${LANG}`)).json();
  } catch (e) { O = null; }
  if (!O || O.error) { clear(document.getElementById("app")).append(el("p", {class: "error"}, (O && O.error) || "error")); return; }
  answers = []; Q = O.question || null; resetPick();
  render();
}

function resetPick() { picked = []; showing = false; stepValue = Q && Q.kind === "number" ? Q.lo : 0; }

async function newSheetForm() {
  const setup = await (await fetch("/api/setup")).json();
  const app = clear(document.getElementById("app"));
  const names = el("input", {id: "names", value: "ann,bob,cy,dee,eve", oninput: () => starters()});
  const first = el("select", {id: "first"});
  function starters() {
    clear(first);
    for (const n of names.value.split(",").map((x) => x.trim()).filter(Boolean)) first.append(el("option", {value: n}, n));
  }
  starters();
  app.append(el("header", {class: "bar"}, el("h1", {}, t("scorekeeper")), langButton(newSheetForm)),
    el("section", {class: "panel"}, el("h2", {}, t("newSheet")),
      el("label", {}, t("ruleset"), " ", el("select", {id: "rules"}, setup.rulesets.map((r) =>
        el("option", {value: r.ref}, `${r.title[LANG]} (${r.players[0]}-${r.players[1]})`)))),
      el("label", {}, t("names"), " ", names),
      el("label", {}, t("firstStart"), " ", first),
      el("label", {}, el("input", {type: "checkbox", id: "short"}), " ", t("short")),
      el("button", {type: "button", class: "primary", id: "startsheet", onclick: async () => {
        try {
          const made = await postJSON("/api/sheets", {rules: document.getElementById("rules").value,
            players: names.value.split(",").map((x) => x.trim()), start: first.value,
            short: document.getElementById("short").checked, lang: LANG});
          location.href = "/score/" + encodeURIComponent(made.sheet);
        } catch (e) { clear(document.getElementById("error")).append(e.message); }
      }}, t("startSheet")),
      el("p", {class: "error", id: "error"})));
}

async function answer(value) {
  const body = await postJSON(`/api/sheets/${encodeURIComponent(sheetId)}/ask`, {answers: answers.concat([value]), lang: LANG})
    .catch((e) => e.body || {error: e.message});
  errorText = body.error || "";
  step += 1;
  if (body.sheet) { O = body; answers = []; Q = O.question || null; }
  else if (body.question) { answers = body.answers; Q = body.question; }
  resetPick();
  render();
}

function totals() {
  return el("section", {class: "totals", id: "totals"}, O.names.map((n, i) => el("div", {class: "total"},
    el("span", {}, n), el("b", {}, String(O.chips[i])))),
    el("div", {class: "total"}, el("span", {}, t("pot")), el("b", {}, String(O.pot))));
}

function deck() { return O.deck; }

function cardGrid(limit, onpick) {
  return el("div", {class: "cardgrid", id: "cardgrid"}, O.cards.map((nameOf, c) =>
    el("button", {type: "button", class: picked.includes(c) ? "on" : "", "data-card": nameOf, onclick: () => {
      picked = picked.includes(c) ? picked.filter((x) => x !== c) : (picked.length < limit ? picked.concat([c]) : picked);
      onpick(); render();
    }}, card(deck(), c))));
}

function questionBox() {
  const box = el("section", {class: "panel", id: "question", "data-step": step});
  if (O.over) { box.append(el("h2", {}, t("gameOver"))); return box; }
  if (!Q) return box;
  box.append(el("h2", {}, `${t("round")} ${O.round}/${O.of}`));
  for (const note of Q.notes || []) box.append(el("p", {class: "note"}, note));
  box.append(el("p", {class: "question"}, Q.prompt));
  if (Q.kind === "choose") {
    box.append(el("div", {class: "buttons"}, Q.choices.map((label, i) =>
      el("button", {type: "button", class: "primary", "data-answer": label, onclick: () => answer(i)}, label))));
  } else if (Q.kind === "number") {
    box.append(el("div", {class: "stepper"},
      el("button", {type: "button", id: "minus", onclick: () => { stepValue = Math.max(Q.lo, stepValue - 1); render(); }}, "−"),
      el("b", {id: "count"}, String(stepValue)),
      el("button", {type: "button", id: "plus", onclick: () => { stepValue = Math.min(Q.hi, stepValue + 1); render(); }}, "+"),
      Q.hi - Q.lo > 10 ? el("input", {type: "number", min: Q.lo, max: Q.hi, value: stepValue, id: "countinput",
        onchange: (e) => { stepValue = Math.min(Q.hi, Math.max(Q.lo, Number(e.target.value) || Q.lo)); render(); }}) : null,
      el("button", {type: "button", class: "primary", id: "ok", onclick: () => answer(stepValue)}, t("ok"))));
  } else if (Q.key === "indicator?" || Q.key === "field_cards?") {
    const n = O.turned;
    box.append(el("p", {class: "small"}, `${t("tapCard")} (${picked.length}/${n}) · ${t("fieldChoice")}:`),
      el("div", {class: "buttons"}, O.fields.map((f) => el("button", {type: "button", onclick: () => answer(f.id)}, f.name))),
      cardGrid(n, () => {}),
      el("button", {type: "button", class: "primary", id: "ok", disabled: picked.length !== n,
        onclick: () => answer(picked.map((c) => O.cards[c]).join(" "))}, t("ok")));
  } else if (Q.key === "hand?") {
    box.append(el("div", {class: "buttons"},
      el("button", {type: "button", id: "shownone", onclick: () => answer("")}, t("showNone")),
      el("button", {type: "button", id: "claim", class: "primary", onclick: () => answer("r")}, t("claim")),
      el("button", {type: "button", onclick: () => { showing = !showing; render(); }}, t("typeCards"))));
    if (showing) box.append(cardGrid(O.hand_size, () => {}), el("button", {type: "button", class: "primary",
      disabled: picked.length !== O.hand_size, onclick: () => answer(picked.map((c) => O.cards[c]).join(" "))}, t("ok")));
  } else if (Q.key === "roles?") {
    box.append(el("p", {class: "small"}, t("pickRoles")), el("div", {class: "rolepick"}, O.roles.map((r) =>
      el("button", {type: "button", class: picked.includes(r.id) ? "on" : "", "data-role": r.id, onclick: () => {
        picked = picked.includes(r.id) ? picked.filter((x) => x !== r.id) : picked.concat([r.id]); render();
      }}, el("b", {}, LANG === "ja" ? r.ja : r.en), el("span", {class: "small"}, LANG === "ja" ? r.en : r.ja),
      el("div", {class: "cards small"}, r.example.map((c) => card(deck(), c)))))),
      el("button", {type: "button", class: "primary", id: "rolesdone", onclick: () => answer(picked.join(" "))}, t("done")));
  } else {
    const input = el("input", {id: "textanswer", maxlength: 100});
    box.append(input, el("button", {type: "button", class: "primary", id: "ok", onclick: () => answer(input.value)}, t("ok")),
      el("button", {type: "button", onclick: () => answer("")}, t("done")));
  }
  if (Q.help) box.append(el("details", {}, el("summary", {}, "?"), el("p", {class: "small"}, Q.help)));
  if (answers.length) box.append(el("button", {type: "button", onclick: () => { answers = []; load(); }}, t("cancel")));
  return box;
}

function history() {
  const rows = O.results.map((r, i) => el("tr", {},
    el("td", {}, String(i + 1)),
    r.delta.map((d) => el("td", {class: "num"}, (d > 0 ? "+" : "") + d)),
    el("td", {}, el("button", {type: "button", class: "small", "data-edit": i, onclick: () => { editing = i; render(); }}, t("edit")))));
  return el("section", {class: "panel"}, el("h2", {}, t("moreRounds")),
    el("table", {class: "sheet", id: "history"}, el("thead", {}, el("tr", {}, el("th", {}, "#"),
      O.names.map((n) => el("th", {class: "num"}, n)), el("th", {}))), el("tbody", {}, rows)),
    O.rounds.length ? el("button", {type: "button", id: "undo", onclick: async () => {
      O = await postJSON(`/api/sheets/${encodeURIComponent(sheetId)}/undo`, {lang: LANG}); answers = []; Q = O.question; render();
    }}, t("undo")) : null,
    el("details", {class: "log"}, el("summary", {}, t("log")), el("ul", {}, O.lines.map((line) => el("li", {}, line)))));
}

function editor() {
  const rnd = O.rounds[editing];
  const box = el("div", {class: "dialog", id: "editor"}, el("h2", {}, `${t("edit")}: ${t("round")} ${editing + 1}`));
  for (const [key, value] of Object.entries(rnd)) {
    if (value && typeof value === "object" && !Array.isArray(value) && Object.values(value).every((v) => Number.isInteger(v))) {
      // counts by name (tricks, points): move one from a player to another, so the sum stays
      const people = Object.keys(value);
      const from = el("select", {class: "from"}, people.map((p) => el("option", {value: p}, p)));
      const to = el("select", {class: "to"}, people.map((p, i) => el("option", {value: p, selected: i === 1}, p)));
      box.append(el("h3", {}, key), el("p", {}, people.map((p) => `${p} ${value[p]}`).join(" · ")),
        el("div", {class: "buttons"}, t("moveOne"), from, t("to"), to, el("button", {type: "button", "data-move": key, onclick: () => {
          const changed = Object.assign({}, value);
          if (from.value === to.value || changed[from.value] <= 0) return;
          changed[from.value] -= 1; changed[to.value] += 1;
          edit({[key]: changed});
        }}, t("ok"))));
    } else {
      const input = el("input", {value: JSON.stringify(value), "data-field": key});
      box.append(el("h3", {}, key), el("div", {class: "buttons"}, input, el("button", {type: "button", onclick: () => {
        let parsed;
        try { parsed = JSON.parse(input.value); } catch (e) { parsed = input.value; }
        edit({[key]: parsed});
      }}, t("save"))));
    }
  }
  box.append(el("p", {class: "error"}, errorText), el("button", {type: "button", onclick: () => { editing = null; errorText = ""; render(); }}, t("close")));
  return el("div", {class: "overlay"}, box);
}

async function edit(fields) {
  try {
    O = await postJSON(`/api/sheets/${encodeURIComponent(sheetId)}/edit`, {round: editing, fields: fields, lang: LANG});
    errorText = ""; answers = []; Q = O.question || null; resetPick();
  } catch (e) { errorText = e.message; }
  render();
}

function render() {
  const app = clear(document.getElementById("app"));
  app.append(el("header", {class: "bar"}, el("h1", {}, `${t("scorekeeper")}: ${O.title}`), langButton(load)));
  app.append(totals());
  if (errorText && editing === null) app.append(el("p", {class: "error", id: "error"}, errorText));
  app.append(questionBox(), history());
  app.append(el("p", {class: "small"}, t("sheetLink"), " ", el("input", {class: "link", readonly: true, value: location.href})));
  if (editing !== null) app.append(editor());
}

start();
