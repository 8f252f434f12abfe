"""A test run writes nothing into the source tree: not the compiled catalogs, not a cache of pytest or Hypothesis."""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from scorepad.present.translation import CATALOGS_VARIABLE

ROOT = Path(__file__).resolve().parents[1]
#: A few tests that write where a test run could: catalogs compiled for languages, Hypothesis's examples,
#: scorepad run as a process in Dutch, and pytest itself.
SAMPLE = (
    "tests/test_export.py::test_escaping_is_lossless_and_never_starts_a_formula",
    "tests/test_language.py::test_a_dutch_table_through_the_installed_command",
)


def tree() -> dict[str, tuple[int, int]]:
    """Every file of the source tree, ignored ones too, with its size and time of change: a file written into a
    folder that existed before shows. Git's own folder, the virtual environment and Python's bytecode aside."""
    files = {}
    for folder, subfolders, names in os.walk(ROOT):
        subfolders[:] = [name for name in subfolders if name not in (".git", ".venv", "__pycache__")]
        for name in names:
            stat = os.stat(os.path.join(folder, name))
            files[os.path.relpath(os.path.join(folder, name), ROOT)] = (stat.st_size, stat.st_mtime_ns)
    return files


def test_a_test_run_leaves_the_source_tree_as_it_was():
    if shutil.which("git") is None or not (ROOT / ".git").exists():
        pytest.skip("not a git checkout")
    before = tree()
    # As the README runs the tests, from the tree, in a process of its own that compiles its own catalogs.
    env = {key: value for key, value in os.environ.items() if key != CATALOGS_VARIABLE}
    run = subprocess.run([sys.executable, "-m", "pytest", *SAMPLE], cwd=ROOT, env=env, capture_output=True, text=True)
    assert run.returncode == 0, run.stdout + run.stderr
    assert "2 passed" in run.stdout
    after = tree()
    assert after == before, sorted(set(after.items()) ^ set(before.items()))
