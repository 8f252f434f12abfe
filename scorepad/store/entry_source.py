"""Who wrote an entry, as the store's trail names it: the command line (no name) or a table's phone.

The trail names a phone in English words, as the store keeps words; the rest of
scorepad knows a phone by its table's number.
"""

from __future__ import annotations

import re

#: How the trail names a table's phone as the source of a write; kept in English, as the store keeps words.
PHONE = "table {table}, phone"

_PHONE = re.compile(r"table (\d+), phone")


def phone_source(table: int) -> str:
    """The trail's name for the phone of ``table``."""
    return PHONE.format(table=table)


def phone_table(source: str | None) -> int | None:
    """The table whose phone wrote an entry, or None for one written at the command line."""
    found = _PHONE.fullmatch(source) if source else None
    return int(found.group(1)) if found else None
