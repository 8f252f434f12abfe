"""Small pieces of language that every view puts together the same way."""

from __future__ import annotations

from collections.abc import Iterable

from ..core import language


def and_list(names: Iterable[str]) -> str:
    """``Ann``, ``Ann and Bob``, ``Ann, Bob and Cat``, in the language in use."""
    return language.and_list(names).localized()
