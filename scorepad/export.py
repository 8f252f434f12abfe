"""Exporting: the CSV of scored deals, the JSON backup, and writing either safely.

A file is written under a temporary name in its folder, synced, then moved
into place, so a crash leaves the earlier file or the whole new one, never half
a file. An export never replaces an earlier one unless asked to (``--force``).
"""

from __future__ import annotations

import csv
import enum
import json
import os
from collections.abc import Callable, Iterable, Iterator
from datetime import datetime, timezone
from itertools import count
from pathlib import Path
from typing import IO, TYPE_CHECKING

from .core.errors import ScorepadError

if TYPE_CHECKING:
    from .store.db import Store

COLUMNS = ("match", "match_name", "deal", "kind", "dealer", "player", "seat", "points", "total", "recorded_at")
#: What a spreadsheet would run as a formula, and the quote that marks an escaped cell.
_UNSAFE_START = ("=", "+", "-", "@", "\t", "\r", "'")
EXPORTS = Path("exports")


class ExportFormat(enum.Enum):
    CSV = "csv"
    JSON = "json"


class ExportError(ScorepadError):
    """An export that cannot be written where it was asked to go."""


def escape(text: str) -> str:
    """A text cell a spreadsheet shows as text: one ``'`` before a formula-like start (or a ``'``)."""
    return "'" + text if text.startswith(_UNSAFE_START) else text


def unescape(text: str) -> str:
    """The text a cell written by ``escape`` came from."""
    return text[1:] if text.startswith("'") else text


def csv_rows(matches: Iterable, seats: dict[int, list[str]], entries: Iterable) -> Iterator[tuple]:
    """One row per player per scored deal, from match rows and their standing entries in order.

    Reads the stored deal numbers, dealers and scores directly instead of
    folding each match: a scored deal's number and dealer were fixed by the
    fold when it was entered, and the totals are running sums of the deals.
    This loop runs once per deal of the store, so it is kept flat.
    """
    titles = {m.id: escape(m.name or "") for m in matches}
    current = None
    for match_id, kind, number, dealer, scores, recorded_at in entries:
        if kind == "misdeal":
            continue
        if match_id != current:  # entries come match by match
            current, title = match_id, titles[match_id]
            names = [escape(n) for n in seats[match_id]]
            keys = [str(seat) for seat in range(len(names))]  # scores are stored keyed by seat, as text
            totals = [0] * len(names)
        points_by_seat = json.loads(scores)
        counts = kind == "deal"  # tie-break points decide the tie, not the totals
        dealer_name = names[dealer]
        for seat, key in enumerate(keys):
            points = points_by_seat.get(key)
            if points is None:  # not a player of this tie-break deal
                continue
            if counts:
                totals[seat] += points
            yield (
                match_id, title, number, kind, dealer_name,
                names[seat], seat + 1, points, totals[seat], recorded_at,
            )  # fmt: skip


def write_csv(stream: IO[str], rows: Iterable[tuple]) -> None:
    writer = csv.writer(stream)
    writer.writerow(COLUMNS)
    writer.writerows(rows)


def default_name(match_id: int | None, fmt: ExportFormat, when: datetime | None = None) -> str:
    """``match-3-20261129T201503Z.csv``, or ``all-...`` for every match: what and when."""
    when = when or datetime.now(timezone.utc)
    what = f"match-{match_id}" if match_id is not None else "all"
    return f"{what}-{when.strftime('%Y%m%dT%H%M%SZ')}.{fmt.value}"


def write_file(target: Path, write: Callable[[IO[str]], None], overwrite: bool = False, rename: bool = False) -> Path:
    """Write a new file atomically and return where it went.

    ``overwrite`` replaces an existing ``target``; ``rename`` picks the next
    free ``name-2.ext``, ``name-3.ext``...; with neither an existing target is refused.
    """
    folder = target.parent
    if not folder.is_dir():
        raise ExportError(f"cannot write {target}: there is no folder {folder}")
    if target.exists() and not (overwrite or rename):
        raise _exists(target)
    temporary = folder / f".{target.name}.{os.urandom(4).hex()}.tmp"  # os, not secrets: keeps --help light
    try:
        fd = os.open(temporary, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o666)
        try:
            with open(fd, "w", encoding="utf-8", newline="") as stream:
                write(stream)
                stream.flush()
                os.fsync(stream.fileno())
            placed = _place(temporary, target, overwrite, rename)
        finally:
            temporary.unlink(missing_ok=True)
        _sync_folder(folder)
    except OSError as error:
        raise ExportError(f"cannot write {target}: {error.strerror or error}") from None
    return placed


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
                raise _exists(target) from None
    raise AssertionError("unreachable")  # pragma: no cover


def _exists(target: Path) -> ExportError:
    return ExportError(f"{target} exists: give --force to replace it, or another --out")


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
    out: Path | None = None,
    force: bool = False,
) -> Path:
    """Export one match (default: the latest) or every match; return the file written."""
    from . import backup
    from .store import repo

    suffix = out.suffix.lower() if out is not None else ""
    if suffix in (".csv", ".json") and suffix != f".{fmt.value}":
        raise ExportError(f"{out} is named like a {suffix[1:].upper()} file, but the format is {fmt.value}: give --format")
    if out is not None and out.exists() and not force:
        raise _exists(out)
    with store.read() as conn:
        chosen = None if every else repo.resolve_match_id(conn, match_id)
        if out is None:
            try:
                EXPORTS.mkdir(exist_ok=True)
            except OSError as error:
                raise ExportError(f"cannot make the folder {EXPORTS}: {error.strerror or error}") from None
            # A default name is never reused, --force or not: it takes a suffix instead.
            out, rename, force = EXPORTS / default_name(chosen, fmt), True, False
        else:
            rename = False
        if fmt is ExportFormat.JSON:
            data = backup.build(conn, chosen)
            write = lambda stream: json.dump(data, stream, ensure_ascii=False, indent=1)  # noqa: E731
        else:
            rows = csv_rows(repo.match_rows(conn, chosen), repo.seat_names(conn, chosen), repo.standing_rows(conn, chosen))
            write = lambda stream: write_csv(stream, rows)  # noqa: E731
        # Written inside the read transaction: the rows stream from the store into the file.
        return write_file(out, write, overwrite=force, rename=rename)
