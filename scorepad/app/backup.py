"""The JSON backup: every match with its settings and whole trail, and its restore.

``store.backup_file`` knows the file's shape; this module checks what the
file says against the rules: first every count it carries (see Bounds), then
the players and settings, every entry of the trail as a real deal, and the
entries that stand folded exactly as ``deal`` checked them. Restoring adds
only the matches whose unique id the store does not hold yet, all in one
transaction.
"""

from __future__ import annotations

import json
from collections.abc import Iterator, Sequence
from contextlib import contextmanager
from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING, Protocol, TypeVar

from ..core.cards import FULL_DECK, Card
from ..core.errors import RuleError, ScorepadError, os_reason
from ..core.language import N_, Counted, Phrase, Titled
from ..core.match import Entry, EntryKind, Format, FormatKind, MatchState, Settings
from ..core.names import check_characters, check_match_name, check_name, check_names
from ..core.night.kept import kept_state
from ..core.night.movement import WAYS
from ..core.night.seating import Table, check_table_size, table_bounds
from ..core.night.state import MAX_PLAYERS, Attendance, NightSettings, check_count
from ..core.rules import RuleSet
from ..core.scoring import Outcome, check_outcome
from ..core.text import quoted
from ..store import backup_file, history, matches, nights
from ..store.db import NoStoreYet
from ..store.history import MatchRecord, TrailItem
from ..store.night_rows import StoredNight, StoredTable, cuts_of, settings_of
from ..store.schema import STANDING
from . import progress
from .inputs import MiB, StoreFile, TooLarge, read_path
from .progress import Stage

if TYPE_CHECKING:
    from ..store.backup_file import MatchFile, NightFile, TrailEntryFile
    from ..store.db import Connection, Store

T = TypeVar("T")


class BackupError(ScorepadError):
    """A file that is not a backup this scorepad can restore."""


#: A backup takes some 400 bytes a deal, 700 with the cards each player took: 256 MiB
#: is over 300,000 deals with their cards, ten tables a week for decades.
BACKUP_LIMIT = 256 * MiB


# Writing.


def build(conn: Connection, match_id: int | None = None) -> dict:
    """The backup of one match, or of every match and every club night when ``match_id`` is None."""
    trails = history.trails(conn, match_id)
    records = history.match_records(conn, match_id)
    built = {
        "format": backup_file.FORMAT,
        "version": backup_file.VERSION,
        "exported_at": matches.now(),
        "matches": [backup_file.match_json(m, trails.get(m.id, [])) for m in records],
    }
    if match_id is None:
        uids = {m.id: m.uid for m in records}
        built["nights"] = [backup_file.night_json(night, uids) for night in nights.every_night(conn)]
    return built


# Reading.


@dataclass
class BackupMatch:
    """A match of a backup, checked: what the store will hold, and where it stands."""

    record: MatchRecord
    trail: list[TrailItem]
    state: MatchState  #: after the entries that stand
    label: Phrase  #: ``match 3 “Friday”``: its number in the store it came from, and its name
    quoted_name: Titled | str  #: `` “Friday”``, or nothing without a name

    @property
    def uid(self) -> str:
        return self.record.uid

    @property
    def settings(self) -> Settings:
        return self.record.settings


@dataclass
class BackupNight:
    """A club night of a backup, checked: its tables refer to the backup's matches by their place in it."""

    night: StoredNight  #: its tables' match ids are places in ``Backup.matches``
    label: Phrase  #: ``night 2 “Clubavond”``: its number in the store it came from, and its name

    @property
    def uid(self) -> str:
        return self.night.uid


@dataclass
class Backup:
    """What a backup file holds, every part checked."""

    matches: list[BackupMatch]
    nights: list[BackupNight] = field(default_factory=list)


