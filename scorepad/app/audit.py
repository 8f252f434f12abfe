"""Auditing deal records from files, and entering an audited deal in a match.

Reading and auditing need no store: a batch of files touches the database only
when a match is named, and then once for its rules. The store, the entering
use cases and the match state are imported by the functions that use them,
because loading SQLAlchemy costs more than auditing a hundred records.

A large batch is audited over forked worker processes (``audit_batch``), each
given a contiguous part of it; this process writes what they made in the order
the files were given, so the output is that of one process, byte for byte.
"""

from __future__ import annotations

import os
import signal
import sys
from collections.abc import Callable, Generator, Sequence
from contextlib import suppress
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING, TypeVar

from ..core.engine import AuditReport, audit, taken_cards
from ..core.errors import RecordErrors, RuleError, ScorepadError, os_reason
from ..core.language import N_, Counted, Phrase, _, worded
from ..core.record import DealRecord, parse_record
from ..core.rules import RuleSet
from .inputs import MiB, read_path, read_stream

if TYPE_CHECKING:
    from multiprocessing.connection import Connection
    from multiprocessing.context import ForkProcess

    from ..core.match import MatchState
    from ..store.db import Store
    from ..store.matches import StoredMatch
    from .entering import Entered
    from .results import Result

STDIN = "-"
#: A record of two decks dealt to ten players is some 2 KB, and 10 KB with a comment on every
#: trick: a megabyte is no deal record, but /dev/urandom or a file named by mistake.
RECORD_LIMIT = 1 * MiB
TOO_LONG = Phrase(N_("no deal record is anywhere near that long"))


@dataclass(frozen=True)
class Audited:
    """One file's audit: the record and its report, or why there is none."""

    source: str  #: the file as named on the command line; ``-`` for standard input
    record: DealRecord | None = None
    report: AuditReport | None = None
    refusal: ScorepadError | None = None  #: what kept the file from being audited
    problems: tuple[tuple[int, object], ...] = ()  #: every unreadable line of the record: (line, what was wrong)

    @property
    def error(self) -> str | None:
        """What kept the file from being audited, in English, as JSON gives it."""
        return None if self.refusal is None else str(self.refusal)

    @property
    def errors(self) -> list[str]:
        """What kept the file from being audited, one sentence per problem, in the language in use."""
        if self.problems:
            return [
                worded(N_("line {line}: {problem}"), {"line": line, "problem": text}) for line, text in self.problems
            ]
        return [self.refusal.localized()] if self.refusal is not None else []

    @property
    def passed(self) -> bool:
        """Complete and breaking no rule: what exit 0 asks of every record."""
        return self.report is not None and self.report.complete and self.report.legal

    @property
    def name(self) -> str:
        return "<stdin>" if self.source == STDIN else self.source

    def to_json(self) -> dict:
        """The report as the spec shapes it; a file without one is ``{"file", "error"}`` in its place."""
        if self.report is None:
            data: dict = {"file": self.source, "error": self.error}
            if self.problems:
                data["errors"] = [{"line": line, "message": str(text)} for line, text in self.problems]
            return data
        return self.report.to_json()


def read_text(source: str) -> str:
    """The text of a file, or of standard input for ``-``: UTF-8, any line endings."""
    if source == STDIN:
        if sys.stdin is None or sys.stdin.closed:
            raise _unreadable(Phrase(N_("standard input is closed")))
        if not hasattr(sys.stdin, "buffer"):  # a text-only stream, already decoded
            return read_stream(sys.stdin, RECORD_LIMIT, TOO_LONG)
        data = read_stream(sys.stdin.buffer, RECORD_LIMIT, TOO_LONG)
    else:
        data = read_path(source, RECORD_LIMIT, TOO_LONG)
    try:
        return data.decode("utf-8")
    except UnicodeDecodeError as error:
        line = data.count(b"\n", 0, error.start) + 1
        raise ScorepadError(N_("line {line}: not UTF-8 text"), line=line) from None


def _unreadable(reason: Phrase | str) -> ScorepadError:
    return ScorepadError(N_("cannot read it: {reason}"), reason=reason)


def audit_source(source: str, rules: RuleSet | None = None, match_id: int | None = None) -> Audited:
    """Read, parse and audit one file, under the match's ``rules`` when a match is named."""
    try:
        record = parse_record(read_text(source))
        if rules is not None and record.rules is not None and record.rules != rules:
            raise RuleError(
                N_("the record's rules ({record}) are not match {match}'s ({rules})"),
                record=record.rules.words(),  # the rules: line of a record: notation
                match=match_id,
                rules=rules.words(),
            )
        report = audit(record, rules)  # refuses a table with no deck (7 players, one deck)
    except OSError as error:
        return Audited(source, refusal=_unreadable(os_reason(error)))
    except RecordErrors as error:
        return Audited(source, refusal=error, problems=tuple(error.refusals))
    except ScorepadError as error:
        return Audited(source, refusal=error)
    return Audited(source, record, report)


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


