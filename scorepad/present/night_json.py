"""The JSON of club nights (docs/json.md): a night's status and the list of nights, from the app's values."""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING, Any

from ..core.night.scores import two_decimals

if TYPE_CHECKING:
    from ..app.night_plan import NightPlan
    from ..app.nights import NightStatus, NightSummary, TableStatus
    from ..core.night.corrections import Correction
    from ..core.night.scores import NightStanding


def status_json(status: NightStatus) -> dict[str, Any]:
    """Where a night stands: the contract's keys first, then scorepad's own."""
    settings = status.settings
    return {
        "night": status.night_id,
        "name": status.name,
        "round": status.round,
        "rounds": settings.rounds,
        "movement": settings.movement.value,
        "over": status.over,
        "tables": [table_json(table) for table in status.tables],
        "standings": [standing_json(line) for line in status.standings],
        "round_over": status.round_over,
        "table_size": settings.table_size,
        "deals_per_player": settings.deals_per_player,
        "seating": settings.seating.value,
        "seed": settings.seed,
        "rules": status.rules.to_json(),
        "leaving": list(status.leaving),
        "joining": list(status.joining),
        "min_rounds": status.minimum,
        "moves": [{"name": move.name, "from": move.source, "to": move.to} for move in status.moves],
    }


def table_json(table: TableStatus) -> dict[str, Any]:
    """A table of the round: its match, its players in seat order, and them in finishing order with their totals."""
    state, deal = table.state, table.state.next
    players = table.players
    return {
        "table": table.number,
        "match": table.match_id,
        "players": list(players),
        "over": table.over,
        "deals_played": state.deals_played,
        "deals": table.deals,
        "standings": [
            {"place": finish.place, "name": finish.name, "total": finish.points} for finish in table.result.finishes
        ],
        "first_dealer": table.dealer,
        "abandoned": state.abandoned,
        "winner": players[state.winner] if state.winner is not None else None,
        "next_deal": None
        if deal is None
        else {"number": deal.number, "kind": deal.kind.value, "dealer": players[deal.dealer]},
    }


def standing_json(line: NightStanding) -> dict[str, Any]:
    return {
        "place": line.place,
        "name": line.name,
        "score": two_decimals(line.score),
        "rounds": line.rounds,
        "firsts": line.firsts,
        "points_per_deal": two_decimals(line.points_per_deal),
        "qualified": line.qualified,
    }


def nights_json(rows: Sequence[NightSummary]) -> dict[str, Any]:
    """The list of nights, newest first."""
    return {
        "nights": [
            {
                "night": r.id,
                "name": r.name,
                "players": r.players,
                "round": r.round,
                "rounds": r.rounds,
                "movement": r.movement,
                "over": r.over,
                "created_at": r.created_at,
            }
            for r in rows
        ]
    }


def plan_json(plan: NightPlan) -> dict[str, Any]:
    """The rounds a night knows, tables in seat order; ``repeats``: pair meetings beyond the first in them."""
    return {
        "night": plan.night_id,
        "rounds": [
            {
                "round": known.number,
                "tables": [
                    {
                        "table": table.number,
                        "players": list(table.players),
                        "dealer": table.dealer,
                        "match": plan.matches.get((known.number, table.number)),
                    }
                    for table in known.tables
                ],
            }
            for known in plan.rounds
        ],
        "repeats": plan.repeats,
        "round": plan.round,
        "movement": plan.settings.movement.value,
        "over": plan.over,
        "corrections": [correction_json(change) for change in plan.corrections],
    }


def correction_json(change: Correction) -> dict[str, Any]:
    """A correction of the night's trail: a rename (``from``, ``to``) or a swap (``players``)."""
    from ..core.night.corrections import CorrectionKind

    named = (
        {"from": change.first, "to": change.second}
        if change.kind is CorrectionKind.RENAME
        else {"players": [change.first, change.second]}
    )
    return {"kind": change.kind.value, "round": change.round, **named, "recorded_at": change.recorded_at}
