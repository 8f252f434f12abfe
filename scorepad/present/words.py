"""Small pieces of language that every view puts together the same way."""

from __future__ import annotations

from collections.abc import Iterable

from ..core.language import _


def and_list(names: Iterable[str]) -> str:
    """``Ann``, ``Ann and Bob``, ``Ann, Bob and Cat``."""
    listed = list(names)
    if len(listed) < 2:
        return "".join(listed)
    return _("{names} and {last}").format(names=", ".join(listed[:-1]), last=listed[-1])
