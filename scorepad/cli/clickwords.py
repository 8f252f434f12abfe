"""Click's and Typer's own words, in the language in use: the usage line and its placeholders, the help option,
usage errors.

Typer ships Click inside it (``typer._click``), and that Click writes its words
as English literals, with no catalog to hook into. So scorepad shows a usage
error itself (``show``): the error's parts (the parameter, the option typed,
the choices) are read from the exception where Click keeps them, and the
message is matched against Click's English sentence to find the catalog's
template. A sentence Click may one day word differently is simply shown as
Click wrote it. Typer's own few words (section titles, "required", "No such
command") go through the ``gettext`` module, which ``language_choice.choose`` points
at scorepad's catalog. The placeholders in capitals that stand for what is typed
(``NAME=SCORE...``, ``[OPTIONS]``) are words too: ``placeholders`` says them in
the language in use, in usage lines, option lists and the hints of errors alike.
"""

from __future__ import annotations

import re
import sys
from typing import TYPE_CHECKING

import typer

# The one module that reaches Typer's own copy of Click (``typer._click``, a private name): Typer
# re-exports echo, BadParameter and a Context of its own, but not the usage errors told apart here,
# nor the classes a help formatter is typed with, nor the item a shell's completion offers.
# pyproject.toml keeps Typer below its next minor release, so that an upgrade is a step taken on
# purpose, with tests/test_language.py's usage errors as the check that these names still hold.
from typer._click.exceptions import (
    BadParameter,
    ClickException,
    MissingParameter,
    NoArgsIsHelpError,
    NoSuchOption,
    UsageError,
)
from typer._click.shell_completion import CompletionItem as CompletionItem  # a command's name, for cli.commands
from typer._types import TyperChoice  # the type Typer gives an option of an Enum: WordedChoice says its values

if TYPE_CHECKING:  # the types of the help formatter's methods, for cli.helptext and cli.commands
    from typer._click import Command as Command
    from typer._click import Context as Context
    from typer._click import HelpFormatter as HelpFormatter
    from typer._click import Parameter

from ..core.language import N_
from ..present.translation import _, ngettext, worded

#: The help option's text, set by Click; the command classes show it translated.
HELP_OPTION = N_("Show this message and exit.")

#: Typer's own words, which it looks up through gettext: listed here so that the catalog holds them.
TYPER_WORDS = (
    N_("Arguments"),
    N_("Options"),
    N_("Commands"),
    N_("required"),
    N_("default: {default}"),
    N_("env var: {var}"),
    N_("(dynamic)"),
    N_("Missing command."),
    N_("No such command {name!r}."),
    N_("Aborted!"),
)

#: The words of the placeholders that usage lines, option lists and messages show for what is typed
#: (``NAME=SCORE...``, ``--out PATH``), Click's own (``[OPTIONS] COMMAND [ARGS]...``) and the type
#: Typer shows for text (``<str>``). The others (``N``, ``ID``) read the same in every language.
PLACEHOLDERS = frozenset(
    (
        # TRANSLATORS: a placeholder for what is typed, as usage lines show it: in capitals, one word.
        N_("NAME"),
        N_("SCORE"),
        N_("POINTS"),
        N_("CARD"),
        N_("CARDS"),
        N_("OLD"),
        N_("NEW"),
        N_("DATE"),
        N_("PATH"),
        N_("FILE"),
        N_("OPTIONS"),
        N_("COMMAND"),
        N_("ARGS"),
        # TRANSLATORS: the placeholder Typer shows for an option that takes text: <str>, in lower case.
        N_("str"),
    )
)
_PLACEHOLDER_WORD = r"[A-Za-z]+"

