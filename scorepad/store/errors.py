"""The store's refusals, and the database's own error messages put in words people read."""

from __future__ import annotations

from ..core.errors import ScorepadError, UnknownNameError


class StoreError(ScorepadError):
    """The store cannot be opened, read or written as it is."""


class NoStoreYet(StoreError, UnknownNameError):
    """Nothing has been written yet: the SQLite file does not exist."""


def reason(message: str) -> str:
    """A database error's first line, or what it means where the wording is the database's own jargon."""
    message = message.strip().splitlines()[0] if message.strip() else message
    if "file is not a database" in message:
        return "this file is not a scorepad database"
    if "readonly" in message or "read-only" in message:
        return "the store cannot be written (read-only)"
    if "disk is full" in message or "database or disk is full" in message:
        return "the disk is full: nothing was written"
    if "unable to open" in message:
        return "cannot open the database file"
    return message
