"""The words of a file made for people to open in a spreadsheet (``--spreadsheet``, ``--format xlsx``).

The plain CSV and JSON keep the contract's English words in every language,
for scripts; a file made for people speaks the language in use. The use cases
take those words as one value that the edge fills from its catalog
(``present.table_words``), since nothing below the edge reads a catalog.
``PLAIN`` holds the contract's own words, which every default here writes.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from datetime import datetime

#: The columns of every file scorepad exports, by the key the plain CSV heads them with.
COLUMN_KEYS = (
    "match",
    "match_name",
    "deal",
    "kind",
    "dealer",
    "player",
    "seat",
    "points",
    "total",
    "recorded_at",
    "note",
    "round",
    "table",
    "place",
    "table_size",
    "round_score",
    "score",
    "rounds",
    "firsts",
    "points_per_deal",
)


@dataclass(frozen=True)
class TableWords:
    """A language's words for the cells of an export, and how its spreadsheets write a number and a time.

    ``renege``, ``substitute``, ``running_total`` and ``round_sheet`` are
    templates with the fields ``{player}``, ``{gone}`` and ``{round}``.
    """

    columns: Mapping[str, str] = field(default_factory=lambda: {key: key for key in COLUMN_KEYS})
    kinds: Mapping[str, str] = field(
        default_factory=lambda: {"deal": "deal", "tiebreak": "tiebreak", "misdeal": "misdeal", "seat": "seat"}
    )
    total: str = "total"
    corrected: str = "corrected"
    renege: str = "renege {player}"
    substitute: str = "{player} for {gone}"
    running_total: str = "total {player}"
    deals_sheet: str = "deals"
    score_sheet: str = "sheet"
    standings_sheet: str = "standings"
    round_sheet: str = "round {round}"
    decimal: str = "."
    #: A date and time as the language's spreadsheets show one, in a workbook's number-format code.
    date_time_format: str = "yyyy-mm-dd hh:mm:ss"

    def header(self, *keys: str) -> list[str]:
        return [self.columns[key] for key in keys]

    def kind(self, kind: str) -> str:
        return self.kinds.get(kind, kind)

    def two_decimals(self, value: float) -> str:
        """``12.50``, always two decimals, with the language's decimal mark: ``12,50``."""
        return f"{value:.2f}".replace(".", self.decimal)


#: The contract's words: the plain CSV's, in every language.
PLAIN = TableWords()


def local_time(stored: str) -> datetime | str:
    """A stored time (ISO-8601 with its offset) in this machine's time zone, without the offset, which
    stops a spreadsheet reading a date; a text that is no such time (a store damaged by hand) as it is."""
    try:
        stamp = datetime.fromisoformat(stored)
    except ValueError:
        return stored
    if stamp.utcoffset() is None:
        return stored
    return stamp.astimezone().replace(tzinfo=None, microsecond=0)


def local_time_text(stored: str) -> str:
    """``2026-11-29 21:30:05``: a local time as every spreadsheet reads a date and time, whatever its language."""
    local = local_time(stored)
    return local.strftime("%Y-%m-%d %H:%M:%S") if isinstance(local, datetime) else local
