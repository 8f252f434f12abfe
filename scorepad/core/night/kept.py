"""A club night as it was kept: its rounds' tables with their matches, folded again and checked.

The store reads a night back from its rows and a backup from its file: each
hands its parts here once decoded. ``checked_night`` folds them into the
night its commands read, or says every way they break what scorepad writes,
as values (a table's match missing, or another table's, or not the table's; a
round ended with a table not over; more rounds drawn ahead than remain; and
whatever ``NightState.resume`` refuses).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from ..errors import RuleError, ScorepadError
from ..language import N_
from ..match import MatchState
from ..names import check_names
from ..rules import RuleSet
from .scores import TableResult
from .seating import Cuts, Planned, Table
from .state import Attendance, NightSettings, NightState

#: The tables of every round seated, round 1 first, each with its match's id.
KeptRounds = Sequence[Sequence[tuple[Table, int]]]


def counted_rounds(rounds: KeptRounds, matches: Mapping[int, MatchState]) -> int:
    """How many rounds count: those ended, and the round in play once every table of it is over."""
    if not rounds:
        return 0
    return len(rounds) - (not all(matches[match_id].finished for _, match_id in rounds[-1]))


def kept_state(
    settings: NightSettings,
    rounds: KeptRounds,
    attendance: Sequence[Attendance],
    planned: Planned,
    matches: Mapping[int, MatchState],
    cuts: Cuts = (),
) -> NightState:
    """The night as the core folds it from what was kept; RuleError when its parts do not agree.

    The round in play has no results yet, unless it is the night's last and
    every table of it is over: then the night is over.
    """
    results = [tuple(TableResult.of_match(matches[match_id], table.players) for table, match_id in t) for t in rounds]
    over = counted_rounds(rounds, matches) == settings.rounds
    return NightState.resume(
        settings,
        [tuple(table for table, _ in tables) for tables in rounds],
        results if over else results[:-1],
        attendance,
        planned,
        cuts,
    )


def checked_night(
    settings: NightSettings,
    rules: RuleSet,
    attendance: Sequence[Attendance],
    rounds: KeptRounds,
    planned: Planned,
    matches: Mapping[int, MatchState],
    cuts: Cuts = (),
) -> tuple[NightState | None, list[ScorepadError]]:
    """The night its kept parts fold into, and no fault; or None, and every way they break what scorepad writes.

    ``matches`` holds the state of every table's match that exists. The tables
    are checked first, each on its own; the night is folded only when every
    table plays its own match, which the fold reads.
    """
    faults: list[ScorepadError] = []
    try:
        check_names([line.name for line in attendance])  # those who joined too: the settings see round 1 only
    except ScorepadError as fault:
        faults.append(fault)
    seated: set[int] = set()
    for number, tables in enumerate(rounds, start=1):
        for table, match_id in tables:
            wrong = _table_fault(settings, rules, number, table, match_id, matches.get(match_id), seated)
            if wrong is not None:
                faults.append(wrong)
            seated.add(match_id)
    if faults:
        return None, faults
    for number, tables in enumerate(rounds[:-1], start=1):
        faults += [
            RuleError(
                N_("round {round} has ended, but its table {table} (match {match}) is not over"),
                round=number,
                table=table.number,
                match=match_id,
            )
            for table, match_id in tables
            if not matches[match_id].finished
        ]
    left = settings.rounds - len(rounds)  # below 0 for a night seated past its rounds, which the fold says
    if len(planned) > max(left, 0):
        faults.append(
            RuleError(
                N_("the rounds drawn ahead ({count}) outnumber the rounds still to come ({left})"),
                count=len(planned),
                left=left,
            )
        )
    if not faults:
        try:
            return kept_state(settings, rounds, attendance, planned, matches, cuts), []
        except ScorepadError as fault:
            faults.append(fault)
    return None, faults


def _table_fault(
    settings: NightSettings,
    rules: RuleSet,
    round_: int,
    table: Table,
    match_id: int,
    match: MatchState | None,
    seated: set[int],
) -> RuleError | None:
    """What is wrong with a table's match, if anything: the night reads its result by the table's seats."""
    where = {"round": round_, "table": table.number, "match": match_id}
    if match is None:
        return RuleError(N_("round {round}, table {table}: its match {match} does not exist"), **where)
    if match_id in seated:
        return RuleError(N_("round {round}, table {table}: match {match} is another table's match too"), **where)
    played = match.settings
    if played.players != table.players:
        return RuleError(
            N_("round {round}, table {table}: match {match} seats {players}, not the table's {seats}"),
            **where,
            players=", ".join(played.players),
            seats=", ".join(table.players),
        )
    deals = settings.table_format(len(table.players))
    if (played.rules, played.format, played.first_dealer) != (rules, deals, table.first_dealer):
        return RuleError(
            N_("round {round}, table {table}: match {match} is not this table's match in the night's rules"), **where
        )
    return None
