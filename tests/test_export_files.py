"""The files export and report write: where they go, who may read them, and nothing left behind.

The club secretary backs up into a folder, is the only one who can read the
backup, and an export killed half-way leaves no hidden temporary file to
pile up in that folder.
"""

from __future__ import annotations

import os
import select
import signal
import sqlite3
import stat
import time
from contextlib import closing, contextmanager
from pathlib import Path

import pytest
from freezegun import freeze_time

from scorepad.store import tempfiles
from scorepad.store.db import Store
from scorepad.store.location import default_path

from .bench_export import build_store
from .processes import stopped


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
        "all-backup-20261129-2015.json",
        "match-1-long-20261129-2015-2.csv",
        "match-1-long-20261129-2015.csv",
        "match-1-report.html",
    ]
    assert [first, second, json, report] == [
        os.path.join("backups", name)
        for name in (
            "match-1-long-20261129-2015.csv",
            "match-1-long-20261129-2015-2.csv",
            "all-backup-20261129-2015.json",
            "match-1-report.html",
        )
    ]
    assert default == os.path.join("exports", "match-1-long-20261129-2015.csv")
    assert Path(first).read_bytes() == Path(second).read_bytes() == Path(default).read_bytes()


def test_out_ending_in_a_slash_is_a_folder_even_when_missing(cli, played, tmp_path):
    cli.refused("export", "--out", "exports/", says="there is no folder exports")
    cli.refused("report", "--out", "nowhere/", says="there is no folder nowhere")
    cli.refused("export", "--out", "", says="--out is empty")
    assert os.listdir(tmp_path) == ["scorepad.db"]  # no file named exports, nor anything else
    cli("export")
    assert cli("export", "--out", "exports/").stdout.strip().startswith(os.path.join("exports", "match-1-"))
    assert len(os.listdir("exports")) == 2


# --out naming what is not a regular file: a stream is written into, as the shell's > would; the rest is refused.


def test_a_pipe_is_written_into_where_it_stands_never_replaced(cli, played, tmp_path):
    os.mkfifo("pipe")
    reader = os.open("pipe", os.O_RDONLY | os.O_NONBLOCK)  # there first: opening to write does not wait
    try:
        assert cli("export", "--out", "pipe").stdout.strip() == "pipe"  # no --force: nothing is replaced
        cli("report", "--out", "pipe", "--force")
        cli("night", "new", "--players", "Ann,Bob,Cat,Dan", "--seed", "1")
        cli("night", "export", "--out", "pipe")
        written = os.read(reader, 1 << 16).decode()
    finally:
        os.close(reader)
    assert stat.S_ISFIFO(os.stat("pipe").st_mode)
    assert written.startswith("match,match_name,deal,") and "<html" in written
    assert written.endswith("round,table,match,player,seat,place,table_size,points,round_score\r\n")
    assert sorted(os.listdir(tmp_path)) == ["pipe", "scorepad.db"]  # nothing made beside it


def test_a_terminal_a_character_device_is_written_into(cli, played):
    """A pseudo-terminal stands for /dev/null: a device of this user's, which no mistake can replace."""
    terminal, device = os.openpty()
    try:
        path = os.ttyname(device)
        before = os.stat(path)
        cli("export", "--out", path, "--force")
        written = ""
        # A terminal hands its lines over a few at a time: read until the last has come, or nothing more does.
        while written.count("\n") < 4 and select.select([terminal], [], [], 30)[0]:
            written += os.read(terminal, 1 << 16).decode()
        after = os.stat(path)  # while it is open: the node goes with its last user
    finally:
        os.close(device)
        os.close(terminal)
    assert written.startswith("match,match_name,deal,")
    assert written.count("\n") == 4
    assert stat.S_ISCHR(after.st_mode) and (after.st_ino, after.st_rdev) == (before.st_ino, before.st_rdev)


def test_a_socket_is_refused_with_or_without_force(cli, played, tmp_path):
    import socket

    with socket.socket(socket.AF_UNIX) as listening:
        listening.bind("sock")
        cli.refused("export", "--out", "sock", says="sock cannot be written: --out takes a file, a folder, a pipe")
        cli.refused("report", "--out", "sock", "--force", says="sock cannot be written")
        assert stat.S_ISSOCK(os.stat("sock").st_mode)
    assert sorted(os.listdir(tmp_path)) == ["scorepad.db", "sock"]


