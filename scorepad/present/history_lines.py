"""The history of a long match as lines of plain text, made one by one as they are printed.

A Rich table lays out every row before it prints the first: for a match of
100,000 deals that took 98 s and 588 MB, against 5 s for ``history --json``.
Here the columns are measured in one pass over the rows and each line is
made as it is written, so nothing but the rows themselves is held. The
columns are those of the Rich table (``tables.history``), separated by two
spaces; no cell is ever cut, and a line wider than the screen stays one line,
as everything scorepad writes to a pager or a file.
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from functools import lru_cache

from rich.cells import cell_len

from ..app.results import HistoryRow, Result
from ..core.text import visible
from .descriptions import seat_heads
from .tables import history_cells, history_heads, history_keys, title

#: From how many entries the history is written as lines rather than laid out as a Rich table: more rows than
#: a screen or two, where the table's layout costs far more than the rows (and no narrow layout helps a reader).
LONG = 500


def _width(text: str) -> int:
    """Columns a cell takes on a terminal: its length, but for a name with wide characters."""
    return len(text) if text.isascii() else _wide(text)


@lru_cache(maxsize=256)
def _wide(text: str) -> int:
    return cell_len(text)  # a name, repeated on every row it deals: measured once


def history_lines(result: Result, rows: Sequence[HistoryRow], ascii: bool = False) -> Iterator[str]:
    """The title, the header, a line per entry that stands and the keys, each line as it is to be printed."""
    deal, kind, dealer, recorded = history_heads()
    heads = [deal, kind, dealer, *seat_heads(result.state, visible), recorded]
    right = [True, False, False, *[True] * len(result.state.settings.seats), False]
    widths = [_width(head) for head in heads]
    for row in rows:
        for column, cell in enumerate(history_cells(row, visible, ascii)):
            width = _width(cell)
            if width > widths[column]:
                widths[column] = width
    yield visible(title(result, ascii))
    yield _line(heads, widths, right)
    yield "  ".join("-" * width for width in widths)
    for row in rows:
        yield _line(history_cells(row, visible, ascii), widths, right)
    yield from history_keys(rows)


def _line(cells: Sequence[str], widths: Sequence[int], right: Sequence[bool]) -> str:
    padded = [
        " " * (width - _width(cell)) + cell if flush else cell + " " * (width - _width(cell))
        for cell, width, flush in zip(cells, widths, right, strict=True)
    ]
    return "  ".join(padded).rstrip()
