"""Scores as people type them, ``NAME=SCORE``, read into the values the app takes.

The one reader of that notation: ``deal``, ``fix`` and every line of ``play``.
"""

from __future__ import annotations

from collections.abc import Sequence

from ..app.entering import Entered, Renege
from ..core.errors import RuleError
from ..core.scoring import ScoreInput, parse_score_token


def read_scores(tokens: Sequence[str]) -> tuple[tuple[str, ScoreInput], ...]:
    """``["Ann=10", "Bob=QS,2H"]`` as ``(("Ann", 10), ("Bob", (Q♠, 2♥)))``, in the order typed."""
    return tuple(parse_score_token(token) for token in tokens)


def entered(tokens: Sequence[str], renege: str | None) -> Entered:
    """What a command line says of one deal: the scores, or ``--renege NAME``."""
    if renege and tokens:
        raise RuleError("give either the scores or --renege NAME, not both")
    return Renege(renege) if renege else read_scores(tokens)
