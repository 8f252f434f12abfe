"""Running real ``scorepad`` processes, for the tests where several run at once or get killed."""

from __future__ import annotations

import json
import os
import subprocess
import sys
import time
from collections.abc import Callable

SCOREPAD = [sys.executable, "-m", "scorepad"]


def environment(store: str) -> dict[str, str]:
    env = dict(os.environ, SCOREPAD_DB=str(store))
    env.pop("SCOREPAD_DEBUG", None)
    return env


def run(store: str, *args: str, check: bool = True) -> subprocess.CompletedProcess:
    result = subprocess.run([*SCOREPAD, *args], env=environment(store), capture_output=True, text=True, timeout=120)
    assert "Traceback" not in result.stderr, result.stderr
    if check:
        assert result.returncode == 0, result.stderr
    return result


def status(store: str, match: int | None = None) -> dict:
    args = ["status", "--json"] + (["--match", str(match)] if match else [])
    return json.loads(run(store, *args).stdout)


def start(store: str, *args: str) -> subprocess.Popen:
    return subprocess.Popen(
        [*SCOREPAD, *args], env=environment(store), stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True
    )


def stopped(
    args: list[str], env: dict[str, str], ready: Callable[[], bool], signum: int
) -> subprocess.CompletedProcess:
    """Run ``args`` and send it ``signum`` as soon as ``ready()`` holds: to stop a command half-way."""
    started = subprocess.Popen(args, env=env, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    try:
        deadline = time.monotonic() + 120
        while not ready():
            assert started.poll() is None, "the command ended before it could be stopped: give it more to do"
            assert time.monotonic() < deadline
            time.sleep(0.001)
        started.send_signal(signum)
        stdout, stderr = started.communicate(timeout=60)
    finally:
        started.kill()
    return subprocess.CompletedProcess(started.args, started.returncode, stdout, stderr)


def writers_at_once(store: str, count: int) -> list[subprocess.CompletedProcess]:
    """Start ``count`` deal entries on one match at the same moment; wait for all of them.

    Each writer gives a different player the 43 points, so the deals that stand
    show that every single writer got through exactly once.
    """
    players = [f"P{i}" for i in range(3)]
    run(store, "new", "--players", ",".join(players), "--deals", str(3 * count))
    procs = []
    for i in range(count):
        scores = [f"{p}={43 if j == i % 3 else 0}" for j, p in enumerate(players)]
        procs.append(start(store, "deal", *scores))
    results = []
    for proc in procs:
        out, err = proc.communicate(timeout=180)
        results.append(subprocess.CompletedProcess(proc.args, proc.returncode, out, err))
    return results
