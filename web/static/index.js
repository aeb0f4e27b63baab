// The home page: create a table from a bundled ruleset or an uploaded house-rule file, choose
// who sits where, and get one join link per person; the tables this browser made or joined are
// listed again, with their links for the host.
"use strict";

let SETUP = null;
let upload = null;          // {ref, title, players, ...} of an uploaded rule file
let created = null;
const NAMES = ["ann", "bob", "cy", "dee", "eve", "fay", "gus", "hal", "ivy", "jo", "kai", "lee"];
// what was typed or chosen, kept when the page is drawn again (a language switch)
const typed = {rules: null, count: null, names: [], kinds: [], short: true, timer: ""};
const TIMERS = [15, 30, 60, 120];

async function start() {
  SETUP = await (await fetch("/api/setup")).json();
  render();
}

function chosenRules() {
  const ref = typed.rules || SETUP.rulesets[0].ref;
  if (upload && ref === upload.ref) return upload;
  return SETUP.rulesets.find((r) => r.ref === ref) || SETUP.rulesets[0];
}

function render() {
  const app = clear(document.getElementById("app"));
  app.append(el("header", {class: "bar"}, el("h1", {}, t("app")), langButton(render)));
  if (created) { app.append(linksPanel()); return; }
  const option = (r) => el("option", {value: r.ref, selected: r.ref === chosenRules().ref}, r.title[LANG]);
  const rules = el("select", {id: "rules", onchange: (e) => { typed.rules = e.target.value; seatsRows(); }},
    el("optgroup", {label: t("standard")}, SETUP.rulesets.filter((r) => !r.variant).map(option)),
    el("optgroup", {label: t("variants")}, SETUP.rulesets.filter((r) => r.variant).map(option)),
    upload ? el("option", {value: upload.ref, selected: chosenRules() === upload}, upload.title[LANG]) : null);
  const file = el("input", {type: "file", id: "upload", accept: ".yaml,.yml,.json,text/*", onchange: sendUpload});
  const timer = el("select", {id: "timer", onchange: (e) => { typed.timer = e.target.value; }},
    el("option", {value: "", selected: typed.timer === ""}, t("noTimer")),
    TIMERS.map((s) => el("option", {value: s, selected: typed.timer === String(s)}, `${s} ${t("seconds")}`)));
  app.append(el("section", {class: "panel"},
    el("h2", {}, t("newTable")),
    el("label", {}, t("ruleset"), " ", rules),
    el("label", {class: "small"}, t("upload"), " ", file),
    el("div", {id: "problems"}),
    el("label", {}, t("players"), " ", el("select", {id: "count", onchange: (e) => { typed.count = Number(e.target.value); seatsRows(); }})),
    el("div", {id: "seats"}),
    el("label", {}, el("input", {type: "checkbox", id: "short", checked: typed.short,
      onchange: (e) => { typed.short = e.target.checked; }}), " ", t("short")),
    el("label", {}, t("turnTimer"), " ", timer), el("p", {class: "small note"}, t("timerNote")),
    el("button", {type: "button", class: "primary", id: "create", onclick: create}, t("create")),
    el("div", {id: "error", class: "error"})));
  const mine = yourTables();
  if (mine) app.append(mine);
  app.append(el("nav", {class: "panel"}, el("a", {href: "/score"}, t("scorekeeper")), " · ",
    el("a", {href: "/replay"}, t("replay"))));
  seatsRows();
}

function seatsRows() {
  const rules = chosenRules();
  const count = document.getElementById("count");
  const [lo, hi] = rules.players;
  const want = Math.min(Math.max(typed.count || Math.max(5, lo), lo), hi);
  typed.count = want;
  clear(count);
  for (let n = lo; n <= hi; n++) count.append(el("option", {value: n, selected: n === want}, String(n)));
  const box = clear(document.getElementById("seats"));
  const bots = SETUP.bots;           // the server says when a bot cannot play these rules
  const fallback = rules.play === "matching" ? "heuristic_matching" : "heuristic";
  for (let s = 0; s < want; s++) {
    const kind = typed.kinds[s] || (s < 2 ? "human" : fallback);
    box.append(el("div", {class: "seatrow"}, el("span", {}, `${t("seat")} ${s + 1}`),
      el("input", {class: "name", value: typed.names[s] !== undefined ? typed.names[s] : NAMES[s], maxlength: 12,
        "aria-label": `${t("seat")} ${s + 1}`, oninput: (e) => { typed.names[s] = e.target.value; }}),
      el("select", {class: "kind", onchange: (e) => { typed.kinds[s] = e.target.value; }},
        el("option", {value: "human", selected: kind === "human"}, t("person")),
        bots.map((b) => el("option", {value: b, selected: kind === b}, `${t("bot")}: ${b}`)))));
  }
}

