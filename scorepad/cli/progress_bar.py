"""Long work shows itself on a terminal: a Rich progress bar on stderr, once the work has lasted a second.

Nothing in a pipe or a file: a script reading stderr gets its messages alone.
A command that is done within the second shows nothing either, so that quick
work does not flash a bar; the bar goes away when the work ends (``transient``),
leaving the terminal to what the command prints.
"""

from __future__ import annotations

import sys
import time
from collections.abc import Iterator
from contextlib import contextmanager
from typing import TYPE_CHECKING, Any

from ..app.progress import Stage, watched
from ..present.translation import _

if TYPE_CHECKING:
    from rich.progress import Progress, TaskID

#: How long work runs before its bar shows, in seconds.
DELAY = 1.0


def _label(stage: Stage) -> str:
    return {
        Stage.READ: lambda: _("Reading the file"),
        Stage.CHECK: lambda: _("Checking every entry"),
        Stage.WRITE: lambda: _("Writing to the store"),
        Stage.AUDIT: lambda: _("Auditing the files"),
        Stage.EXPORT: lambda: _("Writing the export"),
    }[stage]()


class Bar:
    """A watcher (``app.progress.Watcher``) that draws the work's stages, once it has lasted ``DELAY``."""

    def __init__(self) -> None:
        self.started = time.monotonic()
        self.shown: Progress | None = None
        self.task: TaskID | None = None
        self.now: tuple[Stage, int | None] | None = None
        self.done = 0

    def stage(self, stage: Stage, total: int | None) -> None:
        self.now, self.done = (stage, total), 0
        if self.shown is not None:
            self._new_task()
        else:
            self._show_if_long()

    def advance(self, steps: int) -> None:
        self.done += steps
        if self.shown is None:
            self._show_if_long()
        elif self.task is not None:
            self.shown.update(self.task, completed=self.done)

    def _show_if_long(self) -> None:
        if self.now is None or time.monotonic() - self.started < DELAY:
            return
        from rich.progress import BarColumn, MofNCompleteColumn, Progress, SpinnerColumn, TextColumn, TimeElapsedColumn

        from .common import console

        columns: list[Any] = [SpinnerColumn(), TextColumn("{task.description}"), BarColumn(), MofNCompleteColumn()]
        # Nothing redirected: what the command prints goes where it was going, a pipe or a file included.
        self.shown = Progress(
            *columns,
            TimeElapsedColumn(),
            console=console(stderr=True),
            transient=True,
            redirect_stdout=False,
            redirect_stderr=False,
        )
        self.shown.start()
        self._new_task()

    def _new_task(self) -> None:
        assert self.shown is not None and self.now is not None
        if self.task is not None:
            self.shown.remove_task(self.task)
        stage, total = self.now
        self.task = self.shown.add_task(_label(stage), total=total, completed=self.done)

    def stop(self) -> None:
        if self.shown is not None:
            self.shown.stop()


@contextmanager
def progress_shown(unless_printed: bool = False) -> Iterator[None]:
    """Show the progress of the work in the block on a terminal's stderr; in a pipe, nothing. With
    ``unless_printed``, nothing either when the work prints as it goes to the terminal (an audit's
    reports), which shows its progress itself and would run through the bar."""
    if not sys.stderr.isatty() or (unless_printed and sys.stdout.isatty()):
        yield
        return
    bar = Bar()
    try:
        with watched(bar):
            yield
    finally:
        bar.stop()
