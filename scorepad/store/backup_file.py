"""The shape of a JSON backup file, as SQLModel (pydantic) models.

A backup names players, never seats or database ids, so a person can read
it; an entry that replaced another points at it by its place in the match's
``trail`` (1 = the first entry written). A seat is named by the player who
sat in it first (``players``), whoever played it since: a seat change
(``kind`` ``seat``) names the seat so, and its new ``player``. These models
check every field's type and presence; ``describe`` turns pydantic's first
complaint into one line that names the match, the trail entry and the field.
Whether the deals themselves follow the rules is the app's to check (``app.backup``).
"""

from __future__ import annotations

import json
import re
from datetime import datetime
from typing import Annotated, Any, Literal

from pydantic import AfterValidator, ConfigDict, Field, ValidationError, model_validator
from sqlmodel import SQLModel

from ..core.errors import ScorepadError
from ..core.language import N_, Phrase, Titled
from .history import MatchRecord, TrailItem
from .night_rows import StoredNight, cuts_json, settings_fields

FORMAT = "scorepad-backup"
VERSION = 1  #: the newest backup version this code reads and the one it writes

#: What a database integer holds.
Int64 = Annotated[int, Field(ge=-(2**63), le=2**63 - 1)]


class _Invalid(ValueError):
    """A field's own complaint, as a template whose ``{field}`` ``describe`` fills once it knows the field."""

    def __init__(self, template: str, /, **fields: object) -> None:
        super().__init__(template)
        self.template, self.fields = template, fields


def _moment(value: str) -> str:
    try:
        stamp = datetime.fromisoformat(value)
    except ValueError:
        raise _Invalid(N_("{field} is not an ISO-8601 time: {value}"), value=repr(value[:40])) from None
    if stamp.utcoffset() is None:  # a time without its offset names no moment
        raise _Invalid(N_("{field} has no UTC offset: {value}"), value=repr(value[:40]))
    return value


Time = Annotated[str, AfterValidator(_moment)]


class _Strict(SQLModel):
    # Strict: "1" is not a number and true is not 1, whatever pydantic would coerce.
    model_config = ConfigDict(strict=True, extra="ignore")  # type: ignore[assignment]


class RulesFile(_Strict):
    preset: str = "classic"
    hearts: str | None = None
    slam: bool | None = None
    pass_rule: str | None = Field(default=None, alias="pass")
    omnibus: str | None = None
    decks: int = 1  # absent in backups written before two decks: one deck

    @model_validator(mode="before")
    @classmethod
    def _every_value_text_but_slam(cls, data: Any) -> Any:
        # As RuleSet.to_json writes them: slam true or false, decks a number, any other option
        # text or null, an option of a newer scorepad included (refused here rather than dropped unread).
        for key, value in data.items() if isinstance(data, dict) else ():
            if not _RULE_VALUE.get(key, _text_or_null)(value):
                # TRANSLATORS: {key} is an option's name in the file, {value} its value there, e.g. "slam" and null.
                raise _Invalid(N_("{field}.{key} cannot be {value}"), key=json.dumps(key), value=json.dumps(value)[:40])
        return data

    def to_json(self) -> dict[str, Any]:
        return {"preset": self.preset, "hearts": self.hearts, "slam": self.slam, "pass": self.pass_rule,
                "omnibus": self.omnibus, "decks": self.decks}  # fmt: skip


def _text_or_null(value: Any) -> bool:
    return isinstance(value, str) or value is None


_RULE_VALUE = {
    "slam": lambda value: isinstance(value, bool),
    "decks": lambda value: type(value) is int,
}


class FormatFile(_Strict):
    kind: Literal["deals", "over", "reach"]
    value: Int64


class TrailEntryFile(_Strict):
    state: Literal["standing", "undone", "replaced"]
    position: Int64
    kind: Literal["deal", "tiebreak", "misdeal", "seat"]
    number: Int64
    dealer: str
    scores: dict[str, Int64]
    cards: dict[str, list[str]] | None
    renege: str | None
    slam: str | None
    seat: str | None = None  #: a seat change's seat, by its first player
    player: str | None = None  #: a seat change's new player
    recorded_at: Time
    ended_at: Time | None
    replaces: Int64 | None  #: the place in the trail, from 1, of the entry this one replaced


