"""The store's refusals, and the database's own error messages put in words people read."""

from __future__ import annotations

from collections.abc import Sequence

from ..core.errors import ScorepadError, UnknownNameError
from ..core.language import N_, Phrase


class StoreError(ScorepadError):
    """The store cannot be opened, read or written as it is."""


class NoMatchYet(UnknownNameError):
    """No match to name: none has been started."""

    def __init__(self) -> None:
        super().__init__(N_("there is no match yet"))


class NoStoreYet(StoreError, NoMatchYet):
    """Nothing has been written yet: the SQLite file does not exist."""


class DamagedMatch(StoreError):
    """A match the store holds as scorepad never writes one (edited by hand): what cannot be worked out again."""

    def __init__(self, match_id: int, players: Sequence[str], problem: object) -> None:
        super().__init__(
            N_("match {match} is damaged in the store (players {players}): {problem}"),
            match=match_id,
            players=", ".join(players),
            problem=problem,
        )


def reason(message: str) -> Phrase | str:
    """What a database error means, in scorepad's words where the database's own are jargon;
    else its first line, as the database wrote it (in English: the database speaks no other)."""
    message = message.strip().splitlines()[0] if message.strip() else message
    if "file is not a database" in message:
        return Phrase(N_("this file is not a scorepad database"))
    if "readonly" in message or "read-only" in message:
        return Phrase(N_("the store cannot be written (read-only)"))
    if "disk is full" in message or "database or disk is full" in message:
        return Phrase(N_("the disk is full: nothing was written"))
    if "unable to open" in message:
        return Phrase(N_("cannot open the database file"))
    return message
