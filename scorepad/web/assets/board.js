// The live board of a club night: fills the page from the night as the server words it.
// Every name goes in as text (textContent), never as markup; the server pushes the night
// again whenever it changes (server-sent events), and the browser reconnects by itself.
"use strict";

(() => {
  const byId = (id) => document.getElementById(id);
  const line = byId("connection");

  function make(tag, className, text) {
    const element = document.createElement(tag);
    if (className) element.className = className;
    if (text !== undefined) element.textContent = String(text);
    return element;
  }

  function grid(heads, rows) {
    const table = make("table");
    const head = table.createTHead().insertRow();
    heads.forEach(([text, className, title]) => {
      const cell = head.appendChild(make("th", className, text));
      if (title && title !== text) cell.title = title;
    });
    const body = table.createTBody();
    rows.forEach((cells) => {
      const row = body.insertRow();
      cells.forEach(([text, className]) => row.append(make("td", className, text)));
    });
    return table;
  }

  function tableCard(table, heads) {
    const card = make("article", table.over ? "table over" : "table");
    const top = make("header");
    top.append(make("h2", "", table.heading), make("span", "match", table.match));
    const players = table.players.map((p) => [[p.place, "place"], [p.name, "name"], [p.total, "total"]]);
    card.append(top, make("p", "state", table.state));
    card.append(grid([["#", "place"], [heads.player, "name"], [heads.total, "total"]], players));
    return card;
  }

  function standings(night) {
    const parts = [make("h2", "", night.heading)];
    if (night.rows.length) {
      // The short heads fit a narrow column of figures; each full head is its column's title.
      const classes = ["place", "name", "score", "rounds", "firsts wide", "per-deal wide"];
      const titles = ["", ...night.heads];
      const heads = ["#", ...night.short].map((text, at) => [text, classes[at], titles[at]]);
      const rows = night.rows.map((cells) => cells.map((text, at) => [text, classes[at]]));
      parts.push(grid(heads, rows), make("p", "key", night.key));
    }
    return parts;
  }

  function render(night) {
    document.title = night.name + " · scorepad";
    byId("title").textContent = night.title;
    byId("rules").textContent = night.rules;
    byId("note").textContent = [night.note, ...night.changes].join(" ");
    byId("tables").replaceChildren(...night.tables.map((table) => tableCard(table, night.heads)));
    byId("standings").replaceChildren(...standings(night.standings));
  }

  function say(text) {
    line.textContent = text;
    line.hidden = !text;
  }

  const events = new EventSource("/events");
  events.onmessage = (event) => {
    render(JSON.parse(event.data));
    say("");
  };
  events.addEventListener("problem", (event) => say(JSON.parse(event.data).problem));
  events.onerror = () => say(line.dataset.lost);
})();
