"""The rule set of a match: every table option, the five presets, card values.

A ``RuleSet`` is frozen and fixed when the match is created. The defaults of
every option live in ``PRESET_DEFAULTS`` and nowhere else; the deal total is
never typed in, it is the sum of the card values over the deck that was dealt.
"""

from __future__ import annotations

import enum
from collections import Counter
from collections.abc import Callable, Mapping
from dataclasses import dataclass, fields, replace
from functools import cache, cached_property
from types import MappingProxyType
from typing import Any, TypeVar

from .cards import (
    ACE_OF_SPADES,
    ENGLISH,
    FULL_DECK,
    JACK_OF_DIAMONDS,
    KING_OF_SPADES,
    MAX_DECK_PLAYERS,
    QUEEN_OF_SPADES,
    TEN_OF_DIAMONDS,
    TWO_DECKS_FROM,
    Card,
    Letters,
    Suit,
    check_player_count,
    removed_cards,
)
from .errors import BonusCardOutsideOmnibus, NotationError, RuleError, TwoDecksNeeded, UnknownNameError
from .language import N_


class Preset(enum.Enum):
    """The named variants (docs/rules.md); each is a set of option defaults."""

    CLASSIC = "classic"
    SLIPPERY_ANNE = "slippery-anne"
    OMNIBUS = "omnibus"
    SPOT_HEARTS = "spot-hearts"
    DIRTY_LADY = "dirty-lady"


class HeartsLead(enum.Enum):
    """When a heart may be led."""

    BROKEN = "broken"  #: only after a heart was discarded, or holding only hearts
    ANYTIME = "anytime"


class PassRule(enum.Enum):
    """Whom each player passes three cards to."""

    RIGHT = "right"  #: counter-clockwise, every deal (classic)
    LEFT = "left"  #: clockwise, every deal (dirty lady)
    ROTATE = "rotate"  #: right, left, across (even tables only), no pass, in turn


class Direction(enum.Enum):
    """The pass of one particular deal."""

    RIGHT = "right"
    LEFT = "left"
    ACROSS = "across"
    NONE = "none"


#: The cards the omnibus rule may make its bonus card; JSON and notation name it by its ASCII text.
OMNIBUS_CARDS = (JACK_OF_DIAMONDS, TEN_OF_DIAMONDS)
OMNIBUS_BONUS = -10
#: A match needs three players; two play only tie-break deals.
MIN_TABLE = 3
PASS_SIZE = 3


