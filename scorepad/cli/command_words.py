"""The words of ``scorepad play``'s commands in each language, and how its help lists them.

The words live here, apart from ``protocol`` (which reads a line of ``play``),
because ``play --help`` lists the commands in the table's own words and no
``--help`` may load the database library, which ``protocol`` loads through its
imports of the app layer.

``COMMAND_WORDS`` says which words name each command in each language, so that
a language's own words are data added there, English understood in all. A word
is matched whatever its case and accents, so that a table types ``renuncia``
for ``renúncia`` or ``angra`` for ``ångra`` as easily.
"""

from __future__ import annotations

import enum
import unicodedata

from ..present.translation import spoken
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


#: The words that name each command, by language: the first word of a command is the one
#: help, Tab and refusals show; the sheet's second is the one ``scorepad history`` is named
#: after. English is understood in every language. The words are those a club player of the
#: country types: one word each, lower case, in the glossary's terms (docs/glossary.md).
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
    "it": {
        "renonce": Verb.RENEGE,  # fare renonce, as Italian bridge says
        "errata": Verb.MISDEAL,  # distribuzione errata
        "annulla": Verb.UNDO,
        "correggi": Verb.FIX,
        "classifica": Verb.STATUS,
        "foglio": Verb.SHEET,  # il foglio segnapunti
        "storico": Verb.SHEET,
        "regole": Verb.RULES,
        "rivincita": Verb.AGAIN,
        "cambio": Verb.SEAT,  # a substitution, as in sport
        "aiuto": Verb.HELP,
        "esci": Verb.QUIT,
    },
    "pt": {
        "renuncia": Verb.RENEGE,  # "o Bob renuncia", as in Sueca
        "anular": Verb.MISDEAL,
        "desfazer": Verb.UNDO,
        "corrigir": Verb.FIX,
        "classificação": Verb.STATUS,
        "folha": Verb.SHEET,  # a folha de pontuação
        "histórico": Verb.SHEET,
        "regras": Verb.RULES,
        "revanche": Verb.AGAIN,
        "substituir": Verb.SEAT,
        "ajuda": Verb.HELP,
        "sair": Verb.QUIT,
    },
    "es": {
        "renuncio": Verb.RENEGE,  # hacer renuncio, as in Tute and Mus
        "anular": Verb.MISDEAL,
        "deshacer": Verb.UNDO,
        "corregir": Verb.FIX,
        "clasificación": Verb.STATUS,
        "hoja": Verb.SHEET,  # la hoja de puntuación
        "historial": Verb.SHEET,
        "reglas": Verb.RULES,
        "revancha": Verb.AGAIN,
        "sustituir": Verb.SEAT,
        "ayuda": Verb.HELP,
        "salir": Verb.QUIT,
    },
    "nl": {
        "verzaakt": Verb.RENEGE,  # "Bert verzaakt", as in Klaverjassen
        "overdelen": Verb.MISDEAL,  # what a Dutch table does after verkeerd delen
        "terug": Verb.UNDO,
        "herstel": Verb.FIX,
        "stand": Verb.STATUS,
        "scoreblad": Verb.SHEET,
        "geschiedenis": Verb.SHEET,
        "regels": Verb.RULES,
        "revanche": Verb.AGAIN,
        "wissel": Verb.SEAT,  # a substitution, as in sport
        "hulp": Verb.HELP,
        "stop": Verb.QUIT,
    },
    "sv": {
        "felspel": Verb.RENEGE,  # a player who did not follow suit, as felgiv is a wrong deal
        "felgiv": Verb.MISDEAL,
        "ångra": Verb.UNDO,
        "rätta": Verb.FIX,
        "ställning": Verb.STATUS,
        "protokoll": Verb.SHEET,  # the poängprotokoll
        "historik": Verb.SHEET,
        "regler": Verb.RULES,
        "returparti": Verb.AGAIN,
        "ersätt": Verb.SEAT,
        "hjälp": Verb.HELP,
        "sluta": Verb.QUIT,
    },
}


def folded(word: str) -> str:
    """A word as it is matched: lower case, without accents (``Renúncia`` is ``renuncia``)."""
    return "".join(c for c in unicodedata.normalize("NFKD", word.casefold()) if not unicodedata.combining(c))


def table_words() -> dict[str, Verb]:
    """The words of the language in use for the commands, in the order of its table."""
    return COMMAND_WORDS.get(spoken(), COMMAND_WORDS["en"])


def understood() -> dict[str, Verb]:
    """Every word a command may be typed as, folded: the language's own words, then English."""
    return {folded(word): verb for word, verb in (table_words() | COMMAND_WORDS["en"]).items()}


def command_word(verb: Verb) -> str:
    """The word the table is shown for a command: the first of the language's own."""
    return next(word for word, named in table_words().items() if named is verb)


#: What each command reads after its word, in the placeholders of the usage lines; the others read nothing.
TAKES = {Verb.RENEGE: "NAME", Verb.FIX: "N NAME=SCORE...", Verb.SEAT: "OLD NEW"}


def typed_commands() -> str:
    """Every command as the table types it, for ``play --help``: ``renege NAME, misdeal, ..., quit``."""
    return ", ".join(placeholders(f"{command_word(verb)} {TAKES.get(verb, '')}".rstrip()) for verb in Verb)
