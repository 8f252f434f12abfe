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


def tree() -> list[str]:
    """The source tree as git sees it, ignored files too; Python's own bytecode caches aside."""
    listed = subprocess.run(
        ["git", "status", "--porcelain", "--ignored"], cwd=ROOT, capture_output=True, text=True, check=True
    ).stdout
    return sorted(line for line in listed.splitlines() if "__pycache__" not in line)


def test_a_test_run_leaves_the_source_tree_as_it_was():
    if shutil.which("git") is None or not (ROOT / ".git").exists():
        pytest.skip("not a git checkout")
    before = tree()
    # As the README runs the tests, from the tree, in a process of its own that compiles its own catalogs.
    env = {key: value for key, value in os.environ.items() if key != CATALOGS_VARIABLE}
    run = subprocess.run([sys.executable, "-m", "pytest", *SAMPLE], cwd=ROOT, env=env, capture_output=True, text=True)
    assert run.returncode == 0, run.stdout + run.stderr
    assert "2 passed" in run.stdout
    assert tree() == before
