"""Files people name to import or audit: read whole, but never past a bound.

Somebody types ``scorepad import /dev/zero``, or audits ``/dev/urandom``, or a
script pipes an endless stream in: scorepad reads up to a bound no real
backup or deal record comes near, and refuses the rest in one line that
states the bound, with nothing written. A real file through a pipe is read.
"""

from __future__ import annotations

import os
import random
import resource
import subprocess
import threading

import pytest

from scorepad.app import audit, backup
from scorepad.app.inputs import MiB, read_stream
from scorepad.core.errors import ScorepadError
from scorepad.core.record import write_record
from tests.conftest import dump
from tests.test_audit_cli import dealt

#: The address space a scorepad process may take in these tests: reading without a bound fails
#: inside it with MemoryError, while the bounds themselves (256 MiB at most) fit well.
MEMORY = 1024 * MiB


def scorepad(*args: str, stdin=None) -> subprocess.CompletedProcess:
    """A real scorepad process with its memory limited, so an unbounded read would fail, not swap."""

    def limit() -> None:
        resource.setrlimit(resource.RLIMIT_AS, (MEMORY, MEMORY))

    return subprocess.run(["scorepad", *args], stdin=stdin, capture_output=True, text=True, preexec_fn=limit)


def refusal(done: subprocess.CompletedProcess) -> str:
    assert done.returncode == 1, done.stderr
    (line,) = done.stderr.splitlines()
    assert "Traceback" not in done.stderr and "internal error" not in line
    return line


def test_import_of_an_endless_device_is_refused_at_the_bound(store_path):
    line = refusal(scorepad("import", "/dev/zero"))
    assert line == ("scorepad: /dev/zero: larger than 256 MiB (far beyond the backup of a big club): not read")
    assert not store_path.exists()


def test_audit_of_endless_devices_and_standard_input_is_refused_at_the_bound():
    line = refusal(scorepad("audit", "/dev/urandom"))
    assert line == "/dev/urandom: larger than 1 MiB (no deal record is anywhere near that long): not read"
    with open("/dev/zero", "rb") as zeros:
        line = refusal(scorepad("audit", "-", stdin=zeros))
    assert line == "<stdin>: larger than 1 MiB (no deal record is anywhere near that long): not read"


def test_a_regular_file_past_the_bound_is_refused_without_reading_it(cli, tmp_path, store_path):
    huge = tmp_path / "huge.json"
    with open(huge, "wb") as file:
        file.truncate(backup.BACKUP_LIMIT + 1)  # sparse: no disk, and reading it would take 256 MiB
    cli.refused("import", huge, says=f"{huge}: larger than 256 MiB")
    assert not store_path.exists()
    record = tmp_path / "deal.txt"
    with open(record, "wb") as file:
        file.truncate(audit.RECORD_LIMIT + 1)
    assert cli.refused("audit", record).startswith(f"{record}: larger than 1 MiB")


def test_a_file_of_the_store_in_use_is_refused_unread(cli, store_path):
    """``audit --match`` reads the match's rules, then the records, with its connection to the store open: a
    record that is the store, or a file SQLite keeps beside it, opened and closed by hand would drop every
    lock the connection holds, and a writer elsewhere could then delete -wal and -shm from under it."""
    cli("new", "--players", "Ann,Bob,Cat")
    before = dump(store_path)
    for suffix in ("", "-wal", "-shm"):
        name = store_path.with_name(store_path.name + suffix)
        for record in ([], ["--record"]):
            line = cli.refused("audit", "--match", "1", *record, name)
            assert line == f"{name}: a file of the store scorepad has open: not read"
    assert dump(store_path) == before
    assert cli.refused("import", store_path) == f"scorepad: {store_path} is not a scorepad backup (not JSON)"


def test_a_file_of_exactly_the_bound_is_read(cli, tmp_path, monkeypatch):
    monkeypatch.setattr(audit, "RECORD_LIMIT", 4096)
    text = write_record(dealt(4, "Ann", seed=5)[0]).encode()
    record = tmp_path / "deal.txt"
    record.write_bytes(text + b"#" * (4096 - len(text)))  # a comment fills it up to the bound
    assert "Complete: every card played." in cli("audit", record).stdout
    with open(record, "ab") as file:
        file.write(b"#")
    assert cli.refused("audit", record) == (
        f"{record}: larger than 4,096 bytes (no deal record is anywhere near that long): not read"
    )


def feed(fifo, data: bytes) -> threading.Thread:
    """Write ``data`` into a named pipe from another thread, as another program would."""

    def write() -> None:
        try:
            with open(fifo, "wb") as pipe:
                pipe.write(data)
        except BrokenPipeError:  # the reader stopped at its bound
            pass

    thread = threading.Thread(target=write, daemon=True)
    thread.start()
    return thread


def test_a_named_pipe_is_read_up_to_the_bound(cli, tmp_path, monkeypatch):
    fifo = tmp_path / "stream"
    os.mkfifo(fifo)
    writer = feed(fifo, b"#" * (2 * MiB))
    assert cli.refused("audit", fifo).startswith(f"{fifo}: larger than 1 MiB")
    writer.join(5)
    assert not writer.is_alive()


def test_a_backup_through_a_pipe_is_read_like_a_file(cli, tmp_path):
    """What ``scorepad import <(gunzip -c backup.json.gz)`` does: the shell hands over a pipe."""
    cli("new", "--players", "Ann,Bob,Cat")
    cli("deal", "Ann=10", "Bob=10", "Cat=23")
    saved = tmp_path / "backup.json"
    cli("export", "--format", "json", "--out", saved)
    fifo = tmp_path / "pipe"
    os.mkfifo(fifo)
    writer = feed(fifo, saved.read_bytes())
    result = cli.json("--db", tmp_path / "other.db", "import", fifo)
    writer.join(5)
    assert [(m["match"], m["deals"]) for m in result["added"]] == [(1, 1)]


def test_binary_junk_is_refused_in_one_line(cli, tmp_path, store_path):
    junk = tmp_path / "junk.bin"
    junk.write_bytes(b"players: Ann Bob Cat\n" + random.Random(14).randbytes(64 * 1024))
    assert cli.refused("audit", junk) == f"{junk}: line 2: not UTF-8 text"
    cli.refused("import", junk, says=f"{junk} is not a scorepad backup (not JSON)")
    assert not store_path.exists()


@pytest.mark.parametrize("stream", [b"x" * 10, "é" * 10])
def test_a_stream_of_exactly_the_bound_is_whole_and_one_more_is_refused(stream):
    import io

    source = io.BytesIO(stream) if isinstance(stream, bytes) else io.StringIO(stream)
    assert read_stream(source, 10, "why") == stream
    source.seek(0)
    with pytest.raises(ScorepadError, match=r"larger than 9 bytes \(why\): not read"):
        read_stream(source, 9, "why")
