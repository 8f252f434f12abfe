"""The subcommands of ``scorepad``, each made only when it is used.

Click's way to a command line that loads lazily is a group that names its
commands in ``list_commands`` and loads one in ``get_command``: ``CommandGroup``
knows each command by name and module, and imports a module when one of its
commands is looked up. Typer then makes a command's options from its function's
signature, which for the thirty commands costs half of importing Typer; so only
the command looked up is made (by its ``--help``, its completion or its run),
and what lists every command (a group's ``--help``, the shell's completion of a
command's name) shows each one by the help its module registered, its options
never made: the stand-in that Click's documentation on lazy loading suggests
for deferring further, one that gives ``get_short_help_str`` and no more.
tests.bench's "scorepad --help vs import typer" is the figure this holds: made
in full for its list, every command would add about 30 ms to it.
"""

from __future__ import annotations

import importlib
import inspect
from collections.abc import Mapping
from difflib import get_close_matches
from typing import TYPE_CHECKING, Any, ClassVar

import typer
from typer.core import TyperGroup
from typer.main import get_command_from_info, get_command_name, get_group_from_info
from typer.models import CommandInfo

from .clickwords import CompletionItem, UsageError
from .helptext import TranslatedCommand, TranslatedGroup

if TYPE_CHECKING:
    from .clickwords import Command, Context


class CommandGroup(TranslatedGroup):
    """A group of the commands of ``modules``: ``{module of this package: (its commands, ...)}``, in help's order.

    A module's ``register`` adds its commands; ``"module:function"`` names another function of it, for a
    module that registers commands of two groups (the root's ``night`` and the ``night`` group's own).
    """

    modules: ClassVar[Mapping[str, tuple[str, ...]]] = {}

    def __init__(self, **attrs: Any) -> None:
        super().__init__(**attrs)
        self._module_of = {name: module for module, names in self.modules.items() for name in names}
        self._registered: dict[str, CommandInfo | TyperGroup] = {}  #: by name, as its module registered it
        self._listings: dict[str, Command] = {}
        self._made: dict[str, Command] = {}

    def list_commands(self, ctx: Context) -> list[str]:
        return list(self._module_of)

    def get_command(self, ctx: Context | None, cmd_name: str) -> Command | None:
        """The command of that name, its options made the first time it is looked up; None if there is none."""
        if cmd_name not in self._module_of:
            return None
        if cmd_name not in self._made:
            found = self._registration(cmd_name)
            self._made[cmd_name] = (
                found
                if isinstance(found, TyperGroup)
                # pretty_exceptions_short only marks Typer's frames in its Rich tracebacks, which the app turns off.
                else get_command_from_info(found, pretty_exceptions_short=True, rich_markup_mode=self.rich_markup_mode)
            )
        return self._made[cmd_name]

    def every_command(self) -> dict[str, Command]:
        """Every command of the group, made in full: for the tools and tests that walk the whole command line."""
        return {name: made for name in self._module_of if (made := self.get_command(None, name)) is not None}

    def listed(self, ctx: Context) -> dict[str, Command]:
        """Each command as a list of them shows it: its name and help, its options not made."""
        for name in self._module_of:
            if name not in self._listings:
                found = self._registration(name)
                self._listings[name] = found if isinstance(found, TyperGroup) else _listing(found)
        return dict(self._listings)

    def shell_complete(self, ctx: Context, incomplete: str) -> list[CompletionItem]:
        """The commands whose names start with what is typed, as ``listed`` shows them: Typer's own would make
        each one (``scorepad <TAB>``, all thirty)."""
        if incomplete and not incomplete[0].isalnum():  # an option: Typer's own lists them, and no command
            return super().shell_complete(ctx, incomplete)
        return [
            CompletionItem(name, help=command.get_short_help_str())
            for name, command in self.listed(ctx).items()
            if name.startswith(incomplete) and not command.hidden
        ]

    def resolve_command(self, ctx: Context, args: list[str]) -> tuple[str | None, Command | None, list[str]]:
        try:
            return super().resolve_command(ctx, args)
        except UsageError as error:
            # Typer suggests a close name from its ``commands`` attribute, which this group leaves empty: it
            # names its commands in list_commands. The sentence is Typer's, which clickwords translates.
            close = get_close_matches(args[0], self.list_commands(ctx)) if args and self.suggest_commands else []
            if close:
                error.message = f"{error.message.rstrip('.')}. Did you mean {', '.join(map(repr, close))}?"
            raise

    def _registration(self, name: str) -> CommandInfo | TyperGroup:
        if name not in self._registered:
            self._register(self._module_of[name])
        return self._registered[name]

    def _register(self, spec: str) -> None:
        module_name, _, function = spec.partition(":")
        module = importlib.import_module(f".{module_name}", __package__)
        registered = typer.Typer()
        getattr(module, function or "register")(registered)
        for info in registered.registered_commands:
            if info.cls is not TranslatedCommand:
                raise TypeError(
                    f"{module.__name__} registers a {info.cls}: a command of scorepad is a TranslatedCommand"
                )
            assert info.callback is not None
            self._registered[info.name or get_command_name(info.callback.__name__)] = info
        # A group of commands (``scorepad night ...``) is a CommandGroup too: its own commands are made when used.
        for group_info in registered.registered_groups:
            group = get_group_from_info(
                group_info, pretty_exceptions_short=True, suggest_commands=True, rich_markup_mode=self.rich_markup_mode
            )
            if not isinstance(group, CommandGroup) or group.name is None:
                raise TypeError(f"{module.__name__} registers a {type(group)}: a group of scorepad is a CommandGroup")
            self._registered[group.name] = group


def _listing(info: CommandInfo) -> TranslatedCommand:
    """A command as a list shows it: its name and help as Typer would make them, and no options."""
    assert info.callback is not None
    help = info.help
    return TranslatedCommand(
        name=info.name or get_command_name(info.callback.__name__),
        help=inspect.getdoc(info.callback) if help is None else inspect.cleandoc(help),
        short_help=info.short_help,
        hidden=info.hidden,
        deprecated=info.deprecated,
    )


def subcommands(command: object) -> dict[str, Command]:
    """The commands of a group of scorepad, made in full, none for a command: for what walks them all."""
    return command.every_command() if isinstance(command, CommandGroup) else {}
