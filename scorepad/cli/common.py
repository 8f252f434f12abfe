"""What every command shares: the chosen store, the options of a match, output, and the one place errors become exits.

Every command module imports this one, and ``--help`` and completion import
command modules: what only a command's run needs is imported where it is used.
"""

from __future__ import annotations

import errno
import functools
import os
import signal
import sys
from typing import TYPE_CHECKING, Annotated, Any, ParamSpec, TypeVar

import typer

from ..core.language import N_, Phrase
from ..present.json_text import json_text
from ..present.translation import _, in_language, internal_error
from .completion import match_ids, night_ids
from .numbers import WHOLE
from .streams import forget_failure, output_failure

if TYPE_CHECKING:
    from collections.abc import Callable, Iterator
    from pathlib import Path

    from rich.console import Console, ConsoleOptions, RenderableType
    from rich.text import Text

    from ..app.results import Result
    from ..store.db import Store
    from ..store.upgrade_copy import Upgrade


class Options:
    """The root command's options, for the subcommand that runs."""

    db: str | None = None
    ascii: bool = False


OPTIONS = Options()


def match_option(help: str = "Match id (default: the latest one used).") -> typer.models.OptionInfo:
    """The option that names a match, ``--match ID``, with the help a command gives it."""
    # No min=1: a match id that does not exist is an unknown name (exit 1), not a usage error.
    return typer.Option("--match", "-m", metavar="ID", help=help, autocompletion=match_ids, parser=WHOLE)


#: The match a command is about, and its status as JSON: options of most commands.
MatchOpt = Annotated[int | None, match_option()]
JsonOpt = Annotated[bool, typer.Option("--json", help="Print the match's status as JSON.")]
#: The night a command is about: an option of every command of the night, and of ``play``.
NightOpt = Annotated[
    int | None,
    typer.Option(
        "--night",
        "-n",
        metavar="ID",
        help="Night id (default: the latest one created or written to).",
        autocompletion=night_ids,
        parser=WHOLE,
    ),
]
#: The option of the commands that list matches, nights or players.
ListJson = Annotated[bool, typer.Option("--json", help="Print the list as JSON.")]


class Running:
    """What the running command opened, wrote and showed: what its exit says when it cannot finish."""

    def __init__(self) -> None:
        self.start()

    def start(self) -> None:
        self.stores: list[Store] = []  #: closed when the command ends (see ``refusals``)
        self.files: list[str] = []  #: the files it wrote (``written_file``)
        self.match: int | None = None  #: the match whose status it showed
        #: The exit code of the one line already said of its failure (``fail``): what fails after it, as
        #: Python unwinds short of memory, changes neither the line nor the code.
        self.said: int | None = None
        #: Address space held back for the end of a command that ran out of memory: given back before
        #: the stores are closed and the one line is said, so that closing a store has room to run.
        #: Without it, under ``prlimit --as`` CPython could crash (SIGSEGV) calling a store's close.
        #: A megabyte of calloc'd pages: address space only, no page is touched.
        self.reserve: bytearray | None = bytearray(1 << 20)

    def wrote(self) -> bool:
        """Whether the command's change is written: a store committed it, or a file holds it.

        Asked when memory has run out (``main._end``), so it makes no object: no generator, no
        iterator, only small ints, which Python keeps made.
        """
        if self.files:
            return True
        index = 0
        while index < len(self.stores):
            if self.stores[index].wrote:
                return True
            index += 1
        return False

    def written(self, reason: str) -> Phrase | None:
        """That the command's change was written, but its output could not be for ``reason``; None if nothing was."""
        if self.files:
            return Phrase(
                N_("{path} was written, but its output could not be: {reason}"), path=self.files[-1], reason=reason
            )
        if not self.wrote():
            return None
        what = Phrase(N_("match {match}"), match=self.match) if self.match is not None else self.stores[-1].where
        return Phrase(
            N_("the change to {what} was written, but its output could not be: {reason}"), what=what, reason=reason
        )

    def close(self) -> None:
        self.reserve = None  # room for closing, should memory have run out
        for store in self.stores:
            store.close()


RUNNING = Running()


