// The table page: one seat's view of the game, kept by the server. The page sends the index of
// a legal choice and shows the state the server sends back; it holds no rule of its own.
"use strict";

const tableId = decodeURIComponent(location.pathname.split("/").pop());
const KEY = "hachi-seat-" + tableId;
let token = new URLSearchParams(location.hash.slice(1)).get("t") || localStorage.getItem(KEY);
if (token) localStorage.setItem(KEY, token);
let S = null;               // the last state
let ws = null;
let panel = null;           // {title, lines} of the explanation or the hint
let picking = null;         // a hand card whose capture target is being chosen
let errorText = "";
let retry = 0;
let fieldPick = null;       // a field card tapped that more than one hand card can take
let showLast = false;       // the last trick shown beside the trick in play
let invite = null;          // the host's links, when the invite panel is open
let deadlineAt = null;      // when the table stops waiting (Date.now() ms), for the countdown
const deck = "t." + tableId;

function connect() {
  const scheme = location.protocol === "https:" ? "wss:" : "ws:";
  ws = new WebSocket(`${scheme}//${location.host}/ws/table/${encodeURIComponent(tableId)}`);
  ws.onopen = () => { retry = 0; ws.send(JSON.stringify({token: token, lang: LANG})); };
  ws.onmessage = (event) => {
    const msg = JSON.parse(event.data);
    if (msg.type === "state") {
      S = msg; picking = null; fieldPick = null; CARD_NAMES = msg.card_names || {};
      deadlineAt = msg.deadline_in === null || msg.deadline_in === undefined ? null : Date.now() + msg.deadline_in * 1000;
      if (!msg.choices.length) errorText = "";
      rememberTable({table: tableId, title: {[LANG]: msg.title}});
      render();
    }
    else if (msg.type === "error") { errorText = msg.message; render(); }
    else if (msg.type === "explain") { panel = {title: t("explain"), lines: msg.lines}; render(); }
    else if (msg.type === "hint") { panel = {title: t("hint"), lines: msg.lines}; render(); }
  };
  ws.onclose = (event) => {
    if (event.code === 4403 || event.code === 4400) { errorText = t("noLink"); S = null; render(); return; }
    errorText = t("reconnecting"); render();
    setTimeout(connect, Math.min(5000, 500 * ++retry));
  };
}

function send(msg) { if (ws && ws.readyState === 1) ws.send(JSON.stringify(msg)); }
function act(i) { send({type: "act", turn: S.turn, choice: i}); }

function name(seat) { return S.names[seat] + (seat === S.seat ? ` (${t("you")})` : ""); }

function host() { const known = knownTables().find((x) => x.table === tableId); return known && known.host; }

function secondsLeft() { return deadlineAt === null ? null : Math.max(0, Math.ceil((deadlineAt - Date.now()) / 1000)); }

// Who the table waits for, in words, at the top of the page (a phone sees it without scrolling).
function status() {
  const left = secondsLeft();
  const clock = left === null ? "" : ` · ${left} ${t("seconds")} ${t("timeLeft")}`;
  if (S.over) return el("p", {class: "status", id: "status"}, t("gameOver"));
  if (S.standins.includes(S.seat)) return el("p", {class: "status away", id: "status"}, t("botPlays"), " ",
    el("button", {type: "button", class: "primary", id: "back", onclick: () => send({type: "back"})}, t("imBack")));
  if (S.question) return el("p", {class: "status mine", id: "status"}, t("yourTurn"), el("span", {class: "countdown"}, clock));
  if (!S.awaited.length) return el("p", {class: "status", id: "status"}, "…");
  const who = S.awaited.map((s) => S.names[s] + (S.kinds[s] === "person" ? "" : ` (${t("bot")})`)).join(", ");
  const what = S.waiting.length ? ` ${t("waitingSummary")}` : "";
  return el("p", {class: "status", id: "status"}, `${t("waitFor")} ${who}${what}`, el("span", {class: "countdown"}, clock));
}

