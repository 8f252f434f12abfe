"""The files export and report write: where they go, who may read them, and nothing left behind.

The club secretary backs up into a folder, is the only one who can read the
backup, and an export killed half-way leaves no hidden temporary file to
pile up in that folder.
"""

from __future__ import annotations

import os
import signal
import stat
import subprocess
import time
from contextlib import contextmanager
from pathlib import Path

import pytest
from freezegun import freeze_time

from scorepad.app.tempfiles import ORPHANED_AFTER_S, STALE_AFTER_S
from scorepad.store.location import default_path

from .bench_export import build_store


def mode(path) -> int:
    return stat.S_IMODE(os.stat(path).st_mode)


@contextmanager
def umask(value: int):
    previous = os.umask(value)
    try:
        yield
    finally:
        os.umask(previous)


@pytest.fixture(autouse=True)
def in_tmp(tmp_path, monkeypatch):
    """Exports go under exports/ in the current folder: make that a fresh one."""
    monkeypatch.chdir(tmp_path)


@pytest.fixture
def played(cli):
    cli("new", "--players", "Ann,Bob,Cat", "--deals", "3")
    cli("deal", "Ann=10", "Bob=10", "Cat=23")


# Modes.


@pytest.mark.parametrize("mask", [0o022, 0o000])
def test_exports_backups_and_reports_are_for_their_owner_only(cli, played, tmp_path, mask):
    with umask(mask):
        written = [
            cli("export").stdout.strip(),
            cli("export", "--format", "json").stdout.strip(),
            cli("report").stdout.strip(),
        ]
        replaced = tmp_path / "shared.csv"
        replaced.write_text("an older export, readable by all")
        replaced.chmod(0o644)
        cli("export", "--out", replaced, "--force")
    assert mode("exports") == 0o700
    assert [mode(path) for path in [*written, replaced]] == [0o600] * 4
    assert written[1].endswith(".json") and written[2].endswith("-report.html")


def test_the_default_stores_folders_are_for_the_owner_only_under_any_umask(cli, tmp_path, monkeypatch):
    monkeypatch.delenv("SCOREPAD_DB")
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path / "a" / "b" / "data"))
    monkeypatch.setenv("HOME", str(tmp_path / "home"))
    path = default_path()
    if tmp_path not in path.parents:  # never touch the real user's store
        pytest.skip(f"the user data folder here does not follow XDG_DATA_HOME: {path}")
    with umask(0o000):
        cli.refused("status", says="there is no match yet")
        assert not path.parent.exists()  # a command that writes nothing makes no store folder
        cli("new", "--players", "Ann,Bob,Cat")
    folders = [tmp_path / "a", tmp_path / "a" / "b", tmp_path / "a" / "b" / "data", path.parent]
    assert [oct(mode(folder)) for folder in folders] == [oct(0o700)] * 4
    assert mode(path) == 0o600


# --out naming a folder.


@pytest.mark.parametrize("slash", ["", "/"])
def test_out_naming_a_folder_puts_the_file_there_under_its_default_name(cli, played, tmp_path, slash):
    (tmp_path / "backups").mkdir()
    with freeze_time("2026-11-29 20:15:03"):
        first = cli("export", "--out", f"backups{slash}").stdout.strip()
        second = cli("export", "--out", f"backups{slash}", "--force").stdout.strip()  # a new name all the same
        json = cli("export", "--all", "--format", "json", "--out", f"backups{slash}").stdout.strip()
        report = cli("report", "--out", f"backups{slash}").stdout.strip()
        default = cli("export").stdout.strip()  # exports/ is still a folder
    assert sorted(os.listdir("backups")) == [
        "all-20261129T201503Z.json",
        "match-1-20261129T201503Z-2.csv",
        "match-1-20261129T201503Z.csv",
        "match-1-report.html",
    ]
    assert [first, second, json, report] == [
        os.path.join("backups", name)
        for name in (
            "match-1-20261129T201503Z.csv",
            "match-1-20261129T201503Z-2.csv",
            "all-20261129T201503Z.json",
            "match-1-report.html",
        )
    ]
    assert default == os.path.join("exports", "match-1-20261129T201503Z.csv")
    assert Path(first).read_bytes() == Path(second).read_bytes() == Path(default).read_bytes()


