"""A line chart of running totals in plain text, drawn on a character grid.

Each player is drawn with a marker of their own (a letter of their name where
one is free), so the chart reads without colour; a terminal may colour each
player's cells as well, which is why a line comes back as segments that name
the player who owns them. Pure functions over lists of ints, no terminal and
no store; ``match_chart`` dresses them as Rich text.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Sequence
from typing import TYPE_CHECKING

from .marks import titled
from .translation import _

if TYPE_CHECKING:
    from rich.text import Text

    from ..app.results import HistoryRow, Result

#: Where two or more players meet in one cell.
CROWD = "*"
#: Between two deals' points, so each line can be followed from marker to marker.
TRAIL = "."
#: Markers for players whose name gives no free letter.
SPARE_MARKS = "123456789+%&@"

#: A run of text and the player (index) it belongs to, or None for the frame.
Segment = tuple[str, int | None]


def markers(names: Sequence[str]) -> list[str]:
    """One distinct marker per player: the first free ASCII letter of the name, upper case."""
    taken: set[str] = {CROWD, TRAIL}
    marks = []
    for name in names:
        letters = [c for c in name.upper() if "A" <= c <= "Z"]
        mark = next((c for c in letters + list(SPARE_MARKS) if c not in taken), "?")
        taken.add(mark)
        marks.append(mark)
    return marks


def trail(mark: str) -> str:
    """What draws a player's line between two deals: the marker in lower case, so crossing lines stay apart."""
    return mark.lower() if mark.isalpha() else TRAIL


def nice_step(span: float, ticks: int) -> int:
    """A round step (1, 2, 5 times a power of ten) that cuts ``span`` into about ``ticks`` parts."""
    raw = max(span / max(ticks, 1), 1)
    power = 10 ** math.floor(math.log10(raw))
    return int(next(m * power for m in (1, 2, 5, 10) if m * power >= raw))


class _Grid:
    def __init__(self, width: int, height: int) -> None:
        self.chars = [[" "] * width for _ in range(height)]
        self.owner: list[list[int | None]] = [[None] * width for _ in range(height)]
        self.trail = [[False] * width for _ in range(height)]  #: the cell holds a trail, which a marker may cover

    def put(self, row: int, col: int, char: str, who: int, strong: bool) -> None:
        """A marker (``strong``) covers a trail; two players' markers in one cell make a crowd."""
        if self.chars[row][col] == " " or (strong and self.trail[row][col]):
            self.chars[row][col], self.owner[row][col] = char, who
            self.trail[row][col] = not strong
        elif strong and self.owner[row][col] != who:
            self.chars[row][col], self.owner[row][col] = CROWD, None

    def segments(self, row: int) -> list[Segment]:
        out: list[Segment] = []
        for char, who in zip(self.chars[row], self.owner[row], strict=True):
            if out and out[-1][1] == who:
                out[-1] = (out[-1][0] + char, who)
            else:
                out.append((char, who))
        return out


