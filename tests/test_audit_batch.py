"""A batch of deal records: each report in the order given, written as soon as it is made.

A file that cannot be audited is reported where it comes, and the others are
still checked; a large batch is shared among worker processes and gives what
one process would; a command stopped on the way (Ctrl-C, SIGTERM, SIGKILL, a
reader gone, a named pipe nobody writes) ends at once and leaves no process behind.
"""

from __future__ import annotations

import json
import multiprocessing
import os
import pickle
import random
import signal
import subprocess
import sys
import time

import pytest

import scorepad.app.audit as audit_app
from scorepad.app.audit_batch import PER_WORKER, audit_all, workers_for
from scorepad.core.engine import audit
from scorepad.core.errors import (
    BonusCardOutsideOmnibus,
    ImpossibleScores,
    MatchClosed,
    NotationError,
    RecordErrors,
    ScorepadError,
    TwoDecksNeeded,
)
from scorepad.core.language import N_, Counted, Phrase
from scorepad.core.record import parse_record, write_record
from scorepad.core.rules import RuleSet
from tests.dealgen import RULE_SETS, random_deal, without_hands, without_names
from tests.processes import start_held


@pytest.fixture
def batch(tmp_path) -> list[str]:
    """45 records, some written in full, some without names or hands, with files that cannot be audited among them."""
    rng = random.Random(17)
    paths = []
    for n in range(45):
        record, _ = random_deal(rng.randint(3, 6), rng.choice(RULE_SETS), rng)
        if n % 3:
            record = without_hands(record)
        if n % 3 == 2:
            record = without_names(record)
        path = tmp_path / f"{n:02}.txt"
        path.write_text(write_record(record, ascii=n % 2 == 0), encoding="utf-8")
        paths.append(str(path))
    broken = tmp_path / "broken.txt"
    broken.write_text("players: Ann Bob Cat\n1. QS KS\n", encoding="utf-8")  # no dealer, a short trick
    binary = tmp_path / "binary.txt"
    binary.write_bytes(b"players: Ann Bob Cat\ndealer: Ann\n\xff\xfe\n")
    missing = str(tmp_path / "missing.txt")
    return [*paths[:3], str(broken), *paths[3:20], str(binary), *paths[20:40], missing, str(broken), *paths[40:]]


def good(batch: list[str]) -> list[str]:
    """The records of the batch that can be audited."""
    return [path for path in batch if os.path.basename(path)[:2].isdigit()]


def report(path: str) -> dict:
    with open(path, encoding="utf-8") as file:
        return audit(parse_record(file.read())).to_json()


def test_json_of_a_batch_is_each_report_in_the_order_given_and_each_refusal_where_it_comes(cli, batch):
    result = cli("audit", "--json", *batch, code=1)
    reports = json.loads(result.stdout)
    assert [r for r in reports if "error" not in r] == [report(path) for path in good(batch)]
    assert result.stdout.startswith("[\n{") and result.stdout.count("\n") == len(batch) + 2  # a report a line
    where = [batch[3], batch[21], batch[42], batch[43]]  # broken (no dealer), binary, missing, broken
    assert [r.get("file") for r in reports if "error" in r] == where
    assert [line.split(": ")[0] for line in result.stderr.splitlines()] == where
    assert result.stderr.count("binary.txt: line 3: not UTF-8 text") == 1
    assert result.stderr.count("missing.txt: cannot read it") == 1


@pytest.fixture
def two_cores(monkeypatch):
    """The cores of this machine, whatever machine runs the tests: a large batch is shared between two workers."""
    monkeypatch.setattr(os, "sched_getaffinity", lambda pid: {0, 1}, raising=False)


