"""Many writers at once, and writers killed mid-write: nothing acknowledged is lost, nothing half-written stays."""

from __future__ import annotations

import json
import random
import signal
import sqlite3
import time

from .processes import run, start, status, writers_at_once

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


def test_killed_writers_leave_a_sound_store(store_path):
    """SIGKILL scorepad at random moments while it writes; every acknowledged deal stays."""
    store = str(store_path)
    run(store, "new", "--players", "Ann,Bob,Cat", "--until-over", "100000")
    rnd = random.Random(20261129)
    acknowledged = attempts = kills = 0
    for _ in range(40):
        attempts += 1
        proc = start(store, "deal", "Ann=10", "Bob=10", "Cat=23")
        time.sleep(rnd.uniform(0.05, 0.9))  # from mid-import to well after the commit
        if proc.poll() is None:
            proc.send_signal(signal.SIGKILL)
            kills += 1
        proc.wait(timeout=60)
        if proc.returncode == 0:
            acknowledged += 1
    assert kills >= 10, "the test should kill some writers mid-way"

    with sqlite3.connect(store_path) as conn:
        assert conn.execute("PRAGMA integrity_check").fetchone() == ("ok",)
        assert conn.execute("PRAGMA foreign_key_check").fetchall() == []
        standing = conn.execute("SELECT count(*) FROM entry WHERE state = 'standing'").fetchone()[0]
        summary = conn.execute("SELECT deals_played FROM match").fetchone()[0]
    final = status(store)
    assert acknowledged <= final["deals_played"] <= attempts
    # No half-recorded deal: every entry row that stands is a whole deal, counted in the summary.
    assert standing == final["deals_played"] == summary
    assert final["totals"] == {"Ann": 10 * standing, "Bob": 10 * standing, "Cat": 23 * standing}
