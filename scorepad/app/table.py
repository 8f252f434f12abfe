"""The table mode's session: one match kept in memory while a table plays it.

``scorepad play`` opens the store and loads the match once, then applies
every entry to the state it holds (``state.apply``) and writes it in one short
transaction through the same ``entering.write_*`` functions the one-shot
commands use. Someone may write the same match meanwhile (``scorepad deal``
from another terminal): each transaction first compares the match row's
``touched`` counter, which every write bumps, with the value the session saw
last, and reloads the match if it moved.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import TYPE_CHECKING

from ..core.errors import MatchClosed, NotationError, RuleError, UnknownNameError
from ..core.language import N_, Phrase
from ..core.match import MatchState
from ..store import matches
from ..store.db import StoreError
from .entering import Entered, WriteOutcome, rematch, write_deal, write_fix, write_misdeal, write_seat, write_undo
from .errors import NotOverYet
from .results import Result

if TYPE_CHECKING:
    from ..store.db import Connection, Store


@dataclass(frozen=True)
class EnterDeal:
    """The next deal's scores, or its renege."""

    entered: Entered


@dataclass(frozen=True)
class EnterMisdeal:
    """The deal was misdealt: the same dealer deals again."""


@dataclass(frozen=True)
class Undo:
    """Take back the last entry."""


@dataclass(frozen=True)
class Fix:
    """Replace deal ``number``'s scores."""

    number: int
    entered: Entered


@dataclass(frozen=True)
class Seat:
    """A substitute: ``new`` plays the seat of ``old`` from the next deal on."""

    old: str
    new: str


@dataclass(frozen=True)
class Again:
    """Once the match is over: a rematch, as ``new --like`` makes it, and play on in it."""


#: Everything the table can ask of a session that writes.
Action = EnterDeal | EnterMisdeal | Seat | Undo | Fix | Again


class MatchChanged(RuleError):
    """Someone else wrote the match meanwhile: the session reloaded it and wrote nothing."""


class TableSession:
    """A match held in memory between entries, written one short transaction at a time."""

    match: matches.StoredMatch
    state: MatchState
    touched: int  #: the match row's write counter as this session last saw it

    def __init__(self, store: Store, match_id: int | None) -> None:
        self.store = store
        store.keep_open()  # one connection for the whole session: a deal is one short transaction
        with store.read() as conn:
            self._load(conn, matches.resolve_match_id(conn, match_id))
        if self.match.abandoned_at:
            raise MatchClosed(abandoned=True, match=self.match.id)
        self._stale = False  # set when a write failed half-way: memory may be ahead of the store
        self.last: WriteOutcome | None = None  #: what the last write did, for the table to read back

    @property
    def result(self) -> Result:
        return Result(self.match.id, self.match.name, self.state)

    def run(self, action: Action) -> Result:
        """Enter one action; the Result carries the new state and what to tell the table."""
        # The lambdas read self.match and self.state when called: after any reload.
        if isinstance(action, EnterDeal):
            return self._write(lambda conn: write_deal(conn, self.match, self.state, action.entered))
        if isinstance(action, EnterMisdeal):
            return self._write(lambda conn: write_misdeal(conn, self.match, self.state))
        if isinstance(action, Seat):
            return self._write(lambda conn: write_seat(conn, self.match, self.state, action.old, action.new))
        if isinstance(action, Undo):
            return self._write(lambda conn: write_undo(conn, self.match), blind=False)
        if isinstance(action, Again):
            return self._again()
        return self._write(
            lambda conn: write_fix(conn, self.match, action.number, action.entered), blind=False, reload=True
        )

    def _again(self) -> Result:
        self.refresh()
        if not self.state.finished:
            raise NotOverYet(self.match.id)
        old = self.match.id
        new = rematch(self.store, old)
        with self.store.read() as conn:
            self._load(conn, new.match_id)
        note = Phrase(N_("match {match}: a rematch of match {old}"), match=self.match.id, old=old)
        return Result(self.match.id, self.match.name, self.state, (note,))

    def refresh(self) -> Phrase | None:
        """Reload if the match was written since this session saw it (before showing a status); say so."""
        with self.store.read() as conn:
            now = matches.touched(conn, self.match.id)
            if not self._stale and now == self.touched:
                return None
            note = self._reload_note(now)
            self._load(conn, self.match.id)
        self._stale = False
        return note

    def _reload_note(self, now: int) -> Phrase | None:
        """What a reload brings, for the table to hear, given the store's write counter ``now``.

        None after a failed write that left the store as it was: the reload only
        takes back what memory had run ahead with, and nobody else wrote.
        """
        if now == self.touched:
            return None
        if self._stale:  # a lost connection may have committed the write after all
            return Phrase(
                N_(
                    "match {match} changed since the write that failed (saved after all, or written from elsewhere):"
                    " reloaded it"
                ),
                match=self.match.id,
            )
        return Phrase(N_("match {match} was changed from elsewhere: reloaded it"), match=self.match.id)

    # Writing.

    def _write(self, action: Callable[[Connection], WriteOutcome], blind: bool = True, reload: bool = False) -> Result:
        """Run one write in its own transaction, after checking that nobody else wrote the match.

        After a reload, a deal or misdeal (``blind``) still goes ahead when the
        deal due is the one the table was shown (e.g. a player was renamed
        elsewhere); an undo or a fix never does: it would take back or change
        something the table has not seen. ``reload``: read the match again
        after writing, for a fix, which replaces an entry in the middle.
        """
        note = None
        seen = self.touched  # the counter as committed: what the store still holds if this write fails
        try:
            with self.store.write() as conn:
                now = matches.touched(conn, self.match.id, lock=True)
                if self._stale or now != self.touched:
                    shown = self.state.next
                    note = self._reload_note(now)
                    self._load(conn, self.match.id)
                    self._stale = False
                    if note and not (blind and self.state.next == shown):
                        raise MatchChanged(
                            N_("{note}; nothing was entered: check the status and enter again"), note=note
                        )
                done = action(conn)  # an appended entry is in self.match.entries already
                self.last = done
                if reload:
                    self._load(conn, self.match.id)
                else:
                    self.touched, self.state = done.touched, done.state
        except (NotationError, RuleError, UnknownNameError) as error:
            # Refused before anything was written: memory and store still agree.
            if note and not isinstance(error, MatchChanged):
                raise MatchChanged(N_("{note}; {error}"), note=note, error=error) from None
            raise
        except StoreError as error:  # e.g. a full disk at the commit: the store said no, not another writer
            self._failed(seen)
            self._catch_up()
            raise StoreError(N_("the write failed: {error}"), error=error) from None
        except BaseException:
            self._failed(seen)
            raise
        notes = (note, *done.notes) if note else done.notes
        return Result(self.match.id, self.match.name, self.state, notes)

    def _failed(self, seen: int) -> None:
        """After a failed write memory may be ahead of the store: reload before the next action."""
        self._stale = True
        self.touched = seen

    def _catch_up(self) -> None:
        """Take memory back to the store at once (the prompt shows the deal due), if nobody else wrote."""
        try:
            with self.store.read() as conn:
                if matches.touched(conn, self.match.id) != self.touched:
                    return  # the next action reloads, and says why
                self._load(conn, self.match.id)
        except StoreError:
            return  # the store is out of reach just now: the next action reloads
        self._stale = False

    def _load(self, conn: Connection, match_id: int) -> None:
        self.match = matches.load(conn, match_id)
        self.state = self.match.state()
        self.touched = matches.touched(conn, match_id)
