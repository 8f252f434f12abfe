"""The rules of a table in plain words and as data: ``scorepad rules``, and ``rules`` in ``play``."""

from __future__ import annotations

from typing import Any

from ..core.cards import TWO_DECKS_FROM, Card, Suit
from ..core.match import FormatKind
from ..core.rule_facts import RuleFacts
from ..core.rules import OMNIBUS_BONUS, PASS_SIZE, Direction, HeartsLead
from .lists import and_list
from .translation import _, ascii_suits, card_text, cards_text, ngettext


def rules_lines(facts: RuleFacts, title: str, ascii: bool) -> list[str]:
    """The rules as sentences, one fact per line, under a title (the match, or the preset asked for)."""
    lines = [title]
    lines += [f"- {line}" for line in _facts(facts)]
    return [ascii_suits(line) for line in lines] if ascii else lines


def _facts(facts: RuleFacts) -> list[str]:
    """Every fact in the order a table meets it: the deal, passing, the play, what it costs, the end."""
    return [*_dealing(facts), _passing(facts), *_playing(facts), *_penalties(facts), *_ending(facts)]


def _dealing(facts: RuleFacts) -> list[str]:
    """The cards dealt, what they score, and the bonus card of omnibus."""
    deck = _("two decks shuffled together, every card twice") if facts.decks == 2 else _("one deck of 52 cards")
    if facts.removed:
        removed = _("take out {cards}").format(cards=cards_text(facts.removed))
    else:
        removed = _("take out nothing")
    each = ngettext("{count} card each", "{count} cards each", facts.cards_each).format(count=facts.cards_each)
    said = [
        _("Cards: {deck}; {removed}: {each}. The deal passes to the left after every deal.").format(
            deck=deck, removed=removed, each=each
        ),
        _("Points: {points}. A deal's scores add up to {total}.").format(
            points=_points(facts.points), total=facts.deal_total
        ),
    ]
    if facts.rules.omnibus is not None:
        bonus = (
            _("{card} is no penalty card: each copy scores {points} to whoever takes it.")
            if facts.decks == 2
            else _("{card} is no penalty card: it scores {points} to whoever takes it.")
        )
        said.append(bonus.format(card=card_text(facts.rules.omnibus), points=OMNIBUS_BONUS))
    return said


def _playing(facts: RuleFacts) -> list[str]:
    """How the tricks are played: following suit, cancelled cards with two decks, leading hearts."""
    said = [
        _(
            "Play: the eldest hand (left of the dealer) leads the first trick; follow suit if you can; the highest"
            " card of the suit led wins the trick and leads the next; there are no trumps."
        )
    ]
    if facts.decks == 2:
        said.append(
            _(
                "Cancelling: two equal cards in one trick cancel: neither can win it (both still score). If every"
                " card of the suit led is cancelled nobody wins: the cards stay, the same player leads again, and"
                " the next trick with a winner takes them too (after the last trick, its leader takes what is left)."
            )
        )
    if facts.rules.hearts is HeartsLead.BROKEN:
        said.append(
            _(
                "Hearts: a heart may not be led until hearts are broken (a heart discarded on another suit's lead),"
                " unless the leader holds only hearts. A heart led against this rule breaks nothing."
            )
        )
    else:
        said.append(_("Hearts: a heart may be led at any time."))
    return said


def _penalties(facts: RuleFacts) -> list[str]:
    """What a slam scores, what a renege costs, and what a misdeal does."""
    penalty = facts.penalty_total
    if facts.rules.slam:
        slam = _("Slam: a player who takes every penalty card scores -{total} instead, everyone else 0.")
    else:
        slam = _("Slam: none; a player who takes every penalty card scores {total}.")
    renege = _(
        "Renege: failing to follow suit when able, found after the next trick is led, costs the offender"
        " {total}; everyone else scores 0 and the deal ends there. Caught before, the card is taken back."
    )
    misdeal = _(
        "Misdeal: a wrong number of cards, or a card exposed while dealing, voids the deal:"
        " no score, and the same dealer deals again."
    )
    return [slam.format(total=penalty), renege.format(total=penalty), misdeal]


def _ending(facts: RuleFacts) -> list[str]:
    """When the match ends, who wins it, and how a tie is played off."""
    tie = _(
        "Tie: the players tied for the lowest total play an extra deal among themselves alone; the fewest"
        " points in it wins, and it does not count in the totals. Still tied: those play again."
    )
    if facts.rules.decks == 2:
        tie += " " + _("{count} or more tied play it with two decks, fewer with one.").format(count=TWO_DECKS_FROM)
    return [_("Match: {format} The lowest total wins.").format(format=_format(facts)), tie]


def _points(points: list[tuple[Card, int]]) -> str:
    """``Q♠ 13, K♠ 10, A♠ 7, each heart 1``: hearts sharing the most common value are named once."""
    values = [v for c, v in points if c.suit is Suit.HEARTS]
    common = max(values, key=values.count) if values else None
    if common is not None and values.count(common) < 2:
        common = None  # every heart its own value (spot-hearts): each is named
    parts = [f"{card_text(c)} {v}" for c, v in points if not (c.suit is Suit.HEARTS and v == common)]
    if common is not None:
        every = _("each heart {points}") if len(set(values)) == 1 else _("every other heart {points}")
        parts.append(every.format(points=common))
    return ", ".join(parts)


def _passing(facts: RuleFacts) -> str:
    passes = facts.passes
    if passes == (Direction.NONE,):
        return _("Passing: none.")
    if len(passes) == 1:
        way = {
            Direction.RIGHT: _(
                "Passing: before play, each player passes {count} cards to the player on their right, every deal."
            ),
            Direction.LEFT: _(
                "Passing: before play, each player passes {count} cards to the player on their left, every deal."
            ),
            Direction.ACROSS: _("Passing: before play, each player passes {count} cards across the table, every deal."),
        }[passes[0]]
        text = way.format(count=PASS_SIZE)
    else:
        named = {
            Direction.RIGHT: _("right"),
            Direction.LEFT: _("left"),
            Direction.ACROSS: _("across"),
            Direction.NONE: _("no pass"),
        }
        turns = and_list(named[d] for d in passes)
        text = _("Passing: {count} cards before play, in turn by deal: {turns}; then again from the start.").format(
            count=PASS_SIZE, turns=turns
        )
    text += " " + _("Cards received are not looked at before passing one's own.")
    if facts.unpassable is not None:
        text += " " + _("The {card} may not be passed.").format(card=card_text(facts.unpassable))
    return text


def _format(facts: RuleFacts) -> str:
    fmt = facts.format
    if fmt is None:
        return _("the format is chosen when the match is created (a number of deals, or until a total).")
    if fmt.kind is FormatKind.DEALS:
        rounds = fmt.value // facts.players
        return ngettext(
            "{deals} deals, so each player deals once.", "{deals} deals, so each player deals {count} times.", rounds
        ).format(deals=fmt.value, count=rounds)
    if fmt.kind is FormatKind.OVER:
        return _("it ends after the deal in which some player's total goes over {value}.").format(value=fmt.value)
    return _("it ends after the deal in which some player's total reaches {value}.").format(value=fmt.value)


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
