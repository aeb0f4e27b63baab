// Shared by the pages: the words in both languages, element helpers that only ever set text
// (never HTML), card pictures, and small fetch helpers. Everything from the server is shown
// with textContent or as an attribute value, so nothing it holds can become markup.
"use strict";

const WORDS = {
  en: {
    app: "Hachi-Hachi", newTable: "New table", ruleset: "Rules", upload: "or upload a house-rule file",
    players: "Players", seat: "Seat", person: "person", short: "Short game", create: "Create the table",
    links: "Join links: send each person the link of their seat. Keep your own.", open: "Sit here",
    scorekeeper: "Scorekeeper (real cards)", replay: "Replay a record", round: "Round", pot: "Pot",
    field: "Field", trump: "Trump", indicator: "Indicator", stock: "Stock", chips: "Chips", tricks: "tricks",
    points: "pts", yourTurn: "Your turn", waitFor: "Waiting for", explain: "? Explain", hint: "Hint",
    hand: "Your hand", onTable: "On the table", fieldCards: "Field cards", captures: "Captured",
    go: "go", drop: "drop", dropped: "dropped", forced: "forced out", start: "start", dealer: "dealer",
    summary: "Round over", continue: "Continue", waitingOthers: "Waiting for the others to continue",
    gameOver: "Game over", standings: "Standings", winner: "Winner", log: "What happened",
    connected: "online", away: "away", bot: "bot", close: "Close", reconnecting: "Reconnecting...",
    whichTarget: "Which field card does it take?", cancel: "Cancel", noLink: "Open this table through your join link.",
    problems: "The rule file has problems:", loaded: "Loaded", newSheet: "New score sheet",
    names: "Names (comma separated)", firstStart: "First start player", startSheet: "Start the sheet",
    totals: "Totals", undo: "Take back the last round", edit: "Correct", save: "Save", answer: "Answer",
    none: "none", ok: "OK", openRecord: "Open a record file", back: "Back", forward: "Forward",
    step: "Step", mizuten: "mizuten", split: "split", play: "play", saveFailed: "The save failed:",
    moreRounds: "Rounds", delta: "change", you: "you", sheetLink: "The sheet's link (bookmark it):",
    total: "total", roundsOf: "of", fieldChoice: "or the field", tapCard: "tap the card",
    pickRoles: "Roles (tap to pick)", done: "Done", claim: "Claim roles", showNone: "Nothing shown",
    typeCards: "Type the cards", moveOne: "Move one from", to: "to", replayGame: "Replay this game",
    standard: "Standard games", variants: "Variants", turnTimer: "Turn timer", noTimer: "none (take your time)",
    seconds: "s", timerNote: "When a person's time runs out, a bot plays for them until they are back.",
    yourTables: "Your tables", hosting: "you made it", sittingAs: "your seat:", gone: "no longer on the server",
    ended: "over", showLinks: "Join links", copy: "Copy", copied: "Copied", share: "Share", qr: "QR code",
    invite: "Invite", lastTrick: "Last trick", took: "took the trick", botPlays: "A bot is playing for you: your time ran out.",
    imBack: "I'm back", standin: "bot stands in", waitingSummary: "to continue", goesOnIn: "goes on in",
    timeLeft: "left", forget: "Forget", mizutenBy: "mizuten", matches: "matches the field",
    byKind: {bright: "Brights", animal: "Animals", ribbon: "Ribbons", chaff: "Chaff"},
    rounds: "Rounds", prevRound: "◀ Round", nextRound: "Round ▶", captured: "Captured", tricksWon: "Tricks",
    nobody: "Nobody", shown: "Laid open", undoAsk: "Take back round {n}? Its answers are removed from the sheet.",
    yes: "Yes", no: "No", takenBack: "Round {n} was taken back.", putBack: "Put it back", pickN: "tap {n}",
    fields: {indicator: "Turned card", field: "Field", field_cards: "Field cards", mizuten: "Mizuten called",
      declare: "Go or drop, in order from the start player", split: "Split answers", show: "Hands laid open",
      roles: "Roles claimed", aces: "Aces", tricks: "Tricks taken", points: "Card points", capture_role: "Capture role",
      dealer: "Dealer", answers: "House-rule answers", extras: "Sujuroku and tobikomi", played_on: "Capture roles played on"},
    who: "Who", role: "Role", change: "Change", remove: "Remove", nth: "#{n}", plain: "as written",
  },
  ja: {
    app: "ハチハチ", newTable: "新しい卓", ruleset: "ルール", upload: "またはハウスルールのファイルを送る",
    players: "人数", seat: "席", person: "人", short: "短いゲーム", create: "卓を作る",
    links: "参加リンク: 各席のリンクをその人に送ってください。自分の分は手元に。", open: "この席に着く",
    scorekeeper: "点数係 (本物の札で)", replay: "記録を再生", round: "局", pot: "場代",
    field: "場", trump: "切り札", indicator: "めくり札", stock: "山札", chips: "持ち点", tricks: "トリック",
    points: "点", yourTurn: "あなたの番", waitFor: "待っています:", explain: "? 説明", hint: "ヒント",
    hand: "手札", onTable: "場の札", fieldCards: "場札", captures: "取り札",
    go: "出る", drop: "降りる", dropped: "降りた", forced: "降ろされ", start: "スタP", dealer: "親",
    summary: "局の終わり", continue: "続ける", waitingOthers: "他の人を待っています",
    gameOver: "ゲーム終了", standings: "成績", winner: "勝者", log: "経過",
    connected: "接続中", away: "離席", bot: "ボット", close: "閉じる", reconnecting: "再接続中...",
    whichTarget: "どの場札を取りますか?", cancel: "やめる", noLink: "参加リンクから開いてください。",
    problems: "ルールファイルに問題があります:", loaded: "読み込みました", newSheet: "新しい点数表",
    names: "名前 (カンマ区切り)", firstStart: "最初のスタP", startSheet: "点数表を始める",
    totals: "合計", undo: "最後の局を取り消す", edit: "直す", save: "保存", answer: "答える",
    none: "なし", ok: "OK", openRecord: "記録ファイルを開く", back: "戻る", forward: "進む",
    step: "手", mizuten: "ミズテン", split: "山分け", play: "勝負", saveFailed: "保存できませんでした:",
    moreRounds: "局", delta: "増減", you: "あなた", sheetLink: "点数表のリンク (ブックマークしてください):",
    total: "計", roundsOf: "/", fieldChoice: "または場", tapCard: "札をタップ",
    pickRoles: "役 (タップで選ぶ)", done: "決定", claim: "役を申告", showNone: "見せない",
    typeCards: "札を入力", moveOne: "1つ移す:", to: "→", replayGame: "このゲームを再生",
    standard: "標準のゲーム", variants: "変わりルール", turnTimer: "持ち時間", noTimer: "なし（ゆっくり）",
    seconds: "秒", timerNote: "持ち時間が切れると、その人が戻るまでボットが代わりに打ちます。",
    yourTables: "あなたの卓", hosting: "あなたが作った卓", sittingAs: "あなたの席:", gone: "サーバーにもうありません",
    ended: "終了", showLinks: "参加リンク", copy: "コピー", copied: "コピーしました", share: "共有", qr: "QRコード",
    invite: "招待", lastTrick: "前のトリック", took: "がトリックを取った", botPlays: "持ち時間が切れたので、ボットが代わりに打っています。",
    imBack: "戻りました", standin: "ボット代打ち", waitingSummary: "の「続ける」", goesOnIn: "自動で続くまで",
    timeLeft: "残り", forget: "消す", mizutenBy: "ミズテン", matches: "場札と合う",
    byKind: {bright: "光", animal: "タネ", ribbon: "短冊", chaff: "カス"},
    rounds: "局", prevRound: "◀ 前の局", nextRound: "次の局 ▶", captured: "取り札", tricksWon: "トリック",
    nobody: "なし", shown: "見せた", undoAsk: "第{n}局を取り消しますか？ その答えは点数表から消えます。",
    yes: "はい", no: "いいえ", takenBack: "第{n}局を取り消しました。", putBack: "元に戻す", pickN: "{n}枚タップ",
    fields: {indicator: "めくり札", field: "場", field_cards: "場札", mizuten: "ミズテン宣言", declare: "出る・降りる（スタPから順に）",
      split: "山分けの答え", show: "見せた手", roles: "申告した役", aces: "光札", tricks: "取ったトリック", points: "札の点",
      capture_role: "出来役", dealer: "親", answers: "ハウスルールの答え", extras: "素十六・飛び込み", played_on: "下げて続けた出来役"},
    who: "誰", role: "役", change: "変える", remove: "消す", nth: "{n}番目", plain: "書いたとおり",
  },
};

