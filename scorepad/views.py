"""The JSON shapes of the command-line contract (spec/CLI.md), built from core values."""

from __future__ import annotations

from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from .services import HistoryRow, Result


def status_json(result: Result) -> dict:
    state = result.state
    settings = state.settings
    players = settings.players
    deal = state.next
    data = {
        "match": result.match_id,
        "name": result.name,
        "players": list(players),
        "format": settings.format.to_json(),
        "rules": settings.rules.to_json(),
        "deals_played": state.deals_played,
        "totals": dict(zip(players, state.totals)),
        "finished": state.finished,
        "abandoned": state.abandoned,
        "winner": players[state.winner] if state.winner is not None else None,
        "tiebreak": (
            {"players": [players[s] for s in state.tiebreak[0]], "round": state.tiebreak[1]}
            if state.tiebreak and not state.finished
            else None
        ),
        "dealer": None,
        "eldest": None,
        "deal_players": None,
        "pass_to": None,
        "removed": None,
        "deal_total": None,
    }
    if deal is not None:
        data |= {
            "dealer": players[deal.dealer],
            "eldest": players[deal.eldest],
            "deal_players": [players[s] for s in deal.players],
            "pass_to": {players[a]: players[b] for a, b in deal.pass_to.items()},
            "removed": [c.ascii() for c in deal.removed],
            "deal_total": deal.deal_total,
        }
    return data


def history_json(result: Result, rows: list[HistoryRow]) -> dict:
    return {
        "match": result.match_id,
        "deals": [
            {
                "number": r.number,
                "kind": r.kind,
                "dealer": r.dealer,
                "scores": r.scores,
                "renege": r.renege,
                "totals": r.totals,
                "recorded_at": r.recorded_at,
            }
            for r in rows
        ],
    }
