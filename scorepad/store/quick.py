"""A read-only look at a SQLite store with the standard ``sqlite3`` module alone.

The shell runs scorepad on every TAB press, so completion must not pay for
SQLAlchemy, the models or a migration check. It reads columns every schema
revision has; any trouble (no file yet, a locked or foreign file) just finds nothing.
"""

from __future__ import annotations

import sqlite3
from contextlib import closing
from dataclasses import dataclass
from pathlib import Path
from urllib.parse import quote

from .schema import MATCH, SEAT

_MATCHES = f"""
    SELECT m.id, m.name, m.winner, m.abandoned_at,
           (SELECT group_concat(name, ',') FROM (SELECT name FROM {SEAT} WHERE match_id = m.id ORDER BY position))
    FROM {MATCH} AS m ORDER BY m.touched DESC, m.id DESC
"""


@dataclass(frozen=True)
class MatchLine:
    id: int
    name: str | None
    players: list[str]
    state: str  #: playing, finished or abandoned


def sqlite_path(url: str) -> Path | None:
    """The file of a ``sqlite:///`` URL, or None for any other store."""
    return Path(url[len("sqlite:///") :]) if url.startswith("sqlite:///") else None


def match_lines(url: str) -> list[MatchLine]:
    """Every match of the store, latest used first; nothing when it cannot be read this way."""
    path = sqlite_path(url)
    if path is None or not path.is_file():
        return []
    try:
        with closing(sqlite3.connect(f"file:{quote(str(path))}?mode=ro", uri=True, timeout=1)) as conn:
            rows = conn.execute(_MATCHES).fetchall()
    except sqlite3.Error:
        return []
    return [
        MatchLine(
            match_id,
            name,
            players.split(",") if players else [],
            "abandoned" if abandoned_at else "finished" if winner is not None else "playing",
        )
        for match_id, name, winner, abandoned_at, players in rows
    ]