async function sendUpload(event) {
  const box = clear(document.getElementById("problems"));
  const file = event.target.files[0];
  if (!file) return;
  const response = await fetch("/api/rules?name=" + encodeURIComponent(file.name) + "&lang=" + LANG, {method: "POST", body: await file.arrayBuffer()});
  const body = await response.json();
  if (!response.ok) {
    box.append(el("p", {class: "error"}, body.problems && body.problems.length ? t("problems") : body.error),
      el("ul", {class: "problems"}, (body.problems || []).map((p) => el("li", {}, p.text))));
    return;
  }
  upload = body;
  typed.rules = body.ref;
  render();
  document.getElementById("problems").append(el("p", {}, `${t("loaded")}: ${body.title[LANG]}`));
}

async function create() {
  const seats = [...document.querySelectorAll("#seats .seatrow")];
  const timer = document.getElementById("timer").value;
  const data = {rules: document.getElementById("rules").value, short: document.getElementById("short").checked,
    seats: seats.map((row) => row.querySelector(".kind").value), names: seats.map((row) => row.querySelector(".name").value.trim()),
    turn_seconds: timer ? Number(timer) : null};
  try {
    created = await postJSON("/api/tables?lang=" + LANG, data);
    rememberTable({table: created.table, host: created.host, title: {en: created.title, ja: created.title_ja},
      seats: created.seats});
    render();
  } catch (e) {
    clear(document.getElementById("error")).append(e.message);
  }
}

function linksPanel() {
  return el("section", {class: "panel", id: "links"}, el("h2", {}, t("links")), linksList(created.table, created.seats),
    el("button", {type: "button", id: "home", onclick: () => { created = null; render(); }}, t("back")));
}

// The tables this browser made or sat at; the server says which are still on and how far.
function yourTables() {
  const list = knownTables();
  if (!list.length) return null;
  const box = el("ul", {class: "mytables", id: "mytables"});
  for (const entry of list) {
    const status = el("span", {class: "small note"});
    const mySeat = localStorage.getItem("hachi-seat-" + entry.table);
    const item = el("li", {"data-table": entry.table},
      el("b", {}, (entry.title && (entry.title[LANG] || entry.title.en)) || entry.table), " ", status, " ",
      mySeat ? el("a", {class: "button primary", href: "/table/" + encodeURIComponent(entry.table) + "#t=" + mySeat}, t("open")) : null,
      " ", entry.host ? el("button", {type: "button", class: "small", "data-links": entry.table, onclick: async () => {
        try {
          const links = await postJSON(`/api/tables/${encodeURIComponent(entry.table)}/links`, {host: entry.host});
          created = {table: entry.table, seats: links.seats};
          render();
        } catch (e) { status.textContent = e.message; }
      }}, t("showLinks")) : null,
      " ", el("button", {type: "button", class: "small", onclick: () => { forgetTable(entry.table); render(); }}, t("forget")));
    box.append(item);
    fetch(`/api/tables/${encodeURIComponent(entry.table)}`).then(async (r) => {
      if (!r.ok) { status.textContent = `(${t("gone")})`; return; }
      const s = await r.json();
      status.textContent = `(${s.over ? t("ended") : `${t("round")} ${s.round}/${s.rounds}`}${entry.host ? " · " + t("hosting") : ""}) ${s.names.join(", ")}`;
    }).catch(() => {});
  }
  return el("section", {class: "panel"}, el("h2", {}, t("yourTables")), box);
}

start();
