"""Upgrades that keep a copy (issue 36): a store an older scorepad made, migrated only once it is copied.

The club's laptop runs a new scorepad on last season's store. Before the first
command changes the schema, the file is copied beside it under the name of the
migration it was kept before, the user is told once, and ``doctor`` lists the
copy; the older scorepad can still open that copy. Written for whatever
revision is the newest: the store is made at the one before it.
"""

from __future__ import annotations

import errno
import json
import sqlite3
import stat

import pytest
from sqlalchemy import create_engine

from scorepad.store.db import HEAD, revisions
from scorepad.store.migrate import upgrade
from scorepad.store.upgrade_copy import copies, copy_name

PREVIOUS = revisions()[-2]


def _version(path) -> str:
    with sqlite3.connect(path) as conn:
        (found,) = conn.execute("SELECT version_num FROM alembic_version").fetchone()
    return found


@pytest.fixture
def older(store_path):
    """A store as the scorepad before this one left it: every migration but the last."""
    engine = create_engine(f"sqlite:///{store_path}")
    with engine.begin() as conn:
        upgrade(conn, PREVIOUS)
    engine.dispose()
    return store_path


def test_an_older_store_is_copied_before_the_upgrade_and_the_user_told_once(cli, older):
    made = cli("new", "--players", "Ann,Bob,Cat")
    copy = older.with_name(f"{older.name}.before-{HEAD}")
    said = [line for line in made.stderr.splitlines() if "upgrading" in line]
    expected = (
        f"{older}: upgrading its schema from {PREVIOUS} to {HEAD}, for this scorepad; the store as it was, "
        f"which an older scorepad still opens, is kept in {copy}"
    )
    assert said == [expected]
    assert _version(copy) == PREVIOUS and _version(older) == HEAD  # the copy as it was, the store upgraded
    assert stat.S_IMODE(copy.stat().st_mode) == 0o600  # its owner's alone, as the store is
    assert "upgrading" not in cli("deal", "10", "10", "23").stderr  # once
    assert copies(older) == [copy]
    checks = {c["check"]: c for c in json.loads(cli("doctor", "--json", code=None).stdout)["checks"]}
    assert checks["copies"]["ok"] and str(copy) in checks["copies"]["detail"]


def test_doctor_upgrades_as_every_command_does_and_lists_the_copy(cli, older):
    checks = {c["check"]: c for c in json.loads(cli("doctor", "--json", code=None).stdout)["checks"]}
    assert checks["schema"]["ok"] and str(older) + f".before-{HEAD}" in checks["copies"]["detail"]


def test_an_earlier_copy_is_never_replaced(cli, older):
    earlier = older.with_name(f"{older.name}.before-{HEAD}")
    earlier.write_text("a copy the user kept")
    cli("matches")
    cli("new", "--players", "Ann,Bob,Cat")
    assert earlier.read_text() == "a copy the user kept"
    assert _version(older.with_name(f"{older.name}.before-{HEAD}-2")) == PREVIOUS
    assert copy_name(older, HEAD).name == f"{older.name}.before-{HEAD}-3"


def test_a_store_whose_copy_cannot_be_made_is_left_as_it_was(cli, older, monkeypatch):
    def full(*_args, **_kwargs):
        raise OSError(errno.ENOSPC, "No space left on device")

    monkeypatch.setattr("scorepad.store.upgrade_copy.os.open", full)
    said = cli.refused("new", "--players", "Ann,Bob,Cat", says="cannot keep a copy before upgrading it")
    assert "left as it was" in said and "space" in said.lower()
    assert _version(older) == PREVIOUS and copies(older) == []


def test_a_new_store_has_nothing_to_keep(cli, store_path):
    made = cli("new", "--players", "Ann,Bob,Cat")
    assert "upgrading" not in made.stderr and copies(store_path) == []
    assert "copies" not in {c["check"] for c in json.loads(cli("doctor", "--json", code=None).stdout)["checks"]}