def test_out_ending_in_a_slash_is_a_folder_even_when_missing(cli, played, tmp_path):
    cli.refused("export", "--out", "exports/", says="there is no folder exports")
    cli.refused("report", "--out", "nowhere/", says="there is no folder nowhere")
    cli.refused("export", "--out", "", says="--out is empty")
    assert os.listdir(tmp_path) == ["scorepad.db"]  # no file named exports, nor anything else
    cli("export")
    assert cli("export", "--out", "exports/").stdout.strip().startswith(os.path.join("exports", "match-1-"))
    assert len(os.listdir("exports")) == 2


# Temporary files.


def test_stale_temporary_files_are_removed_by_the_next_export(cli, played, tmp_path):
    folder = tmp_path / "exports"
    folder.mkdir()
    gone = 4_194_305  # above the kernel's highest process number (2**22): never a live process
    alive = os.getpid()
    now = time.time()
    ages = {
        # scorepad's own, and stale: their process is gone and they have not changed for a minute,
        f".all-20261129T201503Z.csv.{gone}-0123abcd.tmp": ORPHANED_AFTER_S + 5,
        # or nothing has written them for an hour, whoever made them,
        f".b.json.{alive}-e2f53955.tmp": STALE_AFTER_S + 5,
        ".b.json.e2f53955.tmp": STALE_AFTER_S + 5,  # as scorepad named them before the process number
        # kept: maybe still being written, here or by another machine sharing the folder,
        f".c.csv.{gone}-89abcdef.tmp": ORPHANED_AFTER_S - 30,
        f".d.csv.{alive}-89abcdef.tmp": STALE_AFTER_S - 60,
        ".e.json.e2f53955.tmp": STALE_AFTER_S - 60,
        # kept: not scorepad's,
        ".notes.tmp": STALE_AFTER_S * 24,
        "old.csv.e2f53955.tmp": STALE_AFTER_S * 24,
        ".f.csv.e2f5395.tmp": STALE_AFTER_S * 24,
        "friday.csv": STALE_AFTER_S * 24,
    }
    for name, age in ages.items():
        (folder / name).write_text("half an export")
        os.utime(folder / name, (now - age, now - age))
    (folder / f".g.csv.{gone}-0123abcd.tmp").mkdir()  # a folder is nobody's temporary file
    os.symlink("friday.csv", folder / f".h.csv.{gone}-0123abcd.tmp")
    written = Path(cli("export").stdout.strip())
    left = set(os.listdir(folder)) - {written.name}
    assert left == set(list(ages)[3:]) | {f".g.csv.{gone}-0123abcd.tmp", f".h.csv.{gone}-0123abcd.tmp"}
    other = tmp_path / "elsewhere"
    other.mkdir()
    (other / ".b.json.e2f53955.tmp").write_text("x")
    os.utime(other / ".b.json.e2f53955.tmp", (now - 2 * STALE_AFTER_S,) * 2)
    cli("export", "--out", other / "x.csv")  # the folder written to is cleaned, and only that one
    assert os.listdir(other) == ["x.csv"]
    assert set(os.listdir(folder)) - {written.name} == left


@pytest.fixture(scope="module")
def big_store(tmp_path_factory) -> Path:
    """A store whose CSV export takes a few tenths of a second to write: time to stop it half-way."""
    path = tmp_path_factory.mktemp("big") / "club.db"
    build_store(path, 5000)
    return path


@pytest.mark.parametrize(
    "signum, code, says",
    [
        (signal.SIGTERM, -signal.SIGTERM, ""),  # ended by the signal, as if never caught
        (signal.SIGINT, 130, "scorepad: interrupted; nothing more was written\n"),  # Ctrl-C
    ],
)
def test_an_export_stopped_half_way_leaves_no_file_behind(big_store, tmp_path, signum, code, says):
    out = tmp_path / "out"
    out.mkdir()
    export = subprocess.Popen(
        ["scorepad", "--db", str(big_store), "export", "--all", "--out", str(out / "all.csv")],
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
    )
    try:
        deadline = time.monotonic() + 60
        while not any(name.endswith(".tmp") for name in os.listdir(out)):
            assert export.poll() is None, "the export ended before it could be stopped: make the store bigger"
            assert time.monotonic() < deadline
            time.sleep(0.001)
        export.send_signal(signum)
        stdout, stderr = export.communicate(timeout=60)
    finally:
        export.kill()
    assert (export.returncode, stdout, stderr) == (code, "", says)
    assert os.listdir(out) == []
