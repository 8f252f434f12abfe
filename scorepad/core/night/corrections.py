"""Corrections to a night: a name mistyped put right, two players changing places before their tables start.

Each is a new ``NightState``: the store writes what it changed (the tables'
rows, their matches' seats, who came and went, the rounds planned) and keeps a
``Correction`` in the night's trail. Each is taken back by its like: a name
renamed back, two players swapped again.
"""

from __future__ import annotations

import enum
from dataclasses import dataclass, replace

from ..errors import RuleError, UnknownNameError
from ..language import N_, Phrase
from ..names import check_name, name_key
from ..text import quoted
from .scores import Finish, TableResult
from .seating import Table
from .state import NightOver, NightState


class CorrectionKind(enum.Enum):
    RENAME = "rename"  #: ``first`` was ``second``'s name: the night and its matches now say ``second``
    SWAP = "swap"  #: ``first`` and ``second`` changed places (seat and table) in round ``round``


@dataclass(frozen=True)
class Correction:
    """One correction in a night's trail: what it was, the round in play then, the two names, and when."""

    kind: CorrectionKind
    round: int
    first: str
    second: str
    recorded_at: str = ""


def said(change: Correction) -> Phrase:
    """A correction in the organiser's words."""
    if change.kind is CorrectionKind.RENAME:
        return Phrase(N_("{new} was {old}"), new=change.second, old=change.first)
    return Phrase(N_("{first} and {second} changed places"), first=change.first, second=change.second)


def renamed(night: NightState, old: str, new: str) -> tuple[NightState, str, str]:
    """The night with player ``old`` called ``new`` in every round, as the names are kept; and the two names.

    Any player of the night may be renamed, one who left too, and after the
    night is over: a typo is put right wherever it stands. A change of case
    alone is a rename too. RuleError when ``new`` is another player's name.
    """
    player = _player(night, old, night.players)
    new = check_name(new)
    for other in night.players:
        if other != player and name_key(other) == name_key(new):
            raise RuleError(N_("{player} is a player of this night already"), player=other)
    if new == player:
        raise RuleError(N_("{player} is that name already: nothing to rename"), player=player)

    def name(each: str) -> str:
        return new if each == player else each

    def names(each: tuple[str, ...]) -> tuple[str, ...]:
        return tuple(map(name, each))

    settings = replace(night.settings, players=names(night.settings.players))
    return (
        replace(
            night,
            settings=settings,
            rounds=tuple(tuple(replace(t, players=names(t.players)) for t in tables) for tables in night.rounds),
            results=tuple(
                tuple(
                    TableResult(tuple(Finish(name(f.name), f.place, f.points) for f in r.finishes), r.deals) for r in rs
                )
                for rs in night.results
            ),
            leaving=names(night.leaving),
            joining=names(night.joining),
            joined=names(night.joined),
            planned=tuple(tuple(names(group) for group in groups) for groups in night.planned),
        ),
        player,
        new,
    )


def swapped(night: NightState, first: str, second: str) -> tuple[NightState, str, str]:
    """The night with two players of the round in play in each other's seats, and the two names.

    The rounds after it are planned again from the tables as they now are.
    Whether their tables have started is the store's to say (their matches).
    """
    if night.over:
        raise NightOver()
    a, b = (_player(night, name, night.players) for name in (first, second))
    for player in (a, b):
        if player not in night.seated:
            raise RuleError(N_("{player} does not play round {round}"), player=player, round=night.round)
    if a == b:
        raise RuleError(N_("{player} cannot change places with themselves"), player=a)

    def seat(table: Table) -> Table:
        players = tuple(b if name == a else a if name == b else name for name in table.players)
        return replace(table, players=players)

    tables = tuple(map(seat, night.tables))
    return replace(night, rounds=(*night.rounds[:-1], tables)).replanned(), a, b


def _player(night: NightState, name: str, among: tuple[str, ...]) -> str:
    """The player of ``among`` by that name, ignoring case; a refusal naming them all."""
    wanted = name_key(name.strip())
    for player in among:
        if name_key(player) == wanted:
            return player
    raise UnknownNameError(
        N_("no player {name} in this night ({players})"), name=quoted(name), players=", ".join(among)
    )
