"""The languages scorepad speaks: one table each, holding all a language is besides its catalog's messages.

A language is its gettext catalog (``CODE/LC_MESSAGES/scorepad.po`` in
``scorepad/locale``: its sentences) and its ``Language`` here (what a table
of its country types and reads that is no sentence): the letters its decks
print, how it writes numbers and dates, the quote marks around a name, and
the words of ``scorepad play``'s commands. Adding a language is a catalog, a table here and
a table of its words in ``docs/glossary.md`` (docs/adding-a-language.md); the
tests walk every language of ``LANGUAGES``.

The core only holds the tables (``core.language`` holds the messages as data):
which language is in use is the edge's to choose, and ``present.translation``
gives the table of the one in use.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass

from .cards import ENGLISH, Letters


@dataclass(frozen=True)
class Marks:
    """How a language's country writes numbers and dates, and separates a spreadsheet's cells.

    Babel knows these for every locale, but it only builds the catalogs and is
    not installed with scorepad. Were it, importing ``babel.numbers`` and
    ``babel.dates`` would cost about 17 ms and reading one locale's data 13 ms
    more (``python -X importtime``, on the machine ``tests.bench`` ran on,
    December 2026), where ``tests.bench`` measures a command's start-up against
    the 60 to 95 ms of importing Typer: a move its figures would show, for
    three marks in each of six languages.
    """

    decimal: str  #: between a number's whole part and its decimals: ``8.40``, ``8,40``
    separator: str  #: between the cells of a CSV, as the country's spreadsheet programs read one
    date: str | None  #: the day, month and year as ``strftime`` writes them; None: the stored UTC text


@dataclass(frozen=True, eq=False)
class Language:
    """Everything of one language that is not a message of its catalog."""

    code: str  #: ISO 639-1, as ``--lang`` and the catalog's folder name it
    name: str  #: in English, as the glossary's heading names it: ``## Dutch (nl)``
    letters: Letters  #: the letters its decks print (docs/glossary.md, "ranks" and "suit letters")
    marks: Marks
    quotes: tuple[str, str]  #: around a match's or a night's name: ``“Friday”``, ``«Venerdì»``
    #: The words of ``play``'s commands, each to its English word: the first word of a command
    #: is the one help, Tab and refusals show; the sheet's second is the one ``scorepad history``
    #: is named after. English is understood in every language. The words are those a club
    #: player of the country types: one word each, lower case, in the glossary's terms.
    words: Mapping[str, str]
    #: The country whose card tables the words are of, when they are one country's: ``BR`` for ``pt``.
    country: str | None = None

    @property
    def locale(self) -> str:
        """The locale, as its catalog's header declares it: ``pt_BR``; the code alone for many countries'."""
        return f"{self.code}_{self.country}" if self.country else self.code

    @property
    def tag(self) -> str:
        """The language as a web page declares it (``<html lang>``, BCP 47): ``pt-BR``."""
        return self.locale.replace("_", "-")

    def quoted(self, name: str) -> str:
        """A name between the language's quote marks: ``“Friday”``, ``«Venerdì»``."""
        return f"{self.quotes[0]}{name}{self.quotes[1]}"


ENGLISH_WORDS = {
    "renege": "renege",
    "misdeal": "misdeal",
    "undo": "undo",
    "fix": "fix",
    "status": "status",
    "sheet": "sheet",
    "history": "sheet",  # what a table calls the score sheet too
    "rules": "rules",
    "again": "again",
    "seat": "seat",
    "help": "help",
    "quit": "quit",
}

#: Every language scorepad speaks, English first; any other falls back to English.
LANGUAGES: dict[str, Language] = {
    "en": Language("en", "English", ENGLISH, Marks(".", ",", None), ("“", "”"), ENGLISH_WORDS),
    "it": Language(
        "it",
        "Italian",
        ENGLISH,  # Italian decks of French suits print the English letters
        Marks(",", ";", "%d/%m/%Y"),
        ("«", "»"),
        {
            "renonce": "renege",  # fare renonce, as Italian bridge says
            "errata": "misdeal",  # distribuzione errata
            "annulla": "undo",
            "correggi": "fix",
            "classifica": "status",
            "foglio": "sheet",  # il foglio segnapunti
            "storico": "sheet",
            "regole": "rules",
            "rivincita": "again",
            "cambio": "seat",  # a substitution, as in sport
            "aiuto": "help",
            "esci": "quit",
        },
    ),
    "pt": Language(
        "pt",
        "Portuguese",
        ENGLISH,
        Marks(",", ";", "%d/%m/%Y"),
        ("“", "”"),  # Brazil's quote marks; Portugal's are « »
        {
            "renuncia": "renege",  # "o Bob renuncia", as in Sueca
            "anular": "misdeal",
            "desfazer": "undo",
            "corrigir": "fix",
            "classificação": "status",
            "folha": "sheet",  # a folha de pontuação
            "histórico": "sheet",
            "regras": "rules",
            "revanche": "again",
            "substituir": "seat",
            "ajuda": "help",
            "sair": "quit",
        },
        "BR",  # the words of Brazilian tables: placar, rodada, truco's and buraco's usage
    ),
    "es": Language(
        "es",
        "Spanish",
        ENGLISH,
        Marks(",", ";", "%d/%m/%Y"),
        ("«", "»"),
        {
            "renuncio": "renege",  # hacer renuncio, as in Tute and Mus
            "anular": "misdeal",
            "deshacer": "undo",
            "corregir": "fix",
            "clasificación": "status",
            "hoja": "sheet",  # la hoja de puntuación
            "historial": "sheet",
            "reglas": "rules",
            "revancha": "again",
            "sustituir": "seat",
            "ayuda": "help",
            "salir": "quit",
        },
    ),
    "nl": Language(
        "nl",
        "Dutch",
        Letters("A H V B", "S H R K", also=(("K", 13),)),  # aas, heer (or koning), vrouw, boer
        Marks(",", ";", "%d-%m-%Y"),
        ("“", "”"),
        {
            "verzaakt": "renege",  # "Bert verzaakt", as in Klaverjassen
            "overdelen": "misdeal",  # what a Dutch table does after verkeerd delen
            "terug": "undo",
            "herstel": "fix",
            "stand": "status",
            "scoreblad": "sheet",
            "geschiedenis": "sheet",
            "spelregels": "rules",  # the game's rules: a regel is also a line of text
            "regels": "rules",  # what the command was called before: still read
            "revanche": "again",
            "wissel": "seat",  # a substitution, as in sport
            "hulp": "help",
            "stop": "quit",
        },
    ),
    "sv": Language(
        "sv",
        "Swedish",
        Letters("E K D Kn", "S H R K", also=(("A", 14),)),  # ess (or A), kung, dam, knekt
        Marks(",", ";", "%Y-%m-%d"),
        ("”", "”"),  # Swedish closes and opens a quotation with the same mark
        {
            "felspel": "renege",  # a player who did not follow suit, as felgiv is a wrong deal
            "felgiv": "misdeal",
            "ångra": "undo",
            "rätta": "fix",
            "ställning": "status",
            "protokoll": "sheet",  # the poängprotokoll
            "historik": "sheet",
            "regler": "rules",
            "returparti": "again",
            "ersätt": "seat",
            "hjälp": "help",
            "sluta": "quit",
        },
    ),
}
