"""The message catalogs: extract scorepad's messages, update each language's .po, compile the .mo files.

Run from the repository:

- ``python -m tools.catalogs extract``: writes ``scorepad/locale/scorepad.pot``
  from every ``_()``, ``ngettext()``, ``pgettext()`` and ``N_()`` in the code, and from the
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
  translated and keeps the placeholders of the English text, and no
  translation uses a word that ``docs/glossary.md`` says its language avoids
  (nor an English message a word the English table avoids).
- ``python -m tools.catalogs glossary``: the glossary's part of ``check`` alone.

Babel is needed here and by the build, never when scorepad runs.
"""

from __future__ import annotations

import argparse
import re
import sys
from collections.abc import Iterable
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
LOCALE = ROOT / "scorepad" / "locale"
TEMPLATE = LOCALE / "scorepad.pot"
GLOSSARY = ROOT / "docs" / "glossary.md"
KEYWORDS = {"_": None, "ngettext": (1, 2), "pgettext": ((1, "c"), 2), "N_": None, "Counted": (1, 2)}
#: What must come through a translation unchanged: {name} fields, and the options and commands it names.
PLACEHOLDER = re.compile(
    r"\{[^{}]*\}|--[a-z][a-z-]*|\bscorepad (?:new|deal|misdeal|undo|fix|abandon|rename|status|history|matches"
    r"|doctor|rules|export|import|play|audit|stats|ratings|chart|report|seat"
    r"|night(?: (?:new|status|next|leave|join|export))?|nights)\b"
)
#: A glossary table's heading names its language in brackets: "## Dutch (nl)".
GLOSSARY_HEADING = re.compile(r"^#+ [^(]*\((?P<language>[a-z]{2})\)")
#: A word followed by "=" is notation, the same in every language: a rule option (slam=) or a NAME=SCORE.
NOTATION = re.compile(r"\w+=")


def po_path(language: str) -> Path:
    return LOCALE / language / "LC_MESSAGES" / "scorepad.po"


def languages() -> list[str]:
    from scorepad.present.translation import LANGUAGES

    return [code for code in LANGUAGES if code != "en"]


def locale_of(language: str) -> str:
    """The locale a language's catalog declares in its header: ``pt_BR`` for ``pt`` (scorepad/core/languages.py)."""
    from scorepad.core.languages import LANGUAGES

    return LANGUAGES[language].locale


def extract():
    """The catalog of every message, from the code and from the command-line help."""
    from babel.messages.catalog import Catalog
    from babel.messages.extract import extract_from_dir

    from scorepad import __version__

    catalog = Catalog(project="scorepad", version=__version__, charset="utf-8")
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

    from scorepad.cli.commands import subcommands
    from scorepad.cli.helptext import paragraphs
    from scorepad.cli.main import app

    group = typer.main.get_command(app)
    found: list[tuple[str, str]] = []

    def add(text: str | None, where: str) -> None:
        for paragraph in paragraphs(text or ""):
            found.append((paragraph, where))

    add(group.help, "scorepad --help")
    add(group.epilog, "scorepad --help")
    commands = [("", group), *subcommands(group).items()]
    for name, command in list(commands[1:]):  # a group's commands too: scorepad night new
        commands += [(f"{name} {sub}", each) for sub, each in subcommands(command).items()]
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
                translated = read_po(file, locale=locale_of(language))
        else:
            translated = Catalog(locale=locale_of(language), project="scorepad", charset="utf-8")
        translated.update(catalog, no_fuzzy_matching=True)
        translated.version = catalog.version  # Project-Id-Version follows the package's, release after release
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
            catalog = read_po(file, locale=locale_of(language))
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
        catalog = read_po(file, locale=locale_of(language))
    found = []
    for message in template:
        if not message.id:
            continue
        key = message.id if isinstance(message.id, str) else message.id[0]
        own = catalog.get(message.id, context=message.context)
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


def glossary_tables(glossary: str) -> dict[str, list[dict[str, str]]]:
    """Each language's table in docs/glossary.md: its rows, each a mapping of the column names to the cells."""
    tables: dict[str, list[dict[str, str]]] = {}
    language, columns = "", []
    for line in glossary.splitlines():
        if heading := GLOSSARY_HEADING.match(line):
            language, columns = heading["language"], []
        elif language and line.startswith("|") and not set(line) <= set("|-: "):
            cells = [cell.strip() for cell in line.strip().strip("|").split("|")]
            if columns:
                tables[language].append(dict(zip(columns, cells, strict=False)))
            else:  # the header row
                columns, tables[language] = cells, []
    return tables


def avoided_words(rows: Iterable[dict[str, str]]) -> list[str]:
    """The words of a language's table to avoid: its ``avoid`` column, comma separated."""
    return [word.strip() for row in rows for word in row.get("avoid", "").split(",") if word.strip()]


def whole_words(word: str) -> re.Pattern[str]:
    """A word, or words, found whole in any case; a space between two words matches any run of spaces."""
    return re.compile(r"(?<!\w)" + r"\s+".join(map(re.escape, word.split())) + r"(?!\w)", re.IGNORECASE)


def glossary_problems(language: str, avoid: Iterable[str], catalog) -> list[str]:
    """Each message of a catalog whose translation (English: whose own text) uses an avoided word."""
    patterns = {word: whole_words(word) for word in avoid}
    found = []
    for message in catalog:
        if not message.id:
            continue
        key = message.id if isinstance(message.id, str) else message.id[0]
        own = message.id if language == "en" else message.string
        texts = [own] if isinstance(own, str) else list(own)
        # Fields, options, commands and notation are no words of a language.
        prose = [NOTATION.sub(" ", PLACEHOLDER.sub(" ", text)) for text in texts if text]
        for word, pattern in patterns.items():
            if any(pattern.search(text) for text in prose):
                found.append(f"{language}: {word!r} in {key!r}: {' | '.join(texts)}")
    return found


def glossary_findings() -> list[str]:
    """Every avoided word used in a catalog, and every language the glossary has no table for."""
    from babel.messages.pofile import read_po

    tables = glossary_tables(GLOSSARY.read_text(encoding="utf-8"))
    found = []
    for language in ["en", *languages()]:
        if language not in tables:
            found.append(f"{language}: no table in {GLOSSARY.name}")
            continue
        with (TEMPLATE if language == "en" else po_path(language)).open("rb") as file:
            catalog = read_po(file, locale=None if language == "en" else language)
        found += glossary_problems(language, avoided_words(tables[language]), catalog)
    return found


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("action", choices=("extract", "compile", "check", "glossary"))
    args = parser.parse_args(argv)
    if args.action == "extract":
        catalog = extract()
        update(catalog)
        print(f"{len(catalog)} messages in {TEMPLATE.relative_to(ROOT)}; merged into {', '.join(languages())}")
    elif args.action == "compile":
        for path in compile_all():
            print(f"wrote {path.relative_to(ROOT)}")
    elif args.action == "check":
        found = [problem for language in languages() for problem in problems(language)]
        return report(found + glossary_findings(), "every catalog is complete and follows the glossary")
    else:
        return report(glossary_findings(), "no catalog uses a word the glossary avoids")
    return 0


def report(found: list[str], fine: str) -> int:
    """Print what was found on stderr, exit 1; or say all is fine, exit 0."""
    print("\n".join(found) or fine, file=sys.stderr if found else sys.stdout)
    return 1 if found else 0


if __name__ == "__main__":
    sys.exit(main())
