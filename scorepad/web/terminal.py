"""What the board's operator reads: one line on the stderr of the terminal that started it.

Said as the command line says its refusals (``cli.common.complain``):
scorepad's name first, and any control character (a store path, a name from
an old store) as its escape, so that it stays one line. The web edge imports
nothing of the command line, and its lines hold no card, so ``--ascii`` has
nothing here to change.
"""

from __future__ import annotations

import sys

from ..core.text import visible


def tell(message: str) -> None:
    """One line for the operator on stderr, after the program's name."""
    sys.stderr.write(f"scorepad: {visible(message)}\n")