let LANG = localStorage.getItem("hachi-lang") === "ja" ? "ja" : "en";

function t(key, values) {
  let said = (WORDS[LANG] && WORDS[LANG][key]) || WORDS.en[key] || key;
  if (values && typeof said === "string") for (const [k, v] of Object.entries(values)) said = said.split(`{${k}}`).join(String(v));
  return said;
}

function setLang(lang) {
  LANG = lang === "ja" ? "ja" : "en";
  localStorage.setItem("hachi-lang", LANG);
  document.documentElement.lang = LANG;
}

// el("div", {class: "x", onclick: f}, "text", child, ...): strings become text nodes.
function el(tag, attrs, ...children) {
  const node = document.createElement(tag);
  for (const [key, value] of Object.entries(attrs || {})) {
    if (value === undefined || value === null || value === false) continue;
    if (key.startsWith("on")) node.addEventListener(key.slice(2), value);
    else if (key === "class") node.className = value;
    else node.setAttribute(key, value === true ? "" : String(value));
  }
  for (const child of children.flat()) {
    if (child === undefined || child === null || child === false) continue;
    node.append(child instanceof Node ? child : document.createTextNode(String(child)));
  }
  return node;
}

// CARD_NAMES: card number -> its names (the server sends those of the cards a page shows)
let CARD_NAMES = {};

