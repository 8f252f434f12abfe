"""The deal record: the text form of one played deal (docs/deal-record.md).

``parse_record`` reads what a person types; ``write_record`` writes a record
back so that parsing it again gives an equal record. The parser refuses only
text it cannot read: a card missing from the deck, a name in the wrong place
or a trick of the wrong size are kept as written, for the engine to report.
Like a PGN reader, it reads on after a line it cannot read and reports every
such line at once (``RecordErrors``); a record with any of them is refused whole.

A batch audits hundreds of records of the same few tables, written with the
same few dozen words: each card or ``Name:card`` word, rules line and table of
names is read and checked once per process, its result kept (``lru_cache``;
a refusal raises, so only what reads is kept). Without them ``audit --json``
of 2,000 two-deck records costs 1.56 times as much (one deck: 1.36), close to
its budget already: the plays' cache alone is worth 24% of it, the tables of
names' 5-13%, the rules lines' 4-7%, the hands' cards about 3% (68,000
parses of 0.6 us saved; CPU time, each taken away alone, median of 7-9 runs
in turn).
"""

from __future__ import annotations

import re
from collections.abc import Iterator, Mapping
from contextlib import contextmanager
from dataclasses import dataclass, field
from functools import lru_cache

from .cards import MAX_DECK_PLAYERS, MIN_DECK_PLAYERS, Card, check_player_count
from .errors import NotationError, RecordErrors, ScorepadError
from .language import N_, Phrase
from .names import RECORD_KEYS, check_name, check_names, name_key
from .numbers import whole_number
from .rules import CLASSIC, RuleSet
from .text import quoted

#: One card of a trick: the name written before it (or None) and the card.
Play = tuple[str | None, Card]

_KEY = re.compile("|".join(RECORD_KEYS), re.IGNORECASE)
_KEY_LINE = re.compile(rf"({_KEY.pattern})\s*:(.*)", re.IGNORECASE)
_HAND_LINE = re.compile(r"hand\s+([^\s:]+)\s*:(.*)", re.IGNORECASE)
_TRICK_NUMBER = re.compile(r"([0-9]+)\.(.*)")  # ASCII digits, as every number people type
_COLON = re.compile(r"\s*:\s*")


@dataclass(frozen=True)
class RecordedTrick:
    """One trick line: the plays in the order played, and its number if written."""

    plays: tuple[Play, ...]
    number: int | None = None

    def __post_init__(self) -> None:
        if not self.plays and self.number is None:
            raise NotationError(N_("a trick without cards is written as its number alone, so it needs one"))


@dataclass(frozen=True)
class DealRecord:
    """One deal as recorded; ``rules`` is None when the record has no ``rules:`` line.

    The dealer and the hands are named as the players line spells the players,
    and so is a name before a card that is a player's (``parse_record`` spells
    what a person typed in any case), so equal deals make equal records. A name
    before a card that is no player's is kept as written: the engine reports it.
    """

    players: tuple[str, ...]
    dealer: str
    rules: RuleSet | None = None
    hands: Mapping[str, tuple[Card, ...]] = field(default_factory=dict)
    tricks: tuple[RecordedTrick, ...] = ()

    def __post_init__(self) -> None:
        # Keep the invariants that let every record be written and read back;
        # the engine can then trust the seats and the dealer.
        check_players(self.players, self.rules)
        for name in (self.dealer, *self.hands):
            _check_player(self.players, name)
        written = {name for trick in self.tricks for name, _ in trick.plays if name is not None}
        for name in written.difference(self.players):  # the players' names are checked above
            check_name(name)
        for position, trick in enumerate(self.tricks, 1):
            check_trick_number(trick.number, position)

    @property
    def eldest(self) -> str:
        """The player left of the dealer, who leads the first trick."""
        return self.players[(self.players.index(self.dealer) + 1) % len(self.players)]


def _check_player(players: tuple[str, ...], name: str) -> None:
    if name not in players:
        raise NotationError(
            N_("{name} is not one of the players: {players}"), name=quoted(name), players=" ".join(players)
        )


def _seat(seat: dict[str, str], name: str) -> str:
    """The player's own spelling of a name typed in any case; NotationError if it is no player's."""
    if name_key(name) not in seat:
        _check_player(tuple(seat.values()), name)
    return seat[name_key(name)]


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


@lru_cache(maxsize=256)
def _check_names(players: tuple[str, ...]) -> None:
    check_names(players, NotationError)


def check_trick_number(number: int | None, position: int) -> None:
    # A written number that disagrees with the line's place means a trick was
    # left out or typed twice: better refused than replayed with every seat shifted.
    if number is not None and number != position:
        raise NotationError(N_("this is trick {position}, not '{number}.'"), position=position, number=number)


def parse_record(text: str, rules: RuleSet | None = None) -> DealRecord:
    """Read a deal record; raise RecordErrors naming every line it cannot read.

    ``rules``: those it is audited under (a match's) if it has none of its own: a
    trick more than the deck of its rules makes is refused at its line.
    """
    reader = _Reader(rules)
    lines = text.removeprefix("\ufeff").splitlines()
    for number, raw in enumerate(lines, 1):
        line = raw.partition("#")[0].strip()  # a comment is cut off
        if line:
            try:
                reader.read(line, number)
            except ScorepadError as error:
                reader.problem(number, error)
    record = reader.finish(max(len(lines), 1))
    if reader.problems or record is None:
        raise RecordErrors(sorted(reader.problems, key=lambda problem: problem[0]))
    return record