def line_chart(
    series: Sequence[Sequence[int]], marks: Sequence[str], width: int = 80, height: int = 15
) -> list[list[Segment]]:
    """The chart's lines: y-axis labels, the plot, the x-axis and deal numbers.

    ``series`` holds one list per player, all as long: the values at x = 0, 1,
    2... (running totals, starting with 0 before the first deal).
    """
    points = len(series[0])
    values = [v for line in series for v in line]
    low, high = min(0, *values), max(0, *values)
    step = nice_step(high - low, height // 3)
    low, high = step * math.floor(low / step), step * math.ceil(high / step)
    high = max(high, low + step)
    deal, total = _("deal"), _("total")  # the axes' words
    label_width = max(len(str(low)) + 1, len(str(high)) + 1, len(deal))
    plot_width = width - label_width - 1
    last = points - 1

    def col(x: float) -> int:
        return round(x * (plot_width - 1) / last) if last else 0

    def row(v: float) -> int:
        return round((high - v) * (height - 1) / (high - low))

    grid = _Grid(plot_width, height)
    trails = [trail(m) for m in marks]
    for who, line in enumerate(series):
        for x in range(last):  # trails first, so markers win their cells
            start, end = col(x), col(x + 1)
            for c in range(start + 1, end):
                share = (c - start) / (end - start)
                grid.put(row(line[x] + share * (line[x + 1] - line[x])), c, trails[who], who, strong=False)
    for who, line in enumerate(series):
        for x, v in enumerate(line):
            grid.put(row(v), col(x), marks[who], who, strong=True)

    labels = {row(v): str(v) for v in range(int(low), int(high) + 1, step)}
    lines: list[list[Segment]] = [[(total.rjust(label_width + 1), None)]]
    for r in range(height):
        axis = "+" if r in labels else "|"
        lines.append([(labels.get(r, "").rjust(label_width) + axis, None), *grid.segments(r)])
    lines.append([(" " * label_width + "+" + "-" * plot_width, None)])
    lines.append([(deal.rjust(label_width) + " " + _deal_numbers(last, plot_width, col), None)])
    return lines


def _deal_numbers(last: int, plot_width: int, col: Callable[[int], int]) -> str:
    """Deal numbers under their columns, as many as fit with a space between them."""
    text = [" "] * plot_width
    free_from = 0
    for x in range(last + 1):
        label = str(x)
        start = col(x) - len(label) + 1  # right-aligned on the deal's column
        if start >= free_from and start >= 0:
            text[start : start + len(label)] = label
            free_from = start + len(label) + 1
    return "".join(text).rstrip()


def legend(names: Sequence[str], marks: Sequence[str], finals: Sequence[int], width: int = 80) -> list[list[Segment]]:
    """``A Ann 30   B Bob 41 ...``, wrapped to ``width``, then what the crowd mark means."""
    lines: list[list[Segment]] = [[]]
    used = 0
    for who, (name, mark, total) in enumerate(zip(names, marks, finals, strict=True)):
        item = f"{mark} {name} {total}"
        if used and used + 3 + len(item) > width:
            lines.append([])
            used = 0
        if used:
            lines[-1].append(("   ", None))
            used += 3
        lines[-1].append((item, who))
        used += len(item)
    meet = _("{crowd} players meet; small letters or {trail} join a player's deals")
    lines.append([(meet.format(crowd=CROWD, trail=TRAIL), None)])
    return lines


def plain(lines: list[list[Segment]]) -> str:
    """The chart as text without colour, trailing spaces trimmed."""
    return "\n".join("".join(text for text, _ in line).rstrip() for line in lines)


def running_series(players: Sequence[str], rows: Sequence[HistoryRow]) -> list[list[int]]:
    """Each seat's total before the first deal (0) and after every scored deal: what a chart draws."""
    scored = [r for r in rows if r.kind == "deal"]
    return [[0] + [r.totals[r.players[seat]] for r in scored] for seat in range(len(players))]


#: A colour per player for terminals that show colour; the markers carry the meaning without it.
PALETTE = ("cyan", "magenta", "green", "yellow", "bright_blue", "red")


def match_chart(result: Result, rows: Sequence[HistoryRow], width: int = 80) -> list[Text]:
    """A match's running totals as lines of Rich text: a heading, the chart and its legend."""
    from rich.text import Text

    players = result.state.settings.players
    series = running_series(players, rows)
    if len(series[0]) == 1:
        return [Text(_("Match {match} has no scored deal yet: nothing to chart.").format(match=result.match_id))]
    marks = markers(players)
    name = titled(result.name)
    heading = _("Match {match}{name}: running totals after each deal")
    lines = [Text(heading.format(match=result.match_id, name=name))]
    for line in line_chart(series, marks, width) + legend(players, marks, [s[-1] for s in series], width):
        text = Text()
        for part, who in line:
            text.append(part, style=PALETTE[who % len(PALETTE)] if who is not None else None)
        text.rstrip()
        lines.append(text)
    return lines
