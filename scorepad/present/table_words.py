"""The words of a file made for people (``--spreadsheet``, ``--format xlsx``) in the language in use.

The same words as the screens use for the same things (``Dealer``, ``tie-break``,
``renege {player}``), so that a club reads its sheet as it reads ``history``.
"""

from __future__ import annotations

from ..app.table_words import TableWords
from .marks import marks
from .tables import kind_word
from .translation import _

#: ``strftime``'s fields as a workbook's number-format code writes them.
_FORMAT_CODES = {"%d": "dd", "%m": "mm", "%Y": "yyyy"}


def table_words() -> TableWords:
    columns = {
        "match": _("Match"),
        "match_name": _("Match name"),
        "deal": _("Deal"),
        "kind": _("Kind"),
        "dealer": _("Dealer"),
        "player": _("Player"),
        "seat": _("Seat"),
        "points": _("Points"),
        "total": _("Total"),
        "recorded_at": _("Recorded"),
        "note": _("Note"),
        "round": _("Round"),
        "table": _("Table"),
        "place": _("Place"),
        "table_size": _("Players at the table"),
        "round_score": _("Round score"),
        "score": _("Score"),
        "rounds": _("Rounds"),
        "firsts": _("Firsts"),
        "points_per_deal": _("Points per deal"),
    }
    return TableWords(
        columns=columns,
        kinds={kind: kind_word(kind) for kind in ("deal", "tiebreak", "misdeal", "seat")},
        total=_("total"),
        corrected=_("corrected"),
        renege=_("renege {player}"),
        substitute=_("{player} for {gone}"),
        running_total=_("Total {player}"),
        deals_sheet=_("Deals"),
        score_sheet=_("Score sheet"),
        standings_sheet=_("Standings"),
        round_sheet=_("Round {round}"),
        decimal=marks().decimal,
        date_time_format=_date_time_format(marks().date),
    )


def _date_time_format(pattern: str | None) -> str:
    """The language's date (``%d-%m-%Y``) and the time of day, as a workbook's number format; English keeps
    the date as ISO-8601 writes it, as its screens do."""
    day = pattern or "%Y-%m-%d"
    for field, code in _FORMAT_CODES.items():
        day = day.replace(field, code)
    return f"{day} hh:mm:ss"