def open_store() -> Store:
    """The chosen store, closed again when the command ends (see ``refusals``)."""
    from ..store.db import Store
    from ..store.location import store_location

    store = Store(store_location(OPTIONS.db), on_upgrade=say_upgraded)
    RUNNING.stores.append(store)
    return store


def say_upgraded(upgrade: Upgrade) -> None:
    """Once, before a migration changes the store: what is upgraded, and where the store as it was is kept."""
    fields = {"store": upgrade.store, "old": upgrade.old, "new": upgrade.new, "copy": upgrade.copy}
    if upgrade.copy is None:
        said = _(
            "{store}: upgrading its schema from {old} to {new}, for this scorepad; "
            "a copy of a PostgreSQL database is made with pg_dump"
        )
    else:
        said = _(
            "{store}: upgrading its schema from {old} to {new}, for this scorepad; "
            "the store as it was, which an older scorepad still opens, is kept in {copy}"
        )
    say(said.format(**fields))


def use_ascii() -> bool:
    """ASCII suits when asked, or when standard output cannot encode the Unicode ones."""
    if OPTIONS.ascii:
        return True
    try:
        "♠♥♦♣→".encode(sys.stdout.encoding or "ascii")
    except (UnicodeEncodeError, LookupError):
        return True
    return False


#: The width Rich lays text out in when the output is a pipe or a file: wide enough that
#: no cell is shortened and no line wrapped.
UNCUT = 100_000


def console(stderr: bool = False, soft_wrap: bool = False) -> Console:
    """A Rich console that shows every string as typed: a player called "[b]ob" is no markup, a
    match called ":smile:" no emoji, and a control character (which an old store may hold in a
    name) is shown as its escape."""
    stream = sys.stderr if stderr else sys.stdout
    width = None if stream is not None and stream.isatty() else UNCUT
    return _visible_console()(
        stderr=stderr, highlight=False, markup=False, emoji=False, soft_wrap=soft_wrap, width=width
    )


@functools.cache
def _visible_console() -> type[Console]:
    """The Console class that never writes a control character from the text it is given.

    Plain strings (table cells, headers) are made visible before they are laid out, so
    columns stay aligned; whatever else was given as text is made visible in the segments
    it renders to, so nothing gets through. Rich's own styles and cursor moves are not text.
    """
    from rich.console import Console
    from rich.segment import Segment

    from ..core.text import CONTROL, visible_lines

    class VisibleConsole(Console):
        def render_str(self, text: str, *args: Any, **kwargs: Any) -> Text:
            return super().render_str(visible_lines(text), *args, **kwargs)

        def render(self, renderable: RenderableType, options: ConsoleOptions | None = None) -> Iterator[Segment]:
            for segment in super().render(renderable, options):
                text = segment.text
                if segment.control or text == "\n" or not CONTROL.search(text):
                    yield segment
                else:
                    yield Segment(visible_lines(text), segment.style)

        def on_broken_pipe(self) -> None:
            # Rich would end the process here (SystemExit 1), even after a write: ``refusals`` says how it ends.
            raise BrokenPipeError(errno.EPIPE, os.strerror(errno.EPIPE))

    return VisibleConsole


def say(message: str) -> None:
    """A message for people, on stderr, so that stdout stays clean for --json."""
    console(stderr=True).print(message)


def show(result: Result, as_json: bool) -> None:
    """After a write: the status as JSON for scripts, or what the table does next for people."""
    RUNNING.match = result.match_id
    if as_json:  # Rich is not even imported: a script's status costs no more than it must
        from ..present.json_shapes import status_json

        if result.notes:  # stdout holds the JSON alone, yet the table must hear e.g. how a slam was recorded
            from ..present.descriptions import notes_text

            say(notes_text(result.notes, use_ascii()))
        print_json(status_json(result))
    else:
        from ..present import tables

        console().print(tables.status(result, use_ascii()))


def written_file(path: Path) -> None:
    """Print the path of the file the command wrote: if that cannot be, the command still says it was written."""
    RUNNING.files.append(str(path))
    print(path)


def print_json(value: object) -> None:
    """One JSON value on stdout: indented for a person at a terminal, compact (and quick) for a pipe."""
    sys.stdout.write(json_line(value))


