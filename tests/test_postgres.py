"""PostgreSQL for clubs: every command on a real server, migrations, and writers from several processes."""

from __future__ import annotations

import json

import pytest
from sqlalchemy import create_engine, text

from .processes import run, status, writers_at_once


@pytest.fixture
def club(pg_url, monkeypatch):
    monkeypatch.setenv("SCOREPAD_DB", pg_url)
    return pg_url


def test_the_whole_table_flow_on_postgres(club, cli):
    assert cli("new", "--players", "Ann,Bob,Cat", "--deals", "3", "--name", "Club night").stdout.strip() == "1"
    cli("deal", "Ann=10", "Bob=10", "Cat=23")
    cli("deal", "Ann=QS", "Bob=13", "Cat=17")
    cli("misdeal")
    cli("deal", "Ann=7", "Bob=7", "Cat=29")
    tie = cli.json("status")
    assert tie["tiebreak"] == {"players": ["Ann", "Bob"], "round": 1} and tie["deal_total"] == 43
    cli("deal", "Ann=23", "Bob=20")
    assert cli.json("status")["winner"] == "Bob"
    cli("undo")
    cli("deal", "Ann=20", "Bob=23")
    cli("fix", "1", "Ann=11", "Bob=9", "Cat=23", code=1)  # would leave no tie: a later entry stops being valid
    cli("rename", "ann", "Anna")
    final = cli.json("status")
    assert final["winner"] == "Anna" and final["totals"] == {"Anna": 30, "Bob": 30, "Cat": 69}
    history = cli.json("history")
    assert [d["kind"] for d in history["deals"]] == ["deal", "deal", "misdeal", "deal", "tiebreak"]
    cli("new", "--players", "Dan,Eve,Fay,Gus")
    cli("abandon")
    listed = cli.json("matches")["matches"]
    assert [m["match"] for m in listed] == [2, 1] and listed[1]["winner"] == "Anna"


def test_a_refused_command_writes_nothing_on_postgres(club, cli):
    cli("new", "--players", "Ann,Bob,Cat")
    cli("deal", "Ann=6", "Bob=6", "Cat=30", code=1)
    cli("deal", "--expect", "2", "Ann=10", "Bob=10", "Cat=23", code=1)
    assert cli.json("history")["deals"] == []


def test_migrations_run_on_postgres(club):
    from scorepad.store.db import HEAD, Store

    Store(club).open().close()
    Store(club).open().close()  # a second open finds the schema current and migrates nothing
    engine = create_engine(club)
    with engine.connect() as conn:
        assert conn.execute(text("SELECT version_num FROM alembic_version")).scalar() == HEAD
        tables = set(conn.execute(text("SELECT tablename FROM pg_tables WHERE schemaname = 'public'")).scalars())
    engine.dispose()
    assert {"match", "seat", "entry", "alembic_version"} <= tables


def test_writers_from_several_processes_never_record_the_same_deal_twice(club):
    count = 8
    results = writers_at_once(club, count)
    assert [r.returncode for r in results] == [0] * count, [r.stderr for r in results if r.returncode]
    history = json.loads(run(club, "history", "--json").stdout)
    assert [d["number"] for d in history["deals"]] == list(range(1, count + 1))
    assert status(club)["deals_played"] == count


def test_an_older_schema_on_postgres_is_upgraded_naming_pg_dump_for_a_copy(club, cli):
    from scorepad.store.db import HEAD, revisions
    from scorepad.store.migrate import upgrade

    engine = create_engine(club)
    with engine.begin() as conn:
        upgrade(conn, revisions()[-2])
    engine.dispose()
    said = [line for line in cli("new", "--players", "Ann,Bob,Cat").stderr.splitlines() if "upgrading" in line]
    assert len(said) == 1 and f"to {HEAD}" in said[0] and "pg_dump" in said[0]
    assert "upgrading" not in cli("deal", "10", "10", "23").stderr