class _Reader:
    """The state of a record being read line by line."""

    def __init__(self, rules: RuleSet | None) -> None:
        self.rules = rules
        # Keys and hands may come in any order, so names are matched to the
        # players only at the end; each value keeps its line for the message.
        self.keys: dict[str, tuple[int, str]] = {}
        self.hands: list[tuple[int, str, tuple[Card, ...]]] = []
        #: Each trick line: its line, its plays as written, and its number if written.
        self.tricks: list[tuple[int, tuple[Play, ...], int | None]] = []
        # Each problem is kept as its sentence: the refusal itself would keep alive every frame
        # it was raised through, and the garbage collector would walk them all again and again.
        self.problems: list[tuple[int, Phrase]] = []

    def problem(self, number: int, error: ScorepadError) -> None:
        self.problems.append((number, error.said))

    @contextmanager
    def at_line(self, number: int) -> Iterator[None]:
        """Note any refusal raised inside as the problem of line ``number``, and read on."""
        try:
            yield
        except ScorepadError as error:
            self.problem(number, error)

    def read(self, line: str, number: int) -> None:
        if match := _KEY_LINE.fullmatch(line):
            key, value = match[1].casefold(), match[2].strip()
            if key in self.keys:
                raise NotationError(N_("a second '{key}:' line: {line}"), key=key, line=repr(line))
            self.keys[key] = (number, value)
        elif match := _HAND_LINE.fullmatch(line):
            self.hands.append((number, match[1], tuple(map(_card, _tokens(match[2])))))
        else:
            self._trick(line, number)

    def _trick(self, line: str, at: int) -> None:
        position = len(self.tricks) + 1
        try:
            number = None
            if match := _TRICK_NUMBER.fullmatch(line):
                number, line = whole_number(match[1], N_("a trick's number")), match[2]
                check_trick_number(number, position)
            try:
                plays = tuple(map(_play, _tokens(line)))
            except ScorepadError as error:
                raise NotationError(N_("trick {number}: {problem}"), number=position, problem=error.said) from None
        except ScorepadError:
            # The line still takes its trick's place, so the tricks after it
            # keep their numbers and are not reported as misnumbered too.
            self.tricks.append((at, (), position))
            raise
        self.tricks.append((at, plays, number))

    def finish(self, last_line: int) -> DealRecord | None:
        """The record, or None when a line could not be read (every problem is then noted)."""
        if "players" not in self.keys:
            self.problems.append(
                (last_line, Phrase(N_("the record has no 'players:' line (the players in seat order)")))
            )
        if "dealer" not in self.keys:
            self.problems.append((last_line, Phrase(N_("the record has no 'dealer:' line (who dealt)"))))
        rules = None
        if "rules" in self.keys:
            line, value = self.keys["rules"]
            with self.at_line(line):
                rules = _rules(value)
        players: tuple[str, ...] = ()
        if "players" in self.keys:
            line, value = self.keys["players"]
            with self.at_line(line):
                players = tuple(_tokens(value))
                check_players(players, rules)
                self._count_tricks(len(players), rules or self.rules or CLASSIC)  # its own, else the match's
        seat = {name_key(name): name for name in players}
        dealer = None
        if "dealer" in self.keys and seat:
            line, value = self.keys["dealer"]
            with self.at_line(line):
                dealer = _seat(seat, _dealer(value))
        hands = self._hands(seat)
        if self.problems or dealer is None:
            return None
        # Most records spell every name as their players line does: only a name spelled otherwise is rewritten.
        written = {name for _, plays, _ in self.tricks for name, _ in plays if name is not None}
        respell = {name: seat[name_key(name)] for name in written if seat.get(name_key(name), name) != name}
        tricks = tuple(RecordedTrick(_spelled(respell, plays), number) for _, plays, number in self.tricks)
        return DealRecord(players, dealer, rules, hands, tricks)

    def _count_tricks(self, count: int, rules: RuleSet) -> None:
        """Note the first trick more than the deck of the rules makes for ``count`` players."""
        if count > MAX_DECK_PLAYERS[rules.decks]:
            return  # no deck for this table: the engine refuses it
        most = rules.cards_each(count)
        if len(self.tricks) > most:
            too_many = N_("a trick too many: {count} players hold {most} cards each, so a deal has {most} tricks")
            self.problems.append((self.tricks[most][0], Phrase(too_many, count=count, most=most)))

    def _hands(self, seat: dict[str, str]) -> dict[str, tuple[Card, ...]]:
        """Each recorded hand by its player's name as the players line spells it."""
        hands: dict[str, tuple[Card, ...]] = {}
        for line, typed, cards in self.hands if seat else ():
            with self.at_line(line):
                name = _seat(seat, typed)
                if name in hands:
                    raise NotationError(N_("a second hand for {name}"), name=repr(typed))
                hands[name] = cards
        return hands


def _spelled(respell: dict[str, str], plays: tuple[Play, ...]) -> tuple[Play, ...]:
    """The plays with each name of ``respell`` spelled as it says."""
    if not respell:
        return plays
    return tuple((respell.get(name, name) if name is not None else None, card) for name, card in plays)


def _tokens(text: str) -> list[str]:
    """The words of a line: commas separate like spaces, and "Bob : KH" is the play "Bob:KH"."""
    words = text.replace(",", " ").split()
    spaced = " ".join(words)
    if " :" in spaced or ": " in spaced:  # a colon with space beside it
        return _COLON.sub(":", text).replace(",", " ").split()
    return words


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
