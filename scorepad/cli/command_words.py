"""The words of ``scorepad play``'s commands in each language, and how its help lists them.

The commands and their words live here, apart from ``protocol`` (which reads a
line of ``play``), because ``play --help`` lists the commands in the table's
own words, and so does ``scorepad --help``, which imports every command's
module; ``protocol`` loads the database library through its imports of the app
layer. The split holds tests.bench's "scorepad --help vs import typer" figure:
1.12x with it; folded into ``protocol``, 6.34x (570 ms against 90 ms), and
``play --help`` 6.65x.

Which words name each command in each language is data of the language's
table (``core.languages``, its ``words``), English understood in all. A word
is matched whatever its case and accents, so that a table types ``renuncia``
for ``renúncia`` or ``angra`` for ``ångra`` as easily.
"""

from __future__ import annotations

import enum
import unicodedata

from ..core.languages import LANGUAGES, Language
from ..present.translation import language
from .clickwords import placeholders


class Verb(enum.Enum):
    """A command of the protocol besides a deal's scores, by its English word, in the order help lists them."""

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


def folded(word: str) -> str:
    """A word as it is matched: lower case, without accents (``Renúncia`` is ``renuncia``)."""
    return "".join(c for c in unicodedata.normalize("NFKD", word.casefold()) if not unicodedata.combining(c))


def words_of(spoken: Language) -> dict[str, Verb]:
    """The words of a language for the commands, in the order of its table: ``{"verzaakt": Verb.RENEGE, ...}``."""
    return {word: Verb(english) for word, english in spoken.words.items()}


def table_words() -> dict[str, Verb]:
    """The words of the language in use for the commands."""
    return words_of(language())


def understood() -> dict[str, Verb]:
    """Every word a command may be typed as, folded: the language's own words, then English."""
    return {folded(word): verb for word, verb in (table_words() | words_of(LANGUAGES["en"])).items()}


def command_word(verb: Verb) -> str:
    """The word the table is shown for a command: the first of the language's own."""
    return next(word for word, named in table_words().items() if named is verb)


#: What each command reads after its word, in the placeholders of the usage lines; the others read nothing.
TAKES = {Verb.RENEGE: "NAME", Verb.FIX: "N NAME=SCORE...", Verb.SEAT: "OLD NEW"}


def typed_commands() -> str:
    """Every command as the table types it, for ``play --help``: ``renege NAME, misdeal, ..., quit``."""
    return ", ".join(placeholders(f"{command_word(verb)} {TAKES.get(verb, '')}".rstrip()) for verb in Verb)