def test_a_pipe_swapped_for_a_file_while_being_opened_is_not_written_into(cli, played, monkeypatch):
    os.mkfifo("pipe")
    opening = os.open

    def swapped(path, flags, *mode):
        if path == Path("pipe"):  # the moment between judging the pipe and opening it
            os.unlink("pipe")
            Path("pipe").write_text("a file of someone else's")
        return opening(path, flags, *mode)

    monkeypatch.setattr(os, "open", swapped)
    cli.refused(
        "export", "--out", "pipe", "--force", says="cannot write pipe: it was replaced while it was being opened"
    )
    assert Path("pipe").read_text() == "a file of someone else's"


# --out naming a file of the store in use: refused, --force or not.


@pytest.mark.parametrize("command", [["export"], ["report"], ["night", "export"]])
def test_out_never_replaces_the_store_nor_its_wal(cli, played, store_path, tmp_path, unchanged, command):
    """A CSV over the store would end the club's history; over its -wal, under a live connection,
    it would take the place of the changes SQLite has yet to copy into the store."""
    cli("night", "new", "--players", "Ann,Bob,Cat,Dan,Eve,Fay", "--seed", "1")
    listed = cli.json("matches")["matches"]
    with closing(sqlite3.connect(store_path)) as table:  # another scorepad at its table
        table.execute("SELECT count(*) FROM sqlite_master").fetchone()
        files = sorted(os.listdir(tmp_path))
        assert files == ["scorepad.db", "scorepad.db-shm", "scorepad.db-wal"]
        with unchanged():
            for out in ("scorepad.db", "scorepad.db-wal"):
                cli.refused(*command, "--out", out, "--force", says=f"{out} is a file of the store in use")
        assert sorted(os.listdir(tmp_path)) == files
    assert cli.json("matches")["matches"] == listed and len(listed) == 3


def test_a_file_of_the_store_is_told_by_where_sqlite_keeps_it_made_yet_or_not(cli, played, tmp_path):
    os.symlink(tmp_path, "here")
    os.symlink("scorepad.db", "link.db")
    for out in ("scorepad.db-wal", "scorepad.db-shm", "here/scorepad.db-journal", "link.db"):
        # Not "exists: give --force": --force is no remedy.
        cli.refused("export", "--out", out, says=f"{out} is a file of the store in use: give another --out")
    assert sorted(os.listdir(tmp_path)) == ["here", "link.db", "scorepad.db"]
    cli("export", "--out", "scorepad.csv")  # a name beside them is only a name


def test_a_store_on_a_server_has_no_files_here(store_path):
    assert Store(store_path).owns_file(store_path.with_name("scorepad.db-wal"))
    assert not Store("postgresql+psycopg://ann@localhost/club").owns_file(store_path)
    assert not Store("sqlite://").owns_file(store_path)  # in memory


# Temporary files.


#: Above the kernel's highest process number (2**22): never a live process.
GONE = 4_194_305


def scorepads(target: str, pid: int, host: str | None = None, kind: str = "tmp") -> str:
    """A temporary name as scorepad gives it, of ``target``, written by process ``pid`` of ``host`` (this machine)."""
    return f".{target}.scorepad-{host or tempfiles._host()}-{pid}-0123abcd.{kind}"