def read(path: Path) -> Backup:
    """The matches and nights of a backup file, every one checked; BackupError says what is wrong."""
    try:
        progress.stage(Stage.READ)
        why = Phrase(N_("far beyond the backup of a big club"))
        data = json.loads(read_path(path, BACKUP_LIMIT, why), object_pairs_hook=_one_value_a_key)
    except (TooLarge, StoreFile, _TwoValues) as error:
        raise BackupError(N_("{path}: {reason}"), path=path, reason=error) from None
    except FileNotFoundError:
        raise BackupError(N_("{path}: no such file"), path=path) from None
    except IsADirectoryError:
        raise BackupError(N_("{path} is a folder, not a backup file"), path=path) from None
    except OSError as error:
        raise BackupError(N_("cannot read {path}: {reason}"), path=path, reason=os_reason(error)) from None
    except (ValueError, RecursionError):  # not UTF-8, not JSON, a number of 5,000 digits, nested too deep
        raise BackupError(N_("{path} is not a scorepad backup (not JSON)"), path=path) from None
    try:
        return parse(data)
    except (BackupError, backup_file.BackupShapeError) as error:
        raise BackupError(N_("{path}: {reason}"), path=path, reason=error) from None


class _TwoValues(ScorepadError):
    """One key twice in an object: JSON readers disagree on which value counts, so neither does."""


def _one_value_a_key(pairs: list[tuple[str, object]]) -> dict[str, object]:
    found = dict(pairs)
    if len(found) < len(pairs):  # rare: look for the key only then
        seen: set[str] = set()
        for key, _ in pairs:
            if key in seen:
                raise _TwoValues(
                    N_("the key {key} appears twice in one object: which value holds is not clear"), key=quoted(key)
                )
            seen.add(key)
    return found


def parse(data: object) -> Backup:
    checked = backup_file.validate(data)
    # Each entry is counted twice: as it is read, and as its match is folded again.
    progress.stage(Stage.CHECK, 2 * sum(len(match.trail) for match in checked.matches))
    found = [_match(match) for match in checked.matches]
    return Backup(found, [_night(night, found) for night in checked.nights])


@contextmanager
def _at(where: Phrase) -> Iterator[None]:
    """Build core values, turning the core's refusal into the backup's, which says where."""
    try:
        yield
    except (ValueError, KeyError, TypeError, AttributeError) as error:  # ScorepadError is a ValueError
        raise BackupError(N_("{where}: {problem}"), where=where, problem=error) from None


def _field(where: Phrase, key: str) -> Phrase:
    """``match 3.cuts``: a field of the file, in its own notation (the same in every language)."""
    return Phrase("{where}.{key}", where=where, key=key)


# Bounds. The file is read whole (up to BACKUP_LIMIT), but what is built and
# stored from it is no bigger than what commands could have made: a night with
# 200,000 rounds drawn ahead would be kept, and read again on every update of
# the board. So each count the file carries is checked here, by the bounds that
# ``new`` and ``night new`` keep (the core's own constants and checks), before
# anything is built from it; one too big refuses the file in one line. Where the
# rules set no bound (a match's trail: tie-breaks go on as long as players tie,
# misdeals and undone deals as long as people make them; a cut's recuts), the
# file's size is the bound, and what is built from it grows with it, no faster.


def _bounded_match(data: MatchFile, rules: RuleSet, where: Phrase) -> None:
    """Refuse a match with more players, cards in a cut or cards taken by a player than its rules allow."""
    with _at(where):
        rules.check_table(len(data.players))
    players = len(data.players)
    for number, cut in enumerate(data.cuts or [], start=1):
        if len(cut) > players:  # a round of the cut is a card for each player cutting
            raise BackupError(
                N_("{where}: round {round} of the cut gives {count} cards, more than the match has players ({most})"),
                where=_field(where, "cuts"),
                round=number,
                count=len(cut),
                most=players,
            )
    most = len(FULL_DECK) * rules.decks
    for at, item in enumerate(data.trail, start=1):
        for name, hand in (item.cards or {}).items():
            if len(hand) > most:
                raise BackupError(
                    N_("{where}: {player} took {count} cards, more than the match's decks hold ({most})"),
                    where=backup_file.in_trail(data.label, at),
                    player=quoted(name),
                    count=len(hand),
                    most=most,
                )


def _bounded_night(data: NightFile, rules: RuleSet) -> None:
    """Refuse a night with more players, tables or rounds drawn ahead than its settings allow.

    Every round seats at most MAX_PLAYERS, at tables of the rules' sizes, and
    only mixed movement draws the rounds after the one in play ahead.
    """
    with _at(data.label):
        check_count(sum(line.joined is None for line in data.players), rules.decks)  # before a name is read
        settings = settings_of(data, [Attendance(line.name) for line in data.players if line.joined is None], rules)
    tables = MAX_PLAYERS // table_bounds(settings.decks)[0]  # the most tables a round seats
    _bounded_totals(data, settings, tables)
    seated = _seated_rounds(data, settings)
    _bounded_plan(data, settings, tables, last=max(seated, default=0))


