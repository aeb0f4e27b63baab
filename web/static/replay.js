// The replay page: open a record (or a finished table of this server) and step through it,
// forwards and back; every hand is open, as in a record.
"use strict";

let R = null;
let at = 0;

async function open(body, url) {
  const response = await fetch(url, {method: body === null ? "GET" : "POST", body: body === null ? undefined : body});
  const data = await response.json();
  if (!response.ok) { R = null; render(data.error); return; }
  R = data; at = 0; render();
}

function go(step) { if (!R) return; at = Math.max(0, Math.min(R.frames.length - 1, at + step)); render(); }

function frameView(f) {
  const box = el("section", {class: "middle", id: "frame"});
  box.append(el("div", {class: "row"}, el("span", {class: "stat"}, `${t("round")} ${f.round}/${f.rounds}`),
    f.field ? el("span", {class: "stat"}, `${t("field")} ${LANG === "ja" ? f.field.ja : f.field.name} ×${f.field.multiplier}`) : null,
    el("span", {class: "stat"}, `${t("pot")} ${f.pot}`)));
  if (f.indicator !== null) box.append(el("figure", {}, card(R.deck, f.indicator), el("figcaption", {}, t("indicator"))));
  if (f.table_cards.length) box.append(el("div", {class: "row"}, el("h3", {}, t("fieldCards")),
    el("div", {class: "cards"}, f.table_cards.map((c) => card(R.deck, c)))));
  if (f.trick.length) box.append(el("div", {class: "row"}, el("h3", {}, t("onTable")),
    el("div", {class: "cards"}, f.trick.map((c) => card(R.deck, c)))));
  box.append(el("div", {class: "replayhands"}, R.names.map((n, s) => {
    const cap = f.captures.find((c) => c.seat === s);
    return el("div", {class: "capture" + (f.to_act === s ? " acting" : "")},
      el("b", {}, `${n}: ${f.chips[s]}`), cap && cap.points !== null ? ` · ${cap.points}${t("points")}` : "",
      el("div", {class: "cards small"}, f.hands[s].map((c) => card(R.deck, c))));
  })));
  const lines = LANG === "ja" && f.lines_ja ? f.lines_ja : f.lines;
  box.append(el("ul", {class: "lines", id: "lines"}, lines.map((line) => el("li", {}, line))));
  return box;
}

function render(error) {
  const app = clear(document.getElementById("app"));
  app.append(el("header", {class: "bar"}, el("h1", {}, R ? R.title[LANG] : t("replay")), langButton(() => render())));
  app.append(el("section", {class: "panel"}, el("label", {}, t("openRecord"), " ",
    el("input", {type: "file", id: "record", accept: ".yaml,.yml,.json,text/*", onchange: async (e) => {
      const file = e.target.files[0];
      if (file) await open(await file.arrayBuffer(), "/api/replays");
    }}))));
  if (error) app.append(el("p", {class: "error", id: "error"}, error));
  if (!R) return;
  app.append(el("div", {class: "buttons"},
    el("button", {type: "button", id: "first", onclick: () => go(-1e9)}, "|◀"),
    el("button", {type: "button", id: "back", onclick: () => go(-1)}, `◀ ${t("back")}`),
    el("span", {class: "stat", id: "at"}, `${t("step")} ${at}/${R.frames.length - 1}`),
    el("button", {type: "button", id: "forward", class: "primary", onclick: () => go(1)}, `${t("forward")} ▶`),
    el("button", {type: "button", id: "last", onclick: () => go(1e9)}, "▶|")));
  app.append(frameView(R.frames[at]));
}

document.addEventListener("keydown", (e) => { if (e.key === "ArrowRight") go(1); if (e.key === "ArrowLeft") go(-1); });
const fromTable = new URLSearchParams(location.hash.slice(1)).get("table");
if (fromTable) open(null, `/api/tables/${encodeURIComponent(fromTable)}/replay`); else render();
