"""The CSV of a club night (docs/nights.md): one row per player per round, written as every export is."""

from __future__ import annotations

import os
from collections.abc import Iterator
from datetime import UTC, datetime
from typing import TYPE_CHECKING

from ..core.night.scores import two_decimals
from .csv_rows import escape, write_csv
from .export import exports_folder, into_stream, split_out, write_file
from .nights import PlayedTable, played_tables

if TYPE_CHECKING:
    from pathlib import Path

    from ..store.db import Store

COLUMNS = ("round", "table", "match", "player", "seat", "place", "table_size", "points", "round_score")


def night_rows(played: list[PlayedTable]) -> Iterator[tuple]:
    """A row per player of every table that counts, round by round, table by table, in finishing order."""
    for table in played:
        players, scores = table.table.players, table.result.round_scores()
        for finish in table.result.finishes:
            yield (
                table.round,
                table.table.number,
                table.match_id,
                escape(finish.name),
                players.index(finish.name) + 1,
                finish.place,
                len(players),
                finish.points,
                f"{two_decimals(scores[finish.name]):.2f}",  # 100.00 beside 66.67, not 100.0
            )


def export_night(
    store: Store, night_id: int | None, out: str | os.PathLike[str] | None = None, force: bool = False
) -> Path:
    """Write the night's CSV to ``out`` (a file or a folder; default: a new file under exports/); the file written."""
    folder, file = split_out(out)
    if file is not None:
        into_stream(file, force, store)  # refused before the store is read
    chosen, played = played_tables(store, night_id)
    if file is None:
        # A default name is never reused: it takes a suffix instead.
        stamp = datetime.now(UTC).strftime("%Y%m%dT%H%M%SZ")
        file, rename, force = (folder or exports_folder()) / f"night-{chosen}-{stamp}.csv", True, False
    else:
        rename = False
    rows = list(night_rows(played))
    return write_file(file, lambda stream: write_csv(stream, rows, COLUMNS), store, overwrite=force, rename=rename)
