"""The table mode's session: one match kept in memory while a table plays it.

``scorepad play`` opens the store and loads the match once, then applies
every entry to the state it holds (``state.apply``) and writes it in one short
transaction through the same ``services.write_*`` functions the one-shot
commands use. Someone may write the same match meanwhile (``scorepad deal``
from another terminal): each transaction first compares the match row's
``touched`` counter, which every write bumps, with the value the session saw
last, and reloads the match if it moved.

The line protocol (spec/CLI.md, ``scorepad play``) is parsed here too, so that
the terminal and the pipe read exactly the same entries.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from sqlalchemy import Connection

from . import services
from .core.errors import NotationError, RuleError, UnknownNameError
from .core.match import MatchState
from .services import Result, Written
from .store import repo
from .store.db import Store

#: Words of the line protocol, besides ``NAME=SCORE ...``; ``fix`` and ``help`` are additions to spec/CLI.md.
COMMANDS = ("renege", "misdeal", "undo", "fix", "status", "help", "quit")


@dataclass(frozen=True)
class Command:
    """One line of the protocol, read but not yet checked against the match."""

    verb: str  #: "deal" for a line of scores, else one of COMMANDS
    tokens: tuple[str, ...] = ()  #: NAME=SCORE tokens, for deal and fix
    name: str | None = None  #: the offender, for renege (and fix N renege NAME)
    number: int | None = None  #: the deal to correct, for fix


def parse_line(line: str) -> Command | None:
    """Read one line: None for a blank line or a comment. Names never hold ``#``, so it starts a comment."""
    words = line.split("#", 1)[0].split()
    if not words:
        return None
    if "=" in words[0]:  # a command word never holds '=', a score always does
        return Command("deal", tuple(words))
    verb, rest = words[0].lower(), words[1:]
    if verb == "renege":
        return Command(verb, name=_one_name(rest, "renege NAME"))
    if verb == "fix":
        if not rest or not rest[0].isdigit() or int(rest[0]) < 1:
            raise NotationError("write fix N NAME=SCORE ... (or fix N renege NAME), N the deal to correct")
        number, rest = int(rest[0]), rest[1:]
        if rest and rest[0].lower() == "renege":
            return Command(verb, name=_one_name(rest[1:], f"fix {number} renege NAME"), number=number)
        if not rest:
            raise NotationError(f"fix {number} needs the deal's scores: fix {number} NAME=SCORE ...")
        return Command(verb, tuple(rest), number=number)
    if verb in COMMANDS:
        if rest:
            raise NotationError(f"{verb} takes nothing after it")
        return Command(verb)
    raise NotationError(
        f"not an entry: {words[0]!r} (scores as NAME=SCORE for every player, or renege NAME, misdeal, undo, status, quit)"
    )


def _one_name(rest: list[str], usage: str) -> str:
    if len(rest) != 1:
        raise NotationError(f"write {usage}, with one player's name")
    return rest[0]


class MatchChanged(RuleError):
    """Someone else wrote the match meanwhile: the session reloaded it and wrote nothing."""


class TableSession:
    """A match held in memory between entries, written one short transaction at a time."""

    def __init__(self, store: Store, match_id: int | None) -> None:
        self.store = store
        with store.read() as conn:
            self._load(conn, repo.resolve_match_id(conn, match_id))
        if self.match.abandoned_at:
            raise RuleError(f"match {self.match.id} is abandoned")
        self._stale = False  # set when a write failed half-way: memory may be ahead of the store

    @property
    def result(self) -> Result:
        return Result(self.match.id, self.match.name, self.state)

    def run(self, command: Command) -> Result:
        """Enter one command that writes; the Result carries the new state and what to tell the table."""
        verb = command.verb
        # The lambdas read self.match and self.state when called: after any reload.
        if verb in ("deal", "renege"):
            tokens, offender = (command.tokens, None) if verb == "deal" else ((), command.name)
            return self._write(lambda conn: services.write_deal(conn, self.match, self.state, tokens, offender))
        if verb == "misdeal":
            return self._write(lambda conn: services.write_misdeal(conn, self.match, self.state))
        if verb == "undo":
            return self._write(lambda conn: services.write_undo(conn, self.match), blind=False)
        if verb == "fix":
            number, tokens, offender = command.number, command.tokens, command.name
            return self._write(
                lambda conn: services.write_fix(conn, self.match, number, tokens, offender), blind=False, reload=True
            )
        raise ValueError(f"{verb} does not write")

    def refresh(self) -> str | None:
        """Reload if the match was written elsewhere (before showing a status); say so."""
        with self.store.read() as conn:
            if not self._stale and repo.touched(conn, self.match.id) == self.touched:
                return None
            self._load(conn, self.match.id)
        self._stale = False
        return f"match {self.match.id} was changed from elsewhere: reloaded it"

    # Writing.

    def _write(self, action: Callable[[Connection], Written], blind: bool = True, reload: bool = False) -> Result:
        """Run one write in its own transaction, after checking that nobody else wrote the match.

        After a reload, a deal or misdeal (``blind``) still goes ahead when the
        deal due is the one the table was shown (e.g. a player was renamed
        elsewhere); an undo or a fix never does: it would take back or change
        something the table has not seen. ``reload``: read the match again
        after writing, for a fix, which replaces an entry in the middle.
        """
        note = None
        try:
            with self.store.write() as conn:
                if self._stale or repo.touched(conn, self.match.id, lock=True) != self.touched:
                    shown = self.state.next
                    self._load(conn, self.match.id)
                    self._stale = False
                    note = f"match {self.match.id} was changed from elsewhere: reloaded it"
                    if not (blind and self.state.next == shown):
                        raise MatchChanged(f"{note}; nothing was entered: check the status and enter again")
                done = action(conn)  # an appended entry is in self.match.entries already
                if reload:
                    self._load(conn, self.match.id)
                else:
                    self.touched, self.state = done.touched, done.state
        except (NotationError, RuleError, UnknownNameError) as error:
            # Refused before anything was written: memory and store still agree.
            if note and not isinstance(error, MatchChanged):
                raise MatchChanged(f"{note}; {error}") from None
            raise
        except BaseException:
            self._stale = True  # e.g. the commit failed after memory moved on: reload before the next write
            raise
        notes = [n for n in (note, done.note) if n]
        return Result(self.match.id, self.match.name, self.state, "; ".join(notes) or None)

    def _load(self, conn: Connection, match_id: int) -> None:
        self.match = repo.load(conn, match_id)
        self.state: MatchState = self.match.state()
        self.touched = repo.touched(conn, match_id)
