"""The store behind the command line: where it is, how it is created or upgraded, where the next entry
goes, and that refusals write nothing."""

from __future__ import annotations

import json
import os
import sqlite3
import stat

import pytest

from scorepad.app import entering
from scorepad.core.errors import RuleError
from scorepad.core.rules import RuleSet
from scorepad.store import matches
from scorepad.store.db import HEAD, Store
from scorepad.store.location import default_path, hide_password

from .conftest import dump


def mode(path) -> int:
    return stat.S_IMODE(os.stat(path).st_mode)


def matches_in(path) -> list[tuple]:
    with sqlite3.connect(path) as conn:
        return conn.execute("SELECT id FROM match ORDER BY id").fetchall()


def test_a_new_store_and_its_folder_are_created_for_the_owner_only(cli, tmp_path, monkeypatch):
    path = tmp_path / "club" / "winter" / "scorepad.db"
    monkeypatch.setenv("SCOREPAD_DB", str(path))
    previous = os.umask(0o022)  # the usual umask would leave a new file readable by everybody
    try:
        cli("new", "--players", "Ann,Bob,Cat")
    finally:
        os.umask(previous)
    assert path.parent.is_dir()
    assert mode(path) == 0o600
    # SQLite's side files hold entries too; it gives them the file's own mode.
    for side in (path.with_name(path.name + "-wal"), path.with_name(path.name + "-shm")):
        if side.exists():
            assert mode(side) == 0o600


def test_the_default_store_is_in_the_user_data_folder(cli, tmp_path, monkeypatch):
    monkeypatch.delenv("SCOREPAD_DB")
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path / "data"))
    monkeypatch.setenv("HOME", str(tmp_path / "home"))
    path = default_path()
    if tmp_path not in path.parents:  # never touch the real user's store
        pytest.skip(f"the user data folder here does not follow XDG_DATA_HOME or HOME: {path}")
    assert not path.parent.exists()
    cli("new", "--players", "Ann,Bob,Cat")
    assert path.name == "scorepad.db"
    assert mode(path) == 0o600
    assert matches_in(path) == [(1,)]


def test_the_store_runs_in_wal_mode(cli, store_path):
    cli("new", "--players", "Ann,Bob,Cat")
    with sqlite3.connect(store_path) as conn:
        assert conn.execute("PRAGMA journal_mode").fetchone() == ("wal",)


def test_the_schema_is_at_the_head_revision(cli, store_path):
    cli("new", "--players", "Ann,Bob,Cat")
    with sqlite3.connect(store_path) as conn:
        assert conn.execute("SELECT version_num FROM alembic_version").fetchall() == [(HEAD,)]
        tables = {r[0] for r in conn.execute("SELECT name FROM sqlite_master WHERE type = 'table'")}
    assert {"alembic_version", "match", "seat", "entry"} <= tables


def test_scorepad_db_names_the_store(cli, tmp_path, monkeypatch):
    path = tmp_path / "elsewhere.db"
    monkeypatch.setenv("SCOREPAD_DB", str(path))
    cli("new", "--players", "Ann,Bob,Cat")
    assert matches_in(path) == [(1,)]


def test_the_db_option_names_the_store_before_the_environment(cli, tmp_path, store_path):
    path = tmp_path / "option.db"
    cli("--db", path, "new", "--players", "Ann,Bob,Cat")
    cli("--db", path, "deal", "Ann=10", "Bob=13", "Cat=20")
    assert matches_in(path) == [(1,)]
    assert not store_path.exists()
    assert cli.json("--db", path, "status")["totals"] == {"Ann": 10, "Bob": 13, "Cat": 20}


def test_the_db_option_takes_an_sqlite_url(cli, tmp_path, store_path):
    path = tmp_path / "url" / "club.db"
    cli("--db", f"sqlite:///{path}", "new", "--players", "Ann,Bob,Cat")
    assert mode(path) == 0o600
    assert matches_in(path) == [(1,)]
    assert cli.json("--db", path, "status")["players"] == ["Ann", "Bob", "Cat"]
    assert not store_path.exists()


