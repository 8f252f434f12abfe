"""Auditing deal records from files, and entering an audited deal in a match.

Reading and auditing need no store: a batch of files touches the database only
when a match is named, and then once for its rules. The store, the entering
use cases and the match state are imported by the functions that use them,
because loading SQLAlchemy costs more than auditing a hundred records.
"""

from __future__ import annotations

import sys
from dataclasses import dataclass
from typing import TYPE_CHECKING

from ..core.engine import AuditReport, audit, taken_cards
from ..core.errors import MatchClosed, RecordErrors, RuleError, ScorepadError, os_reason
from ..core.language import N_, Counted, Phrase
from ..core.names import name_key
from ..core.record import parse_record
from ..core.rules import RuleSet
from .inputs import MiB, read_path, read_stream

if TYPE_CHECKING:
    from ..core.match import MatchState
    from ..store.db import Store
    from ..store.matches import StoredMatch
    from .entering import Entered
    from .results import Result

STDIN = "-"
#: A record of two decks dealt to ten players is some 2 KB, and 10 KB with a comment on every
#: trick: a megabyte is no deal record, but /dev/urandom or a file named by mistake.
RECORD_LIMIT = 1 * MiB
TOO_LONG = Phrase(N_("no deal record is anywhere near that long"))


@dataclass(frozen=True)
class Audited:
    """One file's audit: its report, or why there is none."""

    source: str  #: the file as named on the command line; ``-`` for standard input
    report: AuditReport | None = None
    refusal: ScorepadError | None = None  #: what kept the file from being audited
    problems: tuple[tuple[int, object], ...] = ()  #: every unreadable line of the record: (line, what was wrong)

    @property
    def error(self) -> str | None:
        """What kept the file from being audited, in English, as JSON gives it."""
        return None if self.refusal is None else str(self.refusal)

    @property
    def errors(self) -> list[Phrase | ScorepadError]:
        """What kept the file from being audited, one sentence per problem."""
        if self.problems:
            return [Phrase(N_("line {line}: {problem}"), line=line, problem=text) for line, text in self.problems]
        return [self.refusal] if self.refusal is not None else []

    @property
    def passed(self) -> bool:
        """Complete and breaking no rule: what exit 0 asks of every record."""
        return self.report is not None and self.report.complete and self.report.legal

    @property
    def name(self) -> str:
        return "<stdin>" if self.source == STDIN else self.source

    def to_json(self) -> dict:
        """The report as the spec shapes it; a file without one is ``{"file", "error"}`` in its place."""
        if self.report is None:
            data: dict = {"file": self.source, "error": self.error}
            if self.problems:
                data["errors"] = [{"line": line, "message": str(text)} for line, text in self.problems]
            return data
        return self.report.to_json()


def read_text(source: str) -> str:
    """The text of a file, or of standard input for ``-``: UTF-8, any line endings."""
    if source == STDIN:
        if sys.stdin is None or sys.stdin.closed:
            raise _unreadable(Phrase(N_("standard input is closed")))
        if not hasattr(sys.stdin, "buffer"):  # a text-only stream, already decoded
            return read_stream(sys.stdin, RECORD_LIMIT, TOO_LONG)
        data = read_stream(sys.stdin.buffer, RECORD_LIMIT, TOO_LONG)
    else:
        data = read_path(source, RECORD_LIMIT, TOO_LONG)
    try:
        return data.decode("utf-8")
    except UnicodeDecodeError as error:
        line = data.count(b"\n", 0, error.start) + 1
        raise ScorepadError(N_("line {line}: not UTF-8 text"), line=line) from None


def _unreadable(reason: Phrase | str) -> ScorepadError:
    return ScorepadError(N_("cannot read it: {reason}"), reason=reason)


def read_source(source: str) -> str | Audited:
    """The text of a record to audit, or, when it cannot be read, its audit: the refusal."""
    try:
        return read_text(source)
    except OSError as error:
        return Audited(source, refusal=_unreadable(os_reason(error)))
    except ScorepadError as error:
        return Audited(source, refusal=error)


def audit_source(source: str, rules: RuleSet | None = None, match_id: int | None = None) -> Audited:
    """Read, parse and audit one file, under the match's ``rules`` when a match is named."""
    text = read_source(source)
    return text if isinstance(text, Audited) else audit_text(source, text, rules, match_id)


