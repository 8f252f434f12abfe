"""Benchmark: ``scorepad history --json`` of a match of 100,000 deals, against the floor.

Run as ``python -m tests.bench_history [DEALS]``. It builds a store of one
match (``benchtools.build_store``: four players, real deals) and times, each
as a fresh process, the median of five runs taken in turns:

- the floor: the same JSON, written by the shortest road: one ``sqlite3``
  query of the entries that stand, the running totals summed as it goes, and
  ``json.dumps`` of the whole document to stdout;
- ``scorepad history --json``, its output to a pipe as a script reads it;

and then ``history`` as text for people against ``history --json`` (budget 3x),
with the most memory each held.

Both outputs must be identical, byte for byte. Not collected by pytest (the
name does not start with ``test_``): it takes a while.
"""

from __future__ import annotations

import json
import sqlite3
import subprocess
import sys
import tempfile
import time
from pathlib import Path

from .benchtools import PYTHON, SCOREPAD, build_store, compare, env_for, peak_memory


def floor(db: str) -> None:
    """The history of the latest match as JSON, from the rows themselves; what scorepad must print."""
    conn = sqlite3.connect(db)
    (match_id,) = conn.execute("SELECT id FROM match ORDER BY touched DESC, id DESC LIMIT 1").fetchone()
    names = [n for (n,) in conn.execute("SELECT name FROM seat WHERE match_id = ? ORDER BY position", (match_id,))]
    totals = dict.fromkeys(names, 0)
    deals = []
    query = (
        "SELECT number, kind, dealer, scores, renege, recorded_at, replaces IS NOT NULL FROM entry"
        " WHERE match_id = ? AND state = 'standing' ORDER BY position"
    )
    for number, kind, dealer, scores, renege, recorded_at, corrected in conn.execute(query, (match_id,)):
        points = {names[int(seat)]: p for seat, p in json.loads(scores).items()}
        if kind == "deal":  # a tie-break deal decides the tie, not the totals
            for name, p in points.items():
                totals[name] += p
        deals.append(
            {
                "number": number,
                "kind": kind,
                "dealer": names[dealer],
                "scores": points,
                "renege": names[renege] if renege is not None else None,
                "totals": dict(totals),
                "recorded_at": recorded_at,
                "corrected": bool(corrected),  # a fix replaced the entry first written for this deal
            }
        )
    # No seat changes: build_store's matches keep their players, so nobody is a substitute.
    document = {"match": match_id, "deals": deals, "substitutes": []}
    sys.stdout.write(json.dumps(document, ensure_ascii=False) + "\n")


def main(deals: int = 100_000) -> None:
    with tempfile.TemporaryDirectory() as folder:
        db = Path(folder, "history.db")
        start = time.perf_counter()
        build_store(db, deals)
        print(f"built a store of one match of {deals:,} deals in {time.perf_counter() - start:.1f} s")
        env = env_for(db)
        mine = subprocess.run([*SCOREPAD, "history", "--json"], env=env, capture_output=True, check=True).stdout
        base = subprocess.run([*PYTHON, "-m", "tests.bench_history", "--floor", str(db)], env=env,
                              capture_output=True, check=True).stdout  # fmt: skip
        assert mine == base, "the two outputs differ"
        print(f"{len(base) / 1e6:.1f} MB of JSON, identical")
        figure = compare(
            "history --json",
            [*SCOREPAD, "history", "--json"],
            [*PYTHON, "-m", "tests.bench_history", "--floor", str(db)],
            runs=5,
            env=env,
        )
        print(f"floor (sqlite3 + json):  {figure.floor:.2f} s (median of 5)")
        print(f"scorepad history --json: {figure.seconds:.2f} s")
        print(f"ratio: {figure.ratio:.2f}x")
        text, as_json = [*SCOREPAD, "history", "--no-pager"], [*SCOREPAD, "history", "--json"]
        shown = compare("history as text", text, as_json, runs=3, env=env)
        print(f"scorepad history (text): {shown.seconds:.2f} s, {shown.ratio:.2f}x --json (budget 3x)")
        print(f"peak memory: {peak_memory(text, env):.0f} MB as text, {peak_memory(as_json, env):.0f} MB as JSON")


if __name__ == "__main__":
    if sys.argv[1:2] == ["--floor"]:
        floor(sys.argv[2])
    else:
        main(int(sys.argv[1]) if len(sys.argv) > 1 else 100_000)
