"""How far long work has come, for whoever shows it: the command line's progress bar on a terminal.

A use case says which stage of its work it is in and counts its steps; by
default nobody watches and that costs a lookup. The watcher is a context
variable rather than a parameter because the steps are counted deep inside
the work (each entry of a backup as it is read and as the match is folded
again), five calls below the use case the command calls; threading an argument
through all of them would change every signature for what only a terminal shows.
"""

from __future__ import annotations

import enum
from collections.abc import Iterable, Iterator
from contextlib import contextmanager
from contextvars import ContextVar
from typing import Protocol, TypeVar

T = TypeVar("T")


class Stage(enum.Enum):
    """A stage of long work, as the edge names it to people."""

    READ = "read"  #: reading a file whole (a backup's JSON): no steps to count
    CHECK = "check"  #: checking every entry of a backup, as when it was entered
    WRITE = "write"  #: writing matches into the store
    AUDIT = "audit"  #: auditing deal records, a file a step
    EXPORT = "export"  #: writing an export, a row a step


class Watcher(Protocol):
    def stage(self, stage: Stage, total: int | None) -> None: ...

    def advance(self, steps: int) -> None: ...


_watcher: ContextVar[Watcher | None] = ContextVar("scorepad_progress", default=None)


@contextmanager
def watched(watcher: Watcher) -> Iterator[None]:
    """Let ``watcher`` follow the work done inside the block."""
    token = _watcher.set(watcher)
    try:
        yield
    finally:
        _watcher.reset(token)


def stage(now: Stage, total: int | None = None) -> None:
    """The work enters stage ``now``, of ``total`` steps (None: not known beforehand)."""
    watcher = _watcher.get()
    if watcher is not None:
        watcher.stage(now, total)


def advance(steps: int = 1) -> None:
    watcher = _watcher.get()
    if watcher is not None:
        watcher.advance(steps)


def counted(items: Iterable[T], every: int = 1000) -> Iterator[T]:
    """``items`` as they are, a step counted for each, told ``every`` steps at a time: a row of a long
    export costs no call of its own."""
    if _watcher.get() is None:
        yield from items
        return
    done = 0
    for item in items:
        yield item
        done += 1
        if done == every:
            advance(done)
            done = 0
    advance(done)
