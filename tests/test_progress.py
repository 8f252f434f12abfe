"""Long work shows itself (issue 36): a bar on a terminal's stderr for import, audit and export; nothing in a pipe.

The use cases count their steps for whoever watches (``app.progress``); the
command line draws them (``cli.progress_bar``) once the work has lasted a
second, and only on a terminal.
"""

from __future__ import annotations

from scorepad.app import backup, progress
from scorepad.app.export import export
from scorepad.app.progress import Stage
from scorepad.cli import progress_bar
from scorepad.store.db import Store


class Recorder:
    """A watcher that writes down every stage and how many steps each counted."""

    def __init__(self) -> None:
        self.stages: list[tuple[Stage, int | None, int]] = []

    def stage(self, stage: Stage, total: int | None) -> None:
        self.stages.append((stage, total, 0))

    def advance(self, steps: int) -> None:
        stage, total, done = self.stages[-1]
        self.stages[-1] = (stage, total, done + steps)


def _two_matches(cli) -> None:
    cli("new", "--players", "Ann,Bob,Cat")
    cli("deal", "10", "10", "23")
    cli("deal", "13", "13", "17")
    cli("undo")  # the trail keeps the undone deal: it is read, never folded, and counted all the same
    cli("new", "--players", "Dan,Eva,Fay")
    cli("deal", "0", "20", "23")


def test_an_import_counts_every_entry_as_it_is_read_checked_and_written(cli, tmp_path):
    _two_matches(cli)
    file = tmp_path / "backup.json"
    cli("export", "--all", "--format", "json", "--out", file)
    seen = Recorder()
    with progress.watched(seen):
        found = backup.read(file)
        backup.restore(Store(tmp_path / "new.db"), found)
    entries = 2 + 1  # the undone deal too
    assert seen.stages == [(Stage.READ, None, 0), (Stage.CHECK, 2 * entries, 2 * entries), (Stage.WRITE, entries, entries)]  # fmt: skip


def test_an_export_counts_its_rows_as_they_stream(cli, tmp_path, store_path):
    _two_matches(cli)
    seen = Recorder()
    with progress.watched(seen):
        export(Store(store_path), None, every=True, out=tmp_path / "all.csv")
    assert seen.stages == [(Stage.EXPORT, None, 3 * 2)]  # a row a player a deal


def test_nobody_watching_costs_nothing_and_changes_nothing(cli, tmp_path):
    _two_matches(cli)
    assert list(progress.counted(range(2500))) == list(range(2500))
    made = cli("export", "--all", "--format", "json", "--out", tmp_path / "b.json")
    imported = cli("--db", tmp_path / "new.db", "import", tmp_path / "b.json")
    assert "entry" not in made.stderr and "Checking" not in imported.stderr  # a pipe shows no bar


def test_the_bar_shows_only_once_the_work_has_lasted_a_while(monkeypatch):
    waited = progress_bar.Bar()
    waited.stage(Stage.CHECK, 10)
    waited.advance(10)
    assert waited.shown is None  # done within the second: nothing flashed
    monkeypatch.setattr(progress_bar, "DELAY", 0.0)
    bar = progress_bar.Bar()
    try:
        bar.stage(Stage.READ, None)
        bar.stage(Stage.CHECK, 10)
        bar.advance(4)
        assert bar.shown is not None and bar.task is not None
        (task,) = bar.shown.tasks  # one task at a time: the stage in hand
        assert (task.description, task.total, task.completed) == ("Checking every entry", 10, 4)
    finally:
        bar.stop()


def test_in_a_pipe_the_command_runs_without_a_watcher(monkeypatch):
    monkeypatch.setattr("sys.stderr.isatty", lambda: False, raising=False)
    with progress_bar.progress_shown():
        assert progress._watcher.get() is None
