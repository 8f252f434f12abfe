"""What the links of a night's tables are made from (``models.NightLinkRow``), and the answers to its phones.

The links themselves are never stored: ``app.table_links`` makes them from
the random value kept here and a key kept outside the store. A phone's
entry is answered once per key it made (``models.PhoneEntryRow``): the
answer is kept with the write, in the same transaction, and given again to
a phone that sends the same entry after losing the first answer.
"""

from __future__ import annotations

from typing import NamedTuple

from sqlalchemy import Connection, Table, delete, func, insert, select

from .matches import now
from .models import NightLinkRow, NightRow, NightTableRow, PhoneEntryRow

L: Table = NightLinkRow.__table__  # type: ignore[attr-defined]
P: Table = PhoneEntryRow.__table__  # type: ignore[attr-defined]
NT: Table = NightTableRow.__table__  # type: ignore[attr-defined]
N: Table = NightRow.__table__  # type: ignore[attr-defined]


class Salt(NamedTuple):
    """A night's random value for its links, and the check of the key they were made with."""

    salt: str
    key_check: str


def salt_of(conn: Connection, night_id: int) -> Salt | None:
    row = conn.execute(select(L.c.salt, L.c.key_check).where(L.c.night_id == night_id)).first()
    return None if row is None else Salt(row.salt, row.key_check)


def keep_salt(conn: Connection, night_id: int, salt: Salt) -> None:
    """The night's links are made from ``salt`` from now on: the ones before stop working."""
    conn.execute(delete(L).where(L.c.night_id == night_id))
    conn.execute(insert(L).values(night_id=night_id, salt=salt.salt, key_check=salt.key_check, made_at=now()))


def current_match(conn: Connection, night_id: int, number: int) -> tuple[int, int] | None:
    """Table ``number``'s round and match in the latest round seated, if that round has such a table."""
    latest = select(func.max(NT.c.round)).where(NT.c.night_id == night_id).scalar_subquery()
    query = select(NT.c.round, NT.c.match_id).where(NT.c.night_id == night_id, NT.c.round == latest)
    row = conn.execute(query.where(NT.c.number == number)).first()
    return None if row is None else (row.round, row.match_id)


def answer(conn: Connection, night_id: int, number: int, key: str) -> str | None:
    """The answer already given to the entry a table's phone sent with ``key``, if it was written."""
    query = select(P.c.answer).where(P.c.night_id == night_id, P.c.number == number, P.c.entry_key == key)
    return conn.execute(query).scalar()


def keep_answer(conn: Connection, night_id: int, number: int, key: str, text: str) -> None:
    values = {"night_id": night_id, "number": number, "entry_key": key, "answer": text, "recorded_at": now()}
    conn.execute(insert(P).values(**values))


def latest_round(conn: Connection, night_id: int) -> int:
    """The latest round seated of the night (0 before any)."""
    return conn.execute(select(func.coalesce(func.max(NT.c.round), 0)).where(NT.c.night_id == night_id)).scalar_one()


def night_uid(conn: Connection, night_id: int) -> str:
    return conn.execute(select(N.c.uid).where(N.c.id == night_id)).scalar_one()
