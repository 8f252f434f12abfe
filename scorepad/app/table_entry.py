"""Entry from a table's phone: what the table's page shows, and one entry written as ``scorepad deal`` writes it.

A table's link names the table of a night, not a match: it follows the table
from round to round, to its match in the latest round seated. An entry
carries the deal number the phone showed (``next_deal``) and a key the page
made once for it. In one transaction, with the match locked as ``deal``
locks it: the key is looked up (an entry sent again after a lost answer is
answered as the first time, and written once), the deal number checked (a
deal another phone or the organiser entered first is refused, with what was
entered), and the entry written by the same ``entering.write_*`` as the
command line, marked in the trail with its source (``table 2, phone``).

The answer is worded by the edge (``word``) and kept here with the write, so
that a retry gets the very answer the first send was given.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import TYPE_CHECKING

from ..core.errors import RuleError
from ..core.language import N_
from ..core.match import Entry, MatchState
from ..store import matches, night_links
from ..store.entry_source import phone_source
from .entering import write_deal, write_misdeal, write_undo
from .results import Result
from .table import Action, EnterDeal, EnterMisdeal, Undo

if TYPE_CHECKING:
    from ..store.db import Connection, Store

#: What a table's phone may enter: a deal (its scores or a renege), a misdeal, an undo.
PHONE_ACTIONS = (EnterDeal, EnterMisdeal, Undo)


@dataclass(frozen=True)
class LastEntry:
    """The match's last entry that stands: its deal number and the entry, with the players then."""

    number: int
    entry: Entry
    players: tuple[str, ...]


@dataclass(frozen=True)
class TableNow:
    """A table of a night as its page shows it: its match in the latest round seated, if it has one there."""

    night_id: int
    round: int
    table: int
    match: Result | None
    last: LastEntry | None

    @property
    def next_deal(self) -> int:
        """The number of the deal the table enters next: what an entry must carry."""
        return next_deal(self.match.state) if self.match else 1


@dataclass(frozen=True)
class Written:
    """An entry from a phone, written: the deal number it was for, the action, and the match after it."""

    deal: int
    action: Action
    result: Result
    entry: Entry | None  #: the entry appended (a deal or a misdeal); None for an undo


class NotThisTablesMatch(RuleError):
    """The entry was for a match that is not the table's current one (or the table plays no match now)."""

    def __init__(self, table: int) -> None:
        super().__init__(N_("this is not the current match of table {table}: reload the page"), table=table)


class DealMoved(RuleError):
    """The entry was for a deal that is no longer the next one: someone entered first."""

    def __init__(self, now: TableNow, typed_for: int) -> None:
        super().__init__(
            N_("deal {number} was entered already: the next deal is {next}; check what was entered"),
            number=typed_for,
            next=now.next_deal,
        )
        self.now = now


def next_deal(state: MatchState) -> int:
    return state.scored + 1


def table_now(store: Store, night_id: int, table: int) -> TableNow:
    with store.read() as conn:
        return _now(conn, night_id, table)[0]


def _now(
    conn: Connection, night_id: int, table: int, lock: bool = False
) -> tuple[TableNow, matches.StoredMatch | None]:
    """The table now, and its match as the store holds it (locked with ``lock``)."""
    found = night_links.current_match(conn, night_id, table)
    if found is None:
        return TableNow(night_id, night_links.latest_round(conn, night_id), table, None, None), None
    round_, match_id = found
    match = matches.load(conn, match_id, lock=lock)
    state = match.state()
    last = None
    if match.entries:
        stored = match.entries[-1]
        last = LastEntry(stored.number, stored.entry, state.settings.players)
    return TableNow(night_id, round_, table, Result(match.id, match.name, state), last), match


def enter(
    store: Store,
    night_id: int,
    table: int,
    shown: int | None,
    deal: int,
    key: str,
    action: Action,
    word: Callable[[Written], str],
) -> tuple[bool, str]:
    """Write ``action`` for ``table`` as the entry for deal ``deal``: whether it was written now (False: the
    key's entry was written before), and the answer, worded by ``word`` and kept with the write.

    ``shown``: the match the page showed, if it said; an entry for another than the table's current one is refused.
    """
    with store.write() as conn:
        now, match = _now(conn, night_id, table, lock=True)  # locked, as ``deal`` locks it
        kept = night_links.answer(conn, night_id, table, key)
        if kept is not None:
            return False, kept
        if match is None or now.match is None or shown not in (None, match.id):
            raise NotThisTablesMatch(table)
        if deal != now.next_deal:
            raise DealMoved(now, deal)
        written = _write(conn, match, now.match.state, phone_source(table), deal, action)
        answer = word(written)
        night_links.keep_answer(conn, night_id, table, key, answer)
    return True, answer


def _write(
    conn: Connection, match: matches.StoredMatch, state: MatchState, source: str, deal: int, action: Action
) -> Written:
    if isinstance(action, EnterDeal):
        done = write_deal(conn, match, state, action.entered, source=source)
    elif isinstance(action, EnterMisdeal):
        done = write_misdeal(conn, match, state, source)
    elif isinstance(action, Undo):
        done = write_undo(conn, match, source)
    else:
        raise RuleError(N_("a table's phone enters a deal, a misdeal, a renege or an undo"))
    return Written(deal, action, Result(match.id, match.name, done.state, done.notes), done.entry)
