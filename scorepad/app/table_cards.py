"""Table cards to print for a night (``night cards``): for every table of the rounds known ahead, its players,
who deals each deal, and its link and code for the phone; written as every export is.

The rounds are those a night knows before they are played: the round in play,
and after it every round a ``mixed`` or ``stay`` night will seat as it stands
now (``core.night.ahead``); a ``progressive`` night's next round hangs on the
results. Or one round, asked for by its number: one seated already, or one
known ahead.
"""

from __future__ import annotations

import os
from dataclasses import dataclass
from typing import TYPE_CHECKING

from ..core.errors import RuleError
from ..core.language import N_
from ..core.night.ahead import known_rounds
from .export import exports_folder, into_stream, split_out, write_file

if TYPE_CHECKING:
    from pathlib import Path

    from ..core.night.seating import Table
    from ..store.db import Store
    from ..store.night_rows import StoredNight
    from .table_links import NightLinks


@dataclass(frozen=True)
class TableCard:
    """One table of one round, as its card shows it."""

    round: int
    table: int
    players: tuple[str, ...]  #: in seat order, clockwise
    first_dealer: int  #: the seat of who deals first
    deals: int  #: the deals of the table's match (each player deals ``deals_per_player`` times)
    match_id: int | None  #: None: a round not seated yet
    link: str  #: the table's link on the board's address
    code: str

    @property
    def dealers(self) -> tuple[str, ...]:
        """Who deals each deal, in order: the first dealer, then the next seat clockwise, round and round."""
        seats = len(self.players)
        return tuple(self.players[(self.first_dealer + deal) % seats] for deal in range(self.deals))


@dataclass(frozen=True)
class NightCards:
    """The cards of a night's rounds, round by round, table by table."""

    night_id: int
    name: str | None
    rounds: int  #: the night's
    address: str  #: the board's, as phones reach it
    cards: tuple[TableCard, ...]


class NoSuchRound(RuleError):
    """A round the night does not have."""

    def __init__(self, round_: int, rounds: int) -> None:
        super().__init__(
            N_("the night has rounds 1 to {rounds}: there is no round {round}"), rounds=rounds, round=round_
        )


class RoundNotKnown(RuleError):
    """A round whose tables hang on the results of the round in play."""

    def __init__(self, round_: int, current: int) -> None:
        super().__init__(
            N_("the tables of round {round} are not known yet: they hang on the results of round {current}"),
            round=round_,
            current=current,
        )


def night_cards(store: Store, night_id: int | None, round_: int | None, address: str) -> NightCards:
    """The cards of the rounds known ahead (or of ``round_`` alone), with the links on ``address``.

    The night's links are made if it has none yet (``table_links.night_codes``).
    """
    from .nights import read_night
    from .table_links import night_codes

    night = read_night(store, night_id)
    chosen = _rounds(night, round_)
    links = night_codes(store, night.id)
    cards = tuple(
        _card(night, number, table, match_id, links, address) for number, tables in chosen for table, match_id in tables
    )
    return NightCards(night.id, night.name, night.settings.rounds, address, cards)


def _rounds(night: StoredNight, round_: int | None) -> list[tuple[int, list[tuple[Table, int | None]]]]:
    """The rounds to print, each its number and its tables with their matches (None: not seated yet)."""
    state = night.state
    known: dict[int, list[tuple[Table, int | None]]] = {
        number: list(tables) for number, tables in enumerate(night.rounds, start=1)
    }
    for ahead in known_rounds(state):  # the rounds to come, where the movement knows them
        known.setdefault(ahead.number, [(table, None) for table in ahead.tables])
    if round_ is None:
        return [(number, tables) for number, tables in known.items() if number >= state.round]
    if not 1 <= round_ <= night.settings.rounds:
        raise NoSuchRound(round_, night.settings.rounds)
    if round_ not in known:
        raise RoundNotKnown(round_, state.round)
    return [(round_, known[round_])]


def _card(
    night: StoredNight, round_: int, table: Table, match_id: int | None, links: NightLinks, address: str
) -> TableCard:
    link = next(link for link in links.tables if link.table == table.number)
    deals = night.settings.table_format(len(table.players)).value
    return TableCard(
        round_, table.number, table.players, table.first_dealer, deals, match_id,
        address.rstrip("/") + link.path, link.code,
    )  # fmt: skip


def save_cards(
    store: Store, night_id: int, round_: int | None, html: str, out: Path | None, folder: Path | None, force: bool
) -> Path:
    """Write the cards' page to ``out``, or under ``folder`` (default: exports/) with a new name; the file written."""
    if out is None:
        what = f"night-{night_id}-cards" if round_ is None else f"night-{night_id}-round-{round_}-cards"
        out, rename, force = (folder or exports_folder()) / f"{what}.html", True, False
    else:
        rename = False
    return write_file(out, lambda stream: stream.write(html), store, overwrite=force, rename=rename)


def check_out(store: Store, out: str | os.PathLike[str] | None, force: bool) -> tuple[Path | None, Path | None]:
    """Where the page goes, as ``(folder, file)`` (``export.split_out``); refused before the store is read."""
    folder, file = split_out(out)
    if file is not None:
        into_stream(file, force, store)
    return folder, file
