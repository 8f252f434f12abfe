"""Entering a match: new, rematch, deal, misdeal, seat, undo, fix, abandon, rename; each one transaction.

Every function opens the transaction, loads the match, asks the rules core,
writes, and returns the resulting state. A refusal raises before anything is
written, and the transaction rolls back whatever it touched. Scores come as
values: each player's points or penalty cards by name, or a ``Renege``.
"""

from __future__ import annotations

import enum
import re
import uuid
from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING

from ..core.cards import Card
from ..core.errors import ImpossibleScores, MatchClosed, RuleError, UnknownNameError
from ..core.language import N_, Counted, Phrase
from ..core.match import (
    Entry,
    Format,
    FormatKind,
    MatchState,
    NextDeal,
    Settings,
    correct,
    deal_index,
    default_format,
    fold_steps,
    later_entries_first,
)
from ..core.names import MATCH_NAME_MAX_LENGTH, check_match_name, check_name, check_names, name_key
from ..core.rules import Preset, RuleSet
from ..core.scoring import ScoreInput, rest_of_total
from ..core.seats import cut_winner
from ..core.text import quoted
from ..store import matches
from ..store.rows import StoredEntry
from .errors import NoScores, RestTwice, RoundEnded, SeatsOfANight
from .notes import Fixed, Note, Undone
from .results import Result

if TYPE_CHECKING:
    from ..store.db import Connection, Store


class Rest(enum.Enum):
    """A score not typed: the rest of the deal total, once per deal (``?`` at the table)."""

    OF_TOTAL = "?"


REST = Rest.OF_TOTAL

#: One player's entry: points, the penalty cards taken, or the rest of the deal total.
Score = ScoreInput | Rest

#: One deal's scores by player name: ``{"Ann": 10, "Bob": (QS, 2H), ...}`` or the same as pairs.
ScoreSheet = Mapping[str, Score] | Iterable[tuple[str, Score]]


@dataclass(frozen=True)
class InSeatOrder:
    """One deal's scores without names: the deal's players in seat order (the tied ones in a tie-break)."""

    scores: tuple[Score, ...]


@dataclass(frozen=True)
class Renege:
    """The deal ended in a renege: the offender takes the penalty total, the others 0."""

    offender: str


#: What the table enters for one deal.
Entered = ScoreSheet | InSeatOrder | Renege


def new_match(
    store: Store,
    players: Sequence[str],
    rules: RuleSet,
    format: Format | None = None,
    first_dealer: str | None = None,
    cuts: Sequence[Mapping[str, Card]] = (),
    name: str | None = None,
) -> Result:
    names = check_names(players)
    name = check_match_name(name)
    format = format or default_format(len(names), rules)
    probe = Settings(names, rules, format)  # checks the number of players and the format
    if first_dealer is not None and cuts:
        raise RuleError(N_("name the first dealer or give the cut, not both"))
    dealer = 0
    if first_dealer is not None:
        dealer = probe.seat_of(first_dealer)
    elif cuts:
        rounds = [{probe.seat_of(n): c for n, c in r.items()} for r in cuts]
        dealer = cut_winner(rounds, len(names), probe.names, rules.decks)
    settings = Settings(names, rules, format, dealer)
    with store.write(create=True) as conn:
        match_id = matches.create(conn, settings, name, uuid.uuid4().hex, [dict(r) for r in cuts] or None)
    return Result(match_id, name, MatchState.start(settings))


def rematch(
    store: Store,
    match_id: int,
    players: Sequence[str] = (),
    format: Format | None = None,
    first_dealer: str | None = None,
    cuts: Sequence[Mapping[str, Card]] = (),
    name: str | None = None,
    preset: Preset | None = None,
    **options: object,
) -> Result:
    """A new match like ``match_id`` (a rematch): its players, rules and format, with what is given laid over them.

    The player left of its first dealer deals first, unless other players, a
    first dealer or a cut are given; the players are those in the seats at its
    end, substitutes included. ``preset`` and ``options`` are
    ``RuleSet.build``'s: a preset given starts from its own defaults; without
    one, each option given replaces the old match's. Its name comes numbered.
    """
    with store.read() as conn:
        before = matches.load(conn, matches.resolve_match_id(conn, match_id), entries=False)
    old = before.state().settings
    rules = _rules_over(old.rules, preset, options)
    if players:
        # A number of deals that went round the old table need not go round a new one: theirs is the default.
        kept = None if old.format.kind is FormatKind.DEALS else old.format
    else:
        players, kept = old.players, old.format
        if first_dealer is None and not cuts:
            first_dealer = old.players[(old.first_dealer + 1) % len(old.players)]
    return new_match(store, players, rules, format or kept, first_dealer, cuts, name or numbered(before.name))


