"""How fast ``scorepad audit --json`` checks a folder of deal records, against a process that only reads them.

Run from the repository: ``python -m tests.bench_audit [--records 2000] [--repeat 5] [--dir PATH] [--profile]``.
Not collected by pytest (no ``test_`` prefix).

The records are random complete deals from tests/dealgen.py, 3 to 6 players
(``--decks 2``: 6 to 10 players with two decks, full of cancelled cards),
under every preset, written as people type them: a third with every hand and
name, a third with names only, a third bare cards. The floor is a process that
imports typer and rich and reads the same files and splits them into lines:
what any Python command over these files pays before looking at a card.
Both run in the same session over the same files, alternately, and the
medians are compared: wall-clock time, as asked of the command, and the
processes' CPU time, which stays meaningful on a machine busy with other work.
"""

from __future__ import annotations

import argparse
import random
import resource
import statistics
import subprocess
import sys
import tempfile
import time
from dataclasses import replace
from pathlib import Path

from scorepad.app.inputs import MiB
from scorepad.core.record import write_record
from scorepad.core.rules import RuleSet
from tests.dealgen import RULE_SETS, TWO_DECK_RULE_SETS, random_deal, without_hands, without_names

SCOREPAD = Path(sys.executable).parent / "scorepad"
FLOOR = """\
import sys, typer, rich
for path in sys.argv[1:]:
    with open(path, encoding="utf-8") as file:
        file.read().splitlines()
"""


def write_records(folder: Path, count: int, seed: int = 2026, decks: int = 1, size: int | None = None) -> list[str]:
    """``count`` records in ``folder``, or as many as make ``size`` bytes."""
    rng = random.Random(seed)
    low, high, rule_sets = (6, 10, TWO_DECK_RULE_SETS) if decks == 2 else (3, 6, RULE_SETS)
    paths: list[str] = []
    written = 0
    for n in range(count):
        if size is not None and written >= size:
            break
        record, _ = random_deal(rng.randint(low, high), rng.choice(rule_sets), rng)
        if n % 3:
            record = without_hands(record)
        if n % 3 == 2:
            record = without_names(record)
        path = folder / f"{n:04}.txt"
        written += path.write_bytes(write_record(record, ascii=rng.random() < 0.5).encode("utf-8"))
        paths.append(str(path))
    return paths


def write_hostile(path: Path, size: int = MiB - 1024) -> str:
    """The long record of issue 27, just under the bound of a record: a legal deal of four, its
    tricks written with names over and over, far more of them than its deck makes."""
    record, _ = random_deal(4, RuleSet.build(), random.Random(5))
    lines = write_record(replace(without_hands(record), tricks=())).splitlines()
    tricks = [write_record(replace(record, tricks=(replace(t, number=None),))).splitlines()[-1] for t in record.tricks]
    text = "\n".join(lines) + "\n"
    while len(text.encode("utf-8")) < size - 100:
        text += "\n".join(tricks) + "\n"
    path.write_text(text, encoding="utf-8")
    return str(path)


def seconds(command: list[str]) -> tuple[float, float]:
    """Wall-clock and CPU seconds (user and system) of one run of the command."""
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    start = time.perf_counter()
    done = subprocess.run(command, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, text=True)
    elapsed = time.perf_counter() - start
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    assert done.returncode == 0, done.stderr[-2000:]
    return elapsed, (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)


def profile(paths: list[str]) -> None:
    command = [sys.executable, "-m", "cProfile", "-s", "cumtime", "-m", "scorepad", "audit", "--json", *paths]
    output = subprocess.run(command, capture_output=True, text=True).stdout
    # The report JSON comes first; the profile starts at its header line.
    print("\n".join(output[output.index("   Ordered by") :].splitlines()[:45]))


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--records", type=int, default=2000)
    parser.add_argument("--repeat", type=int, default=5)
    parser.add_argument("--decks", type=int, choices=(1, 2), default=1, help="records of one deck, or of two")
    parser.add_argument("--dir", type=Path, help="write the records here (default: a temporary folder)")
    parser.add_argument("--profile", action="store_true", help="also print a cProfile of one audit run")
    args = parser.parse_args()

    with tempfile.TemporaryDirectory() as scratch:
        folder = args.dir or Path(scratch)
        folder.mkdir(parents=True, exist_ok=True)
        paths = write_records(folder, args.records, decks=args.decks)
        audit_cmd = [str(SCOREPAD), "audit", "--json", *paths]
        floor_cmd = [sys.executable, "-c", FLOOR, *paths]
        seconds(audit_cmd)  # warm the file cache and the bytecode once
        audits, floors = [], []
        for _ in range(args.repeat):
            floors.append(seconds(floor_cmd))
            audits.append(seconds(audit_cmd))
        count = len(paths)
        print(f"{count} records, median of {args.repeat} runs each")
        for clock, index in (("wall", 0), ("cpu", 1)):
            audit_s = statistics.median(run[index] for run in audits)
            floor_s = statistics.median(run[index] for run in floors)
            print(
                f"{clock:>4}: scorepad audit --json {audit_s:.3f} s = {count / audit_s:,.0f} records/s; "
                f"floor {floor_s:.3f} s = {count / floor_s:,.0f} records/s; ratio {audit_s / floor_s:.1f}x"
            )
        if args.profile:
            profile(paths)


if __name__ == "__main__":
    main()
