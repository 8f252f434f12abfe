"""The sheets of an export's workbook: a match's long rows and score sheet, a night's standings and rounds.

Each sheet is a name, a header row and its rows of typed cells (``workbook``
writes a cell by its type): names as they are, since no cell of a workbook is
ever read as a formula, times as local date-times, scores as numbers.
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator, Mapping, Sequence
from itertools import groupby
from typing import Any

from ..core.night.scores import NightStanding, two_decimals
from .csv_rows import COLUMNS, csv_rows, sheet_entries
from .results import HistoryRow
from .table_words import TableWords, local_time

Sheet = tuple[str, Sequence[str], Iterable[Sequence[object]]]

#: A night's round sheet: its CSV's columns but the round, which names the sheet.
ROUND_COLUMNS = ("table", "match", "player", "seat", "place", "table_size", "points", "round_score")
STANDINGS_COLUMNS = ("place", "player", "score", "rounds", "firsts", "points_per_deal")


def _as_is(text: str) -> str:
    return text


def long_sheet(
    titles: Mapping[int, str | None], seats: Mapping[int, Sequence[str]], deals: Iterable[Any], words: TableWords
) -> Sheet:
    """The long rows (``export``'s CSV): a row per player per scored deal, streamed from ``deals``."""

    def rows() -> Iterator[tuple]:
        for *head, kind, dealer, player, seat, points, total, at in csv_rows(titles, seats, deals, _as_is):
            yield (*head, words.kind(kind), dealer, player, seat, points, total, local_time(at))

    return words.deals_sheet, words.header(*COLUMNS), rows()


def score_sheet(players: Sequence[str], entries: list[HistoryRow], totals: Sequence[int], words: TableWords) -> Sheet:
    """The score sheet as a table keeps it on paper: a row per entry, a column per player's points, then a
    column per player's running total, then the note; and a row of the totals."""
    header = [
        *words.header("deal", "kind", "dealer"),
        *players,
        *(words.running_total.format(player=p) for p in players),
        words.columns["note"],
    ]

    def rows() -> Iterator[list[object]]:
        cells = sheet_entries(players, entries, totals, words)
        for entry, row in zip(entries, cells, strict=False):
            running = [entry.totals.get(p, "") for p in entry.players]
            yield [*row[:-1], *running, row[-1]]
        for row in cells:  # the totals' row
            yield [*row[:-1], *totals, row[-1]]

    return words.score_sheet, header, rows()


def standings_sheet(standings: Sequence[NightStanding], words: TableWords) -> Sheet:
    rows = (
        (s.place, s.name, two_decimals(s.score), s.rounds, s.firsts, two_decimals(s.points_per_deal)) for s in standings
    )
    return words.standings_sheet, words.header(*STANDINGS_COLUMNS), rows


def round_sheets(rows: Iterable[tuple], words: TableWords) -> Iterator[Sheet]:
    """A sheet a round, from the night's rows (``night_export.night_rows``), whose first cell is the round."""
    for number, in_round in groupby(rows, key=lambda row: row[0]):
        yield words.round_sheet.format(round=number), words.header(*ROUND_COLUMNS), [row[1:] for row in in_round]
