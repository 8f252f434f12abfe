"""A large batch of deal records audited over forked worker processes: the output of one process, byte for byte.

Each test lowers ``PART_FROM`` (the fewest files worth a process) so that a few
dozen records make a batch split over three processes, whatever the machine's
cores, and compares the whole run, stdout, stderr and exit code, with the same
batch audited in one process.
"""

from __future__ import annotations

import json
import os
import random
import signal
import subprocess
import sys
import time

import pytest

import scorepad.app.audit as audit_app
import scorepad.app.batch as batch_app
import scorepad.cli.audit as audit_cli
from scorepad.app.batch import audit_batch
from scorepad.core.record import write_record
from tests.dealgen import RULE_SETS, random_deal, without_hands, without_names

pytestmark = pytest.mark.skipif(sys.platform != "linux", reason="workers are forked on Linux alone")

ONE_PROCESS = 10**9  # PART_FROM for a batch that stays in this process


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
    # The refusals fall in the first part (this process's), the second and the third.
    return [*paths[:3], str(broken), *paths[3:20], str(binary), *paths[20:40], missing, str(broken), *paths[40:]]


def good(batch: list[str]) -> list[str]:
    """The records of the batch that can be audited."""
    return [path for path in batch if os.path.basename(path)[:2].isdigit()]


def both_ways(cli, monkeypatch, *args: str, code: int | None = 1):
    """The same command with its batch audited in one process, then over three."""
    monkeypatch.setattr(batch_app, "PROCESSES", 3)
    monkeypatch.setattr(batch_app, "PART_FROM", ONE_PROCESS)
    monkeypatch.setattr(audit_cli, "REPORTS_FROM", ONE_PROCESS)
    alone = cli(*args, code=code)
    monkeypatch.setattr(batch_app, "PART_FROM", 5)
    monkeypatch.setattr(audit_cli, "REPORTS_FROM", 5)
    shared = cli(*args, code=code)
    return alone, shared


def same(alone, shared) -> None:
    assert shared.stdout_bytes == alone.stdout_bytes
    assert shared.stderr_bytes == alone.stderr_bytes
    assert shared.exit_code == alone.exit_code


def test_the_workers_audit_contiguous_parts_and_their_results_come_in_order(batch, monkeypatch):
    monkeypatch.setattr(batch_app, "PROCESSES", 3)
    monkeypatch.setattr(batch_app, "PART_FROM", 5)
    made = list(audit_batch(batch, lambda audited: (audited.source, os.getpid(), audited.error)))
    assert [source for source, _, _ in made] == batch
    pids = [pid for _, pid, _ in made]
    # Three processes, this one first, each one part: a run of the same pid.
    assert pids[0] == os.getpid()
    assert len(set(pids)) == 3
    assert [pids[i] for i in (0, 17, 34)] == list(dict.fromkeys(pids))
    assert sum(error is not None for _, _, error in made) == 4


def test_a_very_large_batch_goes_in_rounds_each_over_its_own_workers(monkeypatch, batch):
    monkeypatch.setattr(batch_app, "ROUND_AT_MOST", 21)  # rounds of 21 files over 3 processes, then 6 over 2
    made = []
    for part_from in (ONE_PROCESS, 3):
        monkeypatch.setattr(batch_app, "PART_FROM", part_from)
        monkeypatch.setattr(batch_app, "PROCESSES", 3)
        made.append(list(audit_batch(batch, lambda audited: (audited.to_json(), os.getpid()))))
    assert [json for json, _ in made[1]] == [json for json, _ in made[0]]
    pids = [pid for _, pid in made[1]]
    assert len(set(pids)) == 1 + 2 + 2 + 1  # this process, and the workers of each round
    assert pids[21] == pids[42] == os.getpid()


def test_a_worker_goes_on_through_ctrl_c_which_is_the_parents_to_answer(batch, monkeypatch):
    monkeypatch.setattr(batch_app, "PROCESSES", 2)
    monkeypatch.setattr(batch_app, "PART_FROM", 5)
    parent = os.getpid()

    def made(audited):
        if os.getpid() != parent:
            os.kill(os.getpid(), signal.SIGINT)  # as the terminal sends it to every process of the group
        return audited.source

    assert list(audit_batch(batch, made)) == batch


def test_json_of_a_large_batch_is_byte_for_byte_that_of_one_process(cli, monkeypatch, batch):
    alone, shared = both_ways(cli, monkeypatch, "audit", "--json", *batch)
    same(alone, shared)
    assert alone.stdout.count('"error"') == 4
    assert alone.stderr.count("binary.txt: line 3: not UTF-8 text") == 1
    assert alone.stderr.count("missing.txt: cannot read it") == 1


def test_under_a_matchs_rules_the_workers_refuse_the_same_records(cli, monkeypatch, batch, unchanged):
    cli("new", "--players", "Ann,Bob,Cat,Dan", "--rules", "spot-hearts")
    with unchanged():
        alone, shared = both_ways(cli, monkeypatch, "audit", "--json", "--match", "1", *batch)
    same(alone, shared)
    assert alone.stderr.count("are not match 1's (spot-hearts") > 10


