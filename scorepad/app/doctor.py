"""``scorepad doctor``: check a store and say in words what is wrong with it."""

from __future__ import annotations

import os
import stat
from dataclasses import dataclass

from ..core.errors import ScorepadError
from ..core.match import fold
from ..store import inspect, matches
from ..store.db import HEAD, Store, StoreError


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
    facts = inspect.sqlite_facts(store)
    sound = facts.integrity == ["ok"]
    found = [
        Finding("sqlite", True, f"SQLite {facts.version}"),
        Finding("integrity", sound, "ok" if sound else "; ".join(facts.integrity[:5])),
        Finding(
            "foreign keys",
            not facts.orphans,
            "every row's match and entry exist" if not facts.orphans else f"{facts.orphans} rows point at nothing",
        ),
        Finding(
            "journal",
            facts.journal == "wal",
            f"{facts.journal} mode" + ("" if facts.journal == "wal" else ": expected wal"),
        ),
    ]
    folder = inspect.folder_note(store)
    if folder:
        found.append(Finding("folder", False, f"scorepad can read the store but not write it: {folder}"))
    path = store.where
    if os.path.exists(path):
        mode = stat.S_IMODE(os.stat(path).st_mode)
        private = not mode & 0o077
        found.append(Finding("permissions", private, f"{mode:o}" + ("" if private else ": others can read the store")))
    return found


def _postgres(store: Store) -> list[Finding]:
    return [Finding("postgresql", True, f"PostgreSQL {inspect.server_version(store)}")]


def _matches(store: Store) -> list[Finding]:
    """Every match folds under its rules, and its stored snapshot agrees with the fold."""
    problems = []
    count = 0
    with store.read() as conn:
        for summary in matches.list_matches(conn):
            count += 1
            match = matches.load(conn, summary.id)
            try:
                state = fold(match.settings, match.core_entries, strict=True)
            except ScorepadError as error:
                problems.append(f"match {summary.id}: {error}")
                continue
            if match.abandoned_at:
                state = state.abandon()
            winner = match.settings.players[state.winner] if state.winner is not None else None
            kept = matches.load(conn, summary.id, entries=False).state()  # the snapshot, where there is one
            if kept != state or (summary.winner, summary.deals_played) != (winner, state.deals_played):
                problems.append(f"match {summary.id}: its summary disagrees with its entries")
    counted = f"{count} match{'es' if count != 1 else ''}"
    detail = f"{counted}, every entry valid" if not problems else "; ".join(problems)
    return [Finding("matches", not problems, detail)]
