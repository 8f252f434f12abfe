"""The JSON backup: every match with its settings and whole trail, and its restore.

A backup names players, never seats or database ids, so a person can read it;
an entry that replaced another points at it by its place in the match's
``trail`` (1 = the first entry written). Restoring checks the entries that
stand exactly as ``deal`` checked them, and adds only the matches whose unique
id the store does not hold yet, all in one transaction.
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from datetime import datetime
from itertools import groupby
from pathlib import Path

from sqlalchemy import Connection

from .core.cards import Card
from .core.errors import ScorepadError
from .core.match import Entry, EntryKind, Format, FormatKind, MatchState, Settings
from .core.names import check_name
from .core.rules import RuleSet
from .core.scoring import Outcome, check_outcome
from .store import repo
from .store.db import NoStoreYet, Store
from .store.models import REPLACED, STANDING, UNDONE

FORMAT = "scorepad-backup"
VERSION = 1  #: the newest backup version this code reads and the one it writes
STATES = (STANDING, UNDONE, REPLACED)


class BackupError(ScorepadError):
    """A file that is not a backup this scorepad can restore."""


# Writing.


def build(conn: Connection, match_id: int | None = None) -> dict:
    """The backup of one match, or of every match when ``match_id`` is None."""
    rows = repo.match_rows(conn, match_id)
    seats = repo.seat_names(conn, match_id)
    trails = {owner: list(group) for owner, group in groupby(repo.trail_rows(conn, match_id), lambda r: r.match_id)}
    return {
        "format": FORMAT,
        "version": VERSION,
        "exported_at": repo.now(),
        "matches": [_match_json(row, seats[row.id], trails.get(row.id, [])) for row in rows],
    }


def _match_json(row, players: list[str], trail: list) -> dict:
    place = {entry.id: index for index, entry in enumerate(trail, 1)}
    return {
        "id": row.id,  # the number it had in the store it came from, for people reading messages
        "uid": row.uid,
        "name": row.name,
        "players": players,
        "rules": json.loads(row.rules),
        "format": {"kind": row.format_kind, "value": row.format_value},
        "first_dealer": players[row.first_dealer],
        "cuts": json.loads(row.cuts) if row.cuts else None,
        "created_at": row.created_at,
        "abandoned_at": row.abandoned_at,
        "touched": row.touched,
        "trail": [_entry_json(e, players, place) for e in trail],
    }


def _entry_json(row, players: list[str], place: dict[int, int]) -> dict:
    def by_name(text: str | None) -> dict | None:
        return {players[int(seat)]: value for seat, value in json.loads(text).items()} if text else None

    return {
        "state": row.state,
        "position": row.position,
        "kind": row.kind,
        "number": row.number,
        "dealer": players[row.dealer],
        "scores": by_name(row.scores) or {},
        "cards": by_name(row.cards),
        "renege": players[row.renege] if row.renege is not None else None,
        "slam": players[row.slam] if row.slam is not None else None,
        "recorded_at": row.recorded_at,
        "ended_at": row.ended_at,
        "replaces": place[row.replaces] if row.replaces is not None else None,
    }


# Reading: every field is checked for its type before it is used, so a
# tampered or foreign file gets one line saying where, never a traceback.


@dataclass
class TrailEntry:
    state: str
    position: int
    entry: Entry
    number: int
    dealer: int
    recorded_at: str
    ended_at: str | None
    replaces: int | None  #: index into the trail, from 0

    @property
    def kind(self) -> str:
        return self.entry.kind.value


@dataclass
class BackupMatch:
    id: int
    uid: str
    name: str | None
    settings: Settings
    cuts: list | None
    created_at: str
    abandoned_at: str | None
    touched: int
    trail: list[TrailEntry]
    state: MatchState  #: after the entries that stand, once checked

    @property
    def quoted_name(self) -> str:
        """`` “Friday night”`` to follow a match number in a message, or nothing without a name."""
        if not self.name:
            return ""
        return f" “{self.name}”" if self.name.isprintable() else f" {json.dumps(self.name)}"  # one line, always

    @property
    def label(self) -> str:
        """The match as a message names it: its number in the store it came from, and its name."""
        return f"match {self.id}{self.quoted_name}"


def read(path: Path) -> list[BackupMatch]:
    """The matches of a backup file, every one checked; BackupError says what is wrong."""
    try:
        data = json.loads(path.read_bytes())
    except FileNotFoundError:
        raise BackupError(f"{path}: no such file") from None
    except IsADirectoryError:
        raise BackupError(f"{path} is a folder, not a backup file") from None
    except OSError as error:
        raise BackupError(f"cannot read {path}: {error.strerror or error}") from None
    except (ValueError, RecursionError):  # not UTF-8, not JSON, a number of 5,000 digits, nested too deep
        raise BackupError(f"{path} is not a scorepad backup (not JSON)") from None
    try:
        return parse(data)
    except BackupError as error:
        # The file's own text can be in the message: keep it to one line.
        raise BackupError(f"{path}: {' '.join(str(error).splitlines())}") from None


def parse(data) -> list[BackupMatch]:
    if not isinstance(data, dict) or data.get("format") != FORMAT:
        raise BackupError(f"not a scorepad backup (no \"format\": \"{FORMAT}\")")
    version = _field(data, "version", int, "backup")
    if version > VERSION:
        raise BackupError(f"backup version {version} is newer than this scorepad reads ({VERSION}): upgrade scorepad")
    if version < 1:
        raise BackupError(f"backup version {version} does not exist")
    _time(data, "exported_at", "backup")
    matches = [_match(m, f"matches[{i}]") for i, m in enumerate(_field(data, "matches", list, "backup"))]
    seen: set[str] = set()
    for match in matches:
        if match.uid in seen:
            raise BackupError(f"{match.label}: uid {match.uid!r} appears twice")
        seen.add(match.uid)
    return matches


_INT_MIN, _INT_MAX = -(2**63), 2**63 - 1  #: what a database integer holds
_TYPE_NAMES = {int: "a whole number", str: "text", list: "a list", dict: "an object", bool: "true or false"}


def _field(obj: dict, key: str, kind: type, where: str, null: bool = False):
    if key not in obj:
        raise BackupError(f"{where} has no {key!r}")
    value = obj[key]
    if value is None and null:
        return None
    # bool is an int to Python, not to a backup.
    if not isinstance(value, kind) or (kind is int and isinstance(value, bool)):
        raise BackupError(f"{where}.{key} should be {_TYPE_NAMES[kind]}, not {json.dumps(value)[:40]}")
    if kind is int and not _INT_MIN <= value <= _INT_MAX:
        raise BackupError(f"{where}.{key} is out of range: {str(value)[:20]}...")
    return value


def _time(obj: dict, key: str, where: str, null: bool = False) -> str | None:
    value = _field(obj, key, str, where, null)
    if value is not None:
        try:
            stamp = datetime.fromisoformat(value)
        except ValueError:
            raise BackupError(f"{where}.{key} is not an ISO-8601 time: {value[:40]!r}") from None
        if stamp.utcoffset() is None:  # spec/CLI.md: times carry their offset
            raise BackupError(f"{where}.{key} has no UTC offset: {value[:40]!r}")
    return value


def _match(data, where: str) -> BackupMatch:
    if not isinstance(data, dict):
        raise BackupError(f"{where} should be an object")
    where = f"match {_field(data, 'id', int, where)}"
    uid = _field(data, "uid", str, where)
    if not 0 < len(uid) <= 32:
        raise BackupError(f"{where}: a uid has 1 to 32 characters, not {len(uid)}")
    settings = _settings(data, where)
    cuts = _field(data, "cuts", list, where, null=True)
    for cut in cuts or []:
        if not isinstance(cut, dict) or not all(isinstance(c, str) for c in cut.values()):
            raise BackupError(f"{where}.cuts should list objects of NAME: CARD")
        _checked(lambda: [Card.parse(c) for c in cut.values()], f"{where}.cuts")
    name = _field(data, "name", str, where, null=True)
    match = BackupMatch(
        id=data["id"],
        uid=uid,
        name=name,
        settings=settings,
        cuts=cuts,
        created_at=_time(data, "created_at", where),
        abandoned_at=_time(data, "abandoned_at", where, null=True),
        touched=_field(data, "touched", int, where),
        trail=[],
        state=MatchState.start(settings),
    )
    where = match.label
    trail = _field(data, "trail", list, where)
    match.trail = [_trail_entry(e, settings, f"{where}, trail[{i + 1}]", i) for i, e in enumerate(trail)]
    match.state = _fold(match)
    return match


def _checked(make, where: str):
    """Build a core value, turning the core's refusal into the backup's."""
    try:
        return make()
    except (ValueError, KeyError, TypeError, AttributeError) as error:  # ScorepadError is a ValueError
        raise BackupError(f"{where}: {error}") from None


def _settings(data: dict, where: str) -> Settings:
    players = _field(data, "players", list, where)
    if not all(isinstance(p, str) for p in players):
        raise BackupError(f"{where}.players should list names")
    _checked(lambda: [check_name(p) for p in players], where)
    if len({p.casefold() for p in players}) != len(players):
        raise BackupError(f"{where}: two players have the same name")
    rules = _field(data, "rules", dict, where)
    for key, value in rules.items():
        if not (isinstance(value, bool) if key == "slam" else isinstance(value, str) or value is None):
            raise BackupError(f"{where}.rules.{json.dumps(key)} cannot be {json.dumps(value)[:40]}")
    shape = _field(data, "format", dict, where)
    kind, value = _field(shape, "kind", str, f"{where}.format"), _field(shape, "value", int, f"{where}.format")
    if kind not in {k.value for k in FormatKind}:
        raise BackupError(f"{where}.format.kind is deals, over or reach, not {kind!r}")
    first = _field(data, "first_dealer", str, where)

    def make() -> Settings:
        probe = Settings(tuple(players), RuleSet.from_json(rules), Format(FormatKind(kind), value))
        return Settings(probe.players, probe.rules, probe.format, _seat(probe, first))

    return _checked(make, where)


def _seat(settings: Settings, name: str) -> int:
    """A player's seat by the exact name, as the backup was written."""
    try:
        return settings.players.index(name)
    except ValueError:
        raise BackupError(f"{name!r} is not a player of the match") from None


