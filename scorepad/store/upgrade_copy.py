"""A store as an older scorepad wrote it, kept beside it before a migration changes it: ``scorepad.db.before-0006``.

An older scorepad refuses a store a newer one has migrated, so without a copy
there is no way back. The copy is SQLite's own backup of the file, read
through a connection of its own while the migrating connection holds the
write lock (a reader beside a writer, as WAL allows; the writer's own
connection cannot be backed up while it holds that lock): nothing can change
the store between the copy and the migration. A server's database is not a
file scorepad can copy; there the user is told to use ``pg_dump``.
"""

from __future__ import annotations

import glob
import os
import sqlite3
from dataclasses import dataclass
from itertools import count
from pathlib import Path
from urllib.parse import quote

from ..core.errors import os_reason
from ..core.language import N_
from .errors import StoreError

SIDES = ("-wal", "-shm", "-journal")
#: What a copy's name adds to the store's: the first revision the migration applies.
MARK = ".before-"


@dataclass(frozen=True)
class Upgrade:
    """A store's schema brought from ``old`` to ``new``, and where the store as it was is kept."""

    store: str  #: the store as messages name it
    old: str
    new: str
    copy: Path | None  #: None on a server, where ``pg_dump`` makes a copy


def copy_name(path: Path, before: str) -> Path:
    """The first free name for a copy of ``path`` made before revision ``before``: ``scorepad.db.before-0006``,
    else ``...before-0006-2``: an earlier copy is never replaced."""
    for n in count(1):
        candidate = path.with_name(f"{path.name}{MARK}{before}" + (f"-{n}" if n > 1 else ""))
        if not os.path.lexists(candidate):
            return candidate
    raise AssertionError("unreachable")  # pragma: no cover


def copy_beside(path: Path, before: str, timeout: float, where: str) -> Path:
    """Copy the SQLite store at ``path`` beside it, readable by its owner only; the copy's path.

    Refused (nothing migrated) when the copy cannot be made: a full disk, a folder that cannot be written.
    """
    from .sqlite_file import connect

    target = copy_name(path, before)
    try:
        os.close(os.open(target, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o600))
        source = connect(f"file:{quote(str(path))}?mode=ro", timeout)
        try:
            copy = connect(f"file:{quote(str(target))}", timeout)
            try:
                source.backup(copy)
            finally:
                copy.close()
        finally:
            source.close()
    except (OSError, sqlite3.Error) as error:
        for made in (target, *(Path(f"{target}{side}") for side in SIDES)):
            made.unlink(missing_ok=True)
        reason = os_reason(error) if isinstance(error, OSError) else str(error)
        raise StoreError(
            N_("{store}: cannot keep a copy before upgrading it, so it is left as it was: {reason}"),
            store=where,
            reason=reason,
        ) from None
    return target


def copies(path: Path) -> list[Path]:
    """The copies kept beside the store at ``path`` before its upgrades, oldest revision first."""
    found = path.parent.glob(glob.escape(path.name) + MARK + "[0-9]*")
    return sorted(copy for copy in found if not copy.name.endswith(SIDES))  # not SQLite's files of an opened copy
