"""What a command tells the table besides the match's state: values, worded by ``present.descriptions``.

A note is a ``Phrase`` (a message and its fields, such as how a slam was
recorded), or, where the words lay out an entry, the entry itself: what an
undo took back, what a fix changed, and what an audited record was entered
as. A command may note several things; they are told in order.
"""

from __future__ import annotations

from dataclasses import dataclass

from ..core.language import Phrase
from ..core.match import Entry, EntryKind


@dataclass(frozen=True)
class Undone:
    """What an undo took back: entry ``number`` and its scores, or a fix of it, whose ``replaced`` scores stand again."""

    players: tuple[str, ...]
    number: int
    entry: Entry
    replaced: Entry | None = None  #: after undoing a fix: the entry that stands again


@dataclass(frozen=True)
class Fixed:
    """What a fix changed: deal ``number`` was ``old`` and is ``new``, read back as old → new."""

    players: tuple[str, ...]  #: the seats' players in that deal
    number: int
    old: Entry
    new: Entry


@dataclass(frozen=True)
class Recorded:
    """An audited deal entered in its match: the entry it became, and what entering it noted."""

    kind: EntryKind
    number: int
    notes: tuple[Note, ...] = ()


Note = Phrase | Undone | Fixed | Recorded
