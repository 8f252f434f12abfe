"""The deal record: the text form of one played deal (spec/DEAL-RECORD.md).

``parse_record`` reads what a person types; ``write_record`` writes a record
back so that parsing it again gives an equal record. The parser refuses only
text it cannot read: a card missing from the deck, a name in the wrong place
or a trick of the wrong size are kept as written, for the engine to report.
Like a PGN reader, it reads on after a line it cannot read and reports every
such line at once (``RecordErrors``); a record with any of them is refused whole.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field
from functools import lru_cache
from itertools import chain
from operator import itemgetter
from types import MappingProxyType
from typing import cast

from .cards import MAX_DECK_PLAYERS, MIN_DECK_PLAYERS, Card, check_player_count
from .errors import NotationError, RecordErrors, ScorepadError
from .language import N_
from .names import RECORD_KEYS, check_name, check_names
from .numbers import MAX_DIGITS, whole_number
from .rules import RuleSet
from .text import quoted

#: One card of a trick: the name written before it (or None) and the card.
Play = tuple[str | None, Card]

_KEY = re.compile("|".join(RECORD_KEYS), re.IGNORECASE)
_KEY_LINE = re.compile(rf"({_KEY.pattern})\s*:(.*)", re.IGNORECASE)
_HAND_LINE = re.compile(r"hand\s+([^\s:]+)\s*:(.*)", re.IGNORECASE)
#: The letters a key line or a hand line can begin with (ignoring case, no other character matches them).
_KEY_OR_HAND_START = frozenset(ch for word in (*RECORD_KEYS, "hand") for ch in (word[0], word[0].upper()))
_TRICK_NUMBER = re.compile(r"([0-9]+)\.(.*)")  # ASCII digits, as every number people type
_COLON = re.compile(r"\s*:\s*")
#: What a refusal calls a trick's number; looked up once, not for every trick read.
_A_TRICKS_NUMBER = N_("a trick's number")


@dataclass(frozen=True, init=False)
class RecordedTrick:
    """One trick line: the plays in the order played, and its number if written."""

    plays: tuple[Play, ...]
    number: int | None = None

    # Written out rather than generated with a __post_init__: one is made for every
    # trick line read, and this sets each field once.
    def __init__(self, plays: Iterable[Play], number: int | None = None) -> None:
        pairs = cast("tuple[Play, ...]", tuple(map(tuple, plays)))  # pairs given as lists become tuples
        self._set(pairs, number)

    @classmethod
    def _read(cls, plays: tuple[Play, ...], number: int | None) -> RecordedTrick:
        """A trick as the parser reads it, its plays a tuple of pairs already: not copied pair by pair again."""
        trick = object.__new__(cls)
        trick._set(plays, number)
        return trick

    def _set(self, plays: tuple[Play, ...], number: int | None) -> None:
        object.__setattr__(self, "plays", plays)
        object.__setattr__(self, "number", number)
        if not plays and number is None:
            raise NotationError(N_("a trick without cards is written as its number alone, so it needs one"))


@dataclass(frozen=True)
class DealRecord:
    """One deal as recorded; ``rules`` is None when the record has no ``rules:`` line.

    Names that match a player case-insensitively take the player's spelling, so
    equal deals make equal records. A name before a card that is no player's is
    kept as written: the engine reports it.
    """

    players: tuple[str, ...]
    dealer: str
    rules: RuleSet | None = None
    hands: Mapping[str, tuple[Card, ...]] = field(default_factory=dict)
    tricks: tuple[RecordedTrick, ...] = ()

    def __post_init__(self) -> None:
        # Keep the invariants that let every record be written and read back;
        # the engine can then trust the seats and the dealer.
        players = tuple(self.players)
        check_players(players, self.rules)
        seat = {name.casefold(): name for name in players}
        dealer = _seat(seat, self.dealer)
        hands = {_seat(seat, name): tuple(cards) for name, cards in self.hands.items()}
        if len(hands) < len(self.hands):
            raise NotationError(N_("two hands for one player"))
        tricks = _spelled_tricks(seat, players, tuple(self.tricks))
        for position, trick in enumerate(tricks, 1):
            check_trick_number(trick.number, position)
        self._set(players, dealer, self.rules, hands, tricks)

    @classmethod
    def _read(
        cls,
        players: tuple[str, ...],
        seat: dict[str, str],
        dealer: str,
        rules: RuleSet | None,
        hands: dict[str, tuple[Card, ...]],
        tricks: tuple[RecordedTrick, ...],
    ) -> DealRecord:
        """The record the parser read, made without ``__post_init__``.

        The parser has already checked what that would check (the players, the
        dealer and the hands against them, every trick's number) as it read each
        line, to name the line of a problem: checked twice, they cost a tenth of
        reading a record. Only the names before the cards are left to spell.
        ``seat``: each player's name by its casefold.
        """
        record = object.__new__(cls)
        record._set(players, dealer, rules, hands, _spelled_tricks(seat, players, tricks))
        return record

    def _set(
        self,
        players: tuple[str, ...],
        dealer: str,
        rules: RuleSet | None,
        hands: dict[str, tuple[Card, ...]],
        tricks: tuple[RecordedTrick, ...],
    ) -> None:
        object.__setattr__(self, "players", players)
        object.__setattr__(self, "dealer", dealer)
        object.__setattr__(self, "rules", rules)
        object.__setattr__(self, "hands", MappingProxyType(hands))
        object.__setattr__(self, "tricks", tricks)

    @property
    def eldest(self) -> str:
        """The player left of the dealer, who leads the first trick."""
        return self.players[(self.players.index(self.dealer) + 1) % len(self.players)]


def _spelled_tricks(
    seat: dict[str, str], players: tuple[str, ...], tricks: tuple[RecordedTrick, ...]
) -> tuple[RecordedTrick, ...]:
    """The tricks with every name before a card that is a player's spelled as the players line does."""
    # A record names the same few players hundreds of times: check each
    # other written name once, and rewrite only the tricks it is in.
    # (The names before the cards, gathered by map and chain rather than a loop of Python's.)
    written = set(map(itemgetter(0), chain.from_iterable(trick.plays for trick in tricks)))
    others = {name: _written_name(seat, name) for name in written.difference(players, [None])}
    respell = {name: spelled for name, spelled in others.items() if spelled != name}
    if respell:
        return tuple(_respelled(trick, respell) for trick in tricks)
    return tricks


def _respelled(trick: RecordedTrick, respell: Mapping[str | None, str | None]) -> RecordedTrick:
    """The trick with its names spelled as the players line does, or the trick itself if none needs it."""
    if not any(name in respell for name, _ in trick.plays):
        return trick
    return RecordedTrick(tuple((respell.get(name, name), card) for name, card in trick.plays), trick.number)


def _seat(seat: dict[str, str], name: str) -> str:
    """The player's own spelling of a name; NotationError if it is no player's."""
    if name.casefold() not in seat:
        raise NotationError(
            N_("{name} is not one of the players: {players}"), name=quoted(name), players=" ".join(seat.values())
        )
    return seat[name.casefold()]


def _written_name(seat: dict[str, str], name: str | None) -> str | None:
    """A name before a card: the player's spelling, or as written if it is no player's."""
    if name is None:
        return None
    check_name(name)
    return seat.get(name.casefold(), name)


def check_players(players: tuple[str, ...], rules: RuleSet | None) -> None:
    """2 to 10 players; 2 to 6 when the record's rules say one deck.

    A record without a ``rules:`` line may be audited under a two-deck match's
    rules, so only the engine knows whether its 7 to 10 players have a deck.
    """
    most = MAX_DECK_PLAYERS[rules.decks if rules is not None else 2]
    refusal = (
        N_("a deal has {least} to {most} players ({least} to {two} with decks=2), not {count}: {players}")
        if most < MAX_DECK_PLAYERS[2]
        else N_("a deal has {least} to {most} players, not {count}: {players}")
    )
    shown = repr(" ".join(players))
    check_player_count(
        len(players), MIN_DECK_PLAYERS, most, refusal, NotationError, two=MAX_DECK_PLAYERS[2], players=shown
    )
    _check_names(players)


# A batch of records seats the same few tables again and again: each table's
# names are checked once (a refusal raises, so only good names are kept).
@lru_cache(maxsize=256)
def _check_names(players: tuple[str, ...]) -> None:
    check_names(players, NotationError)


def check_trick_number(number: int | None, position: int) -> None:
    # A written number that disagrees with the line's place means a trick was
    # left out or typed twice: better refused than replayed with every seat shifted.
    if number is not None and number != position:
        raise NotationError(N_("this is trick {position}, not '{number}.'"), position=position, number=number)


def parse_record(text: str) -> DealRecord:
    """Read a deal record; raise RecordErrors naming every line it cannot read."""
    reader = _Reader()
    lines = text.removeprefix("\ufeff").splitlines()
    for number, raw in enumerate(lines, 1):
        # A comment is cut off; most lines have none, and are not split into a list to find that.
        line = (raw.split("#", 1)[0] if "#" in raw else raw).strip()
        if line:
            try:  # free when nothing is raised, so reading on costs a clean record nothing
                reader.read(line, number)
            except ScorepadError as error:
                reader.problem(number, error)
    record = reader.finish(max(len(lines), 1))
    if reader.problems or record is None:
        raise RecordErrors(sorted(reader.problems, key=lambda problem: problem[0]))
    return record


class _AtLine:
    """Note any refusal raised inside as the problem of line ``number``, and read on.

    A class rather than @contextmanager, whose generator costs more than what
    a record's few lines are checked for.
    """

    def __init__(self, reader: _Reader, number: int) -> None:
        self.reader, self.number = reader, number

    def __enter__(self) -> None:
        return None

    def __exit__(self, kind: type[BaseException] | None, error: BaseException | None, trace: object) -> bool:
        if isinstance(error, ScorepadError):
            self.reader.problem(self.number, error)
            return True
        return False


class _Reader:
    """The state of a record being read line by line."""

    def __init__(self) -> None:
        # Keys and hands may come in any order, so names are matched to the
        # players only at the end; each value keeps its line for the message.
        self.keys: dict[str, tuple[int, str]] = {}
        self.hands: list[tuple[int, str, tuple[Card, ...]]] = []
        self.tricks: list[RecordedTrick] = []
        self.problems: list[tuple[int, ScorepadError]] = []

    def problem(self, number: int, error: ScorepadError) -> None:
        self.problems.append((number, error.refusals[0][1] if isinstance(error, RecordErrors) else error))

    def read(self, line: str, number: int) -> None:
        if line[0] not in _KEY_OR_HAND_START:
            self.tricks.append(self._trick(line))  # most lines: no key or hand line to try first
        elif match := _KEY_LINE.fullmatch(line):
            key, value = match[1].casefold(), match[2].strip()
            if key in self.keys:
                raise NotationError(N_("a second '{key}:' line: {line}"), key=key, line=repr(line))
            self.keys[key] = (number, value)
        elif match := _HAND_LINE.fullmatch(line):
            self.hands.append((number, match[1], tuple(map(_card, _tokens(match[2])))))
        else:
            self.tricks.append(self._trick(line))

    def _trick(self, line: str) -> RecordedTrick:
        number = None
        position = len(self.tricks) + 1
        try:
            if match := _TRICK_NUMBER.fullmatch(line):
                digits, line = match[1], match[2]
                # Only ASCII digits match: whole_number need only say no to too many of them.
                number = int(digits) if len(digits) <= MAX_DIGITS else whole_number(digits, _A_TRICKS_NUMBER)
                if number != position:
                    check_trick_number(number, position)
            try:
                plays = tuple(map(_play, _tokens(line)))
            except ScorepadError as error:
                raise NotationError(N_("trick {number}: {problem}"), number=position, problem=error) from None
            return RecordedTrick._read(plays, number)
        except ScorepadError:
            # The line still takes its trick's place, so the tricks after it
            # keep their numbers and are not reported as misnumbered too.
            self.tricks.append(RecordedTrick((), position))
            raise

    def finish(self, last_line: int) -> DealRecord | None:
        """The record, or None when a line could not be read (every problem is then noted)."""
        if "players" not in self.keys:
            self.problems.append(
                (last_line, NotationError(N_("the record has no 'players:' line (the players in seat order)")))
            )
        if "dealer" not in self.keys:
            self.problems.append((last_line, NotationError(N_("the record has no 'dealer:' line (who dealt)"))))
        rules = None
        if "rules" in self.keys:
            line, value = self.keys["rules"]
            with _AtLine(self, line):
                rules = _rules(value)
        players: tuple[str, ...] = ()
        if "players" in self.keys:
            line, value = self.keys["players"]
            with _AtLine(self, line):
                players = tuple(_tokens(value))
                check_players(players, rules)
        seat = {name.casefold(): name for name in players}
        dealer = None
        if "dealer" in self.keys and seat:
            line, value = self.keys["dealer"]
            with _AtLine(self, line):
                dealer = _seat(seat, _dealer(value))
        hands: dict[str, tuple[Card, ...]] = {}
        for line, typed, cards in self.hands if seat else ():
            with _AtLine(self, line):
                name = _seat(seat, typed)
                if name in hands:
                    raise NotationError(N_("a second hand for {name}"), name=repr(typed))
                hands[name] = cards
        if self.problems or dealer is None:
            return None
        return DealRecord._read(players, seat, dealer, rules, hands, tuple(self.tricks))


def _tokens(text: str) -> list[str]:
    # Commas separate like spaces. str.split is several times quicker than a regular expression
    # (and most lines have no comma to replace: the text is then not copied first).
    tokens = (text.replace(",", " ") if "," in text else text).split()
    # "Bob : KH" and "Bob:KH" are the same play. A colon with space beside it
    # shows as " :" or ": " once the tokens are joined by single spaces: only
    # such a line is worth the slower rewriting.
    if ":" in text:
        spaced = " ".join(tokens)
        if " :" in spaced or ": " in spaced:
            tokens = _COLON.sub(":", text).replace(",", " ").split()
    return tokens


# The same few dozen tokens recur in every record: each is read once per
# process. Only what reads is kept (a refusal raises), so the caches stay small.
_card = lru_cache(maxsize=1024)(Card.parse)
_rules = lru_cache(maxsize=64)(RuleSet.parse_notation)


@lru_cache(maxsize=4096)
def _play(token: str) -> Play:
    name, sep, card = token.rpartition(":")
    if not sep:
        return None, _card(token)
    check_name(name)
    return name, _card(card)


def _dealer(value: str) -> str:
    names = _tokens(value)
    if len(names) != 1:
        raise NotationError(N_("the dealer is one name, not {value}"), value=repr(value))
    return names[0]


def write_record(record: DealRecord, ascii: bool = True) -> str:
    """The record as text, with ASCII suits unless ``ascii`` is false."""
    lines = [f"players: {' '.join(record.players)}", f"dealer: {record.dealer}"]
    if record.rules is not None:
        lines.append(f"rules: {record.rules.notation()}")
    for name in record.players:
        if name in record.hands:
            hand = " ".join(card.text(ascii) for card in record.hands[name])
            lines.append(f"hand {name}: {hand}".rstrip())
    for trick in record.tricks:
        plays = " ".join(
            card.text(ascii) if name is None else f"{name}:{card.text(ascii)}" for name, card in trick.plays
        )
        lines.append(plays if trick.number is None else f"{trick.number}. {plays}".rstrip())
    return "\n".join(lines) + "\n"
