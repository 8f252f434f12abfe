"""``scorepad doctor``: check a store and say in words what is wrong with it."""

from __future__ import annotations

import os
import stat
from dataclasses import dataclass

from sqlalchemy import text

from .core.errors import ScorepadError
from .core.match import fold
from .store import repo
from .store.db import HEAD, Store, StoreError


@dataclass
class Finding:
    check: str
    ok: bool
    detail: str


def examine(url: str) -> list[Finding]:
    """Every check, in order; a store that cannot be opened is one failed finding."""
    try:
        store = Store(url).open()  # opening checks the schema version, and creates nothing
    except StoreError as error:
        return [Finding("opens", False, str(error))]
    try:
        findings = [Finding("opens", True, store.where), Finding("schema", True, f"version {HEAD}, current")]
        for name, check in (("store", _sqlite if store.is_sqlite else _postgres), ("matches", _matches)):
            try:
                findings += check(store)
            except StoreError as error:  # a store damaged past reading: say so and go on
                findings.append(Finding(name, False, str(error)))
        return findings
    finally:
        store.close()


def _sqlite(store: Store) -> list[Finding]:
    with store.read() as conn:
        version = conn.exec_driver_sql("SELECT sqlite_version()").scalar()
        integrity = [r[0] for r in conn.exec_driver_sql("PRAGMA integrity_check")]
        orphans = conn.exec_driver_sql("PRAGMA foreign_key_check").all()
        journal = conn.exec_driver_sql("PRAGMA journal_mode").scalar()
    found = [
        Finding("sqlite", True, f"SQLite {version}"),
        Finding("integrity", integrity == ["ok"], "ok" if integrity == ["ok"] else "; ".join(integrity[:5])),
        Finding(
            "foreign keys",
            not orphans,
            "every row's match and entry exist" if not orphans else f"{len(orphans)} rows point at nothing",
        ),
        Finding("journal", journal == "wal", f"{journal} mode" + ("" if journal == "wal" else ": expected wal")),
    ]
    path = store.where
    if os.path.exists(path):
        mode = stat.S_IMODE(os.stat(path).st_mode)
        private = not mode & 0o077
        found.append(
            Finding("permissions", private, f"{mode:o}" + ("" if private else ": others can read the store"))
        )
    return found


def _postgres(store: Store) -> list[Finding]:
    with store.read() as conn:
        version = conn.execute(text("SHOW server_version")).scalar()
    return [Finding("postgresql", True, f"PostgreSQL {version}")]


def _matches(store: Store) -> list[Finding]:
    """Every match folds under its rules, and its stored summary agrees with the fold."""
    problems = []
    count = 0
    with store.read() as conn:
        summaries = {r["match"]: r for r in repo.list_matches(conn)}
        for match_id in summaries:
            count += 1
            match = repo.load(conn, match_id)
            try:
                state = fold(match.settings, match.core_entries, strict=True)
            except ScorepadError as error:
                problems.append(f"match {match_id}: {error}")
                continue
            if match.abandoned_at:
                state = state.abandon()
            summary = summaries[match_id]
            snapshot = repo.load(conn, match_id, entries=False).snapshot
            if (
                summary["finished"] != state.finished
                or summary["deals_played"] != state.deals_played
                or (snapshot is not None and snapshot != state.snapshot())
            ):
                problems.append(f"match {match_id}: its summary disagrees with its entries")
    detail = f"{count} matches, every entry valid" if not problems else "; ".join(problems)
    return [Finding("matches", not problems, detail)]