def _trail_entry(data, settings: Settings, where: str, index: int) -> TrailEntry:
    if not isinstance(data, dict):
        raise BackupError(f"{where} should be an object")
    state = _field(data, "state", str, where)
    if state not in STATES:
        raise BackupError(f"{where}.state is standing, undone or replaced, not {state!r}")
    kind_text = _field(data, "kind", str, where)
    if kind_text not in {k.value for k in EntryKind}:
        raise BackupError(f"{where}.kind is deal, tiebreak or misdeal, not {kind_text!r}")
    kind = EntryKind(kind_text)
    replaces = _field(data, "replaces", int, where, null=True)
    if replaces is not None and not 1 <= replaces <= index:
        raise BackupError(f"{where}.replaces should name an earlier entry of the trail (1 to {index})")

    def seat(key: str, null: bool = False) -> int | None:
        name = _field(data, key, str, where, null)
        return None if name is None else _checked(lambda: _seat(settings, name), f"{where}.{key}")

    scores = _by_seat(_field(data, "scores", dict, where), int, settings, f"{where}.scores")
    cards = _by_seat(_field(data, "cards", dict, where, null=True) or {}, list, settings, f"{where}.cards")
    hands = {s: _checked(lambda: tuple(Card.parse(c) for c in hand), f"{where}.cards") for s, hand in cards.items()}
    renege, slam = seat("renege", null=True), seat("slam", null=True)
    if kind is EntryKind.MISDEAL:
        if scores or hands or renege is not None or slam is not None:
            raise BackupError(f"{where}: a misdeal has no scores")
        entry = Entry.misdeal()
    else:
        entry = Entry(kind, Outcome(scores, renege=renege, slam=slam, cards=hands))
    return TrailEntry(
        state=state,
        position=_field(data, "position", int, where),
        entry=entry,
        number=_field(data, "number", int, where),
        dealer=seat("dealer"),
        recorded_at=_time(data, "recorded_at", where),
        ended_at=_time(data, "ended_at", where, null=True),
        replaces=None if replaces is None else replaces - 1,
    )


