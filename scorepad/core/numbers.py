"""Whole numbers as people type them: a score, a deal's number, a count.

Python's ``int`` reads far more than a person means: ``１０`` (fullwidth) and
``٣`` (Arabic-Indic) as 10 and 3, ``1_000`` and numbers of thousands of digits,
until it gives up with an error of its own. People type the ASCII digits 0 to 9;
anything else is refused, saying what was read.
"""

from __future__ import annotations

import re

from .errors import NotationError
from .language import N_, Phrase
from .text import code_point, quoted

#: Every number scorepad takes fits the store's 64-bit integers with this many digits;
#: no score, deal or match count comes anywhere near it.
MAX_DIGITS = 18

_ASCII = re.compile(r"[+-]?[0-9]+")
#: Digits of any script (Unicode's decimal digits): what reads as a number, to be refused in words.
_ANY_DIGITS = re.compile(r"[+-]?\d+")


def looks_like_number(text: str) -> bool:
    """Whether ``text`` is a sign and digits, of any script: ``whole_number`` takes it or says why not."""
    return bool(_ANY_DIGITS.fullmatch(text))


def whole_number(text: str, what: str = N_("a number")) -> int:
    """``text`` as an int: an optional sign and at most ``MAX_DIGITS`` ASCII digits; else NotationError.

    ``what`` names the number in the refusal: a message of the catalog (``N_("a score")``).
    """
    if not _ASCII.fullmatch(text):
        if _ANY_DIGITS.fullmatch(text):  # digits of another script: say which were read
            odd = [ch for ch in dict.fromkeys(text) if ch not in "+-0123456789"]
            shown = ", ".join(code_point(ch) for ch in odd[:3])
            raise NotationError(
                N_("{what} is written with the digits 0 to 9: {text} has {characters}"),
                what=Phrase(what),
                text=quoted(text),
                characters=shown,
            )
        raise NotationError(
            N_("{text} is not a whole number: write the digits 0 to 9, perhaps after a sign"), text=quoted(text)
        )
    digits = len(text.lstrip("+-"))
    if digits > MAX_DIGITS:
        raise NotationError(
            N_("{what} has at most {most} digits, not {digits}"), what=Phrase(what), most=MAX_DIGITS, digits=digits
        )
    return int(text)
