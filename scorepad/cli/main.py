"""The ``scorepad`` application: the root options, and the modules of its commands."""

import gc
import os
import sys
from contextlib import suppress
from typing import Annotated, Any, ClassVar

import typer

from ..present.translation import LANGUAGES, named_language
from .commands import CommandGroup
from .common import OPTIONS, RUNNING, say_interrupted, unfinished
from .completion import COMPLETE_VARIABLE, keep_apostrophes_in_zsh, language_codes
from .language_choice import choose
from .streams import take_streams


class Scorepad(CommandGroup):
    # Each module of ``scorepad/cli`` with commands, and the commands its ``register`` adds, as --help lists
    # them. A module is imported only when one of its commands is run, completed or shown (scorepad --help).
    modules: ClassVar = {
        "entries": ("new", "deal", "misdeal", "seat", "undo", "fix", "abandon", "rename"),
        "views": ("status", "history", "matches", "doctor"),
        "rules_command": ("rules",),
        "transfer": ("export", "import"),
        "play": ("play",),
        "audit": ("audit",),
        "club": ("stats", "ratings", "chart", "report"),
        "night_commands": ("night", "nights"),
    }

    def main(self, *args: Any, **kwargs: Any) -> Any:
        # Typer registers its shells' completion classes as it makes this command, so that
        # zsh's is replaced here, once the command is made and before it completes anything.
        if os.environ.get(COMPLETE_VARIABLE, "").endswith("zsh"):
            keep_apostrophes_in_zsh()
        return super().main(*args, **kwargs)


app = typer.Typer(
    name="scorepad",
    cls=Scorepad,
    help=(
        "Keep score of Black Maria at a real table: every entry is checked against the rules.\n\n"
        "Start a match with 'scorepad new --players Ann,Bob,Cat', then enter each deal's "
        "penalty points with 'scorepad deal Ann=10 Bob=13 Cat=20'. "
        "After every deal scorepad tells who deals, who leads, which cards come out and whom to pass to."
    ),
    epilog="The store is a SQLite file in your data folder; choose another with --db or SCOREPAD_DB.",
    no_args_is_help=True,
    pretty_exceptions_enable=False,
    # Plain click help: Rich's help formatter alone costs more than importing Typer.
    rich_markup_mode=None,
    context_settings={"help_option_names": ["-h", "--help"]},
)


def _language(language: str | None) -> None:
    # Eager, so that --help after it (and every message after it) is in that language.
    code = named_language(language) if language is not None else None
    if language is not None and code is None:
        raise typer.BadParameter(f"scorepad speaks {', '.join(LANGUAGES)}, not {language!r}")
    choose(code)


def _version(asked: bool) -> None:
    if asked:
        from .. import __version__

        print(f"scorepad {__version__}")
        raise typer.Exit()


@app.callback()
def root(
    db: Annotated[
        str | None,
        typer.Option(
            "--db",
            envvar="SCOREPAD_DB",
            help="The store: a SQLite file path, or an SQLAlchemy URL such as postgresql+psycopg://host/club.",
            show_envvar=True,
        ),
    ] = None,
    ascii: Annotated[bool, typer.Option("--ascii", help="Write suits as S H D C instead of ♠ ♥ ♦ ♣.")] = False,
    version: Annotated[
        bool, typer.Option("--version", is_eager=True, callback=_version, help="Print scorepad's version and exit.")
    ] = False,
    lang: Annotated[
        str | None,
        typer.Option(
            "--lang",
            metavar="|".join(LANGUAGES),
            is_eager=True,
            callback=_language,
            help="The language of the text for people (default: the locale's, else English).",
            autocompletion=language_codes,
        ),
    ] = None,
) -> None:
    OPTIONS.db = db
    OPTIONS.ascii = ascii


def run() -> None:
    take_streams()
    # The locale's language from the start: the root's own --help is shown before
    # --lang's callback runs, and it must not be the one page left in English.
    choose()
    try:
        try:
            app(prog_name="scorepad")  # ends in SystemExit, with the command's exit code
        finally:
            sys.stdout.flush()  # what --help or --version left: its failure is known here, not at exit
    except SystemExit:
        raise
    except BaseException as error:  # noqa: BLE001 - outside a command's own handling (refusals): --help, memory
        _end(error)
    finally:
        # Python's shutdown collects cycles over every object left, and start-up made most of
        # them (Typer's, SQLAlchemy's, the catalog's): 10 ms of a 60 ms status, 70 ms of a
        # write. Nothing at exit needs it: stores are closed and files written by the time a
        # command returns, and Python promises no finalizer of what still exists at exit.
        # Frozen objects are never examined again; the operating system takes the memory back.
        gc.freeze()


#: The line for a failure that even the words for it failed: memory is that short, and
#: looking a message up in the catalog takes memory too.
LAST_WORDS = {
    1: b"scorepad: out of memory: nothing was written\n",
    3: b"scorepad: out of memory after the change was written\n",
}


def _end(error: BaseException) -> None:
    """One line for what stopped scorepad outside a command's refusals, and the exit code that says if it wrote.

    None when the command has said its line already: under a memory limit the
    unwinding after it can fail too (a SystemError out of Click's call), and a
    second line would only repeat the first one's news, worse worded.
    """
    RUNNING.reserve = None  # room for the last line, should memory have run out
    if RUNNING.said is not None:
        sys.exit(RUNNING.said)
    if isinstance(error, KeyboardInterrupt):
        say_interrupted()
        sys.exit(130)
    try:
        code = unfinished(error).exit_code
    except BaseException:  # noqa: BLE001 - saying it failed too
        code = 3 if RUNNING.wrote() else 1
        with suppress(OSError):
            os.write(2, LAST_WORDS[code])
    sys.exit(code)
