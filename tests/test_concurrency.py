"""Many writers at once, and writers killed mid-write: nothing acknowledged is lost, nothing half-written stays."""

from __future__ import annotations

import json
import os
import signal
import sqlite3
import subprocess
import sys

import pytest

from .processes import environment, run, status, writers_at_once

pytestmark = pytest.mark.slow  # several real writers at once: CI runs it (python -m pytest -m slow)

WRITERS = 12


def test_twelve_writers_at_once_all_get_through(store_path):
    results = writers_at_once(str(store_path), WRITERS)
    assert [r.returncode for r in results] == [0] * WRITERS, [r.stderr for r in results if r.returncode]
    assert not any("locked" in r.stderr for r in results)
    final = status(str(store_path))
    assert final["deals_played"] == WRITERS
    assert final["totals"] == {"P0": 43 * 4, "P1": 43 * 4, "P2": 43 * 4}
    history = json.loads(run(str(store_path), "history", "--json").stdout)
    assert [d["number"] for d in history["deals"]] == list(range(1, WRITERS + 1))


#: ``scorepad`` as a process runs it, with a hook on every connection to the store that reports each SQL
#: statement (numbered, by its first three words) on the file descriptor ``REPORT_FD`` names, before SQLite runs it. At the statement
#: numbered ``STOP_AT`` the writer waits on its standard input, which never comes: the test kills it there.
REPORTING_WRITER = """
import os, sys
from scorepad.store import sqlite_file
report = os.fdopen(int(os.environ["REPORT_FD"]), "w", buffering=1)
stop_at = int(os.environ["STOP_AT"])
statements = 0
def traced(sql):
    global statements
    statements += 1
    report.write(f"{statements} {' '.join(sql.split()[:3])}\\n")
    if statements == stop_at:
        os.read(0, 1)
opened = sqlite_file.Connection.__init__
def reporting(self, *args, **kwargs):
    opened(self, *args, **kwargs)
    self.set_trace_callback(traced)
sqlite_file.Connection.__init__ = reporting
from scorepad.cli.main import run
sys.argv = ["scorepad", *sys.argv[1:]]
run()
"""
DEAL = ("deal", "Ann=10", "Bob=10", "Cat=23")


def deal_stopped_at(store: str, stop_at: int) -> tuple[subprocess.CompletedProcess, list[str]]:
    """A deal entered by a writer that is killed the moment it reports statement ``stop_at`` (0: never),
    with the statements it reported."""
    read, write = os.pipe()
    writer = subprocess.Popen(
        [sys.executable, "-c", REPORTING_WRITER, *DEAL],
        env=environment(store) | {"REPORT_FD": str(write), "STOP_AT": str(stop_at)},
        pass_fds=(write,),
        stdin=subprocess.PIPE,
        stdout=subprocess.DEVNULL,
        stderr=subprocess.PIPE,
        text=True,
    )
    os.close(write)
    reported = []
    with os.fdopen(read, encoding="utf-8") as statements:
        for line in statements:
            reported.append(line.split(" ", 1)[1].rstrip("\n"))
            if len(reported) == stop_at:
                writer.send_signal(signal.SIGKILL)  # it waits before running this statement
    _, err = writer.communicate(timeout=120)
    return subprocess.CompletedProcess(writer.args, writer.returncode, "", err), reported


def test_killed_writers_leave_a_sound_store(store_path):
    """SIGKILL scorepad before each SQL statement of a deal in turn; every acknowledged deal stays.

    As SQLite's own tests inject a fault at the Nth call, the kill moments are
    counted, never timed: a first deal reports the statements a deal runs
    (opening the store, reading the match, writing the entry and the match's
    summary, committing), and then one writer is killed before each of them,
    the commit included, while now and then a writer runs through. Each
    writer waits where it is to die, so the moment is the same on a fast
    machine and on a busy one.
    """
    store = str(store_path)
    run(store, "new", "--players", "Ann,Bob,Cat", "--until-over", "100000")
    first, statements = deal_stopped_at(store, 0)
    assert first.returncode == 0, first.stderr
    assert statements.count("BEGIN IMMEDIATE") == 1 and statements[-1] == "COMMIT", statements
    written = statements.index("BEGIN IMMEDIATE")
    assert "INSERT INTO entry" in statements[written:], statements
    acknowledged = 1
    for n, stop_at in enumerate(range(1, len(statements) + 1)):
        if n % 5 == 4:  # one through, now and then: the store must take writers after a kill
            through, _ = deal_stopped_at(store, 0)
            assert through.returncode == 0, through.stderr
            acknowledged += 1
        killed, reported = deal_stopped_at(store, stop_at)
        assert killed.returncode == -signal.SIGKILL, (stop_at, statements, killed.stderr)
        assert reported == statements[:stop_at]  # the same statements, in the same order, up to the kill
    outcome = f"{len(statements)} writers killed, one before each statement, {acknowledged} acknowledged"

    with sqlite3.connect(store_path) as conn:
        assert conn.execute("PRAGMA integrity_check").fetchone() == ("ok",)
        assert conn.execute("PRAGMA foreign_key_check").fetchall() == []
        standing = conn.execute("SELECT count(*) FROM entry WHERE state = 'standing'").fetchone()[0]
        summary = conn.execute("SELECT deals_played FROM match").fetchone()[0]
    final = status(store)
    assert final["deals_played"] == acknowledged, outcome  # a writer killed before its commit wrote nothing
    # No half-recorded deal: every entry row that stands is a whole deal, counted in the summary.
    assert standing == final["deals_played"] == summary
    assert final["totals"] == {"Ann": 10 * standing, "Bob": 10 * standing, "Cat": 23 * standing}
