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


DATABASE = {"sqlalchemy", "sqlmodel", "alembic", "sqlite3", "psycopg", "pydantic"}


def imports_by_layer() -> dict[str, dict[Path, set[str]]]:
    """Each module's imports, absolute (``scorepad.store.db``), by the layer (folder) it lives in."""
    layers: dict[str, dict[Path, set[str]]] = {}
    for path in PACKAGE.rglob("*.py"):
        parts = path.relative_to(PACKAGE).parts
        layer = parts[0] if len(parts) > 1 else "top"
        package = ["scorepad", *parts[:-1]]
        found = set()
        for name in imports_of(path):
            level = len(name) - len(name.lstrip("."))
            if level:  # relative: resolve against the module's own package
                base = package[: len(package) - level + 1]
                name = ".".join([*base, name[level:]] if name[level:] else base)
            found.add(name)
        layers.setdefault(layer, {})[path] = found
    return layers


def layer_of(name: str) -> str | None:
    parts = name.split(".")
    return parts[1] if parts[0] == "scorepad" and len(parts) > 1 else None


LAYERS = imports_by_layer()


def test_every_layer_is_a_folder_that_says_what_belongs_there():
    assert set(LAYERS) == {"core", "store", "app", "present", "cli", "web", "top"}
    for layer in ("core", "store", "app", "present", "cli", "web"):
        doc = ast.get_docstring(ast.parse((PACKAGE / layer / "__init__.py").read_text(encoding="utf-8")))
        assert doc and len(doc) > 60, f"scorepad/{layer}/__init__.py should say what belongs there"


def test_the_rules_core_imports_only_the_standard_library_and_itself():
    for path, names in LAYERS["core"].items():
        for name in names:
            if name.startswith("scorepad"):
                assert layer_of(name) == "core", f"{path.name} imports {name}"
            else:
                assert name.split(".")[0] in sys.stdlib_module_names, f"{path.name} imports {name}"
                assert name.split(".")[0] not in DATABASE, f"{path.name} imports {name}"


def test_the_core_reads_no_catalog_and_no_environment():
    """Choosing the language and reading its catalog are the edge's (present.translation, cli.language_choice)."""
    for path in LAYERS["core"]:
        tree = ast.parse(path.read_text(encoding="utf-8"))
        for node in ast.walk(tree):
            if isinstance(node, ast.Attribute):
                assert node.attr not in ("environ", "getenv"), f"{path.name} reads the environment"
        assert not {"gettext", "locale"} & LAYERS["core"][path], f"{path.name} reads a catalog"


def test_only_the_store_knows_the_database():
    for layer, modules in LAYERS.items():
        if layer == "store":
            continue
        for path, names in modules.items():
            used = {n.split(".")[0] for n in names} & DATABASE
            assert not used, f"{path.relative_to(PACKAGE)} imports {used}: only scorepad/store/ may"


WEB = {"starlette", "uvicorn", "anyio", "h11"}
#: The one module of the command line that starts the web edge: ``scorepad night board``, when it runs.
BOARD_COMMAND = PACKAGE / "cli" / "board.py"


def test_only_the_web_edge_knows_the_web_server():
    for layer, modules in LAYERS.items():
        for path, names in modules.items():
            used = {n.split(".")[0] for n in names} & WEB
            assert layer == "web" or not used, f"{path.relative_to(PACKAGE)} imports {used}"
    assert {"starlette", "uvicorn"} <= {n.split(".")[0] for names in LAYERS["web"].values() for n in names}


def test_nothing_imports_the_web_edge_but_the_command_that_starts_it():
    for layer, modules in LAYERS.items():
        if layer == "web":
            continue
        for path, names in modules.items():
            imports_web = any(layer_of(n) == "web" for n in names)
            assert path == BOARD_COMMAND or not imports_web, f"{path.relative_to(PACKAGE)} imports the web edge"
    assert any(layer_of(n) == "web" for n in LAYERS["cli"][BOARD_COMMAND])


#: What the web edge takes of the store, as the command line does: the type of the store the command opened,
#: and the store's refusals. Everything else it reads through the use cases of ``scorepad.app``.
WEB_STORE = {"scorepad.store.db", "scorepad.store.errors"}


def test_the_web_edge_reads_through_the_app_never_the_store():
    for path, names in LAYERS["web"].items():
        taken = {n for n in names if layer_of(n) == "store"}
        assert taken <= WEB_STORE, f"{path.relative_to(PACKAGE)} imports {taken - WEB_STORE}"