@pytest.mark.parametrize("command", [["status"], ["matches"], ["new", "--players", "Ann,Bob,Cat"]])
def test_a_file_that_is_not_a_database_is_refused_and_left_alone(cli, store_path, command):
    content = b"Ann 10, Bob 13, Cat 20 -- the old paper score sheet\n" * 200
    store_path.write_bytes(content)
    before = sorted(os.listdir(store_path.parent))
    cli.refused(*command, says="not a scorepad database")
    assert store_path.read_bytes() == content
    assert sorted(os.listdir(store_path.parent)) == before


def test_a_store_written_by_a_newer_scorepad_is_refused(cli, store_path, unchanged):
    cli("new", "--players", "Ann,Bob,Cat")
    with sqlite3.connect(store_path) as conn:
        conn.execute("UPDATE alembic_version SET version_num = '9999'")
    with unchanged():
        cli.refused("deal", "Ann=10", "Bob=13", "Cat=20", says="newer scorepad")


def test_a_store_whose_folder_cannot_be_made_is_refused(cli, tmp_path, monkeypatch):
    blocker = tmp_path / "notes.txt"
    blocker.write_text("not a folder")
    monkeypatch.setenv("SCOREPAD_DB", str(blocker / "scorepad.db"))
    cli.refused("new", "--players", "Ann,Bob,Cat", says="cannot create")
    assert blocker.read_text() == "not a folder"


# --- one transaction a command --------------------------------------------------------------


def test_a_new_match_that_fails_after_its_first_insert_leaves_no_row(cli, store_path, monkeypatch, unchanged):
    cli("new", "--players", "Ann,Bob,Cat")
    real = matches.create

    def create_then_fail(conn, *args, **kwargs):
        match_id = real(conn, *args, **kwargs)
        assert conn.execute(matches.select(matches.M.c.id).where(matches.M.c.id == match_id)).scalar() == match_id
        raise RuleError("the table changed its mind")

    with monkeypatch.context() as patch, unchanged():
        patch.setattr(matches, "create", create_then_fail)
        cli.refused("new", "--players", "Dan,Eve,Fay", says="changed its mind")
    assert matches_in(store_path) == [(1,)]
    assert cli.json("new", "--players", "Dan,Eve,Fay")["match"] == 2


def test_a_deal_that_fails_after_it_was_written_leaves_no_entry(cli, store_path, monkeypatch, unchanged):
    cli("new", "--players", "Ann,Bob,Cat")
    cli("deal", "Ann=10", "Bob=13", "Cat=20")

    def fail(*args, **kwargs):
        raise RuntimeError("power cut")

    with monkeypatch.context() as patch:
        patch.setattr(matches, "summarise", fail)
        for command in (
            ["deal", "Ann=10", "Bob=13", "Cat=20"],
            ["misdeal"],
            ["undo"],
            ["fix", "1", "Ann=13", "Bob=10", "Cat=20"],
            ["abandon"],
            ["rename", "Bob", "Rob"],
        ):
            with unchanged():
                cli.refused(*command, says="power cut")
    assert cli.json("history")["deals"][0]["scores"] == {"Ann": 10, "Bob": 13, "Cat": 20}


def test_a_refused_command_leaves_the_file_as_it_was(cli, store_path):
    """Byte for byte, after a checkpoint: a refusal rolls back before anything reaches the file."""
    cli("new", "--players", "Ann,Bob,Cat")
    cli("deal", "Ann=10", "Bob=13", "Cat=20")
    with sqlite3.connect(store_path) as conn:
        conn.execute("PRAGMA wal_checkpoint(TRUNCATE)")
    before = store_path.read_bytes(), dump(store_path)
    cli.refused("deal", "Ann=QS", "Bob=QS", "Cat=17")
    cli.refused("fix", "1", "Ann=10", "Bob=13", "Cat=21")
    with sqlite3.connect(store_path) as conn:
        conn.execute("PRAGMA wal_checkpoint(TRUNCATE)")
    assert (store_path.read_bytes(), dump(store_path)) == before


# --- a server URL's password ------------------------------------------------------------------


