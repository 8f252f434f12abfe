"""Auditing a batch of deal records on every core of the machine.

A record takes about half a millisecond to audit, but a club's season is
thousands of them. A batch of ``MIN_SHARED`` records or more is shared among
worker processes (``concurrent.futures``), one per core, ``CHUNK`` records a
task. On two cores, 2,000 two-deck records then take 6.2 times as long as a
process that only reads them, where one process takes 8.3 times (the budget
is 8; medians of 9 runs of each in turn). The second core gains less than
half: the command reads the files, writes the reports and takes the audits
back while the workers work. Below ``MIN_SHARED`` records the workers' start
costs about what they save, and the command audits alone.

The command itself reads every file, in the order given (standard input and
named pipes as well), so that a worker only parses and audits the text it is
handed and never waits for input; the reports come back a chunk at a time and
are handed on in the order given. At most two chunks per worker are out at a
time, so a batch is never held whole. A worker leaves Ctrl-C to the command,
which stops the batch and says so, and ends as soon as the command ends,
however it ends: killed outright, it leaves nothing waiting for work.
"""

from __future__ import annotations

import multiprocessing
import os
import signal
import threading
from collections import deque
from collections.abc import Iterator, Sequence
from concurrent.futures import Future, ProcessPoolExecutor

from ..core.rules import RuleSet
from .audit import Audited, audit_source, audit_text, read_source

#: Records a task: enough that handing them over costs little beside auditing them.
CHUNK = 25
#: Below this a batch is audited in the command's own process: starting workers would cost more than it saves.
MIN_SHARED = 400


def audit_all(sources: Sequence[str], rules: RuleSet | None = None, match_id: int | None = None) -> Iterator[Audited]:
    """Each source's audit, in the order given, shared among the cores for a large batch."""
    workers = workers_for(len(sources))
    if workers < 2:
        for source in sources:
            yield audit_source(source, rules, match_id)
        return
    with ProcessPoolExecutor(workers, initializer=_start_worker) as pool:
        out: deque[tuple[list[str | Audited], Future[list[Audited]]]] = deque()
        for start in range(0, len(sources), CHUNK):
            chunk = sources[start : start + CHUNK]
            read = [read_source(source) for source in chunk]
            texts = [(source, text) for source, text in zip(chunk, read, strict=True) if isinstance(text, str)]
            out.append((read, pool.submit(_audit_texts, texts, rules, match_id)))
            if len(out) > 2 * workers:
                yield from _in_order(*out.popleft())
        while out:
            yield from _in_order(*out.popleft())


def workers_for(records: int) -> int:
    """How many workers share a batch of that many records: one for each core this process may use
    and each ``MIN_SHARED // 2`` records, or 1 (the command alone) for a small batch or a single core."""
    cores = len(os.sched_getaffinity(0)) if hasattr(os, "sched_getaffinity") else os.cpu_count() or 1
    return min(cores, records // (MIN_SHARED // 2))


def _audit_texts(texts: list[tuple[str, str]], rules: RuleSet | None, match_id: int | None) -> list[Audited]:
    """A worker's task: audit each text read from its source."""
    return [audit_text(source, text, rules, match_id) for source, text in texts]


def _in_order(read: list[str | Audited], task: Future[list[Audited]]) -> Iterator[Audited]:
    """A chunk's audits in the order read: the task's, with the refusals of the files that could not be read."""
    audited = iter(task.result())
    for item in read:
        yield next(audited) if isinstance(item, str) else item


def _start_worker() -> None:
    """Leave Ctrl-C to the command, and end with it."""
    signal.signal(signal.SIGINT, signal.SIG_IGN)
    threading.Thread(target=_end_with_the_command, daemon=True).start()


def _end_with_the_command() -> None:
    parent = multiprocessing.parent_process()
    if parent is not None:
        parent.join()  # returns when the command has ended
        os._exit(1)  # at once: whatever this worker was doing has nobody to go to
