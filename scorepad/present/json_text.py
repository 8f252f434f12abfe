"""JSON text that is safe to show: the same value, every control character in it a ``\\u`` escape.

What scripts read on a terminal (``--json``), and what the live board sends
its page: one function, so both write a value's JSON alike.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

if TYPE_CHECKING:
    import re


def json_text(value: object, ensure_ascii: bool = False, indent: int | None = None) -> str:
    """``json.dumps``, with every control character as a ``\\u`` escape: the same value, safe on a terminal.

    JSON escapes only the C0 controls itself; DEL, C1 controls, bidi controls and line
    separators from an old store's names would be written as they are.
    """
    import json

    text = json.dumps(value, ensure_ascii=ensure_ascii, indent=indent)
    if text.isascii() and "\x7f" not in text:  # JSON escaped the other ASCII controls; indent's new lines stay
        return text
    from ..core.text import CONTROL

    # Outside its strings JSON holds only printable ASCII and, indented, new lines: any
    # other match is inside a string, where a \u escape stands for the same character.
    return CONTROL.sub(_json_escape, text)


def _json_escape(found: re.Match[str]) -> str:
    return found[0] if found[0] == "\n" else f"\\u{ord(found[0]):04x}"