function seatLine(seat) {
  const bits = [];
  if (seat === S.start) bits.push(S.play === "matching" ? t("dealer") : t("start"));
  if (S.mizuten_by === seat) bits.push(t("mizutenBy"));
  if (S.standins.includes(seat)) bits.push(t("standin"));
  const said = S.declarations.find((d) => d[0] === seat);
  if (said) bits.push(said[1] ? t("go") : t("dropped"));
  if (S.forced_out.includes(seat)) bits.push(t("forced"));
  const won = S.tricks_won.find((w) => w[0] === seat);
  if (won) bits.push(`${won[1]} ${t("tricks")}`);
  const cap = S.captures.find((c) => c.seat === seat);
  if (cap && cap.points !== null) bits.push(`${cap.points}${t("points")}`);
  const kind = S.kinds[seat] === "person" ? (S.connected[seat] ? t("connected") : t("away")) : S.kinds[seat];
  const awaited = S.awaited.includes(seat) ? " awaited" : "";
  return el("li", {class: "seat" + (S.to_act === seat ? " acting" : "") + awaited + (seat === S.seat ? " me" : "")
    + (S.mizuten_by === seat ? " mizuten" : ""), id: `seat-${seat}`},
    el("span", {class: "who"}, name(seat)), el("span", {class: "chips"}, String(S.chips[seat])),
    el("span", {class: "tags"}, bits.join(" · ")), el("span", {class: "kind"}, kind));
}

function header() {
  const f = S.field;
  return el("header", {class: "bar"},
    el("h1", {}, S.title),
    el("span", {class: "stat", id: "round"}, `${t("round")} ${S.round}/${S.rounds}`),
    f ? el("span", {class: "stat", id: "field"}, `${t("field")} ${f.name} ×${f.multiplier}`) : null,
    S.shows_pot ? el("span", {class: "stat", id: "pot"}, `${t("pot")} ${S.pot}`) : null,
    ...(S.pots || []).map(([name, chips]) => el("span", {class: "stat pots"}, `${name} ${chips}`)),
    S.trump ? el("span", {class: "stat", id: "trump"}, `${t("trump")} ${({s: "♠", h: "♥", d: "♦", c: "♣"})[S.trump] || S.trump}`) : null,
    S.play === "matching" ? el("span", {class: "stat"}, `${t("stock")} ${S.stock_left}`) : null,
    S.mizuten_by !== null ? el("span", {class: "stat mizuten", id: "mizuten"}, `${t("mizutenBy")}: ${S.names[S.mizuten_by]}`) : null,
    host() ? el("button", {type: "button", class: "small", id: "invite", onclick: openInvite}, t("invite")) : null,
    langButton(() => { send({type: "lang", lang: LANG}); render(); }));
}

async function openInvite() {
  if (invite) { invite = null; render(); return; }
  try { invite = (await postJSON(`/api/tables/${encodeURIComponent(tableId)}/links`, {host: host()})).seats; }
  catch (e) { errorText = e.message; }
  render();
}

function trickView(trick, title, id) {
  return el("div", {class: "row trick", id: id}, el("h3", {}, title), el("div", {class: "cards"},
    trick.cards.map((c, i) => el("figure", {class: trick.winner === trick.seats[i] ? "won" : ""}, card(deck, c),
      el("figcaption", {}, S.names[trick.seats[i]])))),
    trick.winner !== null && trick.winner !== undefined
      ? el("p", {class: "took"}, t("took", {who: S.names[trick.winner]})) : null);
}

// A field card the player may take: by the hand card picked, by the turned card, or by the only hand card that takes it.
function matchesOf(handCard) { return (S.matches && S.matches[String(handCard)]) || []; }
function takers(c) {
  return S.choices.filter((x) => (picking === null || x.card === picking) && x.card !== S.turned &&
    (x.target === c || (x.target === undefined && x.card !== undefined && matchesOf(x.card).includes(c))))
    .concat(S.choices.filter((x) => S.turned !== null && x.card === S.turned && x.target === c));
}

function tapField(c) {
  const options = takers(c);
  if (options.length === 1) act(options[0].i);
  else if (options.length > 1) { errorText = ""; picking = null; fieldPick = c; render(); }
}

function captureView(c) {
  return el("div", {class: "capture", id: `captures-${c.seat}`},
    el("b", {}, c.points === null ? S.names[c.seat] : `${S.names[c.seat]}: ${c.points}${t("points")}`),
    el("div", {class: "groups"}, (c.groups || []).map((g) => el("div", {class: "group", "data-kind": g.kind},
      el("span", {class: "kind"}, g.points === null ? (t("byClass")[g.kind] || g.kind) : `${t("byClass")[g.kind] || g.kind} ${g.points}`),
      el("div", {class: "cards small"}, g.cards.map((x) => card(deck, x)))))));
}

