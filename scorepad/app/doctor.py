"""``scorepad doctor``: check a store and say in words what is wrong with it."""

from __future__ import annotations

import os
import stat
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING

from ..core.errors import ScorepadError
from ..core.language import N_, Counted, Phrase
from ..core.match import fold
from ..store import inspect, matches, nights, upgrade_copy
from ..store.db import HEAD, Store, StoreError
from ..store.errors import DamagedMatch
from ..store.location import file_of
from ..store.night_rows import DamagedNight

if TYPE_CHECKING:
    from collections.abc import Callable

    from ..store.db import Connection
    from ..store.upgrade_copy import Upgrade


class Wording(str):
    """Text in English, as ``doctor --json`` gives it, that keeps what it ``said`` for the table to word.

    A string, so the JSON of a finding is its fields as they are; the table of
    findings words ``said`` in the language in use.
    """

    said: Phrase | ScorepadError | str

    def __new__(cls, said: Phrase | ScorepadError | str) -> Wording:
        text = super().__new__(cls, str(said))
        text.said = said
        return text


@dataclass
class Finding:
    check: Wording  #: the check's name, English in JSON: ``opens``, ``foreign keys``...
    ok: bool
    detail: Wording


# The checks' names, each at the start of a line of the table (English in JSON).
# TRANSLATORS: a check of scorepad doctor: whether the store opens.
OPENS = N_("opens")
# TRANSLATORS: a check of scorepad doctor: the version of the store's tables.
SCHEMA = N_("schema")
# TRANSLATORS: a check of scorepad doctor: the store's database, when it cannot be read at all.
STORE = N_("store")
# TRANSLATORS: a check of scorepad doctor: the SQLite version.
SQLITE = N_("sqlite")
# TRANSLATORS: a check of scorepad doctor: SQLite's own check of the file.
INTEGRITY = N_("integrity")
# TRANSLATORS: a check of scorepad doctor: every row's match and entry exist.
FOREIGN_KEYS = N_("foreign keys")
# TRANSLATORS: a check of scorepad doctor: SQLite's journal mode.
JOURNAL = N_("journal")
# TRANSLATORS: a check of scorepad doctor: whether the store's folder can be written.
FOLDER = N_("folder")
# TRANSLATORS: a check of scorepad doctor: who may read the store's file.
PERMISSIONS = N_("permissions")
# TRANSLATORS: a check of scorepad doctor: the PostgreSQL server's version.
POSTGRESQL = N_("postgresql")
# TRANSLATORS: a check of scorepad doctor: every match's entries follow its rules.
MATCHES = N_("matches")
# TRANSLATORS: a check of scorepad doctor: every club night's tables, players and rounds agree with its matches.
NIGHTS = N_("nights")
# TRANSLATORS: a check of scorepad doctor: the copies of the store kept before its upgrades.
COPIES = N_("copies")


def _finding(check: str, ok: bool, detail: Phrase | ScorepadError | str) -> Finding:
    return Finding(Wording(Phrase(check)), ok, Wording(detail))


def examine(location: Path | str, on_upgrade: Callable[[Upgrade], None] | None = None) -> list[Finding]:
    """Every check, in order; a store that cannot be opened is one failed finding. A store of an older
    schema is upgraded, its copy kept, and ``on_upgrade`` told, as by every command."""
    try:
        store = Store(location, on_upgrade).open()  # opening checks the schema version, and creates nothing
    except StoreError as error:
        return [_finding(OPENS, False, error)]
    try:
        findings = [
            _finding(OPENS, True, store.where),
            _finding(SCHEMA, True, Phrase(N_("version {version}, current"), version=HEAD)),
        ]
        for name, check in ((STORE, _sqlite if store.is_sqlite else _postgres), (MATCHES, _matches), (NIGHTS, _nights)):
            try:
                findings += check(store)
            except StoreError as error:  # a store damaged past reading: say so and go on
                findings.append(_finding(name, False, error))
        return findings
    finally:
        store.close()


