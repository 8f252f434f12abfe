"""Commands that read: status, history, matches, doctor."""

import sys
from typing import TYPE_CHECKING, Annotated

import typer

from .common import (
    OPTIONS,
    JsonOpt,
    ListJson,
    MatchOpt,
    console,
    open_store,
    print_json,
    refusals,
    say_upgraded,
    show,
    use_ascii,
)
from .helptext import TranslatedCommand

HistoryJson = Annotated[bool, typer.Option("--json", help="Print every deal of the match as JSON.")]
PagerOpt = Annotated[
    bool,
    typer.Option("--pager/--no-pager", help="On a terminal, a history longer than the screen goes through the pager."),
]

if TYPE_CHECKING:
    from ..app.results import HistoryRow, Result


def status(match: MatchOpt = None, as_json: JsonOpt = False) -> None:
    """Standings and what the table does next: dealer, eldest, cards out, passing.

    Examples:

    \b
      scorepad status
      scorepad status --match 3 --json
    """
    from ..app import reading

    show(reading.status(open_store(), match), as_json)


def history(match: MatchOpt = None, as_json: HistoryJson = False, pager: PagerOpt = True) -> None:
    """Every entry that stands, oldest first, with the totals after each.

    On a terminal, a history longer than the screen goes through your pager
    ($PAGER, else less -R); --no-pager, or a pipe, prints it straight.

    Examples:

    \b
      scorepad history
      scorepad history --match 3 --json
      scorepad history --no-pager
    """
    from ..app import reading

    result, rows = reading.history(open_store(), match)
    if as_json:
        from ..present.json_shapes import history_json

        with reading.without_collector():  # a long match's rows become as many JSON objects
            print_json(history_json(result, rows))
    else:
        _history_text(result, rows, pager)


def _history_text(result: "Result", rows: "list[HistoryRow]", pager: bool) -> None:
    """The history for people: a long one as lines made as they are printed, through the pager on a terminal."""
    from ..present.history_lines import LONG, history_lines
    from .pager import through_pager

    ascii = use_ascii()
    if len(rows) >= LONG:
        through_pager(history_lines(result, rows, ascii), len(rows) + 5, pager)
        return
    from ..present import tables

    out = console()
    if not (pager and sys.stdout.isatty()):
        out.print(tables.history(result, rows, ascii))
        return
    with out.capture() as captured:  # a screenful or two: laid out by Rich, then paged if it is longer
        out.print(tables.history(result, rows, ascii))
    lines = captured.get().splitlines()
    through_pager(lines, len(lines), pager)


def matches(as_json: ListJson = False) -> None:
    """Every match in the store, newest first.

    Examples:

    \b
      scorepad matches
      scorepad matches --json
    """
    from ..app import reading

    rows = reading.matches(open_store())
    if as_json:
        from ..present.json_shapes import matches_json

        print_json(matches_json(rows))
    else:
        from ..present import tables

        console().print(tables.matches(rows))


def doctor(as_json: bool = typer.Option(False, "--json", help="Print the findings as JSON.")) -> None:
    """Check the store: integrity, foreign keys, schema version, SQLite version, every match and every club night.

    Exit 0 when all is well, 1 when something is wrong (each finding says what).

    Examples:

    \b
      scorepad doctor
      scorepad --db club.db doctor --json
    """
    from dataclasses import replace

    from ..app.doctor import Wording, examine
    from ..store.location import store_location
    from .refusal_words import said

    # A store that does not open is told as every command refuses it: in the command line's words.
    findings = [
        replace(f, detail=Wording(said(f.detail.said))) for f in examine(store_location(OPTIONS.db), say_upgraded)
    ]
    healthy = all(f.ok for f in findings)
    if as_json:
        print_json({"ok": healthy, "checks": [vars(f) for f in findings]})
    else:
        from ..present import tables

        console().print(tables.findings(findings))
    if not healthy:
        raise typer.Exit(1)


def register(app: typer.Typer) -> None:
    for command in (status, history, matches, doctor):
        app.command(cls=TranslatedCommand, rich_help_panel="Looking back")(refusals(command))
