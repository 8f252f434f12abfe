"""The history and the score sheet a row per player and a column per deal: their layout where a row per deal is too wide.

Each takes the cells its usual layout shows (``tables.history``, ``tables.sheet``),
row by row, and shows the same cells turned round: a deal's number, dealer and
kind above its column, a player's points and running total across their row.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator, Sequence
from typing import TYPE_CHECKING

from .fitting import DealColumn, deal_columns, short_names
from .translation import _

if TYPE_CHECKING:
    from rich.console import Console, ConsoleOptions
    from rich.table import Table

    from ..app.results import HistoryRow

#: How many columns a name takes at most in a column per deal: as wide as a cell like ``86 (132)``.
NAME_ROOM = 8


def history(
    players: Sequence[str], headers: Sequence[str], body: Sequence[Sequence[str]], table: Callable[[], Table]
) -> Callable[[Console, ConsoleOptions], Iterator[Table]]:
    """The history's ``headers`` and rows: deal, kind, dealer, a cell per player, when recorded."""

    def laid_out(console: Console, options: ConsoleOptions) -> Iterator[Table]:
        short = _short(players, (row[2] for row in body))
        columns = []
        for number, kind, dealer, *cells, recorded in body:
            # The date over the time of day: each as wide as a cell.
            date, _t, time = recorded.replace("T", " ", 1).partition(" ")
            columns.append(DealColumn((number, short[dealer], date, time, kind), tuple(cells)))
        labels = (headers[0], headers[2], headers[-1], "", headers[1])  # deal, dealer, recorded; kind last: it wraps
        yield from deal_columns(labels, [short[p] for p in players], columns, table, console, options)

    return laid_out


def sheet(
    players: Sequence[str],
    headers: Sequence[str],
    rows: Sequence[HistoryRow],
    body: Sequence[Sequence[str]],
    total: Sequence[str],
    last: int | None,
    table: Callable[[], Table],
    note: Callable[[HistoryRow, Callable[[str], str]], str],
) -> Callable[[Console, ConsoleOptions], Iterator[Table]]:
    """The sheet's ``headers``, its rows (deal, dealer, a cell per player, a note) and its ``total`` row, the entries
    they are of, and the one to mark ``last``; ``note`` words an entry's note again with the short names."""

    def laid_out(console: Console, options: ConsoleOptions) -> Iterator[Table]:
        short = _short(players, (row.dealer for row in rows))
        columns = []
        for index, (row, (number, _dealer, *cells, _note)) in enumerate(zip(rows, body, strict=True)):
            said = note(row, lambda name: short.get(name, name))
            if index == last:
                said = ", ".join(filter(None, [said, _("last")]))
            columns.append(DealColumn((number, short[row.dealer], said), tuple(cells), bold=index == last))
        columns.append(DealColumn((total[1], "", ""), tuple(total[2:-1])))  # "total" over the totals
        labels = (headers[0], headers[1], "")  # deal, dealer; the note, unlabelled as in a row per deal
        yield from deal_columns(labels, [short[p] for p in players], columns, table, console, options)

    return laid_out


def _short(players: Sequence[str], dealers: Iterator[str]) -> dict[str, str]:
    """Every name the layout shows, shortened alike wherever it is: the players', and the dealers' of old entries."""
    return short_names(list(dict.fromkeys([*players, *dealers])), NAME_ROOM)
