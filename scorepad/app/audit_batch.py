"""Auditing a batch of deal records on every core of the machine.

A record takes about half a millisecond to audit, but a club's season is
thousands of them. From ``2 * PER_WORKER`` records on, a batch is shared among
worker processes (``concurrent.futures``), one per core and ``PER_WORKER``
records, ``CHUNK`` records a task. On this machine's two cores 2,000 two-deck
records then take 6.3 times as long as reading them, where the command alone
takes 8.7 times (800: 4.0 and 4.9 times; medians of 9 runs of each in turn;
tests.bench holds the first to 8).
The second core gains less than half: the command itself reads the files,
writes the reports and takes the audits back while the workers work.

The workers are forked: they start at once, with the modules loaded. Where
the system cannot fork, a worker would start Python afresh and import
scorepad, which costs about what it saves, and the command audits alone.

The command reads every file, in the order given (standard input and named
pipes as well), so that a worker only parses and audits text it is handed and
never waits for input. The audits come back a chunk at a time and are handed
on in the order given, once they and those before them are in, between one
chunk read and the next; at most ``2 * workers + 1`` chunks are out at a time,
so a batch is never held whole.

Ctrl-C is the command's to answer, once the workers have finished the chunks
they hold. They are forked, and the pool's own threads started, while the
command holds Ctrl-C back, so that only the command's main thread ever takes
it; a worker ignores it, and ends as soon as the command ends, however it ends:
killed outright, it leaves nothing waiting for work.
"""

from __future__ import annotations

import os
import signal
from collections import deque
from collections.abc import Generator, Iterator, Sequence
from contextlib import contextmanager
from typing import TYPE_CHECKING

from ..core.rules import RuleSet
from .audit import Audited, audit_source, audit_text, read_source

if TYPE_CHECKING:
    from concurrent.futures import Future, ProcessPoolExecutor

#: Records a task: enough that handing them over costs little beside auditing them.
CHUNK = 25
#: Records a worker is worth starting for: below twice this, a batch is audited in the command's own process.
PER_WORKER = 400

#: A task's audits, and the defect that stopped it after them, if one did.
Done = tuple[list[Audited], Exception | None]


def audit_all(
    sources: Sequence[str], rules: RuleSet | None = None, match_id: int | None = None
) -> Generator[Audited, None, None]:
    """Each source's audit, in the order given, shared among the cores for a large batch."""
    workers = workers_for(len(sources))
    if workers < 2:
        for source in sources:
            yield audit_source(source, rules, match_id)
    else:
        yield from _shared(sources, rules, match_id, workers)


def workers_for(records: int) -> int:
    """How many processes share a batch of that many records: one for each core this process may use and
    each ``PER_WORKER`` records; 1, the command alone, where workers cannot be forked (see the module)."""
    if records < 2 * PER_WORKER:
        return 1
    import multiprocessing

    if "fork" not in multiprocessing.get_all_start_methods():
        return 1
    cores = len(os.sched_getaffinity(0)) if hasattr(os, "sched_getaffinity") else os.cpu_count() or 1
    return min(cores, records // PER_WORKER)


def _shared(sources: Sequence[str], rules: RuleSet | None, match_id: int | None, workers: int) -> Iterator[Audited]:
    import multiprocessing
    from concurrent.futures import ProcessPoolExecutor

    context = multiprocessing.get_context("fork")
    pool = ProcessPoolExecutor(workers, mp_context=context, initializer=_start_worker)
    out: deque[tuple[list[str | Audited], Future[Done]]] = deque()
    try:
        for start in range(0, len(sources), CHUNK):
            out.append(_handed(pool, sources[start : start + CHUNK], rules, match_id))
            while out and (len(out) > 2 * workers or out[0][1].done()):
                yield from _in_order(*out.popleft())
        while out:
            yield from _in_order(*out.popleft())
    finally:
        _shut_down(pool)


def _shut_down(pool: ProcessPoolExecutor) -> None:
    """Stop the workers: those with a chunk finish it, the others go at once.

    With Ctrl-C held: cut short by one, the shutdown would leave the workers
    waiting for work and the command waiting for them at exit, and neither would
    ever end. A worker left over, where the system refused to start the next
    (a limit on processes), is killed for the same reason.
    """
    import multiprocessing

    try:
        with _ctrl_c_held():
            pool.shutdown(cancel_futures=True)
    except KeyboardInterrupt:
        # Taken as it was being held back, before the shutdown: held since, so this one is whole.
        # (Taken as it was let go again, after it, and this one has nothing left to do.)
        pool.shutdown(cancel_futures=True)
        raise
    finally:
        for worker in multiprocessing.active_children():
            worker.kill()
            worker.join()


def _handed(
    pool: ProcessPoolExecutor, chunk: Sequence[str], rules: RuleSet | None, match_id: int | None
) -> tuple[list[str | Audited], Future[Done]]:
    """Read a chunk of files and hand what could be read to a worker: the texts read, in order, and the task."""
    read = [read_source(source) for source in chunk]
    texts = [(source, text) for source, text in zip(chunk, read, strict=True) if isinstance(text, str)]
    # The first task forks the workers: they start with Ctrl-C held, until they ignore it.
    with _ctrl_c_held():
        return read, pool.submit(_audit_texts, texts, rules, match_id)


def _audit_texts(texts: list[tuple[str, str]], rules: RuleSet | None, match_id: int | None) -> Done:
    """A worker's task: audit each text read from its source, up to a defect, if any."""
    audits = []
    try:
        for source, text in texts:
            audits.append(audit_text(source, text, rules, match_id))
    except Exception as defect:  # noqa: BLE001 - raised again by the command, after the audits before it
        return audits, _sendable(defect)
    return audits, None


def _sendable(defect: Exception) -> Exception:
    """The defect, with the worker's traceback as a note (the traceback itself stays behind); or, should it
    not come back whole, a RuntimeError that names it, rather than a pool broken by it."""
    import pickle
    import traceback

    defect.add_note("In the worker:\n" + "".join(traceback.format_tb(defect.__traceback__)))
    try:
        pickle.loads(pickle.dumps(defect))
    except Exception:  # noqa: BLE001 - whatever stops it, the defect is still named
        return RuntimeError(f"{type(defect).__name__}: {defect}")
    return defect


def _in_order(read: list[str | Audited], task: Future[Done]) -> Iterator[Audited]:
    """A chunk's audits in the order read: the task's, with the refusals of the files that could not be read."""
    audits, defect = task.result()
    made = iter(audits)
    for item in read:
        if not isinstance(item, str):
            yield item
        elif (audited := next(made, None)) is not None:
            yield audited
        elif defect is not None:
            raise defect


@contextmanager
def _ctrl_c_held() -> Iterator[None]:
    """Ctrl-C held back from this thread meanwhile, and answered after (the pool's threads never take it)."""
    held = signal.pthread_sigmask(signal.SIG_BLOCK, {signal.SIGINT})
    try:
        yield
    finally:
        signal.pthread_sigmask(signal.SIG_SETMASK, held)


def _start_worker() -> None:
    """Leave Ctrl-C to the command, and end with it."""
    import threading

    signal.signal(signal.SIGINT, signal.SIG_IGN)
    signal.pthread_sigmask(signal.SIG_UNBLOCK, {signal.SIGINT})  # held since the fork: now ignored
    threading.Thread(target=_end_with_the_command, daemon=True).start()


def _end_with_the_command() -> None:
    import multiprocessing

    parent = multiprocessing.parent_process()
    if parent is not None:
        parent.join()  # returns when the command has ended
        os._exit(1)  # at once: whatever this worker was doing has nobody to go to
