"""Commands that move history out and back in: export, import."""

from pathlib import Path
from typing import TYPE_CHECKING, Annotated

import typer
from typer.models import OptionInfo

from ..app.export import ExportFormat, ExportLayout
from ..core.language import N_
from ..present.translation import _, in_language, ngettext
from .common import MatchOpt, open_store, print_json, refusals, say, written_file
from .helptext import TranslatedCommand

ForceOpt = Annotated[
    bool,
    typer.Option(
        "--force",
        help="Replace the --out file if it exists; a pipe or a device such as /dev/null is written into without it.",
    ),
]


def _out(default: str) -> OptionInfo:
    """``--out PATH`` of a command that writes a file: a file, or a folder to put it in under its default name."""
    help_text = f"The file to write, or a folder to write it in (default: {default})."
    return typer.Option("--out", "-o", metavar="PATH", help=help_text)


# Text, not a Path, which drops the / that says "a folder"; the shell completes files all the same.
ExportOut = Annotated[str | None, _out("a new file under exports/")]
ReportOut = Annotated[str | None, _out("exports/match-ID-report.html")]


SpreadsheetOpt = Annotated[
    bool,
    typer.Option(
        "--spreadsheet",
        help="CSV for the spreadsheet program of the language in use: its list separator, a byte order mark, "
        "its words and local times.",
    ),
]


if TYPE_CHECKING:
    from ..app.backup import BackupMatch, Restored
    from ..app.csv_rows import CsvStyle
    from ..app.table_words import TableWords


def export(
    match: MatchOpt = None,
    every: Annotated[bool, typer.Option("--all", help="Every match in the store.")] = False,
    fmt: Annotated[
        ExportFormat,
        typer.Option("--format", "-f", help="CSV of the deals, a JSON backup, or a workbook to open (xlsx)."),
    ] = ExportFormat.CSV,
    out: ExportOut = None,
    force: ForceOpt = False,
    layout: Annotated[
        ExportLayout,
        typer.Option("--layout", help="CSV: a row per player per deal (long), or one match's score sheet (sheet)."),
    ] = ExportLayout.LONG,
    spreadsheet: SpreadsheetOpt = False,
) -> None:
    """Write a match's deals as CSV, a JSON backup or a workbook; prints the file's path.

    The latest match, or --match ID, or --all. The CSV has one row per player
    per scored deal. The JSON backup holds each match's settings and whole
    trail, for scorepad import. Without --out the file goes under exports/ with
    a new name, never over an earlier export; --out may name a folder to put
    it in instead. The file is readable by its owner only, as the store is.

    With --spreadsheet the CSV opens in the spreadsheet program of the
    language in use with every value in its own cell and the names as typed:
    its cells are separated by ; where the decimal mark is a comma (Italian,
    Portuguese, Spanish, Dutch, Swedish), else by a comma, and a byte order
    mark says that it is UTF-8; its header and words are in the language, and
    its times local, as the spreadsheet reads a date and time.

    With --format xlsx the workbook has a sheet of the long rows and, for one
    match, its score sheet with running totals: names as typed, points as
    numbers, times as dates in local time, the header in the language.

    Examples:

    \b
      scorepad export
      scorepad export --match 3 --out friday.csv
      scorepad export --all --format json
      scorepad export --format xlsx --out friday.xlsx
      scorepad export --layout sheet --out friday-sheet.csv
      scorepad export --layout sheet --spreadsheet --out friday-sheet.csv
    """
    from ..app.export import export as write_export
    from ..core.errors import RuleError

    if every and match is not None:
        raise RuleError(N_("give --match ID or --all, not both"))
    if out == "-":  # an export is a file written whole, never a stream
        raise RuleError(N_("--out takes a file name: an export is written to a file, then moved into place"))
    if spreadsheet and fmt is not ExportFormat.CSV:
        raise RuleError(N_("--spreadsheet writes a CSV: not with --format json or xlsx"))
    from .progress_bar import progress_shown

    style, words = for_people(spreadsheet, fmt is ExportFormat.XLSX)
    with progress_shown():
        written = write_export(open_store(), match, every, fmt, out, force, layout, style, words)
    written_file(written)


def for_people(spreadsheet: bool, workbook: bool) -> tuple["CsvStyle | None", "TableWords | None"]:
    """The CSV style of ``--spreadsheet`` and the words of a workbook, in the language in use; None for neither."""
    if not (spreadsheet or workbook):
        return None, None
    from ..app.csv_rows import for_spreadsheet
    from ..present.marks import marks
    from ..present.table_words import table_words

    words = table_words()
    return (for_spreadsheet(marks().separator, words) if spreadsheet else None), words


def import_(
    file: Annotated[Path, typer.Argument(metavar="FILE", help="A backup written by scorepad export --format json.")],
    dry_run: Annotated[
        bool, typer.Option("--dry-run", help="Check the file and say what would be added; write nothing.")
    ] = False,
    as_json: Annotated[bool, typer.Option("--json", help="Print what was added as JSON.")] = False,
) -> None:
    """Restore a JSON backup: adds the matches the store does not hold yet.

    Every entry is checked as when it was first entered; one bad entry refuses
    the whole file. A match already in the store (same unique id) is left
    alone, so importing a file twice changes nothing.

    What it adds does not become the latest match or night: without --match
    or --night, commands go on with the one a command last created or wrote
    to (in a new store, the one used last before the backup).

    Examples:

    \b
      scorepad import exports/all-backup-20261129-2015.json --dry-run
      scorepad import backup.json
    """
    from ..app import backup
    from .progress_bar import progress_shown

    with progress_shown():
        found = backup.read(file)
        done = backup.restore(open_store(), found, dry_run)
    if as_json:
        from ..present.json_shapes import import_json

        print_json(import_json(done, dry_run))
        return
    if not found.matches:
        print(_("the backup holds no match: nothing to add"))
    # A dry run adds nothing, so its matches have no id yet.
    added = (
        _("would add a match{name} ({players}): {deals}")
        if dry_run
        else _("added match {match}{name} ({players}): {deals}")
    )
    for m, new_id in done.added:
        print(
            added.format(
                match=new_id,
                name=in_language(m.quoted_name),
                players=", ".join(m.state.settings.players),
                deals=_deals(m),
            )
        )
    for m, old_id in done.present:
        said = _("left alone: {label} is already in the store as match {match}")
        print(said.format(label=in_language(m.label), match=old_id))
    _nights(done, dry_run)
    if dry_run:
        say(_("dry run: nothing was written"))


def _nights(done: "Restored", dry_run: bool) -> None:
    """The club nights an import added, or would add, and those it left alone."""
    added = _("would add {label}") if dry_run else _("added {label} as night {night}")
    for n, new_id in done.nights_added:
        print(added.format(label=in_language(n.label), night=new_id))
    for n, old_id in done.nights_present:
        said = _("left alone: {label} is already in the store as night {night}")
        print(said.format(label=in_language(n.label), night=old_id))


def _deals(match: "BackupMatch") -> str:
    scored, entries = match.state.scored, len(match.trail)
    return _("{deals}, {entries} in the trail").format(
        deals=ngettext("{count} deal", "{count} deals", scored).format(count=scored),
        entries=ngettext("{count} entry", "{count} entries", entries).format(count=entries),
    )


def register(app: typer.Typer) -> None:
    app.command(cls=TranslatedCommand, rich_help_panel="Export and backup")(refusals(export))
    app.command("import", cls=TranslatedCommand, rich_help_panel="Export and backup")(refusals(import_))
