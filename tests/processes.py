"""Running real ``scorepad`` processes, for the tests where several run at once or get killed."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from typing import IO, Any

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


#: ``scorepad`` as a process runs it, with the function ``HOLD_AT`` names (``module:Class.function``) made, the
#: first time it returns, to say so on the file descriptor ``REPORT_FD`` and then to wait until its standard input
#: ends (or a signal ends the wait).
HELD = """
import importlib, os, sys
module, _, name = os.environ["HOLD_AT"].partition(":")
owner = importlib.import_module(module)
*path, attribute = name.split(".")
for part in path:
    owner = getattr(owner, part)
function = getattr(owner, attribute)
report = os.fdopen(int(os.environ["REPORT_FD"]), "w", buffering=1)
def held(*args, **kwargs):
    result = function(*args, **kwargs)
    setattr(owner, attribute, function)
    report.write("held\\n")
    report.close()
    os.read(0, 1)
    return result
setattr(owner, attribute, held)
from scorepad.cli.main import run
sys.argv = ["scorepad", *sys.argv[1:]]
run()
"""


def start_held(args: list[str], env: dict[str, str], at: str, **options: Any) -> tuple[subprocess.Popen, IO[str]]:
    """Start ``scorepad`` with ``args``, to be held when the function ``at`` first returns; and the stream on which it
    says ``held`` then. It goes on when its standard input ends (``communicate`` ends it). ``options`` are ``Popen``'s."""
    read, write = os.pipe()
    started = subprocess.Popen(
        [sys.executable, "-c", HELD, *args],
        env=env | {"HOLD_AT": at, "REPORT_FD": str(write)},
        pass_fds=(write,),
        stdin=subprocess.PIPE,
        **options,
    )
    os.close(write)
    return started, os.fdopen(read, encoding="utf-8")


def stopped(args: list[str], env: dict[str, str], at: str, signum: int) -> subprocess.CompletedProcess:
    """Run ``scorepad`` with ``args`` and send it ``signum`` once the function ``at`` has returned: to stop a
    command half-way. The command waits there until the signal comes, so the moment is the same on a busy machine."""
    started, report = start_held(args, env, at, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    try:
        with report:
            assert report.readline() == "held\n", "the command ended before it got there"
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
