"""What the benchmarks share: timing whole processes against a floor, and big stores made fast.

Every figure is a ratio to a floor measured in the same run, the two timed in
turn (A B A B ...) so that a machine slowing down mid-run slows both.
"""

from __future__ import annotations

import os
import random
import statistics
import subprocess
import sys
import time
import uuid
from dataclasses import dataclass
from pathlib import Path

_HERE = Path(__file__).resolve().parent.parent  #: the checkout whose code is measured
_SCRIPT = Path(sys.executable).parent / "scorepad"


def _script_runs_this_checkout() -> bool:
    """Whether the installed console script runs this checkout's code: its package is this checkout's (installed
    editable) or a copy with the same source files, not an older version installed once."""
    if not _SCRIPT.exists():
        return False
    where = subprocess.run(
        [sys.executable, "-c", "import scorepad; print(scorepad.__file__)"],
        cwd="/", capture_output=True, text=True, check=False,
    ).stdout.strip()  # fmt: skip
    if not where:
        return False
    installed, mine = Path(where).resolve().parent, _HERE / "scorepad"
    return installed == mine or _sources(installed) == _sources(mine)


def _sources(package: Path) -> dict[str, bytes]:
    return {str(path.relative_to(package)): path.read_bytes() for path in package.rglob("*.py")}


# The console script, as people run it; python -m scorepad where it is not installed from this checkout, so that
# a figure never times another version (one refusing this checkout's newer store in a blink).
SCOREPAD = [str(_SCRIPT)] if _script_runs_this_checkout() else [sys.executable, "-m", "scorepad"]
PYTHON = [sys.executable]


@dataclass
class Figure:
    name: str
    seconds: float  #: median of the measured command
    floor: float  #: median of the floor
    budget: float | None = None  #: the largest ratio allowed, if any

    @property
    def ratio(self) -> float:
        return self.seconds / self.floor

    @property
    def within(self) -> bool:
        return self.budget is None or self.ratio <= self.budget

    def line(self) -> str:
        budget = f"(budget {self.budget:g}x: {'ok' if self.within else 'OVER'})" if self.budget else ""
        return f"{self.name:<58} {self.seconds * 1000:9.1f} ms  floor {self.floor * 1000:9.1f} ms  {self.ratio:5.2f}x {budget}"


def run_once(command: list[str], env: dict | None = None, stdin: bytes | None = None, expect: int = 0) -> float:
    """The wall time of one run of ``command``, which must end as ``expect``ed: another end timed (a command that
    failed at once) would be a figure of nothing."""
    start = time.perf_counter()
    done = subprocess.run(command, env=env, input=stdin, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, check=False)
    seconds = time.perf_counter() - start
    if done.returncode != expect:
        raise SystemExit(f"bench: {' '.join(command)} failed ({done.returncode}): {done.stderr.decode()[-500:]}")
    return seconds


def compare(
    name: str,
    command: list[str],
    floor: list[str],
    runs: int = 7,
    budget: float | None = None,
    env: dict | None = None,
    stdin: bytes | None = None,
    expect: int = 0,
) -> Figure:
    """Median wall time of ``command`` and of ``floor``, run in turn after one warm-up each; ``command`` exits
    ``expect`` (1 where it is to refuse its input), the floor 0."""
    run_once(command, env, stdin, expect)
    run_once(floor, env, stdin)
    mine, base = [], []
    for _ in range(runs):
        mine.append(run_once(command, env, stdin, expect))
        base.append(run_once(floor, env, stdin))
    return Figure(name, statistics.median(mine), statistics.median(base), budget)


def peak_memory(command: list[str], env: dict | None = None) -> float:
    """The most memory ``command`` held at once, in MB: its maximum resident set, as the system counted it."""
    process = subprocess.Popen(command, env=env, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    _, status, usage = os.wait4(process.pid, 0)
    process.returncode = os.waitstatus_to_exitcode(status)  # reaped here: Popen must not wait for it again
    return usage.ru_maxrss / 1024  # kilobytes on Linux


def env_for(store: Path | str) -> dict:
    env = dict(os.environ, SCOREPAD_DB=str(store))
    env.pop("SCOREPAD_DEBUG", None)
    return env


def build_store(path: Path, deals: int, players: int = 4, matches: int = 1, seed: int = 7) -> Path:
    """A real store (made by scorepad's own migrations) holding ``matches`` matches of ``deals`` deals each.

    The rows are written in bulk, but each deal is a real one: every penalty
    card goes to a random player, and the match state is folded as it goes.
    """
    from sqlalchemy import insert

    from scorepad.core.match import Entry, EntryKind, Format, FormatKind, MatchState, Settings
    from scorepad.core.rules import RuleSet
    from scorepad.core.scoring import Outcome
    from scorepad.store import matches as stored
    from scorepad.store.db import Store
    from scorepad.store.encoding import entry_columns

    rnd = random.Random(seed)
    store = Store(f"sqlite:///{path}")
    rules = RuleSet.build()
    names = tuple(["Ann", "Bob", "Cat", "Dan", "Eve", "Fay"][:players])
    values = [rules.points(c) for c in rules.scoring_cards(players)]
    stamp = "2026-11-29T20:00:00+00:00"
    with store.write(create=True) as conn:
        for m in range(matches):
            settings = Settings(names, rules, Format(FormatKind.OVER, 10**9))
            match_id = stored.create(conn, settings, f"bench {m + 1}", uuid.uuid4().hex, None)
            state = MatchState.start(settings)
            rows = []
            for position in range(1, deals + 1):
                deal = state.next
                scores = dict.fromkeys(range(players), 0)
                for value in values:
                    scores[rnd.randrange(players)] += value
                entry = Entry(EntryKind.DEAL, Outcome(scores))
                state = state.apply(entry)
                row = {"match_id": match_id, "position": position, "number": deal.number, "dealer": deal.dealer}
                rows.append(row | {"recorded_at": stamp, "state": "standing"} | entry_columns(entry))
                if len(rows) == 20_000:
                    conn.execute(insert(stored.E), rows)
                    rows = []
            if rows:
                conn.execute(insert(stored.E), rows)
            stored.summarise(conn, match_id, state)
    store.close()
    return path
