"""The help of commands and options in the language in use, looked up when the help is shown.

Help texts are written in English in the code (docstrings and ``help=``) and
Typer holds them from import time, before ``--lang`` is read. So the command
classes below swap each text for its translation only while the help is
formatted. A text is looked up paragraph by paragraph, with its lines joined
(the formatter wraps them again); a ``\\b`` paragraph (examples, kept as
written) is commands and is not translated, but for the ``# comments`` at its
lines' ends. ``tools/catalogs.py`` extracts the same paragraphs and comments
for the catalog. The cards typed in either kind are written in the table's
letters (``Ann=VS,2H`` in Dutch). A paragraph may hold ``{commands}``:
``play``'s commands in the table's own words, filled from the table ``play``
reads them with, so the help lists exactly the words that work. The
placeholders of the usage line and of the options (``[OPTIONS]``,
``NAME=SCORE...``, ``--out PATH``) are swapped for theirs in the same way
(``clickwords.placeholders``).
"""

from __future__ import annotations

import re
import sys
from collections.abc import Iterator, Sequence
from contextlib import contextmanager
from typing import TYPE_CHECKING, Any

from typer import Abort, echo
from typer.core import TyperCommand, TyperGroup

from ..present.translation import _, typed_cards
from . import clickwords
from .clickwords import ClickException

if TYPE_CHECKING:
    from .clickwords import Command, Context, HelpFormatter

#: A line of an example with a comment for people after what is typed: ``dealer: Dan   # Ann leads``.
_COMMENTED = re.compile(r"(?P<typed>(?:.*\s)?)# (?P<comment>.+)")
#: A value typed after an option in an example, said in the language in use: the value of a choice
#: (``--pass rotate``, ``clickwords.choice_word``) or the name of a night (``--name Tuesday``, a catalog key).
_TYPED_VALUE = re.compile(r"(?<=\s)(?P<option>--[a-z-]+) (?P<value>[A-Za-z][\w-]*)(?![\w.])")


def paragraphs(text: str) -> list[str]:
    """The translatable paragraphs of a help text, each on one line, and the comments of its examples:
    the catalog's keys."""
    found = []
    for paragraph in text.split("\n\n"):
        if _translatable(paragraph):
            found.append(_one_line(paragraph))
        else:
            found += [line["comment"] for line in map(_COMMENTED.fullmatch, paragraph.splitlines()) if line]
            found += [typed["value"] for typed in _TYPED_VALUE.finditer(paragraph) if typed["option"] == "--name"]
    return found


def _translatable(paragraph: str) -> bool:
    return bool(paragraph.strip()) and not paragraph.lstrip().startswith("\b")


def _one_line(paragraph: str) -> str:
    return " ".join(paragraph.split())


def translated(text: str | None) -> str | None:
    """The help text with each paragraph in the language in use; ``\\b`` paragraphs as written, but for
    their comments."""
    if not text:
        return text
    return "\n\n".join(
        typed_cards(filled(_(_one_line(p)))) if _translatable(p) else _examples(p) for p in text.split("\n\n")
    )


def filled(paragraph: str) -> str:
    """A paragraph with ``{commands}`` filled in: ``play``'s commands as the table types them."""
    if "{commands}" not in paragraph:
        return paragraph
    from .command_words import typed_commands

    return paragraph.replace("{commands}", typed_commands())


def _examples(paragraph: str) -> str:
    """A ``\\b`` paragraph as written, but for its comments, the values its options are given and its cards, in
    the language in use."""
    lines = []
    for line in paragraph.split("\n"):
        commented = _COMMENTED.fullmatch(line)
        line = f"{commented['typed']}# {_(commented['comment'])}" if commented else line
        lines.append(typed_cards(_TYPED_VALUE.sub(_value, line)))
    return "\n".join(lines)


def _value(typed: re.Match[str]) -> str:
    option, value = typed["option"], typed["value"]
    return f"{option} {_(value) if option == '--name' else clickwords.choice_word(value)}"


