// A table's page: shows the table (its state from /t/TOKEN/state), and sends what is
// typed as one entry. An entry waiting to be sent is kept in localStorage with the
// deal it was typed for and a key made once, so that a phone that lost the network
// sends it when the network is back, and a retry after a lost answer lands once.
"use strict";

const base = location.pathname.replace(/\/+$/, "");
const words = document.body.dataset;
const pendingKey = "scorepad-entry:" + base;
let shown = null; // the state last shown: the deal and match an entry is typed for
let sending = false;

function $(id) { return document.getElementById(id); }

function text(tag, content, cls) {
  const node = document.createElement(tag);
  node.textContent = content;
  if (cls) node.className = cls;
  return node;
}

function answer(message, kind) {
  const node = $("answer");
  node.textContent = message;
  node.className = kind || "";
}

function newKey() {
  const bytes = new Uint8Array(16);
  crypto.getRandomValues(bytes); // crypto.randomUUID needs https; this does not
  return Array.from(bytes, (b) => b.toString(16).padStart(2, "0")).join("");
}

function show(state) {
  shown = state;
  $("title").textContent = state.heading;
  const rows = state.players.map((name, seat) => {
    const row = document.createElement("tr");
    row.append(text("td", name, "name"), text("td", String(state.totals[seat]), "total"));
    return row;
  });
  $("players").replaceChildren(...rows);
  $("deal").replaceChildren(...state.said.map((line) => text("p", line)));
  $("last").textContent = state.last ? words.last.replace("{entry}", state.last.readback) : "";
  const renege = $("renege");
  const first = renege.options[0];
  renege.replaceChildren(first, ...state.players.map((name) => {
    const option = text("option", name);
    option.value = name;
    return option;
  }));
  if (!$("text").value && state.example) $("text").placeholder = state.example;
  $("connection").textContent = "";
  $("connection").className = "";
}

async function load() {
  try {
    const reply = await fetch(base + "/state", { cache: "no-store" });
    if (reply.ok) show(await reply.json());
  } catch (error) {
    $("connection").textContent = words.kept;
    $("connection").className = "lost";
  }
}

function pending() {
  try { return JSON.parse(localStorage.getItem(pendingKey)); } catch (error) { return null; }
}

function keep(entry) {
  if (entry) localStorage.setItem(pendingKey, JSON.stringify(entry));
  else localStorage.removeItem(pendingKey);
}

async function send() {
  const entry = pending();
  if (!entry || sending) return;
  sending = true;
  answer(words.sent, "waiting");
  let reply;
  try {
    reply = await fetch(base + "/entries", {
      method: "POST",
      headers: { "Content-Type": "application/json" },
      body: JSON.stringify({ deal: entry.deal, match: entry.match, text: entry.text, key: entry.key }),
    });
  } catch (error) {
    sending = false;
    answer(words.kept, "waiting"); // kept: sent again when the network is back
    return;
  }
  sending = false;
  const body = await reply.json().catch(() => ({}));
  if (reply.status === 429 || reply.status >= 500) {
    answer(words.refused.replace("{reason}", body.error || String(reply.status)), "refused");
    return; // kept: sent again later
  }
  keep(null);
  if (reply.ok) {
    answer(body.readback, "written");
    if (!entry.undo) $("text").value = "";
  } else {
    answer(words.refused.replace("{reason}", body.error || String(reply.status)), "refused");
    if (reply.status === 422 && !$("text").value) $("text").value = entry.text; // the typed text stays
  }
  await load();
}

function enter(line, undo) {
  if (!shown || !line.trim() || pending()) return;
  keep({ deal: shown.next_deal, match: shown.match, text: line, key: newKey(), undo: undo || undefined });
  send();
}

$("entry").addEventListener("submit", (event) => {
  event.preventDefault();
  enter($("text").value);
});
$("misdeal").addEventListener("click", () => enter("misdeal"));
$("undo").addEventListener("click", () => { if (confirm(words.sure_undo)) enter("undo", true); });
$("renege").addEventListener("change", (event) => {
  const name = event.target.value;
  event.target.selectedIndex = 0;
  if (name) enter("renege " + name);
});
window.addEventListener("online", send);
setInterval(send, 3000); // a kept entry goes as soon as the board answers again

const events = new EventSource("/events"); // the board's stream: any change, and the table is read again
events.onmessage = () => load();
load().then(send);
