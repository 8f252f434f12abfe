"""The history and the score sheet a row per seat and a column per deal: their layout where a row per deal is too wide.

Each takes the cells its usual layout shows (``tables.history``, ``tables.sheet``),
row by row, made again with the short names, and shows them turned round: a
deal's number, dealer and kind above its column, a seat's points and running
total across its row, the seat named by its player now and whom they replaced.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator, Sequence
from typing import TYPE_CHECKING

from .descriptions import seat_heads
from .fitting import DealColumn, deal_columns, shortener
from .translation import _

if TYPE_CHECKING:
    from rich.console import Console, ConsoleOptions
    from rich.table import Table

    from ..app.results import HistoryRow
    from ..core.match import MatchState

#: How many columns a name takes at most in a column per deal: as wide as a cell like ``86 (132)``.
NAME_ROOM = 8

#: The cells of an entry's row in the usual layout, each name in them as the function given makes it.
Cells = Callable[["HistoryRow", Callable[[str], str]], list[str]]


def history(
    state: MatchState,
    rows: Sequence[HistoryRow],
    cells: Cells,
    table: Callable[[], Table],
    *,
    deal: str,
    kind: str,
    dealer: str,
    recorded: str,
) -> Callable[[Console, ConsoleOptions], Iterator[Table]]:
    """The history's rows of ``cells`` (deal, kind, dealer, a cell per seat, when recorded), under the heads given."""

    def laid_out(console: Console, options: ConsoleOptions) -> Iterator[Table]:
        name = _shortened(state, rows)
        columns = []
        for row in rows:
            number, what, dealt_by, *points, recorded_at = cells(row, name)
            # The date over the time of day: each as wide as a cell.
            date, _t, time = recorded_at.replace("T", " ", 1).partition(" ")
            columns.append(DealColumn((number, dealt_by, date, time, what), tuple(points)))
        labels = (deal, dealer, recorded, "", kind)  # the kind last: it wraps
        yield from deal_columns(labels, seat_heads(state, name), columns, table, console, options)

    return laid_out


def sheet(
    state: MatchState,
    rows: Sequence[HistoryRow],
    cells: Cells,
    total: Sequence[str],
    last: int | None,
    table: Callable[[], Table],
    *,
    deal: str,
    dealer: str,
) -> Callable[[Console, ConsoleOptions], Iterator[Table]]:
    """The sheet's rows of ``cells`` (deal, dealer, a cell per seat, a note) and its ``total`` row, under the heads
    given; the row ``last`` is marked."""

    def laid_out(console: Console, options: ConsoleOptions) -> Iterator[Table]:
        name = _shortened(state, rows)
        columns = []
        for index, row in enumerate(rows):
            number, dealt_by, *points, said = cells(row, name)
            if index == last:
                said = ", ".join(filter(None, [said, _("last")]))
            columns.append(DealColumn((number, dealt_by, said), tuple(points), bold=index == last))
        columns.append(DealColumn((total[1], "", ""), tuple(total[2:-1])))  # "total" over the totals
        labels = (deal, dealer, "")  # the note unlabelled, as in a row per deal
        yield from deal_columns(labels, seat_heads(state, name), columns, table, console, options)

    return laid_out


def _shortened(state: MatchState, rows: Sequence[HistoryRow]) -> Callable[[str], str]:
    """Every name the layout shows, shortened alike wherever it is: the seats' players now and before them,
    and the players of each entry."""
    return shortener([*state.everyone, *(player for row in rows for player in row.players)], NAME_ROOM)
