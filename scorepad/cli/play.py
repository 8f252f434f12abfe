"""The table mode, ``scorepad play``: a prompt on a terminal, the line protocol from a pipe.

Both read the same lines (``protocol.parse_line``), enter them through one
``app.table.TableSession``, which keeps the match in memory and commits each
accepted entry before the next line is read, and answer the same commands:
``_Table.run`` is the one loop, and the two modes differ only in how they show
an answer (a panel and a prompt for people, lines and JSON for a script).
"""

import signal
import sys
from abc import ABC, abstractmethod
from collections.abc import Iterable, Iterator, Sequence
from types import ModuleType
from typing import IO, TYPE_CHECKING, Annotated

import typer

from ..core.language import N_
from ..present.translation import _, in_language, ngettext, worded
from .common import MatchOpt, NightOpt, console, json_text, open_store, refusals, terminal_text, use_ascii
from .helptext import TranslatedCommand
from .numbers import POSITIVE
from .rules_command import of_match, show_rules

if TYPE_CHECKING:
    from rich.console import Console, RenderableType

    from ..app.results import Result
    from ..app.table import TableSession
    from ..core.errors import ScorepadError
    from .night_play import FollowedNight
    from .protocol import Asked


#: The table of a club night that this laptop keeps.
TableOpt = Annotated[
    int | None,
    typer.Option("--table", "-t", metavar="T", parser=POSITIVE, help="A club night's table: follow it round by round."),
]
PipeJsonOpt = Annotated[
    bool, typer.Option("--json", help="From a pipe: answer each status line with the status as one line of JSON.")
]


def play(
    match: MatchOpt = None,
    night: NightOpt = None,
    table: TableOpt = None,
    as_json: PipeJsonOpt = False,
) -> None:
    """Guide the table deal by deal; from a pipe, enter one line at a time.

    On a terminal, before each deal a panel says who deals, who leads, which
    cards come out, whom to pass to and what the scores add up to; then the
    prompt takes the deal's scores (as `scorepad deal` does), or {commands}.
    TAB completes names and commands. A refused entry is explained and asked
    again. Each entry is saved at once: Ctrl-D or Ctrl-C leaves, nothing is lost.
    Tie-break deals are played in the same loop until there is a winner.

    In another language (--lang, or the locale) the commands have that
    language's own words, which help, TAB and refusals show; the English
    words are understood in every language.

    When standard input is not a terminal, each line is one entry, without
    prompts: NAME=SCORE ..., {commands}; blank lines and # comments are
    skipped. A refused line is reported on stderr as "line N: reason" and
    skipped; the exit code is then 1. A status, sheet or rules line prints
    its answer on stdout: as text, or with --json as one line of JSON (the
    object of scorepad status, history or rules --json). Notes (a misdeal, an
    undo) go to stderr as "line N: note", and a summary at the end.

    At a club night, --table T (with --night ID, or the latest night) follows
    table T from round to round: when its match is over, play says the round
    is over at this table and waits until scorepad night next seats the next
    round, then goes on in that round's match of table T. Ctrl-C leaves.

    Examples:

    \b
      scorepad play
      scorepad play --match 3 < friday.txt
      printf 'Ann=10 Bob=10 Cat=23\\nmisdeal\\nAnn=13 Bob=13 Cat=17\\nstatus\\n' | scorepad play --json
      scorepad play --night 2 --table 3
    """
    from ..app.table import TableSession

    store, follow = open_store(), None
    if table is not None or night is not None:
        from .night_play import followed

        follow, match = followed(store, night, _night_table(match, table))
    session = TableSession(store, match)
    try:
        code = _mode(session, as_json, follow).run()
    finally:
        session.store.close()
    raise typer.Exit(code)


def _mode(session: "TableSession", as_json: bool, follow: "FollowedNight | None") -> "_Table":
    """The prompt on a terminal, else the line protocol of a pipe."""
    mode: _Table
    if sys.stdin is not None and sys.stdin.isatty():
        mode = _Terminal(session, use_ascii())
    else:  # a closed standard input (play <&-) reads as an empty one
        mode = _Pipe(session, _lines(sys.stdin) if sys.stdin else (), as_json, use_ascii())
    mode.follow = follow
    return mode


def _night_table(match: int | None, table: int | None) -> int:
    """The table of a night to follow: --table, and never with --match."""
    from ..core.errors import RuleError
    from ..core.language import N_

    if match is not None:
        raise RuleError(N_("give --match ID, or --night ID and --table T, not both"))
    if table is None:
        raise RuleError(N_("give --table T: the table of the night this laptop follows"))
    return table