def test_the_next_export_removes_only_what_a_killed_export_left(cli, played, tmp_path):
    """Its own name, its own user, its process gone from this machine: anything else stays, however old."""
    folder = tmp_path / "exports"
    folder.mkdir()
    alive = os.getpid()
    left = scorepads("all-long-20261129-2015.csv", GONE)
    kept = [
        ".budget.20261130.tmp",  # a user's own, which the old pattern took for scorepad's
        f".editor.{alive}-abcdef12.tmp",  # another program's, its process alive
        f".editor.{GONE}-abcdef12.tmp",  # another program's: its name is not scorepad's
        ".b.json.e2f53955.tmp",  # named as an older scorepad named them: no process to ask
        f".c.csv.{GONE}-89abcdef.tmp",
        scorepads("d.csv", alive),  # being written now, by this very process
        scorepads("e.csv", GONE, host="another-machine"),  # its process may live there
        scorepads("k2.db", GONE, kind="new"),  # a half-built store: the store's to remove
        "friday.csv",
    ]
    now = time.time()
    for name in [left, *kept]:
        (folder / name).write_text("half an export")
        os.utime(folder / name, (now - 86_400, now - 86_400))  # a day: age is no reason either way
    (folder / scorepads("f.csv", GONE)).mkdir()  # a folder is nobody's temporary file
    os.symlink("friday.csv", folder / scorepads("g.csv", GONE))
    kept += [scorepads("f.csv", GONE), scorepads("g.csv", GONE)]
    written = Path(cli("export").stdout.strip())
    assert set(os.listdir(folder)) == {written.name, *kept}
    other = tmp_path / "elsewhere"
    other.mkdir()
    (other / left).write_text("x")
    cli("export", "--out", other / "x.csv")  # the folder written to is cleaned, and only that one
    assert os.listdir(other) == ["x.csv"]
    assert set(os.listdir(folder)) == {written.name, *kept}


def test_a_file_of_another_user_is_left_alone(cli, played, tmp_path, monkeypatch):
    folder = tmp_path / "exports"
    folder.mkdir()
    (folder / scorepads("a.csv", GONE)).write_text("half an export")
    if os.geteuid() == 0:  # root can give it away for real
        os.chown(folder / scorepads("a.csv", GONE), 65534, 65534)
    else:  # else scorepad runs as someone else
        monkeypatch.setattr(os, "getuid", lambda: os.geteuid() + 1)
    written = Path(cli("export").stdout.strip())
    assert sorted(os.listdir(folder)) == sorted([written.name, scorepads("a.csv", GONE)])


def test_a_temporary_name_is_scorepads_own(tmp_path):
    name = tempfiles.temporary_for(tmp_path / "friday.csv", tempfiles.Kind.EXPORT).name
    found = tempfiles.NAME.fullmatch(name)
    assert found is not None and name.startswith(".friday.csv.scorepad-")
    assert (found["target"], found["pid"], found["kind"]) == ("friday.csv", str(os.getpid()), "tmp")


@pytest.fixture(scope="module")
def big_store(tmp_path_factory) -> Path:
    """A store of a few matches: an export is stopped where it is held, however long it would take."""
    path = tmp_path_factory.mktemp("big") / "club.db"
    build_store(path, 50)
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
    export = stopped(  # the CSV written aside, not yet synced nor in its place
        ["--db", str(big_store), "export", "--all", "--out", str(out / "all.csv")],
        dict(os.environ),
        "scorepad.app.csv_rows:write_csv",
        signum,
    )
    assert (export.returncode, export.stdout, export.stderr) == (code, "", says)
    assert os.listdir(out) == []


def test_the_two_csv_layouts_and_the_backup_get_default_names_that_tell_them_apart(cli, tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)  # exports/ of the folder the command runs in
    cli("new", "--players", "Ann,Bob,Cat")
    cli("deal", "10", "10", "23")
    with freeze_time("2026-12-01 20:15:03"):
        made = [
            cli("export", *args).stdout.strip()
            for args in (
                ("--layout", "sheet"),
                (),
                ("--layout", "long"),
                ("--all",),
                ("--format", "json"),
                ("--all", "--format", "json"),
            )
        ]
    assert [os.path.basename(path) for path in made] == [
        "match-1-sheet-20261201-2015.csv",
        "match-1-long-20261201-2015.csv",
        "match-1-long-20261201-2015-2.csv",  # the same again within the minute: never over the first
        "all-long-20261201-2015.csv",
        "match-1-backup-20261201-2015.json",
        "all-backup-20261201-2015.json",
    ]
    assert Path(made[0]).read_text().startswith("deal,kind,dealer,")
    assert Path(made[1]).read_text().startswith("match,match_name,deal,")
