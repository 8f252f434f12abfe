"""Player names: what may be a name, so that entries like ``Ann=10`` stay readable."""

from __future__ import annotations

from .errors import NotationError

FORBIDDEN = "=,:#"
MAX_LENGTH = 40


def check_name(name: str) -> str:
    """The name as given, or NotationError saying what is wrong with it."""
    if not name:
        raise NotationError("a player's name cannot be empty")
    if any(ch.isspace() for ch in name):
        raise NotationError(f"a player's name has no spaces: {name!r}")
    bad = sorted({ch for ch in name if ch in FORBIDDEN})
    if bad:
        raise NotationError(f"a player's name cannot contain {' '.join(bad)}: {name!r}")
    if not name.isprintable():
        raise NotationError(f"a player's name cannot contain control characters: {name!r}")
    if len(name) > MAX_LENGTH:
        raise NotationError(f"a player's name has at most {MAX_LENGTH} characters: {name[:MAX_LENGTH]!r}...")
    return name