@contextmanager
def _in_language(ctx: Any, command: Any, *shown: Any) -> Iterator[None]:
    """Give a command and its options translated help and placeholders for the time of a ``with``, and
    what else its help shows: the help option, the subcommands listed (their own texts: their options
    are not even made)."""
    saved = []

    def swap(holder: Any, attribute: str, value: str) -> None:
        saved.append((holder, attribute, getattr(holder, attribute)))
        setattr(holder, attribute, value)

    for holder in (command, *getattr(command, "params", ()), *shown):
        for attribute in ("help", "short_help", "epilog"):
            value = getattr(holder, attribute, None)
            if isinstance(value, str):
                swap(holder, attribute, translated(value) or value)
    for param in getattr(command, "params", ()):
        if not getattr(param, "is_flag", False):  # a flag shows no placeholder
            swap(param, "metavar", clickwords.placeholders(typed_cards(param.make_metavar(ctx))))
    for attribute in ("options_metavar", "subcommand_metavar"):
        value = getattr(command, attribute, None)
        if isinstance(value, str):
            swap(command, attribute, clickwords.placeholders(value))
    try:
        yield
    finally:
        for holder, attribute, value in reversed(saved):
            setattr(holder, attribute, value)


def _usage(command: Command, ctx: Context, formatter: HelpFormatter) -> None:
    # Typer writes a required argument in braces (``{OLD} {NEW}``), which read as a choice, as Click's
    # ``{a|b}`` does; Click writes one bare, and an optional one in brackets.
    bare = [p[1:-1] if p.startswith("{") and p.endswith("}") else p for p in command.collect_usage_pieces(ctx)]
    pieces = clickwords.placeholders(" ".join(bare))
    formatter.write_usage(ctx.command_path, pieces, clickwords.usage_prefix())


class TranslatedCommand(TyperCommand):
    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        clickwords.worded_choices(self.params)

    def format_help(self, ctx: Context, formatter: HelpFormatter) -> None:
        with _in_language(ctx, self, self.get_help_option(ctx)):
            super().format_help(ctx, formatter)

    def format_usage(self, ctx: Context, formatter: HelpFormatter) -> None:
        _usage(self, ctx, formatter)


class TranslatedGroup(TyperGroup):
    def listed(self, ctx: Context) -> dict[str, Command]:
        """The commands as the group's help lists them, by name."""
        return {name: command for name in self.list_commands(ctx) if (command := self.get_command(ctx, name))}

    def format_help(self, ctx: Context, formatter: HelpFormatter) -> None:
        # The list of commands shows each one's first sentence: they are translated too.
        with _in_language(ctx, self, self.get_help_option(ctx), *self.listed(ctx).values()):
            super().format_help(ctx, formatter)

    def format_commands(self, ctx: Context, formatter: HelpFormatter) -> None:
        """Typer's list of commands, drawn from ``listed``: a group may list a command without making it."""
        rows = [(name, command) for name, command in self.listed(ctx).items() if not command.hidden]
        if rows:
            limit = formatter.width - 6 - max(len(name) for name, _command in rows)
            with formatter.section(_("Commands")):
                formatter.write_dl([(name, command.get_short_help_str(limit)) for name, command in rows])

    def format_usage(self, ctx: Context, formatter: HelpFormatter) -> None:
        _usage(self, ctx, formatter)

    def main(
        self,
        args: Sequence[str] | None = None,
        prog_name: str | None = None,
        complete_var: str | None = None,
        standalone_mode: bool = True,
        windows_expand_args: bool = True,
        **extra: Any,
    ) -> Any:
        """Run as Click does, but show a usage error in the language in use (Click words it in English)."""
        if not standalone_mode:
            return super().main(args, prog_name, complete_var, False, windows_expand_args, **extra)
        try:
            outcome = super().main(args, prog_name, complete_var, False, windows_expand_args, **extra)
        except ClickException as error:
            clickwords.show(error)
            sys.exit(error.exit_code)
        except Abort:
            echo(_("Aborted!"), file=sys.stderr)
            sys.exit(1)
        # Not standalone, Click returns the code of an exit, or the command's value (None: success).
        sys.exit(outcome if isinstance(outcome, int) else 0)
