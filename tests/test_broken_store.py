"""A broken store gets a clear one-line message and exit 1, and is left exactly as it was."""

from __future__ import annotations

import hashlib
import json
import os
import shutil
import sqlite3
import stat
import subprocess
import sys
from contextlib import closing
from pathlib import Path

import pytest
from sqlalchemy import create_engine

from scorepad.cli.main import app
from scorepad.core.errors import RuleError
from scorepad.store import matches
from scorepad.store.db import HEAD
from scorepad.store.migrate import upgrade

from .conftest import dump
from .test_record import SPEC_EXAMPLE


def digest(path: Path) -> str:
    return hashlib.sha256(path.read_bytes()).hexdigest()


def test_a_file_that_is_not_a_database(cli, store_path):
    store_path.write_bytes(b"Ann 10, Bob 13, Cat 20\n" * 40)
    before = digest(store_path)
    for command in (["status"], ["new", "--players", "Ann,Bob,Cat"], ["doctor"]):
        result = cli(*command, code=1)
        assert "not a scorepad database" in result.stderr + result.stdout
    assert digest(store_path) == before


def test_a_store_from_a_newer_scorepad(cli, store_path):
    cli("new", "--players", "Ann,Bob,Cat")
    with sqlite3.connect(store_path) as conn:
        conn.execute("UPDATE alembic_version SET version_num = '9999'")
    before = dump(store_path)
    cli.refused("deal", "Ann=43", "Bob=0", "Cat=0", says="written by a newer scorepad (schema 9999)")
    cli.refused("status", says="upgrade scorepad")
    assert dump(store_path) == before


def test_a_store_that_cannot_be_written(cli, store_path, monkeypatch):
    """SQLite's read-only open: what a store on a read-only disk or owned by someone else gives."""
    cli("new", "--players", "Ann,Bob,Cat")
    before = digest(store_path)
    monkeypatch.setenv("SCOREPAD_DB", f"sqlite:///file:{store_path}?mode=ro&uri=true")
    assert cli.json("status")["deals_played"] == 0  # reading still works
    cli.refused("deal", "Ann=43", "Bob=0", "Cat=0", says="cannot be written")
    assert digest(store_path) == before


@pytest.fixture
def small_disk(tmp_path):
    """A 1 MiB file system of its own, where mounting one is allowed (root, or a namespace)."""
    mount = tmp_path / "disk"
    mount.mkdir()
    if shutil.which("mount") is None:
        pytest.skip("no mount command: a full disk cannot be simulated here")
    made = subprocess.run(["mount", "-t", "tmpfs", "-o", "size=1m", "tmpfs", str(mount)], capture_output=True)
    if made.returncode:
        pytest.skip(f"cannot mount a small file system here: {made.stderr.decode().strip()}")
    yield mount
    subprocess.run(["umount", "--lazy", str(mount)], check=True)


def test_a_full_disk(cli, small_disk, monkeypatch):
    store = small_disk / "scorepad.db"
    monkeypatch.setenv("SCOREPAD_DB", str(store))
    cli("new", "--players", "Ann,Bob,Cat", "--until-over", "100000")
    cli("deal", "Ann=10", "Bob=10", "Cat=23")
    before = dump(store)
    with open(small_disk / "filler", "wb", buffering=0) as filler:  # take every free byte
        try:
            while True:
                filler.write(b"\0" * 4096)
        except OSError:
            pass
    untouched = digest(store)
    cli.refused("deal", "Ann=10", "Bob=10", "Cat=23", says="disk is full")
    assert digest(store) == untouched
    (small_disk / "filler").unlink()
    assert dump(store) == before
    cli("deal", "Ann=10", "Bob=10", "Cat=23")  # room again: the store carries on
    assert cli.json("status")["deals_played"] == 2


