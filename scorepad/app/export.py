"""Exporting: the CSV of scored deals, the JSON backup or a workbook (``workbook``), written safely.

A file is written under a temporary name in its folder, synced, then moved
into place, so a crash leaves the earlier file or the whole new one, never half
a file (``tempfiles`` sees that the temporary one goes too). An export never
replaces an earlier one unless asked to (``force``).

What ``--out`` names is treated as the shell's ``>`` treats it under ``set -o
noclobber`` (``force`` being its ``>|``): a regular file is replaced only with
``force``; a pipe or a character device (``/dev/null``, ``/dev/stdout``, a
terminal) is a stream, written into where it stands with or without it, as
``curl -o /dev/null`` writes; anything else (a socket, a disk) is refused.
A stream is never replaced: moving a file over ``/dev/null`` would leave a
regular file in its place for every program on the machine.

Nor is a file of the store the command reads, ``force`` or not: the store
itself (the club's whole history), or SQLite's ``-wal``, ``-shm`` and
``-journal`` beside it, which its connections are using (``Store.owns_file``).
"""

from __future__ import annotations

import enum
import json
import os
import stat
from collections.abc import Callable
from datetime import UTC, datetime
from itertools import count
from pathlib import Path
from typing import IO, TYPE_CHECKING, Any

from ..core.errors import ScorepadError, os_reason
from ..core.language import N_

if TYPE_CHECKING:
    from ..store.db import Connection, Store
    from .csv_rows import CsvStyle
    from .table_words import TableWords


class ExportFormat(enum.Enum):
    CSV = "csv"
    JSON = "json"
    XLSX = "xlsx"  #: a workbook for people (``workbook``)


class NightFormat(enum.Enum):
    """What a night is exported as: its JSON is in the store's backup (``export --all --format json``)."""

    CSV = "csv"
    XLSX = "xlsx"


class ExportLayout(enum.Enum):
    LONG = "long"  #: a row per player per scored deal (docs/commands.md, export)
    SHEET = "sheet"  #: the score sheet of one match, as a table keeps it on paper


EXPORTS = Path("exports")

#: Every file scorepad writes is its owner's alone, as the store is: a backup holds all
#: the store holds, a CSV every name and score. The HTML report too, though it is made
#: to be shared: it is shared by sending it, which no mode bit stops, and a page that
#: should be served from a web folder takes a deliberate chmod, rather than every
#: report being readable by every account on the machine.
FILE_MODE = 0o600
FOLDER_MODE = 0o700  #: exports/, made for the same files


class ExportError(ScorepadError):
    """An export that cannot be written where it was asked to go."""


class EmptyPath(ExportError):
    """The file or folder to write in given as an empty path."""

    def __init__(self) -> None:
        super().__init__(N_("the path is empty: give a file, or a folder to write in"))


class WouldReplace(ExportError):
    """The file to write, ``path``, exists, and replacing it was not asked for."""

    def __init__(self, path: Path) -> None:
        self.path = path
        super().__init__(N_("{path} exists already"), path=path)


class NotAFile(ExportError):
    """``path`` exists as what is neither replaced nor written into: a socket, a disk."""

    def __init__(self, path: Path) -> None:
        self.path = path
        super().__init__(N_("{path} is not a file, a pipe or a character device"), path=path)


class StoreFile(ExportError):
    """``path`` is the store's own file, or one SQLite keeps beside it: never written over."""

    def __init__(self, path: Path) -> None:
        self.path = path
        super().__init__(N_("{path} is a file of the store: not written over"), path=path)


class SheetOfOneMatch(ExportError):
    """The score sheet asked of every match, or in JSON: it is the CSV (or a sheet of the workbook) of one match."""

    def __init__(self) -> None:
        super().__init__(N_("the score sheet is a CSV of one match: not of every match, nor in JSON"))


