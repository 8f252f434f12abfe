"""Small pieces of English that every view puts together the same way."""

from __future__ import annotations

from collections.abc import Iterable


def and_list(names: Iterable[str]) -> str:
    """``Ann``, ``Ann and Bob``, ``Ann, Bob and Cat``."""
    listed = list(names)
    return " and ".join(listed) if len(listed) < 3 else f"{', '.join(listed[:-1])} and {listed[-1]}"
