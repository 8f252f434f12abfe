"""What ``scorepad doctor`` asks of the database itself, beyond the matches."""

from __future__ import annotations

from dataclasses import dataclass

from sqlalchemy import text

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
    return SqliteFacts(str(version), integrity, orphans, str(journal))


def server_version(store: Store) -> str:
    """The PostgreSQL server's version."""
    with store.read() as conn:
        return str(conn.execute(text("SHOW server_version")).scalar())
