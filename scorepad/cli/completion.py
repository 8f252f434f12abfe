"""Shell completion of match ids, read straight from the SQLite file.

The shell runs scorepad on every TAB press, so this opens the store read-only
with the standard ``sqlite3`` module: no SQLAlchemy, no models, no migration
check. Any trouble (no file yet, a PostgreSQL store, a locked or foreign file)
just offers nothing.
"""

from __future__ import annotations

from contextlib import closing
from pathlib import Path
from urllib.parse import quote

import typer

from ..store.location import store_url

_MATCHES = """
    SELECT m.id, m.name, m.finished, m.abandoned_at,
           (SELECT group_concat(name, ',') FROM (SELECT name FROM seat WHERE match_id = m.id ORDER BY position))
    FROM match AS m ORDER BY m.touched DESC, m.id DESC
"""


def match_ids(ctx: typer.Context, incomplete: str) -> list[tuple[str, str]]:
    """The store's match ids starting with what was typed, latest used first, each with its players."""
    url = store_url(ctx.find_root().params.get("db"))
    if not url.startswith("sqlite:///"):
        return []
    path = Path(url[len("sqlite:///") :])
    if not path.is_file():
        return []
    import sqlite3  # here, not at the top: completing anything else needs none of it

    try:
        with closing(sqlite3.connect(f"file:{quote(str(path))}?mode=ro", uri=True, timeout=1)) as conn:
            rows = conn.execute(_MATCHES).fetchall()
    except sqlite3.Error:
        return []
    found = []
    for match_id, name, finished, abandoned_at, players in rows:
        if not str(match_id).startswith(incomplete):
            continue
        state = "abandoned" if abandoned_at else "finished" if finished else "playing"
        label = f"{name}: " if name else ""
        found.append((str(match_id), f"{label}{(players or '').replace(',', ', ')} ({state})"))
    return found