def test_play_on_a_disk_that_fills_up_says_the_write_failed_and_blames_nobody(cli, small_disk, monkeypatch):
    """A real ``play`` process, fed line by line: the disk fills between two deals, then has room again."""
    store = small_disk / "scorepad.db"
    monkeypatch.setenv("SCOREPAD_DB", str(store))
    cli("new", "--players", "Ann,Bob,Cat", "--until-over", "100000")
    play = subprocess.Popen(
        [sys.executable, "-m", "scorepad", "play", "--json"],
        stdin=subprocess.PIPE,
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
        env=dict(os.environ, SCOREPAD_DB=str(store)),
    )

    def then_status(line: str) -> dict:
        play.stdin.write(f"{line}\nstatus\n")
        play.stdin.flush()
        return json.loads(play.stdout.readline())  # the status answers once the line before is done

    try:
        assert then_status("Ann=10 Bob=10 Cat=23")["deals_played"] == 1
        with open(small_disk / "filler", "wb", buffering=0) as filler:
            try:
                while True:
                    filler.write(b"\0" * 4096)
            except OSError:
                pass
        assert then_status("Ann=13 Bob=13 Cat=17")["deals_played"] == 1
        (small_disk / "filler").unlink()
        assert then_status("undo")["deals_played"] == 0
        out, err = play.communicate("Ann=7 Bob=7 Cat=29\n", timeout=60)
    finally:
        play.kill()
        play.wait()
    assert out == ""
    assert err.splitlines() == [
        f"line 3: the write failed: {store}: the disk is full: nothing was written",
        "line 5: undone: deal 1 (Ann 10, Bob 10, Cat 23)",
        "match 1: 3 lines written, 1 refused; next: deal 2, Bob deals.",
    ]
    assert cli.json("status")["totals"] == {"Ann": 7, "Bob": 7, "Cat": 29}


def test_a_store_made_by_the_first_schema_upgrades_with_every_entry_intact(cli, store_path):
    engine = create_engine(f"sqlite:///{store_path}")
    with engine.begin() as conn:
        upgrade(conn, "0001")
        conn.exec_driver_sql(
            "INSERT INTO match (id, uid, name, rules, format_kind, format_value, first_dealer, created_at,"
            " touched, finished, deals_played) VALUES (1, 'a1', 'Old times', '{\"preset\": \"classic\"}',"
            " 'deals', 3, 1, '2025-01-02T20:00:00+00:00', 1, 0, 2)"
        )
        for seat, name in enumerate(["Ann", "Bob", "Cat"]):
            conn.exec_driver_sql(f"INSERT INTO seat VALUES (1, {seat}, '{name}')")
        for position, (dealer, scores) in enumerate(
            [(1, '{"0": 10, "1": 10, "2": 23}'), (2, '{"0": 0, "1": 43, "2": 0}')]
        ):
            conn.exec_driver_sql(
                "INSERT INTO entry (match_id, position, kind, number, dealer, scores, recorded_at, state)"
                f" VALUES (1, {position + 1}, 'deal', {position + 1}, {dealer}, '{scores}',"
                " '2025-01-02T20:1{position}:00+00:00', 'standing')"
            )
    engine.dispose()
    history = cli.json("history")
    assert [(d["dealer"], d["scores"]) for d in history["deals"]] == [
        ("Bob", {"Ann": 10, "Bob": 10, "Cat": 23}),
        ("Cat", {"Ann": 0, "Bob": 43, "Cat": 0}),
    ]
    assert cli.json("status")["dealer"] == "Ann"
    with sqlite3.connect(store_path) as conn:
        assert conn.execute("SELECT version_num FROM alembic_version").fetchone() == (HEAD,)


def test_doctor_says_what_is_wrong(cli, store_path):
    cli("new", "--players", "Ann,Bob,Cat")
    cli("deal", "Ann=10", "Bob=10", "Cat=23")
    assert cli.json("doctor")["ok"] is True
    with sqlite3.connect(store_path) as conn:  # someone edits the store by hand
        conn.execute("""UPDATE entry SET scores = '{"0": 6, "1": 6, "2": 31}'""")
        conn.execute("PRAGMA foreign_keys = OFF")
        conn.execute("INSERT INTO seat VALUES (99, 0, 'Ghost')")
    report = cli("doctor", "--json", code=1)
    import json

    checks = {c["check"]: c for c in json.loads(report.stdout)["checks"]}
    assert not checks["foreign keys"]["ok"]
    assert checks["integrity"]["ok"]
    store_path.chmod(0o644)
    checks = {c["check"]: c for c in json.loads(cli("doctor", "--json", code=1).stdout)["checks"]}
    assert not checks["permissions"]["ok"] and "others can read" in checks["permissions"]["detail"]