#: A rematch's number after its name: "Clubavond (2)".
_NUMBERED = re.compile(r"(?P<name>.*) \((?P<number>[1-9][0-9]{0,8})\)")


def numbered(name: str | None) -> str | None:
    """The name of a rematch: "Clubavond" is followed by "Clubavond (2)", then "Clubavond (3)"."""
    if not name:
        return None
    found = _NUMBERED.fullmatch(name)
    base, number = (found["name"], int(found["number"]) + 1) if found else (name, 2)
    suffix = f" ({number})"
    return base[: MATCH_NAME_MAX_LENGTH - len(suffix)] + suffix  # a name at the most a match may have stays one


def _rules_over(old: RuleSet, preset: Preset | None, options: Mapping[str, object]) -> RuleSet:
    """The rules of a rematch: the preset given with the options given, else the old rules with them laid over."""
    if preset is not None:
        return RuleSet.build(preset, **options)
    kept = {
        "hearts": old.hearts,
        "slam": old.slam,
        "pass_rule": old.pass_rule,
        "omnibus": old.omnibus,
        "decks": old.decks,
    }
    given = {key: value for key, value in options.items() if value is not None}
    return RuleSet.build(old.preset, **(kept | given))


def _by_seat(state: MatchState, sheet: ScoreSheet) -> dict[int, Score]:
    entries: dict[int, Score] = {}
    for player, score in sheet.items() if isinstance(sheet, Mapping) else sheet:
        seat = state.seat_of(player)
        if seat in entries:
            raise RuleError(N_("{player} is given two scores"), player=state.settings.players[seat])
        entries[seat] = score
    return entries


def _check_open(match: matches.StoredMatch, state: MatchState) -> None:
    if match.abandoned_at or state.finished:
        raise MatchClosed(abandoned=bool(match.abandoned_at), match=match.id)


def _due(state: MatchState) -> NextDeal:
    deal = state.next
    if deal is None:
        raise MatchClosed(state.abandoned)
    return deal


def _entry(state: MatchState, entered: Entered) -> tuple[Entry, Phrase | None]:
    """What the table entered for the state's next deal, checked; and what a ``?`` turned out to be."""
    if isinstance(entered, Renege):
        return state.enter_renege(state.seat_of(entered.offender)), None
    return _checked(state, _scores(state, entered))


def _scores(state: MatchState, entered: ScoreSheet | InSeatOrder) -> dict[int, Score]:
    """The scores entered for the state's next deal, by seat."""
    if not isinstance(entered, InSeatOrder):
        return _by_seat(state, entered)
    deal = _due(state)
    if len(entered.scores) != len(deal.players):
        count = len(entered.scores)
        raise RuleError(
            Counted(
                "{count} score in seat order, but deal {number} has {players} players: {names}",
                "{count} scores in seat order, but deal {number} has {players} players: {names}",
                count,
                number=deal.number,
                players=len(deal.players),  # two at least: a deal is never one player's
                names=", ".join(state.settings.players[s] for s in deal.players),
            )
        )
    return dict(zip(deal.players, entered.scores, strict=True))