def json_line(value: object) -> str:
    """What ``print_json`` writes."""
    # Where stdout cannot encode every name, \u escapes keep the JSON valid and exact.
    indent = 2 if sys.stdout.isatty() else None
    return json_text(value, ensure_ascii=use_ascii(), indent=indent) + "\n"


def terminal_text(message: str) -> str:
    """A message as this terminal shows it: the table's suit letters where the symbols cannot (or must not) be,
    and any control character (a name from an old store) as its escape, so it stays one line."""
    from ..core.text import visible
    from ..present.translation import ascii_suits

    return visible(ascii_suits(message) if use_ascii() else message)


def fail(message: str, code: int = 1) -> typer.Exit:
    complain(message)
    RUNNING.said = code
    return typer.Exit(code)


def complain(message: str) -> None:
    """One line on stderr, after the program's name, as every refusal and failure is said."""
    sys.stderr.write(f"scorepad: {terminal_text(message)}\n")


P = ParamSpec("P")
R = TypeVar("R")


def refusals(command: Callable[P, R]) -> Callable[P, R]:
    """Run a command so that any refusal is one line on stderr and exit 1, never a traceback.

    Its output is flushed before it ends, so that a failure to write it is
    known (``streams``) while the command can still say what it wrote: exit 3.
    """

    @functools.wraps(command)
    def run(*args: P.args, **kwargs: P.kwargs) -> R:
        from ..core.errors import ScorepadError
        from .clickwords import UsageError

        RUNNING.start()
        try:
            try:
                return command(*args, **kwargs)
            finally:
                sys.stdout.flush()
        except (typer.Exit, typer.Abort, SystemExit, UsageError):
            raise  # a usage error is Typer's to report: exit 2
        except ScorepadError as error:
            from .refusal_words import refusal

            raise fail(refusal(error)) from None
        except OverflowError:  # bad input, not a defect: a number beyond what the store can hold
            raise fail(_("a number given is too large for the store")) from None
        except KeyboardInterrupt:
            say_interrupted()
            raise typer.Exit(130) from None
        except Exception as error:  # its output failed, or a defect: still one line
            if os.environ.get("SCOREPAD_DEBUG") and output_failure() is None:
                raise
            raise unfinished(error) from None
        finally:
            RUNNING.close()

    return run


def say_interrupted() -> None:
    """Say that Ctrl-C stopped the command; a second one, while it ends, has nothing more to stop.

    Taken, it would break into Python's own shutdown (its threads', an audit's
    workers') with a traceback, or end the command by the signal, not exit 130.
    """
    try:
        signal.signal(signal.SIGINT, signal.SIG_IGN)
    except KeyboardInterrupt:  # the second, taken just before it was ignored
        signal.signal(signal.SIGINT, signal.SIG_IGN)
    complain(_("interrupted; nothing more was written"))


def unfinished(error: BaseException) -> typer.Exit:
    """The end of a command stopped by ``error`` or by its output: exit 3 if its change was written, else 1.

    A reader gone from a command that wrote nothing (``status | head -1``) ends
    it quietly, as Rich does for people.
    """
    failed = output_failure()
    if failed is not None:
        forget_failure()
    reason = _reason(error, failed)
    written = RUNNING.written(reason)
    if written is not None:
        return fail(in_language(written), 3)
    if isinstance(failed, BrokenPipeError):
        return typer.Exit(1)
    if failed is not None:
        return fail(_("cannot write the output: {reason}").format(reason=reason))
    if isinstance(error, MemoryError):
        return fail(_("not enough memory: nothing was written"))
    return fail(reason)


def _reason(error: BaseException, failed: OSError | None) -> str:
    """Why the command could not finish, in words."""
    from ..core.errors import os_reason

    if isinstance(failed, BrokenPipeError):
        return _("nothing reads it any more")
    if failed is not None:
        closed = getattr(sys.stdout, "closed_at_start", False)
        return _("standard output is closed") if closed else in_language(os_reason(failed))
    if isinstance(error, MemoryError):
        return _("not enough memory")
    return internal_error(error)
