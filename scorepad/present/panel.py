"""The panel of ``scorepad play``: what the table sees before each deal, whole where the terminal has room for it.

A terminal of 24 lines cannot show a ten-player panel whole and still keep the
deal just typed and the prompt in sight; there the panel keeps to what the
next deal needs (the deal, passing, the standings in columns) and says where
the rest is.
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import TYPE_CHECKING

from rich import box
from rich.console import Group
from rich.panel import Panel
from rich.text import Text

from .descriptions import format_words, rules_words
from .fitting import InColumns, shortener
from .tables import SHORT_NAME, placed, standings, verdict
from .translation import _, language

if TYPE_CHECKING:
    from rich.console import Console, ConsoleOptions, RenderableType

    from ..app.results import Result


#: The lines the panel leaves below it: the entry typed, its echo (two lines for ten players), a note, the prompt.
_BELOW_PANEL = 6


class TablePanel:
    """What the table sees before each deal: the settings, the deal, then the standings.

    Whole where the terminal has the lines for it and for the next entry; else
    kept to the next deal, with the standings in columns and ``rest``, which
    says how to see what it leaves out.
    """

    def __init__(self, result: Result, ascii: bool, rest: str) -> None:
        self.result, self.ascii, self.rest = result, ascii, rest

    def __rich_console__(self, console: Console, options: ConsoleOptions) -> Iterator[Panel]:
        whole = self._panel(self._whole())
        lines = options.height or console.height
        if len(console.render_lines(whole, options, pad=False)) <= lines - _BELOW_PANEL:
            yield whole
        else:
            yield self._panel(self._short())

    def _whole(self) -> list[RenderableType]:
        """The settings are the body's first line, not the panel's title: on a narrow
        terminal a line wraps, where a title would lose its end."""
        settings = self.result.state.settings
        name = f"{language().quoted(self.result.name)}: " if self.result.name else ""
        rules = Text(f"{name}{format_words(settings.format)}, {rules_words(settings.rules, self.ascii)}", style="bold")
        return [rules, *verdict(self.result.state, self.ascii), Text(""), standings(self.result.state)]

    def _short(self) -> list[RenderableType]:
        state = self.result.state
        name = shortener(state.everyone, SHORT_NAME)
        placings = InColumns(placed(state, name), ("right", "left", "right"), headers=("#", _("Player"), _("Total")))
        return [*verdict(state, self.ascii), Text(""), placings, Text(self.rest, style="dim")]

    def _panel(self, body: list[RenderableType]) -> Panel:
        heading = Text(_("Match {match}").format(match=self.result.match_id))
        return Panel(Group(*body), title=heading, title_align="left", box=box.ASCII if self.ascii else box.ROUNDED)
