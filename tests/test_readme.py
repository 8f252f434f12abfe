"""The README's commands are run, so they cannot drift from what scorepad does."""

from __future__ import annotations

import re
import shlex
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
README = (ROOT / "README.md").read_text(encoding="utf-8")


def blocks(language: str) -> list[str]:
    return re.findall(rf"```{language}\n(.*?)```", README, flags=re.S)


def test_the_readme_opens_with_the_two_commands():
    first, second = blocks("sh")[:2]
    assert first.strip().startswith("pip install . && scorepad new")
    assert second.strip() == "pip install '.[test]' && python -m pytest"
    # CI runs the README's test command word for word.
    assert second.strip() in (ROOT / ".ci" / "run").read_text()


def test_the_first_command_runs_on_a_new_store(cli):
    commands = blocks("sh")[0].strip().split(" && ")[1:]
    for command in commands:
        cli(*shlex.split(command)[1:])


def test_the_worked_example_prints_what_the_readme_shows(cli):
    for block in blocks("console"):
        command, expected = None, []
        for line in [*block.splitlines(), "$ "]:
            if not line.startswith("$ "):
                expected.append(line)
                continue
            if command:
                output = cli(*shlex.split(command)[1:]).stdout
                if expected:
                    assert [x.rstrip() for x in output.splitlines()] == [x.rstrip() for x in expected], command
            command, expected = line[2:], []
    final = cli.json("status")
    assert final["winner"] == "Ann"
    assert final["totals"] == {"Ann": 30, "Bob": 30, "Cat": 69}