def test_a_large_batch_is_shared_among_workers_and_gives_what_one_process_would(batch, two_cores):
    """Refusals included (read by the command, or made by a worker), each in its place and with its facts."""
    sources = batch * 20
    assert workers_for(2 * PER_WORKER - 1) == 1 and workers_for(len(sources)) == 2
    audits = audit_all(sources)
    shared = [next(audits)]
    assert len(multiprocessing.active_children()) == 2  # the workers are at it
    shared += audits
    assert not multiprocessing.active_children()  # and gone with the batch
    alone = [audit_app.audit_source(source) for source in sources]
    assert [a.to_json() for a in shared] == [a.to_json() for a in alone]
    assert [a.passed for a in shared] == [a.passed for a in alone]
    assert [[facts(e) for e in a.errors] for a in shared] == [[facts(e) for e in a.errors] for a in alone]
    assert sum(1 for a in shared if a.errors) == 80


@pytest.fixture
def defect(batch, monkeypatch, tmp_path) -> str:
    """A record whose audit meets a defect (a ZeroDivisionError), as a bug in scorepad would."""
    parse_record = audit_app.parse_record

    def parse_or_fail(text, rules=None):
        if "# a defect" in text:
            raise ZeroDivisionError("division by zero")
        return parse_record(text, rules)

    monkeypatch.setattr(audit_app, "parse_record", parse_or_fail)  # forked workers have it too
    marked = tmp_path / "marked.txt"
    marked.write_text("# a defect\n" + (tmp_path / "00.txt").read_text(encoding="utf-8"), encoding="utf-8")
    return str(marked)


def test_a_defect_in_a_worker_ends_the_batch_after_the_audits_before_it(batch, two_cores, defect):
    sources = batch * 20
    sources[531] = defect  # the seventh record of a chunk, with refusals before it in the batch
    made = []
    with pytest.raises(ZeroDivisionError, match="division by zero"):
        made.extend(audit_all(sources))
    assert [a.source for a in made] == sources[:531]
    assert not multiprocessing.active_children()


def facts(said: object) -> object:
    """A refusal or a phrase as what it holds, to compare: its kind, its message and its fields, all the way down."""
    if isinstance(said, ScorepadError):
        return type(said).__name__, facts(said.said)
    if isinstance(said, Phrase):
        return said.template, {name: facts(value) for name, value in said.fields.items()}
    return said


REFUSALS = [
    RecordErrors([(3, audit_app.TOO_LONG), (7, Counted("{count} card", "{count} cards", 2))]),
    BonusCardOutsideOmnibus("classic"),
    TwoDecksNeeded(8),
    MatchClosed(abandoned=True, match=4),
    ImpossibleScores(N_("the scores add up to {sum}, not {total}"), sum=40, total=43),
    NotationError(N_("not a card: {text} (write e.g. {examples})"), text="'XS'", examples="QS"),
]


@pytest.mark.parametrize("refusal", REFUSALS, ids=lambda refusal: type(refusal).__name__)
def test_a_refusal_comes_back_from_a_worker_as_it_was_made(refusal):
    """Its phrase and facts, to be worded in the command's language: not the English text it was built from."""
    back = pickle.loads(pickle.dumps(refusal))
    assert type(back) is type(refusal) and facts(back) == facts(refusal) and back.args == refusal.args
    assert vars(back).keys() == vars(refusal).keys()


def test_a_rule_set_is_sent_as_its_options():
    rules = RuleSet.build("omnibus", decks=2)
    assert rules.card_values  # cached: pickled all the same, as its options
    assert pickle.loads(pickle.dumps(rules)) == rules


def test_under_a_matchs_rules_every_record_of_other_rules_is_refused_and_nothing_is_written(cli, batch, unchanged):
    cli("new", "--players", "Ann,Bob,Cat,Dan", "--rules", "spot-hearts")
    with unchanged():
        result = cli("audit", "--json", "--match", "1", *batch, code=1)
    refused = result.stderr.count("are not match 1's (spot-hearts")
    assert result.stdout.count("are not match 1's (spot-hearts") == refused > 10


def test_reports_for_people_in_another_language(cli, batch):
    result = cli("--lang", "it", "--ascii", "audit", *batch, code=1)
    assert "riga 3: non è testo UTF-8" in result.stderr
    assert result.stdout.count("Punti") == len(good(batch))
    assert not set("♠♥♦♣") & set(result.stdout)


