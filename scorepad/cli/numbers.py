"""Whole-number options and arguments, read as ``core.numbers`` reads every number people type.

Typer's int takes whatever Python's ``int`` does (``--expect ３``, ``--match ٣``):
every int parameter of every command is read by one of these instead (a test checks it).
"""

from __future__ import annotations

from collections.abc import Callable

import typer

from ..present.translation import _, in_language


def _reader(minimum: int | None) -> Callable[[object], int]:
    def integer(value: object) -> int:  # the name is what --help shows: INTEGER
        if isinstance(value, int) and not isinstance(value, bool):  # a default, not typed
            number = value
        else:
            # Here, not at the top: --help and completion make these options without reading a number.
            from ..core.errors import NotationError
            from ..core.numbers import whole_number

            try:
                number = whole_number(str(value).strip())
            except NotationError as error:  # a usage error (exit 2), as for any option of the wrong type
                raise typer.BadParameter(in_language(error)) from None
        if minimum is not None and number < minimum:
            raise typer.BadParameter(
                _("{number} is not in the range x>={minimum}").format(number=number, minimum=minimum)
            )
        return number

    return integer


#: Any whole number (a match id, the deal to expect), and a count that starts at 1.
WHOLE = _reader(None)
POSITIVE = _reader(1)
