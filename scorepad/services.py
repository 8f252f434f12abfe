"""What each command does, as one transaction over the store.

Every function opens the transaction, loads the match, asks the rules core,
writes, and returns the resulting state. A refusal raises before anything is
written, and the transaction rolls back whatever it touched.
"""

from __future__ import annotations

import uuid
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING

from .core.cards import Card
from .core.errors import RuleError
from .core.match import Entry, Format, FormatKind, MatchState, NextDeal, Settings, correct, deal_index, replay
from .core.rules import RuleSet
from .core.scoring import ScoreInput, parse_score_token
from .core.seats import cut_winner
from .core.names import check_name
from .store import repo
from .store.db import NoStoreYet, Store

if TYPE_CHECKING:
    from sqlalchemy import Connection


@dataclass
class Result:
    """A match after a command: its id, name and state, and what the command noted."""

    match_id: int
    name: str | None
    state: MatchState
    note: str | None = None


def _result(match: repo.StoredMatch, state: MatchState, note: str | None = None) -> Result:
    return Result(match.id, match.name, state, note)


def new_match(
    store: Store,
    players: Sequence[str],
    rules: RuleSet,
    format: Format | None = None,
    first_dealer: str | None = None,
    cuts: Sequence[Mapping[str, Card]] = (),
    name: str | None = None,
) -> Result:
    names = tuple(check_name(p) for p in players)
    name = name or None  # an empty name is no name; any other text is kept exactly (the CSV escapes it)
    seen: dict[str, str] = {}
    for player in names:
        if player.casefold() in seen:
            raise RuleError(f"two players are called {player!r}: names must differ (ignoring case)")
        seen[player.casefold()] = player
    format = format or Format(FormatKind.DEALS, 3 * len(names))
    probe = Settings(names, rules, format)  # checks the number of players and the format
    if first_dealer is not None and cuts:
        raise RuleError("name the first dealer or give the cut, not both")
    dealer = 0
    if first_dealer is not None:
        dealer = probe.seat_of(first_dealer)
    elif cuts:
        rounds = [{probe.seat_of(n): c for n, c in r.items()} for r in cuts]
        dealer = cut_winner(rounds, len(names), probe.names)
    settings = Settings(names, rules, format, dealer)
    cut_record = [{n: c.ascii() for n, c in r.items()} for r in cuts] or None
    with store.write(create=True) as conn:
        match_id = repo.create(conn, settings, name, uuid.uuid4().hex, cut_record)
    return Result(match_id, name, MatchState.start(settings))


def _scores(settings: Settings, tokens: Sequence[str]) -> dict[int, ScoreInput]:
    entries: dict[int, ScoreInput] = {}
    for token in tokens:
        player, score = parse_score_token(token)
        seat = settings.seat_of(player)
        if seat in entries:
            raise RuleError(f"{settings.players[seat]} is given two scores")
        entries[seat] = score
    return entries


def _check_open(match: repo.StoredMatch, state: MatchState) -> None:
    if match.abandoned_at:
        raise RuleError(f"match {match.id} is abandoned")
    if state.finished:
        raise RuleError(f"match {match.id} is finished")


def _entry(state: MatchState, tokens: Sequence[str], renege: str | None) -> Entry:
    """What the table entered for the state's next deal, checked."""
    if renege and tokens:
        raise RuleError("give either the scores or --renege NAME, not both")
    if renege:
        return state.enter_renege(state.settings.seat_of(renege))
    if not tokens:
        raise RuleError("no scores given: write NAME=POINTS for every player, or --renege NAME")
    return state.enter(_scores(state.settings, tokens))


# One write each, inside a transaction the caller holds, against the match and
# state the caller holds: a command loads them fresh, the table mode
# (scorepad.table) keeps them between entries. Every check comes before the
# first write, so a refusal leaves both the store and ``match`` as they were.


@dataclass
class Written:
    """What one write did: the state after it, a note for the table, and the entry appended if any."""

    state: MatchState
    note: str | None = None
    deal: NextDeal | None = None
    entry: Entry | None = None
    touched: int | None = None  #: the match's write counter after this write


def write_deal(
    conn: Connection,
    match: repo.StoredMatch,
    state: MatchState,
    tokens: Sequence[str],
    renege: str | None = None,
    expect: int | None = None,
) -> Written:
    _check_open(match, state)
    deal = state.next
    if expect is not None and expect != deal.number:
        raise RuleError(f"the next deal is number {deal.number}, not {expect}: was it entered already?")
    entry = _entry(state, tokens, renege)
    after = state.apply(entry)
    repo.append(conn, match, deal, entry)
    touched = repo.summarise(conn, match.id, after)
    note = None
    if entry.outcome.slam is not None:
        slammer = state.settings.players[entry.outcome.slam]
        note = f"{slammer} took every penalty card: recorded as {entry.outcome.scores[entry.outcome.slam]}"
    return Written(after, note, deal, entry, touched)


def write_misdeal(conn: Connection, match: repo.StoredMatch, state: MatchState) -> Written:
    _check_open(match, state)
    deal = state.next
    entry = state.enter_misdeal()
    repo.append(conn, match, deal, entry)
    touched = repo.summarise(conn, match.id, state)
    dealer = state.settings.players[deal.dealer]
    return Written(state, f"misdeal: {dealer} deals deal {deal.number} again", deal, entry, touched)


