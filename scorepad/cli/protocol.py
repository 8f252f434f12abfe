"""The line protocol of ``scorepad play`` (spec/CLI.md), read the same on a terminal and from a pipe.

A line is a deal's scores, or a command: a word, then what that command reads
after it. ``COMMANDS`` is the one table of the commands, in the order ``help``
lists them; ``COMMAND_WORDS`` says which words name each command in each
language, so that a language's own words are data added there, English
understood in all.
"""

from __future__ import annotations

import enum
from collections.abc import Callable
from dataclasses import dataclass

from ..app.entering import Renege
from ..app.table import Action, Again, EnterDeal, EnterMisdeal, Fix, Seat, Undo
from ..core.errors import NotationError
from ..core.language import N_
from ..core.numbers import looks_like_number, whole_number
from ..present.translation import _, spoken
from .scores import as_named, looks_like_a_score, read_scores


class Verb(enum.Enum):
    """A command of the protocol besides a deal's scores, by its English word."""

    RENEGE = "renege"
    MISDEAL = "misdeal"
    UNDO = "undo"
    FIX = "fix"
    SHEET = "sheet"
    STATUS = "status"
    RULES = "rules"
    AGAIN = "again"
    SEAT = "seat"
    HELP = "help"
    QUIT = "quit"


#: What a line asks for: an entry for the session to write, or a command that writes nothing
#: (status, sheet, rules, help, quit), which each mode of ``play`` answers in its own way.
Asked = Action | Verb

#: The words that name each command, by language. English is understood in every language.
COMMAND_WORDS: dict[str, dict[str, Verb]] = {
    "en": {
        "renege": Verb.RENEGE,
        "misdeal": Verb.MISDEAL,
        "undo": Verb.UNDO,
        "fix": Verb.FIX,
        "status": Verb.STATUS,
        "sheet": Verb.SHEET,
        "history": Verb.SHEET,  # what a table calls the score sheet too
        "rules": Verb.RULES,
        "again": Verb.AGAIN,
        "seat": Verb.SEAT,
        "help": Verb.HELP,
        "quit": Verb.QUIT,
    },
}


def understood() -> dict[str, Verb]:
    """Every word a command may be typed as, in the language in use: its own words first, then English."""
    return COMMAND_WORDS.get(spoken(), {}) | COMMAND_WORDS["en"]


def command_word(verb: Verb) -> str:
    """The word ``help`` shows for a command: the language's own, else the English one."""
    own = [typed for typed, named in COMMAND_WORDS.get(spoken(), {}).items() if named is verb]
    return own[0] if own else verb.value


@dataclass(frozen=True)
class Command:
    """One command of the protocol: how the rest of its line is read, and how ``help`` shows it."""

    read: Callable[[str, list[str]], Asked]  #: from the command's word as typed and the tokens after it
    example: str  #: what ``help`` shows typed after the command's word; "" when it takes nothing
    does: str  #: ``help``'s line for it, marked for the catalogs


def parse_line(line: str) -> Asked | None:
    """Read one line: None for a blank line or a comment. Names never hold ``#``, so it starts a comment."""
    tokens = line.split("#", 1)[0].split()
    if not tokens:
        return None
    typed = tokens[0].lower()
    known = understood()
    verb = known.get(typed)
    if verb is not None:
        return COMMANDS[verb].read(typed, tokens[1:])
    if "=" in as_named(tokens)[0] or looks_like_a_score(tokens[0]):
        return EnterDeal(read_scores(tokens))  # named, or in seat order: a command word is neither
    raise NotationError(
        N_("not an entry: {text} (scores as NAME=SCORE or in seat order, or one of: {commands})"),
        text=repr(tokens[0]),
        commands=", ".join(known),
    )


def _renege(typed: str, rest: list[str]) -> Asked:
    return EnterDeal(Renege(_one_name(rest, f"{typed} NAME")))


def _fix(typed: str, rest: list[str]) -> Asked:
    usage = N_("write fix N NAME=SCORE ... (or fix N renege NAME), N the deal to correct")
    if not rest or not looks_like_number(rest[0]):
        raise NotationError(usage)
    number, rest = whole_number(rest[0], N_("N in fix N")), rest[1:]
    if number < 1:
        raise NotationError(usage)
    if rest and understood().get(rest[0].lower()) is Verb.RENEGE:
        return Fix(number, Renege(_one_name(rest[1:], f"{typed} {number} {rest[0].lower()} NAME")))
    if not rest:
        raise NotationError(N_("fix {number} needs the deal's scores: fix {number} NAME=SCORE ..."), number=number)
    return Fix(number, read_scores(rest))


def _seat(typed: str, rest: list[str]) -> Asked:
    if len(rest) != 2:
        raise NotationError(
            N_("write {usage}: the player leaving, then the one taking their seat"), usage=f"{typed} OLD NEW"
        )
    return Seat(*rest)


def _alone(asked: Asked) -> Callable[[str, list[str]], Asked]:
    """The reader of a command that takes nothing after its word."""

    def read(typed: str, rest: list[str]) -> Asked:
        if rest:
            raise NotationError(N_("{command} takes nothing after it"), command=typed)
        return asked

    return read


def _one_name(rest: list[str], usage: str) -> str:
    if len(rest) != 1:
        raise NotationError(N_("write {usage}, with one player's name"), usage=usage)
    return rest[0]


#: Every command: what it reads and what it does, in the order ``help`` lists them.
COMMANDS: dict[Verb, Command] = {
    Verb.RENEGE: Command(_renege, "Bob", N_("Bob reneged: takes the penalty total, the others 0")),
    Verb.MISDEAL: Command(_alone(EnterMisdeal()), "", N_("void this deal: the same dealer deals again")),
    Verb.UNDO: Command(_alone(Undo()), "", N_("take back the last change, a fix included (it stays in the trail)")),
    Verb.FIX: Command(_fix, "2 Ann=13 Bob=10 ...", N_("correct deal 2 (or: fix 2 renege Bob)")),
    Verb.SHEET: Command(
        _alone(Verb.SHEET), "", N_("the score sheet: every deal, with the running totals (also: history)")
    ),
    Verb.STATUS: Command(_alone(Verb.STATUS), "", N_("the standings and the next deal again")),
    Verb.RULES: Command(_alone(Verb.RULES), "", N_("the rules of this match, in plain words")),
    Verb.AGAIN: Command(_alone(Again()), "", N_("once the match is over: a rematch, the next player dealing first")),
    Verb.SEAT: Command(_seat, "Bob Eve", N_("a substitute: Eve plays Bob's seat from the next deal on")),
    Verb.HELP: Command(_alone(Verb.HELP), "", N_("this list (Up arrow: the last line again, to correct it)")),
    Verb.QUIT: Command(
        _alone(Verb.QUIT),
        "",
        N_("leave (so do Ctrl-D, and Ctrl-C on an empty line); everything entered is saved"),
    ),
}

#: The lines of help before the commands: a deal's scores, typed the same in every language.
SCORES_HELP = (
    ("Ann=10 Bob=13 Cat=20", N_("a deal's scores, every player of the deal once (as scorepad deal takes them)")),
    ("10 13 20", N_("... or in seat order, without names")),
    ("Ann=QS,2H Bob=- Cat=?", N_("... or the penalty cards each took (- for none); ? is the rest of the total")),
)


def help_text() -> str:
    """The ``help`` command's list: what is typed, and what it does."""
    typed = [*SCORES_HELP, *((f"{command_word(v)} {c.example}".rstrip(), c.does) for v, c in COMMANDS.items())]
    return "\n".join(f"  {line:<23}  {_(does)}" for line, does in typed)
