"""The help of commands and options in the language in use, looked up when the help is shown.

Help texts are written in English in the code (docstrings and ``help=``) and
Typer holds them from import time, before ``--lang`` is read. So the command
classes below swap each text for its translation only while the help is
formatted. A text is looked up paragraph by paragraph, with its lines joined
(the formatter wraps them again); a ``\\b`` paragraph (examples, kept as
written) is commands and is not translated. ``tools/catalogs.py`` extracts
the same paragraphs for the catalog.
"""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager
from typing import Any

from typer.core import TyperCommand, TyperGroup

from ..core.language import _


def paragraphs(text: str) -> list[str]:
    """The translatable paragraphs of a help text, each on one line: the catalog's keys."""
    return [_one_line(p) for p in text.split("\n\n") if _translatable(p)]


def _translatable(paragraph: str) -> bool:
    return bool(paragraph.strip()) and not paragraph.lstrip().startswith("\b")


def _one_line(paragraph: str) -> str:
    return " ".join(paragraph.split())


def translated(text: str | None) -> str | None:
    """The help text with each paragraph in the language in use; ``\\b`` paragraphs as written."""
    if not text:
        return text
    return "\n\n".join(_(_one_line(p)) if _translatable(p) else p for p in text.split("\n\n"))


@contextmanager
def _in_language(*objects: Any) -> Iterator[None]:
    """Give the commands and their options translated help for the time of a ``with``."""
    saved = []
    for obj in objects:
        for holder in (obj, *getattr(obj, "params", ())):
            for attribute in ("help", "short_help", "epilog"):
                value = getattr(holder, attribute, None)
                if isinstance(value, str):
                    saved.append((holder, attribute, value))
                    setattr(holder, attribute, translated(value))
    try:
        yield
    finally:
        for holder, attribute, value in reversed(saved):
            setattr(holder, attribute, value)


class TranslatedCommand(TyperCommand):
    def format_help(self, ctx, formatter) -> None:
        with _in_language(self):
            super().format_help(ctx, formatter)


class TranslatedGroup(TyperGroup):
    def format_help(self, ctx, formatter) -> None:
        # The list of commands shows each one's first sentence: they are translated too.
        with _in_language(self, *self.commands.values()):
            super().format_help(ctx, formatter)