def test_a_batch_with_standard_input_in_it_reads_it_once_where_it_was_given(cli, batch):
    with open(batch[0], encoding="utf-8") as file:
        text = file.read()
    result = cli.runner.invoke(cli_app(), ["audit", "--json", *batch[:20], "-", *batch[20:]], input=text)
    reports = json.loads(result.stdout)
    assert reports[20] == reports[0]  # the record on standard input, where "-" was given
    assert len(reports) == len(batch) + 1 and result.exit_code == 1


def cli_app():
    from scorepad.cli.main import app

    return app


def test_a_defect_is_the_one_line_internal_error_after_the_reports_before_it(cli, batch, defect):
    result = cli("audit", "--json", *batch[:40], defect, *batch[40:], code=1)
    assert result.stderr.splitlines()[-1] == "scorepad: internal error: ZeroDivisionError: division by zero"
    assert len(result.stdout.splitlines()) == 1 + 40  # "[", then a report a line, up to the defect's


def started(files: list[str], wait: bool = True) -> subprocess.Popen:
    """``scorepad audit --json`` of the files, in a process group of its own (as a terminal's job),
    once its first reports are out (unless not to ``wait``)."""
    scorepad = subprocess.Popen(
        [sys.executable, "-m", "scorepad", "audit", "--json", *files],
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        start_new_session=True,
        env=dict(os.environ, LANGUAGE="en"),
    )
    assert scorepad.stdout is not None
    if wait:
        assert scorepad.stdout.readline() == b"[\n"
    return scorepad


def gone(group: int) -> bool:
    """Whether every process of the group has ended, waiting a few seconds for the last."""
    for _ in range(100):
        try:
            os.killpg(group, 0)
        except ProcessLookupError:
            return True
        time.sleep(0.1)
    return False


def test_ctrl_c_during_a_large_batch_says_interrupted_and_exits_130(batch):
    scorepad = started(good(batch) * 100)
    os.killpg(scorepad.pid, signal.SIGINT)
    _, err = scorepad.communicate(timeout=60)
    assert err.decode() == "scorepad: interrupted; nothing more was written\n"
    assert scorepad.returncode == 130
    assert gone(scorepad.pid)


@pytest.mark.parametrize(
    "at",
    ["concurrent.futures:ProcessPoolExecutor.shutdown", "scorepad.cli.common:say_interrupted"],
    ids=["while the workers stop", "as the command says so"],
)
def test_ctrl_c_twice_is_taken_as_once(batch, at):
    """The second, while the workers finish their chunks and the command ends, has nothing more to stop.

    The command is held where the second comes (the workers stopped, Ctrl-C still held back; or Ctrl-C ignored
    by then), and sent it once it says it is there.
    """
    scorepad, report = start_held(
        ["audit", "--json", *good(batch) * 100],
        dict(os.environ, LANGUAGE="en"),
        at,
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        start_new_session=True,
    )
    assert scorepad.stdout is not None and scorepad.stdout.readline() == b"[\n"
    os.killpg(scorepad.pid, signal.SIGINT)
    with report:
        assert report.readline() == "held\n"
    os.killpg(scorepad.pid, signal.SIGINT)
    _, err = scorepad.communicate(timeout=60)
    assert err.decode() == "scorepad: interrupted; nothing more was written\n"
    assert scorepad.returncode == 130
    assert gone(scorepad.pid)


#: The command, as a terminal runs it, with a helper that sends Ctrl-C to the whole group (twice if GAP
#: is given) the moment the command forks its first worker, where the workers are still starting.
AT_FORK = """
import atexit, os, signal, subprocess, sys
second = "time.sleep(float(os.environ['GAP'])); os.killpg(0, signal.SIGINT)" if os.environ.get("GAP") else ""
helper = subprocess.Popen([sys.executable, "-c", f\"\"\"
import os, signal, sys, time
signal.signal(signal.SIGINT, signal.SIG_IGN)
sys.stdin.buffer.read(1); os.killpg(0, signal.SIGINT); {second}
\"\"\"], stdin=subprocess.PIPE)
forks = []
def first_fork():  # the helper reads one byte and is gone: a write to it after that would fail
    if not forks:
        forks.append(os.write(helper.stdin.fileno(), b"x"))
os.register_at_fork(after_in_parent=first_fork)
atexit.register(helper.wait)  # reaped by the command: no process of its group is left
from scorepad.cli.main import run
sys.argv = ["scorepad", "audit", "--json", *sys.argv[1:]]
run()
"""