def _bounded_totals(data: NightFile, settings: NightSettings, tables: int) -> None:
    """Refuse more players, or more tables, than the night's rounds can have seated in all."""
    if len(data.players) > MAX_PLAYERS * settings.rounds:  # those who came first, and those who joined since
        raise BackupError(
            N_("{night} has at most {most} players in all ({each} a round), not {count}"),
            night=data.label,
            most=MAX_PLAYERS * settings.rounds,
            each=MAX_PLAYERS,
            count=len(data.players),
        )
    if len(data.tables) > tables * settings.rounds:
        raise BackupError(
            N_("{night} has at most {most} tables in all ({each} a round), not {count}"),
            night=data.label,
            most=tables * settings.rounds,
            each=tables,
            count=len(data.tables),
        )


def _seated_rounds(data: NightFile, settings: NightSettings) -> dict[int, int]:
    """How many players each round seated, each table and each round checked against the rules' sizes."""
    seated: dict[int, int] = {}
    for table in data.tables:
        where = Phrase(
            N_("{night}, round {round}, table {table}"), night=data.label, round=table.round, table=table.table
        )
        if table.round > settings.rounds:
            raise BackupError(N_("{where}: the night's last round is {rounds}"), where=where, rounds=settings.rounds)
        with _at(where):
            check_table_size(len(table.players), settings.decks)
        seated[table.round] = seated.get(table.round, 0) + len(table.players)
    for number, count in seated.items():
        with _at(Phrase(N_("{night}, round {round}"), night=data.label, round=number)):
            check_count(count, settings.decks)
    return seated


def _bounded_plan(data: NightFile, settings: NightSettings, tables: int, last: int) -> None:
    """Refuse rounds drawn ahead that the movement never draws, that are too many after round ``last``
    (the last one seated), or that seat too many, at tables of the wrong size, or strangers."""
    label = data.label
    if data.planned and not WAYS[settings.movement].draws_ahead:
        raise BackupError(
            N_("{night} has rounds drawn ahead, yet its tables are not drawn afresh each round"), night=label
        )
    if len(data.planned) > settings.rounds - last:
        left = settings.rounds - last
        raise BackupError(
            N_("{where}: {problem}"),
            where=label,
            problem=Counted(
                "at most {count} round is left to draw ahead after round {round}, not {given}",
                "at most {count} rounds are left to draw ahead after round {round}, not {given}",
                left,
                round=last,
                given=len(data.planned),
            ),
        )
    names = {line.name for line in data.players}
    for number, groups in enumerate(data.planned, start=last + 1):
        where = Phrase(N_("{night}, round {round} drawn ahead"), night=label, round=number)
        with _at(where):
            if len(groups) > tables:
                raise RuleError(N_("a round has at most {most} tables, not {count}"), most=tables, count=len(groups))
            for group in groups:
                check_table_size(len(group), settings.decks)
            check_count(sum(map(len, groups)), settings.decks)
        stranger = next((name for group in groups for name in group if name not in names), None)
        if stranger is not None:
            raise BackupError(N_("{where}: {name} is not a player of the night"), where=where, name=quoted(stranger))


def _match(data: MatchFile) -> BackupMatch:
    where = Phrase(N_("match {match}"), match=data.id)
    with _at(where):
        check_characters(data.uid, N_("a match's uid"))  # core words it as it words its own names
        check_match_name(data.name)
        rules = RuleSet.from_json(data.rules.to_json())
    _bounded_match(data, rules, where)
    with _at(where):
        settings = _settings(data, rules)
    with _at(_field(where, "cuts")):
        # As typed at the cut, perhaps before a rename: a name a player could have had, not one of these.
        cuts = [{_name(n): Card.parse(c) for n, c in cut.items()} for cut in data.cuts or []]
    record = MatchRecord(
        data.id, data.uid, data.name, settings, cuts or None, data.created_at, data.abandoned_at, data.touched
    )
    items = progress.counted(enumerate(data.trail, 1))
    trail = [_trail_item(item, settings, backup_file.in_trail(data.label, i)) for i, item in items]
    match = BackupMatch(record, trail, MatchState.start(settings), data.label, data.quoted_name)
    _check_trail(match)
    match.state = _fold(match)
    return match