def write_undo(conn: Connection, match: repo.StoredMatch) -> Written:
    """Take back the last entry of ``match`` (which loses it) and fold the rest again."""
    if match.abandoned_at:
        raise RuleError(f"match {match.id} is abandoned")
    if not match.entries:
        raise RuleError(f"match {match.id} has no entry to undo")
    gone = repo.undo_last(conn, match)
    state = match.state()
    touched = repo.summarise(conn, match.id, state)
    what = "misdeal" if gone.entry.kind.value == "misdeal" else f"{gone.entry.kind.value} {gone.number}"
    return Written(state, f"undone: {what}", touched=touched)


def write_fix(
    conn: Connection, match: repo.StoredMatch, number: int, tokens: Sequence[str], renege: str | None = None
) -> Written:
    """Replace deal ``number``; ``match.entries`` then no longer says what stands: load it again."""
    if match.abandoned_at:
        raise RuleError(f"match {match.id} is abandoned")
    entries = match.core_entries
    index = deal_index(entries, number)
    made = {}

    def make(before: MatchState) -> Entry:
        made["deal"] = before.next
        return _entry(before, tokens, renege)

    changed, state = correct(match.settings, entries, number, make)
    repo.replace_entry(conn, match, index, made["deal"], changed[index])
    touched = repo.summarise(conn, match.id, state)
    return Written(state, f"deal {number} corrected", touched=touched)


def record_deal(
    store: Store, match_id: int | None, tokens: Sequence[str], renege: str | None = None, expect: int | None = None
) -> Result:
    with store.write() as conn:
        match = repo.load(conn, repo.resolve_match_id(conn, match_id), lock=True)
        done = write_deal(conn, match, match.state(), tokens, renege, expect)
    return _result(match, done.state, done.note)


def record_misdeal(store: Store, match_id: int | None) -> Result:
    with store.write() as conn:
        match = repo.load(conn, repo.resolve_match_id(conn, match_id), lock=True)
        done = write_misdeal(conn, match, match.state())
    return _result(match, done.state, done.note)


def undo(store: Store, match_id: int | None) -> Result:
    with store.write() as conn:
        match = repo.load(conn, repo.resolve_match_id(conn, match_id), lock=True)
        done = write_undo(conn, match)
    return _result(match, done.state, done.note)


def fix(store: Store, match_id: int | None, number: int, tokens: Sequence[str], renege: str | None = None) -> Result:
    with store.write() as conn:
        match = repo.load(conn, repo.resolve_match_id(conn, match_id), lock=True)
        done = write_fix(conn, match, number, tokens, renege)
    return _result(match, done.state, done.note)


def abandon(store: Store, match_id: int | None) -> Result:
    with store.write() as conn:
        match = repo.load(conn, repo.resolve_match_id(conn, match_id), lock=True, entries=False)
        state = match.state()
        _check_open(match, state)
        state = state.abandon()
        repo.summarise(conn, match.id, state, abandoned_at=repo.now())
    return _result(match, state, f"match {match.id} abandoned")


def rename(store: Store, match_id: int | None, old: str, new: str) -> Result:
    with store.write() as conn:
        match = repo.load(conn, repo.resolve_match_id(conn, match_id), lock=True)
        seat = match.settings.seat_of(old)
        old = match.settings.players[seat]  # as stored, whatever case it was typed in
        new = check_name(new)
        for other, player in enumerate(match.settings.players):
            if other != seat and player.casefold() == new.casefold():
                raise RuleError(f"{player} already plays in match {match.id}")
        repo.rename(conn, match.id, seat, new)
        repo.summarise(conn, match.id, match.state())
        match = repo.load(conn, match.id, entries=False)
    return _result(match, match.state(), f"{new} was {old}")


def status(store: Store, match_id: int | None) -> Result:
    with store.read() as conn:  # the stored snapshot: a long match's entries need not be read
        match = repo.load(conn, repo.resolve_match_id(conn, match_id), entries=False)
    return _result(match, match.state())


@dataclass
class HistoryRow:
    number: int
    kind: str
    dealer: str
    scores: dict[str, int]
    renege: str | None
    totals: dict[str, int]
    recorded_at: str


def history(store: Store, match_id: int | None) -> tuple[Result, list[HistoryRow]]:
    with store.read() as conn:
        match = repo.load(conn, repo.resolve_match_id(conn, match_id))
    players = match.settings.players
    rows = []
    state = MatchState.start(match.settings)
    for stored, step in zip(match.entries, replay(match.settings, match.core_entries)):
        outcome, state = step.entry.outcome, step.after
        rows.append(
            HistoryRow(
                number=step.number,
                kind=step.entry.kind.value,
                dealer=players[step.dealer],
                scores={players[s]: p for s, p in outcome.scores.items()} if outcome else {},
                renege=players[outcome.renege] if outcome and outcome.renege is not None else None,
                totals=dict(zip(players, state.totals)),
                recorded_at=stored.recorded_at,
            )
        )
    return _result(match, state.abandon() if match.abandoned_at else state), rows


def matches(store: Store) -> list[dict]:
    try:
        with store.read() as conn:
            return repo.list_matches(conn)
    except NoStoreYet:
        return []
