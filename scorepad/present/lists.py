"""Lists of names as every view joins them, in the language in use."""

from __future__ import annotations

from collections.abc import Iterable

from ..core import language
from .translation import in_language


def and_list(names: Iterable[str]) -> str:
    """``Ann``, ``Ann and Bob``, ``Ann, Bob and Cat``, in the language in use."""
    return in_language(language.and_list(names))
