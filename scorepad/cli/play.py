"""The table mode, ``scorepad play``: a prompt on a terminal, the line protocol from a pipe.

Both read the same lines (``protocol.parse_line``) and enter them through
one ``app.table.TableSession``, which keeps the match in memory and commits
each accepted entry before the next line is read.
"""

import signal
import sys
from collections.abc import Iterable, Iterator
from types import ModuleType
from typing import TYPE_CHECKING, Annotated

import typer

from ..core.language import N_
from ..present.translation import _, in_language, ngettext
from .common import MatchOpt, console, json_text, open_store, refusals, use_ascii, words
from .helptext import TranslatedCommand
from .rulebook import of_match, show_rules

if TYPE_CHECKING:
    from rich.console import RenderableType

    from ..app.table import TableSession

#: The lines of the protocol's help: what is typed (the same in every language), and what it does.
HELP = (
    ("Ann=10 Bob=13 Cat=20", N_("a deal's scores, every player of the deal once (as scorepad deal takes them)")),
    ("10 13 20", N_("... or in seat order, without names")),
    ("Ann=QS,2H Bob=- Cat=?", N_("... or the penalty cards each took (- for none); ? is the rest of the total")),
    ("renege Bob", N_("Bob reneged: takes the penalty total, the others 0")),
    ("misdeal", N_("void this deal: the same dealer deals again")),
    ("undo", N_("take back the last change, a fix included (it stays in the trail)")),
    ("fix 2 Ann=13 Bob=10 ...", N_("correct deal 2 (or: fix 2 renege Bob)")),
    ("sheet", N_("the score sheet: every deal, with the running totals (also: history)")),
    ("status", N_("the standings and the next deal again")),
    ("rules", N_("the rules of this match, in plain words")),
    ("again", N_("once the match is over: a rematch, the next player dealing first")),
    ("help", N_("this list (Up arrow: the last line again, to correct it)")),
    ("quit", N_("leave (so do Ctrl-D, and Ctrl-C on an empty line); everything entered is saved")),
)


def help_text() -> str:
    return "\n".join(f"  {typed:<23}  {_(does)}" for typed, does in HELP)


def play(
    match: MatchOpt = None,
    as_json: Annotated[
        bool, typer.Option("--json", help="From a pipe: answer each status line with the status as one line of JSON.")
    ] = False,
) -> None:
    """Guide the table deal by deal; from a pipe, enter one line at a time.

    On a terminal, before each deal a panel says who deals, who leads, which
    cards come out, whom to pass to and what the scores add up to; then the
    prompt takes the deal's scores (as `scorepad deal` does), or
    renege NAME, misdeal, undo, fix N NAME=SCORE..., status, sheet, rules,
    again, help, quit.
    TAB completes names and commands. A refused entry is explained and asked
    again. Each entry is saved at once: Ctrl-D or Ctrl-C leaves, nothing is lost.
    Tie-break deals are played in the same loop until there is a winner.

    When standard input is not a terminal, each line is one entry, without
    prompts: NAME=SCORE ..., renege NAME, misdeal, undo, fix N ..., status,
    sheet, rules, again, quit; blank lines and # comments are skipped. A refused
    line is reported on stderr as "line N: reason" and skipped; the exit code
    is then 1. A status, sheet or rules line prints its answer on stdout: as
    text, or with --json as one line of JSON (the object of scorepad status,
    history or rules --json). Notes (a misdeal, an undo) go
    to stderr as "line N: note", and a summary at the end.

    Examples:

    \b
      scorepad play
      scorepad play --match 3 < friday.txt
      printf 'Ann=10 Bob=10 Cat=23\\nmisdeal\\nAnn=13 Bob=13 Cat=17\\nstatus\\n' | scorepad play --json
    """
    from ..app.table import TableSession

    session = TableSession(open_store(), match)
    try:
        if sys.stdin is not None and sys.stdin.isatty():
            code = _terminal(session, use_ascii())
        else:  # a closed standard input (play <&-) reads as an empty one
            code = _pipe(session, _lines(sys.stdin) if sys.stdin else (), as_json, use_ascii())
    finally:
        session.store.close()
    raise typer.Exit(code)


# On a terminal.