def _checked(state: MatchState, scores: Mapping[int, Score]) -> tuple[Entry, Phrase | None]:
    """The scores of the state's next deal as an entry, checked; and what a ``?`` among them turned out to be."""
    deal = _due(state)
    if not scores:
        raise NoScores()
    rest = [seat for seat, score in scores.items() if score is REST]
    if len(rest) > 1:
        raise RestTwice()
    typed = {seat: score for seat, score in scores.items() if not isinstance(score, Rest)}
    if not rest:
        return state.enter(typed), None
    seat = rest[0]
    players = state.settings.players
    value = rest_of_total(state.rules, deal.players, typed)
    note = Phrase(
        N_("{player}: {points}, the rest of {total}"), player=players[seat], points=value, total=deal.deal_total
    )
    try:
        return state.enter(typed | {seat: value}), note
    except ImpossibleScores as error:  # what ? turned out to be is part of why; other refusals are not about it
        if value < 0:
            others = deal.deal_total - value
            raise ImpossibleScores(
                N_("the others already make {others}, more than this deal's {total}"),
                others=others,
                total=deal.deal_total,
            ) from None
        raise ImpossibleScores(
            N_("the rest of {total} would give {player} {points}, and {error}"),
            total=deal.deal_total,
            player=players[seat],
            points=value,
            error=error,
        ) from None


def _corrected(state: MatchState, entered: Entered, old: Entry) -> tuple[Entry, Phrase | None]:
    """A fix of the state's next deal, which was ``old``: the players named get their new scores,
    and the other players of the deal keep theirs; the deal as a whole is checked as ``deal`` checks it."""
    if isinstance(entered, Renege) or old.outcome is None:
        return _entry(state, entered)
    given = _scores(state, entered)
    if not given:
        raise NoScores(fixing=True)
    outcome = old.outcome
    kept = {seat: outcome.cards.get(seat, points) for seat, points in outcome.scores.items() if seat not in given}
    if not kept:
        return _checked(state, given)
    try:
        return _checked(state, kept | given)
    except ImpossibleScores as error:
        players = state.settings.players
        scores = ", ".join(f"{players[seat]} {outcome.scores[seat]}" for seat in kept)
        raise ImpossibleScores(N_("the others keep {scores}, and {error}"), scores=scores, error=error) from None


# One write each, inside a transaction the caller holds, against the match and
# state the caller holds: a command loads them fresh, the table mode
# (``app.table``) keeps them between entries. Every check comes before the
# first write, so a refusal leaves both the store and ``match`` as they were.


@dataclass(frozen=True)
class WriteOutcome:
    """What one write did: the state after it, what to tell the table, and the entry appended if any."""

    state: MatchState
    touched: int  #: the match's write counter after this write
    notes: tuple[Note, ...] = ()
    deal: NextDeal | None = None
    entry: Entry | None = None


def write_deal(
    conn: Connection,
    match: matches.StoredMatch,
    state: MatchState,
    entered: Entered,
    expect: int | None = None,
    source: str | None = None,
) -> WriteOutcome:
    """Enter the state's next deal. ``source``: who wrote it, when not the command line (``table 2, phone``)."""
    _check_open(match, state)
    deal = state.next
    assert deal is not None  # an open match always has a next deal
    if expect is not None and expect != deal.number:
        raise RuleError(
            N_("the next deal is number {number}, not {expected}: was it entered already?"),
            number=deal.number,
            expected=expect,
        )
    entry, rest = _entry(state, entered)
    after = state.apply(entry)
    matches.append(conn, match, deal, entry, source)
    touched = matches.summarise(conn, match.id, after)
    notes = tuple(note for note in (rest, _slam_note(state.settings.players, entry)) if note)
    return WriteOutcome(after, touched, notes, deal, entry)


def _slam_note(players: Sequence[str], entry: Entry) -> Phrase | None:
    """How a slam was recorded, which the table must hear: it may have typed the total or minus it."""
    outcome = entry.outcome
    if outcome is None or outcome.slam is None:
        return None
    return Phrase(
        N_("{player} took every penalty card: recorded as {points}"),
        player=players[outcome.slam],
        points=outcome.scores[outcome.slam],
    )