def _settings(data: MatchFile, rules: RuleSet) -> Settings:
    probe = Settings(_names(data.players), rules, Format(FormatKind(data.format.kind), data.format.value))
    return Settings(probe.players, probe.rules, probe.format, _seat(probe, data.first_dealer))


def _name(name: str) -> str:
    """A player's name of the file, checked as if typed and kept as written: the file names players so throughout."""
    check_name(name)
    return name


def _names(names: list[str]) -> tuple[str, ...]:
    """The players of a match or table of the file, checked as if typed and kept as written."""
    check_names(names)
    return tuple(names)


def _seat(settings: Settings, name: str) -> int:
    """A player's seat by the exact name, as the backup was written."""
    try:
        return settings.players.index(name)
    except ValueError:
        raise BackupError(N_("{name} is not a player of the match"), name=quoted(name)) from None


#: The entries that have no scores, and what is said of one that has.
_WITHOUT_SCORES = {
    EntryKind.MISDEAL: N_("{where}: a misdeal has no scores"),
    EntryKind.SEAT: N_("{where}: a seat change has no scores"),
}


def _trail_item(data: TrailEntryFile, settings: Settings, where: Phrase) -> TrailItem:
    def seat(name: str | None, key: str) -> int | None:
        with _at(_field(where, key)):
            return None if name is None else _seat(settings, name)

    def by_seat(values: dict[str, T], key: str) -> dict[int, T]:
        with _at(_field(where, key)):
            return dict(sorted((_seat(settings, name), value) for name, value in values.items()))

    scores = by_seat(data.scores, "scores")
    with _at(_field(where, "cards")):
        hands = {s: tuple(map(Card.parse, hand)) for s, hand in by_seat(data.cards or {}, "cards").items()}
    renege, slam = seat(data.renege, "renege"), seat(data.slam, "slam")
    kind = EntryKind(data.kind)
    if kind in _WITHOUT_SCORES and (scores or hands or renege is not None or slam is not None):
        raise BackupError(_WITHOUT_SCORES[kind], where=where)
    if kind is EntryKind.MISDEAL:
        entry = Entry.misdeal()
    elif kind is EntryKind.SEAT:
        entry = _seat_change(data, settings, where)
    else:
        entry = Entry(kind, Outcome(scores, renege=renege, slam=slam, cards=hands))
    dealer = seat(data.dealer, "dealer")
    assert dealer is not None
    replaces = data.replaces - 1 if data.replaces is not None else None
    return TrailItem(data.state, data.position, data.number, dealer, entry, data.recorded_at, data.ended_at, replaces)


def _seat_change(data: TrailEntryFile, settings: Settings, where: Phrase) -> Entry:
    """A seat change of the file: its seat, named by its first player, and the substitute's name."""
    if data.seat is None or data.player is None:
        raise BackupError(N_("{where}: a seat change names its seat and its new player"), where=where)
    with _at(_field(where, "seat")):
        seat = _seat(settings, data.seat)
    with _at(_field(where, "player")):
        return Entry.seat(seat, _name(data.player))


def _check_trail(match: BackupMatch) -> None:
    """Entries that no longer stand were still real deals: check their scores as a deal of their players."""
    players = len(match.settings.players)
    for item in match.trail:
        outcome = item.entry.outcome
        if item.state == STANDING or outcome is None:
            continue
        seats = tuple(sorted(outcome.scores))
        # ``undone deal 4``: the entry by the file's own words for its state and kind, as notation.
        where = Phrase(
            "{match}, {state} {kind} {number}",
            match=match.label,
            state=item.state,
            kind=item.entry.kind.value,
            number=item.number,
        )
        regular = item.entry.kind is EntryKind.DEAL
        if len(seats) != players if regular else not 2 <= len(seats) <= players:  # all may tie
            raise BackupError(N_("{where}: scores for the wrong players"), where=where)
        with _at(where):
            check_outcome(match.settings.rules, seats, outcome, match.settings.names)


