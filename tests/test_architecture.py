"""The shape of the house: one-way imports, light --help, migrations in step with the code."""

import ast
import subprocess
import sys
from pathlib import Path

import pytest

PACKAGE = Path(__file__).resolve().parents[1] / "scorepad"


def imports_of(path: Path) -> set[str]:
    tree = ast.parse(path.read_text(encoding="utf-8"))
    found = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            found |= {alias.name for alias in node.names}
        elif isinstance(node, ast.ImportFrom):
            base = "." * node.level + (node.module or "")
            found.add(base)
    return found


def test_the_rules_core_imports_only_the_standard_library_and_itself():
    for path in (PACKAGE / "core").glob("*.py"):
        for name in imports_of(path):
            if name.startswith("."):
                assert not name.startswith(".."), f"{path.name} imports {name}"
                continue
            assert name.split(".")[0] in sys.stdlib_module_names, f"{path.name} imports {name}"


def test_nothing_imports_the_cli():
    for path in PACKAGE.rglob("*.py"):
        if "cli" in path.relative_to(PACKAGE).parts or path.name == "__main__.py":
            continue
        assert not any("cli" in name.split(".") for name in imports_of(path)), path


def loaded_after(*args: str) -> tuple[str, set[str]]:
    """What a real ``scorepad`` process prints, and the modules it has loaded when it exits."""
    code = (
        "import sys, atexit\n"
        "atexit.register(lambda: sys.__stderr__.write('MODULES ' + ' '.join(sys.modules) + '\\n'))\n"
        f"sys.argv = ['scorepad', *{list(args)!r}]\n"
        "from scorepad.cli.main import run\n"
        "run()\n"
    )
    env = {"PATH": "/usr/bin:/bin"}
    if not args:  # what the shell does when the user presses TAB after "scorepad st"
        env |= {"_SCOREPAD_COMPLETE": "complete_bash", "COMP_WORDS": "scorepad st", "COMP_CWORD": "1"}
    result = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, env=env)
    line = next(l for l in result.stderr.splitlines() if l.startswith("MODULES "))
    return result.stdout, set(line.split()[1:])


@pytest.mark.parametrize("args, shows", [(("--help",), "Usage"), (("deal", "--help"), "--renege"), ((), "status")])
def test_help_and_completion_do_not_load_the_database_layer(args, shows):
    output, loaded = loaded_after(*args)
    assert shows in output
    assert not {"sqlmodel", "sqlalchemy", "alembic"} & loaded


def test_the_migration_scripts_are_the_one_list_of_revisions():
    """The store reads the revisions off the scripts' names; Alembic reads them inside: they must agree."""
    from alembic.script import ScriptDirectory

    from scorepad.store.db import HEAD, REVISIONS
    from scorepad.store.migrate import config

    scripts = ScriptDirectory.from_config(config())
    assert scripts.get_current_head() == HEAD
    chain = [s.revision for s in reversed(list(scripts.walk_revisions()))]
    assert tuple(chain) == REVISIONS  # one line of revisions, oldest first, each named as its file
    for script in scripts.walk_revisions():
        assert Path(script.path).name.startswith(f"{script.revision}_"), script.path


def test_the_migrations_build_the_tables_the_models_describe(tmp_path):
    from sqlalchemy import create_engine, inspect

    from scorepad.store.db import Store
    from scorepad.store.models import SQLModel

    Store(f"sqlite:///{tmp_path / 'm.db'}").open(create=True).close()
    migrated = inspect(create_engine(f"sqlite:///{tmp_path / 'm.db'}"))
    for table in SQLModel.metadata.sorted_tables:
        columns = {c["name"]: c["nullable"] for c in migrated.get_columns(table.name)}
        assert columns == {c.name: c.nullable for c in table.columns}, table.name
        indexes = {tuple(i["column_names"]) for i in migrated.get_indexes(table.name)}
        assert {tuple(c.name for c in i.columns) for i in table.indexes} <= indexes, table.name


def test_every_command_has_help_with_examples_that_parse():
    """Each command's --help shows examples, and each example is a command line scorepad accepts."""
    import shlex

    import typer.main

    from scorepad.cli.main import app

    group = typer.main.get_command(app)
    for name, command in group.commands.items():
        text = command.help or ""
        assert "Example" in text, f"scorepad {name} --help has no example"
        lines = [line.strip() for line in text.split("Example", 1)[1].splitlines()]
        examples = [line for line in lines if "scorepad " in line]
        assert examples, name
        for example in examples:
            words = shlex.split(example[example.index("scorepad ") :])[1:]
            for shell in ("<", "|", ">"):  # the shell's redirections and pipes, not scorepad's
                if shell in words:
                    words = words[: words.index(shell)]
            while words[0].startswith("--"):  # the root's options: --db PATH, --ascii
                words = words[2:] if words[0] == "--db" else words[1:]
            assert words[0] == name, example
            command.make_context(name, words[1:])  # a usage error raises here