def _by_seat(values: dict, kind: type, settings: Settings, where: str) -> dict:
    """``{"Ann": value}`` as ``{seat: value}`` in seat order, every value of the given type."""
    found = {}
    for name, value in values.items():
        if not isinstance(value, kind) or isinstance(value, bool):
            raise BackupError(f"{where}.{json.dumps(name)} should be {_TYPE_NAMES[kind]}")
        if kind is list and not all(isinstance(c, str) for c in value):
            raise BackupError(f"{where}.{json.dumps(name)} should list cards like \"QS\"")
        found[_checked(lambda: _seat(settings, name), where)] = value
    return dict(sorted(found.items()))


def _check_trail(match: BackupMatch) -> None:
    """Entries that no longer stand were still real deals: check their scores as a deal of their players."""
    players = len(match.settings.players)
    for item in match.trail:
        outcome = item.entry.outcome
        if item.state == STANDING or outcome is None:
            continue
        seats = tuple(sorted(outcome.scores))
        where = f"{match.label}, {item.state} {item.kind} {item.number}"
        regular = item.entry.kind is EntryKind.DEAL
        if len(seats) != players if regular else not 2 <= len(seats) <= players:  # all may tie
            raise BackupError(f"{where}: scores for the wrong players")
        _checked(lambda: check_outcome(match.settings.rules, seats, outcome, match.settings.names), where)


