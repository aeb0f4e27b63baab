// Shared by the pages: their words (WORDS, in every language of the message catalogs, from
// /words.js: the catalogs' web.page), element helpers that only ever set text
// (never HTML), card pictures, and small fetch helpers. Everything from the server is shown
// with textContent or as an attribute value, so nothing it holds can become markup.
"use strict";

// LANGS (English first) and WORDS come from /words.js
const knownLang = (lang) => LANGS.includes(lang);
let LANG = knownLang(localStorage.getItem("hachi-lang")) ? localStorage.getItem("hachi-lang") : "en";

function t(key, values) {
  let said = (WORDS[LANG] && WORDS[LANG][key]) || WORDS.en[key] || key;
  if (values && typeof said === "string") for (const [k, v] of Object.entries(values)) said = said.split(`{${k}}`).join(String(v));
  return said;
}

function setLang(lang) {
  LANG = knownLang(lang) ? lang : "en";
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

// The next language of the catalogs, named in its own words.
function langButton(onchange) {
  const next = LANGS[(LANGS.indexOf(LANG) + 1) % LANGS.length];
  return el("button", {class: "lang", type: "button", onclick: () => { setLang(next); onchange(); }}, WORDS[next].language);
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
