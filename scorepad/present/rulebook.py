"""The rules of a table in plain words and as data: ``scorepad rules``, and ``rules`` in ``play``."""

from __future__ import annotations

from typing import Any

from ..core.cards import TWO_DECKS_FROM, Card, Suit, ascii_suits
from ..core.match import FormatKind
from ..core.rulebook import RuleFacts
from ..core.rules import OMNIBUS_BONUS, PASS_SIZE, Direction, HeartsLead
from .words import and_list

_TIMES = {1: "once", 2: "twice"}
_WAYS = {
    Direction.RIGHT: "to the player on their right",
    Direction.LEFT: "to the player on their left",
    Direction.ACROSS: "across the table (half the table away)",
}


def rules_lines(facts: RuleFacts, title: str, ascii: bool) -> list[str]:
    """The rules as sentences, one fact per line, under a title (the match, or the preset asked for)."""
    lines = [title]
    lines += [f"- {line}" for line in _facts(facts)]
    return [ascii_suits(line) for line in lines] if ascii else lines


def _facts(facts: RuleFacts) -> list[str]:
    rules, total, penalty = facts.rules, facts.deal_total, facts.penalty_total
    out = []
    deck = "two decks shuffled together, every card twice" if facts.decks == 2 else "one deck of 52 cards"
    removed = f"take out {' '.join(map(str, facts.removed))}" if facts.removed else "take out nothing"
    out.append(
        f"Cards: {deck}; {removed}: {facts.cards_each} cards each. The deal passes to the left after every deal."
    )
    out.append(f"Points: {_points(facts.points)}. A deal's scores add up to {total}.")
    if rules.omnibus is not None:
        out.append(
            f"{rules.omnibus} is no penalty card: it scores {OMNIBUS_BONUS} to whoever takes it"
            f"{' (each copy)' if facts.decks == 2 else ''}."
        )
    out.append(_passing(facts))
    out.append(
        "Play: the eldest hand (left of the dealer) leads the first trick; follow suit if you can; the highest"
        " card of the suit led wins the trick and leads the next; there are no trumps."
    )
    if facts.decks == 2:
        out.append(
            "Cancelling: two equal cards in one trick cancel: neither can win it (both still score). If every card of the"
            " suit led is cancelled nobody wins: the cards stay, the same player leads again, and the next trick"
            " with a winner takes them too (after the last trick, its leader takes what is left)."
        )
    if rules.hearts is HeartsLead.BROKEN:
        out.append(
            "Hearts: a heart may not be led until hearts are broken (a heart discarded on another suit's lead),"
            " unless the leader holds only hearts. A heart led against this rule breaks nothing."
        )
    else:
        out.append("Hearts: a heart may be led at any time.")
    if rules.slam:
        out.append(f"Slam: a player who takes every penalty card scores -{penalty} instead, everyone else 0.")
    else:
        out.append(f"Slam: none; a player who takes every penalty card scores {penalty}.")
    out.append(
        f"Renege: failing to follow suit when able, found after the next trick is led, costs the offender {penalty};"
        " everyone else scores 0 and the deal ends there. Caught before, the card is taken back."
    )
    out.append(
        "Misdeal: a wrong number of cards, or a card exposed while dealing, voids the deal:"
        " no score, and the same dealer deals again."
    )
    out.append(f"Match: {_format(facts)} The lowest total wins.")
    tie = (
        "Tie: the players tied for the lowest total play an extra deal among themselves alone; the fewest"
        " points in it wins, and it does not count in the totals. Still tied: those play again."
    )
    if facts.rules.decks == 2:
        tie += f" {TWO_DECKS_FROM} or more tied play it with two decks, fewer with one."
    out.append(tie)
    return out


def _points(points: list[tuple[Card, int]]) -> str:
    """``Q♠ 13, K♠ 10, A♠ 7, each heart 1``: hearts sharing the most common value are named once."""
    values = [v for c, v in points if c.suit is Suit.HEARTS]
    common = max(values, key=values.count) if values else None
    if common is not None and values.count(common) < 2:
        common = None  # every heart its own value (spot-hearts): each is named
    parts = [f"{c} {v}" for c, v in points if not (c.suit is Suit.HEARTS and v == common)]
    if common is not None:
        parts.append(f"{'each' if len(set(values)) == 1 else 'every other'} heart {common}")
    return ", ".join(parts)


def _passing(facts: RuleFacts) -> str:
    passes = facts.passes
    if passes == (Direction.NONE,):
        return "Passing: none."
    if len(passes) == 1:
        text = f"Passing: before play, each player passes {PASS_SIZE} cards {_WAYS[passes[0]]}, every deal."
    else:
        turns = and_list(d.value if d is not Direction.NONE else "no pass" for d in passes)
        text = f"Passing: {PASS_SIZE} cards before play, in turn by deal: {turns}; then again from the start."
    text += " Cards received are not looked at before passing one's own."
    if facts.unpassable is not None:
        text += f" The {facts.unpassable} may not be passed."
    return text


def _format(facts: RuleFacts) -> str:
    fmt = facts.format
    if fmt is None:
        return "the format is chosen when the match is created (a number of deals, or until a total)."
    if fmt.kind is FormatKind.DEALS:
        rounds = fmt.value // facts.players
        return f"{fmt.value} deals, so each player deals {_TIMES.get(rounds, f'{rounds} times')}."
    if fmt.kind is FormatKind.OVER:
        return f"it ends after the deal in which some player's total goes over {fmt.value}."
    return f"it ends after the deal in which some player's total reaches {fmt.value}."


def rules_json(facts: RuleFacts) -> dict[str, Any]:
    """The same facts as data, card codes in ASCII as everywhere in JSON."""
    return {
        "players": facts.players,
        "rules": facts.rules.to_json(),
        "format": facts.format.to_json() if facts.format else None,
        "decks": facts.decks,
        "removed": [c.ascii() for c in facts.removed],
        "cards_each": facts.cards_each,
        "points": {c.ascii(): v for c, v in facts.points},
        "deal_total": facts.deal_total,
        "passing": {
            "cards": PASS_SIZE,
            "cycle": [d.value for d in facts.passes],
            "not_passed": [facts.unpassable.ascii()] if facts.unpassable else [],
        },
        "hearts": facts.rules.hearts.value,
        "cancellation": facts.decks == 2,
        "slam": -facts.penalty_total if facts.rules.slam else None,
        "renege": facts.penalty_total,
        "misdeal": "void; the same dealer deals again",
        # Tie-break deals are among the tied players alone; with two decks, from six of them on.
        "tiebreak": {"counts_in_totals": False, "two_decks_from": TWO_DECKS_FROM if facts.rules.decks == 2 else None},
    }
