"""Checking the scores a table enters for one deal, before anything is written.

Scores come as points or as the penalty cards each player took, mixed freely.
They are accepted only if real cards could produce them: the right sum, and a
way to share out the deal's scoring cards that gives exactly those numbers.
A renege and, with the slam option, a slam are outcomes of their own.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Collection, Mapping, Sequence
from dataclasses import dataclass, field
from functools import cache

from .cards import ENGLISH, FULL_DECK, Card, CardRow, Letters
from .errors import ImpossibleScores, NotationError, RuleError
from .language import N_, Phrase, and_list, or_list
from .numbers import looks_like_number, whole_number
from .rules import RuleSet
from .splits import split_possible

#: What a refusal calls a score (marked once, not for every score read).
_A_SCORE = N_("a score")
#: What one player's entry is: their points, or the scoring cards they took.
ScoreInput = int | tuple[Card, ...]


@dataclass(frozen=True, slots=True)
class Outcome:
    """The checked result of one deal: the points each player of the deal scores."""

    scores: Mapping[int, int]  #: seat -> points, for the deal's players only
    renege: int | None = None  #: seat of a renege's offender
    slam: int | None = None  #: seat of the player who took every penalty card, with the slam on
    cards: Mapping[int, tuple[Card, ...]] = field(default_factory=dict)  #: seats entered as cards


def parse_score(text: str, letters: Letters = ENGLISH) -> ScoreInput:
    """Read the part after ``NAME=``: ``12``, ``-43``, ``QS,2H,9H`` (or the table's ``letters``), ``-`` for no card."""
    text = text.strip()
    if looks_like_number(text):  # in any script's digits: refused in words unless 0 to 9
        return whole_number(text, _A_SCORE)
    if text == "-":
        return ()
    if not text:
        raise NotationError(N_("a score is missing after '=' (points, cards like QS,2H, or - for none)"))
    parts = text.split(",")
    if not all(part.strip() for part in parts):
        raise NotationError(N_("not a list of cards: {text} (write e.g. QS,2H,9H)"), text=repr(text))
    return tuple(Card.parse(part, letters) for part in parts)


def points_of(rules: RuleSet, players: int, score: ScoreInput) -> int:
    """What one player's entry counts towards the deal total: its points, or its cards' points.

    With the slam option a slam may be typed as minus the penalty total: it
    still took every penalty card, so it counts as the penalty total.
    """
    if not isinstance(score, int):
        return sum(rules.points(c) for c in score)
    return -score if rules.slam and score < 0 and -score == rules.penalty_total(players) else score


def rest_of_total(rules: RuleSet, seats: Sequence[int], known: Mapping[int, ScoreInput]) -> int:
    """The one score not typed: what the deal total leaves after the others'."""
    return rules.deal_total(len(seats)) - sum(points_of(rules, len(seats), score) for score in known.values())


def renege_outcome(rules: RuleSet, seats: Sequence[int], offender: int) -> Outcome:
    """The offender takes the penalty total of the deck, everybody else 0."""
    total = rules.penalty_total(len(seats))
    return Outcome({seat: total if seat == offender else 0 for seat in seats}, renege=offender)


def check_scores(
    rules: RuleSet,
    seats: Sequence[int],
    entries: Mapping[int, ScoreInput],
    names: Mapping[int, str],
) -> Outcome:
    """Accept the entries of one deal as an Outcome, or raise RuleError saying why not.

    ``seats`` are the deal's players; ``entries`` must hold each of them once.
    """
    missing = [names[s] for s in seats if s not in entries]
    if missing:
        raise RuleError(N_("no score for {players}: every player of the deal needs one"), players=", ".join(missing))
    extra = [names.get(s, str(s)) for s in entries if s not in seats]
    if extra:
        if len(extra) == 1:
            raise RuleError(N_("{player} does not play this deal"), player=extra[0])
        raise RuleError(N_("{players} do not play this deal"), players=", ".join(extra))

    players = len(seats)
    given = {s: v for s, v in entries.items() if isinstance(v, tuple)}
    points = {s: v for s, v in entries.items() if not isinstance(v, tuple)}
    if given:
        _check_cards(rules, players, given, names)

    _check_signs(rules, players, points, names)
    # Multisets: with two decks every card is there twice. Entered as points alone
    # (the usual deal), every scoring card is still to be shared out.
    unassigned = rules.scoring_cards(players)
    if given:
        unassigned -= Counter(c for hand in given.values() for c in hand)
    if not points and unassigned:
        nobody = CardRow(tuple(sorted(unassigned.elements())))
        raise RuleError(N_("nobody took {cards}: list every scoring card of the deal"), cards=nobody)
    scores = {s: points_of(rules, players, hand) for s, hand in given.items()} | points

    slammer = _slam(rules, players, given, points, unassigned) if rules.slam else None
    if slammer is not None:
        seat, score = slammer
        scores[seat] = score
        return Outcome(_ordered(seats, scores), slam=seat, cards=given)

    total = rules.deal_total(players)
    entered = sum(scores.values())
    if entered != total:
        raise ImpossibleScores(
            N_("the scores add up to {entered}, but this deal's add up to {total}"), entered=entered, total=total
        )
    values = map(rules.points, unassigned.elements()) if given else _all_values(rules, players)
    if not split_possible(values, [points[s] for s in seats if s in points]):
        leftover = list(unassigned.elements())
        listed = ", ".join(f"{names[s]} {scores[s]}" for s in seats)
        why = _why_not(rules, leftover, {names[s]: points[s] for s in seats if s in points})
        raise ImpossibleScores(N_("no real deal gives {scores}: {reason}"), scores=listed, reason=why)
    return Outcome(_ordered(seats, scores), cards=given)


def _check_signs(rules: RuleSet, players: int, points: Mapping[int, int], names: Mapping[int, str]) -> None:
    """Without a card worth less than nothing, only a slam (entered as minus the total) is negative."""
    if all(value >= 0 for value in points.values()) or min(_all_values(rules, players)) < 0:
        return
    total = rules.penalty_total(players)
    for seat, value in points.items():
        if value < 0 and not (rules.slam and value == -total):
            if rules.slam:
                raise ImpossibleScores(
                    N_("{player} {points}: scores are never negative (a slam is entered as -{total})"),
                    player=names[seat],
                    points=value,
                    total=total,
                )
            raise ImpossibleScores(N_("{player} {points}: scores are never negative"), player=names[seat], points=value)


@cache  # the same for every deal of a table
def _all_values(rules: RuleSet, players: int) -> tuple[int, ...]:
    """The points of every scoring card of a deal for that many players, a card twice if it is there twice."""
    return tuple(rules.points(c) for c in rules.scoring_cards(players).elements())


def _why_not(rules: RuleSet, cards: Collection[Card], points: Mapping[str, int]) -> Phrase:
    """Why no share of ``cards`` gives these points, in words, where one reason stands out.

    The usual one: the cards worth more than one point cannot go to the players
    whose scores are below their value, and together they are worth more than
    the others scored (6, 6, 6, 25: nobody on 6 has a spade honour, and the three make 30).
    """
    generic = Phrase(N_("the penalty cards cannot be shared out that way"))
    if any(rules.points(c) < 0 for c in cards):  # a bonus card lowers any score: no simple reason
        return generic
    big = sorted((c for c in cards if rules.points(c) > 1), key=lambda c: -rules.points(c))
    if not big:
        return generic
    smallest = min(rules.points(c) for c in big)
    low = sorted({v for v in points.values() if 0 < v < smallest})
    able = {name: v for name, v in points.items() if v >= smallest}
    worth = sum(rules.points(c) for c in big)
    if not low or worth <= sum(able.values()):
        return generic
    # TRANSLATORS: a player's score, as in "more than Ann's 10 and Bob's 13".
    held = [Phrase(N_("{player}'s {points}"), player=name, points=v) for name, v in able.items()]
    fields = {
        "scores": or_list(low),
        "cards": or_list(big),
        "worth": worth,
        "holders": and_list(held) if held else Phrase(N_("nothing")),
    }
    if len(big) > 3:
        return Phrase(
            N_("nobody on {scores} can have taken {cards}, and the {count} make {worth}, more than {holders}"),
            count=len(big),
            **fields,
        )
    said = {
        1: N_("nobody on {scores} can have taken {cards}, and it is worth {worth}, more than {holders}"),
        2: N_("nobody on {scores} can have taken {cards}, and the two make {worth}, more than {holders}"),
        3: N_("nobody on {scores} can have taken {cards}, and the three make {worth}, more than {holders}"),
    }
    return Phrase(said[len(big)], **fields)


def _check_cards(rules: RuleSet, players: int, given: Mapping[int, tuple[Card, ...]], names: Mapping[int, str]) -> None:
    dealt = rules.deck(players)
    owners: dict[Card, list[int]] = {}
    for seat, hand in given.items():
        for c in hand:
            if c not in dealt:
                raise RuleError(N_("{card} is not in the deck with {count} players"), card=c, count=players)
            if rules.points(c) == 0:
                raise RuleError(
                    N_("{card} scores nothing: list only the cards that score ({player})"), card=c, player=names[seat]
                )
            owner = owners.setdefault(c, [])
            owner.append(seat)
            if len(owner) > dealt[c]:
                who = ", ".join(names[s] for s in dict.fromkeys(owner))  # a list that reads in any language
                if dealt[c] == 1 and rules.decks == 2:
                    # A match of two decks deals one only to a tie-break of fewer than six: say why once is all.
                    raise RuleError(
                        N_("{card} is given twice ({players}): this tie-break is dealt from one deck of {cards}"),
                        card=c,
                        players=who,
                        cards=len(FULL_DECK),
                    )
                if dealt[c] == 1:
                    raise RuleError(N_("{card} is given twice ({players})"), card=c, players=who)
                raise RuleError(
                    N_("{card} is given {count} times ({players}); the deck holds {copies}"),
                    card=c,
                    count=len(owner),
                    players=who,
                    copies=dealt[c],
                )


def _slam(
    rules: RuleSet,
    players: int,
    given: Mapping[int, tuple[Card, ...]],
    points: Mapping[int, int],
    unassigned: Counter[Card],
) -> tuple[int, int] | None:
    """The slammer's seat and recorded score when the entries describe a slam."""
    penalty = rules.penalty_cards(players)
    total = rules.penalty_total(players)
    bonus = rules.points(rules.omnibus) if rules.omnibus else 0
    spare = [rules.points(c) for c in (unassigned - penalty).elements()]  # the omnibus card(s), if any
    for seat, hand in given.items():
        score = slam_score(rules, players, hand)
        if score is not None:
            return (seat, score) if split_possible(spare, list(points.values())) else None
    if any(c in penalty for hand in given.values() for c in hand):
        return None  # someone entered by cards holds a penalty card: no slam by a points player
    for seat, score in points.items():
        others = [s for s in points if s != seat]
        for kept in range(len(spare) + 1):
            own = bonus * kept
            # The table enters a slam as T or -T; with a bonus card too, only as -T + bonus:
            # T + bonus (33 in omnibus) is also what an ordinary deal can give, so it stays one.
            if score not in ((-total + own,) if kept else (total, -total)):
                continue
            if split_possible(spare[kept:], [points[s] for s in others]):
                return seat, -total + own
    return None


def slam_score(rules: RuleSet, players: int, taken: Collection[Card]) -> int | None:
    """What taking these cards scores by the slam rule (minus the penalty total, the bonus kept), or None."""
    if not rules.slam:
        return None
    if len(taken) < rules.penalty_card_count(players):
        return None  # too few cards to hold them all: most players, known without counting
    held = Counter(taken)
    if not rules.penalty_cards(players) <= held:
        return None
    bonus = rules.points(rules.omnibus) * held[rules.omnibus] if rules.omnibus is not None else 0
    return bonus - rules.penalty_total(players)


def _ordered(seats: Sequence[int], scores: Mapping[int, int]) -> dict[int, int]:
    return {s: scores[s] for s in seats}


def check_outcome(rules: RuleSet, seats: Sequence[int], outcome: Outcome, names: Mapping[int, str]) -> Outcome:
    """Check a stored or imported outcome as if it were entered again; return it re-derived."""
    if outcome.renege is not None:
        if outcome.renege not in seats:
            raise RuleError(N_("{player} does not play this deal"), player=names.get(outcome.renege, outcome.renege))
        expected = renege_outcome(rules, seats, outcome.renege)
        if dict(outcome.scores) != dict(expected.scores):
            raise RuleError(N_("a renege's scores must be the penalty total for the offender and 0 for the others"))
        return expected
    entries: dict[int, ScoreInput] = {s: outcome.scores[s] for s in outcome.scores}
    entries.update(outcome.cards)
    again = check_scores(rules, seats, entries, names)
    if dict(again.scores) != dict(outcome.scores):
        raise RuleError(N_("the scores do not match the cards listed"))
    if again.slam != outcome.slam:
        raise RuleError(
            N_("the deal is marked as a slam that its scores do not show")
            if outcome.slam is not None
            else N_("the scores show a slam that the deal is not marked with")
        )
    return again
