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
let confirming = false;     // the take-back asks first
let takenBack = null;       // the round last taken back, to put it back
const SAVED = "hachi-answers-" + sheetId;    // this round's answers so far, kept across a reload

function keepAnswers() {
  if (answers.length) localStorage.setItem(SAVED, JSON.stringify({rounds: O.rounds.length, answers: answers}));
  else localStorage.removeItem(SAVED);
}

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
  let saved = null;
  try { saved = JSON.parse(localStorage.getItem(SAVED) || "null"); } catch (e) { saved = null; }
  if (saved && saved.rounds === O.rounds.length && Array.isArray(saved.answers) && saved.answers.length && !O.over) {
    const body = await postJSON(`/api/sheets/${encodeURIComponent(sheetId)}/ask`, {answers: saved.answers, lang: LANG})
      .catch((e) => e.body || {});
    if (body.question) { answers = body.answers; Q = body.question; resetPick(); }
  }
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

async function answer(...values) {
  const body = await postJSON(`/api/sheets/${encodeURIComponent(sheetId)}/ask`, {answers: answers.concat(values), lang: LANG})
    .catch((e) => e.body || {error: e.message});
  errorText = body.error || "";
  step += 1;
  if (body.sheet) { O = body; answers = []; Q = O.question || null; takenBack = null; }
  else if (body.question) { answers = body.answers; Q = body.question; }
  keepAnswers();
  resetPick();
  render();
}

function totals() {
  return el("section", {class: "totals", id: "totals"}, O.names.map((n, i) => el("div", {class: "total"},
    el("span", {}, n), el("b", {}, String(O.chips[i])))),
    el("div", {class: "total"}, el("span", {}, t("pot")), el("b", {}, String(O.pot))),
    ...(O.pots || []).map(([name, chips]) => el("div", {class: "total pots"}, el("span", {}, name), el("b", {}, String(chips)))));
}

function deck() { return O.deck; }

// The deck as a grid of tappable cards, each with its name under it (never a blank slot). A tap
// picks a card, a second tap on it lets it go; past the limit the earliest pick gives way (6d
// then 5d, one card asked: 5d).
function cardGrid(limit, onpick, chosen) {
  const list = chosen || picked;
  return el("div", {class: "cardgrid", id: "cardgrid"}, O.cards.map((nameOf, c) =>
    el("button", {type: "button", class: list.includes(c) ? "on" : "", "data-card": nameOf,
      "aria-pressed": list.includes(c) ? "true" : "false", title: O.card_titles ? O.card_titles[c] : nameOf, onclick: () => {
      const now = list.includes(c) ? list.filter((x) => x !== c) : list.concat([c]).slice(-limit);
      list.splice(0, list.length, ...now);
      onpick(); render();
    }}, card(deck(), c, {width: 70, height: 100}), el("span", {class: "cardname"}, O.card_labels ? O.card_labels[c] : nameOf))));
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
    // "Nothing shown" is a claim of no role: a forced-out player is then asked their aces plainly
    box.append(el("div", {class: "buttons"},
      el("button", {type: "button", id: "shownone", onclick: () => answer("claim", "")}, t("showNone")),
      el("button", {type: "button", id: "claim", class: "primary", onclick: () => answer("claim")}, t("claim")),
      el("button", {type: "button", id: "showhand", onclick: () => { showing = !showing; render(); }}, t("shown"))));
    if (showing) box.append(el("p", {class: "small"}, `${t("tapCard")} (${picked.length}/${O.hand_size})`),
      cardGrid(O.hand_size, () => {}), el("button", {type: "button", class: "primary", id: "ok",
      disabled: picked.length !== O.hand_size, onclick: () => answer(picked.map((c) => O.cards[c]).join(" "))}, t("ok")));
  } else if (Q.key === "which_role?" && O.capture_roles && O.capture_roles.length) {
    box.append(el("div", {class: "rolepick", id: "capturepick"}, O.capture_roles.map((r) =>
      el("button", {type: "button", "data-capture": r.id, onclick: () => answer(r.id)}, r.label))));
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
  if (answers.length) box.append(el("button", {type: "button", id: "cancel", onclick: () => { answers = []; keepAnswers(); load(); }}, t("cancel")));
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
    takenBack ? el("p", {class: "note", id: "taken-back"}, t("takenBack", {n: takenBack.n}), " ",
      el("button", {type: "button", id: "redo", class: "primary", onclick: putBack}, t("putBack"))) : null,
    O.rounds.length && !confirming ? el("button", {type: "button", id: "undo", onclick: () => { confirming = true; render(); }}, t("undo")) : null,
    confirming ? el("div", {class: "confirm", id: "confirm-undo"}, el("p", {}, t("undoAsk", {n: O.rounds.length})),
      el("button", {type: "button", class: "primary", id: "undo-yes", onclick: takeBack}, t("yes")), " ",
      el("button", {type: "button", id: "undo-no", onclick: () => { confirming = false; render(); }}, t("no"))) : null,
    el("details", {class: "log"}, el("summary", {}, t("log")), el("ul", {}, O.lines.map((line) => el("li", {}, line)))));
}