class _Table(ABC):
    """One way of playing: the loop over the lines and what each command does, the same in both modes."""

    #: Whether lines may have been written before they are read, so that each must still be answered:
    #: a pipe's may, while at a terminal nothing is typed before the prompt.
    written_ahead = False

    def __init__(self, session: "TableSession", ascii: bool) -> None:
        self.session, self.ascii = session, ascii
        self.follow: FollowedNight | None = None  #: the club night's table it follows, if any

    def run(self) -> int:
        """Enter line after line until the lines end or the table quits; the exit code."""
        from ..core.errors import ScorepadError
        from .protocol import Verb, parse_line

        answers = {Verb.STATUS: self.status, Verb.SHEET: self.sheet, Verb.RULES: self.rules, Verb.HELP: self.help}
        try:
            for line in self._followed():
                try:
                    asked = parse_line(line)
                    if asked is None:
                        continue
                    if asked is Verb.QUIT:
                        break
                    if isinstance(asked, Verb):
                        answers[asked]()
                        continue
                    result = self.session.run(asked)
                except ScorepadError as error:
                    self.refused(error)
                    continue
                self.entered(asked, result)
        except KeyboardInterrupt:
            return self.interrupted()
        return self.leave()

    def _followed(self) -> Iterator[str]:
        """The lines; at a club night's table, each read once the table has a match to play (see ``night_play``)."""
        lines = self.lines()
        while self.follow is not None:
            session = self.follow.ready(self.session, self.tell)
            if session is None:
                return
            if session is not self.session:
                self.session = session
                self.seated()
            if session.state.finished:  # the night holds no more for this table
                if not self.written_ahead:
                    return
                break  # the rest of the lines as plain play takes them: a deal is refused, not dropped
            line = next(lines, None)
            if line is None:
                return
            yield line
        yield from lines

    @abstractmethod
    def seated(self) -> None:
        """The table plays on in the next round's match: what it sees of it."""

    @abstractmethod
    def tell(self, message: str) -> None:
        """A note about the night for the table."""

    @abstractmethod
    def lines(self) -> Iterator[str]:
        """The lines the table enters, until it leaves."""

    @abstractmethod
    def status(self) -> None:
        """The standings and the next deal, after reloading what was written from elsewhere."""

    @abstractmethod
    def sheet(self) -> None:
        """The score sheet."""

    @abstractmethod
    def rules(self) -> None:
        """The rules of the match."""

    @abstractmethod
    def help(self) -> None:
        """The list of what may be typed."""

    @abstractmethod
    def entered(self, asked: "Asked", result: "Result") -> None:
        """What the table hears after an entry was written."""

    @abstractmethod
    def refused(self, error: "ScorepadError") -> None:
        """Why a line was refused."""

    @abstractmethod
    def interrupted(self) -> int:
        """Ctrl-C while a line was entered: what is said, and the exit code."""

    @abstractmethod
    def leave(self) -> int:
        """The lines ended, or the table quit: what is said, and the exit code."""


# On a terminal.