def test_a_password_with_a_raw_at_sign_is_never_shown(cli):
    """``hunter@2sekrit`` as written: SQLAlchemy would end the password at the first '@' and take the rest for the host."""
    url = "postgresql+psycopg://scorer:hunter@2sekrit@localhost:1/club"
    for command in (["status"], ["new", "--players", "Ann,Bob,Cat"]):
        line = cli.refused("--db", url, *command, says="write an '@' in the user name or password as %40")
        assert line.startswith("scorepad: postgresql+psycopg://scorer@localhost:1/club: ")
        assert "hunter" not in line and "2sekrit" not in line
    report = cli("--db", url, "doctor", code=1)
    assert "%40" in report.stdout and "hunter" not in report.stdout + report.stderr
    assert "2sekrit" not in report.stdout + report.stderr


def test_a_message_never_shows_the_password():
    url = "postgresql+psycopg://scorer:s%40fe%2Fword@db.example/club"
    said = "cannot open: 's@fe/word' is wrong, and so is 's%40fe%2Fword'"
    assert hide_password(said, url) == "cannot open: '***' is wrong, and so is '***'"
    assert hide_password("failed for user scorer", "postgresql://scorer:abc@db/club") == "failed for user scorer"


def test_the_next_entry_takes_its_place_from_the_store_not_from_what_was_loaded(tmp_path):
    store = Store(f"sqlite:///{tmp_path / 's.db'}")
    try:
        entering.new_match(store, ["Ann", "Bob", "Cat"], RuleSet.build())
        with store.read() as conn:
            stale = matches.load(conn, 1)  # loaded before another writer's deal
        entering.record_deal(store, 1, {"Ann": 10, "Bob": 10, "Cat": 23})
        with store.write() as conn:
            state = matches.load(conn, 1).state()
            written = matches.append(conn, stale, state.next, state.enter_misdeal())
        assert written.position == 2
    finally:
        store.close()


def test_a_store_of_schema_0002_keeps_its_state_once_after_the_upgrade(cli, store_path):
    from sqlalchemy import create_engine

    from scorepad.store.migrate import upgrade

    engine = create_engine(f"sqlite:///{store_path}")
    with engine.begin() as conn:
        upgrade(conn, "0002")
        snapshot = {
            "totals": [10, 10, 23],
            "deals_played": 1,
            "scored": 1,
            "last_dealer": 0,
            "tiebreak": None,
            "winner": None,
        }
        conn.exec_driver_sql(
            "INSERT INTO match (id, uid, name, rules, format_kind, format_value, first_dealer, created_at,"
            " touched, finished, winner, deals_played, state) VALUES (1, 'a1', NULL, '{\"preset\": \"classic\"}',"
            f" 'deals', 3, 0, '2025-01-02T20:00:00+00:00', 1, 0, NULL, 1, '{json.dumps(snapshot)}')"
        )
        for seat, name in enumerate(["Ann", "Bob", "Cat"]):
            conn.exec_driver_sql(f"INSERT INTO seat VALUES (1, {seat}, '{name}')")
        conn.exec_driver_sql(
            "INSERT INTO entry (match_id, position, kind, number, dealer, scores, recorded_at, state)"
            """ VALUES (1, 1, 'deal', 1, 0, '{"0": 10, "1": 10, "2": 23}', '2025-01-02T20:10:00+00:00', 'standing')"""
        )
    engine.dispose()
    status = cli.json("status")  # opening the store upgrades it
    assert (status["totals"], status["deals_played"], status["dealer"]) == ({"Ann": 10, "Bob": 10, "Cat": 23}, 1, "Bob")
    with sqlite3.connect(store_path) as conn:
        columns = {row[1] for row in conn.execute("PRAGMA table_info(match)")}
        (state,) = conn.execute("SELECT state FROM match").fetchone()
    assert "finished" not in columns and {"winner", "deals_played"} <= columns
    assert set(json.loads(state)) == {"totals", "scored", "last_dealer", "tiebreak"}
    checks = {c["check"]: c["ok"] for c in json.loads(cli("doctor", "--json", code=None).stdout)["checks"]}
    assert checks["schema"] and checks["matches"]  # the file's mode is the test's, not scorepad's


def test_an_sqlite_too_old_for_the_store_is_refused_in_words(cli, monkeypatch, store_path):
    monkeypatch.setattr("scorepad.store.sqlite_file.sqlite3.sqlite_version_info", (3, 31, 1))
    cli.refused("new", "--players", "Ann,Bob,Cat", says="needs SQLite 3.35 or newer")
    assert not store_path.exists()