def _fold(match: BackupMatch) -> MatchState:
    """Fold the entries that stand, checking each as ``deal`` would have when it was entered."""
    _check_trail(match)
    standing = sorted((e for e in match.trail if e.state == STANDING), key=lambda e: e.position)
    positions = [e.position for e in standing]
    if len(set(positions)) != len(positions):
        raise BackupError(f"{match.label}: two standing entries share a position")
    state = MatchState.start(match.settings)
    players = match.settings.players
    for item in standing:
        deal = state.next
        if deal is None:
            raise BackupError(f"{match.label}, deal {item.number}: the match was over before this {item.kind}")
        where = f"{match.label}, deal {deal.number}"
        # A misdeal's stored dealer may predate a fix that changed which deal it
        # voided (a tie-break that is no longer due), so only its number is sure.
        dealer = deal.dealer if item.entry.kind is not EntryKind.MISDEAL else item.dealer
        if (item.number, item.dealer) != (deal.number, dealer):
            raise BackupError(
                f"{where}: the file says {item.kind} {item.number} dealt by {players[item.dealer]}, "
                f"but the entries before it make it deal {deal.number} dealt by {players[deal.dealer]}"
            )
        state = _checked(lambda: state.apply(item.entry, strict=True), where)
    if match.abandoned_at:
        if state.finished:
            raise BackupError(f"{match.label} is abandoned, yet its entries finish it")
        return state.abandon()
    return state


# Restoring.


@dataclass
class Restored:
    """What an import did, or would do in a dry run (then ``added`` holds no ids)."""

    added: list[tuple[BackupMatch, int | None]]
    present: list[tuple[BackupMatch, int]]  #: with the id the store already knows it by


def restore(store: Store, matches: list[BackupMatch], dry_run: bool = False) -> Restored:
    """Add the matches the store does not hold yet, in one transaction; a dry run writes nothing."""
    uids = [m.uid for m in matches]
    if dry_run:
        try:
            with store.read() as conn:
                present = repo.match_ids_by_uid(conn, uids)
        except NoStoreYet:  # a restore into a new store: a dry run does not create it
            present = {}
        return Restored([(m, None) for m in matches if m.uid not in present], _present(matches, present))
    with store.write(create=True) as conn:  # restoring into a new store is what backups are for
        present = repo.match_ids_by_uid(conn, uids)
        new = [m for m in matches if m.uid not in present]
        # Keep the backup's order of use, so the default --match after a
        # restore is the match that was used last before the backup.
        first = repo.next_touch(conn)
        touch = {m.uid: first + rank for rank, m in enumerate(sorted(new, key=lambda m: m.touched))}
        added = [(m, _insert(conn, m, touch[m.uid])) for m in new]
    return Restored(added, _present(matches, present))


def _present(matches: list[BackupMatch], present: dict[str, int]) -> list[tuple[BackupMatch, int]]:
    return [(m, present[m.uid]) for m in matches if m.uid in present]


def _insert(conn: Connection, match: BackupMatch, touched: int) -> int:
    match_id = repo.insert_match(
        conn,
        match.state,
        uid=match.uid,
        name=match.name,
        cuts=match.cuts,
        created_at=match.created_at,
        touched=touched,
        abandoned_at=match.abandoned_at,
    )
    rows = [
        {
            "match_id": match_id,
            "position": item.position,
            "number": item.number,
            "dealer": item.dealer,
            "recorded_at": item.recorded_at,
            "state": item.state,
            "ended_at": item.ended_at,
            "replaces": None,
        }
        | repo.entry_columns(item.entry)
        for item in match.trail
    ]
    links = {i: item.replaces for i, item in enumerate(match.trail) if item.replaces is not None}
    repo.insert_trail(conn, rows, links)
    return match_id
