"""Reading a file someone names: whole, but never past a bound.

A backup or a deal record is read into memory whole. A name that is no such
file (``/dev/zero``, ``/dev/urandom``, a pipe fed forever, a film) must not
take the machine's memory first: reading stops one byte past the bound, and
the file is refused with the bound in the message. Devices, pipes and
standard input are read the same way, not refused for what they are: the
shell's ``<(...)`` and ``/dev/stdin`` hand a real backup over as a pipe.

The one file refused unread is one of the store's while this process holds a
connection to it (``audit --match`` reads its records after the match's
rules): opening it by hand would drop the connection's locks
(``store.connections``).
"""

from __future__ import annotations

import os
import stat
from typing import IO, AnyStr

from ..core.errors import ScorepadError
from ..core.language import N_, Phrase
from ..store import connections

MiB = 1024 * 1024
CHUNK = MiB  #: a read at a time: a stream past the bound costs the bound, not more


class TooLarge(ScorepadError):
    """A file past the bound its kind is given."""


class StoreFile(ScorepadError):
    """A file of the store this process has open: the store, or SQLite's -wal, -shm or -journal beside it."""

    def __init__(self) -> None:
        super().__init__(N_("a file of the store scorepad has open: not read"))


def too_large(limit: int, why: Phrase | str) -> TooLarge:
    return TooLarge(N_("larger than {size} ({why}): not read"), size=size(limit), why=why)


def size(limit: int) -> Phrase | str:
    if limit % MiB == 0:
        return f"{limit // MiB} MiB"  # a unit's symbol: the same in every language
    return Phrase(N_("{count} bytes"), count=f"{limit:,}")  # a bound is never a single byte


def read_path(path: str | os.PathLike[str], limit: int, why: Phrase | str) -> bytes:
    """The bytes of a file of at most ``limit`` bytes; ``why`` says why more is not this kind of file.

    OSError (no such file, a folder, no permission) is the caller's to word.
    """
    with connections.LOCK:  # no connection opens while the file is open here
        if connections.in_use(path):
            raise StoreFile()
        with open(path, "rb") as file:
            info = os.fstat(file.fileno())
            if stat.S_ISREG(info.st_mode) and info.st_size > limit:
                raise too_large(limit, why)  # known at once: not a byte read
            return read_stream(file, limit, why)  # a regular file may still grow while it is read


def read_stream(stream: IO[AnyStr], limit: int, why: Phrase | str) -> AnyStr:
    """All of a stream of at most ``limit`` bytes (characters, for a text stream)."""
    chunks: list[AnyStr] = []
    taken = 0
    while taken <= limit:
        chunk = stream.read(min(CHUNK, limit + 1 - taken))
        if not chunk:
            break
        chunks.append(chunk)
        taken += len(chunk)
    if taken > limit:
        raise too_large(limit, why)
    if not chunks:
        return stream.read(0)  # b"" or "", as the stream gives
    return chunks[0][:0].join(chunks)