class MatchFile(_Strict):
    id: Int64  #: the number it had in the store it came from, for people reading messages
    uid: Annotated[str, Field(min_length=1, max_length=32)]
    name: str | None
    players: list[str]
    rules: RulesFile
    format: FormatFile
    first_dealer: str
    cuts: list[dict[str, str]] | None
    created_at: Time
    abandoned_at: Time | None
    touched: Int64
    trail: list[TrailEntryFile]

    @model_validator(mode="after")
    def _replaces_earlier(self) -> MatchFile:
        for index, item in enumerate(self.trail):
            if item.replaces is not None and not 1 <= item.replaces <= index:
                raise _Invalid(
                    # TRANSLATORS: trail[...].replaces is the place in the backup file: keep it as it is.
                    N_("{field}, trail[{number}].replaces should name an earlier entry of the trail (1 to {last})"),
                    number=index + 1,
                    last=index,
                )
        return self

    @property
    def quoted_name(self) -> Titled | str:
        return quoted_name(self.name)

    @property
    def label(self) -> Phrase:
        return match_label(self.id, self.name)


def match_label(match_id: object, name: object) -> Phrase:
    """``match 3 “Friday”``: a match of a backup as messages name it, by its number and its name."""
    # TRANSLATORS: {name} is empty, or a space and the match's name in quotes.
    return Phrase(N_("match {match}{name}"), match=match_id, name=quoted_name(name))


def in_trail(match: Phrase | str, number: int) -> Phrase:
    """``match 3 “Friday”, trail[4]``: an entry of a match's trail, in the file's own notation."""
    return Phrase("{match}, trail[{number}]", match=match, number=number)  # notation: the same in every language


def quoted_name(name: object) -> Titled | str:
    """`` “Friday night”`` to follow a match number in a message (in the quote marks of the language it is
    shown in), or nothing without a name."""
    if not isinstance(name, str) or not name:
        return ""
    if len(name) > 40:  # a name from a file may be of any length, and is refused for it
        name = name[:40] + "…"
    return Titled(name) if name.isprintable() else f" {json.dumps(name)}"  # one line, always


class NightPlayerFile(_Strict):
    name: str
    joined: Int64 | None  #: the round they joined from; null: from the first
    left: Int64 | None  #: the last round they played; null: to the end


class NightTableFile(_Strict):
    round: Int64
    table: Int64
    match: Annotated[str, Field(min_length=1, max_length=32)]  #: the uid of the table's match, in this backup
    players: list[str]  #: in seat order
    first_dealer: str


class NightCutFile(_Strict):
    round: Int64
    tables: list[list[str]]  #: each table's players, best first


class NightFile(_Strict):
    id: Int64  #: the number it had in the store it came from, for people reading messages
    uid: Annotated[str, Field(min_length=1, max_length=32)]
    name: str | None
    rules: RulesFile
    table_size: Int64
    rounds: Int64
    deals_per_player: Int64
    movement: Literal["progressive", "mixed", "stay"]
    seating: Literal["random", "listed"]
    seed: Int64
    created_at: Time
    touched: Int64
    players: list[NightPlayerFile]  #: in the order they came
    tables: list[NightTableFile]  #: round by round, table by table
    planned: list[list[list[str]]]  #: mixed movement: the tables drawn for the rounds to come
    #: The rounds a player must play to be ranked with the others; None (or absent): half the rounds played.
    min_rounds: Int64 | None = None
    #: Progressive movement: each round's finishing orders as the cut settled its ties (absent: none kept).
    cuts: list[NightCutFile] = []

    @property
    def label(self) -> Phrase:
        return night_label(self.id, self.name)


def night_label(night_id: object, name: object) -> Phrase:
    """``night 2 “Clubavond”``: a night of a backup as messages name it."""
    # TRANSLATORS: {name} is empty, or a space and the night's name in quotes.
    return Phrase(N_("night {night}{name}"), night=night_id, name=quoted_name(name))


class BackupFile(_Strict):
    format: Literal["scorepad-backup"]
    version: Int64
    exported_at: Time
    matches: list[MatchFile]
    nights: list[NightFile] = []  # absent in backups written before club nights