class _Terminal(_Table):
    """People at a table: a panel before each deal, a prompt, refusals asked again."""

    def __init__(self, session: "TableSession", ascii: bool) -> None:
        super().__init__(session, ascii)
        self.out, self.err = console(), _stderr()
        self.readline = _complete_names(session)
        self._panel()
        welcome = N_("Enter the deal's scores as NAME=SCORE for each player, or in seat order; {help} lists the rest.")
        self.out.print(in_table_words(welcome))

    def lines(self) -> Iterator[str]:
        while True:
            try:
                line = _read_line(_prompt(self.session), self.readline)
            except EOFError:
                self.out.print()  # the cursor is still on the prompt line
                return
            except _Cleared:
                self.out.print()
                continue
            yield line

    def status(self) -> None:
        note = self.session.refresh()
        if note:
            self.err.print(in_language(note), markup=False)
        self._panel()

    def sheet(self) -> None:
        self.out.print(_sheet(self.session, self.ascii, mark_last=True))

    def rules(self) -> None:
        show_rules(*of_match(self.session.result), as_json=False)

    def help(self) -> None:
        from .protocol import help_text

        self.out.print(help_text(self.session.state.settings.players), markup=False)

    def entered(self, asked: "Asked", result: "Result") -> None:
        echo = _echo(self.session, asked)
        if echo:
            self.out.print(echo, style="bold")
        if result.notes:
            from ..present.descriptions import notes_text

            self.out.print(notes_text(result.notes, self.ascii), style="italic")
        self._panel(result)
        if result.state.finished and self.follow is None:
            over = N_("The match is over: {again} starts a rematch; {undo} takes back the last change; {quit} leaves.")
            self.out.print(in_table_words(over))

    def refused(self, error: "ScorepadError") -> None:
        from ..app.table import MatchChanged
        from .refusal_words import refusal

        self.err.print(_("refused: {reason}").format(reason=terminal_text(refusal(error))), style="red")
        if isinstance(error, MatchChanged):  # what another terminal entered: the table sees it now
            self._panel()

    def interrupted(self) -> int:
        self.err.print("\n" + _("interrupted while saving: see scorepad status for what was saved"), markup=False)
        return 130

    def leave(self) -> int:
        state, match_id = self.session.state, self.session.match.id
        if self.follow is not None:
            where = self.follow.leave_words()
        elif state.finished:
            where = _("the match is over")
        else:
            where = _("carry on with: scorepad play --match {match}").format(match=match_id)
        left = _("Left the table: every entry so far is saved in match {match}; {where}.")
        self.err.print(left.format(match=match_id, where=where), markup=False)
        return 0

    def _panel(self, result: "Result | None" = None) -> None:
        """The panel of ``result``, or of the match as the session holds it."""
        from ..present.panel import TablePanel

        # Where the terminal is too short for the whole panel, it says how to see what it leaves out.
        rest = in_table_words(N_("{sheet} shows every deal, {rules} the rules of the match"))
        self.out.print(TablePanel(self.session.result if result is None else result, self.ascii, rest))

    def tell(self, message: str) -> None:
        self.out.print(message, style="italic", markup=False)

    def seated(self) -> None:
        self.readline = _complete_names(self.session)
        self._panel()


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


def _echo(session: "TableSession", asked: "Asked") -> str | None:
    """``deal 3: Ann 10, Bob 13, Cat 20``: the accepted deal, read back in one line."""
    from ..app.table import EnterDeal
    from ..present.descriptions import entry_line

    done = session.last
    if not isinstance(asked, EnterDeal) or done is None or done.entry is None or done.deal is None:
        return None
    return entry_line(done.deal.number, done.entry, done.state.settings.players)


def _sheet(session: "TableSession", ascii: bool, mark_last: bool) -> "RenderableType":
    from ..app.reading import history
    from ..present import tables

    result, rows = history(session.store, session.match.id)
    return tables.sheet(result, rows, ascii, mark_last)


def _prompt(session: "TableSession") -> str:
    deal = session.state.next
    if deal is None:
        return _("over") + "> "
    return (_("tie-break {number}") if deal.round else _("deal {number}")).format(number=deal.number) + "> "


def _complete_names(session: "TableSession") -> ModuleType | None:
    """TAB completion of commands and player names, where the terminal has readline; the module, if so."""
    try:
        import readline
    except ImportError:  # e.g. Windows without pyreadline
        return None

    def complete(text: str, index: int) -> str | None:
        before = readline.get_line_buffer()[: readline.get_begidx()].split()
        # The players are read now: a reload may have renamed someone.
        found = completions(before, session.state.settings.players, text)
        return found[index] if index < len(found) else None

    readline.set_completer(complete)
    readline.set_completer_delims(" \t\n")  # so that Ann=QS,2H is one word, '=' and ',' included
    if "libedit" in (readline.__doc__ or ""):  # macOS
        readline.parse_and_bind("bind ^I rl_complete")
    else:
        readline.parse_and_bind("tab: complete")
    return readline


def completions(before: list[str], players: Sequence[str], text: str) -> list[str]:
    """What TAB may complete ``text`` to, after the tokens ``before`` it on the line: a command in the
    table's words, or a name. A command typed in English is understood all the same."""
    from ..core.names import name_key
    from .protocol import COMMANDS, Verb, folded, table_words, understood

    known = understood()
    entered = {name_key(token.split("=", 1)[0]) for token in before if "=" in token}
    left = [f"{p}=" for p in players if name_key(p) not in entered]  # names not in the line yet
    if not before:  # a command that reads more after its word is completed with the space
        options = [f"{word} " if COMMANDS[verb].example else word for word, verb in table_words().items()] + left
    elif known.get(folded(before[-1])) in (Verb.RENEGE, Verb.SEAT):  # the player who reneged, or who leaves
        options = list(players)
    elif known.get(folded(before[0])) is Verb.FIX or "=" in before[0]:
        options = left
    else:
        options = []
    return [o for o in options if folded(o).startswith(folded(text))]


# From a pipe.