class NamedLikeAnother(ExportError):
    """A file, ``path``, named like a ``kind`` file (CSV, JSON) for an export in another ``format``."""

    def __init__(self, path: Path, kind: str, format: str) -> None:
        self.path, self.kind, self.format = path, kind, format
        super().__init__(
            N_("{path} is named like a {kind} file, but the format is {format}"), path=path, kind=kind, format=format
        )


def exports_folder() -> Path:
    """The folder where exports go when no file is named, made if need be."""
    try:
        EXPORTS.mkdir(mode=FOLDER_MODE, exist_ok=True)
    except OSError as error:
        raise ExportError(
            N_("cannot make the folder {folder}: {reason}"), folder=EXPORTS, reason=os_reason(error)
        ) from None
    return EXPORTS


def default_name(
    match_id: int | None, fmt: ExportFormat, layout: ExportLayout = ExportLayout.LONG, when: datetime | None = None
) -> str:
    """What the file holds and when it was made (UTC, to the minute): ``match-3-sheet-20261201-2015.csv``,
    ``match-3-long-...``, ``all-backup-....json``; a second export within the minute takes a ``-2``."""
    when = when or datetime.now(UTC)
    what = f"match-{match_id}" if match_id is not None else "all"
    kind = {ExportFormat.JSON: "backup", ExportFormat.XLSX: "workbook"}.get(fmt, layout.value)
    return f"{what}-{kind}-{when.strftime('%Y%m%d-%H%M')}.{fmt.value}"


def split_out(out: str | os.PathLike[str] | None) -> tuple[Path | None, Path | None]:
    """Where to write as ``(folder, file)``, one of them None: the file to write, or the folder it goes in.

    A folder is an existing one, or a path ending in ``/`` (which ``Path``
    would drop): the file goes in it with the name it would have under exports/.
    """
    if out is None:
        return None, None
    text = os.fspath(out)
    if not text:
        raise EmptyPath()
    path = Path(text)
    if text.endswith(("/", os.sep)) or path.is_dir():
        return path, None
    return None, path


def _stream(mode: int) -> bool:
    """Whether a file of ``mode`` is a stream, written into where it stands: a pipe, or a character device."""
    return stat.S_ISFIFO(mode) or stat.S_ISCHR(mode)


def into_stream(target: Path, overwrite: bool, store: Store) -> bool:
    """Whether ``target`` is a stream to write into rather than a file to write (see the module's docstring).

    Refuses a file of ``store``, an existing regular file unless ``overwrite``,
    and anything that is neither a regular file nor a stream. A symbolic link is
    judged by what it leads to, so that ``/dev/stdout`` is the stream it names.
    """
    if store.owns_file(target):  # first: --force is no remedy, whatever is there
        raise StoreFile(target)
    try:
        mode = os.stat(target).st_mode
    except (FileNotFoundError, NotADirectoryError):
        return False
    except OSError as error:
        raise ExportError(N_("cannot write {path}: {reason}"), path=target, reason=os_reason(error)) from None
    if _stream(mode):
        return True
    if not stat.S_ISREG(mode):
        raise NotAFile(target)
    if not overwrite:
        raise WouldReplace(target)
    return False


