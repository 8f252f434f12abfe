"""The language in use: its gettext catalog, its table (``core.languages``), and every message and phrase worded in it.

Text for people is written in English in the code and looked up here at the
moment it is shown: ``_("...")`` for a sentence, ``ngettext`` for one with a
number, ``pgettext`` for a word that one place words apart from the same English
(a short column head), ``in_language`` for a phrase of the core (a message and its fields,
made where the facts were) or a refusal holding one. JSON, CSV and the
deal-record notation are never translated.

A card is typed and shown as the decks of the language's country print it
(its table in ``core.languages``): ``card_letters`` are what the
command line gives the core's card reader, and ``card_text`` is the one way a
card becomes text for people, a card in a phrase's fields included; the cards
of an example typed in the code's English letters are written in the table's
by ``typed_cards``.

The language is English unless the catalog of another one is found: the one
``speak`` is given (the root option ``--lang``, chosen in
``cli.language_choice``), else the first that gettext reads from the
environment (``LANGUAGE``, ``LC_ALL``, ``LC_MESSAGES``, ``LANG``).

The compiled catalogs (``LANG/LC_MESSAGES/scorepad.mo``) are in the package's
``locale`` folder, where the package build compiles them from the ``.po``
sources (``setup.py``), so an installed wheel carries them; or in the folder
``SCOREPAD_LOCALEDIR`` names, as GNU gettext's ``TEXTDOMAINDIR`` does for shell
scripts: a system package may keep them in ``/usr/share/locale``, and a source
tree, which holds only the sources, is tested with catalogs compiled elsewhere.
"""

from __future__ import annotations

import gettext
import os
import re
from collections.abc import Iterable
from pathlib import Path

from ..core.cards import ENGLISH, Card, CardRow, Letters
from ..core.errors import ScorepadError
from ..core.language import Counted, Listed, Phrase, Titled
from ..core.languages import LANGUAGES as TABLES
from ..core.languages import Language

DOMAIN = "scorepad"
#: The codes of the languages scorepad speaks, English first (``core.languages``); any other falls back to English.
LANGUAGES = tuple(TABLES)
#: The variable that names another folder of compiled catalogs.
CATALOGS_VARIABLE = "SCOREPAD_LOCALEDIR"


def catalog_folder() -> Path:
    """Where the compiled catalogs are: the folder ``SCOREPAD_LOCALEDIR`` names, else the package's own."""
    named = os.environ.get(CATALOGS_VARIABLE)
    return Path(named) if named else Path(__file__).resolve().parent.parent / "locale"


class _Spoken:
    """The catalog in use: one per process, chosen by ``speak``, read when a message is first looked up."""

    catalog: gettext.NullTranslations | None = gettext.NullTranslations()
    languages: list[str] | None = None  #: what ``speak`` was given; None: the environment's


def speak(language: str | None = None) -> None:
    """Speak ``language`` (a code of ``LANGUAGES``), or the environment's when None.

    Its catalog is read when the first message is looked up: the shell's completion,
    run on every TAB press, looks up none.
    """
    _Spoken.languages = [language] if language else None  # None: gettext reads the environment
    _Spoken.catalog = None


def _catalog() -> gettext.NullTranslations:
    if _Spoken.catalog is None:
        _Spoken.catalog = gettext.translation(DOMAIN, catalog_folder(), languages=_Spoken.languages, fallback=True)
    return _Spoken.catalog


def spoken() -> str:
    """The code of the language in use: ``en`` when no catalog was found."""
    catalog = _catalog()
    if type(catalog) is gettext.NullTranslations:
        return "en"
    return code_of(catalog.info().get("language", _Spoken.languages[0] if _Spoken.languages else "en"))


def named_language(name: str) -> str | None:
    """The code of the language ``--lang`` names by its code or its locale (``pt``, ``pt_BR``, ``pt-BR``); None:
    not one scorepad speaks."""
    typed = name.replace("-", "_").casefold()
    return next((code for code, table in TABLES.items() if typed in (code, table.locale.casefold())), None)