def _fold(match: BackupMatch) -> MatchState:
    """Fold the entries that stand, checking each as ``deal`` would have when it was entered."""
    standing = sorted((e for e in match.trail if e.state == STANDING), key=lambda e: e.position)
    positions = [e.position for e in standing]
    if len(set(positions)) != len(positions):
        raise BackupError(N_("{match}: two standing entries share a position"), match=match.label)
    state = MatchState.start(match.settings)
    players = match.settings.players
    progress.advance(len(match.trail) - len(standing))  # what no longer stands is not folded
    for item in progress.counted(standing):
        deal = state.next
        kind = item.entry.kind.value
        if deal is None:
            raise BackupError(_OVER_BEFORE[item.entry.kind], match=match.label, number=item.number)
        where = Phrase(N_("{match}, deal {number}"), match=match.label, number=deal.number)
        # A backup from before scorepad kept numbers up to date through a fix
        # may hold a misdeal's old dealer (of a tie-break no longer due): only its number is sure.
        dealer = item.dealer if item.entry.kind is EntryKind.MISDEAL else deal.dealer
        if (item.number, item.dealer) != (deal.number, dealer):
            raise BackupError(
                # TRANSLATORS: {kind} is the file's own word for the entry: deal, tiebreak or misdeal.
                N_(
                    "{where}: the file says {kind} {number} dealt by {dealer}, "
                    "but the entries before it make it deal {expected} dealt by {due}"
                ),
                where=where,
                kind=kind,
                number=item.number,
                dealer=players[item.dealer],
                expected=deal.number,
                due=players[deal.dealer],
            )
        with _at(where):
            state = state.apply(item.entry, strict=True)
    if match.record.abandoned_at:
        if state.finished:
            raise BackupError(N_("{match} is abandoned, yet its entries finish it"), match=match.label)
        return state.abandon()
    return state


#: An entry after the end of its match, by its kind (as the file names it: ``tiebreak``).
_OVER_BEFORE = {
    EntryKind.DEAL: N_("{match}, deal {number}: the match was over before this deal"),
    EntryKind.TIEBREAK: N_("{match}, deal {number}: the match was over before this tiebreak"),
    EntryKind.MISDEAL: N_("{match}, deal {number}: the match was over before this misdeal"),
    EntryKind.SEAT: N_("{match}, deal {number}: the match was over before this seat change"),
}


# A club night: its tables are the backup's matches, as the night seated them.


def _night(data: NightFile, found: list[BackupMatch]) -> BackupNight:
    label = data.label
    place = {match.uid: at for at, match in enumerate(found)}
    with _at(label):
        check_match_name(data.name)
        rules = RuleSet.from_json(data.rules.to_json())
    _bounded_night(data, rules)
    with _at(label):
        attendance = tuple(Attendance(_name(p.name), p.joined, p.left) for p in data.players)
        settings = settings_of(data, attendance, rules)
    rounds: list[list[StoredTable]] = []
    for table_data in data.tables:
        where = Phrase(
            N_("{night}, round {round}, table {table}"), night=label, round=table_data.round, table=table_data.table
        )
        if table_data.round < 1 or table_data.round not in (len(rounds), len(rounds) + 1):
            raise BackupError(N_("{where}: the tables come round by round, from round 1"), where=where)
        if table_data.round > len(rounds):
            rounds.append([])
        at = place.get(table_data.match)
        if at is None or any(at == seated.match_id for tables in rounds for seated in tables):
            raise BackupError(
                N_("{where}: its match {uid} is not a match of the backup, or plays at two tables"),
                where=where,
                uid=repr(table_data.match),
            )
        with _at(where):
            players = _names(table_data.players)
        if table_data.first_dealer not in players:
            raise BackupError(
                N_("{where}: its first dealer {name} does not sit at it"),
                where=where,
                name=quoted(table_data.first_dealer),
            )
        table = Table(table_data.table, players, players.index(table_data.first_dealer))
        with _at(where):
            expected = Settings(players, rules, settings.table_format(len(players)), table.first_dealer)
        if found[at].settings != expected:
            raise BackupError(
                N_("{where}: {match} is not this table's match in the night's rules"),
                where=where,
                match=found[at].label,
            )
        rounds[-1].append(StoredTable(table, at))
    seated = tuple(tuple(tables) for tables in rounds)
    planned = tuple(tuple(tuple(group) for group in groups) for groups in data.planned)
    states = {at: match.state for at, match in enumerate(found)}
    with _at(label):
        cuts = cuts_of([cut.model_dump() for cut in data.cuts])
        state = kept_state(settings, seated, attendance, planned, states, cuts)
    night = StoredNight(
        data.id, data.uid, data.name, rules, settings, data.created_at, data.touched, attendance, seated, planned,
        states, state,
    )  # fmt: skip
    return BackupNight(night, label)