@dataclass(frozen=True)
class RuleSet:
    """Every option a table can choose. Build one with ``RuleSet.build``."""

    preset: Preset = Preset.CLASSIC
    hearts: HeartsLead = HeartsLead.BROKEN
    slam: bool = False
    pass_rule: PassRule = PassRule.RIGHT
    omnibus: Card | None = None  #: the bonus card, or None without the omnibus rule
    decks: int = 1  #: 2 for Cancellation Black Maria, 6 to 10 players

    @classmethod
    def build(cls, preset: Preset | str = Preset.CLASSIC, **options: Any) -> RuleSet:
        """The preset's defaults with the given options laid over them.

        Options are ``hearts``, ``slam``, ``pass_rule``, ``omnibus``, ``decks``; a value of
        None keeps the preset's default. Raises RuleError for a combination the
        rules refuse.
        """
        preset = parse_preset(preset) if isinstance(preset, str) else preset
        rules = PRESET_DEFAULTS[preset]
        given = {k: v for k, v in options.items() if v is not None}
        unknown = set(given) - {"hearts", "slam", "pass_rule", "omnibus", "decks"}
        if unknown:
            raise NotationError(N_("unknown rule option: {options}"), options=", ".join(sorted(unknown)))
        if "hearts" in given:
            given["hearts"] = _enum_value(HeartsLead, given["hearts"], "hearts")
        if "pass_rule" in given:
            given["pass_rule"] = _enum_value(PassRule, given["pass_rule"], "pass")
        if "omnibus" in given:
            # The bonus card is the omnibus preset's setting: under another preset it would
            # change that preset's deal total, and its figures would no longer compare.
            if preset is not Preset.OMNIBUS:
                raise BonusCardOutsideOmnibus(preset.value)
            given["omnibus"] = parse_omnibus(given["omnibus"])
        if "decks" in given:
            given["decks"] = parse_decks(given["decks"])
        rules = replace(rules, **given)
        if rules.slam and not rules.can_slam:
            raise RuleError(N_("{preset} has a single penalty card, so there is no slam"), preset=preset.value)
        return rules

    @property
    def can_slam(self) -> bool:
        return self.preset is not Preset.SLIPPERY_ANNE

    @property
    def queen_may_be_passed(self) -> bool:
        return self.preset is not Preset.DIRTY_LADY

    def decks_for(self, players: int) -> int:
        """How many decks a deal for that many players uses.

        Two only from six players on: a tie-break deal among fewer tied players
        of a two-deck match is dealt from one deck (docs/rules.md).
        """
        return 2 if self.decks == 2 and players >= TWO_DECKS_FROM else 1

    def deck(self, players: int) -> Counter[Card]:
        """The cards dealt to that many players, each with its number of copies: everyone gets the same count.

        A multiset, since two decks hold every card twice: ``total()`` is the
        number of cards, ``card in deck`` whether it is dealt at all. A new one
        on every call, which the caller may change.
        """
        return Counter(_deck(players, self.decks_for(players)))

    def cards_each(self, players: int) -> int:
        """How many cards each of that many players is dealt."""
        return _cards_each(self, players)

    def removed(self, players: int) -> tuple[Card, ...]:
        """The cards taken out before dealing to that many players, in the order they go."""
        return removed_cards(players, self.decks_for(players))

    def check_table(self, players: int) -> None:
        """Refuse a match of that many players under these rules: one deck seats 3 to 6, two 6 to 10."""
        most = MAX_DECK_PLAYERS[2]
        check_player_count(
            players,
            MIN_TABLE,
            most,
            N_("a match has {least} to {most} players ({two} to {most} with two decks), not {count}"),
            two=TWO_DECKS_FROM,
        )
        if self.decks == 2:
            refusal = N_("two decks are for {two} to {most} players, not {count}")
            check_player_count(players, TWO_DECKS_FROM, most, refusal, two=TWO_DECKS_FROM)
        elif players > MAX_DECK_PLAYERS[1]:
            raise TwoDecksNeeded(players)

    def points(self, card: Card) -> int:
        """What taking this card scores: positive for a penalty card, the bonus negative."""
        return self.card_values.get(card, 0)

    def __getstate__(self) -> dict[str, object]:
        # Pickled (a batch's audits come back from the workers) as its options alone:
        # the values cached from them, below, are made again where they are needed.
        return {option.name: getattr(self, option.name) for option in fields(self)}

    @cached_property
    def card_values(self) -> Mapping[Card, int]:
        """Every card that scores, with its points (any other scores 0): asked for dozens of times per deal."""
        values = dict(_PENALTY_VALUES[self.preset])
        if self.omnibus is not None:
            values[self.omnibus] = OMNIBUS_BONUS
        return MappingProxyType(values)

    def penalty_cards(self, players: int) -> Counter[Card]:
        """The cards that cost points in a deal for that many players, with their copies."""
        return Counter(_penalty_cards(self, players))

    def penalty_card_count(self, players: int) -> int:
        """How many penalty cards a deal for that many players has, copies counted: what a slam takes."""
        return _penalty_card_count(self, players)

    def scoring_cards(self, players: int) -> Counter[Card]:
        """Penalty cards and the omnibus bonus card, with their copies: every card that changes a score."""
        return Counter(_scoring_cards(self, players))

    def penalty_total(self, players: int) -> int:
        """What the penalty cards of the deck add up to: a renege costs this, a slam scores minus this."""
        return _total(self, players, penalty_only=True)

    def deal_total(self, players: int) -> int:
        """What a deal's scores add up to: the penalty total plus the bonus, if any."""
        return _total(self, players, penalty_only=False)

    def to_json(self) -> dict:
        return {
            "preset": self.preset.value,
            "hearts": self.hearts.value,
            "slam": self.slam,
            "pass": self.pass_rule.value,
            "omnibus": self.omnibus.ascii() if self.omnibus else None,
            "decks": self.decks,
        }

    @classmethod
    def from_json(cls, data: dict) -> RuleSet:
        return cls.build(
            data.get("preset", "classic"),
            hearts=data.get("hearts"),
            slam=data.get("slam"),
            pass_rule=data.get("pass"),
            omnibus=data.get("omnibus"),
            decks=data.get("decks"),
        )

    def notation(self) -> str:
        """The rule set as the ``rules:`` line of a deal record writes it."""
        text = f"{self.preset.value} hearts={self.hearts.value} slam={'on' if self.slam else 'off'}"
        text += f" pass={self.pass_rule.value}"
        if self.omnibus:
            text += f" omnibus={self.omnibus.ascii()}"
        if self.decks != 1:
            text += f" decks={self.decks}"
        return text

    @classmethod
    def parse_notation(cls, text: str) -> RuleSet:
        """Read ``classic hearts=anytime slam=on``: a preset, then key=value options."""
        tokens = text.split()
        preset = Preset.CLASSIC
        if tokens and "=" not in tokens[0]:
            preset = parse_preset(tokens.pop(0))
        options: dict = {}
        for token in tokens:
            key, sep, value = token.partition("=")
            key = key.lower()
            if not sep or key not in _NOTATION_KEYS:
                raise NotationError(
                    N_("not a rule option: {word} (hearts=, slam=, pass=, omnibus=, decks=)"), word=repr(token)
                )
            if key == "slam":
                if value.lower() not in ("on", "off"):
                    raise NotationError(N_("slam is on or off, not {value}"), value=repr(value))
                options["slam"] = value.lower() == "on"
            else:
                options[_NOTATION_KEYS[key]] = value
        return cls.build(preset, **options)


