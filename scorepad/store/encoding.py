"""How core values are written into columns, and read back: the one place that knows.

Scores and cards are JSON text keyed by seat, so a rename touches one row
and the trail never needs rewriting; rules are ``RuleSet.to_json``; a cut is
the list of its rounds, each ``{name: card}``. A match's fold is kept as two
columns (``winner`` and ``deals_played``, which listings filter and show) and
the rest of the snapshot as JSON in ``state``.

The match fold (``core.match``) is imported when an entry or a state is first
decoded, not with this module: the list of matches decodes only rules, and
making the fold's classes would cost it more than reading 500 matches. What
``decode_entry`` needs of it is kept once fetched (``_entry_types``, with the
entry kinds by value): an import statement and an enum lookup for each entry
make ``history --json`` of 100,000 deals 7% slower (2.62 -> 2.82 s of CPU).

A match read whole decodes every entry's scores (``history`` of a club's store:
100,000), so they are read with ``JSONDecoder.raw_decode``, the documented
parser ``json.loads`` wraps in checks of its own, and only text that is not
one JSON value alone goes to ``json.loads``: with ``json.loads`` for all,
``history --json`` of 100,000 deals takes 5% longer (2.52 -> 2.65 s of CPU).
"""

from __future__ import annotations

import functools
import json
from collections.abc import Mapping, Sequence
from typing import TYPE_CHECKING, Any

from ..core.cards import Card
from ..core.rules import RuleSet

if TYPE_CHECKING:
    from ..core.match import Entry, EntryKind, MatchState, Settings
    from ..core.scoring import Outcome

#: Cut rounds as the match row keeps them: each player's card, by name.
Cuts = list[dict[str, Card]]

#: The snapshot's keys that are columns of their own, not part of the ``state`` JSON.
_SNAPSHOT_COLUMNS = ("winner", "deals_played")
#: Every key of a snapshot.
_SNAPSHOT_KEYS = {"totals", "deals_played", "scored", "last_dealer", "tiebreak", "winner"}


def encode_scores(scores: Mapping[int, int]) -> str:
    return json.dumps({str(seat): points for seat, points in scores.items()})


def decode_scores(text: str) -> dict[int, int]:
    scores = {int(seat): points for seat, points in _json(text).items()}
    if not all(map(_whole, scores.values())):  # written by hand: the rules would meet text or fractions
        raise ValueError(f"scores that are not whole numbers: {text}")
    return scores


_decoder = json.JSONDecoder()


def _json(text: str) -> Any:
    """``json.loads(text)``: anything but one JSON value alone goes to it, to be read or refused in its words."""
    try:
        value, end = _decoder.raw_decode(text)
    except json.JSONDecodeError:
        return json.loads(text)
    return value if end == len(text) else json.loads(text)


def encode_cards(cards: Mapping[int, Sequence[Card]]) -> str | None:
    return json.dumps({str(seat): [c.ascii() for c in hand] for seat, hand in cards.items()}) if cards else None


def decode_cards(text: str | None) -> dict[int, tuple[Card, ...]]:
    if not text:
        return {}
    return {int(seat): tuple(Card.parse(c) for c in hand) for seat, hand in json.loads(text).items()}


def encode_rules(rules: RuleSet) -> str:
    return json.dumps(rules.to_json())


def decode_rules(text: str) -> RuleSet:
    return RuleSet.from_json(json.loads(text))


def encode_cuts(cuts: Cuts | None) -> str | None:
    return json.dumps([{name: c.ascii() for name, c in round_.items()} for round_ in cuts]) if cuts else None


def decode_cuts(text: str | None) -> Cuts | None:
    if not text:
        return None
    return [{name: Card.parse(c) for name, c in round_.items()} for round_ in json.loads(text)]


def entry_columns(entry: Entry) -> dict[str, Any]:
    """What an entry itself puts in its row: kind, scores, cards, renege, slam, and a seat change's seat and player."""
    outcome, substitute = entry.outcome, entry.substitute
    columns: dict[str, Any] = {"kind": entry.kind.value, "seat": None, "player": None}
    if substitute is not None:
        columns |= {"seat": substitute.seat, "player": substitute.player}
    if outcome is None:
        return columns | {"scores": "{}", "cards": None, "renege": None, "slam": None}
    return columns | {
        "scores": encode_scores(outcome.scores),
        "cards": encode_cards(outcome.cards),
        "renege": outcome.renege,
        "slam": outcome.slam,
    }


def decode_entry(
    kind: str,
    scores: str,
    cards: str | None,
    renege: int | None,
    slam: int | None,
    seat: int | None = None,
    player: str | None = None,
) -> Entry:
    """The entry a row's columns hold."""
    entry_type, kind_type, kinds, outcome_type = _entry_types()
    entry_kind = kinds[kind] if kind in kinds else kind_type(kind)
    if entry_kind is kind_type.MISDEAL:
        return entry_type.misdeal()
    if entry_kind is kind_type.SEAT:
        if not isinstance(seat, int) or not _whole(seat) or not isinstance(player, str):  # edited by hand
            raise ValueError(f"a seat change without its seat and player: {seat!r}, {player!r}")
        return entry_type.seat(seat, player)
    outcome = outcome_type(decode_scores(scores), renege=renege, slam=slam, cards=decode_cards(cards) if cards else {})
    return entry_type(entry_kind, outcome)