def write_file(
    target: Path,
    write: Callable[[IO[Any]], object],
    store: Store,
    overwrite: bool = False,
    rename: bool = False,
    binary: bool = False,
) -> Path:
    """Write a new file atomically, or into a stream (``into_stream``), and return where it went.

    ``overwrite`` replaces an existing ``target``; ``rename`` picks the next
    free ``name-2.ext``, ``name-3.ext``...; with neither an existing target is
    refused. A file of ``store``, the one the export reads, is refused either way.
    ``write`` is handed a text stream in UTF-8, or with ``binary`` a stream of bytes.
    """
    # Imported here: --help loads this module.
    from ..store.tempfiles import Kind, remove_left, removed_if_stopped, temporary_for

    folder = target.parent
    if not folder.is_dir():
        raise ExportError(N_("cannot write {path}: there is no folder {folder}"), path=target, folder=folder)
    # A renamed default name only ever takes a name that is free, so it can replace no file of the store.
    if not rename and into_stream(target, overwrite, store):  # a new name is taken whole, never written into
        return _write_into(target, write, binary)
    remove_left(folder, Kind.EXPORT)  # what killed exports left here
    temporary = temporary_for(target, Kind.EXPORT)
    try:
        with removed_if_stopped(temporary):
            try:
                fd = os.open(temporary, os.O_WRONLY | os.O_CREAT | os.O_EXCL, FILE_MODE)
                with _opened(fd, binary) as stream:
                    write(stream)
                    stream.flush()
                    os.fsync(stream.fileno())
                placed = _place(temporary, target, overwrite, rename)
            finally:
                temporary.unlink(missing_ok=True)
        _sync_folder(folder)
    except OSError as error:
        raise ExportError(N_("cannot write {path}: {reason}"), path=target, reason=os_reason(error)) from None
    return placed


def _opened(fd: int, binary: bool) -> IO[Any]:
    return open(fd, "wb") if binary else open(fd, "w", encoding="utf-8", newline="")


def _write_into(target: Path, write: Callable[[IO[Any]], object], binary: bool = False) -> Path:
    """Write into the stream ``target`` as the shell would: opened where it stands, neither made nor replaced."""
    try:
        fd = os.open(target, os.O_WRONLY)  # no O_CREAT, no O_TRUNC: nothing is made, nothing emptied
        if not _stream(os.fstat(fd).st_mode):
            os.close(fd)  # swapped since it was judged a stream, maybe for a file not to be written into
            raise ExportError(N_("cannot write {path}: it was replaced while it was being opened"), path=target)
        with _opened(fd, binary) as stream:
            write(stream)
    except OSError as error:
        raise ExportError(N_("cannot write {path}: {reason}"), path=target, reason=os_reason(error)) from None
    return target


def _place(temporary: Path, target: Path, overwrite: bool, rename: bool) -> Path:
    if overwrite:
        os.replace(temporary, target)
        return target
    for n in count(1):
        candidate = target.with_name(f"{target.stem}-{n}{target.suffix}") if n > 1 else target
        try:
            _move_new(temporary, candidate)
            return candidate
        except FileExistsError:
            if not rename:  # taken since the check in write_file
                raise WouldReplace(target) from None
    raise AssertionError("unreachable")  # pragma: no cover


def _move_new(temporary: Path, target: Path) -> None:
    """Move a file to a name that must not exist yet, even if another export takes it meanwhile."""
    try:
        os.link(temporary, target)  # fails if the name is taken, unlike a rename: nothing is lost
    except FileExistsError:
        raise
    except OSError:  # a file system without hard links: check, then move
        if target.exists():
            raise FileExistsError(target) from None
        os.replace(temporary, target)


def _sync_folder(folder: Path) -> None:
    """Make the new name itself survive a power cut (POSIX; Windows has no folder handles)."""
    try:
        fd = os.open(folder, os.O_RDONLY)
    except OSError:
        return
    try:
        os.fsync(fd)
    except OSError:
        pass
    finally:
        os.close(fd)


def export(
    store: Store,
    match_id: int | None,
    every: bool,
    fmt: ExportFormat = ExportFormat.CSV,
    out: str | os.PathLike[str] | None = None,
    force: bool = False,
    layout: ExportLayout = ExportLayout.LONG,
    style: CsvStyle | None = None,
    words: TableWords | None = None,
) -> Path:
    """Export one match (default: the latest) or every match to ``out`` (a file or a folder, see
    ``split_out``; default: exports/); return the file written. A CSV is written in ``style``
    (default: the contract's plain CSV), a workbook in ``words`` (default: the contract's)."""
    from ..store import matches

    if layout is ExportLayout.SHEET and (every or fmt is ExportFormat.JSON):
        raise SheetOfOneMatch()

    folder, out = split_out(out)
    if out is not None:
        suffix = out.suffix.lower()
        if suffix in (".csv", ".json", ".xlsx") and suffix != f".{fmt.value}":
            raise NamedLikeAnother(out, suffix[1:].upper(), fmt.value)
        into_stream(out, force, store)  # refused before the store is read
    with store.read() as conn:
        chosen = None if every else matches.resolve_match_id(conn, match_id)
        if out is None:
            # A default name is never reused, forced or not: it takes a suffix instead.
            out, rename, force = (folder or exports_folder()) / default_name(chosen, fmt, layout), True, False
        else:
            rename = False
        write = _writer(conn, chosen, fmt, layout, style, words)
        # Written inside the read transaction: the rows stream from the store into the file.
        return write_file(out, write, store, overwrite=force, rename=rename, binary=fmt is ExportFormat.XLSX)