def _sqlite(store: Store) -> list[Finding]:
    facts = inspect.sqlite_facts(store)
    sound = facts.integrity == ["ok"]
    orphans = facts.orphans  # rows whose match or entry does not exist
    found = [
        _finding(SQLITE, True, f"SQLite {facts.version}"),
        _finding(INTEGRITY, sound, Phrase(N_("ok")) if sound else "; ".join(facts.integrity[:5])),  # SQLite's words
        _finding(FOREIGN_KEYS, not orphans, _orphans(orphans)),
        _finding(JOURNAL, facts.journal == "wal", _journal(facts.journal)),
    ]
    folder = inspect.folder_note(store)
    if folder:
        found.append(
            _finding(FOLDER, False, Phrase(N_("scorepad can read the store but not write it: {note}"), note=folder))
        )
    path = store.where
    if os.path.exists(path):
        mode = stat.S_IMODE(os.stat(path).st_mode)
        private = not mode & 0o077
        detail = f"{mode:o}" if private else Phrase(N_("{mode}: others can read the store"), mode=f"{mode:o}")
        found.append(_finding(PERMISSIONS, private, detail))
    file, _ = file_of(store.location)
    kept = upgrade_copy.copies(file) if file is not None else []
    if kept:  # not a fault: what an older scorepad still opens, until the user removes it
        listed = ", ".join(map(str, kept))
        found.append(_finding(COPIES, True, Phrase(N_("kept before an upgrade: {files}"), files=listed)))
    return found


def _journal(mode: str) -> Phrase:
    # TRANSLATORS: {mode} is SQLite's journal mode as SQLite names it: wal, delete, truncate...
    return Phrase(N_("{mode} mode") if mode == "wal" else N_("{mode} mode: expected wal"), mode=mode)


def _orphans(count: int) -> Phrase:
    if not count:
        return Phrase(N_("every row's match and entry exist"))
    return Counted("{count} row points at nothing", "{count} rows point at nothing", count)


def _postgres(store: Store) -> list[Finding]:
    return [_finding(POSTGRESQL, True, f"PostgreSQL {inspect.server_version(store)}")]


def _matches(store: Store) -> list[Finding]:
    """Every match folds under its rules, and the summary its row keeps is the fold's."""
    with store.read() as conn:
        ids = sorted(matches.match_names(conn))
        problems = [problem for match_id in ids if (problem := _problem(conn, match_id)) is not None]
    if problems:
        return [_finding(MATCHES, False, _each(problems))]
    valid = Counted("{count} match, every entry valid", "{count} matches, every entry valid", len(ids))
    return [_finding(MATCHES, True, valid)]


def _problem(conn: Connection, match_id: int) -> Phrase | None:
    """What is wrong with one match, if anything."""
    try:
        match = matches.load(conn, match_id)
        state = fold(match.settings, match.core_entries, strict=True)
    except DamagedMatch as error:  # it names the match itself
        return error.said
    except ScorepadError as error:
        return Phrase(N_("match {match}: {problem}"), match=match_id, problem=error)
    if match.abandoned_at:
        state = state.abandon()
    if not matches.summary_agrees(conn, match_id, state):
        return Phrase(N_("match {match}: its summary disagrees with its entries"), match=match_id)
    return None


def _nights(store: Store) -> list[Finding]:
    """Every night reads back as scorepad wrote it: each fault, naming its night."""
    with store.read() as conn:
        ids = nights.night_ids(conn)
        problems = [problem for night_id in ids for problem in _night_problems(conn, night_id)]
    if problems:
        return [_finding(NIGHTS, False, _each(problems))]
    sound = Counted("{count} night, every table sound", "{count} nights, every table sound", len(ids))
    return [_finding(NIGHTS, True, sound)]


def _night_problems(conn: Connection, night_id: int) -> list[Phrase]:
    """What is wrong with one night, if anything: every fault the store's reading of it finds."""
    try:
        nights.load(conn, night_id)
    except DamagedNight as error:
        found: tuple[object, ...] = error.problems
    except StoreError as error:  # one of its matches is damaged: the matches' check says how
        found = (error,)
    else:
        return []
    return [Phrase(N_("night {night}: {problem}"), night=night_id, problem=problem) for problem in found]


def _each(problems: list[Phrase]) -> Phrase:
    """Several problems in one detail, a semicolon between them (in every language)."""
    fields = {f"problem{i}": problem for i, problem in enumerate(problems)}
    return Phrase("; ".join(f"{{{key}}}" for key in fields), **fields)
