"""A new store is built aside (``.NAME.scorepad-HOST-PID-RANDOM.new``): a stopped build leaves nothing for long.

``import`` into a store that does not exist yet builds it whole, in one
transaction, under that name. SIGTERM and SIGHUP remove it (and SQLite's
``-wal`` and ``-shm`` beside it) before the process ends of the signal; what
SIGKILL leaves, the next command that makes the store removes, under the rule
exports follow: scorepad's own name, its own user, its process gone.
"""

from __future__ import annotations

import os
import signal
import subprocess
from pathlib import Path

import pytest

from scorepad.store import tempfiles

from .bench_export import build_store
from .processes import SCOREPAD, environment, stopped
from .test_export_files import GONE, scorepads


@pytest.fixture(scope="module")
def backup(tmp_path_factory) -> Path:
    """A backup of a few matches: an import is stopped where it is held, however long it would take."""
    folder = tmp_path_factory.mktemp("backup")
    build_store(folder / "club.db", 50)
    path = folder / "club.json"
    done = subprocess.run(
        [*SCOREPAD, "export", "--all", "--format", "json", "--out", str(path)],
        env=environment(str(folder / "club.db")),
        capture_output=True,
        text=True,
    )
    assert done.returncode == 0, done.stderr
    return path


def stopped_import(backup: Path, store: Path, signum: int) -> subprocess.CompletedProcess:
    """``scorepad import`` into a new store, sent ``signum`` while the store is being built: its schema made,
    the backup's matches not yet in it."""
    return stopped(["import", str(backup)], environment(str(store)), "scorepad.store.db:Store._ensure_schema", signum)


@pytest.mark.parametrize("signum", [signal.SIGTERM, signal.SIGHUP])
def test_an_import_stopped_by_a_signal_leaves_no_half_built_store(backup, tmp_path, signum):
    store = tmp_path / "club" / "k2.db"
    done = stopped_import(backup, store, signum)
    assert (done.returncode, done.stdout, done.stderr) == (-signum, "", "")  # ended by the signal, as if never caught
    assert not (tmp_path / "club").exists()  # nor the folder made for it


def test_the_next_import_removes_what_a_killed_one_left(backup, tmp_path):
    store = tmp_path / "k2.db"
    assert stopped_import(backup, store, signal.SIGKILL).returncode == -signal.SIGKILL
    left = os.listdir(tmp_path)  # SIGKILL cannot be caught: the store as it was, with its -wal (and -shm)
    assert {name.rsplit(".new", 1)[1] for name in left} >= {"", "-wal"}, left
    done = subprocess.run([*SCOREPAD, "import", str(backup)], env=environment(str(store)), capture_output=True)
    assert done.returncode == 0, done.stderr
    assert os.listdir(tmp_path) == ["k2.db"]


def test_a_new_store_removes_only_its_own_leftovers(cli, tmp_path, monkeypatch):
    folder = tmp_path / "club"
    folder.mkdir()
    monkeypatch.setenv("SCOREPAD_DB", str(folder / "k2.db"))
    left = [scorepads("k2.db", GONE, kind="new") + side for side in ("", "-wal", "-shm", "-journal")]
    kept = [
        ".k2.db.c4734a18106f.new",  # as an older scorepad named it: no process to ask
        scorepads("k2.db", os.getpid(), kind="new"),  # another `new` building this store right now
        scorepads("k2.db", GONE, host="another-machine", kind="new"),
        scorepads("k3.db", GONE, kind="new"),  # another store's
        scorepads("k2.db", GONE),  # an export's, of a file called k2.db
        "notes.new",
    ]
    for name in [*left, *kept]:
        (folder / name).write_bytes(b"half a store")
    cli("new", "--players", "Ann,Bob,Cat")
    assert sorted(os.listdir(folder)) == sorted(["k2.db", *kept])


def test_a_new_store_is_named_as_only_scorepad_names(tmp_path):
    name = tempfiles.temporary_for(tmp_path / "k2.db", tempfiles.Kind.STORE).name
    found = tempfiles.NAME.fullmatch(name)
    assert found is not None and (found["target"], found["kind"]) == ("k2.db", "new")