_NOTATION_KEYS = {"hearts": "hearts", "slam": "slam", "pass": "pass_rule", "omnibus": "omnibus", "decks": "decks"}


_Choice = TypeVar("_Choice", bound=enum.Enum)  #: one of the enums of the table's choices


def _enum_value(kind: type[_Choice], value: object, what: str) -> _Choice:
    if isinstance(value, kind):
        return value
    try:
        return kind(str(value).lower())
    except ValueError:
        choices = "|".join(m.value for m in kind)
        raise NotationError(
            N_("{option} is {choices}, not {value}"), option=what, choices=choices, value=repr(value)
        ) from None


def parse_preset(text: str) -> Preset:
    try:
        return Preset(text.strip().lower())
    except ValueError:
        names = ", ".join(p.value for p in Preset)
        raise UnknownNameError(N_("no preset {text}: the presets are {names}"), text=repr(text), names=names) from None


def parse_omnibus(given: Card | str, letters: Letters = ENGLISH) -> Card:
    """The bonus card: the jack or the ten of diamonds, given as a card or in the table's ``letters``."""
    try:
        card = given if isinstance(given, Card) else Card.parse(str(given), letters)
    except NotationError:
        card = None
    if card not in OMNIBUS_CARDS:
        jack, ten = OMNIBUS_CARDS
        raise NotationError(N_("the omnibus card is {jack} or {ten}, not {text}"), jack=jack, ten=ten, text=repr(given))
    return card


def parse_decks(value: object) -> int:
    """One deck or two: ``1``, ``2`` (as a number or as text)."""
    text = str(value).strip()
    if isinstance(value, bool) or text not in ("1", "2"):
        raise NotationError(N_("decks is 1 or 2, not {value}"), value=repr(value))
    return int(text)


def _hearts(value_of_rank: Callable[[int], int]) -> dict[Card, int]:
    return {Card.of(rank, Suit.HEARTS): value_of_rank(rank) for rank in range(2, 15)}


_CLASSIC = _hearts(lambda rank: 1) | {QUEEN_OF_SPADES: 13, KING_OF_SPADES: 10, ACE_OF_SPADES: 7}
_DIRTY_HEARTS = {14: 5, 13: 4, 12: 3, 11: 2}
_PENALTY_VALUES: dict[Preset, dict[Card, int]] = {
    Preset.CLASSIC: _CLASSIC,
    Preset.SLIPPERY_ANNE: {QUEEN_OF_SPADES: 13},
    Preset.OMNIBUS: _CLASSIC,
    Preset.SPOT_HEARTS: _hearts(lambda rank: rank) | {QUEEN_OF_SPADES: 25, KING_OF_SPADES: 10, ACE_OF_SPADES: 7},
    Preset.DIRTY_LADY: _hearts(lambda rank: _DIRTY_HEARTS.get(rank, 1)) | {QUEEN_OF_SPADES: 13},
}

#: The one place where every option's default is written down.
PRESET_DEFAULTS: dict[Preset, RuleSet] = {
    Preset.CLASSIC: RuleSet(Preset.CLASSIC),
    Preset.SLIPPERY_ANNE: RuleSet(Preset.SLIPPERY_ANNE),
    Preset.OMNIBUS: RuleSet(Preset.OMNIBUS, omnibus=JACK_OF_DIAMONDS),
    Preset.SPOT_HEARTS: RuleSet(Preset.SPOT_HEARTS, hearts=HeartsLead.ANYTIME),  # as its one source plays it
    Preset.DIRTY_LADY: RuleSet(Preset.DIRTY_LADY, slam=True, pass_rule=PassRule.LEFT),
}

CLASSIC = PRESET_DEFAULTS[Preset.CLASSIC]


# Kept as plain dicts (card -> copies) so the cache hands out nothing mutable to share.
@cache  # asked for every deal entered: built once per table size
def _deck(players: int, decks: int) -> dict[Card, int]:
    dealt = Counter(dict.fromkeys(FULL_DECK, decks))
    dealt.subtract(removed_cards(players, decks))
    return dict(+dealt)  # drops the cards with no copy left


@cache
def _penalty_cards(rules: RuleSet, players: int) -> dict[Card, int]:
    return {c: n for c, n in rules.deck(players).items() if rules.points(c) > 0}


@cache  # asked for every player of an audited record with the slam
def _penalty_card_count(rules: RuleSet, players: int) -> int:
    return sum(_penalty_cards(rules, players).values())


@cache
def _scoring_cards(rules: RuleSet, players: int) -> dict[Card, int]:
    return {c: n for c, n in rules.deck(players).items() if rules.points(c) != 0}


@cache  # asked once per audited record with hands: the deck is not built again each time
def _cards_each(rules: RuleSet, players: int) -> int:
    return rules.deck(players).total() // players


@cache
def _total(rules: RuleSet, players: int, penalty_only: bool) -> int:
    cards = _penalty_cards(rules, players) if penalty_only else _scoring_cards(rules, players)
    return sum(rules.points(c) * copies for c, copies in cards.items())
