"""The CSV of a club night (docs/nights.md): one row per player per round, written as every export is.

Or, for people: the CSV in the words of the language in use (``--spreadsheet``),
or a workbook of the night's standings and a sheet a round (``--format xlsx``).
"""

from __future__ import annotations

import os
from collections.abc import Callable, Iterator
from datetime import UTC, datetime
from typing import IO, TYPE_CHECKING

from ..core.night.scores import two_decimals
from .csv_rows import CsvStyle, escape, write_csv
from .export import NamedLikeAnother, NightFormat, exports_folder, into_stream, split_out, write_file
from .nights import PlayedTable, night_results

if TYPE_CHECKING:
    from pathlib import Path

    from ..store.db import Store
    from .table_words import TableWords

COLUMNS = ("round", "table", "match", "player", "seat", "place", "table_size", "points", "round_score")


def night_rows(played: list[PlayedTable], cell: Callable[[str], str] = escape) -> Iterator[tuple]:
    """A row per player of every table that counts, round by round, table by table, in finishing order;
    each name as ``cell`` has it (escaped for a CSV)."""
    for table in played:
        players, scores = table.table.players, table.result.round_scores()
        for finish in table.result.finishes:
            yield (
                table.round,
                table.table.number,
                table.match_id,
                cell(finish.name),
                players.index(finish.name) + 1,
                finish.place,
                len(players),
                finish.points,
                two_decimals(scores[finish.name]),
            )


def export_night(
    store: Store,
    night_id: int | None,
    out: str | os.PathLike[str] | None = None,
    force: bool = False,
    fmt: NightFormat = NightFormat.CSV,
    style: CsvStyle | None = None,
    words: TableWords | None = None,
) -> Path:
    """Write the night's CSV (in ``style``), or its workbook (in ``words``), to ``out`` (a file or a folder;
    default: a new file under exports/); the file written."""
    folder, file = split_out(out)
    if file is not None:
        suffix = file.suffix.lower()
        if suffix in (".csv", ".xlsx") and suffix != f".{fmt.value}":
            raise NamedLikeAnother(file, suffix[1:].upper(), fmt.value)
        into_stream(file, force, store)  # refused before the store is read
    chosen, played, standings = night_results(store, night_id)
    if file is None:
        # A default name is never reused: it takes a suffix instead.
        stamp = datetime.now(UTC).strftime("%Y%m%dT%H%M%SZ")
        file, rename, force = (folder or exports_folder()) / f"night-{chosen}-{stamp}.{fmt.value}", True, False
    else:
        rename = False
    write: Callable[[IO], object]
    if fmt is NightFormat.XLSX:
        from .table_words import PLAIN
        from .workbook import write_workbook
        from .workbook_sheets import round_sheets, standings_sheet

        words = words or PLAIN
        sheets = [standings_sheet(standings, words), *round_sheets(night_rows(played, str), words)]
        write = lambda stream: write_workbook(stream, sheets, words)
    else:
        rows, header = list(night_rows(played)), list(COLUMNS)
        if style is not None and style.words is not None:
            rows, header = [_in_words(row, style.words) for row in rows], style.words.header(*COLUMNS)
        else:  # 100.00 beside 66.67, not 100.0
            rows = [(*row[:-1], f"{row[-1]:.2f}") for row in rows]
        write = lambda stream: write_csv(stream, rows, header, style or CsvStyle())
    binary = fmt is NightFormat.XLSX
    return write_file(file, write, store, overwrite=force, rename=rename, binary=binary)


def _in_words(row: tuple, words: TableWords) -> tuple:
    """A row of the night's CSV for people: its round score with two decimals always, in the language's mark."""
    return (*row[:-1], words.two_decimals(row[-1]))
