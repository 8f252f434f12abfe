"""A large batch of deal records audited over forked worker processes, its output that of one process.

A club audits hundreds or thousands of record files at once, and every machine
has several cores. ``audit_batch`` gives each worker a contiguous part of the
batch, audits the first part itself, and hands on what each worker made in the
order the files were given, so that what the command writes is, byte for byte,
what one process would have written. A small batch, or one read from standard
input, stays in this process.
"""

from __future__ import annotations

import os
import signal
import sys
from collections.abc import Callable, Generator, Sequence
from contextlib import suppress
from pathlib import Path
from typing import TYPE_CHECKING, TypeVar

from ..core.rules import RuleSet
from .audit import STDIN, Audited, audit_source

if TYPE_CHECKING:
    from multiprocessing.connection import Connection
    from multiprocessing.context import ForkProcess

Made = TypeVar("Made")

#: The fewest records worth a process of their own. A worker costs some 20 ms of CPU
#: (importing multiprocessing 6 ms, forking 3 ms, its first writes to the memory it shares,
#: taking its results back), and a record of one deck about 0.2 ms to read, audit and put as
#: JSON. Measured on two cores: 400 such records take 12% less time over two processes when
#: the second core is free, and 16% more when another program keeps it busy; 2,000 records
#: take 35% less, or 7% more. From 500 records a batch is shared. Tests lower it.
PART_FROM = 250
#: The most files the workers share at once: some 30 MB of JSON held between them, and as much again sent.
ROUND_AT_MOST = 10_000
#: How many processes share a large batch: None, one per core this process may use. Tests set it.
PROCESSES: int | None = None


def audit_batch(
    sources: Sequence[str],
    made: Callable[[Audited], Made],
    rules: RuleSet | None = None,
    match_id: int | None = None,
    part_from: int | None = None,
) -> Generator[Made, None, None]:
    """What ``made`` makes of each file's audit, in the order of ``sources``: over worker processes for a large batch.

    ``made`` is called where the file is audited, in a forked worker for all but
    the first part of a large batch, and what it returns comes back pickled: let
    it make text to write, not objects. This process audits the first part itself,
    so its reports go out at once, then hands on each worker's part in turn. A
    worker's defect is raised here where its file comes in the batch, after the
    results of the files before it, as one process would have. Closing the
    generator (``contextlib.closing``) ends the workers at once. ``part_from``:
    the fewest files worth a process when ``made`` costs more than the audit.
    """
    part_from = part_from or PART_FROM
    # Each worker holds what it made until its part is done, and they end together: a very
    # large batch goes in rounds, so that the workers never hold more than a round between them.
    for start in range(0, len(sources), ROUND_AT_MOST):
        files = sources[start : start + ROUND_AT_MOST]
        processes = _processes(files, part_from)  # the last round may be too small to share
        if processes < 2:
            for source in files:
                yield made(audit_source(source, rules, match_id))
        else:
            yield from _over_workers(files, processes, made, rules, match_id)