def audit_text(source: str, text: str, rules: RuleSet | None = None, match_id: int | None = None) -> Audited:
    """Parse and audit the text of a record read from ``source``."""
    try:
        record = parse_record(text, rules)
        if rules is not None and record.rules is not None and record.rules != rules:
            raise RuleError(
                N_("the record's rules ({record}) are not match {match}'s ({rules})"),
                record=record.rules.notation(),  # the rules: line of a record: notation
                match=match_id,
                rules=rules.notation(),
            )
        report = audit(record, rules)  # refuses a table with no deck (7 players, one deck)
    except RecordErrors as error:
        return Audited(source, refusal=error, problems=tuple(error.refusals))
    except ScorepadError as error:
        return Audited(source, refusal=error)
    return Audited(source, report)


def match_rules(store: Store, match_id: int | None) -> tuple[int, RuleSet]:
    """The match asked for (else the latest used) and its rules, in one read."""
    from ..store import matches

    with store.read() as conn:
        found = matches.resolve_match_id(conn, match_id)
        return found, matches.load(conn, found, entries=False).settings.rules


def record_audited(store: Store, match_id: int, audited: Audited) -> Result:
    """Enter an audited deal as ``scorepad deal`` would: its cards, or the renege.

    Refused, with nothing written, unless the record is the deal the match
    expects next (its players in seat order, its dealer) and is either complete
    and legal or shows a renege, whose outcome the rules fix whatever else it shows.
    """
    from ..store import matches
    from .entering import write_deal
    from .notes import Recorded
    from .results import Result

    report = audited.report
    assert report is not None, "only an audited record can be entered"
    with store.write() as conn:
        match = matches.load(conn, match_id, lock=True)
        state = match.state()
        _check_deal(match, state, report)
        done = write_deal(conn, match, state, _entered(report))  # the rules core checks the cards again
        # Should the rules core ever score the cards otherwise than the audit
        # did, the store must not keep its version: the transaction rolls back.
        assert done.deal is not None and done.entry is not None and done.entry.outcome is not None
        players = done.state.settings.players
        scored = {name_key(players[seat]): points for seat, points in done.entry.outcome.scores.items()}
        if scored != {name_key(name): points for name, points in report.scores.items()}:
            raise RuntimeError(f"the audit and the score check disagree on deal {done.deal.number}")
    return Result(match.id, match.name, done.state, (Recorded(done.deal.kind, done.deal.number, done.notes),))


def _check_deal(match: StoredMatch, state: MatchState, report: AuditReport) -> None:
    """The audited record must be of the deal the match expects next: same players in seat order, same dealer."""
    deal = state.next
    if match.abandoned_at or deal is None:
        raise MatchClosed(abandoned=bool(match.abandoned_at), match=match.id)
    players = [state.settings.players[seat] for seat in deal.players]  # a substitute's name where one sits
    what = Phrase(
        N_("tie-break deal {number} of match {match}") if deal.round else N_("deal {number} of match {match}"),
        number=deal.number,
        match=match.id,
    )
    if [name_key(p) for p in report.players] != [name_key(p) for p in players]:
        raise RuleError(
            N_("the record's players are {record}, but {deal} is played by {players}, in that seat order"),
            record=" ".join(report.players),
            deal=what,
            players=" ".join(players),
        )
    dealer = state.settings.players[deal.dealer]
    if name_key(report.dealer) != name_key(dealer):
        raise RuleError(
            N_("the record's dealer is {record}, but {dealer} deals {deal}"),
            record=report.dealer,
            dealer=dealer,
            deal=what,
        )


def _entered(report: AuditReport) -> Entered:
    """What ``scorepad deal`` would be given: each player's scoring cards, or the renege's offender."""
    from .entering import Renege
    from .errors import BreachesToSettle

    if report.renege is not None and report.renege.player is not None:  # a renege always has its offender
        return Renege(report.renege.player)
    if report.breaches:
        raise BreachesToSettle(len(report.breaches), report.breaches[0].message)
    if not report.complete:
        played = sum(len(trick.cards) for trick in report.tricks)
        raise RuleError(
            Counted(
                "the record is incomplete ({count} card played): only a complete record, or one with a renege,"
                " can be entered",
                "the record is incomplete ({count} cards played): only a complete record, or one with a renege,"
                " can be entered",
                played,
            )
        )
    # Cards rather than points, so the store keeps who took which penalty card.
    taken = taken_cards(report.players, report.tricks)
    return {name: tuple(card for card in cards if report.rules.points(card)) for name, cards in taken.items()}