def _lines(stream: IO[str]) -> Iterator[str]:
    """Lines as text; bytes that are not UTF-8 become U+FFFD, so the line is refused, not the run."""
    raw = getattr(stream, "buffer", None)
    if raw is None:
        yield from stream
        return
    for number, line in enumerate(raw):
        if number == 0 and line.startswith(b"\xef\xbb\xbf"):
            line = line[3:]  # the byte-order mark some editors put first: not part of the entry
        yield line.decode("utf-8", errors="replace")


class _Pipe(_Table):
    """A script's lines: each answer on stdout (as text, or one line of JSON), each note "line N: ..." on stderr."""

    written_ahead = True

    def __init__(self, session: "TableSession", source: Iterable[str], as_json: bool, ascii: bool) -> None:
        super().__init__(session, ascii)
        self.source, self.as_json = source, as_json
        self.number = self.written_lines = self.refused_lines = 0

    def lines(self) -> Iterator[str]:
        for number, line in enumerate(self.source, start=1):
            self.number = number
            yield line

    def status(self) -> None:
        from ..present import tables
        from ..present.json_shapes import status_json

        self._tell(self.session.refresh())
        if self.as_json:  # one line per status, so a reader can take them one at a time
            self._json(status_json(self.session.result))
        else:
            console().print(tables.status(self.session.result, self.ascii))

    def sheet(self) -> None:
        """The sheet as text, or with --json as one line of JSON (the object of history --json)."""
        if not self.as_json:
            console().print(_sheet(self.session, self.ascii, mark_last=False))
            return
        from ..app.reading import history
        from ..present.json_shapes import history_json

        self._json(history_json(*history(self.session.store, self.session.match.id)))

    def rules(self) -> None:
        show_rules(*of_match(self.session.result), self.as_json, one_line=True)

    def help(self) -> None:
        from .protocol import help_text

        sys.stderr.write(help_text(self.session.state.settings.players) + "\n")

    def entered(self, asked: "Asked", result: "Result") -> None:
        from ..present.descriptions import notes_text

        self.written_lines += 1
        self._tell(notes_text(result.notes, self.ascii))

    def refused(self, error: "ScorepadError") -> None:
        from .refusal_words import said

        self.refused_lines += 1
        self._tell(said(error))

    def interrupted(self) -> int:
        at = _("interrupted at line {number}: the lines before it are saved").format(number=self.number)
        _stderr().print(at, markup=False)
        return 130

    def leave(self) -> int:
        """The summary on stderr; exit 1 when a line was refused."""
        from ..present import tables
        from ..present.descriptions import entry_words

        state = self.session.state
        players = state.settings.players
        if state.winner is not None:
            where = tables.won(state, state.winner).rstrip(".")
        elif state.next is not None:
            deal = state.next
            where = _("next: {entry}, {dealer} deals").format(
                entry=entry_words(deal.kind, deal.number), dealer=players[deal.dealer]
            )
        else:
            where = _("the match is over")
        # Undo and fix write too: every accepted line counts.
        lines = ngettext("{count} line written", "{count} lines written", self.written_lines).format(
            count=self.written_lines
        )
        refused = ngettext("{count} refused", "{count} refused", self.refused_lines).format(count=self.refused_lines)
        summary = _("match {match}: {lines}, {refused}; {where}.").format(
            match=self.session.match.id, lines=lines, refused=refused, where=where
        )
        sys.stderr.write(terminal_text(summary) + "\n")
        return 1 if self.refused_lines else 0

    def tell(self, message: str) -> None:
        sys.stderr.write(terminal_text(message) + "\n")
        sys.stderr.flush()

    def seated(self) -> None:
        """The lines go on in the new match: ``tell`` said which."""

    def _tell(self, message: object) -> None:
        """A line's refusal or note, a phrase or words, on stderr with the line's number: nothing for none."""
        if message:
            told = _("line {line}: {problem}").format(line=self.number, problem=terminal_text(in_language(message)))
            sys.stderr.write(told + "\n")

    def _json(self, value: object) -> None:
        sys.stdout.write(json_text(value) + "\n")
        sys.stdout.flush()


def in_table_words(message: str) -> str:
    """A message of ``play`` that names its commands, each by its word in the language in use."""
    from .protocol import Verb, command_word

    return worded(message, {verb.value: command_word(verb) for verb in Verb})


def _stderr() -> "Console":
    return console(stderr=True)


def register(app: typer.Typer) -> None:
    app.command(cls=TranslatedCommand, rich_help_panel="At the table")(refusals(play))
