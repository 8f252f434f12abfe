"""The JSON shapes of the command-line contract (docs/json.md), built from core values."""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from datetime import date

    from ..app.backup import BackupMatch, BackupNight, Restored
    from ..app.ratings import PlayerRating
    from ..app.reading import MatchSummary
    from ..app.results import HistoryRow, Result
    from ..app.stats import PlayerStats
    from ..core.rules import RuleSet


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
        "totals": dict(zip(players, state.totals, strict=True)),
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
        "replaced": {players[seat]: list(state.replaced(seat)) for seat in settings.seats if state.replaced(seat)},
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
    """The deals as the contract has them, each marked when it was corrected, and the substitutes apart."""
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
                "corrected": r.corrected,
                "phone_table": r.phone_table,
            }
            for r in rows
            if r.left is None
        ],
        "substitutes": [
            {
                "number": r.number,  # the first deal the substitute plays
                "seat": r.left[0] + 1,  # from 1, as the CSV export counts seats
                "player": r.players[r.left[0]],
                "replaced": r.left[1],
                "recorded_at": r.recorded_at,
            }
            for r in rows
            if r.left is not None
        ],
    }


def matches_json(rows: Sequence[MatchSummary]) -> dict[str, Any]:
    """The list of matches: the spec's keys first, then scorepad's own."""
    return {
        "matches": [
            {
                "match": r.id,
                "name": r.name,
                "players": r.players,
                "created_at": r.created_at,
                "finished": r.finished,
                "winner": r.winner,
                "abandoned": r.abandoned,
                "deals_played": r.deals_played,
                "rules": r.preset,
            }
            for r in rows
        ]
    }


def import_json(done: Restored, dry_run: bool) -> dict[str, Any]:
    """What an import added, or would add, and what it left alone."""

    def summary(match: BackupMatch, match_id: int | None) -> dict[str, Any]:
        return {
            "match": match_id,
            "uid": match.uid,
            "name": match.record.name,
            "players": list(match.state.settings.players),
            "deals": match.state.scored,
            "entries": len(match.trail),
        }

    def night(backup: BackupNight, night_id: int | None) -> dict[str, Any]:
        return {"night": night_id, "uid": backup.uid, "name": backup.night.name, "rounds": len(backup.night.rounds)}

    return {
        "dry_run": dry_run,
        "added": [summary(m, new_id) for m, new_id in done.added],
        "present": [summary(m, old_id) for m, old_id in done.present],
        "nights_added": [night(n, new_id) for n, new_id in done.nights_added],
        "nights_present": [night(n, old_id) for n, old_id in done.nights_present],
    }


def player_stats_json(player: PlayerStats, rules: RuleSet) -> dict[str, Any]:
    """A player's figures; a count the preset makes meaningless is None."""
    from ..app.stats import TRACKED

    cards = {key: (player.taken[key] if rules.points(card) else None) for key, card in TRACKED.items()}
    return {
        "name": player.name,
        "matches": player.matches,
        "finished": player.finished,
        "wins": player.wins,
        "deals": player.deals,
        "points": player.points,
        "avg_per_deal": player.avg_per_deal,
        **cards,
        "deals_with_cards": player.deals_with_cards,
        "slams": player.slams if rules.can_slam else None,
        "reneges": player.reneges,
    }


def stats_json(
    rules: RuleSet, since: date | None, until: date | None, players: Sequence[PlayerStats]
) -> dict[str, Any]:
    return {
        "preset": rules.preset.value,
        "decks": rules.decks,
        "since": since.isoformat() if since else None,
        "until": until.isoformat() if until else None,
        "players": [player_stats_json(p, rules) for p in players],
    }


def ratings_json(players: Sequence[PlayerRating]) -> dict[str, Any]:
    return {
        "players": [
            {
                "name": p.name,
                "rating": round(p.rating, 3),
                "mu": round(p.mu, 3),
                "sigma": round(p.sigma, 3),
                "matches": p.matches,
                "wins": p.wins,
            }
            for p in players
        ]
    }
