"""No function of scorepad is longer than a screen: past 60 lines, a function is split into named steps."""

from __future__ import annotations

import ast
from collections.abc import Iterator
from pathlib import Path

import scorepad

PACKAGE = Path(scorepad.__file__).parent
MOST_LINES = 60


def functions(path: Path) -> Iterator[tuple[str, int]]:
    """Each function and method of a module, by its line and name, with its lines from its first decorator to its end."""
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"), str(path))):
        if isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef):
            first = min([node.lineno, *(decorator.lineno for decorator in node.decorator_list)])
            assert node.end_lineno is not None
            yield f"{node.lineno} {node.name}", node.end_lineno - first + 1


def test_no_function_of_scorepad_is_over_60_lines():
    modules = sorted(PACKAGE.rglob("*.py"))
    assert len(modules) > 50  # the walk found the package
    long = {
        f"{path.relative_to(PACKAGE.parent)}:{place}": lines
        for path in modules
        for place, lines in functions(path)
        if lines > MOST_LINES
    }
    assert long == {}


def test_the_length_counts_decorators_docstring_and_body(tmp_path):
    module = tmp_path / "one.py"
    module.write_text('@cache\ndef f():\n    """Doc."""\n\n    return 1\n', encoding="utf-8")
    assert [lines for _, lines in functions(module)] == [5]
