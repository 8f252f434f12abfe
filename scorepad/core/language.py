"""Messages as data: the marker the catalogs are extracted from, and phrases that carry a message and its fields.

Text for people is written in English in the code. ``N_("...")`` marks a
message for the catalog where it is written; it is looked up in the language
in use only where it is shown (``present.translation``), never here: the core
reads no catalog and no environment.

Text built in one place and shown in another (a refusal, an audit's breach) is
a ``Phrase``: a message and its fields, English by ``str()`` as JSON keeps it;
``Counted`` is one with a number, ``and_list`` and ``or_list`` join several,
and ``Titled`` is a name in the quote marks of the language it is shown in.
A field may itself be a phrase (or a refusal holding one), so a sentence built
from another ("cannot read FILE: REASON") is worded whole in one language.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from collections.abc import Iterable


def N_(message: str) -> str:
    """Mark a message for the catalog without translating it yet: it is looked up where it is shown."""
    return message


class Phrase:
    """A message and its fields, worded only when shown: in English by ``str()``."""

    def __init__(self, template: str, /, **fields: object) -> None:
        self.template, self.fields = template, fields

    def __str__(self) -> str:
        return self.template.format(**self.fields) if self.fields else self.template


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


class Titled:
    """A name to follow a number in a phrase (`` “Friday”``), in the language's quote marks; nothing without one."""

    def __init__(self, name: str | None) -> None:
        self.name = name

    def __str__(self) -> str:
        return f" “{self.name}”" if self.name else ""


class Listed:
    """Items as one phrase: ``Ann``, ``Ann and Bob``, ``Ann, Bob and Cat``."""

    def __init__(self, items: Iterable[object], last: str) -> None:
        self.items, self.last = list(items), last  # ``last`` joins the last two: N_("{names} and {last}")

    def __str__(self) -> str:
        return self.joined([str(item) for item in self.items], self.last)

    @staticmethod
    def joined(words: list[str], last: str) -> str:
        """``words`` as one phrase, the last two joined by ``last`` (its own words, or a language's)."""
        if len(words) < 2:
            return "".join(words)
        return last.format(names=", ".join(words[:-1]), last=words[-1])


def and_list(items: Iterable[object]) -> Listed:
    """``Ann, Bob and Cat``."""
    return Listed(items, N_("{names} and {last}"))


def or_list(items: Iterable[object]) -> Listed:
    """``Ann, Bob or Cat``."""
    return Listed(items, N_("{names} or {last}"))
