"""Shell completion of match ids, read without the database layer (``store.quick``)."""

from __future__ import annotations

import typer

from ..store.location import store_location


def match_ids(ctx: typer.Context, incomplete: str) -> list[tuple[str, str]]:
    """The store's match ids starting with what was typed, latest used first, each with its players."""
    from ..store.quick import match_lines  # here, not at the top: completing anything else needs none of it

    found = []
    for line in match_lines(store_location(ctx.find_root().params.get("db"))):
        if str(line.id).startswith(incomplete):
            label = f"{line.name}: " if line.name else ""
            found.append((str(line.id), f"{label}{', '.join(line.players)} ({line.state})"))
    return found


def night_ids(ctx: typer.Context, incomplete: str) -> list[tuple[str, str]]:
    """The store's night ids starting with what was typed, latest used first, each with its round."""
    from ..store.quick import night_lines

    found = []
    for line in night_lines(store_location(ctx.find_root().params.get("db"))):
        if str(line.id).startswith(incomplete):
            label = f"{line.name}: " if line.name else ""
            found.append((str(line.id), f"{label}{line.players} players, round {line.round} of {line.rounds}"))
    return found
