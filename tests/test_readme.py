"""The README's commands are run, in order, so they cannot drift from what scorepad does."""

from __future__ import annotations

import os
import random
import re
import subprocess
import sys
from pathlib import Path

from scorepad.core.record import write_record
from scorepad.core.rules import CLASSIC

from .dealgen import random_deal

ROOT = Path(__file__).resolve().parents[1]
README = (ROOT / "README.md").read_text(encoding="utf-8")
#: What a person's shell runs: scorepad from the environment these tests run in.
BIN = str(Path(sys.executable).parent)


def blocks(language: str) -> list[str]:
    return re.findall(rf"```{language}\n(.*?)```", README, flags=re.S)


def test_the_readme_opens_with_the_two_commands():
    first, second = blocks("sh")[:2]
    assert first.strip().startswith("pip install . && scorepad new")
    assert second.strip() == "pip install '.[test]' && python -m pytest"
    # CI runs the README's test command word for word.
    assert second.strip() in (ROOT / ".ci" / "run").read_text()


#: A console example's line that stands for the rest of a command's output, left out.
LEFT_OUT = "…"


def examples() -> list[tuple[str, list[str] | None]]:
    """Every scorepad command the README shows, in order, with the output it shows.

    A console example shows a command's whole output (nothing, if nothing is
    shown), or its start and then ``…``; of a ``sh`` block's commands (None)
    the README shows no output. Installing, running the tests and the
    PostgreSQL block (it needs a server elsewhere) are a reader's own steps,
    not scorepad's: they are left out.
    """
    found: list[tuple[str, list[str] | None]] = []
    for language, body in re.findall(r"```(sh|console)\n(.*?)```", README, flags=re.S):
        if language == "sh":
            if "export SCOREPAD_DB" in body:
                continue
            for line in body.splitlines():
                line = re.sub(r"\s+# .*$", "", line).strip()  # a comment after the command
                found += [(part, None) for part in line.split(" && ") if "scorepad" in part.split(" |")[-1]]
            continue
        for line in body.splitlines():
            if line.startswith("$ "):
                found.append((line[2:], []))
            else:
                shown = found[-1][1]
                assert shown is not None
                shown.append(line)
    return found


def records(folder: Path) -> None:
    """The deal records the README's audit examples name: complete, legal deals of Ann, Bob and Cat.

    ``deal7.txt`` is the deal that match 3 has next when the examples reach it: Ann deals.
    """
    rng = random.Random(7)
    made = []
    while len(made) < 3:
        record, _ = random_deal(3, CLASSIC, rng)
        if not made and record.dealer != "Ann":
            continue
        made.append(write_record(record))
    (folder / "deal7.txt").write_text(made[0], encoding="utf-8")
    (folder / "club").mkdir()
    for number, text in enumerate(made[1:], start=1):
        (folder / "club" / f"deal{number}.txt").write_text(text, encoding="utf-8")


def test_every_example_runs_in_order_from_a_new_store_as_it_stands(tmp_path):
    records(tmp_path)
    env = dict(os.environ, SCOREPAD_DB=str(tmp_path / "store.db"), PATH=f"{BIN}:{os.environ['PATH']}")
    env.pop("SCOREPAD_DEBUG", None)
    ran = examples()
    assert len(ran) > 20
    for command, shown in ran:
        done = subprocess.run(["bash", "-c", command], cwd=tmp_path, env=env, capture_output=True, text=True)
        assert done.returncode == 0, f"{command}\n{done.stdout}\n{done.stderr}"
        assert "Traceback" not in done.stderr, command
        if shown is None:
            continue
        out = [line.rstrip() for line in done.stdout.splitlines()]
        shown = [line.rstrip() for line in shown]
        if shown[-1:] == [LEFT_OUT]:
            assert out[: len(shown) - 1] == shown[:-1], command
            assert len(out) >= len(shown), f"{command}: nothing is left out after what the README shows"
        else:
            assert out == shown, command
    final = subprocess.run(["scorepad", "status", "--match", "2", "--json"], env=env, capture_output=True, text=True)
    assert '"winner": "Ann"' in final.stdout and '"Ann": 30, "Bob": 30, "Cat": 69' in final.stdout