function card(deck, n, attrs) {
  const src = n === "back" ? `/cards/${encodeURIComponent(deck)}/back.svg`
    : `/cards/${encodeURIComponent(deck)}/${Number(n)}.svg`;
  const label = n === "back" ? "" : (CARD_NAMES[String(n)] || "");
  const img = el("img", Object.assign({class: "card", src: src, alt: label || String(n), title: label || null,
    draggable: "false"}, attrs || {}));
  if (label) longPress(img, label);
  return img;
}

// A long press (a phone has no hover) shows the card's names for a moment.
function longPress(node, label) {
  let timer = null;
  node.addEventListener("touchstart", () => { timer = setTimeout(() => { timer = null; toast(label); }, 450); }, {passive: true});
  for (const end of ["touchend", "touchmove", "touchcancel"]) node.addEventListener(end, () => { if (timer) clearTimeout(timer); timer = null; }, {passive: true});
  node.addEventListener("contextmenu", (e) => { e.preventDefault(); toast(label); });
}

function toast(text) {
  let box = document.getElementById("toast");
  if (!box) { box = el("div", {id: "toast", class: "toast", role: "status"}); document.body.append(box); }
  box.textContent = text;
  box.classList.add("on");
  clearTimeout(toast.timer);
  toast.timer = setTimeout(() => box.classList.remove("on"), 2500);
}

// The tables this browser knows (made here or joined here), kept so that the home page finds them again.
function knownTables() {
  try { const list = JSON.parse(localStorage.getItem("hachi-tables") || "[]"); return Array.isArray(list) ? list : []; }
  catch (e) { return []; }
}

function rememberTable(entry) {
  const list = knownTables().filter((x) => x.table !== entry.table);
  const old = knownTables().find((x) => x.table === entry.table) || {};
  list.unshift(Object.assign(old, entry, {seen: Date.now()}));
  localStorage.setItem("hachi-tables", JSON.stringify(list.slice(0, 30)));
}

function forgetTable(id) {
  localStorage.setItem("hachi-tables", JSON.stringify(knownTables().filter((x) => x.table !== id)));
  localStorage.removeItem("hachi-seat-" + id);
}

function seatLink(table, token) { return location.origin + "/table/" + encodeURIComponent(table) + "#t=" + token; }

// Every seat's link with copy, share and a QR code: for the host, on the home page and at the table.
function linksList(table, seats) {
  return el("ul", {class: "links"}, seats.map((s) => {
    const link = seatLink(table, s.token);
    const qrBox = el("div", {class: "qr"});
    const copyButton = el("button", {type: "button", class: "small", onclick: async () => {
      try { await navigator.clipboard.writeText(link); copyButton.textContent = t("copied"); }
      catch (e) { input.select(); document.execCommand && document.execCommand("copy"); copyButton.textContent = t("copied"); }
    }}, t("copy"));
    const input = el("input", {class: "link", readonly: true, value: link, onfocus: (e) => e.target.select()});
    return el("li", {},
      el("b", {}, s.name), " ", input, " ", copyButton, " ",
      navigator.share ? el("button", {type: "button", class: "small", onclick: () => navigator.share({title: t("app"), url: link}).catch(() => {})}, t("share")) : null,
      " ", el("button", {type: "button", class: "small", "data-qr": s.seat, onclick: async () => {
        if (qrBox.firstChild) { clear(qrBox); return; }
        try {
          const made = await postJSON("/api/qr", {text: link});
          qrBox.append(el("img", {src: made.qr, alt: `${t("qr")}: ${s.name}`, class: "qrcode"}));
        } catch (e) { qrBox.append(el("p", {class: "error"}, e.message)); }
      }}, t("qr")),
      " ", el("a", {class: "button", href: link, id: `sit-${s.seat}`}, t("open")), qrBox);
  }));
}

function langButton(onchange) {
  return el("button", {class: "lang", type: "button", onclick: () => { setLang(LANG === "ja" ? "en" : "ja"); onchange(); }},
    LANG === "ja" ? "English" : "日本語");
}

async function postJSON(url, data) {
  const response = await fetch(url, {method: "POST", headers: {"Content-Type": "application/json"},
    body: JSON.stringify(data)});
  const body = await response.json();
  if (!response.ok) { const e = new Error(body.error || "error"); e.body = body; throw e; }
  return body;
}

function clear(node) { while (node.firstChild) node.removeChild(node.firstChild); return node; }

setLang(LANG);
