"""The live board of a club night: the page the room's screen and the players' phones open, and its data.

The page is a skeleton that holds no name at all: its words (in the language
in use) are fixed, and its script (``scorepad/web/assets/board.js``) fills it
from ``board_json``, which is every word of the night already worded here,
player names included, so the script puts text into the page and never
markup. The web edge (``scorepad/web/``) serves them, and the script and the
style sheet as the package holds them.
"""

from __future__ import annotations

import html
from typing import TYPE_CHECKING, Any

from ..core.text import visible
from .descriptions import rules_words
from .night_tables import (
    changes,
    night_label,
    rounds_counted,
    standing_cells,
    standings_heading,
    standings_heads,
    standings_key,
    table_state,
)
from .translation import _, language, ngettext, pgettext

if TYPE_CHECKING:
    from ..app.nights import NightStatus, TableStatus


def page() -> str:
    """The board's page: the skeleton that ``board.js`` fills, in the language in use."""
    words = {
        "lang": language().tag,
        # TRANSLATORS: the title of the board's page in a browser's tab, until the night's name replaces it.
        "title": _("Club night board"),
        "waiting": _("Reading the night…"),
        "lost": _("The board cannot be reached: trying again…"),
        "script": _("The board needs JavaScript to show the night."),
    }
    said = {key: html.escape(value) for key, value in words.items()}
    return (
        "<!doctype html>\n"
        f'<html lang="{said["lang"]}">\n<head>\n<meta charset="utf-8">\n'
        '<meta name="viewport" content="width=device-width, initial-scale=1">\n'
        f"<title>{said['title']} · scorepad</title>\n"
        '<link rel="stylesheet" href="/palette.css">\n<link rel="stylesheet" href="/board.css">\n<script src="/board.js" defer></script>\n'
        "</head>\n<body>\n"
        '<header><h1 id="title"></h1><p id="rules"></p><p id="note"></p></header>\n'
        f'<p id="connection" data-lost="{said["lost"]}">{said["waiting"]}</p>\n'
        f"<noscript><p>{said['script']}</p></noscript>\n"
        '<main><section id="tables"></section><section id="standings"></section></main>\n'
        "</body>\n</html>\n"
    )


def board_json(status: NightStatus) -> dict[str, Any]:
    """Where the night stands, every word of it worded for the page (names as text, to be shown as text)."""
    counted, label = rounds_counted(status), visible(night_label(status.night_id, status.name))
    return {
        "night": status.night_id,
        "name": label,
        "title": _("{night}: round {round} of {rounds}").format(
            night=label, round=status.round, rounds=status.settings.rounds
        ),
        "rules": rules_words(status.rules),
        "note": _note(status),
        "heads": {"player": _("Player"), "total": _("Total")},
        "tables": [_table(table) for table in status.tables],
        "standings": {
            "heading": standings_heading(counted),
            "heads": list(standings_heads()),
            "short": list(short_heads()),
            "rows": [[visible(cell) for cell in standing_cells(line, counted)] for line in status.standings if counted],
            "key": standings_key(status.standings, status.minimum),
        },
        "changes": [visible(line) for line in changes(status)],
    }


def short_heads() -> tuple[str, ...]:
    """The heads of ``standings_heads`` as the board's narrow standings column shows them, each word short enough
    for a column of figures; the page keeps the full head as the column's title."""
    return (
        _("Player"),
        # TRANSLATORS: a column head of the live board's standings, as short as it can be read (a word or two of
        # about six letters): the full head "Score" of the night's standings is shown when it is pointed at.
        pgettext("short column head", "Score"),
        # TRANSLATORS: a short column head of the live board's standings (full: "Rounds", the rounds played).
        pgettext("short column head", "Rounds"),
        # TRANSLATORS: a short column head of the live board's standings (full: "Firsts", the tables won).
        pgettext("short column head", "Firsts"),
        # TRANSLATORS: a short column head of the live board's standings (full: "Points per deal").
        pgettext("short column head", "Per deal"),
    )


def _note(status: NightStatus) -> str:
    """Where the round stands, for the room."""
    if status.over:
        return _("The night is over.")
    if status.round_over:
        return _("Every table is over: the next round is seated soon.")
    playing = sum(not table.over for table in status.tables)
    return ngettext("{count} table plays on.", "{count} tables play on.", playing).format(count=playing)


def _table(table: TableStatus) -> dict[str, Any]:
    return {
        "table": table.number,
        "heading": _("Table {table}").format(table=table.number),
        "match": _("match {match}").format(match=table.match_id),
        "state": visible(table_state(table)),
        "over": table.over,
        "players": [
            {"place": finish.place, "name": visible(finish.name), "total": finish.points}
            for finish in table.result.finishes
        ],
    }