def _terminal(session: "TableSession", ascii: bool) -> int:
    from ..app.table import MatchChanged
    from ..core.errors import ScorepadError
    from ..present import tables
    from ..present.words import notes_text
    from .protocol import Talk, parse_line
    from .refusal_words import refusal

    out, err = console(), _stderr()
    readline = _complete_names(session)
    out.print(tables.table_panel(session.result, ascii))
    out.print(_("Enter the deal's scores as NAME=SCORE for each player, or in seat order; help lists the rest."))
    while True:
        try:
            line = _read_line(_prompt(session), readline)
        except EOFError:
            out.print()  # the cursor is still on the prompt line
            return _leave(session)
        except _Cleared:
            out.print()
            continue
        try:
            command = parse_line(line)
            if command is None:
                continue
            if command == Talk("quit"):
                return _leave(session)
            if command == Talk("help"):
                out.print(help_text(), markup=False)
                continue
            if command == Talk("sheet"):
                out.print(_sheet(session, ascii, mark_last=True))
                continue
            if command == Talk("rules"):
                show_rules(*of_match(session.result), as_json=False)
                continue
            if isinstance(command, Talk):  # status
                note = session.refresh()
                if note:
                    err.print(in_language(note), markup=False)
                out.print(tables.table_panel(session.result, ascii))
                continue
            result = session.run(command)
        except ScorepadError as error:
            err.print(_("refused: {reason}").format(reason=words(refusal(error))), style="red")
            if isinstance(error, MatchChanged):  # what another terminal entered: the table sees it now
                out.print(tables.table_panel(session.result, ascii))
            continue
        except KeyboardInterrupt:
            err.print("\n" + _("interrupted while saving: see scorepad status for what was saved"), markup=False)
            return 130
        echo = _echo(session, command)
        if echo:
            out.print(echo, style="bold")
        if result.notes:
            out.print(notes_text(result.notes), style="italic")
        out.print(tables.table_panel(result, ascii))
        if result.state.finished:
            out.print(_("The match is over: again starts a rematch; undo takes back the last change; quit leaves."))


class _Cleared(Exception):
    """Ctrl-C on a line with something typed: the line is dropped, the prompt comes again."""


def _read_line(prompt: str, readline: ModuleType | None) -> str:
    """One line from the terminal. Ctrl-C clears what was typed, and leaves only on an empty line."""
    typed = [""]

    def interrupted(_signal: int, _frame: object) -> None:
        # Runs while readline still holds the line, before it is thrown away.
        typed[0] = readline.get_line_buffer() if readline is not None else ""
        raise KeyboardInterrupt

    previous = signal.signal(signal.SIGINT, interrupted)
    try:
        return input(prompt)
    except KeyboardInterrupt:
        if typed[0].strip():
            raise _Cleared from None
        raise EOFError from None
    finally:
        signal.signal(signal.SIGINT, previous)


def _echo(session: "TableSession", command: object) -> str | None:
    """``deal 3: Ann 10, Bob 13, Cat 20``: the accepted deal, read back in one line."""
    from ..app.table import EnterDeal
    from ..present.words import entry_words, scores_text

    written = session.last
    if not isinstance(command, EnterDeal) or written is None or written.entry is None or written.deal is None:
        return None
    scores = scores_text(session.match.settings.players, written.entry)
    return f"{entry_words(written.deal.kind, written.deal.number)}: {scores}"


def _sheet(session: "TableSession", ascii: bool, mark_last: bool) -> "RenderableType":
    from ..app.reading import history
    from ..present import tables

    result, rows = history(session.store, session.match.id)
    return tables.sheet(result, rows, ascii, mark_last)


def _print_sheet(session: "TableSession", as_json: bool, ascii: bool) -> None:
    """From a pipe: the sheet as text, or with --json as one line of JSON (the object of history --json)."""
    if not as_json:
        console().print(_sheet(session, ascii, mark_last=False))
        return
    from ..app.reading import history
    from ..present.json_shapes import history_json

    sys.stdout.write(json_text(history_json(*history(session.store, session.match.id))) + "\n")
    sys.stdout.flush()


def _prompt(session: "TableSession") -> str:
    deal = session.state.next
    if deal is None:
        return _("over") + "> "
    return (_("tie-break {number}") if deal.round else _("deal {number}")).format(number=deal.number) + "> "


def _leave(session: "TableSession") -> int:
    state, match_id = session.state, session.match.id
    if state.finished:
        where = _("the match is over")
    else:
        where = _("carry on with: scorepad play --match {match}").format(match=match_id)
    left = _("Left the table: every entry so far is saved in match {match}; {where}.")
    _stderr().print(left.format(match=match_id, where=where), markup=False)
    return 0