def test_each_layer_imports_only_the_layers_below_it():
    allowed = {
        "core": {"core"},
        "store": {"core", "store"},
        "app": {"core", "store", "app"},
        "present": {"core", "app", "present"},  # the values the app returns, never the store
        "cli": {"core", "store", "app", "present", "cli", "web"},  # the board's command starts the web edge
        "web": {"core", "store", "app", "present", "web"},  # the second edge, beside the command line
        "top": {"cli"},
    }
    for layer, modules in LAYERS.items():
        for path, names in modules.items():
            for name in names:
                used = layer_of(name)
                if used is not None:
                    assert used in allowed[layer], f"{path.relative_to(PACKAGE)} ({layer}) imports {name}"


def test_nothing_imports_the_cli():
    """Nor the web edge: each edge stands on the layers below, never on the other."""
    for layer, modules in LAYERS.items():
        if layer in ("cli", "top"):  # __main__ runs it
            continue
        for path, names in modules.items():
            assert not any(layer_of(n) == "cli" for n in names), path


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
    line = next(x for x in result.stderr.splitlines() if x.startswith("MODULES "))
    return result.stdout, set(line.split()[1:])


@pytest.mark.parametrize("args, shows", [(("--help",), "Usage"), (("deal", "--help"), "--renege"), ((), "status")])
def test_help_and_completion_do_not_load_the_database_layer(args, shows):
    output, loaded = loaded_after(*args)
    assert shows in output
    assert not {"sqlmodel", "sqlalchemy", "alembic"} & loaded


@pytest.mark.parametrize(
    "args",
    [("--help",), ("night", "--help"), ("night", "board", "--help"), ("night", "status", "--help"), ()],
)
def test_no_help_and_no_completion_loads_the_web_server(args):
    output, loaded = loaded_after(*args)
    assert output
    assert not {"starlette", "uvicorn", "anyio", "scorepad.web"} & loaded


def test_another_command_of_the_night_loads_no_web_server(tmp_path):
    """``night status`` runs (and is refused: no night yet) without the board's server."""
    _, loaded = loaded_after("--db", str(tmp_path / "club.db"), "night", "status")
    assert "scorepad.cli.night_commands" in loaded
    assert not {"starlette", "uvicorn", "anyio", "scorepad.cli.board", "scorepad.web"} & loaded


def test_the_root_names_each_command_by_the_module_that_registers_it():
    """The root imports a command's module by the name it lists it under: each module registers exactly those."""
    import importlib

    import typer.main

    from scorepad.cli.main import Scorepad

    for module, names in Scorepad.modules.items():
        registered = typer.Typer()
        importlib.import_module(f"scorepad.cli.{module}").register(registered)
        found = tuple(
            i.name or typer.main.get_command_name(i.callback.__name__) for i in registered.registered_commands
        )
        groups = tuple(i.typer_instance.info.name for i in registered.registered_groups if i.typer_instance)
        assert groups + found == names, module


def test_one_commands_help_imports_no_other_commands_module():
    others = {f"scorepad.cli.{m}" for m in ("audit", "club", "play", "rules_command", "transfer")}
    output, loaded = loaded_after("deal", "--help")
    assert "--renege" in output
    assert "scorepad.cli.entries" in loaded and not others & loaded
    _, loaded = loaded_after("rules", "--help")
    assert "scorepad.cli.rules_command" in loaded and not others - {"scorepad.cli.rules_command"} & loaded


def test_the_migration_scripts_are_the_one_list_of_revisions():
    """The store reads the revisions off the scripts' names, and knows its head as a constant (for the quick
    reader, which must not import Alembic); Alembic reads them inside: they must agree."""
    from alembic.script import ScriptDirectory

    from scorepad.store.db import revisions
    from scorepad.store.migrate import config
    from scorepad.store.schema import HEAD

    scripts = ScriptDirectory.from_config(config())
    assert scripts.get_current_head() == HEAD
    chain = [s.revision for s in reversed(list(scripts.walk_revisions()))]
    assert tuple(chain) == revisions()  # one line of revisions, oldest first, each named as its file
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

    from scorepad.cli.commands import subcommands
    from scorepad.cli.main import app

    group = typer.main.get_command(app)
    commands = [([name], command) for name, command in subcommands(group).items()]
    for path, command in list(commands):  # a group's commands too: scorepad night new
        commands += [([*path, name], each) for name, each in subcommands(command).items()]
    for path, command in commands:
        name = " ".join(path)
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
            assert words[: len(path)] == path, example
            command.make_context(name, words[len(path) :])  # a usage error raises here