function middle() {
  const box = el("section", {class: "middle"});
  if (S.indicator !== null) box.append(el("figure", {}, card(deck, S.indicator), el("figcaption", {}, t("indicator"))));
  if (S.play === "matching") {
    const targets = pickTargets();
    box.append(el("div", {class: "row"}, el("h3", {}, t("fieldCards")),
      el("div", {class: "cards", id: "table-cards"}, S.table_cards.map((c) => {
        const can = takers(c).length > 0;
        const cls = "card" + (targets.includes(c) ? " target" : "") + (fieldPick === c ? " picked" : "");
        if (!can) return card(deck, c, {class: cls});
        return el("button", {type: "button", class: "cardbutton field" + (targets.includes(c) ? " legal" : " takes"),
          "data-field": c, onclick: () => tapField(c)}, card(deck, c, {class: cls}));
      }))));
    box.append(el("div", {class: "row"}, el("figure", {}, card(deck, "back"), el("figcaption", {}, `${t("stock")} ${S.stock_left}`)),
      S.turned !== null ? el("figure", {}, card(deck, S.turned, {class: "card turned"}), el("figcaption", {}, "↑")) : null));
  } else if (S.trick.length) {
    const order = S.goers.length ? S.goers : [...Array(S.names.length).keys()];
    const lead = order.indexOf(S.trick_leader);
    box.append(el("div", {class: "row"}, el("h3", {}, t("onTable")), el("div", {class: "cards", id: "trick"},
      S.trick.map((c, i) => el("figure", {}, card(deck, c), el("figcaption", {}, S.names[order[(lead + i) % order.length]]))))));
    if (S.last_trick) box.append(el("button", {type: "button", class: "small", id: "show-last",
      onclick: () => { showLast = !showLast; render(); }}, t("lastTrick")));
    if (S.last_trick && showLast) box.append(trickView(S.last_trick, t("lastTrick"), "last-trick"));
  } else if (S.last_trick) {
    box.append(trickView(S.last_trick, t("lastTrick"), "last-trick"));      // the finished trick stays until the next card
  }
  return box;
}

function pickTargets() {
  if (fieldPick !== null) return [fieldPick];
  if (picking === null && S.turned === null) return [];
  const from = picking !== null ? picking : S.turned;
  return S.choices.filter((c) => c.card === from && c.target !== undefined).map((c) => c.target);
}

function choices() {
  const box = el("section", {class: "choices"});
  if (S.question) box.append(el("p", {class: "question", id: "question"}, S.question));
  const words = S.choices.filter((c) => c.word !== undefined);
  if (words.length) box.append(el("div", {class: "buttons"}, words.map((c) =>
    el("button", {type: "button", class: "primary", "data-word": c.word, onclick: () => act(c.i)}, c.label))));
  // capture choices of a turned card: tap the field card it takes
  const turnedChoices = S.choices.filter((c) => c.card === S.turned && S.turned !== null && c.target !== undefined);
  const pick = picking !== null ? S.choices.filter((c) => c.card === picking && c.target !== undefined) : turnedChoices;
  if (pick.length) box.append(el("div", {class: "pick"}, el("p", {}, t("whichTarget")),
    el("div", {class: "cards"}, pick.map((c) => el("button", {type: "button", class: "cardbutton legal", "data-choice": c.i,
      onclick: () => act(c.i)}, card(deck, c.target)))),
    picking !== null ? el("button", {type: "button", onclick: () => { picking = null; render(); }}, t("cancel")) : null));
  if (S.question) box.append(el("div", {class: "buttons"},
    el("button", {type: "button", id: "explain", onclick: () => send({type: "explain"})}, t("explain")),
    el("button", {type: "button", id: "hint", onclick: () => send({type: "hint"})}, t("hint"))));
  return box;
}

function hand() {
  const byCard = new Map();
  for (const c of S.choices) if (c.card !== undefined && c.card !== S.turned) {
    if (!byCard.has(c.card)) byCard.set(c.card, []);
    byCard.get(c.card).push(c);
  }
  return el("section", {class: "hand"}, el("h3", {}, t("hand")),
    el("div", {class: "cards", id: "hand"}, S.hand.map((c) => {
      let options = byCard.get(c);
      if (options && fieldPick !== null) options = options.filter((o) => o.target === fieldPick);
      if (!options || !options.length) return el("span", {class: "cardbutton"}, card(deck, c));
      const match = matchesOf(c).length > 0;
      return el("button", {type: "button", class: "cardbutton legal" + (match ? " match" : "") + (picking === c ? " picked" : ""),
        "data-card": c, "data-choice": options[0].i, title: match ? t("matches") : null,
        onclick: () => {
          if (options.length === 1) { fieldPick = null; act(options[0].i); }
          else { picking = picking === c ? null : c; render(); }
        }}, card(deck, c));
    })));
}

