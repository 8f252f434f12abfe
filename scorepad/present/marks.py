"""Numbers, times and names as the country of the language in use writes them, and how its spreadsheets split a CSV.

Each language's marks are in its table (``core.languages``, which says why they
are not Babel's). Only what people read goes through here: JSON and CSV cells
keep ``8.4`` and ISO-8601 times in UTC in every language. English keeps what
its screens always showed: a decimal point, and the stored UTC time.
"""

from __future__ import annotations

from datetime import date, datetime

from ..core.language import Titled
from ..core.languages import Marks
from .translation import in_language, language


def marks() -> Marks:
    """The marks of the language in use."""
    return language().marks


def titled(name: str | None) -> str:
    """`` “Friday”``, a space and a name in the language's quote marks, to follow a number; nothing without one."""
    return in_language(Titled(name))


def decimal(value: float, places: int = 2) -> str:
    """``8.40`` with the language's decimal mark: ``8,40`` in Dutch."""
    return f"{value:.{places}f}".replace(".", marks().decimal)


def in_utc() -> bool:
    """Whether times are shown as stored, in UTC (English), rather than in the local time zone."""
    return marks().date is None


def moment(stored: str, seconds: bool = True) -> str:
    """A stored time (ISO-8601 with its offset) as people read it: in the local time zone, the date as the
    country writes it, then the time of day (to the minute when not ``seconds``). English keeps the stored
    text: without its UTC offset, or to the minute with a space for the ``T``."""
    pattern = marks().date
    if pattern is None:
        return stored.replace("+00:00", "") if seconds else stored[:16].replace("T", " ")
    local = _local(stored)
    if local is None:
        return stored
    return local.strftime(f"{pattern} %H:%M:%S" if seconds else f"{pattern} %H:%M")


def day(stored: str) -> str:
    """The day of a stored time as ISO-8601 writes it (``2026-12-01``, so that days sort): in the local
    time zone; in English, the day the stored text says."""
    local = None if in_utc() else _local(stored)
    return local.date().isoformat() if local is not None else stored[:10]


def day_text(iso: str) -> str:
    """A day written ``2026-12-01`` as the country writes it: ``01-12-2026`` in Dutch; in English as it is."""
    pattern = marks().date
    try:
        return date.fromisoformat(iso).strftime(pattern) if pattern else iso
    except ValueError:
        return iso


def _local(stored: str) -> datetime | None:
    """The stored time in the local time zone; None for a text that is no time with an offset (a store
    damaged by hand, shown as it is rather than guessed at)."""
    try:
        stamp = datetime.fromisoformat(stored)
    except ValueError:
        return None
    return stamp.astimezone() if stamp.utcoffset() is not None else None