async function takeBack() {
  confirming = false;
  try {
    const n = O.rounds.length;
    O = await postJSON(`/api/sheets/${encodeURIComponent(sheetId)}/undo`, {lang: LANG});
    takenBack = {n: n, round: O.taken_back};
    answers = []; keepAnswers(); Q = O.question || null; resetPick(); errorText = "";
  } catch (e) { errorText = e.message; }
  render();
}

async function putBack() {
  try {
    O = await postJSON(`/api/sheets/${encodeURIComponent(sheetId)}/restore`, {round: takenBack.round, lang: LANG});
    takenBack = null; answers = []; keepAnswers(); Q = O.question || null; resetPick(); errorText = "";
  } catch (e) { errorText = e.message; }
  render();
}

// A past round corrected by taps, each field in the page's words; the server settles the whole
// sheet again and refuses a change that cannot be a legal game (nothing is changed then).
let editOpen = null;        // {key, player}: the field whose cards or roles are being picked
let editPick = [];

function cardNamed(id) { return O.cards.indexOf(id); }
function roleName(id) { const r = O.roles.find((x) => x.id === id) || O.capture_roles.find((x) => x.id === id);
  return r ? (r.label || (LANG === "ja" ? r.ja : r.en)) : id; }
function fieldLabel(key) { return (t("fields")[key]) || key; }

function cardsRow(ids) { return el("div", {class: "cards small"}, ids.map((id) => cardNamed(id) >= 0 ? card(deck(), cardNamed(id)) : id)); }

function pickCards(key, player, n, current) {
  const open = editOpen && editOpen.key === key && editOpen.player === player;
  if (!open) return el("button", {type: "button", class: "small", "data-change": key + (player ? ":" + player : ""), onclick: () => {
    editOpen = {key, player}; editPick = current.map(cardNamed).filter((c) => c >= 0); render(); }}, t("change"));
  return el("div", {}, el("p", {class: "small"}, t("pickN", {n: n}) + ` (${editPick.length}/${n})`), cardGrid(n, () => {}, editPick),
    el("button", {type: "button", class: "primary", "data-save": key, disabled: editPick.length !== n, onclick: () => {
      const names = editPick.map((c) => O.cards[c]);
      editOpen = null;
      if (player) edit({[key]: Object.assign({}, O.rounds[editing][key], {[player]: names})});
      else edit({[key]: n === 1 ? names[0] : names});
    }}, t("save")), " ", el("button", {type: "button", onclick: () => { editOpen = null; render(); }}, t("cancel")));
}