function summary() {
  const s = S.summary;
  if (!s) return null;
  return el("div", {class: "overlay", id: "summary"}, el("div", {class: "dialog"},
    el("h2", {}, `${t("summary")}: ${t("round")} ${s.round + 1}`),
    el("table", {class: "result"}, el("thead", {}, el("tr", {}, el("th", {}), el("th", {class: "num"}, t("delta")),
      el("th", {class: "num"}, t("chips")))),
    el("tbody", {}, S.names.map((n, i) => el("tr", {},
      el("td", {}, n), el("td", {class: "num"}, (s.delta[i] > 0 ? "+" : "") + s.delta[i]),
      el("td", {class: "num"}, String(S.chips[i])))))),
    S.shows_pot || s.pot_after ? el("p", {}, `${t("pot")} ${s.pot_after}`) : null,
    s.pots_after ? el("p", {class: "pots", id: "summary-pots"}, s.pots_after.map(([name, chips]) => `${name} ${chips}`).join(" · ")) : null,
    el("button", {type: "button", class: "primary", id: "continue", onclick: () => send({type: "ready"})}, t("continue")),
    secondsLeft() !== null ? el("p", {class: "small countdown", id: "goes-on"}, `${t("goesOnIn")} ${secondsLeft()} ${t("seconds")}`) : null,
    el("ul", {class: "lines"}, s.lines.map((line) => el("li", {}, line)))));
}

function over() {
  return el("div", {class: "overlay", id: "over"}, el("div", {class: "dialog"},
    el("h2", {}, t("gameOver")),
    el("ol", {class: "standings"}, S.standings.map((r) => el("li", {},
      `${S.names[r.seat]}: ${r.chips} (${r.change > 0 ? "+" : ""}${r.change})`))),
    el("p", {}, `${t("winner")}: ${S.winners.map((w) => S.names[w]).join(", ")}`),
    S.last_round ? el("details", {open: true}, el("summary", {}, `${t("summary")}: ${t("round")} ${S.last_round.round + 1}`),
      el("p", {}, S.names.map((n, i) => `${n} ${S.last_round.delta[i] > 0 ? "+" : ""}${S.last_round.delta[i]}`).join(" · ")),
      el("ul", {class: "lines"}, S.last_round.lines.map((line) => el("li", {}, line)))) : null,
    el("a", {class: "button", href: `/replay#table=${encodeURIComponent(tableId)}`}, t("replayGame"))));
}

function render() {
  const app = clear(document.getElementById("app"));
  if (!S) { app.append(el("p", {class: "error"}, errorText || "...")); return; }
  app.dataset.turn = String(S.turn);      // the state shown, for a test to wait on
  app.append(header());
  app.append(status());
  if (invite) app.append(el("section", {class: "panel", id: "invite-panel"}, el("h3", {}, t("links")), linksList(tableId, invite),
    el("button", {type: "button", onclick: () => { invite = null; render(); }}, t("close"))));
  app.append(el("ul", {class: "seats"}, S.names.map((_, i) => seatLine(i))));
  if (errorText) app.append(el("p", {class: "error", id: "error"}, errorText));
  if (S.save_error) app.append(el("p", {class: "error"}, `${t("saveFailed")} ${S.save_error}`));
  app.append(middle(), choices(), hand());
  if (S.play === "matching") app.append(el("section", {class: "captures", id: "captures"}, el("h3", {}, t("captures")),
    S.captures.map(captureView)));
  if (panel) app.append(el("section", {class: "panel explain", id: "panel"}, el("h3", {}, panel.title),
    el("ul", {}, panel.lines.map((line) => el("li", {}, line))),
    el("button", {type: "button", onclick: () => { panel = null; render(); }}, t("close"))));
  app.append(el("details", {class: "log"}, el("summary", {}, t("log")),
    el("ul", {}, S.log.slice(-30).map((line) => el("li", {}, line)))));
  if (S.summary) app.append(summary());
  if (S.over) app.append(over());
}

// The countdown ticks without drawing the page again.
setInterval(() => {
  const left = secondsLeft();
  if (left === null || !S) return;
  for (const node of document.querySelectorAll(".status .countdown")) node.textContent = ` · ${left} ${t("seconds")} ${t("timeLeft")}`;
  const goes = document.getElementById("goes-on");
  if (goes) goes.textContent = `${t("goesOnIn")} ${left} ${t("seconds")}`;
}, 1000);

if (!token) { errorText = t("noLink"); render(); } else { connect(); }