def write_misdeal(
    conn: Connection, match: matches.StoredMatch, state: MatchState, source: str | None = None
) -> WriteOutcome:
    _check_open(match, state)
    deal = state.next
    assert deal is not None
    entry = state.enter_misdeal()
    matches.append(conn, match, deal, entry, source)
    touched = matches.summarise(conn, match.id, state)
    dealer = state.settings.players[deal.dealer]
    note = Phrase(N_("misdeal: {dealer} deals deal {number} again"), dealer=dealer, number=deal.number)
    return WriteOutcome(state, touched, (note,), deal, entry)


def write_seat(conn: Connection, match: matches.StoredMatch, state: MatchState, old: str, new: str) -> WriteOutcome:
    """A substitute: ``new`` plays the seat of ``old`` from the next deal on, the seat keeping its total."""
    _check_open(match, state)
    _not_a_night_table(conn, match)
    deal = state.next
    assert deal is not None
    entry = state.enter_seat(old, new)
    assert entry.substitute is not None
    after = state.apply(entry)
    matches.append(conn, match, deal, entry)
    touched = matches.summarise(conn, match.id, after)
    seat = entry.substitute.seat
    note = Phrase(
        N_("{new} takes {old}'s seat from deal {number} on, and its total of {total}"),
        new=after.settings.players[seat],
        old=state.settings.players[seat],
        number=deal.number,
        total=state.totals[seat],
    )
    return WriteOutcome(after, touched, (note,), deal, entry)


def write_undo(conn: Connection, match: matches.StoredMatch, source: str | None = None) -> WriteOutcome:
    """Take back the last change to ``match``: the last entry, or a fix (the scores it replaced stand again)."""
    if match.abandoned_at:
        raise MatchClosed(abandoned=True, match=match.id)
    _not_an_ended_round(conn, match.id)
    if not match.entries:
        raise RuleError(N_("match {match} has no entry to undo"), match=match.id)
    fix = matches.last_fix(conn, match)
    if fix is None:
        gone = matches.undo_last(conn, match, source)
        state = match.state()
        undone = Undone(state.settings.players, gone.number, gone.entry)
    else:
        index, replaced = fix
        gone = match.entries[index]
        entries = [*match.core_entries[:index], replaced.entry, *match.core_entries[index + 1 :]]
        try:
            steps = list(fold_steps(match.settings, entries))
        except RuleError as error:
            raise later_entries_first(gone.number, error) from None
        matches.undo_fix(conn, match, index, replaced, steps, source)
        state = steps[-1].after
        undone = Undone(steps[index].after.settings.players, gone.number, gone.entry, replaced.entry)
    return WriteOutcome(state, matches.summarise(conn, match.id, state), (undone,))


def write_fix(conn: Connection, match: matches.StoredMatch, number: int, entered: Entered) -> WriteOutcome:
    """Replace deal ``number``; ``match.entries`` then no longer says what stands: load it again.

    Only the players whose scores change need be named: the others keep theirs.
    """
    if match.abandoned_at:
        raise MatchClosed(abandoned=True, match=match.id)
    _not_an_ended_round(conn, match.id)
    entries = match.core_entries
    old = entries[deal_index(entries, number)]
    notes: list[Note] = []

    def make(before: MatchState) -> Entry:
        entry, rest = _corrected(before, entered, old)
        if entry == old:
            raise RuleError(N_("deal {number} has these scores already: nothing to fix"), number=number)
        players = before.settings.players
        notes.extend(note for note in (Fixed(players, number, old, entry), rest, _slam_note(players, entry)) if note)
        return entry

    changed, state = correct(match.settings, entries, number, make)
    matches.replace_entry(conn, match, deal_index(entries, number), list(fold_steps(match.settings, changed)))
    touched = matches.summarise(conn, match.id, state)
    return WriteOutcome(state, touched, tuple(notes))


def _not_a_night_table(conn: Connection, match: matches.StoredMatch) -> None:
    """Refuse to change who sits at a table of a night: the night follows its players by name from round to round."""
    night = matches.night_of_match(conn, match.id)
    if night is not None:
        raise SeatsOfANight(match.id, night)


