"""Refusals in the command line's own words: the one place a refusal becomes the sentence a person reads.

The core, the store and the use cases know no option and no command. Where
what to do next is a thing to type, they raise a typed refusal carrying the
facts (``TwoDecksNeeded(players)``, ``WouldReplace(path)``...), with a sentence
of their own for a Python program. The command line says those here, naming
the option or the command that would do; every other refusal it shows as it
was said. A refusal inside another one (a deal record's line, a backup's
field) keeps its own sentence: the options named here are not the remedy there.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, TypeVar

from ..app.errors import BreachesToSettle, NoScores, NotOverYet, RestTwice, SeatsOfANight
from ..app.export import EmptyPath, NamedLikeAnother, NotAFile, SheetOfOneMatch, StoreFile, WouldReplace
from ..app.table_links import LinksOfAnotherKey
from ..core.errors import BonusCardOutsideOmnibus, ScorepadError, TwoDecksNeeded
from ..core.language import N_, Counted, Phrase
from ..present.translation import in_language
from ..store.errors import NoMatchYet
from ..store.night_rows import NoNightYet


def _again() -> str:
    """The word of ``play``'s command for a rematch, the one place a refusal below names one of its commands."""
    from .protocol import Verb, command_word  # loaded by play, the one command that asks for a rematch

    return command_word(Verb.AGAIN)


#: Each typed refusal as the command line says it, from the facts it carries.
_SAID: dict[type[ScorepadError], Callable[[Any], Phrase]] = {
    NoMatchYet: lambda _: Phrase(N_("there is no match yet: start one with 'scorepad new --players A,B,C'")),
    LinksOfAnotherKey: lambda error: Phrase(
        N_(
            "the links of night {night} were made on another computer (its key for the links is not here):"
            " run this where they were made, or scorepad night codes --new to make new ones here"
        ),
        night=error.night,
    ),
    NoNightYet: lambda _: Phrase(N_("there is no night yet: start one with 'scorepad night new --players A,B,C,...'")),
    BonusCardOutsideOmnibus: lambda error: Phrase(
        N_("the bonus card belongs to the omnibus preset: use --rules omnibus, not {preset}"), preset=error.preset
    ),
    TwoDecksNeeded: lambda error: Phrase(
        N_("{count} players need two decks: give --decks 2 (Cancellation Black Maria)"), count=error.players
    ),
    NoScores: lambda error: Phrase(
        N_("no scores given: write NAME=POINTS for each player whose score changes, or --renege NAME")
        if error.fixing
        else N_("no scores given: write NAME=POINTS for every player, or --renege NAME")
    ),
    NotOverYet: lambda error: Phrase(
        # TRANSLATORS: {again} is the table's command in its own words, which starts a rematch.
        N_("match {match} is not over: {again} starts a rematch once it is"),
        match=error.match,
        again=_again(),
    ),
    RestTwice: lambda _: Phrase(
        N_("? stands for the rest of the deal total: give it once per deal, and every other score")
    ),
    SeatsOfANight: lambda error: Phrase(
        N_(
            "match {match} is a table of night {night}: its players change between rounds,"
            " with scorepad night leave and scorepad night join"
        ),
        match=error.match,
        night=error.night,
    ),
    BreachesToSettle: lambda error: Counted(
        "the record breaks a rule ({breach}): the table settles that first, then enters the deal with scorepad deal",
        "the record breaks {count} rules ({breach}):"
        " the table settles that first, then enters the deal with scorepad deal",
        error.count,
        breach=error.breach,
    ),
    EmptyPath: lambda _: Phrase(N_("--out is empty: give a file, or a folder to write in")),
    WouldReplace: lambda error: Phrase(
        N_("{path} exists: give --force to replace it, or another --out"), path=error.path
    ),
    NotAFile: lambda error: Phrase(
        N_("{path} cannot be written: --out takes a file, a folder, a pipe or a device such as /dev/null"),
        path=error.path,
    ),
    StoreFile: lambda error: Phrase(N_("{path} is a file of the store in use: give another --out"), path=error.path),
    SheetOfOneMatch: lambda _: Phrase(
        N_("--layout sheet is the CSV score sheet of one match: not with --all or --format json")
    ),
    NamedLikeAnother: lambda error: Phrase(
        N_("{path} is named like a {kind} file, but the format is {format}: give --format"),
        path=error.path,
        kind=error.kind,
        format=error.format,
    ),
}


T = TypeVar("T")


def said(value: T) -> T | Phrase:
    """A typed refusal as the command line says it; any other refusal, phrase or text as it is."""
    for kind in type(value).__mro__:
        words = _SAID.get(kind)
        if words is not None:
            return words(value)
    return value


def refusal(error: ScorepadError) -> str:
    """The refusal as the command line says it, in the language in use."""
    return in_language(said(error))