def test_doctor_notices_a_snapshot_that_disagrees_with_the_entries(cli, store_path):
    cli("new", "--players", "Ann,Bob,Cat")
    cli("deal", "Ann=10", "Bob=10", "Cat=23")
    with sqlite3.connect(store_path) as conn:
        conn.execute("""UPDATE match SET state = replace(state, '"totals": [10, 10, 23]', '"totals": [0, 10, 33]')""")
    assert cli.json("status")["totals"] == {"Ann": 0, "Bob": 10, "Cat": 33}  # status trusts the snapshot...
    import json

    checks = {c["check"]: c for c in json.loads(cli("doctor", "--json", code=1).stdout)["checks"]}
    assert "summary disagrees" in checks["matches"]["detail"]  # ...and doctor folds again to check it


# --- a file that is not a scorepad store is never replaced ------------------------------------


@pytest.fixture
def club(tmp_path, monkeypatch):
    """The store in a folder of its own, so that any file scorepad leaves beside it shows."""
    folder = tmp_path / "club"
    folder.mkdir()
    path = folder / "scorepad.db"
    monkeypatch.setenv("SCOREPAD_DB", str(path))
    return path


def sqlite_bytes(tmp_path: Path, name: str, *sql: str) -> bytes:
    """The file another program's SQLite would leave after running ``sql``."""
    path = tmp_path / name
    with closing(sqlite3.connect(path)) as conn:
        for statement in sql:
            conn.execute(statement)
        conn.commit()
    return path.read_bytes()


@pytest.fixture
def whole(cli, tmp_path) -> bytes:
    """A sound store with one deal, closed: every byte of it in the file."""
    path = tmp_path / "whole.db"
    cli("--db", path, "new", "--players", "Ann,Bob,Cat")
    cli("--db", path, "deal", "Ann=10", "Bob=10", "Cat=23")
    return path.read_bytes()


