"""Output that fits the terminal it is printed on: the layout changes, never a number or a name.

Rich fits a table that is too wide by shrinking its columns, which cuts cells
(``13 (1…``) and wraps running totals under their points; a ten-player sheet
is too wide for 80 columns. So a view here is made from its cells in the
layout it has always had, and laid out again from the same cells when that
one does not fit: a row per player and a column per deal, in as many blocks
as the width needs; names shortened where they must be, and still told apart;
lists in columns; a sentence that wraps goes on indented under itself.

The choice is made when the view is printed and the width is known. To a pipe
or a file the width is unlimited (``cli.common.UNCUT``), so there every view
keeps its usual layout, whole and unwrapped.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Iterator, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING

from rich.cells import cell_len
from rich.measure import Measurement
from rich.segment import Segment
from rich.table import Table
from rich.text import Text

from ..core.text import visible_lines

if TYPE_CHECKING:
    from rich.console import Console, ConsoleOptions, JustifyMethod, RenderableType

#: The width frames are measured in: more than any table here needs.
_ROOMY = 1_000_000
#: Names are not shortened below this many columns: a few letters more than tell them apart keep them recognisable.
_SHORTEST_NAME = 6


def width_of(text: str) -> int:
    """The columns ``text`` takes on a terminal (its widest line), as the console shows it."""
    return max(cell_len(line) for line in visible_lines(text).split("\n"))


def column_widths(headers: Sequence[str], rows: Iterable[Sequence[str]]) -> list[int]:
    """How wide each column of a table is, unwrapped: its widest cell, its header included."""
    return [widest(column) for column in zip(headers, *rows, strict=True)]


def widest(texts: Iterable[str]) -> int:
    """The width of the widest of ``texts``; 0 for none."""
    return max((width_of(text) for text in texts), default=0)


def short_names(names: Sequence[str], limit: int) -> dict[str, str]:
    """Each name as it fits in ``limit`` columns: whole if it does, else its first letters and a full stop.

    Names that would shorten alike (Jan-Willem and Jan-Wouter) keep letters
    until they differ, so every short name still says whom it means; names that
    differ only in case (a player who came back as ``cor``) are one player's.
    """
    room = dict.fromkeys(names, max(limit, _SHORTEST_NAME))
    while True:
        short = {name: _shortened(name, width) for name, width in room.items()}
        seen: dict[str, dict[str, list[str]]] = {}
        for name, said in short.items():
            seen.setdefault(said.casefold(), {}).setdefault(name.casefold(), []).append(name)
        alike = [name for group in seen.values() if len(group) > 1 for same in group.values() for name in same]
        if not alike:
            return short
        for name in alike:
            room[name] += 1


def shortener(names: Sequence[str], limit: int) -> Callable[[str], str]:
    """A function giving each of ``names`` as ``short_names`` shortens it, for the renderers that take one."""
    short = short_names(names, limit)

    def shortened(name: str) -> str:
        return short[name]

    return shortened


def _shortened(name: str, width: int) -> str:
    if width_of(name) <= width:
        return name
    kept = ""
    for char in name:
        if width_of(kept + char) > width - 1:
            break
        kept += char
    return kept + "."


class Hanging:
    """A line of text indented by ``indent``; wrapped, it goes on under itself, two columns further in."""

    def __init__(self, text: str, indent: int = 2) -> None:
        self.text, self.indent = text, indent

    def __rich_console__(self, console: Console, options: ConsoleOptions) -> Iterator[Text]:
        lead = " " * self.indent
        if self.indent + width_of(self.text) <= options.max_width:
            yield Text(lead + self.text)
            return
        hang = self.indent + 2
        lines = Text(self.text).wrap(console, max(options.max_width - hang, 1))
        for number, line in enumerate(lines):
            yield Text(lead if number == 0 else " " * hang) + line


class InColumns:
    """Items of a few parts each (a place, a name, a total) in as few rows as the width allows: down, then across.

    Each item's parts stay side by side, a space apart, and line up with those above and below.
    """

    def __init__(
        self,
        items: Sequence[Sequence[str]],
        justify: Sequence[JustifyMethod],
        headers: Sequence[str] | None = None,
        indent: int = 0,
    ) -> None:
        self.items, self.justify, self.headers, self.indent = items, justify, headers, indent

    def __rich_console__(self, console: Console, options: ConsoleOptions) -> Iterator[Segment]:
        room = options.update_width(max(options.max_width - self.indent, 1))
        for line in console.render_lines(self._fitted(console, room), room, pad=False):
            yield Segment(" " * self.indent)
            yield from line
            yield Segment.line()

    def _fitted(self, console: Console, options: ConsoleOptions) -> Table:
        count = len(self.items)
        for across in range(count, 1, -1):
            rows = -(-count // across)
            grid = self._grid(-(-count // rows), rows)  # as even as the rows allow: 5 and 5, not 6 and 4
            if _measured(grid, console, options) <= options.max_width:
                return grid
        return self._grid(1, count)

    def _grid(self, across: int, rows: int) -> Table:
        grid = Table(
            box=None, padding=(0, 1), collapse_padding=True, pad_edge=False, show_header=self.headers is not None
        )
        blank = [""] * len(self.justify)
        for group in range(across):
            if group:
                grid.add_column("", width=1)  # a wider gap between items than between their parts
            for part, how in enumerate(self.justify):
                grid.add_column(self.headers[part] if self.headers else "", justify=how, no_wrap=True)
        for row in range(rows):
            cells: list[str] = []
            for group in range(across):
                index = group * rows + row
                cells += ([""] if group else []) + list(self.items[index] if index < len(self.items) else blank)
            grid.add_row(*cells)
        return grid


def _measured(renderable: RenderableType, console: Console, options: ConsoleOptions) -> int:
    return Measurement.get(console, options.update_width(_ROOMY), renderable).maximum


@dataclass(frozen=True)
class Framing:
    """What a table of one style adds to the widths of its columns: its borders and padding."""

    once: int
    each: int

    @classmethod
    def of(cls, table: Callable[[], Table], console: Console, options: ConsoleOptions) -> Framing:
        """Measured by Rich on empty tables of that style (``table`` makes one), of one column and of two."""

        def extra(count: int) -> int:
            frame = table()
            for _ in range(count):
                frame.add_column(width=1)
            return _measured(frame, console, options) - count

        one, two = extra(1), extra(2)
        return cls(once=one - (two - one), each=two - one)

    def width(self, columns: Sequence[int]) -> int:
        """The width of a table of this style whose columns are ``columns`` wide."""
        return self.once + sum(columns) + self.each * len(columns)


class Fitted:
    """A table in its usual layout where that fits the width it is printed in, else in one made for that width.

    ``table`` makes an empty table of the usual layout's style, ``widths`` are its
    columns, each as wide as its widest cell, and ``narrow`` makes the other layout.
    """

    def __init__(
        self,
        wide: Table,
        table: Callable[[], Table],
        widths: Sequence[int],
        narrow: Callable[[Console, ConsoleOptions], Iterator[RenderableType]],
    ) -> None:
        self.wide, self.table, self.widths, self.narrow = wide, table, widths, narrow

    def __rich_console__(self, console: Console, options: ConsoleOptions) -> Iterator[RenderableType]:
        if Framing.of(self.table, console, options).width(self.widths) <= options.max_width:
            yield self.wide
        else:
            yield from self.narrow(console, options)


@dataclass(frozen=True)
class DealColumn:
    """One entry of a sheet laid out a column per deal: the lines above the players' cells, and the cells.

    The last line of ``head`` (a kind of entry, a note) may wrap, at its spaces, to the column's width.
    """

    head: tuple[str, ...]
    cells: tuple[str, ...]  #: one per player, in seat order
    bold: bool = False


def deal_columns(
    labels: Sequence[str],
    names: Sequence[str],
    columns: Sequence[DealColumn],
    table: Callable[[], Table],
    console: Console,
    options: ConsoleOptions,
) -> Iterator[Table]:
    """A row per player and a column per deal, in as many tables as the width needs.

    ``labels`` say what the lines of each column's head are, and ``names`` are
    the players' (short) names, in the order of each column's cells.
    """
    first = widest([*labels, *names])
    widths = [_column_width(column) for column in columns]
    framing = Framing.of(table, console, options)
    start = 0
    while start < len(columns):
        end = start + 1  # a block holds one deal at least, and as many more as fit
        while end < len(columns) and framing.width([first, *widths[start : end + 1]]) <= options.max_width:
            end += 1
        block = table()
        shown = list(zip(columns[start:end], widths[start:end], strict=True))
        heads = [_head(column, width, console) for column, width in shown]
        # Rich sets a header's lines at its bottom: every head gets as many, so that each is level with its label.
        height = max(map(len, heads))
        block.add_column("\n".join(_padded(labels, height)), width=first, no_wrap=True)
        for (column, width), head in zip(shown, heads, strict=True):
            bold = "bold" if column.bold else ""
            block.add_column("\n".join(_padded(head, height)), justify="right", width=width, style=bold)
        for seat, name in enumerate(names):
            block.add_row(name, *(column.cells[seat] for column, _width in shown))
        yield block
        start = end


def _column_width(column: DealColumn) -> int:
    """As wide as its widest cell and line, but for the last line of its head, which wraps: its longest word."""
    *lines, last = column.head
    return max(widest([*column.cells, *lines, *last.split()]), 1)


def _head(column: DealColumn, width: int, console: Console) -> list[str]:
    """The lines of a column's head, its last one wrapped at its spaces to the column's width."""
    *lines, last = column.head
    return [*lines, *(line.plain for line in Text(last).wrap(console, width))] if last else [*lines, ""]


def _padded(lines: Sequence[str], height: int) -> list[str]:
    return [*lines, *[""] * (height - len(lines))]
