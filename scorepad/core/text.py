"""Text that people typed and scorepad shows again: which characters it may not hold, and how they are shown.

Names are checked when they enter (``core.names``); a store written before that
check may still hold anything, so every output (a terminal, a CSV, an HTML
page) shows such a character through ``visible``, never as itself.
"""

from __future__ import annotations

import re
import unicodedata

#: Characters that act instead of showing:
#: - C0 and C1 controls and DEL (Unicode category Cc): ESC starts terminal sequences that can
#:   set the clipboard (OSC 52), clear the screen or retitle the window; NUL cuts text short
#:   in C programs; CR and BS overwrite what was shown;
#: - the line and paragraph separators U+2028 and U+2029: a new line in one character;
#: - the bidirectional controls (format characters, Cf): they reorder the text around them,
#:   so a name can show as another, or turn the rest of a line round ("Trojan Source").
#: Other format characters stay allowed in a match's name: zero-width joiners make emoji
#: and some scripts' letters, and they act on the characters next to them only.
#: Lone surrogates (Cs) are not text at all: no UTF-8 can encode them.
CONTROL = re.compile(
    "[\x00-\x1f\x7f-\x9f"  # Cc
    "\u2028\u2029"  # Zl, Zp
    "\u061c\u200e\u200f\u202a-\u202e\u2066-\u2069"  # bidi: ALM, LRM, RLM, LRE..RLO, LRI..PDI
    "\ud800-\udfff]"  # Cs
)
_SURROGATE = re.compile("[\ud800-\udfff]")

#: Characters a player's name may not hold although ``str.isprintable`` lets them by, because
#: they show as nothing, so that "Ann" and "Ann" plus one of them would be two players who
#: look alike. Unicode's Default_Ignorable_Code_Point property (DerivedCoreProperties.txt,
#: 15.1), the characters a renderer shows as nothing unless it knows them: the combining
#: grapheme joiner U+034F, the Hangul fillers U+115F, U+1160, U+3164 and U+FFA0 (letters by
#: category, blank by design), variation selectors and tags, with the format characters that
#: ``isprintable`` refuses already; the unassigned code points in its ranges are reserved for
#: more of the same. The standard library's unicodedata does not carry the property, hence
#: the ranges. And U+2800 BRAILLE PATTERN BLANK: a symbol by category, drawn as an empty cell.
INVISIBLE = re.compile(
    "[\u00ad\u034f\u061c\u115f\u1160\u17b4\u17b5\u180b-\u180f\u200b-\u200f\u202a-\u202e\u2060-\u206f"
    "\u3164\ufe00-\ufe0f\ufeff\uffa0\ufff0-\ufff8\U0001bca0-\U0001bca3\U0001d173-\U0001d17a\U000e0000-\U000e0fff"
    "\u2800]"
)


def first_control(text: str) -> str | None:
    """The first character of ``text`` that ``CONTROL`` matches, if any."""
    found = CONTROL.search(text)
    return found[0] if found else None


def first_invisible(text: str) -> str | None:
    """The first character of ``text`` that shows as nothing, or as nothing of its own: one that is not
    printable (a control, a format character, a separator, an unassigned code point) or is ``INVISIBLE``."""
    for char in text:
        if not char.isprintable() or INVISIBLE.match(char):
            return char
    return None


def is_surrogate(char: str) -> bool:
    return bool(_SURROGATE.fullmatch(char))


def code_point(char: str) -> str:
    """``U+001B``, with the character's Unicode name where it has one: ``U+202E RIGHT-TO-LEFT OVERRIDE``."""
    name = unicodedata.name(char, "")
    return f"U+{ord(char):04X}" + (f" {name}" if name else "")


def _escape(found: re.Match[str]) -> str:
    point = ord(found[0])
    return f"\\x{point:02x}" if point < 0x100 else f"\\u{point:04x}"


def visible(text: str) -> str:
    """``text`` with every ``CONTROL`` character shown as its escape (``\\x1b``, ``\\u202e``): safe to print.

    The one way scorepad shows such a character, at every output.
    """
    return CONTROL.sub(_escape, text) if CONTROL.search(text) else text


def visible_lines(text: str) -> str:
    """``visible`` for text whose new lines are its own layout (a terminal's), kept as they are."""
    if not CONTROL.search(text):
        return text
    return "\n".join(map(visible, text.split("\n")))


def quoted(text: str, limit: int = 40) -> str:
    """``text`` quoted for a message, cut after ``limit`` characters: a name from a file may be of any length."""
    return repr(text) if len(text) <= limit else f"{text[:limit]!r}..."
