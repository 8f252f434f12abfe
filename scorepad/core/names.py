"""Player names: what may be a name, so that entries like ``Ann=10`` stay readable."""

from __future__ import annotations

import re
from collections.abc import Iterable

from .errors import NotationError, RuleError, ScorepadError

FORBIDDEN = "=,:#"
MAX_LENGTH = 40
#: The keys of a deal record's lines (spec/DEAL-RECORD.md): a trick line may start
#: with a name, so no name may read as one of them, nor as a trick number like "12.".
RECORD_KEYS = ("players", "dealer", "rules")
_READS_AS_KEY = re.compile("|".join(RECORD_KEYS) + r"|\d+\..*", re.IGNORECASE)


def check_name(name: str) -> str:
    """The name as given, or NotationError saying what is wrong with it."""
    if not name:
        raise NotationError(f"{name!r} is not a name: a player's name cannot be empty")
    if any(ch.isspace() for ch in name):
        raise NotationError(f"a player's name has no spaces: {name!r}")
    bad = sorted({ch for ch in name if ch in FORBIDDEN})
    if bad:
        raise NotationError(f"a player's name cannot contain {' '.join(bad)}: {name!r}")
    if not name.isprintable():
        raise NotationError(f"a player's name cannot contain control characters: {name!r}")
    if len(name) > MAX_LENGTH:
        raise NotationError(f"a player's name has at most {MAX_LENGTH} characters: {name[:MAX_LENGTH]!r}...")
    if _READS_AS_KEY.fullmatch(name):
        raise NotationError(
            f"{name!r} cannot be a player's name: a deal record would read it as a key or a trick number"
        )
    return name


def check_names(names: Iterable[str], error: type[ScorepadError] = RuleError) -> tuple[str, ...]:
    """The players of one match or deal, each a valid name and no two alike ignoring case.

    A bad name is a NotationError; two names alike are ``error`` (a RuleError for a match).
    """
    checked = tuple(check_name(name) for name in names)
    seen: dict[str, str] = {}
    for name in checked:
        if name.casefold() in seen:
            raise error(
                f"{seen[name.casefold()]!r} and {name!r} are one name: players' names must differ (ignoring case)"
            )
        seen[name.casefold()] = name
    return checked
