"""The language of the text scorepad prints for people: gettext catalogs, standard library only.

Text for people is written in English in the code and looked up here at the
moment it is printed: ``_("...")`` for a sentence, ``ngettext`` for one with a
number. JSON, CSV and the deal-record notation are never translated.

The language is English unless the catalog of another one is found: the one
``use`` is given (the root option ``--lang``), else the first that gettext
reads from the environment (``LANGUAGE``, ``LC_ALL``, ``LC_MESSAGES``,
``LANG``). The catalogs are compiled ``.mo`` files in ``scorepad/locale``, made
from the ``.po`` sources by the package build (``python -m tools.catalogs``).

Text built in one place and shown in another (a refusal, an audit's breach) is
a ``Phrase``: a message and its fields, English by ``str()`` as JSON keeps it,
worded in the language in use by ``localized()``; ``Counted`` is one with a
number, ``and_list`` and ``or_list`` join several.
"""

from __future__ import annotations

import gettext
import os
from pathlib import Path
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from collections.abc import Callable, Iterable

DOMAIN = "scorepad"
LOCALE_DIR = Path(__file__).resolve().parent.parent / "locale"
#: The languages scorepad speaks; any other falls back to English.
LANGUAGES = ("en", "it", "pt", "es", "nl", "sv")


class _Spoken:
    """The catalog in use: one per process, chosen by ``use``, read when a message is first looked up."""

    catalog: gettext.NullTranslations | None = gettext.NullTranslations()
    languages: list[str] | None = None  #: what ``use`` was given; None: the environment's


def use(language: str | None = None) -> None:
    """Speak ``language`` (a code of ``LANGUAGES``), or the environment's when None.

    Its catalog is read when the first message is looked up: the shell's completion,
    run on every TAB press, looks up none.
    """
    # Typer looks its few words up through gettext's global domain, which knows
    # the language from the environment alone: point both at the same catalog.
    gettext.bindtextdomain(DOMAIN, str(LOCALE_DIR))
    gettext.textdomain(DOMAIN)
    if language:
        os.environ["LANGUAGE"] = language
    _Spoken.languages = [language] if language else None  # None: gettext reads the environment
    _Spoken.catalog = None


def _catalog() -> gettext.NullTranslations:
    if _Spoken.catalog is None:
        _Spoken.catalog = gettext.translation(DOMAIN, LOCALE_DIR, languages=_Spoken.languages, fallback=True)
    return _Spoken.catalog


def spoken() -> str:
    """The code of the language in use: ``en`` when no catalog was found."""
    catalog = _catalog()
    if type(catalog) is gettext.NullTranslations:
        return "en"
    return catalog.info().get("language", _Spoken.languages[0] if _Spoken.languages else "en")


def _(message: str) -> str:
    """The message in the language in use."""
    return _catalog().gettext(message)


def ngettext(singular: str, plural: str, count: int) -> str:
    """The form of the message for ``count``, by the language's own plural rule."""
    return _catalog().ngettext(singular, plural, count)


def N_(message: str) -> str:
    """Mark a message for the catalog without translating it yet: it is looked up where it is shown."""
    return message


class Phrase:
    """A message and its fields, worded only when shown: in English by ``str()``, in the language in use by ``localized()``.

    A field may itself be a phrase (or a refusal), so a sentence built from
    another ("cannot read FILE: REASON") is worded whole in one language.
    """

    def __init__(self, template: str, /, **fields: object) -> None:
        self.template, self.fields = template, fields

    def __str__(self) -> str:
        return self.template.format(**self.fields) if self.fields else self.template

    def localized(self) -> str:
        return worded(self.template, self.fields)


class Counted(Phrase):
    """A phrase whose words depend on a number, ``count``: its forms chosen by each language's own plural rule.

    Marked for the catalog as ``ngettext`` is (``tools/catalogs.py``): give it
    its two English forms as string literals, where the extractor finds them.
    """

    def __init__(self, singular: str, plural: str, count: int, /, **fields: object) -> None:
        super().__init__(singular, count=count, **fields)
        self.plural, self.count = plural, count

    def __str__(self) -> str:
        return (self.template if self.count == 1 else self.plural).format(**self.fields)

    def localized(self) -> str:
        return _filled(ngettext(self.template, self.plural, self.count), self.fields)


class Listed:
    """Items as one phrase, each worded in the language in use: ``Ann``, ``Ann and Bob``, ``Ann, Bob and Cat``."""

    def __init__(self, items: Iterable[object], last: str) -> None:
        self.items, self.last = list(items), last  # ``last`` joins the last two: N_("{names} and {last}")

    def __str__(self) -> str:
        return self._join(self.last, str)

    def localized(self) -> str:
        return self._join(_(self.last), in_language)

    def _join(self, last: str, word: Callable[[object], str]) -> str:
        words = [word(item) for item in self.items]
        if len(words) < 2:
            return "".join(words)
        return last.format(names=", ".join(words[:-1]), last=words[-1])


def and_list(items: Iterable[object]) -> Listed:
    """``Ann, Bob and Cat``."""
    return Listed(items, N_("{names} and {last}"))


def or_list(items: Iterable[object]) -> Listed:
    """``Ann, Bob or Cat``."""
    return Listed(items, N_("{names} or {last}"))


def worded(template: str, fields: dict[str, object]) -> str:
    """``template`` looked up in the catalog, its fields filled in, each phrase among them worded too."""
    return _filled(_(template), fields)


def _filled(said: str, fields: dict[str, object]) -> str:
    if not fields:
        return said
    return said.format(**{key: _localized(value) for key, value in fields.items()})


def in_language(value: object) -> str:
    """A phrase or a refusal worded in the language in use; any other value as its text."""
    return str(_localized(value))


def _localized(value: object) -> object:
    localize = getattr(value, "localized", None)
    return localize() if callable(localize) else value