#: The values typed after an option that takes one of a few words (``--pass right``), each as the catalog
#: knows it: the option and its value, so that a translation keeps the option and says the value in the
#: language, in one word (``--pass höger``). A preset is typed as the name its headers show, in lower case
#: (``klassiek``, ``slippery-anne``: ``present.preset_names.PRESET_NAMES``); a value not here (``csv``) is
#: typed as it is. The English values are understood in every language.
CHOICE_WORDS = {
    # TRANSLATORS: an option and a value typed after it, as help lists the values: keep the option, and say
    # the value as one word in lower case, the word a player would type.
    "broken": N_("--hearts broken"),
    "anytime": N_("--hearts anytime"),
    "right": N_("--pass right"),
    "left": N_("--pass left"),
    "rotate": N_("--pass rotate"),
    "long": N_("--layout long"),
    "sheet": N_("--layout sheet"),
    "progressive": N_("--movement progressive"),
    "mixed": N_("--movement mixed"),
    "stay": N_("--movement stay"),
    "random": N_("--seating random"),
    "listed": N_("--seating listed"),
}


def choice_word(value: str) -> str:
    """The word the language in use types for an option's value: ``höger`` for ``right`` in Swedish."""
    from ..core.rules import Preset
    from ..present.preset_names import preset_name

    if value in Preset._value2member_map_:
        return "-".join(preset_name(Preset(value)).casefold().split())
    template = CHOICE_WORDS.get(value)
    return value if template is None else _(template).split()[-1]


class WordedChoice(TyperChoice):
    """An option's choice of values, shown and read in the language in use, and in English."""

    def words(self) -> dict[str, str]:
        """Each value of the choice by the word the language in use types for it."""
        return {choice_word(str(choice)): str(choice) for choice in self.choices}

    def get_metavar(self, param: Parameter, ctx: Context) -> str:
        return "<" + "|".join(self.words()) + ">"

    def convert(self, value: object, param: Parameter | None, ctx: Context | None) -> object:
        if isinstance(value, WordedDefault):
            value = str.__str__(value)  # the English value itself: only help shows it worded
        if isinstance(value, str):
            found = {word.casefold(): choice for word, choice in self.words().items()}.get(value.casefold())
            if found is not None:
                value = found
        return super().convert(value, param, ctx)

    def get_invalid_choice_message(self, value: object, ctx: Context | None) -> str:
        return f"{value!r} is not one of {', '.join(map(repr, self.words()))}."

    def shell_complete(self, ctx: Context, param: Parameter, incomplete: str) -> list[CompletionItem]:
        typed = incomplete.casefold()
        return [CompletionItem(word) for word in self.words() if word.casefold().startswith(typed)]


class WordedDefault(str):
    """A choice's default: its English value to the program, and to help (``str``) the word of the language
    in use at the moment help is shown ("[standaard: doorschuiven]"), as the choice's values are."""

    def __str__(self) -> str:
        return choice_word(str.__str__(self))


def worded_choices(params: list[Parameter]) -> None:
    """Give each option of a choice of values the choice that says them in the language in use."""
    for param in params:
        if type(param.type) is TyperChoice:
            param.type = WordedChoice(param.type.choices, param.type.case_sensitive)
            default = getattr(param.default, "value", param.default)
            if isinstance(default, str):
                param.default = WordedDefault(default)


#: Click's English sentences inside a usage error, each with the template the catalog knows it by.
#: Patterns, not compiled ones: every --help imports this module, and only an error needs them
#: (``re`` compiles each once, when first matched, and keeps it).
_SENTENCES = (
    (r"Option '(?P<option>.+)' requires an argument\.", N_("Option '{option}' requires an argument.")),
    (r"Option '(?P<option>.+)' does not take a value\.", N_("Option '{option}' does not take a value.")),
    (r"(?P<value>'.*') is not one of (?P<choices>.*)\.", N_("{value} is not one of {choices}.")),
    (r"No such option: (?P<option>.+)", N_("No such option: {option}")),
)


_EXTRA = r"Got unexpected extra argument\(s\) \((?P<arguments>.*)\)"
#: What Typer adds to "No such command" when a command is close to the word typed.
_SUGGESTED = r"(?P<message>.*)\. Did you mean (?P<suggestions>.+)\?"