def _writer(
    conn: Connection,
    chosen: int | None,
    fmt: ExportFormat,
    layout: ExportLayout,
    style: CsvStyle | None,
    words: TableWords | None,
) -> Callable[[IO[Any]], object]:
    """What writes the export of match ``chosen`` (None: every match) into its stream."""
    from ..store import history, matches
    from . import backup
    from .csv_rows import COLUMNS, PLAIN, csv_rows, long_rows_in, sheet_header, sheet_rows, write_csv
    from .reading import history_in
    from .table_words import PLAIN as PLAIN_WORDS

    if fmt is ExportFormat.JSON:
        data = backup.build(conn, chosen)
        return lambda stream: json.dump(data, stream, ensure_ascii=False, indent=1)
    if fmt is ExportFormat.XLSX:
        return _workbook(conn, chosen, words or PLAIN_WORDS)
    style = style or PLAIN
    if layout is ExportLayout.SHEET:
        result, entries = history_in(conn, chosen)
        players = result.state.settings.players
        in_words = style.words or PLAIN_WORDS
        sheet = sheet_rows(players, entries, result.state.totals, in_words)
        return lambda stream: write_csv(stream, sheet, sheet_header(players, in_words), style)
    titles = matches.match_names(conn, chosen)
    rows = csv_rows(titles, matches.seat_names(conn, chosen), history.scored_deals(conn, chosen))
    spoken = style.words
    if spoken is not None:
        return lambda stream: write_csv(stream, long_rows_in(rows, spoken), spoken.header(*COLUMNS), style)
    return lambda stream: write_csv(stream, rows, style=style)


def _workbook(conn: Connection, chosen: int | None, words: TableWords) -> Callable[[IO[bytes]], object]:
    """A workbook of the long rows, and of one match also its score sheet."""
    from ..store import history, matches
    from .reading import history_in
    from .workbook import write_workbook
    from .workbook_sheets import long_sheet, score_sheet

    sheets = []
    if chosen is not None:  # read whole before the long rows stream from the same connection
        result, entries = history_in(conn, chosen)
        sheets.append(score_sheet(result.state.settings.players, entries, result.state.totals, words))
    titles = matches.match_names(conn, chosen)
    sheets.insert(0, long_sheet(titles, matches.seat_names(conn, chosen), history.scored_deals(conn, chosen), words))
    return lambda stream: write_workbook(stream, sheets, words)


def save_report(
    store: Store, html: str, match_id: int, out: str | os.PathLike[str] | None = None, force: bool = False
) -> Path:
    """Write a match's HTML report (``present.report.page``), read from ``store``, and return where it went.

    Without ``out``, or with a folder, it goes to ``match-ID-report.html``
    there (default: exports/), or the next free ``-2``, ``-3``... name: an
    earlier report is never replaced. An ``out`` file that exists is replaced
    only with ``force``, and never if it is a file of ``store``.
    """
    folder, file = split_out(out)
    if file is None:
        file, rename = (folder or exports_folder()) / f"match-{match_id}-report.html", True
    else:
        rename = False
    return write_file(file, lambda stream: stream.write(html), store, overwrite=force, rename=rename)