# Restoring.


@dataclass
class Restored:
    """What an import did, or would do in a dry run (then ``added`` holds no ids)."""

    added: list[tuple[BackupMatch, int | None]]
    present: list[tuple[BackupMatch, int]]  #: with the id the store already knows it by
    nights_added: list[tuple[BackupNight, int | None]] = field(default_factory=list)
    nights_present: list[tuple[BackupNight, int]] = field(default_factory=list)


def restore(store: Store, backup: Backup, dry_run: bool = False) -> Restored:
    """Add the matches and nights the store does not hold yet, in one transaction; a dry run writes nothing."""
    uids = [m.uid for m in backup.matches]
    night_uids = [n.uid for n in backup.nights]
    if dry_run:
        try:
            with store.read() as conn:
                present = history.match_ids_by_uid(conn, uids)
                there = nights.night_ids_by_uid(conn, night_uids)
        except NoStoreYet:  # a restore into a new store: a dry run does not create it
            present, there = {}, {}
        return Restored(
            [(m, None) for m in backup.matches if m.uid not in present],
            _present(backup.matches, present),
            [(n, None) for n in backup.nights if n.uid not in there],
            _present(backup.nights, there),
        )
    with store.write(create=True) as conn:  # restoring into a new store is what backups are for
        present = history.match_ids_by_uid(conn, uids)
        new = [m for m in backup.matches if m.uid not in present]
        # Behind every match of the store, in the backup's order of use among
        # themselves: the default --match stays the match a command last wrote
        # to, and in a new store it is the match used last before the backup.
        used = sorted(new, key=lambda m: m.record.touched)
        progress.stage(Stage.WRITE, sum(len(m.trail) for m in new))
        touch = dict(zip([m.uid for m in used], matches.restored_touches(conn, len(used)), strict=True))
        added: list[tuple[BackupMatch, int | None]] = []
        for m in new:
            added.append((m, history.restore_match(conn, m.record, m.state, m.trail, touched=touch[m.uid])))
            progress.advance(len(m.trail))
        ids = present | {m.uid: match_id for m, match_id in added if match_id is not None}
        there = nights.night_ids_by_uid(conn, night_uids)
        # The nights likewise, behind every night of the store.
        fresh = sorted((n for n in backup.nights if n.uid not in there), key=lambda n: n.night.touched)
        places = [ids[m.uid] for m in backup.matches]
        nights_added: list[tuple[BackupNight, int | None]] = [
            (n, _restore_night(conn, n, places, touched))
            for n, touched in zip(fresh, nights.restored_touches(conn, len(fresh)), strict=True)
        ]
    return Restored(added, _present(backup.matches, present), nights_added, _present(backup.nights, there))


def _restore_night(conn: Connection, backup: BackupNight, match_ids: list[int], touched: int) -> int:
    """Write a night from a backup as it was, its tables at the matches the store knows them by now, at
    ``touched`` in the nights' order of use."""
    night = backup.night
    taken = nights.nights_of_matches(conn, [match_ids[seat.match_id] for tables in night.rounds for seat in tables])
    if taken:
        match_id, night_id = next(iter(taken.items()))
        raise BackupError(
            N_("{night}: match {match} of the store plays in night {other} already"),
            night=backup.label,
            match=match_id,
            other=night_id,
        )
    night_id = nights.create(
        conn, night.settings, night.rules, uid=night.uid, name=night.name, created_at=night.created_at,
        touched=touched,
    )  # fmt: skip
    for number, tables in enumerate(night.rounds, start=1):
        nights.seat_round(conn, night_id, number, [(seat.table, match_ids[seat.match_id]) for seat in tables])
    nights.save(conn, night_id, night.attendance, night.planned, touch=False, cuts=night.state.cuts)
    return night_id


class _Unique(Protocol):
    @property
    def uid(self) -> str: ...


U = TypeVar("U", bound=_Unique)


def _present(backup: Sequence[U], present: dict[str, int]) -> list[tuple[U, int]]:
    return [(m, present[m.uid]) for m in backup if m.uid in present]