def _complete_names(session: "TableSession") -> ModuleType | None:
    """TAB completion of commands and player names, where the terminal has readline; the module, if so."""
    try:
        import readline
    except ImportError:  # e.g. Windows without pyreadline
        return None
    from .protocol import COMMANDS

    def complete(text: str, index: int) -> str | None:
        before = readline.get_line_buffer()[: readline.get_begidx()].split()
        players = session.state.settings.players  # read now: a reload may have renamed someone
        entered = {word.split("=", 1)[0].casefold() for word in before if "=" in word}
        left = [f"{p}=" for p in players if p.casefold() not in entered]  # names not in the line yet
        if not before:
            options = [f"{c} " if c in ("renege", "fix") else c for c in COMMANDS] + left
        elif before[-1].lower() == "renege":
            options = list(players)
        elif before[0].lower() in ("deal", "fix") or "=" in before[0]:
            options = left
        else:
            options = []
        found = [o for o in options if o.casefold().startswith(text.casefold())]
        return found[index] if index < len(found) else None

    readline.set_completer(complete)
    readline.set_completer_delims(" \t\n")  # so that Ann=QS,2H is one word, '=' and ',' included
    if "libedit" in (readline.__doc__ or ""):  # macOS
        readline.parse_and_bind("bind ^I rl_complete")
    else:
        readline.parse_and_bind("tab: complete")
    return readline


# From a pipe.


def _lines(stream) -> Iterator[str]:
    """Lines as text; bytes that are not UTF-8 become U+FFFD, so the line is refused, not the run."""
    raw = getattr(stream, "buffer", None)
    if raw is None:
        yield from stream
        return
    for number, line in enumerate(raw):
        if number == 0 and line.startswith(b"\xef\xbb\xbf"):
            line = line[3:]  # the byte-order mark some editors put first: not part of the entry
        yield line.decode("utf-8", errors="replace")


def _pipe(session: "TableSession", lines: Iterable[str], as_json: bool, ascii: bool) -> int:
    from ..core.errors import ScorepadError
    from ..present.words import notes_text
    from .protocol import Talk, parse_line
    from .refusal_words import said

    entered = refused = number = 0
    try:
        for number, line in enumerate(lines, start=1):
            try:
                command = parse_line(line)
                if command is None:
                    continue
                if command == Talk("quit"):
                    break
                if command == Talk("help"):
                    sys.stderr.write(help_text() + "\n")
                    continue
                if command == Talk("sheet"):
                    _print_sheet(session, as_json, ascii)
                    continue
                if command == Talk("rules"):
                    show_rules(*of_match(session.result), as_json, one_line=True)
                    continue
                if isinstance(command, Talk):  # status
                    _tell(number, session.refresh())
                    _print_status(session, as_json, ascii)
                    continue
                result = session.run(command)
            except ScorepadError as error:
                refused += 1
                _tell(number, said(error))
                continue
            entered += 1
            _tell(number, notes_text(result.notes))
    except KeyboardInterrupt:
        _stderr().print(
            _("interrupted at line {number}: the lines before it are saved").format(number=number), markup=False
        )
        return 130
    _summary(session, entered, refused)
    return 1 if refused else 0


def _tell(number: int, message: object) -> None:
    """A line's refusal or note, a phrase or words, on stderr with the line's number: nothing for none."""
    if message:
        sys.stderr.write(_("line {line}: {problem}").format(line=number, problem=words(in_language(message))) + "\n")


def _print_status(session: "TableSession", as_json: bool, ascii: bool) -> None:
    from ..present import tables
    from ..present.json_shapes import status_json

    if as_json:  # one line per status, so a reader can take them one at a time
        sys.stdout.write(json_text(status_json(session.result)) + "\n")
        sys.stdout.flush()
    else:
        console().print(tables.status(session.result, ascii))


def _summary(session: "TableSession", entered: int, refused: int) -> None:
    from ..present import tables
    from ..present.words import entry_words

    state, players = session.state, session.match.settings.players
    if state.winner is not None:
        where = tables.verdict(state, ascii=True)[0].plain.rstrip(".")
    elif state.next is not None:
        deal = state.next
        where = _("next: {entry}, {dealer} deals").format(
            entry=entry_words(deal.kind, deal.number), dealer=players[deal.dealer]
        )
    else:
        where = _("the match is over")
    # Undo and fix write too: every accepted line counts.
    lines = ngettext("{count} line written", "{count} lines written", entered).format(count=entered)
    refusals = ngettext("{count} refused", "{count} refused", refused).format(count=refused)
    summary = _("match {match}: {lines}, {refused}; {where}.").format(
        match=session.match.id, lines=lines, refused=refusals, where=where
    )
    sys.stderr.write(words(summary) + "\n")


def _stderr():
    return console(stderr=True, soft_wrap=True)


def register(app: typer.Typer) -> None:
    app.command(cls=TranslatedCommand, rich_help_panel="At the table")(refusals(play))