class _Header(_Strict):
    """What is read first: a newer version may have any other shape."""

    version: Int64


class BackupShapeError(ScorepadError):
    """A file whose fields are missing or of the wrong type; the message names where."""


def validate(data: object) -> BackupFile:
    """The backup in ``data`` (parsed JSON), or BackupShapeError saying what is wrong, and where."""
    if not isinstance(data, dict) or data.get("format") != FORMAT:
        # TRANSLATORS: "format" is the backup file's own key: keep it, and {format}, as they are.
        raise BackupShapeError(N_('not a scorepad backup (no "format": "{format}")'), format=FORMAT)
    try:
        version = _Header.model_validate(data).version
        if version > VERSION:
            raise BackupShapeError(
                N_("backup version {version} is newer than this scorepad reads ({newest}): upgrade scorepad"),
                version=version,
                newest=VERSION,
            )
        if version < 1:
            raise BackupShapeError(N_("backup version {version} does not exist"), version=version)
        backup = BackupFile.model_validate(data)
    except ValidationError as error:
        raise BackupShapeError("{problem}", problem=describe(error.errors()[0], data)) from None
    seen: set[str] = set()
    for match in backup.matches:
        if match.uid in seen:
            raise BackupShapeError(N_("{match}: uid {uid} appears twice"), match=match.label, uid=repr(match.uid))
        seen.add(match.uid)
    seen = set()
    for night in backup.nights:
        if night.uid in seen:
            raise BackupShapeError(N_("{match}: uid {uid} appears twice"), match=night.label, uid=repr(night.uid))
        seen.add(night.uid)
    return backup


#: A value of the wrong type, by the type pydantic expected: one whole sentence each, for translators.
_TYPES = {
    "int": N_("{field} should be a whole number, not {given}"),
    "string": N_("{field} should be text, not {given}"),
    "list": N_("{field} should be a list, not {given}"),
    "dict": N_("{field} should be an object, not {given}"),
    "model": N_("{field} should be an object, not {given}"),
    # TRANSLATORS: true and false are JSON's own words: keep them as they are.
    "bool": N_("{field} should be true or false, not {given}"),
}


def describe(error: Any, data: dict) -> Phrase:
    """One pydantic error as a line: ``match 3 “Friday”, trail[4].scores."Ann" should be a whole number``."""
    where: Phrase | str = "backup"  # the file's root, as in the path ``backup.exported_at``: notation
    path = list(error["loc"])
    if path[:1] == ["matches"] and len(path) > 1:
        raw = data["matches"][path[1]]
        match_id = raw.get("id") if isinstance(raw, dict) else None
        known = isinstance(match_id, int) and not isinstance(match_id, bool) and -(2**63) <= match_id < 2**63
        where, path = (Phrase(N_("match {match}"), match=match_id) if known else f"matches[{path[1]}]"), path[2:]
        label = match_label(match_id, raw.get("name")) if known else where
        if path[:1] == ["trail"] and len(path) > 1 and known:
            where, path = in_trail(label, path[1] + 1), path[2:]
        elif path in ([], ["trail"]):  # the match's deals: named as every message about them names it
            where = label
    kind, given = error["type"], error.get("input")
    if kind == "missing":
        return Phrase(N_("{field} has no {key}"), field=_at(where, path[:-1]), key=repr(path[-1]))
    field = _at(where, path)
    if kind == "value_error":
        reason = error["ctx"]["error"]
        if isinstance(reason, _Invalid):  # a complaint of this module's validators
            return Phrase(reason.template, field=field, **reason.fields)
        return _notation("{field}: {reason}", field=field, reason=str(reason))
    if kind == "literal_error":
        shown = repr(given) if isinstance(given, str) else json.dumps(given)
        return Phrase(N_("{field} is {expected}, not {given}"), field=field, expected=_one_of(error), given=shown[:40])
    if kind in ("greater_than_equal", "less_than_equal"):
        return Phrase(N_("{field} is out of range: {value}..."), field=field, value=str(given)[:20])
    if kind in ("string_too_short", "string_too_long"):
        return Phrase(N_("{field} has 1 to 32 characters, not {count}"), field=field, count=len(given))
    expected = _TYPES.get(kind.split("_")[0])
    if (expected and kind.endswith("_type")) or kind.endswith("_parsing"):
        other = N_("{field} should be of another type, not {given}")
        return Phrase(expected or other, field=field, given=json.dumps(given)[:40])
    return _notation("{field}: {reason}", field=field, reason=error["msg"])  # pydantic's own words: English


