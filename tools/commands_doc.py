"""Write docs/commands.md from the Typer app itself: every command, argument and option.

Run from the repository: ``python -m tools.commands_doc`` rewrites the page;
``--check`` exits 1 when the page is stale (tests/test_docs.py asks the same).
The page is built from the commands' own help texts and parameters, not from
Rich's rendering of ``--help``, so it does not change with the terminal or
with Rich's version.
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

import typer

from scorepad.cli.commands import subcommands
from scorepad.present.translation import speak

PAGE = Path(__file__).resolve().parent.parent / "docs" / "commands.md"

INTRO = """\
# Commands

Every command of `scorepad`, with its arguments, options and examples. This
page is written from the program itself by `python -m tools.commands_doc`, and
a test fails when it falls behind, so it says what the installed version does.
`scorepad COMMAND --help` shows the same on a terminal.

The rules these commands keep are in [rules.md](rules.md), the deal-record
notation of `scorepad audit` in [deal-record.md](deal-record.md), and the JSON
that `--json` prints in [json.md](json.md).
"""


def render() -> str:
    """The whole page, as Markdown."""
    from scorepad.cli.main import app

    group = typer.main.get_command(app)
    assert isinstance(group, typer.core.TyperGroup)
    parts = [INTRO, "## scorepad\n", _text(group.help or ""), _params("scorepad", group.params)]
    by_panel: dict[str, list[str]] = {}
    for name, command in subcommands(group).items():
        by_panel.setdefault(getattr(command, "rich_help_panel", None) or "Commands", []).append(name)
    parts.append("Commands by what they are for:\n")
    for panel, names in by_panel.items():
        parts.append(f"- {panel}: " + ", ".join(f"[`{n}`](#scorepad-{n})" for n in names))
    parts.append("")
    for name, command in subcommands(group).items():
        parts += _section(f"scorepad {name}", command)
    return "\n".join(parts).rstrip() + "\n"


def _section(path: str, command) -> list[str]:
    """A command's part of the page; a group's, then each of its commands' (``scorepad night new``)."""
    from scorepad.cli.helptext import filled

    usage = " ".join(_usage(p) for p in command.params if not getattr(p, "hidden", False))
    commands = subcommands(command)
    if commands:
        usage = (usage + " COMMAND [ARGS]...").strip()
    parts = [f"## {path}\n", f"```\n{path} {usage}\n```\n".replace("  ", " "), _text(filled(command.help or ""))]
    params = _params(path, command.params)
    if params:
        parts.append(params)
    if commands:
        parts.append("Its commands: " + ", ".join(f"[`{n}`](#{path.replace(' ', '-')}-{n})" for n in commands) + ".\n")
    for name, subcommand in commands.items():
        parts += _section(f"{path} {name}", subcommand)
    return parts


def _text(help_text: str) -> str:
    """The help text: paragraphs as they are, a ``\\b`` block (Click's "keep as is") as a code block."""
    out = []
    for paragraph in help_text.strip().split("\n\n"):
        if paragraph.startswith("\b"):
            lines = [line[2:] if line.startswith("  ") else line for line in paragraph[1:].strip("\n").splitlines()]
            out.append("```sh\n" + "\n".join(lines) + "\n```")
        else:
            out.append(" ".join(line.strip() for line in paragraph.splitlines()))
    return "\n\n".join(out) + "\n"


def _usage(param) -> str:
    if param.param_type_name == "argument":
        return (param.metavar or param.name.upper()) + ("" if param.required else "?")
    return f"[{param.opts[0]}{'' if param.is_flag else ' ' + _metavar(param)}]"


def _metavar(param) -> str:
    if param.metavar:
        return param.metavar
    choices = getattr(param.type, "choices", None)
    if choices:
        return "|".join(str(getattr(c, "value", c)) for c in choices)
    names = {"int": "N", "int range": "N", "str": "TEXT", "path": "PATH", "_parse_date": "YYYY-MM-DD"}
    return names.get(param.type.name, param.type.name.upper())


def _params(command: str, params) -> str:
    rows = []
    for param in params:
        if getattr(param, "hidden", False):
            continue
        if param.param_type_name == "argument":
            names = f"`{param.metavar or param.name.upper()}`"
        else:
            flags = [*param.opts, *param.secondary_opts]
            shown = flags if param.is_flag else [f"{f} {_metavar(param)}" for f in flags]
            names = ", ".join(f"`{f}`" for f in shown)
        help_text = _cell(" ".join((getattr(param, "help", None) or "").split()))
        default = param.default
        if param.param_type_name == "option" and default not in (None, False, ()) and not callable(default):
            help_text += f" Default: `{getattr(default, 'value', default)}`."
        if getattr(param, "envvar", None):
            help_text += f" Also from `${param.envvar}`."
        rows.append(f"| {_cell(names)} | {help_text} |")
    if not rows:
        return ""
    return "| argument or option | what it does |\n|---|---|\n" + "\n".join(rows) + "\n"


def _cell(text: str) -> str:
    """Text in a Markdown table cell: a bar would end the cell."""
    return text.replace("|", "\\|")


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--check", action="store_true", help="exit 1 if docs/commands.md is not what would be written")
    args = parser.parse_args()
    speak("en")  # the page is English, whatever the locale of whoever writes it
    page = render()
    if args.check:
        if not PAGE.exists() or PAGE.read_text(encoding="utf-8") != page:
            print(f"{PAGE} is stale: run python -m tools.commands_doc", file=sys.stderr)
            return 1
        return 0
    PAGE.parent.mkdir(exist_ok=True)
    PAGE.write_text(page, encoding="utf-8")
    print(f"wrote {PAGE} ({len(page.encode())} bytes)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