def test_reports_for_people_in_another_language_are_those_of_one_process(cli, monkeypatch, batch):
    alone, shared = both_ways(cli, monkeypatch, "--lang", "it", "--ascii", "audit", *batch)
    same(alone, shared)
    assert "riga 3: non è testo UTF-8" in alone.stderr
    assert alone.stdout.count("Punti") >= 40


def test_a_batch_with_standard_input_in_it_reads_it_once(cli, monkeypatch, batch):
    with open(batch[0], encoding="utf-8") as file:
        text = file.read()
    monkeypatch.setattr(batch_app, "PROCESSES", 3)
    outputs = []
    for part_from in (ONE_PROCESS, 5):
        monkeypatch.setattr(batch_app, "PART_FROM", part_from)
        outputs.append(cli.runner.invoke(cli_app(), ["audit", "--json", *batch[:20], "-", *batch[20:]], input=text))
    assert outputs[1].stdout_bytes == outputs[0].stdout_bytes
    reports = json.loads(outputs[0].stdout)
    assert reports[20] == reports[0]  # the record on standard input, read once, where "-" was given
    assert outputs[1].stderr_bytes == outputs[0].stderr_bytes and outputs[1].exit_code == 1


def cli_app():
    from scorepad.cli.main import app

    return app


class Odd(Exception):
    """A defect whose arguments pickle cannot make it again from."""

    def __init__(self, first: str, second: str) -> None:
        super().__init__(f"{first} and {second}")


@pytest.mark.parametrize("defect", [ZeroDivisionError("division by zero"), Odd("this", "that")])
def test_a_defect_in_a_worker_is_the_one_line_internal_error_after_the_reports_before_it(
    cli, monkeypatch, batch, tmp_path, defect
):
    parse_record = audit_app.parse_record

    def parse_or_fail(text):
        if "# a defect" in text:
            raise defect
        return parse_record(text)

    monkeypatch.setattr(audit_app, "parse_record", parse_or_fail)
    marked = tmp_path / "marked.txt"
    marked.write_text("# a defect\n" + (tmp_path / "00.txt").read_text(encoding="utf-8"), encoding="utf-8")
    args = ["audit", "--json", *batch[:40], str(marked), *batch[40:]]  # in the third part, a worker's
    alone, shared = both_ways(cli, monkeypatch, *args)
    same(alone, shared)
    assert alone.stderr.splitlines()[-1] == f"scorepad: internal error: {type(defect).__name__}: {defect}"
    assert len(alone.stdout.splitlines()) == 1 + 40  # "[", then a report a line, up to the defect's


def test_a_worker_that_dies_is_an_internal_error_not_a_hang(cli, monkeypatch, batch):
    audit = audit_app.audit

    def audit_or_die(record, rules=None):
        if os.getpid() != parent:
            os.kill(os.getpid(), signal.SIGKILL)
        return audit(record, rules)

    parent = os.getpid()
    monkeypatch.setattr(audit_app, "audit", audit_or_die)
    monkeypatch.setattr(batch_app, "PROCESSES", 2)
    monkeypatch.setattr(batch_app, "PART_FROM", 5)
    line = cli.refused("audit", "--json", *good(batch))
    assert line == "scorepad: internal error: RuntimeError: an audit worker ended without its results (exit code -9)"


def started(batch: list[str]) -> subprocess.Popen:
    """``scorepad audit --json`` of a batch big enough for two processes, in a process group of its
    own (as a terminal's job), once its workers are forked: they are before the first report."""
    run = "import scorepad.app.batch as b; b.PROCESSES = 2; from scorepad.cli.main import run; run()"
    scorepad = subprocess.Popen(
        [sys.executable, "-c", run, "audit", "--json", *good(batch) * 100],
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        start_new_session=True,
        env=dict(os.environ, LANGUAGE="en"),
    )
    assert scorepad.stdout is not None
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
    """Ctrl-C reaches the whole process group, workers and all: one line, exit 130, no worker left."""
    scorepad = started(batch)
    os.killpg(scorepad.pid, signal.SIGINT)
    _, err = scorepad.communicate(timeout=60)
    assert err.decode() == "scorepad: interrupted; nothing more was written\n"
    assert scorepad.returncode == 130
    with pytest.raises(ProcessLookupError):
        os.killpg(scorepad.pid, 0)  # no worker outlives the command


def test_workers_stop_when_the_command_is_killed_outright(batch):
    """SIGTERM to the command alone (a supervisor, the OOM killer): its workers stop, and the reader sees the end."""
    scorepad = started(batch)
    scorepad.terminate()
    # A worker with the reading end of its pipe left open would block on its send for ever, and keep
    # the command's standard output open with it: the reader would wait for an end that never comes.
    try:
        scorepad.communicate(timeout=30)
    except subprocess.TimeoutExpired:
        os.killpg(scorepad.pid, signal.SIGKILL)
        pytest.fail("the command's standard output never ended: a worker kept it open")
    assert gone(scorepad.pid), "a worker outlived the command it worked for"


def test_a_reader_that_stops_early_ends_the_command_quietly(batch):
    """``scorepad audit --json ... | head -1``: no internal error, whoever wrote the rest."""
    scorepad = started(batch)
    assert scorepad.stdout is not None and scorepad.stderr is not None
    scorepad.stdout.close()
    assert scorepad.stderr.read() == b""
    assert scorepad.wait(timeout=60) == 1
    assert gone(scorepad.pid)
