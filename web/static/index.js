// The home page: create a table from a bundled ruleset or an uploaded house-rule file, choose
// who sits where, and get one join link per person.
"use strict";

let SETUP = null;
let upload = null;          // {ref, title, players, ...} of an uploaded rule file
let created = null;

async function start() {
  SETUP = await (await fetch("/api/setup")).json();
  render();
}

function chosenRules() {
  const select = document.getElementById("rules");
  if (upload && select && select.value === upload.ref) return upload;
  return SETUP.rulesets.find((r) => r.ref === (select ? select.value : "hachihachi_trick")) || SETUP.rulesets[0];
}

function render() {
  const app = clear(document.getElementById("app"));
  app.append(el("header", {class: "bar"}, el("h1", {}, t("app")), langButton(render)));
  if (created) { app.append(links()); return; }
  const rules = el("select", {id: "rules", onchange: () => seatsRows()},
    SETUP.rulesets.map((r) => el("option", {value: r.ref}, r.title[LANG] + " (" + r.ref + ")")),
    upload ? el("option", {value: upload.ref, selected: true}, upload.title[LANG]) : null);
  const file = el("input", {type: "file", id: "upload", accept: ".yaml,.yml,.json,text/*", onchange: sendUpload});
  app.append(el("section", {class: "panel"},
    el("h2", {}, t("newTable")),
    el("label", {}, t("ruleset"), " ", rules),
    el("label", {class: "small"}, t("upload"), " ", file),
    el("div", {id: "problems"}),
    el("label", {}, t("players"), " ", el("select", {id: "count", onchange: () => seatsRows()})),
    el("div", {id: "seats"}),
    el("label", {}, el("input", {type: "checkbox", id: "short", checked: true}), " ", t("short")),
    el("button", {type: "button", class: "primary", id: "create", onclick: create}, t("create")),
    el("div", {id: "error", class: "error"})));
  app.append(el("nav", {class: "panel"}, el("a", {href: "/score"}, t("scorekeeper")), " · ",
    el("a", {href: "/replay"}, t("replay"))));
  seatsRows(true);
}

function seatsRows(first) {
  const rules = chosenRules();
  const count = document.getElementById("count");
  const [lo, hi] = rules.players;
  const want = first ? Math.min(Math.max(5, lo), hi) : Math.min(Math.max(Number(count.value) || lo, lo), hi);
  clear(count);
  for (let n = lo; n <= hi; n++) count.append(el("option", {value: n, selected: n === want}, String(n)));
  const box = clear(document.getElementById("seats"));
  const bots = SETUP.bots;           // the server says when a bot cannot play these rules
  const names = ["ann", "bob", "cy", "dee", "eve", "fay", "gus", "hal", "ivy", "jo", "kai", "lee"];
  for (let s = 0; s < want; s++) {
    box.append(el("div", {class: "seatrow"}, el("span", {}, `${t("seat")} ${s + 1}`),
      el("input", {class: "name", value: names[s], maxlength: 12, "aria-label": `${t("seat")} ${s + 1}`}),
      el("select", {class: "kind"}, el("option", {value: "human", selected: s < 2}, t("person")),
        bots.map((b) => el("option", {value: b, selected: s >= 2 && b === "heuristic"}, `${t("bot")}: ${b}`)))));
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
  render();
  box.append(el("p", {}, `${t("loaded")}: ${body.title[LANG]}`));
}

async function create() {
  const seats = [...document.querySelectorAll("#seats .seatrow")];
  const data = {rules: document.getElementById("rules").value, short: document.getElementById("short").checked,
    seats: seats.map((row) => row.querySelector(".kind").value), names: seats.map((row) => row.querySelector(".name").value.trim())};
  try {
    created = await postJSON("/api/tables?lang=" + LANG, data);
    created.names = data.names;
    render();
  } catch (e) {
    clear(document.getElementById("error")).append(e.message);
  }
}

function links() {
  const base = location.origin + "/table/" + encodeURIComponent(created.table) + "#t=";
  return el("section", {class: "panel"}, el("h2", {}, t("links")),
    el("ul", {class: "links"}, created.seats.map((s) => el("li", {},
      el("b", {}, created.names[s.seat]), " ",
      el("input", {class: "link", readonly: true, value: base + s.token, onfocus: (e) => e.target.select()}),
      " ", el("a", {class: "button", href: base + s.token, id: `sit-${s.seat}`}, t("open"))))));
}

start();