@functools.cache
def _entry_types() -> tuple[type[Entry], type[EntryKind], dict[str, EntryKind], type[Outcome]]:
    from ..core.match import Entry, EntryKind
    from ..core.scoring import Outcome

    return Entry, EntryKind, {kind.value: kind for kind in EntryKind}, Outcome


def state_columns(state: MatchState) -> dict[str, Any]:
    """The fold's result as the match row keeps it."""
    snapshot = state.snapshot()
    columns = {key: snapshot.pop(key) for key in _SNAPSHOT_COLUMNS}
    return columns | {"state": json.dumps(snapshot)}


def columns_hold(state: MatchState, winner: Any, deals_played: Any, text: str | None) -> bool:
    """Whether a match row's columns hold what ``state_columns(state)`` writes; a row that keeps
    no snapshot yet (a match of an older revision, not written since) only its two columns."""
    written = state_columns(state)
    if (winner, deals_played) != (written["winner"], written["deals_played"]):
        return False
    try:
        return text is None or json.loads(text) == json.loads(written["state"])
    except ValueError:
        return False


def decode_state(settings: Settings, winner: Any, deals_played: Any, state: str | None) -> MatchState | None:
    """The fold's result a match row keeps, or None: see ``decode_snapshot``."""
    from ..core.match import MatchState

    snapshot = decode_snapshot(len(settings.players), winner, deals_played, state)
    return None if snapshot is None else MatchState.from_snapshot(settings, snapshot)


def decode_snapshot(seats: int, winner: Any, deals_played: Any, state: str | None) -> dict[str, Any] | None:
    """What ``MatchState.snapshot()`` gave, as a match row of ``seats`` players keeps it.

    None when the row keeps none, or one that does not decode or that the fold
    could not have written (a store edited by hand): the caller works the state
    out again from the entries, which are the match.
    """
    if state is None:
        return None
    try:
        snapshot = json.loads(state)
    except ValueError:
        return None
    if not isinstance(snapshot, dict):
        return None
    snapshot |= {"winner": winner, "deals_played": deals_played}
    return snapshot if _sound(snapshot, seats) else None


def sound_columns(seats: int, winner: Any, deals_played: Any) -> bool:
    """Whether a match row's ``winner`` and ``deals_played`` can be right for a match of ``seats`` players."""
    return (winner is None or _seat(winner, seats)) and _whole(deals_played) and deals_played >= 0


def _sound(snapshot: dict[str, Any], seats: int) -> bool:
    """Whether the fold could have written this snapshot for ``seats`` players: every value that
    names a seat or a count is one, so that nothing read from it can point past the table."""
    if not snapshot.keys() >= _SNAPSHOT_KEYS:
        return False
    totals, scored, last, tiebreak = (snapshot[key] for key in ("totals", "scored", "last_dealer", "tiebreak"))
    return (
        sound_columns(seats, snapshot["winner"], snapshot["deals_played"])
        and isinstance(totals, list)
        and len(totals) == seats
        and all(map(_whole, totals))
        and _whole(scored)
        and scored >= snapshot["deals_played"]
        and (last is None if scored == 0 else _seat(last, seats))
        and (tiebreak is None or (snapshot["winner"] is None and _tiebreak(tiebreak, seats)))
        and _seated(snapshot, seats)
    )


def _tiebreak(tiebreak: Any, seats: int) -> bool:
    """``[tied seats, round]``: two seats or more, and a round from 1."""
    if not isinstance(tiebreak, list) or len(tiebreak) != 2 or not isinstance(tiebreak[0], list):
        return False
    tied, round_ = tiebreak
    return len(set(tied)) == len(tied) >= 2 and all(_seat(s, seats) for s in tied) and _whole(round_) and round_ >= 1


def _seated(snapshot: dict[str, Any], seats: int) -> bool:
    """Who sits where, kept once a substitute came in: a name for each seat, and (seat, name) of who left."""
    if "former" not in snapshot:
        return "players" not in snapshot
    players, former = snapshot.get("players"), snapshot["former"]
    return (
        isinstance(players, list)
        and len(players) == seats
        and all(isinstance(name, str) for name in players)
        and isinstance(former, list)
        and len(former) > 0
        and all(isinstance(left, list) and len(left) == 2 and _seat(left[0], seats) for left in former)
        and all(isinstance(left[1], str) for left in former)
    )


def _whole(value: Any) -> bool:
    return type(value) is int  # not a bool, which JSON keeps apart


def _seat(value: Any, seats: int) -> bool:
    return _whole(value) and 0 <= value < seats
