"""The subcommands of ``scorepad``, each made only when it is used.

Typer makes a command's options from its function's signature, and for twenty
commands that costs more than the rest of ``scorepad --help``; importing every
command's module costs more again. So the root group knows each command by
name and module, imports a module when one of its commands is looked up, and
makes a command's options when they are first asked for: by its ``--help``,
its completion or its run. The list in ``scorepad --help`` needs no options.
"""

from __future__ import annotations

import importlib
import inspect
from collections.abc import Iterator, Mapping
from typing import TYPE_CHECKING, Any, ClassVar

import typer
from typer.core import TyperCommand, TyperGroup
from typer.main import get_command_from_info, get_command_name, get_group_from_info
from typer.models import CommandInfo

from .helptext import TranslatedCommand, TranslatedGroup

if TYPE_CHECKING:
    from .clickwords import Context


class LazyCommand(TranslatedCommand):
    """A command whose options and callback Typer makes from its ``CommandInfo`` when first asked for."""

    def __init__(self, info: CommandInfo, rich_markup_mode: Any) -> None:
        assert info.callback is not None
        help = info.help
        super().__init__(
            name=info.name or get_command_name(info.callback.__name__),
            context_settings=info.context_settings,
            help=inspect.getdoc(info.callback) if help is None else inspect.cleandoc(help),
            epilog=info.epilog,
            short_help=info.short_help,
            options_metavar=info.options_metavar,
            add_help_option=info.add_help_option,
            no_args_is_help=info.no_args_is_help,
            hidden=info.hidden,
            deprecated=info.deprecated,
            rich_markup_mode=rich_markup_mode,
            rich_help_panel=info.rich_help_panel,
        )
        self._info = info
        # Click has just set no options and no callback: both are made from the info when first asked for.
        self._params: list[Any] | None = None
        self._callback: Any = None

    def _make(self) -> None:
        # pretty_exceptions_short only marks Typer's frames in its Rich tracebacks, which the app turns off.
        made = get_command_from_info(self._info, pretty_exceptions_short=True, rich_markup_mode=self.rich_markup_mode)
        if self._params is None:
            self._params = made.params
        if self._callback is None:
            self._callback = made.callback

    @property
    def params(self) -> list[Any]:
        if self._params is None:
            self._make()
            assert self._params is not None
        return self._params

    @params.setter
    def params(self, value: list[Any]) -> None:
        self._params = value

    @property
    def callback(self) -> Any:
        if self._callback is None:
            self._make()
        return self._callback

    @callback.setter
    def callback(self, value: Any) -> None:
        self._callback = value


class Commands(Mapping[str, TyperCommand | TyperGroup]):
    """A group's commands by name: a command's module is imported when the command is first looked up."""

    def __init__(self, modules: Mapping[str, tuple[str, ...]], rich_markup_mode: Any) -> None:
        self._module_of = {name: module for module, names in modules.items() for name in names}
        self._rich_markup_mode = rich_markup_mode
        self._found: dict[str, TyperCommand | TyperGroup] = {}

    def __iter__(self) -> Iterator[str]:
        return iter(self._module_of)

    def __len__(self) -> int:
        return len(self._module_of)

    def __contains__(self, name: object) -> bool:
        return name in self._module_of

    def __getitem__(self, name: str) -> TyperCommand | TyperGroup:
        if name not in self._found:
            self._import(self._module_of[name])
        return self._found[name]

    def _import(self, spec: str) -> None:
        module_name, _, function = spec.partition(":")
        module = importlib.import_module(f".{module_name}", __package__)
        registered = typer.Typer()
        getattr(module, function or "register")(registered)
        for info in registered.registered_commands:
            if info.cls is not TranslatedCommand:
                raise TypeError(
                    f"{module.__name__} registers a {info.cls}: a command of scorepad is a TranslatedCommand"
                )
            command = LazyCommand(info, self._rich_markup_mode)
            assert command.name is not None
            self._found[command.name] = command
        # A group of commands (``scorepad night ...``) is a CommandGroup too: its own commands are made when used.
        for group_info in registered.registered_groups:
            group = get_group_from_info(
                group_info, pretty_exceptions_short=True, suggest_commands=True, rich_markup_mode=self._rich_markup_mode
            )
            if not isinstance(group, CommandGroup) or group.name is None:
                raise TypeError(f"{module.__name__} registers a {type(group)}: a group of scorepad is a CommandGroup")
            self._found[group.name] = group


class CommandGroup(TranslatedGroup):
    """A group of the commands of ``modules``: ``{module of this package: (its commands, ...)}``, in help's order.

    A module's ``register`` adds its commands; ``"module:function"`` names another function of it, for a
    module that registers commands of two groups (the root's ``night`` and the ``night`` group's own).
    """

    modules: ClassVar[Mapping[str, tuple[str, ...]]] = {}

    def __init__(self, **attrs: Any) -> None:
        super().__init__(**attrs)
        # Looked up, never added to: Typer makes the group with no command, and adds none after.
        self.commands = Commands(self.modules, self.rich_markup_mode)  # type: ignore[assignment]

    def list_commands(self, ctx: Context) -> list[str]:
        return list(self.commands)