def broken(kind: str, whole: bytes, tmp_path: Path) -> bytes:
    if kind == "empty":
        return b""
    if kind == "one byte":
        return whole[:1]
    if kind == "half":  # a whole number of pages: only the header's page count tells
        return whole[: len(whole) // 2 // PAGE * PAGE]
    if kind == "mid-page":
        return whole[:5000]
    if kind == "text":
        return b"Ann 10, Bob 13, Cat 20\n" * 40
    if kind == "no tables":
        return sqlite_bytes(tmp_path, "blank.db", "PRAGMA user_version = 7")
    if kind == "other":
        return sqlite_bytes(tmp_path, "other.db", "CREATE TABLE invoice (n)", "INSERT INTO invoice VALUES (1)")
    assert kind == "other in wal"
    return sqlite_bytes(tmp_path, "wal.db", "PRAGMA journal_mode = WAL", "CREATE TABLE invoice (n)")


PAGE = 4096  #: SQLite's page size, as scorepad makes its stores

BROKEN = {
    "empty": "not a scorepad database (it is empty)",
    "one byte": "not a scorepad database (it is cut short to 1 byte)",
    "half": "cut short to {half} bytes of {whole}",  # of the store's size, whatever its tables
    "mid-page": "cut short to 5000 bytes",
    "text": "not a scorepad database (it is not an SQLite database)",
    "no tables": "not a scorepad database (an SQLite database with no tables)",
    "other": "a database of another program",
    "other in wal": "a database of another program",
}


def looks(path: Path) -> tuple:
    """The file's bytes and mode, and everything in its folder."""
    return path.read_bytes(), stat.S_IMODE(path.stat().st_mode), sorted(os.listdir(path.parent))


@pytest.mark.parametrize("kind", BROKEN)
def test_a_file_that_is_no_scorepad_store_is_refused_and_never_replaced(cli, club, whole, tmp_path, kind):
    assert len(whole) % PAGE == 0 and len(whole) // PAGE > 2  # whole pages: "half" cuts between two of them
    club.write_bytes(broken(kind, whole, tmp_path))
    said = BROKEN[kind].format(half=len(whole) // 2 // PAGE * PAGE, whole=len(whole))
    club.chmod(0o640)
    before = looks(club)
    for command in (["status"], ["matches"], ["deal", "Ann=10", "Bob=10", "Cat=23"], ["new", "--players", "A,B,C"]):
        line = cli.refused(*command, says=said)
        assert str(club) in line and "leaves it alone" in line
        assert looks(club) == before
    report = cli("doctor", "--json", code=1)
    assert json.loads(report.stdout)["checks"] == [
        {"check": "opens", "ok": False, "detail": line.removeprefix("scorepad: ")}
    ]
    assert looks(club) == before


def test_every_command_refuses_an_empty_store_file(cli, club, tmp_path):
    """The store cut to nothing: reads, writes, play and doctor alike say so and leave the file as it is."""
    backup = tmp_path / "backup.json"
    cli("--db", tmp_path / "other.db", "new", "--players", "Ann,Bob,Cat")
    cli("--db", tmp_path / "other.db", "export", "--format", "json", "--out", backup)
    record = tmp_path / "deal7.txt"
    record.write_text(SPEC_EXAMPLE, encoding="utf-8")
    club.write_bytes(b"")
    club.chmod(0o640)
    before = looks(club)
    out = tmp_path / "out"
    commands = [
        ["new", "--players", "Ann,Bob,Cat"],
        ["deal", "Ann=10", "Bob=10", "Cat=23"],
        ["misdeal"],
        ["undo"],
        ["fix", "1", "Ann=10", "Bob=10", "Cat=23"],
        ["abandon"],
        ["rename", "Ann", "Anna"],
        ["status"],
        ["history"],
        ["matches"],
        ["chart"],
        ["stats"],
        ["ratings"],
        ["export", "--out", out / "m.csv"],
        ["report", "--out", out / "m.html"],
        ["import", backup],
        ["audit", record, "--match", "1", "--record"],
    ]
    for command in commands:
        cli.refused(*command, says="not a scorepad database (it is empty)")
        assert looks(club) == before, command
    piped = cli.runner.invoke(app, ["play"], input="Ann=10 Bob=10 Cat=23\n")
    assert piped.exit_code == 1 and "(it is empty)" in piped.stderr and "Traceback" not in piped.stderr
    cli("doctor", code=1)
    assert looks(club) == before
    assert not out.exists()


@pytest.mark.parametrize(
    "options, says",
    [
        (["--players", "Ann,Bob,Cat", "--first-dealer", "Zed"], "no player 'Zed'"),
        (["--players", "Ann"], "3 to 10 players"),
    ],
)
def test_a_refused_new_creates_no_file_and_no_folder(cli, tmp_path, monkeypatch, options, says):
    path = tmp_path / "club" / "winter" / "scorepad.db"
    monkeypatch.setenv("SCOREPAD_DB", str(path))
    cli.refused("new", *options, says=says)
    assert not (tmp_path / "club").exists()
    cli("new", "--players", "Ann,Bob,Cat")
    assert sorted(os.listdir(path.parent)) == ["scorepad.db"]  # built aside, then put in place
    assert cli.json("status")["deals_played"] == 0


def test_a_new_match_refused_in_a_new_store_after_its_insert_leaves_no_file_and_no_folder(cli, tmp_path, monkeypatch):
    """The store is built, its schema and the match row written, then the command is refused: nothing stays."""
    path = tmp_path / "club" / "winter" / "scorepad.db"
    monkeypatch.setenv("SCOREPAD_DB", str(path))
    real = matches.create

    def create_then_fail(conn, *args, **kwargs):
        real(conn, *args, **kwargs)
        assert not path.exists()  # built aside, under another name
        assert any(p.name.endswith(".new") for p in path.parent.iterdir())
        raise RuleError("the table changed its mind")

    monkeypatch.setattr(matches, "create", create_then_fail)
    cli.refused("new", "--players", "Ann,Bob,Cat", says="changed its mind")
    assert not (tmp_path / "club").exists()


def test_a_new_store_never_replaces_one_that_appears_meanwhile(cli, club, monkeypatch):
    """Two first ``new`` commands at once: the store made first stays, the later one is refused."""
    real = matches.create

    def another_scorepad_meanwhile(conn, *args, **kwargs):
        club.write_bytes(b"made first")
        return real(conn, *args, **kwargs)

    monkeypatch.setattr(matches, "create", another_scorepad_meanwhile)
    cli.refused("new", "--players", "Ann,Bob,Cat", says="appeared meanwhile")
    assert club.read_bytes() == b"made first"
    assert os.listdir(club.parent) == ["scorepad.db"]


# --- a store in a read-only folder ------------------------------------------------------------


@pytest.fixture
def read_only(tmp_path):
    """Make a folder read-only for real: the immutable attribute for root (who passes permission bits), else chmod."""
    frozen = []

    def freeze(folder: Path) -> None:
        if os.geteuid() == 0:
            if shutil.which("chattr") is None:
                pytest.skip("root passes permission bits, and there is no chattr for the immutable attribute")
            made = subprocess.run(["chattr", "+i", str(folder)], capture_output=True, text=True)
            if made.returncode:
                pytest.skip(f"chattr +i does not work here: {made.stderr.strip()}")
        else:
            folder.chmod(0o555)
        frozen.append(folder)
        with pytest.raises(OSError):
            (folder / "probe").touch()

    yield freeze
    for folder in frozen:
        if os.geteuid() == 0:
            subprocess.run(["chattr", "-i", str(folder)], check=True)
        else:
            folder.chmod(0o755)


def test_a_store_in_a_read_only_folder_is_read_and_a_write_names_the_folder(cli, club, read_only):
    cli("new", "--players", "Ann,Bob,Cat")
    cli("deal", "Ann=10", "Bob=10", "Cat=23")
    read_only(club.parent)
    before = looks(club)
    assert cli.json("status")["totals"] == {"Ann": 10, "Bob": 10, "Cat": 23}
    assert len(cli.json("history")["deals"]) == 1
    line = cli.refused("deal", "Ann=10", "Bob=10", "Cat=23", says="the store cannot be written")
    assert f"its folder {club.parent} is read-only" in line and "scorepad.db-wal and scorepad.db-shm" in line
    checks = {c["check"]: c for c in json.loads(cli("doctor", "--json", code=1).stdout)["checks"]}
    assert [name for name, c in checks.items() if not c["ok"]] == ["folder"]
    assert f"{club.parent} is read-only" in checks["folder"]["detail"]
    assert checks["journal"]["detail"] == "wal mode"
    assert looks(club) == before


def test_an_immutable_read_notices_a_writer_meanwhile(cli, club, read_only, monkeypatch):
    """Someone with the right to write the folder changes the file while scorepad reads it as immutable."""
    cli("new", "--players", "Ann,Bob,Cat")
    read_only(club.parent)
    real = matches.load

    def load_while_written(*args, **kwargs):
        os.utime(club, ns=(0, 0))  # what a writer's checkpoint does to the file's change time
        return real(*args, **kwargs)

    monkeypatch.setattr(matches, "load", load_while_written)
    cli.refused("status", says="changed while scorepad read it")


def test_changes_pending_in_a_read_only_folder_are_not_read_past(cli, club, read_only):
    """A writer died with its changes in the -wal: reading without them would show an old match."""
    cli("new", "--players", "Ann,Bob,Cat")
    killed = "import os, sqlite3, sys\nc = sqlite3.connect(sys.argv[1])\nc.execute(\"UPDATE match SET name = 'late'\")\nc.commit()\nos._exit(0)\n"
    subprocess.run([sys.executable, "-c", killed, str(club)], check=True)
    (club.parent / "scorepad.db-shm").unlink()
    read_only(club.parent)
    line = cli.refused("status", says="SQLite cannot open the store")
    assert f"its folder {club.parent} is read-only" in line


# --- a store edited by hand: what scorepad derives is worked out again, the rest refused ------


def edit(path: Path, sql: str) -> None:
    """Change the store by hand, as someone with the sqlite3 shell would."""
    with closing(sqlite3.connect(path)) as conn:
        conn.executescript(f"PRAGMA foreign_keys = OFF; {sql}")


def checks_of(cli, *args: str) -> dict:
    """``doctor --json``'s findings by check, from a doctor that found something wrong."""
    return {c["check"]: c for c in json.loads(cli(*args, "doctor", "--json", code=1).stdout)["checks"]}


#: What a match row keeps of its fold, damaged as the attack on the store found it, and more.
DAMAGED_SUMMARIES = {
    "not json": "UPDATE match SET state = '{not json'",
    "a list": "UPDATE match SET state = '[1,2,3]'",
    "keys missing": """UPDATE match SET state = '{"totals": [10, 10, 23], "scored": 1}'""",
    "deals played -5": "UPDATE match SET deals_played = -5",
    "deals played as text": "UPDATE match SET deals_played = 'one'",
    "a winner past the seats": "UPDATE match SET winner = 7",
    "a total missing": """UPDATE match SET state = replace(state, '"totals": [10, 10, 23]', '"totals": [10, 10]')""",
    "a tie-break of one": """UPDATE match SET state = replace(state, '"tiebreak": null', '"tiebreak": [[1], 1]')""",
}
#: What shows the fold a match row keeps: from the quick reader and from the full store alike.
SHOWING_THE_FOLD = [["status", "--json"], ["status"], ["matches", "--json"], ["rules"], ["stats"], ["ratings"]]


@pytest.mark.parametrize("damage", DAMAGED_SUMMARIES)
def test_a_summary_damaged_by_hand_is_worked_out_again_from_the_entries_and_doctor_says_so(cli, store_path, damage):
    from .test_quick_read import full_store

    cli("new", "--players", "Ann,Bob,Cat", "--until-over", "100")
    cli("deal", "Ann=10", "Bob=10", "Cat=23")
    before = [cli(*command).stdout for command in SHOWING_THE_FOLD]
    assert cli.json("doctor")["ok"]
    edit(store_path, DAMAGED_SUMMARIES[damage])
    assert [cli(*command).stdout for command in SHOWING_THE_FOLD] == before
    with full_store():
        assert [cli(*command).stdout for command in SHOWING_THE_FOLD] == before
    assert checks_of(cli)["matches"]["detail"] == "match 1: its summary disagrees with its entries"
    cli("deal", "Ann=0", "Bob=43", "Cat=0")  # the next write keeps the fold again
    assert cli.json("doctor")["ok"]
    assert cli.json("status")["totals"] == {"Ann": 10, "Bob": 53, "Cat": 23}


@pytest.mark.parametrize(
    "fmt, says",
    [
        (["--until-over", "100"], "deal 1 has scores for the wrong players"),
        (["--deals", "9"], "9 deals do not go round 4 players equally: try 12 or 16"),
    ],
)
def test_a_seat_too_many_is_refused_naming_the_match_and_nothing_is_written(cli, store_path, unchanged, fmt, says):
    cli("new", "--players", "Ann,Bob,Cat", *fmt)
    cli("deal", "Ann=10", "Bob=10", "Cat=23")
    edit(store_path, "INSERT INTO seat VALUES (1, 3, 'Ghost')")
    line = f"scorepad: match 1 is damaged in the store (players Ann, Bob, Cat, Ghost): {says}"
    with unchanged():
        for command in (
            ["status"],
            ["status", "--json"],
            ["matches"],
            ["rules"],
            ["history"],
            ["chart"],
            ["deal", "Ann=10", "Bob=10", "Cat=23"],
            ["misdeal"],
            ["abandon"],
            ["rename", "Ann", "Anna"],
        ):
            assert cli.refused(*command) == line
        piped = cli.runner.invoke(app, ["play"], input="Ann=10 Bob=10 Cat=23\n")
        assert (piped.exit_code, piped.stderr) == (1, line + "\n")
        assert "match 1" in checks_of(cli)["matches"]["detail"]


def test_rules_damaged_by_hand_are_refused_naming_the_match(cli, store_path, unchanged):
    cli("new", "--players", "Ann,Bob,Cat")
    cli("deal", "Ann=10", "Bob=10", "Cat=23")
    edit(store_path, "UPDATE match SET rules = '{oops'")
    with unchanged():
        for command in (["status"], ["matches"], ["history"], ["stats"], ["deal", "Ann=10", "Bob=10", "Cat=23"]):
            cli.refused(*command, says="match 1 is damaged in the store (players Ann, Bob, Cat): expecting")
        assert "match 1 is damaged" in checks_of(cli)["matches"]["detail"]


@pytest.mark.parametrize("blank", ["DELETE FROM alembic_version", "UPDATE alembic_version SET version_num = ''"])
def test_a_blank_schema_version_is_refused_naming_the_store_and_nothing_is_written(cli, store_path, unchanged, blank):
    cli("new", "--players", "Ann,Bob,Cat")
    edit(store_path, blank)
    line = f"scorepad: {store_path}: its schema version (table alembic_version) is blank or unclear: scorepad leaves the store alone"
    with unchanged():
        for command in (["status"], ["matches"], ["deal", "Ann=10", "Bob=10", "Cat=23"], ["new", "--players", "A,B,C"]):
            assert cli.refused(*command) == line
        assert checks_of(cli)["opens"]["detail"] == line.removeprefix("scorepad: ")


def test_a_snapshot_damaged_in_an_older_revision_is_dropped_by_the_upgrade_and_worked_out_again(cli, store_path):
    from .test_quick_read import downgrade

    cli("new", "--players", "Ann,Bob,Cat", "--until-over", "100")
    cli("deal", "Ann=10", "Bob=10", "Cat=23")
    before = cli("status", "--json").stdout
    downgrade(store_path, "0002")
    edit(store_path, "UPDATE match SET state = '{not json'")
    assert cli("status", "--json").stdout == before  # upgraded on the way
    with sqlite3.connect(store_path) as conn:
        assert conn.execute("SELECT version_num, state FROM alembic_version, match").fetchall() == [(HEAD, None)]
    assert cli.json("doctor")["ok"]  # a match with no snapshot yet: nothing disagrees


@pytest.mark.parametrize(
    "damage, says",
    [
        ("UPDATE entry SET scores = '{oops'", "expecting property name"),
        ("""UPDATE entry SET scores = '{"0": "x", "1": 10, "2": 23}'""", "scores that are not whole numbers"),
        ("UPDATE entry SET kind = 'weird'", "'weird' is not a valid EntryKind"),
    ],
)
def test_an_entry_damaged_by_hand_is_refused_naming_the_match(cli, store_path, tmp_path, unchanged, damage, says):
    cli("new", "--players", "Ann,Bob,Cat")
    cli("deal", "Ann=10", "Bob=10", "Cat=23")
    edit(store_path, damage)
    with unchanged():
        for command in (
            ["history"],
            ["deal", "Ann=10", "Bob=10", "Cat=23"],
            ["export", "--out", tmp_path / "m.csv"],
            ["export", "--format", "json", "--out", tmp_path / "m.json"],
            ["stats"],
        ):
            cli.refused(*command, says=f"match 1 is damaged in the store (players Ann, Bob, Cat): {says}")
        assert "match 1 is damaged" in checks_of(cli)["matches"]["detail"]
    assert not list(tmp_path.glob("m.*"))