def _processes(sources: Sequence[str], part_from: int) -> int:
    """How many processes share the batch: one per core, each with at least ``part_from`` files."""
    # Forking is safe where no system framework runs threads behind Python's back: on Linux.
    # (macOS's Python starts processes anew by default for that reason, Windows cannot fork.)
    if sys.platform != "linux" or STDIN in sources:  # a worker's standard input is not the batch's
        return 1
    return min(PROCESSES or _cores(), len(sources) // part_from)


def _cores() -> int:
    """The cores this process may use: those it may run on (``taskset``), within its container's CPU quota."""
    cores = len(os.sched_getaffinity(0))
    try:  # cgroup v2 gives the quota as "QUOTA PERIOD" in microseconds, or "max PERIOD" for none
        quota, period = Path("/sys/fs/cgroup/cpu.max").read_text().split()
        if quota != "max":
            cores = min(cores, max(1, int(quota) // int(period)))
    except (OSError, ValueError):  # no cgroup v2 here: the affinity is all there is to go by
        pass
    return cores


def _over_workers(
    sources: Sequence[str], processes: int, made: Callable[[Audited], Made], rules: RuleSet | None, match_id: int | None
) -> Generator[Made, None, None]:
    import multiprocessing

    # Forked, a worker has every module this process imported, the language chosen and
    # the objects gc.freeze set aside; it needs nothing sent but its files.
    context = multiprocessing.get_context("fork")
    size = -(-len(sources) // processes)
    parts = [sources[start : start + size] for start in range(0, len(sources), size)]
    # What this process has buffered would be written again by every worker as it exits.
    sys.stdout.flush()
    sys.stderr.flush()
    workers: list[tuple[ForkProcess, Connection]] = []
    done = False
    # Ctrl-C reaches every process of the terminal's group: a worker ignores it (it would
    # print a traceback), and is blocked from getting it before it can.
    unblocked = signal.pthread_sigmask(signal.SIG_BLOCK, {signal.SIGINT})
    try:
        try:
            for part in parts[1:]:
                results, sent = context.Pipe(duplex=False)
                # The reading ends, the worker's own and its elders', are closed in it: with this
                # process killed outright (SIGTERM, SIGKILL, out of memory), its sends fail at once.
                readers = [results, *(reader for _, reader in workers)]
                work = (part, made, rules, match_id, sent, readers, os.getpid())
                worker = context.Process(target=_work, args=work, daemon=True)
                worker.start()
                sent.close()  # the worker's end alone: its end of file says it is gone
                workers.append((worker, results))
        finally:
            signal.pthread_sigmask(signal.SIG_SETMASK, unblocked)
        for source in parts[0]:
            yield made(audit_source(source, rules, match_id))
        for worker, results in workers:
            try:
                part_made, failure = results.recv()
            except EOFError:
                worker.join()
                raise RuntimeError(f"an audit worker ended without its results (exit code {worker.exitcode})") from None
            yield from part_made
            if failure is not None:
                raise _raised(failure)
        done = True
    finally:
        for worker, results in workers:
            results.close()
            if not done:
                worker.kill()  # interrupted, or a defect: the rest of the batch is not wanted
            worker.join()


def _work(
    sources: Sequence[str],
    made: Callable[[Audited], Made],
    rules: RuleSet | None,
    match_id: int | None,
    results: Connection,
    readers: Sequence[Connection],
    parent: int,
) -> None:
    """A worker: its part of the batch audited, sent back in one message, ``(made, failure)``.

    Nothing escapes it: multiprocessing would print a traceback of it on stderr. It
    stops as soon as the process that forked it is gone, whose output it would be.
    """
    signal.signal(signal.SIGINT, signal.SIG_IGN)
    signal.pthread_sigmask(signal.SIG_UNBLOCK, {signal.SIGINT})
    for reader in readers:
        reader.close()
    part_made: list[Made] = []
    failure: Exception | tuple[str, str] | None = None
    try:
        for source in sources:
            if os.getppid() != parent:  # a system call against some 0.2 ms of audit a file
                return
            part_made.append(made(audit_source(source, rules, match_id)))
    except Exception as error:  # noqa: BLE001 - a defect: raised in the parent, where its file comes in the batch
        failure = _sendable(error)
    try:
        results.send((part_made, failure))
    except OSError:  # the parent is gone: nobody wants the results
        pass
    except Exception as error:  # noqa: BLE001 - what was made cannot be pickled: a defect all the same
        # Failing this too, the parent finds the worker's end closed without its results.
        with suppress(Exception):
            results.send(((), (type(error).__name__, str(error))))


def _sendable(error: Exception) -> Exception | tuple[str, str]:
    """The defect as the parent can raise it, the worker's traceback as a note; else its kind and words."""
    import pickle
    import traceback

    error.add_note("".join(traceback.format_exception(error)).rstrip())  # shown with SCOREPAD_DEBUG
    try:
        copy = pickle.loads(pickle.dumps(error))
        if type(copy) is type(error) and str(copy) == str(error):
            return error
    except Exception:  # noqa: BLE001 - an exception whose arguments cannot be made again
        pass
    return type(error).__name__, str(error)


def _raised(failure: Exception | tuple[str, str]) -> Exception:
    """A worker's defect as raised here: itself, else a stand-in of the same name, so that
    "internal error: KIND: WHAT" reads as it would have in one process."""
    if isinstance(failure, Exception):
        return failure
    kind, words = failure
    return type(kind, (RuntimeError,), {})(words)
