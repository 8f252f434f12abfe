"""Benchmark: ``scorepad export --all`` on a store of 100,000 deals, against the floor.

Run as ``python -m tests.bench_export [DEALS]``. It builds a SQLite store with
the real schema (made by scorepad's own migrations) and fills it with bulk
inserts: classic matches of 3 to 6 players, three deals per player, scores
from random shares of the penalty cards, a misdeal or an undone entry now and
then. Then it times, each as a fresh process, the median of five runs taken in turns:

- the floor: the same CSV written by a plain ``sqlite3`` query and the csv module;
- ``scorepad export --all``.

Both files must be identical, byte for byte. Not collected by pytest (the name
does not start with ``test_``): it takes a while.
"""

from __future__ import annotations

import csv
import json
import random
import sqlite3
import sys
import tempfile
import time
import uuid
from pathlib import Path

from .benchtools import PYTHON, SCOREPAD, compare, run_once

COLUMNS = ("match", "match_name", "deal", "kind", "dealer", "player", "seat", "points", "total", "recorded_at")
NAMES = ("Ann", "Bob", "Cat", "Dan", "Eve", "Fay")


def build_store(path: Path, deals: int, seed: int = 7) -> int:
    """A store with at least ``deals`` scored deals; returns how many it holds."""
    from scorepad.core.rules import RuleSet
    from scorepad.store.db import Store
    from scorepad.store.location import store_location

    Store(store_location(str(path))).open(create=True).close()  # the real schema, by the real migrations
    rules = RuleSet.build()
    rnd = random.Random(seed)
    # Real shares of the scoring cards, a pool per table size, drawn from below.
    pools = {}
    for players in range(3, 7):
        cards = sorted(rules.scoring_cards(players))
        pool = []
        for _ in range(500):
            scores = [0] * players
            for c in cards:
                scores[rnd.randrange(players)] += rules.points(c)
            pool.append(json.dumps({str(s): p for s, p in enumerate(scores)}))
        pools[players] = pool

    matches, seats, entries = [], [], []
    made, match_id = 0, 0
    while made < deals:
        match_id += 1
        players = rnd.randint(3, 6)
        stamp = 1_700_000_000 + match_id * 7200
        matches.append((match_id, uuid.UUID(int=rnd.getrandbits(128)).hex, f"Club night {match_id}", json.dumps(rules.to_json()),
                        "deals", 3 * players, 0, _time(stamp), match_id, 0, 3 * players))  # fmt: skip
        seats += [(match_id, s, NAMES[s]) for s in range(players)]
        position = 0
        for number in range(1, 3 * players + 1):
            dealer = (number - 1) % players
            if rnd.random() < 0.01:  # a misdeal: the same dealer deals again
                position += 1
                entries.append((match_id, position, "misdeal", number, dealer, "{}", _time(stamp), "standing"))
            if rnd.random() < 0.01:  # an entry taken back: it stays in the trail, undone
                entries.append((match_id, position + 1, "deal", number, dealer, rnd.choice(pools[players]),
                                _time(stamp), "undone"))  # fmt: skip
            position += 1
            stamp += 300
            entries.append(
                (match_id, position, "deal", number, dealer, rnd.choice(pools[players]), _time(stamp), "standing")
            )
            made += 1
    with sqlite3.connect(path) as conn:
        conn.executemany(
            "INSERT INTO match (id, uid, name, rules, format_kind, format_value, first_dealer, created_at, touched,"
            " winner, deals_played) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)",
            matches,
        )
        conn.executemany("INSERT INTO seat (match_id, position, name) VALUES (?, ?, ?)", seats)
        conn.executemany(
            "INSERT INTO entry (match_id, position, kind, number, dealer, scores, recorded_at, state)"
            " VALUES (?, ?, ?, ?, ?, ?, ?, ?)",
            entries,
        )
    return made


def _time(stamp: int) -> str:
    return time.strftime("%Y-%m-%dT%H:%M:%S+00:00", time.gmtime(stamp))


def floor(db: str, out: str) -> None:
    """The same CSV by the shortest road: one sqlite3 query per table and csv.writer."""

    def escape(text: str) -> str:
        return "'" + text if text.startswith(("=", "+", "-", "@", "\t", "\r", "'")) else text

    conn = sqlite3.connect(db)
    titles = {i: escape(n or "") for i, n in conn.execute("SELECT id, name FROM match")}
    names: dict[int, list[str]] = {}
    for match_id, name in conn.execute("SELECT match_id, name FROM seat ORDER BY match_id, position"):
        names.setdefault(match_id, []).append(escape(name))
    query = (
        "SELECT match_id, kind, number, dealer, scores, recorded_at FROM entry"
        " WHERE state = 'standing' ORDER BY match_id, position"
    )
    with open(out, "w", encoding="utf-8", newline="") as stream:
        writer = csv.writer(stream)
        writer.writerow(COLUMNS)
        current, totals = None, []
        for match_id, kind, number, dealer, scores, at in conn.execute(query):
            if match_id != current:
                current, totals = match_id, [0] * len(names[match_id])
            if kind == "misdeal":
                continue
            who = names[match_id]
            for seat, points in sorted((int(s), p) for s, p in json.loads(scores).items()):
                if kind == "deal":
                    totals[seat] += points
                writer.writerow((match_id, titles[match_id], number, kind, who[dealer], who[seat], seat + 1,
                                 points, totals[seat], at))  # fmt: skip


def main(deals: int = 100_000) -> None:
    with tempfile.TemporaryDirectory() as folder:
        db = Path(folder, "club.db")
        start = time.perf_counter()
        made = build_store(db, deals)
        size = sum(f.stat().st_size for f in db.parent.glob("club.db*")) / 1e6  # with the WAL file
        print(f"built a store of {made:,} deals in {time.perf_counter() - start:.1f} s ({size:.0f} MB)")
        floor_csv, scorepad_csv = Path(folder, "floor.csv"), Path(folder, "scorepad.csv")
        export = [*SCOREPAD, "--db", str(db), "export", "--force", "--out"]
        figure = compare(
            "export --all", [*export, str(scorepad_csv), "--all"],
            [*PYTHON, "-m", "tests.bench_export", "--floor", str(db), str(floor_csv)], runs=5,
        )  # fmt: skip
        start_s = run_once([*export, str(Path(folder, "one.csv")), "-m", "1"])  # the fixed cost: start, open
        assert floor_csv.read_bytes() == scorepad_csv.read_bytes(), "the two exports differ"
        rows = floor_csv.read_bytes().count(b"\n") - 1
        print(f"{rows:,} rows, {floor_csv.stat().st_size / 1e6:.1f} MB, identical")
        print(f"floor (sqlite3 + csv):  {figure.floor:.2f} s (median of 5)")
        print(f"scorepad export --all:  {figure.seconds:.2f} s   (exporting one match: {start_s:.2f} s)")
        print(f"ratio: {figure.ratio:.2f}x")


if __name__ == "__main__":
    if sys.argv[1:2] == ["--floor"]:
        floor(sys.argv[2], sys.argv[3])
    else:
        main(int(sys.argv[1]) if len(sys.argv) > 1 else 100_000)
