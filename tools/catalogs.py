"""The message catalogs: extract scorepad's messages, update each language's .po, compile the .mo files.

Run from the repository:

- ``python -m tools.catalogs extract``: writes ``scorepad/locale/scorepad.pot``
  from every ``_()``, ``ngettext()`` and ``N_()`` in the code, and from the
  help of every command and option of the Typer app (docstrings are not
  calls, so Babel's extractor alone would miss them), then merges it into
  each language's ``.po``: new messages appear there untranslated, and a test
  fails until someone translates them.
- ``python -m tools.catalogs compile``: writes the ``.mo`` files next to the
  ``.po`` sources, for a source tree that runs as it is (an editable install).
  The package build compiles them into the wheel (``setup.py``) and the tests
  into a folder of their own (``tests/conftest.py``); compiled files are never
  committed.
- ``python -m tools.catalogs check``: every message of every language is
  translated and keeps the placeholders of the English text.

Babel is needed here and by the build, never when scorepad runs.
"""

from __future__ import annotations

import argparse
import re
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
LOCALE = ROOT / "scorepad" / "locale"
TEMPLATE = LOCALE / "scorepad.pot"
KEYWORDS = {"_": None, "ngettext": (1, 2), "N_": None, "Counted": (1, 2)}
#: What must come through a translation unchanged: {name} fields, and the options and commands it names.
PLACEHOLDER = re.compile(
    r"\{[^{}]*\}|--[a-z][a-z-]*|\bscorepad (?:new|deal|misdeal|undo|fix|abandon|rename|status|history|matches"
    r"|doctor|rules|export|import|play|audit|stats|ratings|chart|report)\b"
)


def po_path(language: str) -> Path:
    return LOCALE / language / "LC_MESSAGES" / "scorepad.po"


def languages() -> list[str]:
    from scorepad.present.translation import LANGUAGES

    return [code for code in LANGUAGES if code != "en"]


def extract():
    """The catalog of every message, from the code and from the command-line help."""
    from babel.messages.catalog import Catalog
    from babel.messages.extract import extract_from_dir

    catalog = Catalog(project="scorepad", charset="utf-8")
    for filename, lineno, message, comments, context in extract_from_dir(
        str(ROOT / "scorepad"), keywords=KEYWORDS, comment_tags=("TRANSLATORS:",), strip_comment_tags=True
    ):
        catalog.add(message, locations=[(f"scorepad/{filename}", lineno)], auto_comments=comments, context=context)
    for text, where in help_texts():
        catalog.add(text, locations=[(where, 0)])
    return catalog


def help_texts() -> list[tuple[str, str]]:
    """Every help text of the command line, as the help formatter looks it up (see scorepad/cli/helptext.py)."""
    import typer

    from scorepad.cli.helptext import paragraphs
    from scorepad.cli.main import app

    group = typer.main.get_command(app)
    found: list[tuple[str, str]] = []

    def add(text: str | None, where: str) -> None:
        for paragraph in paragraphs(text or ""):
            found.append((paragraph, where))

    add(group.help, "scorepad --help")
    add(group.epilog, "scorepad --help")
    commands = [("", group), *getattr(group, "commands", {}).items()]
    for name, command in commands:
        where = f"scorepad {name} --help".replace("  ", " ")
        if name:
            add(command.help, where)
            add(command.short_help, where)
        for param in command.params:
            add(getattr(param, "help", None), where)
    return found


def update(catalog) -> None:
    """Write the template and merge it into every language's .po, keeping what is translated."""
    from babel.messages.catalog import Catalog
    from babel.messages.pofile import read_po, write_po

    TEMPLATE.parent.mkdir(parents=True, exist_ok=True)
    with TEMPLATE.open("wb") as file:
        write_po(file, catalog, width=100, omit_header=False, sort_output=True, include_lineno=False)
    for language in languages():
        path = po_path(language)
        if path.exists():
            with path.open("rb") as file:
                translated = read_po(file, locale=language)
        else:
            translated = Catalog(locale=language, project="scorepad", charset="utf-8")
        translated.update(catalog, no_fuzzy_matching=True)
        translated.obsolete.clear()  # a message gone from the code goes from the catalogs
        path.parent.mkdir(parents=True, exist_ok=True)
        with path.open("wb") as file:
            write_po(file, translated, width=100, sort_output=True, include_lineno=False)


def compile_all(into: Path = LOCALE) -> list[Path]:
    """Compile each .po into its .mo, under ``into`` (the source tree, or a build's copy of the package)."""
    from babel.messages.mofile import write_mo
    from babel.messages.pofile import read_po

    written = []
    for language in languages():
        with po_path(language).open("rb") as file:
            catalog = read_po(file, locale=language)
        target = into / language / "LC_MESSAGES" / "scorepad.mo"
        target.parent.mkdir(parents=True, exist_ok=True)
        with target.open("wb") as file:
            write_mo(file, catalog, use_fuzzy=False)
        written.append(target)
    return written


def problems(language: str) -> list[str]:
    """What is wrong with a language's catalog: messages missing from it, untranslated, or with lost placeholders."""
    from babel.messages.pofile import read_po

    with TEMPLATE.open("rb") as file:
        template = read_po(file)
    with po_path(language).open("rb") as file:
        catalog = read_po(file, locale=language)
    found = []
    for message in template:
        if not message.id:
            continue
        key = message.id if isinstance(message.id, str) else message.id[0]
        own = catalog.get(message.id)
        if own is None:
            found.append(f"{language}: missing {key!r}")
            continue
        ids = [message.id] if isinstance(message.id, str) else list(message.id)
        strings = [own.string] if isinstance(own.string, str) else list(own.string)
        if own.fuzzy or not all(strings):
            found.append(f"{language}: not translated {key!r}")
            continue
        wanted = set(PLACEHOLDER.findall(ids[-1]))
        # A plural form may say "once" for {count}, as English does; nothing else may go or come.
        may_drop = {"{count}"} if len(ids) > 1 else set()
        for string in strings:
            kept = set(PLACEHOLDER.findall(string))
            if not kept <= wanted or not wanted - may_drop <= kept:
                found.append(f"{language}: placeholders of {key!r} are {sorted(wanted)}, not {sorted(kept)}")
    return found


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("action", choices=("extract", "compile", "check"))
    args = parser.parse_args()
    if args.action == "extract":
        catalog = extract()
        update(catalog)
        print(f"{len(catalog)} messages in {TEMPLATE.relative_to(ROOT)}; merged into {', '.join(languages())}")
    elif args.action == "compile":
        for path in compile_all():
            print(f"wrote {path.relative_to(ROOT)}")
    else:
        found = [problem for language in languages() for problem in problems(language)]
        print("\n".join(found) or "every catalog is complete", file=sys.stderr if found else sys.stdout)
        return 1 if found else 0
    return 0


if __name__ == "__main__":
    sys.exit(main())
