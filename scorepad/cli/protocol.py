"""The line protocol of ``scorepad play`` (docs/commands.md), read the same on a terminal and from a pipe.

A line is a deal's scores, or a command: a word, then what that command reads
after it. ``COMMANDS`` is the one table of the commands, in the order ``help``
lists them; the words that name each one in each language are in each
language's table (``core.languages``).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass

from ..app.entering import Renege
from ..app.table import Action, Again, EnterDeal, EnterMisdeal, Fix, Seat, Undo
from ..core.errors import NotationError
from ..core.language import N_
from ..core.numbers import looks_like_number, whole_number
from ..present.fitting import widest, width_of
from ..present.translation import _, typed_cards, worded
from .clickwords import placeholders
from .command_words import TAKES, Verb, command_word, folded, table_words, understood
from .scores import as_named, looks_like_a_score, read_scores

#: What a line asks for: an entry for the session to write, or a command that writes nothing
#: (status, sheet, rules, help, quit), which each mode of ``play`` answers in its own way.
Asked = Action | Verb


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
    verb = understood().get(folded(typed))
    if verb is not None:
        return COMMANDS[verb].read(typed, tokens[1:])
    if "=" in as_named(tokens)[0] or looks_like_a_score(tokens[0]):
        return EnterDeal(read_scores(tokens))  # named, or in seat order: a command word is neither
    raise NotationError(
        N_("not an entry: {text} (scores as NAME=SCORE or in seat order, or one of: {commands})"),
        text=repr(tokens[0]),
        commands=", ".join(table_words()),
    )


def _renege(typed: str, rest: list[str]) -> Asked:
    return EnterDeal(Renege(_one_name(rest, typed)))


def _fix(typed: str, rest: list[str]) -> Asked:
    words: dict[str, object] = {"fix": typed, "renege": command_word(Verb.RENEGE)}
    number = 0
    if rest and looks_like_number(rest[0]):
        number = whole_number(rest[0], worded(N_("N in {fix} N"), words))
    if number < 1:
        raise NotationError(
            N_("write {fix} N NAME=SCORE ... (or {fix} N {renege} NAME), N the deal to correct"), **words
        )
    rest = rest[1:]
    if rest and understood().get(folded(rest[0])) is Verb.RENEGE:
        return Fix(number, Renege(_one_name(rest[1:], f"{typed} {number} {rest[0].lower()}")))
    if not rest:
        raise NotationError(
            N_("{fix} {number} needs the deal's scores: {fix} {number} NAME=SCORE ..."), fix=typed, number=number
        )
    return Fix(number, read_scores(rest))


def _seat(typed: str, rest: list[str]) -> Asked:
    if len(rest) != 2:
        raise NotationError(
            N_("write {usage}: the player leaving, then the one taking their seat"),
            usage=placeholders(f"{typed} {TAKES[Verb.SEAT]}"),
        )
    return Seat(*rest)


def _alone(asked: Asked) -> Callable[[str, list[str]], Asked]:
    """The reader of a command that takes nothing after its word."""

    def read(typed: str, rest: list[str]) -> Asked:
        if rest:
            raise NotationError(N_("{command} takes nothing after it"), command=typed)
        return asked

    return read


def _one_name(rest: list[str], typed: str) -> str:
    """The one name after what was ``typed`` (``renege``, ``fix 2 renege``)."""
    if len(rest) != 1:
        raise NotationError(N_("write {usage}, with one player's name"), usage=" ".join((typed, _("NAME"))))
    return rest[0]


#: Every command: what it reads, what ``help`` shows typed after its word (the match's players
#: numbered from 0 in seat order; ``{new}`` the usage line's NEW, since a substitute is no player
#: yet and a made-up name could be one of the table's), and what it does, with the words
#: ``help_text`` fills in.
COMMANDS: dict[Verb, Command] = {
    Verb.RENEGE: Command(_renege, "{1}", N_("{player} reneged: takes the penalty total, the others 0")),
    Verb.MISDEAL: Command(_alone(EnterMisdeal()), "", N_("void this deal: the same dealer deals again")),
    Verb.UNDO: Command(_alone(Undo()), "", N_("take back the last change, a fix included (it stays in the trail)")),
    Verb.FIX: Command(_fix, "2 {0}=13 {1}=10 ...", N_("correct deal 2 (or: {fix} 2 {renege} {player})")),
    Verb.SHEET: Command(
        _alone(Verb.SHEET), "", N_("the score sheet: every deal, with the running totals (also: {history})")
    ),
    Verb.STATUS: Command(_alone(Verb.STATUS), "", N_("the standings and the next deal again")),
    Verb.RULES: Command(_alone(Verb.RULES), "", N_("the rules of this match, in plain words")),
    Verb.AGAIN: Command(_alone(Again()), "", N_("once the match is over: a rematch, the next player dealing first")),
    Verb.SEAT: Command(_seat, "{1} {new}", N_("a substitute: {new} plays {player}'s seat from the next deal on")),
    Verb.HELP: Command(_alone(Verb.HELP), "", N_("this list (Up arrow: the last line again, to correct it)")),
    Verb.QUIT: Command(
        _alone(Verb.QUIT),
        "",
        N_("leave (so do Ctrl-D, and Ctrl-C on an empty line); everything entered is saved"),
    ),
}

#: The lines of help before the commands: a deal's scores, its cards in the table's own letters (VS in Dutch).
SCORES_HELP = (
    ("{0}=10 {1}=13 {2}=20", N_("a deal's scores, every player of the deal once (as scorepad deal takes them)")),
    ("10 13 20", N_("... or in seat order, without names")),
    ("{0}=QS,2H {1}=- {2}=?", N_("... or the penalty cards each took (- for none); ? is the rest of the total")),
)


def help_text(players: Sequence[str]) -> str:
    """The ``help`` command's list: what is typed, with the match's own players, and what it does."""
    history = [word for word, verb in table_words().items() if verb is Verb.SHEET][1:]
    new = _("NEW")
    fields: dict[str, object] = {"player": players[1], "new": new, "history": ", ".join(history)}
    fields |= {verb.value: command_word(verb) for verb in (Verb.FIX, Verb.RENEGE)}
    typed = [*SCORES_HELP, *((f"{command_word(v)} {c.example}".rstrip(), c.does) for v, c in COMMANDS.items())]
    lines = [(typed_cards(line.format(*players, new=new)), worded(does, fields)) for line, does in typed]
    width = widest(line for line, _does in lines)  # as wide as the terminal shows it: a name may hold wide letters
    return "\n".join(f"  {line}{' ' * (width - width_of(line))}  {does}" for line, does in lines)
