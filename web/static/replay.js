// The replay page: open a record (or a finished table of this server) and step through it,
// forwards and back, or jump from round to round; every hand is open, as in a record.
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

// The first frame of each round once its cards are dealt, for the round buttons.
function roundStarts() {
  const starts = [];
  R.frames.forEach((f, i) => {
    const last = starts[starts.length - 1];
    const dealt = f.hands.some((h) => h.length);
    if (!last || last.round !== f.round) starts.push({round: f.round, at: i, dealt: dealt});
    else if (!last.dealt && dealt) { last.at = i; last.dealt = true; }
  });
  return starts;
}

function jumpRound(delta) {
  const starts = roundStarts();
  const round = R.frames[at].round;
  const here = starts.find((s) => s.round === round);
  let target;
  if (delta > 0) target = starts.find((s) => s.round > round);
  else target = here && at > here.at ? here : starts.filter((s) => s.round < round).pop();
  if (target) { at = target.at; render(); }
}

const SUITS = {s: "♠", h: "♥", d: "♦", c: "♣"};

function frameView(f) {
  const box = el("section", {class: "middle", id: "frame"});
  box.append(el("div", {class: "row"}, el("span", {class: "stat", id: "replay-round"}, `${t("round")} ${f.round}/${f.rounds}`),
    f.field ? el("span", {class: "stat"}, `${t("field")} ${LANG === "ja" ? f.field.ja : f.field.name} ×${f.field.multiplier}`) : null,
    f.shows_pot ? el("span", {class: "stat"}, `${t("pot")} ${f.pot}`) : null,
    ...(f.pots || []).map(([name, chips]) => el("span", {class: "stat pots"}, `${name} ${chips}`)),
    f.trump ? el("span", {class: "stat", id: "replay-trump"}, `${t("trump")} ${SUITS[f.trump] || f.trump}`) : null));
  if (f.indicator !== null) box.append(el("figure", {}, card(R.deck, f.indicator), el("figcaption", {}, t("indicator"))));
  if (f.table_cards.length) box.append(el("div", {class: "row"}, el("h3", {}, t("fieldCards")),
    el("div", {class: "cards"}, f.table_cards.map((c) => card(R.deck, c)))));
  if (f.turned !== null && f.turned !== undefined) box.append(el("figure", {}, card(R.deck, f.turned, {class: "card turned"}), el("figcaption", {}, "↑")));
  if (f.trick.length) box.append(el("div", {class: "row"}, el("h3", {}, t("onTable")),
    el("div", {class: "cards", id: "replay-trick"}, f.trick.map((c) => card(R.deck, c)))));
  box.append(el("div", {class: "replayhands"}, R.names.map((n, s) => {
    const cap = f.captures.find((c) => c.seat === s);
    const won = (f.tricks_won || []).find((w) => w[0] === s);
    return el("div", {class: "capture" + (f.to_act === s ? " acting" : ""), id: `replay-seat-${s}`},
      el("b", {}, `${n}: ${f.chips[s]}`), cap && cap.points !== null ? ` · ${cap.points}${t("points")}` : "",
      won ? ` · ${won[1]} ${t("tricks")}` : "",
      el("div", {class: "cards small"}, f.hands[s].map((c) => card(R.deck, c))),
      cap && cap.groups && cap.groups.length ? el("div", {class: "groups replay-captures"}, el("span", {class: "kind"}, t("captured")),
        cap.groups.map((g) => el("div", {class: "group", "data-kind": g.kind},
          el("span", {class: "kind"}, g.points === null ? (t("byClass")[g.kind] || g.kind) : `${t("byClass")[g.kind] || g.kind} ${g.points}`),
          el("div", {class: "cards small"}, g.cards.map((x) => card(R.deck, x)))))) : null);
  })));
  const lines = LANG === "ja" && f.lines_ja ? f.lines_ja : f.lines;
  box.append(el("ul", {class: "lines", id: "lines"}, lines.map((line) => el("li", {}, line))));
  return box;
}

function render(error) {
  const app = clear(document.getElementById("app"));
  if (R) CARD_NAMES = (R.card_names && R.card_names[LANG]) || {};
  app.append(el("header", {class: "bar"}, el("h1", {}, R ? R.title[LANG] : t("replay")), langButton(() => render())));
  app.append(el("section", {class: "panel"}, el("label", {}, t("openRecord"), " ",
    el("input", {type: "file", id: "record", accept: ".yaml,.yml,.json,text/*", onchange: async (e) => {
      const file = e.target.files[0];
      if (file) await open(await file.arrayBuffer(), "/api/replays");
    }}))));
  if (error) app.append(el("p", {class: "error", id: "error"}, error));
  if (!R) return;
  const starts = roundStarts();
  app.append(el("div", {class: "buttons"},
    el("button", {type: "button", id: "prev-round", onclick: () => jumpRound(-1)}, t("prevRound")),
    el("select", {id: "round-select", "aria-label": t("rounds"), onchange: (e) => { at = Number(e.target.value); render(); }},
      starts.map((s) => el("option", {value: s.at, selected: s.at <= at && (starts.find((x) => x.at > s.at) || {at: 1e9}).at > at},
        `${t("round")} ${s.round}`))),
    el("button", {type: "button", id: "next-round", onclick: () => jumpRound(1)}, t("nextRound"))));
  app.append(el("div", {class: "buttons"},
    el("button", {type: "button", id: "first", onclick: () => go(-1e9)}, "|◀"),
    el("button", {type: "button", id: "back", onclick: () => go(-1)}, `◀ ${t("back")}`),
    el("span", {class: "stat", id: "at"}, `${t("step")} ${at}/${R.frames.length - 1}`),
    el("button", {type: "button", id: "forward", class: "primary", onclick: () => go(1)}, `${t("forward")} ▶`),
    el("button", {type: "button", id: "last", onclick: () => go(1e9)}, "▶|")));
  app.append(frameView(R.frames[at]));
}

document.addEventListener("keydown", (e) => {
  if (e.key === "ArrowRight") go(1);
  if (e.key === "ArrowLeft") go(-1);
  if (e.key === "PageDown") jumpRound(1);
  if (e.key === "PageUp") jumpRound(-1);
});
const fromTable = new URLSearchParams(location.hash.slice(1)).get("table");
if (fromTable) open(null, `/api/tables/${encodeURIComponent(fromTable)}/replay`); else render();
