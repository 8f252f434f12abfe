"""How much a deal costs through ``scorepad play`` from a pipe, against what SQLite itself needs.

Run from the repository: ``python -m tests.bench_play [--deals 3000] [--chunk 250] [--dir PATH] [--profile]``.
Not collected by pytest (no ``test_`` prefix): it writes thousands of durable commits.

The floor is one durable SQLite commit per deal of the rows ``play`` writes
(one entry row inserted and the match row updated, WAL with synchronous=FULL,
through the ``sqlite3`` module on a store of the same schema), measured in the
same run and folder, since its cost is mostly the disk's fsync, and that
varies from minute to minute: the two take turns, a chunk of deals each, so
that both meet the same disk. ``play`` runs as the user runs it, one process
reading a pipe; a ``status`` line after each chunk says when the chunk is in.
"""

from __future__ import annotations

import argparse
import json
import os
import shutil
import sqlite3
import subprocess
import sys
import tempfile
import time
from pathlib import Path

SCOREPAD = Path(sys.executable).parent / "scorepad"
PLAYERS = ("Ann", "Bob", "Cat")
#: Legal classic deals of three players, as a table types them: points, cards, both mixed.
DEALS = (
    "Ann=10 Bob=13 Cat=20",
    "Ann=0 Bob=43 Cat=0",
    "Ann=QS,2H Bob=KS Cat=19",
    "Cat=13 Ann=7 Bob=23",
    "Ann=20 Bob=10 Cat=13",
)
#: The points of each line above, seat by seat, for the floor's rows.
POINTS = ((10, 13, 20), (0, 43, 0), (14, 10, 19), (7, 23, 13), (20, 10, 13))


def new_match(db: Path) -> None:
    """A match that never ends within the run: nobody goes over a million."""
    env = dict(os.environ, SCOREPAD_DB=str(db))
    command = [str(SCOREPAD), "new", "--players", ",".join(PLAYERS), "--until-over", "1000000"]
    done = subprocess.run(command, capture_output=True, text=True, env=env)
    assert done.returncode == 0, done.stderr


class Floor:
    """The bare durable commits of the same rows, on a store of the same schema."""

    def __init__(self, folder: Path) -> None:
        db = folder / "floor.db"
        new_match(db)  # the same tables and indexes as the real store
        self.conn = sqlite3.connect(db, isolation_level=None)
        self.conn.execute("PRAGMA journal_mode = WAL")
        self.conn.execute("PRAGMA synchronous = FULL")
        self.done = 0

    def run(self, deals: int) -> float:
        """Seconds for the next ``deals`` deals, one transaction each."""
        stamp = "2026-11-29T20:15:03+00:00"
        start = time.perf_counter()
        for n in range(self.done + 1, self.done + deals + 1):
            scores = json.dumps({str(seat): p for seat, p in enumerate(POINTS[(n - 1) % len(POINTS)])})
            self.conn.execute("BEGIN IMMEDIATE")
            self.conn.execute(
                "INSERT INTO entry (match_id, position, kind, number, dealer, scores, recorded_at, state)"
                " VALUES (1, ?, 'deal', ?, ?, ?, ?, 'standing')",
                (n, n, (n - 1) % len(PLAYERS), scores, stamp),
            )
            self.conn.execute(
                "UPDATE match SET touched = ?, deals_played = ?, state = ? WHERE id = 1", (n + 1, n, scores)
            )
            self.conn.execute("COMMIT")
        self.done += deals
        return time.perf_counter() - start


class Play:
    """One ``scorepad play`` process reading a pipe; each chunk ends with a status line, to know when it is done."""

    def __init__(self, folder: Path) -> None:
        db = folder / "play.db"
        new_match(db)
        env = dict(os.environ, SCOREPAD_DB=str(db))
        self.errors = folder / "play.err"  # a file, not a pipe: nobody reads it while play runs
        start = time.perf_counter()
        with self.errors.open("w") as errors:
            self.process = subprocess.Popen(
                [str(SCOREPAD), "play", "--json"],
                stdin=subprocess.PIPE,
                stdout=subprocess.PIPE,
                stderr=errors,
                text=True,
                env=env,
            )
        self.status()  # the first answer comes once the process has started and loaded the match
        self.startup = time.perf_counter() - start
        self.done = 0

    def status(self) -> dict:
        self.process.stdin.write("status\n")
        self.process.stdin.flush()
        return json.loads(self.process.stdout.readline())

    def run(self, deals: int) -> float:
        lines = "".join(DEALS[i % len(DEALS)] + "\n" for i in range(self.done, self.done + deals))
        start = time.perf_counter()
        self.process.stdin.write(lines)
        status = self.status()
        elapsed = time.perf_counter() - start
        self.done += deals
        assert status["deals_played"] == self.done, status
        return elapsed

    def close(self) -> None:
        self.process.stdin.close()
        assert self.process.wait() == 0, self.errors.read_text()


def measure(folder: Path, deals: int, chunk: int) -> tuple[float, float, float]:
    """Seconds per deal for the floor and for play, in alternate chunks so both meet the same disk; and play's start-up."""
    bare, play = Floor(folder), Play(folder)
    floor_time = play_time = 0.0
    while play.done < deals:
        size = min(chunk, deals - play.done)
        floor_time += bare.run(size)
        play_time += play.run(size)
    play.close()
    return floor_time / deals, play_time / deals, play.startup


def profile(folder: Path, deals: int) -> None:
    """The same lines in-process under cProfile, to see where a deal's time goes."""
    import cProfile
    import pstats

    from scorepad.app.table import TableSession
    from scorepad.cli.play import _Pipe
    from scorepad.store.db import Store

    db = folder / "profile.db"
    new_match(db)
    session = TableSession(Store(f"sqlite:///{db}"), None)
    lines = [DEALS[i % len(DEALS)] for i in range(deals)]
    profiler = cProfile.Profile()
    profiler.runcall(_Pipe(session, lines, False, True).run)
    pstats.Stats(profiler).sort_stats("tottime").print_stats(25)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--deals", type=int, default=3000)
    parser.add_argument("--chunk", type=int, default=250, help="deals per turn of the floor and of play")
    parser.add_argument("--dir", type=Path, default=None, help="where to put the stores (default: a temporary folder)")
    parser.add_argument("--profile", action="store_true", help="also profile the deals in-process with cProfile")
    args = parser.parse_args()
    folder = Path(tempfile.mkdtemp(prefix="scorepad-bench-", dir=args.dir))
    try:
        bare, net, startup = measure(folder, args.deals, args.chunk)
        gross = net + startup / args.deals
        print(f"{args.deals} deals in turns of {args.chunk}, play and the floor alternating, in {folder}")
        print(f"  floor, one durable sqlite3 commit per deal  {bare * 1e6:7.0f} us/deal")
        print(f"  scorepad play from a pipe                   {net * 1e6:7.0f} us/deal  {net / bare:5.2f}x the floor")
        print(
            f"  ... with its start-up ({startup * 1e3:.0f} ms) shared out  {gross * 1e6:7.0f} us/deal  {gross / bare:5.2f}x"
        )
        print(f"  play's own summary: {(folder / 'play.err').read_text().strip()}")
        if args.profile:
            profile(folder, args.deals)
    finally:
        shutil.rmtree(folder, ignore_errors=True)


if __name__ == "__main__":
    main()
