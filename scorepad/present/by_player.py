"""The history and the score sheet a row per player and a column per deal: their layout where a row per deal is too wide.

Each takes the cells its usual layout shows (``tables.history``, ``tables.sheet``),
row by row, and shows the same cells turned round: a deal's number, dealer and
kind above its column, a player's points and running total across their row.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator, Sequence
from typing import TYPE_CHECKING

from .fitting import DealColumn, by_player, short_names
from .translation import _

if TYPE_CHECKING:
    from rich.console import Console, ConsoleOptions
    from rich.table import Table

#: How many columns a name takes at most in a column per deal: as wide as a cell like ``86 (132)``.
NAME_ROOM = 8


def history(
    players: Sequence[str], body: Sequence[Sequence[str]], table: Callable[[], Table]
) -> Callable[[Console, ConsoleOptions], Iterator[Table]]:
    """``body``'s rows are the history's: deal, kind, dealer, a cell per player, when recorded."""

    def laid_out(console: Console, options: ConsoleOptions) -> Iterator[Table]:
        short = _short(players, (row[2] for row in body))
        columns = []
        for number, kind, dealer, *cells, recorded in body:
            date, _t, time = recorded.partition("T")  # the date over the time: a column as wide as a cell
            columns.append(DealColumn((number, short[dealer], date, time, kind), tuple(cells)))
        labels = (_("Deal"), _("Dealer"), _("Recorded (UTC)"), "", _("Kind"))
        yield from by_player(labels, [short[p] for p in players], columns, table, console, options)

    return laid_out


def sheet(
    players: Sequence[str],
    body: Sequence[Sequence[str]],
    totals: Sequence[str],
    last: int | None,
    table: Callable[[], Table],
) -> Callable[[Console, ConsoleOptions], Iterator[Table]]:
    """``body``'s rows are the sheet's: deal, dealer, a cell per player, a note; ``last`` is the row to mark."""

    def laid_out(console: Console, options: ConsoleOptions) -> Iterator[Table]:
        short = _short(players, (row[1] for row in body))
        columns = []
        for index, (number, dealer, *cells, note) in enumerate(body):
            marked = index == last
            if marked:
                note = ", ".join(filter(None, [note, _("last")]))
            columns.append(DealColumn((number, short[dealer], note), tuple(cells), bold=marked))
        columns.append(DealColumn((_("total"), "", ""), tuple(totals)))
        labels = (_("Deal"), _("Dealer"), "")
        yield from by_player(labels, [short[p] for p in players], columns, table, console, options)

    return laid_out


def _short(players: Sequence[str], dealers: Iterator[str]) -> dict[str, str]:
    """Every name the layout shows, shortened alike wherever it is: the players', and the dealers' of old entries."""
    return short_names(list(dict.fromkeys([*players, *dealers])), NAME_ROOM)
