"""The CSV of scored deals (docs/commands.md, ``scorepad export``): one row per player per deal, formula-safe cells.

Written as the contract's plain CSV, or for a spreadsheet program (``export
--spreadsheet``): with the list separator of the language's spreadsheets, which
is ``;`` where the decimal mark is a comma, and a byte order mark, without which
those programs read UTF-8 names in the system's own code page; its header and
words in the language, and its times local without the offset that stops a
spreadsheet reading a date (``table_words``).
"""

from __future__ import annotations

import csv
from collections.abc import Callable, Iterable, Iterator, Mapping, Sequence
from dataclasses import dataclass
from typing import IO, Any

from ..core.match import EntryKind
from ..core.standings import add_deal
from ..core.text import visible
from . import progress
from .progress import Stage
from .results import HistoryRow
from .table_words import PLAIN as PLAIN_WORDS
from .table_words import TableWords, local_time_text


@dataclass(frozen=True)
class CsvStyle:
    """How a CSV is written: its cells' separator, whether a byte order mark comes first, and in whose words
    (None: the contract's, with its times as stored)."""

    separator: str = ","
    mark: bool = False
    words: TableWords | None = None


#: The contract's CSV, for scripts and other tools.
PLAIN = CsvStyle()


def for_spreadsheet(separator: str, words: TableWords) -> CsvStyle:
    """A CSV that a spreadsheet program splitting cells at ``separator`` opens a value to a cell, in ``words``."""
    return CsvStyle(separator, mark=True, words=words)


COLUMNS = ("match", "match_name", "deal", "kind", "dealer", "player", "seat", "points", "total", "recorded_at")
#: What a spreadsheet would run as a formula, and the quote that marks an escaped cell.
_UNSAFE_START = ("=", "+", "-", "@", "\t", "\r", "'")


def escape(text: str) -> str:
    """A text cell a spreadsheet shows as text: one ``'`` before a formula-like start (or a ``'``).

    Lossless: strip one leading ``'`` to get the text back; but a control character, which
    only a store from before names were checked can hold, is shown as its escape (``visible``).
    """
    text = visible(text)
    return "'" + text if text.startswith(_UNSAFE_START) else text


def csv_rows(
    titles: Mapping[int, str | None],
    seats: Mapping[int, Sequence[str]],
    deals: Iterable[Any],
    cell: Callable[[str], str] = escape,
) -> Iterator[tuple]:
    """One row per player per scored deal, from the scored deals that stand, match by match in order.

    ``deals`` are ``store.history.ScoredDeal`` values. Their numbers and
    dealers were fixed by the fold when they were entered, and the totals are
    running sums of the deals, so no match is folded again; a seat change
    among them names who plays that seat's deals from then on (``player``:
    whoever played the deal; ``total``: the seat's). This loop runs once per
    deal of the store, so it is kept flat. Each name is written as ``cell``
    has it: escaped for a CSV, as it is for a workbook.
    """
    current = None
    for deal in deals:
        if deal.match_id != current:  # deals come match by match
            current = deal.match_id
            title = cell(titles[current] or "")
            names = [cell(n) for n in seats[current]]
            totals: tuple[int, ...] = (0,) * len(names)
        scores, kind = deal.scores, deal.kind
        if kind is EntryKind.DEAL:  # tie-break points decide the tie, not the totals
            totals = add_deal(totals, scores)
        elif kind is EntryKind.SEAT:
            names[deal.seat] = cell(deal.player)
            continue
        number, kind_text, dealer, at = deal.number, kind.value, names[deal.dealer], deal.recorded_at
        for seat, points in scores.items():
            yield (current, title, number, kind_text, dealer, names[seat], seat + 1, points, totals[seat], at)


def long_rows_in(rows: Iterable[tuple], words: TableWords) -> Iterator[tuple]:
    """``csv_rows`` for people: the kind of each deal in ``words``, its time local without an offset."""
    for *head, kind, dealer, player, seat, points, total, at in rows:
        yield (*head, words.kind(kind), dealer, player, seat, points, total, local_time_text(at))


def write_csv(
    stream: IO[str], rows: Iterable[Sequence[object]], header: Sequence[str] = COLUMNS, style: CsvStyle = PLAIN
) -> None:
    if style.mark:
        stream.write("\ufeff")
    writer = csv.writer(stream, delimiter=style.separator)
    writer.writerow(header)
    progress.stage(Stage.EXPORT)  # a big store's rows stream from it: their count is not known beforehand
    writer.writerows(progress.counted(rows))


def sheet_rows(
    players: Sequence[str], rows: Iterable[HistoryRow], totals: Sequence[int], words: TableWords = PLAIN_WORDS
) -> Iterator[list[object]]:
    """The score sheet of one match (``--layout sheet``): a row per entry that stands, then the totals.

    The header is ``sheet_header(players)``, the seats' players now; a misdeal
    has no points and the note ``misdeal``, a renege the note ``renege NAME``,
    a deal fixed after it was entered ``corrected``, and a substitute's row
    the note ``NEW for OLD`` (each deal's points are in its seat's column, whoever played it);
    every word as ``words`` has it.
    """
    for row in sheet_entries(players, rows, totals, words):
        yield [escape(cell) if isinstance(cell, str) else cell for cell in row]


def sheet_entries(
    players: Sequence[str], rows: Iterable[HistoryRow], totals: Sequence[int], words: TableWords = PLAIN_WORDS
) -> Iterator[list[object]]:
    """``sheet_rows`` with its names and notes as they are, for a workbook, where no cell is ever a formula."""
    for row in rows:
        kind = words.kind(row.kind)
        if row.kind == "misdeal":
            yield [row.number, kind, row.dealer, *[""] * len(players), words.kind("misdeal")]
            continue
        if row.left is not None:
            seat, gone = row.left
            note = words.substitute.format(player=row.players[seat], gone=gone)
            yield [row.number, kind, row.dealer, *[""] * len(players), note]
            continue
        notes = [words.renege.format(player=row.renege)] if row.renege else []
        notes += [words.corrected] if row.corrected else []
        points = [row.scores.get(p, "") for p in row.players]
        yield [row.number, kind, row.dealer, *points, ", ".join(notes)]
    yield [words.total, "", "", *totals, ""]


def sheet_header(players: Sequence[str], words: TableWords = PLAIN_WORDS) -> list[str]:
    return [*words.header("deal", "kind", "dealer"), *(escape(p) for p in players), words.columns["note"]]
