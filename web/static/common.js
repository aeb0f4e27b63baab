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
  },
};

let LANG = localStorage.getItem("hachi-lang") === "ja" ? "ja" : "en";

function t(key) { return (WORDS[LANG] && WORDS[LANG][key]) || WORDS.en[key] || key; }

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

function card(deck, n, attrs) {
  const src = n === "back" ? `/cards/${encodeURIComponent(deck)}/back.svg`
    : `/cards/${encodeURIComponent(deck)}/${Number(n)}.svg`;
  return el("img", Object.assign({class: "card", src: src, alt: String(n), draggable: "false"}, attrs || {}));
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
