"""A table's page at a club night: the phone page a table enters its deals on, its data, and its read-backs.

As the board's (``present.board``), the page is a skeleton holding no name:
its fixed words are in the language in use, and its script
(``scorepad/web/assets/table.js``) fills it from ``table_json``, every word
already worded here, so the script puts text into the page and never markup.
An accepted entry is read back in one line, as ``play`` reads it back
(``readback``): the deal and its scores, and what the write noted.
"""

from __future__ import annotations

import html
import io
from typing import TYPE_CHECKING, Any

from rich.console import Console

from ..core.text import visible
from .descriptions import entry_line, notes_text
from .tables import verdict
from .translation import _, spoken

if TYPE_CHECKING:
    from rich.console import RenderableType

    from ..app.table_entry import LastEntry, TableNow, Written


def page() -> str:
    """A table's page: the skeleton that ``table.js`` fills, in the language in use."""
    words = {
        "lang": spoken(),
        "waiting": _("Reading the table…"),
        "script": _("This page needs JavaScript to enter deals."),
        "enter": _("Enter"),
        "misdeal": _("Misdeal"),
        "renege": _("Renege by…"),
        "undo": _("Undo the last entry"),
        "kept": _("No network: what you typed is kept and sent as soon as the network is back."),
        "sent": _("Sending…"),
        "refused": _("Refused: {reason}"),
        "sure_undo": _("Take back the last entry?"),
        "last": _("Last entered: {entry}"),
    }
    said = {key: html.escape(value, quote=True) for key, value in words.items()}
    data = " ".join(f'data-{key}="{value}"' for key, value in said.items() if key not in ("lang", "script", "waiting"))
    return (
        "<!doctype html>\n"
        f'<html lang="{said["lang"]}">\n<head>\n<meta charset="utf-8">\n'
        '<meta name="viewport" content="width=device-width, initial-scale=1">\n'
        "<title>scorepad</title>\n"
        '<link rel="stylesheet" href="/palette.css">\n<link rel="stylesheet" href="/table.css">\n<script src="/table.js" defer></script>\n'
        "</head>\n"
        f"<body {data}>\n"
        '<header><h1 id="title"></h1><p id="connection">' + said["waiting"] + "</p></header>\n"
        f"<noscript><p>{said['script']}</p></noscript>\n"
        '<main>\n<table id="players"></table>\n<p id="last"></p>\n<section id="deal"></section>\n'
        '<form id="entry" autocomplete="off">\n'
        '<input id="text" name="text" enterkeyhint="send" autocapitalize="off" spellcheck="false">\n'
        f'<button id="send" type="submit">{said["enter"]}</button>\n</form>\n'
        '<p id="answer" role="status"></p>\n'
        f'<div id="more"><button id="misdeal" type="button">{said["misdeal"]}</button>\n'
        f'<select id="renege"><option value="">{said["renege"]}</option></select>\n'
        f'<button id="undo" type="button">{said["undo"]}</button></div>\n'
        "</main>\n</body>\n</html>\n"
    )


def readback(written: Written) -> str:
    """What a phone hears of an entry written: the entry read back, then what the write noted."""
    parts = []
    if written.entry is not None and written.entry.outcome is not None:
        parts.append(entry_line(written.deal, written.entry, written.result.state.settings.players))
    if written.result.notes:
        parts.append(notes_text(written.result.notes))
    return visible("; ".join(parts))


def last_json(last: LastEntry | None) -> dict[str, Any] | None:
    return (
        None
        if last is None
        else {"deal": last.number, "readback": visible(entry_line(last.number, last.entry, last.players))}
    )


def table_json(now: TableNow) -> dict[str, Any]:
    """The table as its page shows it (the keys of the entry API's state, then the page's own words)."""
    heading = _("Table {table}, round {round}").format(table=now.table, round=now.round)
    if now.match is None:
        said = [_("Table {table} plays no match in round {round}.").format(table=now.table, round=now.round)]
        return {
            "night": now.night_id, "round": now.round, "table": now.table, "match": None, "players": [],
            "totals": [], "next_deal": 1, "over": True, "dealer": None, "eldest": None, "deal_total": None,
            "last": None, "heading": heading, "said": said,
        }  # fmt: skip
    state = now.match.state
    players, deal = state.settings.players, state.next
    return {
        "night": now.night_id,
        "round": now.round,
        "table": now.table,
        "match": now.match.match_id,
        "players": [visible(name) for name in players],
        "totals": list(state.totals),
        "next_deal": now.next_deal,
        "over": state.finished,
        "dealer": None if deal is None else visible(players[deal.dealer]),
        "eldest": None if deal is None else visible(players[deal.eldest]),
        "deal_total": None if deal is None else deal.deal_total,
        "last": last_json(now.last),
        "heading": heading,
        "said": [visible(line) for line in _plain(verdict(state, ascii=False))],
        "example": " ".join(f"{visible(name)}=" for name in players),
    }


def _plain(lines: list[RenderableType]) -> list[str]:
    """The lines of ``verdict`` as plain text: the sentences the terminal's panel shows, each on one line,
    unindented; one console renders them all."""
    console = Console(width=1000, color_system=None, file=io.StringIO())
    said = []
    for line in lines:
        with console.capture() as captured:
            console.print(line)
        said.append(" ".join(captured.get().split()))
    return said


def join_page(wrong: bool = False) -> str:
    """``/join``: where a phone that cannot scan types its table's short code; ``wrong`` after a code no table has."""
    words = {
        "lang": spoken(),
        "ask": _("Your table's code"),
        "open": _("Open the table"),
        "wrong": _("No table has this code: look at the table's card again.") if wrong else "",
    }
    said = {key: html.escape(value, quote=True) for key, value in words.items()}
    return (
        "<!doctype html>\n"
        f'<html lang="{said["lang"]}">\n<head>\n<meta charset="utf-8">\n'
        '<meta name="viewport" content="width=device-width, initial-scale=1">\n'
        "<title>scorepad</title>\n"
        '<link rel="stylesheet" href="/palette.css">\n<link rel="stylesheet" href="/table.css">\n'
        "</head>\n<body>\n<main>\n"
        '<form method="get" action="/join">\n'
        f'<label for="code">{said["ask"]}</label>\n'
        '<input id="code" name="code" maxlength="12" autocapitalize="characters" autocomplete="off" required>\n'
        f'<button type="submit">{said["open"]}</button>\n</form>\n'
        f'<p id="answer" role="status">{said["wrong"]}</p>\n'
        "</main>\n</body>\n</html>\n"
    )
