"""Every file of the repository that the docs, the README and the code name exists, and nothing names a file outside.

The product's own ``docs/`` is its reference: a comment that sends a reader to
a page the repository does not hold (a design note of the project's making, a
folder beside the checkout) leads nowhere on a fresh clone.
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
THIS = Path(__file__).resolve()

#: A repository path as prose names it: a top folder, then a file or a folder (``scorepad/core/record.py``,
#: ``docs/rules.md``, ``.ci/run``). A path in braces or with a wildcard is a pattern, not a file.
NAMED = re.compile(r"(?<![\w./-])((?:scorepad|docs|tests|tools|\.ci)/[\w./-]*[\w/])")
#: A path inside the package, as its own modules and the README's layout name it: ``store/db.py``, ``cli/``.
IN_PACKAGE = re.compile(r"(?<![\w./-])((?:core|store|app|present|cli|web|locale)/[\w./-]*[\w/])")
PATTERN = re.compile(r"[*{<]")
#: What a reader outside this repository's tree would have to find: the design notes kept beside it.
OUTSIDE = re.compile(r"(?<![\w./-])(spec/|\.\./shared|(?:RULES|NIGHT|CLI|ENTRY|DEAL-RECORD)\.md)")


def sources() -> list[Path]:
    """The docs, the README, and the source of the package, its tests, its tools and its CI scripts."""
    found = [ROOT / "README.md", *sorted((ROOT / "docs").glob("*.md"))]
    for folder in ("scorepad", "tests", "tools"):
        found += sorted(p for p in (ROOT / folder).rglob("*.py") if "__pycache__" not in p.parts)
    found += sorted(p for p in (ROOT / ".ci").iterdir() if p.is_file())
    return [path for path in found if path != THIS]


def where(path: Path) -> str:
    return str(path.relative_to(ROOT))


def lines() -> Iterator[tuple[str, str]]:
    """Each line of every source, with its place (``docs/rules.md:12``)."""
    for source in sources():
        for number, line in enumerate(source.read_text(encoding="utf-8").splitlines(), start=1):
            yield f"{where(source)}:{number}", line


def test_every_repository_path_named_exists():
    missing = []
    for place, line in lines():
        for pattern, folder in ((NAMED, ROOT), (IN_PACKAGE, ROOT / "scorepad")):
            for named in pattern.findall(line):
                after = line[line.find(named) + len(named) :][:1]
                if not PATTERN.match(after) and not (folder / named).exists():
                    missing.append(f"{place}: {named}")
    assert not missing, "named but not in the repository:\n" + "\n".join(missing)


def test_nothing_names_a_file_outside_the_repository():
    outside = [f"{place}: {line.strip()}" for place, line in lines() if OUTSIDE.search(line)]
    assert not outside, "names a file outside the repository:\n" + "\n".join(outside)