def _notation(template: str, /, **fields: object) -> Phrase:
    """Where in the file, in the file's own notation (``match 3.rules``): the same in every language."""
    return Phrase(template, **fields)


def _at(where: Phrase | str, path: list[Any]) -> Phrase:
    return _notation("{where}{path}", where=where, path=_dotted(path))


def _one_of(error: Any) -> Phrase | str:
    """The values a Literal allows, ``deals, over or reach``, from pydantic's ``'deals', 'over' or 'reach'``."""
    expected = error["ctx"]["expected"]
    values = re.findall(r"'([^']*)'", expected) or [expected]
    if len(values) == 1:
        return values[0]
    return Phrase(N_("{first} or {last}"), first=", ".join(values[:-1]), last=values[-1])


def _dotted(path: list[Any]) -> str:
    """``["scores", "Ann"]`` as ``.scores."Ann"``, ``["cuts", 0]`` as ``.cuts[0]``: a name from the file is quoted."""
    text = ""
    for index, step in enumerate(path):
        named = path[index - 1 : index] in (["scores"], ["cards"]) or path[index - 2 : index - 1] == ["cuts"]
        text += f"[{step}]" if isinstance(step, int) else f".{json.dumps(step)}" if named else f".{step}"
    return text


# Writing: the same shape from what the store holds.


def match_json(match: MatchRecord, trail: list[TrailItem]) -> dict[str, Any]:
    """One match of a backup, with its whole trail."""
    players = match.settings.players
    return {
        "id": match.id,
        "uid": match.uid,
        "name": match.name,
        "players": list(players),
        "rules": match.settings.rules.to_json(),
        "format": match.settings.format.to_json(),
        "first_dealer": players[match.settings.first_dealer],
        "cuts": [{n: c.ascii() for n, c in r.items()} for r in match.cuts] if match.cuts else None,
        "created_at": match.created_at,
        "abandoned_at": match.abandoned_at,
        "touched": match.touched,
        "trail": [_entry_json(item, players) for item in trail],
    }


def _entry_json(item: TrailItem, players: tuple[str, ...]) -> dict[str, Any]:
    outcome, substitute = item.entry.outcome, item.entry.substitute

    def name(seat: int | None) -> str | None:
        return players[seat] if seat is not None else None

    seated = {"seat": players[substitute.seat], "player": substitute.player} if substitute else {}
    return {
        "state": item.state,
        "position": item.position,
        "kind": item.entry.kind.value,
        "number": item.number,
        "dealer": players[item.dealer],
        "scores": {players[s]: p for s, p in outcome.scores.items()} if outcome else {},
        "cards": {players[s]: [c.ascii() for c in h] for s, h in outcome.cards.items()}
        if outcome and outcome.cards
        else None,
        "renege": name(outcome.renege) if outcome else None,
        "slam": name(outcome.slam) if outcome else None,
        "recorded_at": item.recorded_at,
        "ended_at": item.ended_at,
        "replaces": item.replaces + 1 if item.replaces is not None else None,
    } | seated


def night_json(night: StoredNight, uids: dict[int, str]) -> dict[str, Any]:
    """One night of a backup: its settings, who came and went, and its tables, each naming its match by uid."""
    return {
        "id": night.id,
        "uid": night.uid,
        "name": night.name,
        "rules": night.rules.to_json(),
        **settings_fields(night.settings),
        "created_at": night.created_at,
        "touched": night.touched,
        "players": [{"name": line.name, "joined": line.joined, "left": line.left} for line in night.attendance],
        "tables": [
            {
                "round": number,
                "table": table.number,
                "match": uids[match_id],
                "players": list(table.players),
                "first_dealer": table.dealer,
            }
            for number, tables in enumerate(night.rounds, start=1)
            for table, match_id in tables
        ],
        "planned": [[list(group) for group in groups] for groups in night.planned],
        "cuts": cuts_json(night.state.cuts),
    }
