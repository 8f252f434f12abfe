"""Small pieces of language that every view puts together the same way, and what a command tells the table."""

from __future__ import annotations

from collections.abc import Iterable, Sequence

from ..app.notes import Note, Recorded, Undone
from ..core import language
from ..core.language import _
from ..core.match import Entry, EntryKind


def and_list(names: Iterable[str]) -> str:
    """``Ann``, ``Ann and Bob``, ``Ann, Bob and Cat``, in the language in use."""
    return language.and_list(names).localized()


def entry_words(kind: EntryKind, number: int) -> str:
    """How a note names an entry: ``deal 3``, ``tie-break deal 4``, ``misdeal of deal 2``."""
    if kind is EntryKind.TIEBREAK:
        return _("tie-break deal {number}").format(number=number)
    if kind is EntryKind.MISDEAL:
        return _("misdeal of deal {number}").format(number=number)
    return _("deal {number}").format(number=number)


def scores_text(players: Sequence[str], entry: Entry) -> str:
    """``Ann 13, Bob 10, Cat 20``, and who reneged: an entry's scores as a table reads them back."""
    outcome = entry.outcome
    if outcome is None:
        return _("misdeal")
    text = ", ".join(f"{players[seat]} {points}" for seat, points in outcome.scores.items())
    if outcome.renege is None:
        return text
    return _("{scores}; renege by {player}").format(scores=text, player=players[outcome.renege])


def notes_text(notes: Iterable[Note]) -> str:
    """What a command noted, in the language in use: one sentence after another, in order."""
    return "; ".join(map(_note_text, notes))


def _note_text(note: Note) -> str:
    if isinstance(note, Undone):
        return _undone(note)
    if isinstance(note, Recorded):
        entered = _("Recorded as {entry}.").format(entry=entry_words(note.kind, note.number))
        if not note.notes:
            return entered
        return _("{recorded} {note}.").format(recorded=entered, note=notes_text(note.notes))
    return note.localized()


def _undone(undone: Undone) -> str:
    players, number = undone.players, undone.number
    if undone.replaced is not None:
        return _("undone: fix of deal {number} ({scores}); deal {number} is again {before}").format(
            number=number, scores=scores_text(players, undone.entry), before=scores_text(players, undone.replaced)
        )
    kind = undone.entry.kind
    scores = "" if kind is EntryKind.MISDEAL else f" ({scores_text(players, undone.entry)})"
    return _("undone: {entry}{scores}").format(entry=entry_words(kind, number), scores=scores)