def _not_an_ended_round(conn: Connection, match_id: int) -> None:
    """Refuse to take back, correct or abandon a table of a round its night has ended.

    The night counted that round's results and seated the next round by them:
    changed now, the match would say one thing and the night's standings and
    tables another. A deal or a misdeal needs no such check: every table of an
    ended round is over, and an over match takes neither.
    """
    ended = matches.ended_round_of(conn, match_id)
    if ended is not None:
        raise RoundEnded(match_id, *ended)


def _locked(conn: Connection, match_id: int | None) -> matches.StoredMatch:
    return matches.load(conn, matches.resolve_match_id(conn, match_id), lock=True)


def _write(
    store: Store, match_id: int | None, write: Callable[[Connection, matches.StoredMatch], WriteOutcome]
) -> Result:
    """One change to the match (default: the latest used), in one transaction with the match locked."""
    with store.write() as conn:
        match = _locked(conn, match_id)
        done = write(conn, match)
    return Result(match.id, match.name, done.state, done.notes)


def record_deal(store: Store, match_id: int | None, entered: Entered, expect: int | None = None) -> Result:
    """Enter the next deal of the match (default: the latest used)."""
    return _write(store, match_id, lambda conn, match: write_deal(conn, match, match.state(), entered, expect))


def record_misdeal(store: Store, match_id: int | None) -> Result:
    return _write(store, match_id, lambda conn, match: write_misdeal(conn, match, match.state()))


def seat(store: Store, match_id: int | None, old: str, new: str) -> Result:
    """A substitute: ``new`` plays the seat of ``old`` from the next deal on."""
    return _write(store, match_id, lambda conn, match: write_seat(conn, match, match.state(), old, new))


def undo(store: Store, match_id: int | None) -> Result:
    return _write(store, match_id, write_undo)


def fix(store: Store, match_id: int | None, number: int, entered: Entered) -> Result:
    return _write(store, match_id, lambda conn, match: write_fix(conn, match, number, entered))


def abandon(store: Store, match_id: int | None) -> Result:
    with store.write() as conn:
        match = matches.load(conn, matches.resolve_match_id(conn, match_id), lock=True, entries=False)
        state = match.state()
        _check_open(match, state)
        _not_an_ended_round(conn, match.id)
        state = state.abandon()
        matches.summarise(conn, match.id, state, abandoned_at=matches.now())
    return Result(match.id, match.name, state, (Phrase(N_("match {match} abandoned"), match=match.id),))


def rename(store: Store, match_id: int | None, old: str, new: str) -> Result:
    """Correct a player's name wherever the match holds it: as a seat's first player, as a substitute, or both."""
    with store.write() as conn:
        match = _locked(conn, match_id)
        match.state()  # a match the store holds damaged is refused before anything is written
        _not_a_night_table(conn, match)
        named = _names(match)
        found = named.get(name_key(old.strip()))
        if found is None:
            every = ", ".join(name for name, _places in named.values())
            raise UnknownNameError(N_("no player {name} in this match ({players})"), name=quoted(old), players=every)
        old, places = found
        new = check_name(new)
        taken = named.get(name_key(new))
        if taken is not None and taken[1] != places:
            raise RuleError(N_("{player} already plays in match {match}"), player=taken[0], match=match.id)
        for place in places:
            if isinstance(place, int):
                matches.rename(conn, match.id, place, new)
            else:
                matches.rename_substitute(conn, place, new)
        match = matches.load(conn, match.id)  # the state names the players now: fold it with the new name
        matches.summarise(conn, match.id, match.state())
    return Result(match.id, match.name, match.state(), (Phrase(N_("{new} was {old}"), new=new, old=old),))


def _names(match: matches.StoredMatch) -> dict[str, tuple[str, list[int | StoredEntry]]]:
    """Every name of the match, ignoring case, with where the store holds it: the seat a player sat in
    first, and each seat change that seated them (a player who left may come back)."""
    named: dict[str, tuple[str, list[int | StoredEntry]]] = {}
    for seat, player in enumerate(match.settings.players):
        named.setdefault(name_key(player), (player, []))[1].append(seat)
    for stored in match.entries:
        substitute = stored.entry.substitute
        if substitute is not None:
            named.setdefault(name_key(substitute.player), (substitute.player, []))[1].append(stored)
    return named