@pytest.mark.parametrize("gap", ["", "0.003"], ids=["once", "twice"])
def test_ctrl_c_while_the_workers_start_says_interrupted_and_exits_130(batch, gap):
    """Five times: the moment is a race, and a worker not yet ignoring Ctrl-C is caught in two runs of five."""
    command = [sys.executable, "-c", AT_FORK, *good(batch) * 20]
    env = dict(os.environ, LANGUAGE="en", GAP=gap)
    for _ in range(5):
        scorepad = subprocess.Popen(
            command, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, start_new_session=True, env=env
        )
        _, err = scorepad.communicate(timeout=60)
        assert err.decode() == "scorepad: interrupted; nothing more was written\n"
        assert scorepad.returncode == 130
        assert gone(scorepad.pid)


@pytest.mark.parametrize("stop", [signal.SIGTERM, signal.SIGKILL])
def test_a_command_killed_outright_leaves_no_process_behind(batch, stop):
    """A supervisor's SIGTERM, the OOM killer's SIGKILL, to the command alone: the reader sees the end at once."""
    scorepad = started(good(batch) * 100)
    scorepad.send_signal(stop)
    try:
        scorepad.communicate(timeout=30)
    except subprocess.TimeoutExpired:
        os.killpg(scorepad.pid, signal.SIGKILL)
        pytest.fail("the command's standard output never ended")
    assert scorepad.returncode == -stop
    assert gone(scorepad.pid), "a process outlived the command"


@pytest.mark.parametrize("stop", [signal.SIGTERM, signal.SIGKILL])
def test_a_command_blocked_on_a_named_pipe_nobody_writes_is_killed_with_nothing_left(batch, tmp_path, stop):
    fifo = tmp_path / "fifo.txt"
    os.mkfifo(fifo)
    scorepad = started([*good(batch)[:5], str(fifo), *good(batch)], wait=False)  # its output fits the pipe
    writer = None
    for _ in range(600):  # until scorepad has opened the pipe: it then waits for a line that never comes
        try:
            writer = os.open(fifo, os.O_WRONLY | os.O_NONBLOCK)
            break
        except OSError:  # no reader yet
            time.sleep(0.05)
    assert writer is not None, "scorepad never opened the named pipe"
    try:
        scorepad.send_signal(stop)
        scorepad.communicate(timeout=30)
        assert scorepad.returncode == -stop
        assert gone(scorepad.pid), "a process outlived the command"
    finally:
        os.close(writer)


def test_a_named_pipe_among_the_files_is_read_as_a_record(cli, batch, tmp_path):
    """As the shell's ``<(...)`` hands a record over: read where it comes in the batch."""
    fifo = tmp_path / "fifo.txt"
    os.mkfifo(fifo)
    with open(batch[0], encoding="utf-8") as file:
        text = file.read()
    feeder = subprocess.Popen([sys.executable, "-c", f"open({str(fifo)!r}, 'w').write({text!r})"])
    result = cli("audit", "--json", batch[1], str(fifo), batch[2])
    feeder.wait(timeout=30)
    assert json.loads(result.stdout) == [report(batch[1]), report(batch[0]), report(batch[2])]


def test_a_reader_that_stops_early_ends_the_command_quietly(batch):
    """``scorepad audit --json ... | head -1``: no internal error."""
    scorepad = started(good(batch) * 100)
    assert scorepad.stdout is not None and scorepad.stderr is not None
    scorepad.stdout.close()
    assert scorepad.stderr.read() == b""
    assert scorepad.wait(timeout=60) == 1
    assert gone(scorepad.pid)
