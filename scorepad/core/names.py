"""Names: what may be a player's name, so that entries like ``Ann=10`` stay readable, and a match's name."""

from __future__ import annotations

import re
import unicodedata
from collections.abc import Iterable

from .errors import NotationError, RuleError, ScorepadError
from .language import N_, Phrase
from .text import code_point, first_control, first_invisible, is_surrogate, quoted

FORBIDDEN = "=,:#"
MAX_LENGTH = 40
#: A match's name is a title: a few words. Bounded so that no name from a file can
#: make every listing, chart and report of the store slow (or the store itself large).
MATCH_NAME_MAX_LENGTH = 100
#: The keys of a deal record's lines (docs/deal-record.md): a trick line may start
#: with a name, so no name may read as one of them, nor as a trick number like "12.".
RECORD_KEYS = ("players", "dealer", "rules")
_READS_AS_KEY = re.compile("|".join(RECORD_KEYS) + r"|\d+\..*", re.IGNORECASE)
#: What a refusal calls the text it refuses (marked once: a record checks hundreds of names).
_PLAYERS_NAME, _MATCHS_NAME = N_("a player's name"), N_("a match's name")


def kept(name: str) -> str:
    """A name as scorepad keeps it: in NFC, so that "Zoë" is one string whether the ë came as one
    character or as e and a combining diaeresis, as keyboards and pasted text give it either way."""
    return unicodedata.normalize("NFC", name)


def name_key(name: str) -> str:
    """What two names are compared by: alike ignoring case, and whichever way their letters
    were composed. Casefolding may leave a name out of NFC, so the key is normalized again after it."""
    return unicodedata.normalize("NFC", kept(name).casefold())


def check_name(name: str) -> str:
    """The name as kept (``kept``), or NotationError saying what is wrong with it."""
    if not name:
        raise NotationError(N_("{name} is not a name: a player's name cannot be empty"), name=repr(name))
    _check_text(name, MAX_LENGTH, _PLAYERS_NAME)
    if any(ch.isspace() for ch in name):
        raise NotationError(N_("a player's name has no spaces: {name}"), name=repr(name))
    bad = sorted({ch for ch in name if ch in FORBIDDEN})
    if bad:
        raise NotationError(
            N_("a player's name cannot contain {characters}: {name}"), characters=" ".join(bad), name=repr(name)
        )
    invisible = first_invisible(name)
    if invisible is not None:  # stricter than a match's name: no invisible character may tell two players apart
        raise NotationError(
            N_("a player's name cannot contain invisible characters: {name} holds {character}"),
            name=repr(name),
            character=code_point(invisible),
        )
    if _READS_AS_KEY.fullmatch(name):
        raise NotationError(
            N_("{name} cannot be a player's name: a deal record would read it as a key or a trick number"),
            name=repr(name),
        )
    return kept(name)


def check_match_name(name: str | None) -> str | None:
    """A match's name as given (None for none), or NotationError saying what is wrong with it.

    Any other text is kept exactly: spaces, quotes and formula-like starts are the outputs' to show safely.
    """
    if not name:
        return None  # an empty name is no name
    _check_text(name, MATCH_NAME_MAX_LENGTH, _MATCHS_NAME)
    return name


def _check_text(text: str, most: int, what: str) -> None:
    """Refuse a name (``text``) of more than ``most`` characters, or holding a control character; ``what`` says whose."""
    if len(text) > most:  # first: every other check reads the whole text, and quotes it
        raise NotationError(
            N_("{what} has at most {most} characters, not {count}: {name}"),
            what=Phrase(what),
            most=most,
            count=len(text),
            name=quoted(text),
        )
    check_characters(text, what)


def check_characters(text: str, what: str) -> None:
    """Refuse text that holds a character of ``core.text.CONTROL``, naming it and ``what`` the text is (``N_("a match's name")``)."""
    char = first_control(text)
    if char is None:
        return
    fields = {"what": Phrase(what), "text": quoted(text), "character": code_point(char)}
    if is_surrogate(char):
        raise NotationError(N_("{what} is not valid text: {text} holds a lone surrogate, {character}"), **fields)
    raise NotationError(N_("{what} cannot contain control characters: {text} holds {character}"), **fields)


def check_names(names: Iterable[str], error: type[ScorepadError] = RuleError) -> tuple[str, ...]:
    """The players of one match or deal, each a valid name as kept, and no two alike (``name_key``).

    A bad name is a NotationError; two names alike are ``error`` (a RuleError for a match).
    """
    checked = tuple(check_name(name) for name in names)
    seen: dict[str, str] = {}
    for name in checked:
        key = name_key(name)
        if key in seen:
            raise error(
                N_("{first} and {second} are one name: players' names must differ (ignoring case)"),
                first=repr(seen[key]),
                second=repr(name),
            )
        seen[key] = name
    return checked