function fieldEditor(key, value) {
  const box = el("div", {class: "editfield", "data-field": key}, el("h3", {}, fieldLabel(key)));
  const isCounts = value && typeof value === "object" && !Array.isArray(value) && Object.values(value).every((v) => Number.isInteger(v));
  if (isCounts && key !== "aces") {
    // counts by name (tricks, points): move one from a player to another, so the sum stays
    const people = Object.keys(value);
    const from = el("select", {class: "from"}, people.map((p) => el("option", {value: p}, p)));
    const to = el("select", {class: "to"}, people.map((p, i) => el("option", {value: p, selected: i === 1}, p)));
    box.append(el("p", {}, people.map((p) => `${p} ${value[p]}`).join(" · ")),
      el("div", {class: "buttons"}, t("moveOne"), from, t("to"), to, el("button", {type: "button", "data-move": key, onclick: () => {
        const changed = Object.assign({}, value);
        if (from.value === to.value || changed[from.value] <= 0) return;
        changed[from.value] -= 1; changed[to.value] += 1;
        edit({[key]: changed});
      }}, t("ok"))));
  } else if (isCounts) {              // aces: a stepper per player
    box.append(el("div", {}, Object.keys(value).map((p) => el("div", {class: "stepper"}, el("span", {}, p),
      el("button", {type: "button", onclick: () => edit({[key]: Object.assign({}, value, {[p]: Math.max(0, value[p] - 1)})})}, "−"),
      el("b", {}, String(value[p])),
      el("button", {type: "button", onclick: () => edit({[key]: Object.assign({}, value, {[p]: value[p] + 1})})}, "+")))));
  } else if (key === "indicator" && typeof value === "string") {
    box.append(cardsRow([value]), pickCards(key, null, 1, [value]));
  } else if (key === "field_cards" && Array.isArray(value)) {
    box.append(cardsRow(value), pickCards(key, null, value.length, value));
  } else if (key === "field") {
    box.append(el("div", {class: "buttons"}, O.fields.map((f) => el("button", {type: "button", class: f.id === value ? "primary" : "",
      onclick: () => edit({field: f.id})}, f.name))));
  } else if (key === "mizuten") {
    box.append(el("div", {class: "buttons"}, [[false, t("no")], [true, t("yes")]].map(([v, label]) =>
      el("button", {type: "button", class: value === v ? "primary" : "", onclick: () => edit({mizuten: v})}, label))));
  } else if ((key === "declare" || key === "split") && Array.isArray(value)) {
    const words = key === "declare" ? {go: t("go"), drop: t("drop")} : {true: t("split"), false: t("play")};
    box.append(el("div", {class: "buttons"}, value.map((v, i) => el("button", {type: "button", "data-toggle": `${key}:${i}`,
      onclick: () => {
        const changed = value.slice();
        changed[i] = key === "declare" ? (v === "go" ? "drop" : "go") : !v;
        edit({[key]: changed});
      }}, `${t("nth", {n: i + 1})}: ${words[String(v)] || String(v)}`))));
  } else if (key === "show" && value && typeof value === "object") {
    for (const [p, cards] of Object.entries(value)) box.append(el("div", {class: "row"}, el("b", {}, p), cardsRow(cards),
      pickCards(key, p, O.hand_size, cards), " ", el("button", {type: "button", class: "small", onclick: () => {
        const changed = Object.assign({}, value); delete changed[p];
        edit({show: Object.keys(changed).length ? changed : null});
      }}, t("remove"))));
  } else if (key === "roles" && value && typeof value === "object") {
    for (const [p, ids] of Object.entries(value)) {
      const open = editOpen && editOpen.key === key && editOpen.player === p;
      box.append(el("div", {class: "row"}, el("b", {}, p), " ", ids.map(roleName).join(", "), " ",
        open ? null : el("button", {type: "button", class: "small", onclick: () => { editOpen = {key, player: p}; editPick = ids.slice(); render(); }}, t("change"))));
      if (open) box.append(el("div", {class: "rolepick"}, O.roles.map((r) => el("button", {type: "button", class: editPick.includes(r.id) ? "on" : "",
        onclick: () => { editPick = editPick.includes(r.id) ? editPick.filter((x) => x !== r.id) : editPick.concat([r.id]); render(); }},
        LANG === "ja" ? r.ja : r.en))), el("button", {type: "button", class: "primary", onclick: () => {
          const changed = Object.assign({}, value, {[p]: editPick.slice()});
          if (!editPick.length) delete changed[p];
          editOpen = null; edit({roles: Object.keys(changed).length ? changed : null});
        }}, t("save")));
    }
  } else if (key === "capture_role" && value && typeof value === "object") {
    const who = el("select", {class: "who", "aria-label": t("who")}, O.names.map((n) => el("option", {value: n, selected: n === value.player}, n)));
    const role = el("select", {class: "role", "aria-label": t("role")}, O.capture_roles.map((r) => el("option", {value: r.id, selected: r.id === value.role}, r.label)));
    box.append(el("div", {class: "buttons"}, who, role, el("button", {type: "button", onclick: () =>
      edit({capture_role: {player: who.value, role: role.value}})}, t("save"))));
  } else if (key === "dealer" && typeof value === "string") {
    const who = el("select", {}, O.names.map((n) => el("option", {value: n, selected: n === value}, n)));
    box.append(el("div", {class: "buttons"}, who, el("button", {type: "button", onclick: () => edit({dealer: who.value})}, t("save"))));
  } else {                            // a house rule's own field: as written in the sheet
    const input = el("input", {value: JSON.stringify(value), "data-field": key, "aria-label": `${fieldLabel(key)} (${t("plain")})`});
    box.append(el("div", {class: "buttons"}, input, el("button", {type: "button", onclick: () => {
      let parsed;
      try { parsed = JSON.parse(input.value); } catch (e) { parsed = input.value; }
      edit({[key]: parsed});
    }}, t("save"))));
  }
  return box;
}

function editor() {
  const rnd = O.rounds[editing];
  const box = el("div", {class: "dialog", id: "editor"}, el("h2", {}, `${t("edit")}: ${t("round")} ${editing + 1}`));
  for (const [key, value] of Object.entries(rnd)) box.append(fieldEditor(key, value));
  box.append(el("p", {class: "error", id: "edit-error"}, errorText),
    el("button", {type: "button", id: "close-editor", onclick: () => { editing = null; editOpen = null; errorText = ""; render(); }}, t("close")));
  return el("div", {class: "overlay"}, box);
}

async function edit(fields) {
  try {
    O = await postJSON(`/api/sheets/${encodeURIComponent(sheetId)}/edit`, {round: editing, fields: fields, lang: LANG});
    errorText = ""; answers = []; keepAnswers(); Q = O.question || null; resetPick(); step += 1;
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