def code_of(locale: str) -> str:
    """The code of a language from its locale, as a catalog's header or ``--lang`` names it: ``pt`` for ``pt_BR``."""
    return re.split(r"[_.@-]", locale, maxsplit=1)[0].lower()


def language() -> Language:
    """The table of the language in use: its card letters, marks, quote marks and ``play``'s words."""
    return TABLES.get(spoken(), TABLES["en"])


def card_letters() -> Letters:
    """The letters the decks of the language in use print: the English ones in Italy, Spain and Portugal too."""
    return language().letters


def card_text(card: Card, ascii: bool = False) -> str:
    """A card as the table reads it: ``V♠`` in Dutch, or ``VS`` with ``ascii``; JSON and records keep ``QS``."""
    return card_letters().text(card, ascii)


def cards_text(cards: Iterable[Card], ascii: bool = False) -> str:
    """Cards one after another, as the table reads them: ``2♣ 2♦``."""
    return " ".join(card_text(card, ascii) for card in cards)


#: A card typed in an example or a placeholder, after ``=``, ``,``, ``|`` or ``--omnibus``: ``Ann=QS,2H``,
#: ``--omnibus 10D``, ``JD|10D``; a deal record keeps the English letters. A pattern, not a compiled one:
#: completion imports this module on every TAB press, and only help shows an example.
_TYPED_CARD = r"(?:(?<=[=,|])|(?<=--omnibus )|^)[0-9A-Z]{2,3}(?!\w)"


def typed_cards(text: str) -> str:
    """An example with the cards typed in it in the table's letters: ``Ann=QS,2H`` is ``Ann=VS,2H`` in Dutch,
    ``--omnibus JD|10D`` is ``--omnibus BR|10R``."""
    letters = card_letters()
    if letters is ENGLISH:
        return text

    def written(typed: re.Match[str]) -> str:
        card = ENGLISH.read(typed[0])
        return typed[0] if card is None else letters.text(card, ascii=True)

    return re.sub(_TYPED_CARD, written, text)


def ascii_suits(text: str) -> str:
    """A finished sentence with its suit symbols written as the table's letters: ``V♠`` becomes ``VS``."""
    return card_letters().ascii_suits(text)


def _(message: str) -> str:
    """The message in the language in use."""
    return _catalog().gettext(message)


def ngettext(singular: str, plural: str, count: int) -> str:
    """The form of the message for ``count``, by the language's own plural rule."""
    return _catalog().ngettext(singular, plural, count)


def pgettext(context: str, message: str) -> str:
    """The message as ``context`` words it: the same English said apart from its other uses (``msgctxt``)."""
    return _catalog().pgettext(context, message)


def internal_error(error: BaseException) -> str:
    """A defect in words, for either edge to say: its kind and what it says."""
    return _("internal error: {kind}: {error}").format(kind=type(error).__name__, error=error)


def worded(template: str, fields: dict[str, object]) -> str:
    """``template`` looked up in the catalog, its fields filled in, each phrase among them worded too."""
    return _filled(_(template), fields)


def in_language(value: object) -> str:
    """A phrase, a list of items or a refusal worded in the language in use; any other value as its text."""
    return str(_worded(value))


def _worded(value: object) -> object:
    """``value`` in words if it is a phrase, a list or a refusal; else itself, for a field's format to apply."""
    if isinstance(value, ScorepadError):
        value = value.said if value.said.template else str(value)  # no message: nothing to look up
    if isinstance(value, Counted):
        return _filled(ngettext(value.template, value.plural, value.count), value.fields)
    if isinstance(value, Phrase):
        return worded(value.template, value.fields)
    if isinstance(value, Listed):
        return value.joined([in_language(item) for item in value.items], _(value.last))
    if isinstance(value, Titled):
        return f" {language().quoted(value.name)}" if value.name else ""
    if isinstance(value, Card):
        return card_text(value)
    if isinstance(value, CardRow):
        return cards_text(value.cards)
    return value


def _filled(said: str, fields: dict[str, object]) -> str:
    if not fields:
        return said
    return said.format(**{key: _worded(value) for key, value in fields.items()})
