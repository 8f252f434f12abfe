"""Shell completion as the shells ask for it: a real ``scorepad`` process, its answer read as the shell reads it."""

from __future__ import annotations

import os
import shlex
import subprocess

from .processes import SCOREPAD


def completed(store, shell: str, line: str) -> str:
    """What scorepad answers the shell completing ``line`` (its last word the one being typed)."""
    env = dict(os.environ, SCOREPAD_DB=str(store), _SCOREPAD_COMPLETE=f"complete_{shell}")
    if shell == "bash":
        words = line.split(" ")
        env |= {"COMP_WORDS": line, "COMP_CWORD": str(len(words) - 1)}
    else:
        env["_TYPER_COMPLETE_ARGS"] = line
    done = subprocess.run(SCOREPAD, env=env, capture_output=True, text=True, timeout=60)
    assert done.returncode == 0 and "Traceback" not in done.stderr, done.stderr
    return done.stdout


def test_zsh_keeps_the_apostrophes_of_the_descriptions(store_path):
    """zsh reads the answer as one single-quoted word, as a POSIX shell does (RC_QUOTES is off by default)."""
    answer = completed(store_path, "zsh", "scorepad ")
    command, argument = shlex.split(answer)
    assert command == "_arguments"
    assert '"rename":"Correct a player\'s name in a match."' in argument
    assert "players name" not in argument


def test_player_names_are_completed_where_a_command_takes_one(cli, store_path):
    cli("new", "--players", "Ann,Bob,Cat")
    cli("new", "--players", "Dan,Eve,Fay")  # the latest used
    assert completed(store_path, "bash", "scorepad deal --renege ").split() == ["Dan", "Eve", "Fay"]
    assert completed(store_path, "bash", "scorepad fix 1 --renege E").split() == ["Eve"]
    assert completed(store_path, "bash", "scorepad seat --match 1 ").split() == ["Ann", "Bob", "Cat"]
    assert completed(store_path, "bash", "scorepad seat --match 1 B").split() == ["Bob"]


def test_the_languages_are_completed(store_path):
    assert completed(store_path, "bash", "scorepad --lang ").split() == ["en", "it", "pt", "es", "nl", "sv"]
    assert completed(store_path, "bash", "scorepad --lang s").split() == ["sv"]