def match_rules(store: Store, match_id: int | None) -> tuple[int, RuleSet]:
    """The match asked for (else the latest used) and its rules, in one read."""
    from ..store import matches

    with store.read() as conn:
        found = matches.resolve_match_id(conn, match_id)
        return found, matches.load(conn, found, entries=False).settings.rules


def record_audited(store: Store, match_id: int, audited: Audited) -> Result:
    """Enter an audited deal as ``scorepad deal`` would: its cards, or the renege.

    Refused, with nothing written, unless the record is the deal the match
    expects next (its players in seat order, its dealer) and is either complete
    and legal or shows a renege, whose outcome the rules fix whatever else it shows.
    """
    from ..store import matches
    from .entering import entry_words, write_deal
    from .results import Result

    record, report = audited.record, audited.report
    assert record is not None and report is not None, "only an audited record can be entered"
    with store.write() as conn:
        match = matches.load(conn, match_id, lock=True)
        state = match.state()
        _check_deal(match, state, record)
        done = write_deal(conn, match, state, _entered(report))  # the rules core checks the cards again
        # Should the rules core ever score the cards otherwise than the audit
        # did, the store must not keep its version: the transaction rolls back.
        assert done.deal is not None and done.entry is not None and done.entry.outcome is not None
        players = match.settings.players
        scored = {players[seat].casefold(): points for seat, points in done.entry.outcome.scores.items()}
        if scored != {name.casefold(): points for name, points in report.scores.items()}:
            raise RuntimeError(f"the audit and the score check disagree on deal {done.deal.number}")
    entered = _("Recorded as {entry}.").format(entry=entry_words(done.deal.kind, done.deal.number))
    note = entered if done.note is None else _("{recorded} {note}.").format(recorded=entered, note=done.note)
    return Result(match.id, match.name, done.state, note)


def _check_deal(match: StoredMatch, state: MatchState, record: DealRecord) -> None:
    """The record must be of the deal the match expects next: same players in seat order, same dealer."""
    deal = state.next
    if match.abandoned_at or deal is None:
        finished = N_("match {match} is abandoned") if match.abandoned_at else N_("match {match} is finished")
        raise RuleError(finished, match=match.id)
    players = [match.settings.players[seat] for seat in deal.players]
    what = Phrase(
        N_("tie-break deal {number} of match {match}") if deal.round else N_("deal {number} of match {match}"),
        number=deal.number,
        match=match.id,
    )
    if [p.casefold() for p in record.players] != [p.casefold() for p in players]:
        raise RuleError(
            N_("the record's players are {record}, but {deal} is played by {players}, in that seat order"),
            record=" ".join(record.players),
            deal=what,
            players=" ".join(players),
        )
    dealer = match.settings.players[deal.dealer]
    if record.dealer.casefold() != dealer.casefold():
        raise RuleError(
            N_("the record's dealer is {record}, but {dealer} deals {deal}"),
            record=record.dealer,
            dealer=dealer,
            deal=what,
        )


def _entered(report: AuditReport) -> Entered:
    """What ``scorepad deal`` would be given: each player's scoring cards, or the renege's offender."""
    from .entering import Renege

    if report.renege is not None and report.renege.player is not None:  # a renege always has its offender
        return Renege(report.renege.player)
    if report.breaches:
        count = len(report.breaches)
        raise RuleError(
            Counted(
                "the record breaks a rule ({breach}):"
                " the table settles that first, then enters the deal with scorepad deal",
                "the record breaks {count} rules ({breach}):"
                " the table settles that first, then enters the deal with scorepad deal",
                count,
                breach=report.breaches[0].message,  # the first: worded in the same language when it is a phrase
            )
        )
    if not report.complete:
        played = sum(len(trick.cards) for trick in report.tricks)
        raise RuleError(
            Counted(
                "the record is incomplete ({count} card played): only a complete record, or one with a renege,"
                " can be entered",
                "the record is incomplete ({count} cards played): only a complete record, or one with a renege,"
                " can be entered",
                played,
            )
        )
    # Cards rather than points, so the store keeps who took which penalty card.
    taken = taken_cards(report.players, report.tricks)
    return {name: tuple(card for card in cards if report.rules.points(card)) for name, cards in taken.items()}