def placeholders(text: str) -> str:
    """A usage line, a placeholder or a hint with each placeholder word in the language in use:
    ``[OPTIONS] NAME=SCORE...`` is ``[OPTIES] NAAM=SCORE...`` in Dutch; other words (choices) as typed."""
    return re.sub(_PLACEHOLDER_WORD, lambda word: _(word[0]) if word[0] in PLACEHOLDERS else word[0], text)


def unknown_option(option: str) -> UsageError:
    """The usage error Click gives an option it does not know, for a command that reads its own arguments."""
    return NoSuchOption(option)


def usage_prefix() -> str:
    """The word before a usage line, with its space."""
    return _("Usage:") + " "


def message(error: ClickException) -> str:
    """The error's message in the language in use, built from the parts Click keeps."""
    if isinstance(error, MissingParameter):
        return _missing(error)
    if isinstance(error, BadParameter):
        hint = _hint(error)
        reason = sentence(error.message)
        if hint is None:
            return worded(N_("Invalid value: {reason}"), {"reason": reason})
        return worded(N_("Invalid value for {parameter}: {reason}"), {"parameter": hint, "reason": reason})
    if isinstance(error, NoSuchOption) and error.possibilities:
        possible = ", ".join(sorted(error.possibilities))
        said = worded(N_("(Possible options: {options})"), {"options": possible})
        return f"{sentence(error.message)} {said}"
    return sentence(error.format_message() if not isinstance(error, UsageError) else error.message)


def sentence(text: str) -> str:
    """One of Click's English sentences in the language in use; any other text as it is."""
    suggested = re.fullmatch(_SUGGESTED, text, re.DOTALL)
    if suggested:  # the message before it is Typer's own, already looked up through gettext
        fields = {"message": sentence(suggested["message"] + "."), "suggestions": suggested["suggestions"]}
        return worded(N_("{message} Did you mean {suggestions}?"), fields)
    extra = re.fullmatch(_EXTRA, text, re.DOTALL)
    if extra:
        arguments = extra["arguments"]
        said = ngettext(
            "Got an unexpected extra argument ({arguments})",
            "Got unexpected extra arguments ({arguments})",
            len(arguments.split()),
        )
        return said.format(arguments=arguments)
    for pattern, template in _SENTENCES:
        found = re.fullmatch(pattern, text, re.DOTALL)
        if found:
            return worded(template, found.groupdict())
    return _(text)  # Typer's words ("Missing command.") are in the catalog as they are


def _hint(error: BadParameter) -> str | None:
    hint = error.param_hint
    if hint is None and error.param is not None:
        hint = error.param.get_error_hint(error.ctx)  # type: ignore[arg-type]
    if hint is None:
        return None
    return placeholders(hint if isinstance(hint, str) else " / ".join(repr(part) for part in hint))


def _missing(error: MissingParameter) -> str:
    hint = _hint(error)
    kind = error.param_type or (error.param.param_type_name if error.param is not None else "parameter")
    if kind == "argument":
        return worded(N_("Missing argument {parameter}."), {"parameter": hint})
    if kind == "option":
        return worded(N_("Missing option {parameter}."), {"parameter": hint})
    return worded(N_("Missing parameter {parameter}."), {"parameter": hint})


def show(error: ClickException) -> None:
    """Write the error as Click does (usage, hint, ``Error: ...``), in the language in use, to stderr."""
    if isinstance(error, NoArgsIsHelpError):  # its message is the help, already in the language
        error.show()
        return
    context = getattr(error, "ctx", None)
    if context is not None:
        hint = ""
        if context.command.get_help_option(context) is not None:
            hint = worded(
                N_("Try '{command} {option}' for help."),
                {"command": context.command_path, "option": context.help_option_names[0]},
            )
            hint += "\n"
        typer.echo(f"{context.get_usage()}\n{hint}", file=sys.stderr, color=context.color)
    typer.echo(worded(N_("Error: {message}"), {"message": message(error)}), file=sys.stderr)
