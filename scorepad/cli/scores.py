"""Scores as people type them, read into the values the app takes.

The one reader of that notation: ``deal``, ``fix`` and every line of ``play``.
A deal is either all ``NAME=SCORE`` (``Ann=10 Bob=QS,2H Cat=?``, also typed
``Ann = 10`` or ``Ann:10``) or all scores in seat order (``10 QS,2H ?``);
``?`` is the rest of the deal total.
Cards are read in the letters of the language in use (``Bob=VS,HS`` in
Dutch), the English ones too.
"""

from __future__ import annotations

import re
from collections.abc import Sequence

from ..app.entering import REST, Entered, InSeatOrder, Renege, Score
from ..core.errors import NotationError, RuleError
from ..core.language import N_
from ..core.numbers import looks_like_number
from ..core.scoring import parse_score
from ..present.translation import card_letters

#: Points run together with commas (``10,13,7,13`` or ``5,``): scores, badly separated.
_POINTS_WITH_COMMAS = re.compile(r"[+-]?\d+(,[+-]?\d*)+")
#: What reads as an option rather than a score: ``--json``, ``-x`` (a score never starts so).
OPTION = re.compile(r"--?[A-Za-z]")


def read_score(text: str, token: str) -> Score:
    """The part after ``NAME=`` (or a whole seat-order token): points, cards, ``-`` or ``?``."""
    if text.strip() == "?":
        return REST
    if not text.strip() and "=" not in token:
        raise NotationError(N_("an empty score: give points, the cards taken, - for none or ? for the rest"))
    if "=" in text:
        raise NotationError(N_("one NAME=SCORE per player, separated by spaces: not {text}"), text=repr(token))
    if _POINTS_WITH_COMMAS.fullmatch(text.strip()):
        raise NotationError(N_("separate the scores with spaces, not commas: {text}"), text=repr(token))
    return parse_score(text, card_letters())


def as_named(tokens: Sequence[str]) -> list[str]:
    """The tokens with ``NAME = SCORE``, ``NAME= SCORE``, ``NAME =SCORE`` and ``NAME:SCORE`` read as ``NAME=SCORE``.

    Neither a name nor a score holds ``=`` or ``:``, so one of them between two
    such words joins them, whatever the spaces around it; a word that holds an
    ``=`` already is left as it is (``Ann= Bob=13``: Ann's score is missing).
    """
    joined: list[str] = []
    for token in tokens:
        token = token if "=" in token else token.replace(":", "=", 1)
        last = joined[-1] if joined else ""
        if _half(last, token):
            joined[-1] += token
        else:
            joined.append(token)
    return joined


def _half(before: str, token: str) -> bool:
    """Whether ``token`` goes on ``before``: a score on ``NAME=``, or ``=`` (and a score) on a name."""
    if before.endswith("=") and before.count("=") == 1 and before != "=":
        return "=" not in token
    return bool(before) and "=" not in before and token.startswith("=") and token.count("=") == 1


def read_scores(tokens: Sequence[str]) -> tuple[tuple[str, Score], ...] | InSeatOrder:
    """``["Ann=10", "Bob=QS,2H"]`` as ``(("Ann", 10), ("Bob", (Q♠, 2♥)))``; ``["10", "?"]`` in seat order."""
    tokens = as_named(tokens)
    named = ["=" in token for token in tokens]
    if all(named):
        return tuple(_named(token) for token in tokens)
    if not any(named):
        return InSeatOrder(tuple(read_score(token, token) for token in tokens))
    raise NotationError(N_("give every score as NAME=SCORE, or every score in seat order without names, not both"))


def _named(token: str) -> tuple[str, Score]:
    name, _, score = token.partition("=")
    if not name.strip():
        raise NotationError(
            N_("not a score: {text} (write NAME=POINTS or NAME=CARDS, e.g. Ann=10 or Ann=QS,2H)"), text=repr(token)
        )
    return name.strip(), read_score(score, token)


def looks_like_a_score(word: str) -> bool:
    """Whether a word without ``=`` is a seat-order score rather than a command or a name."""
    if _POINTS_WITH_COMMAS.fullmatch(word) or looks_like_number(word):
        return True  # a score, perhaps badly written (10,13 or ١٠): read_score says how to write it
    try:
        read_score(word, word)
    except NotationError:
        return False
    return True


def entered(tokens: Sequence[str], renege: str | None) -> Entered:
    """What a command line says of one deal: the scores, or ``--renege NAME``."""
    if renege and tokens:
        raise RuleError(N_("give either the scores or --renege NAME, not both"))
    return Renege(renege) if renege else read_scores(tokens)
