"""What ``scorepad doctor`` asks of the database itself, beyond the matches."""

from __future__ import annotations

from dataclasses import dataclass

from sqlalchemy import text

from ..core.language import Phrase
from . import sqlite_file
from .db import Store


@dataclass(frozen=True)
class SqliteFacts:
    version: str
    integrity: list[str]  #: ``["ok"]`` when sound
    orphans: int  #: rows whose match or entry does not exist
    journal: str


def sqlite_facts(store: Store) -> SqliteFacts:
    with store.read() as conn:
        version = conn.exec_driver_sql("SELECT sqlite_version()").scalar()
        integrity = [r[0] for r in conn.exec_driver_sql("PRAGMA integrity_check")]
        orphans = len(conn.exec_driver_sql("PRAGMA foreign_key_check").all())
        journal = conn.exec_driver_sql("PRAGMA journal_mode").scalar()
    if store.found is not None and store.found.frozen:  # an immutable read: SQLite answers "delete"
        journal = "wal" if store.found.wal else "not wal"
    return SqliteFacts(str(version), integrity, orphans, str(journal))


def folder_note(store: Store) -> Phrase | None:
    """Why the store is read as immutable and cannot be written; None when it is not."""
    found = store.found
    return sqlite_file.folder_note(found.path) if found is not None and found.frozen else None


def server_version(store: Store) -> str:
    """The PostgreSQL server's version."""
    with store.read() as conn:
        return str(conn.execute(text("SHOW server_version")).scalar())
